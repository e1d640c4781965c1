"""The game session: the engine's ``SoloGame`` plus autosave and the history.

Every change goes through :meth:`GameSession.push`, :meth:`undo` or :meth:`redo`, and each
one is saved at once (atomically) to the game file, apart from the history file. When a
save fails the change stays in memory (:attr:`GameSession.unsaved_changes` counts them)
until a later save succeeds or :meth:`GameSession.export_game` writes the game elsewhere.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.i18n import _
from companion.storage.atomic_storage import remove_stray_temp_files
from companion.storage.game_store import GameStore

if TYPE_CHECKING:
    # The engine and the history/settings stores are imported where they are first used:
    # the Start screen needs only to know whether a saved game exists.
    from collections.abc import Sequence

    from companion.config import BackupPolicy
    from companion.history.service import HistoryService
    from companion.storage import HistoryRecord, HistoryStore, SettingsStore
    from companion.storage.backups import BackupCopy
    from solo_deck import GameSetup, GameState, PalaceLimits, PlayerLimits, Ruleset, SoloGame
    from solo_deck.events import Event

IDLE_LIMIT = 600.0
"""Seconds of inactivity beyond which the gap is not counted as play time."""
MAX_PLAY_SECONDS = 10**7
"""More play time than this (about 115 days) in a saved game is a damaged value."""
_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def utc_now() -> str:
    """The current time as an ISO 8601 UTC string."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def read_meta(meta: Any) -> tuple[str | None, float]:
    """``started_at`` and ``play_seconds`` from a saved game's ``meta``. A value that is not
    usable (a hand edit, a damaged file) is dropped: it must not stop the game loading, nor
    its history record being saved at the end."""
    if not isinstance(meta, dict):
        meta = {}
    started_at = meta.get("started_at")
    if not isinstance(started_at, str):
        started_at = None
    else:
        try:
            datetime.fromisoformat(started_at)
        except ValueError:
            started_at = None
    seconds = meta.get("play_seconds")
    usable = isinstance(seconds, int | float) and not isinstance(seconds, bool)
    if not usable or not 0 <= seconds <= MAX_PLAY_SECONDS:  # the comparison refuses NaN
        seconds = 0.0
    return started_at, float(seconds)


def read_game_id(meta: Any) -> str:
    """The saved game's id (its history record's id once finished); a new one if the
    file has none (saved by an older version) or a damaged one."""
    game_id = meta.get("game_id") if isinstance(meta, dict) else None
    if isinstance(game_id, str) and _GAME_ID.match(game_id):
        return game_id
    return uuid.uuid4().hex


