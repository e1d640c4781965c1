"""The app in a real browser: Debian's Chromium on ``stupor-solo serve`` (see served.py).

Lean on purpose (CI has two cores): each test starts one server and one or two pages.
The screenshots are kept in tests/browser/artifacts/ (the README's picture is one)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from benchmarks.metrics.browser import saved_game as saved_benchmark_game
from tests.browser.served import Page, Served, saved_events

OpenPage = Callable[..., Page]
SETUP_VALUES = ("2T", "1W 1K", "2G 1A", "1S", "1C", "1P", "17")
"""What the New game form needs typed: six starting tiles and the pile."""


def saved_game(folder: Path, *, frederick_next: bool = False) -> None:
    """A game saved in ``folder`` before the server starts (at Frederick's turn if
    ``frederick_next``): the benchmark's game (its tiles are :data:`SETUP_VALUES`), seed 5."""
    saved_benchmark_game(folder, seed=5, frederick_next=frederick_next)


UNTIL_SECONDS = 60.0
"""The longest a test waits for the app to show or save something: far above the second or
two it takes, so only something that never happens fails, not a busy machine."""


def until(check: Callable[[], bool], seconds: float = UNTIL_SECONDS, what: str = "") -> None:
    """Wait (bounded) until ``check()``."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or check}")
        time.sleep(0.1)


def shows(page: Page, pattern: str) -> bool:
    return any(re.search(pattern, line) for line in page.screen())


def test_the_page_loads_and_draws_the_start_screen(served: Served, open_page: OpenPage) -> None:
    page = open_page(1024, 768)
    page.open(served.url)
    picture = page.picture("start-screen")
    assert page.colours(picture) > 8  # drawn, not a blank page
    screen = page.screen()
    assert any("Stupor Mundi" in line for line in screen)
    assert any("New game" in line for line in screen)
    assert len(served.apps()) == 1  # one app process for the page


def test_keys_and_taps_start_a_game_and_play_frederick(
    served: Served, open_page: OpenPage, data_folder: Path
) -> None:
    page = open_page(1024, 768)
    page.open(served.url)
    # Typed at full speed, with no pause: keys typed while the form opens or the cursor
    # moves wait their turn (companion.ui.type_ahead).
    page.keys("n", "Control+s", pause=0)  # New game; Start game: the cursor to the first tile
    for value in SETUP_VALUES:  # the six tiles and the pile, one field after the other
        page.type(value, pause=0)
        page.keys("Tab", pause=0)
    page.keys("Control+s", pause=0)
    until(lambda: (data_folder / "current_game.json").exists(), what="the new game's file")
    assert saved_events(data_folder) == []
    page.tap_text(r"Play card(?=\s+Continue)")  # the big button
    page.keys("Enter")  # face down: Promote, the line it opens on; Enter plays it
    page.tap_text(r"Decline(?=\s+Cancel)")  # let the Promote go, by its button (no key: a browser)
    until(lambda: saved_events(data_folder) == ["play_card", "decline"], what="the turn")
    page.tap_text(r"Frederick(?=\s+Play card)")
    until(lambda: saved_events(data_folder)[2:3] == ["frederick_turn"], what="his turn")
    # the turn is saved a moment before it is drawn (a busy machine): wait for the frame;
    # when his card draws an Edict tile, What to do scrolls to the tile's field instead
    # (on this short panel the field's own prompt may be all that shows of the turn)
    drawn = r"Frederick's last card, S\d\d|Draw a Next (I|II|III) tile|New Next (I|II|III) tile"
    until(lambda: shows(page, drawn), what="his turn drawn")


@pytest.fixture
def served_on_network(data_folder: Path) -> Iterator[Served]:
    """The server bound to every address (``0.0.0.0``): links carry a token. The test
    still connects through loopback only."""
    server = Served(data_folder, host="0.0.0.0").start()
    try:
        yield server
    finally:
        server.stop()


def test_without_the_token_a_network_server_refuses_and_starts_no_app(
    served_on_network: Served, open_page: OpenPage
) -> None:
    served = served_on_network
    token = served.url.rstrip("/").rsplit("/", 1)[1]
    base = served.url[: -len(token) - 1]
    assert len(token) >= 20 and base.endswith(":") is False
    page = open_page(1024, 768)
    for url in (base, f"{base}ws", f"{base}static/js/textual.js", f"{base}{token[:-1]}x/"):
        response = page.page.goto(url)
        assert response is not None and response.status == 403, url
        assert "needs the link" in page.page.content()
    opened = page.page.evaluate(
        """(url) => new Promise((done) => {
            const socket = new WebSocket(url);
            socket.onopen = () => done(true);
            socket.onerror = () => done(false);
        })""",
        base.replace("http", "ws") + "ws",
    )
    assert opened is False
    assert served.apps() == []  # nothing started for any of them
    page.open(served.url)  # the printed link works
    assert len(served.apps()) == 1
    banner = "\n".join(served.output)
    assert f"/{token}/" in banner and "scan this code" in banner
    assert sum("\u2580" in line or "\u2584" in line for line in served.output) > 10  # the QR


def test_a_second_page_takes_over_and_the_first_stops_writing(
    data_folder: Path, open_page: OpenPage
) -> None:
    saved_game(data_folder)
    served = Served(data_folder).start()
    try:
        first = open_page(1024, 768)
        first.open(served.url)
        first.keys("r")  # resume: the Table, holding the data
        until(lambda: len(served.apps()) == 1, what="the first app")
        second = open_page(1024, 768)
        second.open(served.url)
        assert shows(second, r"Data in use")
        second.keys("t")  # take over
        until(lambda: first.page.evaluate("document.body.classList.contains('-closed')"))
        until(lambda: len(served.apps()) == 1, what="the first app to quit")
        assert shows(second, r"What to do")  # the same game, resumed
        before = saved_events(data_folder)
        first.keys("g", "1", "Enter")  # the first page is closed: nothing reaches the game
        assert saved_events(data_folder) == before
        second.keys("g", "1", "Enter")  # the second one writes
        until(lambda: saved_events(data_folder) == [*before, "gain"], what="the gain")
    finally:
        assert served.stop() == 0


def test_a_phone_shows_frederick_s_instructions_without_scrolling(
    data_folder: Path, open_page: OpenPage
) -> None:
    saved_game(data_folder, frederick_next=True)
    served = Served(data_folder).start()
    try:
        page = open_page(390, 844)
        page.open(served.url)
        page.keys("r", "Space", pause=0)  # resume; Frederick's turn (typed ahead)
        until(lambda: "frederick_turn" in saved_events(data_folder), what="his turn")
        page.picture("phone-frederick-turn")  # the README's picture
        screen = page.screen()
        columns, rows = page.size
        # a phone's width, the whole screen (its last line, under the footer's keys, is blank)
        assert columns <= 50 and rows - 1 <= len(screen) <= rows
        title = next(i for i, line in enumerate(screen) if "What to do" in line)
        card = next(i for i, line in enumerate(screen) if re.search(r"Frederick's last card", line))
        assert title <= 2 and title < card < rows // 2  # first thing under the header
        scrolls = page.page.evaluate("document.scrollingElement.scrollHeight > window.innerHeight")
        assert scrolls is False
    finally:
        assert served.stop() == 0
