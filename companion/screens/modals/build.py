"""Build a Structure in your castle."""

from __future__ import annotations

from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from companion.widgets.number_field import EventModal, NumberField
from solo_deck import GameState, Ruleset, load_ruleset
from solo_deck.events import Build

Structure = Literal["tower", "wall", "keep"]
STRUCTURES: tuple[Structure, ...] = ("tower", "wall", "keep")


class BuildModal(EventModal[Build]):
    """Which Structure (with how many are built of how many) and what you paid for it.
    Arrows choose, Tab moves to the costs, Enter records."""

    DIALOG_TITLE = "Build a Structure"
    OK_LABEL = "Build"

    def __init__(self, state: GameState, ruleset: Ruleset | None = None) -> None:
        super().__init__()
        self.state = state
        self._ruleset = ruleset

    @property
    def ruleset(self) -> Ruleset:
        """The game's ruleset (the one given, else the session's, else the packaged one)."""
        if self._ruleset is not None:
            return self._ruleset
        game = getattr(getattr(self.app, "session", None), "game", None)
        return game.setup.ruleset if game is not None else load_ruleset()

    def counts(self) -> dict[Structure, tuple[int, int]]:
        """``structure: (built, castle size)``."""
        rules = self.ruleset.player
        player = self.state.player
        return {
            "tower": (player.towers, rules.castle_towers.value),
            "wall": (player.walls, rules.castle_walls.value),
            "keep": (player.keeps, rules.castle_keeps.value),
        }

    def compose_body(self) -> ComposeResult:
        player = self.state.player
        yield Label(
            f"You have {player.grain} Grain, {player.stone} Stone, {player.augustales} Augustales.",
            classes="muted",
        )
        options = []
        for structure, (built, size) in self.counts().items():
            full = built >= size
            text = f"{structure.capitalize()} — {built}/{size} built"
            options.append(
                Option(text + ("  (all built)" if full else ""), id=structure, disabled=full)
            )
        yield OptionList(*options, id="structure")
        yield NumberField("Grain paid", 0, id="grain")
        yield NumberField("Stone paid", 0, id="stone")
        yield NumberField("Augustales paid", 0, id="augustales")

    def on_mount(self) -> None:
        structures = self.query_one("#structure", OptionList)
        free = [
            i
            for i in range(structures.option_count)
            if not structures.get_option_at_index(i).disabled
        ]
        structures.highlighted = free[0] if free else None
        structures.focus()

    @on(OptionList.OptionSelected, "#structure")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.submit()

    def build_event(self) -> Build | None:
        structures = self.query_one("#structure", OptionList)
        index = structures.highlighted
        if index is None or structures.get_option_at_index(index).disabled:
            self.show_error("every Structure of your castle is already built")
            return None
        fields = [
            self.query_one(f"#{name}", NumberField) for name in ("grain", "stone", "augustales")
        ]
        checks = [field.check() for field in fields]
        if not all(checks):
            self.show_error("fix the amounts marked in red")
            return None
        self.show_error(None)
        grain, stone, augustales = (field.value or 0 for field in fields)
        return Build(structure=STRUCTURES[index], grain=grain, stone=stone, augustales=augustales)
