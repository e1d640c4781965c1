"""Pending obligations: what the rules require of you now, in the rulebook's order.

An action that triggers effects leaves them in :attr:`GameState.pending
<solo_deck.model.state.GameState.pending>`, first one first: a Build pays its costs, then the
closed side's bonus, the Workplace benefits, the Great Structure's bonus, the Keep cover and
last the Edict of the space. The game refuses every other player or Frederick event until the
first obligation is met (by the event it names in :attr:`Obligation.does`) or, where the
rules allow, declined. Effects triggered while one is met come before the rest (each action
is fully resolved in turn). Plain numbers (+3 VP from a Workplace, a side's Stone) are
``auto``: the engine applies them itself when they come up and says so in the log.

>>> duty = Obligation(kind="issue_edict", does="edict", source="Keep", optional=False,
...                   text="You built a Keep: issue an Edict")
>>> duty.event_types
('player_edict', 'take_edict_reward')
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import Literal

from pydantic import Field

from solo_deck.model.base import FrozenModel
from solo_deck.model.gains import Gains
from solo_deck.model.grants import ActionTerms, Grant
from solo_deck.text import KeptText

ObligationKind = Literal[
    "main_action",
    "card_effect",
    "issue_edict",
    "edict_reward",
    "side_bonus",
    "workplace_bonus",
    "great_structure_bonus",
    "keep_cover",
    "city_bonus",
    "market_visit",
    "name_workplace",
    "draw_cards",
    "store_resources",
]
"""Why something is owed: the action of a face-down card, a card's effect, an Edict to
issue and its reward, a closed side's bonus, a Workplace benefit, a Great Structure's bonus,
a Keep cover's draw, a City Bonus tile, a Market visit from castle income, a Workplace or
City to name, cards to draw, or resources beyond what the warehouse holds."""

Satisfier = Literal[
    "promote",
    "market",
    "build",
    "summon",
    "purchase",
    "edict",
    "edict_reward",
    "resolve",
    "move_ship",
    "name_workplace",
    "city_bonus",
    "drop",
    "auto",
]
"""What meets an obligation (see :data:`EVENT_TYPES`)."""

EVENT_TYPES: dict[Satisfier, tuple[str, ...]] = {
    "promote": ("promote",),
    "market": ("visit_market",),
    "build": ("build",),
    "summon": ("summon_ally",),
    "purchase": ("buy_card",),
    "edict": ("player_edict", "take_edict_reward"),
    "edict_reward": ("take_edict_reward",),
    "resolve": ("resolve",),
    "move_ship": ("travel",),
    "name_workplace": ("place_workplace",),
    "city_bonus": ("choose_city_bonus",),
    "drop": ("drop_resources",),
    "auto": (),
}
"""The event types (their ``type`` field) that meet each kind of obligation. An Edict is
met by issuing one, or, when no Active tile is left, by taking one of the three rewards."""


class Obligation(FrozenModel):
    """One thing owed, with a line in table language.

    ``gains`` are what an ``auto`` obligation gives (or a fixed offer to confirm); ``grant``
    an effect to resolve; ``terms`` how a granted action differs from the usual one;
    ``count`` the cards to draw; ``slot`` the Active space of an Edict reward; ``space`` the
    Workplace (``A3``) or City (``B``) concerned; ``card_id`` the card whose effect it is;
    ``exclude_specialist`` a Specialist a second promotion may not move again.
    """

    kind: ObligationKind
    does: Satisfier
    text: KeptText
    source: KeptText
    optional: bool = True
    gains: Gains = Gains()
    grant: Grant | None = None
    terms: ActionTerms = ActionTerms()
    count: int = Field(default=1, ge=0, le=99)
    slot: int | None = Field(default=None, ge=0, le=2)
    space: str | None = None
    card_id: str | None = None
    exclude_specialist: int | None = None

    @property
    def auto(self) -> bool:
        """True when the engine meets it by itself."""
        return self.does == "auto"

    @property
    def event_types(self) -> tuple[str, ...]:
        """The event ``type`` values that meet it."""
        return EVENT_TYPES[self.does]
