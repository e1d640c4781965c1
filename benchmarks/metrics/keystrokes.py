"""``keystrokes``: the keys a whole game costs, per action and per round (issue 26).

The whole-game script (``tests/scripted_game.py``) is played through the app by
:class:`tests.app.key_driver.KeyDriver`, the way a person at the table presses keys, and
every key is counted. The events are grouped into the actions a player thinks in: a card
played with everything it sets off (the Build, the Edict, its reward, a City Bonus), a
Travel, a Pass, one of Frederick's turns, the End Phase. Each action kind has a budget;
an action that issues Edicts gets :data:`EDICT_BUDGET` more per Edict, and one that sets
off another action (a City Bonus's Build) that action's budget too. A round is
everything from its first Frederick turn to its End round.

The game is played twice (issue 39): as scripted, with every fact known at setup, and as
a **newcomer** plays it, the packaged boards unchecked and no Market tile or Edict reward
known, each first-time fact typed when the app asks for it. The characters that describe
what the table shows (a Market tile's text, a reward's amount, a board value read off the
box) are table facts: counted and printed apart, never against a budget; every other key
(opening a dialog, Tab, choosing, recording) counts.

Keys are counts, not times: the verdict is the worst action (or round) of both games
against its budget, so the ratio is ``keys / budget`` and anything at or under 1 passes.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.measure import Result, Settings, Workspace

BUDGETS: dict[str, int] = {
    "face-up card": 3,
    "Build": 6,
    "Summon": 5,
    "Market": 8,
    "Promote": 3,
    "End Phase": 4,
    "round": 50,
}
"""The issue's budget per action kind (an End Phase also gets one key per Ally named)."""
EDICT_BUDGET = 6
"""The extra keys an issued Edict may take (a Build 6, a Build that issues an Edict 12)."""
CHOICE_BUDGET = 2
"""The keys a City Bonus choice may take (assumed: the issue sets none; a line and Enter)."""
FOLLOW_ONS = {
    "build": "Build",
    "summon_ally": "Summon",
    "visit_market": "Market",
    "promote": "Promote",
}
"""An action one action sets off (a City Bonus's Build, a cover's second action) brings
its own budget along."""
END_PHASE_EVENTS = frozenset(
    {"castle_income", "ally_income", "reorganise", "name_ally", "end_round"}
)
"""The events of the End Phase, counted as one action."""
STARTS = frozenset({"play_card", "travel", "pass", "frederick_turn"})
"""The events that begin a new action; every other event follows the one before it."""
ACTION_KINDS = {
    "build": "Build",
    "summon": "Summon",
    "market": "Market",
    "promote": "Promote",
    "purchase": "Purchase",
}


@dataclass
class Action:
    """One action as the player thinks of it: its events and the keys they took."""

    kind: str
    round: int
    events: list[str] = field(default_factory=list)
    keys: int = 0
    facts: int = 0
    """Keys that typed what the table shows (not counted against the budget)."""

    @property
    def budget(self) -> int | None:
        """The keys this action may take (``None`` for kinds the issue sets no budget)."""
        base = BUDGETS.get(self.kind)
        if base is None:
            return None
        if self.kind == "End Phase":
            return base + self.events.count("name_ally")
        follow_ons = [FOLLOW_ONS[name] for name in self.events if name in FOLLOW_ONS]
        if self.kind in follow_ons:
            follow_ons.remove(self.kind)  # the action the card was played for
        return (
            base
            + EDICT_BUDGET * self.events.count("player_edict")
            + CHOICE_BUDGET * self.events.count("choose_city_bonus")
            + sum(BUDGETS[kind] for kind in follow_ons)
        )


def kind_of(event: Any) -> str:
    """The action kind an action-starting ``event`` begins."""
    if event.type == "play_card":
        if event.face_up:
            return "face-up card"
        return " + ".join(ACTION_KINDS[action] for action in event.actions)
    if event.type in END_PHASE_EVENTS:
        return "End Phase"
    name = str(event.type)
    return {"travel": "Travel", "pass": "Pass", "frederick_turn": "Frederick's turn"}.get(
        name, name
    )


