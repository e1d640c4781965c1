"""Every test here leaves the app speaking English, as it found it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.i18n import use_language


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")
