"""The Reference entries of the game's flow, written from the ruleset and the engine's own
enums: the solo card symbols, Frederick's turn, the End Phase steps, the game-end
triggers, the Market tiles and the titles.

>>> [e.id for e in flow_entries(load_ruleset()) if e.kind == "Game end"]
['castle_complete', 'edict_space_empty', 'advanced_cards_short']
"""

from __future__ import annotations

from solo_deck.data.loaders import load_ruleset
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.solo_cards import MOVE_LABELS, Numeral, ShipMove
from solo_deck.model.state import GameEndReason
from solo_deck.reference.actions import DIFFICULTY_WORDS
from solo_deck.reference.entry import ReferenceEntry, printed, reference_source
from solo_deck.setup import DIFFICULTY_MARKETS
from solo_deck.text import Text, joined, named, t, tn

# i18n: sentences are Text

__all__ = ["end_phase_entries", "flow_entries", "load_ruleset"]

MOVE_WORDS = {
    ShipMove.STAY: t("Frederick's ship does not move this turn."),
    ShipMove.TO_PLAYER: t("Frederick's ship goes straight to the port where your ship is."),
}


def _symbols(ruleset: Ruleset) -> list[ReferenceEntry]:
    where, section = printed(t("solo mode"))
    entries = []
    for move in ShipMove:
        steps = move.steps
        summary = MOVE_WORDS.get(move) or tn(
            "Frederick's ship sails {n} port(s) clockwise.",
            "Frederick's ship sails {n} port(s) clockwise.",
            steps or 0,
        )
        entries.append(
            ReferenceEntry(
                "Solo card symbol",
                move.value,
                MOVE_LABELS[move],
                summary,
                (),
                where,
                section,
                {"move": move.value, "steps": steps},
            )
        )
    removals = {
        "removes_card": (
            t("Remove the Action card"),
            t("The Advanced card at the port where his ship ends is taken out of the game."),
        ),
        "removes_ally": (
            t("Remove the Ally"),
            t(
                "The face-up Ally at the port where his ship ends is taken out of the game "
                "(his Court does not gain it)."
            ),
        ),
    }
    for key, (name, summary) in removals.items():
        entries.append(
            ReferenceEntry("Solo card symbol", key, name, summary, (), where, section, {key: True})
        )
    for numeral in Numeral:
        summary = t(
            "Frederick issues the tile in Active space {numeral}; if that space is empty, the "
            "next one in the cycle I, II, III.",
            numeral=numeral.value,
        )
        entries.append(
            ReferenceEntry(
                "Solo card symbol",
                f"edict-{numeral.value}",
                t("Edict {numeral}", numeral=numeral.value),
                summary,
                (t("His Edicts only add, and go no higher than his tracks' caps."),),
                where,
                section,
                {"edict": numeral.value},
            )
        )
    crowns = ruleset.rounds.crowns_to_reshuffle
    size = ruleset.rounds.solo_deck_size.value
    summary = t(
        "Count the crowns since the last shuffle: at crown number {crowns}, all {size} solo "
        "cards are shuffled again once his turn is done.",
        crowns=crowns.value,
        size=size,
    )
    where, section = reference_source(crowns.source)
    entries.append(
        ReferenceEntry(
            "Solo card symbol",
            "crown",
            t("Crown"),
            summary,
            (),
            where,
            section,
            {"crowns_to_reshuffle": crowns.value, "deck_size": size},
        )
    )
    return entries


def _frederick(ruleset: Ruleset) -> ReferenceEntry:
    limit = ruleset.rounds.frederick_max_actions
    where, section = reference_source(limit.source)
    steps = (
        t("1. Turn over the next solo card (the app does it, or you key in your own card)."),
        t("2. Sail his ship as the card shows."),
        t("3. Take away the Action card and/or the Ally the card marks, at his ship's port."),
        t("4. Issue the Edict the card names into his palace, then refill its Active space."),
        t("5. With the second crown since the shuffle, shuffle the solo deck after the turn."),
    )
    summary = t(
        "After each of your turns Frederick acts once, at most {n} times a round.", n=limit.value
    )
    return ReferenceEntry(
        "Frederick's turn",
        "frederick-turn",
        t("Frederick's turn"),
        summary,
        steps,
        where,
        section,
        {"max_actions": limit.value},
    )


