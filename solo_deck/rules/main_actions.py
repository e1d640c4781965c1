"""The five main actions: Build, Promote, Summon, Purchase and Visit the Market.

Each is taken when a pending obligation calls for it (a face-down card, a card's effect, a
bonus). Costs the data knows are checked (a Great Structure's Augustales, a card's price,
an effect's terms); costs only the board knows (a castle space, an Ally's spot, a path's
arrow) are taken as you give them. What the action triggers comes back in the rules' order.
"""

from __future__ import annotations

from solo_deck.data.loaders import advanced_cards_by_id, great_structures, house_cards_of
from solo_deck.data.names import ally_name
from solo_deck.errors import RuleError
from solo_deck.events import Build, BuyCard, Promote, SummonAlly, VisitMarket
from solo_deck.model.castle import SideIncome
from solo_deck.model.gains import Gains
from solo_deck.model.grants import ActionTerms
from solo_deck.model.obligations import Obligation
from solo_deck.model.player import Specialist
from solo_deck.model.state import GameState
from solo_deck.queries import market_trades
from solo_deck.rules.castle_sites import check_site_build
from solo_deck.rules.context import Context, Outcome
from solo_deck.rules.follow_through import pay, receive
from solo_deck.rules.hand import remove_card, take_bought
from solo_deck.rules.summon_cost import summon_cost, summon_marks_edict
from solo_deck.rules.triggers import (
    active_workplaces,
    arrival_obligations,
    card_obligations,
    cover_obligations,
    edict_to_issue,
    great_obligations,
    side_obligations,
    space_edict,
    workplace_discount,
    workplace_obligations,
)
from solo_deck.rules.workplace_area import check_promote_grain


def _terms(ctx: Context) -> ActionTerms:
    return ctx.first.terms if ctx.first is not None else ActionTerms()


def _paid(cost: Gains) -> str:
    return f", paid {cost.describe(sign='')}" if not cost.empty else ""


# --- Build ----------------------------------------------------------------------------------


def build(state: GameState, event: Build, ctx: Context) -> Outcome:
    """Build a Structure; then its side bonus, Workplace benefits, Great Structure bonus,
    Keep cover and the Edict of its space, in that order."""
    terms, player, limits = _terms(ctx), state.player, ctx.limits
    structure = event.structure
    if terms.structure is not None and structure != terms.structure:
        raise RuleError(f"this lets you build a {terms.structure.capitalize()} only")
    have, most = player.built(structure), limits.castle_max(structure)
    if have >= most:
        raise RuleError(f"all {most} of your {structure}s are already built")
    instead = terms.augustales_instead
    if instead is not None and (event.grain or event.stone):
        raise RuleError(f"this Build is paid with {instead} Augustales instead of Stone and Grain")
    if terms.free_resources and (event.grain or event.stone):
        raise RuleError("this Build costs no Stone or Grain")
    great_cost = _great_cost(event, player.greats)
    if great_cost is None:  # a cost our data lacks: what you paid is the cost
        if event.augustales is None:
            raise RuleError("type the Augustales this Great Structure costs (see your board)")
        coins = event.augustales
    else:
        coins = great_cost + (instead or 0)
        if event.augustales is not None and event.augustales != coins:
            raise RuleError(f"this Build costs {coins} Augustales, not {event.augustales}")
    if event.cover is not None and event.cover in player.keep_covers:
        raise RuleError("that Keep Cover tile is already turned over")
    if player.sites is not None:
        offer = check_site_build(state, event, ctx.ruleset, terms)
        sides, edict_mark = offer.closes, offer.site.edict_mark
    elif event.site is not None:
        raise RuleError("this game was begun before the app knew your Castle Board: name no site")
    else:
        sides = _check_sides(event, player.closed_sides, player.walls + (structure == "wall"))
        edict_mark = event.edict_mark
    tiles = active_workplaces(state)
    cost = Gains(grain=event.grain, stone=event.stone, augustales=coins)
    player = pay(player, cost, f"the {structure}")
    update: dict[str, object] = {structure + "s": have + 1}
    if event.great:
        update["greats"] = (*player.greats, event.great)
    if event.cover:
        update["keep_covers"] = (*player.keep_covers, event.cover)
    if sides:
        update["closed_sides"] = (*player.closed_sides, *sides)
    if player.sites is not None and event.site is not None:
        update["sites"] = (*player.sites, event.site)
    state = state.model_copy(update={"player": player.model_copy(update=update)})
    port = state.voyage.ports[state.voyage.player].name
    duties = side_obligations(sides, port, "side_bonus")
    duties += workplace_obligations(tiles, "build", structure)
    if event.cover:  # the tile under the Keep is turned over as it is placed
        duties += cover_obligations(event.cover, state, limits)
    if event.great:  # a Great Structure's bonus comes after every other bonus of the Build
        duties += great_obligations(event.great)
    if structure == "keep" or edict_mark:
        another = any(duty.does == "edict" for duty in duties)
        duties.append(space_edict(structure, event.site, another=another))
    name = great_structures()[event.great].name if event.great else structure.capitalize()
    where = f" on {event.site}" if event.site else ""
    line = f"You built a {name}{where} ({structure}s {have + 1}/{most}){_paid(cost)}"
    if terms.waives_build_cost and ctx.first is not None:
        line += f"; no Stone or Grain paid ({ctx.first.source})"
    return state, line, duties


