"""Issue 40: every worked example of the retail rulebook, played through the engine on the
packaged data (the boards as shipped, checked so no value is asked), ending on the
example's numbers. Where an example is multi-player, the solo engine plays your side of it.

The examples, by section, and the numbers each test ends on:

- Travel and Perform an action (Jack): 2 spaces Alexandria → Barcelona cost 1 Augustalis;
  a face-up card gives 3 Augustales; a face-down card in slot 4 offers Build or Summon;
  the Summon pays 3 Grain for the Ally at Barcelona.
- Promote a Specialist, example 1 (Bernard): one Village Workplace to the next pays 1
  Grain; standing there (Village I A), a Wall or Tower built gives 3 VP.
- Promote a Specialist, example 2 (Bernard): Path B goes from the Countryside straight to
  the City; City Bonus F builds a Keep without its resource cost.
- Visit the Market (Erika): Alexandria → Tunis is one free step; the Market sells 2 Grain
  for 6 Augustales and buys 2 Stone for 4 Augustales.
- Build a Structure, example 1 (Noa): a Great Wall B on a site costing 2 Stone and 1
  Grain plus 4 Augustales; it closes the Stone side (+1 Stone); the free promotion (no 3 VP
  from Village I A: she was not there when the action began); the site's Edict: the middle
  tile (a resource of her choice) showing 2 Walls and 1 Keep with Frederick at 4 Walls:
  +1 Keep, −2 Walls.
- Build a Structure, example 2 (Bernard): the larger-hand Keep costs 3 Stone, its cover
  adds 2 cards at once; its Edict (3 Augustales reward) shows 2 Grain and 1 Augustalis:
  Frederick's Grain +2, his Treasury 6 → 3.
- Summon an Ally (Jack): 3 Grain for the Loyalist at his ship's port, onto his board.
- Purchase an Action card (Erika): the card in Tunis costs one Action card, taken from her
  hand; its effect at once (+6 Augustales); the card joins her hand.
- End Phase, Castle income (Bernard): 1 VP and 3 Augustales from the VP and Augustalis
  sides; the Market, Grain and Stone sides are still open and pay nothing.
- End Phase, Ally income (Jack and Noa): Frederick has 6 Augustales, 1 Stone, 3 Grain, 2
  Allies, 1 Keep 2 Walls 3 Towers, his Specialist on Workplace 2. Jack: Gisèle 3 + Castellan
  3 + Tento 1 = 7 VP; Noa: Gregoria 3 + Philaretos 1 = 4 VP.
- Game end, most Structures (4 players): covered in ``test_scoring.py`` (a solo game has
  one castle; the multi-player comparison is the example's only content).
- Issue an Edict, the note (Frederick at 4 Towers, a tile with 2 Towers): both are removed;
  solo rules: Frederick adds what fits and ignores leftover steps (4 Towers, 2 to add → 5).

Where each stands: Noa's Build and Bernard's Castle income play on the packaged Castle Board
since issue 40 (E3) took the Stone side off the setup Wall: W2 is the Build example's Wall
(2 Stone and 1 Grain, the Stone side, the Edict mark), and W4 and W5 hold the VP and
Augustalis sides, so a castle grown from the setup pieces can close those two alone. The
Summon example (Jack, 3 Grain in Alexandria) is printed on the 3–4 player side of the
Voyage board; the 1–2 player side we ship assumes 1 Grain there, so its 3 Grain Summon is
played in Barcelona through the turn example. The Ally income and most-Structures
examples are in ``test_ally_income.py`` (also played as a whole End Phase on the packaged
boards) and ``test_scoring.py``; the Edict note and Frederick's leftover steps in
``test_palace.py``.

Two numbers of these examples are kept apart by rules decisions, not by the board: the
Castle income example's 3 Augustales against the income list's 1 Augustalis (see the
``Closed side`` decision), and Bernard's Promote example 1 Grain on the arrow between the
Village spaces (the packaged arrow into A4).
"""

from __future__ import annotations

from typing import Any

from solo_deck import GameSetup, SoloGame, load_default_deck
from solo_deck.data.loaders import load_castle_board
from solo_deck.events import (
    Build,
    BuyCard,
    CastleIncome,
    ChooseCityBonus,
    FrederickTurn,
    PlayCard,
    PlayerEdict,
    Promote,
    Resolve,
    SummonAlly,
    TakeEdictReward,
    Travel,
    VisitMarket,
)
from solo_deck.model.board import MarketTile, Trade
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant
from solo_deck.model.player import Specialist
from solo_deck.setup import initial_state
from tests.engine.conftest import to_end_phase
from tests.game_setups import checked_ruleset, edict_setup

