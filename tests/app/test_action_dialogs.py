"""The Promote and Summon dialogs as answers to the obligation a face-down card leaves (and
what every main-action dialog shares): keys build the event, the engine's refusals show
inline, Escape records nothing, Decline lets an optional action go."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, OptionList, Select

from companion.ui.screens.modals.buy_card import BuyCardModal
from companion.ui.screens.modals.market import MarketModal
from companion.ui.screens.modals.play_card import PlayCardModal, card_choices
from companion.ui.screens.modals.promote import PromoteModal
from companion.ui.screens.modals.summon import SummonModal
from companion.ui.widgets.number_field import NumberField
from companion.ui.widgets.toggles import ClearCheckbox
from solo_deck import Obligation, cards_you_may_remove
from solo_deck.events import (
    BuyCard,
    Correct,
    Decline,
    Event,
    Gain,
    NameAlly,
    NameCard,
    NameHand,
    PlaceWorkplace,
    PlayCard,
    Promote,
    Resolve,
    SummonAlly,
    Travel,
)
from solo_deck.model.grants import ActionTerms, MainAction
from tests.app.action_dialog_helpers import (
    TYPED_BOARD,
    Factory,
    Host,
    confirm,
    confirm_refused,
    face_down,
    face_down_host,
    frederick_plays,
    new_session,
    press,
    second_turn_host,
    workplace_on,
)
from tests.app.pilot_helpers import settle

# --- every dialog ---------------------------------------------------------------------------

DIALOGS: list[tuple[Factory, MainAction, str]] = [
    (PromoteModal, "promote", "OptionList#specialist"),
    (SummonModal, "summon", "Select#ally"),
    (BuyCardModal, "purchase", "Select#card"),
    (MarketModal, "market", "Input#tile-text"),
]


@pytest.mark.parametrize(("factory", "action", "first"), DIALOGS)
async def test_first_field_focused_and_fits_80x24(
    tmp_path: Path, factory: Factory, action: MainAction, first: str
) -> None:
    app = face_down_host(tmp_path, factory, action)
    async with app.shown(size=(80, 24)):
        assert app.screen.focused is app.screen.query_one(first)
        dialog = app.screen.query_one("#dialog")
        assert dialog.max_scroll_y == 0
        assert app.screen.query_one("#ok").region.bottom <= 24


@pytest.mark.parametrize(("factory", "action", "first"), DIALOGS)
async def test_escape_records_nothing_and_ctrl_d_declines(
    tmp_path: Path, factory: Factory, action: MainAction, first: str
) -> None:
    app = face_down_host(tmp_path, factory, action)
    async with app.shown() as pilot:
        await press(pilot, "escape")
        app.push_screen(app.dialog(), app.results.append)
        await settle(pilot)
        assert app.screen.query_one("#decline")
        await press(pilot, "ctrl+d")
    assert app.results == [None, Decline()]


# --- Promote --------------------------------------------------------------------------------


async def test_promote_keys_choose_specialist_and_path_the_board_gives_the_grain(
    tmp_path: Path,
) -> None:
    app = face_down_host(tmp_path, PromoteModal, "promote", [Gain(grain=1)])
    async with app.shown() as pilot:
        assert "Specialist 1 — beside the board" in str(
            app.screen.query_one("#specialist", OptionList).get_option_at_index(0).prompt
        )
        listing = app.screen.query_one("#specialist", OptionList)
        texts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        # the Specialists beside the board are alike: one line per path, not one per piece
        assert texts == [
            "1  Specialist 1 — beside the board, enters Path A (5 spaces)",
            "2  Specialist 1 — beside the board, enters Path B (3 spaces)",
            "3  Specialist 1 — beside the board, enters Path C (5 spaces)",
        ]
        await press(pilot, "down")  # into Path B
        assert "Path B space 1 (Countryside)" in app.text_of("#reach")
        # Issue 25: the arrow's Grain comes from the board data, not typed.
        grain = app.screen.query_one("#grain", NumberField)
        assert grain.disabled and grain.text == "0" and not grain.display
        assert app.text_of("#grain-board") == "The arrow into B1 asks 0 Grain (you have 2)."
        assert app.results == []
        await press(pilot, "enter")  # one key promotes: nothing else to ask
    assert app.results == [Promote(specialist=0, path="B")]


async def test_promote_the_key_beside_a_line_promotes_at_once(tmp_path: Path) -> None:
    app = face_down_host(tmp_path, PromoteModal, "promote")
    async with app.shown() as pilot:
        assert "key beside a line" in app.text_of("#keys-hint")
        await press(pilot, "3")
    assert app.results == [Promote(specialist=0, path="C")]


async def test_promote_on_the_board_asks_no_nothing_paid_question(tmp_path: Path) -> None:
    app = face_down_host(tmp_path, PromoteModal, "promote")
    async with app.shown() as pilot:
        await confirm(pilot)
    assert app.results == [Promote(specialist=0, path="A")]


async def test_promote_second_of_a11_excludes_the_specialist_moved(tmp_path: Path) -> None:
    session = new_session(
        tmp_path,
        [
            NameCard(port=0, space=0, card_id="A11"),
            face_down("purchase"),
            BuyCard(space=0, card_id="A11"),
            Promote(specialist=0, path="A"),
            PlaceWorkplace(path="A", space=1, tile="countryside-I-A", token=False),
        ],
    )
    assert session.state.obligation is not None
    assert session.state.obligation.exclude_specialist == 0
    app = Host(session, PromoteModal)
    async with app.shown() as pilot:
        options = app.screen.query_one("#specialist", OptionList)
        first = options.get_option_at_index(0)
        assert first.disabled
        assert "Path A space 1 (Countryside)" in str(first.prompt)
        assert "promote another" in str(first.prompt)
        assert options.highlighted == 1
        assert "Specialist 2 — beside the board, enters Path A" in str(
            options.get_option_at_index(1).prompt
        )
        await press(pilot, "up")  # the excluded Specialist is skipped
        assert options.highlighted != 0
        await press(pilot, "1")  # its key does nothing either
        assert app.results == []
        await press(pilot, "2")
    assert app.results == [Promote(specialist=1, path="A")]


async def test_promote_a_specialist_on_the_board_keeps_its_path(tmp_path: Path) -> None:
    first_turn = workplace_on("C", "countryside-I-A")
    app = second_turn_host(tmp_path, PromoteModal, "promote", first_turn)
    async with app.shown() as pilot:
        assert app.screen.query_one("#specialist", OptionList).highlighted == 0
        assert "enters" not in str(
            app.screen.query_one("#specialist", OptionList).get_option_at_index(0).prompt
        )
        # Issue 25: C1 named Countryside I A, so C2 holds the other half of that tile.
        assert app.text_of("#reach") == (
            "It will reach Path C space 2 (Countryside): Countryside II A, Hand size +1 "
            "while here; draw 1 card when you arrive."
        )
        await confirm(pilot)
    assert app.results == [Promote(specialist=0)]


async def test_promote_free_grain_field_off_and_no_question(tmp_path: Path) -> None:
    session = new_session(tmp_path, [face_down("promote")])
    free = Obligation(
        kind="great_structure_bonus",
        does="promote",
        text="Great Wall: promote a Specialist without paying Grain",
        source="Great Wall",
        terms=ActionTerms(free_grain=True),
    )
    app = Host(session, PromoteModal, free)
    async with app.shown() as pilot:
        grain = app.screen.query_one("#grain", NumberField)
        assert grain.disabled and grain.text == "0"
        assert "costs no Grain" in grain.hint
        await confirm(pilot)
    assert app.results == [Promote(specialist=0, path="A")]


# --- Summon ---------------------------------------------------------------------------------


HOLDINGS: list[tuple[list[Event], int]] = [
    ([], 1),
    ([Gain(grain=1)], 2),
    ([Gain(grain=2, stone=-1)], 3),
]


@pytest.mark.parametrize(("events", "held"), HOLDINGS)
async def test_summon_grain_prefill_is_what_the_ally_space_costs(
    tmp_path: Path, events: list[Event], held: int
) -> None:
    """The Grain field starts at the engine's cost of Roma's Ally space (3 on the packaged
    Voyage Board), whatever you hold: too little Grain is the engine's refusal to say."""
    app = face_down_host(tmp_path, SummonModal, "summon", events)
    async with app.shown():
        grain = app.screen.query_one("#grain", NumberField)
        assert grain.value == 3
        assert "the Ally space's cost" in grain.hint
        assert isinstance(app.screen, SummonModal) and app.screen.state.player.grain == held


