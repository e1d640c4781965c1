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
