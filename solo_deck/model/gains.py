"""Amounts of the four things a player gains or pays: VP, Grain, Stone and Augustales."""

# i18n: sentences are Text
from __future__ import annotations

from typing import Literal

from pydantic import Field

from solo_deck.model.base import FrozenModel
from solo_deck.text import Text, joined, t, term

Resource = Literal["grain", "stone"]
"""The two resources stored on the player board."""

GAIN_FIELDS: tuple[str, ...] = ("vp", "grain", "stone", "augustales")


def resource_term(field: str, amount: int | None = None) -> Text:
    """The game term of a gain field (``grain`` → ``Grain``), in its form for ``amount``.

    >>> resource_term("augustales", 1), resource_term("augustales", 2), resource_term("vp")
    ('Augustalis', 'Augustales', 'VP')
    """
    if field == "augustales":
        return term("Augustalis", "resource", plural="Augustales", number=amount)
    if field == "vp":
        return term("VP", "resource", number=amount)
    if field == "grain":
        return term("Grain", "resource", number=amount)
    return term("Stone", "resource", number=amount)


def amount_label(field: str, amount: int) -> Text:
    """``1 Augustalis``, ``3 Augustales``, ``2 VP``, ``1 Grain``."""
    return t("{n} {resource}", n=amount, resource=resource_term(field, amount))


class Gains(FrozenModel):
    """Non-negative amounts of VP, Grain, Stone and Augustales (a gain, a cost or a
    discount, depending on where it is used).

    >>> (Gains(grain=1) + Gains(grain=1, vp=2)).describe()
    '+2 VP, +2 Grain'
    >>> Gains(augustales=3).scaled(2).augustales
    6
    """

    vp: int = Field(default=0, ge=0, le=999)
    grain: int = Field(default=0, ge=0, le=999)
    stone: int = Field(default=0, ge=0, le=999)
    augustales: int = Field(default=0, ge=0, le=999)

    def __add__(self, other: Gains) -> Gains:
        if other.empty:
            return self
        if self.empty:
            return other
        return Gains(
            vp=self.vp + other.vp,
            grain=self.grain + other.grain,
            stone=self.stone + other.stone,
            augustales=self.augustales + other.augustales,
        )

    def amount(self, field: str) -> int:
        """The amount of one field by name."""
        return int(getattr(self, field))

    def scaled(self, factor: int) -> Gains:
        """Every amount multiplied by ``factor`` (0 or more)."""
        return Gains(**{f: self.amount(f) * factor for f in GAIN_FIELDS})

    @property
    def empty(self) -> bool:
        """True when every amount is 0."""
        return not (self.vp or self.grain or self.stone or self.augustales)

    @property
    def resources(self) -> int:
        """Grain + Stone."""
        return self.grain + self.stone

    def items(self) -> list[tuple[str, int]]:
        """The non-zero amounts, in the order VP, Grain, Stone, Augustales."""
        return [(f, self.amount(f)) for f in GAIN_FIELDS if self.amount(f)]

    def describe(self, sign: str = "+") -> Text:
        """``+2 VP, +1 Grain`` (``sign=""`` for a plain list), ``nothing`` when empty."""
        parts = [t("{sign}{amount}", sign=sign, amount=amount_label(f, n)) for f, n in self.items()]
        return joined(parts, ", ") if parts else t("nothing")


NO_GAINS = Gains()
"""Nothing gained or paid (one object: models are immutable)."""
