"""The Table's keys come from the engine: on a few hundred random reachable states every
key that changes the game is lit exactly when the engine accepts one of its events, and the
screen's ``check_action`` shows exactly those states."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from companion.session import GameSession
from companion.ui.app import StuporSoloApp
from companion.ui.keys import TABLE_EVENTS
from companion.ui.keys.table_state import KeyState, table_key_states
from companion.ui.screens.table import TableScreen
from solo_deck import GameSetup, SoloGame, parse_edict
from solo_deck.events import FrederickTurn, PlayCard, RevealEdict
from tests.app.pilot_helpers import SIZE, settle
from tests.random_games import accepted, candidates, setup_for, walk

SEEDS = range(0, 16)
STEPS = 40


def session_holding(game: SoloGame, folder: Path) -> GameSession:
    session = GameSession(folder)
    session.game = game
    return session


def check_keys(session: GameSession) -> int:
    """Compare every key with the engine on the session's state; returns keys checked."""
    game = session.game
    assert game is not None
    states = table_key_states(session)
    events = candidates(game)
    first = game.state.obligation
    tied = dict(TABLE_EVENTS)
    if first is not None:
        tied["follow"] = (*first.event_types, "decline")
    checked = 0
    for action, types in tied.items():
        state = states[action]
        if state is KeyState.HIDDEN:
            continue
        acceptable = any(accepted(game, e) for t in types for e in events.get(t, []))
        if action in ("gain", "correct"):  # corrections: always possible while shown
            acceptable = bool(set(types) & game.allowed())
        lit = state is KeyState.LIT
        assert lit == bool(acceptable), (
            f"{action} is {'lit' if lit else 'not lit'} but the engine "
            f"{'accepts' if acceptable else 'refuses'} its events ({game.why_not(types[0])})"
        )
        checked += 1
    return checked


def test_every_table_key_is_lit_exactly_when_the_engine_accepts_its_event() -> None:
    checked = states_seen = 0
    with tempfile.TemporaryDirectory() as folder:
        for seed in SEEDS:

            def on_state(game: SoloGame, folder: str = folder) -> None:
                nonlocal checked, states_seen
                states_seen += 1
                checked += check_keys(session_holding(game, Path(folder)))

            walk(setup_for(seed), seed, STEPS, on_state)
    assert states_seen >= 300
    assert checked >= 1500


async def test_the_screen_shows_the_keys_the_engine_allows(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
        app.session.start(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18, seed=1))
        app.open_table()
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)

        def shown() -> dict[str, Any]:
            return {
                b.binding.action: b.enabled
                for b in table.active_bindings.values()
                if b.binding.show and b.node is table
            }

        keys = shown()
        assert keys["play"] and keys["travel"]
        assert not keys["pass_turn"]  # issue 25: 5 cards in hand, so no passing yet
        assert "frederick" not in keys and "follow" not in keys
        app.session.push(PlayCard(slot=0, face_up=False, actions=("build",)))
        table.refresh_state()
        await settle(pilot)
        keys = shown()
        assert keys["follow"] and keys["decline"]
        assert "play" not in keys and "travel" not in keys


async def test_the_gain_key_waits_while_a_new_tile_must_be_typed(tmp_path: Path) -> None:
    # A drift once kept the Gain key lit while the engine refused a Gain until the newly
    # drawn Next tile was typed.
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
        app.session.start(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18, seed=1))
        app.session.push(PlayCard(slot=0, face_up=False, actions=("build",)))
        app.session.push({"type": "decline"})
        while not app.session.state.awaiting_reveal:
            app.session.push(FrederickTurn())
            if app.session.state.awaiting_reveal:
                break
            app.session.push(
                PlayCard(
                    slot=len(app.session.state.player.played), face_up=False, actions=("build",)
                )
            )
            app.session.push({"type": "decline"})
        app.open_table()
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        states = table_key_states(app.session)
        assert states["gain"] is KeyState.DIMMED
        assert table.check_action("gain", ()) is None
        assert app.session.why_not("gain") is not None
        position = app.session.state.awaiting_reveal[0]
        table.apply(RevealEdict(position=position, edict=parse_edict("1G")))
        await settle(pilot)
        assert table.check_action("gain", ()) is True
