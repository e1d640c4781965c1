"""A hostile data folder (issue 16): no file outside it is touched, nothing is lost.

Items covered here: 4 (symbolic links planted in the data folder: the lock's owner note,
guessable temp names, ``backups``), 8 (an import is linear in its games), 13 (a
``history.json`` that is a link into a sync folder is refused, never replaced) and 15 (the
data folder is 0700 and every file in it 0600).
"""

from __future__ import annotations

import json
import os
import pathlib
import stat
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.cli import main
from companion.paths import BACKUP_DIR, GAME_FILE, HISTORY_FILE, LOCK_FILE, SETTINGS_FILE
from companion.session import GameSession
from companion.storage import HistoryRecord, HistoryStore, SettingsStore
from tests.app.game_script import script_setup
from tests.scores import SAMPLE_SCORE

SCORE = ["score", "--vp", "40", "--structures", "10", "--frederick-structures", "9"]
SCORE += ["--grain", "1", "--stone", "1", "--augustales", "8", "--save"]
VICTIM = b"precious: not the program's file\n"

RecordFactory = Callable[..., HistoryRecord]


@pytest.fixture
def victim(tmp_path: pathlib.Path) -> pathlib.Path:
    """A file outside the data folder that nothing may touch."""
    path = tmp_path / "victim.txt"
    path.write_bytes(VICTIM)
    return path


@pytest.fixture
def umask_022() -> Iterator[None]:
    """The usual umask, so a file the program leaves at the default mode shows 0644."""
    old = os.umask(0o022)
    yield
    os.umask(old)


