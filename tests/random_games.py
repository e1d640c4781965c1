"""Random legal solo games for property tests: plausible events of every type for a state
(:func:`candidates`), and seeded walks through allowed events (:func:`walk`). Shared by the
engine's and the app's tests.

Unlike the engine's own generator (``SoloGame.legal_moves``, which lists only what it
accepts), :func:`candidates` offers events of every type, refused ones included, so the
gate's properties can be checked both ways: an allowed type accepts one of them, a refused
type none."""

from __future__ import annotations

import random
from collections.abc import Callable

from solo_deck import GameSetup, RuleError, SoloGame, load_default_deck, parse_edict
from solo_deck import events as ev
from solo_deck.data.loaders import (
    advanced_cards_by_id,
    great_structures,
    house_cards_of,
    workplace_tiles,
)
from solo_deck.model.board import MarketTile, Trade
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.state import GameState, Phase
from solo_deck.queries import hand
from solo_deck.rules.card_slots import slot_actions
from solo_deck.rules.castle_sites import site_offers
from solo_deck.rules.effects import default_choice
from solo_deck.rules.hand import cards_owned, pool
from solo_deck.rules.legal.hidden import removal_options
from solo_deck.rules.summon_cost import summon_cost

SKIPPED = {"gain", "correct", "name_ally", "name_card"}
"""Always allowed corrections: not generated (they would let a walk set anything)."""
MARKET = MarketTile(
    sell=Trade(resource="grain", amount=1, augustales=3),
    buy=Trade(resource="stone", amount=1, augustales=2),
)
OTHER_MARKETS = (
    MarketTile(sell=Trade(resource="stone", amount=1, augustales=2)),
    MarketTile(buy=Trade(resource="grain", amount=1, augustales=0)),
)
"""Tiles a first visit may show: with an unknown tile, some tile always allows a trade."""
BOARD_CHECKS = (
    ("castle_board", "T2.cost", "2 stone"),
    ("voyage_board", "port1.space1", "1"),
    ("workplace_area", "arrow.A1", "1"),
    ("player_board", "marked_ally_space", "2"),
    ("castle_board", "W1.joins", "T1 T3"),  # the shape: refused mid-game
)
"""Board values a walk may tell mid-game."""


