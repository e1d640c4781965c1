"""SoloGame: the event log, undo/redo, documents and the log lines."""

from __future__ import annotations

import json
import typing
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from solo_deck import (
    SCHEMA_VERSION,
    CardFace,
    DocumentError,
    EdictKind,
    GameSetup,
    Palace,
    Phase,
    PlayerState,
    RuleError,
    SoloGame,
    parse_edict,
)
from solo_deck import events as ev
from solo_deck.model.board import MarketTile, Trade
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant

Factory = Callable[..., SoloGame]


def reveal_all(game: SoloGame) -> None:
    for position in game.state.awaiting_reveal:
        game.push(ev.RevealEdict(position=position, edict=parse_edict("1S 1G")))


def frederick_card(game: SoloGame) -> str:
    report = game.state.last_frederick
    assert report is not None
    return report.card_id


def phase(game: SoloGame) -> Phase:
    return game.state.phase


def edict_due(game: SoloGame, turns: Any) -> None:
    """A face-down card's Build on a site with the Edict mark: an Edict to issue."""
    turns.play(game, "build")
    game.push(ev.Build(structure="tower", edict_mark=True))


# --- push / undo / redo ------------------------------------------------------------------------


def test_push_appends_an_event_a_state_and_a_log_line(make_game: Factory) -> None:
    game = make_game()
    start = game.state
    state = game.push(ev.Gain(vp=2))
    assert state is game.state
    assert game.events == (ev.Gain(vp=2),)
    assert game.log == ("You: +2 VP",)
    assert start.player.vp == 0 and state.player.vp == 2


def test_undo_restores_the_previous_state_and_redo_reapplies(make_game: Factory) -> None:
    game = make_game()
    game.push(ev.Gain(vp=1))
    after_first = game.state
    game.push(ev.Travel(port=2))
    after_second, log_second = game.state, game.log
    assert game.undo() == ev.Travel(port=2)
    assert game.state == after_first and game.log == ("You: +1 VP",)
    assert game.can_redo and game.redo_log == (ev.Travel(port=2),)
    assert game.redo() == ev.Travel(port=2)
    assert game.state == after_second and game.log == log_second
    assert not game.can_redo


def test_undo_and_redo_with_nothing_to_do_return_none(make_game: Factory) -> None:
    game = make_game()
    assert not game.can_undo and game.undo() is None
    assert not game.can_redo and game.redo() is None


def test_redo_order_after_several_undos(make_game: Factory) -> None:
    game = make_game()
    for vp in (1, 2, 3):
        game.push(ev.Gain(vp=vp))
    game.undo()
    game.undo()
    assert game.redo_log == (ev.Gain(vp=2), ev.Gain(vp=3))
    game.redo()
    assert game.state.player.vp == 3
    assert list(game.redo_log) == [ev.Gain(vp=3)]


def test_a_new_event_drops_the_redo_branch(make_game: Factory) -> None:
    game = make_game()
    game.push(ev.Gain(vp=1))
    game.push(ev.Gain(vp=2))
    game.undo()
    assert game.can_redo
    game.push(ev.Gain(grain=1))
    assert not game.can_redo and game.redo() is None
    assert game.events == (ev.Gain(vp=1), ev.Gain(grain=1))


def test_undo_of_frederick_turn_never_reveals_a_different_card(
    make_game: Factory, turns: Any
) -> None:
    game = make_game(seed=12)
    turns.idle_turn(game)
    game.push(ev.FrederickTurn())
    first = frederick_card(game)
    state_after = game.state
    undone = game.undo()
    assert isinstance(undone, ev.FrederickTurn) and undone.card_id == first
    game.redo()
    assert frederick_card(game) == first and game.state == state_after
    # Undo, then a fresh FrederickTurn (not a redo): still the same card.
    game.undo()
    game.push(ev.FrederickTurn())
    assert frederick_card(game) == first
    assert game.state == state_after


