"""Hostile input, round three (issue 23): a restore keeps its promise whatever the copies
are named, nested files are "damaged" for every reader, a huge copy is refused before it
is read, long paths are cut, bad data folders exit 2, a huge [keys] section is said in one
line. The kills during a restore and an automatic backup are in
tests/store/test_store_crash_backups.py."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from companion.paths import BACKUP_DIR, GAME_FILE, HISTORY_FILE, SETTINGS_FILE
from companion.storage.backups import list_backups, read_backup
from tests.cli.conftest import Run
from tests.cli.test_cli_hostile_input import SCORE_ARGS, stupor_solo

NESTINGS = (1_000, 100_000)


def _config(path: pathlib.Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _save(run: Run, notes: str) -> None:
    result = run("score", *SCORE_ARGS, "--save", "--notes", notes)
    assert result.code == 0, result.err


def _games_anywhere(folder: pathlib.Path) -> str:
    """Every history and history copy in the data folder, as one text."""
    files = [folder / HISTORY_FILE, *sorted((folder / BACKUP_DIR).glob("*"))]
    files = [p for p in files if p.is_file()]
    texts = (read_backup(p) if p.name.endswith(".gz") else p.read_bytes() for p in files)
    return "\n".join(raw.decode(errors="replace") for raw in texts)


# --- 1: a restore deletes no copy it promised ------------------------------------------


ODD_NAMES = (
    "history-20301126-000000-000000.json",  # a clock that ran ahead
    "history-20301127-000000-000000.json",
)


@pytest.mark.parametrize("keep", [1, 2, 10])
def test_future_named_copies_never_cost_the_copy_a_command_promises(
    run: Run, data: pathlib.Path, private_config: pathlib.Path, keep: int
) -> None:
    _config(private_config, f"[backups]\nkeep = {keep}\n")
    _save(run, "an older game")
    backups = data / BACKUP_DIR
    for name in ODD_NAMES:
        (backups / name).write_bytes((data / HISTORY_FILE).read_bytes())
    _save(run, "precious game")  # an automatic copy after the save: it must survive
    newest = max(list_backups(data), key=lambda p: p.stat().st_mtime_ns)
    assert b"precious game" in read_backup(newest)

    future = [p for p in list_backups(data) if p.name in ODD_NAMES]
    assert len(future) == min(2, keep - 1)  # the new copy kept first, then the "newest"
    target = (future or list_backups(data))[0]
    result = run("restore", target.name)
    assert result.code == 0, result.err
    promised = re.search(r"history-[0-9-]+\.json(\.gz)?", result.out.split("saved as", 1)[1])
    assert promised is not None, result.out
    assert (backups / promised.group()).is_file(), result.out  # the named copy exists
    assert b"precious game" in read_backup(backups / promised.group())
    assert "precious game" in _games_anywhere(data)
    assert len(list_backups(data)) <= max(keep, 1)


@pytest.mark.parametrize(
    "name",
    [
        "history-٢٠٢٠٠١٠١-000000-000000.json",  # Arabic-Indic digits
        "history-20200101-000000-000000.json\n",  # a newline after the name
        "history-20200101-000000-000000.json.bak",
    ],
)
def test_odd_names_are_not_copies(run: Run, data: pathlib.Path, name: str) -> None:
    _save(run, "a game")
    (data / BACKUP_DIR / name).write_text("{}", encoding="utf-8")
    listed = [p.name for p in list_backups(data)]
    assert name not in listed and len(listed) == 1
    table = run("backups")
    assert table.code == 0 and "\n\n\n" not in table.out
    for row in json.loads(run("backups", "--json").out):
        assert "\n" not in row["name"]


# --- 2 and 3: nested files are damaged for every reader ----------------------------------


def _nested_json(levels: int) -> str:
    return "[" * levels + "]" * levels


def _nested_toml(levels: int) -> str:
    return "x = " + "[" * levels + "]" * levels + "\n"


@pytest.mark.parametrize("levels", NESTINGS)
def test_a_nested_configuration_file_is_reported_and_nothing_crashes(
    run: Run, data: pathlib.Path, private_config: pathlib.Path, levels: int
) -> None:
    _config(private_config, _nested_toml(levels))
    shown = run("config")
    assert "nested too deeply" in shown.out + shown.err and "Traceback" not in shown.err
    saved = run("score", *SCORE_ARGS, "--save")
    assert saved.code == 0, saved.err  # the game is saved with the built-in settings
    assert len(json.loads(run("history", "--json").out)) == 1
    exported = run("export", "--format", "bgstats", "-")
    assert exported.code == 0, exported.err


@pytest.mark.parametrize("levels", NESTINGS)
@pytest.mark.parametrize("name", [HISTORY_FILE, GAME_FILE, SETTINGS_FILE])
def test_a_nested_data_file_is_damaged_not_a_crash(
    data: pathlib.Path, levels: int, name: str
) -> None:
    data.mkdir(parents=True, exist_ok=True)
    (data / name).write_text(_nested_json(levels), encoding="utf-8")
    for command in (("history",), ("stats",), ("score", *SCORE_ARGS, "--save")):
        result = stupor_solo("--data-dir", str(data), *command)
        assert "Traceback" not in result.stderr, result.stderr
        assert result.returncode in (0, 1), (command, result.returncode, result.stderr)


@pytest.mark.parametrize("levels", NESTINGS)
def test_a_nested_copy_is_listed_as_unreadable_and_refused(
    run: Run, data: pathlib.Path, levels: int
) -> None:
    _save(run, "a game")
    name = "history-20200101-000000-000000.json"
    (data / BACKUP_DIR / name).write_text(_nested_json(levels), encoding="utf-8")
    before = (data / HISTORY_FILE).read_bytes()
    listed = run("backups", "--json")
    assert listed.code == 0, listed.err
    rows = {row["name"]: row for row in json.loads(listed.out)}
    assert rows[name]["games"] is None
    refused = run("restore", name)
    assert refused.code == 1 and "damaged" in refused.err
    assert (data / HISTORY_FILE).read_bytes() == before


@pytest.mark.parametrize("levels", NESTINGS)
def test_a_nested_import_file_is_refused(run: Run, tmp_path: pathlib.Path, levels: int) -> None:
    source = tmp_path / "games.json"
    source.write_text(_nested_json(levels), encoding="utf-8")
    result = run("import", str(source))
    assert result.code == 1 and "Traceback" not in result.err
    assert "not valid JSON" in result.err or "nested" in result.err


def test_nested_lock_and_take_over_notes_are_not_ours(data: pathlib.Path) -> None:
    from companion.storage import takeover
    from companion.storage.lock import DataLock

    data.mkdir(parents=True, exist_ok=True)
    lock = DataLock(data)
    lock.owner_path.write_text(_nested_json(3_000), encoding="utf-8")
    assert lock.holder_note() is None
    assert lock.holder() == "another copy of stupor-solo"
    assert takeover.Request.parse(_nested_json(3_000).encode()) is None


# --- 4: a huge copy is refused before it is read -----------------------------------------


def test_a_300_mb_copy_is_refused_before_it_is_read(data: pathlib.Path, run: Run) -> None:
    _save(run, "a game")
    name = "history-20200101-000000-000000.json"
    huge = data / BACKUP_DIR / name
    with huge.open("wb") as handle:  # sparse: 300 MB on paper, nothing on the disk
        handle.truncate(300_000_000)
    before = (data / HISTORY_FILE).read_bytes()
    restored = stupor_solo("--data-dir", str(data), "restore", name, memory_mb=300)
    assert restored.returncode == 1, restored.stderr
    assert "larger than" in restored.stderr and "Traceback" not in restored.stderr
    assert (data / HISTORY_FILE).read_bytes() == before
    listed = stupor_solo("--data-dir", str(data), "backups", "--json", memory_mb=300)
    assert listed.returncode == 0, listed.stderr
    assert {row["name"]: row["games"] for row in json.loads(listed.stdout)}[name] is None


# --- 5: echoes and exit codes --------------------------------------------------------------


def test_a_100000_character_config_path_is_cut_in_every_message(
    run: Run, tmp_path: pathlib.Path
) -> None:
    long_path = str(tmp_path / ("a" * 100_000))
    result = run("--config", long_path, "config")
    assert len(result.out) + len(result.err) < 2_000
    assert "100,0" in result.out + result.err  # its length said


@pytest.mark.parametrize("where", ["/dev/null", "/dev/null/x", "/etc/passwd/x/y"])
@pytest.mark.parametrize("command", [("history",), ("score", *SCORE_ARGS, "--save")])
def test_a_data_folder_that_cannot_be_exits_2(
    run: Run, where: str, command: tuple[str, ...]
) -> None:
    result = run(*command, folder=where)
    assert result.code == 2, (result.code, result.err)
    assert "--data-dir" in result.err


# --- 6: a huge [keys] section --------------------------------------------------------------


def test_20000_unknown_key_ids_are_one_line_found_in_linear_time(
    run: Run, private_config: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import difflib

    lines = ["[keys]", *(f'"zz.unknown{n}" = "c"' for n in range(20_000))]
    _config(private_config, "\n".join(lines) + "\n")
    looked_up: list[str] = []
    real = difflib.get_close_matches

    def counted(word: str, possibilities: list[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
        looked_up.append(word)
        return real(word, possibilities, n, cutoff)

    monkeypatch.setattr(difflib, "get_close_matches", counted)
    result = run("config")
    said = [line for line in (result.out + result.err).splitlines() if "[keys]" in line]
    assert len(said) == 1 and "20,000 ids" in said[0], said
    assert len(result.out) + len(result.err) < 2_000
    assert looked_up == []  # no guess per id: the work does not grow with each one
