"""Issue 41: a data folder whose name a shell would read as commands (``;``, quotes,
``$(...)``, spaces) is only ever a folder: the served page's app runs on it, resumes the
game saved there, and nothing in its name is run."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.browser.served import ROOT, Page, Served
from tests.browser.test_browser import saved_game, until

OpenPage = Callable[..., Page]


@pytest.mark.parametrize(
    "name",
    ["My Games;touch INJECTED", 'Ada\'s "games" $(touch INJECTED) `touch INJECTED`'],
    ids=["semicolon", "quotes-and-substitutions"],
)
def test_a_folder_named_like_a_command_is_only_a_folder(
    tmp_path: Path, open_page: OpenPage, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / name
    saved_game(folder)
    monkeypatch.chdir(tmp_path)  # where a shell would have made its file
    served = Served(folder).start()
    try:
        page = open_page(1024, 768)
        page.open(served.url)
        page.keys("r", pause=800)  # resume the game saved in that folder
        until(lambda: any("What to do" in line for line in page.screen()), what="the Table")
    finally:
        assert served.stop() == 0
    # the server and its apps run in the checkout; the test in tmp_path
    made = [p for root in (tmp_path, ROOT) for p in root.glob("*INJECTED*") if p != folder]
    assert made == [] and folder.is_dir()