def test_undo_across_a_crown_reshuffle_gives_the_same_cards(make_game: Factory, turns: Any) -> None:
    game = make_game(seed=4)
    cards: list[str] = []
    while game.state.deck.shuffles == 0:
        if phase(game) is Phase.END_PHASE:
            turns.finish_round(game)
        elif phase(game) is Phase.PLAYER:
            turns.idle_turn(game)
        else:
            game.push(ev.FrederickTurn())
            cards.append(frederick_card(game))
            reveal_all(game)
    # The shuffle came in round 3: End Phases are undone and redone too.
    assert game.state.round == 3
    length = len(game.events)
    for _ in range(length):
        game.undo()
    assert game.state == SoloGame(game.setup).state
    for _ in range(length):
        game.redo()
    again = [e.card_id for e in game.events if isinstance(e, ev.FrederickTurn)]
    assert again == cards


def test_a_rule_error_leaves_state_log_and_redo_unchanged(make_game: Factory) -> None:
    game = make_game()
    game.push(ev.Gain(vp=1))
    game.push(ev.Gain(vp=1))
    game.undo()
    state, log, events, redo = game.state, game.log, game.events, game.redo_log
    for bad in (
        ev.EndRound(),
        ev.FrederickTurn(),
        ev.Travel(port=0),
        ev.Gain(grain=-5),
        ev.Decline(),
    ):
        with pytest.raises(RuleError):
            game.push(bad)
        assert (game.state, game.log, game.events, game.redo_log) == (state, log, events, redo)


def test_push_accepts_event_dicts_and_rejects_bad_ones(make_game: Factory) -> None:
    game = make_game()
    game.push({"type": "gain", "vp": 3})
    assert game.state.player.vp == 3
    with pytest.raises(RuleError, match="not a valid event"):
        game.push({"type": "teleport"})
    with pytest.raises(RuleError, match="not a valid event"):
        game.push({"type": "gain", "vp": 1, "mana": 2})


def test_preview_does_not_change_the_game(make_game: Factory, turns: Any) -> None:
    game = make_game()
    turns.idle_turn(game)
    state, line = game.preview(ev.FrederickTurn())
    assert state.frederick_actions == 1 and line.startswith("Frederick 1/5, card ")
    assert game.state.frederick_actions == 0 and len(game.events) == 2
    # Previewing does not consume the card either.
    game.push(ev.FrederickTurn())
    assert frederick_card(game) == state.last_frederick.card_id  # type: ignore[union-attr]


@pytest.fixture
def table_game(make_game: Factory, turns: Any) -> SoloGame:
    """A game with the table deck (Frederick's cards keyed in) at Frederick's first turn."""
    game = make_game(mode="table")
    turns.idle_turn(game)
    return game


def test_frederick_turn_is_stored_with_its_card_and_face(
    table_game: SoloGame, face_of: Callable[[str], CardFace]
) -> None:
    game = table_game
    game.push(ev.FrederickTurn(face=face_of("S14")))
    stored = game.events[-1]
    assert stored == ev.FrederickTurn(card_id="S14", face=face_of("S14"))


def test_a_recorded_face_must_match_the_recorded_card(
    table_game: SoloGame, face_of: Callable[[str], CardFace]
) -> None:
    game = table_game
    with pytest.raises(RuleError, match="does not show the recorded face"):
        game.push(ev.FrederickTurn(card_id="S14", face=face_of("S01")))


def test_constructing_with_events_replays_them_without_a_redo_branch(
    make_game: Factory, turns: Any
) -> None:
    game = make_game()
    turns.idle_turn(game)
    game.push(ev.FrederickTurn())
    copy = SoloGame(game.setup, game.events)
    assert copy.state == game.state and copy.log == game.log and not copy.can_redo


# --- documents -----------------------------------------------------------------------------------


def played(make_game: Factory, turns: Any, **kwargs: Any) -> SoloGame:
    game = make_game(**kwargs)
    game.push(ev.Travel(port=1))
    edict_due(game, turns)
    game.push(
        ev.PlayerEdict(
            slot=1, choice={EdictKind.WALL: "add", EdictKind.KEEP: "remove"}, replacement=2
        )
    )
    reveal_all(game)
    game.push(ev.TakeEdictReward(slot=1, stone=1))
    game.push(ev.FrederickTurn())
    reveal_all(game)
    game.push(ev.Gain(vp=5))
    game.undo()
    return game


