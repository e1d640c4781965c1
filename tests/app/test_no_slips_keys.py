"""Keys go where the screen says (issue 39, the last play-through): a Next tile your own
Edict drew is asked under your Edict, not under Frederick's last card (K1); a dialog that
opens by itself as a follow-through, such as a second Edict right after the first, takes
no key typed before it was drawn and says why it opened (K2); the Play a card dialog's
lines stay where they were first drawn (K3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.errors import NoWidget
from textual.widgets import Label

from companion.ui.app import StuporSoloApp
from companion.ui.first_look import FIRST_LOOK
from companion.ui.screens.modals.edict_reward import RewardModal
from companion.ui.screens.modals.issue_edict import IssueEdictModal
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.widgets.instructions_panel import InstructionsPanel
from companion.ui.widgets.keyed_list import KeyedList
from solo_deck import GameSetup
from solo_deck.events import (
    Build,
    BuyCard,
    Decline,
    Event,
    NameCard,
    PlayCard,
    PlayerEdict,
    TakeEdictReward,
)
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant
from solo_deck.setup import initial_state
from tests.app.action_dialog_helpers import face_down, frederick_plays, press
from tests.app.end_phase_helpers import top
from tests.app.followup_helpers import KEEP, RICH
from tests.app.pilot_helpers import SIZE, open_table, settle
from tests.app.test_no_slips import notices
from tests.app.test_type_ahead import type_ahead
from tests.app.touch_helpers import PHONE
from tests.game_setups import KNOWN_BOARD, edict_setup

COINS = Grant(gain=Gains(augustales=3))


def rich_setup(player: dict[str, Any] | None = None, **setup: Any) -> GameSetup:
    """A known board, every Edict reward 3 Augustales, your side well off (``player``
    changes it further)."""
    game_setup = edict_setup(**(KNOWN_BOARD | {"edict_rewards": (COINS,) * 3} | setup))
    start = initial_state(game_setup)
    player_now = start.player.model_copy(update=RICH | (player or {}))
    return game_setup.model_copy(update={"start": start.model_copy(update={"player": player_now})})


def what_to_do(table: Any) -> str:
    """What the Table's What to do panel says."""
    return str(table.query_one(InstructionsPanel).render())


# --- K1: a tile your own Edict drew -------------------------------------------------------


async def test_a_tile_your_edict_drew_is_asked_under_your_edict(tmp_path: Path) -> None:
    """Frederick has played a card; on your next turn you build a Keep and issue Edict II,
    whose refill slides Next III down: the tile asked for is your Edict's doing, and What
    to do says so at its head, with no Frederick's card above the prompt."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(app, pilot, setup=rich_setup())
        session = app.session
        session.push(PlayCard(slot=1, face_up=True, card_id="common-stone"))
        while session.state.obligation is not None:
            session.push(Decline())
        frederick_plays(session)
        assert session.state.last_frederick is not None
        tile = session.state.edicts.active[1]
        assert tile is not None
        turn: list[Event] = [
            *KEEP,
            TakeEdictReward(slot=1, augustales=3),
            PlayerEdict(slot=1, choice=dict.fromkeys(tile.kinds(), "add"), replacement=2),
        ]
        for event in turn:
            session.push(event)
        assert session.state.awaiting_reveal == (2,)
        table.refresh_state()
        await settle(pilot)
        shown = what_to_do(table)
        first = shown.splitlines()[0]
        assert first.startswith(f"Your Edict ({tile})"), shown
        assert "Next III slid down" in first, shown
        assert "Frederick's last card" not in shown, shown
        assert shown.rstrip().endswith("▶ Draw a Next III tile and type it below"), shown


# --- K2: a second Edict opens by itself ----------------------------------------------------

GREAT_WALL: tuple[Event, ...] = (
    PlayCard(slot=0, face_up=False, actions=("build",)),
    Build(structure="wall", site="W4", great="great_wall_a", grain=1, stone=2),
    TakeEdictReward(slot=1, augustales=3),  # Great Wall A's Edict: the reward under II
)
"""Great Wall A built on W4, a marked space: two Edicts owed, Great Wall A's and W4's.
The first one's reward is taken; its icons are next."""