def candidates(game: SoloGame) -> dict[str, list[ev.Event]]:
    """Plausible events of every type for the current state (several per type where the
    choice matters)."""
    state = game.state
    player, voyage = state.player, state.voyage
    first = state.obligation
    out: dict[str, list[ev.Event]] = {kind: [] for kind in ev.EVENT_TYPES if kind not in SKIPPED}
    out["frederick_turn"] = [ev.FrederickTurn()]
    out["pass"] = [ev.Pass()]
    out["travel"] = [ev.Travel(port=p) for p in range(len(voyage.ports))]
    for slot in range(6):
        for action in ("build", "promote", "summon", "purchase", "market"):
            out["play_card"].append(ev.PlayCard(slot=slot, face_up=False, actions=(action,)))
        both = slot_actions(slot, game.ruleset)
        if len(both) == 2:  # the slot's two actions, taken together with the Keep cover
            out["play_card"].append(ev.PlayCard(slot=slot, face_up=False, actions=both))
        for card in [c.id for c in house_cards_of(player.house)] + list(player.advanced_cards):
            effect = Grant(gain=Gains(vp=1)) if card.startswith("di-romano") else None
            out["play_card"].append(
                ev.PlayCard(slot=slot, face_up=True, card_id=card, effect=effect)
            )
    out["build"] = build_candidates(game)
    for index in range(len(player.specialists)):
        out["promote"] += [ev.Promote(specialist=index, path=p) for p in ("A", "B", "C")]
        out["promote"].append(ev.Promote(specialist=index))
    here = voyage.ports[voyage.player]
    for space, ally_space in enumerate(here.allies):
        owed = summon_cost(state, game.ruleset, first.terms if first else None, space)
        named = ally_space.face_up_id
        for ally_id in [named] if named else ["tento", "gisela", "castellan"]:
            out["summon_ally"].append(ev.SummonAlly(ally_id=ally_id, space=space))
            out["summon_ally"].append(ev.SummonAlly(ally_id=ally_id, space=space, augustales=3))
            if owed is not None:  # what the Ally space costs you on the board
                paid = ev.SummonAlly(
                    ally_id=ally_id, space=space, grain=owed.grain, augustales=owed.augustales
                )
                out["summon_ally"].append(paid)
    for space, card_space in enumerate(here.cards):
        lying = card_space.card_id
        for card_id in [lying] if lying else ["A1", "A3", "B16"]:
            data = advanced_cards_by_id()[card_id]
            if not data.cost.action_card:
                out["buy_card"].append(ev.BuyCard(space=space, card_id=card_id))
                continue
            options = removal_options(state)  # the engine's: a card in hand or discard pile
            for from_hand in (False, True):
                removes = next((c for c, h in options if h == from_hand), "common-grain")
                buy = ev.BuyCard(space=space, card_id=card_id, removes=removes, from_hand=from_hand)
                out["buy_card"].append(buy)
    market_known = state.board.markets[voyage.player] is not None
    tiles = [None] if market_known else [MARKET, *OTHER_MARKETS]
    out["visit_market"] = [
        ev.VisitMarket(sells=s, buys=b, rates=rates)
        for rates in tiles
        for s, b in ((1, 0), (0, 1), (1, 1))
    ]
    for slot, tile in enumerate(state.edicts.active):
        if tile is None:
            continue
        for choice in state.palace.legal_player_choices(tile)[:2]:
            refill = next(iter(state.edicts.non_empty_next()), None)
            out["player_edict"].append(ev.PlayerEdict(slot=slot, choice=choice, replacement=refill))
    for slot in range(3):
        reward = state.board.edict_rewards[slot]
        if reward.unknown:
            told = Grant(gain=Gains(augustales=3))
            out["take_edict_reward"].append(
                ev.TakeEdictReward(slot=slot, augustales=3, reward=told)
            )
        else:
            out["take_edict_reward"].append(ev.TakeEdictReward(slot=slot, grain=1))
            out["take_edict_reward"].append(
                ev.TakeEdictReward(slot=slot, **reward.gain.model_dump())
            )
    out["resolve"] = [ev.Resolve()]
    if first is not None and first.grant is not None:
        if first.grant.unknown:
            out["resolve"].append(ev.Resolve(effect=Grant(gain=Gains(vp=1))))
        else:
            prefill = default_choice(first.grant, player, state.palace)
            out["resolve"].append(ev.Resolve.model_validate(prefill))
    out["decline"] = [ev.Decline()]
    if first is not None and first.space and first.does == "name_workplace":
        path, space = first.space[0], int(first.space[1:])
        area = PlayerLimits.from_ruleset(game.ruleset).area(path, space)
        used = {s.tile for s in state.board.workplaces}
        free = [t for t, tile in workplace_tiles().items() if tile.area == area and t not in used]
        placed = state.board.space(path, space).tile
        for token in (False, True):
            out["place_workplace"].append(
                ev.PlaceWorkplace.model_validate(
                    {"path": path, "space": space, "tile": placed or free[0], "token": token}
                )
            )
    out["choose_city_bonus"] = [ev.ChooseCityBonus(tile=t) for t in ("A", "B", "F", None)]
    if first is not None and first.does == "drop":
        extra = first.count
        out["drop_resources"] = [
            ev.DropResources(grain=min(extra, player.grain), stone=extra - min(extra, player.grain))
        ]
    for position in state.edicts.awaiting:
        out["reveal_edict"].append(ev.RevealEdict(position=position, edict=parse_edict("1G")))
    out["name_hand"] = [ev.NameHand(cards=(card,)) for card in sorted(pool(state))]
    out["castle_income"] = [ev.CastleIncome()]
    out["ally_income"] = [ev.ScoreAllyIncome()]
    out["reorganise"] = [ev.Reorganise()]
    out["end_round"] = [ev.EndRound()]
    out["check_board"] = [ev.CheckBoard(board=b, key=k, value=v) for b, k, v in BOARD_CHECKS]
    return out


def build_candidates(game: SoloGame) -> list[ev.Event]:
    """Builds on every site of the board at the cost the engine asks (Great ones too, and
    a few on sites that cannot be built); the old typed Builds in a game without a board."""
    state, ruleset = game.state, game.ruleset
    if state.player.sites is None:
        out: list[ev.Event] = []
        for structure in ("tower", "wall", "keep"):
            covers = ("hand", "slot", "both_actions") if structure == "keep" else (None,)
            out += [ev.Build(structure=structure, cover=cover) for cover in covers]
        out.append(ev.Build(structure="wall", great="great_wall_b"))
        out.append(ev.Build(structure="keep", great="great_keep", cover="hand", augustales=2))
        return out
    terms = state.obligation.terms if state.obligation is not None else None
    out = []
    for offer in site_offers(state, ruleset, terms):
        site = offer.site
        paid = {"grain": offer.cost.grain, "stone": offer.cost.stone}
        out.append(ev.Build(structure=site.kind, site=site.id, cover=site.cover, **paid))
        if terms is not None and terms.mixed_resources:  # any mix: Grain first
            total = offer.cost.grain + offer.cost.stone
            grain = min(state.player.grain, total)
            mixed = {"grain": grain, "stone": total - grain}
            out.append(ev.Build(structure=site.kind, site=site.id, cover=site.cover, **mixed))
        greats = [g for g in great_structures().values() if g.structure == site.kind]
        for great in greats[:1]:
            coins = None if great.augustales is not None else 2
            out.append(
                ev.Build(
                    structure=site.kind,
                    site=site.id,
                    cover=site.cover,
                    great=great.id,
                    augustales=coins,
                    **paid,
                )
            )
    return out


