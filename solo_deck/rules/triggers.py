"""What an action triggers: the obligations each rule adds, worded for the table.

Each function returns obligations in the order the rules resolve them; the caller puts them
before whatever was already pending (see :mod:`solo_deck.rules.follow_through`).
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import Any

from solo_deck.data.loaders import (
    advanced_cards_by_id,
    great_structures,
    house_cards_by_id,
    keep_covers,
    side_incomes,
    workplace_tiles,
)
from solo_deck.data.names import card_name
from solo_deck.model.board import WorkplaceSpace
from solo_deck.model.castle import SideIncome
from solo_deck.model.gains import NO_GAINS, Gains
from solo_deck.model.grants import Grant, GrantedAction, structure_term
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.obligations import Obligation, ObligationKind
from solo_deck.model.player import PlayerState
from solo_deck.model.state import GameState
from solo_deck.model.workplaces import WorkplaceTile
from solo_deck.rules.build_lines import built_edict, marked_again
from solo_deck.rules.effects import describe_action, describe_grant
from solo_deck.text import named, t, tn


def card_grant(card_id: str, state: GameState) -> Grant | None:
    """The effect of a House or Advanced card: from our data, or as you told it."""
    advanced = advanced_cards_by_id().get(card_id)
    if advanced is not None:
        return advanced.grant
    house = house_cards_by_id().get(card_id)
    if house is None:
        return None
    if house.grant.unknown:
        return state.board.card_effect(card_id) or house.grant
    return house.grant


# --- grants -------------------------------------------------------------------------------


def action_obligations(
    steps: tuple[GrantedAction, ...], kind: ObligationKind, source: str
) -> list[Obligation]:
    """One obligation per step (a step with ``count`` promotions or edicts gives that many;
    cards to draw are one obligation)."""
    duties: list[Obligation] = []
    for step in steps:
        if step.action == "draw":
            duties.append(
                Obligation(
                    kind="draw_cards",
                    does="resolve",
                    text=tn(
                        "{source}: draw {n} card",
                        "{source}: draw {n} cards",
                        step.count,
                        source=source,
                    ),
                    source=source,
                    count=step.count,
                    optional=step.optional,
                )
            )
            continue
        does = "edict" if step.action == "issue_edict" else step.action
        single = step.model_copy(update={"count": 1})
        for _ in range(step.count):
            duties.append(
                Obligation(
                    kind="issue_edict" if does == "edict" else kind,
                    does=does,
                    text=t("{source}: {duty}", source=source, duty=describe_action(single)),
                    source=source,
                    terms=step.terms,
                    optional=step.optional and does != "edict",
                )
            )
    return duties


def grant_obligations(
    grant: Grant, kind: ObligationKind, source: str, *, confirm: bool
) -> list[Obligation]:
    """The obligations of an effect. Its gain part becomes one obligation: ``auto`` when it
    is plain numbers and ``confirm`` is False, else one to resolve (with your choices, or a
    key to confirm). Its actions follow once the gain part is resolved."""
    if grant.unknown or (grant.has_gain_part and (confirm or grant.needs_choice)):
        return [
            Obligation(
                kind=kind,
                does="resolve",
                text=t("{source}: {duty}", source=source, duty=describe_grant(grant)),
                source=source,
                grant=grant,
                optional=True,
            )
        ]
    duties = [auto_gains(kind, source, grant.gain)] if grant.has_gain_part else []
    return duties + action_obligations(grant.actions, kind, source)


def auto_gains(kind: ObligationKind, source: str, gains: Gains) -> Obligation:
    """Plain numbers the engine applies by itself, told as ``<source>: <gains>``.

    >>> auto_gains("side_bonus", "Stone side", Gains(stone=1)).text
    'Stone side: +1 Stone'
    """
    return Obligation(
        kind=kind,
        does="auto",
        text=t("{source}: {gains}", source=source, gains=gains.describe()),
        source=source,
        gains=gains,
    )


def edict_to_issue(text: str, source: str) -> Obligation:
    """An Edict you must issue (a marked space, a token): it cannot be declined."""
    return Obligation(kind="issue_edict", does="edict", text=text, source=source, optional=False)


def card_obligations(card_id: str, grant: Grant, how: str) -> list[Obligation]:
    """A card played face up or just bought: its effect, offered to confirm (``how`` is
    ``played`` or ``bought``)."""
    name = card_name(card_id)
    source = t("{card} played", card=name) if how == "played" else t("{card} bought", card=name)
    duties = grant_obligations(grant, "card_effect", source, confirm=True)
    return [duty.model_copy(update={"card_id": card_id}) for duty in duties]


_MAIN_ACTION_PROMPTS = {
    "promote": t("Promote a Specialist"),
    "market": t("Visit the Market"),
    "build": t("Build a Structure"),
    "summon": t("Summon an Ally"),
    "purchase": t("Buy an Advanced card"),
}
"""The main action of a face-down card, as the first words of its prompt."""


def main_action_obligation(action: str, slot: int) -> Obligation:
    """The main action of a card played face down."""
    step = GrantedAction(action=action)
    return Obligation(
        kind="main_action",
        does=action,
        text=t(
            "{action} (your face-down card in slot {slot})",
            action=_MAIN_ACTION_PROMPTS.get(action) or _first_upper(describe_action(step)),
            slot=slot + 1,
        ),
        source=t("slot {slot}", slot=slot + 1),
    )


# --- Workplaces ---------------------------------------------------------------------------


def active_workplaces(state: GameState) -> list[WorkplaceTile]:
    """The Workplace abilities you use now: the tiles under at least one of your
    Specialists (known tiles only; one Specialist is enough, more add nothing)."""
    specialists, workplaces = state.player.specialists, state.board.workplaces
    if _ACTIVE and _ACTIVE[0] is specialists and _ACTIVE[1] is workplaces:
        return list(_ACTIVE[2])  # asked again of the same pieces (states share them)
    catalogue = workplace_tiles()
    seen: dict[str, WorkplaceTile] = {}
    for specialist in specialists:
        if specialist.path is None:
            continue
        for entry in workplaces:
            if (entry.path, entry.space) == (specialist.path, specialist.space) and entry.tile:
                seen.setdefault(entry.tile, catalogue[entry.tile])
    _ACTIVE[:] = [specialists, workplaces, tuple(seen.values())]
    return list(seen.values())


_ACTIVE: list[Any] = []
"""The Specialists and the Workplace spaces last asked about, and their abilities."""


def workplace_discount(state: GameState, trigger: str, structure: str | None = None) -> Gains:
    """What your Workplaces take off an action's cost."""
    total = NO_GAINS
    for tile in active_workplaces(state):
        if _acts(tile, trigger, structure):
            total = total + tile.effect.discount
    return total


