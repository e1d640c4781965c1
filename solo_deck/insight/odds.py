"""Exact odds of Frederick's next solo card, from public information only.

The player may count the face-up discards of the solo deck, so the cards *not yet seen since
the last shuffle* are public knowledge. Every figure here is computed from that composition
alone, never from the hidden order of a virtual deck; a table deck and a virtual deck with the
same unseen cards therefore give the same odds.

Where the next card comes from:

- normally from the unseen cards since the last shuffle, each equally likely;
- from all 16 cards when the deck is about to be shuffled (the 2nd crown has shown and the
  shuffle at the end of the turn is pending) or when no unseen card is left (the engine
  shuffles an empty pile before it flips).

All probabilities are exact :class:`fractions.Fraction` values (``float()`` of one for
display).

>>> from solo_deck.data.loaders import load_default_deck
>>> from solo_deck.model.deck import SoloDeck
>>> odds = next_card_odds(SoloDeck.new(load_default_deck(), "table", seed=0))
>>> odds.move1, odds.crown, odds.reshuffle
(Fraction(1, 2), Fraction(1, 4), Fraction(0, 1))
"""

# i18n: sentences are Text
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

from solo_deck.data.loaders import load_ruleset
from solo_deck.errors import RuleError
from solo_deck.model.base import FrozenModel
from solo_deck.model.deck import SoloDeck
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.solo_cards import CardFace, Numeral, ShipMove
from solo_deck.model.state import GameState, Phase
from solo_deck.model.voyage import no_space
from solo_deck.text import t

ZERO = Fraction(0)
ONE = Fraction(1)


class FaceOdds(FrozenModel):
    """One distinct face the next card may show: how many candidate cards show it and the
    chance of flipping it."""

    face: CardFace
    count: int
    probability: Fraction


class CardOdds(FrozenModel):
    """The chances for Frederick's next solo card.

    ``cards`` is how many cards the next one is drawn from; ``from_new_deck`` is true when it
    comes from a freshly shuffled deck of all 16. ``crowns_seen`` is the crown count the next
    flip adds to (0 after a shuffle). ``reshuffle`` is the chance that this flip shows the
    crown that calls for a shuffle at the end of the turn.

    >>> from solo_deck.data.loaders import load_default_deck
    >>> from solo_deck.model.deck import SoloDeck
    >>> odds = next_card_odds(SoloDeck.new(load_default_deck(), "table", seed=0))
    >>> odds.edict_i + odds.edict_ii + odds.edict_iii + odds.no_edict
    Fraction(1, 1)
    >>> round(float(odds.removes_card), 3)
    0.5
    """

    cards: int
    from_new_deck: bool
    crowns_seen: int
    crowns_to_reshuffle: int
    faces: tuple[FaceOdds, ...]
    move1: Fraction
    move_further: Fraction
    """2 to 4 spaces (only a deck you entered can show such a card)."""
    stay: Fraction
    to_player: Fraction
    removes_card: Fraction
    removes_ally: Fraction
    edict_i: Fraction
    edict_ii: Fraction
    edict_iii: Fraction
    no_edict: Fraction
    crown: Fraction
    reshuffle: Fraction

    def move(self, move: ShipMove) -> Fraction:
        """The chance of one ship move."""
        return sum((entry.probability for entry in self.faces if entry.face.move is move), ZERO)

    def edict(self, numeral: Numeral | None) -> Fraction:
        """The chance that the card shows Edict ``numeral`` (``None``: no Edict)."""
        if numeral is None:
            return self.no_edict
        return (self.edict_i, self.edict_ii, self.edict_iii)[numeral.position]


class RemovalOdds(FrozenModel):
    """The chance that Frederick removes what lies at one port before your next turn.

    ``card`` is for the Advanced card in ``card_space``, ``ally`` for the face-up Ally in
    ``ally_space``; each is 0 when there is nothing there (``card_present`` / ``ally_present``
    say so). ``either`` is the chance that at least one of the two goes.
    ``frederick_turns`` is how many Frederick turns come before your next turn.
    """

    port: int
    port_name: str
    frederick_turns: int
    card_space: int | None
    ally_space: int | None
    card_present: bool
    ally_present: bool
    card: Fraction
    ally: Fraction
    either: Fraction


# --- the source of the next card -------------------------------------------------------------


def definition_faces(deck: SoloDeck) -> tuple[CardFace, ...]:
    """The distinct faces of the deck definition, in the order they first appear there.

    Listing faces in this order (never in draw-pile order) keeps a virtual deck's hidden
    order hidden.
    """
    seen: dict[CardFace, None] = {}
    for card in deck.definition.cards:
        seen.setdefault(card.face, None)
    return tuple(seen)


