"""A quiet server: a malformed request is one short line (a few a minute at most), never a
traceback; apps that stop leave no "Unknown child process" line; Enter in the server's
terminal shows the link again."""

from __future__ import annotations

import logging
import os
import pty
import re
import select
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
from aiohttp.http_exceptions import BadHttpMessage, LineTooLong

from companion.serve.log_lines import ShortLines, Throttle
from tests.browser.served import ROOT, Served

MALFORMED = [
    b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n",
    b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(20000)) + b"\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
    b"GARBAGE\r\n\r\n",
]


def _record(error: Exception) -> logging.LogRecord:
    try:
        raise error
    except Exception:
        info = sys.exc_info()
    return logging.LogRecord(
        "aiohttp.server",
        logging.ERROR,
        "",
        0,
        "Error handling request from %s",
        ("10.0.0.9",),
        info,
    )


def test_a_malformed_request_is_one_short_line() -> None:
    shown = ShortLines().format(_record(LineTooLong("a" * 9000, 8190)))
    assert shown.startswith("Refused a malformed request from 10.0.0.9: ")
    assert "\n" not in shown and "Traceback" not in shown and len(shown) < 160
    other = logging.LogRecord("aiohttp", logging.WARNING, "", 0, "plain %s", ("words",), None)
    assert ShortLines().format(other) == "aiohttp: plain words"


def test_only_a_few_lines_a_minute_then_the_count_held_back() -> None:
    now = [0.0]
    throttle = Throttle(per_minute=3, clock=lambda: now[0])
    passed = [throttle.filter(_record(BadHttpMessage("bad"))) for _ in range(10)]
    assert passed == [True] * 3 + [False] * 7
    now[0] = 61.0
    record = _record(BadHttpMessage("bad"))
    assert throttle.filter(record)
    assert "7 more held back" in ShortLines().format(record)
    plain = logging.LogRecord("x", logging.WARNING, "", 0, "m", (), None)
    assert all(throttle.filter(plain) for _ in range(10))  # other lines are never held


def _send(port: int, raw: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(raw)
        return connection.recv(100)


def _port(url: str) -> int:
    found = re.search(r":(\d+)/", url)
    assert found is not None
    return int(found.group(1))


def test_malformed_requests_leave_no_traceback_and_keep_the_link_in_view(tmp_path: Path) -> None:
    server = Served(tmp_path / "data", host="0.0.0.0").start()
    try:
        banner = len(server.output)
        for _ in range(4):
            for raw in MALFORMED:
                assert _send(_port(server.url), raw).startswith(b"HTTP/1.")
        time.sleep(0.5)
    finally:
        server.stop()
    said = server.output[banner:]
    assert not [line for line in said if "Traceback" in line or "File " in line], said
    refused = [line for line in said if line.startswith("Refused a malformed request")]
    assert 1 <= len(refused) <= 3, said


async def test_pages_that_close_leave_no_unknown_child_line(tmp_path: Path) -> None:
    server = Served(tmp_path / "data").start()
    try:
        socket_url = server.url.replace("http", "ws") + "ws?width=80&height=24"
        origin = server.url.rstrip("/")
        async with aiohttp.ClientSession() as client:
            for _ in range(5):
                page = await client.ws_connect(socket_url, headers={"Origin": origin})
                await page.receive(timeout=20)  # the app drew its first frame
                await page.close()
        deadline = time.monotonic() + 20
        while server.apps() and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        server.stop()
    assert not [line for line in server.output if "Unknown child" in line], server.output


def test_enter_in_the_server_terminal_shows_the_link_again(tmp_path: Path) -> None:
    leader, follower = pty.openpty()
    command = [sys.executable, "-m", "companion.cli", "serve", "--port", "0"]
    command += ["--data-dir", str(tmp_path / "data")]
    environment = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
    process = subprocess.Popen(
        command, cwd=ROOT, stdin=follower, stdout=follower, stderr=follower, env=environment
    )
    os.close(follower)
    seen = b""

    def read_until(text: bytes, count: int) -> None:
        nonlocal seen
        deadline = time.monotonic() + 30
        while seen.count(text) < count:
            ready, _, _ = select.select([leader], [], [], max(0.0, deadline - time.monotonic()))
            assert ready, seen.decode(errors="replace")
            seen += os.read(leader, 4096)

    try:
        read_until(b"Enter shows the link again", 1)
        read_until(b"Open on this computer:", 1)
        os.write(leader, b"\n")
        read_until(b"Open on this computer:", 2)
    finally:
        process.terminate()
        process.wait(10)
        os.close(leader)
