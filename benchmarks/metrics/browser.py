"""Metric ``browser_key``: Frederick's key in a browser against the same key in the terminal
app, both on the same game at the same size.

Measured side: ``stupor-solo serve`` (a real server, one app process) and a page of it in
Debian's Chromium (Playwright, headless). The page is instrumented before its script runs:
a capturing ``keydown`` listener notes when space is pressed, and a listener on the
page's websocket watches the bytes the app sends; at the first message after the press
that holds "Frederick's last card" (the first line of his instructions) it waits two animation
frames, so the terminal has drawn that message, and notes the time. All in the page's own
clock (``performance.now()``).

Reference: the terminal app (Pilot, headless) at the page's columns and rows, the same key
posted as the terminal would send it, until the app produces the frame with the same
line: a headless app skips turning its screen updates into terminal bytes, so here every
update is turned into them as a terminal app does (Rich's ``render_segments``, the work
the app does before writing to a terminal) and the time is noted at the first that holds
"Frederick's last card". The time until the screen is also idle is kept as a note.

Both sides play the first Frederick turn of the same game (a card that draws no Edict
tile, so no field takes the focus), then undo it untimed and wait until the app is quiet
(the odds and forecast recomputed), and again. The first press of each side warms up and
is not counted.
"""

from __future__ import annotations

import asyncio
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from benchmarks.measure import REPO, Result, Settings, Workspace, clean_env, median, spread
from benchmarks.runner import quiet, settle

T = TypeVar("T")
MARKER = "Frederick's last card"
VIEWPORT = (1024, 768)
"""The page's size: a tablet in landscape."""
SEED = 20
"""A game whose first Frederick card draws no Edict tile."""
WAIT_SECONDS = 30.0

INSTRUMENT = """
(() => {
  const bench = (window.__bench = { pressed: null, shown: [] });
  document.addEventListener("keydown", (event) => {
    if (event.key === " ") { bench.pressed = performance.now(); }
  }, true);
  const Native = window.WebSocket;
  function Watched(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    const decoder = new TextDecoder();
    let tail = "";
    socket.addEventListener("message", (event) => {
      if (typeof event.data === "string") { return; }
      const text = tail + decoder.decode(new Uint8Array(event.data), { stream: true });
      tail = text.slice(-64);
      const pressed = bench.pressed;
      if (pressed !== null && text.includes(MARKER)) {
        bench.pressed = null;
        requestAnimationFrame(() => requestAnimationFrame(() => {
          bench.shown.push(performance.now() - pressed);
        }));
      }
    });
    return socket;
  }
  Watched.prototype = Native.prototype;
  Object.assign(Watched, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Watched;
})();
""".replace("MARKER", repr(MARKER))


def find_chromium() -> str | None:
    """Debian's Chromium, if installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def saved_game(folder: Path, *, seed: int = SEED, frederick_next: bool = True) -> None:
    """The benchmark's game, saved at Frederick's first turn (your turn played), or before
    your first turn if not ``frederick_next`` (the browser tests save it with their seed)."""
    from companion.session import GameSession
    from solo_deck import GameSetup, parse_edict
    from solo_deck.events import Decline, PlayCard

    tiles = [parse_edict(text) for text in ("2T", "1W 1K", "2G 1A", "1S", "1C", "1P")]
    session = GameSession(folder)
    session.start(
        GameSetup(
            active_edicts=(tiles[0], tiles[1], tiles[2]),
            next_edicts=(tiles[3], tiles[4], tiles[5]),
            edict_pile=17,
            seed=seed,
        )
    )
    if frederick_next:
        session.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
        session.push(Decline())


def _serve(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``stupor-solo serve --port 0``; the process and its link."""
    process = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--port", "0", "--data-dir", str(folder)],
        cwd=REPO,
        env=clean_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert process.stdout is not None
    descriptor, seen = process.stdout.fileno(), b""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        found = re.search(rb"Open on this computer:\s+(\S+)", seen)
        if found and b"ctrl+c to stop" in seen:
            return process, found.group(1).decode()
        left = deadline - time.monotonic()
        ready, _, _ = select.select([descriptor], [], [], max(0.0, left))
        chunk = os.read(descriptor, 4096) if ready else b""
        if not chunk:
            process.kill()
            raise RuntimeError(f"stupor-solo serve did not start: {seen.decode()}")
        seen += chunk


