"""Disk full, permission denied: the player is told, the last good file stays, and the next
save after the problem clears writes everything.

The failures are injected where the disk would refuse: inside the one atomic write of the
real storage (its temp file is ``/dev/full``, or cannot be created), or in
``GameStore.save`` itself.
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Label, TextArea

from companion.paths import GAME_FILE, HISTORY_FILE
from companion.session import GameSession
from companion.storage import HistoryRecord, StorageWriteError
from companion.ui.app import StuporSoloApp
from companion.ui.screens.final_score import FinalScoreScreen
from companion.ui.screens.start import StartScreen
from solo_deck import Phase
from tests.app.game_script import play_in_engine, script_setup
from tests.app.pilot_helpers import (
    SIZE,
    idle_turn,
    open_screen,
    open_table,
    press_and_settle,
    settle,
)
from tests.scores import breakdown


def messages(app: StuporSoloApp) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


def refuse_writes(
    monkeypatch: pytest.MonkeyPatch, how: str, only: str | None = None
) -> Callable[[], None]:
    """Make the one atomic write of the storage fail, for the file named ``only`` or every
    file: ``"disk full"`` hands it ``/dev/full`` to write into (ENOSPC at the first write,
    as a full disk does), ``"permission denied"`` refuses to create its temp file. Returns
    the undo."""
    if how == "disk full" and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system to stand for a full disk")
    real_mkstemp = tempfile.mkstemp

    def failing_mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
        prefix = str(kwargs.get("prefix", ""))
        if only is not None and not prefix.startswith(only):
            return real_mkstemp(*args, **kwargs)
        if how == "permission denied":
            folder = kwargs.get("dir", "")
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(folder))
        fd, name = real_mkstemp(*args, **kwargs)
        os.close(fd)
        return os.open("/dev/full", os.O_WRONLY), name

    monkeypatch.setattr("companion.storage.atomic_write.tempfile.mkstemp", failing_mkstemp)
    return lambda: monkeypatch.setattr(
        "companion.storage.atomic_write.tempfile.mkstemp", real_mkstemp
    )


FAILURES = {
    "disk full": "the disk is full",
    "permission denied": "permission denied",
    "store raises StorageWriteError": "the disk is full",
    "store raises PermissionError": "permission denied",
}


def inject(monkeypatch: pytest.MonkeyPatch, app: StuporSoloApp, how: str) -> Callable[[], None]:
    """Make saving the game fail in one of the :data:`FAILURES` ways; returns the undo."""
    if how in ("disk full", "permission denied"):
        return refuse_writes(monkeypatch, how)
    store = app.session.game_store

    def failing_save(document: dict[str, Any], meta: dict[str, Any]) -> None:
        if how == "store raises PermissionError":
            raise PermissionError(errno.EACCES, "Permission denied", str(store.path))
        raise StorageWriteError(
            store.path,
            f"Could not save {store.path.name}: the disk is full. The previous copy of the "
            "file, if any, is unchanged.",
            errno.ENOSPC,
        )

    monkeypatch.setattr(store, "save", failing_save)
    return lambda: monkeypatch.delattr(store, "save")


@pytest.mark.parametrize("how", list(FAILURES))
async def test_a_failed_save_is_reported_and_the_next_one_writes_everything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    app = StuporSoloApp(tmp_path)
    game_file = tmp_path / GAME_FILE
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        last_good = game_file.read_bytes()
        clear = inject(monkeypatch, app, how)

        await pilot.press("g", "3", "enter")  # Gain 3 VP
        await settle(pilot)
        assert app.session.state.player.vp == 3, "the move is kept in memory"
        assert any(
            text.startswith("Could not save") and FAILURES[how] in text.lower()
            for text in messages(app)
        ), messages(app)
        assert game_file.read_bytes() == last_good
        assert not list(tmp_path.glob("*.tmp"))
        assert app.session.save_error

        app.clear_notifications()
        await idle_turn(pilot)  # more events, not saved either

        assert app.session.state.phase is Phase.FREDERICK
        assert any(text.startswith("Could not save") for text in messages(app))
        assert game_file.read_bytes() == last_good

        clear()
        app.clear_notifications()
        await pilot.press("space")  # Frederick's turn: saved, with the two before it
        await settle(pilot)
        if app.session.state.awaiting_reveal:
            await press_and_settle(pilot, "2", "K", "enter")
        assert not any(text.startswith("Could not save") for text in messages(app))
        assert app.session.save_error is None
        in_memory = app.session.game.to_document()
        assert len(in_memory["events"]) >= 3
    resumed = GameSession(tmp_path)
    assert resumed.load()
    assert resumed.game is not None and resumed.game.to_document() == in_memory


async def test_undo_that_cannot_be_saved_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = StuporSoloApp(tmp_path)
    game_file = tmp_path / GAME_FILE
    async with app.run_test(size=SIZE) as pilot:
        await open_table(app, pilot)
        await press_and_settle(pilot, "g", "3", "enter")
        last_good = game_file.read_bytes()
        refuse_writes(monkeypatch, "disk full")
        await press_and_settle(pilot, "ctrl+z")
        assert app.session.state.player.vp == 0
        assert any(
            "could not save" in text.lower() and "disk is full" in text.lower()
            for text in messages(app)
        ), messages(app)
        assert game_file.read_bytes() == last_good


def finished_app(folder: Path) -> StuporSoloApp:
    """The app with the scripted game played to its end (ready for the Final score), and one
    game already in the history."""
    history_before = HistoryRecord(
        id="earlier-game",
        finished_at="2025-03-01T20:15:00+00:00",
        score=breakdown(vp_track=40, structures=10, most_structures_bonus=4, resources_vp=1),
    )
    GameSession(folder).history.add(history_before)
    app = StuporSoloApp(folder)
    app.session.start(script_setup())
    for event in play_in_engine().events:
        app.session.push(event)
    assert app.session.state.phase is Phase.GAME_OVER
    return app


@pytest.mark.parametrize("how", ["disk full", "permission denied"])
async def test_a_failed_history_write_keeps_the_final_score_screen_and_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    app = finished_app(tmp_path)
    game_file, history_file = tmp_path / GAME_FILE, tmp_path / HISTORY_FILE
    game_bytes, history_bytes = game_file.read_bytes(), history_file.read_bytes()
    async with app.run_test(size=SIZE) as pilot:
        final = await open_screen(app, pilot, FinalScoreScreen())
        final.query_one("#notes", TextArea).text = "Won on the last turn."
        clear = refuse_writes(monkeypatch, how, only=HISTORY_FILE)

        await press_and_settle(pilot, "ctrl+s")
        assert app.screen is final, "the Final score stays up"
        status = str(final.query_one("#save-status", Label).content)
        assert "Could not save to the history" in status and "Nothing is lost" in status
        assert any(
            text.startswith("Not saved") and FAILURES[how] in text for text in messages(app)
        ), messages(app)
        assert app.session.game is not None
        assert final.query_one("#notes", TextArea).text == "Won on the last turn."
        assert history_file.read_bytes() == history_bytes
        assert game_file.read_bytes() == game_bytes
        assert not list(tmp_path.glob("*.tmp"))

        clear()
        await press_and_settle(pilot, "ctrl+s")
        assert isinstance(app.screen, StartScreen)
        assert app.session.game is None
    records = {record.id: record for record in GameSession(tmp_path).history.all()}
    assert set(records) >= {"earlier-game"} and len(records) == 2
    (saved,) = (record for record in records.values() if record.id != "earlier-game")
    assert saved.notes == "Won on the last turn." and saved.source == "app"
    assert not game_file.exists()
