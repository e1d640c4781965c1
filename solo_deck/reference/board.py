"""The Reference entries of your Castle Board's sites, written from the board a game
carries (:attr:`Ruleset.castle_board <solo_deck.model.ruleset.Ruleset.castle_board>`):
what each site costs, whether it shows the Edict mark, which Towers a Wall joins and what
its closed side pays, which Keep Cover a Keep holds, and which sites stand at setup.

>>> from solo_deck.data.loaders import load_ruleset
>>> t4 = next(e for e in site_entries(load_ruleset()) if e.id == "T4")
>>> t4.key, t4.name, t4.source
('castle-site:T4', 'Tower T4', 'assumed')
>>> t4.summary
'A Tower site: building here costs 2 Stone.'
>>> t4.details[0]
'It shows the Edict mark: building here issues an Edict.'
"""

from __future__ import annotations

from solo_deck.data.loaders import keep_covers, side_incomes
from solo_deck.model.castle_board import CastleBoard, CastleSite
from solo_deck.model.ruleset import Ruleset
from solo_deck.reference.entry import ReferenceEntry, reference_source
from solo_deck.text import Text, joined, named, t

# i18n: sentences are Text

SITE_KIND = "Castle site"


def _cost(site: CastleSite) -> Text:
    paid = [t("{n} Stone", n=site.cost.stone)] if site.cost.stone else []
    paid += [t("{n} Grain", n=site.cost.grain)] if site.cost.grain else []
    return joined(paid, " and ") if paid else t("nothing")


def _details(site: CastleSite, board: CastleBoard) -> tuple[str, ...]:
    lines: list[str] = []
    if site.edict_mark:
        lines.append(t("It shows the Edict mark: building here issues an Edict."))
    if site.joins is not None and site.side is not None:
        a, b = site.joins
        rule = side_incomes().get(site.side)
        pays = (
            t("a visit to the Market")
            if rule is not None and rule.market
            else (rule.gains.describe() if rule is not None else site.side)
        )
        lines.append(
            t(
                "It joins Towers {a} and {b}; with all three built the side is closed and pays "
                "{pays}, at once and in each End Phase.",
                a=a,
                b=b,
                pays=pays,
            )
        )
    if site.cover is not None:
        cover = keep_covers().get(site.cover)
        name = named(cover.name, "keep_cover") if cover else site.cover
        lines.append(t("Keep Cover lying on it: {cover}.", cover=name))
    if site.id in board.start:
        lines.append(t("Built at setup."))
    return tuple(lines)


def site_entries(ruleset: Ruleset) -> list[ReferenceEntry]:
    """One entry per site of the ruleset's Castle Board (none for a board-less ruleset)."""
    board = ruleset.castle_board
    if board is None:
        return []
    entries = []
    for site in board.sites:
        where, section = reference_source(site.source)
        kind = named(site.kind.capitalize(), "castle")
        entries.append(
            ReferenceEntry(
                SITE_KIND,
                site.id,
                t("{kind} {id}", kind=kind, id=site.id),
                t("A {kind} site: building here costs {cost}.", kind=kind, cost=_cost(site)),
                _details(site, board),
                where,
                section,
                {"file": "castle_board.toml", "table": "site", **site.model_dump(mode="json")},
            )
        )
    return entries
