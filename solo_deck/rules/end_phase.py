"""The End Phase: castle income from your closed sides, ally income, reorganisation of the
Voyage board and the end of the round (with the game-end check)."""

from __future__ import annotations

from solo_deck.events import CastleIncome, EndRound, Reorganise, ScoreAllyIncome
from solo_deck.model.state import EndPhaseProgress, GameEndReason, GameState, Phase
from solo_deck.rules.context import Context, Outcome
from solo_deck.rules.hand import end_of_round
from solo_deck.rules.income import ally_income
from solo_deck.rules.triggers import side_obligations


def castle_income(state: GameState, event: CastleIncome, ctx: Context) -> Outcome:
    """Each closed side pays its income again (a Market side: a visit you may take)."""
    sides = state.player.closed_sides
    progress = state.end_phase.model_copy(update={"castle_income": True})
    port = state.voyage.ports[state.voyage.player].name
    duties = side_obligations(sides, port, "market_visit")
    new_state = state.model_copy(update={"end_phase": progress})
    if not sides:
        return new_state, "Castle income: no side of your castle is closed yet", duties
    closed = f"{len(sides)} closed side{'s' if len(sides) != 1 else ''}"
    return new_state, f"Castle income from {closed}", duties


def score_ally_income(state: GameState, event: ScoreAllyIncome, ctx: Context) -> Outcome:
    """Add your Allies' income to your VP (after the castle income). With no side closed
    there is no castle income to take first: this marks it taken (it gives nothing)."""
    income = ally_income(state.player, state.palace, ruleset=ctx.ruleset)
    player = state.player.model_copy(update={"vp": state.player.vp + income.total})
    skipped = not state.end_phase.castle_income
    progress = state.end_phase.model_copy(
        update={"ally_income": income.total, "castle_income": True}
    )
    new_state = state.model_copy(update={"player": player, "end_phase": progress})
    detail = ", ".join(f"{line.name} {line.vp}" for line in income.lines) or "no Allies"
    note = "; no side is closed: no castle income" if skipped else ""
    return new_state, f"Ally income: +{income.total} VP ({detail}){note}", []


def reorganise(state: GameState, event: Reorganise, ctx: Context) -> Outcome:
    """Refill the card spaces from the pile and turn uncovered Allies face up."""
    empty = len(state.voyage.empty_card_spaces())
    voyage, missing, flipped = state.voyage.reorganise()
    progress = state.end_phase.model_copy(
        update={"reorganised": True, "cards_short": missing, "flipped_allies": tuple(flipped)}
    )
    new_state = state.model_copy(update={"voyage": voyage, "end_phase": progress})
    refilled = empty - missing
    parts = [
        f"refilled {refilled} card space{'s' if refilled != 1 else ''} "
        f"({voyage.advanced_pile} left in the pile)"
    ]
    if missing:
        parts.append(
            f"{missing} space{'s stay' if missing != 1 else ' stays'} empty: "
            "the game ends after this round"
        )
    if flipped:
        ports = ", ".join(voyage.ports[p].name for p, _ in flipped)
        parts.append(f"turned up the Ally in {ports}")
    return new_state, "Reorganisation: " + "; ".join(parts), []


def game_end_reasons(state: GameState, ctx: Context) -> tuple[GameEndReason, ...]:
    """The game-end triggers that hold now (checked at the end of each round)."""
    reasons = []
    if state.player.castle_complete(ctx.ruleset):
        reasons.append(GameEndReason.CASTLE_COMPLETE)
    if state.edicts.unfillable:
        reasons.append(GameEndReason.EDICT_SPACE_EMPTY)
    if state.end_phase.cards_short:
        reasons.append(GameEndReason.ADVANCED_CARDS_SHORT)
    return tuple(reasons)


def end_round(state: GameState, event: EndRound, ctx: Context) -> Outcome:
    """Check the game end; otherwise the next round begins with your cards back in hand."""
    reasons = game_end_reasons(state, ctx)
    if reasons:
        new_state = state.model_copy(update={"phase": Phase.GAME_OVER, "game_end": reasons})
        why = "; ".join(reason.describe() for reason in reasons)
        return new_state, f"Round {state.round} ended. The game is over: {why}", []
    state = end_of_round(state, ctx.limits)
    new_state = state.model_copy(
        update={
            "round": state.round + 1,
            "phase": Phase.PLAYER,
            "player_turns": 0,
            "frederick_actions": 0,
            "passed": False,
            "out_of_slots": False,
            "card_played": False,
            "travelled": False,
            "end_phase": EndPhaseProgress(),
            "last_frederick": None,
        }
    )
    held = f" with {state.hand} cards in hand" if state.hand is not None else ""
    return new_state, f"Round {state.round} ended; round {state.round + 1} begins{held}", []
