"""The key tables of the game's screens and dialogs, and :data:`KEYMAPS`, every table
in the order Help lists them (see :mod:`companion.ui.keys`).

Screens build their ``BINDINGS`` from these; the Help screen lists :data:`KEYMAPS` in order;
the command palette reads the bindings the active screen shows. Users rebind by id
(``App.set_keymap({"table.play": "p"})``).

Table keys are tied to engine events (:data:`TABLE_EVENTS`): a key is lit exactly when the
engine accepts one of its events (see :mod:`companion.ui.keys.table_state`).
"""

from __future__ import annotations

from companion.i18n import N_
from companion.ui.keys.boards import (
    BOARD_FACT_KEYS,
    BOARD_KEYS,
    BOARD_LEAVE_KEYS,
    BOARD_RESET_KEYS,
    BOARD_SWITCH_KEYS,
    BOARD_TABLE_KEYS,
)
from companion.ui.keys.model import ConfirmKeys, Key
from companion.ui.keys.records import (
    BGSTATS_KEYS,
    CARD_EDITOR_KEYS,
    DECK_KEYS,
    DECK_RESET_KEYS,
    DECK_TABLE_KEYS,
    EXPORT_KEYS,
    HISTORY_DELETE_KEYS,
    HISTORY_DETAIL_KEYS,
    HISTORY_KEYS,
    HISTORY_RESTORE_KEYS,
    HISTORY_TABLE_KEYS,
    RESTORE_KEYS,
    REVIEW_KEYS,
    STATISTICS_KEYS,
)

HELP_KEY = "question_mark"
REFERENCE_KEY = "f1"

APP_KEYS = (
    Key(HELP_KEY, "help", "Help", "app.help", "Every key and the rules decisions", "?"),
    Key(
        REFERENCE_KEY,
        "reference",
        "Reference",
        "app.reference",
        "What the thing under the cursor does (an Ally, a card, a site…), else the Reference",
        "F1",
        priority=True,  # dialogs are modal: only a priority key of the app reaches them
        show=False,
    ),
    Key(
        "ctrl+q",
        "quit",
        "Quit",
        "app.quit",
        "Quit; every move is saved as you make it (if a save failed, you are asked first)",
        priority=True,
    ),
)

START_KEYS = (
    Key("r", "resume", "Resume", "start.resume", "Go back to the saved game in progress"),
    Key("n", "new_game", "New game", "start.new", "Set up a new solo game"),
    Key("h", "history", "History", "start.history", "Your finished games and their scores"),
    Key("s", "statistics", "Statistics", "start.statistics", "Records, titles, streaks, chart"),
    Key("d", "deck", "Deck", "start.deck", "View, check and edit the solo deck"),
    Key("b", "board", "Board", "start.board", "Check your boards against your box once"),
    Key(HELP_KEY, "app.help", "Help", "start.help", "Keys and the rules decisions", "?"),
    Key("t", "app.toggle_theme", "Theme", "start.theme", "Switch between dark and light"),
    Key("q", "quit", "Quit", "start.quit", "Leave the app; a game in progress stays saved"),
)

SETUP_KEYS = (
    Key(
        "ctrl+s",
        "start_game",
        "Start game",
        "setup.start",
        "Check every field and start the game",
        priority=True,
    ),
    Key("escape", "back", "Back", "setup.back", "Back to the Start screen without starting"),
)