def _great_cost(event: Build, built: tuple[str, ...]) -> int | None:
    """The Augustales the Great Structure adds (0 for a normal one; ``None`` when our data
    lacks its cost)."""
    if event.great is None:
        return 0
    great = great_structures()[event.great]
    if great.structure != event.structure:
        raise RuleError(f"{great.name} is a {great.structure}, not a {event.structure}")
    if event.great in built:
        raise RuleError(f"{great.name} is already built")
    return great.augustales


def _check_sides(
    event: Build, closed: tuple[SideIncome, ...], walls_after: int
) -> tuple[SideIncome, ...]:
    if not event.closes:
        return ()
    if event.structure == "wall" and len(event.closes) > 1:
        raise RuleError("a Wall closes at most one side (the side it stands on)")
    if len(event.closes) > 2:
        raise RuleError("a Tower closes at most the two sides it joins")
    again = [income for income in event.closes if income in closed]
    if again:
        raise RuleError(f"the {again[0]} side is already closed")
    if len(closed) + len(event.closes) > walls_after:
        raise RuleError("each closed side needs its Wall: you have fewer Walls than that")
    return event.closes


# --- Promote --------------------------------------------------------------------------------


def promote(state: GameState, event: Promote, ctx: Context) -> Outcome:
    """Move a Specialist one space; then what it finds there (a Workplace to name, an Edict
    token, cards to draw, a City Bonus tile)."""
    terms, player, limits = _terms(ctx), state.player, ctx.limits
    if event.specialist >= len(player.specialists):
        raise RuleError(f"you have {len(player.specialists)} Specialists")
    first = ctx.first
    if first is not None and first.exclude_specialist == event.specialist:
        raise RuleError("this promotion must move a different Specialist")
    current = player.specialists[event.specialist]
    path = current.path or event.path
    if path is None:
        raise RuleError("choose the path (A, B or C) for a Specialist entering the board")
    if current.path is not None and event.path not in (None, current.path):
        raise RuleError(f"this Specialist is on Path {current.path} and cannot change path")
    length = limits.path_length(path)
    if current.space >= length:
        raise RuleError(f"this Specialist has reached the end of Path {path}")
    if current.space + 1 == length and Specialist(path=path, space=length) in player.specialists:
        raise RuleError(f"another of your Specialists is already in the City of Path {path}")
    grain = check_promote_grain(state, ctx.ruleset, path, current.space + 1, event.grain, terms)
    player = pay(player, Gains(grain=grain), "the promotion")
    moved = Specialist(path=path, space=current.space + 1)
    specialists = list(player.specialists)
    specialists[event.specialist] = moved
    state = state.model_copy(
        update={"player": player.model_copy(update={"specialists": tuple(specialists)})}
    )
    if terms.distinct:
        state = _exclude_in_next(state, ctx, event.specialist)
    state, duties = arrival(state, path, moved.space, ctx)
    text = f"You promoted Specialist {event.specialist + 1} to {moved.describe()}"
    return state, text + _paid(Gains(grain=grain)), duties


def _exclude_in_next(state: GameState, ctx: Context, specialist: int) -> GameState:
    first = ctx.first
    pending = tuple(
        duty.model_copy(update={"exclude_specialist": specialist})
        if first is not None and duty.source == first.source and duty.does == "promote"
        else duty
        for duty in state.pending
    )
    return state.model_copy(update={"pending": pending})


