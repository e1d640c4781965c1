"""The end-of-game forecast: seeded, and in line with exact enumeration on small cases.

Tolerance: with 20,000 runs the standard error of a probability is at most 0.0035, so the
agreement bound |simulated - exact| < 0.02 is more than 5 standard errors wide.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction as F
from typing import Any

import pytest

from solo_deck import (
    DeckDefinition,
    EdictRow,
    GameEndReason,
    GameState,
    Phase,
    PlayerState,
    SoloCard,
    SoloDeck,
    SoloGame,
    load_ruleset,
    parse_edict,
)
from solo_deck.data.loaders import load_default_deck
from solo_deck.events import Decline, EndRound, Event, PlayCard, PlayerEdict
from solo_deck.insight.forecast import (
    CHECK_EVERY,
    ForecastCancelled,
    RoundsForecast,
    forecast_rounds_left,
    forecast_steps,
)
from solo_deck.insight.odds import next_card_odds
from solo_deck.insight.round_plan import player_edicts_per_round, round_schedule
from solo_deck.model.player import PlayedCard
from solo_deck.model.voyage import CardSpace
from tests.game_setups import deck_left

RULES = load_ruleset()
DEFAULT = load_default_deck()
ALL_IDS = [card.id for card in DEFAULT.cards]
RUNS = 20_000
TOLERANCE = 0.02
TILE = parse_edict("1G")
QUIET = DeckDefinition(
    name="quiet",
    provisional=True,
    cards=tuple(
        SoloCard(id=f"Q{i:02d}", move="stay", removes_card=False, removes_ally=False)
        for i in range(16)
    ),
)


def _most_likely(forecast: RoundsForecast) -> int | None:
    """The most likely offset (``None`` when "later" outweighs every round)."""
    best = max(range(forecast.horizon), key=lambda r: (forecast.counts[r], -r))
    return None if forecast.counts[best] < forecast.later_count else best


def with_cards(state: GameState, present: list[bool], pile: int) -> GameState:
    voyage = state.voyage
    for port, here in enumerate(present):
        if not here:
            voyage, _ = voyage.take_card(port)
    return state.model_copy(update={"voyage": voyage.model_copy(update={"advanced_pile": pile})})


def row(next_: int, pile: int) -> EdictRow:
    """All three Active tiles, ``next_`` Next tiles and ``pile`` tiles face down."""
    a, b, c = (TILE if i < next_ else None for i in range(3))
    return EdictRow(active=(TILE, TILE, TILE), next=(a, b, c), pile=pile)


def quiet_state(game: SoloGame, **update: object) -> GameState:
    """Frederick's cards do nothing at all: only your own pace ends the game."""
    deck = SoloDeck.new(QUIET, "table", seed=0)
    return game.state.model_copy(update={"deck": deck, **update})


# --- exact agreement -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unseen", "crowns", "advanced", "exact"),
    [
        # S02 and S07 take the card in Tunis (2 empty spaces + 1 > 2 in the pile), S02 and S04
        # issue an Edict nobody can refill; S12 (stays in Alexandria) and S13 (joins your
        # ship in Barcelona) find no card and issue none.
        (("S02", "S04", "S07", "S12", "S13"), 1, 2, F(3, 5)),
        # A fresh deck and plenty of Advanced cards: only an Edict ends it, 12 cards of 16.
        (tuple(ALL_IDS), 0, 10, F(3, 4)),
    ],
)
def test_monte_carlo_agrees_with_the_exact_last_card(
    make_game: Callable[..., SoloGame],
    unseen: tuple[str, ...],
    crowns: int,
    advanced: int,
    exact: F,
) -> None:
    game = make_game(mode="table")
    state = game.state.model_copy(
        update={
            "deck": deck_left(unseen, crowns),
            "edicts": row(next_=0, pile=0),
            "phase": Phase.FREDERICK,
            "frederick_actions": 4,
            "passed": True,
            "voyage": game.state.voyage.with_frederick_at(1).with_player_at(3),
        }
    )
    state = with_cards(state, [True, False, True, False, True], advanced)
    # The exact chance, from the next card's faces: an Edict, or a card taken where the
    # Advanced pile cannot cover the empty spaces.
    empty = len(state.voyage.empty_card_spaces())
    by_hand = F(0)
    for entry in next_card_odds(state.deck).faces:
        port = state.voyage.frederick_destination(entry.face.move)
        taken = entry.face.removes_card and state.voyage.first_card_space(port) is not None
        if entry.face.edict is not None or (taken and empty + 1 > advanced):
            by_hand += entry.probability
    assert by_hand == exact
    forecast = forecast_rounds_left(state, RULES, simulations=RUNS, seed=11)
    assert abs(forecast.probability(0) - float(exact)) < TOLERANCE
    p = forecast.probability(0)  # the Monte Carlo standard error of that probability
    assert math.sqrt(p * (1 - p) / forecast.simulations) < 0.0035


