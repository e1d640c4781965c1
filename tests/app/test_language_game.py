"""A whole round in each language (issue 42, "Done when"): your turn with its dialogs,
Frederick's turns, your pass, the End Phase and the Final score, played by keys
(:mod:`tests.app.language_round`). At each moment the headings and buttons a player goes
by read in the language, as its catalogue words them (``_()`` in the test, so a
translation can change without the test changing); in the pseudo-locale, every screen on
the way is scanned for English that never went through the catalogue
(:func:`tests.app.language_scan.untranslated`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from textwrap import shorten

import pytest

from companion.i18n import _, use_language
from companion.ui.app import StuporSoloApp
from solo_deck import Phase
from solo_deck.events import PlayCard
from tests.app.language_round import MOMENTS, play_round, round_setup
from tests.app.language_scan import shows, untranslated
from tests.app.pilot_helpers import SIZE, open_table

WORDS: dict[str, tuple[str, ...]] = {
    "your turn": ("What to do", "Your board", "Play card"),
    "play card": ("Play a card",),
    "promote": ("Promote a Specialist",),
    "frederick's turn": ("What to do", "Frederick's palace"),
    "pass": ("Pass for the rest of the round?",),
    "end phase": ("Castle income", "Ally income", "End the round"),
    "end phase done": ("End the round",),
    "final score": ("Final score", "Your final counts", "Save to history"),
}
"""The English of what each moment must show in the language (the headings, titles and
buttons a player finds their way by): taken through the catalogue in the test."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


@pytest.mark.parametrize("language", ["it", "de", "fr", "qps"])
async def test_a_whole_round_reads_in_the_language(tmp_path: Path, language: str) -> None:
    use_language(language)  # what `stupor-solo --lang it` does before the app starts
    app = StuporSoloApp(tmp_path, insight=False)
    missing: list[str] = []
    english: dict[str, list[str]] = {}

    async def look(moment: str) -> None:
        for message in WORDS[moment]:
            wanted = _(message)
            if wanted == message:
                miss = f"{moment}: {message!r} has no {language} translation"
            elif not shows(app, wanted):
                miss = f"{moment}: {wanted!r} ({message!r}) not on the screen"
            else:
                continue
            if miss not in missing:
                missing.append(miss)
        if language == "qps":
            where = f"{moment} ({type(app.screen).__name__})"
            for run in untranslated(app):
                if run not in english.setdefault(where, []):
                    english[where].append(run)

    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot, setup=round_setup())
        seen = await play_round(app, pilot, look)
        assert set(seen) == set(MOMENTS), seen  # the round went through every moment
        assert app.session.state.phase is Phase.GAME_OVER
    found = {where: runs for where, runs in english.items() if runs}
    report = "\n".join(
        f"{where}:\n  " + "\n  ".join(shorten(run, 100, placeholder=" …") for run in runs)
        for where, runs in found.items()
    )
    assert not missing and not found, "\n".join(
        [*missing, *(["English outside the catalogue on screen:", report] if found else [])]
    )


async def test_a_card_effect_taken_at_once_is_told_in_the_language_in_use(
    tmp_path: Path,
) -> None:
    """A face-up card whose effect is plain numbers is taken at once and told in a notice:
    the engine's sentence, rendered in the language in use (it was told in English)."""
    use_language("qps")
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        table = await open_table(app, pilot)
        table.apply(PlayCard(slot=0, face_up=True, card_id="common-stone"))
        await pilot.pause()
        await pilot.pause()
        told = [notice.message for notice in app._notifications]
        assert told, "the effect is told"
        assert all("«" in message for message in told), told
