"""How a backup copy of the history is laid out, so the next copy can be made from it.

A copy is a gzip file of one or more *members* (a gzip file may hold several, read one
after the other as one stream; ``gzip``, ``zcat`` and :func:`~companion.storage.backups.
read_backup` all read it whole). Its last member, the *tail*, holds the history's last
two bytes (``}}``) and says in its header comment how long the history before them is and
its CRC-32, how many members come before it, and the CRC-32 of those members' compressed
bytes (``stupor-solo history <length> <crc> <members> <crc of the copy>``).

After one game is appended to the history (:mod:`companion.storage.history_append`), the
new history is the old one without its last two bytes, the new record, and ``}}``. When
the newest copy's comment matches the old history (same length, same CRC-32, computed
from the bytes the append read), and that copy's own bytes are as they were written (their CRC-32: a
copy damaged on the disk is never carried on), the new copy is that copy without its tail,
one member holding the new record and a new tail: the 40 MB of 10,000 games are not
compressed again after each game, only the new game is (a CRC is about ten times cheaper
than compressing).
Each copy stays one whole file that restores on its own. After :data:`MAX_MEMBERS`
members, or when nothing matches (a first copy, a copy of an older version, a history
rewritten by a delete or an import), the copy is compressed whole again.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Iterable, Iterator

LEVEL = 3
"""gzip level (see :data:`companion.storage.backups.BACKUP_LEVEL`)."""
MAX_MEMBERS = 64
"""Members a copy may hold before it is compressed whole again (each member compresses
alone, a little worse than in one stream)."""
TAIL_BYTES = 2
_TAG = b"stupor-solo history "
_TAIL_HEAD = b"\x1f\x8b\x08\x10\x00\x00\x00\x00\x00\xff" + _TAG
"""A member's header with a comment (FCOMMENT), no time, unknown OS, then our tag."""
_COMMENT = re.compile(rb"([0-9]{1,15}) ([0-9a-f]{8}) ([0-9]{1,6}) ([0-9a-f]{8})\x00")
_TAIL_ROOM = 256
"""How far from the end of a copy its tail is looked for."""
_PIECE = 1 << 20


def _member(pieces: Iterable[bytes | memoryview], comment: bytes = b"") -> Iterator[bytes]:
    """One gzip member of ``pieces`` (with ``comment`` in its header, if any)."""
    flags = b"\x10" if comment else b"\x00"
    yield (
        b"\x1f\x8b\x08"
        + flags
        + b"\x00\x00\x00\x00\x00\xff"
        + (comment + b"\x00" if comment else b"")
    )
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    crc = size = 0
    for piece in pieces:
        crc = zlib.crc32(piece, crc)
        size += len(piece)
        if packed := packer.compress(piece):
            yield packed
    yield packer.flush() + struct.pack("<II", crc, size & 0xFFFFFFFF)


def _slices(content: memoryview) -> Iterator[memoryview]:
    for start in range(0, len(content), _PIECE):
        yield content[start : start + _PIECE]


def _comment(length: int, crc: int, members: int, packed_crc: int) -> bytes:
    return _TAG + b"%d %08x %d %08x" % (length, crc, members, packed_crc)


def whole_copy(content: memoryview) -> Iterator[bytes]:
    """The copy of ``content`` (the whole history) compressed from scratch."""
    length = max(0, len(content) - TAIL_BYTES)
    body = content[:length]
    packed_crc = 0
    for packed in _member(_slices(body)):
        packed_crc = zlib.crc32(packed, packed_crc)
        yield packed
    yield from _member([content[length:]], _comment(length, zlib.crc32(body), 1, packed_crc))


def chained_copy(previous: bytes, head: memoryview, rest: bytes) -> list[bytes] | None:
    """The copy of the history ``head + rest`` made from ``previous`` (the newest copy's
    bytes), when ``previous`` holds exactly ``head`` before its tail (``rest``: the
    appended record and the last two bytes) and is as it was written; else ``None``."""
    found = tail_of(previous)
    if found is None or len(rest) < TAIL_BYTES:
        return None
    start, length, crc, members, packed_crc = found
    if length != len(head) or members >= MAX_MEMBERS:
        return None
    body = memoryview(previous)[:start]
    if zlib.crc32(body) != packed_crc or zlib.crc32(head) != crc:
        return None
    added = rest[: len(rest) - TAIL_BYTES]
    member = b"".join(_member([added]))
    comment = _comment(
        length + len(added),
        zlib.crc32(added, crc),
        members + 1,
        zlib.crc32(member, packed_crc),
    )
    return [bytes(body), member, *_member([rest[len(added) :]], comment)]


def tail_of(copy: bytes) -> tuple[int, int, int, int, int] | None:
    """Where the tail of ``copy`` starts and what its comment says (length and CRC-32 of
    the history before it, members before it, CRC-32 of their bytes), or ``None`` for a
    copy without one."""
    start = copy.rfind(_TAIL_HEAD, max(0, len(copy) - _TAIL_ROOM))
    if start == -1:
        return None
    found = _COMMENT.match(copy, start + len(_TAIL_HEAD))
    if found is None:
        return None
    length, crc, members = int(found[1]), int(found[2], 16), int(found[3])
    packed_crc = int(found[4], 16)
    inflater = zlib.decompressobj(-zlib.MAX_WBITS)
    try:
        inflater.decompress(copy[found.end() :], TAIL_BYTES + 1)
    except zlib.error:
        return None
    if not inflater.eof or len(inflater.unused_data) != 8:
        return None
    return start, length, crc, members, packed_crc