def test_a_fractional_pace_matches_the_negative_binomial(
    make_game: Callable[..., SoloGame],
) -> None:
    # Two takes left before an Active space stays empty; you issue 0.5 Edicts per round, so
    # one Edict in a round with probability 1/2. The game ends after the round of the 2nd:
    # P(offset r) = r * (1/2)^(r + 1)  for r >= 1.
    state = quiet_state(make_game(), edicts=row(next_=1, pile=0))
    forecast = forecast_rounds_left(
        state, RULES, simulations=RUNS, seed=5, edicts_per_round=0.5, cards_per_round=0, horizon=5
    )
    assert forecast.probability(0) == 0
    for offset in (1, 2, 3, 4):
        exact = offset * 0.5 ** (offset + 1)
        assert abs(forecast.probability(offset) - exact) < TOLERANCE, offset


# --- determinism -----------------------------------------------------------------------------


def mid_game(game: SoloGame) -> GameState:
    deck = SoloDeck.new(DEFAULT, "virtual", seed=3)
    for _ in range(6):
        deck, _ = deck.flip()
        deck, _ = deck.end_turn()
    state = game.state.model_copy(
        update={
            "round": 3,
            "deck": deck,
            "edicts": row(next_=3, pile=6),
            "player": PlayerState(towers=3, walls=3, keeps=1),
        }
    )
    return with_cards(state, [True, False, True, True, False], 4)


def test_the_same_seed_gives_the_same_forecast(make_game: Callable[..., SoloGame]) -> None:
    state = mid_game(make_game())
    first = forecast_rounds_left(state, RULES, simulations=2_000, seed=42)
    assert first == forecast_rounds_left(state, RULES, simulations=2_000, seed=42)
    other = forecast_rounds_left(state, RULES, simulations=2_000, seed=43)
    assert other.counts != first.counts
    assert sum(first.counts) + first.later_count == 2_000
    assert sum(first.probability(r) for r in range(first.horizon)) + first.later == pytest.approx(1)
    assert first.current_round == 3 and first.seed == 42
    assert _most_likely(first) is not None
    assert first.within(first.horizon - 1) == pytest.approx(1 - first.later)


