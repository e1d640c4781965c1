"""Frederick's palace: his Reserve, Treasury, Castle, Court and Specialist on Path A."""

# i18n: sentences are Text
from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from solo_deck.data.loaders import load_ruleset
from solo_deck.errors import RuleError
from solo_deck.model.base import FrozenModel
from solo_deck.model.edict import Edict, EdictKind
from solo_deck.model.provenance import sourced_values
from solo_deck.model.ruleset import Ruleset
from solo_deck.text import Text, t, tn


class Direction(StrEnum):
    """What the player does with one kind of icon of an Edict."""

    ADD = "add"
    REMOVE = "remove"


PlayerChoice = dict[EdictKind, Direction]

_REMEMBERED = 32
"""How many rulesets' limits are remembered (see :meth:`PalaceLimits.from_ruleset`)."""
_LIMITS: dict[int, tuple[Ruleset, PalaceLimits]] = {}


class PalaceLimits(FrozenModel):
    """The lowest and highest value of each palace field (treasury in coins)."""

    reserve_max: int = Field(ge=0)
    treasury_max: int = Field(ge=0)
    treasury_step: int = Field(ge=1)
    towers_max: int = Field(ge=0)
    walls_max: int = Field(ge=0)
    keeps_max: int = Field(ge=0)
    allies_max: int = Field(ge=0)
    path_a_spaces: int = Field(ge=1)

    @classmethod
    def from_ruleset(cls, ruleset: Ruleset | None = None) -> PalaceLimits:
        """The limits a ruleset gives (the packaged one by default): its ``palace_caps``,
        field by field."""
        rules = ruleset or load_ruleset()
        known = _LIMITS.get(id(rules))
        if known is not None and known[0] is rules:
            return known[1]
        limits = cls.model_validate(sourced_values(rules.palace_caps))
        if len(_LIMITS) >= _REMEMBERED:
            _LIMITS.clear()
        _LIMITS[id(rules)] = (rules, limits)
        return limits

    def bounds(self, kind: EdictKind) -> tuple[int, int]:
        """``(minimum, maximum)`` of the palace field that ``kind`` moves."""
        return {
            EdictKind.GRAIN: (0, self.reserve_max),
            EdictKind.STONE: (0, self.reserve_max),
            EdictKind.AUGUSTALES: (0, self.treasury_max),
            EdictKind.TOWER: (0, self.towers_max),
            EdictKind.WALL: (0, self.walls_max),
            EdictKind.KEEP: (0, self.keeps_max),
            EdictKind.COURT: (0, self.allies_max),
            EdictKind.PATH: (1, self.path_a_spaces),
        }[kind]

    def unit(self, kind: EdictKind) -> int:
        """How far one icon moves the field (3 coins for a Treasury icon, else 1)."""
        return self.treasury_step if kind is EdictKind.AUGUSTALES else 1


class KindChange(FrozenModel):
    """What one kind of icon did to the palace."""

    kind: EdictKind
    direction: Literal["add", "remove"]
    icons: int
    before: int
    after: int
    maximum: int
    unit: int = Field(default=1, ge=1)
    neither_fits: bool = False
    """Your Edict, and neither adding nor removing every icon of this kind fits the track:
    you chose a way and the track stopped at its end (see :meth:`Palace.legal_directions`)."""

    @property
    def ignored(self) -> int:
        """Icons that had no effect because the track was at its limit."""
        moved = abs(self.after - self.before)
        return self.icons - (moved + self.unit - 1) // self.unit

    def describe(self) -> Text:
        """Table language, e.g. ``add 1 Tower (5/5, the second is ignored)``."""
        moved = abs(self.after - self.before)
        amount: Text
        if self.kind is EdictKind.AUGUSTALES:
            amount = tn("{n} Augustales", "{n} Augustales", moved)
            track = t("Treasury {before} → {after}", before=self.before, after=self.after)
        elif self.kind is EdictKind.PATH:
            amount = self.kind.label(moved)
            track = t("Path A space {before} → {after}", before=self.before, after=self.after)
        else:
            amount = self.kind.label(moved)
            track = t("{after}/{maximum}", after=self.after, maximum=self.maximum)
        if moved == 0:
            return t(
                "{icons} ignored ({track}, at the limit)",
                icons=self.kind.label(self.icons),
                track=track,
            )
        adds = self.direction == "add"
        if self.kind is EdictKind.PATH:
            change = (
                t("move forward {amount}", amount=amount)
                if adds
                else t("move back {amount}", amount=amount)
            )
        else:
            change = (
                t("add {amount}", amount=amount) if adds else t("remove {amount}", amount=amount)
            )
        if self.neither_fits:
            return t(
                "{change} ({track}; neither way fits all {n}, so the track stops at its end)",
                change=change,
                track=track,
                n=self.icons,
            )
        if self.ignored:
            return t(
                "{change} ({track}, {n} ignored at the limit)",
                change=change,
                track=track,
                n=self.ignored,
            )
        return t("{change} ({track})", change=change, track=track)