def next_card_source(deck: SoloDeck) -> tuple[Counter[CardFace], int, bool]:
    """Where the next card comes from: ``(composition, crowns already seen, new deck?)``.

    The full 16 when a shuffle is pending or no unseen card is left; else the unseen cards.

    >>> from solo_deck.data.loaders import load_default_deck
    >>> deck = SoloDeck.new(load_default_deck(), "virtual", seed=1)
    >>> composition, crowns, new = next_card_source(deck)
    >>> sum(composition.values()), crowns, new
    (16, 0, False)
    """
    if deck.reshuffle_pending or not deck.draw_pile:
        return Counter(card.face for card in deck.definition.cards), 0, True
    return deck.remaining_composition(), deck.crowns_since_shuffle, False


def next_card_odds(deck: SoloDeck) -> CardOdds:
    """Exact chances for the next solo card, from the cards unseen since the last shuffle.

    >>> from solo_deck.data.loaders import load_default_deck
    >>> deck = SoloDeck.new(load_default_deck(), "table", seed=0)
    >>> deck, _ = deck.flip(load_default_deck().card("S13").face)   # a crown shows
    >>> odds = next_card_odds(deck)
    >>> odds.cards, odds.crown, odds.reshuffle
    (15, Fraction(1, 5), Fraction(1, 5))
    """
    composition, crowns, new = next_card_source(deck)
    total = sum(composition.values())
    faces = tuple(
        FaceOdds(face=face, count=composition[face], probability=Fraction(composition[face], total))
        for face in definition_faces(deck)
        if composition[face]
    )

    def chance(test: object) -> Fraction:
        return sum((f.probability for f in faces if _holds(f.face, test)), ZERO)

    crown = chance("crown")
    return CardOdds(
        cards=total,
        from_new_deck=new,
        crowns_seen=crowns,
        crowns_to_reshuffle=deck.crowns_to_reshuffle,
        faces=faces,
        move1=chance(ShipMove.MOVE1),
        move_further=chance("move_further"),
        stay=chance(ShipMove.STAY),
        to_player=chance(ShipMove.TO_PLAYER),
        removes_card=chance("removes_card"),
        removes_ally=chance("removes_ally"),
        edict_i=chance(Numeral.I),
        edict_ii=chance(Numeral.II),
        edict_iii=chance(Numeral.III),
        no_edict=chance(None),
        crown=crown,
        reshuffle=crown if crowns + 1 >= deck.crowns_to_reshuffle else ZERO,
    )


def _holds(face: CardFace, test: object) -> bool:
    if test == "move_further":
        return (face.move.steps or 0) > 1
    if isinstance(test, ShipMove):
        return face.move is test
    if isinstance(test, Numeral) or test is None:
        return face.edict is test
    return bool(getattr(face, str(test)))


# --- Frederick's ship --------------------------------------------------------------------------


def frederick_ship_distribution(state: GameState) -> dict[int, Fraction]:
    """Where Frederick's ship stands after his next card: port index → chance.

    Your ship is taken where it stands now. Ports with no chance are left out; the keys are
    in port order.

    >>> from solo_deck import GameSetup, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> frederick_ship_distribution(state)   # both ships in Roma (port 0)
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    """
    odds = next_card_odds(state.deck)
    where: dict[int, Fraction] = {}
    for entry in odds.faces:
        port = state.voyage.frederick_destination(entry.face.move)
        where[port] = where.get(port, ZERO) + entry.probability
    return dict(sorted(where.items()))


# --- removal at a port -------------------------------------------------------------------------


def frederick_turns_before_your_next_turn(state: GameState, ruleset: Ruleset | None = None) -> int:
    """How many turns Frederick takes before your next turn, assuming you end (not pass)
    the turn you are on.

    - Your turn: 1 if Frederick has an action left this round; all his remaining actions
      when this turn fills your last free card slot (your next turn is then next round).
    - Frederick's turn: 1; after you passed, all his remaining actions this round.
    - End Phase or game over: 0.
    """
    rules = ruleset or load_ruleset()
    left = max(0, rules.rounds.frederick_max_actions.value - state.frederick_actions)
    if state.phase is Phase.PLAYER:
        if state.passed:
            return 0
        free = len(state.player.free_slots(PlayerLimits.from_ruleset(rules)))
        last_turn = free - (0 if state.card_played else 1) <= 0
        return left if last_turn else min(1, left)
    if state.phase is Phase.FREDERICK:
        return max(1, left) if state.passed else 1
    return 0


