"""Hypothesis fuzzing of the saved-game loader: a damaged document never crashes it.

``SoloGame.from_document`` either loads a document or raises ``DocumentError``, whatever it
is given: random JSON-like values, a valid document with a field replaced or deleted, an
event list cut short or with an event changed. ``GameSession.load`` on a damaged
``current_game.json`` (random bytes, a cut or altered valid file, odd ``meta``) resumes the
game or moves the file aside with a notice, the bytes kept, and never raises.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import math
import os
import select
import signal
import tempfile
import time
import traceback
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.paths import GAME_FILE
from companion.session import GameSession
from companion.storage import GameStore, HistoryRecord, NewerSchemaError
from solo_deck import SoloGame
from solo_deck.errors import DocumentError
from tests.app.game_script import play_in_engine
from tests.scores import breakdown

TIME_LIMIT = 3.0
"""Seconds one load may take (a valid game replays in about 0.01 s, 0.1 s on a loaded
machine). Each load runs in a forked child that is killed after this long: a document
that makes the engine loop or allocate for ever (a huge count in the rules) fails the test
instead of hanging it or filling the memory of the test process."""

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
MUTATE = settings(FUZZ, phases=[Phase.explicit, Phase.reuse, Phase.generate])
"""For one change to a valid document: no shrinking (the change is already minimal, and
shrinking an example that hits :data:`TIME_LIMIT` would take many times that)."""

HUGE_INTS = st.sampled_from([2**31, 2**53 + 1, 2**63, 2**64, -(2**63) - 1, 10**100, -(10**40)])
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | HUGE_INTS
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
    | st.sampled_from(["", "1", "Roma", "virtual", "table", "2T 1W", "ça va ✓", "\x00", "🏰"])
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=12), children, max_size=6)
    ),
    max_leaves=25,
)


class TookTooLong(Exception):
    """The loader ran past :data:`TIME_LIMIT` seconds."""


def _load_in_child(document: Any, write_fd: int) -> NoReturn:
    """In the forked child: load ``document`` and write the outcome as JSON."""
    try:
        try:
            game = SoloGame.from_document(document)
            outcome = {"outcome": "loaded", "document": game.to_document()}
        except DocumentError as exc:
            outcome = {"outcome": "DocumentError", "message": str(exc)}
        except BaseException as exc:
            outcome = {"outcome": type(exc).__name__, "traceback": traceback.format_exc()}
        with os.fdopen(write_fd, "wb") as out:
            out.write(json.dumps(outcome).encode())
    finally:
        os._exit(0)


def load_or_document_error(document: Any) -> dict[str, Any] | None:
    """The loaded game's document, or ``None`` for ``DocumentError``. Anything else the
    loader raises, or a load longer than :data:`TIME_LIMIT`, fails the test.

    Only a document with changed rules can make the engine build a huge board, so only
    that one is loaded in a child process; the others load here."""
    if not _changes_the_rules(document):
        started = time.monotonic()
        try:
            loaded = SoloGame.from_document(document).to_document()
        except DocumentError as exc:
            assert str(exc), "a DocumentError must say what is wrong"
            loaded = None
        assert time.monotonic() - started < TIME_LIMIT, "loading took too long"
        return loaded
    return _load_in_a_child(document)


def _changes_the_rules(document: Any) -> bool:
    setup = document.get("setup") if isinstance(document, dict) else None
    if not isinstance(setup, dict) or "ruleset" not in setup:
        return False
    return bool(setup["ruleset"] != valid_document()["setup"]["ruleset"])


def _load_in_a_child(document: Any) -> dict[str, Any] | None:
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_fd)
        _load_in_child(document, write_fd)
    os.close(write_fd)
    received = b""
    deadline = time.monotonic() + TIME_LIMIT
    try:
        while True:
            ready, _, _ = select.select([read_fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                raise TookTooLong(f"loading took more than {TIME_LIMIT} s (a hang?)")
            chunk = os.read(read_fd, 1 << 16)
            if not chunk:
                break
            received += chunk
    finally:
        os.close(read_fd)
        os.waitpid(pid, 0)
    assert received, "the loading process died without an answer (out of memory? a crash?)"
    result: dict[str, Any] = json.loads(received)
    if result["outcome"] == "loaded":
        loaded: dict[str, Any] = result["document"]
        return loaded
    assert result["outcome"] == "DocumentError", (
        f"from_document raised {result['outcome']}, not DocumentError:\n{result['traceback']}"
    )
    assert result["message"], "a DocumentError must say what is wrong"
    return None


@cache
def valid_document() -> dict[str, Any]:
    """The scripted game's document: every kind of event, a real ruleset and deck."""
    document = play_in_engine().to_document()
    document["redo"] = document["events"][-3:]
    document["events"] = document["events"][:-3]
    return document


