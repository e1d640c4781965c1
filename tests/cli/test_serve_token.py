"""The access token ``serve`` keeps in the data folder: the same link at every start,
``--new-token`` replaces it, and a kept file that is not a token is never used."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from companion.serve.access import new_token
from companion.serve.token_store import TOKEN_FILE, kept_token


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
    fresh = new_token()
    got = kept_token(tmp_path, fresh)
    assert got.token == fresh and "replaced" in got.news
    assert (tmp_path / TOKEN_FILE).read_text().strip() == fresh


def test_an_oversized_file_is_not_read_and_is_replaced(tmp_path: Path) -> None:
    with open(tmp_path / TOKEN_FILE, "wb") as handle:
        handle.truncate(10_000_000)
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
