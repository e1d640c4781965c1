"""Events: every change to a game is one of these, appended to its log.

Some are decisions the engine takes (Frederick's turn in virtual mode); most are facts the
table tells it (a tile revealed, a ship moved, a resource gained). ``type`` identifies the
event in saved documents.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from solo_deck.edict import Edict, EdictKind
from solo_deck.model_base import FrozenModel
from solo_deck.palace import Direction
from solo_deck.player import Path
from solo_deck.solo_cards import CardFace

Delta = Annotated[int, Field(ge=-999, le=999)]
Amount = Annotated[int, Field(ge=0, le=999)]
Index = Annotated[int, Field(ge=0, le=15)]
Position = Annotated[int, Field(ge=0, le=2)]


class FrederickTurn(FrozenModel):
    """Frederick flips a solo card and acts. In virtual mode the engine fills in
    ``card_id``; in table mode the player gives the ``face`` they saw."""

    type: Literal["frederick_turn"] = "frederick_turn"
    card_id: str | None = None
    face: CardFace | None = None


class RevealEdict(FrozenModel):
    """The Edict tile just drawn into Next ``position`` shows ``edict``."""

    type: Literal["reveal_edict"] = "reveal_edict"
    position: Position
    edict: Edict


class EndTurn(FrozenModel):
    """You finish your turn."""

    type: Literal["end_turn"] = "end_turn"


class Pass(FrozenModel):
    """You pass (allowed only with no card in hand) and take no more turns this round."""

    type: Literal["pass"] = "pass"


class Travel(FrozenModel):
    """You sail clockwise to ``port``. ``cost`` overrides the usual Augustales (abilities
    that make steps free)."""

    type: Literal["travel"] = "travel"
    port: Index
    cost: Amount | None = None


class PlayerEdict(FrozenModel):
    """You issue the Active Edict in ``slot``, choosing add or remove per kind, and
    ``replacement`` names the Next tile that slides down (``None`` only when no Next tile
    is left)."""

    type: Literal["player_edict"] = "player_edict"
    slot: Position
    choice: dict[EdictKind, Direction]
    replacement: Position | None


class SummonAlly(FrozenModel):
    """You summon the face-up Ally at your ship's port, paying ``grain``."""

    type: Literal["summon_ally"] = "summon_ally"
    ally_id: str = Field(min_length=1, max_length=40)
    space: Index = 0
    grain: Amount = 0


class BuyCard(FrozenModel):
    """You purchase the Advanced card at your ship's port, paying ``augustales``."""

    type: Literal["buy_card"] = "buy_card"
    space: Index = 0
    card_id: str | None = None
    augustales: Amount = 0


class Build(FrozenModel):
    """You build a Structure in your castle, paying what it cost."""

    type: Literal["build"] = "build"
    structure: Literal["tower", "wall", "keep"]
    grain: Amount = 0
    stone: Amount = 0
    augustales: Amount = 0


class Promote(FrozenModel):
    """You move Specialist ``specialist`` (0–2) one space; ``path`` is needed the first
    time it enters the Workplace Area."""

    type: Literal["promote"] = "promote"
    specialist: Position
    path: Path | None = None
    grain: Amount = 0


class Gain(FrozenModel):
    """You gain (positive) or spend (negative) VP and supplies."""

    type: Literal["gain"] = "gain"
    vp: Delta = 0
    grain: Delta = 0
    stone: Delta = 0
    augustales: Delta = 0
    reason: str = Field(default="", max_length=80)


class Correct(FrozenModel):
    """A hand correction of one tracked value (see ``solo_deck.corrections``)."""

    type: Literal["correct"] = "correct"
    target: str = Field(min_length=1, max_length=40)
    value: int | str | None


class NameAlly(FrozenModel):
    """The face-up Ally in a port's space is ``ally_id`` (``None``: unknown)."""

    type: Literal["name_ally"] = "name_ally"
    port: Index
    space: Index = 0
    ally_id: str | None


class NameCard(FrozenModel):
    """The Advanced card in a port's space is ``card_id`` (``None``: unknown)."""

    type: Literal["name_card"] = "name_card"
    port: Index
    space: Index = 0
    card_id: str | None


class ScoreAllyIncome(FrozenModel):
    """End Phase: add the Allies' income to your VP."""

    type: Literal["ally_income"] = "ally_income"


class CastleIncome(FrozenModel):
    """End Phase: what your castle's closed sides gave."""

    type: Literal["castle_income"] = "castle_income"
    vp: Amount = 0
    grain: Amount = 0
    stone: Amount = 0
    augustales: Amount = 0


class Reorganise(FrozenModel):
    """End Phase: refill the card spaces and turn uncovered Allies face up."""

    type: Literal["reorganise"] = "reorganise"


class EndRound(FrozenModel):
    """End Phase done: check the game end, else start the next round."""

    type: Literal["end_round"] = "end_round"


Event = Annotated[
    FrederickTurn
    | RevealEdict
    | EndTurn
    | Pass
    | Travel
    | PlayerEdict
    | SummonAlly
    | BuyCard
    | Build
    | Promote
    | Gain
    | Correct
    | NameAlly
    | NameCard
    | ScoreAllyIncome
    | CastleIncome
    | Reorganise
    | EndRound,
    Field(discriminator="type"),
]
