"""Your Action cards, by count and by name: the End Phase puts the cards of your slots on
the discard pile and refills your hand to your hand limit, each card played leaves your
hand for a slot, a bought card comes in, the draws of a card, the Keep Cover and
Countryside II A add theirs, and a Purchase may remove a card of your hand or of your
discard pile from the game (never one of your draw pile). An empty draw pile takes the
discard pile, shuffled, at once. You may pass only with an empty hand.

The engine knows a card by name where the table said it (:mod:`solo_deck.model.card_piles`);
every other card you own lies, unnamed, in one of the places that hold unknown cards. A
face-up card must be in your hand, and a card a Purchase removes must be in the place you
take it from: the engine refuses one it knows is elsewhere.

A game saved before the boards were data (``PlayerState.sites is None``) does not count its
hand (``GameState.hand is None``): its Passes were recorded on the player's word and must
replay as they were. A game saved before the cards were followed by name
(``CardPiles.by_name`` False) keeps the counts only.

>>> from solo_deck.model.obligations import Obligation
>>> cards_drawn(Obligation(kind="draw_cards", does="resolve", text="draw 2", source="A",
...                        count=2))
2
"""

# i18n: sentences are Text
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Literal

from solo_deck.data.loaders import house_cards_of
from solo_deck.data.names import card_name
from solo_deck.errors import RuleError
from solo_deck.model.card_piles import sorted_cards, without
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.obligations import Obligation
from solo_deck.model.state import GameState
from solo_deck.rules.triggers import hand_size
from solo_deck.text import Text, joined, t, tn

COVER_DRAW = "Keep cover: draw"
"""How the Keep Cover's draw obligation begins (the other covers give no cards)."""

Place = Literal["hand", "draw", "discard", "slots"]


def _cards(count: int) -> Text:
    return tn("{n} card", "{n} cards", count)


# --- what you own and where it is ---------------------------------------------------------


def owned_cards(state: GameState) -> Counter[str]:
    """Every Action card you own, by id: your House's starting cards less those a Purchase
    removed, and the Advanced cards you own (one removed has left them)."""
    player = state.player
    return Counter(_owned(player.house, state.cards.removed, player.advanced_cards))


@lru_cache(maxsize=256)
def _owned(house: str, removed: tuple[str, ...], advanced: tuple[str, ...]) -> dict[str, int]:
    """:func:`owned_cards` for these holdings (a game repeats them event after event)."""
    cards = Counter({card.id: card.copies for card in house_cards_of(house)})
    cards.subtract(removed)
    cards.update(advanced)
    return dict(+cards)


def cards_owned(state: GameState) -> int:
    """How many Action cards you own."""
    player = state.player
    return sum(_owned(player.house, state.cards.removed, player.advanced_cards).values())


def draw_count(state: GameState) -> int:
    """Cards in your draw pile: every card you own that is in neither your hand, your
    discard pile nor a card slot."""
    held = state.hand or 0
    return max(0, cards_owned(state) - held - state.cards.discard - len(state.player.played))


def drawable(state: GameState) -> int:
    """Cards you could still draw: your draw pile, and your discard pile once the draw
    pile is empty."""
    return draw_count(state) + state.cards.discard


def unknown_in(state: GameState) -> dict[Place, int]:
    """How many unnamed cards lie in each place."""
    piles = state.cards
    return {
        "hand": unknown_in_hand(state),
        "draw": draw_count(state) - len(piles.draw_known),
        "discard": piles.discard_unknown,
        "slots": sum(card.card_id is None for card in state.player.played),
    }


def unknown_in_hand(state: GameState) -> int:
    """How many cards of your hand are not named: ``unknown_in(state)["hand"]``, without
    counting the other places (asked at every move)."""
    return (state.hand or 0) - len(state.cards.hand_known)


def pool(state: GameState) -> Counter[str]:
    """The cards you own whose place is not known (the unnamed cards of every place)."""
    named = state.cards.known()
    named.update(card.card_id for card in state.player.played if card.card_id is not None)
    return +(owned_cards(state) - named)


