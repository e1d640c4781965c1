"""A game looked at again: where the VP came from round by round, your side at each End
Phase, Frederick's palace after each round, and each Edict you issued beside the advisor's
first choice at that moment.

:func:`review` replays a game's setup and events once, asking the fold which obligation
each event met and which ``auto`` obligations it set off
(:func:`~solo_deck.rules.transitions.apply_traced`), and names a source for every change of
your VP track (:mod:`solo_deck.insight.vp_sources`). The sources of a round add up to the VP
gained in it exactly; for a finished game the whole-game totals add the final score's parts
(Structures, the most-Structures bonus, resources) and so add up to the final score.

>>> from solo_deck import GameSetup, SoloGame, parse_edict
>>> from solo_deck.events import CastleIncome, Gain, PlayCard, Decline, FrederickTurn
>>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
>>> game = SoloGame(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18, seed=1))
>>> _ = game.push(Gain(vp=2, reason="a card I forgot"))
>>> result = review(game)
>>> result.rounds[0].vp_by_source, result.finished
({'by_hand': 2}, False)
"""

# i18n: sentences are Text
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from solo_deck.errors import RuleError
from solo_deck.events import PlayerEdict
from solo_deck.game import SoloGame
from solo_deck.insight.advisor import edict_advice, what_if
from solo_deck.insight.vp_sources import END_SOURCES, SOURCES, source_label, split_vp
from solo_deck.model.base import FrozenModel
from solo_deck.model.palace import Palace
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameState
from solo_deck.rules.scoring import ScoreBreakdown, final_counts, final_score
from solo_deck.rules.transitions import apply_traced
from solo_deck.setup import initial_state
from solo_deck.text import joined, t


class RoundReview(FrozenModel):
    """One round: the VP gained by source (they add up to ``vp_gained``) and your side and
    Frederick's palace when its End Phase was over (``complete``), or as they stand now in
    the round in progress."""

    round: int
    vp_by_source: dict[str, int]
    complete: bool
    vp_after: int
    grain: int
    stone: int
    augustales: int
    towers: int
    walls: int
    keeps: int
    allies: tuple[str, ...]
    palace: Palace

    @property
    def vp_gained(self) -> int:
        """The VP gained in the round (the sum of its sources)."""
        return sum(self.vp_by_source.values())

    def castle(self) -> str:
        """``2 T, 1 W, 0 K``."""
        return t(
            "{towers} T, {walls} W, {keeps} K",
            towers=self.towers,
            walls=self.walls,
            keeps=self.keeps,
        )

    def frederick(self) -> str:
        """Frederick's palace in one short line."""
        p = self.palace
        return t(
            "{towers} T, {walls} W, {keeps} K, {allies} Allies, {grain} G, {stone} S, "
            "Treasury {treasury}, Path A {space}",
            towers=p.towers,
            walls=p.walls,
            keeps=p.keeps,
            allies=p.allies,
            grain=p.grain,
            stone=p.stone,
            treasury=p.treasury,
            space=p.specialist,
        )


class EdictReview(FrozenModel):
    """An Edict you issued, beside what the advisor ranked first from what was on the
    table then (the Active tiles, Frederick's palace, your Allies): the ally income each
    gives at the coming End Phase."""

    round: int
    issued: str
    issued_gain: int
    best: str
    best_gain: int

    @property
    def difference(self) -> int:
        """Ally income the advisor's choice would have added over yours (0: you chose as
        well as it)."""
        return self.best_gain - self.issued_gain


class GameReview(FrozenModel):
    """Where the points went, round by round (see :func:`review`)."""

    rounds: tuple[RoundReview, ...]
    edicts: tuple[EdictReview, ...] = ()
    final: ScoreBreakdown | None = None

    @property
    def finished(self) -> bool:
        """True when the game is over (``final`` is its score)."""
        return self.final is not None

    def end_by_source(self) -> dict[str, int]:
        """The final score's parts that are not on the VP track (empty before the end)."""
        if self.final is None:
            return {}
        values = (self.final.structures, self.final.most_structures_bonus, self.final.resources_vp)
        return dict(zip(END_SOURCES, values, strict=True))

    @property
    def vp_by_source(self) -> dict[str, int]:
        """The whole game's VP by source, the final score's parts included (so that they add
        up to the final score)."""
        totals = total_by_source(row.vp_by_source for row in self.rounds)
        totals.update(self.end_by_source())
        return ordered(totals)

    @property
    def sources(self) -> tuple[str, ...]:
        """Every source with VP in some round, in listing order (the table's columns)."""
        return tuple(total_by_source(row.vp_by_source for row in self.rounds))

    @property
    def best_round(self) -> RoundReview | None:
        """The round with the most VP gained (the first of equals; ``None``: no round)."""
        return max(self.rounds, key=lambda row: row.vp_gained, default=None)

    def summary(self) -> str:
        """One line: the best sources and round, and the Edict choices the advisor ranked
        higher.

        >>> from solo_deck import Palace
        >>> row = RoundReview(round=1, vp_by_source={"ally_income": 3}, complete=True,
        ...     vp_after=3, grain=1, stone=1, augustales=6, towers=1, walls=1, keeps=0,
        ...     allies=(), palace=Palace.initial())
        >>> GameReview(rounds=(row,)).summary()
        'VP: Ally income 3; best round 1 (3 VP)'
        """
        top = sorted(
            ((vp, source) for source, vp in self.vp_by_source.items() if vp > 0),
            key=lambda item: -item[0],
        )[:3]
        sources = [t("{source} {vp}", source=source_label(source), vp=vp) for vp, source in top]
        lines = [t("VP: {sources}", sources=joined(sources, ", ") if sources else t("none"))]
        best = self.best_round
        if best is not None:
            lines.append(t("best round {round} ({vp} VP)", round=best.round, vp=best.vp_gained))
        missed = [edict for edict in self.edicts if edict.difference > 0]
        if missed:
            lost = sum(edict.difference for edict in missed)
            lines.append(
                t(
                    "the advisor ranked another Edict higher {n}x (+{vp} VP)",
                    n=len(missed),
                    vp=lost,
                )
            )
        return joined(lines, "; ")

    def to_json(self) -> dict[str, Any]:
        """The shape ``stupor-solo review --json`` prints: ``rounds`` (each with ``round``
        and ``vp_by_source``), ``vp_by_source`` (the whole game) and ``final`` (the score
        breakdown, ``None`` before the end), with the rounds' tables and the Edicts."""
        return {
            "rounds": [
                {
                    "round": row.round,
                    "vp_by_source": row.vp_by_source,
                    **row.model_dump(mode="json", exclude={"round", "vp_by_source"}),
                    "vp_gained": row.vp_gained,
                }
                for row in self.rounds
            ],
            "vp_by_source": self.vp_by_source,
            "final": None if self.final is None else self.final.model_dump(mode="json"),
            "edicts": [
                {**edict.model_dump(mode="json"), "difference": edict.difference}
                for edict in self.edicts
            ],
            "summary": self.summary(),
        }


