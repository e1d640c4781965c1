"""The Coach on a phone (390x844 in Chromium on ``stupor-solo serve``): tapped in the footer,
it shows its three turns with their figures whole (none cut at the phone's width), and its
Close button brings the Table back with nothing recorded."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from benchmarks.coach_gen import coach_game
from tests.browser.served import Page, Served, saved_events
from tests.browser.test_browser import until

OpenPage = Callable[..., Page]
FIGURES = re.compile(
    r"^\W*([123])  \d+\.\d VP \((\d+\.\d–\d+\.\d|\d+ games?)\)  Feudal lord \d+ %\W*$"
)
"""One turn's figures, whole: rank, expected score, interval, the title's chance."""
GAMES = 30
"""The games the Coach plays for its answer here (``[coach] games``)."""
NOTICE_MS = 6_500
"""Long enough for a notice to go (Textual's five seconds)."""


def coach_position(folder: Path) -> int:
    """A game saved at the start of a turn the Coach can weigh; its number of events."""
    from companion.session import GameSession

    setup, events = coach_game(seed=3, rounds=2)
    session = GameSession(folder)
    session.start(setup)
    for event in events:
        session.push(event)
    return len(events)


def figures(screen: list[str]) -> list[str]:
    """The ranks whose figures the screen shows whole, top to bottom."""
    return [found.group(1) for line in screen if (found := FIGURES.match(line))]


def test_the_coach_s_figures_fit_a_phone(data_folder: Path, open_page: OpenPage) -> None:
    played = coach_position(data_folder)
    # A few games per answer: the served app is idle again once the answer is final, so
    # each look at the screen is not slowed by the Coach still sharpening.
    config = data_folder.parent / "config.toml"
    config.write_text(f"[coach]\ngames = {GAMES}\n", encoding="utf-8")
    served = Served(data_folder, extra=("--config", str(config))).start()
    try:
        page = open_page(390, 844)
        page.open(served.url)
        page.keys("r", pause=800)  # resume
        until(lambda: any("What to do" in line for line in page.screen()), what="the Table")
        page.tap_text(r"Coach")  # the footer's key: a tap target three lines tall
        # Each look at the screen (the command palette's Screenshot) leaves a notice over
        # the top of the page for a few seconds: look once the last one has gone (the
        # answer has come meanwhile), and again only once this one has gone.
        screen: list[str] = []
        for wait in [NOTICE_MS] * 5:
            page.page.wait_for_timeout(wait)
            screen = page.screen()
            if figures(screen) == ["1", "2", "3"]:
                break
        assert figures(screen) == ["1", "2", "3"], "\n".join(screen)
        page.page.wait_for_timeout(NOTICE_MS)  # the picture without the last notice
        page.picture("phone-coach")
        assert page.size[0] < 50, page.size  # a phone's width in columns
        assert any("Aiming at Feudal lord" in line for line in screen), screen
        page.tap_text(r"\bClose\b")
        until(lambda: any("What to do" in line for line in page.screen()), what="the Table")
        assert len(saved_events(data_folder)) == played  # nothing recorded
    finally:
        assert served.stop() == 0
