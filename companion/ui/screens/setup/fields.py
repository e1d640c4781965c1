"""Small pieces the New game form's sections share: the message shown under a field, and
the refusal of one tile or Ally chosen twice."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from textual.widget import Widget
from textual.widgets import Label, Select

from companion.i18n import _

Problem = tuple[Widget, str, str]
"""A field that needs attention: the widget to focus, the field's name, what is wrong."""


def error_label(name: str) -> Label:
    """The (hidden) message line under the field ``name``."""
    return Label("", id=f"{name}-error", classes="error-text field-error", markup=False)


def show_error(root: Widget, name: str, message: str) -> None:
    """Show ``message`` under the field ``name`` ('' hides it)."""
    label = root.query_one(f"#{name}-error", Label)
    if not message and not label.display:
        return  # hidden already: nothing to lay out again (a key in a field calls this)
    label.update(message)
    label.display = bool(message)


def refuse_twice(
    select: Select[Any],
    group: Iterable[Select[Any]],
    where: Callable[[Select[Any]], str],
    what: Callable[[str], str],
) -> str:
    """When ``select`` now holds what another select of ``group`` holds, clear it and say
    so (``'Gisela already lies face up in Roma; choose another.'``); else ''."""
    value = select.value
    if value is Select.NULL:
        return ""
    for other in group:
        if other is not select and other.value == value:
            with select.prevent(Select.Changed):
                select.clear()
            return _("{what} already lies {where}; choose another.").format(
                what=what(str(value)), where=where(other)
            )
    return ""