def test_document_round_trip_through_json(make_game: Factory, turns: Any) -> None:
    game = played(make_game, turns)
    document = json.loads(json.dumps(game.to_document()))
    assert document["schema_version"] == SCHEMA_VERSION == 5
    assert set(document) == {"schema_version", "setup", "events", "redo"}
    copy = SoloGame.from_document(document)
    assert copy.state == game.state
    assert copy.events == game.events
    assert copy.log == game.log
    assert copy.redo_log == game.redo_log == (ev.Gain(vp=5),)
    # The tableau and what was pending travel with the document.
    assert copy.state.player.played == game.state.player.played
    assert copy.state.board == game.state.board
    copy.redo()
    assert copy.state.player.vp == 5


def test_document_round_trip_in_table_mode(
    table_game: SoloGame, face_of: Callable[[str], CardFace]
) -> None:
    game = table_game
    game.push(ev.FrederickTurn(face=face_of("S13")))
    copy = SoloGame.from_document(json.loads(json.dumps(game.to_document())))
    assert copy.state == game.state
    assert copy.state.deck.discard == ("S13",)


def test_document_setup_carries_deck_and_ruleset(make_game: Factory) -> None:
    document = make_game(seed=77).to_document()
    assert document["setup"]["seed"] == 77
    assert len(document["setup"]["deck"]["cards"]) == 16
    assert document["setup"]["ruleset"]["rounds"]["frederick_max_actions"]["value"] == 5


@pytest.mark.parametrize("document", [None, [], "game", 3])
def test_a_document_must_be_an_object(document: object) -> None:
    with pytest.raises(DocumentError, match="JSON object"):
        SoloGame.from_document(document)


def test_a_document_saved_mid_turn_keeps_what_is_pending(make_game: Factory, turns: Any) -> None:
    game = make_game()
    edict_due(game, turns)
    copy = SoloGame.from_document(json.loads(json.dumps(game.to_document())))
    assert copy.state.pending == game.state.pending != ()
    assert copy.allowed() == game.allowed()


def test_a_schema_1_document_is_carried_over(make_game: Factory) -> None:
    setup = make_game().setup.model_dump(mode="json")
    del setup["ruleset"]  # a schema-1 ruleset differs; the packaged one is used
    old = {"schema_version": 1, "setup": setup, "events": [{"type": "end_turn"}], "redo": []}
    game = SoloGame.from_document(old)
    assert game.state.phase is Phase.FREDERICK
    assert game.log == ("You ended turn 1",)
    assert game.events == () and not game.can_undo
    assert game.to_document()["schema_version"] == SCHEMA_VERSION


@pytest.mark.parametrize("version", [None, 0, 6, "1", "2", "3", "4", "5"])
def test_wrong_schema_version_is_a_document_error(make_game: Factory, version: object) -> None:
    document = make_game().to_document()
    if version is None:
        del document["schema_version"]
    else:
        document["schema_version"] = version
    with pytest.raises(DocumentError, match="schema_version") as info:
        SoloGame.from_document(document)
    assert "this program reads 5" in str(info.value)


def test_bad_setup_is_a_document_error_naming_the_field(make_game: Factory) -> None:
    document = make_game().to_document()
    document["setup"]["edict_pile"] = -3
    with pytest.raises(DocumentError, match="setup: edict_pile"):
        SoloGame.from_document(document)


@pytest.mark.parametrize(
    "event",
    [
        {"type": "teleport"},
        {"type": "gain", "mana": 1},
        {"type": "travel"},
        "end_turn",
        # Gone with schema 1: a turn ends by itself, and Travel has no cost to type.
        {"type": "end_turn"},
        {"type": "travel", "port": 1, "cost": 0},
        {"type": "play_card", "slot": 0, "face_up": False},
    ],
)
def test_bad_events_are_a_document_error(make_game: Factory, event: object) -> None:
    document = make_game().to_document()
    document["events"] = [{"type": "gain", "vp": 1}, event]
    with pytest.raises(DocumentError, match="events: "):
        SoloGame.from_document(document)


def test_bad_redo_events_are_a_document_error(make_game: Factory) -> None:
    document = make_game().to_document()
    document["redo"] = [{"type": "nope"}]
    with pytest.raises(DocumentError, match="events: "):
        SoloGame.from_document(document)


