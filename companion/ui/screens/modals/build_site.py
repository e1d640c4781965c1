"""Build a Structure on a site of your Castle Board: pick the site; the engine says what it
costs you (discounts counted), whether it shows the Edict mark, which sides it closes and
which Keep Cover it holds. Only a Great Structure, a mixed payment or a cost our data lost
asks for more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, OptionList, Select
from textual.widgets.option_list import Option

from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.assumed_value import AssumedValue
from companion.ui.widgets.number_field import NumberField
from companion.ui.widgets.search_select import focus_first_enabled
from solo_deck import (
    can_pay,
    great_structures,
    keep_covers,
    side_incomes,
    site_cost_unchecked,
    site_offers,
)
from solo_deck.events import Build

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset, SiteOffer

NORMAL = "normal"


def offer_line(offer: SiteOffer, payable: bool) -> str:
    """``W2 Wall · 1 Stone · Edict · closes the Augustalis side``."""
    site = offer.site
    cost = offer.cost.describe(sign="") if not offer.cost.empty else "free"
    parts = [f"{site.id} {site.kind.capitalize()}", cost]
    if site.edict_mark:
        parts.append("Edict")
    names = {rule.income: rule.name for rule in side_incomes().values()}
    parts += [f"closes the {names[income]} side" for income in offer.closes]
    if site.cover is not None:
        parts.append(keep_covers()[site.cover].name)
    line = " · ".join(parts)
    return line if payable else f"{line} — more than you hold"


class SiteBuildModal(GameEventModal[Build]):
    """The sites you can build on now (arrows; Enter moves on), then normal or Great; a
    mixed payment or a Great Structure's lost cost is typed. Build records."""

    DIALOG_TITLE = "Build a Structure"
    OK_LABEL = "Build"
    AFTER_LIST = "#great"
    DEFAULT_CSS = """
    SiteBuildModal #site { height: auto; max-height: 9; margin: 1 0; }
    SiteBuildModal .build-row { height: auto; }
    SiteBuildModal .build-row > Select { width: 1fr; }
    SiteBuildModal .build-row > Label { width: 20; }
    """

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self.offers = tuple(o for o in site_offers(state, ruleset, self.terms) if o.why_not is None)

    def chosen(self) -> SiteOffer | None:
        """The site highlighted (``None``: none can be built and paid)."""
        sites = self.query_one("#site", OptionList)
        index = sites.highlighted
        if index is None or sites.get_option_at_index(index).disabled:
            return None
        return self.offers[index]

    def compose_body(self) -> ComposeResult:
        yield OptionList(
            *[
                Option(
                    offer_line(o, pay := can_pay(self.state, o.cost, self.terms)),
                    id=o.site.id,
                    disabled=not pay,
                )
                for o in self.offers
            ],
            id="site",
            compact=True,
        )
        yield AssumedValue()  # the site's cost, while it is assumed: asked once
        with Horizontal(classes="build-row"):
            yield Label("Normal or Great")
            yield Select(
                [("normal", NORMAL)], value=NORMAL, allow_blank=False, id="great", compact=True
            )
        yield Label("", id="what", classes="muted", markup=False)
        yield NumberField("Grain paid", 0, id="grain", compact=True)
        yield NumberField("Augustales paid", 0, id="augustales", compact=True)

    def on_mount(self) -> None:
        focus_first_enabled(self.query_one("#site", OptionList))
        self._sync()

    @on(OptionList.OptionHighlighted, "#site")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._sync()

    @on(Select.Changed, "#great")
    def _great_changed(self, event: Select.Changed) -> None:
        self._sync_what()

    def _sync(self) -> None:
        """Fit the fields to the site highlighted."""
        offer = self.chosen()
        kind = offer.site.kind if offer is not None else ""
        built = self.state.player.greats
        great = self.query_one("#great", Select)
        great.set_options(
            [
                ("normal", NORMAL),
                *[
                    (self._great_label(g.id), g.id)
                    for g in great_structures().values()
                    if g.structure == kind and g.id not in built
                ],
            ]
        )
        great.value = NORMAL
        site = None if offer is None else offer.site.id
        self.query_one(AssumedValue).show(site_cost_unchecked(self.ruleset, site) if site else None)
        grain = self.query_one("#grain", NumberField)
        grain.display = self.terms.mixed_resources and offer is not None
        if offer is not None:
            total = offer.cost.grain + offer.cost.stone
            grain.text = str(min(self.state.player.grain, total))
            grain.hint = f"of {total}; the rest in Stone (you have {self.state.player.stone})"
        self._sync_what()

    def board_told(self, state: GameState, ruleset: Ruleset) -> None:
        """A site's cost told: the sites cost what the board now says."""
        super().board_told(state, ruleset)
        self.offers = tuple(o for o in site_offers(state, ruleset, self.terms) if o.why_not is None)
        sites = self.query_one("#site", OptionList)
        for index, o in enumerate(self.offers):
            payable = can_pay(state, o.cost, self.terms)
            sites.replace_option_prompt_at_index(index, offer_line(o, payable))

    @staticmethod
    def _great_label(great_id: str) -> str:
        great = great_structures()[great_id]
        cost = "cost on your board" if great.augustales is None else f"+{great.augustales} A"
        return f"{great.name} ({cost})"

    def _great(self) -> str | None:
        value = self.query_one("#great", Select).value
        return value if isinstance(value, str) and value != NORMAL else None

    def _sync_what(self) -> None:
        """What the site and the Great Structure or Keep Cover do, in one line; the
        Augustales field only for a Great Structure whose cost our data lost."""
        offer, great = self.chosen(), self._great()
        texts = []
        if offer is not None and offer.site.cover is not None:
            texts.append(keep_covers()[offer.site.cover].text)
        if great is not None:
            texts.append(great_structures()[great].text)
        what = self.query_one("#what", Label)
        what.update(" ".join(texts))
        what.display = bool(texts)
        unknown = great is not None and great_structures()[great].augustales is None
        coins = self.query_one("#augustales", NumberField)
        coins.display = unknown
        coins.hint = f"printed on your board; you have {self.state.player.augustales}"

    def build_event(self) -> Build | None:
        offer = self.chosen()
        if offer is None:
            self.show_error("there is no site you can build on and pay for now")
            return None
        grain, stone = offer.cost.grain, offer.cost.stone
        if self.terms.mixed_resources:
            field = self.query_one("#grain", NumberField)
            if not field.check():
                self.show_error("fix the amount marked in red")
                return None
            total = grain + stone
            grain = field.value or 0
            if grain > total:
                self.show_error(f"{offer.site.id} costs {total} in all: pay at most {total} Grain")
                return None
            stone = total - grain
        great = self._great()
        unknown = great is not None and great_structures()[great].augustales is None
        coins = self.query_one("#augustales", NumberField)
        if unknown and not coins.check():
            self.show_error("type the Augustales printed on your board")
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
