"""Keys typed at full speed, with no pause between them, land where they were meant:
the New game form typed straight after ``n`` (while it opens, and while ctrl+s moves the
cursor to the first tile), and a Build recorded by keys from the Table (two dialogs
opening in a row). Each replay is compared with the same keys pressed one at a time."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from textual import events

from companion.ui.app import StuporSoloApp
from companion.ui.screens.table import TableScreen
from solo_deck import events as ev
from tests.app.key_driver import KeyDriver
from tests.app.pilot_helpers import SIZE, open_table, settle
from tests.app.setup_helpers import PILE, TILES


async def type_ahead(pilot: Any, keys: list[str], seconds: float = 30.0) -> None:
    """Post every key to the app at once, as a fast typist's terminal sends them, then
    wait until the app has handled them all and is quiet."""
    app = pilot.app
    for key in keys:
        character = " " if key == "space" else (key if len(key) == 1 else None)
        event = events.Key(key, character)
        event.set_sender(app)
        # straight into the app's queue, as the terminal's driver puts them there a
        # moment later (sent through the driver, they reach the queue only after the
        # loop has run again: the wait below could end before the first one arrives)
        app.post_message(event)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    await asyncio.sleep(0)
    # the app's own test: a key let go may still be on its way through a widget
    while not app.type_ahead.idle:
        assert loop.time() < deadline, f"{app.type_ahead.waiting} keys still held"
        await asyncio.sleep(0.01)
    await settle(pilot)
    await settle(pilot)


def form_keys() -> list[str]:
    """``n``, ctrl+s (nothing typed yet: the cursor goes to the first tile), each tile and
    the pile with a Tab after it, ctrl+s."""
    keys = ["n", "ctrl+s"]
    for text in (*TILES, PILE):
        keys += ["space" if ch == " " else ch for ch in text]
        keys.append("tab")
    keys.append("ctrl+s")
    return keys


async def test_the_new_game_form_typed_at_full_speed_starts_the_game_typed(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_ahead(pilot, form_keys())
        assert isinstance(app.screen, TableScreen), app.screen
        setup = app.session.setup
        typed = [str(tile) for tile in (*setup.active_edicts, *setup.next_edicts)]
        assert typed == [str(ev_tile) for ev_tile in _parsed(TILES)]
        assert setup.edict_pile == int(PILE)
        assert app.type_ahead.held_count > 0  # the keys did come faster than the form opened


def _parsed(texts: tuple[str, ...]) -> list[object]:
    from solo_deck import parse_edict

    return [parse_edict(text) for text in texts]


class RecordingDriver(KeyDriver):
    """The test suite's key driver (one key at a time, the app settled after each), noting
    every key it presses."""

    def __init__(self, app: StuporSoloApp, pilot: Any) -> None:
        super().__init__(app, pilot)
        self.pressed: list[str] = []

    async def keys(self, *keys: str) -> None:
        self.pressed += keys
        await super().keys(*keys)


BUILD = (
    ev.PlayCard(slot=0, face_up=False, actions=("build",)),
    ev.Build(structure="tower", site="T2", great="great_tower_a", stone=1),
)


async def _events_after(folder: Path, play: Any) -> tuple[list[ev.Event], Any]:
    app = StuporSoloApp(folder, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        before = len(app.session.events)
        result = await play(app, pilot)
        return list(app.session.events[before:]), result


async def test_a_build_typed_at_full_speed_records_what_the_same_keys_record_slowly(
    tmp_path: Path,
) -> None:
    async def slowly(app: StuporSoloApp, pilot: Any) -> list[str]:
        driver = RecordingDriver(app, pilot)
        for event in BUILD:
            await driver.play(event)
        await settle(pilot)
        return driver.pressed

    slow, keys = await _events_after(tmp_path / "slow", slowly)
    assert [e.type for e in slow] == ["play_card", "build"]
    assert len(keys) >= 4  # several keys, each typed before the one before is answered

    async def at_once(app: StuporSoloApp, pilot: Any) -> None:
        await type_ahead(pilot, keys)

    fast, _ = await _events_after(tmp_path / "fast", at_once)
    assert [e.model_dump() for e in fast] == [e.model_dump() for e in slow]


async def test_pilot_press_with_every_key_at_once_types_the_form_and_a_build(
    tmp_path: Path,
) -> None:
    """The same two, with Textual's own ``pilot.press`` given every key in one call: the
    keys through the flows of issue 26 (Enter plays a card, Tab moves on, no focus moves by
    itself). ``pilot.press`` lets the app's message loop run between two keys, so it is
    gentler than a terminal: the tests above, which hand the app every key at once, are the
    ones that fail without the type-ahead queue."""
    app = StuporSoloApp(tmp_path / "form", insight=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*form_keys())
        await settle(pilot)
        assert isinstance(app.screen, TableScreen), app.screen
        setup = app.session.setup
        typed = [str(tile) for tile in (*setup.active_edicts, *setup.next_edicts)]
        assert typed == [str(tile) for tile in _parsed(TILES)]
        assert setup.edict_pile == int(PILE)

    async def slowly(app: StuporSoloApp, pilot: Any) -> list[str]:
        driver = RecordingDriver(app, pilot)
        for event in BUILD:
            await driver.play(event)
        await settle(pilot)
        return driver.pressed

    slow, keys = await _events_after(tmp_path / "slow", slowly)

    async def pressed_at_once(app: StuporSoloApp, pilot: Any) -> None:
        await pilot.press(*keys)
        await settle(pilot)

    fast, _ = await _events_after(tmp_path / "fast", pressed_at_once)
    assert [e.model_dump() for e in fast] == [e.model_dump() for e in slow]


def test_a_held_key_s_wait_counts_from_its_turn_not_from_when_it_was_typed(
    monkeypatch: Any,
) -> None:
    """Keys typed at once on a slow machine: each waits for the app in turn, and only a
    key whose own turn has lasted :data:`MOST_WAIT` goes on regardless. (Counted from
    when it was typed, every key after the first came due at once and went astray: the
    New game form typed at full speed once left the game unstarted under load.)"""
    from companion.ui import type_ahead as module

    clock = [0.0]
    monkeypatch.setattr(module, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    posted: list[str] = []

    class SlowApp:
        screen_stack = (object(),)
        _closing = False  # what companion.ui.framework reads of a Textual app here

        def post_message(self, key: events.Key) -> bool:
            posted.append(key.key)
            return True

    queue = module.TypeAhead(SlowApp())  # type: ignore[arg-type]
    monkeypatch.setattr(queue, "_answering", lambda: True)  # the app never seems done
    monkeypatch.setattr(queue, "_watch", lambda: None)  # the test calls _check itself
    for letter in "abc":
        queue._held.append((events.Key(letter, letter), 0.0))
    clock[0] = module.MOST_WAIT + 0.1
    queue._check()
    assert posted == ["a"]  # overdue: it goes on
    queue._released = None  # handled
    clock[0] += 0.1
    queue._check()
    assert posted == ["a"]  # b's turn began when a went on: not due yet
    clock[0] += module.MOST_WAIT
    queue._check()
    assert posted == ["a", "b"]
