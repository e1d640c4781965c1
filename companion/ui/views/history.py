"""What the History screen shows, apart from how: columns, sort, filters, labels.

:class:`HistoryView` holds the games read, the sort and the filters, and answers every
question the screen asks (which games are listed, in which order, what each cell says, what
the count line and the subtitle say). It never imports Textual, so all of it is tested
without an app. The screen draws what the view says and turns keys and clicks into calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len

from companion.formatting import local_time, one_line, or_dash, play_time, yes_no
from companion.history.stats import DIFFICULTY_ORDER, title_names
from companion.i18n import N_, _, current_language, ngettext
from companion.i18n.words import stored_word, value_word

if TYPE_CHECKING:
    from companion.storage import HistoryRecord

NOT_RECORDED = "__not_recorded__"
"""The filter value for games where the field was not recorded (quick entries, imports)."""
MAX_ROWS = 500
"""The most games the table lists at once (the first ones in the current sort and filter);
a DataTable measures every cell it is given, so 10,000 rows would take seconds to build.
The count line says when the list is cut; sorting and filtering reach every game."""
MIN_NOTES_WIDTH = 12
PAGE_SIZE = 100
"""How many of the newest games the History screen reads first (more than a screenful):
the rest of a long history is read only when the player asks for it (scrolling to the
end, ``m``, a filter, a sort, export or statistics)."""

SOURCES = {"app": N_("played in the app"), "quick": N_("quick score"), "import": N_("imported")}
"""How each ``HistoryRecord.source`` reads."""


def game_label(record: HistoryRecord) -> str:
    """``2026-03-01 19:30 · 61 points · Feudal lord`` (local time)."""
    score = record.score
    return _("{finished} · {total} points · {title}").format(
        finished=local_time(record.finished_at),
        total=score.total,
        title=value_word(score.title),
    )


def count_line(shown: int, total: int) -> str:
    """``30 of 30 games`` / ``1 of 1 game`` / ``9 of 10,000 games``."""
    return ngettext("{shown} of {total} game", "{shown} of {total} games", total).format(
        shown=f"{shown:,}", total=f"{total:,}"
    )


def detail_fields(record: HistoryRecord) -> list[tuple[str, str]]:
    """The fields of one game as ``(label, value)``, as the details list them."""
    return [
        (_("Finished"), local_time(record.finished_at)),
        (_("Started"), local_time(record.started_at)),
        (_("Play time"), play_time(record.play_seconds)),
        (_("Difficulty"), stored_word(record.difficulty)),
        (_("Easier solo"), _(yes_no(record.easier_solo))),
        (_("House"), stored_word(record.house)),
        (_("Deck"), stored_word(record.deck_mode)),
        (_("Seed"), or_dash(record.seed)),
        (_("Rounds"), or_dash(record.rounds)),
        (_("Frederick's Structures"), or_dash(record.frederick_structures)),
        (_("Entered"), _(SOURCES.get(record.source, record.source))),
    ]


def score_parts(record: HistoryRecord) -> list[tuple[str, str]]:
    """The score breakdown of one game as ``(label, value)``, total and title last."""
    score = record.score
    return [
        (_("VP track"), str(score.vp_track)),
        (_("Structures in your castle"), str(score.structures)),
        (_("Most-structures bonus"), str(score.most_structures_bonus)),
        (_("Resources → VP"), str(score.resources_vp)),
        (_("Total"), str(score.total)),
        (_("Title"), value_word(score.title)),
    ]


# --- columns: what each shows and how it sorts -----------------------------------------------


def _title_key(names: Sequence[str]) -> Callable[[HistoryRecord], tuple[int, int]]:
    """Sort by title (in the order of ``names``, unknown titles lowest), then by score."""
    ranks = {name: index for index, name in enumerate(names)}

    def key(record: HistoryRecord) -> tuple[int, int]:
        return (ranks.get(record.score.title, -1), record.score.total)

    return key


def _title_rank(record: HistoryRecord) -> tuple[int, int]:
    return _title_key(title_names())(record)


@dataclass(frozen=True)
class HistoryColumn:
    """One column of the games table."""

    key: str
    label: str
    cell: Callable[[HistoryRecord], str]
    sort_key: Callable[[HistoryRecord], Any]
    """The value to sort by; ``None`` (not recorded) always sorts last."""
    first: str
    """How the first sort on this column reads (``"newest first"``)."""
    then: str
    """How the reversed sort reads (``"oldest first"``)."""
    descending: bool = False
    """Whether the first sort on this column is descending."""
    right: bool = False


COLUMNS: tuple[HistoryColumn, ...] = (
    HistoryColumn(
        "date",
        N_("Date"),
        lambda r: local_time(r.finished_at),
        lambda r: r.finished_at,
        N_("newest first"),
        N_("oldest first"),
        descending=True,
    ),
    HistoryColumn(
        "score",
        N_("Score"),
        lambda r: str(r.score.total),
        lambda r: r.score.total,
        N_("highest first"),
        N_("lowest first"),
        descending=True,
        right=True,
    ),
    HistoryColumn(
        "title",
        N_("Title"),
        lambda r: value_word(r.score.title),
        _title_rank,
        N_("highest title first"),
        N_("lowest title first"),
        descending=True,
    ),
    HistoryColumn(
        "difficulty",
        N_("Difficulty"),
        lambda r: stored_word(r.difficulty),
        lambda r: None if r.difficulty is None else DIFFICULTY_ORDER.index(r.difficulty),
        N_("easy first"),
        N_("hard first"),
    ),
    HistoryColumn(
        "easier",
        N_("Easier"),
        lambda r: _(yes_no(r.easier_solo)),
        lambda r: r.easier_solo,
        N_("easier solo first"),
        N_("standard solo first"),
        descending=True,
    ),
    HistoryColumn(
        "house",
        N_("House"),
        lambda r: stored_word(r.house),
        lambda r: None if not r.house else r.house.casefold(),
        N_("A to Z"),
        N_("Z to A"),
    ),
    HistoryColumn(
        "deck",
        N_("Deck"),
        lambda r: stored_word(r.deck_mode),
        lambda r: r.deck_mode,
        N_("table deck first"),
        N_("virtual deck first"),
        descending=True,
    ),
    HistoryColumn(
        "rounds",
        N_("Rounds"),
        lambda r: or_dash(r.rounds),
        lambda r: r.rounds,
        N_("fewest first"),
        N_("most first"),
        right=True,
    ),
    HistoryColumn(
        "play_time",
        N_("Play time"),
        lambda r: play_time(r.play_seconds),
        lambda r: r.play_seconds or None,
        N_("longest first"),
        N_("shortest first"),
        descending=True,
        right=True,
    ),
    HistoryColumn(
        "notes",
        N_("Notes"),
        lambda r: one_line(r.notes),
        lambda r: one_line(r.notes).casefold() or None,
        N_("A to Z"),
        N_("Z to A"),
    ),
)
COLUMN_KEYS = tuple(column.key for column in COLUMNS)
COLUMNS_BY_KEY = {column.key: column for column in COLUMNS}
NOTES_INDEX = COLUMN_KEYS.index("notes")


def newest_first(records: Iterable[HistoryRecord]) -> list[HistoryRecord]:
    """The games, newest first (the id breaks ties, so the order never wobbles)."""
    return sorted(records, key=lambda r: (r.finished_at, r.id), reverse=True)


def sort_records(
    records: Iterable[HistoryRecord], column_key: str, descending: bool
) -> list[HistoryRecord]:
    """``records`` sorted by one column; games without that value come last either way and
    equal values keep the newest game first."""
    sort_key = COLUMNS_BY_KEY[column_key].sort_key
    if column_key == "title":  # read the titles once, not once per game
        sort_key = _title_key(title_names())
    keyed = [(sort_key(r), r) for r in newest_first(records)]
    present = [pair for pair in keyed if pair[0] is not None]
    present.sort(key=lambda pair: pair[0], reverse=descending)
    return [r for _, r in present] + [r for value, r in keyed if value is None]


# --- filters ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryFilter:
    """Which games to show; ``None`` means any. ``NOT_RECORDED`` matches a missing value."""

    difficulty: str | None = None
    house: str | None = None
    title: str | None = None

    @property
    def active(self) -> bool:
        """Whether any filter is set."""
        return any(value is not None for value in (self.difficulty, self.house, self.title))

    def matches(self, record: HistoryRecord) -> bool:
        """Whether ``record`` passes every filter that is set (they combine)."""
        for wanted, value in (
            (self.difficulty, record.difficulty),
            (self.house, record.house or None),
            (self.title, record.score.title),
        ):
            if wanted is None:
                continue
            if wanted == NOT_RECORDED:
                if value is not None:
                    return False
            elif value != wanted:
                return False
        return True


@dataclass(frozen=True)
class FilterChoice:
    """One choice of the filter bar: its field, prompt, tooltip and options."""

    field: str
    """The :class:`HistoryFilter` field it sets (also the widget's id: ``filter-<field>``)."""
    prompt: str
    tooltip: str
    options: tuple[tuple[str, str], ...] = ()
    """``(label, value)`` pairs, as the player reads and picks them."""


FILTERS: tuple[FilterChoice, ...] = (
    FilterChoice("difficulty", N_("any difficulty"), N_("Show only the games of one difficulty")),
    FilterChoice("house", N_("any House"), N_("Show only the games of one House")),
    FilterChoice("title", N_("any title"), N_("Show only the games that earned one title")),
)
"""The filter bar's choices, in order (without options: :func:`filter_choices` adds them)."""


def filter_choices(records: Sequence[HistoryRecord]) -> tuple[FilterChoice, ...]:
    """:data:`FILTERS` with the options the games in ``records`` call for: every difficulty
    and title (the known ones, in order), the Houses played, and ``not recorded`` where a
    game lacks the value."""
    difficulties = {r.difficulty for r in records}
    houses = {r.house or None for r in records}
    titles = {r.score.title for r in records}
    missing = (_("not recorded"), NOT_RECORDED)
    difficulty = [(value_word(d), d) for d in DIFFICULTY_ORDER]
    difficulty += [missing] if None in difficulties else []
    named = sorted((h for h in houses if h), key=str.casefold)
    house = [(value_word(h), h) for h in named] + ([missing] if None in houses else [])
    known = title_names()
    title = [(value_word(t), t) for t in [*known, *sorted(titles - set(known))]]
    options = {"difficulty": difficulty, "house": house, "title": title}
    return tuple(
        FilterChoice(c.field, c.prompt, c.tooltip, tuple(options[c.field])) for c in FILTERS
    )


# --- the view ---------------------------------------------------------------------------------


@dataclass
class HistoryView:
    """The games of the History screen and how they are listed.

    ``all_records`` is ``None`` until the history is read. After any change (read, sort,
    filter, delete, restore) :attr:`shown` holds the games that pass the filters in table
    order; the table lists the first :data:`MAX_ROWS` of them (:attr:`listed`).

    After :meth:`load_page` the view holds only the newest games of a longer history
    (:attr:`partial`; ``total`` is how many games the history holds) until :meth:`load`
    gives it every game.
    """

    all_records: list[HistoryRecord] | None = None
    sort_key: str = "date"
    descending: bool = True
    filters: HistoryFilter = field(default_factory=HistoryFilter)
    shown: list[HistoryRecord] = field(default_factory=list)
    total: int | None = None
    """How many games the history holds while only its newest page is read, else ``None``."""

    def __post_init__(self) -> None:
        self.update()

    # --- changes --------------------------------------------------------------------

    def load(self, records: Iterable[HistoryRecord]) -> None:
        """The history was read: these are every game."""
        self.all_records = list(records)
        self.total = None
        self.update()

    def load_page(self, records: Iterable[HistoryRecord], total: int) -> None:
        """The newest games of a history of ``total`` games were read (every game when
        there are no more than these: then the view is complete)."""
        self.load(records)
        if total > len(self.all_records or []):
            self.total = total

    def update(self) -> None:
        """Apply the filters and the sort again."""
        matching = [r for r in self.all_records or [] if self.filters.matches(r)]
        self.shown = sort_records(matching, self.sort_key, self.descending)

    def set_filters(self, filters: HistoryFilter) -> None:
        """Show only the games that pass ``filters``."""
        self.filters = filters
        self.update()

    def set_sort(self, column_key: str, descending: bool | None = None) -> None:
        """Sort by ``column_key`` (in its natural first order unless ``descending`` says)."""
        column = COLUMNS_BY_KEY[column_key]
        self.sort_key = column_key
        self.descending = column.descending if descending is None else descending
        self.update()

    def sort_next(self) -> None:
        """Sort by the next column, round to the first."""
        index = COLUMN_KEYS.index(self.sort_key)
        self.set_sort(COLUMN_KEYS[(index + 1) % len(COLUMN_KEYS)])

    def sort_reversed(self) -> None:
        """Reverse the current order."""
        self.set_sort(self.sort_key, not self.descending)

    def sort_by_header(self, column_key: str) -> None:
        """A click on a header: sort by that column; on the sorted column, reverse."""
        if column_key == self.sort_key:
            self.sort_reversed()
        elif column_key in COLUMNS_BY_KEY:
            self.set_sort(column_key)

    def remove(self, record_id: str) -> None:
        """The game with this id left the history."""
        if self.all_records is not None:
            kept = [r for r in self.all_records if r.id != record_id]
            if self.total is not None and len(kept) < len(self.all_records):
                self.total -= 1
            self.all_records = kept
            self.update()

    def put_back(self, record: HistoryRecord) -> None:
        """``record`` is in the history again."""
        if self.all_records is not None:
            kept = [r for r in self.all_records if r.id != record.id]
            if self.total is not None and len(kept) == len(self.all_records):
                self.total += 1
            self.all_records = [*kept, record]
            self.update()

    # --- questions ------------------------------------------------------------------

    @property
    def loaded(self) -> bool:
        """Whether the history has been read."""
        return self.all_records is not None

    @property
    def partial(self) -> bool:
        """Whether only the newest games of a longer history are read (:meth:`load_page`)."""
        return self.total is not None

    @property
    def empty(self) -> bool:
        """Whether the history holds no game at all."""
        return not self.all_records

    @property
    def no_match(self) -> bool:
        """Whether there are games but the filters let none through."""
        return bool(self.all_records) and not self.shown

    @property
    def listed(self) -> list[HistoryRecord]:
        """The games in the table: the first :data:`MAX_ROWS` of :attr:`shown`."""
        return self.shown[:MAX_ROWS]

    def rows(self) -> list[list[str]]:
        """The cells of every listed game, one list per game, in :data:`COLUMNS` order."""
        return [[column.cell(r) for column in COLUMNS] for r in self.listed]

    def column_label(self, column: HistoryColumn) -> str:
        """A header: the column's label, with ▼ or ▲ on the sorted column."""
        if column.key != self.sort_key:
            return _(column.label)
        return f"{_(column.label)} {'▼' if self.descending else '▲'}"

    def count_text(self) -> str:
        """``9 of 30 games``, plus how many are in the table when not all of them are."""
        if self.total is not None:
            return ngettext(
                "newest {shown} of {total} game", "newest {shown} of {total} games", self.total
            ).format(shown=f"{len(self.shown):,}", total=f"{self.total:,}")
        text = count_line(len(self.shown), len(self.all_records or []))
        if len(self.shown) > MAX_ROWS:
            text += _(" (first {most} listed)").format(most=f"{MAX_ROWS:,}")
        return text

    def sort_description(self) -> str:
        """``sorted by score, highest first``."""
        column = COLUMNS_BY_KEY[self.sort_key]
        order = column.first if self.descending == column.descending else column.then
        label = _(column.label) if current_language() == "de" else _(column.label).lower()
        return _("sorted by {column}, {order}").format(column=label, order=_(order))

    def subtitle(self, read_only: bool, count: bool = True) -> str:
        """The screen's subtitle: count (once read, unless not ``count``), sort, and
        ``read-only`` if so."""
        parts = [self.count_text()] if self.loaded and count else []
        parts.append(self.sort_description())
        if read_only:
            parts.append(_("read-only"))
        return " · ".join(parts)

    def notes_width(self, rows: Sequence[Sequence[str]], width: int, padding: int) -> int:
        """How wide the Notes column can be in a table ``width`` cells wide (with a vertical
        scroll bar already taken off when one shows) without scrolling sideways; every
        column takes ``padding`` cells besides its widest cell or header."""
        used = 0
        for index, column in enumerate(COLUMNS):
            if column.key == "notes":
                used += padding
                continue
            label = cell_len(self.column_label(column))
            widest = max((cell_len(row[index]) for row in rows), default=0)
            used += max(label, widest) + padding
        return max(MIN_NOTES_WIDTH, width - used)


def end_reason_text(code: str) -> str:
    """Why a stored game ended, as a sentence (a code this version does not know is shown
    as stored).

    >>> end_reason_text("edict_space_empty")
    'An Active Edict space could not be refilled'
    >>> end_reason_text("something newer")
    'something newer'
    """
    from solo_deck import GameEndReason

    try:
        reason = GameEndReason(code)
    except ValueError:
        return code
    text = reason.describe()
    return text[:1].upper() + text[1:]
