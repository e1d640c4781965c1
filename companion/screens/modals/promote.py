"""Promote a Specialist one space along its Workplace path."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.widgets import Label, OptionList, Select
from textual.widgets.option_list import Option

from companion.widgets.number_field import EventModal, NumberField
from solo_deck import GameState, Ruleset
from solo_deck.events import Promote
from solo_deck.player import Specialist


class PromoteModal(EventModal[Promote]):
    """Which Specialist (with where it stands), the path when it enters the board, and the
    Grain paid. Arrows choose, Tab moves on, Enter records."""

    DIALOG_TITLE = "Promote a Specialist"
    OK_LABEL = "Promote"

    def __init__(self, state: GameState, ruleset: Ruleset) -> None:
        super().__init__()
        self.state = state
        self.ruleset = ruleset
        self.lengths: dict[str, int] = dict(ruleset.player.path_spaces.value)

    def at_end(self, specialist: Specialist) -> bool:
        """True when the Specialist cannot move further."""
        return specialist.path is not None and specialist.space >= self.lengths[specialist.path]

    def describe(self, specialist: Specialist) -> str:
        """``off board`` or ``Path B space 2 of 3``."""
        if specialist.path is None:
            return "off board (enters a path)"
        return f"Path {specialist.path} space {specialist.space} of {self.lengths[specialist.path]}"

    def compose_body(self) -> ComposeResult:
        yield Label(f"You have {self.state.player.grain} Grain.", classes="muted")
        options = []
        for number, specialist in enumerate(self.state.player.specialists, start=1):
            done = self.at_end(specialist)
            text = f"Specialist {number} — {self.describe(specialist)}"
            options.append(
                Option(text + ("  (end of path)" if done else ""), id=f"s{number}", disabled=done)
            )
        yield OptionList(*options, id="specialist")
        yield Label("Path (only for a Specialist entering the board)", id="path-label")
        yield Select(
            [(f"Path {name} — {spaces} spaces", name) for name, spaces in self.lengths.items()],
            allow_blank=False,
            value="A",
            id="path",
        )
        yield NumberField("Grain paid", 0, id="grain")

    def on_mount(self) -> None:
        specialists = self.query_one("#specialist", OptionList)
        free = [
            i
            for i in range(specialists.option_count)
            if not specialists.get_option_at_index(i).disabled
        ]
        specialists.highlighted = free[0] if free else None
        specialists.focus()
        self._sync_path()

    def _chosen_specialist(self) -> tuple[int, Specialist] | None:
        specialists = self.query_one("#specialist", OptionList)
        index = specialists.highlighted
        if index is None or specialists.get_option_at_index(index).disabled:
            return None
        return index, self.state.player.specialists[index]

    def _sync_path(self) -> None:
        chosen = self._chosen_specialist()
        path = self.query_one("#path", Select)
        label = self.query_one("#path-label", Label)
        if chosen is not None and chosen[1].path is not None:
            path.value = chosen[1].path
            path.disabled = True
            label.update(f"Path: stays on Path {chosen[1].path}")
        else:
            path.disabled = False
            label.update("Path: which path does it enter?")

    @on(OptionList.OptionHighlighted, "#specialist")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._sync_path()

    @on(OptionList.OptionSelected, "#specialist")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        chosen = self._chosen_specialist()
        if chosen is not None and chosen[1].path is None:
            self.query_one("#path", Select).focus()
            return
        self.submit()

    def build_event(self) -> Promote | None:
        chosen = self._chosen_specialist()
        if chosen is None:
            self.show_error("choose a Specialist that can still move")
            return None
        grain = self.query_one("#grain", NumberField)
        if not grain.check() or grain.value is None:
            self.show_error("the Grain paid is not a valid number")
            return None
        self.show_error(None)
        index, specialist = chosen
        path = self.query_one("#path", Select).value
        if specialist.path is not None or path not in ("A", "B", "C"):
            return Promote(specialist=index, grain=grain.value)
        return Promote(specialist=index, path=path, grain=grain.value)