def arrival(
    state: GameState, path: str, space: int, ctx: Context
) -> tuple[GameState, list[Obligation]]:
    """What a Specialist of yours finds on reaching ``space`` of ``path`` (an Edict token
    found there leaves the board)."""
    limits = ctx.limits
    if limits.area(path, space) == "city":
        city = state.board.city(path)
        if city.tiles == ():
            return state, []
        return state, [
            Obligation(
                kind="city_bonus",
                does="city_bonus",
                text=f"Your Specialist reached the City of Path {path}: take its City Bonus tile",
                source=f"City of Path {path}",
                optional=False,
                space=path,
            )
        ]
    entry = state.board.space(path, space)
    if entry.tile is None or not state.board.token_known(entry):
        asks = []
        if entry.tile is None:
            asks.append("which Workplace tile is there")
        if not state.board.token_known(entry):
            asks.append("does it hold an Edict token")
        return state, [
            Obligation(
                kind="name_workplace",
                does="name_workplace",
                text=f"Path {path} space {space}: " + " and ".join(asks) + "?",
                source=f"Workplace {entry.key}",
                optional=False,
                space=entry.key,
            )
        ]
    duties = arrival_obligations(entry, state.player, limits)
    if entry.token:
        board = state.board.with_space(entry.model_copy(update={"token": False}))
        board = board.model_copy(update={"tokens_left": board.tokens_left - 1})
        state = state.model_copy(update={"board": board})
    return state, duties


# --- Summon ---------------------------------------------------------------------------------


def summon(state: GameState, event: SummonAlly, ctx: Context) -> Outcome:
    """Summon the face-up Ally at your port onto a free Ally space of your board."""
    terms, player, limits = _terms(ctx), state.player, ctx.limits
    voyage = state.voyage
    port = voyage.player
    from solo_deck.data.loaders import allies_by_id

    catalogue = allies_by_id()
    ally = catalogue.get(event.ally_id)
    if ally is None:
        raise RuleError(f"there is no Ally with id {event.ally_id!r}")
    if any(catalogue[held].name == ally.name for held in player.allies if held in catalogue):
        raise RuleError(f"{ally.name} is already in your castle (no two identical Allies)")
    spaces = voyage.ports[port].allies
    if event.space >= len(spaces) or not spaces[event.space].face_up:
        raise RuleError(f"there is no face-up Ally to summon in {voyage.ports[port].name}")
    known = spaces[event.space].face_up_id
    if known is not None and known != event.ally_id:
        raise RuleError(f"the Ally in {voyage.ports[port].name} is {ally_name(known)}")
    room = player.ally_spaces(limits)
    if len(player.allies) >= room:
        raise RuleError(
            f"your Player Board hosts {room} Allies ({limits.ally_spaces_start} + "
            f"{limits.ally_spaces_per_tower} per Tower built): build a Tower first"
        )
    if terms.free_grain and event.grain:
        raise RuleError("this Summon costs no Grain")
    instead = terms.augustales_instead
    if instead is not None and (event.grain or event.augustales != instead):
        raise RuleError(f"this Summon costs {instead} Augustales and no Grain")
    if instead is None and event.augustales:
        raise RuleError("a Summon is paid in Grain")
    owed = summon_cost(state, ctx.ruleset, terms, event.space)
    paid = Gains(grain=event.grain, augustales=event.augustales)
    if owed is not None and paid != owed:
        where = voyage.ports[port].name
        printed = owed.describe(sign="") if not owed.empty else "nothing"
        raise RuleError(
            f"the Ally space in {where} costs you {printed} here (discounts counted), "
            f"not {paid.describe(sign='') if not paid.empty else 'nothing'}"
        )
    marked = event.edict_mark
    if marked is None:  # the Player Board data decides (no board: no mark)
        marked = bool(summon_marks_edict(state, ctx.ruleset))
    if marked and player.marked_allies >= limits.marked_ally_spaces:
        raise RuleError("your board's marked Ally space already holds an Ally")
    tiles = active_workplaces(state)
    cost = Gains(grain=event.grain, augustales=event.augustales)
    player = pay(player, cost, "the Summon")
    voyage, _ = voyage.take_ally(port, event.space)
    player = player.model_copy(
        update={
            "allies": (*player.allies, event.ally_id),
            "marked_allies": player.marked_allies + int(marked),
        }
    )
    duties = workplace_obligations(tiles, "summon")
    if marked:
        duties.append(
            edict_to_issue(
                "Your Ally stands on the marked space: issue an Edict", "marked Ally space"
            )
        )
    new_state = state.model_copy(update={"player": player, "voyage": voyage})
    return (
        new_state,
        (f"You summoned {ally_name(event.ally_id)} in {voyage.ports[port].name}{_paid(cost)}"),
        duties,
    )


