"""Issue 18, first part: ``--version``, ``python -m companion``, shell completion,
``locate`` naming the configuration file."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

import pytest

from companion import __version__
from companion.cli.parser import SHELLS
from tests.cli.conftest import Run

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_version_is_printed(run: Run) -> None:
    result = run("--version", folder=None)
    assert result.code == 0
    assert result.out.strip() == f"stupor-solo {__version__}"


def test_the_version_is_the_installed_packages() -> None:
    from importlib.metadata import version

    assert version("stupor-solo") == __version__


def test_python_dash_m_companion_runs_the_command() -> None:
    for argv, expected in ((["--help"], "usage: stupor-solo"), (["--version"], __version__)):
        out = subprocess.run(
            [sys.executable, "-m", "companion", *argv],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 0, out.stderr
        assert expected in out.stdout


@pytest.mark.parametrize("shell", SHELLS)
def test_completion_script_for_each_shell(run: Run, shell: str, tmp_path: pathlib.Path) -> None:
    result = run("completion", shell, folder=None)
    assert result.code == 0, result.err
    script = result.out
    for command in ("score", "history", "export", "import", "config", "backups", "restore"):
        assert command in script
    assert "--data-dir" in script and "--format" in script
    checker = shutil.which(shell)
    if checker is None:
        return  # the shell is not installed here: the script is checked where it is
    path = tmp_path / f"stupor-solo.{shell}"
    path.write_text(script, encoding="utf-8")
    syntax = subprocess.run([checker, "-n", str(path)], capture_output=True, text=True)
    assert syntax.returncode == 0, syntax.stderr


def test_completion_of_an_unknown_shell_is_a_usage_error(run: Run) -> None:
    result = run("completion", "cmd.exe", folder=None)
    assert result.code == 2
    assert "invalid choice" in result.err


def test_bash_completion_offers_the_commands() -> None:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("bash is not installed")
    from companion.cli import main

    script = subprocess.run(
        [sys.executable, "-m", "companion", "completion", "bash"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    probe = (
        script
        + "\nCOMP_WORDS=(stupor-solo ex); COMP_CWORD=1; COMP_LINE='stupor-solo ex';"
        + ' COMP_POINT=${#COMP_LINE}; _shtab_stupor_solo; echo "${COMPREPLY[@]}"\n'
    )
    out = subprocess.run([bash, "-c", probe], capture_output=True, text=True)
    assert "export" in out.stdout.split(), (out.stdout, out.stderr)
    assert main is not None


def test_locate_names_the_configuration_file(
    run: Run, private_config: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    result = run("locate")
    assert f"config file:      {private_config}" in result.out
    assert "not there yet" in result.out
    chosen = tmp_path / "mine.toml"
    result = run("--config", str(chosen), "locate")
    assert f"config file:      {chosen}" in result.out
