"""The server and the network going away under the evening by taps
(``benchmarks/evening_by_taps.py``): a restart, a dropped connection, and a long outage
(the laptop closed over dinner), each timed until the Table shows again."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from benchmarks.evening_reading import Step, row_of
from tests.browser.served import Page, Served

WAIT_SECONDS = 60.0
"""The longest the page is given to come back after the server or the network does."""


class _Evening(Protocol):
    """What the outages need of the evening that suffers them."""

    page: Page
    folder: Path
    port: int
    served: Served
    steps: list[Step]

    def picture(self, name: str) -> Path: ...
    def note(self, text: str) -> None: ...
    def screen(self) -> list[str]: ...
    def until(self, check: Callable[[], bool], what: str) -> float: ...
    def back(self, what: str) -> float: ...
    def stop_and_start(self, down: float) -> None: ...


class Outages:
    """The evening's outages (mixed into :class:`benchmarks.evening_by_taps.Evening`)."""

    def back(self: _Evening, what: str) -> float:
        """Wait until the page has reloaded its app and the Table shows; the seconds."""
        started = time.monotonic()
        drawn = "document.body.classList.contains('-first-byte')"
        self.page.page.wait_for_function(
            f"{drawn} && !document.body.classList.contains('-reconnecting')",
            timeout=WAIT_SECONDS * 1000,
        )
        # the reloaded page has no keyboard focus until touched (Page.screen needs keys)
        self.page.page.focus(".xterm-helper-textarea")
        self.until(lambda: row_of(self.screen(), r"What to do") >= 0, f"the Table {what}")
        return time.monotonic() - started

    def stop_and_start(self: _Evening, down: float) -> None:
        """Stop the server (ctrl+c), leave it down ``down`` seconds, start it again on the
        same port and folder (the link must stay the same)."""
        url = self.served.url
        assert self.served.stop() == 0
        self.page.page.wait_for_selector(
            "body.-reconnecting", state="attached", timeout=WAIT_SECONDS * 1000
        )
        self.picture("server-stopped")
        time.sleep(down)
        self.served = Served(self.folder, port=self.port).start()
        assert self.served.url == url, (self.served.url, url)

    def restart_server(self: _Evening) -> None:
        """Stop the server and start it again at once."""
        self.picture("before-restart")
        started = time.monotonic()
        self.stop_and_start(0.0)
        seconds = self.back("after the restart")
        url = self.served.url
        self.steps.append(
            Step("SERVER RESTART (no tap)", seconds, f"back on the Table, same link {url}")
        )
        self.note(f"restart: the page came back by itself {seconds:.1f} s after the new server")
        self.note(f"restart: {time.monotonic() - started:.1f} s from ctrl+c to the Table")
        self.picture("after-restart")

    def long_outage(self: _Evening, down: float) -> None:
        """The server gone ``down`` seconds (a laptop closed over dinner), then back: the
        page must come back by itself, or offer "Open here again" (tapped, and noted)."""
        self.picture("before-outage")
        self.stop_and_start(down)
        self.picture("outage-end")
        offered = self.page.page.is_visible("#again-now") or self.page.page.is_visible("#again")
        try:
            seconds = self.back(f"after {down:.0f} s without the server")
            how = "by itself"
        except Exception:  # not back by itself within WAIT_SECONDS: the offered button
            button = "#again-now" if self.page.page.is_visible("#again-now") else "#again"
            self.page.page.tap(button)
            seconds = self.back("after Open here again")
            how = "after a tap on Open here again"
        self.steps.append(
            Step(f"SERVER GONE {down:.0f} s (no tap)", seconds, f"back on the Table {how}")
        )
        offer = "offered" if offered else "did not offer"
        self.note(
            f"outage: the server gone {down:.0f} s; the page {offer} Open here again by then,"
            f" and was back on the Table {how} {seconds:.1f} s after the server"
        )
        self.picture("after-outage")

    def drop_connection(self: _Evening, offline: float = 4.0) -> None:
        """The phone loses its network: offline, the socket closed, back online later."""
        context = self.page.page.context
        self.picture("before-drop")
        context.set_offline(True)
        self.page.page.evaluate("window.stuporSocket.close()")
        started = time.monotonic()
        self.page.page.wait_for_timeout(int(offline * 1000))
        self.picture("offline")
        context.set_offline(False)
        seconds = self.back("after the drop")
        self.steps.append(
            Step("CONNECTION DROPPED (no tap)", seconds, f"offline {offline:.0f} s, back online")
        )
        self.note(
            f"drop: the page came back by itself {seconds:.1f} s after the network"
            f" ({time.monotonic() - started:.1f} s after the drop)"
        )
        self.picture("after-drop")
