"""Games saved in the first format (schema 1), carried over to the current one.

A schema-1 game recorded your side as plain counts: a Build added a Structure, a turn ended
with an End turn event, the castle income was typed. Its events cannot be replayed under
today's rules (a Keep now leaves an Edict pending, a turn is a card played), so the game is
replayed once under the old rules and carried over as its position: the new game starts
where the old one stood, with every new part of your tableau at its rule default, and the
old log lines kept in front of the new ones. Those earlier moves can no longer be undone,
and an old redo branch is dropped.

>>> from solo_deck import GameSetup, SoloGame, parse_edict
>>> tiles = [t.model_dump() for t in (parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))]
>>> old = {"schema_version": 1, "setup": {"active_edicts": tiles, "next_edicts": tiles,
...        "edict_pile": 18}, "events": [{"type": "end_turn"}], "redo": []}
>>> game = SoloGame.from_document(old)
>>> game.state.phase.value, game.log
('frederick', ('You ended turn 1',))
"""

# i18n: sentences are Text
from __future__ import annotations

import copy
from typing import Any

from pydantic import TypeAdapter, ValidationError

from solo_deck.data.loaders import advanced_cards_by_id, describe_validation_error, load_ruleset
from solo_deck.data.names import ally_name
from solo_deck.errors import DocumentError, RuleError
from solo_deck.events import Event
from solo_deck.model.gains import Gains
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.player import Specialist
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState, Phase
from solo_deck.rules.context import Context
from solo_deck.rules.follow_through import pay, receive, settle
from solo_deck.rules.main_actions import with_cost
from solo_deck.rules.transitions import handle
from solo_deck.setup import STORED, GameSetup, initial_state
from solo_deck.text import Text, joined, t, tn

V1_PLAYER_TURNS = 6
"""Schema 1 ended your round after your sixth turn, whatever your card slots."""

_EVENT = TypeAdapter(Event)


def upgrade_v1(document: dict[str, Any]) -> dict[str, Any]:
    """The schema-2 document for a schema-1 one (see the module docstring). Raises
    :class:`DocumentError` naming what cannot be read or replayed."""
    from solo_deck.schema import SCHEMA_VERSION

    setup_data = copy.deepcopy(document.get("setup"))
    if not isinstance(setup_data, dict):
        raise DocumentError(t("setup: a saved game's setup must be an object"))
    ruleset = setup_data.get("ruleset")
    if ruleset is None or isinstance(ruleset, dict):  # none stored: the packaged one, old way
        setup_data["ruleset"] = upgrade_ruleset(ruleset or {})
    try:
        setup = GameSetup.model_validate(setup_data, context={STORED: True})
    except ValidationError as exc:
        raise DocumentError(t("setup: {reason}", reason=describe_validation_error(exc))) from None
    events = document.get("events", [])
    if not isinstance(events, list):
        raise DocumentError(t("events: must be a list"))
    state = initial_state(setup)
    lines: list[str] = []
    for number, raw in enumerate(events, start=1):
        try:
            state, line = apply_v1(state, raw, setup.ruleset)
        except (ValueError, KeyError, TypeError) as exc:
            kind = raw.get("type") if isinstance(raw, dict) else None
            reason = describe_validation_error(exc) if isinstance(exc, ValidationError) else exc
            raise DocumentError(
                t(
                    "event {number} ({kind}) cannot be replayed: {reason}",
                    number=number,
                    kind=str(kind),
                    reason=_message(reason),
                )
            ) from None
        lines.append(line)
    state, _ = settle(state, setup.ruleset)
    carried = setup.model_copy(update={"start": state, "start_log": tuple(lines)})
    return {
        "schema_version": SCHEMA_VERSION,
        "setup": carried.model_dump(mode="json"),
        "events": [],
        "redo": [],
    }


def upgrade_ruleset(data: dict[str, Any]) -> dict[str, Any]:
    """A schema-1 ruleset with the values schema 2 added (from the packaged ruleset) and
    the round's turn limit, now given by your card slots, taken out. The game keeps the
    most-Structures rule it was played with."""
    current = load_ruleset().model_dump(mode="json")
    for board in ("castle_board", "player_board", "voyage_board"):
        current.pop(board, None)  # a schema-1 game goes on the old way: no boards
    upgraded = copy.deepcopy(data)
    for section, values in current.items():
        old = upgraded.setdefault(section, {})
        if isinstance(old, dict):
            for key, value in values.items():
                old.setdefault(key, value)
    rounds = upgraded.get("rounds")
    if isinstance(rounds, dict):
        rounds.pop("player_max_turns", None)
    return upgraded


