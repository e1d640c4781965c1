"""The End Phase's lines that come from the game, not from the screen: what each closed
side gives, what each Ally's condition compares, and what the reorganisation will do, all
in the language in use (game terms as the edition prints them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import _, ngettext, shown
from companion.i18n.words import edition
from solo_deck import hand, side_incomes

if TYPE_CHECKING:
    from solo_deck import GameState, Ruleset

DONE = "✓"
TODO = "·"


def hand_line(state: GameState, ruleset: Ruleset) -> str:
    """Step 1: the cards held, if the game knows them, and the hand to refill to."""
    cards = hand(state, ruleset)
    refill = ngettext(
        "Refill your hand to {n} card. Nothing to record.",
        "Refill your hand to {n} cards. Nothing to record.",
        cards,
    ).format(n=cards)
    if state.hand is None:
        return refill
    held = ngettext("You hold {n} card.", "You hold {n} cards.", state.hand)
    return f"{held.format(n=state.hand)} {refill}"


def castle_head(count: int, done: bool, skip: bool) -> str:
    """Step 2's first line: what the ``count`` closed sides give (``done``: gave), or that
    none is closed (``skip``: the engine goes on to step 3 without castle income)."""
    if count:
        sides = (
            ngettext("Your {n} closed side gave:", "Your {n} closed sides gave:", count)
            if done
            else ngettext("Your {n} closed side gives:", "Your {n} closed sides give:", count)
        )
        return sides.format(n=count)
    if skip:
        return _("No side of your castle is closed yet: nothing to take; go on to step 3.")
    return _("No side of your castle is closed yet: nothing.")


def end_reasons(state: GameState) -> str:
    """Why the game ends, in the language in use."""
    return "; ".join(shown(reason.describe()) for reason in state.game_end)


def side_lines(state: GameState) -> list[str]:
    """What each closed side of your castle gives, from the castle data."""
    port = edition(state.voyage.ports[state.voyage.player].name)
    rules = [side_incomes()[side] for side in state.player.closed_sides]
    return [
        "  "
        + (
            _("{side} side: visit the Market in {port}").format(side=edition(rule.name), port=port)
            if rule.market
            else _("{side} side: {gains}").format(
                side=edition(rule.name), gains=shown(rule.gains.describe())
            )
        )
        for rule in rules
    ]


def reorganise_preview(before: GameState, after: GameState) -> list[str]:
    """What the engine's preview of the reorganisation does, in table language."""
    ports = before.voyage.ports
    refilled = [
        edition(ports[p].name)
        for p, s in before.voyage.empty_card_spaces()
        if after.voyage.ports[p].cards[s].present
    ]
    left = after.voyage.advanced_pile
    pile = ngettext("{n} card left in the pile", "{n} cards left in the pile", left).format(n=left)
    draw = ngettext(
        "Draw {n} Advanced card onto the empty card space: {ports} ({pile} after).",
        "Draw {n} Advanced cards onto the empty card spaces: {ports} ({pile} after).",
        len(refilled),
    )
    lines = [
        f"{TODO} "
        + (
            draw.format(n=len(refilled), ports=", ".join(refilled), pile=pile)
            if refilled
            else _("No card space to refill ({pile}).").format(pile=pile)
        )
    ]
    if short := after.end_phase.cards_short:
        stay = ngettext(
            "{n} card space stays empty: the pile is out, so the game ends after this round.",
            "{n} card spaces stay empty: the pile is out, so the game ends after this round.",
            short,
        )
        lines.append(f"{TODO} " + stay.format(n=short))
    turned = ", ".join(edition(ports[p].name) for p, _space in after.end_phase.flipped_allies)
    lines.append(
        f"{TODO} "
        + (
            _("Turn face up the Ally left uncovered in: {ports}.").format(ports=turned)
            if turned
            else _("No face-down Ally lies uncovered.")
        )
    )
    return lines
