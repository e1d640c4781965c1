"""What the Help screen shows: every key binding of the app and our rules decisions.

The key tables are built by reading the ``BINDINGS`` of the app and of each screen class, so
they never drift from the code. The rules decisions are the project's interpretations (see
DESIGN.md, "Rules decisions"), written in our own words.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass

from textual.binding import Binding
from textual.keys import format_key

RULES_DECISIONS: list[tuple[str, str, str]] = [
    (
        "Which rulebook",
        "Where the retail rulebook and the v19 draft disagree, the app follows the retail one.",
        "project choice",
    ),
    (
        "Treasury icon",
        "Each Treasury icon moves Frederick's Treasury by one step, and a step is worth "
        "3 Augustales.",
        "rulebook examples",
    ),
    (
        "Frederick's edicts",
        "Frederick always adds and never removes. Whatever would go past a track's cap is "
        "dropped. His Specialist advances on Path A only; he pays no Grain and earns no City "
        "Bonus.",
        "solo rules",
    ),
    (
        "Empty Active space",
        "If the numbered Active space is empty, Frederick uses the next one round the cycle "
        "I, II, III, back to I.",
        "solo rules",
    ),
    (
        "Refilling after Frederick",
        "The tile that Frederick used is replaced from the Next space at the same height; if "
        "that one is empty, from the next Next space in the cycle.",
        "solo rules",
    ),
    (
        "Your edicts",
        "You pick the Active tile and, for each kind of icon, whether to add or remove. "
        "Icons of one kind all go the same way. If a kind cannot be removed it has to be "
        "added, and the other way round. You pick which Next tile moves up.",
        "core rules",
    ),
    (
        "Neither way fits",
        "When a kind of icon can be neither fully added nor fully removed, you choose the "
        "direction and the track simply stops at its limit.",
        "project decision",
    ),
    (
        "Crowns",
        "Count crowns from the last shuffle. When the second one shows, all 16 solo cards are "
        "shuffled together once Frederick's turn is over (not at once).",
        "solo rules",
    ),
    (
        "Round length",
        "Frederick acts at most 5 times a round. Once you have taken a 6th turn the round "
        "moves to the End Phase with no further card flipped. With a card still in hand you "
        "may not pass.",
        "solo rules",
    ),
    (
        "After you pass",
        "Frederick goes on taking turns, one card each, until he has acted 5 times in the round.",
        "project decision",
    ),
    (
        "Removing Allies",
        "Frederick only takes a face-up Ally. A face-down Ally left uncovered stays where it "
        "is and is turned up during reorganisation.",
        "project decision",
    ),
    (
        "End of the game",
        "The game ends once a round is over in which your castle was completed, an Active "
        "Edict space could not be refilled, or the Voyage board could not be fully restocked "
        "with Advanced Action cards.",
        "core rules",
    ),
    (
        "Most Structures",
        "In solo you score +4 VP when your castle holds at least as many Structures as "
        "Frederick's (a tie counts for you). There is no +2 for second place. You can make "
        "this stricter in the ruleset.",
        "interpretation, configurable",
    ),
    (
        "Titles",
        "Serf below 30 points, Knight from 30, Feudal lord from 50, Duke from 80.",
        "solo rules",
    ),
    (
        "Sigeberht",
        "Treated as a Loyalist: his condition only looks at Frederick's palace.",
        "ally list",
    ),
    (
        "Mocenigo",
        "Compares the furthest Workplace space any of your Specialists has reached with the "
        "space of Frederick's Specialist.",
        "project decision",
    ),
    (
        "City Bonus B",
        "It lets you issue a single Edict (the retail text), not two (the draft).",
        "retail rulebook",
    ),
    (
        "Values we assumed",
        "The fifth Voyage port's name and the top values of Frederick's tracks are not in our "
        "rules text. They are our guesses, marked as assumed, and you can edit them.",
        "assumed: verify",
    ),
]
"""(topic, decision, source) for each interpretation the app commits to."""


@dataclass(frozen=True)
class ScreenKeys:
    """Where a group of key bindings is defined (import path of the class)."""

    title: str
    module: str
    class_name: str


SCREENS: tuple[ScreenKeys, ...] = (
    ScreenKeys("Everywhere", "companion.app", "StuporSoloApp"),
    ScreenKeys("Start", "companion.screens.start", "StartScreen"),
    ScreenKeys("New game", "companion.screens.setup", "SetupScreen"),
    ScreenKeys("Table", "companion.screens.table", "TableScreen"),
    ScreenKeys("Game log", "companion.screens.log_screen", "LogScreen"),
    ScreenKeys("End Phase", "companion.screens.end_phase", "EndPhaseScreen"),
    ScreenKeys("Final score", "companion.screens.final_score", "FinalScoreScreen"),
    ScreenKeys("Solo deck", "companion.screens.deck", "DeckScreen"),
    ScreenKeys("History", "companion.screens.history", "HistoryScreen"),
    ScreenKeys("Statistics", "companion.screens.statistics", "StatisticsScreen"),
    ScreenKeys("Help", "companion.screens.help", "HelpScreen"),
)
"""The classes whose bindings the Help screen lists, in this order. A screen that does not
exist yet (or fails to import) is skipped."""

DIALOGS_PACKAGE = "companion.screens.modals"
"""Every class in this package's modules that declares BINDINGS is listed under "Dialogs"."""


@dataclass(frozen=True)
class KeyRow:
    """One line of a key table."""

    keys: str
    description: str
    tooltip: str
    binding_id: str


