"""A whole game through the engine alone, your side recorded only through cards played and
what they trigger (no Gain or Correct), checked against a total worked out by hand.

The game: the table deck (Frederick's cards are keyed in), the known test board, the Edict
pile empty at setup so the fourth Edict issued leaves an Active space empty and the game ends
after round 2. Each step says what it changes; the running totals are in the comments.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solo_deck import GameEndReason, Phase, SoloGame, final_score, load_default_deck
from solo_deck.board import MarketTile, Trade
from solo_deck.events import (
    Build,
    BuyCard,
    CastleIncome,
    ChooseCityBonus,
    EndRound,
    FrederickTurn,
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
from solo_deck.gains import Gains
from solo_deck.grants import Grant

DECK = load_default_deck()
ROMA_MARKET = MarketTile(
    sell=Trade(resource="grain", amount=1, augustales=3),
    buy=Trade(resource="stone", amount=1, augustales=2),
)


def fred(game: SoloGame, card: str) -> None:
    game.push(FrederickTurn(face=DECK.card(card).face))


def face_down(game: SoloGame, slot: int, action: str) -> None:
    game.push(PlayCard(slot=slot, face_up=False, actions=(action,)))


def end_phase(game: SoloGame) -> None:
    game.push(CastleIncome())
    game.push(ScoreAllyIncome())
    game.push(Reorganise())
    game.push(EndRound())


def test_a_scripted_game_ends_with_the_hand_computed_score(
    make_game: Callable[..., SoloGame], known_board: dict[str, Any]
) -> None:
    game = make_game(
        mode="table",
        pile=0,
        port_allies=("gisela", "castellan", None, None, None),
        port_cards=("A1", "A9", "B16", "A6", "A12"),
        markets=(ROMA_MARKET,),
        **known_board,
    )
    # Start: you 0 VP, 1 Grain, 1 Stone, 6 Augustales, 1 Tower, 1 Wall; Frederick 1 Grain,
    # 1 Stone, Treasury 6, 2 Towers, 2 Walls, 1 Keep, 2 Court Allies, Path A space 1.
    # Active I 2T, II 1W 1K, III 2G 1A; Next I 1S, II 1C, III 1P; no pile.

    # ---- round 1: five slots until the Keep frees the sixth ----
    face_down(game, 0, "market")
    game.push(VisitMarket(buys=1))  # Roma's Market: 1 Stone for 2 A → 1 G, 2 S, 4 A
    fred(game, "S07")  # ship to Alexandria, its card (A9) leaves
    face_down(game, 1, "build")
    game.push(Build(structure="tower", stone=1, closes=("stone",)))  # 2 T, 1 S; Stone side: 2 S
    fred(game, "S06")  # ship to Tunis, its card and Ally leave
    face_down(game, 2, "build")
    game.push(Build(structure="keep", cover="slot", stone=2))  # 1 K, 0 S; six slots now
    game.push(PlayerEdict(slot=1, choice={"W": "add", "K": "add"}, replacement=1))  # F: 3 W, 2 K
    game.push(TakeEdictReward(slot=1, grain=1))  # Active II's reward, a resource: 2 G
    fred(game, "S12")  # stays in Tunis: no card left there
    game.push(Travel(port=1))  # Roma → Alexandria, the first step is free
    face_down(game, 3, "summon")
    game.push(SummonAlly(ally_id="castellan", grain=1))  # 1 G; Allies: Castellan
    fred(game, "S13")  # to your ship in Alexandria: nothing face up left (crown 1)
    face_down(game, 4, "promote")
    game.push(Promote(specialist=0, path="A"))  # onto A1: Countryside I A (+2 VP per Summon)
    fred(game, "S08")  # to Tunis; Edict III 2G 1A: F 3 Grain, Treasury 9; Next III (1P) up
    game.push(PlayCard(slot=5, face_up=True, card_id="common-augustales"))
    game.push(Resolve())  # +3: 7 A. No slot left and Frederick is done: the End Phase
    assert game.state.phase is Phase.END_PHASE
    end_phase(game)
    # Castle income: Stone side +1 S (1 S). Ally income: Castellan needs more Walls than
    # Frederick (1 against 3): 1 VP. Round 1 ends with 1 VP, 1 G, 1 S, 7 A.
    assert (game.state.round, game.state.player.vp) == (2, 1)

    # ---- round 2: six slots ----
    face_down(game, 0, "build")
    game.push(Build(structure="wall", stone=1, edict_mark=True))  # 2 W, 0 S; marked: an Edict
    game.push(PlayerEdict(slot=0, choice={"T": "add"}, replacement=0))  # F: 4 T; Next I used
    three = Grant(gain=Gains(augustales=3))
    game.push(TakeEdictReward(slot=0, augustales=3, reward=three))  # told once: 10 A
    fred(game, "S09")  # Edict I (now 1S): F 2 Stone; no Next tile: Active I stays empty
    face_down(game, 1, "build")
    game.push(Build(structure="tower", great="great_tower_b", grain=1, closes=("augustales",)))
    # 3 T, 0 G, 10 - 3 = 7 A; Augustalis side +1: 8 A; then Great Tower B's free Summon:
    game.push(SummonAlly(ally_id="tento"))  # Countryside I A: +2 VP → 3 VP; Allies: 2
    fred(game, "S10")  # Edict II (1C): F 3 Court Allies; Active II stays empty
    face_down(game, 2, "promote")
    game.push(Promote(specialist=1, path="B"))  # B1
    fred(game, "S16")  # to your ship; Edict III (1P): F Path A space 2; Active III empty
    face_down(game, 3, "promote")
    game.push(Promote(specialist=1))  # B2
    fred(game, "S05")  # ship to Tunis, its Ally leaves; every Active space is empty
    face_down(game, 4, "promote")
    game.push(Promote(specialist=1))  # B3, the City: its tile is F (a Keep without resources)
    game.push(ChooseCityBonus(tile="F"))
    game.push(Build(structure="keep", cover="hand"))  # 2 K; the cover: draw 2, hand 7
    game.push(Resolve())
    game.push(TakeEdictReward(slot=0, augustales=3))  # no Active tile left, a reward: 11 A
    fred(game, "S15")  # to your ship in Alexandria: nothing face up to remove
    game.push(Travel(port=0))  # Alexandria → Roma: 4 steps, 3 paid: 8 A
    face_down(game, 5, "purchase")
    game.push(BuyCard(card_id="A1"))  # 3 A: 5 A; its effect at once:
    game.push(Resolve())  # +2 Grain: 2 G (2 resources; 2 Walls store 4)
    assert game.state.phase is Phase.END_PHASE
    end_phase(game)
    # Castle income: Stone side +1 (1 S), Augustalis side +1 (6 A). Ally income: Castellan
    # (2 Walls against 3) 1 VP, Tento (Treasury 9, needs 9) 3 VP: 3 + 4 = 7 VP.

    state = game.state
    assert state.phase is Phase.GAME_OVER
    assert state.game_end == (GameEndReason.EDICT_SPACE_EMPTY,)
    player = state.player
    assert (player.vp, player.grain, player.stone, player.augustales) == (7, 2, 1, 6)
    assert (player.towers, player.walls, player.keeps) == (3, 2, 2)
    assert player.greats == ("great_tower_b",)
    assert player.keep_covers == ("slot", "hand")
    assert player.closed_sides == ("stone", "augustales")
    assert player.allies == ("castellan", "tento")
    assert player.advanced_cards == ("A1",)
    assert player.city_tiles == ("F",)
    assert state.board.edict_rewards[0] == three
    assert state.board.markets[0] == ROMA_MARKET
    palace = state.palace
    assert (palace.towers, palace.walls, palace.keeps, palace.allies) == (4, 3, 2, 3)
    assert (palace.grain, palace.stone, palace.treasury, palace.specialist) == (3, 2, 9, 2)

    score = final_score(
        vp_track=player.vp,
        structures=player.structures,
        frederick_structures=palace.structures,
        grain=player.grain,
        stone=player.stone,
        augustales=player.augustales,
        ruleset=game.setup.ruleset,
    )
    # 7 VP + 7 Structures + 4 (most Structures: you are the only player who scores) +
    # (3 resources x 2 + 6 Augustales) // 6 = 12 // 6 = 2  →  20, a Serf.
    assert (score.total, score.title) == (20, "Serf")
    # Nothing of your side was typed as a correction.
    assert not [e for e in game.events if e.type in ("gain", "correct")]
    # Replaying the document gives the same game.
    again = SoloGame.from_document(game.to_document())
    assert again.state == state and again.log == game.log