def apply_v1(state: GameState, raw: Any, ruleset: Ruleset) -> tuple[GameState, str]:
    """One schema-1 event under the old rules."""
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise ValueError("an event must be an object with a type")
    kind = raw["type"]
    limits = PlayerLimits.from_ruleset(ruleset)
    player = state.player
    if kind == "end_turn":
        return _end_turn(state, ruleset)
    if kind == "travel":
        voyage = state.voyage
        port = int(raw["port"])
        steps = voyage.steps_to(port)
        cost = raw.get("cost")
        cost = limits.travel_cost(steps) if cost is None else int(cost)
        player = pay(player, Gains(augustales=cost))
        state = state.model_copy(update={"player": player, "voyage": voyage.with_player_at(port)})
        origin, target = voyage.ports[voyage.player].name, voyage.ports[port].name
        return state, _sailed(origin, target, steps, Gains(augustales=cost))
    if kind == "build":
        structure = str(raw.get("structure"))
        if structure not in ("tower", "wall", "keep"):
            raise ValueError(
                f"{structure!r} is not a tower, a wall or a keep"
            )  # i18n: not for a player
        cost = _cost(raw)
        built = player.built(structure) + 1
        player = pay(player, cost).model_copy(update={structure + "s": built})
        line: str = with_cost(_built(structure, built), cost)
        return state.model_copy(update={"player": player}), line
    if kind == "summon_ally":
        voyage, _ = state.voyage.take_ally(state.voyage.player, int(raw.get("space", 0)))
        player = pay(player, _cost(raw)).model_copy(
            update={"allies": (*player.allies, str(raw["ally_id"]))}
        )
        state = state.model_copy(update={"player": player, "voyage": voyage})
        summoned = t("You summoned {ally}", ally=ally_name(str(raw["ally_id"])))
        return state, with_cost(summoned, _cost(raw))
    if kind == "buy_card":
        voyage, _ = state.voyage.take_card(state.voyage.player, int(raw.get("space", 0)))
        card = raw.get("card_id")
        owned = player.advanced_cards
        if isinstance(card, str) and card in advanced_cards_by_id() and card not in owned:
            owned = (*owned, card)
        player = pay(player, _cost(raw)).model_copy(update={"advanced_cards": owned})
        state = state.model_copy(update={"player": player, "voyage": voyage})
        bought = t("You bought {card}", card=card) if card else t("You bought an Advanced card")
        return state, with_cost(bought, _cost(raw))
    if kind == "promote":
        return _promote(state, raw)
    if kind == "castle_income":
        player = receive(player, _cost(raw))
        progress = state.end_phase.model_copy(update={"castle_income": True})
        state = state.model_copy(update={"player": player, "end_phase": progress})
        return state, t("Castle income: {gains}", gains=_cost(raw).describe())
    if kind == "gain":
        deltas = {f: int(raw.get(f) or 0) for f in Gains.model_fields}
        update = {f: int(getattr(player, f)) + n for f, n in deltas.items()}
        if min(update.values()) < 0:
            raise RuleError(t("a gain cannot leave a negative amount"))
        parts = joined([_delta(f, n) for f, n in deltas.items() if n], ", ")
        line = (
            t("You: {parts} ({reason})", parts=parts, reason=str(raw["reason"]))
            if raw.get("reason")
            else t("You: {parts}", parts=parts)
        )
        return state.model_copy(update={"player": player.model_copy(update=update)}), line
    event = _EVENT.validate_python(raw)
    new_state, line, _ = handle(state, event, Context(ruleset, limits))
    return new_state, line


def _message(reason: object) -> str:
    """An error's message, a :class:`Text` kept as it is."""
    if isinstance(reason, BaseException) and reason.args and isinstance(reason.args[0], Text):
        return reason.args[0]
    return reason if isinstance(reason, str) else str(reason)


def _sailed(origin: str, target: str, steps: int, cost: Gains) -> Text:
    if cost.empty:
        return tn(
            "You sailed {origin} → {port} ({n} space)",
            "You sailed {origin} → {port} ({n} spaces)",
            steps,
            origin=origin,
            port=target,
        )
    return tn(
        "You sailed {origin} → {port} ({n} space, paid {cost})",
        "You sailed {origin} → {port} ({n} spaces, paid {cost})",
        steps,
        origin=origin,
        port=target,
        cost=cost.describe(sign=""),
    )


def _built(structure: str, built: int) -> Text:
    if structure == "tower":
        return t("You built a Tower (towers {n})", n=built)
    if structure == "wall":
        return t("You built a Wall (walls {n})", n=built)
    return t("You built a Keep (keeps {n})", n=built)


def _delta(field: str, n: int) -> Text:
    """A schema-1 gain's part, signed (``+2 Grain``)."""
    if field == "vp":
        return t("{n:+d} VP", n=n)
    if field == "grain":
        return t("{n:+d} Grain", n=n)
    if field == "stone":
        return t("{n:+d} Stone", n=n)
    return t("{n:+d} Augustales", n=n)


def _cost(raw: dict[str, Any]) -> Gains:
    return Gains(**{f: int(raw.get(f) or 0) for f in Gains.model_fields})


def _end_turn(state: GameState, ruleset: Ruleset) -> tuple[GameState, str]:
    turns = state.player_turns + 1
    if turns >= V1_PLAYER_TURNS:
        phase = Phase.END_PHASE
    elif state.frederick_actions < ruleset.rounds.frederick_max_actions.value:
        phase = Phase.FREDERICK
    else:
        phase = Phase.PLAYER
    return state.model_copy(update={"player_turns": turns, "phase": phase}), t(
        "You ended turn {n}", n=turns
    )


def _promote(state: GameState, raw: dict[str, Any]) -> tuple[GameState, str]:
    player = state.player
    index = int(raw["specialist"])
    current = player.specialists[index]
    path = current.path or raw.get("path")
    moved = Specialist(path=path, space=current.space + 1)
    specialists = list(player.specialists)
    specialists[index] = moved
    cost = Gains(grain=int(raw.get("grain") or 0))
    player = pay(player, cost).model_copy(update={"specialists": tuple(specialists)})
    line = with_cost(
        t("You promoted Specialist {n} to {space}", n=index + 1, space=moved.describe()),
        cost,
    )
    return state.model_copy(update={"player": player}), line