def two_edicts() -> GameSetup:
    """Four Towers and three Walls standing (W4 can close no side yet) and no Edict tile
    left in the pile: no tile is asked between the two Edicts."""
    sites = ("T1", "W1", "T2", "W2", "T3", "W3", "T4")
    return rich_setup({"towers": 4, "sites": sites}, pile=0)


async def test_keys_typed_for_the_first_edict_choose_nothing_in_the_second(
    tmp_path: Path,
) -> None:
    """The first Edict's icons are chosen (Enter, Enter) and, at full speed after them,
    ``2`` and Enter (a tile's keys, say): the second Edict's dialog opens by itself right
    after the first, so those two keys, typed before it was drawn, take no reward in it.
    It says it is a second Edict and why, and once seen it takes keys as any dialog."""
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        table = await open_table(app, pilot, *GREAT_WALL[:-1], setup=two_edicts())
        table.apply(GREAT_WALL[-1])  # as the reward's dialog does: the follow-through goes on
        await settle(pilot)
        first = top(app)
        assert isinstance(first, IssueEdictModal) and first.opens_by_itself
        await pilot.pause(FIRST_LOOK)
        await type_ahead(pilot, ["enter", "enter", "2", "enter"])
        assert isinstance(app.session.events[-1], PlayerEdict)  # the first Edict is issued
        second = top(app)
        assert second is not first
        assert isinstance(second, RewardModal)
        owed = str(second.query_one("#owed", Label).content)
        assert owed == "W4's marked space: another Edict (Active I, II or III).", owed
        assert isinstance(app.session.events[-1], PlayerEdict)  # nothing taken in it
        said = [n for n in notices(app) if "opened by itself" in n]
        assert said and "another Edict" in said[0], notices(app)
        await pilot.pause(FIRST_LOOK)
        await press(pilot, "2")  # seen now: its digit takes the reward under Active II
        assert list(app.session.events)[-1] == TakeEdictReward(slot=1, augustales=3)


# --- K3: the Play a card dialog's lines stay where they were first drawn ------------------

Rows = tuple[tuple[str, int], ...]


def line_rows(dialog: PlayCardModal) -> Rows:
    """Each line of the Play a card list, in order, with the screen row its text starts on
    (a row above or below the list's window when the line is scrolled out of it)."""
    listing = dialog.query_one("#choice", KeyedList)
    row = listing.content_region.y - round(listing.scroll_offset.y)
    rows = []
    for index in range(listing.option_count):
        rows.append((listing.get_option_at_index(index).id or "", row))
        row += listing._heights[index]
    return tuple(rows)


async def bought_a11_after_frederick(app: StuporSoloApp, pilot: Any) -> Any:
    """The Table on your turn after Frederick's, with card A11 bought last turn (so the
    Play a card list opens on it, its last line)."""
    bought = (NameCard(port=0, space=0, card_id="A11"), face_down("purchase"))
    table = await open_table(app, pilot, *bought, BuyCard(space=0, card_id="A11"))
    while app.session.state.obligation is not None:
        app.session.push(Decline())
    frederick_plays(app.session)
    table.refresh_state()
    await settle(pilot)
    return table


