"""Fixtures of the browser tests: Debian's Chromium through Playwright (never a browser
Playwright downloads), and ``stupor-solo serve`` on a free loopback port with a fresh data
folder. Without Chromium (or Playwright) every browser test is skipped, saying why; CI
installs Chromium first (``.ci/run``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.served import Page, Served, find_chromium


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium per test module (the system's own). Not for the session:
    Playwright's sync API keeps an event loop marked running on this thread until it
    stops, and every later test that runs its own loop would fail."""
    path = find_chromium()
    if path is None:
        reason = "no chromium on this machine (apt-get install chromium): browser tests skipped"
        print(f"\n{reason}")
        pytest.skip(reason)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:  # pragma: no cover - the test extra installs it
        pytest.skip(f"playwright is not installed ({exc}): browser tests skipped")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=path, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        yield browser
        browser.close()


@pytest.fixture
def data_folder(tmp_path: Path) -> Path:
    """A fresh data folder."""
    return tmp_path / "data"


@pytest.fixture
def served(data_folder: Path) -> Iterator[Served]:
    """``stupor-solo serve --port 0`` on loopback; stopped with ctrl+c afterwards."""
    server = Served(data_folder).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def open_page(chromium: Any) -> Iterator[Any]:
    """Open pages at a viewport size: ``open_page(width, height)`` → :class:`Page`."""
    contexts: list[Any] = []

    def make(width: int = 1024, height: int = 768) -> Page:
        context = chromium.new_context(viewport={"width": width, "height": height}, has_touch=True)
        contexts.append(context)
        return Page(context.new_page())

    yield make
    for context in contexts:
        context.close()
