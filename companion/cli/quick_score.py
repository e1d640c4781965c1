"""The quick game-end calculator behind ``stupor-solo score``.

Six counts read off the table (VP track, Structures in your castle and in Frederick's,
Grain, Stone, Augustales) give the final score and title through the engine's
:func:`solo_deck.rules.scoring.final_score`. This module checks the counts (whole numbers, not
negative, no more Structures than a castle holds), turns the result into the JSON of
``--json`` and into a history record for ``--save``. It does no I/O itself.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from companion.cli.score_counts import COUNTS as COUNTS
from companion.cli.score_counts import SANITY_MAX as SANITY_MAX
from companion.cli.score_counts import CountField as CountField
from companion.i18n import N_, _, current_language
from companion.i18n.glossary import term_in

if TYPE_CHECKING:  # the engine and the store load only when a score is computed
    from companion.storage import HistoryRecord
    from solo_deck import ScoreBreakdown

#: The keys of ``stupor-solo score --json``, in order.
JSON_KEYS = ("vp_track", "structures", "most_structures_bonus", "resources_vp", "total", "title")


class QuickScoreError(ValueError):
    """A count that cannot be scored; the message says which and what is allowed."""


@cache
def count_fields() -> tuple[CountField, ...]:
    """:data:`COUNTS` with the maximums of the ruleset: a castle holds at most its
    Towers, Walls and Keeps."""
    from solo_deck import load_ruleset

    ruleset = load_ruleset()
    player = ruleset.player
    caps = ruleset.palace_caps
    castle = player.castle_towers.value + player.castle_walls.value + player.castle_keeps.value
    palace = caps.towers_max.value + caps.walls_max.value + caps.keeps_max.value
    limits = {
        "structures": (castle, N_("a castle holds that many Towers, Walls and Keeps")),
        "frederick_structures": (palace, N_("Frederick has that many Towers, Walls and Keeps")),
    }
    return tuple(
        replace(spec, maximum=limits[spec.name][0], why_maximum=limits[spec.name][1])
        if spec.name in limits
        else spec
        for spec in COUNTS
    )


def parse_count(text: str, spec: CountField) -> int:
    """``text`` as a count for ``spec``; :class:`QuickScoreError` says what is wrong.

    >>> vp_track, grain = COUNTS[0], COUNTS[3]
    >>> parse_count(" 12 ", vp_track)
    12
    >>> parse_count("-3", grain)
    Traceback (most recent call last):
    ...
    companion.cli.quick_score.QuickScoreError: --grain must be a whole number of 0 or more, not '-3'
    """
    from companion.plain_text import clip_value

    stripped = text.strip()
    if not (stripped.isascii() and stripped.isdigit()):
        raise QuickScoreError(_not_a_count(spec, clip_value(text)))
    digits = stripped.lstrip("0")
    if len(digits) > len(str(spec.maximum)):  # never convert thousands of digits
        shown = (
            _("a number of {n} digits").format(n=f"{len(digits):,}") if len(digits) > 12 else digits
        )
        raise QuickScoreError(_too_many(spec, shown))
    return check_count(int(stripped), spec)


def check_count(value: int, spec: CountField) -> int:
    """``value`` if it is allowed for ``spec``, else :class:`QuickScoreError`."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise QuickScoreError(_not_a_count(spec, repr(value)))
    if value > spec.maximum:
        raise QuickScoreError(_too_many(spec, str(value)))
    return value


def _not_a_count(spec: CountField, shown: str) -> str:
    return _("{flag} must be a whole number of 0 or more, not {value}").format(
        flag=spec.flag, value=shown
    )


def _too_many(spec: CountField, shown: str) -> str:
    return _("{flag} can be at most {most} ({why}), not {value}").format(
        flag=spec.flag, most=spec.maximum, why=_(spec.why_maximum), value=shown
    )


@dataclass(frozen=True)
class StructuresRule:
    """The most-Structures rule a score plays: its name and where it was chosen (the
    ``--most-structures-rule`` flag, the configuration file or the engine's own)."""

    name: str
    chosen_by: str

    @classmethod
    def pick(cls, flag: str | None, configured: str | None) -> StructuresRule:
        """The flag's rule, else the configuration's, else the engine's."""
        if flag is not None:
            return cls(flag, "player: --most-structures-rule")
        if configured is not None:
            return cls(configured, "player: [rules] most_structures in the configuration")
        from solo_deck import load_ruleset

        rule = load_ruleset().scoring.most_structures_rule
        return cls(rule.value, rule.source)

    @property
    def compares(self) -> bool:
        """Whether the rule needs Frederick's Structures (the engine says)."""
        from solo_deck import compares_castles

        return compares_castles(self.name)


