"""The games' documents in a JSON export (``export --format json --with-games``) and back
(``import``): each document's stored bytes, base64, under ``documents`` by record id, so
an export and an import round-trip them byte for byte.

A record travels without its document unless the export carries it: an import then keeps
the record with no review (``game_document`` is dropped), never a name that points at
nothing. A document that does not decode refuses the whole import, like a bad record.
"""

from __future__ import annotations

import base64
import binascii
import os
import pathlib
from collections.abc import Iterable
from typing import Any

from companion.storage import HistoryRecord
from companion.storage.game_documents import DocumentUnavailable, decode, read_raw

DOCUMENTS_KEY = "documents"


def documents_for_export(
    folder: str | os.PathLike[str], records: Iterable[HistoryRecord]
) -> tuple[dict[str, str], list[str]]:
    """The documents of ``records`` that can be read, base64 by record id, and a line for
    each that cannot (the export goes on without it)."""
    found: dict[str, str] = {}
    missing: list[str] = []
    for record in records:
        if record.game_document is None:
            continue
        try:
            raw = read_raw(folder, record.game_document)
        except DocumentUnavailable as exc:
            missing.append(f"{record.id}: {exc.reason}")
            continue
        found[record.id] = base64.b64encode(raw).decode("ascii")
    return found, missing


def documents_in_export(document: Any, source: pathlib.Path) -> dict[str, bytes]:
    """The documents an export carries, checked (stored bytes by record id); ``ValueError``
    naming the first bad one."""
    if not isinstance(document, dict):
        return {}
    carried = document.get(DOCUMENTS_KEY)
    if carried is None:
        return {}
    if not isinstance(carried, dict):
        raise ValueError(f"{source.name}: {DOCUMENTS_KEY} must map game ids to documents")
    documents: dict[str, bytes] = {}
    for record_id, text in carried.items():
        try:
            raw = base64.b64decode(str(text), validate=True)
            decode(raw)
        except (binascii.Error, ValueError) as exc:
            shown = str(record_id)[:64]
            raise ValueError(f"{source.name}: the document of game {shown} is damaged") from exc
        documents[str(record_id)] = raw
    return documents