def fresh_document() -> dict[str, Any]:
    return copy.deepcopy(valid_document())


Path_ = tuple[str | int, ...]


def paths(value: Any, prefix: Path_ = ()) -> Iterator[Path_]:
    """Every place in a JSON value: dict keys and list indices, depth first."""
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, child in items:
        yield (*prefix, key)
        yield from paths(child, (*prefix, key))


@cache
def document_paths() -> tuple[Path_, ...]:
    return tuple(paths(valid_document()))


def replace_at(document: Any, path: Path_, value: Any, *, delete: bool = False) -> None:
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value


# --- SoloGame.from_document -------------------------------------------------------------


@FUZZ
@given(JSON_VALUES)
def test_random_values_load_or_raise_document_error(value: Any) -> None:
    assert load_or_document_error(value) is None


@FUZZ
@given(
    st.fixed_dictionaries(
        {"schema_version": st.sampled_from([1, 1, 1, 0, 2, True, 1.0, "1", None, 2**64])},
        optional={"setup": JSON_VALUES, "events": JSON_VALUES, "redo": JSON_VALUES},
    )
)
def test_random_parts_under_a_right_version_load_or_raise_document_error(
    document: dict[str, Any],
) -> None:
    load_or_document_error(document)


@pytest.mark.parametrize("depth", [100, 10_000, 100_000])
def test_deeply_nested_values_raise_document_error(depth: int) -> None:
    nested: Any = []
    for _ in range(depth):
        nested = [nested]
    for where in ("setup", "events", "redo"):
        document = {**fresh_document(), where: nested}
        assert load_or_document_error(document) is None
    deep_event: Any = {"type": "gain", "vp": 1}
    for _ in range(depth):
        deep_event = {"type": "gain", "reason": deep_event}
    assert load_or_document_error({**fresh_document(), "events": [deep_event]}) is None


def test_the_valid_document_loads() -> None:
    assert load_or_document_error(fresh_document()) == valid_document()


@MUTATE
@given(st.data())
def test_a_field_replaced_or_deleted_loads_or_raises_document_error(data: st.DataObject) -> None:
    document = fresh_document()
    path = data.draw(st.sampled_from(document_paths()), label="path")
    if data.draw(st.booleans(), label="delete"):
        replace_at(document, path, None, delete=True)
    else:
        replace_at(document, path, data.draw(JSON_VALUES, label="value"))
    load_or_document_error(document)


RULES = ("setup", "ruleset")
FOUND_BY_FUZZING = [
    # a ruleset that validates but cannot start a game, or breaks on the first event
    ((*RULES, "rounds", "crowns_to_reshuffle", "value"), 0),
    ((*RULES, "frederick_start", "specialist", "value"), 0),
    ((*RULES, "palace_caps", "treasury_step", "value"), 0),
    ((*RULES, "player", "start_towers", "value"), 6),
    # a huge count in the rules: the engine builds that many objects (hangs, eats memory)
    ((*RULES, "voyage", "card_spaces_per_port", "value"), 10**9),
    ((*RULES, "voyage", "ally_spaces_per_port", "value"), 10**9),
    ((*RULES, "player", "specialists", "value"), 10**9),
]


