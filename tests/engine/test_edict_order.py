"""Issue 25: issuing an Edict takes the reward under it first, then activates its icons
(the rulebook's order). A game saved before the boards were data keeps the old order, icons
first, so that it replays as it was recorded."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from solo_deck import GameSetup, RuleError, SoloGame, load_ruleset
from solo_deck.events import PlayerEdict, TakeEdictReward
from solo_deck.model.gains import Gains
from solo_deck.model.grants import Grant
from solo_deck.rules.triggers import edict_to_issue
from solo_deck.setup import initial_state
from tests.game_setups import reveal_drawn

COINS = Grant(gain=Gains(augustales=3))


def owing_an_edict(make_setup: Callable[..., GameSetup], *, on_board: bool) -> SoloGame:
    """A game whose first step owed is an Edict to issue (as after a Keep is built)."""
    ruleset = load_ruleset() if on_board else None
    setup = make_setup(ruleset=ruleset, edict_rewards=(COINS, COINS, COINS))
    state = initial_state(setup)
    duty = edict_to_issue("You built a Keep: issue an Edict", "Keep")
    start = state.model_copy(update={"pending": (duty,)})
    return SoloGame(setup.model_copy(update={"start": start}))


def test_the_reward_comes_before_the_icons(make_setup: Callable[..., GameSetup]) -> None:
    game = owing_an_edict(make_setup, on_board=True)
    towers = game.state.palace.towers
    assert game.why_not("player_edict") == (
        "first take the reward under the Active Edict you issue (choose the Edict by its "
        "reward); its icons come after"
    )
    with pytest.raises(RuleError, match="first take the reward"):
        game.push(PlayerEdict(slot=0, choice={"T": "add"}, replacement=0))
    game.push(TakeEdictReward(slot=0, augustales=3))
    assert game.state.player.augustales == 9
    assert game.state.palace.towers == towers  # the icons are still owed
    icons = game.state.obligation
    assert icons is not None and icons.slot == 0 and icons.text.startswith("Activate the icons")
    assert "take_edict_reward" not in game.allowed()
    with pytest.raises(RuleError, match="you took the reward under Active I: issue that Edict"):
        game.push(PlayerEdict(slot=1, choice={"W": "add", "K": "add"}, replacement=1))
    game.push(PlayerEdict(slot=0, choice={"T": "add"}, replacement=0))
    assert game.state.palace.towers == towers + 2
    assert not game.state.pending  # the reward is not owed a second time
    assert game.state.player.augustales == 9


def test_an_old_game_keeps_the_icons_first(make_setup: Callable[..., GameSetup]) -> None:
    game = owing_an_edict(make_setup, on_board=False)
    assert game.why_not("take_edict_reward") == "issue an Active Edict (its reward comes with it)"
    game.push(PlayerEdict(slot=0, choice={"T": "add"}, replacement=0))
    reveal_drawn(game)
    assert game.state.obligation is not None and game.state.obligation.does == "edict_reward"
    game.push(TakeEdictReward(slot=0, augustales=3))
    assert not game.state.pending
