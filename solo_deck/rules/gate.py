"""What may happen now: for every event type, allowed or the reason it is not.

This is the engine's one phase gate. :func:`refusal` gives an event type's reason
(``None`` when allowed); :meth:`SoloGame.allowed <solo_deck.game.SoloGame.allowed>` reads
it, and every event pushed is checked against it first, so a front end that lights a key
exactly when its type is allowed never shows a key the engine would refuse.

An allowed type means the engine accepts some event of that type now; a particular event
may still be refused for its own values (too little Grain, a slot already used).

>>> from solo_deck import GameSetup, parse_edict
>>> from solo_deck.setup import initial_state
>>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
>>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
>>> sorted(allowed_types(state, load_ruleset()) - ALWAYS - {"gain", "name_hand"})  # no pass
['play_card', 'travel']
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.data.loaders import advanced_cards_by_id, allies_by_id, load_ruleset
from solo_deck.model.gains import Gains
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.obligations import Obligation
from solo_deck.model.player import PlayerState, Specialist
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.solo_cards import Numeral
from solo_deck.model.state import GameState, Phase
from solo_deck.rules.castle_sites import why_no_site
from solo_deck.rules.edict_order import edict_order_refusal
from solo_deck.rules.hand import (
    can_remove_a_card,
    name_hand_refusal,
    pass_refusal,
    play_refusal,
)
from solo_deck.rules.summon_cost import summon_cost
from solo_deck.rules.triggers import workplace_discount
from solo_deck.rules.workplace_area import promote_shortfall
from solo_deck.text import joined, named, t

ALWAYS = frozenset({"correct", "name_ally", "name_card", "check_board"})
"""Hand corrections, what lies at a port and a board's printed value: the table may tell
these at any time."""

PLAYER_TURN = frozenset({"travel", "play_card", "pass"})
ACTIONS = frozenset(
    {
        "promote",
        "visit_market",
        "build",
        "summon_ally",
        "buy_card",
        "player_edict",
        "take_edict_reward",
        "resolve",
        "decline",
        "place_workplace",
        "choose_city_bonus",
        "drop_resources",
    }
)
END_PHASE = frozenset({"castle_income", "ally_income", "reorganise", "end_round"})

_PHASE_NAMES = {
    Phase.PLAYER: t("your turn"),
    Phase.FREDERICK: t("Frederick's turn"),
    Phase.END_PHASE: t("the End Phase"),
    Phase.GAME_OVER: t("the end of the game"),
}


def allowed_types(state: GameState, ruleset: Ruleset) -> frozenset[str]:
    """The event types that may be pushed now: :func:`refusal` asked only of the types
    that can be allowed in this state's phase and queue (a test keeps this equal to
    asking every type). The latest answer is kept for :func:`refusal`: the moves listed
    from a state are then tried from it."""
    global _latest
    latest = _latest
    if latest is not None and latest[0] is state and latest[1] is ruleset:
        return latest[2]
    allowed = frozenset(
        kind for kind in _open_types(state) if _reason(state, kind, ruleset) is None
    )
    _latest = (state, ruleset, allowed)
    return allowed


_latest: tuple[GameState, Ruleset, frozenset[str]] | None = None
"""The latest :func:`allowed_types` asked: the state and ruleset (immutable, held, so
their identity stays theirs) and the answer."""


def _open_types(state: GameState) -> tuple[str, ...]:
    """The event types :func:`_reason` may allow in ``state``: every other one it refuses
    whatever the details (another phase, something else owed first)."""
    told = (*sorted(ALWAYS), "name_hand", "reveal_edict")
    if state.edicts.awaiting:
        return told
    if state.phase is Phase.GAME_OVER:
        return (*told, "gain")
    first = state.obligation
    if first is not None:
        return (*told, "gain", "decline", *first.event_types)
    by_phase = {
        Phase.PLAYER: tuple(sorted(PLAYER_TURN)),
        Phase.FREDERICK: ("frederick_turn",),
        Phase.END_PHASE: tuple(sorted(END_PHASE)),
    }
    return (*told, "gain", *by_phase[state.phase])


def refusal(state: GameState, kind: str, ruleset: Ruleset | None = None) -> str | None:
    """Why an event of type ``kind`` is refused now (``None``: it is allowed)."""
    ruleset = ruleset or load_ruleset()
    latest = _latest
    if latest is not None and latest[0] is state and latest[1] is ruleset and kind in latest[2]:
        return None
    return _reason(state, kind, ruleset)


def _reason(state: GameState, kind: str, ruleset: Ruleset) -> str | None:
    if kind == "check_board" and all(
        getattr(ruleset, board) is None
        for board in ("castle_board", "player_board", "voyage_board", "workplace_area")
    ):
        return t("this game was saved before the app knew your boards: there is none to check")
    if kind in ALWAYS:
        return None
    if kind == "name_hand":
        return name_hand_refusal(state)
    if kind == "reveal_edict":
        if state.edicts.awaiting:
            return None
        return t("no newly drawn Next tile is waiting to be typed")
    if state.edicts.awaiting:
        position = Numeral.from_index(state.edicts.awaiting[0]).value
        return t(
            "first type the new Next {position} Edict tile drawn from the pile", position=position
        )
    if kind == "gain":
        return None
    if state.phase is Phase.GAME_OVER:
        return t("the game is over; only corrections are possible")
    first = state.obligation
    if first is not None:
        return _pending_reason(state, first, kind, ruleset)
    if kind in ("resolve", "decline"):
        return t("nothing is pending")
    if kind in ACTIONS:
        return _action_reason(state, kind)
    if kind in PLAYER_TURN:
        return _turn_reason(state, kind)
    if kind == "frederick_turn":
        if state.phase is Phase.FREDERICK:
            return None
        return t(
            "it is not Frederick's turn: now it is {phase}",
            phase=_PHASE_NAMES[state.phase],
        )
    if kind in END_PHASE:
        return _end_phase_reason(state, kind)
    return t("unknown event type {kind!r}", kind=kind)


def _pending_reason(state: GameState, first: Obligation, kind: str, ruleset: Ruleset) -> str | None:
    if kind == "decline":
        return None if first.optional else t("this cannot be declined: {duty}", duty=first.text)
    if kind not in first.event_types:
        if first.optional:
            return t("first: {duty} (or decline it)", duty=first.text)
        return t("first: {duty}", duty=first.text)
    if first.does == "edict":
        why = edict_order_refusal(state, first, kind)
        if why is not None:
            return why
    cannot = cannot_take(state, first, ruleset)
    if cannot is not None:
        return t("{reason}: decline it", reason=cannot) if first.optional else cannot
    return None


def cannot_take(state: GameState, first: Obligation, ruleset: Ruleset) -> str | None:
    """Why the first obligation's action cannot be taken at all now (``None``: it can)."""
    limits = PlayerLimits.from_ruleset(ruleset)
    player, voyage = state.player, state.voyage
    port = voyage.ports[voyage.player]
    if first.does == "summon":
        space = voyage.first_ally_space(voyage.player)
        if space is None:
            return t("there is no face-up Ally in {port}", port=named(port.name, "port"))
        if len(player.allies) >= player.ally_spaces(limits):
            return t("your Player Board has no free Ally space (build a Tower for another)")
        known = allies_by_id().get(port.allies[space].face_up_id or "")
        held = {allies_by_id()[a].name for a in player.allies if a in allies_by_id()}
        if known is not None and known.name in held:
            return t("{ally} is already in your castle", ally=named(known.name, "ally"))
        owed = summon_cost(state, ruleset, first.terms, space)
        if owed is not None and (owed.grain > player.grain or owed.augustales > player.augustales):
            return t(
                "summoning in {port} costs you {owed} (you cannot pay)",
                port=named(port.name, "port"),
                owed=owed.describe(sign=""),
            )
    elif first.does == "purchase":
        space = voyage.first_card_space(voyage.player)
        if space is None:
            return t("there is no Advanced card in {port}", port=named(port.name, "port"))
        card_id = port.cards[space].card_id
        if card_id is not None:
            return why_not_buy(state, card_id, first.terms.discount)
    elif first.does == "market":
        market = state.board.markets[voyage.player] if state.board.markets else None
        if market is not None:
            can_sell = market.sell is not None and (
                int(getattr(player, market.sell.resource)) >= market.sell.amount
            )
            can_buy = market.buy is not None and player.augustales >= market.buy.augustales
            if not (can_sell or can_buy):
                return t(
                    "you can neither sell nor buy at the Market in {port}",
                    port=named(port.name, "port"),
                )
    elif first.does == "build":
        kinds = [first.terms.structure] if first.terms.structure else ["tower", "wall", "keep"]
        if all(player.built(s) >= limits.castle_max(s) for s in kinds):
            return t("every such Structure of your castle is built")
        coins = first.terms.augustales_instead
        if coins is not None and coins > player.augustales:
            return t(
                "this Build costs {coins} Augustales and you have {augustales}",
                coins=coins,
                augustales=player.augustales,
            )
        if player.sites is not None:
            return why_no_site(state, ruleset, first.terms)
    elif first.does == "promote":
        movable = [
            index
            for index, s in enumerate(player.specialists)
            if index != first.exclude_specialist and _may_step(player, s, limits)
        ]
        if not movable:
            return t("no Specialist can move further")
        short = promote_shortfall(state, ruleset, movable, first.terms, limits)
        if short is not None:
            return short
    return None