@pytest.mark.parametrize(
    ("path", "value"),
    FOUND_BY_FUZZING,
    ids=[f"{'.'.join(map(str, path[2:-1]))}={value:_}" for path, value in FOUND_BY_FUZZING],
)
def test_rules_found_by_fuzzing_raise_document_error(path: Path_, value: int) -> None:
    document = fresh_document()
    replace_at(document, path, value)
    assert load_or_document_error(document) is None


@MUTATE
@given(st.data())
def test_an_int_in_the_rules_set_to_an_extreme_loads_or_raises_document_error(
    data: st.DataObject,
) -> None:
    """The ruleset is stored whole in every game; its counts are the riskiest numbers."""
    document = fresh_document()
    places = [
        path
        for path in document_paths()
        if path[:2] == ("setup", "ruleset") and type(_at(valid_document(), path)) is int
    ]
    path = data.draw(st.sampled_from(places), label="path")
    extreme = st.sampled_from([-1, 0, 1, 2, 5, 99, 10**6]) | HUGE_INTS | st.integers()
    replace_at(document, path, data.draw(extreme, label="value"))
    load_or_document_error(document)


def _at(value: Any, path: Path_) -> Any:
    for key in path:
        value = value[key]
    return value


@FUZZ
@given(st.data())
def test_events_cut_short_replay_the_prefix(data: st.DataObject) -> None:
    document = fresh_document()
    events = document["events"]
    cut = data.draw(st.integers(0, len(events)), label="cut")
    document["events"] = events[:cut]
    loaded = load_or_document_error(document)
    assert loaded is not None, "a prefix of a valid game is a valid game"
    assert loaded["events"] == valid_document()["events"][:cut]


@MUTATE
@given(st.data())
def test_an_event_changed_loads_or_raises_document_error(data: st.DataObject) -> None:
    document = fresh_document()
    events = document["events"]
    index = data.draw(st.integers(0, len(events) - 1), label="event")
    how = data.draw(st.sampled_from(["field", "delete field", "whole", "move", "repeat"]))
    if how in ("field", "delete field"):
        path = data.draw(st.sampled_from([(index, *p) for p in paths(events[index])]))
        if how == "delete field":
            replace_at(events, path, None, delete=True)
        else:
            replace_at(events, path, data.draw(JSON_VALUES, label="value"))
    elif how == "whole":
        events[index] = data.draw(
            JSON_VALUES | st.sampled_from(valid_document()["events"]), label="event value"
        )
    elif how == "move":
        target = data.draw(st.integers(0, len(events) - 1), label="to")
        events.insert(target, events.pop(index))
    else:
        events.insert(index, copy.deepcopy(events[index]))
    load_or_document_error(document)


# --- GameSession.load on a damaged file ----------------------------------------------------


META = {"started_at": "2025-03-01T19:00:00+00:00", "play_seconds": 12.5}


@cache
def valid_file_bytes(meta_json: str = json.dumps(META)) -> bytes:
    """``current_game.json`` as the store writes it for the valid document."""
    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(Path(folder))
        store.save(valid_document(), json.loads(meta_json))
        return store.path.read_bytes()


def folder_with(parent: Path, raw: bytes) -> Path:
    """A fresh data folder whose game file holds ``raw``."""
    folder = Path(tempfile.mkdtemp(dir=parent))
    (folder / GAME_FILE).write_bytes(raw)
    return folder


def load_folder(folder: Path) -> tuple[GameSession, bool]:
    """A new session on ``folder`` and what its ``load`` said."""
    session = GameSession(folder)
    return session, session.load()


