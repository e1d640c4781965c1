"""``SoloGame``: a setup plus an event log, folded into the current state."""

# i18n: sentences are Text
from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any, NamedTuple

from pydantic import TypeAdapter, ValidationError

from solo_deck.data.loaders import describe_validation_error
from solo_deck.errors import DocumentError, RuleError
from solo_deck.events import Event
from solo_deck.model.moves import Move
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.rules.board_check import ruleset_in_force
from solo_deck.rules.gate import allowed_types, refusal
from solo_deck.rules.legal import legal_moves
from solo_deck.rules.transitions import apply_event
from solo_deck.schema import SCHEMA_VERSION
from solo_deck.setup import STORED, GameSetup, initial_state
from solo_deck.text import t

_EVENT = TypeAdapter(Event)
_EVENTS = TypeAdapter(list[Event])

CHECKPOINT_EVERY = 32
"""A :class:`SoloGame` keeps the state after every this many events, and the states of
(at most) this many latest events; any other state is replayed from a checkpoint when an
undo needs it."""

TEXT_SEGMENTS = 3
"""A :class:`SoloGame` keeps its log lines as :class:`~solo_deck.text.Text` (a sentence with
its parts, which a front end renders in another language) for the events since the
checkpoint this many checkpoints back (64 to 95 lines), older lines as plain English;
:meth:`SoloGame.log_texts` replays them when their parts are wanted."""


PREVIEWS_KEPT = 64
"""How many previews from one state a :class:`SoloGame` keeps for the push that follows."""


class _Previewed(NamedTuple):
    """A preview's outcome: the state it started from, the ruleset and event it applied,
    and what :func:`~solo_deck.rules.transitions.apply_event` gave."""

    start: GameState
    ruleset: Ruleset
    event: Event
    step: tuple[GameState, Event, str]