class Palace(FrozenModel):
    """Frederick's possessions. ``treasury`` is in coins (one Edict icon = 3 coins);
    ``specialist`` is his Path A space (1–5).

    >>> palace = Palace.initial()
    >>> palace.apply_frederick(Edict(towers=2, keeps=1)).towers
    4
    """

    grain: int = Field(ge=0)
    stone: int = Field(ge=0)
    treasury: int = Field(ge=0)
    towers: int = Field(ge=0)
    walls: int = Field(ge=0)
    keeps: int = Field(ge=0)
    allies: int = Field(ge=0)
    specialist: int = Field(ge=1)

    @classmethod
    def initial(cls, ruleset: Ruleset | None = None) -> Palace:
        """Frederick's palace at setup: the ruleset's ``frederick_start``, field by field."""
        return cls.model_validate(sourced_values((ruleset or load_ruleset()).frederick_start))

    @property
    def structures(self) -> int:
        """Towers + Walls + Keeps."""
        return self.towers + self.walls + self.keeps

    def value(self, kind: EdictKind) -> int:
        """The field ``kind`` moves."""
        return int(getattr(self, kind.field))

    def check_limits(self, limits: PalaceLimits | None = None) -> None:
        """Raise :class:`RuleError` if a field is outside its limits."""
        limits = limits or PalaceLimits.from_ruleset()
        for kind in EdictKind:
            low, high = limits.bounds(kind)
            if not low <= self.value(kind) <= high:
                raise RuleError(
                    t(
                        "Frederick's {field} must be between {low} and {high}, not {value}",
                        field=kind.field,
                        low=low,
                        high=high,
                        value=self.value(kind),
                    )
                )

    # --- Frederick ---------------------------------------------------------------------

    def frederick_changes(
        self, edict: Edict, limits: PalaceLimits | None = None
    ) -> list[KindChange]:
        """What Frederick's edict does, kind by kind: he only adds, up to each cap."""
        limits = limits or PalaceLimits.from_ruleset()
        changes = []
        for kind, icons in edict.items():
            _, high = limits.bounds(kind)
            before = self.value(kind)
            after = max(before, min(high, before + icons * limits.unit(kind)))
            changes.append(
                KindChange(
                    kind=kind,
                    direction="add",
                    icons=icons,
                    before=before,
                    after=after,
                    maximum=high,
                    unit=limits.unit(kind),
                )
            )
        return changes

    def apply_frederick(self, edict: Edict, limits: PalaceLimits | None = None) -> Palace:
        """Frederick issues ``edict``: every icon adds; steps beyond a cap are ignored.

        He never lowers anything and never exceeds a cap.
        """
        return self._with(self.frederick_changes(edict, limits))

    # --- the player --------------------------------------------------------------------

    def legal_directions(
        self, kind: EdictKind, icons: int, limits: PalaceLimits | None = None
    ) -> list[Direction]:
        """The directions the player may choose for ``icons`` icons of ``kind``.

        Identical icons move together, so a direction is possible only if all of them fit.
        When neither fits (rare: e.g. 3 Keeps with 2 built of 3), the rules say nothing; our
        decision: you choose either way and the track moves as far as it can (to its top or
        to 0), the rest of the icons doing nothing. :class:`KindChange` then says so.

        >>> Palace.initial().legal_directions(EdictKind.KEEP, 3)  # 1 Keep of 3: neither fits
        [<Direction.ADD: 'add'>, <Direction.REMOVE: 'remove'>]
        """
        limits = limits or PalaceLimits.from_ruleset()
        low, high = limits.bounds(kind)
        step = icons * limits.unit(kind)
        current = self.value(kind)
        legal = []
        if current + step <= high:
            legal.append(Direction.ADD)
        if current - step >= low:
            legal.append(Direction.REMOVE)
        return legal or [Direction.ADD, Direction.REMOVE]

    def legal_player_choices(
        self, edict: Edict, limits: PalaceLimits | None = None
    ) -> list[PlayerChoice]:
        """Every legal way the player can resolve ``edict`` (one direction per kind)."""
        options: list[PlayerChoice] = [{}]
        for kind, icons in edict.items():
            directions = self.legal_directions(kind, icons, limits)
            options = [{**choice, kind: d} for choice in options for d in directions]
        return options

    def player_changes(
        self, edict: Edict, choice: PlayerChoice, limits: PalaceLimits | None = None
    ) -> list[KindChange]:
        """What the player's resolution does, kind by kind; raises :class:`RuleError`
        for a choice the rules forbid."""
        limits = limits or PalaceLimits.from_ruleset()
        extra = set(choice) - set(edict.kinds())
        if extra:
            names = ", ".join(sorted(k.noun for k in extra))
            raise RuleError(t("the edict {edict} shows no {names}", edict=edict, names=names))
        changes = []
        for kind, icons in edict.items():
            if kind not in choice:
                raise RuleError(
                    t(
                        "choose add or remove for {kind} of edict {edict}",
                        kind=kind.label(icons),
                        edict=edict,
                    )
                )
            direction = Direction(choice[kind])
            legal = self.legal_directions(kind, icons, limits)
            neither = not self._fits(kind, icons, Direction.ADD, limits) and not self._fits(
                kind, icons, Direction.REMOVE, limits
            )
            if direction not in legal:
                raise RuleError(_refused(kind, icons, direction, self.value(kind)))
            low, high = limits.bounds(kind)
            before = self.value(kind)
            delta = icons * limits.unit(kind)
            after = (
                min(high, before + delta)
                if direction is Direction.ADD
                else max(low, before - delta)
            )
            changes.append(
                KindChange(
                    kind=kind,
                    direction=direction.value,
                    icons=icons,
                    before=before,
                    after=after,
                    maximum=high,
                    unit=limits.unit(kind),
                    neither_fits=neither,
                )
            )
        return changes

    def _fits(
        self, kind: EdictKind, icons: int, direction: Direction, limits: PalaceLimits
    ) -> bool:
        low, high = limits.bounds(kind)
        step = icons * limits.unit(kind)
        current = self.value(kind)
        return current + step <= high if direction is Direction.ADD else current - step >= low

    def apply_player(
        self, edict: Edict, choice: PlayerChoice, limits: PalaceLimits | None = None
    ) -> Palace:
        """The player resolves ``edict`` with ``choice`` (see :meth:`player_changes`)."""
        return self._with(self.player_changes(edict, choice, limits))

    def _with(self, changes: list[KindChange]) -> Palace:
        return self.model_copy(update={c.kind.field: c.after for c in changes})


