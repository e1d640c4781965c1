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
from solo_deck.reference.entry import ReferenceEntry, reference_source
from solo_deck.setup import DIFFICULTY_MARKETS

__all__ = ["end_phase_entries", "flow_entries", "load_ruleset"]

SOLO = "rulebook: solo mode"

MOVE_WORDS = {
    ShipMove.STAY: "Frederick's ship does not move this turn.",
    ShipMove.TO_PLAYER: "Frederick's ship goes straight to the port where your ship is.",
}


def _symbols(ruleset: Ruleset) -> list[ReferenceEntry]:
    where, section = reference_source(SOLO)
    entries = []
    for move in ShipMove:
        steps = move.steps
        summary = MOVE_WORDS.get(move, f"Frederick's ship sails {steps} port(s) clockwise.")
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
            "Remove the Action card",
            "The Advanced card at the port where his ship ends is taken out of the game.",
        ),
        "removes_ally": (
            "Remove the Ally",
            "The face-up Ally at the port where his ship ends is taken out of the game "
            "(his Court does not gain it).",
        ),
    }
    for key, (name, summary) in removals.items():
        entries.append(
            ReferenceEntry("Solo card symbol", key, name, summary, (), where, section, {key: True})
        )
    for numeral in Numeral:
        summary = (
            f"Frederick issues the tile in Active space {numeral.value}; "
            "if that space is empty, the next one in the cycle I, II, III."
        )
        entries.append(
            ReferenceEntry(
                "Solo card symbol",
                f"edict-{numeral.value}",
                f"Edict {numeral.value}",
                summary,
                ("His Edicts only add, and go no higher than his tracks' caps.",),
                where,
                section,
                {"edict": numeral.value},
            )
        )
    crowns = ruleset.rounds.crowns_to_reshuffle
    size = ruleset.rounds.solo_deck_size.value
    summary = (
        f"Count the crowns since the last shuffle: at crown number {crowns.value}, all {size} solo "
        "cards are shuffled again once his turn is done."
    )
    where, section = reference_source(crowns.source)
    entries.append(
        ReferenceEntry(
            "Solo card symbol",
            "crown",
            "Crown",
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
        "1. Turn over the next solo card (the app does it, or you key in your own card).",
        "2. Sail his ship as the card shows.",
        "3. Take away the Action card and/or the Ally the card marks, at his ship's port.",
        "4. Issue the Edict the card names into his palace, then refill its Active space.",
        "5. With the second crown since the shuffle, shuffle the solo deck after the turn.",
    )
    summary = f"After each of your turns Frederick acts once, at most {limit.value} times a round."
    return ReferenceEntry(
        "Frederick's turn",
        "frederick-turn",
        "Frederick's turn",
        summary,
        steps,
        where,
        section,
        {"max_actions": limit.value},
    )


END_PHASE_STEPS = (
    (
        "refill-hand",
        "Refill hand",
        "Your played cards go to the discard pile; discard any cards of your hand you like, "
        "then draw up to your hand size ({hand} cards).",
    ),
    ("castle-income", "Castle income", "Each closed side of your castle pays its income again."),
    (
        "ally-income",
        "Ally income",
        "Each of your Allies scores {base} VP, and {bonus} VP more when its condition holds.",
    ),
    (
        "reorganise",
        "Reorganisation",
        "The empty card spaces of the Voyage board are refilled and uncovered Allies turn up.",
    ),
    ("end-round", "End of the round", "The round ends; here the game-end triggers are checked."),
)
"""``(id, name, summary)`` of each End Phase step in order; ``{hand}`` is the hand size,
``{base}`` and ``{bonus}`` an Ally's VP."""

STEP_ALIASES = {
    "refill-hand": ("Refill", "refill your hand", "discard", "draw up"),
    "reorganise": ("Reorganization", "reorganize", "reorganisation"),
    "end-round": ("round ends",),
}
"""Further names a player uses for a step (the American spelling, a shorter verb)."""


def end_phase_entries(ruleset: Ruleset) -> list[ReferenceEntry]:
    """One entry per End Phase step, in order."""
    where, section = reference_source("rulebook: End Phase")
    numbers = {
        "hand": ruleset.player.hand_size.value,
        "base": ruleset.scoring.ally_base_vp.value,
        "bonus": ruleset.scoring.ally_bonus_vp.value,
    }
    return [
        ReferenceEntry(
            "End Phase step",
            key,
            f"{number}. {name}",
            summary.format(**numbers),
            (),
            where,
            section,
            {"step": number, "name": name},
            (name, *STEP_ALIASES.get(key, ())),
        )
        for number, (key, name, summary) in enumerate(END_PHASE_STEPS, start=1)
    ]


def _game_end() -> list[ReferenceEntry]:
    where, section = reference_source("rulebook: end of the game")
    return [
        ReferenceEntry(
            "Game end",
            reason.value,
            f"Game end: {reason.describe()}",
            f"The game ends after the round in which {reason.describe()}.",
            (),
            where,
            section,
            {"reason": reason.value},
        )
        for reason in GameEndReason
    ]


def _others(ruleset: Ruleset) -> list[ReferenceEntry]:
    titles = ruleset.scoring.titles
    bands = ", ".join(f"{t.name} from {t.min_score}" for t in titles.value)
    where, section = reference_source(titles.source)
    entries = [
        ReferenceEntry(
            "Title",
            "titles",
            "Titles",
            f"Your final score names you: {bands}.",
            (),
            where,
            section,
            {"titles": [t.model_dump(mode="json") for t in titles.value]},
            ("Title", *(t.name for t in titles.value)),
        )
    ]
    where, section = reference_source("rulebook: setup, Market tiles")
    for difficulty, tiles in DIFFICULTY_MARKETS.items():
        entries.append(
            ReferenceEntry(
                "Market tiles",
                f"market-{difficulty}",
                f"Market tiles ({difficulty})",
                f"A {difficulty} game lays {tiles}, one at each port.",
                ("Each tile offers a sale, a purchase or both, at its own prices.",),
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