def may_hold(state: GameState, card: str) -> bool:
    """True when ``card`` may be in your hand: named there, or unnamed cards are in your
    hand and a copy of it lies somewhere unnamed."""
    if card in state.cards.hand_known:
        return True
    return unknown_in_hand(state) > 0 and pool(state)[card] > 0


def settled(state: GameState) -> GameState:
    """The state with its piles in order: an empty draw pile takes the discard pile (the
    rules shuffle it in at once), and when only one place holds unnamed cards, the unnamed
    cards are known to lie there."""
    piles = state.cards
    if not piles.by_name:
        if draw_count(state) == 0 and piles.discard:
            piles = piles.model_copy(update={"discard": 0})
        return state.model_copy(update={"cards": piles})
    if draw_count(state) == 0 and piles.discard:
        piles = piles.model_copy(
            update={"discard": 0, "discard_known": (), "draw_known": piles.discard_known}
        )
        state = state.model_copy(update={"cards": piles})
    unknown = {place: n for place, n in unknown_in(state).items() if n > 0}
    if len(unknown) == 1 and "slots" not in unknown:
        (place,) = unknown
        rest = pool(state)
        if sum(rest.values()) == unknown[place]:
            field = f"{place}_known"  # i18n: not for a player
            named = sorted_cards([*getattr(piles, field), *rest.elements()])
            piles = piles.model_copy(update={field: named})
    return state.model_copy(update={"cards": piles})


def _with(state: GameState, **update: object) -> GameState:
    """The state with these fields of its piles changed, then settled."""
    return settled(state.model_copy(update={"cards": state.cards.model_copy(update=update)}))


# --- moving cards ---------------------------------------------------------------------------


def play_from_hand(state: GameState, card: str | None = None) -> GameState:
    """One card leaves your hand for a card slot (refused with an empty hand). ``card``
    names it; a card played face down without a name may be any card of your hand, so the
    names of your hand are forgotten. The caller puts the card in its slot, then
    :func:`settled` puts the piles in order."""
    if state.hand is None:
        return state
    if state.hand < 1:
        raise RuleError(t("your hand is empty: there is no card to play, so pass"))
    piles = state.cards
    hand_known = piles.hand_known
    if piles.by_name:
        if card is None:
            hand_known = ()
        elif card in hand_known:
            hand_known = without(hand_known, card)
        elif not may_hold(state, card):
            raise RuleError(
                t(
                    "{card_name} is not in your hand: {where_is}",
                    card_name=card_name(card),
                    where_is=where_is(state, card),
                )
            )
    piles = piles.model_copy(update={"hand_known": hand_known})
    return state.model_copy(update={"hand": state.hand - 1, "cards": piles})


def where_is(state: GameState, card: str) -> str:
    """Where the copies of ``card`` you own are known to lie, in a few words."""
    owned = owned_cards(state)[card]
    if not owned:
        return t("you own no {card}", card=card_name(card))
    piles = state.cards
    counts = (
        sum(c.card_id == card for c in state.player.played),
        piles.discard_known.count(card),
        piles.draw_known.count(card),
        piles.hand_known.count(card),
    )
    said = joined([_PLACES[i](n) for i, n in enumerate(counts) if n], ", ")
    if owned == 1:
        return t("your copy is {places}", places=said) if said else t("your copy is elsewhere")
    if said:
        return t("your {n} copies are {places}", n=owned, places=said)
    return t("your {n} copies are elsewhere", n=owned)


def take_bought(state: GameState, card: str) -> GameState:
    """The Advanced card just bought joins your hand (named: you bought it). ``state``
    already owns it."""
    if state.hand is None:
        return state
    hand_known = state.cards.hand_known
    if state.cards.by_name:
        hand_known = sorted_cards([*hand_known, card])
    state = state.model_copy(update={"hand": state.hand + 1})
    return _with(state, hand_known=hand_known)


