"""Metrics ``screen_open`` and ``form_key``: how long a screen takes to open, and a key in
the New game form, each against a key in a bare Textual app measured the same way.

The reference (:class:`BareApp`): a Textual app with two Inputs and a Footer, nothing
else; a letter typed into the focused Input (and, for ``form_key``'s Tab, a Tab to the
other Input).

Two ways of timing a key are used, both on both sides. The verdict's (``pilot``, the way
the issue that set the targets measured: a bare key took 85 ms there) presses the key with
Textual's Pilot and waits as a test does (``pilot.pause()``: the app's messages handled,
then the process idle for a moment). The frame-precise way
(:func:`~benchmarks.metrics.screens.press`: from the moment the key is posted until the
screen has refreshed and is idle) is printed in the notes, with the floor it puts under
any opening: the same bare app opening a dialog of four widgets and a Footer, which
takes about seven bare keys by itself, so a ratio of 6 that way is out of reach of any
Textual screen.

``screen_open``: the key that opens each screen, from the moment it is posted until the
new screen is the current one, drawn and idle — New game (``n`` on the Start screen),
the Table on resume (``r``), History (``h``, 200 games), Statistics (``s``, the same
games), the End Phase (``f`` on the Table), the Final score (``f`` once the game is
over), the Play card dialog (Enter on the Table) and the Build dialog (``r`` on the
Table, a face-down card's Build owed). The verdict is the slowest opening's ratio; each
opening's figure is a note. ``form_key``: a letter typed into a tile field of the New
game form and a Tab from it, the slower of the two against the bare key.
"""

from __future__ import annotations

import asyncio
import gc
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.measure import Result, Settings, Workspace, median, spread
from benchmarks.metrics.screens import press
from benchmarks.runner import quiet, settle

OPEN_TARGET = 6.0
KEY_TARGET = 1.5
FORM_RUNS_PER_KEY_RUN = 3
"""``form_key`` presses each key this many times the usual key runs (a steadier median)."""
HISTORY_GAMES = 200
"""Games in the history behind the History and Statistics openings (``stats_10k``
measures a big history)."""
SIZE = (113, 42)
"""A terminal of 113x42: what the issue measured with."""


def bare_app_class() -> type:
    """Two Inputs and a Footer: the reference app."""
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Input

    class BareApp(App[None]):
        def compose(self) -> ComposeResult:
            yield Input(id="first")
            yield Input(id="second")
            yield Footer()

    return BareApp


async def pilot_press(pilot: Any, key: str, screen: str | None = None) -> float:
    """Press ``key`` with the Pilot and wait as a test does (until ``screen`` is the
    current screen, if named, then ``pilot.pause()``); ms."""
    import time

    app = pilot.app
    start = time.perf_counter()
    await pilot.press(key)
    while screen is not None and type(app.screen).__name__ != screen:
        if time.perf_counter() - start > 60:
            raise RuntimeError(f"{key!r} did not open {screen}")
        await asyncio.sleep(0)
    await pilot.pause()
    return (time.perf_counter() - start) * 1000


def dialog_class() -> type:
    """A dialog of a label, an input and two buttons, with a Footer: the floor."""
    from textual.app import ComposeResult
    from textual.containers import Horizontal, Vertical
    from textual.screen import ModalScreen
    from textual.widgets import Button, Footer, Input, Label

    class Dialog(ModalScreen[None]):
        def compose(self) -> ComposeResult:
            with Vertical():
                yield Label("A question")
                yield Input()
                with Horizontal():
                    yield Button("OK")
                    yield Button("Cancel")
            yield Footer()

    return Dialog


async def bare_keys(runs: int) -> dict[str, list[float]]:
    """A letter and a Tab in the bare app, ``runs`` times each (after one warm-up), both
    ways; and the bare app opening :func:`dialog_class` (frame-precise)."""
    app = bare_app_class()()
    found: dict[str, list[float]] = {
        "letter": [],
        "tab": [],
        "pilot_letter": [],
        "pilot_tab": [],
        "dialog": [],
    }
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        for run in range(runs + 1):
            times = {
                "letter": await press(pilot, "x"),
                "tab": await press(pilot, "tab"),
                "pilot_letter": await pilot_press(pilot, "x"),
                "pilot_tab": await pilot_press(pilot, "tab"),
            }
            start = time.perf_counter()
            await app.push_screen(dialog_class()())
            await settle(pilot)
            times["dialog"] = (time.perf_counter() - start) * 1000
            app.pop_screen()
            await quiet(pilot)
            if run:
                for kind, elapsed in times.items():
                    found[kind].append(elapsed)
    return found


