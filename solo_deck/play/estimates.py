"""What a card played now would be worth, estimated without playing it: the greedy bot's
judgement of a turn's first decision (where to sail, which card, face up or down).

A face-up card is worth its gains (:func:`~solo_deck.play.value.gains_worth`) and the
actions it grants; a face-down card the main action it gives. An action is worth the best
immediate gain it can make now, by the value function of :mod:`solo_deck.play.value`: a
Build the Structure (1 VP at the end) and the income of the sides it closes, less what it
costs; a Summon the Ally's income for the End Phases left, less its Grain; a Purchase the
card's gains now and again later, less its price; a Promote a little, and a City's bonus;
a Market visit its best trade. Every cost and offer comes from the engine's queries.

The estimates answer "which play?" cheaply; the follow-up choices (which site, which Edict)
are judged by the real fold (:mod:`solo_deck.play.greedy`).
"""

# i18n: sentences are Text
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from solo_deck.data.loaders import advanced_cards_by_id, allies_by_id, side_incomes
from solo_deck.errors import RuleError
from solo_deck.events import PlayCard
from solo_deck.model.grants import ActionTerms, Grant
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.moves import Move
from solo_deck.model.player import Specialist
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.play.value import MARKET_SIDE_VP, gains_worth, rounds_left
from solo_deck.queries import card_price
from solo_deck.rules.castle_sites import can_pay, site_offers
from solo_deck.rules.effects import default_choice, grant_gains
from solo_deck.rules.hand import can_remove_a_card
from solo_deck.rules.income import condition_holds
from solo_deck.rules.summon_cost import summon_cost
from solo_deck.rules.triggers import card_grant
from solo_deck.rules.workplace_area import can_pay_arrow

NOTHING = 0.0
CARD_DRAWN = 0.25
"""A card drawn: one more play this round, at a modest guess."""
EDICT_ISSUED = 0.5
"""An Edict issued: its reward and a nudge to Frederick's palace."""
PROMOTION = 0.5
"""A Specialist's step: a Workplace's ability, at a modest guess."""
KEEP_COVER = 1.0
"""A Keep Cover's ability, per End Phase left (a card more each round, or two actions)."""
LATER_USES = 0.5
"""How often a bought card is played again per round left."""


PLAIN = ActionTerms()
"""A main action as the Player Board gives it (no effect's terms)."""
PORT_ACTIONS = frozenset({"summon", "purchase", "market"})
"""The actions whose worth depends on your ship's port."""

PlayKey = tuple[bool, str | None, tuple[str, ...]]
"""What a play plays, whatever its slot: face up or down, the card (face up), the actions."""


def play_key(event: PlayCard) -> PlayKey:
    """``event`` without its slot (and, face down, without its card)."""
    return event.face_up, event.card_id if event.face_up else None, event.actions


def played(move: Move) -> PlayCard:
    """The card play ``move`` makes (it must make one)."""
    assert isinstance(move.event, PlayCard)
    return move.event


def distinct_plays(plays: Sequence[Move]) -> dict[PlayKey, Move]:
    """The first move of each distinct play among ``plays`` (card plays only)."""
    distinct: dict[PlayKey, Move] = {}
    for move in plays:
        distinct.setdefault(play_key(played(move)), move)
    return distinct


