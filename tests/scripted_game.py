"""The tableau game: two rounds in which your side is recorded only through the cards you
play and what they trigger (no Gain or Fix), with the score worked out by hand.

The engine test (tests/engine/test_whole_game.py) pushes :data:`SCRIPT` event by event; the
app test (tests/app/test_full_game.py) plays the same events by keys, through the guided
turn and its prompts, and must reach the same game.

The game: the table deck (Frederick's cards are keyed in), a board where every Workplace and
City Bonus tile is known and no Edict token lies out, boards you checked against your box
(so no move asks about an assumed value), your Player Board's Edict mark on the third Ally
space (this game summons two Allies: neither issues an Edict), and an empty Edict pile at
setup, so the fourth Edict issued leaves an Active space
empty and the game ends after round 2. Each step
says what it changes; the running totals are in the comments.
"""

from __future__ import annotations

from solo_deck import GameSetup, SoloGame, load_default_deck, load_ruleset
from solo_deck.events import (
    Build,
    CastleIncome,
    ChooseCityBonus,
    EndRound,
    Event,
    FrederickTurn,
    NameAlly,
    Pass,
    PlayCard,
    PlayerEdict,
    Promote,
    Reorganise,
    Resolve,
    ScoreAllyIncome,
    SummonAlly,
    TakeEdictReward,
    Travel,
    VisitMarket,
)
from solo_deck.model.board import MarketTile, Trade
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant, MainAction
from tests.game_setups import KNOWN_BOARD, checked_ruleset, edict_setup

PORT_ALLIES = ("gisela", "castellan", None, None, None)
PORT_CARDS = ("A1", "A9", "B16", "A6", "A12")
ALEXANDRIA_MARKET = MarketTile(
    sell=Trade(resource="grain", amount=1, augustales=3),
    buy=Trade(resource="stone", amount=3, augustales=6),
)
"""The Market tile in Alexandria (made up for this game, 2 Augustales a Stone): one visit
brings the 3 Stone the Castle needs beyond what the game gives (see round 1)."""
THREE_AUGUSTALES = Grant(gain=Gains(augustales=3))
"""What is printed under Active I: told the first time it is taken."""


def tableau_setup() -> GameSetup:
    """The setup of the tableau game."""
    return edict_setup(
        ruleset=checked_ruleset(marked_ally_space=3),
        pile=0,
        deck_mode="table",
        port_allies=PORT_ALLIES,
        port_cards=PORT_CARDS,
        markets=(None, ALEXANDRIA_MARKET),
        **KNOWN_BOARD,
    )


def newcomer_setup() -> GameSetup:
    """The same table set up by a newcomer who knows nothing yet: the boards as the app
    ships them (values assumed, the Edict mark on the first Ally space), no Market tile
    and no Edict reward typed (the Workplace and City Bonus tiles, face up at setup,
    are). Every first-time fact is typed when the game first needs it."""
    return edict_setup(
        ruleset=load_ruleset(),
        pile=0,
        deck_mode="table",
        port_allies=PORT_ALLIES,
        port_cards=PORT_CARDS,
        **KNOWN_BOARD,
    )


_DECK = load_default_deck()


def fred(card: str) -> FrederickTurn:
    """Frederick's turn with the face of solo card ``card`` (``S01``…``S16``) keyed in."""
    return FrederickTurn(face=_DECK.card(card).face)


def face_down(slot: int, action: MainAction) -> PlayCard:
    """A card played face down in ``slot`` for ``action``."""
    return PlayCard(slot=slot, face_up=False, actions=(action,))


END_PHASE: tuple[Event, ...] = (CastleIncome(), ScoreAllyIncome(), Reorganise(), EndRound())

