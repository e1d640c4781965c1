"""Take the City Bonus tile in the City your Specialist reached."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widgets import Label

from companion.i18n import N_, _, shown
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.keyed_list import KeyedLine, KeyedList
from companion.ui.wording import worded
from solo_deck import CITY_TILE_IDS, CityTileId, city_bonus_tiles
from solo_deck.events import ChooseCityBonus

if TYPE_CHECKING:
    pass

NONE_LEFT = "none"


class CityBonusModal(GameEventModal[ChooseCityBonus]):
    """The tiles lying in the City when the board knows them, else every tile A–F and
    "no tile was left there" (key N). A tile's letter, or Enter on it, takes it."""

    DIALOG_TITLE = N_("Take a City Bonus tile")
    OK_LABEL = N_("Take")
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
            yield Label(_("No Specialist of yours is waiting in a City."))
            return
        known = self.state.board.city(self.path).tiles is not None
        yield Label(
            self._question(known),
            classes="muted",
            markup=False,
        )
        texts = city_bonus_tiles()
        lines = [
            KeyedLine(tile, shown(texts[tile].text), topic=f"city-bonus-tile:{tile}")
            if tile is not None
            else KeyedLine("N", _("No tile was left there"))
            for tile in self.choices()
        ]
        yield KeyedList(lines, id="tiles")

    def _question(self, known: bool) -> str:
        """What the list asks, and how a line is taken on this device."""
        if known:
            keys = _("In the City of Path {path} lies: its letter, or Enter on it, takes it.")
            taps = _("In the City of Path {path} lies: tap it, then {button}.")
        else:
            keys = _(
                "Which tile did you take in the City of Path {path}? its letter, or Enter on"
                " it, takes it."
            )
            taps = _("Which tile did you take in the City of Path {path}? tap it, then {button}.")
        return worded(self, keys, taps).format(path=self.path, button=self.ok_label)

    def on_mount(self) -> None:
        if self.path is None:
            self.query_one("#ok").focus()
            return
        tiles = self.query_one("#tiles", KeyedList)
        tiles.open_on(0)
        tiles.focus()

    def list_chosen(self) -> None:
        """A tile's letter or Enter on it takes it: the list is the whole answer."""
        self.submit()

    def build_event(self) -> ChooseCityBonus | None:
        if self.path is None:
            self.show_error(_("nothing to take: no Specialist is waiting in a City"))
            return None
        tiles = self.query_one("#tiles", KeyedList)
        if tiles.highlighted is None:
            self.show_error(_("choose the tile you took"))
            return None
        self.show_error(None)
        return ChooseCityBonus(tile=self.choices()[tiles.highlighted])
