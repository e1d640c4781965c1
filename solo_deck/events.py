"""Events: every change to a game is one of these, appended to its log.

Some are decisions the engine takes (Frederick's turn in virtual mode); most are facts the
table tells it (a tile revealed, a card played, a ship moved). ``type`` identifies the event
in saved documents. A turn of yours is: optionally :class:`Travel`, then :class:`PlayCard`
(or :class:`Pass`), then the events that meet what it leaves pending (a :class:`Build`, a
:class:`PlayerEdict`, a :class:`Resolve`...); the turn ends by itself when nothing is left.
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from solo_deck.model.base import FrozenModel
from solo_deck.model.board import MarketTile
from solo_deck.model.castle import CoverId, GreatId, SideIncome
from solo_deck.model.city_bonus import CityTileId
from solo_deck.model.edict import Edict, EdictKind
from solo_deck.model.grants import Grant, MainAction
from solo_deck.model.palace import Direction
from solo_deck.model.player import Path
from solo_deck.model.solo_cards import CardFace

Delta = Annotated[int, Field(ge=-999, le=999)]
Amount = Annotated[int, Field(ge=0, le=999)]
Index = Annotated[int, Field(ge=0, le=15)]
Position = Annotated[int, Field(ge=0, le=2)]
CardId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


# --- Frederick and the table's facts ------------------------------------------------------


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


class NameHand(FrozenModel):
    """The table names ``cards`` of your hand the engine did not know by name (cards
    drawn, or held since before): from then on it knows they are there."""

    type: Literal["name_hand"] = "name_hand"
    cards: tuple[CardId, ...] = Field(min_length=1, max_length=20)


class Gain(FrozenModel):
    """A hand correction: you gain (positive) or spend (negative) VP and supplies."""

    type: Literal["gain"] = "gain"
    vp: Delta = 0
    grain: Delta = 0
    stone: Delta = 0
    augustales: Delta = 0
    reason: str = Field(default="", max_length=80)


class Correct(FrozenModel):
    """A hand correction of one tracked value (see ``solo_deck.rules.corrections``)."""

    type: Literal["correct"] = "correct"
    target: str = Field(min_length=1, max_length=40)
    value: int | str | None


class CheckBoard(FrozenModel):
    """The table tells a printed value of one of your boards (``board``: the ruleset field,
    ``castle_board``…; ``key``: the fact, ``T2.cost``; ``value`` as typed on the Board
    screen). From now on this game plays on it and the value is ``yours`` (see
    :mod:`solo_deck.rules.board_check`)."""

    type: Literal["check_board"] = "check_board"
    board: str = Field(min_length=1, max_length=40)
    key: str = Field(min_length=1, max_length=40)
    value: str = Field(max_length=80)


# --- your turn ------------------------------------------------------------------------------


class Travel(FrozenModel):
    """You sail clockwise to ``port`` (before playing your card, or anywhere for free when
    an effect moves your ship)."""

    type: Literal["travel"] = "travel"
    port: Index


class PlayCard(FrozenModel):
    """You play a card into ``slot``: face up (``card_id`` names a House card of yours or an
    Advanced card you own) or face down for the main ``actions`` you choose (one; two once
    the both-actions Keep cover works). A face-down card may name its card too (a game that
    follows every card, such as a simulated one); unnamed, it may be any card of your hand.
    ``effect`` tells what a card our data does not know does, the first time you play it."""

    type: Literal["play_card"] = "play_card"
    slot: Annotated[int, Field(ge=0, le=8)]
    face_up: bool
    card_id: CardId | None = None
    actions: tuple[MainAction, ...] = ()
    effect: Grant | None = None

    @model_validator(mode="after")
    def _shape(self) -> PlayCard:
        if self.face_up and (self.card_id is None or self.actions):
            raise ValueError("a card played face up names its card and no main action")
        if not self.face_up and self.effect is not None:
            raise ValueError("a card played face down gives a main action, not its effect")
        if not self.face_up and not 1 <= len(self.actions) <= 2:
            raise ValueError("a card played face down gives one main action (two at most)")
        if len(set(self.actions)) != len(self.actions):
            raise ValueError("the two main actions of a face-down card differ")
        return self


class Pass(FrozenModel):
    """You pass and take no more turns this round. The rules allow it only with no card
    left in your hand; only the table knows your hand, so the engine takes your word (a
    front end should ask)."""

    type: Literal["pass"] = "pass"


class PlayerEdict(FrozenModel):
    """You issue the Active Edict in ``slot``, choosing add or remove per kind, and
    ``replacement`` names the Next tile that slides down (``None`` only when no Next tile
    is left)."""

    type: Literal["player_edict"] = "player_edict"
    slot: Position
    choice: dict[EdictKind, Direction]
    replacement: Position | None


class TakeEdictReward(FrozenModel):
    """You take the reward printed under Active ``slot``: these gains (a resource of your
    choice is given as the Grain or Stone taken). ``reward`` tells what is printed there the
    first time (the engine remembers it)."""

    type: Literal["take_edict_reward"] = "take_edict_reward"
    slot: Position
    vp: Amount = 0
    grain: Amount = 0
    stone: Amount = 0
    augustales: Amount = 0
    reward: Grant | None = None


class SummonAlly(FrozenModel):
    """You summon the face-up Ally at your ship's port, paying ``grain`` (or
    ``augustales`` when an effect lets you pay coins instead). ``edict_mark``: the Ally
    space of your Player Board you put it on shows the Edict mark; ``None`` (what the app
    records on a game with a Player Board) lets the board data decide (see
    :func:`~solo_deck.rules.summon_cost.summon_marks_edict`). A game without the board says
    it, and Summons recorded before the board decided keep what they said."""

    type: Literal["summon_ally"] = "summon_ally"
    ally_id: str = Field(min_length=1, max_length=40)
    space: Index = 0
    grain: Amount = 0
    augustales: Amount = 0
    edict_mark: bool | None = None


class BuyCard(FrozenModel):
    """You purchase the Advanced card ``card_id`` at your ship's port. ``augustales`` is
    what you paid (``None``: its cost, less your discounts); for a card that costs an Action
    card, ``removes`` names the card you removed from the game."""

    type: Literal["buy_card"] = "buy_card"
    space: Index = 0
    card_id: CardId
    augustales: Amount | None = None
    removes: CardId | None = None
    from_hand: bool = False
    """The card ``removes`` names came from your hand (else from your discard pile)."""


class Build(FrozenModel):
    """You build a Structure, normal or ``great``, paying the space's ``grain`` and
    ``stone`` (only the board knows them) and ``augustales`` (``None``: the Great
    Structure's cost, and any cost in coins an effect asks). A Keep turns over the Keep
    Cover ``cover``. ``edict_mark``: the space shows the Edict mark (every Keep does).
    ``closes`` lists the income of each side of your castle this build closes."""

    type: Literal["build"] = "build"
    structure: Literal["tower", "wall", "keep"]
    site: str | None = Field(default=None, pattern=r"^[TWK][1-9]$")
    """The Castle Board site built (``T3``). With a site the board gives the cost, the
    Edict mark, the sides closed and the Keep Cover: ``grain``/``stone`` must be what the
    site costs after your discounts (or, when the action lets you mix them, add up to
    it), ``edict_mark`` and ``closes`` stay unset. Games saved before the board was known
    name no site and say what the table showed."""
    great: GreatId | None = None
    cover: CoverId | None = None
    grain: Amount = 0
    stone: Amount = 0
    augustales: Amount | None = None
    edict_mark: bool = False
    closes: tuple[SideIncome, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> Build:
        if self.site is not None:
            if self.site[0] != self.structure[0].upper():
                raise ValueError(f"site {self.site} does not hold a {self.structure}")
            if self.closes or self.edict_mark:
                raise ValueError("the board tells a site's Edict mark and sides: leave them out")
        if (self.structure == "keep") != (self.cover is not None):
            raise ValueError("a Keep, and only a Keep, names the Keep Cover it turns over")
        if self.structure == "keep" and self.closes:
            raise ValueError("a Keep does not close a side of your castle")
        if len(set(self.closes)) != len(self.closes):
            raise ValueError("each side income appears once")
        return self


class Promote(FrozenModel):
    """You move Specialist ``specialist`` (0–2) one space; ``path`` is needed the first
    time it enters the Workplace Area. ``grain``: what the arrow crossed costs (``None``:
    the engine takes it from the board; a game saved before the board was data says it)."""

    type: Literal["promote"] = "promote"
    specialist: Position
    path: Path | None = None
    grain: Amount | None = None


class VisitMarket(FrozenModel):
    """You trade at the Market at your ship's port: ``sells`` sales and ``buys`` purchases
    (once each; one more with a Workplace ability). ``rates`` tells what the port's Market
    tile shows the first time (the engine remembers it)."""

    type: Literal["visit_market"] = "visit_market"
    sells: int = Field(default=0, ge=0, le=3)
    buys: int = Field(default=0, ge=0, le=3)
    rates: MarketTile | None = None


# --- following through ----------------------------------------------------------------


class Resolve(FrozenModel):
    """You take what the first pending obligation offers, with your choices: the split of a
    resource choice (``grain`` + ``stone``), how many ``times`` to convert, which
    ``ally_kind`` to count. ``effect`` tells what an effect our data does not know does."""

    type: Literal["resolve"] = "resolve"
    grain: Amount = 0
    stone: Amount = 0
    times: int | None = Field(default=None, ge=0, le=9)
    ally_kind: Literal["independent", "loyalist"] | None = None
    effect: Grant | None = None


class Decline(FrozenModel):
    """You decline the first pending obligation (only where the rules allow it)."""

    type: Literal["decline"] = "decline"


class PlaceWorkplace(FrozenModel):
    """The Workplace tile on Path ``path`` space ``space`` is ``tile``, and ``token`` says
    whether a Workplace Edict token lies there. ``token_spaces``, when given, says where every
    Workplace Edict token still on the board lies (told once, so no later space asks)."""

    type: Literal["place_workplace"] = "place_workplace"
    path: Path
    space: Annotated[int, Field(ge=1, le=5)]
    tile: str = Field(pattern=r"^(countryside|village)-(I|II)-[A-D]$")
    token: bool = False
    token_spaces: tuple[Annotated[str, Field(pattern=r"^[A-C][1-5]$")], ...] | None = None


class ChooseCityBonus(FrozenModel):
    """You take City Bonus tile ``tile`` in the City your Specialist reached (``None``: no
    tile was left there)."""

    type: Literal["choose_city_bonus"] = "choose_city_bonus"
    tile: CityTileId | None


class DropResources(FrozenModel):
    """You put back resources your warehouse cannot hold."""

    type: Literal["drop_resources"] = "drop_resources"
    grain: Amount = 0
    stone: Amount = 0


# --- the End Phase ------------------------------------------------------------------------


class CastleIncome(FrozenModel):
    """End Phase: take the income of your castle's closed sides."""

    type: Literal["castle_income"] = "castle_income"


class ScoreAllyIncome(FrozenModel):
    """End Phase: add the Allies' income to your VP."""

    type: Literal["ally_income"] = "ally_income"


class Reorganise(FrozenModel):
    """End Phase: refill the card spaces and turn uncovered Allies face up."""

    type: Literal["reorganise"] = "reorganise"


class EndRound(FrozenModel):
    """End Phase done: check the game end, else start the next round."""

    type: Literal["end_round"] = "end_round"


Event = Annotated[
    FrederickTurn
    | RevealEdict
    | NameAlly
    | NameCard
    | NameHand
    | Gain
    | Correct
    | CheckBoard
    | Travel
    | PlayCard
    | Pass
    | PlayerEdict
    | TakeEdictReward
    | SummonAlly
    | BuyCard
    | Build
    | Promote
    | VisitMarket
    | Resolve
    | Decline
    | PlaceWorkplace
    | ChooseCityBonus
    | DropResources
    | CastleIncome
    | ScoreAllyIncome
    | Reorganise
    | EndRound,
    Field(discriminator="type"),
]

EVENT_CLASSES: tuple[type[FrozenModel], ...] = (
    FrederickTurn,
    RevealEdict,
    NameAlly,
    NameCard,
    NameHand,
    Gain,
    Correct,
    CheckBoard,
    Travel,
    PlayCard,
    Pass,
    PlayerEdict,
    TakeEdictReward,
    SummonAlly,
    BuyCard,
    Build,
    Promote,
    VisitMarket,
    Resolve,
    Decline,
    PlaceWorkplace,
    ChooseCityBonus,
    DropResources,
    CastleIncome,
    ScoreAllyIncome,
    Reorganise,
    EndRound,
)
"""Every event class, in the order of :data:`Event`."""


def event_type(cls: type[FrozenModel]) -> str:
    """The ``type`` value of an event class (``Build`` → ``build``)."""
    return str(cls.model_fields["type"].default)


EVENT_TYPES: tuple[str, ...] = tuple(event_type(cls) for cls in EVENT_CLASSES)
"""Every event ``type`` value."""