TABLE_KEYS = (
    Key(HELP_KEY, "app.help", "Help", "table.help", "Every key and the rules decisions", "?"),
    Key(
        "space",
        "frederick",
        "Frederick",
        "table.frederick",
        "Flip Frederick's solo card and resolve his turn",
    ),
    Key(
        "n",
        "reveal",
        "Type tile",
        "table.reveal",
        "Type the Edict tile just drawn into a Next space",
    ),
    Key(
        "enter", "play", "Play card", "table.play", "Play a card: which slot, face up or face down"
    ),
    Key(
        "r",
        "follow",
        "Continue",
        "table.follow",
        "Take the next step your card or action calls for",
    ),
    Key("x", "decline", "Decline", "table.decline", "Let the next step go (where the rules allow)"),
    Key(
        "t",
        "travel",
        "Travel",
        "table.travel",
        "Sail your ship clockwise before you play (cost shown)",
    ),
    Key("P", "pass_turn", "Pass", "table.pass", "Pass for the rest of the round", "P"),
    Key(
        "f,e",  # e too: the End Phase's own key for its last step
        "end_phase",
        "End Phase",
        "table.end_phase",
        "Income, ally income, reorganisation, game-end check",
        "f",
    ),
    Key(
        "f",
        "final_score",
        "Final score",
        "table.final_score",
        "Score the finished game and save it",
    ),
    Key(
        "w",
        "what_if",
        "What if",
        "table.what_if",
        "Rank every way to issue an Edict by the ally income it brings",
    ),
    Key(
        "c",
        "coach",
        "Coach",
        "table.coach",
        "At the start of your turn: your three best complete turns, weighed by simulated "
        "games (nothing is recorded)",
    ),
    Key("g", "gain", "Gain", "table.gain", "Correct your VP, Grain, Stone or Augustales by hand"),
    Key(
        "o",
        "correct",
        "Fix",
        "table.correct",
        "Correct a tracked value, or say what lies at a port",
    ),
    Key("ctrl+z", "undo", "Undo", "table.undo", "Take back the last event"),
    Key("ctrl+y", "redo", "Redo", "table.redo", "Re-apply the last undone event"),
    Key("l", "log", "Log", "table.log", "The whole game log; roll back to any entry"),
    Key("escape", "menu", "Menu", "table.menu", "Back to the Start screen (the game stays saved)"),
)

TOUCH_ACTIONS = ("frederick", "play", "follow", "pass_turn", "undo", "redo", "log", "menu")
"""The Table keys that get a big button in the narrow (touch) layout, in grid order."""
TOUCH_KEYS = tuple(key for action in TOUCH_ACTIONS for key in TABLE_KEYS if key.action == action)
"""The keys behind the touch buttons (:class:`~companion.ui.widgets.touch_bar.TouchBar`)."""

TABLE_EVENTS: dict[str, tuple[str, ...]] = {
    "frederick": ("frederick_turn",),
    "reveal": ("reveal_edict",),
    "play": ("play_card",),
    "decline": ("decline",),
    "travel": ("travel",),
    "pass_turn": ("pass",),
    "end_phase": ("castle_income", "ally_income", "reorganise", "end_round"),
    "gain": ("gain",),
    "correct": ("correct",),
}
"""The engine events behind each Table key (``follow`` takes the events that meet the
first pending obligation; the other keys do not change the game)."""

END_PHASE_KEYS = (
    Key(
        "c",
        "castle_income",
        "Castle income",
        "end_phase.castle_income",
        "Take your closed sides' income (step 2)",
    ),
    Key(
        "v",
        "follow",
        "Continue",
        "end_phase.follow",
        "Take the Market visit your castle income gives, or put back extra resources",
    ),
    Key(
        "a",
        "ally_income",
        "Ally income",
        "end_phase.ally_income",
        "Add your Allies' income to your VP (step 3)",
    ),
    Key(
        "r",
        "reorganise",
        "Reorganise",
        "end_phase.reorganise",
        "Refill the card spaces and turn uncovered Allies face up",
    ),
    Key(
        "e",
        "end_round",
        "End round",
        "end_phase.end_round",
        "Check the game end; otherwise start the next round",
    ),
    Key("f", "final_score", "Final score", "end_phase.final_score", "The game is over: score it"),
    Key("ctrl+z", "undo", "Undo", "end_phase.undo", "Take back the last event"),
    Key("ctrl+y", "redo", "Redo", "end_phase.redo", "Re-apply an undone event"),
    Key("escape", "back", "Table", "end_phase.back", "Back to the Table (the End Phase waits)"),
)

