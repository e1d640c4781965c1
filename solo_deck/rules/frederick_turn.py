"""Resolving Frederick's turn: flip, ship, removals, edict, refill, reshuffle."""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.data.names import ally_name
from solo_deck.errors import RuleError
from solo_deck.events import FrederickTurn
from solo_deck.model.palace import PalaceLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.solo_cards import Numeral, ShipMove
from solo_deck.model.state import FrederickReport, GameState, Phase
from solo_deck.text import Text, joined, named, t, tn


def _join(parts: list[Text]) -> Text:
    if len(parts) <= 1:
        return joined(parts, "")
    return t("{items} and {last}", items=joined(parts[:-1], ", "), last=parts[-1])


def resolve_frederick_turn(
    state: GameState, event: FrederickTurn, ruleset: Ruleset
) -> tuple[GameState, FrederickTurn, str]:
    """Apply Frederick's turn. Returns the new state, the event as it is to be stored
    (with the card id filled in) and the log line."""
    if state.phase is not Phase.FREDERICK:
        raise RuleError(t("it is not Frederick's turn"))
    limit = ruleset.rounds.frederick_max_actions.value
    if state.frederick_actions >= limit:
        raise RuleError(t("Frederick has already taken {limit} actions this round", limit=limit))

    if event.card_id is not None:
        deck, card = state.deck.flip_card(event.card_id)
        if event.face is not None and card.face != event.face:
            raise RuleError(t("solo card {card} does not show the recorded face", card=card.id))
    else:
        deck, card = state.deck.flip(event.face)
    steps: list[Text] = []
    voyage = state.voyage

    # 1. The ship.
    origin = voyage.frederick
    target = voyage.frederick_destination(card.move)
    names = [named(port.name, "port") for port in voyage.ports]
    moved = card.move.steps
    if moved:
        steps.append(
            tn(
                "Move Frederick's ship {n} space: {origin} → {target}",
                "Move Frederick's ship {n} spaces: {origin} → {target}",
                moved,
                origin=names[origin],
                target=names[target],
            )
        )
    elif card.move is ShipMove.TO_PLAYER:
        if origin == target:
            steps.append(
                t("Frederick's ship joins yours: it is already in {port}", port=names[target])
            )
        else:
            steps.append(
                t(
                    "Move Frederick's ship to your ship: {origin} → {target}",
                    origin=names[origin],
                    target=names[target],
                )
            )
    else:
        steps.append(t("Frederick's ship stays in {port}", port=names[origin]))
    voyage = voyage.with_frederick_at(target)
    here = names[target]

    # 2. Removals at his port.
    if card.removes_card:
        voyage, taken = voyage.take_first_card(target)
        if taken is None:
            steps.append(t("No Advanced card in {port} to remove", port=here))
        else:
            if taken.card_id is not None:
                voyage = voyage.model_copy(
                    update={"removed_cards": (*voyage.removed_cards, taken.card_id)}
                )
            steps.append(
                t(
                    "Remove the Advanced card in {port} ({card}) from the game",
                    port=here,
                    card=taken.card_id,
                )
                if taken.card_id
                else t("Remove the Advanced card in {port} from the game", port=here)
            )
    if card.removes_ally:
        voyage, gone = voyage.take_first_ally(target)
        if gone is None:
            steps.append(t("No face-up Ally in {port} to remove", port=here))
        else:
            if gone.face_up_id is not None:
                voyage = voyage.model_copy(
                    update={"removed_allies": (*voyage.removed_allies, gone.face_up_id)}
                )
            steps.append(_remove_ally(here, ally_name(gone.face_up_id, unnamed=""), gone.face_down))

    # 3. The edict.
    palace = state.palace
    edicts = state.edicts
    if card.edict is not None:
        slot = edicts.frederick_slot(card.edict)
        if slot is None:
            steps.append(
                t(
                    "Edict {numeral}: every Active space is empty, nothing to issue",
                    numeral=card.edict.value,
                )
            )
        else:
            numeral = Numeral.from_index(slot).value
            limits = PalaceLimits.from_ruleset(ruleset)
            tile = edicts.active[slot]
            assert tile is not None
            changes = _join(
                [change.describe() for change in palace.frederick_changes(tile, limits)]
            )
            palace = palace.apply_frederick(tile, limits)
            steps.append(
                t(
                    "Issue Edict {numeral} ({tile}): {changes}",
                    numeral=numeral,
                    tile=str(tile),
                    changes=changes,
                )
                if slot == card.edict.position
                else t(
                    "Issue Edict {numeral} (Active {card_numeral} is empty) ({tile}): {changes}",
                    numeral=numeral,
                    card_numeral=card.edict.value,
                    tile=str(tile),
                    changes=changes,
                )
            )
            edicts, _, refill = edicts.take(
                slot, edicts.frederick_refill_source(slot), by="frederick"
            )
            steps.append(refill.describe())

    # 4. Crown and end of turn.
    if card.crown:
        seen, needed = deck.crowns_since_shuffle, deck.crowns_to_reshuffle
        steps.append(
            t("Crown: {seen} of {needed} since the last shuffle", seen=seen, needed=needed)
        )
    deck, reshuffled = deck.end_turn()
    if reshuffled:
        steps.append(t("Shuffle all 16 solo cards into a new deck (end of this turn)"))

    actions = state.frederick_actions + 1
    if state.passed:
        phase = Phase.FREDERICK if actions < limit else Phase.END_PHASE
    else:
        phase = Phase.PLAYER
    if actions >= limit:
        steps.append(t("Frederick has taken his {limit} actions for this round", limit=limit))
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
    summary = t(
        "Frederick {n}/{limit}, card {card} ({face}): {steps}",
        n=actions,
        limit=limit,
        card=card.id,
        face=card.face.short(),
        steps=joined(steps, "; "),
    )
    return new_state, stored, summary


def _remove_ally(port: Text, name: str, face_down: bool) -> Text:
    if name and face_down:
        return t(
            "Remove the Ally in {port} ({ally}) from the game and leave the face-down one beneath",
            port=port,
            ally=name,
        )
    if name:
        return t("Remove the Ally in {port} ({ally}) from the game", port=port, ally=name)
    if face_down:
        return t(
            "Remove the Ally in {port} from the game and leave the face-down one beneath",
            port=port,
        )
    return t("Remove the Ally in {port} from the game", port=port)
