"""Issue 29: the Reference screen (search as you type, by key and by tap), F1 on what has
the cursor (a Summon's Ally, a Build's Structure), the touch "?" and Help's link."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.screen import Screen
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from companion.reference import all_entries
from companion.ui.app import StuporSoloApp
from companion.ui.screens.help import HelpScreen
from companion.ui.screens.modals.build import BuildModal
from companion.ui.screens.modals.build_site import SiteBuildModal
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.screens.modals.summon import SummonModal
from companion.ui.screens.reference import SEARCH_PAUSE, ReferenceScreen
from companion.ui.widgets.keyed_list import KeyedList
from solo_deck.events import Gain, NameAlly
from tests.app.action_dialog_helpers import face_down
from tests.app.pilot_helpers import open_table, settle
from tests.game_setups import edict_setup


def _reference(app: StuporSoloApp) -> ReferenceScreen:
    screen = app.screen
    assert isinstance(screen, ReferenceScreen)
    return screen


async def _type(pilot: Any, text: str) -> None:
    for character in text:
        await pilot.press("space" if character == " " else character)
    await pilot.pause(SEARCH_PAUSE * 2)  # the search runs once typing pauses
    await settle(pilot)


async def test_search_finds_a12_by_id_and_by_a_word_of_its_effect(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f1")  # nothing has the cursor on Start: the whole Reference
        await settle(pilot)
        reference = _reference(app)
        assert isinstance(app.focused, Input)
        assert len(reference.lines) == 40  # the first 40; the count says how many in all
        count = str(reference.query_one("#reference-count").render())
        assert f"the first 40 of {len(all_entries())} entries" in count
        await _type(pilot, "a12")
        assert reference.shown == "advanced-card:A12"
        assert "Gain 1 Grain. Visit the Market." in str(
            reference.query_one("#reference-entry").render()
        )
        await pilot.press("ctrl+l")
        await _type(pilot, "visit")
        keys = [line.key for line in reference.lines]
        assert "advanced-card:A12" in keys
        # by tap: the line of A12 in the list
        await pilot.click("#reference-list", offset=(3, keys.index("advanced-card:A12")))
        await settle(pilot)
        assert reference.shown == "advanced-card:A12"
        # by key, from the search field: the line above, then back
        reference.query_one("#reference-search").focus()
        at = keys.index("advanced-card:A12")
        assert at > 0
        await pilot.press("up")
        await settle(pilot)
        assert reference.shown == keys[at - 1]
        await pilot.press("down")
        await settle(pilot)
        assert reference.shown == keys[at]
        assert isinstance(app.focused, Input)


async def test_a_search_with_no_match_says_so_and_keeps_the_screen(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.open_reference()
        await settle(pilot)
        await _type(pilot, "[b]xyzzy")
        reference = _reference(app)
        assert reference.lines == [] and reference.shown is None
        count = str(reference.query_one("#reference-count").render())
        assert "nothing matches “[b]xyzzy”" in count


async def _summon_dialog(app: StuporSoloApp, pilot: Any, *before: Any) -> SummonModal:
    await settle(pilot)
    app.session.start(edict_setup())
    for event in [*before, face_down("summon")]:
        app.session.push(event)
    dialog = SummonModal(app.session.state, app.session.ruleset)
    await app.push_screen(dialog)
    await settle(pilot)
    return dialog


async def test_f1_on_a_summon_dialogs_ally_opens_that_ally(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await _summon_dialog(app, pilot, Gain(grain=1))
        await _type(pilot, "tent")  # the list opens and searches; F1 on the highlighted line
        await pilot.press("f1")
        await settle(pilot)
        assert _reference(app).shown == "ally:tento"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is dialog
        await pilot.press("enter")  # pick Tento: the focus moves on to the Grain paid
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        reference = _reference(app)
        assert reference.shown == "ally:tento"
        await _type(pilot, "a12")  # the Reference, kept, opens again with an empty search
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert _reference(app) is reference and reference.shown == "ally:tento"
        assert reference.query_one("#reference-search", Input).value == ""


async def test_f1_in_a_summon_of_a_known_ally_opens_it(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await _summon_dialog(app, pilot, NameAlly(port=0, space=0, ally_id="gisela"))
        await pilot.press("f1")
        await settle(pilot)
        assert _reference(app).shown == "ally:gisela"


async def test_f1_on_a_build_structure_opens_its_entry(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.session.start(edict_setup())
        app.session.push(face_down("build"))
        dialog = BuildModal(app.session.state, app.session.ruleset)
        await app.push_screen(dialog)
        await settle(pilot)
        structures = dialog.query_one("#structure", OptionList)
        assert app.focused is structures
        first = structures.get_option_at_index(structures.highlighted or 0).id
        await pilot.press("f1")
        await settle(pilot)
        assert _reference(app).shown == f"structure:{first}"
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("down")
        await settle(pilot)
        now = structures.get_option_at_index(structures.highlighted or 0).id
        assert now != first
        await pilot.press("f1")
        await settle(pilot)
        assert _reference(app).shown == f"structure:{now}"


async def test_the_touch_question_mark_does_what_f1_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(46, 40)) as pilot:
        dialog = await _summon_dialog(app, pilot, NameAlly(port=0, space=0, ally_id="gisela"))
        focused = app.focused
        await pilot.click("#reference-hint")
        await settle(pilot)
        assert _reference(app).shown == "ally:gisela"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is dialog and app.focused is focused


async def test_no_question_mark_button_in_a_terminal(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await _summon_dialog(app, pilot)
        assert not dialog.query("#reference-hint")


async def test_help_links_to_the_reference(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("r")
        await settle(pilot)
        assert _reference(app).shown is not None


@pytest.mark.parametrize(
    ("size", "query"),
    [((120, 40), "a12"), ((80, 24), "tento"), ((46, 30), "village ii b")],
    ids=["120x40", "80x24", "phone"],
)
def test_reference_snapshot(
    snap_compare: Any, tmp_path: Path, size: tuple[int, int], query: str
) -> None:
    """The Reference readable at the test size, at 80x24 and at phone width."""

    async def run_before(pilot: Any) -> None:
        await settle(pilot)
        pilot.app.open_reference()
        await settle(pilot)
        search = pilot.app.screen.query_one("#reference-search", Input)
        search.cursor_blink = False
        await _type(pilot, query)

    app = StuporSoloApp(tmp_path, insight=False)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


class _SiteList(Screen[None]):
    """A list of Castle Board sites as a dialog lists them (option id = site id): the
    Build dialog's site list is being rewritten elsewhere, F1 must work on any such list."""

    def compose(self) -> Any:
        yield OptionList(*(Option(f"Site {s}", id=s) for s in ("T2", "W5", "K1")), id="sites")


