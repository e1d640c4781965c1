"""The key tables of the record-keeping screens: the history and its files, BG Stats, the
statistics and the solo deck (see :mod:`companion.ui.keys.game`, which lists them for Help)."""

from __future__ import annotations

from companion.ui.keys.model import ConfirmKeys, Key

HISTORY_KEYS = (
    Key(
        "escape,q",
        "back",
        "Back",
        "history.back",
        "Back to the previous screen (from the filter bar: back to the table)",
        "esc",
    ),
    Key(
        "s",
        "sort_next",
        "Sort",
        "history.sort",
        "Sort by the next column (date, score, title, …); clicking a header works too",
    ),
    Key(
        "f",
        "filter",
        "Filter",
        "history.filter",
        "Go to the filters: difficulty, House and title (they combine)",
    ),
    Key(
        "x,delete",
        "delete",
        "Delete",
        "history.delete",
        "Delete the highlighted game (asks first; u undoes it)",
        "x",
    ),
    Key(
        "u",
        "undo_delete",
        "Undo",
        "history.undo",
        "Put back the game deleted last (while the app is running)",
    ),
    Key(
        "t",
        "statistics",
        "Stats",
        "history.statistics",
        "Records, title counts, streaks and the score chart",
    ),
    Key(
        "S",
        "sort_reverse",
        "Reverse",
        "history.sort_reverse",
        "Reverse the order of the current sort",
        "S",
    ),
    Key(
        "m",
        "more",
        "All games",
        "history.more",
        "Read every game of a long history (it opens on the newest ones)",
    ),
    Key("c", "clear_filters", "Clear filters", "history.clear_filters", "Show every game again"),
    Key(
        "e",
        "export",
        "Export",
        "history.export",
        "Write the history to a CSV, JSON or BG Stats file",
    ),
    Key(
        "b",
        "backups",
        "Backups",
        "history.backups",
        "The copies of the history kept in the data folder; restore one",
    ),
)
HISTORY_TABLE_KEYS = (
    Key(
        "enter",
        "select_cursor",
        "Details",
        "history.details",
        "Show the score breakdown and log of the highlighted game",
    ),
)
HISTORY_DETAIL_KEYS = (
    Key("escape,q", "close", "Close", "history.detail.close", "Back to the list of games", "esc"),
    Key(
        "b,ctrl+g",
        "bgstats",
        "BG Stats",
        "history.detail.bgstats",
        "Show this game as a BG Stats link and QR code, to log it on your phone",
        "b",
    ),
    Key(
        "v",
        "review",
        "Review",
        "history.detail.review",
        "Where this game's points went, round by round (games saved from the app)",
    ),
)
EXPORT_KEYS = (
    Key(
        "ctrl+s",
        "export",
        "Export",
        "history.export.write",
        "Write the file named in the dialog",
        priority=True,
    ),
    Key("escape", "cancel", "Cancel", "history.export.cancel", "Close without writing anything"),
)
RESTORE_KEYS = (
    Key(
        "enter",
        "restore",
        "Restore",
        "history.backups.restore",
        "Make the highlighted copy your history (asks first; the current one is kept)",
    ),
    Key("escape,q", "close", "Close", "history.backups.close", "Back to the history", "esc"),
)
HISTORY_RESTORE_KEYS = ConfirmKeys(
    id_prefix="history.backups.confirm",
    yes="Yes, restore",
    yes_tooltip="Replace the history with this copy (the current one is backed up first)",
    no_tooltip="Keep the history as it is",
)
BGSTATS_KEYS = (
    Key("c", "copy_link", "Copy link", "bgstats.copy", "Copy the BG Stats link to the clipboard"),
    Key(
        "l",
        "toggle_link",
        "Link / QR",
        "bgstats.toggle",
        "Show the link as text, or the QR code again",
    ),
    Key("escape,q", "close", "Close", "bgstats.close", "Back to the previous screen", "esc"),
)
STATISTICS_KEYS = (
    Key("escape,q", "back", "Back", "statistics.back", "Back to the previous screen", "esc"),
    Key(
        "p",
        "reviews",
        "Points",
        "statistics.reviews",
        "VP by source over your reviewed games and your best round (reads the games' reviews)",
    ),
)
REVIEW_KEYS = (
    Key("escape,q", "back", "Back", "review.back", "Back to the previous screen", "esc"),
)
DECK_KEYS = (
    Key("e", "edit_card", "Edit card", "deck.edit_e", "Change what the highlighted card shows"),
    Key(
        "r",
        "reset_deck",
        "Reset to default",
        "deck.reset",
        "Go back to the packaged default deck (asks first)",
    ),
    Key("escape,q", "back", "Back", "deck.back", "Back to the previous screen", "esc"),
)
DECK_TABLE_KEYS = (
    Key(
        "space",
        "screen.toggle_checked",
        "Checked ✓",
        "deck.toggle_checked",
        "Mark the highlighted card as checked against your box (or unmark)",
    ),
    Key("enter", "screen.edit_card", "Edit", "deck.edit", "Change what the highlighted card shows"),
)
CARD_EDITOR_KEYS = (
    Key(
        "ctrl+s",
        "save",
        "Save card",
        "deck.edit.save",
        "Keep these values for this card",
        priority=True,
    ),
    Key("escape", "cancel", "Cancel", "deck.edit.cancel", "Close without changing the card"),
)

HISTORY_DELETE_KEYS = ConfirmKeys(
    id_prefix="history.delete",
    yes="Yes, delete",
    yes_tooltip="Delete this game from the history (u undoes it)",
    no_tooltip="Keep the game",
)

DECK_RESET_KEYS = ConfirmKeys(
    id_prefix="deck.reset",
    yes="Yes, reset",
    yes_tooltip="Use the packaged default deck again",
    no_tooltip="Keep the current deck",
)
