"""Ally income: 1 VP per Ally plus 2 when its condition holds, checked against Frederick."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solo_deck import Palace, PlayerState, RuleError, SoloGame, Specialist, ally_income
from solo_deck.data.loaders import allies_by_id
from solo_deck.events import (
    Build,
    CastleIncome,
    Correct,
    EndRound,
    Reorganise,
    ScoreAllyIncome,
    SummonAlly,
)
from solo_deck.model.allies import AllyKind

# Frederick in the rulebook's Ally income example: 6 Augustales, 1 Stone, 3 Grain, 2 Allies,
# 1 Keep, 2 Walls, 3 Towers, and his Specialist on the second Workplace.
EXAMPLE_FREDERICK = Palace(
    grain=3, stone=1, treasury=6, towers=3, walls=2, keeps=1, allies=2, specialist=2
)


def test_rulebook_example_jack_scores_seven() -> None:
    # Gisèle: 3 Allies against Frederick's 2 → 3 VP. Castellan: more Walls (3 > 2) → 3 VP.
    # Tento: Frederick lacks the 9 Augustales → 1 VP. 3 + 3 + 1 = 7.
    jack = PlayerState(allies=("gisele", "castellan", "tento"), towers=1, walls=3)
    income = ally_income(jack, EXAMPLE_FREDERICK)
    assert [(line.name, line.vp) for line in income.lines] == [
        ("Gisèle", 3),
        ("Castellan", 3),
        ("Tento", 1),
    ]
    assert income.total == 7


def test_rulebook_example_noa_scores_four() -> None:
    # Gregoria: Noa's 7 Structures outnumber Frederick's 6 → 3 VP. Philaretos: Frederick's
    # Specialist is on the 2nd Workplace, not the 3rd → 1 VP. 3 + 1 = 4.
    noa = PlayerState(allies=("gregoria-1", "philaretos"), towers=3, walls=3, keeps=1)
    assert EXAMPLE_FREDERICK.structures == 6
    income = ally_income(noa, EXAMPLE_FREDERICK)
    assert [line.vp for line in income.lines] == [3, 1]
    assert income.total == 4
    assert (
        income.lines[1].reason
        == "Frederick's Specialist on Workplace 2 of Path A, needs Workplace 3+"
    )
    assert income.lines[0].reason == "you 7 vs Frederick 6 Structures, needs you > him"


def test_noa_with_only_as_many_structures_gets_no_gregoria_bonus() -> None:
    noa = PlayerState(allies=("gregoria-2",), towers=3, walls=2, keeps=1)
    assert ally_income(noa, EXAMPLE_FREDERICK).total == 1


# Each row: Ally, the player's values, Frederick's values, whether the +2 applies.
# Read from the appendix: "more" is strict, "at least as much" lets a tie count.
CASES: list[tuple[str, dict[str, Any], dict[str, int], bool]] = [
    ("theophilos", {"grain": 2}, {"grain": 2}, True),  # at least as much Grain
    ("theophilos", {"grain": 1}, {"grain": 2}, False),
    ("maumettu", {"stone": 3}, {"stone": 3}, True),
    ("maumettu", {"stone": 2}, {"stone": 3}, False),
    ("altair", {"augustales": 10}, {"treasury": 9}, True),  # more coins than his Treasury
    ("altair", {"augustales": 9}, {"treasury": 9}, False),
    ("severin", {"towers": 3}, {"towers": 2}, True),
    ("severin", {"towers": 2}, {"towers": 2}, False),
    ("castellan", {"walls": 3}, {"walls": 2}, True),
    ("castellan", {"walls": 2}, {"walls": 2}, False),
    ("idalia", {"keeps": 2}, {"keeps": 1}, True),
    ("idalia", {"keeps": 1}, {"keeps": 1}, False),
    ("gregoria-1", {"towers": 3, "walls": 2, "keeps": 1}, {"towers": 2, "keeps": 1}, True),
    ("gregoria-2", {"towers": 2, "walls": 2, "keeps": 1}, {"towers": 2, "keeps": 1}, False),
    ("gisele", {"allies": ("gisele", "tento", "romigi")}, {"allies": 2}, True),
    ("gisele", {"allies": ("gisele", "tento")}, {"allies": 2}, False),
    ("mocenigo", {"specialists": (Specialist(path="B", space=3),)}, {"specialist": 2}, True),
    ("mocenigo", {"specialists": (Specialist(path="A", space=2),)}, {"specialist": 2}, False),
    ("sigeberht", {}, {"grain": 3}, True),
    ("sigeberht", {"grain": 9}, {"grain": 2}, False),
    ("okechukwu", {}, {"stone": 3}, True),
    ("okechukwu", {}, {"stone": 2}, False),
    ("tento", {}, {"treasury": 9}, True),  # 9 Augustales = 3 Treasury steps
    ("tento", {}, {"treasury": 6}, False),
    ("romigi", {}, {"towers": 3}, True),
    ("romigi", {}, {"towers": 2}, False),
    ("balthasar", {}, {"walls": 3}, True),
    ("balthasar", {}, {"walls": 2}, False),
    ("domentzia", {}, {"keeps": 2}, True),
    ("domentzia", {}, {"keeps": 1}, False),
    ("sebastian-1", {}, {"towers": 3, "walls": 2, "keeps": 1}, True),  # 6 Structures
    ("sebastian-2", {}, {"towers": 2, "walls": 2, "keeps": 1}, False),  # 5
    ("gisela", {}, {"allies": 3}, True),
    ("gisela", {}, {"allies": 2}, False),
    ("philaretos", {}, {"specialist": 3}, True),
    ("philaretos", {}, {"specialist": 2}, False),
]


@pytest.mark.parametrize(
    ("ally_id", "mine", "his", "met"), CASES, ids=[f"{c[0]}-{c[3]}" for c in CASES]
)
def test_each_ally_condition_at_its_boundary(
    ally_id: str, mine: dict[str, Any], his: dict[str, int], met: bool
) -> None:
    player = PlayerState(**{"allies": (ally_id,), **mine})
    palace = Palace.initial().model_copy(update=his)
    income = ally_income(player, palace)
    line = next(line for line in income.lines if line.ally_id == ally_id)
    assert line.met is met
    assert line.vp == (3 if met else 1)


def test_every_ally_has_a_boundary_case() -> None:
    assert {c[0] for c in CASES} == set(allies_by_id())


def test_sigeberht_is_a_loyalist_reading_only_frederick() -> None:
    sigeberht = allies_by_id()["sigeberht"]
    assert sigeberht.kind is AllyKind.LOYALIST
    assert sigeberht.condition.kind == "frederick_at_least"
    # The player's own Grain does not matter, only Frederick's Reserve.
    rich = PlayerState(allies=("sigeberht",), grain=9)
    assert ally_income(rich, Palace.initial().model_copy(update={"grain": 2})).total == 1
    poor = PlayerState(allies=("sigeberht",), grain=0)
    assert ally_income(poor, Palace.initial().model_copy(update={"grain": 3})).total == 3


def test_no_allies_no_income() -> None:
    income = ally_income(PlayerState(), Palace.initial())
    assert income.lines == () and income.total == 0


def test_unknown_ally_id_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="nobody"):
        ally_income(PlayerState(allies=("nobody",)), Palace.initial())


def test_ally_income_uses_the_ruleset_vp(ruleset_with: Callable[..., Any]) -> None:
    player = PlayerState(allies=("tento", "romigi"))
    palace = Palace.initial().model_copy(update={"treasury": 9})
    lines = ally_income(player, palace).lines
    assert [(line.met, line.vp) for line in lines] == [(True, 3), (False, 1)]
    rules = ruleset_with(("scoring", "ally_base_vp", 2), ("scoring", "ally_bonus_vp", 5))
    income = ally_income(player, palace, ruleset=rules)
    assert [line.vp for line in income.lines] == [7, 2]
    assert income.total == 9


def test_a_custom_catalogue_can_be_passed() -> None:
    tento = allies_by_id()["tento"]
    income = ally_income(PlayerState(allies=("x",)), Palace.initial(), allies={"x": tento})
    assert income.lines[0].name == "Tento"


# --- in a game ---------------------------------------------------------------------------------


def summon(game: SoloGame, turns: Any, **kwargs: Any) -> None:
    """Play a card face down to summon, then summon."""
    turns.play(game, "summon")
    game.push(SummonAlly(**kwargs))


AllyGame = Callable[..., SoloGame]


@pytest.fixture
def game_with_ally(make_game: Callable[..., SoloGame], turns: Any) -> AllyGame:
    """``game_with_ally(ally_id, grain=...)``: a game whose first turn summons ``ally_id``,
    face up in Roma, for ``grain`` Grain; Frederick has taken his turn after it."""

    def factory(ally_id: str, grain: int) -> SoloGame:
        game = make_game(port_allies=(ally_id,))
        summon(game, turns, ally_id=ally_id, grain=grain)
        turns.frederick(game)
        return game

    return factory


def test_score_ally_income_event_adds_the_vp_once(game_with_ally: AllyGame, turns: Any) -> None:
    game = game_with_ally("gisela", grain=1)
    game.push(Correct(target="palace.allies", value=3))
    game.push(Correct(target="player.vp", value=10))
    # Frederick has used his actions, so passing goes straight to the End Phase.
    turns.to_end_phase(game)
    game.push(CastleIncome())  # may be taken even when it is nothing (no side is closed)
    game.push(ScoreAllyIncome())
    assert game.state.player.vp == 13
    assert game.state.end_phase.ally_income == 3
    assert game.log[-1] == "Ally income: +3 VP (Gisela 3)"
    with pytest.raises(RuleError, match="already scored"):
        game.push(ScoreAllyIncome())


def test_castle_income_comes_first_and_can_meet_theophilos(
    game_with_ally: AllyGame, turns: Any
) -> None:
    # Theophilos wants at least as much Grain as Frederick's Reserve: 0 against 2 is not met,
    # but a Grain side's income (taken first, as the rulebook orders) meets it with 1 Grain
    # against Frederick's 1.
    game = game_with_ally("theophilos", grain=0)
    game.push(Correct(target="player.grain", value=0))
    game.push(Correct(target="player.walls", value=2))
    game.push(Correct(target="player.towers", value=2))
    turns.play(game, "build")
    game.push(Build(structure="tower", closes=("grain",)))
    assert game.state.player.grain == 1  # the side paid its Grain at once
    game.push(Correct(target="player.grain", value=0))
    turns.frederick(game)
    game.push(Correct(target="palace.grain", value=1))
    turns.to_end_phase(game)
    state = game.state
    before = ally_income(state.player, state.palace, ruleset=game.setup.ruleset)
    assert [(line.ally_id, line.met, line.vp) for line in before.lines] == [
        ("theophilos", False, 1)
    ]
    with pytest.raises(RuleError, match="take the castle income first"):
        game.push(ScoreAllyIncome())
    assert game.state == state
    game.push(CastleIncome())
    assert game.log[-1] == "Castle income from 1 closed side — Grain side: +1 Grain"
    state = game.state
    after = ally_income(state.player, state.palace, ruleset=game.setup.ruleset)
    assert [(line.ally_id, line.met, line.vp) for line in after.lines] == [("theophilos", True, 3)]
    game.push(ScoreAllyIncome())
    assert game.state.end_phase.ally_income == 3
    assert game.state.player.vp == state.player.vp + 3
    assert game.log[-1] == "Ally income: +3 VP (Theophilos 3)"


def test_summon_refuses_an_unknown_ally_id(make_game: Callable[..., SoloGame], turns: Any) -> None:
    game = make_game()
    with pytest.raises(RuleError, match="no Ally with id 'nobody'"):
        summon(game, turns, ally_id="nobody")
    assert game.state.player.allies == ()


def test_summon_refuses_a_second_identical_ally(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    # "Your Castle may never contain two identical Allies": Gregoria is printed on two tiles.
    game = make_game()
    game.push(Correct(target="player.towers", value=3))  # room for 3 Allies
    summon(game, turns, ally_id="gregoria-1")
    turns.frederick(game)
    game.push(Correct(target="voyage.player", value=1))
    turns.play(game, "summon")
    with pytest.raises(RuleError, match="Gregoria is already in your castle"):
        game.push(SummonAlly(ally_id="gregoria-2"))
    with pytest.raises(RuleError, match="already in your castle"):
        game.push(SummonAlly(ally_id="gregoria-1"))
    game.push(SummonAlly(ally_id="sebastian-1"))
    assert game.state.player.allies == ("gregoria-1", "sebastian-1")


def test_summon_pays_grain_and_takes_the_face_up_ally(
    make_game: Callable[..., SoloGame], turns: Any
) -> None:
    game = make_game()
    turns.play(game, "summon")
    with pytest.raises(RuleError, match="only 1 Grain, not 3"):
        game.push(SummonAlly(ally_id="tento", grain=3))
    game.push(SummonAlly(ally_id="tento", grain=1))
    assert game.state.player.grain == 0
    assert not game.state.voyage.ports[0].allies[0].face_up
    assert game.log[-1].startswith("You summoned Tento in Roma, paid 1 Grain")
    # The uncovered Ally beneath is not face up until reorganisation.
    turns.frederick(game)
    game.push(Correct(target="player.towers", value=2))
    assert "summon_ally" not in game.allowed()
    turns.play(game, "summon")
    assert game.why_not("summon_ally") == "there is no face-up Ally in Roma: decline it"
    with pytest.raises(RuleError, match="no face-up Ally in Roma"):
        game.push(SummonAlly(ally_id="romigi"))


def test_mocenigo_compares_board_columns_not_spaces() -> None:
    # Path B's third space is its City: level with the other Cities, so ahead of any Village
    # space of Path A, where Frederick's Specialist stands (space 4, column 4).
    frederick = EXAMPLE_FREDERICK.model_copy(update={"specialist": 4})
    in_b_city = PlayerState(
        allies=("mocenigo",), towers=2, specialists=(Specialist(path="B", space=3),)
    )
    assert in_b_city.furthest_column() == 5
    line = ally_income(in_b_city, frederick).lines[0]
    assert (line.met, line.vp) == (True, 3)
    assert line.reason == (
        "your furthest Specialist in Workplace column 5 vs Frederick's in 4, needs yours ahead"
    )
    in_b_countryside = PlayerState(
        allies=("mocenigo",), towers=2, specialists=(Specialist(path="B", space=2),)
    )
    assert ally_income(in_b_countryside, frederick).lines[0].met is False


def test_with_no_closed_side_ally_income_needs_no_empty_castle_income(
    game_with_ally: AllyGame, turns: Any
) -> None:
    # Issue 26: with no side of the castle closed there is no castle income to take, so the
    # ally income may be scored at once; it marks the (empty) castle income as taken.
    game = game_with_ally("gisela", grain=1)
    game.push(Correct(target="palace.allies", value=3))
    turns.to_end_phase(game)
    assert not game.state.player.closed_sides
    assert {"castle_income", "ally_income"} <= game.allowed()
    with pytest.raises(RuleError, match="before ending the round: score the ally income, then"):
        game.push(EndRound())
    game.push(ScoreAllyIncome())
    assert game.state.end_phase.ally_income == 3
    assert game.state.end_phase.castle_income
    assert game.log[-1] == "Ally income: +3 VP (Gisela 3); no side is closed: no castle income"
    assert "castle_income" not in game.allowed()
    game.push(Reorganise())
    game.push(EndRound())
    assert game.state.round == 2


def test_a_closed_side_still_asks_its_income_first(game_with_ally: AllyGame, turns: Any) -> None:
    game = game_with_ally("gisela", grain=1)
    game.push(Correct(target="player.walls", value=2))
    game.push(Correct(target="player.towers", value=2))
    turns.play(game, "build")
    game.push(Build(structure="tower", closes=("vp",)))
    turns.to_end_phase(game)
    assert game.state.player.closed_sides == ("vp",)
    assert "ally_income" not in game.allowed()
    with pytest.raises(RuleError, match="take the castle income, then score the ally income"):
        game.push(EndRound())


@pytest.mark.parametrize(
    ("player", "scored"),
    [
        # Jack: Gisèle (3 Allies > 2) 3, Castellan (3 Walls > 2) 3, Tento (6 < 9 Augustales) 1
        ({"allies": ("gisele", "castellan", "tento"), "towers": 2, "walls": 3}, 7),
        # Noa: Gregoria (7 Structures > 6) 3, Philaretos (his Specialist on Workplace 2) 1
        ({"allies": ("gregoria-1", "philaretos"), "towers": 3, "walls": 3, "keeps": 1}, 4),
    ],
    ids=["jack", "noa"],
)
def test_rulebook_example_as_a_whole_end_phase(player: dict[str, Any], scored: int) -> None:
    """The Ally income example through the engine's End Phase on the packaged boards: the
    castle income (no side closed), the Allies' VP, the reorganisation, the next round."""
    from tests.engine.conftest import to_end_phase
    from tests.engine.test_rulebook_examples import table

    frederick = EXAMPLE_FREDERICK.model_dump()
    game = table(player=player | {"sites": None, "closed_sides": ()}, palace=frederick, hand=0)
    to_end_phase(game)
    before = game.state.player.vp
    game.push(CastleIncome())
    game.push(ScoreAllyIncome())
    assert game.state.player.vp - before == scored
    game.push(Reorganise())
    game.push(EndRound())
    assert game.state.round == 2 and game.state.player.vp - before == scored


def test_the_bots_yes_or_no_is_the_worded_answer_s_for_every_ally() -> None:
    """``condition_holds`` (what the bots ask, without words) answers as
    ``condition_met`` does, for every Ally on both sides of each of its thresholds."""
    from solo_deck.rules.income import condition_holds, condition_met

    players = [
        PlayerState(),
        PlayerState(allies=("tento", "gisele"), towers=2, walls=3, keeps=1, grain=4, stone=3),
        PlayerState(augustales=9, grain=9, stone=9, towers=4, walls=4, keeps=2),
    ]
    palaces = [
        Palace.initial(),
        EXAMPLE_FREDERICK,
        Palace(grain=9, stone=9, treasury=12, towers=4, walls=4, keeps=2, allies=4, specialist=5),
    ]
    answers = set()
    for ally in allies_by_id().values():
        for player in players:
            for palace in palaces:
                met, _ = condition_met(ally, player, palace)
                assert condition_holds(ally, player, palace) is met, (ally.id, player, palace)
                answers.add(met)
    assert answers == {True, False}
