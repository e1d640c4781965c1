"""An evening at the table by taps: one whole solo game played in headless Chromium with a
finger only, with one server restart and one dropped connection in the middle (issue 27).

Run from the repository root (not collected by pytest)::

    python -m benchmarks.evening_by_taps --size 390x844     # a phone
    python -m benchmarks.evening_by_taps --size 1024x768    # a landscape tablet

It starts a real ``stupor-solo serve`` on a loopback port with its own data folder in a
temporary directory, opens the link in the system's Chromium (``/usr/bin/chromium``,
touch on; a phone's viewport for a narrow size), and plays: the New game form (the tiles
typed into their fields, as a phone's keyboard does), then turn after turn by tapping what
the screen shows: a face-up House card that only gains something, else a card face down
whose action is declined; Frederick's button; the tile fields his cards open; the End
Phase; to the final score. After round 1 the server is stopped and started again on the
same port and folder (the page must come back on the same link); in round 2 the socket is
closed under the page (it must come back by itself); with ``--outage 150``, in round 4 the
server is gone 150 s, as under a laptop closed over dinner (the page must come back by
itself or offer "Open here again").

Reading the screen is the one thing not done by finger: it goes through the app's own
Screenshot command (tests/browser/served.py), which shows a "Saved screenshot" notice; the
pictures are taken before such a read, or once its notices are gone.

Out: numbered PNGs in ``/tmp/evening/<size>/``, what the server printed in ``server.log``,
and ``steps.txt`` there, one line per tap: what was tapped, roughly how long until the
page's pixels changed, and notes.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.evening_outages import WAIT_SECONDS, Outages
from benchmarks.evening_reading import (
    END_PHASE_BUTTONS,
    PUT_BACK,
    Step,
    free_port,
    in_end_phase,
    row_of,
    what_to_do,
)
from tests.browser.served import Page, Served, saved_events, svg_lines

CHROMIUM = "/usr/bin/chromium"
OUT = Path("/tmp/evening")
NOTICE_SECONDS = 7.0
"""How long the Screenshot notice stays up (5 s by default; a little more to fade)."""
CHANGE_SECONDS = 10.0
"""The longest a tap's effect is waited for before the step is noted as "no change"."""
SETUP = ("2T", "1W 1K", "2G 1A", "1S", "1C", "1P")
"""The six starting Edict tiles typed into the New game form; then the pile."""
PILE = "17"
TILES = ("1S", "1G", "2A", "1T", "1W", "1K", "1C", "1P")  # typed in turn for drawn tiles
TILE_LABELS: tuple[str, ...] = (r"Active I \(top\)", r"Active II\b", r"Active III \(bottom\)")
TILE_LABELS += (r"Next I\b", r"Next II\b", r"Next III\b")
"""The New game form's six tile fields' labels (one to a row on a phone, three on a
tablet)."""
TILE_FIELD = r"New (Next|Active) I{1,3} tile \("
"""The label over the field for a drawn Edict tile."""
LONG_ALLIES = ("Balthasar", "Castellan", "Domentzia", "Philaretos", "Okechukwu", "Sigeberht")
"""Ally names long enough to be wrapped in a narrow naming grid."""
DECLINE = r"(?<=\s{3})Decline(?=\s+█)"  # a dialog's Decline button (no key in a browser)
SIMPLE_GAIN = r"Face up · House card: \+\d+ (Stone|Grain|Augustales)\s*▎"
"""A face-up House card that only gains something (no prompt after it)."""


