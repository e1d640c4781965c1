"""The boards in use: the player's checked board where one is stored, else the packaged
one; what could not be read; which are still provisional (values assumed, not checked).

A new game starts from these boards; the Board screen, the New game form and the Table
say "provisional" from :attr:`BoardsInUse.provisional`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from companion.i18n import _, ngettext, shown
from solo_deck import BOARDS, BoardRefused, Ruleset, correct_board, still_assumed


class BoardSettings(Protocol):
    """The part of the settings store the boards use."""

    problems: list[str]

    def checked_board(self, field: str) -> Any: ...
    def save_checked_board(self, field: str, board: Any) -> Any: ...


@dataclass
class BoardsInUse:
    """Each board in use by its ruleset field, and what reading them found."""

    boards: dict[str, Any] = field(default_factory=dict)
    yours: set[str] = field(default_factory=set)
    """The fields whose board is the player's own (stored in the settings)."""
    problems: list[str] = field(default_factory=list)

    @property
    def provisional(self) -> list[str]:
        """The titles of the boards in use that still hold assumed values (English: shown
        through :func:`~companion.i18n.shown`)."""
        return [BOARDS[f].title for f, board in self.boards.items() if still_assumed(board)]

    def note(self) -> str:
        """One line for a screen: which boards are provisional, or that all are checked."""
        titles = [shown(title) for title in self.provisional]
        if titles:
            if len(titles) == 1:
                named = titles[0]
            else:
                named = _("{some} and {last}").format(some=", ".join(titles[:-1]), last=titles[-1])
            return ngettext(
                "{boards}: PROVISIONAL · some values assumed, not yet checked against your box "
                "(Board on the Start screen)",
                "{boards}: PROVISIONAL · some values assumed, not yet checked against your box "
                "(Board on the Start screen)",
                len(titles),
            ).format(boards=named)
        return _("Boards: checked against your box")


def boards_in_use(settings: BoardSettings) -> BoardsInUse:
    """The boards a new game starts from; a stored board that cannot be read is listed in
    :attr:`BoardsInUse.problems` and the packaged one is used (never raises for bad data;
    an unreadable file is an ``OSError`` or ``ValueError`` for the caller to report)."""
    found = BoardsInUse()
    for name, kind in BOARDS.items():
        mine = settings.checked_board(name)
        found.problems += settings.problems
        if mine is None:
            found.boards[name] = kind.packaged()
        else:
            found.boards[name] = mine
            found.yours.add(name)
    return found


def remember_told(settings: BoardSettings, board: str, key: str, value: str) -> str | None:
    """Keep a board value told during a game as yours in the checked ``board`` of the
    settings (the packaged board, corrected, when none is stored), so new games start from
    it; returns what went wrong, in words, or ``None``."""
    title = shown(BOARDS[board].title) if board in BOARDS else board
    try:
        mine = settings.checked_board(board)
        corrected = correct_board(
            mine if mine is not None else BOARDS[board].packaged(), key, value
        )
        settings.save_checked_board(board, corrected)
    except BoardRefused as exc:
        return _(
            "Your {board} in the settings differs and was not changed for new games: {error}"
        ).format(board=title, error=shown(exc.args[0]) if exc.args else exc)
    except (OSError, ValueError) as exc:
        return _("Your {board} could not be saved for new games: {error}").format(
            board=title, error=exc
        )
    return None


def is_provisional(ruleset: Ruleset) -> bool:
    """True when a game's ruleset carries a board with assumed values (a game keeps the
    board it was started with). Asked at every Table redraw, so remembered per board."""
    return any(
        (board := getattr(ruleset, name, None)) is not None and _assumed(board) for name in BOARDS
    )


@lru_cache(maxsize=8)
def _assumed(board: Any) -> bool:
    return still_assumed(board)
