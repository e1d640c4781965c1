"""Final score and the solo title."""

# i18n: sentences are Text
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from solo_deck.data.loaders import load_ruleset
from solo_deck.model.base import FrozenModel
from solo_deck.model.provenance import Sourced
from solo_deck.model.ruleset import MOST_STRUCTURES_RULES, Ruleset
from solo_deck.text import t

if TYPE_CHECKING:
    from solo_deck.model.state import GameState


class ScoreBreakdown(FrozenModel):
    """The final score, part by part. Keys match ``stupor-solo score --json``."""

    vp_track: int = Field(ge=0)
    structures: int = Field(ge=0)
    most_structures_bonus: int = Field(ge=0)
    resources_vp: int = Field(ge=0)
    total: int = Field(ge=0)
    title: str


MOST_STRUCTURES_TEXT: dict[str, str] = {
    "always": t("Always yours: you are the only player who scores"),
    "at_least_as_many": t("Yours with at least as many Structures as Frederick"),
    "more_than": t("Yours only with more Structures than Frederick"),
}
"""One line for each of :data:`MOST_STRUCTURES_RULES`, in its order."""

_PACKAGED_WHY = t(
    "the bonus goes to the player with the most Structures; Frederick scores nothing and no "
    "solo rule compares your castle with his, so you, the only player, always have the most"
)


def most_structures_why(reason: str) -> str:
    """``reason`` (the first sentence of why a ruleset plays its most-Structures rule) as
    a sentence a front end can translate when it is the packaged ruleset's own; any other
    reason (a player's) as it is.

    >>> rule = load_ruleset().scoring.most_structures_rule
    >>> most_structures_why(rule.source.split(": ", 1)[1].split(". ")[0]).template[:15]
    'the bonus goes '
    """
    return _PACKAGED_WHY if reason == _PACKAGED_WHY else reason


def compares_castles(rule: str) -> bool:
    """Whether the most-Structures ``rule`` needs Frederick's Structures.

    >>> compares_castles("always"), compares_castles("more_than")
    (False, True)
    """
    return _known_rule(rule) != "always"


def with_most_structures(ruleset: Ruleset, rule: str, source: str) -> Ruleset:
    """``ruleset`` playing the most-Structures ``rule`` (``source`` says who chose it); the
    ruleset itself, source and all, when the rule is already its own.

    >>> rules = with_most_structures(load_ruleset(), "more_than", "player: chosen at setup")
    >>> rules.scoring.most_structures_rule.value, rules.scoring.most_structures_rule.source
    ('more_than', 'player: chosen at setup')
    """
    scoring = ruleset.scoring
    if _known_rule(rule) == scoring.most_structures_rule.value:
        return ruleset
    chosen = Sourced[str](value=rule, source=source)
    return ruleset.model_copy(
        update={"scoring": scoring.model_copy(update={"most_structures_rule": chosen})}
    )


def most_structures_line(rule: str, bonus: int, mine: int, his: int | None) -> str:
    """Which most-Structures ``rule`` was played and why the ``bonus`` the engine scored
    is or is not yours, in one short line.

    >>> most_structures_line("more_than", 0, 12, 12)
    'Most Structures, no bonus: yours with more Structures than Frederick (you 12, he 12).'
    """
    got = t("+{bonus} VP", bonus=bonus) if bonus else t("no bonus")
    if _known_rule(rule) == "always":
        return t(
            "Most Structures, {got}: always yours in solo (Frederick scores nothing).", got=got
        )
    if rule == "at_least_as_many":
        return t(
            "Most Structures, {got}: yours with at least as many Structures as Frederick "
            "(you {mine}, he {his}).",
            got=got,
            mine=mine,
            his=his,
        )
    return t(
        "Most Structures, {got}: yours with more Structures than Frederick (you {mine}, he {his}).",
        got=got,
        mine=mine,
        his=his,
    )


def _known_rule(rule: str) -> str:
    if rule not in MOST_STRUCTURES_RULES:
        raise ValueError(
            t(
                "the most-Structures rule is one of {rules}",
                rules=", ".join(MOST_STRUCTURES_RULES),
            )
        )
    return rule


def title_for(score: int, ruleset: Ruleset | None = None) -> str:
    """The solo title a final score earns (Serf, Knight, Feudal lord, Duke).

    >>> title_for(49), title_for(50)
    ('Knight', 'Feudal lord')
    """
    if score < 0:
        raise ValueError(t("a score cannot be negative ({score})", score=score))
    titles = (ruleset or load_ruleset()).scoring.titles.value
    return [t.name for t in titles if score >= t.min_score][-1]


def final_score(
    *,
    vp_track: int,
    structures: int,
    frederick_structures: int,
    grain: int,
    stone: int,
    augustales: int,
    ruleset: Ruleset | None = None,
) -> ScoreBreakdown:
    """Score a finished solo game.

    VP track + 1 per Structure in your castle + the most-Structures bonus + (Grain and
    Stone at 2 Augustales each, plus Augustales) // 6. The bonus follows the ruleset's
    ``most_structures_rule``: ``always`` (the default: you are the only player who scores),
    or only with ``at_least_as_many`` / ``more_than`` Structures than Frederick.

    >>> final_score(vp_track=40, structures=10, frederick_structures=11, grain=1, stone=1,
    ...             augustales=8).total
    56
    """
    values = {
        "vp_track": vp_track,
        "structures": structures,
        "frederick_structures": frederick_structures,
        "grain": grain,
        "stone": stone,
        "augustales": augustales,
    }
    for name, value in values.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(
                t(
                    "{name} must be a whole number of 0 or more, not {value!r}",
                    name=name,
                    value=value,
                )
            )
    scoring = (ruleset or load_ruleset()).scoring
    structure_vp = structures * scoring.vp_per_structure.value
    rule = scoring.most_structures_rule.value
    if rule == "always":
        wins = True
    elif rule == "at_least_as_many":
        wins = structures >= frederick_structures
    else:
        wins = structures > frederick_structures
    bonus = scoring.most_structures_bonus.value if wins else 0
    coins = augustales + (grain + stone) * scoring.augustales_per_resource.value
    resources_vp = coins // scoring.augustales_per_vp.value
    total = vp_track + structure_vp + bonus + resources_vp
    return ScoreBreakdown(
        vp_track=vp_track,
        structures=structure_vp,
        most_structures_bonus=bonus,
        resources_vp=resources_vp,
        total=total,
        title=title_for(total, ruleset),
    )


def final_counts(state: GameState) -> dict[str, int]:
    """The six counts :func:`final_score` takes, as the game tracked them."""
    player = state.player
    return {
        "vp_track": player.vp,
        "structures": player.structures,
        "frederick_structures": state.palace.structures,
        "grain": player.grain,
        "stone": player.stone,
        "augustales": player.augustales,
    }
