"""Issue 18: automatic rolling backups of the history after every finished game,
``stupor-solo backups`` and ``restore`` (the history byte-identical after a round trip)."""

from __future__ import annotations

import json
import pathlib

from companion.paths import BACKUP_DIR, HISTORY_FILE
from companion.storage.backups import list_backups, read_backup
from companion.storage.restore import check_backup, restore_backup
from tests.cli.conftest import Run

COUNTS = ("--structures", "1", "--frederick-structures", "0", "--grain", "0", "--stone", "0")


def _save(run: Run, vp: int) -> None:
    result = run("score", "--vp", str(vp), *COUNTS, "--augustales", "0", "--save")
    assert result.code == 0, result.err


def _config(path: pathlib.Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_every_saved_game_leaves_a_copy_and_only_the_last_n_stay(
    run: Run, data: pathlib.Path, private_config: pathlib.Path
) -> None:
    _config(private_config, "[backups]\nkeep = 3\n")
    histories = []
    for vp in range(10, 15):
        _save(run, vp)
        histories.append((data / HISTORY_FILE).read_bytes())
    copies = list_backups(data)
    assert len(copies) == 3
    assert [read_backup(copy) for copy in copies] == histories[-3:]


def test_no_copy_when_the_policy_says_so(
    run: Run, data: pathlib.Path, private_config: pathlib.Path
) -> None:
    _config(private_config, "[backups]\nautomatic = false\n")
    _save(run, 20)
    assert list_backups(data) == []


def test_backups_lists_the_copies_newest_first(run: Run, data: pathlib.Path) -> None:
    assert "No copies of the history yet" in run("backups").out
    _save(run, 20)
    _save(run, 30)
    rows = json.loads(run("backups", "--json").out)
    assert [row["games"] for row in rows] == [2, 1]
    assert [row["name"] for row in rows] == [p.name for p in reversed(list_backups(data))]
    table = run("backups").out
    assert rows[0]["name"] in table and "restore NAME" in table


def test_restore_round_trip_is_byte_identical(run: Run, data: pathlib.Path) -> None:
    _save(run, 20)
    one_game = (data / HISTORY_FILE).read_bytes()
    first_copy = list_backups(data)[-1]
    _save(run, 30)
    two_games = (data / HISTORY_FILE).read_bytes()

    result = run("restore", first_copy.name.removesuffix(".json.gz"))
    assert result.code == 0, result.err
    assert "(1 game)" in result.out
    assert (data / HISTORY_FILE).read_bytes() == one_game
    saved_before = list_backups(data)[-1]
    assert read_backup(saved_before) == two_games
    assert saved_before.name in result.out

    back = run("restore", saved_before.name)
    assert back.code == 0, back.err
    assert (data / HISTORY_FILE).read_bytes() == two_games
    assert json.loads(run("history", "--json").out)[0]["score"]["vp_track"] == 30


def test_a_damaged_or_unknown_copy_is_refused_and_nothing_changes(
    run: Run, data: pathlib.Path
) -> None:
    _save(run, 20)
    history = (data / HISTORY_FILE).read_bytes()
    copy = list_backups(data)[-1]
    copy.write_bytes(b'{"games": {"1": ')
    before = sorted(p.name for p in (data / BACKUP_DIR).iterdir())
    result = run("restore", copy.name)
    assert result.code == 1
    assert "is damaged" in result.err and "Nothing was changed" in result.err
    unknown = run("restore", "history-nope")
    assert unknown.code == 1 and "There is no history copy called 'history-nope'" in unknown.err
    sneaky = run("restore", "../history.json")
    assert sneaky.code == 1 and "no history copy" in sneaky.err
    assert (data / HISTORY_FILE).read_bytes() == history
    assert sorted(p.name for p in (data / BACKUP_DIR).iterdir()) == before


def test_restore_is_refused_while_the_app_holds_the_data(run: Run, data: pathlib.Path) -> None:
    from companion.storage.lock import DataLock

    _save(run, 20)
    copy = list_backups(data)[-1]
    lock = DataLock(data)
    assert lock.acquire()
    try:
        result = run("restore", copy.name)
    finally:
        lock.release()
    assert result.code == 1 and "in use" in result.err


def test_restore_without_a_history_makes_one(data: pathlib.Path, run: Run) -> None:
    _save(run, 20)
    copy = list_backups(data)[-1]
    (data / HISTORY_FILE).unlink()
    result = restore_backup(data, copy.name)
    assert result.previous is None and result.games == 1
    assert (data / HISTORY_FILE).read_bytes() == read_backup(copy)
    _raw, games, problems = check_backup(copy)
    assert (games, problems) == (1, [])
