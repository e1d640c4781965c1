"""Issue 40: the Reference answers a player's own words. Each question below is typed as a
player would ask it at the table; the top answer of ``stupor-solo rules QUESTION --json``
must be the entry the words name, and that entry must say what the player needs."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import Run

QUESTIONS: list[tuple[str, str, str]] = [
    # (what the player types, the key of the top entry, what that entry must say)
    # the five main actions
    ("how do I build", "main-action:build-a-structure", "Stone"),
    ("build a tower", "main-action:build-a-structure", "Tower"),
    ("summon an ally", "main-action:summon-an-ally", "Grain"),
    ("how much does an ally cost", "main-action:summon-an-ally", "Grain"),
    ("promote", "main-action:promote-a-specialist", "Specialist"),
    ("move my specialist", "main-action:promote-a-specialist", "Path"),
    ("specialists", "main-action:promote-a-specialist", "City Bonus"),
    ("market", "main-action:visit-the-market", "sell"),
    ("sell grain", "main-action:visit-the-market", "buy"),
    ("purchase", "main-action:purchase-a-card", "Augustales"),
    ("buy a card", "main-action:purchase-a-card", "hand"),
    # the Structures
    ("what does a tower do", "structure:tower", "Ally"),
    ("what does a wall do", "structure:wall", "resource"),
    ("what does a keep do", "structure:keep", "Edict"),
    ("towers", "structure:tower", "Ally"),
    # travel, the turn, passing
    ("travel cost", "rule:travel", "free"),
    ("cost to travel", "rule:travel", "free"),
    ("how far can my ship move", "rule:travel", "4 spaces"),
    ("sail", "rule:travel", "clockwise"),
    ("what can I do on my turn", "rule:your-turn", "travel"),
    ("play a card face down", "rule:playing-a-card", "spears"),
    ("card slots", "rule:playing-a-card", "Card Slot"),
    ("can I pass", "rule:passing", "card in your hand"),
    ("passing", "rule:passing", "no more turns"),
    # the hand
    ("how many cards in hand", "rule:your-hand", "5 cards"),
    ("hand size", "rule:your-hand", "5 cards"),
    ("draw cards", "rule:your-hand", "draw pile"),
    ("empty draw pile", "rule:your-hand", "shuffle"),
    ("refill", "end-phase-step:refill-hand", "draw"),
    ("discard", "end-phase-step:refill-hand", "discard"),
    # the warehouse and the castle's sides
    ("warehouse", "rule:warehouse", "3 resources"),
    ("how many resources can I keep", "rule:warehouse", "Wall"),
    ("storage limit", "rule:warehouse", "replace"),
    ("close a side", "rule:closing-a-side", "Towers"),
    ("castle income", "end-phase-step:castle-income", "closed side"),
    # Edicts
    ("issue an edict", "rule:issue-an-edict", "reward"),
    ("how do edicts work", "rule:issue-an-edict", "add or remove"),
    ("ÉDICTS", "rule:issue-an-edict", "Active"),
    ("edict i", "solo-card-symbol:edict-I", "Active space I"),
    # the End Phase, the end of the game, the score
    ("end phase", "rule:end-phase", "Refill hand"),
    ("what happens at the end of the round", "rule:end-phase", "Ally income"),
    ("ally income", "end-phase-step:ally-income", "VP"),
    ("reorganization", "end-phase-step:reorganise", "refilled"),
    ("final score", "rule:final-score", "6 Augustales"),
    ("scoring", "rule:final-score", "each Structure"),
    ("what are coins worth at the end", "rule:final-score", "1 VP"),
    ("how do I become duke", "title:titles", "80"),
    ("when does the game end", "rule:game-end", "Edict"),
    ("game over", "rule:game-end", "castle"),
    # Frederick and the pieces still answer by name
    ("frederick's turn", "frederick-s-turn:frederick-turn", "solo card"),
    ("crown", "solo-card-symbol:crown", "shuffled"),
    ("tento", "ally:tento", "9 or more Augustales"),
    ("philaretos", "ally:philaretos", "Path A"),
    ("GISÈLE", "ally:gisele", "VP"),
    ("gisele", "ally:gisele", "VP"),
    ("A12", "advanced-card:A12", "Market"),
    ("great keep", "great-structure:great_keep", "Keep"),
    ("village ii b", "workplace-tile:village-II-B", "Build"),
]


def top_answer(run: Run, question: str) -> dict[str, object] | None:
    """The first entry ``stupor-solo rules QUESTION --json`` prints (``None``: nothing)."""
    found = json.loads(run("rules", "--json", *question.split()).out)
    return found[0] if found else None


@pytest.mark.parametrize(("question", "key", "says"), QUESTIONS, ids=[q for q, _, _ in QUESTIONS])
def test_a_players_question_finds_its_rule_first(
    run: Run, question: str, key: str, says: str
) -> None:
    top = top_answer(run, question)
    assert top is not None, f"nothing answers {question!r}"
    assert top["key"] == key, f"{question!r} answers {top['key']}"
    details = top["details"]
    assert isinstance(details, list)
    text = " ".join([str(top["name"]), str(top["summary"]), *map(str, details)])
    assert says.lower() in text.lower(), f"{key} does not say {says!r}: {text}"


def test_the_list_is_long_enough() -> None:
    assert len(QUESTIONS) >= 40
    assert len({q.casefold() for q, _, _ in QUESTIONS}) == len(QUESTIONS)
