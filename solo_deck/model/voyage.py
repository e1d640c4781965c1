"""The Voyage ring: ports, both ships, and what lies at each port."""

# i18n: sentences are Text
from __future__ import annotations

from typing import TypeVar

from pydantic import Field, model_validator

from solo_deck.errors import RuleError
from solo_deck.model.base import FrozenModel
from solo_deck.model.solo_cards import ShipMove
from solo_deck.text import Text, named, t

S = TypeVar("S")


class CardSpace(FrozenModel):
    """An Advanced Action card space: empty, or a card whose id may be known."""

    present: bool = True
    card_id: str | None = None

    def describe(self) -> str:
        """``A7``, ``a card`` or ``empty``."""
        if not self.present:
            return t("empty")
        return self.card_id or t("a card")


class AllySpace(FrozenModel):
    """An Ally space: a face-up Ally (id known or not) on top of a face-down one."""

    face_up: bool = True
    face_up_id: str | None = None
    face_down: bool = True

    @model_validator(mode="after")
    def _id_needs_tile(self) -> AllySpace:
        if self.face_up_id is not None and not self.face_up:
            raise ValueError("an Ally id needs a face-up Ally")
        return self


class Port(FrozenModel):
    """One port of the ring."""

    name: str
    cards: tuple[CardSpace, ...]
    allies: tuple[AllySpace, ...]