@dataclass
class Estimates:
    """The estimates of one state's plays, each action and card worked out once."""

    state: GameState
    ruleset: Ruleset
    _actions: dict[tuple[str, int], tuple[ActionTerms, float]] = field(default_factory=dict)
    _plays: dict[PlayKey, float] = field(default_factory=dict)
    _shared: dict[tuple[str, int], tuple[ActionTerms, float]] = field(default_factory=dict)
    _shared_plays: dict[PlayKey, float] = field(default_factory=dict)

    def at_port(self, port: int) -> Estimates:
        """The estimates with your ship at ``port`` (a question about a copy of the state,
        not a move); what does not depend on the port is shared."""
        state = self.state.model_copy(update={"voyage": self.state.voyage.with_player_at(port)})
        return Estimates(
            state, self.ruleset, _shared=self._shared, _shared_plays=self._shared_plays
        )

    def play(self, event: PlayCard) -> float:
        """What playing ``event`` is worth now."""
        key = play_key(event)
        known = self._plays if self.at_sea(event) else self._shared_plays
        if key not in known:
            known[key] = self._play(event)
        return known[key]

    def card(self, card: str) -> float:
        """What ``card`` would be worth played face up now."""
        key: PlayKey = (True, card, ())
        if key not in self._shared_plays and key not in self._plays:
            grant = card_grant(card, self.state)
            value = NOTHING if grant is None or grant.unknown else self.grant(grant)
            self._plays[key] = value
        return self._shared_plays.get(key, self._plays.get(key, NOTHING))

    def at_sea(self, event: PlayCard) -> bool:
        """True when what ``event`` plays is worth more or less at another port (it
        summons, buys or trades)."""
        if not event.face_up:
            return any(action in PORT_ACTIONS for action in event.actions)
        grant = card_grant(event.card_id or "", self.state) or event.effect
        return grant is not None and any(step.action in PORT_ACTIONS for step in grant.actions)

    def _play(self, event: PlayCard) -> float:
        if event.face_up:
            grant = card_grant(event.card_id or "", self.state)
            if grant is None or grant.unknown:
                grant = event.effect
            return NOTHING if grant is None else self.grant(grant)
        return max(self.action(action, PLAIN) for action in event.actions)

    def grant(self, grant: Grant) -> float:
        """What an effect gives now: its gains (with the usual choices) and its actions."""
        state = self.state
        value = NOTHING
        if grant.has_gain_part:
            choice = default_choice(grant, state.player, state.palace)
            kind = choice["ally_kind"]
            try:
                pay, get = grant_gains(
                    grant,
                    state.player,
                    state.palace,
                    grain=int(choice["grain"] or 0),
                    stone=int(choice["stone"] or 0),
                    times=choice["times"] if isinstance(choice["times"], int) else None,
                    ally_kind="loyalist" if kind == "loyalist" else "independent",
                )
                value += gains_worth(get, self.ruleset) - gains_worth(pay, self.ruleset)
            except RuleError:  # a choice the effect does not allow now: it gives nothing
                pass
        for step in grant.actions:
            if step.action == "draw":  # only what a free slot can still take this round
                room = max(0, self._free_slots() - 1 - (state.hand or 0))
                value += CARD_DRAWN * min(step.count, room)
            elif step.action == "issue_edict":
                value += EDICT_ISSUED * step.count
            elif step.action != "move_ship":
                value += self.action(step.action, step.terms) * step.count
        return value

    def _free_slots(self) -> int:
        return len(self.state.player.free_slots(PlayerLimits.from_ruleset(self.ruleset)))

    def action(self, action: str, terms: ActionTerms) -> float:
        """The best immediate gain of a main action under ``terms`` (0 when it cannot be
        taken)."""
        key = (action, id(terms))  # the terms object is held below: its id stays its own
        known = self._actions if action in PORT_ACTIONS else self._shared
        if key not in known:
            judge = {
                "build": self._build,
                "summon": self._summon,
                "purchase": self._purchase,
                "promote": self._promote,
                "market": self._market,
            }[action]
            known[key] = (terms, judge(terms))
        return known[key][1]

    def _build(self, terms: ActionTerms) -> float:
        state, ruleset = self.state, self.ruleset
        player = state.player
        if player.sites is None:
            return 1.0
        limits = PlayerLimits.from_ruleset(ruleset)
        if terms.augustales_instead and terms.augustales_instead > player.augustales:
            return NOTHING
        coins = (terms.augustales_instead or 0) / ruleset.scoring.augustales_per_vp.value
        incomes = side_incomes()
        best = NOTHING
        for offer in site_offers(state, ruleset, terms):
            kind = offer.site.kind
            if offer.why_not is not None or player.built(kind) >= limits.castle_max(kind):
                continue
            if not can_pay(state, offer.cost, terms):
                continue
            value = float(ruleset.scoring.vp_per_structure.value)
            value -= gains_worth(offer.cost, ruleset) + coins
            for side in offer.closes:
                rule = incomes[side]
                each = MARKET_SIDE_VP if rule.market else gains_worth(rule.gains, ruleset)
                value += each * (rounds_left(state) + 1)
            if kind == "keep":
                value += KEEP_COVER * rounds_left(state) + EDICT_ISSUED
            elif offer.site.edict_mark:
                value += EDICT_ISSUED
            best = max(best, value)
        return best

    def _summon(self, terms: ActionTerms) -> float:
        state, ruleset = self.state, self.ruleset
        player, voyage = state.player, state.voyage
        limits = PlayerLimits.from_ruleset(ruleset)
        if len(player.allies) >= player.ally_spaces(limits):
            return NOTHING
        catalogue = allies_by_id()
        held = {catalogue[a].name for a in player.allies}
        scoring = ruleset.scoring
        best = NOTHING
        for space, ally_space in enumerate(voyage.ports[voyage.player].allies):
            if not ally_space.face_up:
                continue
            cost = summon_cost(state, ruleset, terms, space)
            if cost is not None and (
                cost.grain > player.grain or cost.augustales > player.augustales
            ):
                continue
            ally = catalogue.get(ally_space.face_up_id or "")
            if ally is None:
                income = (scoring.ally_base_vp.value + scoring.ally_bonus_vp.value) / 2
            elif ally.name in held:
                continue
            else:
                met = condition_holds(ally, player, state.palace, limits)
                bonus = scoring.ally_bonus_vp.value if met else 0
                income = float(scoring.ally_base_vp.value + bonus)
            value = income * rounds_left(state)
            if cost is not None:
                value -= gains_worth(cost, ruleset)
            best = max(best, value)
        return best

    def _purchase(self, terms: ActionTerms) -> float:
        state, ruleset = self.state, self.ruleset
        player, voyage = state.player, state.voyage
        best = NOTHING
        for card_space in voyage.ports[voyage.player].cards:
            card = advanced_cards_by_id().get(card_space.card_id or "")
            if not card_space.present or card is None or card.id in player.advanced_cards:
                continue
            price = card_price(state, card.id, extra=terms.discount)
            if price is None:
                if not can_remove_a_card(state):
                    continue
                cost = 0.5  # one of your cards leaves the game
            elif price > player.augustales:
                continue
            else:
                cost = price / ruleset.scoring.augustales_per_vp.value
            now = self.grant(card.grant)
            best = max(best, now * (1 + LATER_USES * rounds_left(state)) - cost)
        return best

    def _promote(self, terms: ActionTerms) -> float:
        state, ruleset = self.state, self.ruleset
        player = state.player
        limits = PlayerLimits.from_ruleset(ruleset)
        best = NOTHING
        for specialist in player.specialists:
            paths = [specialist.path] if specialist.path else sorted(limits.path_areas)
            for path in paths:
                length = limits.path_length(path)
                into = specialist.space + 1
                if into > length or not can_pay_arrow(state, ruleset, path, into, terms):
                    continue
                if into == length:
                    if Specialist(path=path, space=length) in player.specialists:
                        continue
                    best = max(best, PROMOTION + (2 if state.board.city(path).tiles else 0))
                else:
                    best = max(best, PROMOTION)
        return best

    def _market(self, terms: ActionTerms) -> float:
        state, ruleset = self.state, self.ruleset
        port = state.voyage.player
        tile = state.board.markets[port] if port < len(state.board.markets) else None
        if tile is None:
            return NOTHING
        player = state.player
        per_vp = ruleset.scoring.augustales_per_vp.value
        resource_vp = ruleset.scoring.augustales_per_resource.value / per_vp
        best = NOTHING
        sell = tile.sell
        if sell is not None and int(getattr(player, sell.resource)) >= sell.amount:
            best = max(best, sell.augustales / per_vp - sell.amount * resource_vp)
        if tile.buy is not None and player.augustales >= tile.buy.augustales:
            gain = tile.buy.amount * resource_vp - tile.buy.augustales / per_vp
            best = max(best, gain)
        return best


def pending_worth(state: GameState, ruleset: Ruleset) -> float:
    """What the obligations still pending in ``state`` are worth by the same estimates: a
    main action its best gain, an effect its gains and actions, cards to draw a play each,
    an Edict a little (an optional one never below nothing: it can be declined)."""
    if not state.pending:
        return NOTHING
    estimates = Estimates(state, ruleset)
    total = NOTHING
    for duty in state.pending:
        if duty.grant is not None and not duty.grant.unknown:
            value = estimates.grant(duty.grant)
        elif duty.does in ("build", "summon", "purchase", "promote", "market"):
            value = estimates.action(duty.does, duty.terms)
        elif duty.does in ("edict", "edict_reward"):
            value = EDICT_ISSUED
        elif duty.does == "resolve":
            value = CARD_DRAWN * duty.count
        else:
            value = NOTHING
        total += max(NOTHING, value) if duty.optional else value
    return total
