"""Odds of Frederick's next card and the end-of-game forecast (public information only)."""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text

from companion.i18n import _, ngettext
from companion.ui.views.table import TableView
from companion.ui.widgets.text_panel import TextPanel
from solo_deck import GameState, RoundsForecast, next_card_odds


def percent(value: Fraction | float) -> str:
    """``37%`` (``<1%`` for small non-zero chances)."""
    number = float(value)
    if 0 < number < 0.005:
        return "<1%"
    return f"{number:.0%}"


class OddsPanel(TextPanel):
    """What Frederick's next card may do, and when the game is likely to end."""

    DEFAULT_CSS = """
    OddsPanel { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    forecast: RoundsForecast | None = None

    def show(self, view: TableView) -> None:
        """Draw the card odds of ``view``; the forecast line keeps its last figures until
        the view brings new ones."""
        if view.forecast is not None:
            self.forecast = view.forecast
        self._draw(view.state)

    def _draw(self, state: GameState) -> None:
        odds = next_card_odds(state.deck)
        source = (
            _("(from a new deck of 16)")
            if odds.from_new_deck
            else ngettext("(from {n} unseen card)", "(from {n} unseen cards)", odds.cards).format(
                n=odds.cards
            )
        )
        text = Text(no_wrap=True)
        text.append(_("Next card"), style="bold")
        text.append(f" {source}\n", style="dim")
        text.append(
            _("ship +1 {move} · stays {stay} · to yours {yours}").format(
                move=percent(odds.move1), stay=percent(odds.stay), yours=percent(odds.to_player)
            )
            + "\n"
        )
        text.append(
            _("card {card} · ally {ally} · crown {crown} · shuffle {shuffle}").format(
                card=percent(odds.removes_card),
                ally=percent(odds.removes_ally),
                crown=percent(odds.crown),
                shuffle=percent(odds.reshuffle),
            )
            + "\n"
        )
        text.append(
            _("Edict I {one} · II {two} · III {three} · none {none}").format(
                one=percent(odds.edict_i),
                two=percent(odds.edict_ii),
                three=percent(odds.edict_iii),
                none=percent(odds.no_edict),
            )
            + "\n"
        )
        text.append(_("Game end") + " ", style="bold")
        text.append_text(self._forecast_text(state))
        self.show_text(text)

    def _forecast_text(self, state: GameState) -> Text:
        forecast = self.forecast
        if state.game_over:
            return Text(_("reached"), style="bold")
        if forecast is None:
            return Text(_("forecast…"), style="dim")
        return Text(forecast_line(forecast))


FORECAST_ROUNDS = 3
"""Rounds the forecast line names; the rest is summed up as "later"."""


def forecast_line(forecast: RoundsForecast) -> str:
    """In which round the game ends, e.g. ``R3 <1% · R4 71% · R5 28% · later 1%``: the
    rounds with a chance among :data:`FORECAST_ROUNDS` rounds from the first one that has
    any (rounds at 0% before and after are left out, so the likely ones fit the panel)."""
    counts = forecast.counts
    ending = [offset for offset, count in enumerate(counts) if count]
    first = ending[0] if ending else len(counts)
    last = max((o for o in ending if o < first + FORECAST_ROUNDS), default=first - 1)
    shown = range(first, last + 1)
    parts = [
        _("R{round} {chance}").format(
            round=forecast.current_round + offset, chance=percent(forecast.probability(offset))
        )
        for offset in shown
    ]
    rest = 1.0 - (forecast.within(shown[-1]) if shown else 0.0)
    if rest > 0.005 or not parts:
        parts.append(_("later {chance}").format(chance=percent(rest)))
    return " · ".join(parts)
