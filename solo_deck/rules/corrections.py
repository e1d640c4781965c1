"""Hand corrections: set any tracked value, validated like everything else."""

# i18n: sentences are Text
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from solo_deck.errors import EdictParseError, RuleError
from solo_deck.model.edict import parse_edict
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.palace import PalaceLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.rules.hand import correct_hand
from solo_deck.text import t

PLAYER_FIELDS = ("vp", "grain", "stone", "augustales", "towers", "walls", "keeps")
PALACE_FIELDS = ("grain", "stone", "treasury", "towers", "walls", "keeps", "allies", "specialist")
COUNTER_FIELDS = ("round", "player_turns", "frederick_actions")


CASTLE_COUNTS = ("towers", "walls", "keeps")


def correction_targets(state: GameState) -> list[str]:
    """Every target a :class:`~solo_deck.events.Correct` event accepts. On a game with a
    Castle Board your castle is corrected site by site (``player.sites``), not by count."""
    if state.player.sites is None:
        targets = [f"player.{f}" for f in PLAYER_FIELDS]
    else:
        targets = [f"player.{f}" for f in PLAYER_FIELDS if f not in CASTLE_COUNTS]
        targets.append("player.sites")
    targets += [f"palace.{f}" for f in PALACE_FIELDS]
    targets += ["edicts.pile", "voyage.advanced_pile", "voyage.frederick", "voyage.player"]
    targets += [f"edicts.active.{i}" for i in range(3)] + [f"edicts.next.{i}" for i in range(3)]
    targets += list(COUNTER_FIELDS)
    if state.hand is not None:  # the cards in your hand, when the engine counts them
        targets.append("hand")
    return targets


def _int(value: int | str | None, target: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            t("{target} needs a whole number, not {value!r}", target=target, value=value)
        )
    if value < 0:
        raise RuleError(t("{target} cannot be negative ({value})", target=target, value=value))
    return value


def _revalidate(model: Any, field: str, value: Any, target: str) -> Any:
    try:
        return type(model).model_validate({**dict(model), field: value})
    except ValidationError as exc:
        message = exc.errors()[0]["msg"]
        raise RuleError(
            t(
                "{target} = {value!r} is not allowed: {message}",
                target=target,
                value=value,
                message=message,
            )
        ) from None


def apply_correction(
    state: GameState, target: str, value: int | str | None, ruleset: Ruleset
) -> tuple[GameState, str]:
    """The state with ``target`` set to ``value``, and the log line. Raises
    :class:`RuleError` for an unknown target or a value the rules forbid."""
    if target not in correction_targets(state):
        raise RuleError(
            t(
                "cannot correct {target!r}; choose one of: {correction_targets}",
                target=target,
                correction_targets=", ".join(correction_targets(state)),
            )
        )
    area, _, rest = target.partition(".")
    handlers: dict[str, Callable[[], GameState]] = {}
    if target == "player.sites":
        corrected = correct_sites(state, value, ruleset)
        handlers[area] = lambda: corrected
    elif area == "player":
        new_player = _revalidate(state.player, rest, _int(value, target), target)
        limits = PlayerLimits.from_ruleset(ruleset)
        if rest in ("towers", "walls", "keeps"):
            most = limits.castle_max(rest.removesuffix("s"))
            if new_player.built(rest.removesuffix("s")) > most:
                raise RuleError(t("your castle holds at most {most} {rest}", most=most, rest=rest))
        handlers[area] = lambda: state.model_copy(update={"player": new_player})
    elif area == "palace":
        new_palace = _revalidate(state.palace, rest, _int(value, target), target)
        new_palace.check_limits(PalaceLimits.from_ruleset(ruleset))
        handlers[area] = lambda: state.model_copy(update={"palace": new_palace})
    elif target == "edicts.pile":
        edicts = state.edicts.model_copy(update={"pile": _int(value, target)})
        handlers[area] = lambda: state.model_copy(update={"edicts": edicts})
    elif area == "edicts":
        row, _, index_text = rest.partition(".")
        index = int(index_text)
        if value in (None, ""):
            tile = None
        elif isinstance(value, str):
            try:
                tile = parse_edict(value)
            except EdictParseError as exc:
                raise RuleError(t("{target}: {exc}", target=target, exc=exc)) from None
        else:
            raise RuleError(t("{target} needs edict notation like 2T 1K, or empty", target=target))
        slots = list(getattr(state.edicts, row))
        slots[index] = tile
        awaiting = tuple(p for p in state.edicts.awaiting if not (row == "next" and p == index))
        edicts = state.edicts.model_copy(update={row: tuple(slots), "awaiting": awaiting})
        handlers[area] = lambda: state.model_copy(update={"edicts": edicts})
    elif area == "voyage":
        number = _int(value, target)
        if rest in ("frederick", "player") and number >= len(state.voyage.ports):
            raise RuleError(
                t(
                    "{target} must be a port number from 0 to {n}",
                    target=target,
                    n=len(state.voyage.ports) - 1,
                )
            )
        voyage = state.voyage.model_copy(update={rest: number})
        handlers[area] = lambda: state.model_copy(update={"voyage": voyage})
    elif target == "hand":  # the draw pile gives or takes the difference
        corrected = correct_hand(state, _int(value, target))
        handlers[area] = lambda: corrected
    else:
        number = _int(value, target)
        if target == "round" and number < 1:
            raise RuleError(t("round starts at 1"))
        handlers[area] = lambda: state.model_copy(update={target: number})
    new_state = handlers[area]()
    return new_state, t(
        "Correction: {target} set to {value}",
        target=target,
        value=value if value not in (None, "") else t("empty"),
    )


def correct_sites(state: GameState, value: int | str | None, ruleset: Ruleset) -> GameState:
    """The state with your castle standing on exactly the sites in ``value`` (``"T1 W1
    T2"``): the counts and the closed sides follow from the board. A castle that could not
    stand (a Wall without a Tower it joins, a Tower without a Wall) is refused.

    >>> from solo_deck import GameSetup, load_ruleset, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> corrected = correct_sites(state, "T1 W1 T2", load_ruleset())
    >>> corrected.player.towers, corrected.player.closed_sides
    (2, ('grain',))
    """
    board = ruleset.castle_board
    if board is None or state.player.sites is None:
        raise RuleError(t("this game has no Castle Board: correct the counts instead"))
    if not isinstance(value, str):
        raise RuleError(t("player.sites takes the sites built, such as 'T1 W1 T2'"))
    sites = tuple(dict.fromkeys(value.replace(",", " ").upper().split()))
    known = {site.id for site in board.sites}
    unknown = [site for site in sites if site not in known]
    if unknown:
        raise RuleError(
            t(
                "your Castle Board has no site {unknown} ({sorted})",
                unknown=unknown[0],
                sorted=", ".join(sorted(known)),
            )
        )
    for site_id in sites:
        others = tuple(s for s in sites if s != site_id)
        why = board.why_closed(site_id, others)
        if why is not None:
            raise RuleError(t("that castle could not stand: {why}", why=why))
    player = state.player
    counts = {f"{kind}s": board.built_count(sites, kind) for kind in ("tower", "wall", "keep")}
    closed = tuple(board.site(w).side for w in board.closed_sides(sites))
    update = {**counts, "sites": sites, "closed_sides": tuple(s for s in closed if s)}
    try:
        changed = type(player).model_validate({**dict(player), **update})
    except ValidationError as exc:
        raise RuleError(
            t(
                "player.sites = {value!r} is not allowed: {error}",
                value=value,
                error=exc.errors()[0]["msg"],
            )
        ) from None
    return state.model_copy(update={"player": changed})
