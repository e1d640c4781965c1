"""Finished games' files met in a hostile or newer state (issue 41): a link anywhere under
the data folder is never followed by ``review`` or ``export --with-games``, and a game
file written by a newer program is named as such, not as damaged."""

from __future__ import annotations

import gzip
import json
import pathlib
import shutil

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


def test_a_data_folder_that_is_itself_a_link_still_works(
    tmp_path: pathlib.Path, run: Run
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    record_id = _finish(real)
    chosen = tmp_path / "chosen"
    chosen.symlink_to(real)
    result = run("review", record_id, "--json", folder=chosen)
    assert result.code == 0, result.err
