"""Fixtures for the command line tests: run ``stupor-solo`` in-process, build records."""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from companion.cli import main
from companion.storage import HistoryRecord, HistoryStore
from solo_deck import final_score


@dataclass
class Result:
    code: int
    out: str
    err: str


Run = Callable[..., Result]
RecordFactory = Callable[..., HistoryRecord]


@pytest.fixture
def data(tmp_path: pathlib.Path) -> pathlib.Path:
    """An empty data folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


@pytest.fixture
def run(data: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> Run:
    """``run("history", "--json")`` runs ``stupor-solo --data-dir <data> history --json``;
    ``folder=`` picks another data folder, ``folder=None`` passes no --data-dir."""

    def call(*argv: str, folder: pathlib.Path | str | None = "default") -> Result:
        capsys.readouterr()
        chosen = data if folder == "default" else folder
        prefix = [] if chosen is None else ["--data-dir", str(chosen)]
        code = main([*prefix, *argv])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return call


@pytest.fixture
def make_record() -> RecordFactory:
    """A valid HistoryRecord; keyword arguments override the defaults. ``total=N`` sets a
    consistent score with that total (VP track N - 4, bonus 4)."""

    def build(total: int | None = None, **overrides: Any) -> HistoryRecord:
        fields: dict[str, Any] = {
            "finished_at": "2025-03-01T20:15:00+00:00",
            "started_at": "2025-03-01T19:00:00+00:00",
            "play_seconds": 4500.0,
            "difficulty": "medium",
            "easier_solo": False,
            "house": "Savoy",
            "deck_mode": "virtual",
            "seed": 1,
            "rounds": 6,
            "score": final_score(
                vp_track=40, structures=10, frederick_structures=9, grain=1, stone=1, augustales=8
            ),
            "frederick_structures": 9,
            "end_reasons": ["The Edict pile ran out."],
        }
        if total is not None:
            fields["score"] = final_score(
                vp_track=max(total - 4, 0),
                structures=0,
                frederick_structures=0,
                grain=0,
                stone=0,
                augustales=0,
            )
        fields.update(overrides)
        return HistoryRecord(**fields)

    return build


@pytest.fixture
def store_records() -> Callable[[pathlib.Path, list[HistoryRecord]], None]:
    """``store_records(folder, records)`` adds the records to that folder's history."""

    def put(folder: pathlib.Path, records: list[HistoryRecord]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        store = HistoryStore(folder)
        for record in records:
            store.add(record)

    return put
