"""Fixtures the app tests share."""

from __future__ import annotations

import pytest

from companion.ui.app import StuporSoloApp


@pytest.fixture
def table_calls(monkeypatch: pytest.MonkeyPatch) -> list[StuporSoloApp]:
    """Record open_table() instead of showing the Table (owned by another module)."""
    calls: list[StuporSoloApp] = []
    monkeypatch.setattr(StuporSoloApp, "open_table", lambda self: calls.append(self))
    return calls


@pytest.fixture
def in_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app runs in a browser (textual-serve): ``is_web`` is True."""
    monkeypatch.setattr(StuporSoloApp, "is_web", property(lambda self: True))
