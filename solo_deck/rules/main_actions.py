"""Three of the five main actions: Build, Promote and Summon (Purchase and the Market are
in :mod:`solo_deck.rules.trade_actions`).

Each is taken when a pending obligation calls for it (a face-down card, a card's effect, a
bonus). Costs the data knows are checked (a Great Structure's Augustales, a card's price,
an effect's terms); costs only the board knows (a castle space, an Ally's spot, a path's
arrow) are taken as you give them. What the action triggers comes back in the rules' order.
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.data.loaders import great_structures
from solo_deck.data.names import ally_name
from solo_deck.errors import RuleError
from solo_deck.events import Build, Promote, SummonAlly
from solo_deck.model.castle import SideIncome
from solo_deck.model.gains import Gains
from solo_deck.model.grants import ActionTerms
from solo_deck.model.obligations import Obligation
from solo_deck.model.player import Specialist
from solo_deck.model.state import GameState
from solo_deck.rules.build_lines import (
    all_built,
    built_line,
    not_of_kind,
    only_kind,
    paid_for,
    side_closed,
)
from solo_deck.rules.castle_sites import check_site_build
from solo_deck.rules.context import Context, Outcome
from solo_deck.rules.follow_through import pay
from solo_deck.rules.summon_cost import summon_cost, summon_marks_edict
from solo_deck.rules.triggers import (
    active_workplaces,
    arrival_obligations,
    cover_obligations,
    edict_to_issue,
    great_obligations,
    side_obligations,
    space_edict,
    workplace_obligations,
)
from solo_deck.rules.workplace_area import check_promote_grain
from solo_deck.text import Text, joined, named, t


def _terms(ctx: Context) -> ActionTerms:
    return ctx.first.terms if ctx.first is not None else ActionTerms()


def with_cost(line: Text, cost: Gains) -> Text:
    """``line``, with what it cost when it cost something (``…, paid 2 Stone``)."""
    if cost.empty:
        return line
    return t("{action}, paid {cost}", action=line, cost=cost.describe(sign=""))


# --- Build ----------------------------------------------------------------------------------


def build(state: GameState, event: Build, ctx: Context) -> Outcome:
    """Build a Structure; then its side bonus, Workplace benefits, Great Structure bonus,
    Keep cover and the Edict of its space, in that order."""
    terms, player, limits = _terms(ctx), state.player, ctx.limits
    structure = event.structure
    if terms.structure is not None and structure != terms.structure:
        raise RuleError(only_kind(terms.structure))
    have, most = player.built(structure), limits.castle_max(structure)
    if have >= most:
        raise RuleError(all_built(structure, most))
    instead = terms.augustales_instead
    if instead is not None and (event.grain or event.stone):
        raise RuleError(
            t(
                "this Build is paid with {instead} Augustales instead of Stone and Grain",
                instead=instead,
            )
        )
    if terms.free_resources and (event.grain or event.stone):
        raise RuleError(t("this Build costs no Stone or Grain"))
    great_cost = _great_cost(event, player.greats)
    if great_cost is None:  # a cost our data lacks: what you paid is the cost
        if event.augustales is None:
            raise RuleError(t("type the Augustales this Great Structure costs (see your board)"))
        coins = event.augustales
    else:
        coins = great_cost + (instead or 0)
        if event.augustales is not None and event.augustales != coins:
            raise RuleError(
                t(
                    "this Build costs {coins} Augustales, not {augustales}",
                    coins=coins,
                    augustales=event.augustales,
                )
            )
    if event.cover is not None and event.cover in player.keep_covers:
        raise RuleError(t("that Keep Cover tile is already turned over"))
    if player.sites is not None:
        offer = check_site_build(state, event, ctx.ruleset, terms)
        sides, edict_mark = offer.closes, offer.site.edict_mark
    elif event.site is not None:
        raise RuleError(
            t("this game was begun before the app knew your Castle Board: name no site")
        )
    else:
        sides = _check_sides(event, player.closed_sides, player.walls + (structure == "wall"))
        edict_mark = event.edict_mark
    tiles = active_workplaces(state)
    cost = Gains(grain=event.grain, stone=event.stone, augustales=coins)
    player = pay(player, cost, paid_for(structure))
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
    great = named(great_structures()[event.great].name, "structure") if event.great else None
    line = with_cost(built_line(structure, great, event.site, have + 1, most), cost)
    if terms.waives_build_cost and ctx.first is not None:
        line = t(
            "{action}; no Stone or Grain paid ({source})", action=line, source=ctx.first.source
        )
    return state, line, duties


def _great_cost(event: Build, built: tuple[str, ...]) -> int | None:
    """The Augustales the Great Structure adds (0 for a normal one; ``None`` when our data
    lacks its cost)."""
    if event.great is None:
        return 0
    great = great_structures()[event.great]
    if great.structure != event.structure:
        raise RuleError(not_of_kind(great.name, great.structure, event.structure))
    if event.great in built:
        raise RuleError(t("{great} is already built", great=named(great.name, "structure")))
    return great.augustales


def _check_sides(
    event: Build, closed: tuple[SideIncome, ...], walls_after: int
) -> tuple[SideIncome, ...]:
    if not event.closes:
        return ()
    if event.structure == "wall" and len(event.closes) > 1:
        raise RuleError(t("a Wall closes at most one side (the side it stands on)"))
    if len(event.closes) > 2:
        raise RuleError(t("a Tower closes at most the two sides it joins"))
    again = [income for income in event.closes if income in closed]
    if again:
        raise RuleError(side_closed(again[0]))
    if len(closed) + len(event.closes) > walls_after:
        raise RuleError(t("each closed side needs its Wall: you have fewer Walls than that"))
    return event.closes


# --- Promote --------------------------------------------------------------------------------


def promote(state: GameState, event: Promote, ctx: Context) -> Outcome:
    """Move a Specialist one space; then what it finds there (a Workplace to name, an Edict
    token, cards to draw, a City Bonus tile)."""
    terms, player, limits = _terms(ctx), state.player, ctx.limits
    if event.specialist >= len(player.specialists):
        raise RuleError(t("you have {n} Specialists", n=len(player.specialists)))
    first = ctx.first
    if first is not None and first.exclude_specialist == event.specialist:
        raise RuleError(t("this promotion must move a different Specialist"))
    current = player.specialists[event.specialist]
    path = current.path or event.path
    if path is None:
        raise RuleError(t("choose the path (A, B or C) for a Specialist entering the board"))
    if current.path is not None and event.path not in (None, current.path):
        raise RuleError(
            t("this Specialist is on Path {path} and cannot change path", path=current.path)
        )
    length = limits.path_length(path)
    if current.space >= length:
        raise RuleError(t("this Specialist has reached the end of Path {path}", path=path))
    if current.space + 1 == length and Specialist(path=path, space=length) in player.specialists:
        raise RuleError(
            t("another of your Specialists is already in the City of Path {path}", path=path)
        )
    grain = check_promote_grain(state, ctx.ruleset, path, current.space + 1, event.grain, terms)
    player = pay(player, Gains(grain=grain), t("the promotion"))
    moved = Specialist(path=path, space=current.space + 1)
    specialists = list(player.specialists)
    specialists[event.specialist] = moved
    state = state.model_copy(
        update={"player": player.model_copy(update={"specialists": tuple(specialists)})}
    )
    if terms.distinct:
        state = _exclude_in_next(state, ctx, event.specialist)
    state, duties = arrival(state, path, moved.space, ctx)
    text = t(
        "You promoted Specialist {n} to {space}", n=event.specialist + 1, space=moved.describe()
    )
    return state, with_cost(text, Gains(grain=grain)), duties


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
                text=t(
                    "Your Specialist reached the City of Path {path}: take its City Bonus tile",
                    path=path,
                ),
                source=t("City of Path {path}", path=path),
                optional=False,
                space=path,
            )
        ]
    entry = state.board.space(path, space)
    if entry.tile is None or not state.board.token_known(entry):
        asks = []
        if entry.tile is None:
            asks.append(t("which Workplace tile is there"))
        if not state.board.token_known(entry):
            asks.append(t("does it hold an Edict token"))
        return state, [
            Obligation(
                kind="name_workplace",
                does="name_workplace",
                text=t(
                    "Path {path} space {space}: {questions}?",
                    path=path,
                    space=space,
                    questions=joined(asks, " and "),
                ),
                source=t("Workplace {key}", key=entry.key),
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
        raise RuleError(t("there is no Ally with id {ally_id!r}", ally_id=event.ally_id))
    if any(catalogue[held].name == ally.name for held in player.allies if held in catalogue):
        raise RuleError(
            t("{ally} is already in your castle (no two identical Allies)", ally=ally.name)
        )
    spaces = voyage.ports[port].allies
    if event.space >= len(spaces) or not spaces[event.space].face_up:
        raise RuleError(
            t("there is no face-up Ally to summon in {port}", port=voyage.ports[port].name)
        )
    known = spaces[event.space].face_up_id
    if known is not None and known != event.ally_id:
        raise RuleError(
            t(
                "the Ally in {port} is {ally_name}",
                port=voyage.ports[port].name,
                ally_name=ally_name(known),
            )
        )
    room = player.ally_spaces(limits)
    if len(player.allies) >= room:
        raise RuleError(
            t(
                "your Player Board hosts {room} Allies ({ally_spaces_start} + "
                "{ally_spaces_per_tower} per Tower built): build a Tower "
                "first",
                room=room,
                ally_spaces_start=limits.ally_spaces_start,
                ally_spaces_per_tower=limits.ally_spaces_per_tower,
            )
        )
    if terms.free_grain and event.grain:
        raise RuleError(t("this Summon costs no Grain"))
    instead = terms.augustales_instead
    if instead is not None and (event.grain or event.augustales != instead):
        raise RuleError(t("this Summon costs {instead} Augustales and no Grain", instead=instead))
    if instead is None and event.augustales:
        raise RuleError(t("a Summon is paid in Grain"))
    owed = summon_cost(state, ctx.ruleset, terms, event.space)
    paid = Gains(grain=event.grain, augustales=event.augustales)
    if owed is not None and paid != owed:
        where = voyage.ports[port].name
        printed = owed.describe(sign="") if not owed.empty else "nothing"
        raise RuleError(
            t(
                "the Ally space in {where} costs you {printed} here "
                "(discounts counted), not {paid}",
                where=where,
                printed=printed,
                paid=paid.describe(sign="") if not paid.empty else "nothing",
            )
        )
    marked = event.edict_mark
    if marked is None:  # the Player Board data decides (no board: no mark)
        marked = bool(summon_marks_edict(state, ctx.ruleset))
    if marked and player.marked_allies >= limits.marked_ally_spaces:
        raise RuleError(t("your board's marked Ally space already holds an Ally"))
    tiles = active_workplaces(state)
    cost = Gains(grain=event.grain, augustales=event.augustales)
    player = pay(player, cost, t("the Summon"))
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
                t("Your Ally stands on the marked space: issue an Edict"), "marked Ally space"
            )
        )
    new_state = state.model_copy(update={"player": player, "voyage": voyage})
    return (
        new_state,
        with_cost(
            t(
                "You summoned {ally} in {port}",
                ally=ally_name(event.ally_id),
                port=named(voyage.ports[port].name, "port"),
            ),
            cost,
        ),
        duties,
    )
