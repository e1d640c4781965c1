"""A whole solo game played by keys: setup, three rounds with Frederick's turns (a crown
reshuffle, an edict at a cap, an empty-space fallback), player edicts, End Phases with ally
income, the game-end trigger, the final score and the record in the history. The same
script played through the engine alone must reach the same game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input, Select

from companion.app import StuporSoloApp
from companion.screens.end_phase import EndPhaseScreen
from companion.screens.final_score import FinalScoreScreen
from companion.screens.setup import SetupScreen
from companion.screens.start import StartScreen
from companion.screens.table import TableScreen
from companion.widgets.edict_input import EdictField
from companion.widgets.number_field import NumberField
from solo_deck import GameEndReason, Phase, final_score
from tests.app.game_script import (
    ACTIVE,
    NEXT,
    PILE,
    PORT_ALLIES,
    REVEALS,
    SEED,
    first_edict,
    play_in_engine,
    player_plan,
)
from tests.app.pilot_helpers import settle

SIZE = (120, 40)


async def type_text(pilot: Any, text: str) -> None:
    await pilot.press(*["space" if ch == " " else ch for ch in text])


async def fill_setup(app: StuporSoloApp, pilot: Any) -> None:
    await pilot.press("n")
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    screen.query_one("#seed", Input).value = str(SEED)
    screen.query_one("#pile", Input).value = str(PILE)
    for index, ally in enumerate(PORT_ALLIES):
        screen.query_one(f"#port-{index}", Select).value = ally
    fields = list(screen.query(EdictField))
    assert len(fields) == 6
    for field, text in zip(fields, (*ACTIVE, *NEXT), strict=True):
        field.query_one(Input).focus()
        await type_text(pilot, text)
    await settle(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)


async def answer_reveals(app: StuporSoloApp, pilot: Any, counter: list[int]) -> None:
    """Type each newly drawn Next tile while the app asks for one."""
    while app.session.game is not None and app.session.state.awaiting_reveal:
        await type_text(pilot, REVEALS[counter[0] % len(REVEALS)])
        await pilot.press("enter")
        counter[0] += 1
        await settle(pilot)


async def play_player_turn(app: StuporSoloApp, pilot: Any, reveals: list[int]) -> None:
    state = app.session.state
    for step in player_plan(state.turn, state.round):
        if step == "gain":
            await pilot.press("g", "2", "tab", "3", "enter")
        elif step == "summon":
            await pilot.press("a", "enter")  # Gisèle is known and preselected; 3 Grain
        elif step == "edict":
            if first_edict(app.session.game) is None:
                continue
            has_next = bool(app.session.state.edicts.non_empty_next())
            await pilot.press("e", "enter", "enter", *(["enter"] if has_next else []))
        elif step == "travel":
            await pilot.press("t", "enter")  # the next port clockwise: one free step
        await settle(pilot)
        await answer_reveals(app, pilot, reveals)
    await pilot.press("enter")  # end the turn
    await settle(pilot)


async def play_end_phase(app: StuporSoloApp, pilot: Any) -> None:
    """The rulebook's order: castle income, ally income, reorganisation, end of the round.

    The screen opens in the castle VP field, where letters are typed rather than taken as
    keys, so the castle income (all 0s) is recorded with Enter there, as the screen says;
    the ``c`` key itself is covered in test_end_phase_final."""
    screen = app.screen
    assert isinstance(screen, EndPhaseScreen)
    assert screen.query_one("#castle-vp", NumberField).input.has_focus
    await pilot.press("enter")
    await settle(pilot)
    assert app.session.state.end_phase.castle_income
    await pilot.press("a")
    await settle(pilot)
    assert app.session.state.end_phase.ally_income is not None
    await pilot.press("r")
    await settle(pilot)
    await pilot.press("e")
    await settle(pilot)


async def test_a_whole_game_by_keys_matches_the_engine_and_lands_in_the_history(
    tmp_path: Path,
) -> None:
    expected = play_in_engine()
    app = StuporSoloApp(tmp_path, insight=False)  # the odds have tests of their own
    reveals = [0]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await fill_setup(app, pilot)
        assert isinstance(app.screen, TableScreen)
        guard = 0
        while not isinstance(app.screen, FinalScoreScreen):
            guard += 1
            assert guard < 200, f"stuck on {app.screen!r}"
            state = app.session.state
            if isinstance(app.screen, EndPhaseScreen):
                await play_end_phase(app, pilot)
            elif state.phase is Phase.PLAYER:
                await play_player_turn(app, pilot, reveals)
            elif state.phase is Phase.FREDERICK:
                await pilot.press("space")
                await settle(pilot)
                await answer_reveals(app, pilot, reveals)
            else:
                raise AssertionError(f"unexpected phase {state.phase} on {app.screen!r}")

        game = app.session.game
        assert game is not None
        # the keys produced exactly the scripted game
        assert game.to_document()["events"] == expected.to_document()["events"]
        assert game.state == expected.state
        log = "\n".join(game.log)
        assert "Shuffle all 16 solo cards" in log  # a crown reshuffle
        assert any(line.startswith("Frederick") and "ignored" in line for line in game.log)
        assert "is empty)" in log  # Frederick's numeral pointed at an empty Active space
        assert any(line.startswith("You issued Edict") for line in game.log)
        assert any(line.startswith("Ally income: +") and "+0 VP" not in line for line in game.log)
        state = game.state
        assert state.phase is Phase.GAME_OVER and state.round == 3
        assert state.game_end == (GameEndReason.EDICT_SPACE_EMPTY,)

        score = final_score(
            vp_track=state.player.vp,
            structures=state.player.structures,
            frederick_structures=state.palace.structures,
            grain=state.player.grain,
            stone=state.player.stone,
            augustales=state.player.augustales,
        )
        screen = app.screen
        assert isinstance(screen, FinalScoreScreen)
        assert screen.breakdown == score
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)

    records = StuporSoloApp(tmp_path).session.history.all()
    assert len(records) == 1
    record = records[0]
    assert record.score == score
    assert record.score.title == score.title
    assert (record.rounds, record.seed, record.difficulty) == (3, SEED, "medium")
    assert record.end_reasons == ["edict_space_empty"]
    assert not (tmp_path / "current_game.json").exists()
