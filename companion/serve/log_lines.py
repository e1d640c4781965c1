"""What ``stupor-solo serve`` prints about requests it refuses: one short line, never a
traceback, and never so many that the link and its QR code scroll out of reach.

aiohttp logs a malformed request (an overlong address or header, thousands of headers, a
second ``Host``) as "Error handling request" with the whole traceback. Anyone on the same
Wi-Fi can send those without the token, so :class:`ShortLines` turns each into one line
naming the sender and the reason, and :class:`Throttle` lets at most
:data:`LINES_PER_MINUTE` such lines through a minute, then says how many it held back.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

LINES_PER_MINUTE = 3
"""Refused-request lines printed per minute at most (the rest are counted)."""
REASON_LENGTH = 80
"""A reason is cut to this many characters (an overlong header is quoted in it)."""


def _reason(record: logging.LogRecord) -> str | None:
    """The short reason of a malformed-request record, ``None`` for any other record."""
    if record.exc_info is None or record.exc_info[1] is None:
        return None
    from aiohttp.http_exceptions import HttpProcessingError

    error = record.exc_info[1]
    if not isinstance(error, HttpProcessingError):
        return None
    message = str(getattr(error, "message", "") or error).strip().splitlines()
    reason = message[0] if message else type(error).__name__
    if " when reading" in reason:  # the rest quotes the overlong line itself
        reason = reason.split(" when reading")[0] + " in one line"
    return reason if len(reason) <= REASON_LENGTH else reason[: REASON_LENGTH - 1] + "…"


class ShortLines(logging.Formatter):
    """``name: message``; a malformed request in one line without its traceback."""

    def __init__(self) -> None:
        super().__init__("%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        reason = _reason(record)
        if reason is None:
            return super().format(record)
        sender = record.getMessage().rsplit(" from ", 1)[-1]
        held = getattr(record, "held_back", 0)
        # English on purpose: the server's log reads the same in every language
        more = f" ({held} more held back before this one)" if held else ""
        return f"Refused a malformed request from {sender}: {reason}{more}"


class Throttle(logging.Filter):
    """Lets malformed-request records through at most ``per_minute`` a minute; the first
    one let through after a quiet spell says how many were held back."""

    def __init__(
        self, per_minute: int = LINES_PER_MINUTE, clock: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__()
        self.per_minute = per_minute
        self.clock = clock
        self.shown: list[float] = []
        self.held = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if _reason(record) is None:
            return True
        now = self.clock()
        self.shown = [moment for moment in self.shown if now - moment < 60.0]
        if len(self.shown) >= self.per_minute:
            self.held += 1
            return False
        self.shown.append(now)
        record.held_back = self.held
        self.held = 0
        return True