def check_kept_or_resumed(session: GameSession, resumed: bool, folder: Path, raw: bytes) -> None:
    """Resumed, or moved aside with a notice and the bytes kept; or an empty store."""
    moved = sorted(folder.glob(f"{GAME_FILE}.corrupt-*"))
    if resumed:
        assert session.game is not None and not moved
        return
    if moved:
        assert len(moved) == 1 and moved[0].read_bytes() == raw
        assert not (folder / GAME_FILE).exists()
        assert session.notices and str(moved[0]) in session.notices[-1]
    else:  # nothing to keep: an empty file, or a database without a game in it
        assert not session.notices
        assert (folder / GAME_FILE).read_bytes() == raw


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes_are_moved_aside_never_raised(tmp_path: Path, raw: bytes) -> None:
    folder = folder_with(tmp_path, raw)
    session, resumed = load_folder(folder)
    assert not resumed
    check_kept_or_resumed(session, resumed, folder, raw)


@FUZZ
@given(st.data())
def test_a_cut_file_is_moved_aside_with_its_bytes(tmp_path: Path, data: st.DataObject) -> None:
    whole = valid_file_bytes()
    raw = whole[: data.draw(st.integers(0, len(whole)), label="cut")]
    folder = folder_with(tmp_path, raw)
    session, resumed = load_folder(folder)
    assert resumed == (raw == whole)
    check_kept_or_resumed(session, resumed, folder, raw)


@FUZZ
@given(st.data())
def test_an_altered_byte_never_raises(tmp_path: Path, data: st.DataObject) -> None:
    whole = valid_file_bytes()
    at = data.draw(st.integers(0, len(whole) - 1), label="at")
    byte = data.draw(st.integers(0, 255), label="byte")
    raw = whole[:at] + bytes([byte]) + whole[at + 1 :]
    folder = folder_with(tmp_path, raw)
    try:
        session, resumed = load_folder(folder)
    except NewerSchemaError:  # documented: a newer program's save is refused, untouched
        assert (folder / GAME_FILE).read_bytes() == raw
        return
    check_kept_or_resumed(session, resumed, folder, raw)


ODD_META = [
    True,
    "ab",
    [1],
    {"play_seconds": "x"},
    {"play_seconds": [None]},
    {"play_seconds": 10**400},
    {"play_seconds": -5},
    {"play_seconds": float("nan")},
    {"started_at": 5},
    {"started_at": []},
    {"started_at": "yesterday"},
]


@pytest.mark.parametrize("meta", ODD_META, ids=lambda meta: repr(meta)[:40])
def test_odd_meta_found_by_fuzzing(tmp_path: Path, meta: Any) -> None:
    check_odd_meta(tmp_path, meta)


@FUZZ
@given(
    st.one_of(
        JSON_VALUES, st.dictionaries(st.sampled_from(["started_at", "play_seconds"]), JSON_VALUES)
    )
)
def test_odd_meta_never_raises_and_the_game_can_still_be_recorded(
    tmp_path: Path, meta: Any
) -> None:
    check_odd_meta(tmp_path, meta)


def check_odd_meta(parent: Path, meta: Any) -> None:
    """A valid game whose ``meta`` is ``meta``: resumed or moved aside, and what the
    session kept of it makes a valid history record at the end of the game."""
    raw = valid_file_bytes("{}").replace(
        b'"meta":{}', json.dumps({"meta": meta}, separators=(",", ":")).encode()[1:-1]
    )
    folder = folder_with(parent, raw)
    session, resumed = load_folder(folder)
    check_kept_or_resumed(session, resumed, folder, raw)
    if resumed:
        assert session.started_at is None or isinstance(session.started_at, str)
        assert math.isfinite(session.play_seconds) and session.play_seconds >= 0
        HistoryRecord(
            finished_at=dt.datetime.now(dt.UTC).isoformat(),
            started_at=session.started_at,
            play_seconds=round(float(session.play_seconds), 1),
            score=breakdown(),
        )
