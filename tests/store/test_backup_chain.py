"""A backup copy after a game is added is made from the previous copy (the new game
compressed alone, the history not compressed again) when that copy is the history's
before the game; it is always a whole gzip file that restores to the history exactly
(issue 41: ``score --save`` at 10,000 games near-flat)."""

from __future__ import annotations

import gzip
import pathlib

import pytest

from benchmarks.history_gen import generate_records, write_history
from companion.paths import HISTORY_FILE
from companion.storage import HistoryStore, backup_chain
from companion.storage.backups import backup_history, list_backups, read_backup
from tests.records import game_record


def _save(folder: pathlib.Path, record_id: str) -> bool:
    """Add one game with its backup copy; whether the copy was chained. The copy, read
    back either way, is the history exactly."""
    copy = HistoryStore(folder).add(game_record(id=record_id), copy=True)
    assert copy is not None
    path = copy.save(folder, keep=50)
    assert path is not None and path == list_backups(folder)[-1]
    history = (folder / HISTORY_FILE).read_bytes()
    assert read_backup(path) == history
    assert gzip.decompress(path.read_bytes()) == history  # any gzip reader reads it whole
    return copy.chained


def test_after_the_first_copy_each_copy_is_made_from_the_previous_one(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_history(tmp_path, generate_records(30))
    assert _save(tmp_path, "one") is False  # no copy yet: compressed whole
    compressed: list[int] = []
    real = backup_chain._member

    def counted(pieces: object, comment: bytes = b"") -> object:
        listed = list(pieces)  # type: ignore[call-overload]
        compressed.append(sum(len(piece) for piece in listed))
        return real(listed, comment)

    monkeypatch.setattr(backup_chain, "_member", counted)
    assert _save(tmp_path, "two") is True
    assert _save(tmp_path, "three") is True
    size = (tmp_path / HISTORY_FILE).stat().st_size
    assert max(compressed) < size / 10  # only the new games were compressed


def test_a_history_rewritten_or_a_copy_of_another_kind_gets_a_whole_copy(
    tmp_path: pathlib.Path,
) -> None:
    write_history(tmp_path, generate_records(10))
    assert _save(tmp_path, "one") is False
    assert _save(tmp_path, "two") is True
    HistoryStore(tmp_path).delete("two")  # the file rewritten: the copy no longer matches
    assert _save(tmp_path, "three") is False
    newest = list_backups(tmp_path)[-1]
    newest.write_bytes(gzip.compress((tmp_path / HISTORY_FILE).read_bytes()))  # no tail
    assert _save(tmp_path, "four") is False
    assert _save(tmp_path, "five") is True
    newest = list_backups(tmp_path)[-1]
    damaged = bytearray(newest.read_bytes())
    damaged[len(damaged) // 3] ^= 0xFF  # the copy damaged on the disk: never carried on
    newest.write_bytes(bytes(damaged))
    assert _save(tmp_path, "six") is False
    assert _save(tmp_path, "seven") is True


def test_a_changed_history_of_the_same_length_is_not_chained(tmp_path: pathlib.Path) -> None:
    write_history(tmp_path, generate_records(10))
    assert _save(tmp_path, "one") is False
    path = tmp_path / HISTORY_FILE
    raw = path.read_bytes()
    first = generate_records(1)[0].id.encode()
    changed = raw.replace(b'"id":"%s"' % first, b'"id":"%sX"' % first[:-1], 1)
    assert changed != raw and len(changed) == len(raw)
    path.write_bytes(changed)
    assert _save(tmp_path, "two") is False


def test_a_long_chain_is_compressed_whole_again(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backup_chain, "MAX_MEMBERS", 3)
    write_history(tmp_path, generate_records(5))
    chained = [_save(tmp_path, f"game-{n}") for n in range(6)]
    assert chained == [False, True, True, False, True, True]


def test_backup_history_writes_a_copy_the_next_save_chains_from(tmp_path: pathlib.Path) -> None:
    write_history(tmp_path, generate_records(5))
    first = backup_history(tmp_path)
    assert first is not None
    assert read_backup(first) == (tmp_path / HISTORY_FILE).read_bytes()
    assert _save(tmp_path, "after") is True