Step = Callable[[Any, Any], Awaitable[None]]


@dataclass(frozen=True)
class Opening:
    """One screen to open: how to get to the screen where its key is pressed, the key,
    and the class name of the screen it opens."""

    name: str
    key: str
    screen: str
    before: Step
    history: bool = False


async def _at_start(app: Any, pilot: Any) -> None:
    while type(app.screen).__name__ != "StartScreen":
        app.pop_screen()
        await settle(pilot)


def _saved_game(folder: Path) -> None:
    """A game under way (round 3) saved in ``folder``."""
    import random

    from benchmarks.game_gen import bench_setup, next_events
    from companion.session import GameSession

    session = GameSession(folder)
    session.start(bench_setup())
    rng = random.Random(11)
    while session.state.round < 3:
        for event in next_events(session.state, rng):
            session.push(event)


async def _table_with(app: Any, pilot: Any, bring: Callable[[Any], None]) -> None:
    """The Table over the session's game, after ``bring(session)`` (untimed)."""
    from companion.ui.screens.table import TableScreen

    await _at_start(app, pilot)
    bring(app.session)
    await app.push_screen(TableScreen())
    await quiet(pilot)
    while not isinstance(app.screen, TableScreen):  # a prompt the Table opened itself
        app.pop_screen()
        await quiet(pilot)
    app.set_focus(None)
    await quiet(pilot)


def _to_player_turn(session: Any) -> None:
    import random

    from benchmarks.game_gen import bench_setup, next_events
    from solo_deck import Phase

    if session.game is None:
        session.start(bench_setup())
    rng = random.Random(3)
    state = session.state
    while state.phase is not Phase.PLAYER or state.pending or state.awaiting_reveal:
        for event in next_events(state, rng):
            session.push(event)
        state = session.state


def _build_owed(session: Any) -> None:
    """Your turn with a card played face down for a Build, in a slot that gives it (the
    game plays on to a round with such a slot free when none is left)."""
    import random

    from benchmarks.game_gen import next_events
    from solo_deck import face_down_offers
    from solo_deck.events import PlayCard

    rng = random.Random(5)
    while True:
        _to_player_turn(session)
        offers = face_down_offers(session.state, session.ruleset)
        slot = next((slot for slot, actions in offers.items() if "build" in actions), None)
        if slot is not None:
            break
        for event in next_events(session.state, rng):
            session.push(event)
    session.push(PlayCard(slot=slot, face_up=False, actions=("build",)))


def _end_phase(session: Any) -> None:
    import random

    from benchmarks.game_gen import bench_setup, next_events
    from solo_deck import Phase

    if session.game is None:
        session.start(bench_setup())
    rng = random.Random(5)
    while session.state.phase is not Phase.END_PHASE or session.state.awaiting_reveal:
        for event in next_events(session.state, rng):
            session.push(event)


def _game_over(session: Any) -> None:
    """A game whose castle is complete, brought through its first End Phase: over."""
    from solo_deck import GameSetup, parse_edict
    from solo_deck import events as ev
    from solo_deck.setup import initial_state

    tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    later = tuple(parse_edict(t) for t in ("1S", "1C", "1P"))
    setup = GameSetup(active_edicts=tiles, next_edicts=later, edict_pile=18, seed=1)
    state = initial_state(setup)
    player = state.player.model_copy(update={"towers": 5, "walls": 5, "keeps": 3})
    start = state.model_copy(update={"player": player, "hand": 0})  # every card played
    session.start(setup.model_copy(update={"start": start}))
    session.push(ev.Pass())
    for _ in range(30):
        if session.state.game_over:
            return
        if session.state.awaiting_reveal:
            position = session.state.awaiting_reveal[0]
            session.push(ev.RevealEdict(position=position, edict=parse_edict("1G")))
        elif session.state.phase.value == "frederick":
            session.push(ev.FrederickTurn())
        elif session.state.pending:
            session.push(ev.Decline())
        else:
            progress = session.state.end_phase
            if not progress.castle_income:
                session.push(ev.CastleIncome())
            elif progress.ally_income is None:
                session.push(ev.ScoreAllyIncome())
            elif not progress.reorganised:
                session.push(ev.Reorganise())
            else:
                session.push(ev.EndRound())
    raise RuntimeError("the prepared game did not end")


