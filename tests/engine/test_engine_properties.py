"""Hypothesis properties of the engine: limits, choices, the deck, replay and undo."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo_deck import (
    Direction,
    Edict,
    EdictKind,
    EdictParseError,
    GameSetup,
    GameState,
    Palace,
    PalaceLimits,
    Phase,
    RuleError,
    SoloDeck,
    SoloGame,
    load_default_deck,
    load_ruleset,
    parse_edict,
)
from solo_deck.corrections import correction_targets
from solo_deck.data_files import allies_by_id
from solo_deck.events import (
    Build,
    BuyCard,
    CastleIncome,
    Correct,
    EndRound,
    EndTurn,
    Event,
    FrederickTurn,
    Gain,
    NameAlly,
    NameCard,
    Pass,
    PlayerEdict,
    Promote,
    Reorganise,
    RevealEdict,
    ScoreAllyIncome,
    SummonAlly,
    Travel,
)

LIMITS = PalaceLimits.from_ruleset()
RULES = load_ruleset()
DECK = load_default_deck()
ALLIES = allies_by_id()
FAST = settings(max_examples=150, deadline=None)
GAMES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --- strategies ---------------------------------------------------------------------------------

edicts = st.dictionaries(st.sampled_from(list(EdictKind)), st.integers(1, 3), min_size=1).map(
    lambda counts: Edict(**{kind.field: n for kind, n in counts.items()})
)


@st.composite
def palaces(draw: st.DrawFn) -> Palace:
    """Any palace within the packaged limits."""
    values = {kind.field: draw(st.integers(*LIMITS.bounds(kind))) for kind in EdictKind}
    return Palace(**values)


# --- Frederick's edicts ---------------------------------------------------------------------------


@FAST
@given(palace=palaces(), edict=edicts)
def test_frederick_never_lowers_anything_and_never_exceeds_a_cap(
    palace: Palace, edict: Edict
) -> None:
    after = palace.apply_frederick(edict, LIMITS)
    after.check_limits(LIMITS)
    for kind in EdictKind:
        low, high = LIMITS.bounds(kind)
        before, now = palace.value(kind), after.value(kind)
        assert now >= before
        assert low <= now <= high
        icons = edict.count(kind)
        if icons == 0:
            assert now == before
        else:
            # Every icon adds its step until the cap; only what lies past the cap is lost.
            assert now == min(high, before + icons * LIMITS.unit(kind))


# --- the player's edicts --------------------------------------------------------------------------


@FAST
@given(palace=palaces(), edict=edicts)
def test_every_legal_player_choice_applies_within_limits(palace: Palace, edict: Edict) -> None:
    choices = palace.legal_player_choices(edict, LIMITS)
    assert choices
    for choice in choices:
        assert set(choice) == set(edict.kinds())
        after = palace.apply_player(edict, choice, LIMITS)
        after.check_limits(LIMITS)
        for kind in EdictKind:
            before, now = palace.value(kind), after.value(kind)
            if kind not in choice:
                assert now == before
            elif choice[kind] is Direction.ADD:
                assert now >= before
            else:
                assert now <= before


@FAST
@given(palace=palaces(), edict=edicts)
def test_every_illegal_direction_raises_rule_error(palace: Palace, edict: Edict) -> None:
    [*_, some_legal] = palace.legal_player_choices(edict, LIMITS)
    for kind, icons in edict.items():
        legal = palace.legal_directions(kind, icons, LIMITS)
        low, high = LIMITS.bounds(kind)
        step = icons * LIMITS.unit(kind)
        fits = {
            Direction.ADD: palace.value(kind) + step <= high,
            Direction.REMOVE: palace.value(kind) - step >= low,
        }
        # A direction is legal when all its icons fit; if neither fits, both are allowed.
        expected = [d for d in Direction if fits[d]] or list(Direction)
        assert legal == expected
        for direction in set(Direction) - set(legal):
            with pytest.raises(RuleError):
                palace.apply_player(edict, {**some_legal, kind: direction}, LIMITS)


# --- the deck -------------------------------------------------------------------------------------


@FAST
@given(
    mode=st.sampled_from(["virtual", "table"]),
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=60),
)
def test_sixteen_solo_cards_are_always_accounted_for(
    mode: str, seed: int, picks: list[int]
) -> None:
    deck = SoloDeck.new(DECK, mode, seed)  # type: ignore[arg-type]
    all_ids = sorted(card.id for card in DECK.cards)
    for pick in picks:
        if pick % 5 == 0:
            deck, reshuffled = deck.end_turn()
            if reshuffled:
                assert deck.discard == () and deck.crowns_since_shuffle == 0
        else:
            if mode == "table":
                unseen = deck.unseen_cards() or list(DECK.cards)
                face = unseen[pick % len(unseen)].face
                deck, card = deck.flip(face)
                assert card.face == face
            else:
                deck, card = deck.flip()
            assert deck.discard[-1] == card.id
        assert sorted(deck.draw_pile + deck.discard) == all_ids
        assert len(set(deck.discard)) == len(deck.discard)
        crowns = sum(DECK.card(c).crown for c in deck.discard)
        assert deck.crowns_since_shuffle == crowns
        assert deck.reshuffle_pending == (crowns >= 2)


# --- random games ---------------------------------------------------------------------------------

TILES = [parse_edict(t) for t in ("1G", "2T 1K", "1W 1C", "3A", "1P 1S", "2W", "1K 1G 1S")]
Choose = Callable[[int], int]


def legal_events(state: GameState) -> list[Event]:
    """Some events the rules allow now (one of each kind that makes sense)."""
    if state.awaiting_reveal:
        return [RevealEdict(position=state.awaiting_reveal[0], edict=t) for t in TILES[:3]]
    if state.phase is Phase.FREDERICK:
        if state.deck.mode == "virtual":
            return [FrederickTurn()]
        unseen = state.deck.unseen_cards() or list(state.deck.definition.cards)
        return [FrederickTurn(face=card.face) for card in unseen]
    if state.phase is Phase.END_PHASE:
        # Castle income, then ally income (rulebook order); reorganisation at any time.
        progress = state.end_phase
        steps: list[Event] = []
        if not progress.castle_income:
            steps.append(CastleIncome(vp=1, augustales=1))
        elif progress.ally_income is None:
            steps.append(ScoreAllyIncome())
        if not progress.reorganised:
            steps.append(Reorganise())
        return steps or [EndRound()]
    if state.phase is not Phase.PLAYER:
        return []
    events: list[Event] = [EndTurn(), EndTurn(), EndTurn(), Pass(), Gain(vp=1, augustales=2)]
    voyage, player = state.voyage, state.player
    for port in range(len(voyage.ports)):
        steps_needed = voyage.steps_to(port)
        if 1 <= steps_needed <= 4 and voyage.travel_cost(steps_needed) <= player.augustales:
            events.append(Travel(port=port))
    edicts = state.edicts
    for slot in edicts.non_empty_active():
        tile = edicts.active[slot]
        assert tile is not None
        for choice in state.palace.legal_player_choices(tile, LIMITS)[:2]:
            for replacement in edicts.non_empty_next()[:2] or [None]:
                events.append(PlayerEdict(slot=slot, choice=choice, replacement=replacement))
    for structure, field in (("tower", "towers"), ("wall", "walls"), ("keep", "keeps")):
        cap = getattr(RULES.player, f"castle_{field}").value
        if getattr(player, field) < cap:
            events.append(Build(structure=structure))  # type: ignore[arg-type]
    if voyage.first_card_space(voyage.player) is not None:
        events.append(BuyCard())
    if voyage.first_ally_space(voyage.player) is not None:
        held = {ALLIES[a].name for a in player.allies}
        free = [a for a in ALLIES.values() if a.name not in held]
        events.append(SummonAlly(ally_id=free[len(player.allies) % len(free)].id))
    for index, specialist in enumerate(player.specialists):
        if specialist.path is None:
            events.append(Promote(specialist=index, path="ABC"[index]))
        elif specialist.space < RULES.player.path_spaces.value[specialist.path] - 1:
            events.append(Promote(specialist=index))
    return events


def play(game: SoloGame, choose: Choose, length: int) -> list[GameState]:
    """Push up to ``length`` legal events; returns the state after each."""
    states = [game.state]
    for _ in range(length):
        options = legal_events(game.state)
        if not options:
            break
        game.push(options[choose(len(options))])
        states.append(game.state)
    return states


def new_game(mode: str, seed: int) -> SoloGame:
    tiles = (TILES[0], TILES[1], TILES[2])
    nxt = (TILES[3], TILES[4], TILES[5])
    return SoloGame(
        GameSetup(
            active_edicts=tiles,
            next_edicts=nxt,
            edict_pile=10,
            seed=seed,
            deck_mode=mode,  # type: ignore[arg-type]
        )
    )


def chooser(data: st.DataObject) -> Choose:
    return lambda n: data.draw(st.integers(0, n - 1), label="choice")


def flipped(game: SoloGame) -> list[str | None]:
    return [e.card_id for e in game.events if isinstance(e, FrederickTurn)]


@GAMES
@given(
    mode=st.sampled_from(["virtual", "table"]),
    seed=st.integers(0, 2**40),
    length=st.integers(1, 90),
    data=st.data(),
)
def test_replay_is_deterministic(mode: str, seed: int, length: int, data: st.DataObject) -> None:
    game = new_game(mode, seed)
    play(game, chooser(data), length)
    document = json.loads(json.dumps(game.to_document()))
    copy = SoloGame.from_document(document)
    assert copy.state == game.state
    assert copy.events == game.events
    assert copy.log == game.log
    assert flipped(copy) == flipped(game)
    assert None not in flipped(game)
    if mode == "virtual":
        # The seed alone decides the cards: the same events without card ids flip the same ones.
        bare = [FrederickTurn() if isinstance(e, FrederickTurn) else e for e in game.events]
        again = SoloGame(game.setup, bare)
        assert flipped(again) == flipped(game)
        assert again.state == game.state


@GAMES
@given(
    mode=st.sampled_from(["virtual", "table"]),
    seed=st.integers(0, 2**40),
    length=st.integers(1, 90),
    data=st.data(),
)
def test_undo_then_redo_is_the_identity(
    mode: str, seed: int, length: int, data: st.DataObject
) -> None:
    game = new_game(mode, seed)
    states = play(game, chooser(data), length)
    state, log, events = game.state, game.log, game.events
    back = data.draw(st.integers(0, len(events)), label="undo count")
    for _ in range(back):
        assert game.undo() is not None
    assert game.state == states[len(events) - back]
    assert len(game.log) == len(events) - back
    for _ in range(back):
        assert game.redo() is not None
    assert (game.state, game.log, game.events) == (state, log, events)
    assert not game.can_redo


@GAMES
@given(seed=st.integers(0, 2**40), length=st.integers(1, 60), data=st.data())
def test_random_games_keep_their_invariants(seed: int, length: int, data: st.DataObject) -> None:
    game = new_game("virtual", seed)
    for state in play(game, chooser(data), length):
        state.palace.check_limits(LIMITS)
        assert state.frederick_actions <= 5
        assert state.player_turns <= 6
        assert sorted(state.deck.draw_pile + state.deck.discard) == sorted(c.id for c in DECK.cards)
        assert state.phase is not Phase.GAME_OVER or state.game_end
    assert len(game.log) == len(game.events)


small = st.integers(0, 4)
any_event: st.SearchStrategy[Event] = st.one_of(
    st.sampled_from([EndTurn(), Pass(), FrederickTurn(), ScoreAllyIncome(), Reorganise()]),
    st.sampled_from([EndRound(), FrederickTurn(card_id="S99"), FrederickTurn(card_id="S05")]),
    st.builds(FrederickTurn, face=st.sampled_from([c.face for c in DECK.cards])),
    st.builds(RevealEdict, position=st.integers(0, 2), edict=edicts),
    st.builds(Travel, port=st.integers(0, 15), cost=st.none() | small),
    st.builds(
        PlayerEdict,
        slot=st.integers(0, 2),
        choice=st.dictionaries(st.sampled_from(list(EdictKind)), st.sampled_from(list(Direction))),
        replacement=st.none() | st.integers(0, 2),
    ),
    st.builds(
        SummonAlly,
        ally_id=st.sampled_from([*ALLIES, "nobody"]),
        space=st.integers(0, 2),
        grain=small,
    ),
    st.builds(BuyCard, space=st.integers(0, 2), augustales=small),
    st.builds(
        Build, structure=st.sampled_from(["tower", "wall", "keep"]), stone=small, grain=small
    ),
    st.builds(
        Promote, specialist=st.integers(0, 2), path=st.none() | st.sampled_from("ABC"), grain=small
    ),
    st.builds(Gain, vp=st.integers(-3, 3), grain=st.integers(-3, 3), augustales=st.integers(-3, 3)),
    st.builds(CastleIncome, vp=small, stone=small),
    st.builds(
        Correct,
        target=st.sampled_from([*correction_targets(new_game("virtual", 0).state), "bogus"]),
        value=st.none() | st.integers(-2, 25) | st.sampled_from(["2T 1K", "zz", "", "4W"]),
    ),
    st.builds(
        NameAlly,
        port=st.integers(0, 7),
        space=st.integers(0, 1),
        ally_id=st.none() | st.sampled_from(list(ALLIES)),
    ),
    st.builds(
        NameCard, port=st.integers(0, 7), space=st.integers(0, 1), card_id=st.none() | st.just("A3")
    ),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mode=st.sampled_from(["virtual", "table"]),
    seed=st.integers(0, 2**40),
    length=st.integers(0, 40),
    attempts=st.lists(any_event, min_size=1, max_size=15),
    data=st.data(),
)
def test_any_event_applies_or_raises_rule_error_leaving_the_game_unchanged(
    mode: str, seed: int, length: int, attempts: list[Event], data: st.DataObject
) -> None:
    game = new_game(mode, seed)
    play(game, chooser(data), length)
    for event in attempts:
        before = (game.state, game.log, game.events, game.redo_log)
        try:
            game.push(event)
        except RuleError:
            assert (game.state, game.log, game.events, game.redo_log) == before
        else:
            assert len(game.log) == len(before[1]) + 1 == len(game.events)
    copy = SoloGame.from_document(json.loads(json.dumps(game.to_document())))
    assert copy.state == game.state and copy.log == game.log


# --- notation -------------------------------------------------------------------------------------


@FAST
@given(text=st.text())
def test_any_text_either_parses_or_raises_edict_parse_error(text: str) -> None:
    try:
        edict = parse_edict(text)
    except EdictParseError as exc:
        assert str(exc)
    else:
        assert parse_edict(str(edict)) == edict


@FAST
@given(text=st.text(alphabet="gsatwkcpGSATWKCPxyz0123459 ,+", max_size=20))
def test_notation_like_text_either_parses_or_raises_edict_parse_error(text: str) -> None:
    try:
        edict = parse_edict(text)
    except EdictParseError as exc:
        assert "letters:" in str(exc) or "empty" in str(exc)
    else:
        assert parse_edict(str(edict)) == edict
        assert 1 <= sum(n for _, n in edict.items()) <= 24


@FAST
@given(edict=edicts)
def test_str_then_parse_is_the_identity(edict: Edict) -> None:
    assert parse_edict(str(edict)) == edict
    assert parse_edict(str(edict).lower().replace(" ", "")) == edict
