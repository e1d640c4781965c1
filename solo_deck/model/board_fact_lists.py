"""The Player Board, the Voyage Board and the Workplace Area as facts to check against your
box (the Castle Board's are in :mod:`solo_deck.model.castle_facts`).

- Player Board: each card slot's two face-down actions, the slot the Card Slot tile locks
  and the Ally space that shows the Edict mark;
- Voyage Board: the Summon cost printed under each open Ally space, port by port;
- Workplace Area: the two spaces each Countryside or Village tile covers, the Grain printed
  on each arrow and the spaces of the two Workplace Edict tokens.

>>> from solo_deck.data.loaders import load_player_board, load_voyage_board
>>> [(f.key, f.value) for f in player_facts(load_player_board())][3:]
[('slot4.actions', 'build summon'), ('slot5.actions', 'promote purchase'), \
('slot6.actions', 'market purchase'), ('locked_slot', '6'), ('marked_ally_space', '1')]
>>> fact = voyage_facts(load_voyage_board())[3]
>>> fact.key, fact.place, fact.value
('port4.space1', 'Port 4 (Barcelona)', '3')
"""

# i18n: sentences are Text
from __future__ import annotations

from solo_deck.model.board_facts import BoardFact, FactKind
from solo_deck.model.grants import MAIN_ACTIONS
from solo_deck.model.player_board import PlayerBoard
from solo_deck.model.voyage_board import VoyageBoard
from solo_deck.model.workplace_area import WorkplaceArea
from solo_deck.text import named, t

Path = tuple[str | int, ...]


def _fact(
    key: str,
    place: str,
    label: str,
    value: str,
    source: str,
    at: Path,
    source_at: Path,
    kind: FactKind,
    **how: object,
) -> BoardFact:
    return BoardFact.model_validate(
        {
            "key": key,
            "place": place,
            "label": label,
            "value": value,
            "source": source,
            "path": at,
            "source_path": source_at,
            "kind": kind,
            **how,
        }
    )


def player_facts(board: PlayerBoard) -> tuple[BoardFact, ...]:
    """Slot by slot, then the Card Slot tile and the marked Ally space."""
    facts = [
        _fact(
            f"slot{slot.number}.actions",
            t("Card slot {n}", n=slot.number),
            t("Face-down actions"),
            " ".join(slot.actions),
            slot.source,
            ("slots", index, "actions"),
            ("slots", index, "source"),
            "choice",
            choices=MAIN_ACTIONS,
            size=2,
        )
        for index, slot in enumerate(board.slots)
    ]
    facts.append(
        _fact(
            "locked_slot",
            t("Card Slot tile"),
            t("Locks slot"),
            str(board.locked_slot),
            board.locked_source,
            ("locked_slot",),
            ("locked_source",),
            "amount",
        )
    )
    facts.append(
        _fact(
            "marked_ally_space",
            t("Ally spaces"),
            t("Edict mark on space"),
            str(board.marked_ally_space),
            board.marked_ally_source,
            ("marked_ally_space",),
            ("marked_ally_source",),
            "amount",
        )
    )
    return tuple(facts)


def port_place(port: int, space: int = 1) -> str:
    """``Port 4 (Barcelona)``: the packaged ring's name beside the number (a ring whose names
    you typed at setup keeps the costs by number); ``…, Ally space 2`` past the first."""
    from solo_deck.data.loaders import load_ruleset

    names = load_ruleset().voyage.ports.value
    if port > len(names):
        if space > 1:
            return t("Port {n}, Ally space {space}", n=port, space=space)
        return t("Port {n}", n=port)
    name = named(names[port - 1], "port")
    if space > 1:
        return t("Port {n} ({port}), Ally space {space}", n=port, port=name, space=space)
    return t("Port {n} ({port})", n=port, port=name)


def voyage_key(port: int, space: int = 1) -> str:
    """The fact key of the Summon cost under Ally space ``space`` of ``port`` (both from 1)."""
    return f"port{port}.space{space}"


def voyage_facts(board: VoyageBoard) -> tuple[BoardFact, ...]:
    """The Summon cost under each open Ally space, in board order."""
    return tuple(
        _fact(
            voyage_key(spot.port, spot.space),
            port_place(spot.port, spot.space),
            t("Summon cost in Grain"),
            str(spot.grain),
            spot.source,
            ("ally_spaces", index, "grain"),
            ("ally_spaces", index, "source"),
            "count",
        )
        for index, spot in enumerate(board.ally_spaces)
    )


def arrow_key(path: str, into: int) -> str:
    """The fact key of the Grain on the arrow into space ``into`` of ``path``."""
    return f"arrow.{path}{into}"


def workplace_facts(area: WorkplaceArea) -> tuple[BoardFact, ...]:
    """Tile by tile, then arrow by arrow, then the Edict tokens.

    >>> from solo_deck.data.loaders import load_workplace_area
    >>> facts = workplace_facts(load_workplace_area())
    >>> [(f.key, f.label, f.value) for f in facts if f.place == "Path A"][3]
    ('arrow.A4', 'Grain on the arrow into A4', '1')
    >>> facts[-1].key, facts[-1].value
    ('tokens', 'A3 C3')
    """
    facts = [
        _fact(
            f"tile{index + 1}",  # i18n: not for a player
            t("Tile {n}", n=index + 1),
            t("Covers spaces"),
            " ".join(pair.spaces),
            pair.source,
            ("tile", index, "spaces"),
            ("tile", index, "source"),
            "sites",
            size=2,
        )
        for index, pair in enumerate(area.tile)
    ]
    facts += [
        _fact(
            arrow_key(arrow.path, arrow.into),
            t("Path {path}", path=arrow.path),
            t("Grain on the arrow into {path}{space}", path=arrow.path, space=arrow.into),
            str(arrow.grain),
            arrow.source,
            ("arrow", index, "grain"),
            ("arrow", index, "source"),
            "count",
        )
        for index, arrow in enumerate(area.arrow)
    ]
    facts.append(
        _fact(
            "tokens",
            t("Workplace Edict tokens"),
            t("Lie on spaces"),
            " ".join(area.tokens.spaces),
            area.tokens.source,
            ("tokens", "spaces"),
            ("tokens", "source"),
            "sites",
        )
    )
    return tuple(facts)
