"""What the End Phase and Final score tests share: a game started from a prepared position
(``GameSetup.start``) and brought to the End Phase through real events (you pass,
Frederick takes his five turns), and reading the screen's texts and keys.

With seed 1 Frederick removes the Allies in Roma (Altair) and Tunis (Castellan), so
reorganising turns up the face-down Allies beneath them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Input, Label, TextArea

from companion.ui.app import StuporSoloApp
from companion.ui.keys import END_PHASE_EVENTS
from companion.ui.screens.end_phase import EndPhaseScreen
from solo_deck import GameSetup, Phase, parse_edict
from solo_deck.events import FrederickTurn, Pass, RevealEdict
from solo_deck.setup import initial_state
from tests.app.pilot_helpers import open_screen

PORT_ALLIES = ("altair", "tento", "castellan", "severin", "gregoria-1")
ALLIES = {"allies": ("theophilos", "gisela"), "towers": 2}
"""Theophilos (at least as much Grain as Frederick) and Gisela (Frederick has 3+ Allies)."""
COMPLETE = {"towers": 5, "walls": 5, "keeps": 3}


def prepared_setup(
    player: dict[str, Any] | None = None, advanced_pile: int | None = None, **changes: Any
) -> GameSetup:
    """Seed 1, known Allies at the ports, your side of the table as ``player`` says (and
    the Advanced card pile, if given)."""
    tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    later = tuple(parse_edict(t) for t in ("1S", "1C", "1P"))
    setup = GameSetup(
        active_edicts=tiles,
        next_edicts=later,
        edict_pile=18,
        seed=1,
        port_allies=PORT_ALLIES,
        **changes,
    )
    state = initial_state(setup)
    hand = None if state.hand is None else 0  # every card played: you may pass (issue 25)
    state = state.model_copy(
        update={"player": state.player.model_copy(update=player or {}), "hand": hand}
    )
    if advanced_pile is not None:
        voyage = state.voyage.model_copy(update={"advanced_pile": advanced_pile})
        state = state.model_copy(update={"voyage": voyage})
    return setup.model_copy(update={"start": state})


def make_app(folder: Path, player: dict[str, Any] | None = None, **changes: Any) -> StuporSoloApp:
    """The real app with a game brought to the End Phase by events: pass, Frederick x5."""
    app = StuporSoloApp(folder, insight=False)
    session = app.session
    session.start(prepared_setup(player, **changes))
    session.push(Pass())
    while session.state.phase is Phase.FREDERICK:
        session.push(FrederickTurn())
        for position in session.state.awaiting_reveal:
            session.push(RevealEdict(position=position, edict=parse_edict("1G")))
    assert session.state.phase is Phase.END_PHASE
    return app


async def open_end_phase(app: StuporSoloApp, pilot: Any) -> EndPhaseScreen:
    return await open_screen(app, pilot, EndPhaseScreen())


def top(app: StuporSoloApp) -> Any:
    """The screen on top (not narrowed by an earlier isinstance check)."""
    return app.screen


def text(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector, Label).content)


def keys(screen: EndPhaseScreen) -> dict[str, bool]:
    """Each key the footer shows → lit (True) or dimmed (False); hidden keys are absent."""
    return {b.binding.action: b.enabled for b in screen.active_bindings.values()}


def assert_keys_match_the_engine(app: StuporSoloApp, screen: EndPhaseScreen) -> None:
    allowed = app.session.allowed()
    shown = keys(screen)
    for action, events in END_PHASE_EVENTS.items():
        lit = shown.get(action, False)
        assert lit == bool(allowed & set(events)), (action, sorted(allowed))


def table_rows(screen: EndPhaseScreen) -> list[list[str]]:
    table = screen.query_one("#ally-table", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def no_blink(app: StuporSoloApp) -> None:
    for widget in app.screen.query(Input):
        widget.cursor_blink = False
    for area in app.screen.query(TextArea):
        area.cursor_blink = False
