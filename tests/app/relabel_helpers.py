"""What the language-switch tests of open dialogs read: every word a dialog shows (its
labels, hints, buttons, drop-downs' options and faces, lists' lines, tooltips) and
everything the player left in it (what is typed, chosen, ticked and highlighted, and where
the focus is), so a switch can be checked to change the one and keep the other."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, OptionList, Select, Static

from companion.i18n import use_language
from companion.ui.framework.textual_internals import SelectOverlay
from companion.ui.language import Relabels
from tests.app.pilot_helpers import settle

LETTERS = re.compile(r"[^\W\d_]{2,}")
"""A text with a word in it (not a digit, an arrow or a lone key letter)."""


def _plain(value: object) -> str:
    return value.plain if isinstance(value, Text) else str(value)


def _where(widget: Widget) -> str:
    return widget.id or f"{type(widget).__name__}@{widget.parent and widget.parent.id}"


def words(screen: Screen[Any]) -> list[tuple[str, str]]:
    """Every text the dialog shows, each with the widget that shows it, in order."""
    said: list[tuple[str, str]] = []
    for widget in screen.query_one("#dialog").query("*"):
        where = _where(widget)
        if isinstance(widget, Button):
            said.append((where, _plain(widget.label)))
        elif isinstance(widget, Static):
            said.append((where, _plain(widget.render())))
        elif isinstance(widget, Checkbox):
            said.append((where, _plain(widget.label)))
        elif isinstance(widget, OptionList) and not isinstance(widget, SelectOverlay):
            lines = (widget.get_option_at_index(i) for i in range(widget.option_count))
            said += [(where, _plain(line.prompt)) for line in lines]
        elif isinstance(widget, Select):
            said += [(where, _plain(prompt)) for prompt, _value in widget._options]
        if widget.tooltip is not None:
            said.append((f"{where}.tooltip", _plain(widget.tooltip)))
    return [(where, text) for where, text in said if LETTERS.search(text)]


def held(screen: Screen[Any]) -> dict[str, object]:
    """What the player left in the dialog: values, ticks, highlighted lines, the focus."""
    kept: dict[str, object] = {"focus": screen.focused and _where(screen.focused)}
    for widget in screen.query_one("#dialog").query("*"):
        where = _where(widget)
        if isinstance(widget, Input | Select | Checkbox):
            kept[where] = widget.value
        elif isinstance(widget, OptionList) and not isinstance(widget, SelectOverlay):
            kept[where] = widget.highlighted
    return kept


async def switch(screen: Screen[Any], pilot: Any, language: str) -> None:
    """Speak ``language`` and have the open dialog word itself again (as the app's switch
    does: :meth:`companion.ui.language.SpeaksLanguages.set_language`)."""
    use_language(language)
    assert isinstance(screen, Relabels)
    screen.relabel()
    await settle(pilot)


async def reworded_and_back(screen: Screen[Any], pilot: Any) -> list[tuple[str, str]]:
    """Switch to ``qps`` and back: in ``qps`` every word reads «…» and nothing the player
    left changed; back in English the dialog reads exactly as before. Returns the English
    words (for a test's own checks)."""
    english, kept = words(screen), held(screen)
    assert english
    await switch(screen, pilot, "qps")
    pseudo = words(screen)
    stale = [(where, text) for where, text in pseudo if "«" not in text]
    assert not stale, stale
    assert [where for where, _text in pseudo] == [where for where, _text in english]
    assert held(screen) == kept
    await switch(screen, pilot, "en")
    again = words(screen)
    assert again == english, [pair for pair in again if pair not in english]
    assert held(screen) == kept
    return english
