"""Key bindings as data: one table per screen, turned into Textual ``Binding`` objects.

Keeping them as data lets the Help screen list every key from the same source, and every
binding gets a stable ``id`` (usable in a Textual keymap) and a tooltip.
"""

from __future__ import annotations

from typing import NamedTuple

from textual.binding import Binding


class Key(NamedTuple):
    """One key binding: keys, action, footer label, id, tooltip and options."""

    key: str
    action: str
    label: str
    id: str
    tooltip: str
    key_display: str | None = None
    priority: bool = False


def bindings(keys: list[Key]) -> list[Binding]:
    """Textual bindings for a key table (all shown in the footer)."""
    return [
        Binding(
            k.key,
            k.action,
            k.label,
            id=k.id,
            tooltip=k.tooltip,
            key_display=k.key_display,
            priority=k.priority,
        )
        for k in keys
    ]


APP_KEYS = [
    Key("question_mark", "help", "Help", "app.help", "Every key and the rules decisions", "?"),
    Key(
        "ctrl+q",
        "quit",
        "Quit",
        "app.quit",
        "Quit; every move is saved as you make it (if a save failed, you are asked first)",
        priority=True,
    ),
]

TABLE_KEYS = [
    Key(
        "question_mark", "app.help", "Help", "table.help", "Every key and the rules decisions", "?"
    ),
    Key(
        "space",
        "frederick",
        "Frederick",
        "table.frederick",
        "Flip Frederick's solo card and resolve his turn",
    ),
    Key(
        "n",
        "reveal",
        "Type tile",
        "table.reveal",
        "Type the Edict tile just drawn into a Next space",
    ),
    Key(
        "f",
        "end_phase",
        "End Phase",
        "table.end_phase",
        "Castle income, ally income, reorganisation and the game-end check",
    ),
    Key(
        "f",
        "final_score",
        "Final score",
        "table.final_score",
        "Score the finished game and save it",
    ),
    Key("enter", "end_turn", "End turn", "table.end_turn", "Your turn is done; Frederick is next"),
    Key("t", "travel", "Travel", "table.travel", "Sail your ship clockwise (cost shown)"),
    Key("e", "edict", "Edict", "table.edict", "Issue an Active Edict"),
    Key("a", "summon", "Ally", "table.summon", "Summon the face-up Ally at your port"),
    Key("b", "buy", "Buy", "table.buy", "Purchase the Advanced card at your port"),
    Key("c", "build", "Build", "table.build", "Build a Structure in your castle"),
    Key("p", "promote", "Promote", "table.promote", "Promote one of your Specialists"),
    Key("g", "gain", "Gain", "table.gain", "Gain or spend VP, Grain, Stone or Augustales"),
    Key("P", "pass_turn", "Pass", "table.pass", "Pass (only with no card left in hand)", "P"),
    Key(
        "w",
        "what_if",
        "What if",
        "table.what_if",
        "Rank every way to issue an Edict by the ally income it brings (issues nothing)",
    ),
    Key(
        "o",
        "correct",
        "Fix",
        "table.correct",
        "Correct a tracked value, or say who or what lies at a port",
    ),
    Key("ctrl+z", "undo", "Undo", "table.undo", "Take back the last event"),
    Key("ctrl+y", "redo", "Redo", "table.redo", "Re-apply the last undone event"),
    Key("l", "log", "Log", "table.log", "The whole game log"),
    Key("escape", "menu", "Menu", "table.menu", "Back to the Start screen (the game stays saved)"),
]

HISTORY_KEYS = [
    Key(
        "escape,q",
        "back",
        "Back",
        "history.back",
        "Back to the previous screen (from the filter bar: back to the table)",
        "esc",
    ),
    Key(
        "s",
        "sort_next",
        "Sort",
        "history.sort",
        "Sort by the next column (date, score, title, …); clicking a header works too",
    ),
    Key(
        "f",
        "filter",
        "Filter",
        "history.filter",
        "Go to the filters: difficulty, House and title (they combine)",
    ),
    Key(
        "x,delete",
        "delete",
        "Delete",
        "history.delete",
        "Delete the highlighted game (asks first; u undoes it)",
        "x",
    ),
    Key(
        "u",
        "undo_delete",
        "Undo",
        "history.undo",
        "Put back the game deleted last (while the app is running)",
    ),
    Key(
        "t",
        "statistics",
        "Stats",
        "history.statistics",
        "Records, title counts, streaks and the score chart",
    ),
    Key(
        "S",
        "sort_reverse",
        "Reverse",
        "history.sort_reverse",
        "Reverse the order of the current sort",
        "S",
    ),
    Key("c", "clear_filters", "Clear filters", "history.clear_filters", "Show every game again"),
]
