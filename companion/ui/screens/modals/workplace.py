"""Name the Workplace tile your Specialist found on a space, the first time one of your
Specialists reaches it (and, once per game, where the Workplace Edict tokens lie)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, OptionList

from companion.i18n import N_, _, ngettext, shown
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.keyed_list import KeyedLine, KeyedList
from companion.ui.widgets.search_select import focus_first_enabled
from companion.ui.wording import worded
from solo_deck import PlayerLimits, WorkplaceTile, likely_token_spaces, workplace_tiles
from solo_deck.events import PlaceWorkplace
from solo_deck.text import term

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset, WorkplaceSpace


ROMAN = {"I": "1", "II": "2", "III": "3"}
AREAS = {"countryside": N_("countryside"), "village": N_("village")}
"""The areas of the Workplaces, as a title names them (English, shown through ``_``)."""


def tile_key(tile: WorkplaceTile) -> str:
    """The key that names a tile in the list: its numeral as a digit, then its letter.

    >>> from solo_deck import workplace_tiles
    >>> tile_key(workplace_tiles()["countryside-II-B"])
    '2B'
    """
    *_, numeral, letter = tile.label.split()
    return ROMAN.get(numeral, numeral) + letter


class WorkplaceModal(GameEventModal[PlaceWorkplace]):
    """The Workplace tiles of the space's area (those lying elsewhere left out), each with
    its ability, and (only while the board leaves it open) the spaces where the Edict tokens
    still on the board lie: asked once for all of them, so no later space asks again; Place
    records (Enter on a tile too, when the token spaces are not asked)."""

    DIALOG_TITLE = N_("Name the Workplace")
    OK_LABEL = N_("Place")
    DEFAULT_CSS = """
    WorkplaceModal #tiles { height: auto; max-height: 7; }
    WorkplaceModal #token-row { height: 1; }
    WorkplaceModal #token-spaces { width: 16; }
    """
    ANSWERS = "name_workplace"

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        key = self.obligation.space if self.obligation is not None else None
        self.entry: WorkplaceSpace | None = None
        if key:
            self.entry = next((s for s in state.board.workplaces if s.key == key), None)

    def dialog_title(self) -> str:
        """``Name the Workplace on A2 (countryside)`` when the space is known."""
        if self.entry is None:
            return super().dialog_title()
        return _("Name the Workplace on {space} ({area})").format(
            space=self.entry.key, area=_(AREAS.get(self.area, self.area))
        )

    # --- what the board allows -----------------------------------------------------------

    @property
    def area(self) -> str:
        """``countryside`` or ``village``."""
        assert self.entry is not None
        return PlayerLimits.from_ruleset(self.ruleset).area(self.entry.path, self.entry.space)

    def tiles(self) -> list[WorkplaceTile]:
        """The tiles that may lie here: the known one, else those of the area that lie on
        no other space."""
        entry = self.entry
        if entry is None:
            return []
        catalogue = workplace_tiles()
        if entry.tile is not None:
            return [catalogue[entry.tile]]
        elsewhere = {s.tile for s in self.state.board.workplaces if s.tile and s.key != entry.key}
        return [
            tile
            for tile in catalogue.values()
            if tile.area == self.area and tile.id not in elsewhere
        ]

    @property
    def token_open(self) -> bool:
        """True while the board does not know whether a token lies here."""
        return self.entry is not None and not self.state.board.token_known(self.entry)

    # --- layout --------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        entry = self.entry
        if entry is None:
            yield Label(_("No Specialist of yours is waiting on an unnamed Workplace."))
            return
        yield KeyedList(
            [
                KeyedLine(
                    tile_key(tile), f"{tile_label(tile)}: {shown(tile.text)}", option_id=tile.id
                )
                for tile in self.tiles()
            ],
            id="tiles",
        )
        yield Label(
            worded(
                self,
                _("Type the tile's number and letter (1A, 2C…) or use the arrows."),
                _("Tap the tile, then {button}.").format(button=self.ok_label),
            ),
            id="keys-hint",
            classes="muted",
        )
        if self.token_open:
            left = self.state.board.tokens_left
            ask = ngettext(
                "Spaces of the {count} Workplace Edict token still on the board: ",
                "Spaces of the {count} Workplace Edict tokens still on the board: ",
                left,
            ).format(count=left)
            with Horizontal(id="token-row"):
                yield Label(ask, id="token-ask")
                spaces = " ".join(likely_token_spaces(self.state, self.ruleset))
                yield FieldInput(value=spaces, id="token-spaces", compact=True)
        else:
            known = (
                _("An Edict token lies here.") if entry.token else _("No Edict token lies here.")
            )
            yield Label(known, id="token-known", classes="muted")

    def on_mount(self) -> None:
        if self.entry is None:
            self.query_one("#ok").focus()
            return
        focus_first_enabled(self.query_one("#tiles", OptionList))

    # --- the event -----------------------------------------------------------------------

    def build_event(self) -> PlaceWorkplace | None:
        entry = self.entry
        if entry is None:
            self.show_error(_("nothing to name: no Workplace is waiting"))
            return None
        tiles = self.query_one("#tiles", OptionList)
        index = tiles.highlighted
        if index is None:
            self.show_error(_("every tile of this area lies elsewhere: correct the board with Fix"))
            return None
        tile = tiles.get_option_at_index(index).id or ""
        if not self.token_open:
            self.show_error(None)
            return PlaceWorkplace(
                path=entry.path, space=entry.space, tile=tile, token=bool(entry.token)
            )
        typed = self.query_one("#token-spaces", FieldInput).value
        spaces = tuple(dict.fromkeys(typed.replace(",", " ").upper().split()))
        wrong = [key for key in spaces if key not in {s.key for s in self.state.board.workplaces}]
        if wrong:
            self.show_error(
                _("{space} is not a Countryside or Village space (A1, C3…)").format(space=wrong[0])
            )
            return None
        self.show_error(None)
        return PlaceWorkplace(
            path=entry.path,
            space=entry.space,
            tile=tile,
            token=entry.key in spaces,
            token_spaces=spaces,
        )


def tile_label(tile: WorkplaceTile) -> str:
    """``Countryside II A``, the area as the edition names it."""
    area = shown(term(tile.area.capitalize(), "component"))
    return f"{area} {tile.level} {tile.letter}"