def remove_card(state: GameState, card: str, from_hand: bool) -> GameState:
    """``card`` leaves the game to pay a Purchase, from your hand or your discard pile
    (refused where it cannot be). ``state`` still owns it; a House card joins the removed
    ones (an Advanced card also leaves ``advanced_cards``, which the caller updates)."""
    if state.hand is None:
        return state
    piles = state.cards
    removed = sorted_cards([*piles.removed, card])
    if from_hand:
        return _remove_from_hand(state, card, removed)
    discard, known = piles.discard, piles.discard_known
    if discard < 1:
        if piles.by_name:
            raise RuleError(
                t(
                    "your discard pile is empty, so {card_name} cannot come from "
                    "it: remove a card of your hand instead (never one of your "
                    "draw pile)",
                    card_name=card_name(card),
                )
            )
        return _with(state, removed=removed)
    if card in known:
        known = without(known, card)
    elif piles.by_name and not (piles.discard_unknown and pool(state)[card]):
        raise RuleError(
            t(
                "{card_name} is not in your discard pile: {where_is}",
                card_name=card_name(card),
                where_is=where_is(state, card),
            )
        )
    return _with(state, discard=discard - 1, discard_known=known, removed=removed)


def can_remove_a_card(state: GameState) -> bool:
    """True when a Purchase paid with an Action card has one to remove: a card in your
    hand or your discard pile (always, in a game that does not follow them)."""
    if state.hand is None or not state.cards.by_name:
        return True
    return state.hand > 0 or state.cards.discard > 0


def _remove_from_hand(state: GameState, card: str, removed: tuple[str, ...]) -> GameState:
    assert state.hand is not None
    if state.hand < 1:
        raise RuleError(
            t(
                "your hand is empty, so {card_name} cannot come from it: "
                "remove a card of your discard pile instead",
                card_name=card_name(card),
            )
        )
    piles = state.cards
    hand_known = piles.hand_known
    if card in hand_known:
        hand_known = without(hand_known, card)
    elif piles.by_name and not may_hold(state, card):
        raise RuleError(
            t(
                "{card_name} is not in your hand: {where_is}",
                card_name=card_name(card),
                where_is=where_is(state, card),
            )
        )
    state = state.model_copy(update={"hand": state.hand - 1})
    return _with(state, hand_known=hand_known, removed=removed)


def draw(state: GameState, count: int) -> GameState:
    """Draw ``count`` cards, as many as there are to draw: the draw pile first, then the
    discard pile shuffled in. Which cards come is unknown until the table names them,
    unless the whole pile came."""
    if state.hand is None:
        return state
    taken = min(count, drawable(state))
    if taken == 0:
        return state
    piles = state.cards
    pile = draw_count(state)
    hand_known, draw_known = piles.hand_known, piles.draw_known
    discard, discard_known = piles.discard, piles.discard_known
    if taken >= pile:  # the whole draw pile comes; the rest from the discard pile shuffled
        hand_known = sorted_cards([*hand_known, *draw_known])
        draw_known = ()
        rest = taken - pile
        if rest:  # the discard pile, shuffled, became the draw pile; what is left stays there
            if rest == discard:
                hand_known = sorted_cards([*hand_known, *discard_known])
            discard, discard_known = 0, ()
    else:
        draw_known = ()
    if not piles.by_name:
        hand_known = draw_known = discard_known = ()
    state = state.model_copy(update={"hand": (state.hand or 0) + taken})
    return _with(
        state,
        hand_known=hand_known,
        draw_known=draw_known,
        discard=discard,
        discard_known=discard_known,
    )