@dataclass
class Evening(Outages):
    """One game by taps on one page of one server."""

    page: Page
    folder: Path
    out: Path
    port: int
    served: Served
    steps: list[Step] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    pictures: int = 0
    server_bytes: int = 0
    """How much the server printed in the evening (drained as it goes)."""
    _last_read: float = 0.0
    _tiles: int = 0
    _stuck: int = 0
    _events: int = -1

    # -- reading and seeing -------------------------------------------------------------

    def drain_server(self) -> None:
        """Read what the server printed so far (without waiting): its pipe is not read
        otherwise, and a full pipe would stop the server mid-evening. It is kept in
        ``server.log`` beside the pictures, for a run that went wrong."""
        process = self.served.process
        if process is None or process.stdout is None:
            return
        descriptor = process.stdout.fileno()
        while select.select([descriptor], [], [], 0)[0]:
            chunk = os.read(descriptor, 65536)
            if not chunk:
                return
            self.server_bytes += len(chunk)
            with (self.out / "server.log").open("ab") as log:
                log.write(chunk)

    def screen(self) -> list[str]:
        self.drain_server()
        for attempt in range(3):
            try:
                lines = self.read_screen()
                break
            except Exception as error:  # the download of the app's SVG was cut: read again
                if attempt == 2:
                    raise
                print(f"(reading the screen failed once: {str(error)[:60]}; again)", flush=True)
                self.page.page.context.unroute("**/download/**")
                for extra in self.page.page.context.pages:
                    if extra is not self.page.page:
                        extra.close()
                self.page.page.wait_for_timeout(1000)
        self._last_read = time.monotonic()
        return lines

    def read_screen(self) -> list[str]:
        """The app's Screenshot command (Page.screen's way), its SVG read off the page it
        opens rather than caught on the wire (a caught download was cut at times)."""
        page = self.page.page
        with page.context.expect_page(timeout=WAIT_SECONDS * 1000) as opened:
            self.page.keys("Control+p")
            self.page.type("Screenshot")
            self.page.keys("Enter")
        shown = opened.value
        try:
            shown.wait_for_selector("text", state="attached", timeout=WAIT_SECONDS * 1000)
            svg = str(shown.content())
        finally:
            shown.close()
        return svg_lines(svg)

    def picture(self, name: str) -> Path:
        """A numbered PNG of the page, once the Screenshot notices are gone."""
        left = self._last_read + NOTICE_SECONDS - time.monotonic()
        if left > 0:
            time.sleep(left)
        self.pictures += 1
        path = self.out / f"{self.pictures:02d}-{name}.png"
        self.page.page.screenshot(path=str(path))
        print(f"picture {path}", flush=True)
        return path

    def pixels(self) -> bytes:
        return bytes(self.page.page.screenshot())

    def note(self, text: str) -> None:
        self.notes.append(text)
        print(f"NOTE {text}", flush=True)

    # -- taps -----------------------------------------------------------------------------

    def finger(self, column: int, row: int) -> None:
        """A touch at the middle of a terminal cell (Page.tap_cell without its pause)."""
        box = self.page.page.evaluate(
            "() => { const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            " return [r.x, r.y, r.width, r.height]; }"
        )
        columns, rows = self.page.size
        x = box[0] + (column + 0.5) * box[2] / columns
        y = box[1] + (row + 0.5) * box[3] / rows
        self.page.page.touchscreen.tap(x, y)

    def tap(self, column: int, row: int, what: str, note: str = "") -> Step:
        """Tap a cell; time until the page's pixels change (rough: a notice that ends in
        that moment counts as a change)."""
        before = self.pixels()
        started = time.monotonic()
        self.finger(column, row)
        seconds: float | None = None
        while time.monotonic() - started < CHANGE_SECONDS:
            if self.pixels() != before:
                seconds = time.monotonic() - started
                break
            self.page.page.wait_for_timeout(100)
        step = Step(what, seconds, note)
        self.steps.append(step)
        print(step.line(), flush=True)
        self.page.page.wait_for_timeout(600)  # let the frame settle
        return step

    def tap_text(self, pattern: str, what: str = "", screen: list[str] | None = None) -> Step:
        """Tap the middle of the first place the screen shows ``pattern``."""
        screen = screen if screen is not None else self.screen()
        for row, line in enumerate(screen):
            found = re.search(pattern, line)
            if found:
                return self.tap((found.start() + found.end()) // 2, row, what or pattern)
        raise AssertionError(f"{pattern!r} is not on the screen:\n" + "\n".join(screen))

    def type(self, text: str) -> None:
        """What the phone's on-screen keyboard types into the focused field."""
        self.page.type(text)
        self.steps.append(Step(f"  (keyboard) {text!r}", None, "typed"))

    def until(self, check: Callable[[], bool], what: str) -> float:
        started = time.monotonic()
        while not check():
            if time.monotonic() - started > WAIT_SECONDS:
                raise AssertionError(f"timed out waiting for {what}")
            time.sleep(0.2)
        return time.monotonic() - started

    # -- the New game form --------------------------------------------------------------

    def new_game(self) -> None:
        self.picture("start-screen")
        self.tap_text(r"New game(?!\s*h )", "Start screen: New game")
        self.picture("new-game-form")
        for pattern, value in zip(TILE_LABELS, SETUP, strict=True):
            screen, top = self.reach(pattern)  # the form moves as the readings appear
            label = re.search(pattern, screen[top])
            assert label is not None, screen[top]
            column = label.start()
            row = next(
                (r for r in range(top + 1, top + 5) if "e.g." in screen[r][column : column + 16]),
                top + 2,
            )
            name = pattern.split("\\")[0].replace("\\b", "").strip()
            self.tap(column + 4, row, f"New game: field {name}")
            self.type(value)
        self.reach(r"count them")
        screen = self.screen()
        self.tap_text(r"count them", "New game: pile field", screen)
        self.type(PILE)
        self.picture("new-game-filled")
        rows = self.page.size[1]
        for _ in range(4):
            screen = self.screen()
            button = row_of(screen, r"Start game(?=\s+Back)")
            if 0 <= button < rows - 4:
                break
            self.page.swipe(rows - 8, rows // 2)
        self.tap_text(r"Start game(?=\s+Back)", "New game: Start game button")
        self.until(lambda: (self.folder / "current_game.json").exists(), "the new game")

    # -- the game -------------------------------------------------------------------------

    def play_a_card(self, screen: list[str]) -> None:
        self.tap_text(r"Play card(?=\s+Continue)", "Table: Play card", screen)
        dialog = self.screen()
        if self.pictures < 6:
            self.picture("dialog-play-a-card")
        gain = max(row_of(dialog, SIMPLE_GAIN.replace("Stone|Grain|", "")), -1)
        gain = gain if gain >= 0 else row_of(dialog, SIMPLE_GAIN)
        before = len(saved_events(self.folder))
        if gain >= 0:
            self.tap(20, gain, "Play a card: a face-up gain line")
        else:
            self.tap_text(r"Face down · Promote", "Play a card: face down Promote line", dialog)
        self.tap_text(r"\bPlay(?=\s+(Decline\s+)?Cancel\b)", "Play a card: Play button")
        if gain < 0:
            screen = self.screen()
            if row_of(screen, r"Decline") >= 0:
                if "declin" not in " ".join(self.notes):
                    self.picture("dialog-decline")
                self.tap_text(r"Decline( \(ctrl\+d\))?", "Promote: Decline button", screen)
        self.until(lambda: len(saved_events(self.folder)) > before, "the card to be saved")

    def key_in_tile(self, screen: list[str]) -> None:
        """A field for a drawn Edict tile: tap it, type the tile, tap its Enter button."""
        label = row_of(screen, TILE_FIELD)
        field_row = row_of(screen[label + 1 :], r"e\.g\. \d") + label + 1
        assert label >= 0, "\n".join(screen)
        his_card = re.search(r"Frederick's last card|(^|\s)1\. ", what_to_do(screen))
        if not his_card and "scrolled" not in str(self.notes):
            self.note(
                "What to do scrolled to the tile's field: his card's instructions are"
                " above, out of the panel (swipe it to read them)"
            )
            self.picture("tile-field-his-card-hidden")
        before = len(saved_events(self.folder))
        tile = TILES[self._tiles % len(TILES)]
        self._tiles += 1
        for attempt in range(3):
            column = screen[field_row].index("e.g. ") + 6  # the field's placeholder
            self.tap(column, field_row, "Edict tile: its one-line field")
            self.type(tile)
            if row_of(self.screen(), re.escape(tile) + r"(\s*$|\s+│|\s+Enter\b)") >= 0:
                break
            self.note(
                f"Edict tile field: tap {attempt + 1} did not take the typed {tile!r};"
                " tapped the field again"
            )
            self.picture("tile-field-missed")
        self.tap_text(r"(?<=\s)Enter\s*│?$", "Edict tile: Enter button")
        self.until(lambda: len(saved_events(self.folder)) > before, "the tile to be saved")

    def reach(self, pattern: str) -> tuple[list[str], int]:
        """Swipe the form up a little at a time until ``pattern`` shows well above the
        bottom (it lies below, or on the screen); the screen and its row."""
        rows = self.page.size[1]
        for _ in range(12):
            screen = self.screen()
            found = row_of(screen, pattern)
            if 0 <= found < rows - 10:
                return screen, found
            self.page.swipe(rows - 10, rows - 22)
        raise AssertionError(f"{pattern!r} never showed:\n" + "\n".join(screen))

    def swipe_to(self, pattern: str) -> None:
        """Swipe the screen up until ``pattern`` shows above the footer."""
        rows = self.page.size[1]
        for _ in range(6):
            found = row_of(self.screen(), pattern)
            if 0 <= found < rows - 8:
                return
            self.page.swipe(rows - 10, rows // 3)

    def end_phase(self, screen: list[str]) -> None:
        """Tap the End Phase's buttons in order; one that records nothing is noted."""
        events = len(saved_events(self.folder))
        self._stuck = self._stuck + 1 if events == self._events else 0
        self._events = events
        if self._stuck >= 3:
            self.picture("end-phase-stuck")
            raise AssertionError("the End Phase records nothing:\n" + "\n".join(screen))
        if not any("End Phase" in note for note in self.notes):
            self.picture("end-phase")
        done: set[str] = set()
        for label in [*END_PHASE_BUTTONS, *END_PHASE_BUTTONS]:  # a notice may hide one
            if row_of(screen, label) < 0 or label in done:
                continue
            done.add(label)
            naming = row_of(screen, r"Who was turned up\?") >= 0
            if label == END_PHASE_BUTTONS[-1] and naming and "names" not in str(self.notes):
                shown = " ".join(screen)
                cut = [name for name in LONG_ALLIES if name[:6] in shown and name not in shown]
                wrapped = f"wrapped mid-word: {', '.join(cut)}" if cut else "whole"
                self.note(f"End Phase: the Ally names to pick from are {wrapped}")
                self.picture("end-phase-ally-names")
                self.swipe_to(r"End the round \(e\)")
                screen = self.screen()
            row = row_of(screen, label)
            if any(line.startswith("▌") for line in screen[max(row - 1, 0) : row + 2]):
                # a notice (this driver's own Screenshot ones) lies over the button: a tap
                # would close the notice, so wait until they are gone and read again
                time.sleep(NOTICE_SECONDS)
                screen = self.screen()
            before = len(saved_events(self.folder))
            name = re.sub(r"\(\?<?[=!][^)]*\)", "", label)  # the label without its lookarounds
            self.tap_text(label, f"End Phase: {name}", screen)
            time.sleep(1.0)
            if len(saved_events(self.folder)) == before:
                self.steps[-1].note = "recorded nothing (not its turn yet, or hidden)"
            screen = self.screen()
            if not in_end_phase(screen):
                return

    def final_score(self) -> None:
        """The final counts and the score: pictures, then its Save to history button."""
        self.picture("final-counts")
        self.swipe_to(r"Total\s+\d+")
        self.picture("final-score")
        self.swipe_to(r"Save to history")
        screen = self.screen()
        total = next((line for line in screen if re.search(r"Total\s+\d+", line)), "")
        self.note(f"final score: {' '.join(total.strip('│ ').split())}")
        self.tap_text(r"Save to history", "Final score: Save to history button", screen)
        self.until(lambda: (self.folder / "history.json").exists(), "the game in the history")
        self.picture("saved-start-screen")

    def turn(self) -> str:
        """One step of the game by what the screen asks; what was done."""
        screen = self.screen()
        text = what_to_do(screen)
        if row_of(screen, r"Your final counts|─ Score ─") >= 0:
            self.final_score()
            return "over"
        if row_of(screen, PUT_BACK) >= 0:
            if not any("Put resources back" in note for note in self.notes):
                self.note("Put resources back dialog (a full warehouse): its default is kept")
                self.picture("dialog-put-back")
            before = len(saved_events(self.folder))
            self.tap_text(PUT_BACK, "Put resources back: Put back", screen)
            self.until(lambda: len(saved_events(self.folder)) > before, "the put back saved")
            return "put back"
        if in_end_phase(screen):
            self.end_phase(screen)
            return "end phase"
        if "tap Frederick" in text or re.search(r"Frederick's turn", text):
            before = len(saved_events(self.folder))
            self.tap_text(r"Frederick(?=\s+Play card)", "Table: Frederick button", screen)
            self.until(lambda: len(saved_events(self.folder)) > before, "his turn saved")
            return "frederick"
        if re.search(r"type it below", text) or row_of(screen, TILE_FIELD) >= 0:
            self.key_in_tile(screen)
            return "tile"
        footer = " ".join(screen[-4:])
        if re.search(r"or pass \(tap Pass\)", text) and not re.search(r"\bp Pass", footer):
            if not any("Pass" in note for note in self.notes):
                self.note(
                    "What to do says 'or pass (tap Pass)' but the Pass button is dimmed and"
                    " the footer has no Pass: a card is played instead"
                )
                self.picture("pass-dimmed")
        elif re.search(r"or pass \(tap Pass\)", text):
            before = len(saved_events(self.folder))
            self.tap_text(r"(?<=\s{3})Pass\s*$", "Table: Pass button", screen)
            self.until(lambda: len(saved_events(self.folder)) > before, "the pass saved")
            return "pass"
        if re.search(r"Your turn \d+: travel first|Your last card slot", text):
            self.play_a_card(screen)
            return "card"
        if row_of(screen, DECLINE) >= 0:  # an action's dialog a tap opened: let it go
            before = len(saved_events(self.folder))
            self.tap_text(DECLINE, "a dialog's Decline button", screen)
            self.until(lambda: len(saved_events(self.folder)) > before, "the decline saved")
            return "declined"
        raise AssertionError("what now?\n" + "\n".join(screen))


def run(size: str, outage: float = 0.0) -> int:
    from playwright.sync_api import sync_playwright

    width, height = (int(part) for part in size.split("x"))
    out = OUT / size
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="evening-") as temporary:
        folder = Path(temporary) / "data"
        port = free_port()
        served = Served(folder, port=port).start()
        evening: Evening | None = None
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
                )
                context = browser.new_context(
                    viewport={"width": width, "height": height},
                    has_touch=True,
                    is_mobile=width < 600,
                )
                page = Page(context.new_page())
                page.open(served.url)
                evening = Evening(page, folder, out, port, served)
                try:
                    evening.new_game()
                    evening.picture("table")
                    rounds = 0
                    dropped = outaged = False
                    while True:
                        done = evening.turn()
                        if done == "over":
                            break
                        if done == "end phase":
                            rounds = saved_events(folder).count("end_round")
                            if rounds == 1 and evening.served is served:
                                evening.restart_server()
                        if done == "frederick" and rounds == 2 and not dropped:
                            evening.drop_connection()
                            dropped = True
                        if done == "frederick" and rounds == 3 and outage and not outaged:
                            evening.long_outage(outage)
                            outaged = True
                finally:
                    report = [step.line() for step in evening.steps]
                    evening.drain_server()
                    said = f"the server printed {evening.server_bytes} bytes in the evening"
                    report += ["", "Notes:", *evening.notes, said]
                    (out / "steps.txt").write_text("\n".join(report) + "\n")
                    evening.picture("last")
                    print((out / "steps.txt").read_text())
                browser.close()
        finally:
            served.stop()
            if evening is not None:
                evening.served.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="390x844", help="the viewport, WIDTHxHEIGHT")
    parser.add_argument(
        "--outage",
        type=float,
        default=0.0,
        help="in round 4, stop the server this many seconds (150: a closed laptop)",
    )
    arguments = parser.parse_args(argv)
    return run(arguments.size, arguments.outage)


if __name__ == "__main__":
    sys.exit(main())
