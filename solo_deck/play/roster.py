"""The lab's bots by name: :func:`bot_named` and the names it knows.

Apart from :mod:`solo_deck.play.bots` (the :class:`~solo_deck.play.bots.Bot` protocol),
because the coach bot plays through the Coach, and the Coach's rollouts through a bot: the
roster imports every bot, and no bot imports the roster.
"""

from __future__ import annotations

from solo_deck.play.bots import Bot, RandomBot
from solo_deck.play.coach_bot import CoachBot
from solo_deck.play.greedy import GreedyBot
from solo_deck.play.plan import PlanBot

BOT_NAMES = ("random", "greedy", "plan", "coach")
"""The bots the lab knows, by name."""
DEFAULT_BOTS = ("random", "greedy", "plan")
"""The bots the lab plays when none is named (the coach only when asked: it plays each
turn many times over)."""


def bot_named(name: str, budget: int | None = None) -> Bot:
    """The bot called ``name`` (``KeyError`` for another name); ``budget`` is the coach's
    rollouts per turn (its default when ``None``).

    >>> bot_named("greedy").name
    'greedy'
    """
    bots: dict[str, Bot] = {
        "random": RandomBot(),
        "greedy": GreedyBot(),
        "plan": PlanBot(),
        "coach": CoachBot() if budget is None else CoachBot(budget),
    }
    return bots[name]