@pytest.mark.parametrize(("size", "web"), [(PHONE, True), ((46, 30), True), ((80, 24), False)])
async def test_the_play_list_stays_where_it_was_first_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], web: bool
) -> None:
    """Every frame of the Play a card dialog drawn for the eye (not transparent) shows
    each line on the row the first one did, in the same order: after the app is idle, and
    after a refresh of the game that changes no choice (the Table redrawn underneath, the
    terminal told its size again)."""
    if web:
        monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
    frames: list[tuple[bool, Rows]] = []

    def watch(dialog: PlayCardModal, left: int) -> None:
        """Note each frame until ``left`` frames have been drawn for the eye (and at most
        300 in all: a dialog never drawn fails the test instead of keeping it busy)."""
        drawn = dialog.query_one("#dialog").opacity > 0
        frames.append((drawn, line_rows(dialog)))
        if left and dialog.is_attached and len(frames) < 300:
            dialog.call_after_refresh(watch, dialog, left - drawn)

    mounted = PlayCardModal.on_mount

    def on_mount(dialog: PlayCardModal) -> None:
        mounted(dialog)
        dialog.call_after_refresh(watch, dialog, 10)

    monkeypatch.setattr(PlayCardModal, "on_mount", on_mount)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=size) as pilot:
        table = await bought_a11_after_frederick(app, pilot)
        table.action_play()
        await settle(pilot)
        dialog = top(app)
        assert isinstance(dialog, PlayCardModal)
        for _ in range(100):  # a busy machine draws it a moment later
            if dialog.query_one("#dialog").opacity > 0:
                break
            await pilot.pause(0.02)
        await pilot.pause(0.3)
        assert dialog.query_one("#dialog").opacity > 0  # drawn within its half second
        seen = [rows for drawn, rows in frames if drawn]
        # On a loaded machine the watch's 300 frames can all come before the dialog is
        # drawn (the frames then come back to back); the rows once drawn stand for them.
        first = seen[0] if seen else line_rows(dialog)
        assert all(rows == first for rows in seen), frames
        assert dialog.query_one("#choice", KeyedList).highlighted == len(first) - 1  # A11
        assert line_rows(dialog) == first
        table.refresh_state()
        app.game_changed()
        await pilot.resize_terminal(*size)
        await pilot.pause(0.3)
        assert line_rows(dialog) == first


async def test_a_tap_on_a_dialog_not_drawn_yet_records_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a phone the Play a card dialog waits, unseen, while it is fitted to the screen:
    a second tap on the Table (meant for the button that opened it) would land on one of
    its lines. While unseen, what is under the finger is a shield that does nothing; once
    drawn the lines are there, and a tap on Play plays."""
    monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
    under_finger: list[tuple[float, str]] = []

    def look(dialog: PlayCardModal, left: int) -> None:
        """Note, frame after frame, what a tap amid the dialog's lines would reach."""
        if not dialog.is_attached:
            return
        lines = dialog.query_one("#choice").region
        if lines.area:
            x, y = lines.x + lines.width // 2, lines.y + 1
            try:
                widget, _ = dialog.get_widget_at(x, y)
            except NoWidget:  # not in the screen's map yet
                pass
            else:
                under_finger.append((dialog.query_one("#dialog").opacity, widget.id or ""))
        if left:
            dialog.call_after_refresh(look, dialog, left - 1)

    mounted = PlayCardModal.on_mount

    def on_mount(dialog: PlayCardModal) -> None:
        mounted(dialog)
        dialog.call_after_refresh(look, dialog, 30)

    monkeypatch.setattr(PlayCardModal, "on_mount", on_mount)
    app = StuporSoloApp(tmp_path, insight=False)
    async with app.run_test(size=PHONE) as pilot:
        table = await bought_a11_after_frederick(app, pilot)
        events_before = len(app.session.events)
        table.action_play()
        dialog = top(app)
        for _ in range(100):
            drawn = isinstance(dialog, PlayCardModal) and dialog.query("#dialog.dialog")
            if drawn and drawn.first().opacity > 0:
                break
            await pilot.pause(0.02)
            dialog = top(app)
        await pilot.pause(0.2)
        unseen = [widget for opacity, widget in under_finger if opacity == 0]
        assert unseen, under_finger  # the phone's dialog is fitted before it is drawn
        assert set(unseen) == {"tap-shield"}, under_finger
        assert isinstance(dialog, PlayCardModal)
        lines = dialog.query_one("#choice").region
        widget, _ = dialog.get_widget_at(lines.x + lines.width // 2, lines.y + 1)
        assert widget.id != "tap-shield"  # drawn: a tap reaches the lines
        assert len(app.session.events) == events_before
        play = dialog.query_one("#ok").region
        await pilot.click(offset=(play.x + play.width // 2, play.y + 1))
        await settle(pilot)
        assert len(app.session.events) == events_before + 1
