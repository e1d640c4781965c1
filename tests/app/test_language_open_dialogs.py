"""A language switch with a dialog open and filled in: every label, hint, option and line
of Play a card, the Market, Summon, Buy, Follow through and the Edict reward reads in the
new language (the pseudo-locale ``qps`` marks each «…»), what was typed, chosen and
highlighted and the focus stay, and back in English the dialog reads as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Input, Label, OptionList, Select

from companion.i18n import use_language
from companion.ui.screens.modals.build import BuildModal
from companion.ui.screens.modals.build_site import SiteBuildModal
from companion.ui.screens.modals.buy_card import BuyCardModal
from companion.ui.screens.modals.drop import DropModal
from companion.ui.screens.modals.edict_reward import RewardModal
from companion.ui.screens.modals.gain import GainModal
from companion.ui.screens.modals.market import MarketModal
from companion.ui.screens.modals.name_hand import NameHandModal
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.screens.modals.promote import PromoteModal
from companion.ui.screens.modals.resolve import ResolveModal
from companion.ui.screens.modals.summon import SummonModal
from companion.ui.widgets.assumed_value import AssumedValue
from companion.ui.widgets.number_field import NumberField
from solo_deck import Ruleset, load_ruleset
from solo_deck.events import Event, Gain, PlayCard
from tests.app import followup_helpers as followup
from tests.app.action_dialog_helpers import (
    TYPED_BOARD,
    Factory,
    Host,
    face_down,
    face_down_host,
    new_session,
    press,
)
from tests.app.pilot_helpers import press_and_settle
from tests.app.relabel_helpers import LETTERS, reworded_and_back, switch, words


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


async def test_play_a_card_rewords_its_drop_downs_and_keeps_the_slot(tmp_path: Path) -> None:
    app = Host(new_session(tmp_path), lambda s, r, o: PlayCardModal(s, r, o))
    async with app.shown() as pilot:
        await press(pilot, "down")  # another line
        slot = app.screen.query_one("#slot", Select)
        free = [value for _label, value in slot._options if isinstance(value, int)]
        assert len(free) > 1
        slot.value = free[-1]  # not the slot the line gives
        await press(pilot, "tab")  # the focus on a drop-down
        before = app.screen.focused
        english = await reworded_and_back(app.screen, pilot)
        assert ("slot", f"slot {free[-1] + 1}") in english
        assert slot.value == free[-1] and app.screen.focused is before


async def test_the_market_rewords_its_tile_trades_hint_and_result(tmp_path: Path) -> None:
    app = face_down_host(tmp_path, MarketModal, "market")
    async with app.shown() as pilot:
        await press(pilot, "2", "g", "6", " ", "2", "s", "4")  # a first visit: the tile
        trades = app.screen.query_one("#trades", OptionList)
        trades.highlighted = 1
        await press_and_settle(pilot)
        english = await reworded_and_back(app.screen, pilot)
        assert app.screen.query_one("#tile-text", Input).value == "2g6 2s4"
        said = dict(english)
        assert said["tile-read"].startswith("Reads: sell 2 Grain")
        assert said["result"].startswith("You will have")
        assert trades.highlighted == 1 and app.focused_id() == "tile-text"


async def test_summon_rewords_its_field_its_assumed_cost_and_the_allies(tmp_path: Path) -> None:
    session = new_session(
        tmp_path, [Gain(grain=2, stone=-1), face_down("summon")], ruleset=load_ruleset()
    )
    app = Host(session, SummonModal)
    async with app.shown() as pilot:
        await press_and_settle(pilot, "t", "e", "n", "enter")  # Tento
        assumed = app.screen.query_one("#assumed", AssumedValue)
        assert assumed.unchecked is not None  # Roma's Ally space's cost
        assumed.query_one(Input).value = "3"
        english = await reworded_and_back(app.screen, pilot)
        assert app.screen.query_one("#ally", Select).value == "tento"
        assert assumed.query_one(Input).value == "3"
        said = dict(english)
        assert said["assumed-what"].endswith("assumed — check your board")


async def test_summon_rewords_its_grain_field_keeping_what_is_typed(tmp_path: Path) -> None:
    app = Host(new_session(tmp_path, [face_down("summon")]), SummonModal)
    async with app.shown() as pilot:
        field = app.screen.query_one("#grain", NumberField)
        field.text = "1"
        english = await reworded_and_back(app.screen, pilot)
        assert field.text == "1"
        assert any(text == "Grain paid" for _where, text in english)


async def test_buy_rewords_its_price_effect_and_card_to_remove(tmp_path: Path) -> None:
    app = face_down_host(tmp_path, BuyCardModal, "purchase")
    async with app.shown() as pilot:
        await press(pilot, "a", "7", "enter")  # A7 costs an Action card
        removes = app.screen.query_one("#removes", Select)
        cards = [value for _label, value in removes._options if value != Select.NULL]
        removes.value = cards[0]
        english = await reworded_and_back(app.screen, pilot)
        assert app.screen.query_one("#card", Select).value == "A7"
        assert removes.value == cards[0]
        said = dict(english)
        assert "remove one of your Action cards" in said["price"]


async def test_follow_through_rewords_its_choice_and_result(tmp_path: Path) -> None:
    played = [PlayCard(slot=0, face_up=True, card_id="A2")]
    session = followup.start_game(tmp_path, played, player={"advanced_cards": ("A2",)})
    app = followup.Host(session, followup.owed(ResolveModal))
    async with app.shown() as pilot:
        times = app.screen.query_one("#times", NumberField)
        times.text = "1"
        await press_and_settle(pilot)
        english = await reworded_and_back(app.screen, pilot)
        assert times.text == "1"
        assert any(text == "Times" for _where, text in english)


async def test_follow_through_of_an_unknown_effect_rewords_its_form(tmp_path: Path) -> None:
    played = [PlayCard(slot=0, face_up=True, card_id="di-romano-1")]
    session = followup.start_game(tmp_path, played, house="Di Romano")
    app = followup.Host(session, followup.owed(ResolveModal))
    async with app.shown() as pilot:
        assert isinstance(app.screen, ResolveModal) and app.screen.mode == "tell"
        await followup.type_text(pilot, "2")  # 2 VP
        action = app.screen.query_one("#action", Select)
        action.value = "build"
        await press_and_settle(pilot)
        await reworded_and_back(app.screen, pilot)
        assert action.value == "build"
        assert app.screen.query_one("#gains-vp", NumberField).text == "2"


async def test_the_edict_reward_rewords_its_lines_and_typed_reward(tmp_path: Path) -> None:
    session = followup.typed_game(tmp_path, [*followup.TYPED_KEEP, *followup.issue(0)])
    app = followup.Host(session, followup.owed(RewardModal))
    async with app.shown() as pilot:
        await followup.type_text(pilot, "1vp 2r")
        grain = app.screen.query_one("#choice-grain", NumberField)
        grain.text = "1"
        await press_and_settle(pilot)
        english = await reworded_and_back(app.screen, pilot)
        assert app.screen.query_one("#printed-text", Input).value == "1vp 2r"
        assert grain.text == "1"
        assert dict(english)["printed-read"].startswith("Reads:")


async def test_the_edict_reward_list_keeps_its_line(tmp_path: Path) -> None:
    session = followup.typed_game(tmp_path, [*followup.TYPED_KEEP, *followup.issue(1)])
    app = followup.Host(session, followup.owed(RewardModal))
    async with app.shown() as pilot:
        await press_and_settle(pilot, "down")
        space = app.screen.query_one("#space", OptionList)
        assert space.highlighted == 1
        await reworded_and_back(app.screen, pilot)
        assert space.highlighted == 1
        assert words(app.screen)  # the dialog still reads


# --- the number fields of the other dialogs -------------------------------------------------

FIELD_DIALOGS: list[tuple[str, list[Event], Ruleset | None, Factory]] = [
    ("build", [face_down("build")], TYPED_BOARD, lambda s, r, o: BuildModal(s, r, o)),
    ("build", [face_down("build")], None, lambda s, r, o: SiteBuildModal(s, r, o)),
    ("promote", [face_down("promote")], None, lambda s, r, o: PromoteModal(s, r, o)),
    ("gain", [], None, lambda s, r, o: GainModal(s)),
    ("drop", [], None, lambda s, r, o: DropModal(s, r)),
]


def _field_words(field: NumberField) -> tuple[str, str]:
    label = field.query_one(".number-label", Label).render()
    return str(label), str(field.query_one(".number-message", Label).render())


@pytest.mark.parametrize(("name", "before", "ruleset", "factory"), FIELD_DIALOGS)
async def test_a_dialog_s_number_fields_are_worded_again_keeping_what_is_typed(
    tmp_path: Path, name: str, before: list[Event], ruleset: Ruleset | None, factory: Factory
) -> None:
    app = Host(new_session(tmp_path, before, ruleset), factory)
    async with app.shown() as pilot:
        fields = list(app.screen.query(NumberField))
        assert fields, name
        for field in fields:
            if not field.disabled:
                field.text = "1"
        await press_and_settle(pilot)
        english = [_field_words(field) for field in fields]
        typed = [field.text for field in fields]
        focus = app.screen.focused
        await switch(app.screen, pilot, "qps")
        for field, (label, hint) in zip(fields, english, strict=True):
            now = _field_words(field)
            assert "«" in now[0] and now[0] != label
            if LETTERS.search(hint):  # not a bare number (``0 → 1``)
                assert "«" in now[1] and now[1] != hint, (hint, now[1])
        assert [field.text for field in fields] == typed and app.screen.focused is focus
        await switch(app.screen, pilot, "en")
        assert [_field_words(field) for field in fields] == english
        assert [field.text for field in fields] == typed


async def test_name_your_hand_rewords_its_counts_and_lines_keeping_what_is_typed(
    tmp_path: Path,
) -> None:
    session = new_session(tmp_path)
    app = Host(session, lambda state, ruleset, _: NameHandModal(state, ruleset))
    async with app.shown() as pilot:
        first = app.screen.query(NumberField).first()
        first.text = "1"
        await press_and_settle(pilot)
        total = str(app.screen.query_one("#hand-total", Label).render())
        await reworded_and_back(app.screen, pilot)
        assert first.text == "1"
        assert str(app.screen.query_one("#hand-total", Label).render()) == total