async def _start(app: Any, pilot: Any) -> None:
    await _at_start(app, pilot)
    app.set_focus(None)
    await quiet(pilot)


OPENINGS = (
    Opening("new_game", "n", "SetupScreen", _start),
    Opening("table_resume", "r", "TableScreen", _start),
    Opening("history", "h", "HistoryScreen", _start, history=True),
    Opening("statistics", "s", "StatisticsScreen", _start, history=True),
    Opening(
        "end_phase", "f", "EndPhaseScreen", lambda app, pilot: _table_with(app, pilot, _end_phase)
    ),
    Opening(
        "final_score",
        "f",
        "FinalScoreScreen",
        lambda app, pilot: _table_with(app, pilot, _game_over),
    ),
    Opening(
        "play_card",
        "enter",
        "PlayCardModal",
        lambda app, pilot: _table_with(app, pilot, _to_player_turn),
    ),
    Opening(
        "build", "r", "SiteBuildModal", lambda app, pilot: _table_with(app, pilot, _build_owed)
    ),
)


async def open_once(pilot: Any, opening: Opening) -> float:
    """Press the opening's key; ms until its screen is current, drawn and idle
    (frame-precise)."""
    app = pilot.app
    gc.collect()
    start = time.perf_counter()
    await press(pilot, opening.key)
    while type(app.screen).__name__ != opening.screen:
        if time.perf_counter() - start > 60:
            raise RuntimeError(f"{opening.key!r} did not open {opening.screen}")
        await asyncio.sleep(0)
    await settle(pilot)
    return (time.perf_counter() - start) * 1000


async def _openings(
    runs: int, folder: Path, history: Path | None
) -> dict[str, dict[str, list[float]]]:
    from companion.ui.app import StuporSoloApp

    found: dict[str, dict[str, list[float]]] = {}
    for opening in OPENINGS:
        case = Path(tempfile.mkdtemp(dir=folder))
        if opening.history and history is not None:
            import shutil

            shutil.copy(history, case / history.name)
        if opening.name == "table_resume":
            _saved_game(case)
        app = StuporSoloApp(case, insight=False)
        times: dict[str, list[float]] = {"precise": [], "pilot": []}
        async with app.run_test(size=SIZE) as pilot:
            await quiet(pilot)
            for run in range(runs + 1):  # the first opening warms up
                for way in ("precise", "pilot"):
                    await opening.before(app, pilot)
                    if way == "precise":
                        elapsed = await open_once(pilot, opening)
                    else:
                        gc.collect()
                        elapsed = await pilot_press(pilot, opening.key, opening.screen)
                    if run:
                        times[way].append(elapsed)
                    await quiet(pilot)
                    if opening.name == "table_resume":
                        await _at_start(app, pilot)
        found[opening.name] = times
    return found


def _history_file(folder: Path) -> Path:
    from benchmarks.history_gen import generate_records, write_history

    return write_history(folder / "history-source", generate_records(HISTORY_GAMES))


