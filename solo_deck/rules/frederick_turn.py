"""Resolving Frederick's turn: flip, ship, removals, edict, refill, reshuffle."""

from __future__ import annotations

from solo_deck.data.names import ally_name
from solo_deck.errors import RuleError
from solo_deck.events import FrederickTurn
from solo_deck.model.palace import PalaceLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.solo_cards import Numeral, ShipMove
from solo_deck.model.state import FrederickReport, GameState, Phase


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def resolve_frederick_turn(
    state: GameState, event: FrederickTurn, ruleset: Ruleset
) -> tuple[GameState, FrederickTurn, str]:
    """Apply Frederick's turn. Returns the new state, the event as it is to be stored
    (with the card id filled in) and the log line."""
    if state.phase is not Phase.FREDERICK:
        raise RuleError("it is not Frederick's turn")
    limit = ruleset.rounds.frederick_max_actions.value
    if state.frederick_actions >= limit:
        raise RuleError(f"Frederick has already taken {limit} actions this round")

    if event.card_id is not None:
        deck, card = state.deck.flip_card(event.card_id)
        if event.face is not None and card.face != event.face:
            raise RuleError(f"solo card {card.id} does not show the recorded face")
    else:
        deck, card = state.deck.flip(event.face)
    steps: list[str] = []
    voyage = state.voyage

    # 1. The ship.
    origin = voyage.frederick
    target = voyage.frederick_destination(card.move)
    names = [port.name for port in voyage.ports]
    moved = card.move.steps
    if moved:
        spaces = f"{moved} space{'s' if moved > 1 else ''}"
        steps.append(f"Move Frederick's ship {spaces}: {names[origin]} → {names[target]}")
    elif card.move is ShipMove.TO_PLAYER:
        if origin == target:
            steps.append(f"Frederick's ship joins yours: it is already in {names[target]}")
        else:
            steps.append(f"Move Frederick's ship to your ship: {names[origin]} → {names[target]}")
    else:
        steps.append(f"Frederick's ship stays in {names[origin]}")
    voyage = voyage.with_frederick_at(target)
    here = names[target]

    # 2. Removals at his port.
    if card.removes_card:
        voyage, taken = voyage.take_first_card(target)
        if taken is None:
            steps.append(f"No Advanced card in {here} to remove")
        else:
            if taken.card_id is not None:
                voyage = voyage.model_copy(
                    update={"removed_cards": (*voyage.removed_cards, taken.card_id)}
                )
            label = f" ({taken.card_id})" if taken.card_id else ""
            steps.append(f"Remove the Advanced card in {here}{label} from the game")
    if card.removes_ally:
        voyage, gone = voyage.take_first_ally(target)
        if gone is None:
            steps.append(f"No face-up Ally in {here} to remove")
        else:
            if gone.face_up_id is not None:
                voyage = voyage.model_copy(
                    update={"removed_allies": (*voyage.removed_allies, gone.face_up_id)}
                )
            name = ally_name(gone.face_up_id, unnamed="")
            label = f" ({name})" if name else ""
            under = " and leave the face-down one beneath" if gone.face_down else ""
            steps.append(f"Remove the Ally in {here}{label} from the game{under}")

    # 3. The edict.
    palace = state.palace
    edicts = state.edicts
    if card.edict is not None:
        slot = edicts.frederick_slot(card.edict)
        if slot is None:
            steps.append(f"Edict {card.edict.value}: every Active space is empty, nothing to issue")
        else:
            numeral = Numeral.from_index(slot).value
            fallback = (
                "" if slot == card.edict.position else f" (Active {card.edict.value} is empty)"
            )
            limits = PalaceLimits.from_ruleset(ruleset)
            tile = edicts.active[slot]
            assert tile is not None
            changes = palace.frederick_changes(tile, limits)
            palace = palace.apply_frederick(tile, limits)
            steps.append(
                f"Issue Edict {numeral}{fallback} ({tile}): "
                + _join([change.describe() for change in changes])
            )
            edicts, _, refill = edicts.take(
                slot, edicts.frederick_refill_source(slot), by="frederick"
            )
            steps.append(refill.describe())

    # 4. Crown and end of turn.
    if card.crown:
        seen, needed = deck.crowns_since_shuffle, deck.crowns_to_reshuffle
        steps.append(f"Crown: {seen} of {needed} since the last shuffle")
    deck, reshuffled = deck.end_turn()
    if reshuffled:
        steps.append("Shuffle all 16 solo cards into a new deck (end of this turn)")

    actions = state.frederick_actions + 1
    if state.passed:
        phase = Phase.FREDERICK if actions < limit else Phase.END_PHASE
    else:
        phase = Phase.PLAYER
    if actions >= limit:
        steps.append(f"Frederick has taken his {limit} actions for this round")
    report = FrederickReport(
        card_id=card.id,
        face=card.face.short(),
        steps=tuple(steps),
        reshuffled=reshuffled,
        action_number=actions,
    )
    new_state = state.model_copy(
        update={
            "deck": deck,
            "voyage": voyage,
            "palace": palace,
            "edicts": edicts,
            "frederick_actions": actions,
            "phase": phase,
            "last_frederick": report,
        }
    )
    stored = event.model_copy(update={"card_id": card.id, "face": card.face})
    summary = f"Frederick {actions}/{limit}, card {card.id} ({card.face.short()}): " + "; ".join(
        steps
    )
    return new_state, stored, summary