END_PHASE_EVENTS: dict[str, tuple[str, ...]] = {
    "castle_income": ("castle_income",),
    "ally_income": ("ally_income",),
    "reorganise": ("reorganise",),
    "end_round": ("end_round",),
}

FINAL_SCORE_KEYS = (
    Key(
        "ctrl+g",
        "bgstats",
        "BG Stats",
        "final_score.bgstats",
        "Show this game as a BG Stats link and QR code, to log it on your phone",
        priority=True,
    ),
    Key(
        "ctrl+r",
        "review",
        "Review",
        "final_score.review",
        "Where this game's points went, round by round, and the advisor's differences "
        "(a control key: the counts and notes take letters)",
        priority=True,
    ),
    Key(
        "ctrl+s",
        "save",
        "Save",
        "final_score.save",
        "Save this game to your history and go back to the Start screen",
        priority=True,
    ),
    Key(
        "escape",
        "back",
        "Back",
        "final_score.back",
        "Leave without saving (the game stays saved as in progress)",
    ),
)

LOG_KEYS = (
    Key("escape,l", "close", "Back", "log.close", "Back to the Table", "esc"),
    Key(
        "enter",
        "roll_back",
        "Roll back here",
        "log.roll_back",
        "Undo every event after the highlighted one (redo brings them back)",
    ),
    Key("ctrl+z", "undo", "Undo", "log.undo", "Take back the last event"),
    Key("ctrl+y", "redo", "Redo", "log.redo", "Re-apply an undone event"),
)

HELP_KEYS = (
    Key("escape,q", "close", "Close", "help.close", "Close the help and go back", "esc"),
    Key(
        "r",
        "app.reference",
        "Reference",
        "help.reference",
        "Every component and rule, searchable (F1 anywhere: what has the cursor)",
    ),
)

REFERENCE_KEYS = (
    Key("escape", "close", "Close", "reference.close", "Close the Reference and go back", "esc"),
    Key("down", "move(1)", "Next", "reference.down", "The next entry in the list", "↓"),
    Key("up", "move(-1)", "Previous", "reference.up", "The previous entry in the list", "↑"),
    Key(
        "ctrl+l",
        "clear",
        "Clear",
        "reference.clear",
        "Clear the search and list every entry",
        "ctrl+l",
    ),
)

DATA_IN_USE_KEYS = (
    Key(
        "t",
        "take_over",
        "Take over",
        "in_use.take_over",
        "Ask the other copy on this machine to save and quit, and carry on here",
    ),
    Key(
        "h",
        "history",
        "History (read-only)",
        "in_use.history",
        "Look at your finished games without changing anything",
    ),
    Key("q", "app.quit", "Quit", "in_use.quit", "Leave this copy"),
)

MODAL_KEYS = (
    Key(
        "ctrl+s",
        "submit",
        "Record",
        "modal.submit",
        "Record what the dialog says (its first button), from any field",
        priority=True,
    ),
    Key("escape", "cancel", "Cancel", "modal.cancel", "Close without recording anything"),
    Key(
        "ctrl+d",
        "decline",
        "Decline",
        "modal.decline",
        "Let this step go (where the rules allow), from any field",
        priority=True,
    ),
)

ISSUE_EDICT_KEYS = (
    *MODAL_KEYS,
    Key("backspace", "back", "Back", "edict.back", "Go back to the previous step"),
)

QUESTION_KEYS = ConfirmKeys()
"""A plain yes/no question."""
LOG_ROLL_BACK_KEYS = ConfirmKeys(
    id_prefix="log.roll_back",
    yes="Yes, roll back",
    yes_tooltip="Undo every event after this entry (redo brings them back)",
    no_tooltip="Keep the game as it is",
)