async def _play(newcomer: bool = False) -> list[Action]:
    """The scripted game played by keys (``newcomer``: from nothing known)."""
    import tempfile

    from companion.ui.app import StuporSoloApp
    from tests.app.key_driver import KeyDriver
    from tests.app.pilot_helpers import SIZE, open_table
    from tests.game_setups import checked_ruleset
    from tests.scripted_game import NEWCOMER_SCRIPT, SCRIPT, newcomer_setup, tableau_setup

    counted = [0, 0]  # keys, table-fact keys

    class CountingDriver(KeyDriver):
        async def keys(self, *keys: str) -> None:
            counted[self.typing_fact] += len(keys)
            await super().keys(*keys)

    setup = newcomer_setup() if newcomer else tableau_setup()
    box = checked_ruleset(marked_ally_space=3) if newcomer else None
    actions: list[Action] = []
    with tempfile.TemporaryDirectory(prefix="stupor-keys-") as folder:
        app = StuporSoloApp(Path(folder), insight=False)
        async with app.run_test(size=SIZE) as pilot:
            await open_table(app, pilot, setup=setup)
            driver = CountingDriver(app, pilot, box=box)
            round_number = 1
            for event in NEWCOMER_SCRIPT if newcomer else SCRIPT:
                starts = event.type in STARTS or (
                    event.type in END_PHASE_EVENTS
                    and (not actions or actions[-1].kind != "End Phase")
                )
                if starts or not actions:
                    actions.append(Action(kind_of(event), round_number))
                before = list(counted)
                await driver.play(event)
                actions[-1].events.append(event.type)
                actions[-1].keys += counted[0] - before[0]
                actions[-1].facts += counted[1] - before[1]
                if event.type == "end_round":
                    round_number += 1
    return actions


Row = tuple[str, int, int, int | None]
"""What a row says: its text, its keys, its table-fact keys, its budget."""


def rows_of(actions: list[Action], game: str = "") -> list[Row]:
    """One row per action, then one per round (``game`` names the game in front)."""
    rounds: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for action in actions:
        rounds[action.round][0] += action.keys
        rounds[action.round][1] += action.facts
    rows: list[Row] = [
        (f"{game}{a.kind} (round {a.round}: {', '.join(a.events)})", a.keys, a.facts, a.budget)
        for a in actions
    ]
    rows += [
        (f"{game}round {n}", keys, facts, BUDGETS["round"])
        for n, (keys, facts) in sorted(rounds.items())
    ]
    return rows


def note(text: str, keys: int, facts: int, budget: int | None) -> str:
    """``PASS    3 keys (budget 8)  +7 table  Market (…)``."""
    verdict = "PASS" if budget is None or keys <= budget else "FAIL"
    told = f"+{facts} table" if facts else ""
    return (
        f"{verdict}  {keys:>3} keys{'' if budget is None else f' (budget {budget})':<13}"
        f" {told:<9} {text}"
    )


def keystrokes(settings: Settings, space: Workspace) -> Result:
    """Keys per action kind and per round of the scripted game, against the budgets."""
    del settings, space  # a count: the same on every machine and in every mode
    rows = rows_of(asyncio.run(_play()))
    newcomer = rows_of(asyncio.run(_play(newcomer=True)), "newcomer: ")
    judged = [(keys / budget, text) for text, keys, _, budget in rows + newcomer if budget]
    worst, worst_text = max(judged)
    over = [text for ratio, text in judged if ratio > 1]
    notes = [note(*row) for row in rows]
    facts = sum(row[2] for row in newcomer if row[0].startswith("newcomer: round"))
    notes.append(
        "the newcomer's game: the same game from nothing known (packaged boards unchecked, "
        f"no Market tile, no Edict reward); {facts} keys typed what the table shows "
        "(tile, reward, board value: +N table, not counted against the budget)"
    )
    notes += [note(*row) for row in newcomer]
    notes.insert(0, f"worst: {worst_text}; {len(over)} of {len(judged)} over budget")
    return Result(
        "keystrokes",
        1.0,
        worst,
        1.0,
        unit="×",
        what="keys of the worst action or round of both scripted games / its budget",
        reference_what="the budget (issue 26); each action and round listed below",
        notes=notes,
    )
