"""Issue 25: an Edict owed opens its reward first (the reward under the Edict you choose),
then the icons of that Edict; the two dialogs record the rulebook's order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import ModalScreen
from textual.widgets import OptionList

from companion.session import GameSession
from companion.ui.screens.modals.edict_reward import RewardModal
from companion.ui.screens.modals.issue_edict import IssueEdictModal
from companion.ui.screens.prompts import prompt_for
from solo_deck import GameState, Ruleset
from solo_deck.events import PlayerEdict, TakeEdictReward
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant
from solo_deck.rules.triggers import edict_to_issue
from solo_deck.setup import initial_state
from tests.app.followup_helpers import Host
from tests.app.pilot_helpers import press_and_settle
from tests.game_setups import KNOWN_BOARD, edict_setup

COINS = Grant(gain=Gains(augustales=3))


def owing_an_edict(folder: Path) -> GameSession:
    setup = edict_setup(**KNOWN_BOARD, edict_rewards=(COINS, COINS, COINS))
    start = initial_state(setup)
    duty = edict_to_issue("You built a Keep: issue an Edict", "Keep")
    session = GameSession(folder)
    session.start(setup.model_copy(update={"start": start.model_copy(update={"pending": (duty,)})}))
    return session


def prompt(state: GameState, rules: Ruleset) -> ModalScreen[Any]:
    """The dialog the follow-through opens for the first obligation."""
    assert state.obligation is not None
    return prompt_for(state.obligation, state, rules)


async def test_the_reward_opens_first_then_the_icons_of_that_edict(tmp_path: Path) -> None:
    session = owing_an_edict(tmp_path)
    app = Host(session, prompt)
    async with app.shown() as pilot:
        assert isinstance(app.screen, RewardModal)
        options = app.screen.query_one("#space", OptionList)
        first = str(options.get_option_at_index(0).prompt)
        assert first.startswith("1  Active I: +3 Augustales") and "(Edict " in first
        await press_and_settle(pilot, "2")  # Active II's Edict: its digit takes the reward
    assert app.results == [TakeEdictReward(slot=1, augustales=3)]
    session.push(app.results[0])
    icons = Host(session, prompt)
    async with icons.shown() as pilot:
        dialog = icons.screen
        assert isinstance(dialog, IssueEdictModal) and dialog.fixed == 1
        assert dialog.step == 2  # the Edict is chosen already: its icons
        await press_and_settle(pilot, "backspace")  # no way back to another Edict
        assert dialog.step == 2
        await press_and_settle(pilot, "enter", "enter")
    result = icons.results[0]
    assert isinstance(result, PlayerEdict) and result.slot == 1
