"""What every test shares: no test reads or writes the real configuration file, nor takes
its terminal width from the environment; an empty data folder for the tests that want one."""

from __future__ import annotations

import pathlib

import pytest


@pytest.fixture(autouse=True)
def private_config(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> pathlib.Path:
    """Point ``STUPOR_SOLO_CONFIG`` at a file of the test's own (not created), so the
    command line never reads the configuration of the person running the tests."""
    path = tmp_path / "test-config" / "config.toml"
    monkeypatch.setenv("STUPOR_SOLO_CONFIG", str(path))
    return path


@pytest.fixture(autouse=True)
def no_terminal_size_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drop ``COLUMNS`` and ``LINES``: pytest-xdist's workers set ``COLUMNS=80``, and a
    shell may export them, which would change the width the command line prints at."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.fixture
def data(tmp_path: pathlib.Path) -> pathlib.Path:
    """An empty data folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    return folder