def run_cli(*argv: str, folder: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> Any:
    capsys.readouterr()
    code = main(["--data-dir", str(folder), *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def game(seed: int) -> HistoryRecord:
    """A game as the app would have written it (the conftest's has a bonus of 5)."""
    return HistoryRecord(finished_at="2025-03-01T20:15:00+00:00", seed=seed, score=SAMPLE_SCORE)


def export_file(path: pathlib.Path, records: list[HistoryRecord]) -> pathlib.Path:
    games = [record.model_dump(mode="json") for record in records]
    path.write_text(json.dumps({"games": games}), encoding="utf-8")
    return path


# --- 4: links planted in the data folder --------------------------------------------------


def test_a_linked_lock_owner_note_never_rewrites_its_target(
    data: pathlib.Path, victim: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (data / f"{LOCK_FILE}.owner").symlink_to(victim)
    code, _, err = run_cli(*SCORE, folder=data, capsys=capsys)
    assert victim.read_bytes() == VICTIM
    assert code == 1
    assert "stupor-solo.lock.owner" in err and "is a symbolic link" in err
    assert not (data / HISTORY_FILE).exists(), "nothing written without a usable lock"


def test_a_linked_lock_file_never_touches_its_target(
    data: pathlib.Path, victim: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (data / LOCK_FILE).symlink_to(victim)
    code, _, err = run_cli(*SCORE, folder=data, capsys=capsys)
    assert victim.read_bytes() == VICTIM
    assert code == 1 and "is a symbolic link" in err


def test_links_at_guessable_temp_names_are_never_written_through(
    data: pathlib.Path, victim: pathlib.Path, make_record: RecordFactory
) -> None:
    pid = os.getpid()
    for name in (HISTORY_FILE, GAME_FILE, SETTINGS_FILE):
        (data / f"{name}.{pid}.tmp").symlink_to(victim)
    HistoryStore(data).add(make_record())
    GameSession(data, clean_on_open=False).start(script_setup())
    SettingsStore(data).set_verified(["S01"])
    assert victim.read_bytes() == VICTIM
    for name in (HISTORY_FILE, GAME_FILE, SETTINGS_FILE):
        assert stat.S_ISREG(os.lstat(data / name).st_mode), f"{name} is our own file"


def test_a_link_at_the_old_export_temp_name_is_never_written_through(
    data: pathlib.Path,
    tmp_path: pathlib.Path,
    victim: pathlib.Path,
    make_record: RecordFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    HistoryStore(data).add(make_record())
    out = tmp_path / "out"
    out.mkdir()
    (out / f".games.csv.{os.getpid()}.export-tmp").symlink_to(victim)
    code, _, _ = run_cli("export", str(out / "games.csv"), folder=data, capsys=capsys)
    assert code == 0
    assert victim.read_bytes() == VICTIM
    assert stat.S_ISREG(os.lstat(out / "games.csv").st_mode)


def test_a_linked_backups_folder_is_refused_and_nothing_outside_is_written_or_pruned(
    data: pathlib.Path,
    tmp_path: pathlib.Path,
    make_record: RecordFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    theirs = [outside / f"history-2020010{day}-000000-000000.json" for day in range(1, 8)]
    for path in theirs:
        path.write_text("someone else's", encoding="utf-8")
    (data / BACKUP_DIR).symlink_to(outside, target_is_directory=True)
    HistoryStore(data).add(make_record(seed=50))
    before = (data / HISTORY_FILE).read_bytes()
    source = export_file(tmp_path / "two.json", [game(1), game(2)])
    code, _, err = run_cli("import", str(source), folder=data, capsys=capsys)
    assert code == 1
    assert "backups in" in err and "is a symbolic link" in err
    assert sorted(outside.iterdir()) == sorted(theirs), "nothing written or pruned there"
    assert all(path.read_text(encoding="utf-8") == "someone else's" for path in theirs)
    assert (data / HISTORY_FILE).read_bytes() == before, "no import without its backup"


# --- 13: a history.json that is a link ----------------------------------------------------


def test_a_linked_history_is_refused_for_writing_and_never_replaced(
    data: pathlib.Path, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    synced = tmp_path / "Sync" / "history.json"
    synced.parent.mkdir()
    synced.write_text('{"games": {}}', encoding="utf-8")
    (data / HISTORY_FILE).symlink_to(synced)
    code, _, err = run_cli(*SCORE, folder=data, capsys=capsys)
    assert code == 1
    assert f"history.json in {data} is a symbolic link (to {synced})" in err
    assert "point --data-dir at the folder the link leads to" in err
    assert (data / HISTORY_FILE).is_symlink(), "the link is not replaced by a file"
    assert synced.read_text(encoding="utf-8") == '{"games": {}}'


def test_a_linked_history_is_not_read_through_either(
    data: pathlib.Path, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "other.json"
    elsewhere.write_text('{"games": {}}', encoding="utf-8")
    (data / HISTORY_FILE).symlink_to(elsewhere)
    for argv in (("history",), ("stats",), ("export", "--format", "json", "-")):
        code, out, err = run_cli(*argv, folder=data, capsys=capsys)
        assert code == 1 and "is a symbolic link" in err and out == ""


def test_a_linked_game_file_is_refused_and_the_game_kept_in_memory(
    data: pathlib.Path, victim: pathlib.Path
) -> None:
    (data / GAME_FILE).symlink_to(victim)
    session = GameSession(data)
    with pytest.raises(OSError, match="is a symbolic link"):
        session.load()
    with pytest.raises(OSError, match="is a symbolic link"):
        session.start(script_setup())
    assert victim.read_bytes() == VICTIM and (data / GAME_FILE).is_symlink()


def test_the_data_folder_itself_may_be_a_link(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = tmp_path / "Sync" / "stupor"
    real.mkdir(parents=True)
    link = tmp_path / "data"
    link.symlink_to(real, target_is_directory=True)
    code, _, err = run_cli(*SCORE, folder=link, capsys=capsys)
    assert code == 0, err
    assert len(HistoryStore(real).all()) == 1


# --- 15: file modes -------------------------------------------------------------------------


def _mode(path: pathlib.Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def test_the_data_folder_and_every_file_in_it_are_private(
    tmp_path: pathlib.Path, umask_022: None, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.storage.lock import DataLock

    folder = tmp_path / "new" / "data"
    assert run_cli(*SCORE, folder=folder, capsys=capsys)[0] == 0
    source = export_file(tmp_path / "two.json", [game(1), game(2)])
    assert run_cli("import", str(source), folder=folder, capsys=capsys)[0] == 0
    session = GameSession(folder)
    session.start(script_setup())
    session.settings.set_verified(["S01"])
    lock = DataLock(folder)
    assert lock.acquire()
    try:
        assert _mode(folder / f"{LOCK_FILE}.owner") == 0o600
    finally:
        lock.release()
    assert _mode(folder) == 0o700
    assert _mode(folder / BACKUP_DIR) == 0o700
    files = [path for path in folder.rglob("*") if path.is_file()]
    assert {path.name for path in files} >= {HISTORY_FILE, GAME_FILE, SETTINGS_FILE, LOCK_FILE}
    assert any(path.parent.name == BACKUP_DIR for path in files)
    assert {str(path.relative_to(folder)): _mode(path) for path in files} == {
        str(path.relative_to(folder)): 0o600 for path in files
    }


# --- 8: an import is linear -----------------------------------------------------------------


class CountingId(str):
    """An id that counts how often it is compared: a quadratic pass over the ids (each id
    counted in the list of all ids) compares every pair."""

    comparisons = 0

    def __eq__(self, other: object) -> bool:
        CountingId.comparisons += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


class CountedRecord:
    """Stands for a HistoryRecord in ``add_many``: its id counts comparisons."""

    def __init__(self, record: HistoryRecord, number: int) -> None:
        self.id = CountingId(f"game-{number:06d}")
        self._dumped = {**record.model_dump(mode="json"), "id": self.id}

    def model_dump(self, mode: str = "python") -> dict[str, Any]:
        return dict(self._dumped)


def test_adding_many_games_compares_each_id_a_bounded_number_of_times(
    data: pathlib.Path, make_record: RecordFactory
) -> None:
    games = 3_000
    base = make_record()
    records: list[Any] = [CountedRecord(base, number) for number in range(games)]
    CountingId.comparisons = 0
    HistoryStore(data).add_many(records)
    assert CountingId.comparisons <= 10 * games, (
        f"{CountingId.comparisons:,} id comparisons for {games:,} games: not linear"
    )
    stored = json.loads((data / HISTORY_FILE).read_bytes())["games"]
    assert len(stored) == games
    assert len(HistoryStore(data).all()) == games
