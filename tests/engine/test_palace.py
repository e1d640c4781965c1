"""Frederick's palace: his own edicts (only add, capped) and the player's (add or remove)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from solo_deck import Direction, EdictKind, Palace, PalaceLimits, RuleError, parse_edict

LIMITS = PalaceLimits.from_ruleset()
ADD, REMOVE = Direction.ADD, Direction.REMOVE


def palace(**changes: int) -> Palace:
    """The setup palace with some fields changed."""
    return Palace.initial().model_copy(update=changes)


# --- setup and limits ------------------------------------------------------------------


def test_initial_palace_follows_the_central_board_setup() -> None:
    # Rulebook setup: 1 Grain and 1 Stone on the "1" spaces, the coin on Treasury "6",
    # 1 Keep, 2 Walls, 2 Towers, 2 Allies in the Court, Specialist on Path A's first space.
    assert Palace.initial() == Palace(
        grain=1, stone=1, treasury=6, towers=2, walls=2, keeps=1, allies=2, specialist=1
    )
    assert Palace.initial().structures == 5


def test_limits_from_the_packaged_ruleset() -> None:
    assert LIMITS.bounds(EdictKind.TOWER) == (0, 5)
    assert LIMITS.bounds(EdictKind.WALL) == (0, 5)
    assert LIMITS.bounds(EdictKind.KEEP) == (0, 3)
    assert LIMITS.bounds(EdictKind.COURT) == (0, 5)
    # Frederick's Specialist never leaves Path A: from its first space (1) to the City (5).
    assert LIMITS.bounds(EdictKind.PATH) == (1, 5)
    assert LIMITS.unit(EdictKind.AUGUSTALES) == 3
    assert all(LIMITS.unit(k) == 1 for k in EdictKind if k is not EdictKind.AUGUSTALES)


def test_check_limits_accepts_setup_and_rejects_out_of_range() -> None:
    Palace.initial().check_limits(LIMITS)
    with pytest.raises(RuleError, match="towers must be between 0 and 5, not 6"):
        palace(towers=6).check_limits(LIMITS)
    with pytest.raises(RuleError, match="specialist"):
        palace(specialist=6).check_limits(LIMITS)


def test_palace_model_rejects_negative_values_and_path_space_zero() -> None:
    with pytest.raises(ValidationError):
        Palace(grain=-1, stone=1, treasury=6, towers=2, walls=2, keeps=1, allies=2, specialist=1)
    with pytest.raises(ValidationError):
        Palace(grain=1, stone=1, treasury=6, towers=2, walls=2, keeps=1, allies=2, specialist=0)


# --- the Treasury icon -----------------------------------------------------------------


def test_treasury_icon_is_three_augustales_for_frederick() -> None:
    after = Palace.initial().apply_frederick(parse_edict("1A"), LIMITS)
    assert after.treasury == 6 + 3
    after = Palace.initial().apply_frederick(parse_edict("2A"), LIMITS)
    assert after.treasury == 6 + 6


def test_treasury_icon_is_three_augustales_for_the_player() -> None:
    edict = parse_edict("1A")
    assert Palace.initial().apply_player(edict, {EdictKind.AUGUSTALES: ADD}, LIMITS).treasury == 9
    assert (
        Palace.initial().apply_player(edict, {EdictKind.AUGUSTALES: REMOVE}, LIMITS).treasury == 3
    )


def test_treasury_cannot_lose_three_icons_from_six_coins() -> None:
    # Removing 3 steps would need 9 coins; with 6 the player must add.
    assert Palace.initial().legal_directions(EdictKind.AUGUSTALES, 3, LIMITS) == [ADD]


# --- Frederick's edicts ----------------------------------------------------------------


def test_frederick_only_adds_every_kind() -> None:
    start = palace(grain=2, stone=2, treasury=9, towers=3, walls=3, keeps=1, allies=3, specialist=2)
    after = start.apply_frederick(parse_edict("1G 1S 1A 1T 1W 1K 1C 1P"), LIMITS)
    assert after == Palace(
        grain=3, stone=3, treasury=12, towers=4, walls=4, keeps=2, allies=4, specialist=3
    )


def test_frederick_leftover_steps_are_ignored_rulebook_towers_example() -> None:
    # the solo rules' own case: 2 Tower icons with 4 Towers built gives 5, the spare icon lapses
    start = palace(towers=4)
    changes = start.frederick_changes(parse_edict("2T"), LIMITS)
    assert start.apply_frederick(parse_edict("2T"), LIMITS).towers == 5
    [change] = changes
    assert (change.before, change.after, change.ignored) == (4, 5, 1)
    assert change.describe() == "add 1 Tower (5/5, 1 ignored at the limit)"


def test_frederick_at_a_cap_changes_nothing_and_says_so() -> None:
    start = palace(keeps=3)
    assert start.apply_frederick(parse_edict("1K"), LIMITS) == start
    [change] = start.frederick_changes(parse_edict("1K"), LIMITS)
    assert change.ignored == 1
    assert change.describe().startswith("1 Keep ignored")


def test_frederick_treasury_leftover_is_ignored_at_the_top_of_the_track() -> None:
    start = palace(treasury=15)
    [change] = start.frederick_changes(parse_edict("3A"), LIMITS)
    assert change.after == LIMITS.treasury_max == 18
    # one step moved (3 coins), two steps ignored
    assert change.ignored == 2
    assert "Treasury 15 → 18" in change.describe()


def test_ignored_icons_use_the_ruleset_treasury_step() -> None:
    # With a Treasury step of 2 coins, 3 icons from 12 reach 18 exactly: nothing is ignored.
    limits = LIMITS.model_copy(update={"treasury_step": 2})
    [change] = palace(treasury=12).frederick_changes(parse_edict("3A"), limits)
    assert (change.after, change.ignored) == (18, 0)


def test_frederick_specialist_moves_only_forward_on_path_a_without_grain_cost() -> None:
    start = palace(specialist=3, grain=0)
    after = start.apply_frederick(parse_edict("1P"), LIMITS)
    assert after.specialist == 4
    # No Grain cost and nothing else changes (no City Bonus either).
    assert after.model_copy(update={"specialist": 3}) == start


def test_frederick_specialist_stops_in_the_city() -> None:
    start = palace(specialist=4)
    [change] = start.frederick_changes(parse_edict("3P"), LIMITS)
    assert (change.after, change.ignored) == (5, 2)
    assert start.apply_frederick(parse_edict("3P"), LIMITS).specialist == 5
    assert "Path A space 4 → 5" in change.describe()


# --- the player's edicts ---------------------------------------------------------------


def test_noa_example_walls_must_be_removed_and_keep_may_be_added() -> None:
    # Frederick's Castle has 4 Walls; the Edict shows 2 Walls and 1 Keep. Noa cannot add the
    # two Walls (that would make 6 of 5), so she removes both, and she chooses to add the Keep.
    start = palace(walls=4, keeps=1)
    edict = parse_edict("2W 1K")
    assert start.legal_directions(EdictKind.WALL, 2, LIMITS) == [REMOVE]
    assert set(start.legal_directions(EdictKind.KEEP, 1, LIMITS)) == {ADD, REMOVE}
    after = start.apply_player(edict, {EdictKind.WALL: REMOVE, EdictKind.KEEP: ADD}, LIMITS)
    assert (after.walls, after.keeps) == (2, 2)
    with pytest.raises(RuleError, match="must remove"):
        start.apply_player(edict, {EdictKind.WALL: ADD, EdictKind.KEEP: ADD}, LIMITS)
    assert start.legal_player_choices(edict, LIMITS) == [
        {EdictKind.WALL: REMOVE, EdictKind.KEEP: ADD},
        {EdictKind.WALL: REMOVE, EdictKind.KEEP: REMOVE},
    ]


def test_bernard_example_two_grain_added_one_augustalis_removed() -> None:
    # The Edict shows 2 Grain and 1 Augustalis: Bernard increases Frederick's Grain by 2 and
    # decreases his Augustales by one step, from 6 to 3.
    start = Palace.initial()
    after = start.apply_player(
        parse_edict("2G 1A"), {EdictKind.GRAIN: ADD, EdictKind.AUGUSTALES: REMOVE}, LIMITS
    )
    assert (after.grain, after.treasury) == (start.grain + 2, 3)
    assert after.model_copy(update={"grain": start.grain, "treasury": 6}) == start


def test_identical_icons_move_together() -> None:
    # 2 Towers from 2: both added (4) or both removed (0), never +1 -1.
    start = Palace.initial()
    edict = parse_edict("2T")
    results = {
        start.apply_player(edict, choice, LIMITS).towers
        for choice in start.legal_player_choices(edict, LIMITS)
    }
    assert results == {4, 0}


@pytest.mark.parametrize(
    ("changes", "edict", "kind", "forced", "refused", "reason"),
    [
        ({"stone": 0}, "1S", EdictKind.STONE, ADD, REMOVE, r"not enough to remove.*must add"),
        ({"allies": 5}, "1C", EdictKind.COURT, REMOVE, ADD, r"past the limit.*must remove"),
    ],
    ids=["what-cannot-be-removed-must-be-added", "what-cannot-be-added-must-be-removed"],
)
def test_a_direction_that_does_not_fit_is_refused_and_the_other_forced(
    changes: dict[str, int],
    edict: str,
    kind: EdictKind,
    forced: Direction,
    refused: Direction,
    reason: str,
) -> None:
    start = palace(**changes)
    assert start.legal_directions(kind, 1, LIMITS) == [forced]
    with pytest.raises(RuleError, match=reason):
        start.apply_player(parse_edict(edict), {kind: refused}, LIMITS)


def test_frederick_specialist_cannot_go_back_from_its_first_space() -> None:
    assert Palace.initial().legal_directions(EdictKind.PATH, 1, LIMITS) == [ADD]
    assert palace(specialist=2).legal_directions(EdictKind.PATH, 1, LIMITS) == [ADD, REMOVE]
    assert palace(specialist=5).legal_directions(EdictKind.PATH, 1, LIMITS) == [REMOVE]


def test_when_neither_direction_fits_both_are_allowed_and_the_track_stops_at_its_limit() -> None:
    # 3 Keeps with 2 built of 3: adding needs 5, removing needs -1.
    start = palace(keeps=2)
    edict = parse_edict("3K")
    assert set(start.legal_directions(EdictKind.KEEP, 3, LIMITS)) == {ADD, REMOVE}
    assert start.apply_player(edict, {EdictKind.KEEP: ADD}, LIMITS).keeps == 3
    assert start.apply_player(edict, {EdictKind.KEEP: REMOVE}, LIMITS).keeps == 0


def test_player_choice_must_cover_every_kind_and_only_those() -> None:
    edict = parse_edict("2T 1K")
    start = Palace.initial()
    with pytest.raises(RuleError, match="choose add or remove for 1 Keep"):
        start.apply_player(edict, {EdictKind.TOWER: ADD}, LIMITS)
    with pytest.raises(RuleError, match="shows no Grain"):
        start.apply_player(
            edict, {EdictKind.TOWER: ADD, EdictKind.KEEP: ADD, EdictKind.GRAIN: ADD}, LIMITS
        )


def test_player_choice_accepts_plain_strings_for_directions() -> None:
    after = Palace.initial().apply_player(
        parse_edict("1T"),
        {EdictKind.TOWER: "remove"},  # type: ignore[dict-item]
        LIMITS,
    )
    assert after.towers == 1


def test_legal_player_choices_is_the_product_of_free_kinds() -> None:
    # All four kinds can go either way in the setup palace (Grain 1, Stone 1, Towers 2, Walls 2).
    choices = Palace.initial().legal_player_choices(parse_edict("1G 1S 1T 1W"), LIMITS)
    assert len(choices) == 16
    assert len({tuple(sorted(c.items())) for c in choices}) == 16


def test_player_change_descriptions() -> None:
    start = Palace.initial()
    changes = start.player_changes(
        parse_edict("1A 1P 2T"),
        {EdictKind.AUGUSTALES: REMOVE, EdictKind.PATH: ADD, EdictKind.TOWER: REMOVE},
        LIMITS,
    )
    texts = [c.describe() for c in changes]
    assert texts == [
        "remove 3 Augustales (Treasury 6 → 3)",
        "remove 2 Towers (0/5)",
        "move forward 1 Specialist step (Path A space 1 → 2)",
    ]


def test_apply_never_mutates_the_original_palace() -> None:
    start = Palace.initial()
    start.apply_frederick(parse_edict("3T"), LIMITS)
    start.apply_player(parse_edict("1T"), {EdictKind.TOWER: ADD}, LIMITS)
    assert start == Palace.initial()
