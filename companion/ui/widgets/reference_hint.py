"""What F1 looks up: the Reference topic of whatever has the cursor, and the small "?"
button that does the same on touch (the app served in a browser).

The topic is found from the focused widget outwards: a widget or screen may say it
(``reference_topic()``); a list line says it by its option id (the Build's Structures);
a Select by its value (the Summon's Ally, the Great Structure, the Keep Cover), and, while
its list is open, by the highlighted line's value. The Table's panels hold no focus: F1 asks
the panel under the mouse pointer (Frederick's palace, the edict row, the deck).
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, OptionList, Select

from companion.i18n import N_, _
from companion.ui.framework.textual_internals import SelectOverlay, select_lines
from companion.ui.widgets.rewords import WordsItself


def _own_topic(node: Any) -> str | None:
    ask = getattr(node, "reference_topic", None)
    if callable(ask):
        topic = ask()
        return topic if isinstance(topic, str) and topic else None
    return None


def _line_topic(node: Widget) -> str | None:
    if isinstance(node, SelectOverlay):
        select = node.parent
        index = node.highlighted
        # The open list's lines are the Select's options in order (Textual's own pairing).
        options = select_lines(select) if isinstance(select, Select) else []
        if index is not None and index < len(options):
            value = options[index][1]
            return value if isinstance(value, str) else None
        return None
    if isinstance(node, OptionList):
        index = node.highlighted
        return None if index is None else node.get_option_at_index(index).id
    if isinstance(node, Select):
        value = node.value
        return value if isinstance(value, str) else None
    return None


def _known(topic: str | None) -> bool:
    """Whether the Reference has an entry for ``topic`` (it is built when first asked)."""
    from companion.reference import entry_for

    return topic is not None and topic != "" and entry_for(topic) is not None


def _outwards(node: Any, screen: Screen[Any]) -> str | None:
    """The first topic the Reference knows, from ``node`` outwards (the screen excluded)."""
    while node is not None and node is not screen:
        for topic in (_own_topic(node), _line_topic(node) if isinstance(node, Widget) else None):
            if _known(topic):
                return topic
        node = node.parent
    return None


def topic_of(screen: Screen[Any]) -> str | None:
    """The topic of what has the cursor on ``screen``: the first, from the focused widget
    outwards to the screen, that the Reference has an entry for; else (the Table keeps no
    focus on its panels) that of the panel under the mouse pointer; else the screen's own
    (``None``: none has)."""
    topic = _outwards(screen.focused, screen)
    if topic is None:
        pointed = screen.app.mouse_over
        if pointed is not None and pointed.screen is screen:
            topic = _outwards(pointed, screen)
    if topic is None:
        topic = _own_topic(screen)
    return topic if _known(topic) else None


TOOLTIP = N_("What this choice does (F1)")


class ReferenceHint(WordsItself, Button):
    """The touch "?" beside a dialog's choices: the Reference entry of the focused choice
    (as F1). It never takes the focus, so the choice keeps the cursor."""

    DEFAULT_CSS = """
    ReferenceHint { min-width: 5; width: 5; }
    """

    def __init__(self) -> None:
        super().__init__("?", id="reference-hint", tooltip=_(TOOLTIP))
        self.can_focus = False

    def relabel(self) -> None:
        """Word the tooltip again in the language in use (a language switch)."""
        self.tooltip = _(TOOLTIP)
