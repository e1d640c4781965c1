"""The access token ``serve`` keeps in the data folder: the same link at every start,
``--new-token`` replaces it, and a kept file that is not a token is never used."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.serve.access import new_token
from companion.serve.token_store import TOKEN_FILE, TokenRefused, kept_token


def test_the_token_is_kept_private_and_used_again(tmp_path: Path) -> None:
    first = kept_token(tmp_path, new_token())
    again = kept_token(tmp_path, new_token())
    assert again.token == first.token and again.lasting
    assert "same as at the last start" in again.news
    mode = stat.S_IMODE((tmp_path / TOKEN_FILE).stat().st_mode)
    assert mode & 0o077 == 0, oct(mode)


def test_new_token_replaces_the_kept_one_and_says_old_links_stop(tmp_path: Path) -> None:
    first = kept_token(tmp_path, new_token())
    renewed = kept_token(tmp_path, new_token(), renew=True)
    assert renewed.token != first.token
    assert "no longer work" in renewed.news
    assert kept_token(tmp_path, new_token()).token == renewed.token


@pytest.mark.parametrize(
    "content",
    [b"", b"short\n", b"has spaces in it and is long enough\n", b"\xff" * 30, b"A" * 65],
)
def test_a_kept_file_that_is_no_token_is_replaced(tmp_path: Path, content: bytes) -> None:
    (tmp_path / TOKEN_FILE).write_bytes(content)
    (tmp_path / TOKEN_FILE).chmod(0o600)
    fresh = new_token()
    got = kept_token(tmp_path, fresh)
    assert got.token == fresh and "replaced" in got.news
    assert (tmp_path / TOKEN_FILE).read_text().strip() == fresh


def test_an_oversized_file_is_not_read_and_is_replaced(tmp_path: Path) -> None:
    with open(tmp_path / TOKEN_FILE, "wb") as handle:
        handle.truncate(10_000_000)
    (tmp_path / TOKEN_FILE).chmod(0o600)
    fresh = new_token()
    got = kept_token(tmp_path, fresh)
    assert got.token == fresh and "could not be read" in got.news


def test_a_link_is_never_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("A" * 22)
    (tmp_path / TOKEN_FILE).symlink_to(target)
    fresh = new_token()
    got = kept_token(tmp_path, fresh)
    assert got.token == fresh and not got.lasting
    assert target.read_text() == "A" * 22  # the link's target is left alone


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_folder_that_refuses_writes_gives_a_token_for_this_run(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        got = kept_token(tmp_path, new_token())
    finally:
        tmp_path.chmod(0o700)
    assert not got.lasting and "could not be kept" in got.news


# --- a kept token others can read, or that someone else wrote, is refused (H2) -------------


def _plant(folder: Path, mode: int, token: str = "A" * 30) -> Path:
    path = folder / TOKEN_FILE
    path.write_text(token + "\n")
    path.chmod(mode)
    return path


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o620, 0o602, 0o666])
def test_a_token_others_may_read_or_write_is_refused_and_left_as_it_was(
    tmp_path: Path, mode: int
) -> None:
    path = _plant(tmp_path, mode)
    with pytest.raises(TokenRefused) as refused:
        kept_token(tmp_path, new_token())
    message = str(refused.value)
    assert "--new-token" in message and oct(mode)[2:] in message
    assert path.read_text() == "A" * 30 + "\n"
    assert stat.S_IMODE(path.stat().st_mode) == mode  # the state stays as it was


def test_a_token_owned_by_another_user_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _plant(tmp_path, 0o600)
    monkeypatch.setattr(os, "getuid", lambda: path.stat().st_uid + 1)
    with pytest.raises(TokenRefused) as refused:
        kept_token(tmp_path, new_token())
    assert "--new-token" in str(refused.value) and "another user" in str(refused.value)
    assert path.read_text() == "A" * 30 + "\n"


def test_a_token_chowned_to_another_user_is_refused(tmp_path: Path) -> None:
    path = _plant(tmp_path, 0o600)
    try:
        os.chown(path, 65534, -1)
    except PermissionError:
        pytest.skip("only root can give a file to another user: the getuid test covers it")
    with pytest.raises(TokenRefused, match="--new-token"):
        kept_token(tmp_path, new_token())
    assert path.read_text() == "A" * 30 + "\n" and path.stat().st_uid == 65534


def test_new_token_replaces_a_refused_token_with_a_private_one(tmp_path: Path) -> None:
    path = _plant(tmp_path, 0o666)
    fresh = new_token()
    got = kept_token(tmp_path, fresh, renew=True)
    assert got.token == fresh and got.lasting
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.stat().st_uid == os.getuid()


def test_serve_refuses_an_exposed_token_plainly_without_starting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.serve import CompanionServer

    started: list[bool] = []

    async def run_once(self: CompanionServer, ready: Any, stop: Any = None) -> None:
        started.append(True)

    monkeypatch.setattr(CompanionServer, "run", run_once)
    tmp_path.chmod(0o700)
    path = _plant(tmp_path, 0o644)
    code = main(["--data-dir", str(tmp_path), "serve", "--host", "0.0.0.0", "--port", "0"])
    out = capsys.readouterr()
    assert code == 1 and not started
    assert "--new-token" in out.err and "Traceback" not in out.err + out.out
    assert path.read_text() == "A" * 30 + "\n"
    assert main(["--data-dir", str(tmp_path), "serve", "--host", "0.0.0.0", "--new-token"]) == 0
    assert started and stat.S_IMODE(path.stat().st_mode) == 0o600