async def test_summon_lists_shared_names_with_tile_numbers_and_searches(tmp_path: Path) -> None:
    app = face_down_host(tmp_path, SummonModal, "summon", [Gain(grain=2, stone=-1)])
    async with app.shown() as pilot:
        labels = app.select_labels("#ally")
        assert [label.split(" — ")[0] for label in labels if "Gregoria" in label] == [
            "Gregoria (tile 1)",
            "Gregoria (tile 2)",
        ]
        assert any(label.startswith("Sebastian (tile 2) — ") for label in labels)
        assert any(label.startswith("Gisela — ") for label in labels)
        await press(pilot, "s", "e", "b", "enter")  # typing opens the list and searches
        assert app.screen.query_one("#ally", Select).value == "sebastian-1"
        # focus moves only when the player moves it; the board says the Grain
        assert app.screen.focused is app.screen.query_one("#ally")
        await confirm(pilot)
    assert app.results == [SummonAlly(ally_id="sebastian-1", space=0, grain=3)]


async def test_summon_known_ally_preselected_mark_from_the_player_board(tmp_path: Path) -> None:
    """On a game with a Player Board the dialog does not ask about the Edict mark: the
    first Ally takes Ally space 1, the one the packaged board marks, so the Summon issues an
    Edict."""
    app = face_down_host(
        tmp_path,
        SummonModal,
        "summon",
        [NameAlly(port=0, space=0, ally_id="gisela"), Gain(grain=2, stone=-1)],
    )
    async with app.shown() as pilot:
        assert not app.screen.query("#ally") and not app.screen.query("#mark")
        assert "The Ally in Roma: Gisela" in app.text_of("#known")
        assert "Ally space 1 of your Player Board, the marked one" in app.text_of("#mark-line")
        assert app.screen.query_one("#grain", NumberField).disabled  # the board says 3
        await confirm(pilot)
    assert app.results == [SummonAlly(ally_id="gisela", space=0, grain=3)]
    app.session.push(app.results[0])
    first = app.session.state.obligation
    assert first is not None and first.does == "edict"