def test_an_event_that_cannot_be_replayed_is_a_document_error(make_game: Factory) -> None:
    document = make_game().to_document()
    document["events"] = [{"type": "gain", "vp": 1}, {"type": "end_round"}]
    with pytest.raises(DocumentError, match=r"event 2 \(end_round\) cannot be replayed"):
        SoloGame.from_document(document)


def test_a_tampered_virtual_card_is_a_document_error(make_game: Factory, turns: Any) -> None:
    game = make_game(seed=5)
    turns.idle_turn(game)
    game.push(ev.FrederickTurn())
    document = game.to_document()
    real = document["events"][-1]["card_id"]
    other = next(c.id for c in game.setup.deck.cards if c.id != real)
    document["events"][-1]["card_id"] = other
    document["events"][-1]["face"] = None
    with pytest.raises(DocumentError, match=f"the next virtual card is {real}, not {other}"):
        SoloGame.from_document(document)


def test_a_correction_with_bad_edict_notation_is_a_rule_error_and_a_document_error(
    make_game: Factory,
) -> None:
    game = make_game()
    with pytest.raises(RuleError, match=r"edicts\.next\.0: .*'Q' is not an edict letter"):
        game.push(ev.Correct(target="edicts.next.0", value="2Q"))
    document = game.to_document()
    document["events"] = [{"type": "correct", "target": "edicts.next.0", "value": "2Q"}]
    with pytest.raises(DocumentError, match=r"event 1 \(correct\)"):
        SoloGame.from_document(document)


# --- corrections ---------------------------------------------------------------------------------


def test_corrections_are_validated(make_game: Factory) -> None:
    game = make_game()
    with pytest.raises(RuleError, match=r"cannot correct 'player\.mana'"):
        game.push(ev.Correct(target="player.mana", value=1))
    with pytest.raises(RuleError, match="needs a whole number"):
        game.push(ev.Correct(target="player.vp", value="ten"))
    with pytest.raises(RuleError, match="cannot be negative"):
        game.push(ev.Correct(target="palace.grain", value=-1))
    with pytest.raises(RuleError, match="your castle holds at most 5 towers"):
        game.push(ev.Correct(target="player.towers", value=6))
    with pytest.raises(RuleError, match="treasury must be between 0 and 18"):
        game.push(ev.Correct(target="palace.treasury", value=21))
    with pytest.raises(RuleError, match="port number from 0 to 4"):
        game.push(ev.Correct(target="voyage.player", value=5))
    with pytest.raises(RuleError, match="round starts at 1"):
        game.push(ev.Correct(target="round", value=0))
    with pytest.raises(RuleError, match="needs edict notation"):
        game.push(ev.Correct(target="edicts.active.0", value=3))
    assert game.events == ()


def test_correcting_an_awaited_next_tile_clears_the_wait(make_game: Factory, turns: Any) -> None:
    game = make_game(pile=4)
    edict_due(game, turns)
    game.push(ev.PlayerEdict(slot=0, choice={EdictKind.TOWER: "add"}, replacement=0))
    assert game.state.awaiting_reveal == (0,)
    game.push(ev.Correct(target="edicts.next.0", value="3w"))
    assert not game.state.awaiting_reveal
    assert game.state.edicts.next[0] == parse_edict("3W")
    assert game.log[-1] == "Correction: edicts.next.0 set to 3w"


# --- log lines -----------------------------------------------------------------------------------


