"""The edict row: three Active spaces, three Next spaces and the face-down pile."""

# i18n: sentences are Text
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from solo_deck.errors import RuleError
from solo_deck.model.base import FrozenModel
from solo_deck.model.edict import Edict
from solo_deck.model.solo_cards import Numeral
from solo_deck.text import Text, t

Slots = tuple[Edict | None, Edict | None, Edict | None]
Issuer = Literal["you", "frederick"]
"""Who issued an Edict: you (a move of yours) or Frederick (his solo card)."""


class Refill(FrozenModel):
    """How an emptied Active space was refilled."""

    active: int
    from_next: int | None
    reveal_next: bool

    def describe(self) -> Text:
        """Table language for the refill."""
        target = Numeral.from_index(self.active).value
        if self.from_next is None:
            return t(
                "No Next tile can refill Active {target}: it stays empty "
                "(the game ends after this round)",
                target=target,
            )
        source = Numeral.from_index(self.from_next).value
        if self.reveal_next:
            return t(
                "Slide Next {source} down to Active {target}; draw a new Next {source} tile "
                "from the pile and type it",
                source=source,
                target=target,
            )
        return t(
            "Slide Next {source} down to Active {target}; the pile is empty, so Next {source} "
            "stays empty",
            source=source,
            target=target,
        )


class EdictRow(FrozenModel):
    """Active I–III, Next I–III (``None`` is an empty space) and the pile count.

    ``awaiting`` lists Next positions where a new tile was just drawn but not yet typed in:
    the table knows it, the engine waits for it. ``unfillable`` records that an Active
    space could not be refilled (a game-end trigger).
    """

    active: Slots
    next: Slots
    pile: int = Field(ge=0)
    awaiting: tuple[int, ...] = ()
    unfillable: bool = False
    issued: tuple[Edict, ...] = ()
    """The tiles issued so far (by you or Frederick), oldest first: out of the game."""
    last_issuer: Issuer | None = None
    """Who issued the last of ``issued`` (``None``: none yet), so a Next tile drawn after
    it can be told as yours or Frederick's doing."""

    @model_validator(mode="after")
    def _awaiting_valid(self) -> EdictRow:
        for position in self.awaiting:
            if position not in (0, 1, 2) or self.next[position] is not None:
                raise ValueError(f"Next {position} cannot await a tile")
        return self

    def frederick_slot(self, numeral: Numeral) -> int | None:
        """The Active space Frederick issues for ``numeral``: that one, or when it is
        empty the next in sequence I → II → III → I (``None`` if all are empty)."""
        for step in range(3):
            slot = (numeral.position + step) % 3
            if self.active[slot] is not None:
                return slot
        return None

    def frederick_refill_source(self, slot: int) -> int | None:
        """The Next space that refills Active ``slot`` after Frederick's edict: the same
        position, else the next in sequence."""
        for step in range(3):
            source = (slot + step) % 3
            if self.next[source] is not None:
                return source
        return None

    def take(
        self, slot: int, replacement: int | None, by: Issuer = "you"
    ) -> tuple[EdictRow, Edict, Refill]:
        """Remove the Active tile in ``slot`` (issued ``by`` you or Frederick) and refill it
        from Next ``replacement``."""
        tile = self.active[slot]
        if tile is None:
            raise RuleError(t("Active {numeral} is empty", numeral=Numeral.from_index(slot).value))
        if self.awaiting:
            raise RuleError(t("type the newly drawn Next tile first"))
        active = list(self.active)
        nxt = list(self.next)
        pile = self.pile
        awaiting: tuple[int, ...] = ()
        unfillable = self.unfillable
        if replacement is None:
            active[slot] = None
            unfillable = True
            refill = Refill(active=slot, from_next=None, reveal_next=False)
        else:
            if nxt[replacement] is None:
                raise RuleError(
                    t("Next {numeral} is empty", numeral=Numeral.from_index(replacement).value)
                )
            active[slot] = nxt[replacement]
            nxt[replacement] = None
            reveal = pile > 0
            if reveal:
                pile -= 1
                awaiting = (replacement,)
            refill = Refill(active=slot, from_next=replacement, reveal_next=reveal)
        row = self.model_copy(  # no validation: the tiles are valid already
            update={
                "active": _slots(active),
                "next": _slots(nxt),
                "pile": pile,
                "awaiting": awaiting,
                "unfillable": unfillable,
                "issued": (*self.issued, tile),
                "last_issuer": by,
            }
        )
        return row, tile, refill

    def reveal(self, position: int, tile: Edict) -> EdictRow:
        """The tile drawn into Next ``position`` is now known."""
        if position not in self.awaiting:
            raise RuleError(
                t(
                    "Next {numeral} is not waiting for a tile",
                    numeral=Numeral.from_index(position).value,
                )
            )
        nxt = list(self.next)
        nxt[position] = tile
        return self.model_copy(
            update={
                "next": _slots(nxt),
                "awaiting": tuple(p for p in self.awaiting if p != position),
            }
        )

    def non_empty_next(self) -> list[int]:
        """Next positions that hold a tile."""
        return [i for i, tile in enumerate(self.next) if tile is not None]

    def non_empty_active(self) -> list[int]:
        """Active positions that hold a tile."""
        return [i for i, tile in enumerate(self.active) if tile is not None]


def _slots(values: list[Edict | None]) -> Slots:
    return (values[0], values[1], values[2])
