"""Coming back: a page whose connection dropped, or whose server restarted, returns to the
game by itself — the Table, not the Start screen — and the link stays the same."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from pathlib import Path

from tests.browser.served import Page, Served, saved_events
from tests.browser.test_browser import saved_game, until

OpenPage = Callable[..., Page]


def table_shown(page: Page) -> bool:
    return any("What to do" in line for line in page.screen())


def back_and_drawn(page: Page) -> None:
    """Wait (bounded) until the page has reloaded and drawn its new app, and give it the
    keyboard (a player would tap it)."""
    drawn = "document.body.classList.contains('-first-byte')"
    page.page.wait_for_function(
        f"{drawn} && !document.body.classList.contains('-reconnecting')", timeout=60_000
    )
    page.page.focus(".xterm-helper-textarea")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_dropped_connection_comes_back_to_the_table(
    data_folder: Path, open_page: OpenPage
) -> None:
    saved_game(data_folder)
    served = Served(data_folder).start()
    try:
        page = open_page(390, 844)
        page.open(served.url)
        page.keys("r", pause=800)  # resume
        until(lambda: table_shown(page), what="the Table")
        first = served.apps()
        page.page.evaluate("window.stuporSocket.close()")  # as a phone that slept
        started = time.monotonic()
        until(lambda: served.apps() not in ([], first), what="a new app")
        back_and_drawn(page)
        until(lambda: table_shown(page), what="the Table again, without a key")
        print(f"back on the Table {time.monotonic() - started:.1f} s after the drop")
        assert len(served.apps()) == 1  # the old app ended; no "data in use"
        page.keys("g", "1", "Enter")  # usable: a Gain is recorded
        until(lambda: saved_events(data_folder)[-1:] == ["gain"], what="the gain")
    finally:
        assert served.stop() == 0
    assert any("connected again" in line for line in served.output), served.output


def test_a_server_restart_brings_the_page_back_on_the_same_link(
    data_folder: Path, open_page: OpenPage
) -> None:
    saved_game(data_folder)
    port = free_port()
    served = Served(data_folder, port=port).start()
    page = open_page(1024, 768)
    try:
        page.open(served.url)
        page.keys("r", pause=800)
        until(lambda: table_shown(page), what="the Table")
    finally:
        assert served.stop() == 0
    page.page.wait_for_selector("body.-reconnecting", state="attached", timeout=30_000)
    again = Served(data_folder, port=port).start()
    try:
        assert again.url == served.url
        back_and_drawn(page)
        until(lambda: table_shown(page), what="the Table after the restart")
    finally:
        assert again.stop() == 0


def outage(page: Page, seconds: int) -> None:
    """Let ``seconds`` pass on the page's clock, a second at a time, each failed try
    given a moment of real time to fail."""
    for _ in range(seconds):
        page.page.clock.run_for(1000)
        page.page.wait_for_timeout(15)


def test_a_long_outage_keeps_trying_offers_open_again_and_comes_back(
    data_folder: Path, open_page: OpenPage
) -> None:
    """Issue 39, P2: 150 s without the server (its clock run on, not waited for): the page
    keeps trying, ever less often; after 20 s it also offers Open here again; once the
    server is back it comes back to the Table by itself."""
    saved_game(data_folder)
    port = free_port()
    served = Served(data_folder, port=port).start()
    page = open_page(390, 844)
    page.page.clock.install()
    try:
        page.open(served.url)
        page.keys("r", pause=800)
        until(lambda: table_shown(page), what="the Table")
    finally:
        assert served.stop() == 0
    page.page.wait_for_selector("body.-reconnecting", state="attached", timeout=30_000)
    assert not page.page.is_visible("#again-now")  # not at once: it may come back by itself
    outage(page, 25)
    assert page.page.is_visible("#again-now")
    page.picture("phone-long-outage")
    outage(page, 125)
    assert page.page.evaluate("document.body.classList.contains('-reconnecting')")
    again = Served(data_folder, port=port).start()
    try:
        outage(page, 31)  # the longest wait between two tries
        back_and_drawn(page)
        until(lambda: table_shown(page), what="the Table after 150 s without the server")
        assert not page.page.is_visible("#again-now")
    finally:
        assert again.stop() == 0


def test_after_half_an_hour_without_the_server_the_page_says_so(
    data_folder: Path, open_page: OpenPage
) -> None:
    saved_game(data_folder)
    served = Served(data_folder).start()
    page = open_page(1024, 768)
    page.page.clock.install()
    try:
        page.open(served.url)
    finally:
        assert served.stop() == 0
    page.page.wait_for_selector("body.-reconnecting", state="attached", timeout=30_000)
    for _ in range(70):  # 35 minutes, half a minute at a time (the longest wait)
        page.page.clock.run_for(30_000)
        page.page.wait_for_timeout(20)
    page.page.wait_for_selector("#ended", state="visible", timeout=10_000)
    assert not page.page.is_visible("#reconnecting")
    assert page.page.is_visible("#again")
