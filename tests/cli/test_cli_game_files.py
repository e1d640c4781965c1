"""Finished games' files met in a hostile or newer state (issue 41): a link anywhere under
the data folder is never followed by ``review`` or ``export --with-games``, and a game
file written by a newer program is named as such, not as damaged."""

from __future__ import annotations

import base64
import gzip
import json
import pathlib
import shutil
import tracemalloc
from typing import Any

import pytest

from companion.history.game_export import documents_in_export
from companion.storage.game_documents import encode
from solo_deck import SCHEMA_VERSION
from tests.cli.conftest import Run
from tests.cli.test_cli_review import _finish

NEWER = "written by a newer version of stupor-solo: update the program"


def _make_newer(data: pathlib.Path, record_id: str) -> pathlib.Path:
    path = data / "games" / f"{record_id}.json.gz"
    document = json.loads(gzip.decompress(path.read_bytes()))
    document["schema_version"] = SCHEMA_VERSION + 1
    path.write_bytes(encode(document))
    return path


def test_review_of_a_game_file_from_a_newer_version_asks_to_update(
    data: pathlib.Path, run: Run
) -> None:
    record_id = _finish(data)
    path = _make_newer(data, record_id)
    before = path.read_bytes()
    result = run("review", record_id)
    assert result.code == 1 and NEWER in result.err, result.err
    assert "damaged" not in result.err and "Traceback" not in result.err
    assert path.read_bytes() == before


def test_export_names_a_newer_game_file_as_newer(
    data: pathlib.Path, tmp_path: pathlib.Path, run: Run
) -> None:
    record_id = _finish(data)
    _make_newer(data, record_id)
    result = run("export", "--format", "json", "--with-games", str(tmp_path / "e.json"))
    assert result.code == 0 and NEWER in result.err and "damaged" not in result.err


def _games_elsewhere(data: pathlib.Path, tmp_path: pathlib.Path) -> tuple[str, pathlib.Path]:
    """A finished game whose ``games`` folder is moved outside the data folder and
    replaced by a link to it."""
    record_id = _finish(data)
    elsewhere = tmp_path / "elsewhere"
    shutil.move(data / "games", elsewhere)
    (data / "games").symlink_to(elsewhere)
    return record_id, elsewhere


def test_review_never_reads_through_a_games_link(
    data: pathlib.Path, tmp_path: pathlib.Path, run: Run
) -> None:
    record_id, elsewhere = _games_elsewhere(data, tmp_path)
    result = run("review", record_id, "--json")
    assert result.code == 1, "the game was read through the link"
    assert "could not be read safely" in result.err and "link" in result.err
    assert "Traceback" not in result.err
    assert (elsewhere / f"{record_id}.json.gz").exists()


def test_export_with_games_never_reads_through_a_games_link(
    data: pathlib.Path, tmp_path: pathlib.Path, run: Run
) -> None:
    record_id, _ = _games_elsewhere(data, tmp_path)
    target = tmp_path / "e.json"
    result = run("export", "--format", "json", "--with-games", str(target))
    assert result.code == 0, result.err
    assert "could not be read safely" in result.err
    assert record_id not in json.loads(target.read_text()).get("documents", {})


def test_a_data_folder_that_is_itself_a_link_still_works(tmp_path: pathlib.Path, run: Run) -> None:
    real = tmp_path / "real"
    real.mkdir()
    record_id = _finish(real)
    chosen = tmp_path / "chosen"
    chosen.symlink_to(real)
    result = run("review", record_id, "--json", folder=chosen)
    assert result.code == 0, result.err


# --- import: each game file must be a game (H7) --------------------------------------------


def _export_with_a_document(
    data: pathlib.Path, tmp_path: pathlib.Path, run: Run, raw: bytes
) -> tuple[str, pathlib.Path]:
    """An export of one finished game whose game file is replaced by ``raw``."""
    record_id = _finish(data)
    exported = tmp_path / "e.json"
    assert run("export", "--format", "json", "--with-games", str(exported)).code == 0
    content = json.loads(exported.read_text())
    content["documents"][record_id] = base64.b64encode(raw).decode("ascii")
    exported.write_text(json.dumps(content))
    return record_id, exported


@pytest.mark.parametrize(
    "document",
    [{"ok": True}, {"schema_version": SCHEMA_VERSION, "setup": "x", "events": []}, []],
    ids=["no-game", "bad-setup", "a-list"],
)
def test_import_refuses_a_game_file_that_is_not_a_game(
    data: pathlib.Path, tmp_path: pathlib.Path, run: Run, document: Any
) -> None:
    record_id, exported = _export_with_a_document(data, tmp_path, run, encode(document))
    other = tmp_path / "other"
    other.mkdir()
    result = run("import", str(exported), folder=other)
    assert result.code == 1 and record_id in result.err and "e.json" in result.err
    assert "not a game" in result.err and "Traceback" not in result.err
    assert run("history", "--json", folder=other).out.strip() == "[]"
    assert not (other / "games").exists()


def test_import_names_a_game_file_from_a_newer_version(
    data: pathlib.Path, tmp_path: pathlib.Path, run: Run
) -> None:
    record_id = _finish(data)
    document = json.loads(gzip.decompress(_make_newer(data, record_id).read_bytes()))
    _, exported = _export_with_a_document(tmp_path / "again", tmp_path, run, encode(document))
    other = tmp_path / "other"
    other.mkdir()
    result = run("import", str(exported), folder=other)
    assert result.code == 1 and NEWER in result.err and "damaged" not in result.err


def test_a_game_file_bomb_is_refused_without_inflating_it_whole(tmp_path: pathlib.Path) -> None:
    inflated = 64_000_000  # under the old limit (128 MB): it was inflated whole, then kept
    text = b'{"schema_version": 5, "events": [], "x": "' + b"x" * inflated + b'"}'
    bomb = gzip.compress(text, compresslevel=9, mtime=0)
    del text
    carried = {"documents": {"g1": base64.b64encode(bomb).decode("ascii")}}
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match="g1") as refused:
            documents_in_export(carried, tmp_path / "bomb.json")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "too large" in str(refused.value) and "bomb.json" in str(refused.value)
    assert peak < 40_000_000, f"{peak:,} bytes held while reading one game file"
