"""The New game form's words, in the language in use: what :class:`SetupScreen` composes
and what :func:`relabel_form` puts again in place after a language switch (every label,
choice, hint and button; what the player typed or chose stays as it is)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widgets import (
    Button,
    Checkbox,
    Collapsible,
    Input,
    Label,
    RadioButton,
    Select,
    Static,
)

from companion.i18n import N_, _, shown
from companion.i18n.words import value_word
from companion.ui.screens.setup.board import FOLD_TITLE as BOARD_TITLE
from companion.ui.screens.setup.board import BoardSection
from companion.ui.screens.setup.choices import (
    DECK_MODES,
    DIFFICULTIES,
    EDICT_SLOTS,
    MOST_STRUCTURES_CHOICES,
    difficulty_label,
    most_structures_note,
    pile_hint,
)
from companion.ui.screens.setup.ports import FOLD_TITLE as PORTS_TITLE
from companion.ui.widgets.edict_input import LETTERS, EdictField
from companion.ui.wording import key_label
from solo_deck import HOUSES

if TYPE_CHECKING:
    from textual.screen import Screen

    from solo_deck import Ruleset

TITLE = N_("New game")
CHECKLIST_TITLE = N_("Setup checklist")
START = N_("Start game")
BACK = N_("Back")
SEED_HINT = N_("random")
PILE_PLACEHOLDER = N_("count them")
REPLACES = N_(
    "A game is in progress: starting a new one replaces it (it is not added to the history)."
)


def form_labels(ruleset: Ruleset) -> dict[str, str]:
    """The text of each of the form's labels, by widget id."""
    extra = ruleset.edicts.easier_solo_extra_tiles.value
    bonus = ruleset.scoring.most_structures_bonus.value
    return {
        "setup-title": _(TITLE),
        "difficulty-label": _("Difficulty (Market tiles)"),
        "house-label": _("Your House"),
        "deck-label": _("Solo deck"),
        "bonus-label": _("Most-Structures bonus ({bonus} VP at the end)").format(bonus=bonus),
        "most-structures-note": most_structures_note(ruleset),
        "seed-label": _("Seed (optional; empty = random)"),
        "edicts-label": _("Starting Edict tiles (e.g. 2T 1K)"),
        "letters-note": _("The {letters}.").format(letters=_(LETTERS)),
        "pile-label": _("Edict tiles left in the pile (counted)"),
        "easier": _("Easier solo: add {extra} marked Edict tiles to the pile").format(extra=extra),
    }


def house_options() -> list[tuple[str, str]]:
    """Each House (shown as the edition prints it) and its value."""
    return [(value_word(house), house) for house in HOUSES]


def most_structures_options() -> list[tuple[str, str]]:
    """Each most-Structures rule's line and its value."""
    return [(shown(text), rule) for rule, text in MOST_STRUCTURES_CHOICES.items()]


def _options(select: Select[Any], options: list[tuple[str, str]]) -> None:
    """Word a select's options again, keeping what it holds."""
    value = select.value
    with select.prevent(Select.Changed):
        select.set_options(options)
        select.value = value


def relabel_form(screen: Screen[Any], ruleset: Ruleset, easier: bool) -> None:
    """Put the form's words again in the language in use (see the module)."""
    for ident, text in form_labels(ruleset).items():
        widget = screen.query_one(f"#{ident}")
        if isinstance(widget, Checkbox):
            widget.label = text
        elif isinstance(widget, Label | Static):
            widget.update(text)
    screen.query_one("#checklist", Static).border_title = _(CHECKLIST_TITLE)
    for value, _label in DIFFICULTIES:
        screen.query_one(f"#diff-{value}", RadioButton).label = difficulty_label(value)
    for value, label in DECK_MODES:
        screen.query_one(f"#mode-{value}", RadioButton).label = _(label)
    _options(screen.query_one("#house-select", Select), house_options())
    _options(screen.query_one("#most-structures", Select), most_structures_options())
    screen.query_one("#seed", Input).placeholder = _(SEED_HINT)
    screen.query_one("#pile", Input).placeholder = _(PILE_PLACEHOLDER)
    screen.query_one("#pile-hint", Static).update(pile_hint(easier, ruleset))
    for slot_id, label in EDICT_SLOTS:
        screen.query_one(f"#{slot_id}", EdictField).query_one(".edict-label", Label).update(
            _(label)
        )
    screen.query_one("#start-game", Button).label = _(START)
    screen.query_one("#back", Button).label = key_label(screen, _(BACK), "esc")
    screen.query_one("#ports-fold", Collapsible).title = _(PORTS_TITLE)
    screen.query_one("#board", Collapsible).title = _(BOARD_TITLE)
    summary = screen.query_one("#board-section", BoardSection).summary()
    screen.query_one("#board-summary", Static).update(summary)
    warning = screen.query_one("#replace-warning", Static)
    if warning.display:
        warning.update(_(REPLACES))