def _wait(check: Any, what: str, seconds: float = WAIT_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        time.sleep(0.02)


def in_served_chromium(folder: Path, chromium: str, work: Callable[[Any, str], T]) -> T:
    """``work(browser, url)`` with ``stupor-solo serve`` on ``folder`` and a headless
    Chromium; both stopped afterwards (the server by ctrl+c, ended if it does not stop)."""
    from playwright.sync_api import sync_playwright

    process, url = _serve(folder)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--disable-dev-shm-usage"]
            )
            try:
                return work(browser, url)
            finally:
                browser.close()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _browser_presses(settings: Settings, folder: Path, chromium: str) -> dict[str, Any]:
    return in_served_chromium(
        folder, chromium, lambda browser, url: _in_page(settings, browser, url)
    )


def _in_page(settings: Settings, browser: Any, url: str) -> dict[str, Any]:
    width, height = VIEWPORT
    page = browser.new_page(viewport={"width": width, "height": height})
    page.add_init_script(INSTRUMENT)
    size: dict[str, int] = {}

    def socket_opened(socket: Any) -> None:
        found = re.search(r"width=(\d+)&height=(\d+)", socket.url)
        if found:
            size["columns"], size["rows"] = int(found.group(1)), int(found.group(2))

    page.on("websocket", socket_opened)
    page.goto(url)
    page.wait_for_selector("body.-first-byte", timeout=WAIT_SECONDS * 1000)
    page.focus(".xterm-helper-textarea")
    page.keyboard.press("r")  # resume: the Table at Frederick's turn
    page.wait_for_timeout(2000)  # drawn, and the odds and forecast computed
    shown: list[float] = []
    for _ in range(settings.key_runs + 1):
        count = len(page.evaluate("window.__bench.shown"))
        page.keyboard.press(" ")
        _wait(lambda n=count: len(page.evaluate("window.__bench.shown")) > n, "the card")
        shown.append(float(page.evaluate("window.__bench.shown")[-1]))
        page.keyboard.press("Control+z")  # untimed: back to his turn
        page.wait_for_timeout(1500)
    page.close()
    return {"shown": shown[1:], "size": (size.get("columns", 113), size.get("rows", 42))}


async def _pilot_presses(
    settings: Settings, folder: Path, size: tuple[int, int]
) -> dict[str, list[float]]:
    from textual import events

    from companion.ui.app import StuporSoloApp
    from companion.ui.framework.probes import on_frames
    from companion.ui.framework.textual_internals import send_as_terminal
    from companion.ui.screens.table import TableScreen

    app = StuporSoloApp(folder)
    frames: list[float] = []

    def frame_drawn(segments: Any) -> None:
        if MARKER in segments:
            frames.append(time.perf_counter())

    on_frames(app, frame_drawn)
    found: dict[str, list[float]] = {"frame": [], "idle": []}
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.session.load()
        app.open_table()
        await quiet(pilot)
        table = app.screen
        if not isinstance(table, TableScreen):
            raise RuntimeError("the Table did not open")
        for _ in range(settings.key_runs + 1):
            before, seen = len(app.session.events), len(frames)
            event = events.Key("space", " ")
            event.set_sender(app)
            start = time.perf_counter()
            send_as_terminal(app, event)
            deadline = start + WAIT_SECONDS
            while len(frames) == seen and time.perf_counter() < deadline:
                await asyncio.sleep(0)
            if len(frames) == seen or len(app.session.events) != before + 1:
                raise RuntimeError("space did not draw Frederick's turn")
            found["frame"].append((frames[seen] - start) * 1000)
            await settle(pilot)
            found["idle"].append((time.perf_counter() - start) * 1000)
            app.session.undo()
            table.refresh_state()
            app.set_focus(None)
            await quiet(pilot)
    return {name: values[1:] for name, values in found.items()}


def browser_key(settings: Settings, space: Workspace) -> Result:
    """See the module."""
    chromium = find_chromium()
    if chromium is None:
        raise RuntimeError("no chromium on this machine (apt-get install chromium)")
    browser_folder, pilot_folder = space.data_dir(), space.data_dir()
    saved_game(browser_folder)
    saved_game(pilot_folder)
    found = _browser_presses(settings, browser_folder, chromium)
    shown, size = found["shown"], found["size"]
    pilot = asyncio.run(_pilot_presses(settings, pilot_folder, size))
    terminal, idle = pilot["frame"], pilot["idle"]
    return Result(
        "browser_key",
        2.0,
        median(shown),
        median(terminal),
        what=(
            f"space in Chromium ({VIEWPORT[0]}x{VIEWPORT[1]}) until the frame with "
            "Frederick's instructions is drawn"
        ),
        reference_what=(
            f"the same key in the terminal app (Pilot, {size[0]}x{size[1]}) until it "
            "produces the frame with the same line"
        ),
        notes=[
            f"{len(shown)} presses each; runs (ms): {spread(shown)} vs {spread(terminal)}",
            f"the terminal app until the key's work is all done and the screen idle: "
            f"{median(idle):.1f} ms (ratio against it {median(shown) / median(idle):.2f})",
        ],
    )
