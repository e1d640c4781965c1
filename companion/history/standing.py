""" "Where you stand", worded for the Statistics screen: your games in each configuration
against the lab's bots, and the setting to try next.

The figures are the engine's (:func:`solo_deck.where_you_stand`,
:func:`solo_deck.suggest_setting`); here they become lines of text from
:attr:`CareerStats.by_configuration <companion.history.stats.CareerStats.by_configuration>`
and the title you aim for (``[coach] aim_title``). Nothing here imports Textual or reads
a file: the screen draws the :class:`StandingLine` s as they come, each with its kind
(``heading``, ``body``, ``note``) for the style. A House is stored text: the lines are
plain text, never markup.

The history does not record the boards a game was played on: the screen passes the boards
in use now (:func:`boards_differing`), and the note says the bots played on the packaged
ones when yours differ.

>>> from companion.history.stats import CareerStats
>>> stats = CareerStats(by_configuration={("Savoy", "medium", False): [58, 66, 49]})
>>> [line.text for line in standing_lines(stats, "Feudal lord")]  # doctest: +NORMALIZE_WHITESPACE
['Where you stand shows once 5 finished games share a configuration (House, Market
  difficulty, easier solo game or not): 2 more games in Savoy, medium, standard.']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from companion.formatting import plural

if TYPE_CHECKING:
    from companion.history.stats import CareerStats, ConfigurationKey
    from solo_deck import Configuration, LabTable, Standing, Suggestion

LineKind = Literal["heading", "body", "note"]
INDENT = " " * 11
"""The indent of a section's lines after the first of each kind."""
AIM_TITLE_KEY = "[coach] aim_title"
"""Where the player names the title they aim for."""


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One line of "Where you stand" and its kind (how the screen styles it)."""

    text: str
    kind: LineKind = "body"


def _configuration(key: ConfigurationKey, table: LabTable) -> Configuration:
    """The engine's configuration of a recorded one; a House spelt in another case than
    the lab's (an import) takes the lab's spelling."""
    from solo_deck import Configuration

    house, difficulty, easier = key
    known = {row.house.casefold(): row.house for row in table.rows}
    market = difficulty if difficulty in ("easy", "medium", "hard") else "medium"
    return Configuration(known.get(house.casefold(), house), market, easier)  # type: ignore[arg-type]


def played_by_configuration(stats: CareerStats, table: LabTable) -> dict[Configuration, list[int]]:
    """Your final scores by configuration (the recorded ones merged by the engine's
    spelling), most games first, then in the order first played."""
    played: dict[Configuration, list[int]] = {}
    for key, totals in stats.by_configuration.items():
        played.setdefault(_configuration(key, table), []).extend(totals)
    return dict(sorted(played.items(), key=lambda item: -len(item[1])))


def _range(low: float, high: float) -> str:
    return f"{low:.1f}–{high:.1f}"


def _share_range(low: float, high: float) -> str:
    return f"{100 * low:.0f}–{100 * high:.0f} %"


def section_lines(you: Standing) -> list[StandingLine]:
    """The lines of one configuration: its name and games, your mean against each bot's,
    and how often you reached each title (or better)."""
    heading = f"{you.configuration.describe()} · {plural(you.games, 'game')}"
    lines = [StandingLine(heading, "heading")]
    lines.append(StandingLine(f"  Mean     you {you.mean:.1f} ({_range(*you.ci95)})"))
    bots = sorted(you.bots, key=lambda bot: -bot.mean)
    if bots:
        lines.append(StandingLine(INDENT + " · ".join(f"{b.bot} bot {b.mean:.1f}" for b in bots)))
    else:
        house = you.configuration.house
        lines.append(StandingLine(f"{INDENT}the lab has no figures for House {house}", "note"))
    label = "  Reached  "
    highest = you.at_least[-1].title if you.at_least else None
    width = max((len(r.title) for r in you.at_least), default=0) + len(" or better")
    digits = len(str(you.games))
    for rate in you.at_least:
        name = rate.title if rate.title == highest else f"{rate.title} or better"
        lines.append(
            StandingLine(
                f"{label}{name:<{width}}  {rate.reached:>{digits}} of {rate.games}  "
                f"{100 * rate.share:3.0f} %  ({_share_range(rate.low, rate.high)})"
            )
        )
        label = INDENT
    return lines


def suggestion_lines(
    suggestion: Suggestion | None, aim: str, played: Mapping[Configuration, list[int]]
) -> list[StandingLine]:
    """The setting to try next and what it rests on (or why there is none)."""
    from solo_deck import STANDING_MIN_GAMES, load_ruleset

    titles = sorted(load_ruleset().scoring.titles.value, key=lambda t: t.min_score)
    if titles and aim == titles[0].name:
        return [
            StandingLine(
                f"Every game reaches {aim}: name a higher title in {AIM_TITLE_KEY} for a "
                "suggested setting.",
                "note",
            )
        ]
    if suggestion is None:
        return [
            StandingLine(
                "No suggested setting: the lab's table has none of the configurations you have "
                f"{STANDING_MIN_GAMES} games in.",
                "note",
            )
        ]
    lines = [StandingLine(f"Next: {suggestion.line()}.", "heading")]
    most = next(iter(played), None)
    here = None if most is None else suggestion.chance_in(most)
    side = "above" if suggestion.offset >= 0 else "below"
    basis = (
        f"  Your aim is {aim} ({AIM_TITLE_KEY}). Over {plural(suggestion.games, 'game')} you "
        f"score {abs(suggestion.offset):.1f} points {side} the greedy bot (spread "
        f"{suggestion.spread:.1f})"
    )
    if most is not None and here is not None and most != suggestion.configuration:
        basis += f"; in {most.describe()} about {100 * here:.0f} % would reach it"
    lines.append(StandingLine(basis + "."))
    return lines


def standing_lines(
    stats: CareerStats,
    aim: str,
    differing_boards: Callable[[], list[str]] | None = None,
    table: LabTable | None = None,
) -> list[StandingLine]:
    """Everything "Where you stand" says: a section per configuration with enough games, a
    line on what the others still need, the suggested setting, and the note on the boards
    (``differing_boards`` gives the titles of your boards that differ from the packaged
    ones; asked only when a section is shown)."""
    from solo_deck import STANDING_MIN_GAMES, load_lab_table, suggest_setting, where_you_stand

    lab = table or load_lab_table()
    played = played_by_configuration(stats, lab)
    ready = {c: scores for c, scores in played.items() if len(scores) >= STANDING_MIN_GAMES}
    waiting = [(c, scores) for c, scores in played.items() if c not in ready]
    lines: list[StandingLine] = []
    for configuration, scores in ready.items():
        lines += section_lines(where_you_stand(configuration, scores, lab))
        lines.append(StandingLine(""))
    if not played:
        return [
            StandingLine(
                f"Where you stand shows once {STANDING_MIN_GAMES} finished games share a "
                "configuration; no game in the history records its House, Market difficulty "
                "and easier solo game yet.",
                "note",
            )
        ]
    if waiting:
        nearest, scores = waiting[0]
        more = plural(STANDING_MIN_GAMES - len(scores), "more game")
        others = len(waiting) - 1
        if ready:
            text = f"Not yet: {more} in {nearest.describe()}"
            if others:
                text += f" (and {plural(others, 'other configuration')})"
            lines.append(StandingLine(text + ".", "note"))
        else:
            lines.append(
                StandingLine(
                    f"Where you stand shows once {STANDING_MIN_GAMES} finished games share a "
                    "configuration (House, Market difficulty, easier solo game or not): "
                    f"{more} in {nearest.describe()}.",
                    "note",
                )
            )
    if ready:
        lines += suggestion_lines(suggest_setting(ready, aim, lab), aim, ready)
        lines.append(
            StandingLine(
                "Ranges are 95 % intervals. The bots' figures are the lab's simulated games "
                f"({lab.source.games_per_configuration:,} per bot and configuration, seed "
                f"{lab.source.seed}, engine {lab.source.engine_version}) on the "
                f"{lab.source.boards} boards.",
                "note",
            )
        )
        differing = differing_boards() if differing_boards is not None else []
        if differing:
            *first, last = differing
            named = f"{', '.join(first)} and {last}" if first else last
            verb = "differ" if first else "differs"
            lines.append(
                StandingLine(
                    f"Your {named} {verb} from the packaged boards the lab played on: the "
                    "bots' figures are for the packaged boards, so compare with care.",
                    "note",
                )
            )
    return lines


def boards_differing(boards: Mapping[str, Any]) -> list[str]:
    """The titles of ``boards`` (the boards in use, by ruleset field) whose values differ
    from the packaged board's (where each value comes from does not count: a board you
    checked and found as packaged is the packaged board)."""
    from solo_deck import BOARDS, checked_board

    differing = []
    for field, board in boards.items():
        kind = BOARDS.get(field)
        if kind is not None and checked_board(board) != checked_board(kind.packaged()):
            differing.append(kind.title)
    return differing
