"""The Log screen: every entry, the undone events, and a roll back to any entry in one step
(confirmed first, named in a notification; redo brings the events back one by one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import OptionList

from companion.ui.app import StuporSoloApp
from companion.ui.screens.log_screen import LogScreen
from companion.ui.screens.modals.confirm import ConfirmModal
from solo_deck import GameSetup, Phase, parse_edict
from solo_deck.events import FrederickTurn, Pass, RevealEdict
from solo_deck.setup import initial_state
from tests.app.pilot_helpers import SIZE, open_screen, press_and_settle, settle

OLD_LINES = ("Round 1 began (older save)", "You built a Tower (older save)")


def make_app(folder: Path, carried: tuple[str, ...] = ()) -> StuporSoloApp:
    """A game in which you pass and Frederick takes his five turns (about ten events);
    ``carried`` are log lines from an older saved format that cannot be undone."""
    tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    later = tuple(parse_edict(t) for t in ("1S", "1C", "1P"))
    setup = GameSetup(active_edicts=tiles, next_edicts=later, edict_pile=18, seed=1)
    start = initial_state(setup).model_copy(update={"hand": 0})  # every card played: pass
    if carried:
        setup = setup.model_copy(update={"start": start, "start_log": carried})
    else:
        setup = setup.model_copy(update={"start": start})
    app = StuporSoloApp(folder, insight=False)
    session = app.session
    session.start(setup)
    session.push(Pass())
    while session.state.phase is Phase.FREDERICK:
        session.push(FrederickTurn())
        for position in session.state.awaiting_reveal:
            session.push(RevealEdict(position=position, edict=parse_edict("1G")))
    return app


async def open_log(app: StuporSoloApp, pilot: Any) -> LogScreen:
    return await open_screen(app, pilot, LogScreen())


def rows(screen: LogScreen) -> list[tuple[str, bool]]:
    options = screen.query_one(OptionList)
    return [
        (str(options.get_option_at_index(i).prompt), options.get_option_at_index(i).disabled)
        for i in range(options.option_count)
    ]


def lit(screen: LogScreen, action: str) -> bool:
    return any(b.binding.action == action and b.enabled for b in screen.active_bindings.values())


def messages(app: StuporSoloApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def test_roll_back_to_an_entry_then_redo_brings_everything_back(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    session = app.session
    events, log, state = session.events, session.log, session.state
    assert len(events) >= 8
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_log(app, pilot)
        assert [text for text, _ in rows(screen)] == [
            f"{n:>4}  {line}" for n, line in enumerate(log, start=1)
        ]
        options = screen.query_one(OptionList)
        assert options.has_focus and options.highlighted == len(log) - 1
        assert not lit(screen, "roll_back")  # the latest entry: nothing after it
        options.highlighted = 2
        await settle(pilot)
        assert lit(screen, "roll_back")

        await press_and_settle(pilot, "enter")
        confirm = app.screen
        assert isinstance(confirm, ConfirmModal)
        undone = len(events) - 3
        assert confirm.question == "Roll back to entry 3?"
        assert confirm.body.startswith(f"This undoes the last {undone} events, from “{log[3][:40]}")
        await press_and_settle(pilot, "y")

        assert session.events == events[:3]
        told = messages(app)[-1]
        assert told.startswith(f"Rolled back {undone} events to entry 3: {log[3][:40]}")
        assert told.endswith(f"… and {undone - 1} more.")
        shown = rows(screen)
        assert len(shown) == 3 + undone
        assert all(disabled and "undone:" in text for text, disabled in shown[3:])
        assert screen.query_one(OptionList).highlighted == 2

        for step in range(undone):  # redo brings them back one by one
            await press_and_settle(pilot, "ctrl+y")
            assert session.events == events[: 4 + step]
        assert session.log == log and session.state == state
        assert not lit(screen, "redo")


async def test_saying_no_undoes_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    events = app.session.events
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_log(app, pilot)
        screen.query_one(OptionList).highlighted = 0
        await press_and_settle(pilot, "enter")
        assert isinstance(app.screen, ConfirmModal)
        await press_and_settle(pilot, "n")
        assert isinstance(app.screen, LogScreen)
        assert app.session.events == events


async def test_the_latest_entry_has_nothing_to_roll_back(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    events = app.session.events
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_log(app, pilot)
        await pilot.press("enter")  # the key is dimmed on the latest entry
        await settle(pilot)
        assert app.screen is screen
        assert app.session.events == events


async def test_lines_carried_over_from_an_older_save_are_shown_but_disabled(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, carried=OLD_LINES)
    session = app.session
    events, log = session.events, session.log
    assert log[:2] == OLD_LINES and len(log) == len(events) + 2
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_log(app, pilot)
        shown = rows(screen)
        assert shown[0] == ("   1  Round 1 began (older save)", True)
        assert shown[1] == ("   2  You built a Tower (older save)", True)
        assert not any(disabled for _, disabled in shown[2:])
        assert str(screen.sub_title).endswith(" · 2 carried over")
        options = screen.query_one(OptionList)
        options.highlighted = 2  # entry 3: the first event that can be undone
        await settle(pilot)
        await press_and_settle(pilot, "enter")
        await press_and_settle(pilot, "y")
        assert session.events == events[:1]
        assert session.log == log[:3]
        assert messages(app)[-1].startswith(f"Rolled back {len(events) - 1} events to entry 3")


async def test_undo_and_redo_from_the_log(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    events = app.session.events
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_log(app, pilot)
        await press_and_settle(pilot, "ctrl+z")
        assert app.session.events == events[:-1]
        assert rows(screen)[-1][1] and "undone:" in rows(screen)[-1][0]
        await press_and_settle(pilot, "ctrl+y")
        assert app.session.events == events
        await press_and_settle(pilot, "escape")
        assert not isinstance(app.screen, LogScreen)
