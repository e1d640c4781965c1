"""The games' documents in a JSON export (``export --format json --with-games``) and back
(``import``): each document's stored bytes, base64, under ``documents`` by record id, so
an export and an import round-trip them byte for byte.

A record travels without its document unless the export carries it: an import then keeps
the record with no review (``game_document`` is dropped), never a name that points at
nothing. A document that is not a game (it does not inflate within
:data:`MAX_IMPORTED_DOCUMENT_BYTES`, or does not hold a setup and events as the game model
has them) refuses the whole import, like a bad record, naming the file and the game.
"""

from __future__ import annotations

import base64
import binascii
import os
import pathlib
from collections.abc import Iterable
from typing import Any

from companion.i18n import _
from companion.plain_text import clip_value
from companion.storage import HistoryRecord
from companion.storage.game_documents import (
    NEWER,
    DocumentUnavailable,
    NewerDocument,
    decode,
    read_raw,
)

DOCUMENTS_KEY = "documents"
MAX_IMPORTED_DOCUMENT_BYTES = 16_000_000
"""The most one game file in an import may inflate to (a game of 50 events is about 22 KB;
a fake one that inflates past this is refused before it is inflated further)."""


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
    """The documents an export carries, each checked to be a game (stored bytes by record
    id); ``ValueError`` naming the file and the first game whose file is not one."""
    if not isinstance(document, dict):
        return {}
    carried = document.get(DOCUMENTS_KEY)
    if carried is None:
        return {}
    if not isinstance(carried, dict):
        raise ValueError(
            _("{file}: {key} must map game ids to documents").format(
                file=source.name, key=DOCUMENTS_KEY
            )
        )
    documents: dict[str, bytes] = {}
    for record_id, text in carried.items():
        shown = clip_value(str(record_id))
        try:
            raw = base64.b64decode(str(text), validate=True)
        except binascii.Error:
            raise ValueError(
                _(
                    "{file}: the game file of game {game} is damaged (it is not base64); "
                    "nothing was imported"
                ).format(file=source.name, game=shown)
            ) from None
        problem = _not_a_game(raw, source.name, shown)
        if problem:
            raise ValueError(problem)
        documents[str(record_id)] = raw
    return documents


def _not_a_game(raw: bytes, file: str, game: str) -> str:
    """Why ``raw``, the file of ``game`` in the export ``file``, is not a game file this
    program could have written ("" when it is one): it must inflate to at most
    :data:`MAX_IMPORTED_DOCUMENT_BYTES` (inflated a piece at a time) and hold a game
    document (setup and events as the model has them)."""
    from solo_deck import DocumentError, validated_document

    damaged = _(
        "{file}: the game file of game {game} is damaged or not a game of stupor-solo ({why}); "
        "nothing was imported"
    )
    try:
        document = decode(raw, limit=MAX_IMPORTED_DOCUMENT_BYTES)
    except NewerDocument:
        return _(
            "{file}: the game file of game {game} was {newer} to import it; nothing was imported"
        ).format(file=file, game=game, newer=_(NEWER))
    except ValueError as exc:
        return damaged.format(file=file, game=game, why=exc)
    try:
        validated_document(document)
    except DocumentError as exc:
        return damaged.format(file=file, game=game, why=exc)
    return ""