def why_not_buy(state: GameState, card_id: str, discount: Gains | None = None) -> str | None:
    """Why you cannot buy Advanced card ``card_id`` now (``None``: you can), with
    ``discount`` off its price besides your Workplaces' (an effect's)."""
    card = advanced_cards_by_id().get(card_id)
    if card is None:
        return None
    player = state.player
    if card.id in player.advanced_cards:
        return t("you already own {card}", card=card.id)
    if card.cost.action_card and not can_remove_a_card(state):
        return t(
            "{card} costs one of your Action cards, and your hand and discard pile are empty",
            card=card.id,
        )
    if card.cost.augustales is not None:
        off = workplace_discount(state, "purchase") + (discount or Gains())
        price = max(0, card.cost.augustales - off.augustales)
        if price > player.augustales:
            return t(
                "{card} costs {price} Augustales and you have {augustales}",
                card=card.id,
                price=price,
                augustales=player.augustales,
            )
    return None


def _may_step(player: PlayerState, specialist: Specialist, limits: PlayerLimits) -> bool:
    """True when ``specialist`` has a space ahead: beside the board, or on a path short of
    its end whose next space is not a City another of your Specialists holds."""
    if specialist.path is None:
        return True
    length = limits.path_length(specialist.path)
    if specialist.space >= length:
        return False
    if specialist.space + 1 < length:
        return True
    return not any(s.path == specialist.path and s.space == length for s in player.specialists)


