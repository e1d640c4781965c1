"""What the browser tests share: ``stupor-solo serve`` as a real process, and a page of it in
Debian's Chromium driven by Playwright.

:class:`Served` starts the server on a free loopback port (``--port 0``; it prints the
link) with a fresh data folder and waits, bounded, for the link. :class:`Page` wraps a
Playwright page: keys, taps on a cell or on a text shown on the screen, and the screen as
text. The screen's text comes from the app itself: the command palette's "Screenshot"
delivers an SVG of the screen to the browser (``/download/<key>``), which the test catches
on its way. That SVG holds exactly what is on the screen, so text found in it is visible
without scrolling.
"""

from __future__ import annotations

import base64
import contextlib
import html
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("STUPOR_TEST_ARTIFACTS", ROOT / "tests" / "browser" / "artifacts"))
"""Where screenshots are kept (the directory is ignored by git)."""
START_SECONDS = 60.0
"""The longest the server may take to print its link (about a second; a busy machine
can take many times that)."""
STOP_SECONDS = 30.0
"""The longest the server may take to stop after ctrl+c."""
CHROMIUM_NAMES = ("chromium", "chromium-browser")


def find_chromium() -> str | None:
    """The system's Chromium, if installed (Debian's ``chromium`` package)."""
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def children_of(pid: int) -> list[int]:
    """The process ids of ``pid``'s children (Linux ``/proc``)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (not gone, not a zombie; Linux ``/proc``)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"


@dataclass
class Served:
    """A running ``stupor-solo serve``."""

    folder: Path
    host: str = "127.0.0.1"
    extra: tuple[str, ...] = ()
    port: int = 0
    """The port to listen on (0: any free one)."""
    """More options for ``serve`` (``--new-token``)."""
    process: subprocess.Popen[bytes] | None = None
    url: str = ""
    output: list[str] = field(default_factory=list)
    _pending: bytes = b""

    def start(self) -> Served:
        """Start it and wait (bounded) for the link it prints."""
        command = [sys.executable, "-m", "companion.cli", "serve", "--port", str(self.port)]
        command += ["--host", self.host, "--data-dir", str(self.folder), *self.extra]
        environment = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=environment,
        )
        deadline = time.monotonic() + START_SECONDS
        while True:  # the banner ends with how to stop
            line = self.read_line(deadline)
            found = re.search(r"Open on this computer:\s+(\S+)", line)
            if found:
                self.url = found.group(1)
            if "ctrl+c to stop" in line:
                break
        assert self.url, self.output
        return self

    def read_line(self, deadline: float) -> str:
        """The next line the server prints (fails past ``deadline``)."""
        process = self.process
        assert process is not None and process.stdout is not None
        descriptor = process.stdout.fileno()
        while b"\n" not in self._pending:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([descriptor], [], [], max(0.0, left))
            if not ready:
                raise AssertionError(f"the server said nothing in time: {self.output}")
            chunk = os.read(descriptor, 4096)
            if not chunk:
                raise AssertionError(f"the server ended: {self.output}")
            self._pending += chunk
        raw, self._pending = self._pending.split(b"\n", 1)
        line = raw.decode("utf-8", "replace")
        self.output.append(line)
        return line

    @property
    def pid(self) -> int:
        """The server's process id."""
        assert self.process is not None
        return self.process.pid

    def apps(self) -> list[int]:
        """The app processes running now (one per open page)."""
        return children_of(self.pid)

    def stop(self) -> int:
        """ctrl+c, as in the terminal; its exit code (it is ended if it does not stop)."""
        process = self.process
        if process is None or process.poll() is not None:
            return process.returncode if process is not None else 0
        process.send_signal(signal.SIGINT)
        try:
            process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise AssertionError("the server did not stop on ctrl+c") from None
        finally:
            if process.stdout is not None:
                rest = self._pending + process.stdout.read()
                self.output.extend(rest.decode("utf-8", "replace").splitlines())
        return process.returncode


def saved_events(folder: Path) -> list[str]:
    """The types of the events in the saved game, oldest first ([] without a game)."""
    path = folder / "current_game.json"
    if not path.exists():
        return []
    document = json.loads(path.read_text())
    game = next(iter(document["game"].values()))
    return [str(event["type"]) for event in game["events"]]


def svg_lines(svg: str) -> list[str]:
    """The rows of text of a Textual SVG screenshot, top to bottom, each character in its
    column (the SVG leaves blanks out: a text's column is its ``x`` over the cell width,
    its row the number of the line it is clipped to)."""
    pattern = (
        r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)" '
        r'clip-path="url\(#[\w-]*line-(\d+)\)">(.*?)</text>'
    )
    parts = []
    for match in re.finditer(pattern, svg):
        text = html.unescape(match.group(4)).replace("\xa0", " ")
        parts.append((float(match.group(1)), float(match.group(2)), int(match.group(3)), text))
    # Rich sets textLength to the cell width times len(text), whatever the characters: a
    # screen with no ASCII text at all (a dialog in the pseudo-locale) has its cells too
    cells = [length / len(text) for _, length, _, text in parts if text]
    cell = min(cells) if cells else 1.0
    rows: dict[int, list[str]] = {}
    for x, _, row, text in parts:
        line = rows.setdefault(row, [])
        column = round(x / cell)
        line.extend(" " * (column + len(text) - len(line)))
        line[column : column + len(text)] = list(text)
    return ["".join(rows.get(row, [])).rstrip() for row in range(max(rows, default=-1) + 1)]


