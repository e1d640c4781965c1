"""Fixtures for the command line tests: run ``stupor-solo`` in-process, build records."""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from companion.cli import main
from companion.storage import HistoryRecord, HistoryStore
from tests.records import game_record


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        """The lines of ``out``, each with its runs of spaces made one (table columns)."""
        return [" ".join(line.split()) for line in self.out.splitlines()]

    def missing(self, *expected: str) -> list[str]:
        """Those of the ``expected`` lines that are not among :attr:`lines` (none, when the
        output shows them all)."""
        lines = self.lines
        return [line for line in expected if line not in lines]


Run = Callable[..., Result]
RecordFactory = Callable[..., HistoryRecord]


@pytest.fixture
def run(data: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> Run:
    """``run("history", "--json")`` runs ``stupor-solo --data-dir <data> history --json``
    (``data``: the empty data folder of ``tests/conftest.py``);
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
    """:func:`tests.records.game_record`: a valid HistoryRecord, keyword arguments override the
    defaults; ``total=N`` sets a consistent score with that total."""
    return game_record


@pytest.fixture
def store_records() -> Callable[[pathlib.Path, list[HistoryRecord]], None]:
    """``store_records(folder, records)`` adds the records to that folder's history."""

    def put(folder: pathlib.Path, records: list[HistoryRecord]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        store = HistoryStore(folder)
        for record in records:
            store.add(record)

    return put
