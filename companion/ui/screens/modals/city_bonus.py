"""Take the City Bonus tile in the City your Specialist reached."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.search_select import focus_first_enabled
from solo_deck import CITY_TILE_IDS, CityTileId, city_bonus_tiles
from solo_deck.events import ChooseCityBonus

if TYPE_CHECKING:
    pass

NONE_LEFT = "none"


class CityBonusModal(GameEventModal[ChooseCityBonus]):
    """The tiles lying in the City when the board knows them, else every tile A–F and
    "no tile was left there"; Enter moves on, Take records."""

    DIALOG_TITLE = "Take a City Bonus tile"
    OK_LABEL = "Take"
    AFTER_LIST = "#ok"
    """Enter on a tile moves to Take (only Take records)."""
    DEFAULT_CSS = """
    CityBonusModal #tiles { height: auto; max-height: 10; }
    """
    ANSWERS = "city_bonus"

    @property
    def path(self) -> str | None:
        """The path of the City whose tile is taken (``None`` without an obligation)."""
        return self.obligation.space if self.obligation is not None else None

    def choices(self) -> list[CityTileId | None]:
        """The tiles you may say you took (``None``: no tile was left there)."""
        if self.path is None:
            return []
        known = self.state.board.city(self.path).tiles
        if known is not None:
            return list(dict.fromkeys(known))
        return [*CITY_TILE_IDS, None]

    def compose_body(self) -> ComposeResult:
        if self.path is None:
            yield Label("No Specialist of yours is waiting in a City.")
            return
        known = self.state.board.city(self.path).tiles is not None
        yield Label(
            f"In the City of Path {self.path} lies:"
            if known
            else f"Which tile did you take in the City of Path {self.path}?",
            classes="muted",
            markup=False,
        )
        texts = city_bonus_tiles()
        options = [
            Option(f"{tile}: {texts[tile].text}", id=tile)
            if tile is not None
            else Option("No tile was left there", id=NONE_LEFT)
            for tile in self.choices()
        ]
        yield OptionList(*options, id="tiles", markup=False)

    def on_mount(self) -> None:
        if self.path is None:
            self.query_one("#ok").focus()
            return
        focus_first_enabled(self.query_one("#tiles", OptionList))

    def build_event(self) -> ChooseCityBonus | None:
        if self.path is None:
            self.show_error("nothing to take: no Specialist is waiting in a City")
            return None
        tiles = self.query_one("#tiles", OptionList)
        if tiles.highlighted is None:
            self.show_error("choose the tile you took")
            return None
        self.show_error(None)
        return ChooseCityBonus(tile=self.choices()[tiles.highlighted])
