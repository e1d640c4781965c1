"""H4: an export of any size comes back. A JSON export declares its own length at its
start; ``import`` reads a file past :data:`~companion.history.importer.MAX_IMPORT_BYTES`
only when it is exactly as long as it declares. The limit is lowered here (a module
constant) so that a small history crosses it, as 13,000 games cross 128 MB."""

from __future__ import annotations

import json
import pathlib

import pytest

from companion.history import importer
from companion.storage import HistoryStore
from tests.cli.conftest import RecordFactory, Run
from tests.cli.test_cli_review import _finish


def _history(data: pathlib.Path, make_record: RecordFactory) -> str:
    """A finished game with its game file and 60 quick games; the id of the first."""
    record_id = _finish(data)
    HistoryStore(data).add_many(
        make_record(id=f"quick{n:03d}", finished_at=f"2025-01-{1 + n % 28:02d}T20:{n % 60:02d}:00")
        for n in range(60)
    )
    return record_id


def _ids(run: Run, folder: pathlib.Path) -> list[str]:
    result = run("history", "--json", folder=folder)
    assert result.code == 0, result.err
    return sorted(game["id"] for game in json.loads(result.out))


@pytest.mark.parametrize("to_stdout", [False, True], ids=["file", "stdout"])
def test_an_export_larger_than_the_import_limit_comes_back_whole(
    data: pathlib.Path,
    tmp_path: pathlib.Path,
    run: Run,
    make_record: RecordFactory,
    monkeypatch: pytest.MonkeyPatch,
    to_stdout: bool,
) -> None:
    record_id = _history(data, make_record)
    exported = tmp_path / "export.json"
    if to_stdout:
        result = run("export", "--format", "json", "--with-games", "-")
        exported.write_bytes(result.out.encode("utf-8"))
    else:
        result = run("export", "--format", "json", "--with-games", str(exported))
    assert result.code == 0, result.err
    size = exported.stat().st_size
    monkeypatch.setattr(importer, "MAX_IMPORT_BYTES", size // 3)
    other = tmp_path / "other"
    other.mkdir()
    result = run("import", str(exported), folder=other)
    assert result.code == 0, result.err
    assert _ids(run, other) == _ids(run, data)
    assert len(_ids(run, other)) == 61
    assert json.loads(exported.read_bytes())["export_bytes"] == size
    review = run("review", record_id, "--json", folder=other)
    assert review.code == 0, review.err


def test_an_export_cut_short_or_added_to_past_the_limit_is_refused(
    data: pathlib.Path,
    tmp_path: pathlib.Path,
    run: Run,
    make_record: RecordFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _history(data, make_record)
    exported = tmp_path / "export.json"
    assert run("export", "--format", "json", "--with-games", str(exported)).code == 0
    raw = exported.read_bytes()
    monkeypatch.setattr(importer, "MAX_IMPORT_BYTES", len(raw) // 3)
    other = tmp_path / "other"
    other.mkdir()
    for changed in (raw + b"\n", raw[:-2] + b"]}\n" + b" " * 10):
        exported.write_bytes(changed)
        result = run("import", str(exported), folder=other)
        assert result.code == 1 and "larger" in result.err and "Traceback" not in result.err
    assert _ids(run, other) == []


def test_a_file_that_only_claims_a_size_is_held_to_it(
    tmp_path: pathlib.Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importer, "MAX_IMPORT_BYTES", 1000)
    claim = b'{"format": "stupor-solo-history", "schema_version": 1, "export_bytes": 99999999,'
    big = tmp_path / "big.json"
    big.write_bytes(claim + b' "games": []' + b" " * 5000 + b"}")
    result = run("import", str(big))
    assert result.code == 1 and "larger" in result.err
