"""Issue an Edict, as owed after a Keep (or opened without an obligation): three steps of
lists, only the legal add/remove combinations, best ally income first, Backspace goes back.
Ported from the player-dialog tests to reach the Edict through real events."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from companion.ui.screens.modals.issue_edict import IssueEdictModal
from solo_deck import EdictKind, PalaceLimits, edict_advice
from solo_deck.events import Correct, Event, PlayerEdict
from solo_deck.model.palace import Direction
from tests.app.followup_helpers import TYPED_KEEP as KEEP
from tests.app.followup_helpers import Host, owed
from tests.app.followup_helpers import typed_game as start_game

# The Edict dialog's choice of Active tile, as in games saved before the boards were
# known; with the boards the reward picks the tile first (test_edict_reward_first.py).
from tests.app.pilot_helpers import press_and_settle, settle


def option_texts(app: Host) -> list[tuple[str, bool]]:
    """Each line's text after its digit (the digits are 1, 2, 3… in order)."""
    options = app.screen.query_one("#choices", OptionList)
    lines = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    assert [line.split("  ", 1)[0] for line in lines] == [str(n + 1) for n in range(len(lines))]
    return [
        (line.split("  ", 1)[1], options.get_option_at_index(i).disabled)
        for i, line in enumerate(lines)
    ]


async def test_issue_edict_answers_the_edict_owed(tmp_path: Path) -> None:
    session = start_game(tmp_path, KEEP)
    app = Host(session, owed(IssueEdictModal))
    async with app.shown() as pilot:
        assert app.text_of("#owed") == "You built a Keep: issue an Edict (Active I, II or III)."
        assert app.focused_id() == "choices"
        assert not app.has_decline()
        await pilot.press("ctrl+d")
        await press_and_settle(pilot, "enter", "enter", "enter")
    assert app.results == [PlayerEdict(slot=0, choice={"T": "add"}, replacement=0)]
    session.push(app.results[0])
    assert session.state.obligation is not None
    assert session.state.obligation.kind == "edict_reward"


async def test_issue_edict_without_an_obligation_still_works(tmp_path: Path) -> None:
    session = start_game(tmp_path, KEEP)
    app = Host(session, lambda state, rules: IssueEdictModal(state, rules))
    async with app.shown() as pilot:
        assert not app.screen.query("#owed")
        await pilot.press("enter", "enter", "backspace")  # back to step 2
        await settle(pilot)
        await press_and_settle(pilot, "enter", "enter")
    assert app.results == [PlayerEdict(slot=0, choice={"T": "add"}, replacement=0)]


async def test_issue_edict_refused_by_the_engine_shows_inline(tmp_path: Path) -> None:
    session = start_game(tmp_path)  # nothing is owed
    app = Host(session, lambda state, rules: IssueEdictModal(state, rules))
    async with app.shown() as pilot:
        await press_and_settle(pilot, "enter", "enter", "enter")
        assert app.dialog_error().startswith("Play a card first")
        await press_and_settle(pilot, "escape")
    assert app.results == [None]


async def test_edict_choices_are_the_legal_ones_ranked_by_ally_income(tmp_path: Path) -> None:
    # With Domentzia (Frederick 2+ Keeps) adding the Keep of "1W 1K" is worth 2 VP, so the
    # two choices that add it come first although the rules list them first and third.
    session = start_game(tmp_path, KEEP, player={"allies": ("domentzia",)})
    rules = session.ruleset
    state = session.state
    limits = PalaceLimits.from_ruleset(rules)
    app = Host(session, owed(IssueEdictModal))
    async with app.shown() as pilot:
        step1 = option_texts(app)
        assert [t.split(":")[0] for t, _ in step1] == ["Active I", "Active II", "Active III"]
        assert "best: +2 VP" in step1[1][0]
        choices = app.screen.query_one("#choices", OptionList)
        assert choices.highlighted == 1  # the list opens on the best Edict
        await press_and_settle(pilot, "2")  # Active II: 1W 1K, at once
        tile = state.edicts.active[1]
        assert tile is not None
        legal = state.palace.legal_player_choices(tile, limits)
        rows = [row for row in edict_advice(state, rules) if row.slot == 1]
        assert sorted(map(str, (r.choice for r in rows))) == sorted(map(str, legal))
        assert [row.gain for row in rows] == [2, 2, 0, 0]
        expected = [
            ", ".join(c.describe() for c in state.palace.player_changes(tile, row.choice, limits))
            + f"  income {row.income_before} → {row.income_after} ({row.gain:+d} VP)"
            for row in rows
        ]
        assert [t for t, _ in option_texts(app)] == expected
        screen = app.screen
        assert isinstance(screen, IssueEdictModal)
        assert screen.choices == [row.choice for row in rows]
        assert screen.choices[1] == legal[2]  # remove the Wall, add the Keep
        assert "Domentzia" in str(app.screen.query_one("#allies", Static).render())
        await press_and_settle(pilot, "down", "enter")
        assert [t.split(":")[0] for t, _ in option_texts(app)] == ["Next I", "Next II", "Next III"]
        assert choices.highlighted == 1  # below the space issued
        await press_and_settle(pilot, "3")
    assert app.results == [PlayerEdict(slot=1, choice=legal[2], replacement=2)]


async def test_edict_forced_direction_lists_one_choice_and_back_works(tmp_path: Path) -> None:
    # Frederick has 1 Keep of 3: 2 Keeps can only be added.
    session = start_game(tmp_path, KEEP, active=("2K", "1W 1K", "2G 1A"))
    app = Host(session, owed(IssueEdictModal))
    async with app.shown() as pilot:
        await press_and_settle(pilot, "enter")
        assert [t for t, _ in option_texts(app)] == ["add 2 Keeps (3/3)  income 0 → 0 (+0 VP)"]
        await press_and_settle(pilot, "backspace")
        assert option_texts(app)[0][0].startswith("Active I: 2K")
        await press_and_settle(pilot, "enter", "enter", "enter")
    assert app.results == [
        PlayerEdict(slot=0, choice={EdictKind.KEEP: Direction.ADD}, replacement=0)
    ]


async def test_edict_empty_slots_disabled_and_no_next_skips_step_three(tmp_path: Path) -> None:
    emptied: list[Event] = [
        Correct(target="edicts.active.0", value=None),
        *(Correct(target=f"edicts.next.{i}", value=None) for i in range(3)),
    ]
    session = start_game(tmp_path, [*emptied, *KEEP])
    app = Host(session, owed(IssueEdictModal))
    async with app.shown() as pilot:
        assert [d for _, d in option_texts(app)] == [True, False, False]
        await pilot.press("enter")  # the highlight starts on Active II
        await settle(pilot)
        await press_and_settle(pilot, "enter")
    assert len(app.results) == 1
    result = app.results[0]
    assert isinstance(result, PlayerEdict)
    assert result.slot == 1 and result.replacement is None


async def test_edict_step_two_fits_80_by_24(tmp_path: Path) -> None:
    session = start_game(tmp_path, KEEP, player={"allies": ("domentzia", "tento", "theophilos")})
    app = Host(session, owed(IssueEdictModal))
    async with app.shown(size=(80, 24)) as pilot:
        await press_and_settle(pilot, "2")
        assert len(option_texts(app)) == 4
        assert app.screen.query_one("#dialog").max_scroll_y == 0
