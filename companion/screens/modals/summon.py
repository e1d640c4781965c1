"""Summon the face-up Ally at your ship's port."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.widgets import Label, Select

from companion.widgets.number_field import EventModal, NumberField
from solo_deck import GameState, load_allies
from solo_deck.data_files import allies_by_id
from solo_deck.events import SummonAlly

DEFAULT_SUMMON_GRAIN = 3


def ally_label(ally_id: str) -> str:
    """``Gisela — Saxon princess, Loyalist`` (copies of a name get their number)."""
    ally = allies_by_id()[ally_id]
    copy = f" (tile {ally_id.rsplit('-', 1)[1]})" if ally_id[-2:] in ("-1", "-2") else ""
    return f"{ally.name}{copy} — {ally.epithet}, {ally.kind.value.capitalize()}"


def ally_name(ally_id: str | None) -> str:
    """The Ally's printed name, or ``not named yet``."""
    names = allies_by_id()
    return names[ally_id].name if ally_id in names else "not named yet"


def ally_options(exclude: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``(label, id)`` for every Ally tile not in ``exclude``, sorted by name."""
    skip = set(exclude)
    allies = sorted(load_allies(), key=lambda a: (a.name, a.id))
    return [(ally_label(a.id), a.id) for a in allies if a.id not in skip]


class SummonModal(EventModal[SummonAlly]):
    """Who the Ally is (preselected when the app knows it) and the Grain you paid."""

    DIALOG_TITLE = "Summon an Ally"
    OK_LABEL = "Summon"

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state
        voyage = state.voyage
        self.port = voyage.player
        self.spaces = [i for i, s in enumerate(voyage.ports[self.port].allies) if s.face_up]

    @property
    def known_id(self) -> str | None:
        """The id of the face-up Ally here, if the app knows it."""
        if not self.spaces:
            return None
        return self.state.voyage.ports[self.port].allies[self.spaces[0]].face_up_id

    def compose_body(self) -> ComposeResult:
        port = self.state.voyage.ports[self.port]
        if not self.spaces:
            yield Label(f"There is no face-up Ally in {port.name}.", classes="error-text")
        else:
            yield Label(
                f"The face-up Ally in {port.name}: {ally_name(self.known_id)}. "
                f"You have {self.state.player.grain} Grain.",
                classes="muted",
            )
        options = ally_options(self.state.player.allies)
        known = self.known_id if self.known_id in {value for _, value in options} else None
        yield Label("Which Ally is it?")
        yield Select(
            options,
            prompt="choose the Ally's name (type to search)",
            value=known if known is not None else Select.NULL,
            id="ally",
        )
        yield NumberField(
            "Grain paid",
            DEFAULT_SUMMON_GRAIN,
            hint="what summoning cost you",
            id="grain",
        )

    def on_mount(self) -> None:
        if self.query_one("#ally", Select).is_blank():
            self.query_one("#ally", Select).focus()
        else:
            self.query_one("#grain", NumberField).input.focus()

    def build_event(self) -> SummonAlly | None:
        ally = self.query_one("#ally", Select).value
        grain = self.query_one("#grain", NumberField)
        ok = grain.check()
        if not isinstance(ally, str):
            self.show_error("say which Ally you summon")
            return None
        if not ok or grain.value is None:
            self.show_error("the Grain paid is not a valid number")
            return None
        self.show_error(None)
        space = self.spaces[0] if self.spaces else 0
        for index in self.spaces:
            if self.state.voyage.ports[self.port].allies[index].face_up_id == ally:
                space = index
        return SummonAlly(ally_id=ally, space=space, grain=grain.value)
