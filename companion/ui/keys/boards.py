"""The key tables of the Board screen (check a board against your box once) and of its
dialogs. Listed in Help through :data:`companion.ui.keys.game.KEYMAPS`."""

from __future__ import annotations

from companion.ui.keys.model import ConfirmKeys, Key

BOARD_KEYS = (
    Key(
        "c",
        "mark_checked",
        "Mark checked",
        "board.checked",
        "Every value on screen matches your box: keep them as yours (saved at once)",
    ),
    Key(
        "n",
        "next_board",
        "Next board",
        "board.next",
        "Walk the next board (Castle, Player, Voyage, Workplace Area)",
    ),
    Key(
        "p",
        "previous_board",
        "Previous board",
        "board.previous",
        "Walk the previous board",
    ),
    Key(
        "r",
        "reset_board",
        "Reset to packaged",
        "board.reset",
        "Forget your checked board and use the packaged one again (asks first)",
    ),
    Key(
        "escape,q",
        "back",
        "Back",
        "board.back",
        "Back to the previous screen (asks when corrections are not saved)",
        "esc",
    ),
)
BOARD_TABLE_KEYS = (
    Key(
        "enter",
        "screen.correct",
        "Correct",
        "board.correct",
        "Type what your box shows for the highlighted value",
    ),
)
BOARD_FACT_KEYS = (
    Key(
        "enter",
        "apply",
        "Apply",
        "board.fact.apply",
        "Take the typed value (the board refuses one that could not be printed)",
        priority=True,
    ),
    Key("escape", "cancel", "Cancel", "board.fact.cancel", "Close without changing the value"),
)
BOARD_LEAVE_KEYS = ConfirmKeys(
    id_prefix="board.leave",
    yes="Yes, leave",
    yes_tooltip="Leave the board screen; the corrections are not saved",
    no_tooltip="Stay on the board screen",
)
BOARD_SWITCH_KEYS = ConfirmKeys(
    id_prefix="board.switch",
    yes="Yes, switch",
    yes_tooltip="Walk the other board; the corrections to this one are not saved",
    no_tooltip="Stay on this board",
)
BOARD_RESET_KEYS = ConfirmKeys(
    id_prefix="board.reset_confirm",
    yes="Yes, reset",
    yes_tooltip="Use the packaged board again (new games start from it)",
    no_tooltip="Keep your board",
)