def _action_reason(state: GameState, kind: str) -> str:
    if state.phase is Phase.PLAYER:
        return t("play a card first: its action, or what it triggers, comes after")
    return t(
        "that happens on your turn, but now it is {phase}",
        phase=_PHASE_NAMES[state.phase],
    )


def _turn_reason(state: GameState, kind: str) -> str | None:
    if state.phase is not Phase.PLAYER:
        return t(
            "that is for your turn, but now it is {phase}",
            phase=_PHASE_NAMES[state.phase],
        )
    # A card played leaves its action pending until the turn ends, so the pending reason
    # above always comes first: no separate "already played" case here.
    if kind == "travel" and state.travelled:
        return t("your ship already sailed this turn")
    if kind == "pass":
        return pass_refusal(state)
    if kind == "play_card":
        return play_refusal(state)
    return None


def _end_phase_reason(state: GameState, kind: str) -> str | None:
    if state.phase is not Phase.END_PHASE:
        return t(
            "that belongs to the End Phase, but now it is {phase}",
            phase=_PHASE_NAMES[state.phase],
        )
    progress = state.end_phase
    if kind == "castle_income":
        return t("castle income is already taken this round") if progress.castle_income else None
    if kind == "ally_income":
        if progress.ally_income is not None:
            return t("ally income is already scored this round")
        if not progress.castle_income and state.player.closed_sides:
            return t(
                "take the castle income first: it comes before ally income "
                "and can change what your Allies compare"
            )
        return None
    if kind == "reorganise":
        return (
            t("the Voyage board is already reorganised this round")
            if progress.reorganised
            else None
        )
    missing = []
    if not progress.castle_income and state.player.closed_sides:
        missing.append(t("take the castle income"))
    if progress.ally_income is None:
        missing.append(t("score the ally income"))
    if not progress.reorganised:
        missing.append(t("reorganise the Voyage board"))
    if missing:
        return t("before ending the round: {steps}", steps=joined(missing, ", then "))
    return None
