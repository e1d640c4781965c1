"""The End Phase: castle income from your closed sides, ally income, reorganisation of the
Voyage board and the end of the round (with the game-end check)."""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.events import CastleIncome, EndRound, Reorganise, ScoreAllyIncome
from solo_deck.model.state import EndPhaseProgress, GameEndReason, GameState, Phase
from solo_deck.rules.context import Context, Outcome
from solo_deck.rules.hand import end_of_round
from solo_deck.rules.income import ally_income
from solo_deck.rules.triggers import side_obligations
from solo_deck.text import joined, named, t, tn


def castle_income(state: GameState, event: CastleIncome, ctx: Context) -> Outcome:
    """Each closed side pays its income again (a Market side: a visit you may take)."""
    sides = state.player.closed_sides
    progress = state.end_phase.model_copy(update={"castle_income": True})
    port = state.voyage.ports[state.voyage.player].name
    duties = side_obligations(sides, port, "market_visit")
    new_state = state.model_copy(update={"end_phase": progress})
    if not sides:
        return new_state, t("Castle income: no side of your castle is closed yet"), duties
    line = tn(
        "Castle income from {n} closed side", "Castle income from {n} closed sides", len(sides)
    )
    return new_state, line, duties


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
    lines = [t("{ally} {vp}", ally=named(line.name, "ally"), vp=line.vp) for line in income.lines]
    detail = joined(lines, ", ") if lines else t("no Allies")
    if skipped:
        return (
            new_state,
            t(
                "Ally income: +{total} VP ({detail}); no side is closed: no castle income",
                total=income.total,
                detail=detail,
            ),
            [],
        )
    return (
        new_state,
        t("Ally income: +{total} VP ({detail})", total=income.total, detail=detail),
        [],
    )


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
        tn(
            "refilled {n} card space ({pile} left in the pile)",
            "refilled {n} card spaces ({pile} left in the pile)",
            refilled,
            pile=voyage.advanced_pile,
        )
    ]
    if missing:
        parts.append(
            tn(
                "{n} space stays empty: the game ends after this round",
                "{n} spaces stay empty: the game ends after this round",
                missing,
            )
        )
    if flipped:
        ports = joined([named(voyage.ports[p].name, "port") for p, _ in flipped], ", ")
        parts.append(t("turned up the Ally in {ports}", ports=ports))
    return new_state, t("Reorganisation: {parts}", parts=joined(parts, "; ")), []


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
        why = joined([reason.describe() for reason in reasons], "; ")
        return (
            new_state,
            t("Round {round} ended. The game is over: {why}", round=state.round, why=why),
            [],
        )
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
    if state.hand is not None:
        line = t(
            "Round {round} ended; round {next} begins with {hand} cards in hand",
            round=state.round,
            next=state.round + 1,
            hand=state.hand,
        )
    else:
        line = t(
            "Round {round} ended; round {next} begins", round=state.round, next=state.round + 1
        )
    return new_state, line, []