def test_should_stop_abandons_the_work_and_never_changes_the_result(
    make_game: Callable[..., SoloGame],
) -> None:
    state = mid_game(make_game())
    asked: list[int] = []

    def never() -> bool:
        asked.append(1)
        return False

    kept = forecast_rounds_left(state, RULES, simulations=1_000, seed=5, should_stop=never)
    assert kept == forecast_rounds_left(state, RULES, simulations=1_000, seed=5)
    assert len(asked) == -(-1_000 // CHECK_EVERY)  # asked once per batch of playouts

    calls = iter([False, False, True])
    with pytest.raises(ForecastCancelled, match=f"after {2 * CHECK_EVERY} of 1000"):
        forecast_rounds_left(
            state, RULES, simulations=1_000, seed=5, should_stop=lambda: next(calls)
        )


@pytest.mark.parametrize("batch", [1, 7, CHECK_EVERY, 5_000])
def test_forecast_steps_give_the_same_forecast_in_batches(
    make_game: Callable[..., SoloGame], batch: int
) -> None:
    state = mid_game(make_game())
    steps = forecast_steps(state, RULES, simulations=1_000, seed=5, batch=batch)
    done = []
    while True:
        try:
            done.append(next(steps))
        except StopIteration as finished:
            forecast = finished.value
            break
    assert done == list(range(0, 1_000, batch))  # progress, one batch at a time
    assert forecast == forecast_rounds_left(state, RULES, simulations=1_000, seed=5)


def test_forecast_steps_check_their_arguments_before_the_first_step(
    make_game: Callable[..., SoloGame],
) -> None:
    state = mid_game(make_game())
    bad_arguments: list[dict[str, Any]] = [
        {"simulations": 0},
        {"horizon": 0},
        {"batch": 0},
        {"edicts_per_round": -1},
    ]
    for bad in bad_arguments:
        with pytest.raises(ValueError, match="must be"):
            forecast_steps(state, RULES, **bad)  # raised by the call, not by next()


def test_forecast_steps_of_a_finished_game_take_no_step(
    make_game: Callable[..., SoloGame],
) -> None:
    state = mid_game(make_game()).model_copy(
        update={"phase": Phase.GAME_OVER, "game_end": (GameEndReason.CASTLE_COMPLETE,)}
    )
    steps = forecast_steps(state, RULES, simulations=50)
    with pytest.raises(StopIteration) as finished:
        next(steps)
    assert finished.value.value.already_over
    assert finished.value.value.probability(0) == 1.0


# --- your pace, in a game where Frederick's cards do nothing ----------------------------------


def test_your_edicts_end_the_game_after_a_known_number_of_rounds(
    make_game: Callable[..., SoloGame],
) -> None:
    # 3 Next + 3 in the pile: the 7th take finds no Next tile. Two per round → round 4.
    state = quiet_state(make_game(), edicts=row(next_=3, pile=3))
    forecast = forecast_rounds_left(
        state, RULES, simulations=50, edicts_per_round=2, cards_per_round=0
    )
    assert forecast.probability(3) == 1.0
    assert forecast.reason_counts[GameEndReason.EDICT_SPACE_EMPTY] == 50


def test_your_purchases_empty_the_advanced_pile(make_game: Callable[..., SoloGame]) -> None:
    # Every space full, 2 cards in the pile, one bought per round: short in the 3rd round.
    state = quiet_state(make_game())
    state = with_cards(state, [True] * 5, 2)
    forecast = forecast_rounds_left(state, RULES, simulations=50, edicts_per_round=0)
    assert forecast.probability(2) == 1.0
    assert forecast.reason_counts[GameEndReason.ADVANCED_CARDS_SHORT] == 50


def test_your_building_completes_the_castle(make_game: Callable[..., SoloGame]) -> None:
    # 1 Tower + 1 Wall of 5 + 5 + 3: 11 to build, 4 per round → complete in the 3rd round.
    state = quiet_state(make_game())
    forecast = forecast_rounds_left(
        state,
        RULES,
        simulations=50,
        edicts_per_round=0,
        cards_per_round=0,
        structures_per_round=4,
    )
    assert forecast.probability(2) == 1.0
    assert forecast.reason_counts[GameEndReason.CASTLE_COMPLETE] == 50
    never = forecast_rounds_left(
        state, RULES, simulations=50, edicts_per_round=0, cards_per_round=0, horizon=4
    )
    assert never.later == 1.0 and _most_likely(never) is None
    assert never.describe() == "after this round 0%, later 100%"


def test_turns_already_played_this_round_are_skipped(make_game: Callable[..., SoloGame]) -> None:
    # Your one Edict a round falls on your first turn: still to come on turn 1, done on turn 2.
    game = make_game()
    on_turn_1 = quiet_state(game, edicts=row(next_=0, pile=0))
    first_card = PlayedCard(slot=0, face_up=False, actions=("market",))
    player = on_turn_1.player.model_copy(update={"played": (first_card,)})
    on_turn_2 = on_turn_1.model_copy(
        update={"player_turns": 1, "frederick_actions": 1, "player": player}
    )
    assert forecast_rounds_left(on_turn_1, RULES, simulations=20).probability(0) == 1.0
    assert forecast_rounds_left(on_turn_2, RULES, simulations=20).probability(1) == 1.0


def test_a_sixth_card_slot_gives_you_a_sixth_turn(make_game: Callable[..., SoloGame]) -> None:
    # Your 6th turn of the round (the slot Keep cover is on; Frederick took his 5 actions):
    # six Edicts a round put one on it, five do not (they fall on turns 1 to 5).
    game = make_game()
    player = PlayerState(keeps=1, keep_covers=("slot",))
    last = quiet_state(
        game,
        edicts=row(next_=0, pile=0),
        player=player,
        player_turns=5,
        frederick_actions=5,
    )
    six = forecast_rounds_left(last, RULES, simulations=20, edicts_per_round=6, cards_per_round=0)
    five = forecast_rounds_left(last, RULES, simulations=20, edicts_per_round=5, cards_per_round=0)
    assert six.probability(0) == 1.0
    assert five.probability(0) == 0.0 and five.probability(1) == 1.0


def test_the_average_pace_comes_from_the_history(make_game: Callable[..., SoloGame]) -> None:
    edict = PlayerEdict(slot=0, choice={}, replacement=0)
    card = PlayCard(slot=0, face_up=False, actions=("build",))
    history: list[Event] = [
        card,
        edict,
        edict,
        edict,
        Decline(),
        EndRound(),
        edict,
        EndRound(),
        edict,
    ]
    assert player_edicts_per_round(history) == 2.0
    assert player_edicts_per_round([edict]) is None
    state = quiet_state(make_game())
    assert forecast_rounds_left(state, RULES, 10, history=history).edicts_per_round == 2.0
    assert forecast_rounds_left(state, RULES, 10).edicts_per_round == 1.0


# --- triggers already holding, and the schedule ---------------------------------------------


def test_a_trigger_that_already_holds_ends_the_game_this_round(
    make_game: Callable[..., SoloGame],
) -> None:
    game = make_game()
    complete = game.state.model_copy(update={"player": PlayerState(towers=5, walls=5, keeps=3)})
    stuck = game.state.model_copy(
        update={"edicts": game.state.edicts.model_copy(update={"unfillable": True})}
    )
    short = game.state.model_copy(
        update={
            "phase": Phase.END_PHASE,
            "end_phase": game.state.end_phase.model_copy(
                update={"reorganised": True, "cards_short": 1}
            ),
        }
    )
    for state in (complete, stuck, short):
        forecast = forecast_rounds_left(state, RULES, simulations=30)
        assert forecast.probability(0) == 1.0 and _most_likely(forecast) == 0
        assert forecast.describe() == "after this round 100%"


def test_a_finished_game_is_already_over(make_game: Callable[..., SoloGame]) -> None:
    game = make_game()
    over = game.state.model_copy(
        update={"phase": Phase.GAME_OVER, "game_end": (GameEndReason.CASTLE_COMPLETE,)}
    )
    forecast = forecast_rounds_left(over, RULES, simulations=10)
    assert forecast.already_over and forecast.probability(0) == 1.0
    assert forecast.reason_counts[GameEndReason.CASTLE_COMPLETE] == 10


def test_the_end_phase_reorganises_before_the_check(make_game: Callable[..., SoloGame]) -> None:
    game = make_game()
    end = quiet_state(game, phase=Phase.END_PHASE)
    one_short = with_cards(end, [False, False, True, True, True], 1)
    covered = with_cards(end, [False, False, True, True, True], 2)
    assert forecast_rounds_left(one_short, RULES, 20).probability(0) == 1.0
    assert forecast_rounds_left(covered, RULES, 20, cards_per_round=0).probability(0) == 0.0


def test_round_schedule_follows_the_turn_rules() -> None:
    # Five card slots: five turns, Frederick's action after each (his 5th after your 5th).
    full = [1, 0, 2, 0, 3, 0, 4, 0, 5, 0]
    assert round_schedule(Phase.PLAYER, 0, 0, False, RULES) == full
    assert round_schedule(Phase.PLAYER, 2, 2, False, RULES) == full[4:]
    assert round_schedule(Phase.FREDERICK, 3, 2, False, RULES) == [0, *full[6:]]
    assert round_schedule(Phase.FREDERICK, 2, 2, True, RULES) == [0, 0, 0]
    # Your last free slot: Frederick then takes every action he has left.
    assert round_schedule(Phase.PLAYER, 4, 3, False, RULES) == [5, 0, 0]
    # A sixth slot (the slot Keep cover): a sixth turn, after his five actions.
    assert round_schedule(Phase.PLAYER, 0, 0, False, RULES, turns=6) == [*full, 6]
    assert round_schedule(Phase.PLAYER, 5, 5, False, RULES, turns=6) == [6]
    assert round_schedule(Phase.END_PHASE, 5, 5, False, RULES) == []
    assert round_schedule(Phase.GAME_OVER, 1, 1, False, RULES) == []


def test_bad_arguments_are_refused(make_game: Callable[..., SoloGame]) -> None:
    state = make_game().state
    with pytest.raises(ValueError, match="simulations"):
        forecast_rounds_left(state, RULES, simulations=0)
    with pytest.raises(ValueError, match="horizon"):
        forecast_rounds_left(state, RULES, horizon=0)
    with pytest.raises(ValueError, match="rates"):
        forecast_rounds_left(state, RULES, cards_per_round=-1)


def test_a_card_space_holding_two_cards_is_refilled_space_by_space(
    make_game: Callable[..., SoloGame],
) -> None:
    # Two card spaces in Roma, both empty, one card left: one stays empty.
    state = quiet_state(make_game(), phase=Phase.END_PHASE)
    roma = state.voyage.ports[0].model_copy(
        update={"cards": (CardSpace(present=False), CardSpace(present=False))}
    )
    voyage = state.voyage._with_port(0, roma).model_copy(update={"advanced_pile": 1})
    state = state.model_copy(update={"voyage": voyage})
    assert forecast_rounds_left(state, RULES, 10).probability(0) == 1.0
