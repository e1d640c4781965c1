"""One test per row of DESIGN.md's "Rules decisions" table, each named after its row.

The other modules test each point in depth; these pin the decision itself, mostly through a
whole game, so a change of interpretation shows up here by name.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import (
    CardFace,
    Direction,
    EdictKind,
    GameEndReason,
    Palace,
    PalaceLimits,
    Phase,
    RuleError,
    SoloGame,
    parse_edict,
    title_for,
)
from solo_deck.data.loaders import allies_by_id
from solo_deck.events import (
    Build,
    ChooseCityBonus,
    Correct,
    Decline,
    EndRound,
    FrederickTurn,
    PlayerEdict,
    Promote,
    RevealEdict,
)
from solo_deck.model.allies import AllyKind
from tests.scores import TITLE_BOUNDARIES, score

Factory = Callable[..., SoloGame]
Face = Callable[[str], CardFace]
RULES = pathlib.Path(__file__).resolve().parents[3] / "shared" / "rules"
LIMITS = PalaceLimits.from_ruleset()


def _rules_text(name: str) -> str:
    """A rules text from ``../shared/rules`` beside the checkout; the test skips, saying
    why, on a machine where the rules texts are not there (they are not part of the
    project: its own words only)."""
    path = RULES / name
    if not path.exists():
        reason = f"the rules text {path} is not beside this checkout: nothing to compare"
        print(reason)
        pytest.skip(reason)
    return path.read_text(encoding="utf-8")


def _frederick(game: SoloGame, turns: Any, face: CardFace | None = None) -> None:
    """An idle turn of yours, then Frederick's (typing any tile he draws as 1G)."""
    turns.idle_turn(game)
    turns.frederick(game, face)


def _phase(game: SoloGame) -> Phase:
    return game.state.phase


def _edict_due(game: SoloGame, turns: Any) -> None:
    """A face-down card's Build on a site with the Edict mark: an Edict to issue."""
    turns.play(game, "build")
    game.push(Build(structure="tower", edict_mark=True))


def test_decision_rulebook_version_retail_wins_over_the_v19_draft() -> None:
    retail = _rules_text("stupor-mundi-rulebook.md")
    draft = _rules_text("stupor-mundi-rulebook-draft-v19.txt")
    # Where they differ (City Bonus B), the data and help follow the retail text.
    assert "B. Issue 1 Edict. Gain 3 VP." in retail
    assert "TWO Edicts are issued" in draft
    assert "TWO Edicts" not in retail


def test_decision_treasury_icon_is_one_step_of_three_augustales(
    make_game: Factory, turns: Any
) -> None:
    game = make_game(active=("1A", "2T", "1G"))
    _edict_due(game, turns)
    game.push(PlayerEdict(slot=0, choice={EdictKind.AUGUSTALES: "remove"}, replacement=0))
    assert game.state.palace.treasury == 6 - 3  # Bernard's example: 6 → 3
    assert "remove 3 Augustales (Treasury 6 → 3)" in game.log[-1]


def test_decision_frederick_edicts_only_add_leftover_ignored_specialist_only_path_a_no_costs(
    make_game: Factory, face_of: Face, turns: Any
) -> None:
    game = make_game(mode="table", active=("2T 1P", "1W", "1K"))
    game.push(Correct(target="palace.towers", value=4))
    game.push(Correct(target="palace.grain", value=0))
    _frederick(game, turns, face_of("S09"))  # Edict I: 2 Towers + 1 Path step
    palace = game.state.palace
    assert palace.towers == 5  # one added, the other ignored
    assert palace.specialist == 2  # forward on Path A
    assert palace.grain == 0  # no Grain cost for the Path step
    assert "add 1 Tower (5/5, 1 ignored at the limit)" in game.log[-2]
    assert "move forward 1 Specialist step (Path A space 1 → 2)" in game.log[-2]


def test_decision_empty_active_space_issues_the_next_in_sequence_i_ii_iii_i(
    make_game: Factory, face_of: Face, turns: Any
) -> None:
    game = make_game(mode="table", active=("1T", "1W", "1K"))
    game.push(Correct(target="edicts.active.2", value=None))
    _frederick(game, turns, face_of("S16"))  # Edict III is empty → I
    assert game.state.palace.towers == 3
    assert "Issue Edict I (Active III is empty)" in game.log[-2]


def test_decision_refill_after_frederick_edict_from_same_next_position_else_next_in_sequence(
    make_game: Factory, face_of: Face, turns: Any
) -> None:
    game = make_game(mode="table", next_=("1S", "1C", "1P"))
    _frederick(game, turns, face_of("S10"))  # Edict II, refilled from Next II
    assert game.state.edicts.active[1] == parse_edict("1C")
    game.push(Correct(target="edicts.next.0", value=None))
    _frederick(game, turns, face_of("S01"))  # Edict I; Next I is empty → Next II
    assert game.state.edicts.active[0] == parse_edict("1G")  # the tile typed into Next II


def test_decision_player_edicts_choice_identical_icons_forced_direction_chosen_replacement(
    make_game: Factory, turns: Any
) -> None:
    game = make_game(active=("2W 1K", "1T", "1G"), next_=("1S", "1C", "3P"))
    game.push(Correct(target="palace.walls", value=4))
    _edict_due(game, turns)
    # Identical icons move together and what cannot be added must be removed.
    assert Palace.initial().model_copy(update={"walls": 4}).legal_directions(
        EdictKind.WALL, 2, LIMITS
    ) == [Direction.REMOVE]
    with pytest.raises(RuleError, match="must remove"):
        game.push(PlayerEdict(slot=0, choice={"W": "add", "K": "add"}, replacement=2))
    game.push(PlayerEdict(slot=0, choice={"W": "remove", "K": "add"}, replacement=2))
    assert (game.state.palace.walls, game.state.palace.keeps) == (2, 2)
    assert game.state.edicts.active[0] == parse_edict("3P")  # the Next tile the player chose


