"""Issue 39, ``reconnect``: a page that comes back after its connection dropped gets its new
app at once, while the app it had is still closing; the new app takes the data when the
earlier one lets it go, and draws the Table. A real ``serve``, its app processes, and a
websocket client in place of the page."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import aiohttp
import pytest

from benchmarks.metrics.browser import saved_game
from companion.storage.lock import DataLock
from tests.browser.served import Served, alive

TAB = "TestTab0123"
"""The tab's name the page sends (letters and digits, as the page makes it)."""


def _argv(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]


async def _until_drawn(socket: aiohttp.ClientWebSocketResponse, marker: bytes) -> None:
    """Read the app's output until ``marker`` was drawn (bounded)."""
    seen = b""
    deadline = time.monotonic() + 60
    while marker not in seen:
        message = await socket.receive(timeout=max(0.1, deadline - time.monotonic()))
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.BINARY:
            seen = seen[-64:] + message.data


async def test_a_page_come_back_gets_its_app_while_the_earlier_one_still_closes(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    saved_game(folder, frederick_next=False)
    server = Served(folder).start()
    earlier = 0
    try:
        url = server.url.replace("http", "ws") + f"ws?width=80&height=24&tab={TAB}"
        origin = {"Origin": server.url.rstrip("/")}
        async with aiohttp.ClientSession() as client:
            first = await client.ws_connect(url, headers=origin)
            await _until_drawn(first, b"New game")
            note = None
            deadline = time.monotonic() + 30
            while (note := DataLock(folder).holder_note()) is None:
                assert time.monotonic() < deadline, "the first app never took the data"
                await asyncio.sleep(0.05)
            earlier = note[0]
            assert server.apps() == [earlier]
            os.kill(earlier, signal.SIGSTOP)  # it cannot quit, as if it were slow to
            second = await client.ws_connect(f"{url}&resume=1", headers=origin)
            deadline = time.monotonic() + 4  # the server gives an app 5 s to quit
            while len(server.apps()) < 2:
                assert time.monotonic() < deadline, "the new app waited for the earlier one"
                await asyncio.sleep(0.02)
            (new,) = set(server.apps()) - {earlier}
            assert alive(earlier)  # still there, and still holding the data
            assert DataLock(folder).holder_note() == note
            while "companion.serve.app_process" not in (argv := _argv(new)):
                assert time.monotonic() < deadline + 10, argv  # forked, not yet the app
                await asyncio.sleep(0.01)
            assert argv[-3:] == ["--resume", "--after", str(earlier)]
            os.kill(earlier, signal.SIGCONT)  # it quits, and lets the data go
            await _until_drawn(second, b"What to do")  # the Table, not the Start screen
            assert not alive(earlier)
            assert server.apps() == [new]
            assert DataLock(folder).holder_note() == (new, note[1])
            await first.close()
            await second.close()
    finally:
        if earlier and alive(earlier):
            os.kill(earlier, signal.SIGCONT)
        assert server.stop() == 0


def test_the_app_process_is_told_which_app_to_wait_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.serve import app_process
    from companion.ui.app import StuporSoloApp

    made: list[StuporSoloApp] = []
    monkeypatch.setattr(StuporSoloApp, "get_ready", lambda self: None)
    monkeypatch.setattr(StuporSoloApp, "run", lambda self, **_: made.append(self))
    data = str(tmp_path / "data")
    assert app_process.main([data, "--resume", "--after", "4242"]) == 0
    assert made[-1].RESUME_AT_START and made[-1].EARLIER_APP == 4242
    assert app_process.main([data]) == 0
    assert not made[-1].RESUME_AT_START and made[-1].EARLIER_APP is None
    for wrong in (["--after"], ["--after", "x"], ["--after", "-1"], ["--after", "٣"]):
        assert app_process.main([data, "--resume", *wrong]) == 2  # a usage line, no app
    assert len(made) == 2


def test_the_new_app_waits_longer_than_serve_gives_the_earlier_one() -> None:
    """Past the wait, the Data in use screen: by then serve has ended the earlier app, so
    only another copy can still hold the data."""
    from companion.serve.server import REAP_SECONDS, STOP_SECONDS
    from companion.ui.data_hold import EARLIER_APP_WAIT

    assert EARLIER_APP_WAIT > STOP_SECONDS + REAP_SECONDS