THREE_AUGUSTALES = Grant(gain=Gains(augustales=3))


def table(
    *,
    player: dict[str, Any] | None = None,
    palace: dict[str, Any] | None = None,
    active: tuple[str, str, str] = ("2T", "1W 1K", "2G 1A"),
    hand: int = 5,
    **setup: Any,
) -> SoloGame:
    """A game on the packaged boards (checked) with your side and Frederick's palace as the
    example shows them."""
    made: GameSetup = edict_setup(active, ruleset=checked_ruleset(), **setup)
    state = initial_state(made)
    state = state.model_copy(
        update={
            "player": state.player.model_copy(update=player or {}),
            "palace": state.palace.model_copy(update=palace or {}),
            "hand": hand,
        }
    )
    return SoloGame(made.model_copy(update={"start": state}))


def grown(*order: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The sites of a castle grown from the packaged board's setup pieces by Building on
    ``order`` one by one (each checked to be legal then), and the sides it has closed."""
    board = load_castle_board()
    built = tuple(board.start)
    for site in order:
        assert board.why_closed(site, built) is None, (site, built)
        built += (site,)
    return built, tuple(board.site(wall).side or "" for wall in board.closed_sides(built))


# --- Build a Structure ------------------------------------------------------------------------


def test_noa_builds_a_great_wall_that_closes_the_stone_side() -> None:
    # On the packaged ring both Towers of W2 stand only once the castle has grown round
    # from the setup Tower T1 the other way (Walls need a built Tower, Towers a built Wall)
    sites, closed = grown("T2", "W5", "T5", "W4", "T4", "W3", "T3")
    assert "stone" not in closed and len(closed) == 4  # every other side is closed
    game = table(
        player={
            "towers": 5,
            "walls": 4,
            "sites": sites,
            "closed_sides": closed,
            "stone": 2,
            "grain": 1,
            "augustales": 10,
            "specialists": (Specialist(path="A", space=2), Specialist(), Specialist()),
        },
        palace={"walls": 4},
        active=("2T", "2W 1K", "2G 1A"),
        workplaces={"A3": "village-I-A", "A4": "village-II-A"},
        edict_token_spaces=(),
    )
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Build(structure="wall", site="W2", great="great_wall_b", stone=2, grain=1))
    player = game.state.player
    assert (player.stone, player.grain, player.augustales) == (1, 0, 6)  # 2S 1G 4A, +1 S
    assert player.closed_sides == (*closed, "stone")
    game.push(Promote(specialist=0, path="A"))  # the Great Wall's promotion, no Grain
    assert game.state.player.specialists[0].space == 3
    assert game.state.player.vp == 0  # not on Village I A when the action began
    game.push(TakeEdictReward(slot=1, stone=1))  # the middle tile: a resource of her choice
    game.push(PlayerEdict(slot=1, choice={"W": "remove", "K": "add"}, replacement=1))
    assert (game.state.palace.walls, game.state.palace.keeps) == (2, 2)
    assert game.state.player.stone == 2
    assert game.state.pending == ()


def test_bernard_builds_the_keep_of_the_larger_hand() -> None:
    game = table(player={"stone": 3, "grain": 0}, active=("2G 1A", "1W 1K", "2T"))
    game.push(PlayCard(slot=3, face_up=False, actions=("build",)))
    game.push(Build(structure="keep", site="K1", cover="hand", stone=3))
    assert game.state.player.stone == 0
    game.push(Resolve())  # the cover's 2 cards, at once
    assert game.state.hand == 4 - 0 + 2
    game.push(TakeEdictReward(slot=0, augustales=3, reward=THREE_AUGUSTALES))
    assert game.state.player.augustales == 6 + 3
    game.push(PlayerEdict(slot=0, choice={"G": "add", "A": "remove"}, replacement=0))
    assert (game.state.palace.grain, game.state.palace.treasury) == (1 + 2, 6 - 3)


# --- End Phase ----------------------------------------------------------------------------


def test_bernards_castle_income_is_the_vp_and_augustalis_sides_only() -> None:
    """His castle pays 1 VP and the Augustalis side while the Market, Grain and Stone sides
    stay open: on the packaged board, a castle grown from the setup Tower T1 away from T2
    (the setup Wall's Grain side waits for T2, W3's Market side for T3)."""
    sites, closed = grown("W5", "T5", "W4", "T4")
    assert closed == ("vp", "augustales")  # W4's and W5's, in the board's order
    game = table(
        player={
            "towers": 3,
            "walls": 3,
            "sites": sites,
            "closed_sides": closed,
            "grain": 0,
            "stone": 0,
        },
        hand=0,
    )
    to_end_phase(game)
    before = game.state.player
    game.push(CastleIncome())
    after = game.state.player
    assert after.vp - before.vp == 1
    assert after.augustales - before.augustales == 1  # the income list; the example says 3
    assert (after.grain, after.stone) == (0, 0)


# --- Promote a Specialist -----------------------------------------------------------------


def test_bernard_promotes_between_the_village_workplaces() -> None:
    game = table(
        player={
            "grain": 1,
            "specialists": (Specialist(path="A", space=3), Specialist(), Specialist()),
        },
        workplaces={"A3": "village-II-A", "A4": "village-I-A"},
        edict_token_spaces=(),
    )
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    game.push(Promote(specialist=0, grain=1))  # the arrow between the Village spaces
    assert game.state.player.grain == 0
    assert game.state.player.specialists[0].space == 4


def test_bernard_takes_path_b_straight_to_the_city() -> None:
    game = table(
        player={"specialists": (Specialist(), Specialist(path="B", space=2), Specialist())},
        city_tiles={"B": ("F",)},
        edict_token_spaces=(),
    )
    game.push(PlayCard(slot=0, face_up=False, actions=("promote",)))
    game.push(Promote(specialist=1))
    assert game.state.player.specialists[1].space == 3  # Path B's third space: the City
    game.push(ChooseCityBonus(tile="F"))
    game.push(Build(structure="keep", site="K2", cover="slot"))  # no resource cost
    assert (game.state.player.keeps, game.state.player.stone) == (1, 1)


# --- Visit the Market, Purchase -----------------------------------------------------------

TUNIS = MarketTile(
    sell=Trade(resource="grain", amount=2, augustales=6),
    buy=Trade(resource="stone", amount=2, augustales=4),
)


def _at_alexandria(**kwargs: Any) -> SoloGame:
    game = table(**kwargs)
    voyage = game.state.voyage.with_player_at(1)
    start = game.state.model_copy(update={"voyage": voyage})
    return SoloGame(game.setup.model_copy(update={"start": start}))


def test_erika_sails_to_tunis_and_trades_at_its_market() -> None:
    game = _at_alexandria(
        player={"grain": 2, "stone": 0, "augustales": 6}, markets=(None, None, TUNIS)
    )
    game.push(Travel(port=2))  # one step: free
    assert game.state.player.augustales == 6
    game.push(PlayCard(slot=1, face_up=False, actions=("market",)))
    game.push(VisitMarket(sells=1, buys=1))
    player = game.state.player
    assert (player.grain, player.stone, player.augustales) == (0, 2, 6 + 6 - 4)


def test_erika_pays_for_a_card_with_a_card_of_her_hand() -> None:
    game = _at_alexandria(port_cards=(None, None, "A7"))
    game.push(Travel(port=2))
    game.push(PlayCard(slot=4, face_up=False, actions=("purchase",)))
    assert game.state.hand == 4
    game.push(BuyCard(card_id="A7", removes="common-stone", from_hand=True))
    assert len(game.state.cards.removed) == 1
    game.push(Resolve())  # A7's effect at once
    assert game.state.player.augustales == 6 + 6
    assert game.state.hand == 4 - 1 + 1  # the bought card joins the hand


# --- Travel and Perform an action ---------------------------------------------------------


def test_jack_sails_two_spaces_plays_a_card_face_up_then_summons_in_barcelona() -> None:
    game = _at_alexandria(
        player={"grain": 3, "stone": 0},
        port_allies=(None, None, None, "severin"),
        deck_mode="table",
    )
    game.push(Travel(port=3))  # Alexandria → Barcelona: 2 spaces, 1 Augustalis
    assert game.state.player.augustales == 5
    game.push(PlayCard(slot=0, face_up=True, card_id="common-augustales"))
    game.push(Resolve())
    assert game.state.player.augustales == 8
    pass_frederick(game)
    assert game.setup.ruleset.player_board is not None
    assert set(game.setup.ruleset.player_board.slots[3].actions) == {"build", "summon"}
    game.push(PlayCard(slot=3, face_up=False, actions=("summon",)))
    game.push(SummonAlly(ally_id="severin", grain=3))
    assert game.state.player.allies == ("severin",)
    assert game.state.player.grain == 0


def pass_frederick(game: SoloGame) -> None:
    """Frederick's turn with solo card S12 keyed in: his ship stays in Roma."""
    game.push(FrederickTurn(face=load_default_deck().card("S12").face))