def accepted(game: SoloGame, event: ev.Event) -> bool:
    try:
        game.preview(event)
    except RuleError:
        return False
    return True


def check_state(game: SoloGame) -> None:
    """What must hold of every state an allowed event leads to."""
    state: GameState = game.state
    limits = PlayerLimits.from_ruleset(game.ruleset)
    player = state.player
    assert GameState.model_validate(state.model_dump()) == state
    assert len(player.allies) <= player.ally_spaces(limits)
    assert len(player.played) <= player.usable_slots(limits)
    assert all(card.slot < player.usable_slots(limits) for card in player.played)
    if player.resources > player.storage(limits):
        assert state.obligation is not None and state.obligation.kind == "store_resources"
    first = state.obligation
    if first is not None:
        assert state.phase in (Phase.PLAYER, Phase.END_PHASE)
        assert not first.auto
    if state.card_played:
        assert state.phase is Phase.PLAYER and state.pending
    if state.phase is Phase.FREDERICK:
        assert state.frederick_actions < game.ruleset.rounds.frederick_max_actions.value
    assert player.structures <= 13
    check_castle(game)
    check_hand(game)


def check_hand(game: SoloGame) -> None:
    """A hand that could be held at a real table: never below 0, never more cards than you
    own besides those in your card slots, and refilled to your hand size (or every card you
    own) when a round begins."""
    state = game.state
    if state.hand is None:  # a game saved before the hand was counted
        return
    assert state.hand >= 0
    owned = cards_owned(state)
    assert state.hand + len(state.player.played) <= owned
    if state.phase is Phase.PLAYER and state.player_turns == 0 and not state.card_played:
        assert state.hand >= min(owned, hand(state, game.ruleset))
    if state.hand > 0 and state.phase is Phase.PLAYER and not state.pending:
        assert "pass" not in game.allowed()


def check_castle(game: SoloGame) -> None:
    """A castle that could stand on a real table: each Wall touches a built Tower, each
    closed side is a Wall with both its Towers, below five Towers at most Towers − 1
    sides are closed."""
    player, board = game.state.player, game.ruleset.castle_board
    if player.sites is None or board is None:
        return
    built = player.sites
    for site_id in built:
        site = board.site(site_id)
        if site.joins is not None:
            assert any(tower in built for tower in site.joins), f"{site_id} stands alone"
    closed = board.closed_sides(built)
    assert sorted(player.closed_sides) == sorted(board.site(w).side or "" for w in closed)
    if player.towers < 5:
        assert len(player.closed_sides) <= max(0, player.towers - 1)


def walk(setup: GameSetup, seed: int, steps: int, on_state: Callable[[SoloGame], None]) -> SoloGame:
    """A random game of ``steps`` accepted events, ``on_state`` called on each state."""
    rng = random.Random(seed)
    game = SoloGame(setup)
    for _ in range(steps):
        on_state(game)
        if game.state.game_over:
            break
        allowed = sorted(game.allowed() - SKIPPED)
        if rng.random() > 0.05:  # a board value is told now and then, not at every step
            allowed = [kind for kind in allowed if kind != "check_board"] or allowed
        options = [e for kind in allowed for e in candidates(game)[kind] if accepted(game, e)]
        assert options, f"no accepted event though {allowed} are allowed"
        game.push(rng.choice(options))
        check_state(game)
    return game


def setup_for(seed: int) -> GameSetup:
    tiles = [parse_edict(t) for t in ("2T", "1W 1K", "2G 1A", "1S", "1C", "1P")]
    return GameSetup(
        active_edicts=(tiles[0], tiles[1], tiles[2]),
        next_edicts=(tiles[3], tiles[4], tiles[5]),
        edict_pile=seed % 12,
        seed=seed,
        house=("Savoy", "Wittelsbach", "Di Romano", "Hohenstaufen")[seed % 4],
        deck=load_default_deck(),
        port_allies=("tento", None, "gisela", None, None),
        port_cards=("A1", None, "B16", None, "A11"),
        edict_token_spaces=None if seed % 2 else ("A2", "C1"),
    )
