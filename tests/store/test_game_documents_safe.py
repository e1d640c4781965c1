"""Game documents under hostile conditions (issue 41): stray temp files of an interrupted
write cleaned at start-up, links never followed at any level of the path, and a document
from a newer program named as such."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from companion.session import GameSession
from companion.storage.errors import UnsafeFileError
from companion.storage.game_documents import DocumentUnavailable, encode, read_raw, write_document


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


def _swap_games_for_a_link(
    folder: pathlib.Path, elsewhere: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Make ``games`` a link to ``elsewhere`` right after the program checked it was a
    folder: the race a check by name cannot win."""
    import companion.storage.game_documents as game_documents
    from companion.storage.safe_files import ensure_private_dir as checked

    def check_then_swap(path: pathlib.Path) -> None:
        checked(path)
        shutil.rmtree(path)
        path.symlink_to(elsewhere, target_is_directory=True)

    monkeypatch.setattr(game_documents, "ensure_private_dir", check_then_swap)


def test_a_games_folder_swapped_for_a_link_is_never_written_through(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    _swap_games_for_a_link(folder, elsewhere, monkeypatch)
    with pytest.raises(UnsafeFileError, match="symbolic link"):
        write_document(folder, "abc", encode({"schema_version": 5, "events": []}))
    assert list(elsewhere.iterdir()) == []


def test_a_document_behind_a_games_link_is_not_read(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "abc.json.gz").write_bytes(encode({"schema_version": 5, "events": []}))
    (folder / "games").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(DocumentUnavailable, match="could not be read safely"):
        read_raw(folder, "games/abc.json.gz")


def test_a_games_folder_swapped_for_a_link_is_not_cleaned_through(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.storage import safe_files

    folder = tmp_path / "data"
    (folder / "games").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    outside = elsewhere / "precious.json.gz.ab12cd34.tmp"
    outside.write_bytes(b"x")
    checked = safe_files.check_data_entry

    def check_then_swap(path: pathlib.Path, expected: str = "file") -> bool:
        found = checked(path, expected)
        if path.name == "games" and path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
            path.symlink_to(elsewhere, target_is_directory=True)
        return found

    monkeypatch.setattr(safe_files, "check_data_entry", check_then_swap)
    GameSession(folder)
    assert outside.exists()
