"""Issue 16, item 5: ``export`` never replaces what is not a regular file of the player's.

Refused (exit 2, the target exactly as it was): a device, a named pipe, a symbolic link,
anything inside the data folder (a quarantined ``.corrupt-*`` copy, a backup). An existing
file is replaced only after a yes on a terminal or with ``--force``, and keeps its mode.
"""

from __future__ import annotations

import os
import pathlib
import stat
from collections.abc import Callable
from typing import Any

import pytest

from companion.paths import BACKUP_DIR, HISTORY_FILE

Run = Callable[..., Any]


@pytest.fixture
def history(data: pathlib.Path, make_record: Any, store_records: Any) -> pathlib.Path:
    """A data folder with one game in its history."""
    store_records(data, [make_record()])
    return data


def assert_refused(run: Run, target: pathlib.Path, reason: str) -> None:
    """``export`` to ``target`` ends with exit 2 and says ``reason``."""
    result = run("export", str(target))
    assert result.code == 2
    assert reason in result.err


def named_pipe(folder: pathlib.Path) -> pathlib.Path:
    """A named pipe in ``folder``, where an export could be sent."""
    fifo = folder / "games.csv"
    os.mkfifo(fifo)
    return fifo


def device(folder: pathlib.Path) -> pathlib.Path:
    """A character device like /dev/null in ``folder`` (skips where that needs root)."""
    node = folder / "null.csv"
    try:
        os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root here; the pipe test covers the rest")
    return node


@pytest.mark.parametrize(
    ("make", "reason", "still_one"),
    [
        (named_pipe, "is a named pipe (FIFO), not a regular file", stat.S_ISFIFO),
        (device, "is a device, not a regular file", stat.S_ISCHR),
    ],
    ids=["named-pipe", "device"],
)
def test_a_pipe_or_a_device_is_refused_and_stays_one(
    run: Run,
    history: pathlib.Path,
    tmp_path: pathlib.Path,
    make: Callable[[pathlib.Path], pathlib.Path],
    reason: str,
    still_one: Callable[[int], bool],
) -> None:
    node = make(tmp_path)
    assert_refused(run, node, reason)
    assert still_one(os.lstat(node).st_mode)


def test_a_symbolic_link_is_refused_and_its_file_untouched(
    run: Run, history: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    real = tmp_path / "real.csv"
    real.write_text("mine", encoding="utf-8")
    link = tmp_path / "games.csv"
    link.symlink_to(real)
    assert_refused(run, link, f"is a symbolic link (to {real})")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize(
    "name",
    [
        "history.json.corrupt-20250101-000000",
        f"{BACKUP_DIR}/history-20250101-000000-000000.json",
        "settings.json",
        "new-name.json",
    ],
)
def test_nothing_inside_the_data_folder_is_written(
    run: Run, history: pathlib.Path, name: str
) -> None:
    target = history / name
    target.parent.mkdir(exist_ok=True)
    if name != "new-name.json":
        target.write_text("keep me", encoding="utf-8")
    result = run("export", "--format", "json", str(target))
    assert result.code == 2
    assert "is inside the data folder" in result.err
    if name == "new-name.json":
        assert not target.exists()
    else:
        assert target.read_text(encoding="utf-8") == "keep me"


def test_an_existing_file_is_not_replaced_without_a_terminal_or_force(
    run: Run, history: pathlib.Path, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("companion.cli.support.stdin_is_tty", lambda: False)
    target = tmp_path / "games.csv"
    target.write_text("mine", encoding="utf-8")
    assert_refused(run, target, "exists: add --force to replace it")
    assert target.read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize(("answer", "replaced"), [("y", True), ("n", False), ("", False)])
def test_on_a_terminal_replacing_a_file_is_asked_first(
    run: Run,
    history: pathlib.Path,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
    replaced: bool,
) -> None:
    monkeypatch.setattr("companion.cli.support.stdin_is_tty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda *prompt: answer)
    target = tmp_path / "games.csv"
    target.write_text("mine", encoding="utf-8")
    result = run("export", str(target))
    assert "exists. Replace it? [y/N]" in result.err
    assert result.code == (0 if replaced else 1)
    assert (target.read_text(encoding="utf-8") != "mine") is replaced


def test_a_replaced_file_keeps_its_mode(
    run: Run, history: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    target = tmp_path / "games.csv"
    target.write_text("mine", encoding="utf-8")
    target.chmod(0o600)
    old_umask = os.umask(0o022)
    try:
        assert run("export", "--force", str(target)).code == 0
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert "finished_at" in target.read_text(encoding="utf-8")
    shared = tmp_path / "shared.csv"
    shared.write_text("mine", encoding="utf-8")
    shared.chmod(0o644)
    assert run("export", "--force", str(shared)).code == 0
    assert stat.S_IMODE(shared.stat().st_mode) == 0o644


def test_a_new_export_is_private_and_the_history_is_untouched(
    run: Run, history: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    before = (history / HISTORY_FILE).read_bytes()
    target = tmp_path / "games.json"
    assert run("export", str(target)).code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert (history / HISTORY_FILE).read_bytes() == before