def _acts(tile: WorkplaceTile, trigger: str, structure: str | None) -> bool:
    if trigger == "build":
        return tile.effect.acts_on_build(structure or "")
    return tile.effect.trigger == trigger


def workplace_obligations(
    tiles: list[WorkplaceTile], trigger: str, structure: str | None = None
) -> list[Obligation]:
    """The benefits of the Workplaces you stood on when the action began."""
    duties = []
    for tile in tiles:
        effect = tile.effect
        if not _acts(tile, trigger, structure):
            continue
        if not effect.gain.empty:
            duties.append(auto_gains("workplace_bonus", tile.label, effect.gain))
        if effect.resource_choice:
            n = effect.resource_choice
            duties.append(
                Obligation(
                    kind="workplace_bonus",
                    does="resolve",
                    text=t(
                        "{tile}: take {n} Grain or Stone",
                        tile=named(tile.label, "workplace tile"),
                        n=n,
                    ),
                    source=tile.label,
                    grant=Grant(resource_choice=n),
                )
            )
    return duties


def arrival_obligations(
    entry: WorkplaceSpace, player: PlayerState, limits: PlayerLimits
) -> list[Obligation]:
    """A Specialist reached a Workplace whose tile and token are known: the token's Edict
    (first arrival only), then the tile's cards to draw."""
    duties = []
    if entry.token:
        duties.append(
            edict_to_issue(
                t(
                    "Edict token on {key}: issue an Edict (the token leaves the game)",
                    key=entry.key,
                ),
                t("Edict token {key}", key=entry.key),
            )
        )
    tile = workplace_tiles()[entry.tile] if entry.tile else None
    if tile is not None and tile.effect.draw:
        n = tile.effect.draw
        hand = limits.hand_size + hand_bonus(player)
        duties.append(
            Obligation(
                kind="draw_cards",
                does="resolve",
                text=tn(
                    "{tile}: draw {n} card (your hand size is {hand} while a Specialist "
                    "stays there)",
                    "{tile}: draw {n} cards (your hand size is {hand} while a Specialist "
                    "stays there)",
                    n,
                    tile=named(tile.label, "workplace tile"),
                    hand=hand + tile.effect.hand_size,
                ),
                source=tile.label,
                count=n,
                optional=False,  # the tile says to draw at once: nothing to decline
            )
        )
    return duties


