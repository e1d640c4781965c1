"""SettingsStore: the boards checked against the box (stored, read back, damaged)."""

from __future__ import annotations

import json
import pathlib

import pytest

from companion.paths import SETTINGS_FILE
from companion.storage import SettingsStore
from solo_deck import BOARDS, checked_board, correct_board

PACKAGED = BOARDS["castle_board"].packaged


def test_a_checked_board_round_trips_and_leaves_the_other_settings(
    tmp_path: pathlib.Path,
) -> None:
    store = SettingsStore(tmp_path)
    assert store.checked_board("castle_board") is None
    store.set_verified(["S01"])
    mine = checked_board(correct_board(PACKAGED(), "T3.cost", "2 grain"))
    store.save_checked_board("castle_board", mine)
    again = SettingsStore(tmp_path)
    assert again.checked_board("castle_board") == mine
    assert again.verified_cards() == {"S01"}
    again.save_checked_board("castle_board", None)
    assert again.checked_board("castle_board") is None


@pytest.mark.parametrize(
    "stored",
    [
        "not a set of boards",
        {"castle_board": "text"},
        {"castle_board": {"sites": [], "start": [], "start_source": "yours"}},
        {"castle_board": {**PACKAGED().model_dump(mode="json"), "start": ["K1"]}},
    ],
)
def test_damaged_stored_boards_are_reported_not_raised(
    tmp_path: pathlib.Path, stored: object
) -> None:
    SettingsStore(tmp_path).set_verified(["S01"])
    path = tmp_path / SETTINGS_FILE
    document = json.loads(path.read_text(encoding="utf-8"))
    document["settings"]["1"]["boards"] = stored
    path.write_text(json.dumps(document), encoding="utf-8")
    store = SettingsStore(tmp_path)
    assert store.checked_board("castle_board") is None
    assert len(store.problems) == 1 and "not used" in store.problems[0]
    store.save_checked_board("castle_board", PACKAGED())  # a damaged entry is replaced
    assert SettingsStore(tmp_path).checked_board("castle_board") == PACKAGED()
