"""Issue 29: ``stupor-solo rules [QUERY] [--json]``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.cli.conftest import Run


def test_rules_tento_prints_the_entry(run: Run) -> None:
    result = run("rules", "tento")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0] == "Tento · Ally"
    assert "9 or more Augustales" in lines[1]
    assert "Source: rulebook — look up: appendix, Allies (Loyalists)" in lines


def test_rules_json_prints_the_structured_data(run: Run) -> None:
    result = run("rules", "--json", "tento")
    assert result.code == 0
    entries = json.loads(result.out)
    assert entries[0]["id"] == "tento" and entries[0]["source"] == "rulebook"
    assert entries[0]["data"]["condition"]["metric"] == "augustales"


def test_rules_takes_words_and_ids(run: Run) -> None:
    assert run("rules", "Village", "II", "B").out.startswith("Village II B · Workplace tile")
    assert run("rules", "A12").out.startswith("A12 · Advanced card")


def test_rules_without_a_query_lists_every_entry(run: Run) -> None:
    result = run("rules")
    assert result.code == 0
    assert len(result.out.splitlines()) > 140
    assert any(line.endswith("Tento  (tento)") for line in result.out.splitlines())


def test_rules_with_no_match_says_so(run: Run) -> None:
    result = run("rules", "xyzzy")
    assert result.code == 1
    assert "nothing in the Reference matches 'xyzzy'" in result.err
    assert json.loads(run("rules", "--json", "xyzzy").out) == []


def test_rules_cuts_a_huge_question_and_says_so(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    from solo_deck.reference.search import search_reference as search

    searched: list[int] = []

    def counted(query: str, entries: Any) -> Any:
        searched.append(len(query))
        return search(query, entries)

    monkeypatch.setattr("companion.reference.search_reference", counted)
    result = run("rules", "tento " + "x" * 100_000)
    assert searched and max(searched) <= 200, searched
    assert "longer than 200 characters" in result.err and "Traceback" not in result.err
