"""H6: the reviews Statistics reads in a thread belong to the screen: closing the screen
cancels the worker, and the thread stops at its next game instead of reviewing the rest
of the history. Opened and closed three times, nothing is left running."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from companion.history import review_source, review_stats
from companion.storage import HistoryRecord, HistoryStore
from companion.ui.app import StuporSoloApp
from companion.ui.screens.history.statistics import StatisticsScreen
from tests.app.pilot_helpers import SIZE
from tests.app.sample_history import sample_records

REVIEWS = "statistics-reviews"


def _records_with_documents() -> list[HistoryRecord]:
    return [
        record.model_copy(update={"game_document": f"games/{record.id}.json.gz"})
        for record in sample_records()
    ]


def _running_reviews(app: StuporSoloApp) -> list[Any]:
    return [w for w in app.workers if w.group == REVIEWS and not w.is_finished]


async def test_closing_statistics_stops_its_review_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = _records_with_documents()
    HistoryStore(tmp_path).add_many(records)
    gate = threading.Event()
    started = threading.Event()
    finished = threading.Event()
    reviewed: list[str] = []

    def slow_review(folder: Any, record: HistoryRecord) -> Any:
        reviewed.append(record.id)
        started.set()
        gate.wait(30)  # held until the screen is closed
        raise ValueError("no document here")

    real = review_stats.review_stats

    def watched(*args: Any, **kwargs: Any) -> Any:
        try:
            return real(*args, **kwargs)
        finally:
            finished.set()

    monkeypatch.setattr(review_source, "review_of_record", slow_review)
    monkeypatch.setattr(review_stats, "review_stats", watched)
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            gate.clear()
            started.clear()
            finished.clear()
            reviewed.clear()
            screen = StatisticsScreen(records)
            await app.push_screen(screen)
            await pilot.pause()
            assert started.wait(30), "the review thread started"
            assert _running_reviews(app)
            screen.dismiss()
            await pilot.pause()
            await pilot.pause()
            assert not isinstance(app.screen, StatisticsScreen)
            assert _running_reviews(app) == []
            gate.set()
            assert finished.wait(30), "the review thread ended"
            assert len(reviewed) == 1, "the thread stopped at its next game"
        await pilot.pause()
        assert _running_reviews(app) == []