async def test_summon_on_a_game_without_a_player_board_asks_the_mark(tmp_path: Path) -> None:
    session = new_session(
        tmp_path,
        [NameAlly(port=0, space=0, ally_id="gisela"), Gain(grain=2, stone=-1)],
        ruleset=TYPED_BOARD,
    )
    session.push(PlayCard(slot=0, face_up=False, actions=("summon",)))
    app = Host(session, SummonModal)
    async with app.shown() as pilot:
        assert not app.screen.query("#mark-line")
        await press(pilot, "tab", "space")
        assert app.screen.query_one("#mark", Checkbox).value
        await confirm(pilot)
    assert app.results == [SummonAlly(ally_id="gisela", space=0, grain=3, edict_mark=True)]


def second_summon(folder: Path, towers: int) -> Host:
    """Gregoria (tile 1) summoned in Roma; the next turn, a Summon in Alexandria."""
    first_turn: list[Event] = [
        # Two Towers and two Walls (room for 4) pay Roma's 3 Grain and Alexandria's 1.
        Correct(target="player.sites", value={1: "T1 W1", 2: "T1 W1 T2 W2"}[towers]),
        Gain(grain=towers + 1, stone=-1),
        face_down("summon"),
        # Roma's Ally space costs 3 Grain; the Ally is said to stand off the marked space
        SummonAlly(ally_id="gregoria-1", grain=3, edict_mark=False),
    ]
    return second_turn_host(folder, SummonModal, "summon", first_turn, [Travel(port=1)])