def test_decision_crowns_reshuffle_all_16_at_the_end_of_the_turn_revealing_the_second_crown(
    make_game: Factory, face_of: Face, turns: Any
) -> None:
    game = make_game(mode="table")
    _frederick(game, turns, face_of("S11"))  # crown 1
    assert game.state.deck.discard == ("S11",)
    turns.idle_turn(game)
    game.push(FrederickTurn(face=face_of("S13")))  # crown 2
    report = game.state.last_frederick
    assert report is not None and report.reshuffled
    # The turn was fully resolved (ship, removals) before the shuffle ends it.
    assert report.steps[0].startswith("Frederick's ship joins yours")
    assert report.steps[-1].startswith("Shuffle all 16 solo cards")
    deck = game.state.deck
    assert deck.discard == () and len(deck.draw_pile) == 16


def test_decision_round_frederick_at_most_5_actions_and_your_last_slot_ends_your_round(
    make_game: Factory, turns: Any
) -> None:
    # Five usable card slots: your 5th card ends your round (as if you had passed), and
    # Frederick takes his remaining action before the End Phase.
    game = make_game()
    for _ in range(4):
        _frederick(game, turns)
    turns.idle_turn(game)
    state = game.state
    assert (state.player_turns, state.passed, state.phase) == (5, True, Phase.FREDERICK)
    assert "no card slot left: Frederick takes his remaining actions" in game.log[-1]
    turns.frederick(game)
    assert game.state.frederick_actions == 5
    turns.assert_round_over(game)


def test_decision_round_end_phase_after_your_6th_turn_without_another_solo_card(
    make_game: Factory, turns: Any
) -> None:
    # The Keep whose cover removes the Card Slot tile gives a 6th turn; after it the End
    # Phase comes without flipping another solo card (Frederick never takes a 6th action).
    game = make_game()
    turns.play(game, "build")
    game.push(Build(structure="keep", cover="slot"))
    game.push(PlayerEdict(slot=0, choice={EdictKind.TOWER: "add"}, replacement=0))
    for position in game.state.awaiting_reveal:
        game.push(RevealEdict(position=position, edict=parse_edict("1G")))
    game.push(Decline())  # the reward under Active I
    turns.frederick(game)
    for _ in range(4):
        _frederick(game, turns)
    assert (game.state.player_turns, game.state.frederick_actions) == (5, 5)
    assert _phase(game) is Phase.PLAYER and not game.state.passed
    deck = game.state.deck
    turns.idle_turn(game)
    assert _phase(game) is Phase.END_PHASE and game.state.deck == deck
    assert game.log[-1].endswith("no card slot left: on to the End Phase")


def test_decision_game_end_checked_after_the_round_with_its_reasons(
    make_game: Factory, turns: Any
) -> None:
    game = make_game()
    turns.complete_castle(game)
    _frederick(game, turns)
    assert _phase(game) is Phase.PLAYER  # the round goes on with the castle complete
    turns.to_end_phase(game)
    turns.income_and_reorganise(game)
    assert game.state.game_end == ()
    game.push(EndRound())
    over = game.state
    assert over.phase is Phase.GAME_OVER
    assert over.game_end[0] is GameEndReason.CASTLE_COMPLETE
    assert "The game is over: your castle is complete" in game.log[-1]


def test_decision_most_structures_bonus_4_always_yours_no_2() -> None:
    def bonus(mine: int, his: int) -> int:
        return score(structures=mine, frederick_structures=his).most_structures_bonus

    # Frederick scores nothing: you are the only player, so you always have the most.
    assert (bonus(12, 12), bonus(13, 12), bonus(11, 12), bonus(2, 15)) == (4, 4, 4, 4)


@pytest.mark.parametrize(
    ("score", "title"),
    TITLE_BOUNDARIES,
)
def test_decision_title_serf_knight_feudal_lord_duke(score: int, title: str) -> None:
    assert title_for(score) == title


def test_decision_sigeberht_is_a_loyalist() -> None:
    sigeberht = allies_by_id()["sigeberht"]
    assert sigeberht.kind is AllyKind.LOYALIST
    assert sigeberht.condition.kind == "frederick_at_least"


def test_decision_city_bonus_b_issues_one_edict_in_the_retail_text() -> None:
    retail = _rules_text("stupor-mundi-rulebook.md")
    assert "B. Issue 1 Edict. Gain 3 VP." in retail


def test_decision_city_bonus_b_issues_one_edict(
    make_game: Factory, turns: Any, known_board: dict[str, Any]
) -> None:
    # Your Specialist walks Path B (3 spaces, the third its City) and takes City Bonus B:
    # +3 VP and exactly one Edict to issue.
    game = make_game(**{**known_board, "city_tiles": {"B": ("B",)}})
    for _ in range(3):
        if game.state.phase is Phase.FREDERICK:
            turns.frederick(game)
        turns.play(game, "promote")
        game.push(Promote(specialist=0, path="B"))
    game.push(ChooseCityBonus(tile="B"))
    assert game.state.player.vp == 3
    assert [duty.kind for duty in game.state.pending] == ["issue_edict"]
    before = game.state.edicts
    game.push(PlayerEdict(slot=0, choice={EdictKind.TOWER: "add"}, replacement=0))
    after = game.state.edicts
    assert [i for i in range(3) if after.active[i] != before.active[i]] == [0]
    assert game.state.palace.towers == 4
    # What follows is the reward of that Edict, not a second Edict.
    assert [duty.kind for duty in game.state.pending] == ["edict_reward"]