def every_kind_of_event(make_game: Factory, face_of: Callable[[str], CardFace]) -> SoloGame:
    """A round in table mode that pushes every event type at least once."""
    game = make_game(mode="table", port_allies=("tento",))
    events: list[ev.Event] = [
        ev.NameCard(port=0, card_id="A1"),
        ev.NameAlly(port=1, ally_id="gisela"),
        # Turn 1: Summon Tento in Roma.
        ev.PlayCard(slot=0, face_up=False, actions=("summon",)),
        ev.SummonAlly(ally_id="tento", grain=1),
        ev.FrederickTurn(face=face_of("S09")),
        ev.RevealEdict(position=0, edict=parse_edict("1T 1W")),
        # Turn 2: Savoy's card (+2 Augustales, then a Purchase): A1, whose effect you use.
        ev.PlayCard(slot=1, face_up=True, card_id="savoy-purchase"),
        ev.Resolve(),
        ev.BuyCard(card_id="A1"),
        ev.Resolve(),
        ev.FrederickTurn(face=face_of("S10")),
        ev.RevealEdict(position=1, edict=parse_edict("2S")),
        # Turn 3: sail, build the Great Keep (two promotions, the Card Slot tile off, an
        # Edict), then the reward under the Active space issued.
        ev.Travel(port=1),
        ev.PlayCard(slot=2, face_up=False, actions=("build",)),
        ev.Build(structure="keep", great="great_keep", cover="slot", augustales=2),
        ev.Promote(specialist=0, path="B"),
        ev.PlaceWorkplace(path="B", space=1, tile="countryside-I-B"),
        ev.Promote(specialist=0),
        ev.PlaceWorkplace(path="B", space=2, tile="countryside-II-B"),
        ev.PlayerEdict(
            slot=2, choice={EdictKind.GRAIN: "add", EdictKind.AUGUSTALES: "add"}, replacement=2
        ),
        ev.RevealEdict(position=2, edict=parse_edict("1K")),
        ev.TakeEdictReward(slot=2, augustales=3, reward=Grant(gain=Gains(augustales=3))),
        ev.FrederickTurn(face=face_of("S12")),
        # Turn 4: the City of Path B and its bonus tile (a free Wall, declined).
        ev.PlayCard(slot=3, face_up=False, actions=("promote",)),
        ev.Promote(specialist=0),
        ev.ChooseCityBonus(tile="E"),
        ev.Decline(),
        ev.FrederickTurn(face=face_of("S07")),
        ev.Correct(target="player.vp", value=4),
        # Turn 5: 2 Stone bought at the Market; the warehouse holds 3 resources.
        ev.PlayCard(slot=4, face_up=False, actions=("market",)),
        ev.VisitMarket(
            buys=1, rates=MarketTile(buy=Trade(resource="stone", amount=2, augustales=4))
        ),
        ev.DropResources(stone=2),
        ev.Gain(augustales=-1, reason="a tip"),
        ev.FrederickTurn(face=face_of("S05")),
        ev.RevealEdict(position=1, edict=parse_edict("3G")),
        # Turn 6 (the sixth slot is free): pass; Frederick has taken his five actions.
        ev.Pass(),
        ev.CastleIncome(),
        ev.ScoreAllyIncome(),
        ev.Reorganise(),
        ev.EndRound(),
    ]
    for event in events:
        game.push(event)
    return game


def test_every_event_type_gets_a_log_line(
    make_game: Factory, face_of: Callable[[str], CardFace]
) -> None:
    game = every_kind_of_event(make_game, face_of)
    all_types = {
        typing.get_args(member.model_fields["type"].annotation)[0]
        for member in typing.get_args(typing.get_args(ev.Event)[0])
    }
    assert all_types == set(ev.EVENT_TYPES)
    # A board value told mid-game needs a game with boards (test_board_check_events.py), and
    # naming the cards of your hand a game that counts it (test_card_piles.py).
    assert {event.type for event in game.events} == all_types - {"check_board", "name_hand"}
    assert len(game.log) == len(game.events)
    assert all(isinstance(line, str) and line.strip() for line in game.log)