def needed_counts(rule: StructuresRule) -> tuple[CountField, ...]:
    """The counts ``rule`` needs: Frederick's Structures only when it compares castles."""
    return tuple(
        spec for spec in count_fields() if spec.name != "frederick_structures" or rule.compares
    )


def missing_counts(values: Mapping[str, int | None], rule: StructuresRule) -> list[CountField]:
    """The counts ``rule`` needs that ``values`` (keyed by field name) does not give."""
    return [spec for spec in needed_counts(rule) if values.get(spec.name) is None]


def score(values: Mapping[str, int], rule: StructuresRule | None = None) -> ScoreBreakdown:
    """The final score of the counts in ``values`` (keyed by field name) under ``rule``
    (the engine's own when ``None``). Frederick's Structures may be left out when the rule
    does not compare castles."""
    from solo_deck import final_score, load_ruleset, with_most_structures

    ruleset = load_ruleset()
    if rule is not None:
        ruleset = with_most_structures(ruleset, rule.name, rule.chosen_by)
    needed = count_fields() if rule is None else needed_counts(rule)
    checked = {spec.name: check_count(values[spec.name], spec) for spec in needed}
    return final_score(
        vp_track=checked["vp_track"],
        structures=checked["structures"],
        frederick_structures=checked.get("frederick_structures", 0),
        grain=checked["grain"],
        stone=checked["stone"],
        augustales=checked["augustales"],
        ruleset=ruleset,
    )


def breakdown_json(breakdown: ScoreBreakdown) -> dict[str, int | str]:
    """The object ``stupor-solo score --json`` prints: exactly :data:`JSON_KEYS`."""
    dumped = breakdown.model_dump(mode="json")
    return {key: dumped[key] for key in JSON_KEYS}


def breakdown_rows(
    breakdown: ScoreBreakdown, values: Mapping[str, int], rule: StructuresRule
) -> list[tuple[str, str]]:
    """``(label, value)`` lines of the breakdown, ending with the total and title; the
    bonus line names the rule it was scored by."""
    from solo_deck import load_ruleset

    ruleset = load_ruleset().scoring
    per_vp = ruleset.augustales_per_vp.value
    per_resource = ruleset.augustales_per_resource.value
    coins = values["augustales"] + (values["grain"] + values["stone"]) * per_resource
    if rule.compares:
        mine, his = values["structures"], values["frederick_structures"]
        bonus_note = _("rule {rule}: your {mine} vs Frederick's {his}").format(
            rule=rule.name, mine=mine, his=his
        )
    else:
        bonus_note = _("rule {rule}: yours in solo").format(rule=rule.name)
    resources = _("Resources ({coins} Augustales worth, {per_vp} per VP)")
    return [
        (_("VP track"), str(breakdown.vp_track)),
        (_("Structures ({n})").format(n=values["structures"]), str(breakdown.structures)),
        (
            _("Most Structures bonus ({note})").format(note=bonus_note),
            str(breakdown.most_structures_bonus),
        ),
        (resources.format(coins=coins, per_vp=per_vp), str(breakdown.resources_vp)),
        (_("Total"), str(breakdown.total)),
        (_("Title"), term_in(breakdown.title, current_language())),
    ]


def quick_record(
    breakdown: ScoreBreakdown,
    *,
    frederick_structures: int | None,
    notes: str = "",
    now: dt.datetime | None = None,
) -> HistoryRecord:
    """The history record ``--save`` adds: finished now (UTC), source ``quick``; the
    game's other fields (difficulty, House, ...) unknown; Frederick's Structures too when
    not given (``None``)."""
    from pydantic import ValidationError

    from companion.storage import HistoryRecord
    from solo_deck import describe_validation_error

    moment = (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC)
    try:
        return HistoryRecord(
            finished_at=moment.isoformat(),
            score=breakdown,
            frederick_structures=frederick_structures,
            notes=notes,
            source="quick",
        )
    except ValidationError as exc:
        raise QuickScoreError(
            _("cannot save the game: {reason}").format(reason=describe_validation_error(exc))
        ) from None