# Start: you 0 VP, 1 Grain, 1 Stone, 6 Augustales, 1 Tower, 1 Wall; Frederick 1 Grain,
# 1 Stone, Treasury 6, 2 Towers, 2 Walls, 1 Keep, 2 Court Allies, Path A space 1.
# Active I 2T, II 1W 1K, III 2G 1A; Next I 1S, II 1C, III 1P; no pile.
#
# What the Castle Board asks (solo_deck/data/castle_board.toml): T2 1 Stone, K2 2 Stone,
# W2 2 Stone and 1 Grain, T3 1 Grain. The setup Wall W1's side is Grain (T2 closes it);
# W2's side is Stone (T3 closes it, in round 2). Stone: 1 + 2 + 2 = 5 are paid before any
# Stone side pays, and the start (1), the Edict reward of round 1 (1) and the Market (3)
# give them. The warehouse holds 3 resources with the setup Wall, 4 with W2 built: round 1
# ends on 3 (1 G, 2 S, exactly W2's cost), so T3's Grain comes from a card in round 2.
ROUND_1: tuple[Event, ...] = (
    # five slots until the Keep frees the sixth. Each face-down card goes to the leftmost
    # free slot whose spears give its action (solo_deck/data/player_board.toml: slot 2
    # Market, slot 4 Build or Summon from the rulebook; the others assumed)
    face_down(0, "build"),
    Build(structure="tower", site="T2", stone=1),  # 2 T, 0 S; closes W1's Grain side: 2 G
    fred("S07"),  # ship to Alexandria, its card (A9) leaves
    Travel(port=1),  # Roma → Alexandria, the first step is free
    face_down(2, "summon"),
    SummonAlly(ally_id="castellan", grain=1),  # 1 G; Allies: Castellan
    fred("S06"),  # ship to Tunis, its card and Ally leave
    face_down(1, "market"),
    VisitMarket(sells=1, buys=1),  # Alexandria: 1 G for 3 A, 3 S for 6 A → 0 G, 3 S, 3 A
    fred("S12"),  # stays in Tunis: no card left there
    face_down(3, "build"),
    Build(structure="keep", site="K2", cover="slot", stone=2),  # 1 K, 1 S; six slots now
    TakeEdictReward(slot=1, stone=1),  # first the reward under Active II, a resource: 2 S
    PlayerEdict(slot=1, choice={"W": "add", "K": "add"}, replacement=1),  # F: 3 W, 2 K
    fred("S13"),  # to your ship in Alexandria: nothing face up left (crown 1)
    face_down(4, "promote"),
    Promote(specialist=0, path="B"),  # onto B1 (Countryside I B)
    fred("S08"),  # to Tunis; Edict III 2G 1A: F 3 Grain, Treasury 9; Next III (1P) up
    # Five cards played from a hand of five: the sixth slot is free, but no card is left
    # to put there, so you pass; Frederick is done: the End Phase.
    Pass(),
    CastleIncome(),  # the Grain side: +1 G (1 G)
    ScoreAllyIncome(),  # Castellan needs more Walls than Frederick (1 against 3): 1 VP
    Reorganise(),  # the Allies under Castellan (Alexandria) and in Tunis turn face up
    NameAlly(port=1, space=0, ally_id="tento"),  # you see Tento; Tunis's stays unnamed
    EndRound(),  # round 1 ends with 1 VP, 1 G, 2 S, 3 A; the hand refills to 5
)

ROUND_2: tuple[Event, ...] = (
    # six slots
    face_down(0, "build"),
    Build(structure="wall", site="W2", stone=2, grain=1),  # 2 W, 0 G, 0 S; W2 shows the
    # Edict mark (the Wall of the rulebook's Build example): an Edict
    TakeEdictReward(slot=0, augustales=3, reward=THREE_AUGUSTALES),  # told once: 6 A
    PlayerEdict(slot=0, choice={"T": "add"}, replacement=0),  # then its icons: F 4 T
    fred("S09"),  # Edict I (now 1S): F 2 Stone; no Next tile: Active I stays empty
    PlayCard(slot=1, face_up=True, card_id="common-grain"),  # the leftmost free slot
    Resolve(),  # +1: 1 G, for T3
    fred("S10"),  # Edict II (1C): F 3 Court Allies; Active II stays empty
    face_down(3, "build"),
    Build(structure="tower", site="T3", great="great_tower_b", grain=1),  # closes W2's side
    # 3 T, 0 G, 6 - 3 = 3 A; Stone side +1: 1 S; then Great Tower B's free Summon:
    SummonAlly(ally_id="tento"),  # named at the End Phase
    fred("S16"),  # to your ship; Edict III (1P): F Path A space 2; Active III empty
    face_down(2, "promote"),
    Promote(specialist=0),  # B2
    fred("S05"),  # ship to Tunis, its Ally leaves; every Active space is empty
    face_down(4, "promote"),
    Promote(specialist=0),  # B3, the City: its tile is F (a Keep without resources)
    ChooseCityBonus(tile="F"),
    Build(structure="keep", site="K1", cover="hand"),  # 2 K; the cover: draw 2 (2 in hand)
    Resolve(),
    TakeEdictReward(slot=0, augustales=3),  # no Active tile left, a reward: 6 A
    fred("S15"),  # to your ship in Alexandria: nothing face up to remove
    PlayCard(slot=5, face_up=True, card_id="common-augustales"),  # the sixth slot: 1 left in hand
    Resolve(),  # +3: 9 A. No slot left and Frederick is done: the End Phase
    *END_PHASE,
    # Castle income: Grain side +1 (1 G), Stone side +1 (2 S). Ally income: Castellan
    # (2 Walls against 3) 1 VP, Tento (Treasury 9, needs 9) 3 VP: 1 + 4 = 5 VP.
)

SCRIPT: tuple[Event, ...] = ROUND_1 + ROUND_2
"""Every event of the game, in order."""
NEWCOMER_SCRIPT: tuple[Event, ...] = tuple(
    VisitMarket(sells=e.sells, buys=e.buys, rates=ALEXANDRIA_MARKET)
    if isinstance(e, VisitMarket)
    else e
    for e in SCRIPT
)
"""The same game from :func:`newcomer_setup`: the first Market visit tells its tile."""

FINAL_SUPPLY = (5, 1, 2, 9)
"""VP, Grain, Stone and Augustales at the end."""
FINAL_CASTLE = (3, 2, 2)
"""Towers, Walls and Keeps at the end."""
TOTAL = 18
"""5 VP + 7 Structures + 4 (most Structures: you are the only player who scores) +
(3 resources x 2 + 9 Augustales) // 6 = 15 // 6 = 2."""
TITLE = "Serf"


def play_in_engine() -> SoloGame:
    """The whole game through the engine alone."""
    game = SoloGame(tableau_setup())
    for event in SCRIPT:
        game.push(event)
    return game