async def test_summon_leaves_out_your_allies_and_the_engine_refuses_a_twin(
    tmp_path: Path,
) -> None:
    app = second_summon(tmp_path, towers=2)
    async with app.shown() as pilot:
        labels = app.select_labels("#ally")
        assert not any(label.startswith("Gregoria (tile 1)") for label in labels)
        assert "Ally spaces used: 1 of 2" in app.text_of("#summon-info")
        await press(pilot, "g", "r", "e", "g", "enter")  # the other Gregoria tile
        assert app.screen.query_one("#ally", Select).value == "gregoria-2"
        await confirm_refused(pilot, "Gregoria is already in your castle")


async def test_summon_full_castle_refused_plainly(tmp_path: Path) -> None:
    app = second_summon(tmp_path, towers=1)
    async with app.shown() as pilot:
        assert "Ally spaces used: 1 of 1" in app.text_of("#summon-info")
        assert "no free Ally space" in app.dialog_error()
        await press(pilot, "g", "i", "s", "e", "l", "a", "enter")
        await confirm_refused(pilot, "no free Ally space")


async def test_summon_paid_in_augustales_instead(tmp_path: Path) -> None:
    session = new_session(
        tmp_path,
        [
            NameAlly(port=0, space=0, ally_id="tento"),
            NameCard(port=0, space=0, card_id="B15"),
            face_down("purchase"),
            BuyCard(space=0, card_id="B15", removes="common-grain", from_hand=True),
        ],
    )
    app = Host(session, SummonModal)
    async with app.shown() as pilot:
        assert "You pay 3 Augustales instead of Grain" in app.text_of("#summon-info")
        grain = app.screen.query_one("#grain", NumberField)
        assert grain.disabled and grain.text == "0"
        await confirm(pilot)
    assert app.results == [SummonAlly(ally_id="tento", space=0, grain=0, augustales=3)]


async def test_summon_discount_shown_beside_the_grain(tmp_path: Path) -> None:
    session = new_session(
        tmp_path,
        [
            Gain(grain=1),
            NameCard(port=0, space=0, card_id="A16"),
            face_down("purchase"),
            BuyCard(space=0, card_id="A16"),
        ],
    )
    app = Host(session, SummonModal)
    async with app.shown():
        grain = app.screen.query_one("#grain", NumberField)
        assert "this Summon: 1 Grain off" in grain.hint
        assert grain.disabled  # the board's cost less the discount: nothing to type
        assert grain.value == 2


async def test_a_purchase_paid_with_a_card_offers_what_the_engine_may_remove(
    tmp_path: Path,
) -> None:
    """Issue 37: round 1, nothing has reached the discard pile, so the card you remove
    comes from your hand; the list offers only cards that may be there."""
    session = new_session(tmp_path, [NameCard(port=0, space=0, card_id="A7")])
    session.push(NameHand(cards=("common-draw", "common-draw")))
    session.push(face_down("purchase"))
    app = Host(session, BuyCardModal)
    async with app.shown() as pilot:
        from_hand = app.screen.query_one("#from-hand", ClearCheckbox)
        assert from_hand.value  # the discard pile is empty: the hand it is
        removable = {card for card, _ in cards_you_may_remove(session.state)}
        offered = {card for card, _ in card_choices(session.state, removable)}
        assert offered == removable and "common-draw" in offered and "A7" not in offered
        app.screen.query_one("#removes", Select).value = "common-draw"
        await pilot.pause()
        await confirm(pilot)
    assert app.results == [BuyCard(space=0, card_id="A7", removes="common-draw", from_hand=True)]


async def test_the_play_list_greys_a_card_whose_copies_are_played(tmp_path: Path) -> None:
    """Issue 37: both coin cards face up in round 1: the list keeps the line, and its key
    (the same every turn), greyed: no third copy is in your hand."""
    session = new_session(tmp_path)
    before = {
        line.option_id: line for line in PlayCardModal(session.state, session.ruleset).lines()
    }
    for slot in (0, 1):
        session.push(PlayCard(slot=slot, face_up=True, card_id="common-augustales"))
        session.push(Resolve())
        frederick_plays(session)
    after = {line.option_id: line for line in PlayCardModal(session.state, session.ruleset).lines()}
    coins, draw = after["up-common-augustales"], after["up-common-draw"]
    assert coins.key == before["up-common-augustales"].key and coins.disabled
    assert "(not in your hand)" in coins.text and not draw.disabled