# --- Purchase -------------------------------------------------------------------------------


def buy(state: GameState, event: BuyCard, ctx: Context) -> Outcome:
    """Purchase the Advanced card at your port: pay, use its effect at once if you like,
    then take it into your hand."""
    terms, player = _terms(ctx), state.player
    voyage = state.voyage
    port = voyage.player
    spaces = voyage.ports[port].cards
    name = voyage.ports[port].name
    if event.space >= len(spaces) or not spaces[event.space].present:
        raise RuleError(f"there is no Advanced card to buy in {name}")
    lying = spaces[event.space].card_id
    if lying is not None and lying != event.card_id:
        raise RuleError(f"the card in {name} is {lying}, not {event.card_id}")
    card = advanced_cards_by_id().get(event.card_id)
    if card is None:
        raise RuleError(f"{event.card_id} is not an Advanced card (A1–A16, B1–B16)")
    if event.card_id in player.advanced_cards:
        raise RuleError(f"you already own {event.card_id}")
    owned = player.advanced_cards
    if card.cost.augustales is not None:
        off = workplace_discount(state, "purchase") + terms.discount
        due = max(0, card.cost.augustales - off.augustales)
        if event.augustales is not None and event.augustales != due:
            raise RuleError(f"{card.id} costs {due} Augustales now, not {event.augustales}")
        if event.removes is not None:
            raise RuleError(f"{card.id} is paid in Augustales, not with a card")
        cost = Gains(augustales=due)
        how = _paid(cost)
    else:
        if event.augustales:
            raise RuleError(f"{card.id} is paid by removing one of your Action cards")
        removed = event.removes
        house_ids = {c.id for c in house_cards_of(player.house)}
        if removed is None or (removed not in owned and removed not in house_ids):
            raise RuleError(
                f"{card.id} costs one of your Action cards (from hand or discard pile): "
                "name the card you removed from the game"
            )
        owned = tuple(c for c in owned if c != removed)
        cost = Gains()
        pile = "your hand" if event.from_hand else "your discard pile"
        how = f", removed {removed} from the game (it came from {pile})"
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
    return new_state, f"You bought {card.id} in {name}{how}", duties


# --- the Market -------------------------------------------------------------------------------


def visit_market(state: GameState, event: VisitMarket, ctx: Context) -> Outcome:
    """Sell and/or buy once at your port's Market (a Workplace may add one trade)."""
    voyage, board = state.voyage, state.board
    port = voyage.player
    name = voyage.ports[port].name
    known = board.markets[port] if port < len(board.markets) else None
    if known is not None and event.rates is not None and event.rates != known:
        raise RuleError(f"the Market in {name} is known: {known.describe()} (correct it with Fix)")
    tile = known or event.rates
    if tile is None:
        raise RuleError(f"first visit to the Market in {name}: tell what its tile shows")
    if known is None:
        board = board.with_market(port, tile)
    tiles = active_workplaces(state)
    trades = market_trades(state)
    if event.sells + event.buys == 0:
        raise RuleError("sell, buy or both (or decline the visit)")
    if (
        event.sells > trades.sells
        or event.buys > trades.buys
        or (event.sells + event.buys > trades.total)
    ):
        more = " and one more of either" if trades.total > 2 else ""
        raise RuleError(f"a Market visit is one sale and one purchase{more}")
    if event.sells and tile.sell is None:
        raise RuleError(f"the Market in {name} buys nothing from you")
    if event.buys and tile.buy is None:
        raise RuleError(f"the Market in {name} sells you nothing")
    player = state.player
    parts = []
    if event.sells and tile.sell is not None:
        trade = tile.sell
        given = Gains(**{trade.resource: trade.amount * event.sells})
        coins = Gains(augustales=trade.augustales * event.sells)
        player = receive(pay(player, given, "the sale"), coins)
        parts.append(f"sold {given.describe(sign='')} for {coins.describe(sign='')}")
    if event.buys and tile.buy is not None:
        trade = tile.buy
        price = Gains(augustales=trade.augustales * event.buys)
        bought = Gains(**{trade.resource: trade.amount * event.buys})
        player = receive(pay(player, price, "the purchase"), bought)
        parts.append(f"bought {bought.describe(sign='')} for {price.describe(sign='')}")
    duties = workplace_obligations(tiles, "market")
    new_state = state.model_copy(update={"player": player, "board": board})
    return new_state, f"Market in {name}: " + " and ".join(parts), duties
