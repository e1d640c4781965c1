"""When the Table's odds and forecast are computed: after each change, once the change is
drawn and the keys have been quiet a moment, a little at a time on the event loop
(:mod:`companion.ui.background`), and not again for a state already computed.

A burst of keys (several undos) starts one computation, not many; a key pressed while it
runs pauses it (the input gate), and a newer change makes its result be dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.timer import Timer

    from companion.ui.background import InputGate
    from solo_deck import GameState, RemovalOdds, RoundsForecast, Ruleset

INSIGHT_DELAY = 0.15
"""Seconds of quiet before the odds and the forecast are recomputed."""

Risk = dict[int, "RemovalOdds"]
Ready = Callable[["GameState", Risk, "RoundsForecast"], None]


class InsightScheduler:
    """Runs :func:`companion.ui.views.insight.insight_steps` for the latest state of a screen and
    hands the figures to ``ready`` (only if no newer change came meanwhile)."""

    def __init__(self, screen: Screen[Any], gate: InputGate, ready: Ready) -> None:
        self._screen = screen
        self._gate = gate
        self._ready = ready
        self._generation = 0
        self._timer: Timer | None = None
        self._cache: tuple[tuple[object, ...], Risk, RoundsForecast] | None = None

    def schedule(
        self,
        state: GameState,
        ruleset: Ruleset,
        edicts_per_round: float | None,
        *,
        after_refresh: bool = True,
    ) -> None:
        """Compute the figures for ``state`` once the keys are quiet (``after_refresh``:
        the quiet time starts once the change is drawn)."""
        self._generation += 1
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        generation = self._generation
        job = (state, ruleset, edicts_per_round)
        if after_refresh:
            self._screen.call_after_refresh(self._arm, generation, job)
        else:
            self._arm(generation, job)

    def _arm(self, generation: int, job: tuple[GameState, Ruleset, float | None]) -> None:
        if generation != self._generation or not self._screen.is_mounted:
            return
        self._timer = self._screen.set_timer(INSIGHT_DELAY, lambda: self._start(generation, job))

    def _start(self, generation: int, job: tuple[GameState, Ruleset, float | None]) -> None:
        if generation != self._generation:
            return
        state, ruleset, edicts_per_round = job
        risk_key = (
            state.phase,
            state.frederick_actions,
            state.player_turns,
            state.card_played,
            state.player.played,
            state.passed,
            state.deck,
            state.voyage,
        )
        forecast_key = (
            risk_key,
            state.round,
            state.edicts,
            state.player.structures,
            state.player.keep_covers,
            edicts_per_round,
        )
        cached = self._cache
        if cached is not None and cached[0] == forecast_key:
            self._deliver(generation, state, cached[1], cached[2])
            return
        risk = cached[1] if cached is not None and cached[0][0] == risk_key else None
        self._screen.run_worker(
            self._compute(generation, state, ruleset, edicts_per_round, forecast_key, risk),
            group="insight",
            exclusive=True,
            exit_on_error=False,
        )

    async def _compute(
        self,
        generation: int,
        state: GameState,
        ruleset: Ruleset,
        edicts_per_round: float | None,
        key: tuple[object, ...],
        risk: Risk | None,
    ) -> None:
        from companion.ui.background import run_in_turns
        from companion.ui.framework.heap import release_freed_memory
        from companion.ui.views.insight import insight_steps

        steps = insight_steps(state, ruleset, edicts_per_round, risk)
        new_risk, forecast = await run_in_turns(steps, self._gate)
        self._cache = (key, new_risk, forecast)
        self._deliver(generation, state, new_risk, forecast)
        release_freed_memory()  # the playouts' memory, freed: an idle moment

    def _deliver(
        self, generation: int, state: GameState, risk: Risk, forecast: RoundsForecast
    ) -> None:
        if generation == self._generation and self._screen.is_mounted:
            self._ready(state, risk, forecast)