class Voyage(FrozenModel):
    """Ports in clockwise order, both ships (port indexes) and the Advanced card pile.

    >>> voyage = Voyage.initial(["Roma", "Alexandria", "Tunis"], start="Roma", advanced_pile=13)
    >>> voyage.travel_cost(voyage.steps_to(2))
    1
    """

    ports: tuple[Port, ...]
    frederick: int = Field(ge=0)
    player: int = Field(ge=0)
    advanced_pile: int = Field(ge=0)
    removed_allies: tuple[str, ...] = ()
    """The Allies Frederick removed from the game whose names were known."""
    removed_cards: tuple[str, ...] = ()
    """The Advanced cards Frederick removed from the game whose names were known."""

    @model_validator(mode="after")
    def _ships_on_ring(self) -> Voyage:
        if self.frederick >= len(self.ports) or self.player >= len(self.ports):
            raise ValueError("a ship must stand on one of the ports")
        return self

    @classmethod
    def initial(
        cls,
        port_names: list[str],
        *,
        start: str,
        advanced_pile: int,
        card_spaces: int = 1,
        ally_spaces: int = 1,
        card_ids: list[str | None] | None = None,
        ally_ids: list[str | None] | None = None,
    ) -> Voyage:
        """The ring after setup: every card space filled, every Ally space holding a
        face-up Ally on a face-down one, both ships at ``start``. ``card_ids`` and
        ``ally_ids`` (one per port, for the first space) name what is known."""
        ports = []
        for index, name in enumerate(port_names):
            cards = [CardSpace() for _ in range(card_spaces)]
            allies = [AllySpace() for _ in range(ally_spaces)]
            if card_ids and index < len(card_ids) and cards:
                cards[0] = CardSpace(card_id=card_ids[index])
            if ally_ids and index < len(ally_ids) and allies:
                allies[0] = AllySpace(face_up_id=ally_ids[index])
            ports.append(Port(name=name, cards=tuple(cards), allies=tuple(allies)))
        home = port_names.index(start)
        return cls(ports=tuple(ports), frederick=home, player=home, advanced_pile=advanced_pile)

    # --- geometry ---------------------------------------------------------------------

    def port_index(self, name: str) -> int:
        """The index of a port by name (case-insensitive); ``RuleError`` lists the ports."""
        for index, port in enumerate(self.ports):
            if port.name.casefold() == name.strip().casefold():
                return index
        names = ", ".join(port.name for port in self.ports)
        raise RuleError(
            t("there is no port called {name!r}; the ports are {names}", name=name, names=names)
        )

    def steps_to(self, target: int, start: int | None = None) -> int:
        """Clockwise steps from ``start`` (default: your ship) to ``target``."""
        origin = self.player if start is None else start
        return (target - origin) % len(self.ports)

    @staticmethod
    def travel_cost(steps: int, free_steps: int = 1) -> int:
        """Augustales for travelling ``steps`` spaces: the first ``free_steps`` are free,
        each further one costs 1."""
        return max(0, steps - free_steps)

    # --- ships ------------------------------------------------------------------------

    def frederick_destination(self, move: ShipMove) -> int:
        """Where Frederick's ship goes for a solo card's move."""
        steps = move.steps
        if steps is None:
            return self.player
        return (self.frederick + steps) % len(self.ports)

    def with_frederick_at(self, port: int) -> Voyage:
        """Frederick's ship moved to ``port``."""
        return self.model_copy(update={"frederick": port})

    def with_player_at(self, port: int) -> Voyage:
        """Your ship moved to ``port``."""
        return self.model_copy(update={"player": port})

    # --- port contents ------------------------------------------------------------------

    def take_card(self, port: int, space: int = 0) -> tuple[Voyage, CardSpace | None]:
        """Remove the Advanced card from a space; ``None`` if there was nothing to take."""
        taken = self._space(port, self.ports[port].cards, space, ally=False)
        if not taken.present:
            return self, None
        return self._with_card(port, space, CardSpace(present=False)), taken

    def first_card_space(self, port: int) -> int | None:
        """The first space at ``port`` holding a card."""
        return next((i for i, s in enumerate(self.ports[port].cards) if s.present), None)

    def take_first_card(self, port: int) -> tuple[Voyage, CardSpace | None]:
        """:meth:`take_card` from the :meth:`first_card_space`; ``None`` if ``port`` has no
        card."""
        space = self.first_card_space(port)
        return (self, None) if space is None else self.take_card(port, space)

    def take_ally(self, port: int, space: int = 0) -> tuple[Voyage, AllySpace | None]:
        """Remove the face-up Ally from a space, uncovering the face-down one beneath
        (turned face up only at reorganisation). ``None`` if no face-up Ally was there."""
        taken = self._space(port, self.ports[port].allies, space, ally=True)
        if not taken.face_up:
            return self, None
        left = AllySpace(face_up=False, face_down=taken.face_down)
        return self._with_ally(port, space, left), taken

    def first_ally_space(self, port: int) -> int | None:
        """The first space at ``port`` with a face-up Ally."""
        return next((i for i, s in enumerate(self.ports[port].allies) if s.face_up), None)

    def take_first_ally(self, port: int) -> tuple[Voyage, AllySpace | None]:
        """:meth:`take_ally` from the :meth:`first_ally_space`; ``None`` if ``port`` has no
        face-up Ally."""
        space = self.first_ally_space(port)
        return (self, None) if space is None else self.take_ally(port, space)

    def name_ally(self, port: int, space: int, ally_id: str | None) -> Voyage:
        """Record who the face-up Ally in a space is."""
        current = self.ports[port].allies[space]
        if not current.face_up:
            raise RuleError(t("there is no face-up Ally in {port}", port=self.ports[port].name))
        return self._with_ally(port, space, current.model_copy(update={"face_up_id": ally_id}))

    def name_card(self, port: int, space: int, card_id: str | None) -> Voyage:
        """Record which Advanced card lies in a space."""
        current = self.ports[port].cards[space]
        if not current.present:
            raise RuleError(t("there is no Advanced card in {port}", port=self.ports[port].name))
        return self._with_card(port, space, CardSpace(card_id=card_id))

    def empty_card_spaces(self) -> list[tuple[int, int]]:
        """``(port, space)`` of every empty card space, in ring order."""
        return [
            (p, s)
            for p, port in enumerate(self.ports)
            for s, space in enumerate(port.cards)
            if not space.present
        ]

    def reorganise(self) -> tuple[Voyage, int, list[tuple[int, int]]]:
        """Refill empty card spaces from the pile and turn uncovered face-down Allies up.

        Returns the new ring, the number of card spaces left empty for lack of cards (more
        than 0 ends the game after this round) and the ``(port, space)`` of each Ally just
        turned face up (its identity is for the table to tell).
        """
        voyage = self
        pile = self.advanced_pile
        missing = 0
        for port, space in self.empty_card_spaces():
            if pile > 0:
                pile -= 1
                voyage = voyage._with_card(port, space, CardSpace())
            else:
                missing += 1
        flipped = []
        for p, port_ in enumerate(voyage.ports):
            for s, ally in enumerate(port_.allies):
                if not ally.face_up and ally.face_down:
                    voyage = voyage._with_ally(p, s, AllySpace(face_up=True, face_down=False))
                    flipped.append((p, s))
        return voyage.model_copy(update={"advanced_pile": pile}), missing, flipped

    def _space(self, port: int, spaces: tuple[S, ...], space: int, *, ally: bool) -> S:
        """``spaces[space]`` of ``port``, or a :class:`RuleError` naming the port when it has
        no such card (``ally``: Ally) space."""
        if space >= len(spaces):
            raise RuleError(no_space(self.ports[port].name, space, ally=ally))
        return spaces[space]

    def _with_card(self, port: int, space: int, value: CardSpace) -> Voyage:
        cards = _replaced(self.ports[port].cards, space, value)
        return self._with_port(port, self.ports[port].model_copy(update={"cards": cards}))

    def _with_ally(self, port: int, space: int, value: AllySpace) -> Voyage:
        allies = _replaced(self.ports[port].allies, space, value)
        return self._with_port(port, self.ports[port].model_copy(update={"allies": allies}))

    def _with_port(self, index: int, port: Port) -> Voyage:
        return self.model_copy(update={"ports": _replaced(self.ports, index, port)})


def _replaced(items: tuple[S, ...], index: int, value: S) -> tuple[S, ...]:
    """``items`` with ``items[index]`` replaced by ``value``.

    >>> _replaced(("a", "b", "c"), 1, "x")
    ('a', 'x', 'c')
    """
    replaced = list(items)
    replaced[index] = value
    return tuple(replaced)


def no_space(port: str, space: int, *, ally: bool) -> Text:
    """The refusal of a port's card (``ally``: Ally) space it does not have (``space``
    counted from 0).

    >>> no_space("Roma", 2, ally=True)
    'Roma has no Ally space 3'
    """
    if ally:
        return t("{port} has no Ally space {space}", port=named(port, "port"), space=space + 1)
    return t("{port} has no card space {space}", port=named(port, "port"), space=space + 1)