def total_by_source(rows: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """The sums of ``rows`` source by source, in listing order (sources at 0 left out).

    >>> total_by_source([{"cards": 2}, {"cards": 1, "ally_income": 3}])
    {'ally_income': 3, 'cards': 3}
    """
    totals: dict[str, int] = {}
    for row in rows:
        for source, vp in row.items():
            totals[source] = totals.get(source, 0) + vp
    return ordered({source: vp for source, vp in totals.items() if vp})


def ordered(totals: Mapping[str, int]) -> dict[str, int]:
    """``totals`` with the named sources first, in their order, then the others by name and
    the final score's parts last.

    >>> ordered({"zz": 1, "resources": 2, "ally_income": 3})
    {'ally_income': 3, 'zz': 1, 'resources': 2}
    """
    rank = {source: index for index, source in enumerate(SOURCES)}
    late = {source: index for index, source in enumerate(END_SOURCES)}

    def key(source: str) -> tuple[int, int, str]:
        if source in rank:
            return (0, rank[source], "")
        if source in late:
            return (2, late[source], "")
        return (1, 0, source)

    return {source: totals[source] for source in sorted(totals, key=key)}


def review(game: SoloGame) -> GameReview:
    """Review ``game`` from its setup and events (pure and deterministic: the same game
    gives the same review). A game carried over from an older format is reviewed from the
    position it was carried over at."""
    ruleset = game.setup.ruleset
    state = initial_state(game.setup)
    sources: dict[int, dict[str, int]] = {state.round: {}}
    closed: dict[int, RoundReview] = {}
    edicts: list[EdictReview] = []
    for event in game.events:
        if isinstance(event, PlayerEdict):
            edicts.extend(_edict(state, event, ruleset))
        step = apply_traced(state, event, ruleset)
        row = sources.setdefault(state.round, {})
        for source, vp in split_vp(state, step).items():
            row[source] = row.get(source, 0) + vp
        if event.type == "end_round":
            closed[state.round] = _round(state.round, row, step.state, complete=True)
        state = step.state
    rows = [
        closed.get(number) or _round(number, row, state, complete=False)
        for number, row in sorted(sources.items())
    ]
    if state.game_over:
        rows = [row for row in rows if row.complete or row.vp_gained]
    else:
        rows.extend(() if state.round in sources else [_round(state.round, {}, state, False)])
    final = final_score(**final_counts(state), ruleset=ruleset) if state.game_over else None
    return GameReview(rounds=tuple(rows), edicts=tuple(edicts), final=final)


def _round(number: int, row: Mapping[str, int], state: GameState, complete: bool) -> RoundReview:
    player = state.player
    return RoundReview(
        round=number,
        vp_by_source=ordered({source: vp for source, vp in row.items() if vp}),
        complete=complete,
        vp_after=player.vp,
        grain=player.grain,
        stone=player.stone,
        augustales=player.augustales,
        towers=player.towers,
        walls=player.walls,
        keeps=player.keeps,
        allies=player.allies,
        palace=state.palace,
    )


def _edict(state: GameState, event: PlayerEdict, ruleset: Ruleset) -> list[EdictReview]:
    """The Edict ``event`` issues beside the advisor's first row (none when either cannot
    be worked out from the state, e.g. a tile not yet typed)."""
    try:
        issued = what_if(state, event.slot, event.choice, ruleset)
        rows = edict_advice(state, ruleset)
    except (RuleError, ValueError):
        return []
    if not rows:
        return []
    return [
        EdictReview(
            round=state.round,
            issued=issued.describe(),
            issued_gain=issued.gain,
            best=rows[0].describe(),
            best_gain=rows[0].gain,
        )
    ]


def next_title(score: int, ruleset: Ruleset | None = None) -> tuple[str, int] | None:
    """The next solo title above ``score`` and the VP still missing (``None``: the top
    title is reached).

    >>> next_title(0)[1] > 0
    True
    >>> next_title(10_000) is None
    True
    """
    from solo_deck.data.loaders import load_ruleset

    titles = (ruleset or load_ruleset()).scoring.titles.value
    above = [title for title in titles if title.min_score > score]
    if not above:
        return None
    first = min(above, key=lambda title: title.min_score)
    return first.name, first.min_score - score
