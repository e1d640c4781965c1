"""The follow-through dialogs that take what an effect gives: the Edict reward and Resolve,
each reached by pushing real events into a session. Keys build the event the engine expects,
its refusals show inline, Escape records nothing, Decline only where the rules allow it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList

from companion.ui.screens.modals.edict_reward import RewardModal
from companion.ui.screens.modals.resolve import ResolveModal
from companion.ui.screens.prompts import prompt_for
from solo_deck import Specialist
from solo_deck.events import (
    Build,
    ChooseCityBonus,
    Correct,
    Decline,
    Event,
    PlayCard,
    Promote,
    Resolve,
    TakeEdictReward,
)
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant, GrantedAction
from tests.app.followup_helpers import (
    KEEP,
    TYPED_KEEP,
    Host,
    choose,
    issue,
    owed,
    start_game,
    type_text,
    typed_game,
)
from tests.app.pilot_helpers import press_and_settle, settle


def resolving(folder: Path, card_id: str, **player: Any) -> Host:
    """A host for the Resolve dialog of Advanced card ``card_id``, yours and just played face
    up (your side otherwise changed as given)."""
    played = [PlayCard(slot=0, face_up=True, card_id=card_id)]
    session = start_game(folder, played, player={"advanced_cards": (card_id,), **player})
    return Host(session, owed(ResolveModal))


# --- the Edict reward ----------------------------------------------------------------------


def options_of(app: Host, list_id: str) -> list[str]:
    listing = app.screen.query_one(f"#{list_id}", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_reward_known_choice_of_resource_grain_or_stone(tmp_path: Path) -> None:
    session = typed_game(tmp_path, [*TYPED_KEEP, *issue(1)])
    app = Host(session, owed(RewardModal))
    async with app.shown() as pilot:
        assert app.text_of("#owed") == (
            "Take the reward under Active II: +1 resource of your choice."
        )
        assert app.focused_id() == "space"
        # the Keep cost your 2 Stone: the one you hold less of comes first
        assert options_of(app, "space") == ["s  Active II: +1 Stone", "g  Active II: +1 Grain"]
        assert app.text_of("#now") == "You take +1 Stone."
        await press_and_settle(pilot, "down")
        assert app.text_of("#now") == "You take +1 Grain."
        assert app.has_decline()
        await press_and_settle(pilot, "enter")  # the list is the whole answer
    assert app.results == [TakeEdictReward(slot=1, grain=1)]
    session.push(app.results[0])
    assert session.state.player.grain == 2


async def test_reward_unknown_is_typed_once_and_the_engine_remembers_it(tmp_path: Path) -> None:
    session = typed_game(tmp_path, [*TYPED_KEEP, *issue(0)])
    app = Host(session, owed(RewardModal))
    async with app.shown() as pilot:
        assert app.focused_id() == "printed-text"
        assert app.screen.query_one("#printed-text", Input).placeholder == "3A"
        await press_and_settle(pilot, "enter")  # nothing typed: nothing taken
        assert "Type what is printed under Active I" in app.dialog_error()
        assert app.results == []
        await type_text(pilot, "3x")
        how = "write each amount with its letter: 3A (3 Augustales)"
        assert "'3x' is not a reward" in app.text_of("#printed-read")
        assert how in app.text_of("#printed-read")
        await press_and_settle(pilot, "enter")  # refused: the state is unchanged
        assert how in app.dialog_error() and app.results == []
        assert session.state.board.edict_rewards[0].unknown
        await press_and_settle(pilot, "backspace", "backspace")
        await type_text(pilot, "3vp 1r")
        assert app.text_of("#printed-read") == "Reads: +3 VP, +1 resource of your choice."
        assert app.text_of("#now") == "You take +3 VP, +1 Stone."
        await press_and_settle(pilot, "enter")  # Enter in the field takes it
    printed = Grant(gain=Gains(vp=3), resource_choice=1)
    assert app.results == [TakeEdictReward(slot=0, vp=3, stone=1, reward=printed)]
    session.push(app.results[0])
    assert session.state.board.edict_rewards[0] == printed
    assert session.state.player.vp == 3


async def test_reward_any_of_the_three_when_no_active_tile_is_left(tmp_path: Path) -> None:
    emptied = [Correct(target=f"edicts.active.{i}", value=None) for i in range(3)]
    session = start_game(tmp_path, [*emptied, *KEEP])
    assert session.state.obligation is not None
    dialog = prompt_for(session.state.obligation, session.state, session.ruleset)
    assert isinstance(dialog, RewardModal)
    app = Host(session, owed(RewardModal))
    async with app.shown() as pilot:
        assert app.focused_id() == "space"
        assert options_of(app, "space") == [
            "1   Active I: not known yet: type what is printed there",
            "2s  Active II: +1 Stone",
            "2g  Active II: +1 Grain",
            "3   Active III: not known yet: type what is printed there",
        ]
        assert not app.has_decline()  # an Edict owed cannot be let go
        await press_and_settle(pilot, "enter")  # Active I is not known: type it first
        assert app.results == []
        assert "type what is printed under active i" in app.dialog_error().lower()
        await press_and_settle(pilot, "2")  # Active II's first line, then Enter takes it
        assert app.results == []
        await press_and_settle(pilot, "enter")
    assert app.results == [TakeEdictReward(slot=1, stone=1)]


async def test_reward_line_taken_at_once_by_its_whole_key(tmp_path: Path) -> None:
    emptied = [Correct(target=f"edicts.active.{i}", value=None) for i in range(3)]
    app = Host(start_game(tmp_path, [*emptied, *KEEP]), owed(RewardModal))
    async with app.shown() as pilot:
        await press_and_settle(pilot, "2", "g")  # Active II, as Grain
    assert app.results == [TakeEdictReward(slot=1, grain=1)]


async def test_reward_refused_by_the_engine_shows_inline(tmp_path: Path) -> None:
    session = start_game(tmp_path)  # nothing is pending
    app = Host(session, lambda state, rules: RewardModal(state, rules))
    async with app.shown() as pilot:
        await press_and_settle(pilot, "down", "enter", "tab", "enter")
        assert app.dialog_error().startswith("Play a card first")
    assert app.results == []


# --- Resolve --------------------------------------------------------------------------------


async def test_resolve_a2_converts_as_often_as_typed(tmp_path: Path) -> None:
    app = resolving(tmp_path, "A2", grain=0, stone=0)
    async with app.shown() as pilot:
        assert app.focused_id() == "times"
        assert app.text_of("#now") == "A2: +3 Grain, paying 3 Augustales (3 times)"
        await press_and_settle(pilot, "2")
        assert app.text_of("#now") == "A2: +2 Grain, paying 2 Augustales (2 times)"
        assert app.text_of("#after") == "You will have 2 Grain, 0 Stone, 28 Augustales and 0 VP."
        await press_and_settle(pilot, "enter")  # the count is all it asks: Enter takes it
    assert app.results == [Resolve(times=2)]


async def test_resolve_refused_by_the_engine_shows_inline(tmp_path: Path) -> None:
    app = resolving(tmp_path, "A2", augustales=1)
    async with app.shown() as pilot:
        await type_text(pilot, "3")
        await press_and_settle(pilot, "enter", "enter")
        assert app.dialog_error() == "You have only 1 Augustales, not 3 for A2 played."
    assert app.results == []


async def test_resolve_b4_counts_the_ally_kind_you_pick_in_one_kind(tmp_path: Path) -> None:
    app = resolving(tmp_path, "B4", allies=("tento", "theophilos", "maumettu"))
    async with app.shown() as pilot:
        assert app.focused_id() == "kind"
        assert app.text_of("#now") == "B4: +2 Grain (2 Independent Allies)"
        await choose(pilot, "down")  # Loyalist
        assert app.text_of("#now") == "B4: +1 Grain (1 Loyalist Ally)"
        await pilot.press("tab")
        assert app.focused_id() == "choice-kind"
        await choose(pilot, "down")  # Stone
        assert app.text_of("#now") == "B4: +1 Stone (1 Loyalist Ally)"
        await press_and_settle(pilot, "tab", "enter")
    assert app.results == [Resolve(stone=1, ally_kind="loyalist")]
    app.session.push(app.results[0])
    assert app.session.state.player.stone == 3


async def test_resolve_a1_one_key_confirms(tmp_path: Path) -> None:
    app = resolving(tmp_path, "A1")
    async with app.shown() as pilot:
        assert app.focused_id() == "ok"
        assert app.text_of("#now") == "A1: +2 Grain"
        await press_and_settle(pilot, "enter")
    assert app.results == [Resolve()]


async def test_resolve_a_draw_is_a_plain_confirmation(tmp_path: Path) -> None:
    keep = (KEEP[0], Build(structure="keep", site="K1", cover="hand", stone=3))
    session = start_game(tmp_path, keep, player={"stone": 3})
    assert [duty.kind for duty in session.state.pending] == ["keep_cover", "issue_edict"]
    app = Host(session, owed(ResolveModal))
    async with app.shown() as pilot:
        assert app.text_of("#what") == "Draw 2 cards from your draw pile."
        ok = app.screen.query_one("#ok", Button)
        assert str(ok.label) == "Done (ctrl+s)" and app.focused_id() == "ok"
        await press_and_settle(pilot, "enter")
    assert app.results == [Resolve()]
    session.push(app.results[0])
    assert [duty.kind for duty in session.state.pending] == ["issue_edict"]


async def test_resolve_an_unknown_card_is_told_once(tmp_path: Path) -> None:
    session = start_game(
        tmp_path, [PlayCard(slot=0, face_up=True, card_id="di-romano-1")], house="Di Romano"
    )
    app = Host(session, owed(ResolveModal))
    async with app.shown() as pilot:
        vp = app.screen.query_one("#gains-vp").query_one("Input")
        assert app.focused_id() == "gains-vp"
        await pilot.press("tab", "tab", "tab", "tab", "tab", "enter")  # nothing told: Record
        await settle(pilot)
        assert app.dialog_error() == "Type what it gives, or choose the action it allows."
        vp.focus()
        await type_text(pilot, "2")
        await pilot.press("tab", "tab", "tab", "tab")
        await choose(pilot, "down")  # promote a Specialist
        assert app.text_of("#now") == "House card: +2 VP, then promote a Specialist"
        await press_and_settle(pilot, "tab", "enter")
    told = Grant(gain=Gains(vp=2), actions=(GrantedAction(action="promote"),))
    assert app.results == [Resolve(effect=told)]
    session.push(app.results[0])
    assert session.state.board.card_effect("di-romano-1") == told
    assert session.state.player.vp == 2
    assert session.state.obligation is not None and session.state.obligation.does == "promote"


async def test_resolve_city_bonus_a_splits_three_resources(tmp_path: Path) -> None:
    session = start_game(
        tmp_path,
        [
            PlayCard(slot=0, face_up=False, actions=("promote",)),
            Promote(specialist=0),  # the arrow into the City: Grain from the board data
            ChooseCityBonus(tile="A"),
        ],
        player={"walls": 5, "specialists": (Specialist(path="A", space=4),)},
    )
    app = Host(session, owed(ResolveModal))
    async with app.shown() as pilot:
        assert app.focused_id() == "choice-grain"
        assert app.text_of("#now") == "City Bonus A: +3 Grain, +6 Augustales"
        await press_and_settle(pilot, "1")
        assert app.text_of("#now") == "City Bonus A: +1 Grain, +2 Stone, +6 Augustales"
        await press_and_settle(pilot, "enter", "enter")
    assert app.results == [Resolve(grain=1, stone=2)]


# --- both ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dialog", "events", "player"),
    [
        (RewardModal, [*TYPED_KEEP, *issue(1)], {"typed": True}),
        (ResolveModal, [PlayCard(slot=0, face_up=True, card_id="A1")], {"advanced_cards": ("A1",)}),
    ],
    ids=["reward", "resolve"],
)
async def test_decline_and_escape(
    tmp_path: Path,
    dialog: Callable[..., ModalScreen[Any]],
    events: list[Event],
    player: dict[str, Any],
) -> None:
    player = dict(player)
    typed = player.pop("typed", False)
    session = (typed_game if typed else start_game)(tmp_path, events, player=player)
    app = Host(session, owed(dialog))
    async with app.shown() as pilot:
        assert app.has_decline()
        await press_and_settle(pilot, "ctrl+d")
        app.push_screen(owed(dialog)(session.state, session.ruleset), app.results.append)
        await settle(pilot)
        await press_and_settle(pilot, "escape")
    assert app.results == [Decline(), None]