def name_hand(state: GameState, cards: tuple[str, ...]) -> GameState:
    """The table names cards of your hand the engine did not know."""
    if state.hand is None:
        raise RuleError(t("this game does not count your hand"))
    if not state.cards.by_name:
        raise RuleError(t("this game counts your cards only (it was begun before names)"))
    unknown = unknown_in_hand(state)
    if len(cards) > unknown:
        raise RuleError(
            tn(
                "{n} card of your hand is not known by name, not {named}",
                "{n} cards of your hand are not known by name, not {named}",
                unknown,
                named=len(cards),
            )
        )
    rest = pool(state)
    for card in cards:
        if rest[card] < 1:
            raise RuleError(
                t(
                    "{card_name} cannot be in your hand: {where_is}",
                    card_name=card_name(card),
                    where_is=where_is(state, card),
                )
            )
        rest[card] -= 1
    return _with(state, hand_known=sorted_cards([*state.cards.hand_known, *cards]))


def end_of_round(state: GameState, limits: PlayerLimits) -> GameState:
    """The End Phase's refill: the cards of your slots go on the discard pile, then you draw
    up to your hand limit (a larger hand stays as it is). The slots are emptied here."""
    player = state.player.model_copy(update={"played": ()})
    if state.hand is None:
        return state.model_copy(update={"player": player})
    piles = state.cards
    played = state.player.played
    discard_known = piles.discard_known
    if piles.by_name:
        discard_known = sorted_cards(
            [*discard_known, *(c.card_id for c in played if c.card_id is not None)]
        )
    state = state.model_copy(update={"player": player})
    state = _with(state, discard=piles.discard + len(played), discard_known=discard_known)
    wanted = hand_size(state, limits) - (state.hand or 0)
    return draw(state, wanted) if wanted > 0 else state


def correct_hand(state: GameState, count: int) -> GameState:
    """Your hand set to ``count`` cards by a correction: the draw pile gives or takes the
    difference (refused when you own too few cards)."""
    most = cards_owned(state) - state.cards.discard - len(state.player.played)
    if count > most:
        raise RuleError(
            t(
                "you own {cards}: with {discard} in your discard pile and {n} "
                "in your slots, your hand holds at most {most}",
                cards=_cards(cards_owned(state)),
                discard=state.cards.discard,
                n=len(state.player.played),
                most=most,
            )
        )
    hand_known = state.cards.hand_known
    if len(hand_known) > count:
        hand_known = ()
    state = state.model_copy(update={"hand": count})
    return _with(state, hand_known=hand_known, draw_known=())


def cards_drawn(duty: Obligation) -> int:
    """Cards a confirmed obligation puts in your hand: a card's or a Workplace's draw, the
    Keep Cover's draw; 0 for anything else."""
    if duty.kind == "draw_cards" or (
        duty.kind == "keep_cover" and duty.text.startswith(COVER_DRAW)
    ):
        return duty.count
    return 0


def pass_refusal(state: GameState) -> str | None:
    """Why you may not pass now (``None``: you may)."""
    if state.hand:
        return t(
            "you still hold {cards} in hand: play one (face down gives a "
            "main action); you may pass only with an empty hand",
            cards=_cards(state.hand),
        )
    return None


def play_refusal(state: GameState) -> str | None:
    """Why you may not play a card now for lack of one (``None``: you hold one)."""
    if state.hand == 0:
        return t("your hand is empty: there is no card to play, so pass")
    return None


def name_hand_refusal(state: GameState) -> str | None:
    """Why no card of your hand can be named now (``None``: one can)."""
    if state.hand is None:
        return t("this game does not count your hand")
    if not state.cards.by_name:
        return t("this game counts your cards only (it was begun before names)")
    if unknown_in_hand(state) < 1:
        return t("every card of your hand is known by name")
    return None


_PLACES: tuple[Callable[[int], Text], ...] = (
    lambda n: tn("{n} in your slots", "{n} in your slots", n),
    lambda n: tn("{n} in your discard pile", "{n} in your discard pile", n),
    lambda n: tn("{n} in your draw pile", "{n} in your draw pile", n),
    lambda n: tn("{n} in your hand", "{n} in your hand", n),
)
"""How many copies of a card lie in each place :func:`where_is` names, one sentence per
place with its plural form (a language may inflect it by the count)."""
