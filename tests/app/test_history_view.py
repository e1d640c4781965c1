"""The History screen's view-model, without an app."""

from __future__ import annotations

import datetime as dt
import time

import pytest

from companion.formatting import local_time
from companion.storage import HistoryRecord
from companion.ui.views.history import (
    COLUMNS,
    MAX_ROWS,
    MIN_NOTES_WIDTH,
    NOT_RECORDED,
    HistoryFilter,
    HistoryView,
    count_line,
    detail_fields,
    filter_choices,
    game_label,
)
from tests.app.sample_history import sample_records

PLUS_FIVE_THIRTY = dt.timezone(dt.timedelta(hours=5, minutes=30))


def test_the_machines_time_zone_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(time, "tzset"):
        pytest.skip("time.tzset is not available on this platform, so TZ cannot be changed")
    monkeypatch.setenv("TZ", "IST-5:30")
    time.tzset()
    try:
        record = sample_records()[0]
        expected = local_time(record.finished_at, PLUS_FIVE_THIRTY)
        assert expected != record.finished_at[:16].replace("T", " ")
        assert game_label(record).startswith(f"{expected} · ")
        assert COLUMNS[0].cell(record) == expected
        assert dict(detail_fields(record))["Finished"] == expected
    finally:
        monkeypatch.undo()
        time.tzset()


def test_count_line() -> None:
    assert count_line(1, 1) == "1 of 1 game"
    assert count_line(9, 10_000) == "9 of 10,000 games"


def test_view_filters_sorts_and_labels() -> None:
    records = sample_records()
    view = HistoryView()
    assert not view.loaded and view.empty and not view.no_match
    assert view.subtitle(read_only=False) == "sorted by date, newest first"
    view.load(records)
    assert [r.finished_at for r in view.shown] == sorted(
        (r.finished_at for r in records), reverse=True
    )
    assert view.count_text() == "30 of 30 games"

    view.set_filters(HistoryFilter(difficulty="hard"))
    hard = [r for r in records if r.difficulty == "hard"]
    assert sorted(r.id for r in view.shown) == sorted(r.id for r in hard)
    assert view.count_text() == f"{len(hard)} of 30 games"

    view.set_filters(HistoryFilter(difficulty="hard", house=NOT_RECORDED))
    assert view.shown == [] and view.no_match and not view.empty
    assert view.rows() == []

    view.set_filters(HistoryFilter())
    view.sort_next()
    assert view.sort_key == "score" and view.descending
    assert view.column_label(COLUMNS[1]) == "Score ▼"
    assert view.column_label(COLUMNS[0]) == "Date"
    view.sort_by_header("score")  # the sorted column again: reversed
    assert not view.descending
    assert view.subtitle(read_only=True) == (
        "30 of 30 games · sorted by score, lowest first · read-only"
    )
    totals = [r.score.total for r in view.listed]
    assert totals == sorted(totals)
    view.sort_by_header("rounds")
    assert (view.sort_key, view.descending) == ("rounds", False)
    view.sort_by_header("no such column")
    assert view.sort_key == "rounds"


def test_view_lists_at_most_max_rows_and_says_so() -> None:
    base = sample_records()[0]
    start, minute = base.finished, dt.timedelta(minutes=1)
    records = [
        base.model_copy(update={"id": f"g{i}", "finished_at": (start + i * minute).isoformat()})
        for i in range(MAX_ROWS + 3)
    ]
    view = HistoryView()
    view.load(records)
    assert len(view.shown) == MAX_ROWS + 3
    assert len(view.listed) == len(view.rows()) == MAX_ROWS
    assert view.count_text() == f"{MAX_ROWS + 3} of {MAX_ROWS + 3} games (first 500 listed)"


def test_view_delete_and_put_back() -> None:
    records = sample_records()
    view = HistoryView()
    gone = records[4]
    view.remove(gone.id)  # before the read: nothing to change
    assert view.all_records is None
    view.load(records)
    view.remove(gone.id)
    assert gone not in view.shown and view.count_text() == "29 of 29 games"
    view.put_back(gone)
    view.put_back(gone)  # twice is once
    assert view.count_text() == "30 of 30 games"
    assert sorted(r.id for r in view.shown) == sorted(r.id for r in records)


def test_filter_choices_offer_what_the_games_hold() -> None:
    records = sample_records()
    choices = {choice.field: choice for choice in filter_choices(records)}
    assert [label for label, _ in choices["difficulty"].options] == [
        "easy",
        "medium",
        "hard",
        "not recorded",
    ]
    houses = [value for _, value in choices["house"].options]
    assert houses[-1] == NOT_RECORDED
    assert houses[:-1] == sorted(houses[:-1], key=str.casefold)
    assert [label for label, _ in choices["title"].options] == [
        "Serf",
        "Knight",
        "Feudal lord",
        "Duke",
    ]
    typed: HistoryRecord = records[0].model_copy(
        update={"score": records[0].score.model_copy(update={"title": "Emperor"})}
    )
    only = {choice.field: choice for choice in filter_choices([typed])}
    assert only["title"].options[-1] == ("Emperor", "Emperor")
    assert only["house"].options == ((typed.house, typed.house),)


def test_notes_get_the_room_the_other_columns_leave() -> None:
    view = HistoryView()
    view.load(sample_records())
    rows = view.rows()
    narrow = view.notes_width(rows, width=60, padding=2)
    wide = view.notes_width(rows, width=160, padding=2)
    assert narrow == MIN_NOTES_WIDTH
    assert wide - view.notes_width(rows, width=150, padding=2) == 10
