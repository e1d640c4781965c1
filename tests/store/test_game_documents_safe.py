"""Game documents under hostile conditions (issue 41): stray temp files of an interrupted
write cleaned at start-up, links never followed at any level of the path, and a document
from a newer program named as such."""

from __future__ import annotations

import pathlib

from companion.session import GameSession


def test_start_up_cleans_stray_temp_files_in_every_folder_it_writes(
    tmp_path: pathlib.Path,
) -> None:
    folder = tmp_path / "data"
    (folder / "games").mkdir(parents=True)
    (folder / "backups").mkdir()
    strays = [
        folder / "history.json.k2_9ab0q.tmp",
        folder / "backups" / "history-20260101-000000-000000.json.ab12cd34.tmp",
        folder / "games" / "a1b2c3.json.gz.x7_k9q2z.tmp",
    ]
    kept = [folder / "games" / "a1b2c3.json.gz", folder / "games" / "notes.tmp"]
    for path in strays + kept:
        path.write_bytes(b"x")
    GameSession(folder)
    assert [path for path in strays if path.exists()] == []
    assert all(path.exists() for path in kept)


def test_a_games_link_is_not_followed_when_cleaning(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    outside = elsewhere / "precious.json.gz.ab12cd34.tmp"
    outside.write_bytes(b"x")
    (folder / "games").symlink_to(elsewhere)
    GameSession(folder)
    assert outside.exists()