def _refused(kind: EdictKind, icons: int, direction: Direction, value: int) -> Text:
    """Why ``direction`` is refused for ``icons`` icons of ``kind`` with its track at
    ``value`` (the other direction is then the only one left): one whole sentence per
    direction."""
    if direction is Direction.REMOVE:
        return t(
            "you cannot remove {kind}: there is not enough to remove ({field} is {value}), "
            "so you must add them",
            kind=kind.label(icons),
            field=_TRACKS[kind],
            value=value,
        )
    return t(
        "you cannot add {kind}: it would go past the limit ({field} is {value}), "
        "so you must remove them",
        kind=kind.label(icons),
        field=_TRACKS[kind],
        value=value,
    )


_TRACKS: dict[EdictKind, Text] = {
    EdictKind.GRAIN: t("grain"),
    EdictKind.STONE: t("stone"),
    EdictKind.AUGUSTALES: t("treasury"),
    EdictKind.TOWER: t("towers"),
    EdictKind.WALL: t("walls"),
    EdictKind.KEEP: t("keeps"),
    EdictKind.COURT: t("allies"),
    EdictKind.PATH: t("specialist"),
}
"""The Palace's track an Edict icon moves, as the refusal of a direction names it
(``towers is 3``); the same words as :attr:`EdictKind.field`."""
