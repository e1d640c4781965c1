"""Visit the Market at your ship's port: how many sales and purchases, at the rates its
tile shows (asked once, on the first visit to that port; the engine remembers them), with
what you will hold afterwards."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input, Label, Select

from companion.ui.notices import sentence
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.search_select import move_on_after_pick
from solo_deck import MarketTile, RuleError, Trade, describe_validation_error, market_trades
from solo_deck.events import VisitMarket

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset

NOTHING = "none"
RESOURCES = [("nothing", NOTHING), ("Grain", "grain"), ("Stone", "stone")]
SIDES = {"sell": "You sell", "buy": "You buy"}


class MarketModal(GameEventModal[VisitMarket]):
    """The Market tile (shown when known, else asked: what it buys from you and sells to
    you, and for how many Augustales), then how many sales and purchases, and what you
    will hold. Trade records."""

    DIALOG_TITLE = "Visit the Market"
    OK_LABEL = "Trade"
    DEFAULT_CSS = """
    MarketModal .market-row { height: 1; margin-bottom: 1; }
    MarketModal .market-row > Label { width: auto; padding-right: 1; }
    MarketModal .market-row > .row-name { width: 11; }
    MarketModal .market-row > Select { width: 14; margin-right: 1; }
    MarketModal .market-row > Input { width: 6; margin-right: 1; }
    MarketModal .count-row > Select { width: 8; margin-right: 3; }
    """

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self.port = state.voyage.player
        markets = state.board.markets
        self.known: MarketTile | None = markets[self.port] if self.port < len(markets) else None
        self.extra = market_trades(state).total - 2

    # --- layout --------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        player = self.state.player
        name = self.state.voyage.ports[self.port].name
        yield Label(
            f"You have {player.grain} Grain, {player.stone} Stone, {player.augustales} Augustales.",
            classes="muted",
        )
        if self.known is not None:
            yield Label(f"The Market in {name}: {self.known.describe()}.", id="tile")
        else:
            yield Label(f"First visit to the Market in {name}: what does its tile show?")
            for side, title in SIDES.items():
                with Horizontal(classes="market-row"):
                    yield Label(title, classes="row-name")
                    yield Select(
                        RESOURCES, value=NOTHING, allow_blank=False, id=f"{side}-what", compact=True
                    )
                    yield Input(placeholder="amt", id=f"{side}-amount", compact=True)
                    yield Label("for")
                    yield Input(placeholder="coins", id=f"{side}-coins", compact=True)
                    yield Label("Augustales")
        more = f" ({self.extra} more with your Workplace)" if self.extra else ""
        yield Label(f"How many trades{more}:", classes="muted")
        counts = [(str(n), n) for n in range(2 + self.extra)]
        with Horizontal(classes="market-row count-row"):
            yield Label("Sales")
            yield Select(counts, allow_blank=False, id="sells", compact=True)
            yield Label("Purchases")
            yield Select(counts, allow_blank=False, id="buys", compact=True)
        yield Label("", id="result", markup=False)

    def on_mount(self) -> None:
        selects = list(self.query(Select))
        for select in selects:
            move_on_after_pick(self, select, partial(self._next_of, select))
        if self.known is not None:
            self._default_counts(self.known)
        else:
            self.query_one("#sells", Select).value = 1
            self.query_one("#buys", Select).value = 1
        self._sync()
        selects[0].focus()
        self.show_refusal("visit_market")

    def _next_of(self, widget: Widget) -> Widget:
        """The field after ``widget`` (a pick in a list moves there)."""
        chain = [w for w in self.query("Select, Input, #ok") if w.display and not w.disabled]
        return chain[min(chain.index(widget) + 1, len(chain) - 1)] if widget in chain else widget

    @staticmethod
    def _offer(count: Select[int], offered: object) -> None:
        """A count the tile does not offer shows 0 and is off; offered again, it is 1."""
        if bool(offered) == (not count.disabled):
            return
        count.disabled = not offered
        with count.prevent(Select.Changed):
            count.value = 1 if offered else 0

    def _default_counts(self, tile: MarketTile) -> None:
        """One sale if you hold what it takes; one purchase if you can pay (after it)."""
        player = self.state.player
        sells = tile.sell is not None and getattr(player, tile.sell.resource) >= tile.sell.amount
        coins = player.augustales + (tile.sell.augustales if sells and tile.sell else 0)
        buys = tile.buy is not None and coins >= tile.buy.augustales
        if not sells and not buys:
            sells, buys = tile.sell is not None, tile.sell is None
        self.query_one("#sells", Select).value = int(sells)
        self.query_one("#buys", Select).value = int(buys)

    # --- what the player told ------------------------------------------------------------

    def told_trade(self, side: str) -> Trade | None:
        """The trade typed for one side of a new tile (``None``: the tile has none);
        raises ``ValueError`` with what is wrong."""
        what = self.query_one(f"#{side}-what", Select).value
        if what == NOTHING or not isinstance(what, str):
            return None
        title = SIDES[side].lower()
        amount = self.query_one(f"#{side}-amount", Input).value.strip()
        coins = self.query_one(f"#{side}-coins", Input).value.strip()
        if not amount.isdigit() or not coins.isdigit():
            raise ValueError(f"{title} {what.capitalize()}: type the amount and the Augustales")
        try:
            return Trade.model_validate(
                {"resource": what, "amount": int(amount), "augustales": int(coins)}
            )
        except ValidationError as exc:
            reason = describe_validation_error(exc)
            raise ValueError(f"{title} {what.capitalize()}: {reason}") from None

    def tile(self) -> MarketTile:
        """The Market tile: known, or as told (raises ``ValueError``)."""
        if self.known is not None:
            return self.known
        sell, buy = self.told_trade("sell"), self.told_trade("buy")
        if sell is None and buy is None:
            raise ValueError("say what the tile shows: what it buys, what it sells, or both")
        return MarketTile(sell=sell, buy=buy)

    def counts(self, tile: MarketTile) -> tuple[int, int]:
        """Sales and purchases chosen (none of a trade the tile does not offer)."""
        sells = self.query_one("#sells", Select).value
        buys = self.query_one("#buys", Select).value
        return (
            sells if isinstance(sells, int) and tile.sell is not None else 0,
            buys if isinstance(buys, int) and tile.buy is not None else 0,
        )

    def event(self) -> VisitMarket:
        """The visit the fields describe (raises ``ValueError``)."""
        tile = self.tile()
        sells, buys = self.counts(tile)
        return VisitMarket(sells=sells, buys=buys, rates=None if self.known else tile)

    # --- the result ----------------------------------------------------------------------

    @on(Select.Changed)
    @on(Input.Changed)
    def _changed(self, event: Select.Changed | Input.Changed) -> None:
        self._sync()

    def _sync(self) -> None:
        """Show only the counts the tile offers, and what you will hold."""
        result = self.query_one("#result", Label)
        try:
            tile = self.tile()
        except ValueError:
            tile = None
        for side, count in (("sell", "#sells"), ("buy", "#buys")):
            self._offer(self.query_one(count, Select), tile is None or getattr(tile, side))
        if tile is None:
            result.update("Tell what the tile shows to see what you will hold.")
            result.remove_class("error-text")
            return
        try:
            after, _ = self.session.preview(self.event())
        except (RuleError, ValueError) as exc:
            result.update(f"Not possible: {sentence(str(exc))}")
            result.add_class("error-text")
            return
        mine = after.player
        drop = any(duty.kind == "store_resources" for duty in after.pending)
        extra = "; then put back what your warehouse cannot hold" if drop else ""
        result.update(
            f"You will have {mine.grain} Grain, {mine.stone} Stone, "
            f"{mine.augustales} Augustales{extra}."
        )
        result.remove_class("error-text")

    # --- the event -----------------------------------------------------------------------

    def build_event(self) -> VisitMarket | None:
        try:
            event = self.event()
        except ValueError as exc:
            self.show_error(str(exc))
            return None
        self.show_error(None)
        return event
