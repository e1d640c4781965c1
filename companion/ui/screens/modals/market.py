"""Visit the Market at your ship's port: sell, buy or both (as many times as the visit
allows), at the rates its tile shows (asked once, on the first visit to that port; the
engine remembers them), with what you will hold afterwards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.widgets import Input, Label, OptionList

from companion.i18n import N_, _, shown
from companion.reference_topics import MARKET_TOPIC
from companion.ui.notices import sentence
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.screens.modals.terms import port_name
from companion.ui.screens.setup.notation import MARKET_EXAMPLE, market_how, parse_market
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.focus_hint import FocusHint
from companion.ui.widgets.keyed_list import KeyedLine, KeyedList
from companion.ui.wording import worded
from solo_deck import MarketTile, RuleError, Trade, market_trades
from solo_deck.events import VisitMarket
from solo_deck.text import term

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset


def trade_text(tile: MarketTile, sells: int, buys: int) -> str:
    """``Sell 1 Grain for 3 Augustales, buy 1 Stone for 2 Augustales``: what ``sells``
    sales and ``buys`` purchases at ``tile`` do.

    >>> from solo_deck import Trade
    >>> tile = MarketTile(sell=Trade(resource="grain", amount=1, augustales=3))
    >>> trade_text(tile, 2, 0)
    'Sell 2 Grain for 6 Augustales'
    """
    sale = _scaled(tile.sell, sells)
    purchase = _scaled(tile.buy, buys)
    if sale and purchase:
        return _(
            "Sell {amount} {resource} for {coins} Augustales, buy {bought} {goods} for {paid}"
            " Augustales"
        ).format(
            **sale, bought=purchase["amount"], goods=purchase["resource"], paid=purchase["coins"]
        )
    if sale:
        return _("Sell {amount} {resource} for {coins} Augustales").format(**sale)
    if purchase:
        return _("Buy {amount} {resource} for {coins} Augustales").format(**purchase)
    return ""


def _scaled(trade: Trade | None, times: int) -> dict[str, object] | None:
    """The amount, resource and Augustales of ``times`` such trades (``None``: none)."""
    if trade is None or not times:
        return None
    return {
        "amount": trade.amount * times,
        "resource": shown(term(trade.resource.capitalize(), "resource")),
        "coins": trade.augustales * times,
    }


def tile_words(tile: MarketTile) -> str:
    """What a Market tile offers, in words: ``sell 2 Grain for 6 Augustales; buy 2 Stone
    for 4 Augustales``."""
    parts = []
    if tile.sell:
        parts.append(_("sell {trade}").format(trade=shown(tile.sell.describe())))
    if tile.buy:
        parts.append(_("buy {trade}").format(trade=shown(tile.buy.describe())))
    return "; ".join(parts)


class MarketModal(GameEventModal[VisitMarket]):
    """The Market tile (shown when known, else typed in one short line, ``2G6 2S4``: what
    it reads is shown in words as you type), then one list: each way to trade the visit allows
    (sell, buy or both; more with a Workplace), with what you will hold. A known tile's
    list opens on the likeliest trade; a tile just told opens on none (telling the tile
    chooses no trade). A line's digit or Enter on it trades."""

    DIALOG_TITLE = N_("Visit the Market")
    OK_LABEL = N_("Trade")
    ENTER_IN_FIELD_RECORDS = False
    DEFAULT_CSS = """
    MarketModal #tile-text { width: 24; }
    MarketModal #tile-read { height: auto; margin-bottom: 1; }
    MarketModal #trades { height: auto; max-height: 8; }
    """

    def reference_topic(self) -> str | None:
        """F1 in this dialog: the entry of the Market visit."""
        return MARKET_TOPIC

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self.port = state.voyage.player
        markets = state.board.markets
        self.known: MarketTile | None = markets[self.port] if self.port < len(markets) else None
        self.allowed = market_trades(state)
        self.counts: list[tuple[int, int]] = []
        """The sales and purchases of each line of the list."""
        self._shown: MarketTile | None = None

    # --- layout --------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        yield Label(self._holdings(), classes="muted", id="holdings")
        if self.known is not None:
            yield Label(self._tile_line(), id="tile")
        else:
            yield Label(self._tile_line(), id="tile-how", markup=False)
            yield FieldInput(placeholder=MARKET_EXAMPLE, id="tile-text", compact=True)
            yield Label("", id="tile-read", markup=False)
        yield FocusHint(*self.hint_words()["trade-hint"], "trades", id="trade-hint")
        yield KeyedList(id="trades", compact=True)
        yield Label("", id="result", markup=False)

    def _holdings(self) -> str:
        player = self.state.player
        return _("You have {grain} Grain, {stone} Stone, {coins} Augustales.").format(
            grain=player.grain, stone=player.stone, coins=player.augustales
        )

    def _tile_line(self) -> str:
        """The tile known, or how to type it on a first visit."""
        name = port_name(self.state.voyage.ports[self.port].name)
        if self.known is not None:
            return _("The Market in {port}: {tile}.").format(port=name, tile=tile_words(self.known))
        return _(
            "First visit to the Market in {port}: type what its tile shows, the sale "
            "first, e.g. {example} (sell 2 Grain for 6 Augustales, buy 2 Stone "
            "for 4); - for a side it lacks."
        ).format(port=name, example=MARKET_EXAMPLE)

    def hint_words(self) -> dict[str, tuple[str, str]]:
        """How a line trades, with the list focused and elsewhere."""
        return {"trade-hint": (self.trade_hint(in_list=True), self.trade_hint(in_list=False))}

    def relabel(self) -> None:
        """Word the lines, the list and the hint again (the tile typed, the line
        highlighted and the focus stay)."""
        super().relabel()
        self.query_one("#holdings", Label).update(self._holdings())
        self.query_one("#tile" if self.known is not None else "#tile-how", Label).update(
            self._tile_line()
        )
        if self.known is None:
            self._show_read()
        trades = self.query_one("#trades", KeyedList)
        here = trades.highlighted
        with self.prevent(OptionList.OptionHighlighted):
            self._sync(again=True)
            trades.highlighted = here
        self._show_result()

    def on_mount(self) -> None:
        self._sync()
        if self.known is not None:
            trades = self.query_one("#trades", KeyedList)
            trades.open_on(self._likeliest(self.known))
            trades.focus()
        else:
            self.query_one("#tile-text", Input).focus()
        self.show_refusal("visit_market")

    def trade_hint(self, in_list: bool) -> str:
        """How a line trades: its digit, or Enter on it, once the list has the focus (a
        digit typed in a tile's field is the field's); on a touch screen, a tap and Trade."""
        extra = self.allowed.total - 2
        keys = _("a line's digit, or Enter on it, trades")
        if not in_list:
            keys = _("Tab to the list, then a line's digit or Enter trades")
        how = worded(self, keys, _("tap a line, then {button}").format(button=self.ok_label))
        if extra:
            return _("Sell, buy or both ({extra} more with your Workplace): {how}.").format(
                extra=extra, how=how
            )
        return _("Sell, buy or both: {how}.").format(how=how)

    def _likeliest(self, tile: MarketTile) -> int | None:
        """One sale if you hold what it takes, one purchase if you can pay (after it)."""
        player = self.state.player
        sells = tile.sell is not None and getattr(player, tile.sell.resource) >= tile.sell.amount
        coins = player.augustales + (tile.sell.augustales if sells and tile.sell else 0)
        buys = tile.buy is not None and coins >= tile.buy.augustales
        wanted = (int(sells), int(buys))
        return self.counts.index(wanted) if wanted in self.counts else None

    # --- what the player told ------------------------------------------------------------

    def tile(self) -> MarketTile:
        """The Market tile: known, or as typed (raises ``ValueError`` saying how to write
        it)."""
        if self.known is not None:
            return self.known
        tile = parse_market(self.query_one("#tile-text", Input).value)
        if tile is None:
            raise ValueError(_("type what the tile shows: {how}").format(how=market_how()))
        return tile

    def _visit(self, tile: MarketTile, sells: int, buys: int) -> VisitMarket:
        return VisitMarket(sells=sells, buys=buys, rates=None if self.known else tile)

    def event(self) -> VisitMarket:
        """The visit the line chosen describes (raises ``ValueError``)."""
        tile = self.tile()
        index = self.query_one("#trades", KeyedList).highlighted
        if index is None or index >= len(self.counts):
            raise ValueError(_("choose what you trade: sell, buy or both"))
        return self._visit(tile, *self.counts[index])

    # --- the list and the result ---------------------------------------------------------

    @on(Input.Changed, "#tile-text")
    def _changed(self, event: Input.Changed) -> None:
        self._sync()
        self._show_read()

    def _show_read(self) -> None:
        """Under the tile's field, what it reads so far, in words (or how to write it)."""
        read = self.query_one("#tile-read", Label)
        try:
            tile = self.tile()
        except ValueError as exc:
            typed = bool(self.query_one("#tile-text", Input).value.strip())
            read.update(sentence(_said(exc)) if typed else "")
            read.set_class(typed, "error-text")
            return
        read.remove_class("error-text")
        read.update(_("Reads: {tile}.").format(tile=tile_words(tile)))

    def say_keys(self) -> None:
        """Enter in the tile's field: what is wrong with the tile, else how to go on."""
        try:
            self.tile()
        except ValueError as exc:
            self.show_error(_said(exc))
            return
        self.show_error(None)
        super().say_keys()

    @on(OptionList.OptionHighlighted, "#trades")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_result()

    def _sync(self, *, again: bool = False) -> None:
        """List the trades the tile and the visit allow (again when the tile told
        changes: nothing chosen then; or ``again``, in the language in use), and what you
        will hold."""
        try:
            tile: MarketTile | None = self.tile()
        except ValueError:
            tile = None
        if tile == self._shown and self.counts and not again:
            return
        self._shown = tile
        allowed = self.allowed
        self.counts = [
            (sells, buys)
            for sells in range(allowed.sells + 1 if tile and tile.sell else 1)
            for buys in range(allowed.buys + 1 if tile and tile.buy else 1)
            if 0 < sells + buys <= allowed.total
        ]
        self.counts.sort(key=lambda c: (c[0] + c[1], c[0] == 0, c))
        lines = []
        for number, (sells, buys) in enumerate(self.counts, start=1):
            assert tile is not None
            why = self._why_not(self._visit(tile, sells, buys))
            text = trade_text(tile, sells, buys) + (f" — {why}" if why else "")
            lines.append(KeyedLine(str(number), text, disabled=why is not None, why=why or ""))
        trades = self.query_one("#trades", KeyedList)
        trades.set_lines(lines)
        self._show_result()

    def _why_not(self, visit: VisitMarket) -> str | None:
        try:
            self.session.preview(visit)
        except RuleError as exc:
            return sentence(shown(exc.text)).rstrip(".")
        return None

    def _show_result(self) -> None:
        """What you will hold after the trade highlighted."""
        result = self.query_one("#result", Label)
        result.remove_class("error-text")
        if self._shown is None:
            result.update(_("Tell what the tile shows to see the trades."))
            return
        try:
            after, _log = self.session.preview(self.event())
        except ValueError:
            result.update(_("No trade chosen yet."))
            return
        except RuleError as exc:
            result.update(_("Not possible: {why}").format(why=sentence(shown(exc.text))))
            result.add_class("error-text")
            return
        mine = after.player
        drop = any(duty.kind == "store_resources" for duty in after.pending)
        if drop:
            told = _(
                "You will have {grain} Grain, {stone} Stone, {coins} Augustales; then put back"
                " what your warehouse cannot hold."
            )
        else:
            told = _("You will have {grain} Grain, {stone} Stone, {coins} Augustales.")
        result.update(told.format(grain=mine.grain, stone=mine.stone, coins=mine.augustales))

    # --- the event -----------------------------------------------------------------------

    def list_chosen(self) -> None:
        """A line's digit or Enter on it trades: the list is the last choice."""
        self.submit()

    def build_event(self) -> VisitMarket | None:
        try:
            event = self.event()
        except ValueError as exc:
            self.show_error(_said(exc))
            return None
        self.show_error(None)
        return event


def _said(error: ValueError) -> str:
    """What ``error`` says, in the language in use (an engine sentence rendered again)."""
    return shown(error.args[0]) if len(error.args) == 1 else str(error)
