"""The Castle Board as facts to check against your box, site by site: its cost (Stone and
Grain, in one value), the Edict mark, the Towers a Wall joins, the side income and its
amount (Walls), the Keep Cover (Keeps), and the pieces placed at setup.

>>> from solo_deck.data.loaders import load_castle_board
>>> facts = castle_facts(load_castle_board())
>>> [(f.key, f.value) for f in facts if f.place == "Wall W2"]
[('W2.cost', '2 Stone, 1 Grain'), ('W2.edict', 'yes'), ('W2.joins', 'T2 T3'), \
('W2.side', 'stone'), ('W2.side_amount', '1')]
>>> facts[-1].key, facts[-1].value
('start', 'T1 W1')
"""

# i18n: sentences are Text
from __future__ import annotations

from typing import get_args

from solo_deck.model.board_facts import BoardFact
from solo_deck.model.castle import CoverId, SideIncome
from solo_deck.model.castle_board import CastleBoard, CastleSite
from solo_deck.text import t

_SIDES = tuple(get_args(SideIncome))
_COVERS = tuple(get_args(CoverId))


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def cost_text(site: CastleSite) -> str:
    """``2 Stone, 1 Grain``, ``1 Grain`` or ``free``: a site's printed cost as typed."""
    parts = [f"{n} {name}" for name, n in (("Stone", site.cost.stone), ("Grain", site.cost.grain))]
    return ", ".join(p for p in parts if not p.startswith("0 ")) or "free"


def _site_facts(index: int, site: CastleSite) -> list[BoardFact]:
    place = f"{site.kind.capitalize()} {site.id}"
    at: tuple[str | int, ...] = ("sites", index)

    def fact(name: str, label: str, value: str, *path: str, **how: object) -> BoardFact:
        return BoardFact.model_validate(
            {
                "key": f"{site.id}.{name}",
                "place": place,
                "label": label,
                "value": value,
                "source": site.source,
                "path": (*at, *path),
                "source_path": (*at, "source"),
                **how,
            }
        )

    facts = [
        fact("cost", "Cost", cost_text(site), "cost", kind="cost"),
        fact("edict", t("Edict mark"), _yes(site.edict_mark), "edict_mark", kind="flag"),
    ]
    if site.joins is not None and site.side is not None:
        facts += [
            fact("joins", t("Joins Towers"), " ".join(site.joins), "joins", kind="sites", size=2),
            fact("side", t("Side income"), site.side, "side", kind="choice", choices=_SIDES),
            fact(
                "side_amount", t("Side amount"), str(site.side_amount), "side_amount", kind="amount"
            ),
        ]
    if site.cover is not None:
        facts.append(
            fact("cover", t("Keep Cover"), site.cover, "cover", kind="choice", choices=_COVERS)
        )
    return facts


def castle_facts(board: CastleBoard) -> tuple[BoardFact, ...]:
    """Every fact of ``board`` in the order the check walks them: site by site, then the
    setup pieces."""
    facts = [f for index, site in enumerate(board.sites) for f in _site_facts(index, site)]
    facts.append(
        BoardFact(
            key="start",
            place=t("Setup"),
            label=t("Pieces placed"),
            value=" ".join(board.start),
            source=board.start_source,
            path=("start",),
            source_path=("start_source",),
            kind="sites",
        )
    )
    return tuple(facts)