class Page:
    """A page of the served app, in the browser."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.size = (0, 0)
        self._screenshots: list[str] = []
        page.on("websocket", self._websocket)

    def _websocket(self, socket: Any) -> None:
        query = parse_qs(urlsplit(socket.url).query)
        if "width" in query and "height" in query:  # the page's own terminal
            self.size = (int(query["width"][0]), int(query["height"][0]))

        def sent(payload: Any) -> None:
            if isinstance(payload, str) and payload.startswith('["resize"'):
                data = json.loads(payload)[1]
                self.size = (int(data["width"]), int(data["height"]))

        socket.on("framesent", sent)

    def open(self, url: str, seconds: float = START_SECONDS) -> None:
        """Load the page and wait (bounded) until the app has drawn."""
        self.page.goto(url)
        self.page.wait_for_selector("body.-first-byte", timeout=seconds * 1000)
        self.page.focus(".xterm-helper-textarea")  # keys go to the terminal
        self.page.wait_for_timeout(500)

    def keys(self, *keys: str, pause: int = 250) -> None:
        """Press keys (Playwright names: "Enter", "Control+z", "n"...)."""
        for key in keys:
            self.page.keyboard.press(key)
            self.page.wait_for_timeout(pause)

    def type(self, text: str, pause: int = 250) -> None:
        """Type text (as from the phone's keyboard)."""
        self.page.keyboard.type(text)
        self.page.wait_for_timeout(pause)

    def tap_cell(self, column: int, row: int) -> None:
        """A finger's tap on one cell of the terminal."""
        box = self.page.evaluate(
            "() => { const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            " return [r.x, r.y, r.width, r.height]; }"
        )
        columns, rows = self.size
        x = box[0] + (column + 0.5) * box[2] / columns
        y = box[1] + (row + 0.5) * box[3] / rows
        self.page.touchscreen.tap(x, y)
        self.page.wait_for_timeout(400)

    def swipe(self, from_row: int, to_row: int, column: int = 10, steps: int = 12) -> None:
        """A finger pressed on one row, moved to another and lifted (as a phone sends it)."""
        box = self.page.evaluate(
            "() => { const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            " return [r.x, r.y, r.width, r.height]; }"
        )
        columns, rows = self.size
        x = box[0] + (column + 0.5) * box[2] / columns
        start = box[1] + (from_row + 0.5) * box[3] / rows
        end = box[1] + (to_row + 0.5) * box[3] / rows
        touch = self.page.context.new_cdp_session(self.page)
        try:
            send = touch.send
            send(
                "Input.dispatchTouchEvent",
                {"type": "touchStart", "touchPoints": [{"x": x, "y": start}]},
            )
            for step in range(1, steps + 1):
                y = start + (end - start) * step / steps
                send(
                    "Input.dispatchTouchEvent",
                    {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]},
                )
                self.page.wait_for_timeout(16)
            send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        finally:
            touch.detach()
        self.page.wait_for_timeout(600)

    def screen(self) -> list[str]:
        """The app's screen as text, one string per row (see the module)."""
        captured: list[bytes] = []

        def catch(route: Any) -> None:
            from playwright.sync_api import Error as PlaywrightError

            try:
                response = route.fetch()
                body = response.body()
            except PlaywrightError:  # the download cut short (seen once in CI): look again
                with contextlib.suppress(PlaywrightError):
                    route.abort()
                return
            captured.append(body)
            route.fulfill(response=response)

        context = self.page.context
        context.route("**/download/**", catch)
        try:
            for _ in range(3):  # another try when a palette chose nothing or a download broke
                self.keys("Control+p")
                # the palette searches as it is typed into: Enter before the search for the
                # whole word has ended can take another command (on a busy machine, once,
                # the Keys panel), so give the search time to end first
                self.type("Screenshot", pause=700)
                self.keys("Enter")
                deadline = time.monotonic() + START_SECONDS / 2
                while not captured and time.monotonic() < deadline:
                    self.page.wait_for_timeout(100)
                if captured:
                    break
                self.keys("Escape")
        finally:
            context.unroute("**/download/**", catch)
        for extra in context.pages:
            if extra is not self.page:
                extra.close()
        assert captured, "the app delivered no screenshot"
        return svg_lines(captured[0].decode("utf-8"))

    def tap_text(self, pattern: str) -> None:
        """Tap the middle of the first place the screen shows ``pattern`` (a regex)."""
        for row, line in enumerate(self.screen()):
            found = re.search(pattern, line)
            if found:
                self.tap_cell((found.start() + found.end()) // 2, row)
                return
        raise AssertionError(f"{pattern!r} is not on the screen")

    def picture(self, name: str) -> Path:
        """A screenshot of the page, kept in the artifacts folder."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path

    def colours(self, path: Path) -> int:
        """How many different colours the PNG at ``path`` has (decoded by the browser)."""
        data = base64.b64encode(path.read_bytes()).decode()
        script = """async (data) => {
            const image = new Image();
            image.src = "data:image/png;base64," + data;
            await image.decode();
            const canvas = document.createElement("canvas");
            canvas.width = image.width; canvas.height = image.height;
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0);
            const pixels = context.getImageData(0, 0, image.width, image.height).data;
            const seen = new Set();
            for (let i = 0; i < pixels.length; i += 16) {
                seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
            }
            return seen.size;
        }"""
        blank = self.page.context.new_page()
        try:
            return int(blank.evaluate(script, data))
        finally:
            blank.close()