def screen_open(settings: Settings, space: Workspace) -> Result:
    """Each opening against a letter in the bare app, both timed the Pilot's way; the
    verdict is the slowest opening's ratio. The frame-precise figures are notes."""
    runs = max(1, settings.key_runs // 3)
    bare = asyncio.run(bare_keys(settings.key_runs))
    folder = space.data_dir()
    found = asyncio.run(_openings(runs, folder, _history_file(folder)))
    reference, precise_key = median(bare["pilot_letter"]), median(bare["letter"])
    floor = median(bare["dialog"])
    notes = [
        f"{runs} openings each way (after one warm-up), {SIZE[0]}x{SIZE[1]}; the bare key "
        f"{reference:.1f} ms (runs {spread(bare['pilot_letter'])}) the Pilot's way, "
        f"{precise_key:.1f} ms frame-precise",
        f"frame-precise, the bare app opens a dialog of four widgets in {floor:.0f} ms "
        f"({floor / precise_key:.1f} bare keys): the floor of any opening that way",
        f"{'opening':<14}{'Pilot':>8}{'ratio':>7}{'precise':>10}{'ratio':>7}",
    ]
    slowest = max(found, key=lambda name: median(found[name]["pilot"]))
    for name, times in found.items():
        pilot_ms, precise_ms = median(times["pilot"]), median(times["precise"])
        notes.append(
            f"{name:<14}{pilot_ms:6.0f} ms{pilot_ms / reference:7.2f}{precise_ms:8.0f} ms"
            f"{precise_ms / precise_key:7.2f}"
        )
    return Result(
        "screen_open",
        OPEN_TARGET,
        median(found[slowest]["pilot"]),
        reference,
        what=f"the slowest opening ({slowest}): its key until the screen is drawn and idle",
        reference_what="a letter typed in a bare Textual app with two Inputs",
        notes=notes,
    )


async def _form_keys(runs: int, folder: Path) -> dict[str, list[float]]:
    from companion.ui.app import StuporSoloApp

    app = StuporSoloApp(folder, insight=False)
    found: dict[str, list[float]] = {"letter": [], "tab": [], "pilot_letter": [], "pilot_tab": []}
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        await open_once(pilot, OPENINGS[0])
        await quiet(pilot)
        for run in range(runs + 1):
            times: dict[str, float] = {}
            for way, timing in (("", press), ("pilot_", pilot_press)):
                from textual.widgets import Input

                field = app.screen.query_one("#active-1 Input", Input)
                field.value = "2"  # a tile being typed: the letter makes it "2T"
                field.focus()
                await quiet(pilot)
                times[f"{way}letter"] = await timing(pilot, "t")
                times[f"{way}tab"] = await timing(pilot, "tab")
                await quiet(pilot)
            if run:
                for kind, elapsed in times.items():
                    found[kind].append(elapsed)
    return found


def form_key(settings: Settings, space: Workspace) -> Result:
    """A letter in a tile field of the New game form (``2`` typed, then ``t``: the tile
    ``2T``) and a Tab from it, against the same
    keys in the bare app, the Pilot's way; the verdict is the worse of the two ratios.
    The frame-precise figures are notes. Each side is pressed
    :data:`FORM_RUNS_PER_KEY_RUN` times the usual key runs: a key costs about 0.1 s, and
    the median of 15 moved by 0.3 in ratio between two quiet runs."""
    runs = FORM_RUNS_PER_KEY_RUN * settings.key_runs
    bare = asyncio.run(bare_keys(runs))
    found = asyncio.run(_form_keys(runs, space.data_dir()))
    ratios = {
        kind: median(found[f"pilot_{kind}"]) / median(bare[f"pilot_{kind}"])
        for kind in ("letter", "tab")
    }
    worse = max(ratios, key=lambda kind: ratios[kind])
    notes = []
    notes.append(f"{runs} presses of each key on each side (after one warm-up), medians")
    for kind in ("letter", "tab"):
        for way, label in (("pilot_", "the Pilot's way"), ("", "frame-precise")):
            mine, theirs = median(found[f"{way}{kind}"]), median(bare[f"{way}{kind}"])
            notes.append(
                f"{kind} {label}: {mine:.1f} ms vs {theirs:.1f} ms, ratio {mine / theirs:.2f} "
                f"(runs {spread(found[f'{way}{kind}'])} vs {spread(bare[f'{way}{kind}'])})"
            )
    return Result(
        "form_key",
        KEY_TARGET,
        median(found[f"pilot_{worse}"]),
        median(bare[f"pilot_{worse}"]),
        what=f"a {worse} in the New game form (the worse of a letter and a Tab)",
        reference_what=f"a {worse} in a bare Textual app with two Inputs",
        notes=notes,
    )
