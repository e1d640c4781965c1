"""``idle_actions`` agrees with ``legal_moves``: an action is idle exactly when, after a
card is played face down for it, the only listed answer to it is Decline."""

from __future__ import annotations

import random

from solo_deck import idle_actions
from solo_deck.events import PlayCard
from solo_deck.game import SoloGame
from solo_deck.play.bots import RandomBot
from solo_deck.play.simulate import new_game, play_one
from solo_deck.play.table import CONFIGURATIONS
from solo_deck.rules.card_slots import face_down_offers

ACTION_EVENTS = {
    "promote": "promote",
    "market": "visit_market",
    "build": "build",
    "summon": "summon_ally",
    "purchase": "buy_card",
}
"""The event that takes each main action."""


def answers(game: SoloGame, slot: int, action: str) -> set[str]:
    """The event types listed right after a card is played face down in ``slot`` for
    ``action`` (``None`` when something else comes first)."""
    branch = SoloGame.at(game.setup, game.state)
    branch.push(PlayCard(slot=slot, face_up=False, actions=(action,)))
    first = branch.state.obligation
    assert first is not None and first.does == action
    return {move.event.type for move in branch.legal_moves()}


def test_an_action_is_idle_exactly_when_only_a_decline_answers_it() -> None:
    idle_seen = useful_seen = 0
    for seed in range(12):
        game = new_game(CONFIGURATIONS[seed % len(CONFIGURATIONS)], seed)
        rng = random.Random(seed)
        while not game.state.game_over:
            if "play_card" in game.allowed():
                idle = idle_actions(game.state, game.ruleset)
                for slot, actions in face_down_offers(game.state, game.ruleset).items():
                    for action in actions:
                        listed = answers(game, slot, action)
                        if action in idle:
                            assert ACTION_EVENTS[action] not in listed, (seed, action, idle)
                            idle_seen += 1
                        else:
                            assert ACTION_EVENTS[action] in listed, (seed, action, listed)
                            useful_seen += 1
            play_one(game, RandomBot(), rng)
    assert idle_seen > 0 and useful_seen > 0  # both kinds came up
