"""Promote a Specialist one space along its Workplace path."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.widgets import Label, OptionList

from companion.i18n import N_, _, ngettext, shown
from companion.reference_topics import action_topic
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.assumed_value import AssumedValue
from companion.ui.widgets.keyed_list import KeyedList
from companion.ui.widgets.number_field import NumberField
from companion.ui.widgets.quick_pick import numbered
from companion.ui.widgets.search_select import focus_first_enabled
from companion.ui.wording import worded
from solo_deck import PlayerLimits, arrow_unchecked, promote_cost, workplace_tiles
from solo_deck.events import Promote
from solo_deck.text import term

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset, Specialist

FIXED_LINES = 17
"""The dialog's lines besides its list (frame, title, hint, reach, Grain, buttons)."""


class PromoteModal(GameEventModal[Promote]):
    """One line per move: a Specialist on the board, or one beside it entering a path. The
    key beside a line (or Enter on it) promotes at once when the board gives the arrow's
    Grain; else Tab moves to the Grain to type, and Promote records (once)."""

    DIALOG_TITLE = N_("Promote a Specialist")
    OK_LABEL = N_("Promote")
    DEFAULT_CSS = """
    PromoteModal #specialist { height: auto; }
    """

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self.limits = PlayerLimits.from_ruleset(ruleset)
        self.excluded = obligation.exclude_specialist if obligation is not None else None

    # --- where the Specialists stand ----------------------------------------------------

    def at_end(self, specialist: Specialist) -> bool:
        """True when the Specialist stands at the end of its path."""
        return specialist.path is not None and specialist.space >= self.limits.path_length(
            specialist.path
        )

    def where(self, specialist: Specialist) -> str:
        """``beside the board`` or ``Path B space 2 (Countryside)``."""
        if specialist.path is None:
            return _("beside the board")
        area = area_name(self.limits.area(specialist.path, specialist.space))
        return _("Path {path} space {space} ({area})").format(
            path=specialist.path, space=specialist.space, area=area
        )

    def reach(self, path: str, space: int) -> str:
        """What a Specialist finds on ``space`` of ``path``, in words."""
        area = self.limits.area(path, space)
        if area == "city":
            tiles = self.state.board.city(path).tiles
            if tiles == ():
                return _("the City of Path {path} (no City Bonus tile left there)").format(
                    path=path
                )
            return _("the City of Path {path}: take a City Bonus tile").format(path=path)
        tile = self.state.board.space(path, space).tile
        found = workplace_tiles()[tile] if tile is not None else None
        if found:
            label = f"{area_name(found.area)} {found.level} {found.letter}"
            what = _("{tile}, {text}").format(tile=label, text=shown(found.text))
        else:
            what = _("a Workplace to name")
        return _("Path {path} space {space} ({area}): {what}").format(
            path=path, space=space, area=area_name(area), what=what
        )

    # --- layout --------------------------------------------------------------------------

    def moves(self) -> list[tuple[int, str | None, str, bool]]:
        """``(specialist, path, text, blocked)`` for each line: a Specialist on the board
        (``path`` ``None``: it keeps its own), or the first one beside it per path it may
        enter (the Specialists beside the board are alike: one line per path is enough)."""
        lines: list[tuple[int, str | None, str, bool]] = []
        beside_listed = False
        for index, specialist in enumerate(self.state.player.specialists):
            text = _("Specialist {number} — {where}").format(
                number=index + 1, where=self.where(specialist)
            )
            if specialist.path is None:
                if beside_listed:
                    continue
                beside_listed = True
                for path in sorted(self.limits.path_areas):
                    length = self.limits.path_length(path)
                    enters = ngettext(
                        "{line}, enters Path {path} ({length} space)",
                        "{line}, enters Path {path} ({length} spaces)",
                        length,
                    ).format(line=text, path=path, length=length)
                    lines.append((index, path, enters, False))
                continue
            blocked = False
            if self.at_end(specialist):
                text, blocked = _("{line}  (end of its path)").format(line=text), True
            elif index == self.excluded:
                text, blocked = _("{line}  (just moved: promote another)").format(line=text), True
            lines.append((index, None, text, blocked))
        return lines

    def reference_topic(self) -> str | None:
        """F1 in this dialog: the entry of the Promote action."""
        return action_topic("promote")

    def field_words(self) -> dict[str, tuple[str, str | None]]:
        """The Grain field's label and hint."""
        held = self.state.player.grain
        if self.terms.free_grain:
            hint = _("this promotion costs no Grain")
        else:
            hint = _("as the arrow shows (you have {count})").format(count=held)
        return {"grain": (_("Grain paid"), hint)}

    def compose_body(self) -> ComposeResult:
        self._moves = self.moves()
        lines = [
            (text, f"m{number}", blocked)
            for number, (_index, _path, text, blocked) in enumerate(self._moves)
        ]
        yield KeyedList(numbered(lines), id="specialist")
        yield Label(
            worded(
                self,
                _("The key beside a line, or Enter on it, promotes."),
                _("Tap a line, then {button}.").format(button=self.ok_label),
            ),
            id="keys-hint",
        )
        yield Label("", id="reach", markup=False)
        label, hint = self.field_words()["grain"]
        yield NumberField(
            label,
            0,
            hint=hint or "",
            id="grain",
            disabled=self.terms.free_grain,
        )
        yield Label("", id="grain-board", markup=False)
        yield AssumedValue()  # the arrow's Grain, while it is assumed: asked once

    def on_mount(self) -> None:
        focus_first_enabled(self.query_one("#specialist", OptionList))
        self._fit()
        self._sync()
        self.show_refusal("promote")

    def on_resize(self) -> None:
        """Keep the buttons on screen: the list takes the lines left over."""
        self._fit()

    def _fit(self) -> None:
        lines = self.app.size.height - FIXED_LINES
        self.query_one("#specialist").styles.max_height = max(4, lines)

    def chosen(self) -> tuple[int, Specialist, str | None] | None:
        """The Specialist highlighted (if it may move) and the path it enters, if any."""
        specialists = self.query_one("#specialist", OptionList)
        line = specialists.highlighted
        if line is None or specialists.get_option_at_index(line).disabled:
            return None
        index, path, _, _ = self._moves[line]
        return index, self.state.player.specialists[index], path

    def _sync(self) -> None:
        """Show what the Specialist will reach and the arrow's Grain."""
        chosen = self.chosen()
        row = self.query_one(AssumedValue)  # shown again unchanged, it keeps what was typed
        self.query_one("#grain", NumberField).display = True
        reach = self.query_one("#reach", Label)
        if chosen is None:
            row.show(None)
            reach.update(_("No Specialist highlighted can move."))
            return
        specialist = chosen[1]
        path = specialist.path or chosen[2]
        if path is None:
            row.show(None)
            reach.update("")
            return
        into = specialist.space + 1
        reach.update(_("It will reach {place}.").format(place=self.reach(path, into).rstrip(".")))
        cost = promote_cost(self.state, self.ruleset, path, into, self.terms)
        asked = arrow_unchecked(self.ruleset, path, into) if not self.terms.free_grain else None
        self.query_one(AssumedValue).show(asked if cost is not None else None)
        self.query_one("#grain", NumberField).display = asked is None  # the row holds it
        if cost is not None:
            grain = self.query_one("#grain", NumberField)
            grain.text = str(cost)
            held = self.state.player.grain
            grain.show_message(None)
            grain.input.tooltip = None
            grain.disabled = True
            grain.display = False  # the line below says it
            self.query_one("#grain-board", Label).update(
                _("The arrow into {space} asks {cost} Grain (you have {held}).").format(
                    space=f"{path}{into}", cost=cost, held=held
                )
            )

    def board_told(self, state: GameState, ruleset: Ruleset) -> None:
        """An arrow's Grain told: the cost shown follows it."""
        super().board_told(state, ruleset)
        self._sync()

    @on(OptionList.OptionHighlighted, "#specialist")
    def _changed(self, event: OptionList.OptionHighlighted) -> None:
        self._sync()

    def list_chosen(self) -> None:
        """Enter on a line promotes when the board gives the Grain; else it stays (Tab
        moves to the Grain field; Promote records)."""
        self._sync()
        super().list_chosen()

    def enter_records(self) -> bool:
        """The line is all there is to choose when the board gives the arrow's Grain (an
        assumed value shown beside it is told as shown)."""
        return self.query_one("#grain", NumberField).disabled

    # --- the event -----------------------------------------------------------------------

    def build_event(self) -> Promote | None:
        chosen = self.chosen()
        if chosen is None:
            self.show_error(_("choose a Specialist that can still move"))
            return None
        index, specialist, path = chosen
        where = specialist.path or path
        assert where is not None
        grain = self.query_one("#grain", NumberField)
        paid: int | None = None
        if promote_cost(self.state, self.ruleset, where, specialist.space + 1, self.terms) is None:
            if not grain.check() or grain.value is None:
                self.show_error(_("the Grain paid is not a valid number"))
                return None
            paid = 0 if self.terms.free_grain else grain.value
        self.show_error(None)
        if path is None:
            return (
                Promote(specialist=index) if paid is None else Promote(specialist=index, grain=paid)
            )
        if paid is None:
            return Promote(specialist=index, path=path)
        return Promote(specialist=index, path=path, grain=paid)


def area_name(area: str) -> str:
    """An area of the paths (``countryside``) as the edition names it (``Countryside``)."""
    return shown(term(area.capitalize(), "component"))
