"""One finished game in the history, and the migration of older stored records.

Records are stored as ``model_dump(mode="json")`` and read back with ``model_validate``,
after :func:`migrate_record` has brought an older ``schema_version`` up to date (migration
happens here, in the storage layer, not in a model validator).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from companion.i18n import _
from companion.plain_text import clean_line, clean_lines, clip_value, needs_cleaning
from companion.storage.errors import NewerSchemaError
from solo_deck import ScoreBreakdown

if TYPE_CHECKING:
    from solo_deck import GameSetup, GameState

CURRENT_HISTORY_SCHEMA = 1

ShortLine = Annotated[str, Field(max_length=300)]
"""One line of text (an end reason, a log line)."""

EARLIEST = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
LATEST = dt.datetime(2999, 12, 31, 23, 59, 59, 999999, tzinfo=dt.UTC)
"""The times a record may hold (UTC): every one of them can be shown in any time zone on
every platform (Windows' local time stops at the year 3000)."""
MAX_PLAY_SECONDS = 10**7
"""About 115 days: more play time than this is a damaged value."""
MAX_SCORE_PART = 9_999
"""No part of a solo score comes near this; it keeps every sum and average finite."""
MAX_TIMESTAMP_LENGTH = 64
MAX_TITLE_LENGTH = 40


def _new_id() -> str:
    return uuid.uuid4().hex


_UTC_ISOFORMAT = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.(?!000000)[0-9]{6})?\+00:00"
)
"""The exact text ``isoformat`` gives for a UTC time (the fraction only when it is not 0)."""


def normalise_timestamp(value: str) -> str:
    """An ISO 8601 time as UTC ``isoformat`` (a time without offset is taken as UTC).

    >>> normalise_timestamp("2025-03-01T10:00:00+01:00")
    '2025-03-01T09:00:00+00:00'
    >>> normalise_timestamp("2025-03-01T09:00:00.000000+00:00")
    '2025-03-01T09:00:00+00:00'
    >>> normalise_timestamp("0001-01-01T00:00:00+01:00")
    Traceback (most recent call last):
    ...
    ValueError: '0001-01-01T00:00:00+01:00' is not between 1970-01-01 and 2999-12-31 (UTC)
    """
    if len(value) > MAX_TIMESTAMP_LENGTH:
        raise ValueError(
            _("a date and time has at most {n} characters").format(n=MAX_TIMESTAMP_LENGTH)
        )
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(
            _("{value} is not an ISO 8601 date and time").format(value=clip_value(value))
        ) from None
    if _UTC_ISOFORMAT.fullmatch(value) and "1970" <= value[:4] <= "2999":
        return value  # a real time (it parsed) already written as isoformat writes it
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    try:
        moment = moment.astimezone(dt.UTC)
    except (OverflowError, ValueError):  # the year 0 or 10000 in UTC
        in_range = False
    else:
        in_range = EARLIEST <= moment <= LATEST
    if not in_range:
        raise ValueError(
            _("{value} is not between 1970-01-01 and 2999-12-31 (UTC)").format(
                value=clip_value(value)
            )
        )
    return moment.isoformat()


