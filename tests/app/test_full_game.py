"""The tableau game of tests/scripted_game.py played by keys: every one of your moves goes
through the guided turn (Play card, Travel and the prompts the follow-through opens), never
Gain or Fix. After each step the app has recorded exactly the scripted event, and at the end
the game equals the one the engine plays alone, the hand-computed score is shown and saving
records it in the history."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from companion.ui.app import StuporSoloApp
from companion.ui.screens.final_score import FinalScoreScreen
from companion.ui.screens.start import StartScreen
from companion.ui.screens.table import TableScreen
from companion.ui.widgets.instructions_panel import InstructionsPanel
from solo_deck import Phase, SoloGame
from solo_deck.events import CheckBoard, Event, NameAlly, Resolve
from tests.app.key_driver import KeyDriver
from tests.app.pilot_helpers import SIZE, game_of, open_table
from tests.game_setups import checked_ruleset
from tests.scripted_game import (
    ALEXANDRIA_MARKET,
    FINAL_CASTLE,
    FINAL_SUPPLY,
    NEWCOMER_SCRIPT,
    SCRIPT,
    TITLE,
    TOTAL,
    fred,
    newcomer_setup,
    play_in_engine,
    tableau_setup,
)

LAST_FREDERICK_OF_ROUND_1 = fred("S08")


def session_phase(app: StuporSoloApp) -> Phase:
    return app.session.state.phase


async def test_the_tableau_game_by_keys_equals_the_engine_game(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot, setup=tableau_setup())
        driver = KeyDriver(app, pilot)
        engine = SoloGame(tableau_setup())
        named: list[Event] = []  # Allies named at the End Phase: recorded when the round ends
        for step, event in enumerate(SCRIPT):
            engine.push(event)
            stored = engine.events[-1]  # as the engine keeps it (a card's id filled in)
            if not named:
                before = len(app.session.events)
            if not named and before == len(engine.events):  # plain numbers taken at once
                assert app.session.events[-1] == stored and isinstance(stored, Resolve)
                await driver.play(event)  # presses nothing
                assert len(app.session.events) == before
                continue
            await driver.play(event)
            recorded = app.session.events[before:]
            if isinstance(event, NameAlly):
                assert recorded == (), f"step {step}: named at once as {recorded!r}"
                named.append(stored)
                continue
            taken = recorded[1:] == (Resolve(),) and SCRIPT[step + 1] == Resolve()
            if taken:  # its effect was plain numbers: taken with no second screen
                recorded = recorded[:1]
            expected = (*named, stored)
            named.clear()
            assert recorded == expected, f"step {step}: {event!r} recorded as {recorded!r}"
            if event == LAST_FREDERICK_OF_ROUND_1:  # a slot is left but no card, his actions done
                steps = str(app.screen.query_one(InstructionsPanel).render())
                assert "Your hand is empty: pass (P); then the End Phase" in steps
            if isinstance(event, Resolve) and session_phase(app) is Phase.END_PHASE:
                told = [n.message for n in app._notifications]
                assert any("card slots are all played" in text for text in told), told
        session = app.session
        assert session.state.phase is Phase.GAME_OVER
        assert not [e for e in session.events if e.type in ("gain", "correct")]
        assert engine.to_document() == play_in_engine().to_document()
        assert game_of(app).to_document()["events"] == engine.to_document()["events"]
        assert session.state == engine.state
        player = session.state.player
        assert (player.vp, player.grain, player.stone, player.augustales) == FINAL_SUPPLY
        assert (player.towers, player.walls, player.keeps) == FINAL_CASTLE

        await driver.keys("escape")  # from the End Phase back to the Table
        assert isinstance(app.screen, TableScreen)
        await driver.keys("f")
        final = app.screen
        assert isinstance(final, FinalScoreScreen)
        shown = " ".join(str(widget.render()) for widget in final.query(Static))
        assert str(TOTAL) in shown and TITLE.upper() in shown
        await driver.keys("ctrl+s")
        assert isinstance(app.screen, StartScreen)
        records = app.session.history.all()
        assert len(records) == 1
        assert (records[0].score.total, records[0].score.title) == (TOTAL, TITLE)


async def test_the_newcomers_game_by_keys_ends_as_the_known_one(tmp_path: Path) -> None:
    """Issue 39: the same game from nothing known (the keystroke benchmark's newcomer): the
    Market tile, Active I's reward and the Player Board's Edict mark are typed when the app
    first asks, and the game ends with the known game's score, castle and board facts."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot, setup=newcomer_setup())
        assert app.session.state.board.markets[1] is None
        driver = KeyDriver(app, pilot, box=checked_ruleset(marked_ally_space=3))
        for event in NEWCOMER_SCRIPT:
            await driver.play(event)
        state, known = app.session.state, play_in_engine().state
        assert state.phase is Phase.GAME_OVER
        assert state.player == known.player and state.palace == known.palace
        assert state.board.markets[1] == ALEXANDRIA_MARKET
        assert state.board.edict_rewards == known.board.edict_rewards
        told = {(e.board, e.key, e.value) for e in app.session.events if isinstance(e, CheckBoard)}
        assert ("player_board", "marked_ally_space", "3") in told