ADVISOR_KEYS = (Key("escape", "close", "Close", "advisor.close", "Back; nothing issued"),)
COACH_KEYS = (
    *ADVISOR_KEYS,
    Key(
        "n",
        "name_hand",
        "Name your hand",
        "coach.name_hand",
        "Say which cards are in your hand, so the Coach weighs only those (recorded)",
    ),
)
"""The Coach's keys: the What if dialog's, and ``n`` to name your hand."""
CHOICE_KEYS = (Key("escape", "cancel", "Cancel", "choice.cancel", "Close without choosing"),)
SOLO_FACE_KEYS = (
    Key("enter", "choose", "Choose", "face.choose", "Take the face highlighted"),
    Key("escape", "cancel", "Cancel", "face.cancel", "Back without flipping"),
)

UNSAVED_QUIT_KEYS = (
    Key("r", "retry", "Retry", "unsaved.retry", "Try to save the game again, and quit if it works"),
    Key(
        "e",
        "export",
        "Export",
        "unsaved.export",
        "Write the game to the file named below, and quit if it works",
    ),
    Key("escape", "stay", "Stay", "unsaved.stay", "Back to the game"),
)


KEYMAPS: dict[str, tuple[str, tuple[Key, ...]]] = {
    "app": (N_("Everywhere"), APP_KEYS),
    "start": (N_("Start"), START_KEYS),
    "setup": (N_("New game"), SETUP_KEYS),
    "table": (N_("Table"), TABLE_KEYS),
    "end_phase": (N_("End Phase"), END_PHASE_KEYS),
    "final_score": (N_("Final score"), FINAL_SCORE_KEYS),
    "log": (N_("Game log"), (*LOG_KEYS, *LOG_ROLL_BACK_KEYS.keys())),
    "history": (
        N_("History"),
        (*HISTORY_KEYS, *HISTORY_TABLE_KEYS, *HISTORY_DETAIL_KEYS, *HISTORY_DELETE_KEYS.keys()),
    ),
    "history_files": (
        N_("Export and backups"),
        (*EXPORT_KEYS, *RESTORE_KEYS, *HISTORY_RESTORE_KEYS.keys()),
    ),
    "bgstats": (N_("BG Stats"), BGSTATS_KEYS),
    "statistics": (N_("Statistics"), STATISTICS_KEYS),
    "review": (N_("Review"), REVIEW_KEYS),
    "deck": (
        N_("Solo deck"),
        (*DECK_KEYS, *DECK_TABLE_KEYS, *CARD_EDITOR_KEYS, *DECK_RESET_KEYS.keys()),
    ),
    "board": (
        N_("Boards"),
        (
            *BOARD_KEYS,
            *BOARD_TABLE_KEYS,
            *BOARD_FACT_KEYS,
            *BOARD_LEAVE_KEYS.keys(),
            *BOARD_SWITCH_KEYS.keys(),
            *BOARD_RESET_KEYS.keys(),
        ),
    ),
    "modal": (N_("Dialogs"), MODAL_KEYS),
    "confirm": (N_("A yes/no question"), QUESTION_KEYS.keys()),
    "edict": (N_("Issue an Edict"), ISSUE_EDICT_KEYS[len(MODAL_KEYS) :]),
    "advisor": (N_("What if"), ADVISOR_KEYS),
    "coach": (N_("Coach"), COACH_KEYS[len(ADVISOR_KEYS) :]),
    "choice": (N_("Choices"), CHOICE_KEYS),
    "face": (N_("Solo card face"), SOLO_FACE_KEYS),
    "in_use": (N_("Data in use"), DATA_IN_USE_KEYS),
    "unsaved": (N_("Quitting with unsaved moves"), UNSAVED_QUIT_KEYS),
    "help": (N_("Help"), HELP_KEYS),
    "reference": (N_("Reference"), REFERENCE_KEYS),
}
"""Every key table, by name: the Help screen's title for it and its keys, in Help order."""


def all_ids() -> set[str]:
    """Every binding id the app defines (a user keymap may rebind these)."""
    return {key.id for _, keys in KEYMAPS.values() for key in keys}
