"""The fast way to read a whole history file: every record validated in one pass.

The careful way (:meth:`HistoryStore.all`'s fallback) parses the file with ``json``, wraps
each record in a TinyDB document, migrates it and validates it on its own, so that one bad
record is skipped and reported. For 10,000 games most of that time goes into building
Python dicts only to validate and throw them away. Here pydantic reads the JSON bytes
straight into :class:`HistoryRecord` objects, in one call.

It is only a shortcut for the usual case: a file holding just the ``games`` table, every
record valid and stored with the current ``schema_version``. The parse is *strict* (no
``true`` for a number, no ``1.0`` for a whole number, no ``0``/``1`` for ``true``/``false``),
so it accepts nothing the careful way refuses or reads differently. Anything else returns
``None`` and the caller takes the careful way, which migrates older records, skips and
reports bad ones, moves a damaged file aside and refuses a newer one exactly as before.
"""

from __future__ import annotations

import codecs
import functools
import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from companion.storage.history_record import HistoryRecord

_VERSION = "schema_version"

_pause_lock = threading.Lock()
_pauses = 0
_resume = False


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a large batch of acyclic objects is built
    (and, ideally, dropped again).

    Reading 10,000 records allocates hundreds of thousands of containers, and the
    collector's passes walk them again and again without finding a cycle (parsed JSON
    and frozen records have none); objects freed before the block ends are never walked
    at all. Reference counting frees memory as usual meanwhile. Blocks may nest and run in
    several threads at once: the collector resumes when the last one ends, and only if
    it was running when the first one began.
    """
    global _pauses, _resume
    with _pause_lock:
        if _pauses == 0:
            _resume = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _pause_lock:
            _pauses -= 1
            if _pauses == 0 and _resume:
                gc.enable()


@functools.cache
def _file_model(table: str) -> type[BaseModel]:
    """A model of a history file that holds only ``table``, a TinyDB table of records."""
    fields: dict[str, Any] = {table: (dict[str, HistoryRecord], Field(default_factory=dict))}
    model: type[BaseModel] = create_model(
        "HistoryFile", __config__=ConfigDict(extra="forbid"), **fields
    )
    return model


def read_current_records(raw: bytes, table: str) -> list[HistoryRecord] | None:
    """The records of ``table`` in the history file ``raw`` (file order), or ``None``
    when the file is not simply a table of valid, current records: the caller then reads
    it the careful way.

    >>> doc = b'{"games": {"1": {"id": "g1", "finished_at": "2025-03-01T21:15:00+01:00",'
    >>> doc += b' "score": {"vp_track": 40, "structures": 10, "most_structures_bonus": 3,'
    >>> doc += b' "resources_vp": 2, "total": 55, "title": "Feudal lord"}}}}'
    >>> read_current_records(doc, "games") is None  # no schema_version: the first format
    True
    >>> read_current_records(doc.replace(b'"id"', b'"schema_version": 0, "id"'), "games")
    >>> doc = doc.replace(b'"id"', b'"schema_version": 1, "id"')
    >>> [(r.id, r.finished_at) for r in read_current_records(doc, "games")]
    [('g1', '2025-03-01T20:15:00+00:00')]
    >>> read_current_records(b'{"games": {"one": {}}}', "games")
    >>> read_current_records(b"{damaged", "games")
    """
    if raw.startswith(codecs.BOM_UTF8):  # the careful way reads the file as utf-8-sig
        raw = raw[len(codecs.BOM_UTF8) :]
    try:
        with gc_paused():
            parsed = _file_model(table).model_validate_json(raw, strict=True)
    except (ValidationError, ValueError, TypeError, ArithmeticError):
        return None  # the careful way says which record is wrong, and skips only that one
    documents: dict[str, HistoryRecord] = getattr(parsed, table)
    if not all(doc_id.isascii() and doc_id.isdigit() for doc_id in documents):
        return None  # not a TinyDB table: the careful way says what is wrong
    records = list(documents.values())
    if not all(_VERSION in record.model_fields_set for record in records):
        return None  # a record of the first format: the careful way writes its version in
    return records
