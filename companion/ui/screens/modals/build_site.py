"""Build a Structure on a site of your Castle Board: pick the site; the engine says what it
costs you (discounts counted), whether it shows the Edict mark, which sides it closes and
which Keep Cover it holds. Only a Great Structure, a mixed payment or a cost our data lost
asks for more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.widgets import Label, OptionList

from companion.i18n import N_, _, shown
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.screens.modals.terms import cover_name, great_name, side_name
from companion.ui.widgets.assumed_value import AssumedValue
from companion.ui.widgets.keyed_list import KeyedLine, KeyedList
from companion.ui.widgets.number_field import NumberField
from companion.ui.wording import worded
from solo_deck import (
    can_pay,
    great_offers,
    great_structures,
    keep_covers,
    side_incomes,
    site_cost_unchecked,
    site_offers,
)
from solo_deck.events import Build
from solo_deck.text import term

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset, SiteOffer

HINT = N_("Type a site (T2, W3…) or use the arrows: a site's whole key or Enter builds there.")
"""How a site is chosen with keys (English, shown through ``_``)."""


def great_key(great_id: str) -> str:
    """The letter after the site's name for a Great Structure: its A or B, G for the
    Great Keep.

    >>> great_key("great_tower_b"), great_key("great_keep")
    ('B', 'G')
    """
    last = great_structures()[great_id].name.split()[-1]
    return last if len(last) == 1 else "G"


def offer_line(
    offer: SiteOffer, payable: bool, great_id: str | None = None, why: str | None = None
) -> str:
    """``Wall · 1 Stone · Edict · closes the Augustalis side`` (what follows the site's
    name; ``free (City Bonus E)`` when ``why``, the Build's source, waives the cost); a
    Great Structure adds its Augustales."""
    site = offer.site
    cost = shown(offer.cost_text(why))
    name = shown(term(site.kind.capitalize(), "castle"))
    if great_id is not None:
        great = great_structures()[great_id]
        name = great_name(great.name)
        coins = (
            _("Augustales (your board)")
            if great.augustales is None
            else _("{n} Augustales").format(n=great.augustales)
        )
        cost = coins if offer.cost.empty else f"{cost} + {coins}"
    parts = [name, cost]
    if site.edict_mark:
        parts.append(_("Edict"))
    names = {rule.income: rule.name for rule in side_incomes().values()}
    parts += [
        _("closes the {side} side").format(side=side_name(names[income])) for income in offer.closes
    ]
    if site.cover is not None:
        parts.append(cover_name(keep_covers()[site.cover].name))
    line = " · ".join(parts)
    return line if payable else _("{line} — more than you hold").format(line=line)


class SiteBuildModal(GameEventModal[Build]):
    """One list: each site you can build on now (its name is its key: ``T2``), and under
    it each Great Structure you could build there (``T3B``). The list opens on the only
    site you can pay for, else on one of the kind you built last. A site's whole key or
    Enter builds; only a mixed payment or a Great Structure's lost cost is typed (then
    ctrl+s builds)."""

    DIALOG_TITLE = N_("Build a Structure")
    OK_LABEL = N_("Build")
    DEFAULT_CSS = """
    SiteBuildModal #site { height: auto; max-height: 10; margin: 0 0 1 0; }
    """

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self.lines: list[tuple[SiteOffer, str | None]] = []
        """What each line of the list builds: the site and the Great Structure (or
        ``None``)."""
        self._offer_lines(state, ruleset)

    def _offer_lines(self, state: GameState, ruleset: Ruleset) -> None:
        """The sites open to a Build, what each costs, and the list's lines."""
        self.offers = tuple(o for o in site_offers(state, ruleset, self.terms) if o.why_not is None)
        self.payable = {o.site.id: can_pay(state, o.cost, self.terms) for o in self.offers}
        self.lines = []
        for offer in self.offers:
            self.lines.append((offer, None))
            if self.payable[offer.site.id]:
                greats = great_offers(state, offer.site.kind, self.terms)
                self.lines += [(offer, great.id) for great in greats]

    def _keyed_lines(self) -> list[KeyedLine]:
        return [
            KeyedLine(
                offer.site.id + (great_key(great) if great else ""),
                offer_line(offer, self.payable[offer.site.id], great, self._source()),
                disabled=not self.payable[offer.site.id],
                topic=f"great-structure:{great}" if great else f"castle-site:{offer.site.id}",
            )
            for offer, great in self.lines
        ]

    def _source(self) -> str | None:
        """What grants this Build (``City Bonus E``), to say why it is free."""
        return self.obligation.source if self.obligation is not None else None

    def board_told(self, state: GameState, ruleset: Ruleset) -> None:
        """A site's cost told: the sites cost what the board now says."""
        super().board_told(state, ruleset)
        sites = self.query_one("#site", KeyedList)
        here, typed = sites.highlighted, self.query_one("#grain", NumberField).text
        self._offer_lines(state, ruleset)
        sites.set_lines(self._keyed_lines())
        sites.open_on(here if here is not None and here < len(self.lines) else None)
        self._sync()
        grain = self.query_one("#grain", NumberField)
        if grain.display:  # what was typed stays (told as the Build is recorded)
            grain.text = typed

    def chosen(self) -> SiteOffer | None:
        """The site highlighted (``None``: none can be built and paid)."""
        index = self.query_one("#site", KeyedList).highlighted
        if index is None or not self.payable[self.lines[index][0].site.id]:
            return None
        return self.lines[index][0]

    def _great(self) -> str | None:
        """The Great Structure of the line highlighted (``None``: a normal one)."""
        index = self.query_one("#site", KeyedList).highlighted
        return None if index is None else self.lines[index][1]

    def compose_body(self) -> ComposeResult:
        yield Label(self._hint(), classes="muted", id="site-hint")
        yield KeyedList(self._keyed_lines(), id="site", compact=True)
        yield AssumedValue()  # the site's cost, while it is assumed: asked once
        yield Label("", id="what", classes="muted", markup=False)
        yield NumberField(_("Grain paid"), 0, id="grain", compact=True)
        yield NumberField(_("Augustales paid"), 0, id="augustales", compact=True)

    def field_words(self) -> dict[str, tuple[str, str | None]]:
        """The fields' labels and hints (the Grain's for the site highlighted: kept while
        it pays no split)."""
        offer = self.chosen()
        grain = None
        if offer is not None and self._split_choice(offer) is not None:
            total = offer.cost.grain + offer.cost.stone
            grain = _("of {total}; the rest in Stone (you have {stone})").format(
                total=total, stone=self.state.player.stone
            )
        coins = (_("Augustales paid"), self._coins_hint())
        return {"grain": (_("Grain paid"), grain), "augustales": coins}

    def _hint(self) -> str:
        taps = _("Tap a site, then {button}.").format(button=self.ok_label)
        return worded(self, _(HINT), taps)

    def relabel(self) -> None:
        """Word the hint and the sites again in the language in use (the line
        highlighted and what was typed stay)."""
        super().relabel()
        self.query_one("#site-hint", Label).update(self._hint())
        sites = self.query_one("#site", KeyedList)
        here = sites.highlighted
        sites.set_lines(self._keyed_lines())
        sites.open_on(here)
        self._sync_what()

    def on_mount(self) -> None:
        sites = self.query_one("#site", KeyedList)
        sites.open_on(self.likeliest())
        sites.focus()
        self._sync()

    def likeliest(self) -> int | None:
        """The line the list opens on: the only site you can pay for, else the first you
        can pay for of the kind you built last, else the first you can pay for."""
        normal = [i for i, (o, g) in enumerate(self.lines) if g is None and self.payable[o.site.id]]
        if len(normal) == 1:
            return normal[0]
        built = self.state.player.sites or ()
        last = built[-1][0] if built else ""
        same = [i for i in normal if self.lines[i][0].site.id[0] == last]
        first = same or normal
        return first[0] if first else None

    @on(OptionList.OptionHighlighted, "#site")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._sync()

    def _split_choice(self, offer: SiteOffer | None) -> tuple[int, int] | None:
        """The least and most Grain you could pay when the Build takes any mix of Grain
        and Stone and more than one mix is possible (else ``None``)."""
        if offer is None or not self.terms.mixed_resources:
            return None
        player = self.state.player
        total = offer.cost.grain + offer.cost.stone
        least, most = max(0, total - player.stone), min(player.grain, total)
        return (least, most) if most > least else None

    def _sync(self) -> None:
        """Fit the fields to the line highlighted."""
        offer = self.chosen()
        site = None if offer is None else offer.site.id
        unchecked = site_cost_unchecked(self.ruleset, site, self.terms) if site else None
        self.query_one(AssumedValue).show(unchecked)
        grain = self.query_one("#grain", NumberField)
        split = self._split_choice(offer)
        grain.display = split is not None
        if offer is not None and split is not None:
            total = offer.cost.grain + offer.cost.stone
            grain.text = str(split[1])
            grain.hint = _("of {total}; the rest in Stone (you have {stone})").format(
                total=total, stone=self.state.player.stone
            )
        self._sync_what()

    def _then_build(self, field: NumberField) -> str:
        """How to reach ``field`` from the list and build: the Tabs it takes for the site
        highlighted (a cost still assumed asks its own field first; the Grain field comes
        before the Augustales one)."""
        offer = self.chosen()
        site = None if offer is None else offer.site.id
        tabs = 1 + (site is not None and site_cost_unchecked(self.ruleset, site) is not None)
        if field.id == "augustales" and self._split_choice(offer) is not None:
            tabs += 1
        if tabs == 1:
            times = _("Tab moves there")
        elif tabs == 2:
            times = _("Tab twice moves there")
        else:
            times = _("Tab {count} times").format(count=tabs)
        return worded(
            self,
            _("({times}), then ctrl+s builds").format(times=times),
            _("(tap it), then {button}").format(button=self.ok_label),
        )

    def list_chosen(self) -> None:
        """A site's key or Enter on it builds, unless an amount is left to type."""
        coins = self.query_one("#augustales", NumberField)
        grain = self.query_one("#grain", NumberField)
        if self.chosen() is None:
            self.show_error(_("you cannot pay for that site"))
        elif coins.display:
            self.show_error(
                _("type the Augustales it costs {how}").format(how=self._then_build(coins))
            )
        elif grain.display:
            self.show_error(_("type the Grain you pay {how}").format(how=self._then_build(grain)))
        else:
            self.submit()

    def _sync_what(self) -> None:
        """What the site's Keep Cover or the Great Structure does, in one line; the
        Augustales field only for a Great Structure whose cost our data lost."""
        offer, great = self.chosen(), self._great()
        texts = []
        if offer is not None and offer.site.cover is not None:
            texts.append(shown(keep_covers()[offer.site.cover].text))
        if great is not None:
            texts.append(shown(great_structures()[great].text))
        what = self.query_one("#what", Label)
        what.update(" ".join(texts))
        what.display = bool(texts)
        unknown = great is not None and great_structures()[great].augustales is None
        coins = self.query_one("#augustales", NumberField)
        coins.display = unknown
        coins.hint = self._coins_hint()

    def _coins_hint(self) -> str:
        return _("printed on your board; you have {count}").format(
            count=self.state.player.augustales
        )

    def build_event(self) -> Build | None:
        offer = self.chosen()
        if offer is None:
            self.show_error(_("there is no site you can build on and pay for now"))
            return None
        grain, stone = offer.cost.grain, offer.cost.stone
        if self.terms.mixed_resources:
            total = grain + stone
            field = self.query_one("#grain", NumberField)
            if self._split_choice(offer) is None:  # one mix only: all the Grain you can
                grain = min(self.state.player.grain, total)
            elif not field.check():
                self.show_error(_("fix the amount marked in red"))
                return None
            else:
                grain = field.value or 0
            if grain > total:
                self.show_error(
                    _("{site} costs {total} in all: pay at most {total} Grain").format(
                        site=offer.site.id, total=total
                    )
                )
                return None
            stone = total - grain
        great = self._great()
        unknown = great is not None and great_structures()[great].augustales is None
        coins = self.query_one("#augustales", NumberField)
        if unknown and not coins.check():
            self.show_error(_("type the Augustales printed on your board"))
            return None
        self.show_error(None)
        site = offer.site
        return Build(
            structure=site.kind,
            site=site.id,
            great=great,
            cover=site.cover,
            grain=grain,
            stone=stone,
            augustales=coins.value if unknown else None,
        )
