"""Two of the main actions that trade: Purchase an Advanced card and Visit the Market.

Taken, like the others (:mod:`solo_deck.rules.main_actions`), when a pending obligation
calls for it; the card's price and the Market tile's rates are checked.
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.data.loaders import advanced_cards_by_id, house_cards_of
from solo_deck.errors import RuleError
from solo_deck.events import BuyCard, VisitMarket
from solo_deck.model.gains import Gains
from solo_deck.model.grants import ActionTerms
from solo_deck.model.state import GameState
from solo_deck.queries import market_trades
from solo_deck.rules.context import Context, Outcome
from solo_deck.rules.follow_through import pay, receive
from solo_deck.rules.hand import remove_card, take_bought
from solo_deck.rules.main_actions import with_cost
from solo_deck.rules.triggers import (
    active_workplaces,
    card_obligations,
    workplace_discount,
    workplace_obligations,
)
from solo_deck.text import joined, named, t


def _terms(ctx: Context) -> ActionTerms:
    return ctx.first.terms if ctx.first is not None else ActionTerms()


# --- Purchase -------------------------------------------------------------------------------


def buy(state: GameState, event: BuyCard, ctx: Context) -> Outcome:
    """Purchase the Advanced card at your port: pay, use its effect at once if you like,
    then take it into your hand."""
    terms, player = _terms(ctx), state.player
    voyage = state.voyage
    port = voyage.player
    spaces = voyage.ports[port].cards
    name = named(voyage.ports[port].name, "port")
    if event.space >= len(spaces) or not spaces[event.space].present:
        raise RuleError(t("there is no Advanced card to buy in {name}", name=name))
    lying = spaces[event.space].card_id
    if lying is not None and lying != event.card_id:
        raise RuleError(
            t(
                "the card in {name} is {lying}, not {card}",
                name=name,
                lying=lying,
                card=event.card_id,
            )
        )
    card = advanced_cards_by_id().get(event.card_id)
    if card is None:
        raise RuleError(t("{card} is not an Advanced card (A1–A16, B1–B16)", card=event.card_id))
    if event.card_id in player.advanced_cards:
        raise RuleError(t("you already own {card}", card=event.card_id))
    owned = player.advanced_cards
    if card.cost.augustales is not None:
        off = workplace_discount(state, "purchase") + terms.discount
        due = max(0, card.cost.augustales - off.augustales)
        if event.augustales is not None and event.augustales != due:
            raise RuleError(
                t(
                    "{card} costs {due} Augustales now, not {augustales}",
                    card=card.id,
                    due=due,
                    augustales=event.augustales,
                )
            )
        if event.removes is not None:
            raise RuleError(t("{card} is paid in Augustales, not with a card", card=card.id))
        cost = Gains(augustales=due)
        line = with_cost(t("You bought {card} in {port}", card=card.id, port=name), cost)
    else:
        if event.augustales:
            raise RuleError(t("{card} is paid by removing one of your Action cards", card=card.id))
        removed = event.removes
        house_ids = {c.id for c in house_cards_of(player.house)}
        if removed is None or (removed not in owned and removed not in house_ids):
            raise RuleError(
                t(
                    "{card} costs one of your Action cards (from hand or discard "
                    "pile): name the card you removed from the game",
                    card=card.id,
                )
            )
        owned = tuple(c for c in owned if c != removed)
        cost = Gains()
        line = (
            t(
                "You bought {card} in {port}, removed {removed} from the game "
                "(it came from your hand)",
                card=card.id,
                port=name,
                removed=removed,
            )
            if event.from_hand
            else t(
                "You bought {card} in {port}, removed {removed} from the game "
                "(it came from your discard pile)",
                card=card.id,
                port=name,
                removed=removed,
            )
        )
    tiles = active_workplaces(state)
    player = pay(player, cost, card.id)
    if event.removes is not None:  # taken from where it lies while you still own it
        state = remove_card(state, event.removes, event.from_hand)
    voyage, _ = voyage.take_card(port, event.space)
    player = player.model_copy(update={"advanced_cards": (*owned, card.id)})
    duties = card_obligations(card.id, card.grant, "bought")
    duties += workplace_obligations(tiles, "purchase")
    new_state = state.model_copy(update={"player": player, "voyage": voyage})
    new_state = take_bought(new_state, card.id)
    return new_state, line, duties


# --- the Market -------------------------------------------------------------------------------


def visit_market(state: GameState, event: VisitMarket, ctx: Context) -> Outcome:
    """Sell and/or buy once at your port's Market (a Workplace may add one trade)."""
    voyage, board = state.voyage, state.board
    port = voyage.player
    name = named(voyage.ports[port].name, "port")
    known = board.markets[port] if port < len(board.markets) else None
    if known is not None and event.rates is not None and event.rates != known:
        raise RuleError(
            t(
                "the Market in {name} is known: {known} (correct it with Fix)",
                name=name,
                known=known.describe(),
            )
        )
    tile = known or event.rates
    if tile is None:
        raise RuleError(
            t("first visit to the Market in {name}: tell what its tile shows", name=name)
        )
    if known is None:
        board = board.with_market(port, tile)
    tiles = active_workplaces(state)
    trades = market_trades(state)
    if event.sells + event.buys == 0:
        raise RuleError(t("sell, buy or both (or decline the visit)"))
    if (
        event.sells > trades.sells
        or event.buys > trades.buys
        or (event.sells + event.buys > trades.total)
    ):
        raise RuleError(
            t("a Market visit is one sale and one purchase and one more of either")
            if trades.total > 2
            else t("a Market visit is one sale and one purchase")
        )
    if event.sells and tile.sell is None:
        raise RuleError(t("the Market in {name} buys nothing from you", name=name))
    if event.buys and tile.buy is None:
        raise RuleError(t("the Market in {name} sells you nothing", name=name))
    player = state.player
    parts = []
    if event.sells and tile.sell is not None:
        trade = tile.sell
        given = Gains(**{trade.resource: trade.amount * event.sells})
        coins = Gains(augustales=trade.augustales * event.sells)
        player = receive(pay(player, given, t("the sale")), coins)
        parts.append(
            t(
                "sold {goods} for {coins}",
                goods=given.describe(sign=""),
                coins=coins.describe(sign=""),
            )
        )
    if event.buys and tile.buy is not None:
        trade = tile.buy
        price = Gains(augustales=trade.augustales * event.buys)
        bought = Gains(**{trade.resource: trade.amount * event.buys})
        player = receive(pay(player, price, t("the purchase")), bought)
        parts.append(
            t(
                "bought {goods} for {coins}",
                goods=bought.describe(sign=""),
                coins=price.describe(sign=""),
            )
        )
    duties = workplace_obligations(tiles, "market")
    new_state = state.model_copy(update={"player": player, "board": board})
    return (
        new_state,
        t("Market in {port}: {trades}", port=name, trades=joined(parts, " and ")),
        duties,
    )
