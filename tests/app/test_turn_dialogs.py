"""The dialogs of a turn's start: Play card (face down for an action, face up for a card,
both actions once the Keep cover allows it), Travel (clockwise, the cost the engine gives)
and Build (which Structure, the Keep cover, the sides closed, nothing paid asked once)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, OptionList, Select

from companion.session import GameSession
from companion.ui.screens.modals.build import BuildModal
from companion.ui.screens.modals.build_site import SiteBuildModal
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.screens.modals.travel import TravelModal
from companion.ui.widgets.number_field import NumberField
from solo_deck import initial_state, parse_edict
from solo_deck.events import (
    Build,
    CheckBoard,
    Correct,
    Decline,
    Gain,
    PlayCard,
    PlayerEdict,
    RevealEdict,
    TakeEdictReward,
    Travel,
)
from solo_deck.model.provenance import Sourced
from tests.app.action_dialog_helpers import (
    TYPED_BOARD,
    Factory,
    Host,
    confirm,
    face_down,
    frederick_plays,
    new_session,
    press,
)
from tests.app.pilot_helpers import settle, unkeyed
from tests.game_setups import edict_setup


def options(app: Host, list_id: str) -> list[tuple[str, bool]]:
    """The lines of a list (without the key shown beside each, in the lists that show
    them) and whether each is off."""
    listing = app.screen.query_one(f"#{list_id}", OptionList)
    lines = [listing.get_option_at_index(i) for i in range(listing.option_count)]
    keyed = list_id in ("choice", "ports")
    return [
        (unkeyed(str(line.prompt)) if keyed else str(line.prompt), line.disabled) for line in lines
    ]


# --- every dialog -----------------------------------------------------------------------


DIALOGS: list[tuple[Factory, str]] = [
    (PlayCardModal, "OptionList#choice"),
    (TravelModal, "OptionList#ports"),
    (BuildModal, "OptionList#structure"),
]


@pytest.mark.parametrize(("factory", "first"), DIALOGS)
async def test_first_field_focused_fits_80x24_and_escape_records_nothing(
    tmp_path: Path, factory: Factory, first: str
) -> None:
    session = new_session(tmp_path)
    app = Host(session, factory)
    async with app.shown(size=(80, 24)) as pilot:
        assert app.screen.focused is app.screen.query_one(first)
        assert app.screen.query_one("#ok").region.bottom <= 24
        assert not app.screen.query("#decline")  # nothing is owed: nothing to decline
        await press(pilot, "escape")
    assert app.results == [None]


# --- Play card ----------------------------------------------------------------------------

IDLE = " · would do nothing now"
"""What a line of an action that could do nothing now adds (``test_idle_actions``)."""


async def test_play_face_down_in_the_leftmost_free_slot_that_gives_the_action(
    tmp_path: Path,
) -> None:
    session = new_session(tmp_path, [face_down("promote"), Decline()])  # slot 1 is taken
    frederick_plays(session)
    app = Host(session, PlayCardModal)
    async with app.shown() as pilot:
        texts = [text for text, _ in options(app, "choice")]
        assert [text.split(IDLE)[0] for text in texts[:5]] == [
            "Face down · Promote a Specialist",
            "Face down · Visit the Market",
            "Face down · Build a Structure",
            "Face down · Summon an Ally",
            "Face down · Purchase an Advanced card",
        ]
        assert "Face up · House card: +1 Stone" in texts
        assert not any("common-" in text for text in texts)  # no data ids on screen
        assert app.screen.query_one("#slot", Select).value == 1  # slot 2: Market, Promote
        assert app.screen.query_one("#choice", OptionList).highlighted == 0  # played last
        await press(pilot, "down", "down")  # Build
        assert app.screen.query_one("#slot", Select).value == 3  # slot 4: Build or Summon
        await press(pilot, "enter")  # Enter on the line plays it
    assert app.results == [PlayCard(slot=3, face_up=False, actions=("build",))]


async def test_the_key_beside_a_line_plays_it_at_once(tmp_path: Path) -> None:
    session = new_session(tmp_path, [face_down("promote"), Decline()])  # slot 1 is taken
    frederick_plays(session)
    app = Host(session, PlayCardModal)
    async with app.shown() as pilot:
        listing = app.screen.query_one("#choice", OptionList)
        summon = str(listing.get_option_at_index(3).prompt)
        assert summon.split(IDLE)[0] == "s  Face down · Summon an Ally"
        assert "key beside a line plays it" in str(app.screen.query_one("#keys-hint").render())
        await press(pilot, "s")
    assert app.results == [PlayCard(slot=2, face_up=False, actions=("summon",))]  # slot 3


async def test_play_opens_on_the_line_played_last(tmp_path: Path) -> None:
    session = new_session(tmp_path, [face_down("build"), Decline()])
    frederick_plays(session)
    app = Host(session, PlayCardModal)
    async with app.shown():
        listing = app.screen.query_one("#choice", OptionList)
        line = listing.get_option_at_index(listing.highlighted or 0)
        assert line.id == "down-build"  # the line played last


async def test_play_offers_only_the_actions_a_free_slot_gives(tmp_path: Path) -> None:
    """With slots 1, 2, 3 and 5 played, slot 4 is left: Build or Summon only (the other
    actions stay listed, with their keys, but cannot be chosen)."""
    played = [face_down("promote", 0), face_down("market", 1), face_down("summon", 2)]
    session = new_session(tmp_path)
    for event in [*played, face_down("purchase", 4)]:
        session.push(event)
        session.push(Decline())
        frederick_plays(session)
    app = Host(session, PlayCardModal)
    async with app.shown():
        listing = app.screen.query_one("#choice", OptionList)
        texts = [
            str(listing.get_option_at_index(i).prompt)
            for i in range(listing.option_count)
            if not listing.get_option_at_index(i).disabled
        ]
        face_down_lines = [text.split(IDLE)[0] for text in texts if "Face down" in text]
        assert face_down_lines == [
            "b  Face down · Build a Structure",
            "s  Face down · Summon an Ally",
        ]
        assert app.screen.query_one("#slot", Select).value == 3


async def test_play_a_house_card_face_up(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    app = Host(session, PlayCardModal)
    async with app.shown() as pilot:
        texts = [text for text, _ in options(app, "choice")]
        index = texts.index("Face up · House card: +1 Stone")
        await press(pilot, *["down"] * index, "enter")
    assert app.results == [PlayCard(slot=0, face_up=True, card_id="common-stone")]


def keep_with_both_actions(folder: Path) -> Host:
    """A Keep built with the cover that gives both actions, then Frederick's turn: from
    this turn a face-down card gives two actions."""
    session = new_session(folder)
    session.push(Gain(stone=1))
    session.push(face_down("build"))
    session.push(Build(structure="keep", site="K3", cover="both_actions", grain=1, stone=2))
    session.push(TakeEdictReward(slot=1, grain=1))  # the reward first: Active II
    session.push(PlayerEdict(slot=1, choice={"W": "add", "K": "add"}, replacement=1))
    session.push(RevealEdict(position=1, edict=parse_edict("1S")))
    while session.state.obligation is not None:
        session.push(Decline())
    frederick_plays(session)
    assert session.state.player.both_actions_ready
    return Host(session, PlayCardModal)


async def test_both_actions_once_the_keep_cover_allows_and_never_the_same_twice(
    tmp_path: Path,
) -> None:
    app = keep_with_both_actions(tmp_path)
    async with app.shown(size=(80, 24)) as pilot:
        assert app.screen.query_one("#ok").region.bottom <= 24
        second = app.screen.query_one("#second", Select)
        labels = [str(prompt) for prompt, _ in second._options]
        assert labels[0] == "none (one action)" and "Build a Structure" in labels
        await press(pilot, "p")  # Promote; the focus stays until the player moves it
        assert app.screen.focused is app.screen.query_one("#choice") and app.results == []
        await press(pilot, "tab")  # on to the second action
        assert app.screen.focused is second
        second.value = "promote"
        await confirm(pilot)
        assert "the two actions of one card differ" in app.dialog_error().lower()
        assert app.results == []
        second.value = "market"
        await confirm(pilot)
    assert app.results == [PlayCard(slot=1, face_up=False, actions=("promote", "market"))]


# --- Travel -------------------------------------------------------------------------------


async def test_travel_lists_ports_clockwise_with_the_engine_cost_and_sails(
    tmp_path: Path,
) -> None:
    session = new_session(tmp_path)
    app = Host(session, TravelModal)
    async with app.shown() as pilot:
        texts = options(app, "ports")
        assert [text.split(" — ")[0] for text, _ in texts] == [
            "Alexandria",
            "Tunis",
            "Barcelona",
            "Fifth port",
        ]
        assert texts[0][0].startswith("Alexandria — 1 space — free")
        assert texts[1][0].startswith("Tunis — 2 spaces — 1 Augustalis")
        assert not any(disabled for _, disabled in texts)  # 6 Augustales pay for all
        await press(pilot, "down", "enter")  # Tunis; Enter on it sails
    assert app.results == [Travel(port=2)]


async def test_travel_a_port_in_one_key(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    app = Host(session, TravelModal)
    async with app.shown() as pilot:
        ports = app.screen.query_one("#ports", OptionList)
        assert str(ports.get_option_at_index(2).prompt).startswith("3  Barcelona — ")
        assert app.screen.query_one("#ok").region.bottom <= 40  # what records stays in view
        await press(pilot, "3")
    assert app.results == [Travel(port=3)]


async def test_travel_beyond_the_limit_or_your_purse_is_not_selectable(tmp_path: Path) -> None:
    session = new_session(tmp_path, [Correct(target="player.augustales", value=1)])
    rules = session.ruleset
    short = rules.model_copy(
        update={
            "voyage": rules.voyage.model_copy(
                update={"travel_max_steps": Sourced[int](value=3, source="assumed: test")}
            )
        }
    )
    app = Host(session, lambda state, _rules, obligation: TravelModal(state, short, obligation))
    async with app.shown():
        texts = options(app, "ports")
        assert [disabled for _, disabled in texts] == [False, False, True, True]
        assert "too far" in texts[3][0] and "2 Augustales" in texts[2][0]
        assert "you have 1 Augustales" in str(app.screen.query_one(".muted").render())


# --- Build --------------------------------------------------------------------------------


def build_host(folder: Path, *events: object) -> Host:
    """The older Build dialog, on a game saved before the app knew the Castle Board."""
    events = (*events, face_down("build"))
    session = new_session(folder, events, TYPED_BOARD)  # type: ignore[arg-type]
    return Host(session, BuildModal)


def site_host(folder: Path, *events: object) -> Host:
    """The Build dialog of a game on the Castle Board."""
    session = new_session(folder, [*events, face_down("build")])  # type: ignore[list-item]
    return Host(session, SiteBuildModal)


async def test_build_lists_the_sites_you_can_build_with_what_the_board_says(
    tmp_path: Path,
) -> None:
    app = site_host(tmp_path)
    async with app.shown() as pilot:
        listed = options(app, "site")
        # T1 and W1 stand from setup; W5 costs more than the 1 Stone and 1 Grain you hold;
        # with 6 Augustales both Great Towers can stand on T2 (the Great Keep only on a
        # Keep site you can pay for).
        assert [text.split(" ·")[0] for text, _ in listed] == [
            "T2   Tower",
            "T2A  Great Tower A",
            "T2B  Great Tower B",
            "W5   Wall",
            "K1   Keep",
            "K2   Keep",
            "K3   Keep",
        ]
        assert listed[0] == ("T2   Tower · 1 Stone · closes the Grain side", False)
        assert listed[2][0].startswith("T2B  Great Tower B · 1 Stone + 3 Augustales")
        assert listed[3][1] and listed[3][0].endswith("more than you hold")
        sites = app.screen.query_one("#site", OptionList)
        assert app.focused_id() == "site" and sites.highlighted == 0  # the only site you can pay
        await press(pilot, "enter")  # nothing else to ask: Enter builds
    assert app.results == [Build(structure="tower", site="T2", stone=1)]


async def test_build_a_great_structure_by_its_key(tmp_path: Path) -> None:
    app = site_host(tmp_path)
    async with app.shown() as pilot:
        await press(pilot, "t", "2")  # T2 and its Great Towers: the key goes on
        assert app.results == [] and app.screen.query_one("#site", OptionList).highlighted == 0
        await press(pilot, "b")  # T2B is one line only: it builds at once
    assert app.results == [Build(structure="tower", site="T2", great="great_tower_b", stone=1)]


async def test_build_offers_only_the_great_structures_you_can_pay_for(tmp_path: Path) -> None:
    app = site_host(tmp_path, Correct(target="player.augustales", value=2))
    async with app.shown():
        keys = [text.split()[0] for text, _ in options(app, "site")]
        assert keys[:2] == ["T2", "T2A"] and "T2B" not in keys  # Great Tower B costs 3


async def test_build_on_a_site_as_a_great_structure_and_with_its_keep_cover(
    tmp_path: Path,
) -> None:
    app = site_host(tmp_path, Gain(stone=1))
    async with app.shown() as pilot:
        listed = [text for text, _ in options(app, "site")]
        assert "K2   Keep · 2 Stone · Edict · Sixth card slot" in listed
        sites = app.screen.query_one("#site", OptionList)
        assert sites.highlighted == 0  # T2 and K2 can be paid: the first one
        await press(pilot, "k", "2")
        assert "sixth card" in str(app.screen.query_one("#what").render()).lower()
        await press(pilot, "g")  # K2G: the Great Keep, whose cost our text lost
        what = str(app.screen.query_one("#what").render())
        assert "sixth card" in what.lower() and "Two promotions" in what  # issue 26
        coins = app.screen.query_one("#augustales", NumberField)
        assert coins.display and app.results == []
        assert "type the augustales it costs" in app.dialog_error().lower()
        await press(pilot, "tab", "3", "ctrl+s")
    assert app.results == [
        Build(structure="keep", site="K2", great="great_keep", cover="slot", stone=2, augustales=3)
    ]


async def test_build_lists_the_castle_and_a_full_track_is_not_selectable(tmp_path: Path) -> None:
    app = build_host(tmp_path, Correct(target="player.towers", value=5))
    async with app.shown():
        assert options(app, "structure") == [
            ("Tower — 5/5 built  (all built)", True),
            ("Wall — 1/5 built", False),
            ("Keep — 0/3 built", False),
        ]
        assert app.screen.query_one("#structure", OptionList).highlighted == 1  # the Wall


async def test_build_a_wall_closing_a_side_and_the_engine_refusal_inline(tmp_path: Path) -> None:
    app = build_host(tmp_path)
    async with app.shown() as pilot:
        await press(pilot, "down")  # Wall
        assert not app.screen.query_one("#cover-row").display
        stone = app.screen.query_one("#stone", NumberField)
        stone.text = "2"  # you hold 1 Stone
        await confirm(pilot)
        assert "stone" in app.dialog_error().lower() and app.results == []
        stone.text = "1"
        side = app.screen.query_one("#side1", Select)
        values = [value for _, value in side._options]
        side.value = values[1]
        await confirm(pilot)
    assert app.results == [
        Build(structure="wall", stone=1, edict_mark=False, closes=(str(values[1]),))
    ]


async def test_build_a_keep_needs_its_cover_and_always_issues_an_edict(tmp_path: Path) -> None:
    app = build_host(tmp_path)
    async with app.shown() as pilot:
        await press(pilot, "down", "down")  # Keep
        assert app.screen.query_one("#cover-row").display
        assert not app.screen.query_one("#mark", Checkbox).display
        what = str(app.screen.query_one("#what").render())
        assert "Every Keep issues an Edict" in what
        app.screen.query_one("#grain", NumberField).text = "1"
        await confirm(pilot)
        assert "keep cover" in app.dialog_error().lower()
        app.screen.query_one("#cover", Select).value = "both_actions"
        await settle(pilot)
        assert "both main actions" in str(app.screen.query_one("#what").render())
        await confirm(pilot)
    assert app.results == [Build(structure="keep", cover="both_actions", grain=1, edict_mark=False)]


async def test_build_a_great_keep_says_its_bonus(tmp_path: Path) -> None:
    # Issue 26: the Great Keep had no bonus text (a Keep showed only its Edict and cover).
    app = build_host(tmp_path)
    async with app.shown() as pilot:
        await press(pilot, "down", "down")  # Keep
        app.screen.query_one("#great", Select).value = "great_keep"
        await settle(pilot)
        what = str(app.screen.query_one("#what").render())
        assert what.startswith("Every Keep issues an Edict.")
        assert "Two promotions: two Specialists one space each" in what
        app.screen.query_one("#cover", Select).value = "both_actions"
        await settle(pilot)
        what = str(app.screen.query_one("#what").render())
        assert "both main actions" in what and "Two promotions" in what


async def test_build_with_nothing_paid_asks_once(tmp_path: Path) -> None:
    app = build_host(tmp_path)
    async with app.shown() as pilot:
        await confirm(pilot)
        assert "nothing paid" in app.dialog_error().lower() and app.results == []
        await confirm(pilot)
    assert app.results == [Build(structure="tower", edict_mark=False)]


def mixed_build_host(folder: Path, grain: int, stone: int) -> Host:
    """The Build a Wittelsbach card gives (any mix of Grain and Stone), holding these."""
    setup = edict_setup(house="Wittelsbach")
    state = initial_state(setup)
    player = state.player.model_copy(update={"grain": grain, "stone": stone})
    session = GameSession(folder)
    session.start(setup.model_copy(update={"start": state.model_copy(update={"player": player})}))
    session.push(PlayCard(slot=0, face_up=True, card_id="wittelsbach-mixed-build"))
    return Host(session, SiteBuildModal)


async def test_build_in_any_mix_asks_the_grain_only_when_several_mixes_are_possible(
    tmp_path: Path,
) -> None:
    app = mixed_build_host(tmp_path / "one", grain=1, stone=0)  # T2's 1: in Grain only
    async with app.shown() as pilot:
        await press(pilot, "t", "2")
        assert not app.screen.query_one("#grain", NumberField).display
        await press(pilot, "enter")  # T2A and T2B follow "T2": Enter builds T2
    # T2's cost is assumed: building there tells it as shown (asked once)
    assert app.results == [
        (
            CheckBoard(board="castle_board", key="T2.cost", value="1 Stone"),
            Build(structure="tower", site="T2", grain=1, stone=0),
        )
    ]
    app = mixed_build_host(tmp_path / "several", grain=1, stone=1)  # 1 Grain or 1 Stone
    async with app.shown() as pilot:
        await press(pilot, "t", "2", "enter")
        grain = app.screen.query_one("#grain", NumberField)
        assert grain.display and grain.text == "1" and app.results == []
        assert "type the grain you pay" in app.dialog_error().lower()
        await press(pilot, "tab", "tab", "0", "ctrl+s")  # past the assumed cost's field
    assert app.results == [
        (
            CheckBoard(board="castle_board", key="T2.cost", value="1 Stone"),
            Build(structure="tower", site="T2", grain=0, stone=1),
        )
    ]