def hand_bonus(player: PlayerState) -> int:
    """Hand size from Keep covers (Workplaces are added by :func:`hand_size`)."""
    covers = keep_covers()
    return sum(covers[c].hand_size for c in player.keep_covers)


def hand_size(state: GameState, limits: PlayerLimits) -> int:
    """Your hand size now: the standard hand, plus Keep covers, plus Workplaces you
    stand on."""
    workplaces = sum(tile.effect.hand_size for tile in active_workplaces(state))
    return limits.hand_size + hand_bonus(state.player) + workplaces


# --- building -------------------------------------------------------------------------------


def side_obligations(
    closes: tuple[SideIncome, ...], port_name: str, kind: ObligationKind
) -> list[Obligation]:
    """The bonus of each side closed (or each closed side at the End Phase)."""
    rules = side_incomes()
    duties = []
    for income in closes:
        rule = rules[income]
        if rule.market:
            duties.append(
                Obligation(
                    kind=kind,
                    does="market",
                    text=t(
                        "Market side: visit the Market in {port}", port=named(port_name, "port")
                    ),
                    source=t("Market side"),
                )
            )
        else:
            duties.append(auto_gains(kind, t("{side} side", side=rule.name), rule.gains))
    return duties


def great_obligations(great_id: str) -> list[Obligation]:
    """A Great Structure's bonus."""
    great = great_structures()[great_id]
    name = named(great.name, "structure")
    return grant_obligations(great.bonus, "great_structure_bonus", name, confirm=False)


def cover_obligations(cover_id: str, state: GameState, limits: PlayerLimits) -> list[Obligation]:
    """A Keep cover turned over: cards to draw, or a note of the ability gained."""
    cover = keep_covers()[cover_id]
    if cover.draw:
        hand = hand_size(state, limits)
        return [
            Obligation(
                kind="keep_cover",
                does="resolve",
                text=t(
                    "Keep cover: draw {n} cards (your hand size is now {hand})",
                    n=cover.draw,
                    hand=hand,
                ),
                source=t("Keep cover"),
                count=cover.draw,
                optional=False,  # the cover says to draw at once: nothing to decline
            )
        ]
    if cover.unlocks_slot:
        text = t(
            "Keep cover: take the Card Slot tile off — {n} cards a round from now on",
            n=limits.usable_slots(True),
        )
    else:
        text = t("Keep cover: from your next turn a face-down card gives both of its main actions")
    return [Obligation(kind="keep_cover", does="auto", text=text, source=t("Keep cover"))]


def space_edict(structure: str, site: str | None = None, *, another: bool = False) -> Obligation:
    """The Edict of a marked building site (every Keep's is marked). ``another``: the
    same Build owes an Edict before it (Great Wall A's), so this one says it is a second
    Edict, and why.

    >>> space_edict("wall", "W4", another=True).text
    "W4's marked space: another Edict (Active I, II or III)"
    """
    source = t("{structure} site", structure=structure_term(structure))
    if another and site:
        return edict_to_issue(
            t("{site}'s marked space: another Edict (Active I, II or III)", site=site), source
        )
    if another:
        return edict_to_issue(marked_again(structure), source)
    return edict_to_issue(built_edict(structure), source)


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]
