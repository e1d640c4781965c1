"""The pseudo-locale (every message about 40 % longer, accented, between « ») at 80x24,
120x40 and a phone's size (46x60 in a browser): nothing a player must read is cut. The
layout tests' own positions and conditions (:mod:`tests.app.test_table_fit`,
:mod:`tests.app.test_phone_fit`, :mod:`tests.app.test_notice_room`,
:mod:`tests.app.test_dialog_top`, :mod:`tests.app.test_final_score`), in ``qps``: What to
do, a notice, the End Phase's steps, the Final score and the Play card dialog.

"Whole" is read off the screen: a pseudo message shows its « and its » (a message cut at
an edge or by an ellipsis loses its »: :func:`tests.app.language_scan.cut`), and a text
checked word for word is the catalogue's, through ``_()``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.geometry import Region
from textual.widgets import Button, Digits, OptionList, Static

from companion.i18n import _, use_language
from companion.ui.app import StuporSoloApp
from companion.ui.screens.final_score import FinalScoreScreen
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.widgets.key_footer import KeyFooter
from tests.app.end_phase_helpers import ALLIES, COMPLETE, make_app, open_end_phase
from tests.app.language_scan import cut, region_lines
from tests.app.pilot_helpers import open_screen, open_table, settle
from tests.app.test_dialog_top import GAMES
from tests.app.test_notice_room import TURN, kept_free, shown_notices, shown_text
from tests.app.test_phone_fit import SIX_STEPS
from tests.app.test_table_fit import after_a_long_turn

SIZES = {"80x24": ((80, 24), False), "120x40": ((120, 40), False), "phone": ((46, 60), True)}
"""Two terminals and a phone in a browser (390x844 at the page's font, as the phone-size
tests use)."""


@pytest.fixture(autouse=True)
def pseudo_locale() -> Iterator[None]:
    use_language("qps")
    yield
    use_language("en")


def _sized(monkeypatch: pytest.MonkeyPatch, size: str) -> tuple[int, int]:
    (columns, rows), web = SIZES[size]
    if web:
        monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
    return columns, rows


def _footer_fits(app: StuporSoloApp) -> None:
    """Every key of the footer shows its whole description (as at the Start screen)."""
    for footer in app.screen.query(KeyFooter):
        arrangement = footer.arrange_keys(footer.size.width)
        assert set(footer.entries) <= {place.entry for place in arrangement.places}
        for place in arrangement.places:
            assert place.region.right <= footer.size.width
            assert place.region.width >= footer._width(place.entry, palette=place.palette)


@pytest.mark.parametrize("size", list(SIZES))
async def test_what_to_do_shows_its_prompt_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: str
) -> None:
    """After a long turn of Frederick's (six steps), What to do never makes the Table
    scroll, ends with its prompt in view and cuts none of its messages; the footer shows
    every key's whole description."""
    columns, rows = _sized(monkeypatch, size)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(columns, rows)) as pilot:
        table = await open_table(app, pilot, setup=after_a_long_turn(False, SIX_STEPS))
        await settle(pilot)
        panel = table.query_one("#instructions")
        body = table.query_one("#body")
        if size == "120x40":  # the Table as a whole never scrolls (narrower: it folds)
            assert (body.max_scroll_y, body.scroll_y) == (0, 0)
        assert panel.scroll_y == panel.max_scroll_y  # its end (the prompt) in view
        shown = region_lines(app, panel.region)
        assert any("▶" in line for line in shown), "\n".join(shown)
        assert not cut(shown), "\n".join(shown)
        assert "«" in "".join(shown), "What to do: no message through the catalogue"
        _footer_fits(app)


NOTICE = "House card played: +1 Stone."
LONG_NOTICE = (
    "You still hold 3 cards in hand: play one (face down gives a main action); you may pass "
    "only with an empty hand."
)


@pytest.mark.parametrize("size", list(SIZES))
async def test_a_notice_covers_nothing_and_shows_all_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: str
) -> None:
    """After Frederick's turn a notice (the catalogue's words) covers neither What to do
    nor a big button it names; a long one shows every word of it."""
    columns, rows = _sized(monkeypatch, size)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(columns, rows), notifications=True) as pilot:
        await open_table(app, pilot, *TURN)
        app.notify(_(NOTICE))
        app.notify(_(LONG_NOTICE), title=_("Not allowed"), severity="error")
        await settle(pilot)
        await settle(pilot)
        notices = shown_notices(app)
        assert notices and notices[-1].area, notices
        covered = [
            (name, n) for n in notices for name, r in kept_free(app).items() if n.overlaps(r)
        ]
        assert not covered, covered
        shown = shown_text(app)  # compared without blanks: a pseudo word wraps anywhere
        wanted = f"{_('Not allowed')} {_(LONG_NOTICE)}"
        assert "".join(shown.split()) == "".join(wanted.split()), shown