KEY_NAMES: dict[str, str] = {
    "enter": "enter",
    "escape": "esc",
    "space": "space",
    "backspace": "backspace",
    "question_mark": "?",
    "tab": "tab",
}
"""Key names spelt out in the help (Textual's own symbols such as ⏎ are less clear)."""


def _one_key(key: str) -> str:
    *modifiers, name = key.strip().split("+")
    return "+".join([*modifiers, KEY_NAMES.get(name, format_key(name))])


def key_label(binding: Binding) -> str:
    """How a binding's keys read for a person, e.g. ``ctrl+z``, ``?`` or ``esc / q``.

    A binding on several keys lists them all (its ``key_display`` names only the first)."""
    keys = [key for key in binding.key.split(",") if key.strip()]
    if binding.key_display and len(keys) == 1:
        return binding.key_display
    return " / ".join(_one_key(key) for key in keys)


def own_bindings(cls: type) -> list[Binding]:
    """The bindings a class declares itself (not the ones it inherits), one per entry:
    a binding on several keys (``"escape,q"``) stays one binding."""
    bindings: list[Binding] = []
    for item in vars(cls).get("BINDINGS", []):
        if isinstance(item, Binding):
            bindings.append(item)
        else:
            bindings.append(Binding(*item))
    return bindings


def readable_name(cls: type) -> str:
    """``HELP_TITLE`` of a class, else its name in words: ``RevealEdictModal`` → ``Reveal
    edict``."""
    title = getattr(cls, "HELP_TITLE", None)
    if isinstance(title, str) and title:
        return title
    name = cls.__name__
    for suffix in ("Modal", "Screen"):
        name = name.removesuffix(suffix)
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).split()
    return " ".join(words).capitalize() or cls.__name__


def key_rows(cls: type, *, label_dialogs: bool = True) -> list[KeyRow]:
    """The bindings of ``cls`` plus those of its ``HELP_CLASSES`` (tables, dialogs, and the
    :class:`~companion.screens.modals.confirm.ConfirmKeys` of its questions). Keys of a
    dialog (a ModalScreen or a question) say which dialog they belong to."""
    from textual.screen import ModalScreen

    classes = [cls, *getattr(cls, "HELP_CLASSES", ())]
    rows: list[KeyRow] = []
    for owner in classes:
        prefix = ""
        if not isinstance(owner, type):  # a question's keys (ConfirmKeys)
            bindings = owner.bindings()
            if label_dialogs:
                prefix = f"{owner.help_title}: "
        else:
            bindings = own_bindings(owner)
            if label_dialogs and issubclass(owner, ModalScreen):
                prefix = f"{readable_name(owner)}: "
        for binding in bindings:
            if binding.system or not binding.description:
                continue
            row = KeyRow(
                keys=key_label(binding),
                description=binding.description,
                tooltip=prefix + binding.tooltip,
                binding_id=binding.id or "",
            )
            if row not in rows:
                rows.append(row)
    return rows


def dialog_classes(package_name: str = DIALOGS_PACKAGE) -> list[type]:
    """The classes with their own BINDINGS defined in the modules of ``package_name``."""
    try:
        package = importlib.import_module(package_name)
    except ImportError:
        return []
    found: list[type] = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        try:
            module = importlib.import_module(f"{package_name}.{info.name}")
        except ImportError:
            continue
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == module.__name__
                and "BINDINGS" in vars(value)
                and value not in found
            ):
                found.append(value)
    return found


def _merged_rows(classes: list[type]) -> list[KeyRow]:
    rows: list[KeyRow] = []
    for cls in classes:
        rows += [row for row in key_rows(cls) if row not in rows]
    return rows


def collect_bindings() -> list[tuple[str, list[KeyRow]]]:
    """Every screen's key table, in :data:`SCREENS` order, then the keys of the dialogs
    not already listed with their screen; missing screens are skipped."""
    groups: list[tuple[str, list[KeyRow]]] = []
    listed: set[object] = set()
    for entry in SCREENS:
        try:
            module = importlib.import_module(entry.module)
        except ImportError:
            continue
        cls = getattr(module, entry.class_name, None)
        if not isinstance(cls, type):
            continue
        rows = key_rows(cls)
        listed.update(getattr(cls, "HELP_CLASSES", ()))
        if entry.module == "companion.app":
            rows.append(
                KeyRow("ctrl+p", "Commands", "Search every action of the current screen", "")
            )
        if rows:
            groups.append((entry.title, rows))
    dialogs = _merged_rows([cls for cls in dialog_classes() if cls not in listed])
    if dialogs:
        groups.append(("Dialogs", dialogs))
    return groups


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def bindings_markdown() -> str:
    """The key tables as Markdown (one table per screen)."""
    parts = ["# Keys", ""]
    for title, rows in collect_bindings():
        parts += [f"## {title}", "", "| Key | Action | What it does |", "|---|---|---|"]
        parts += [
            f"| `{_cell(row.keys)}` | {_cell(row.description)} | {_cell(row.tooltip)} |"
            for row in rows
        ]
        parts.append("")
    return "\n".join(parts)


def rules_markdown() -> str:
    """The rules decisions as a Markdown list."""
    parts = [
        "# Rules decisions",
        "",
        "How the app reads points the rules leave open. The source says where each comes from.",
        "",
    ]
    parts += [
        f"- **{topic}**: {decision} *({source})*" for topic, decision, source in RULES_DECISIONS
    ]
    parts.append("")
    return "\n".join(parts)


def help_markdown() -> str:
    """The whole help text: keys first, then the rules decisions."""
    return bindings_markdown() + "\n" + rules_markdown()