class SoloGame:
    """A solo game as python-chess models a board: ``push`` an event, ``undo`` it,
    ``redo`` it. The state is a pure fold of the log, so a replay of the same document
    always gives the same state and flips the same solo cards.

    Undo and redo cost O(1), however long the game: the states of the latest
    :data:`CHECKPOINT_EVERY` events are kept, and one state in every
    :data:`CHECKPOINT_EVERY` before them. An undo past the kept states replays at most
    :data:`CHECKPOINT_EVERY` - 1 events from the checkpoint before (a fraction of a
    millisecond each), once per that many undos. A long game so holds a few dozen
    states, not one per event, and each distinct event once (:meth:`_shared`).

    >>> from solo_deck import parse_edict
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> game = SoloGame(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18, seed=1))
    >>> from solo_deck.events import Decline, FrederickTurn, PlayCard
    >>> _ = game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    >>> _ = game.push(Decline()); _ = game.push(FrederickTurn())
    >>> game.state.frederick_actions
    1
    >>> game.undo() is not None and game.state.frederick_actions == 0
    True
    """

    def __init__(self, setup: GameSetup, events: Iterable[Event] = ()) -> None:
        self._begin(setup, initial_state(setup))
        for event in events:
            self.push(event)
        self._redo.clear()
        self._undone.clear()

    def _begin(self, setup: GameSetup, start: GameState) -> None:
        self.setup = setup
        self._events: list[Event] = []
        self._lines: list[str] = []
        self._checkpoints: list[GameState] = [start]
        """The state after ``k * CHECKPOINT_EVERY`` events, at index ``k``."""
        self._recent: deque[GameState] = deque(maxlen=CHECKPOINT_EVERY)
        """The states after the latest events, the current one last (may be empty when
        the current state is a checkpoint)."""
        self._redo: list[Event] = []
        self._undone: list[tuple[GameState, str] | None] = []
        """For each event in ``_redo``, the state and log line its undo took (``None``: not
        kept, as for a redo branch read from a document): a redo puts them back instead of
        replaying, and an undo frees nothing."""
        self._distinct: dict[Event, Event] = {}
        """Each distinct event stored, once (see :meth:`_shared`)."""
        self._plain = 0
        """The lines of the events before checkpoint ``_plain`` are kept as plain English
        (see :data:`TEXT_SEGMENTS`)."""
        self._previewed: list[_Previewed] = []
        """What the latest previews from the current state gave (see :meth:`preview`)."""

    @classmethod
    def at(cls, setup: GameSetup, state: GameState) -> SoloGame:
        """A game that starts at ``state`` (reached from ``setup``), its log empty: a branch
        for simulations that play on from a position (the Coach's rollouts). Its document
        would start again from the setup, so a branch is never saved.

        >>> from solo_deck import parse_edict
        >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
        >>> setup = GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18, seed=1)
        >>> game = SoloGame(setup)
        >>> SoloGame.at(setup, game.state).state == game.state
        True
        """
        game = cls.__new__(cls)
        game._begin(setup, state)
        return game

    # --- the log ----------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current state."""
        return self._recent[-1] if self._recent else self._checkpoints[-1]

    @property
    def events(self) -> tuple[Event, ...]:
        """The applied events, oldest first (as stored, with card ids filled in)."""
        return tuple(self._events)

    @property
    def log(self) -> tuple[str, ...]:
        """One line per applied event, oldest first (a game carried over from an older
        format starts with the lines of its earlier moves, which cannot be undone)."""
        return self.setup.start_log + tuple(self._lines)

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the game plays on now: the setup's, with the board values told so far
        (:mod:`solo_deck.rules.board_check`)."""
        return ruleset_in_force(self.setup.ruleset, self.state.board_checks)

    def allowed(self) -> frozenset[str]:
        """The event types (their ``type`` value) that may be pushed now: the one source
        a front end reads to light its keys. See :mod:`solo_deck.rules.gate`."""
        return allowed_types(self.state, self.ruleset)

    def legal_moves(self) -> tuple[Move, ...]:
        """Every move the engine accepts now, each an event (corrections aside), with the
        probability of what it tells where hidden information enters. See
        :mod:`solo_deck.rules.legal`."""
        return legal_moves(
            self.state,
            self.ruleset,
            difficulty=self.setup.difficulty,
            easier_solo=self.setup.easier_solo,
        )

    def why_not(self, event_type: str) -> str | None:
        """Why an event of ``event_type`` would be refused now (``None``: allowed)."""
        return refusal(self.state, event_type, self.ruleset)

    @property
    def redo_log(self) -> tuple[Event, ...]:
        """Undone events that ``redo`` would re-apply, next first."""
        return tuple(reversed(self._redo))

    def push(self, event: Event | dict[str, Any]) -> GameState:
        """Apply ``event`` (a model or its dict) and append it to the log. A new event
        drops the redo branch. Raises ``RuleError`` (state unchanged) if not allowed."""
        parsed = _parse_event(event)
        step = self._previewed_step(parsed)
        if step is None:
            step = apply_event(self.state, parsed, self.setup.ruleset)
        state, stored, line = step
        self._previewed.clear()
        self._append(self._shared(stored), state, line)
        self._redo.clear()
        self._undone.clear()
        return state

    def _append(self, event: Event, state: GameState, line: str) -> None:
        """Log ``event`` (stored), the ``state`` it led to and its ``line``."""
        self._events.append(event)
        self._lines.append(line)
        if len(self._events) % CHECKPOINT_EVERY == 0:
            self._checkpoints.append(state)
            self._plain_segment(len(self._checkpoints) - 1 - TEXT_SEGMENTS)
        self._recent.append(state)

    def undo(self) -> Event | None:
        """Take back the last event; returns it (``None`` if there is nothing to undo)."""
        if not self._events:
            return None
        if len(self._events) % CHECKPOINT_EVERY == 0:
            self._checkpoints.pop()
            self._text_segment(len(self._checkpoints) - TEXT_SEGMENTS)
        event = self._events.pop()
        line = self._lines.pop()
        state = self._recent.pop() if self._recent else None
        if not self._recent and len(self._events) % CHECKPOINT_EVERY:
            self._replay_recent()
        self._redo.append(event)
        self._undone.append(None if state is None else (state, line))
        return event

    def _shared(self, event: Event) -> Event:
        """``event``, or an equal one stored before: events are immutable, and most of a
        game's are alike (end of turn, Frederick's turn with one of 16 cards, the same
        few tiles), so a long log holds each distinct event once."""
        try:
            return self._distinct.setdefault(event, event)
        except TypeError:  # a field holds a dict (an Edict choice): not hashable
            return event

    def _segment_lines(self, segment: int) -> list[str]:
        """The log lines of the events from checkpoint ``segment`` to the next (or to the
        last event), replayed from that checkpoint: Texts with their parts."""
        start = segment * CHECKPOINT_EVERY
        state = self._checkpoints[segment]
        lines = []
        for event in self._events[start : start + CHECKPOINT_EVERY]:
            state, _, line = apply_event(state, event, self.setup.ruleset)
            lines.append(line)
        return lines

    def _plain_segment(self, segment: int) -> None:
        """Keep the lines of checkpoint ``segment``'s events as plain English (a 40-round
        game's lines hold some 4,000 Texts, 1.5 MB; see :data:`TEXT_SEGMENTS`)."""
        if segment < self._plain:
            return
        start = segment * CHECKPOINT_EVERY
        lines = self._lines
        for index in range(start, start + CHECKPOINT_EVERY):
            lines[index] = str.__str__(lines[index])
        self._plain = segment + 1

    def _text_segment(self, segment: int) -> None:
        """The lines of checkpoint ``segment``'s events as Texts again (an undo back into
        the lines kept with their parts: once per :data:`CHECKPOINT_EVERY` undos)."""
        if segment < 0 or segment >= self._plain:
            return
        start = segment * CHECKPOINT_EVERY
        self._lines[start : start + CHECKPOINT_EVERY] = self._segment_lines(segment)
        self._plain = segment

    def log_texts(self) -> tuple[str, ...]:
        """:attr:`log` with every line as the engine wrote it (a :class:`~solo_deck.text.Text`
        keeps its parts), for a front end that renders the whole log in another language:
        the lines kept as plain English are replayed from their checkpoints (0.1 s for a
        40-round game)."""
        lines = [line for segment in range(self._plain) for line in self._segment_lines(segment)]
        return self.setup.start_log + tuple(lines + self._lines[len(lines) :])

    def _replay_recent(self) -> None:
        """Rebuild the states after the events since the last checkpoint (the fold is
        pure: the same events give equal states)."""
        start = (len(self._events) // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
        state = self._checkpoints[-1]
        for event in self._events[start:]:
            state = apply_event(state, event, self.setup.ruleset)[0]
            self._recent.append(state)

    def redo(self) -> Event | None:
        """Re-apply the last undone event; returns it (``None`` if there is none)."""
        if not self._redo:
            return None
        event = self._redo.pop()
        kept = self._undone.pop()
        if kept is not None:  # the fold is pure: what the undo took is what a replay gives
            self._append(event, *kept)
            return event
        redo, undone = self._redo, self._undone
        self._redo, self._undone = [], []
        try:
            self.push(event)
        finally:
            self._redo, self._undone = redo, undone
        return event

    @property
    def can_undo(self) -> bool:
        """True if there is an event to take back."""
        return bool(self._events)

    @property
    def can_redo(self) -> bool:
        """True if an undone event can be re-applied."""
        return bool(self._redo)

    def preview(self, event: Event | dict[str, Any]) -> tuple[GameState, str]:
        """What ``event`` would do, without applying it (raises like ``push``).

        The latest :data:`PREVIEWS_KEPT` previews from the current state are kept until the
        state changes: pushing one of them takes its outcome instead of folding the event
        again (a bot previews its candidates, then pushes the best). The fold is pure, so
        that outcome is exactly what the push would compute.
        """
        parsed = _parse_event(event)
        start, ruleset = self.state, self.setup.ruleset
        step = apply_event(start, parsed, ruleset)
        if not self._kept_here():  # every kept preview starts where this one does
            self._previewed.clear()
        if len(self._previewed) < PREVIEWS_KEPT:
            self._previewed.append(_Previewed(start, ruleset, parsed, step))
        return step[0], step[2]

    def _kept_here(self) -> bool:
        """True when the kept previews started from the current state and ruleset (the
        very objects: the fold is pure, so their outcomes are what a push would give)."""
        kept = self._previewed
        return bool(kept) and kept[0].start is self.state and kept[0].ruleset is self.setup.ruleset

    def _previewed_step(self, event: Event) -> tuple[GameState, Event, str] | None:
        """The outcome of a kept preview of ``event`` from the current state and ruleset
        (``None``: none is kept)."""
        if not self._kept_here():
            return None
        return next((kept.step for kept in self._previewed if kept.event == event), None)

    def preview_all(self, events: Iterable[Event]) -> tuple[GameState, Ruleset]:
        """What ``events`` would do one after the other (a board value told, then the move
        that relies on it), without applying them: the state and the ruleset in force
        after them (raises like ``push``, naming nothing applied)."""
        state = self.state
        for event in events:
            state = apply_event(state, _parse_event(event), self.setup.ruleset)[0]
        return state, ruleset_in_force(self.setup.ruleset, state.board_checks)

    # --- documents --------------------------------------------------------------------

    def to_document(self) -> dict[str, Any]:
        """A JSON-ready document: schema version, setup, events and the redo branch."""
        return {
            "schema_version": SCHEMA_VERSION,
            "setup": self.setup.model_dump(mode="json"),
            "events": _EVENTS.dump_python(self._events, mode="json"),
            "redo": _EVENTS.dump_python(self._redo, mode="json"),
        }

    @classmethod
    def from_document(cls, document: Any) -> SoloGame:
        """Rebuild a game by replaying a document from :meth:`to_document` (a document of
        an earlier schema is carried over first, see :mod:`solo_deck.compat`).

        Raises :class:`DocumentError` naming the bad field or event."""
        setup, events, redo = validated_document(document)
        try:
            game = cls(setup)
        except ValueError as exc:  # rules that validate but cannot start a game
            raise DocumentError(
                t("setup: a game cannot start with it: {reason}", reason=_reason(exc))
            ) from None
        for number, event in enumerate(events, start=1):
            try:
                game.push(event)
            except ValueError as exc:  # RuleError, or a state the stored rules make invalid
                raise DocumentError(
                    t(
                        "event {number} ({type}) cannot be replayed: {reason}",
                        number=number,
                        type=event.type,
                        reason=_reason(exc),
                    )
                ) from None
        game._redo = list(redo)
        game._undone = [None] * len(game._redo)
        return game


def validated_document(document: Any) -> tuple[GameSetup, list[Event], list[Event]]:
    """The setup, the events and the redo branch of a saved-game document, carried over
    from an earlier schema and checked against the model :meth:`SoloGame.to_document`
    writes, without replaying the game (an import checks each game file this way).

    Raises :class:`DocumentError` naming the bad field."""
    if not isinstance(document, dict):
        raise DocumentError(t("a saved game must be a JSON object"))
    if document.get("schema_version") == 1:
        from solo_deck.compat.legacy_v1 import upgrade_v1

        document = upgrade_v1(document)
    if document.get("schema_version") == 2:
        from solo_deck.compat.legacy_v2 import upgrade_v2

        document = upgrade_v2(document)
    if document.get("schema_version") == 3:  # the same shape; it has no board checks
        document = {**document, "schema_version": 4}
    if document.get("schema_version") == 4:
        from solo_deck.compat.legacy_v4 import upgrade_v4

        document = upgrade_v4(document)
    version = document.get("schema_version")
    if version != SCHEMA_VERSION:
        raise DocumentError(
            t(
                "saved game has schema_version {version!r}; this program reads {schema}",
                version=version,
                schema=SCHEMA_VERSION,
            )
        )
    try:
        setup = GameSetup.model_validate(document.get("setup"), context={STORED: True})
    except ValidationError as exc:
        raise DocumentError(
            t(
                "setup: {reason}",
                reason=describe_validation_error(exc),
            )
        ) from None
    try:
        events = _EVENTS.validate_python(document.get("events", []))
        redo = _EVENTS.validate_python(document.get("redo", []))
    except ValidationError as exc:
        raise DocumentError(
            t(
                "events: {reason}",
                reason=describe_validation_error(exc),
            )
        ) from None
    return setup, events, redo


def _reason(exc: ValueError) -> str:
    if isinstance(exc, ValidationError):
        return describe_validation_error(exc)
    return str(exc)


def _parse_event(event: Event | dict[str, Any]) -> Event:
    if isinstance(event, dict):
        try:
            return _EVENT.validate_python(event)
        except ValidationError as exc:
            raise RuleError(
                t(
                    "not a valid event: {reason}",
                    reason=describe_validation_error(exc),
                )
            ) from None
    return event