@pytest.mark.parametrize("size", list(SIZES))
async def test_the_end_phase_shows_each_step_and_button_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: str
) -> None:
    """Each step's button shows its whole label; the steps' texts are cut nowhere on the
    screen; a notice covers neither the next step nor a button."""
    _sized(monkeypatch, size)
    app = make_app(tmp_path, ALLIES)
    async with app.run_test(size=SIZES[size][0], notifications=True) as pilot:
        screen = await open_end_phase(app, pilot)
        app.notify(_(NOTICE))
        await settle(pilot)
        await settle(pilot)
        buttons = [b for b in screen.query(Button) if b.region.area]  # the steps' in use
        assert buttons
        for button in buttons:
            label = str(button.label)
            assert cell_len(label) <= button.content_region.width, label
        area = screen.region
        kept = [screen.query_one("#step-ally").region.intersection(area)]
        kept += [b.region.intersection(area) for b in buttons]
        notices = shown_notices(app)
        assert not [(n, k) for n in notices for k in kept if k.area and n.overlaps(k)]
        body = screen.query_one("#end-body")
        steps = region_lines(app, body.region)
        assert not cut(steps), "\n".join(steps)
        assert "«" in "".join(steps), "the End Phase: no message through the catalogue"
        _footer_fits(app)


@pytest.mark.parametrize("size", list(SIZES))
async def test_the_final_score_shows_the_total_and_the_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: str
) -> None:
    """The Total line, the big total and the title are on the screen as it opens (on a
    phone, once scrolled to), whole; the Save button shows its whole label."""
    _sized(monkeypatch, size)
    app = make_app(tmp_path, COMPLETE)
    async with app.run_test(size=SIZES[size][0]) as pilot:
        final = await open_screen(app, pilot, FinalScoreScreen())
        total = final.query_one("#total", Digits)
        total.scroll_visible(animate=False)
        await settle(pilot)
        assert final.breakdown is not None
        assert total.value == str(final.breakdown.total)
        title = final.query_one("#title", Static)
        shown = region_lines(app, final.region)
        assert Region(0, 0, *app.size).contains_region(total.region)
        wanted = " ".join(str(title.render()).split())
        assert any(wanted in " ".join(line.split()) for line in shown), (wanted, shown)
        above_footer = Region(0, 0, app.size.width, final.query_one(KeyFooter).region.y)
        result = final.query_one("#result").region.intersection(above_footer)
        lines = region_lines(app, result)
        assert not cut(lines) and "«" in "".join(lines), "\n".join(lines)
        save = final.query_one("#save-ok", Button)
        assert cell_len(str(save.label)) <= save.content_region.width, save.label


def _line_rows(app: StuporSoloApp, options: OptionList, index: int) -> list[str]:
    """The rows line ``index`` of ``options`` takes on the screen, once scrolled to (its top
    row at the list's top if the list scrolls); none if it is not all in view (a line taller
    than the list could never be read whole)."""
    top = options._index_to_line[index]
    view = options.scrollable_content_region
    row = top - options.scroll_offset.y
    height = options._heights[index]
    if row < 0 or row + height > view.height:
        return []
    return region_lines(app, Region(view.x, view.y + row, view.width, height))


@pytest.mark.parametrize("size", ["80x24", "phone"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_the_play_card_dialog_shows_its_title_and_lines_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, size: str
) -> None:
    """The dialog opens at its title, only its list scrolls, and nothing of it is cut: the
    title, the lines around the list, and each line of the list, seen whole once scrolled
    to (a line the list's edge crosses is scrolled, not cut: the list scrolls)."""
    _sized(monkeypatch, size)
    GAMES[game](tmp_path)  # the game, saved: the app opens the dialog as on the Table
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZES[size][0]) as pilot:
        await settle(pilot)
        app.session.load()
        app.open_table()
        session = app.session
        await open_screen(app, pilot, PlayCardModal(session.state, session.ruleset))
        await settle(pilot)
        assert app.screen.has_class("-slim") == SIZES[size][1]  # a phone's width
        dialog = app.screen.query_one("#dialog")
        assert dialog.scroll_y == 0 and dialog.max_scroll_y == 0
        options = dialog.query_one("#choice", OptionList)
        box = options.region.translate((-dialog.region.x, -dialog.region.y))
        shown = [  # the dialog with its list blanked: the list is read line by line below
            line[: box.x] + " " * box.width + line[box.right :]
            if box.y <= number < box.bottom
            else line
            for number, line in enumerate(region_lines(app, dialog.region))
        ]
        assert not cut(shown), "\n".join(shown)
        assert any(_("Play a card") in line for line in shown), "\n".join(shown)
        for index in range(options.option_count):
            options.scroll_to(y=options._index_to_line[index], animate=False, immediate=True)
            await pilot.pause()
            rows = _line_rows(app, options, index)
            assert rows and not cut(rows) and "«" in "".join(rows), (index, rows)
