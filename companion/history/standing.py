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

from companion.i18n import _, ngettext, pgettext, shown
from companion.i18n.words import edition, value_word

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


def configuration_words(configuration: Configuration) -> str:
    """``Savoy, medium, easier`` in the language in use (the engine's ``describe()`` is
    English)."""
    easier = (
        pgettext("solo game", "easier")
        if configuration.easier_solo
        else pgettext("solo game", "standard")
    )
    return _("{house}, {difficulty}, {easier}").format(
        house=edition(configuration.house),
        difficulty=value_word(configuration.difficulty),
        easier=easier,
    )


def _games(count: int) -> str:
    return ngettext("{n} game", "{n} games", count).format(n=f"{count:,}")


def _range(low: float, high: float) -> str:
    return f"{low:.1f}–{high:.1f}"


def _share_range(low: float, high: float) -> str:
    return f"{100 * low:.0f}–{100 * high:.0f} %"


def section_lines(you: Standing) -> list[StandingLine]:
    """The lines of one configuration: its name and games, your mean against each bot's,
    and how often you reached each title (or better)."""
    heading = f"{configuration_words(you.configuration)} · {_games(you.games)}"
    lines = [StandingLine(heading, "heading")]
    mean = _("you {mean} ({range})").format(mean=f"{you.mean:.1f}", range=_range(*you.ci95))
    lines.append(StandingLine(f"  {_('Mean'):<9}{mean}"))
    bots = sorted(you.bots, key=lambda bot: -bot.mean)
    if bots:
        figures = (_("{bot} bot {mean}").format(bot=b.bot, mean=f"{b.mean:.1f}") for b in bots)
        lines.append(StandingLine(INDENT + " · ".join(figures)))
    else:
        house = edition(you.configuration.house)
        none = _("the lab has no figures for House {house}").format(house=house)
        lines.append(StandingLine(f"{INDENT}{none}", "note"))
    label = f"  {_('Reached'):<9}"
    highest = you.at_least[-1].title if you.at_least else None
    better = [_("{title} or better").format(title=edition(r.title)) for r in you.at_least]
    names = [
        edition(r.title) if r.title == highest else name
        for r, name in zip(you.at_least, better, strict=True)
    ]
    width = max((len(name) for name in better), default=0)
    digits = len(str(you.games))
    for rate, name in zip(you.at_least, names, strict=True):
        count = _("{reached} of {games}").format(
            reached=f"{rate.reached:>{digits}}", games=rate.games
        )
        lines.append(
            StandingLine(
                f"{label}{name:<{width}}  {count}  "
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
        said = _("Every game reaches {aim}: name a higher title in {key} for a suggested setting.")
        return [StandingLine(said.format(aim=edition(aim), key=AIM_TITLE_KEY), "note")]
    if suggestion is None:
        said = _(
            "No suggested setting: the lab's table has none of the configurations you have "
            "{n} games in."
        )
        return [StandingLine(said.format(n=STANDING_MIN_GAMES), "note")]
    next_line = _("Next: {setting}.").format(setting=shown(suggestion.line()))
    lines = [StandingLine(next_line, "heading")]
    most = next(iter(played), None)
    here = None if most is None else suggestion.chance_in(most)
    basis = (
        ngettext(
            "Your aim is {aim} ({key}). Over {n} game you score {points} points above the "
            "greedy bot (spread {spread})",
            "Your aim is {aim} ({key}). Over {n} games you score {points} points above the "
            "greedy bot (spread {spread})",
            suggestion.games,
        )
        if suggestion.offset >= 0
        else ngettext(
            "Your aim is {aim} ({key}). Over {n} game you score {points} points below the "
            "greedy bot (spread {spread})",
            "Your aim is {aim} ({key}). Over {n} games you score {points} points below the "
            "greedy bot (spread {spread})",
            suggestion.games,
        )
    ).format(
        aim=edition(aim),
        key=AIM_TITLE_KEY,
        n=f"{suggestion.games:,}",
        points=f"{abs(suggestion.offset):.1f}",
        spread=f"{suggestion.spread:.1f}",
    )
    if most is not None and here is not None and most != suggestion.configuration:
        basis = _("{basis}; in {setting} about {share} % would reach it.").format(
            basis=basis, setting=configuration_words(most), share=f"{100 * here:.0f}"
        )
    else:
        basis = _("{basis}.").format(basis=basis)
    lines.append(StandingLine(f"  {basis}"))
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
        said = _(
            "Where you stand shows once {n} finished games share a configuration; no game in "
            "the history records its House, Market difficulty and easier solo game yet."
        )
        return [StandingLine(said.format(n=STANDING_MIN_GAMES), "note")]
    if waiting:
        nearest, scores = waiting[0]
        missing = STANDING_MIN_GAMES - len(scores)
        more = ngettext("{n} more game", "{n} more games", missing).format(n=f"{missing:,}")
        others = len(waiting) - 1
        where = configuration_words(nearest)
        if ready and others:
            text = ngettext(
                "Not yet: {more} in {setting} (and {n} other configuration).",
                "Not yet: {more} in {setting} (and {n} other configurations).",
                others,
            ).format(more=more, setting=where, n=f"{others:,}")
        elif ready:
            text = _("Not yet: {more} in {setting}.").format(more=more, setting=where)
        else:
            text = _(
                "Where you stand shows once {n} finished games share a configuration (House, "
                "Market difficulty, easier solo game or not): {more} in {setting}."
            ).format(n=STANDING_MIN_GAMES, more=more, setting=where)
        lines.append(StandingLine(text, "note"))
    if ready:
        lines += suggestion_lines(suggest_setting(ready, aim, lab), aim, ready)
        lines.append(
            StandingLine(
                _(
                    "Ranges are 95 % intervals. The bots' figures are the lab's simulated games "
                    "({games} per bot and configuration, seed {seed}, engine {engine}) on the "
                    "{boards} boards."
                ).format(
                    games=f"{lab.source.games_per_configuration:,}",
                    seed=lab.source.seed,
                    engine=lab.source.engine_version,
                    boards=lab.source.boards,
                ),
                "note",
            )
        )
        differing = differing_boards() if differing_boards is not None else []
        if differing:
            *first, last = differing
            said = (
                _(
                    "Your {boards} and {last} differ from the packaged boards the lab played "
                    "on: the bots' figures are for the packaged boards, so compare with care."
                )
                if first
                else _(
                    "Your {last} differs from the packaged boards the lab played on: the bots' "
                    "figures are for the packaged boards, so compare with care."
                )
            )
            named = said.format(boards=", ".join(map(edition, first)), last=edition(last))
            lines.append(StandingLine(named, "note"))
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
