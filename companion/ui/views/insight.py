"""What the Table computes in the background: the chance that Frederick removes what lies
at each port before your next turn, and the forecast of the rounds left.

:func:`insight_steps` is a generator, so the Table can run it a little at a time (see
:mod:`companion.ui.background`); the figures themselves come from the engine.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solo_deck import GameState, RemovalOdds, RoundsForecast, Ruleset

FORECAST_RUNS = 4_000
"""Monte Carlo playouts per forecast on the Table (standard error under 1 point)."""

FORECAST_BATCH = 4
"""Playouts per step: a few hundred microseconds, so a key never waits long for one."""

Risk = dict[int, "RemovalOdds"]
"""Port index → the removal odds at that port."""


def insight_steps(
    state: GameState,
    ruleset: Ruleset,
    edicts_per_round: float | None,
    risk: Risk | None = None,
) -> Generator[object, None, tuple[Risk, RoundsForecast]]:
    """The removal odds per port (one port per step; ``risk`` when given is reused) and
    the forecast (:data:`FORECAST_RUNS` playouts, a batch per step, seeded by the round so
    the same state always shows the same figures)."""
    from solo_deck import Phase, forecast_steps, removal_before_your_next_turn

    if risk is None:
        risk = {}
        if state.phase is not Phase.GAME_OVER:
            for port in range(len(state.voyage.ports)):
                yield None
                risk[port] = removal_before_your_next_turn(state, port, ruleset)
    forecast = yield from forecast_steps(
        state,
        ruleset,
        simulations=FORECAST_RUNS,
        seed=state.round,
        edicts_per_round=edicts_per_round,
        batch=FORECAST_BATCH,
    )
    return risk, forecast
