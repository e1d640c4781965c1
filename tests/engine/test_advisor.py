"""The Edict advisor: every legal choice with its effect on ally income, best first."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo_deck import (
    Direction,
    Edict,
    EdictKind,
    EdictRow,
    Gains,
    GameSetup,
    GameState,
    Grant,
    Palace,
    PalaceLimits,
    PlayerState,
    RuleError,
    SoloGame,
    Specialist,
    ally_income,
    describe_grant,
    load_ruleset,
    parse_edict,
)
from solo_deck.data.loaders import allies_by_id
from solo_deck.insight.advisor import edict_advice, what_if
from solo_deck.setup import initial_state

LIMITS = PalaceLimits.from_ruleset()
RULES = load_ruleset()
ALLY_IDS = sorted(allies_by_id())
ADD, REMOVE = Direction.ADD, Direction.REMOVE


def with_row(state: GameState, *tiles: str | None, **update: object) -> GameState:
    active = tuple(parse_edict(t) if t else None for t in tiles)
    row = state.edicts.model_copy(update={"active": active})
    return state.model_copy(update={"edicts": row, **update})


# --- hand-computed cases --------------------------------------------------------------------


def test_rows_list_every_choice_sorted_by_gain(make_game: Callable[..., SoloGame]) -> None:
    # Frederick starts with 2 Towers, 2 Walls, 1 Keep. You: 3 Towers, 2 Walls.
    # Severin: you have more Towers (3 > 2: met). Castellan: more Walls (2 vs 2: not met).
    player = PlayerState(allies=("severin", "castellan"), towers=3, walls=2)
    state = with_row(make_game().state, "2T", "1W 1K", None, player=player)
    rows = edict_advice(state)
    # 2T: add (4 Towers, Severin lost: -2) or remove (0). 1W 1K: W add/remove × K add/remove.
    assert len(rows) == 2 + 4
    assert [(r.slot, r.choice, r.gain) for r in rows] == [
        (1, {EdictKind.WALL: REMOVE, EdictKind.KEEP: ADD}, 2),
        (1, {EdictKind.WALL: REMOVE, EdictKind.KEEP: REMOVE}, 2),
        (0, {EdictKind.TOWER: REMOVE}, 0),
        (1, {EdictKind.WALL: ADD, EdictKind.KEEP: ADD}, 0),
        (1, {EdictKind.WALL: ADD, EdictKind.KEEP: REMOVE}, 0),
        (0, {EdictKind.TOWER: ADD}, -2),
    ]
    best = rows[0]
    assert (best.income_before, best.income_after) == (4, 6)
    severin, castellan = best.allies
    assert (severin.met_before, severin.met_after, severin.gain) == (True, True, 0)
    assert (castellan.met_before, castellan.met_after, castellan.gain) == (False, True, 2)
    assert castellan.changed and not severin.changed
    assert castellan.reason_before == "you 2 vs Frederick 2 Walls, needs you > him"
    assert castellan.reason_after == "you 2 vs Frederick 1 Walls, needs you > him"
    assert best.palace_after.walls == 1 and best.palace_after.keeps == 2
    assert best.describe() == (
        "Edict II (1W 1K): remove 1 Wall, add 1 Keep → ally income 4 → 6 (+2); "
        "reward: +1 resource of your choice"
    )
    worst = rows[-1]
    assert worst.allies[0].reason_after == "you 3 vs Frederick 4 Towers, needs you > him"


def test_only_legal_directions_are_offered(make_game: Callable[..., SoloGame]) -> None:
    # Frederick's Grain is 1: removing 2 Grain is impossible, so 2G can only be added.
    state = with_row(make_game().state, None, "2G", None)
    rows = edict_advice(state)
    assert [r.choice for r in rows] == [{EdictKind.GRAIN: ADD}]
    with pytest.raises(RuleError, match="cannot remove 2 Grain"):
        what_if(state, 1, {EdictKind.GRAIN: REMOVE})


def test_reward_text_is_copied_onto_its_slot(make_game: Callable[..., SoloGame]) -> None:
    # Active I's reward is not in our data: the text typed for it is shown
    state = with_row(make_game().state, "2T", None, "1W")
    rows = edict_advice(state, reward={0: "2 VP", 1: "ignored: empty"})
    assert {r.slot: r.reward for r in rows} == {0: "2 VP", 2: None}
    for r in rows:
        assert r.describe().endswith("; reward: 2 VP") == (r.slot == 0)


def test_rewards_the_engine_knows_are_shown_without_typing(
    make_game: Callable[..., SoloGame],
) -> None:
    # Issue 26: the What if ignored the rewards the game already knows. Active II's is in
    # the ruleset; Active I's was told once (when first taken); a typed text never hides
    # either of them.
    state = with_row(make_game().state, "2T", "1W", "1K")
    board = state.board.with_reward(0, Grant(gain=Gains(augustales=3)))
    state = state.model_copy(update={"board": board})
    rows = edict_advice(state, reward={0: "typed", 1: "typed", 2: "2 VP"})
    assert {r.slot: r.reward for r in rows} == {
        0: "+3 Augustales",
        1: "+1 resource of your choice",
        2: "2 VP",
    }
    row = what_if(state, 1, {EdictKind.WALL: ADD})
    assert row.reward == "+1 resource of your choice"
    assert what_if(state, 2, {EdictKind.KEEP: ADD}, reward="2 VP").reward == "2 VP"


def test_what_if_matches_the_listed_row(make_game: Callable[..., SoloGame]) -> None:
    player = PlayerState(allies=("romigi", "domentzia", "theophilos"), grain=2)
    state = with_row(make_game().state, "1T 1G", "1K", "2A", player=player)
    for row in edict_advice(state, reward={0: "x"}):
        again = what_if(state, row.slot, row.choice, reward=row.reward)
        assert again == row
    # choices may be given as plain strings, as events store them
    text_choice = {EdictKind("K"): Direction("add")}
    assert what_if(state, 1, text_choice).gain == 2  # Domentzia: Frederick 2 Keeps


def test_what_if_refuses_empty_slots_and_strangers(make_game: Callable[..., SoloGame]) -> None:
    state = with_row(make_game().state, "2T", None, "1K")
    with pytest.raises(RuleError, match="Active II is empty"):
        what_if(state, 1, {EdictKind.TOWER: ADD})
    with pytest.raises(RuleError, match="no Active space"):
        what_if(state, 3, {EdictKind.TOWER: ADD})
    with pytest.raises(RuleError, match="shows no Keep"):
        what_if(state, 0, {EdictKind.TOWER: ADD, EdictKind.KEEP: ADD})
    with pytest.raises(RuleError, match="choose add or remove"):
        what_if(state, 0, {})


def test_no_active_tile_no_advice(make_game: Callable[..., SoloGame]) -> None:
    assert edict_advice(with_row(make_game().state, None, None, None)) == []


# --- the property: the advisor's figures are ally_income's ---------------------------------

# At most three kinds per tile (at most 8 choices each) keeps the property fast.
edicts = st.dictionaries(
    st.sampled_from(list(EdictKind)), st.integers(1, 3), min_size=1, max_size=3
).map(lambda counts: Edict(**{kind.field: n for kind, n in counts.items()}))


@st.composite
def palaces(draw: st.DrawFn) -> Palace:
    return Palace(**{kind.field: draw(st.integers(*LIMITS.bounds(kind))) for kind in EdictKind})


@st.composite
def players(draw: st.DrawFn) -> PlayerState:
    paths = st.sampled_from(["A", "B", "C"])
    specialists = []
    for _ in range(3):
        path = draw(st.none() | paths)
        space = 0 if path is None else draw(st.integers(1, 3 if path == "B" else 5))
        specialists.append(Specialist(path=path, space=space))
    return PlayerState(
        grain=draw(st.integers(0, 9)),
        stone=draw(st.integers(0, 9)),
        augustales=draw(st.integers(0, 30)),
        towers=draw(st.integers(0, 5)),
        walls=draw(st.integers(0, 5)),
        keeps=draw(st.integers(0, 3)),
        allies=tuple(draw(st.lists(st.sampled_from(ALLY_IDS), unique=True, max_size=8))),
        specialists=tuple(specialists),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    palace=palaces(),
    player=players(),
    row=st.tuples(st.none() | edicts, st.none() | edicts, st.none() | edicts),
    data=st.data(),
)
def test_advice_agrees_with_ally_income_before_and_after_every_choice(
    palace: Palace,
    player: PlayerState,
    row: tuple[Edict | None, Edict | None, Edict | None],
    data: st.DataObject,
    base_state: GameState,
) -> None:
    state = base_state.model_copy(
        update={
            "palace": palace,
            "player": player,
            "edicts": EdictRow(active=row, next=(None, None, None), pile=0),
        }
    )
    reward = data.draw(st.dictionaries(st.integers(0, 2), st.text(max_size=5)))
    rows = edict_advice(state, RULES, reward)
    before = ally_income(player, palace, ruleset=RULES)
    expected = [
        (slot, choice)
        for slot, tile in enumerate(row)
        if tile is not None
        for choice in palace.legal_player_choices(tile, LIMITS)
    ]
    assert sorted((r.slot, sorted(r.choice.items())) for r in rows) == sorted(
        (slot, sorted(choice.items())) for slot, choice in expected
    )
    for r in rows:
        tile = row[r.slot]
        assert tile is not None and r.tile == tile
        palace_after = palace.apply_player(tile, r.choice, LIMITS)
        after = ally_income(player, palace_after, ruleset=RULES)
        assert r.palace_after == palace_after
        assert r.changes == tuple(palace.player_changes(tile, r.choice, LIMITS))
        assert (r.income_before, r.income_after) == (before.total, after.total)
        assert r.gain == after.total - before.total == sum(a.gain for a in r.allies)
        assert [(a.ally_id, a.met_before, a.vp_before, a.reason_before) for a in r.allies] == [
            (line.ally_id, line.met, line.vp, line.reason) for line in before.lines
        ]
        assert [(a.ally_id, a.met_after, a.vp_after, a.reason_after) for a in r.allies] == [
            (line.ally_id, line.met, line.vp, line.reason) for line in after.lines
        ]
        known = state.board.edict_rewards[r.slot]
        assert r.reward == (reward.get(r.slot) if known.unknown else describe_grant(known))
    # sorted by gain, ties by slot then the order of legal_player_choices
    order = [(-r.gain, r.slot, expected.index((r.slot, r.choice))) for r in rows]
    assert order == sorted(order)


@pytest.fixture(scope="module")
def base_state() -> GameState:
    tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    return initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