class HistoryRecord(BaseModel):
    """A finished (or quickly entered, or imported) solo game.

    Most fields are optional because a quick entry or an import may only know the score.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    schema_version: int = CURRENT_HISTORY_SCHEMA
    id: str = Field(default_factory=_new_id, pattern=r"^[A-Za-z0-9_-]{1,64}$")
    finished_at: str
    started_at: str | None = None
    play_seconds: float = Field(default=0, ge=0, le=MAX_PLAY_SECONDS)
    difficulty: Literal["easy", "medium", "hard"] | None = None
    easier_solo: bool | None = None
    house: str | None = Field(default=None, max_length=40)
    deck_mode: Literal["virtual", "table"] | None = None
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    rounds: int | None = Field(default=None, ge=0, le=999)
    score: ScoreBreakdown
    frederick_structures: int | None = Field(default=None, ge=0, le=999)
    notes: str = Field(default="", max_length=2000)
    end_reasons: list[ShortLine] = Field(default_factory=list, max_length=20)
    log_summary: list[ShortLine] = Field(default_factory=list, max_length=100)
    source: Literal["app", "quick", "import"] = "app"
    game_document: str | None = Field(
        default=None, max_length=100, pattern=r"^games/[A-Za-z0-9_-]{1,64}\.json\.gz$"
    )
    """The game's document (``games/<id>.json.gz`` beside the history, see
    :mod:`companion.storage.game_documents`); ``None``: entered by its score or imported
    without it, so there is no review."""

    @field_validator("schema_version")
    @classmethod
    def _current_version(cls, value: int) -> int:
        if value != CURRENT_HISTORY_SCHEMA:
            raise ValueError(
                _("must be {version} (migrate_record brings older records up)").format(
                    version=CURRENT_HISTORY_SCHEMA
                )
            )
        return value

    @field_validator("finished_at", "started_at")
    @classmethod
    def _utc_iso(cls, value: str | None) -> str | None:
        return None if value is None else normalise_timestamp(value)

    @field_validator("score")
    @classmethod
    def _consistent_score(cls, score: ScoreBreakdown) -> ScoreBreakdown:
        parts = (
            score.vp_track,
            score.structures,
            score.most_structures_bonus,
            score.resources_vp,
        )
        if max(*parts, score.total) > MAX_SCORE_PART:
            raise ValueError(
                _("no part of a score is above {most}").format(most=f"{MAX_SCORE_PART:,}")
            )
        if score.total != sum(parts):
            raise ValueError(
                _(
                    "the total {total} is not the sum of its parts ({sum}: VP track, "
                    "structures, most-structures bonus and resources)"
                ).format(total=score.total, sum=sum(parts))
            )
        if not 0 < len(score.title) <= MAX_TITLE_LENGTH:
            raise ValueError(
                _("the title has 1 to {most} characters").format(most=MAX_TITLE_LENGTH)
            )
        return score

    @model_validator(mode="after")
    def _plain_text(self) -> HistoryRecord:
        """Control characters stripped from every text (see :mod:`companion.plain_text`):
        a quick look at the record's text, changes only when something is to go (made on
        the instance being validated: the model is frozen once it is built)."""
        lines = "".join(self.log_summary) + "".join(self.end_reasons) + (self.house or "")
        if needs_cleaning(lines) or needs_cleaning(self.notes, multiline=True):
            fields = self.__dict__
            fields["house"] = None if self.house is None else clean_line(self.house)
            fields["notes"] = clean_lines(self.notes)
            fields["end_reasons"] = [clean_line(line) for line in self.end_reasons]
            fields["log_summary"] = [clean_line(line) for line in self.log_summary]
        return self

    @property
    def finished(self) -> dt.datetime:
        """``finished_at`` as an aware datetime (UTC)."""
        return dt.datetime.fromisoformat(self.finished_at)

    def fingerprint(self) -> str:
        """A sha256 hex digest that is the same for the same game whatever its ``id``,
        notes or source: finish time, every score field, house and seed. Import uses it to
        skip games already in the history."""
        key = {
            "finished_at": self.finished_at,
            "score": self.score.model_dump(mode="json"),
            "house": self.house,
            "seed": self.seed,
        }
        canonical = json.dumps(key, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


# --- migrations -----------------------------------------------------------------------
#
# ``_MIGRATIONS[n]`` turns a version-n record dict into a version-n+1 one. To add version
# 2: write ``_v1_to_v2(raw) -> raw``, register it as ``_MIGRATIONS[1]``, set
# CURRENT_HISTORY_SCHEMA = 2 and change the model.

Migration = Callable[[dict[str, Any]], dict[str, Any]]
_MIGRATIONS: dict[int, Migration] = {}


def game_fields(setup: GameSetup, state: GameState) -> dict[str, Any]:
    """What the record of a finished game takes from the game itself: its setup, the
    rounds played and why it ended."""
    return {
        "difficulty": setup.difficulty,
        "easier_solo": setup.easier_solo,
        "house": setup.house,
        "deck_mode": setup.deck_mode,
        "seed": setup.seed,
        "rounds": state.round,
        "end_reasons": [reason.value for reason in state.game_end],
    }


def migrate_record(raw: dict[str, Any]) -> dict[str, Any]:
    """A copy of the stored record ``raw`` brought up to :data:`CURRENT_HISTORY_SCHEMA`.

    A record without ``schema_version`` is taken as version 1 (the first format). Raises
    :class:`NewerSchemaError` for a version newer than this program knows and
    ``ValueError`` for one that is not a whole number of 1 or more.
    """
    if not isinstance(raw, dict):
        raise ValueError(
            _("a history record must be an object, not {type}").format(type=type(raw).__name__)
        )
    record = dict(raw)
    version = record.get("schema_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError(
            _("schema_version must be a whole number of 1 or more, not {version}").format(
                version=repr(version)
            )
        )
    if version > CURRENT_HISTORY_SCHEMA:
        raise NewerSchemaError(_("A game in the history"), version, CURRENT_HISTORY_SCHEMA)
    while version < CURRENT_HISTORY_SCHEMA:
        record = _MIGRATIONS[version](record)
        version += 1
        record["schema_version"] = version
    record["schema_version"] = version
    return record
