"""companion.paths: which data folder wins, and plain errors for a bad one."""

from __future__ import annotations

import pathlib
from collections.abc import Callable

import platformdirs
import pytest

from companion import paths
from companion.paths import ENV_VAR, DataDirError, data_dir


@pytest.fixture
def platform_default(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> pathlib.Path:
    default = tmp_path / "platform" / "stupor-solo"

    def fake_user_data_dir(appname: str, appauthor: bool) -> str:
        assert (appname, appauthor) == ("stupor-solo", False)
        return str(default)

    monkeypatch.setattr(platformdirs, "user_data_dir", fake_user_data_dir)
    monkeypatch.delenv(ENV_VAR, raising=False)
    return default


def test_override_wins_over_env_var_and_platform(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, platform_default: pathlib.Path
) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "from-env"))
    chosen = data_dir(tmp_path / "from-option")
    assert chosen == tmp_path / "from-option"
    assert chosen.is_dir()
    assert not (tmp_path / "from-env").exists()
    assert not platform_default.exists()


def test_env_var_wins_over_platform(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, platform_default: pathlib.Path
) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "from-env"))
    assert data_dir() == tmp_path / "from-env"
    assert (tmp_path / "from-env").is_dir()
    assert not platform_default.exists()


def test_platform_default_when_nothing_is_given(platform_default: pathlib.Path) -> None:
    assert data_dir() == platform_default
    assert platform_default.is_dir()


def test_empty_override_and_env_var_count_as_not_given(
    monkeypatch: pytest.MonkeyPatch, platform_default: pathlib.Path
) -> None:
    monkeypatch.setenv(ENV_VAR, "")
    assert data_dir("") == platform_default


def test_relative_override_is_made_absolute(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    chosen = data_dir("relative")
    assert chosen.is_absolute()
    assert chosen == tmp_path / "relative"


def test_existing_folder_is_fine(tmp_path: pathlib.Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "history.json").write_text("{}", encoding="utf-8")
    assert data_dir(tmp_path / "data") == tmp_path / "data"
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["history.json"]


def test_a_file_is_not_a_data_folder(tmp_path: pathlib.Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("hello", encoding="utf-8")
    with pytest.raises(DataDirError, match="is a file, not a folder") as caught:
        data_dir(a_file)
    assert isinstance(caught.value, ValueError)
    assert caught.value.path == a_file
    assert ENV_VAR in str(caught.value)
    assert a_file.read_text(encoding="utf-8") == "hello"


def test_a_folder_below_a_file_cannot_be_created(tmp_path: pathlib.Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("hello", encoding="utf-8")
    with pytest.raises(DataDirError, match="Could not create the data folder"):
        data_dir(a_file / "data")


def test_unwritable_folder_is_reported(
    tmp_path: pathlib.Path, make_read_only: Callable[[pathlib.Path], None]
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    make_read_only(folder)
    with pytest.raises(DataDirError, match="Cannot write files in the data folder"):
        data_dir(folder)


def test_file_name_constants() -> None:
    assert (paths.GAME_FILE, paths.HISTORY_FILE, paths.SETTINGS_FILE) == (
        "current_game.json",
        "history.json",
        "settings.json",
    )
    assert (paths.LOCK_FILE, paths.BACKUP_DIR) == ("stupor-solo.lock", "backups")
