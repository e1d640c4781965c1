"""Promote a Specialist one space along its Workplace path."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Label, OptionList, Select
from textual.widgets.option_list import Option

from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.assumed_value import AssumedValue
from companion.ui.widgets.number_field import NumberField
from companion.ui.widgets.search_select import focus_first_enabled, move_on_after_pick
from solo_deck import PlayerLimits, arrow_unchecked, promote_cost, workplace_tiles
from solo_deck.events import Promote

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset, Specialist

NOTHING_PAID = (
    "nothing paid: if the arrow shows a Grain cost, type it; press Promote again if it is free"
)


class PromoteModal(GameEventModal[Promote]):
    """The Specialist first (where each stands; arrows, Enter moves on), the path when it
    enters the board, then the Grain the arrow asks. Promote records; a promotion with
    nothing paid asks once."""

    DIALOG_TITLE = "Promote a Specialist"
    OK_LABEL = "Promote"
    DEFAULT_CSS = """
    PromoteModal #specialist { height: auto; max-height: 5; }
    PromoteModal #path-row { height: 1; margin-top: 1; }
    PromoteModal #path-row > Label { width: 20; }
    PromoteModal #path-row > Select { width: 1fr; }
    """

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self.limits = PlayerLimits.from_ruleset(ruleset)
        self.excluded = obligation.exclude_specialist if obligation is not None else None
        self._nothing_paid_asked = False

    # --- where the Specialists stand ----------------------------------------------------

    def at_end(self, specialist: Specialist) -> bool:
        """True when the Specialist stands at the end of its path."""
        return specialist.path is not None and specialist.space >= self.limits.path_length(
            specialist.path
        )

    def where(self, specialist: Specialist) -> str:
        """``beside the board`` or ``Path B space 2 (Countryside)``."""
        if specialist.path is None:
            return "beside the board"
        area = self.limits.area(specialist.path, specialist.space).capitalize()
        return f"Path {specialist.path} space {specialist.space} ({area})"

    def reach(self, path: str, space: int) -> str:
        """What a Specialist finds on ``space`` of ``path``, in words."""
        area = self.limits.area(path, space)
        if area == "city":
            tiles = self.state.board.city(path).tiles
            if tiles == ():
                return f"the City of Path {path} (no City Bonus tile left there)"
            return f"the City of Path {path}: take a City Bonus tile"
        tile = self.state.board.space(path, space).tile
        found = workplace_tiles()[tile] if tile is not None else None
        what = f"{found.label}, {found.text}" if found else "a Workplace to name"
        return f"Path {path} space {space} ({area.capitalize()}): {what}"

    # --- layout --------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        options = []
        for index, specialist in enumerate(self.state.player.specialists):
            text = f"Specialist {index + 1} — {self.where(specialist)}"
            blocked = False
            if self.at_end(specialist):
                text, blocked = text + "  (end of its path)", True
            elif index == self.excluded:
                text, blocked = text + "  (just moved: promote another)", True
            options.append(Option(text, id=f"s{index}", disabled=blocked))
        yield OptionList(*options, id="specialist")
        with Horizontal(id="path-row"):
            yield Label("Enters Path")
            yield Select(
                [
                    (f"Path {path} — {self.limits.path_length(path)} spaces", path)
                    for path in sorted(self.limits.path_areas)
                ],
                allow_blank=False,
                id="path",
                compact=True,
            )
        yield Label("", id="reach", markup=False)
        held = f"you have {self.state.player.grain}"
        yield NumberField(
            "Grain paid",
            0,
            hint="this promotion costs no Grain"
            if self.terms.free_grain
            else f"as the arrow shows ({held})",
            id="grain",
            disabled=self.terms.free_grain,
        )
        yield Label("", id="grain-board", markup=False)
        yield AssumedValue()  # the arrow's Grain, while it is assumed: asked once

    def on_mount(self) -> None:
        focus_first_enabled(self.query_one("#specialist", OptionList))
        move_on_after_pick(self, self.query_one("#path", Select), self._after_path)
        self._sync()
        self.show_refusal("promote")

    def _after_path(self) -> Widget:
        grain = self.query_one("#grain", NumberField)
        return self.query_one("#ok") if grain.disabled else grain.input

    def chosen(self) -> tuple[int, Specialist] | None:
        """The Specialist highlighted, if it may move."""
        specialists = self.query_one("#specialist", OptionList)
        index = specialists.highlighted
        if index is None or specialists.get_option_at_index(index).disabled:
            return None
        return index, self.state.player.specialists[index]

    def _sync(self) -> None:
        """Show the path choice only for a Specialist entering the board, and what the
        Specialist will reach."""
        chosen = self.chosen()
        entering = chosen is not None and chosen[1].path is None
        self.query_one("#path-row").display = entering
        self.query_one(AssumedValue).show(None)
        self.query_one("#grain", NumberField).display = True
        reach = self.query_one("#reach", Label)
        if chosen is None:
            reach.update("No Specialist highlighted can move.")
            return
        specialist = chosen[1]
        path: str | None = specialist.path
        if path is None:
            value = self.query_one("#path", Select).value
            path = value if isinstance(value, str) else None
        if path is None:
            reach.update("")
            return
        into = specialist.space + 1
        reach.update(f"It will reach {self.reach(path, into)}.")
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
            self.query_one("#grain-board", Label).update(
                f"The arrow into {path}{into} asks {cost} Grain (you have {held})."
            )

    def board_told(self, state: GameState, ruleset: Ruleset) -> None:
        """An arrow's Grain told: the cost shown follows it."""
        super().board_told(state, ruleset)
        self._sync()

    @on(OptionList.OptionHighlighted, "#specialist")
    @on(Select.Changed, "#path")
    def _changed(self, event: OptionList.OptionHighlighted | Select.Changed) -> None:
        self._sync()

    def list_chosen(self) -> None:
        """Enter on a Specialist moves on (to its path, else to the Grain); only Promote
        records."""
        chosen = self.chosen()
        if chosen is not None and chosen[1].path is None:
            self.query_one("#path", Select).focus()
        else:
            self._after_path().focus()

    # --- the event -----------------------------------------------------------------------

    def build_event(self) -> Promote | None:
        chosen = self.chosen()
        if chosen is None:
            self.show_error("choose a Specialist that can still move")
            return None
        index, specialist = chosen
        path = self.query_one("#path", Select).value
        where = specialist.path or (path if path in ("A", "B", "C") else None)
        if (
            where is not None
            and promote_cost(self.state, self.ruleset, where, specialist.space + 1, self.terms)
            is not None
        ):
            self.show_error(None)
            if specialist.path is not None or path not in ("A", "B", "C"):
                return Promote(specialist=index)
            return Promote(specialist=index, path=path)
        grain = self.query_one("#grain", NumberField)
        if not grain.check() or grain.value is None:
            self.show_error("the Grain paid is not a valid number")
            return None
        paid = 0 if self.terms.free_grain else grain.value
        if paid == 0 and not self.terms.free_grain and not self._nothing_paid_asked:
            self._nothing_paid_asked = True
            self.show_error(NOTHING_PAID)
            grain.input.focus()
            return None
        self.show_error(None)
        index, specialist = chosen
        path = self.query_one("#path", Select).value
        if specialist.path is not None or path not in ("A", "B", "C"):
            return Promote(specialist=index, grain=paid)
        return Promote(specialist=index, path=path, grain=paid)
