"""Fixtures for the storage tests: a real solo game and finished-game records."""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.storage import HistoryRecord
from solo_deck import GameSetup, SoloGame, parse_edict
from solo_deck.events import Decline, FrederickTurn, Gain, PlayCard
from tests.records import game_record
from tests.scores import breakdown

RecordFactory = Callable[..., HistoryRecord]


@pytest.fixture
def solo_game() -> SoloGame:
    """A game a few events in, with one undone event on the redo branch."""
    tiles = tuple(parse_edict(text) for text in ("2T", "1W 1K", "2G 1A"))
    game = SoloGame(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18, seed=1))
    game.push(Gain(vp=2, grain=1, reason="Ally bonus · ça va"))
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Decline())
    game.push(FrederickTurn())
    game.undo()
    return game


@pytest.fixture
def make_record() -> RecordFactory:
    """Build a valid HistoryRecord (scored 56 with a bonus of 5); keyword arguments override
    the defaults."""
    score = breakdown(vp_track=40, structures=10, most_structures_bonus=5, resources_vp=1)

    def build(**overrides: Any) -> HistoryRecord:
        return game_record(**({"score": score} | overrides))

    return build


def _folder_is_writable(folder: pathlib.Path) -> bool:
    """Try it: root ignores permission bits, so ``os.access`` is no guide."""
    probe = folder / "probe.txt"
    try:
        probe.write_bytes(b"")
    except OSError:
        return False
    probe.unlink()
    return True


@pytest.fixture
def make_read_only() -> Iterator[Callable[[pathlib.Path], None]]:
    """Chmod a folder to 0o500 (restored afterwards); skip the test where that does not
    stop writes (running as root, some file systems)."""
    locked: list[pathlib.Path] = []

    def lock(folder: pathlib.Path) -> None:
        folder.chmod(0o500)
        locked.append(folder)
        if _folder_is_writable(folder):
            pytest.skip(
                "a 0o500 folder is still writable here (running as root?), "
                "so permission denied cannot be simulated"
            )

    yield lock
    for folder in locked:
        folder.chmod(0o700)
