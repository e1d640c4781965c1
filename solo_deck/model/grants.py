"""What a card, a tile or a Great Structure gives, as structured data.

A :class:`Grant` has a *gain part* (plain gains, a choice of resources, a conversion done
up to N times, a condition on what you hold, gains per counted thing) and an *action part*
(main actions and other steps it lets you take, in order). The engine turns a grant into
pending obligations (:mod:`solo_deck.model.obligations`); :mod:`solo_deck.rules.effects` works out
what the gain part is worth in a given state.

>>> grant = Grant(gain=Gains(augustales=3), actions=(GrantedAction(action="promote"),))
>>> grant.has_gain_part, [a.action for a in grant.actions]
(True, ['promote'])
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from solo_deck.model.base import FrozenModel
from solo_deck.model.gains import Gains
from solo_deck.text import Text, named, term

Structure = Literal["tower", "wall", "keep"]
MainAction = Literal["promote", "market", "build", "summon", "purchase"]
"""The five main actions a card played face down can give."""
MAIN_ACTIONS: tuple[MainAction, ...] = ("promote", "market", "build", "summon", "purchase")
GrantedStep = Literal[
    "promote", "market", "build", "summon", "purchase", "issue_edict", "draw", "move_ship"
]
"""Everything an effect can let you do besides gaining: the main actions, issuing an
Edict, drawing cards and moving your ship."""
CountOf = Literal[
    "own_allies",
    "own_allies_of_kind",
    "own_structures",
    "frederick_court",
    "frederick_structures",
    "frederick_reserve",
]
"""What a :class:`PerCount` counts: your Allies (all, or of the kind you choose), the
Structures in your castle, Frederick's Court Allies, his castle's Structures, or the Grain
and Stone in his Reserve."""


class Conversion(FrozenModel):
    """Pay ``pay`` to get ``get``, as many times as you like up to ``times``."""

    pay: Gains
    get: Gains
    times: int = Field(ge=1, le=9)


class Holding(FrozenModel):
    """A condition: you hold at least ``at_least`` of ``what``."""

    what: Literal["grain", "stone", "augustales"]
    at_least: int = Field(ge=1, le=99)


class PerCount(FrozenModel):
    """Gains per counted thing: one unit per ``every`` of ``of`` (whole units only), at most
    ``max_units`` units. Each unit gives ``gain``, and ``resource_choice`` resources of
    one kind (Grain or Stone, the same kind for every unit)."""

    of: CountOf
    every: int = Field(default=1, ge=1, le=9)
    gain: Gains = Gains()
    resource_choice: int = Field(default=0, ge=0, le=9)
    max_units: int | None = Field(default=None, ge=1, le=99)


class ActionTerms(FrozenModel):
    """How a granted action differs from the usual one.

    - ``structure``: a Build of that Structure only;
    - ``free_resources``: a Build without its Stone/Grain cost (a Great Structure still
      costs its Augustales);
    - ``discount``: less to pay (Stone for a Build, Grain for a Summon, Augustales for a
      Purchase);
    - ``free_grain``: a Summon or Promote without its Grain;
    - ``augustales_instead``: pay this many Augustales instead of the resources (Build) or
      the Grain (Summon);
    - ``mixed_resources``: pay a Build's cost with any mix of Grain and Stone;
    - ``any_port``: move your ship to any port, free;
    - ``distinct``: the promotions must move different Specialists.
    """

    structure: Structure | None = None
    free_resources: bool = False
    discount: Gains = Gains()
    free_grain: bool = False
    augustales_instead: int | None = Field(default=None, ge=0, le=99)
    mixed_resources: bool = False
    any_port: bool = False
    distinct: bool = False

    @property
    def plain(self) -> bool:
        """True when nothing differs from the usual action."""
        return self == ActionTerms()

    @property
    def waives_build_cost(self) -> bool:
        """True when a Build under these terms pays none of its site's Stone and Grain."""
        return self.free_resources or self.augustales_instead is not None


class GrantedAction(FrozenModel):
    """One step an effect lets you take: ``count`` promotions, edicts or cards drawn."""

    action: GrantedStep
    count: int = Field(default=1, ge=1, le=9)
    terms: ActionTerms = ActionTerms()
    optional: bool = True
    """False for steps the rules impose (issuing an Edict)."""


class Grant(FrozenModel):
    """An effect as data: the gain part first, then the actions in order.

    ``unknown`` marks an effect our sources do not give: the player types what it does.
    """

    gain: Gains = Gains()
    resource_choice: int = Field(default=0, ge=0, le=9)
    """Resources of your choice, any mix of Grain and Stone."""
    conversion: Conversion | None = None
    condition: Holding | None = None
    """When set, the plain ``gain`` comes only if you hold enough."""
    per: PerCount | None = None
    actions: tuple[GrantedAction, ...] = ()
    unknown: bool = False

    @model_validator(mode="after")
    def _something(self) -> Grant:
        if self.unknown:
            if self.has_gain_part or self.actions:
                raise ValueError("an unknown effect has no data of its own")
            return self
        if not self.has_gain_part and not self.actions:
            raise ValueError("an effect gives something or lets you do something")
        if self.condition is not None and self.gain.empty:
            raise ValueError("a condition needs a gain to give")
        return self

    @property
    def has_gain_part(self) -> bool:
        """True when the effect gives something besides actions."""
        return (
            not self.gain.empty
            or self.resource_choice > 0
            or self.conversion is not None
            or self.per is not None
        )

    @property
    def needs_choice(self) -> bool:
        """True when the player decides something in the gain part (a resource split, how
        many conversions, which kind of Ally)."""
        per = self.per
        return (
            self.unknown
            or self.resource_choice > 0
            or self.conversion is not None
            or (per is not None and (per.resource_choice > 0 or per.of == "own_allies_of_kind"))
        )


def structure_term(structure: str) -> Text:
    """The game term of a Structure key (``tower`` → ``Tower``).

    >>> structure_term("keep")
    'Keep'
    """
    if structure == "tower":
        return term("Tower", "structure")
    if structure == "wall":
        return term("Wall", "structure")
    if structure == "keep":
        return term("Keep", "structure")
    return named(structure.capitalize(), "structure")


def action_term(action: str) -> Text:
    """The game term of a main action key (``market`` → ``Market``).

    >>> action_term("purchase")
    'Purchase'
    """
    return {
        "promote": term("Promote", "action"),
        "market": term("Market", "action"),
        "build": term("Build", "action"),
        "summon": term("Summon", "action"),
        "purchase": term("Purchase", "action"),
    }.get(action) or named(action.capitalize(), "action")