def end_phase_steps(hand: int, base: int, bonus: int) -> tuple[tuple[str, Text, Text], ...]:
    """``(id, name, summary)`` of each End Phase step in order, for a hand of ``hand``
    cards and an Ally's ``base`` and ``bonus`` VP."""
    return (
        (
            "refill-hand",
            t("Refill hand"),
            t(
                "Your played cards go to the discard pile; discard any cards of your hand you "
                "like, then draw up to your hand size ({hand} cards).",
                hand=hand,
            ),
        ),
        (
            "castle-income",
            t("Castle income"),
            t("Each closed side of your castle pays its income again."),
        ),
        (
            "ally-income",
            t("Ally income"),
            t(
                "Each of your Allies scores {base} VP, and {bonus} VP more when its condition "
                "holds.",
                base=base,
                bonus=bonus,
            ),
        ),
        (
            "reorganise",
            t("Reorganisation"),
            t(
                "The empty card spaces of the Voyage board are refilled and uncovered Allies "
                "turn up."
            ),
        ),
        (
            "end-round",
            t("End of the round"),
            t("The round ends; here the game-end triggers are checked."),
        ),
    )


STEP_ALIASES = {
    "refill-hand": ("Refill", "refill your hand", "discard", "draw up"),
    "reorganise": ("Reorganization", "reorganize", "reorganisation"),
    "end-round": ("round ends",),
}
"""Further names a player uses for a step (the American spelling, a shorter verb)."""


def end_phase_entries(ruleset: Ruleset) -> list[ReferenceEntry]:
    """One entry per End Phase step, in order."""
    where, section = printed(t("End Phase"))
    steps = end_phase_steps(
        ruleset.player.hand_size.value,
        ruleset.scoring.ally_base_vp.value,
        ruleset.scoring.ally_bonus_vp.value,
    )
    return [
        ReferenceEntry(
            "End Phase step",
            key,
            t("{number}. {name}", number=number, name=name),
            summary,
            (),
            where,
            section,
            {"step": number, "name": name},
            (name, *STEP_ALIASES.get(key, ())),
        )
        for number, (key, name, summary) in enumerate(steps, start=1)
    ]


def _game_end() -> list[ReferenceEntry]:
    where, section = printed(t("end of the game"))
    return [
        ReferenceEntry(
            "Game end",
            reason.value,
            t("Game end: {reason}", reason=reason.describe()),
            t("The game ends after the round in which {reason}.", reason=reason.describe()),
            (),
            where,
            section,
            {"reason": reason.value},
        )
        for reason in GameEndReason
    ]


def _others(ruleset: Ruleset) -> list[ReferenceEntry]:
    titles = ruleset.scoring.titles
    bands = joined(
        (
            t("{title} from {score}", title=named(title.name, "title"), score=title.min_score)
            for title in titles.value
        ),
        ", ",
    )
    where, section = reference_source(titles.source)
    entries = [
        ReferenceEntry(
            "Title",
            "titles",
            t("Titles"),
            t("Your final score names you: {titles}.", titles=bands),
            (),
            where,
            section,
            {"titles": [t.model_dump(mode="json") for t in titles.value]},
            ("Title", *(title.name for title in titles.value)),
        )
    ]
    where, section = printed(t("setup, Market tiles"))
    for difficulty, tiles in DIFFICULTY_MARKETS.items():
        level = DIFFICULTY_WORDS[difficulty]
        entries.append(
            ReferenceEntry(
                "Market tiles",
                f"market-{difficulty}",
                t("Market tiles ({difficulty})", difficulty=level),
                t(
                    "A {difficulty} game lays {tiles}, one at each port.",
                    difficulty=level,
                    tiles=tiles,
                ),
                (t("Each tile offers a sale, a purchase or both, at its own prices."),),
                where,
                section,
                {"difficulty": difficulty, "tiles": tiles},
            )
        )
    return entries


def flow_entries(ruleset: Ruleset) -> list[ReferenceEntry]:
    """The entries of the game's flow, in the order the Reference lists them."""
    return [
        _frederick(ruleset),
        *_symbols(ruleset),
        *end_phase_entries(ruleset),
        *_game_end(),
        *_others(ruleset),
    ]