async def test_f1_on_a_castle_site_in_a_list_opens_that_site(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await app.push_screen(_SiteList())
        await settle(pilot)
        app.screen.query_one("#sites", OptionList).focus()
        await pilot.press("down")  # T2 → W5
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        reference = _reference(app)
        assert reference.shown == "castle-site:W5"
        assert "Wall W5" in str(reference.query_one("#reference-entry").render())


@pytest.mark.parametrize(
    ("panel", "key"),
    [
        ("#deck-state", "solo-card-symbol:crown"),
        ("#palace", "frederick-s-turn:frederick-turn"),
        ("#edicts", "solo-card-symbol:edict-I"),
    ],
)
async def test_f1_with_the_pointer_on_a_table_panel_opens_its_entry(
    tmp_path: Path, panel: str, key: str
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_table(app, pilot)
        await pilot.press("f1")  # pointer nowhere in particular: the whole Reference
        await settle(pilot)
        assert _reference(app).opened_at is None
        await pilot.press("escape")
        await settle(pilot)
        await pilot.hover(panel)
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert _reference(app).shown == key
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table


async def test_f1_on_a_build_dialogs_site_opens_that_site(tmp_path: Path) -> None:
    """Issue 40: the Build dialog's highlighted site (or Great Structure) opens its own
    entry, no longer the whole Reference."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.session.start(edict_setup())
        app.session.push(face_down("build"))
        dialog = SiteBuildModal(app.session.state, app.session.ruleset)
        await app.push_screen(dialog)
        await settle(pilot)
        sites = dialog.query_one("#site", KeyedList)
        assert app.focused is sites
        index = sites.highlighted
        assert index is not None
        offer, great = dialog.lines[index]
        assert great is None
        await pilot.press("f1")
        await settle(pilot)
        reference = _reference(app)
        assert reference.shown == f"castle-site:{offer.site.id}"
        assert f"Tower {offer.site.id}" in str(reference.query_one("#reference-entry").render())
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is dialog
        await pilot.press("down")  # the Great Structure the same site could hold
        await settle(pilot)
        offer, great = dialog.lines[sites.highlighted or 0]
        assert great is not None
        await pilot.press("f1")
        await settle(pilot)
        assert _reference(app).shown == f"great-structure:{great}"


async def test_f1_on_a_face_down_action_opens_the_main_action(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.session.start(edict_setup())
        dialog = PlayCardModal(app.session.state, app.session.ruleset)
        await app.push_screen(dialog)
        await settle(pilot)
        choice = dialog.query_one(KeyedList)
        choice.focus()
        choice.highlighted = next(
            i
            for i in range(choice.option_count)
            if choice.get_option_at_index(i).id == "down-market"
        )
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        reference = _reference(app)
        assert reference.shown == "main-action:visit-the-market"
        assert "Visit the Market" in str(reference.query_one("#reference-entry").render())


@pytest.mark.parametrize(
    ("dialog", "topic"),
    [
        ("travel", "rule:travel"),
        ("promote", "main-action:promote-a-specialist"),
        ("drop", "rule:warehouse"),
    ],
)
async def test_f1_on_a_dialog_s_line_opens_the_rule_it_asks_about(
    tmp_path: Path, dialog: str, topic: str
) -> None:
    """Travel's ports, Promote's Specialists and Put resources back name no entry of their
    own: F1 on any of their lines opens the rule the dialog asks about."""
    from companion.ui.screens.modals.drop import DropModal
    from companion.ui.screens.modals.promote import PromoteModal
    from companion.ui.screens.modals.travel import TravelModal

    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.session.start(edict_setup())
        state, ruleset = app.session.state, app.session.ruleset
        makers: dict[str, Callable[..., Screen[Any]]] = {
            "travel": TravelModal,
            "promote": PromoteModal,
            "drop": DropModal,
        }
        await app.push_screen(makers[dialog](state, ruleset))
        await settle(pilot)
        assert app.focused is not None  # a line (or a field) has the cursor
        await pilot.press("f1")
        await settle(pilot)
        assert _reference(app).shown == topic


# --- a bounded search, after a pause in typing (issue 41, H3) --------------------------------


def _count_searches(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every query the Reference screen searches for, from now on."""
    from companion.ui.views.reference import reference_lines

    searched: list[str] = []

    def counted(query: str) -> Any:
        searched.append(query)
        return reference_lines(query)

    monkeypatch.setattr("companion.ui.screens.reference.reference_lines", counted)
    return searched


async def test_a_huge_paste_is_cut_and_searched_once_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.open_reference()
        await settle(pilot)
        searched = _count_searches(monkeypatch)
        search = _reference(app).query_one("#reference-search", Input)
        search.post_message(events.Paste("tento " + "x" * 100_000))
        await pilot.pause(SEARCH_PAUSE * 2)
        await settle(pilot)
        assert len(search.value) == 200 and search.value.startswith("tento x")
        assert searched and max(len(query) for query in searched) <= 200
        count = str(_reference(app).query_one("#reference-count").render())
        assert "only the first 200 characters are searched" in count
        await _type(pilot, "y")  # a key more: still bounded, the field stays full
        assert len(search.value) == 200 and max(len(query) for query in searched) <= 200


async def test_typing_searches_once_after_a_pause_not_on_every_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("companion.ui.screens.reference.SEARCH_PAUSE", 60.0)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.open_reference()
        await settle(pilot)
        searched = _count_searches(monkeypatch)
        for key in "tento":
            await pilot.press(key)
        await settle(pilot)
        assert searched == []  # five keys, no search yet: typing has not paused
        await pilot.press("enter")  # Enter does not wait: it searches, then goes to the list
        await settle(pilot)
        assert searched == ["tento"]
        assert _reference(app).shown is not None and isinstance(app.focused, OptionList)