@dataclass
class GameSession:
    """Owns the game in progress and the stores of one data folder."""

    folder: Path
    clean_on_open: bool = True
    """Remove leftover temp files at once; the app does it only after taking the lock."""
    game: SoloGame | None = None
    started_at: str | None = None
    game_id: str | None = None
    """The id of the game in progress, kept in its file: its history record gets it, so
    saving a game again after a crash between the history write and the removal of the
    game file replaces the record instead of adding a second one."""
    play_seconds: float = 0.0
    notices: list[str] = field(default_factory=list)
    edict_rewards: dict[int, str] = field(default_factory=dict)
    """What the player typed as printed under each Active space (for the edict advisor)."""
    save_error: str | None = None
    ally_names: tuple[int, dict[tuple[int, int], str | None]] | None = None
    """Allies named in the End Phase and not yet recorded (they are recorded when the round
    ends), with the revision they were named at: kept while the player looks at the Table."""
    revision: int = 0
    """Counts the changes to the game in progress (each push, undo, redo, start, load):
    a screen that drew an older revision redraws."""
    read_only: bool = False
    """Set when another copy holds the data folder: reads then never move a damaged file."""
    unsaved_changes: int = 0
    """Changes made since the last save that succeeded (they exist only in memory)."""
    backups: BackupPolicy | None = None
    """Whether to copy the history after each finished game and how many copies to keep
    (the configuration's; ``None``: no copies)."""
    _last_activity: float = field(default_factory=time.monotonic)
    _history: HistoryStore | None = None
    _history_service: HistoryService | None = None
    _settings: SettingsStore | None = None

    def __post_init__(self) -> None:
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if self.clean_on_open:
            self.clean_stray_files()
        self.game_store = GameStore(self.folder)

    def clean_stray_files(self) -> None:
        """Delete temp files an interrupted save, history copy or game document left
        behind, in every folder the program writes: the data folder, ``backups/`` and
        ``games/`` (only while holding the lock, or when no other copy can be writing). A
        link where ``backups`` or ``games`` should be is not followed, even one swapped in
        after the check (the folder is cleaned through a descriptor opened without
        following links)."""
        from companion.paths import BACKUP_DIR
        from companion.storage.game_documents import GAMES_DIR
        from companion.storage.safe_files import check_data_entry

        remove_stray_temp_files(self.folder)
        for name in (BACKUP_DIR, GAMES_DIR):
            inner = self.folder / name
            with contextlib.suppress(OSError):
                if check_data_entry(inner, "folder"):
                    remove_stray_temp_files(inner, below=self.folder)

    # --- stores (opened lazily: the Start screen must not wait for the history) -------

    @property
    def history(self) -> HistoryStore:
        """The history store (opened on first use)."""
        if self._history is None:
            from companion.storage.history_store import HistoryStore

            self._history = HistoryStore(self.folder)
        return self._history

    @property
    def history_service(self) -> HistoryService:
        """Reads, deletes and puts back finished games; it remembers the games deleted
        while the app runs, so there is one per session (opened on first use)."""
        if self._history_service is None:
            from companion.history.service import HistoryService

            self._history_service = HistoryService(self.folder, store=self.history)
        self._history_service.may_move = not self.read_only
        return self._history_service

    def forget_history(self) -> None:
        """Drop the open history store and service (after the history file was replaced
        by a restore): the next use opens them afresh. Deletions made before can no
        longer be undone."""
        self._history = None
        self._history_service = None

    @property
    def settings(self) -> SettingsStore:
        """The settings store (opened on first use)."""
        if self._settings is None:
            from companion.storage.settings_store import SettingsStore

            self._settings = SettingsStore(self.folder)
        return self._settings

    # --- the game in progress ---------------------------------------------------------

    def load(self) -> bool:
        """Load the saved game in progress, if any. Returns True if one was resumed.

        A damaged file is moved aside by the store; the reason lands in ``notices``."""
        from solo_deck import DocumentError, SoloGame

        result = self.game_store.load()
        if result.notice:
            self.notices.append(result.notice)
        if result.document is None:
            return False
        try:
            self.game = SoloGame.from_document(result.document)
        except DocumentError as exc:
            reason = _("it could not be replayed: {why}").format(why=exc)
            self.notices.append(self.game_store.quarantine(reason))
            return False
        self.started_at, self.play_seconds = read_meta(result.document.get("meta"))
        self.game_id = read_game_id(result.document.get("meta"))
        self._last_activity = time.monotonic()
        self.revision += 1
        return True

    def has_saved_game(self) -> bool:
        """True if a game in progress is stored (without replaying it)."""
        return self.game_store.exists()

    @property
    def state(self) -> GameState:
        """The current state (a game must be open)."""
        return self.require_game().state

    @property
    def has_game(self) -> bool:
        """True while a game is open."""
        return self.game is not None

    # --- what screens read (the engine answers; screens never reach into the game) -----

    @property
    def setup(self) -> GameSetup:
        """The open game's setup."""
        return self.require_game().setup

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the open game plays on (stored with the game, with the board values
        told during it)."""
        return self.require_game().ruleset

    @property
    def player_limits(self) -> PlayerLimits:
        """Your side's limits, from the game's ruleset."""
        from solo_deck import PlayerLimits

        return PlayerLimits.from_ruleset(self.ruleset)

    @property
    def palace_limits(self) -> PalaceLimits:
        """Frederick's palace limits, from the game's ruleset."""
        from solo_deck import PalaceLimits

        return PalaceLimits.from_ruleset(self.ruleset)

    @property
    def log(self) -> tuple[str, ...]:
        """The game's log, one line per event, oldest first."""
        return self.require_game().log

    def log_texts(self) -> tuple[str, ...]:
        """The log with every line's parts, to show it in another language (the engine
        keeps its latest lines so, and replays the older ones here)."""
        return self.require_game().log_texts()

    @property
    def events(self) -> tuple[Event, ...]:
        """The game's events, oldest first."""
        return self.require_game().events

    @property
    def redo_log(self) -> tuple[Event, ...]:
        """Undone events that redo would bring back, next first."""
        return self.require_game().redo_log

    @property
    def can_undo(self) -> bool:
        """True if there is an event to take back."""
        return self.game is not None and self.game.can_undo

    @property
    def can_redo(self) -> bool:
        """True if an undone event can be re-applied."""
        return self.game is not None and self.game.can_redo

    def allowed(self) -> frozenset[str]:
        """The event types the engine accepts now (none without a game)."""
        return self.game.allowed() if self.game is not None else frozenset()

    def why_not(self, event_type: str) -> str | None:
        """Why the engine refuses an event of ``event_type`` now (``None``: allowed)."""
        return self.require_game().why_not(event_type)

    def preview(self, event: Event | dict[str, Any]) -> tuple[GameState, str]:
        """What ``event`` would do, without applying it (raises ``RuleError``)."""
        return self.require_game().preview(event)

    def preview_all(self, events: Sequence[Event]) -> tuple[GameState, Ruleset]:
        """What ``events`` would do in turn, and the ruleset in force after them (raises
        ``RuleError``); nothing is applied."""
        return self.require_game().preview_all(events)

    def start(self, setup: GameSetup) -> GameState:
        """Begin a new game and save it (a failed save keeps the previous game)."""
        from solo_deck import SoloGame

        previous = (self.game, self.started_at, self.play_seconds, self.game_id)
        before = (self.save_error, self.unsaved_changes)
        self.game = SoloGame(setup)
        self.started_at = utc_now()
        self.game_id = uuid.uuid4().hex
        self.play_seconds = 0.0
        self._last_activity = time.monotonic()
        try:
            self.save()
        except OSError:
            self.game, self.started_at, self.play_seconds, self.game_id = previous
            self.save_error, self.unsaved_changes = before
            raise
        self.revision += 1
        return self.game.state

    def push(self, event: Event | dict[str, Any]) -> GameState:
        """Apply one event and save. ``RuleError`` leaves game and file unchanged."""
        game = self.require_game()
        state = game.push(event)
        self._changed()
        return state

    def undo(self) -> Event | None:
        """Take back the last event and save."""
        return self._moved(self.require_game().undo())

    def undo_to(self, count: int) -> list[Event]:
        """Take back every event after the first ``count`` (a roll back to a log entry),
        saving once; returns the events taken back, last first. ``redo`` brings them back
        one by one."""
        game = self.require_game()
        undone: list[Event] = []
        while len(game.events) > max(0, count):
            event = game.undo()
            if event is None:
                break
            undone.append(event)
        if undone:
            self._changed()
        return undone

    def redo(self) -> Event | None:
        """Re-apply the last undone event and save."""
        return self._moved(self.require_game().redo())

    def save(self) -> None:
        """Write the game in progress. A failure is kept in ``save_error`` and counted in
        ``unsaved_changes`` (the previous file stays intact) and raised for the UI to
        report (a newer program's save in the way is reported as a
        :class:`~companion.storage.errors.StorageWriteError` too)."""
        from companion.storage.errors import NewerSchemaError, StorageWriteError

        game = self.require_game()
        try:
            try:
                self.game_store.save(game.to_document(), self._meta())
            except NewerSchemaError as exc:  # a newer program's save is there: kept as is
                raise StorageWriteError(self.game_store.path, str(exc)) from exc
        except OSError as exc:
            self.save_error = str(exc)
            self.unsaved_changes += 1
            raise
        self.save_error = None
        self.unsaved_changes = 0

    @property
    def has_unsaved_changes(self) -> bool:
        """Whether the game in memory has changes its file does not (a save failed)."""
        return self.game is not None and self.save_error is not None

    def export_game(self, path: str | Path) -> Path:
        """Write the game in progress, as it is in memory, to ``path`` (a new file outside
        the data folder) in the game file's own format: copied over ``current_game.json``
        it resumes. Raises ``ValueError`` for a refused target (an existing file, a link,
        a device, a path inside the data folder) and ``OSError`` when it cannot be
        written."""
        from companion.storage.atomic_write import atomic_write
        from companion.storage.export_target import ExportTargetError, check_export_target
        from companion.storage.game_store import DOC_ID, META_KEY, TABLE

        game = self.require_game()
        target = check_export_target(path, self.folder)
        if target.existing:
            raise ExportTargetError(
                _("{path} exists: choose a new file name").format(path=target.path)
            )
        document = {TABLE: {DOC_ID: {**game.to_document(), META_KEY: self._meta()}}}
        payload = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
        atomic_write(target.path, payload.encode("utf-8"), mode=target.mode)
        return target.path

    def _meta(self) -> dict[str, Any]:
        return {
            "started_at": self.started_at,
            "play_seconds": round(self.play_seconds, 1),
            "game_id": self.game_id,
        }

    def finish(self, record: HistoryRecord) -> None:
        """Store a finished game in the history, copy the history to ``backups/`` (as the
        policy says; a copy that fails is a notice, the game is saved all the same), then
        drop the game in progress. The game's document is written first, beside the history
        (``games/<id>.json.gz``), and the record names it: a record never points at a
        document that was not written. A document that cannot be written is a notice: the
        game is kept in the history all the same, without its review."""
        record = self._keep_document(record)
        policy = self.backups
        copy = self.history.add(record, copy=policy is not None and policy.automatic)
        self.back_up_history(copy)
        self.game = None
        self.revision += 1
        self.save_error, self.unsaved_changes = None, 0
        try:
            self.game_store.clear()
        except OSError as exc:
            self.notices.append(
                _(
                    "The game is in your history, but its in-progress file could not be "
                    "removed: {error}"
                ).format(error=exc)
            )

    def _keep_document(self, record: HistoryRecord) -> HistoryRecord:
        """Write the finished game's document and return ``record`` naming it."""
        from companion.storage.game_documents import encode, write_document

        if self.game is None:
            return record
        try:
            name = write_document(self.folder, record.id, encode(self.game.to_document()))
        except (OSError, ValueError) as exc:
            self.notices.append(
                _("The game's document for its review could not be kept: {error}").format(error=exc)
            )
            return record
        return record.model_copy(update={"game_document": name})

    def back_up_history(self, copy: BackupCopy | None = None) -> None:
        """Copy the history to ``backups/`` after a finished game when the backup policy
        says so (``copy``: the one compressed while the game was added); a copy that
        cannot be made is a notice, never an error."""
        policy = self.backups
        if policy is None or not policy.automatic:
            return
        from companion.storage.backups import backup_history

        try:
            if copy is not None:
                copy.save(self.folder, keep=policy.keep)
            else:
                backup_history(self.folder, keep=policy.keep)
        except OSError as exc:
            self.notices.append(
                _(
                    "The game is in your history, but the backup copy of the history could not "
                    "be made: {error}"
                ).format(error=exc)
            )

    def _moved(self, event: Event | None) -> Event | None:
        """After an undo or a redo: save when an event moved; that event."""
        if event is not None:
            self._changed()
        return event

    def _changed(self) -> None:
        """The game moved: count the revision and the play time, then save."""
        self.revision += 1
        self._touch()
        self.save()

    def _touch(self) -> None:
        now = time.monotonic()
        self.play_seconds += min(now - self._last_activity, IDLE_LIMIT)
        self._last_activity = now

    def require_game(self) -> SoloGame:
        """The game in progress (raises ``RuntimeError`` when none is open)."""
        if self.game is None:
            raise RuntimeError(_("no game is open"))
        return self.game