def removal_before_your_next_turn(
    state: GameState,
    port: int | str,
    ruleset: Ruleset | None = None,
    *,
    frederick_turns: int | None = None,
    card_space: int | None = None,
    ally_space: int | None = None,
) -> RemovalOdds:
    """The exact chance that the Advanced card and the face-up Ally at ``port`` (an index
    or a port name) are removed by Frederick before your next turn.

    Your ship stays where it is (you do not move in between). Frederick's ship starts where
    it stands; each of his turns moves it by the card flipped and removes the first card /
    first face-up Ally at the port it ends in. Over several turns (after you passed) the
    deck is followed exactly: cards leave the unseen pile, crowns count, and the shuffle at
    the end of the turn with the 2nd crown is applied. ``frederick_turns`` overrides the
    count from :func:`frederick_turns_before_your_next_turn`. ``card_space`` / ``ally_space``
    pick a space at the port (default: the one Frederick would take first). A removal counts
    even if the End Phase (after his last action of a round) refills the space.

    >>> from solo_deck import GameSetup, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> odds = removal_before_your_next_turn(state, "Alexandria")   # one turn, ship +1 there
    >>> odds.frederick_turns, odds.card, odds.ally
    (1, Fraction(5, 16), Fraction(3, 16))
    """
    voyage = state.voyage
    index = voyage.port_index(port) if isinstance(port, str) else port
    if not 0 <= index < len(voyage.ports):
        raise RuleError(t("there is no port number {index}", index=index))
    here = voyage.ports[index]
    cards = tuple(space.present for space in here.cards)
    allies = tuple(space.face_up for space in here.allies)
    if card_space is None:
        card_space = voyage.first_card_space(index)
    if ally_space is None:
        ally_space = voyage.first_ally_space(index)
    for space, spaces, ally in ((card_space, cards, False), (ally_space, allies, True)):
        if space is not None and not 0 <= space < len(spaces):
            raise RuleError(no_space(here.name, space, ally=ally))
    card_present = card_space is not None and cards[card_space]
    ally_present = ally_space is not None and allies[ally_space]
    turns = (
        frederick_turns_before_your_next_turn(state, ruleset)
        if frederick_turns is None
        else frederick_turns
    )
    if turns < 0:
        raise ValueError("frederick_turns cannot be negative")

    deck = state.deck
    faces = definition_faces(deck)
    everything = Counter(card.face for card in deck.definition.cards)
    full = tuple(everything[f] for f in faces)
    unseen = deck.remaining_composition()
    counts = tuple(unseen[f] for f in faces)
    crowns = deck.crowns_since_shuffle
    if deck.reshuffle_pending or not deck.draw_pile:
        counts, crowns = full, 0
    need = deck.crowns_to_reshuffle
    ring = len(voyage.ports)
    player = voyage.player
    moves = [(f.move, f.removes_card, f.removes_ally, f.crown) for f in faces]

    @cache
    def outcome(
        counts: tuple[int, ...],
        crowns: int,
        ship: int,
        cards: tuple[bool, ...],
        allies: tuple[bool, ...],
        left: int,
    ) -> tuple[Fraction, Fraction, Fraction]:
        card_gone = card_present and not cards[card_space or 0]
        ally_gone = ally_present and not allies[ally_space or 0]
        settled = (card_gone or not card_present) and (ally_gone or not ally_present)
        if left == 0 or settled:
            return Fraction(card_gone), Fraction(ally_gone), Fraction(card_gone or ally_gone)
        if crowns >= need or not any(counts):
            counts, crowns = full, 0
        total = sum(counts)
        p_card = p_ally = p_either = ZERO
        for i, n in enumerate(counts):
            if not n:
                continue
            move, removes_card, removes_ally, crown = moves[i]
            steps = move.steps
            to = player if steps is None else (ship + steps) % ring
            new_cards, new_allies = cards, allies
            if to == index and removes_card and any(cards):
                first = cards.index(True)
                new_cards = (*cards[:first], False, *cards[first + 1 :])
            if to == index and removes_ally and any(allies):
                first = allies.index(True)
                new_allies = (*allies[:first], False, *allies[first + 1 :])
            rest = (*counts[:i], n - 1, *counts[i + 1 :])
            c, a, e = outcome(rest, crowns + crown, to, new_cards, new_allies, left - 1)
            weight = Fraction(n, total)
            p_card += weight * c
            p_ally += weight * a
            p_either += weight * e
        return p_card, p_ally, p_either

    p_card, p_ally, p_either = outcome(counts, crowns, voyage.frederick, cards, allies, turns)
    return RemovalOdds(
        port=index,
        port_name=here.name,
        frederick_turns=turns,
        card_space=card_space,
        ally_space=ally_space,
        card_present=card_present,
        ally_present=ally_present,
        card=p_card,
        ally=p_ally,
        either=p_either,
    )
