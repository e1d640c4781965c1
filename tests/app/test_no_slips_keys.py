"""Keys go where the screen says (issue 39, the last play-through): a Next tile your own
Edict drew is asked under your Edict, not under Frederick's last card (K1); a dialog that
opens by itself as a follow-through, such as a second Edict right after the first, takes
no key typed before it was drawn and says why it opened (K2); the Play a card dialog's
lines stay where they were first drawn (K3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.ui.app import StuporSoloApp
from companion.ui.widgets.instructions_panel import InstructionsPanel
from solo_deck import GameSetup
from solo_deck.events import Decline, Event, PlayCard, PlayerEdict, TakeEdictReward
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant
from solo_deck.setup import initial_state
from tests.app.action_dialog_helpers import frederick_plays
from tests.app.followup_helpers import KEEP, RICH
from tests.app.pilot_helpers import SIZE, open_table, settle
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
