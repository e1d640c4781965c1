"""A hint worded for the device it is read on: the key to press on a keyboard, the
on-screen button to tap on a touch screen (the app in a browser, ``App.is_web``).

Every hint that names a key is written in both forms and one of them is chosen here, so
What to do on the Table and every dialog speak the same way:

>>> for_device(False, "ctrl+s records", "tap Record")
'ctrl+s records'
>>> for_device(True, "ctrl+s records", "tap Record")
'tap Record'

A button's label names its key only where there is a keyboard:

>>> key_label(False, "Record", "ctrl+s")
'Record (ctrl+s)'
>>> key_label(True, "Record", "ctrl+s")
'Record'
"""

from __future__ import annotations

from typing import TypeVar

from textual.dom import DOMNode

T = TypeVar("T")


def for_device(touch: bool, keys: T, taps: T) -> T:
    """``taps`` on a touch screen (``touch``), else ``keys``."""
    return taps if touch else keys


def worded(node: DOMNode, keys: str, taps: str) -> str:
    """``keys`` or ``taps``, for the device the app of ``node`` is shown on."""
    return for_device(node.app.is_web, keys, taps)


def key_label(where: DOMNode | bool, label: str, key: str) -> str:
    """A button's ``label`` with its ``key`` after it (``Cancel (esc)``) in a terminal,
    the bare ``label`` on a touch screen. ``where`` is a node of the app (whose
    ``is_web`` decides) or, already known, whether it is a touch screen."""
    touch = where if isinstance(where, bool) else where.app.is_web
    return for_device(touch, f"{label} ({key})", label)