def test_log_lines_say_what_happened_in_table_language(
    make_game: Factory, face_of: Callable[[str], CardFace]
) -> None:
    game = every_kind_of_event(make_game, face_of)
    first_line: dict[str, str] = {}
    for event, line in zip(game.events, game.log, strict=True):
        first_line.setdefault(event.type, line)
    assert first_line == {
        "name_card": "The Advanced card in Roma is A1",
        "name_ally": "The Ally in Alexandria is Gisela",
        "play_card": "You played a card in slot 1, face down for Summon",
        "summon_ally": (
            "You summoned Tento in Roma, paid 1 Grain — your turn 1 is over; Frederick is next"
        ),
        "frederick_turn": (
            f"Frederick 1/5, card S09 ({face_of('S09').short()}): Frederick's ship stays in "
            "Roma; Issue Edict I (2T): add 2 Towers (4/5); Slide Next I down to Active I; "
            "draw a new Next I tile from the pile and type it"
        ),
        "reveal_edict": "New Next I tile: 1T 1W",
        "resolve": "House card played: +2 Augustales",
        "buy_card": "You bought A1 in Roma, paid 3 Augustales",
        "travel": "You sailed Roma → Alexandria (1 space)",
        "build": (
            "You built a Great Keep (keeps 1/3), paid 2 Augustales — Keep cover: take the "
            "Card Slot tile off — 6 cards a round from now on"
        ),
        "promote": "You promoted Specialist 1 to Path B space 1",
        "place_workplace": "Path B space 1 holds Countryside I B",
        "player_edict": (
            "You issued Edict III (2G 1A): add 2 Grain (3/7), add 3 Augustales (Treasury 6 → 9). "
            "Slide Next III down to Active III; draw a new Next III tile from the pile and type it"
        ),
        "take_edict_reward": (
            "You took the reward under Active III: +3 Augustales — your turn 3 is over; "
            "Frederick is next"
        ),
        "choose_city_bonus": (
            "You took City Bonus tile E: You may build a Wall without its resource cost "
            "(a Great Wall still costs its Augustales)."
        ),
        "decline": (
            "You declined: City Bonus E: build a Wall without its resource cost — your turn 4 "
            "is over; Frederick is next"
        ),
        "correct": "Correction: player.vp set to 4",
        "visit_market": "Market in Alexandria: bought 2 Stone for 4 Augustales",
        "drop_resources": "You put back 2 Stone — your turn 5 is over; Frederick is next",
        "gain": "You: -1 Augustales (a tip)",
        "pass": "You passed; on to the End Phase",
        "castle_income": "Castle income: no side of your castle is closed yet",
        # Tento: the player's Edict raised Frederick's Treasury to 9, so the +2 applies.
        "ally_income": "Ally income: +3 VP (Tento 3)",
        # You bought the card in Roma and Frederick removed the one in Alexandria; the Ally
        # spaces emptied in Roma (your Summon) and Tunis (his removal) are turned up.
        "reorganise": (
            "Reorganisation: refilled 2 card spaces (9 left in the pile); "
            "turned up the Ally in Roma, Tunis"
        ),
        "end_round": "Round 1 ended; round 2 begins",
    }
    # An automatic step joins the line of the event that brought it about: the Keep cover
    # is turned over with the Keep, before the Great Keep's promotions (issue 40's reading).
    build = next(i for i, e in enumerate(game.events) if e.type == "build")
    assert game.log[build].endswith("— 6 cards a round from now on")
    assert game.log[build + 4] == "Path B space 2 holds Countryside II B"


# --- setup ------------------------------------------------------------------------------------


def test_setup_builds_the_initial_state(make_setup: Callable[..., GameSetup]) -> None:
    setup = make_setup(port_allies=(None, "tento"), port_cards=("B4",))
    state = SoloGame(setup).state
    assert (state.round, state.phase, state.turn) == (1, Phase.PLAYER, 1)
    assert state.palace == Palace.initial()
    assert state.player == PlayerState.initial(setup.ruleset)
    assert state.edicts.pile == 18 and state.edicts.active[0] == parse_edict("2T")
    # 2 x 8 Advanced cards in a 2-player game, one on each of the 5 ports.
    assert state.voyage.advanced_pile == 16 - 5
    assert state.voyage.ports[1].allies[0].face_up_id == "tento"
    assert state.voyage.ports[0].cards[0].card_id == "B4"
    assert state.voyage.frederick == state.voyage.player == 0


def test_setup_default_edict_pile() -> None:
    assert GameSetup.default_edict_pile(False) == 18
    assert GameSetup.default_edict_pile(True) == 18 + 3


def test_setup_refuses_the_same_ally_in_two_ports_and_too_many_ports(
    make_setup: Callable[..., GameSetup],
) -> None:
    with pytest.raises(ValidationError, match="same Ally cannot lie face up in two ports"):
        make_setup(port_allies=("tento", None, "tento"))
    with pytest.raises(ValidationError, match="only 5 ports"):
        make_setup(port_cards=("A1",) * 6)
