"""The Ally tiles: who they are and, as structured data, when they pay their bonus."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from solo_deck.model.base import FrozenModel
from solo_deck.text import Text, term


class AllyKind(StrEnum):
    """Loyalists score from Frederick's palace alone; Independents compare you with him."""

    INDEPENDENT = "independent"
    LOYALIST = "loyalist"


class Metric(StrEnum):
    """A quantity an Ally condition looks at, on the player's side and on Frederick's.

    For ``augustales`` Frederick's side is his Treasury in coins; for ``allies`` it is his
    Court; for ``specialist`` it is the board column reached (Countryside 1–2, Village 3–4,
    City 5; Frederick: his one Specialist on Path A, where space and column agree; the
    player: the furthest of their three Specialists, on any path).
    """

    GRAIN = "grain"
    STONE = "stone"
    AUGUSTALES = "augustales"
    TOWERS = "towers"
    WALLS = "walls"
    KEEPS = "keeps"
    STRUCTURES = "structures"
    ALLIES = "allies"
    SPECIALIST = "specialist"


METRIC_LABELS: dict[Metric, Text] = {
    Metric.GRAIN: term("Grain", "piece"),
    Metric.STONE: term("Stone", "piece"),
    Metric.AUGUSTALES: term("Augustales", "piece"),
    Metric.TOWERS: term("Towers", "piece"),
    Metric.WALLS: term("Walls", "piece"),
    Metric.KEEPS: term("Keeps", "piece"),
    Metric.STRUCTURES: term("Structures", "piece"),
    Metric.ALLIES: term("Allies", "piece"),
    Metric.SPECIALIST: term("Specialist space", "piece"),
}


class FrederickThreshold(FrozenModel):
    """Met when Frederick's ``metric`` is at least ``threshold``."""

    kind: Literal["frederick_at_least"] = "frederick_at_least"
    metric: Metric
    threshold: int = Field(ge=1)


class PlayerVersusFrederick(FrozenModel):
    """Met when the player's ``metric`` is ``more`` than (or ``at_least``) Frederick's."""

    kind: Literal["player_versus_frederick"] = "player_versus_frederick"
    metric: Metric
    relation: Literal["more", "at_least"]


AllyCondition = Annotated[FrederickThreshold | PlayerVersusFrederick, Field(discriminator="kind")]


class Ally(FrozenModel):
    """One of the 20 Ally tiles. Two names appear on two tiles each, so ids are unique
    (``gregoria-1``, ``gregoria-2``) while names repeat."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    epithet: str
    kind: AllyKind
    condition: AllyCondition
    source: str
