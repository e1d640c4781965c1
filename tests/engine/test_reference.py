"""Issue 29: the Reference is written from the data files, covers every id in them, names
a source for each entry and repeats no rulebook sentence."""

from __future__ import annotations

import pathlib
import re
import tomllib
from collections.abc import Iterator

import pytest

from solo_deck import (
    REFERENCE_SOURCES,
    data_rows,
    load_ruleset,
    main_action_key,
    reference_entries,
    search_reference,
)
from solo_deck.model.gains import Gains
from solo_deck.reference.board import site_entries
from solo_deck.reference.entry import MAIN_ACTION_IDS
from solo_deck.reference.walk import DataRow, generic_entry

DATA = pathlib.Path(__file__).resolve().parents[2] / "solo_deck" / "data"
RULES = pathlib.Path("/work/shared/rules")


def _ids(value: object) -> Iterator[str]:
    """Every ``id`` (and a closed side's ``income``) in a parsed TOML document, at any
    depth of its arrays of tables."""
    if isinstance(value, dict):
        for item in value.values():
            if isinstance(item, list):
                for row in item:
                    if isinstance(row, dict) and ("id" in row or "income" in row):
                        yield str(row.get("id", row.get("income")))
            yield from _ids(item)
    elif isinstance(value, list):
        for item in value:
            yield from _ids(item)


def _every_id_in_the_data_files() -> set[tuple[str, str]]:
    found = set()
    for path in sorted(DATA.glob("*.toml")):
        for ident in _ids(tomllib.loads(path.read_text(encoding="utf-8"))):
            found.add((path.name, ident))
    return found


def test_every_id_in_the_data_files_has_an_entry() -> None:
    wanted = _every_id_in_the_data_files()
    assert len(wanted) >= 115  # allies, cards, tiles, castle pieces, solo cards
    have = {entry.id for entry in reference_entries()}
    missing = sorted(f"{file}: {ident}" for file, ident in wanted if ident not in have)
    assert missing == []


def test_the_walk_finds_what_the_files_hold() -> None:
    walked = {(row.file, row.id) for row in data_rows()}
    assert walked == _every_id_in_the_data_files()


def test_every_entry_names_its_source_and_a_section() -> None:
    for entry in reference_entries():
        assert entry.source in REFERENCE_SOURCES, entry.key
        assert entry.section.strip(), entry.key
        assert entry.summary.strip(), entry.key
    assert len({entry.key for entry in reference_entries()}) == len(reference_entries())
    # one entry per id: a table written by a builder gets no second, generic entry
    assert len({entry.id for entry in reference_entries()}) == len(reference_entries())


def test_an_id_no_builder_knows_still_gets_an_entry() -> None:
    row = DataRow(
        "castle_board.toml",
        "site",
        "site-7",
        {"id": "site-7", "type": "tower", "edict_mark": True, "source": "assumed: verify"},
    )
    entry = generic_entry(row)
    assert (entry.kind, entry.id, entry.source) == ("Site", "site-7", "assumed")
    assert "edict mark: True" in entry.summary + " ".join(entry.details)


def test_the_entries_follow_the_data() -> None:
    by_id = {entry.id: entry for entry in reference_entries()}
    assert "9 or more Augustales" in by_id["tento"].summary
    assert "Frederick's palace" in by_id["tento"].details[0]
    assert by_id["A12"].summary == "Gain 1 Grain. Visit the Market."
    assert by_id["village-II-B"].name == "Village II B"
    assert by_id["slot"].kind == "Keep Cover" and "sixth" in by_id["slot"].summary
    assert by_id["crown"].data["crowns_to_reshuffle"] == 2


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("A12", "A12"),
        ("a1", "A1"),
        ("Village II B", "village-II-B"),
        ("tento", "tento"),
        ("great keep", "great_keep"),
    ],
)
def test_search_puts_the_named_entry_first(query: str, first: str) -> None:
    assert search_reference(query, reference_entries())[0].id == first


def test_search_finds_words_of_the_effect() -> None:
    found = [e.id for e in search_reference("market grain", reference_entries())]
    assert "A12" in found
    assert all(
        "market" in e.text().lower() and "grain" in e.text().lower()
        for e in search_reference("market grain", reference_entries())
    )
    assert search_reference("no such word anywhere", reference_entries()) == []


@pytest.mark.skipif(not RULES.is_dir(), reason="the rules text is not on this machine")
def test_no_entry_repeats_a_rulebook_sentence() -> None:
    def norm(text: str) -> list[str]:
        return re.sub(r"[^a-z0-9]+", " ", text.lower()).split()

    words = norm(" ".join(p.read_text(errors="ignore") for p in RULES.glob("*")))
    grams = {" ".join(words[i : i + 12]) for i in range(len(words) - 11)}
    copied = []
    for entry in reference_entries():
        w = norm(entry.text())
        if any(" ".join(w[i : i + 12]) in grams for i in range(len(w) - 11)):
            copied.append(entry.key)
    assert copied == []


def test_the_castle_sites_are_written_from_the_board_a_game_carries() -> None:
    ruleset = load_ruleset()
    board = ruleset.castle_board
    assert board is not None
    by_id = {entry.id: entry for entry in site_entries(ruleset)}
    assert sorted(by_id) == sorted(site.id for site in board.sites)
    t4, w2, k1 = by_id["T4"], by_id["W2"], by_id["K1"]
    assert (t4.key, t4.name, t4.source) == ("castle-site:T4", "Tower T4", "assumed")
    assert t4.summary == "A Tower site: building here costs 2 Stone."
    assert any("Edict mark" in line for line in t4.details)
    assert not any("Edict mark" in line for line in by_id["T2"].details)
    # W2 is the Wall of the rulebook's Build example: the Stone side, with the Edict mark
    assert w2.source == "rulebook"
    assert any("Towers T2 and T3" in line and "+1 Stone" in line for line in w2.details)
    assert any("Edict mark" in line for line in w2.details)
    assert any("Larger hand" in line for line in k1.details)
    assert "Built at setup." in by_id["T1"].details
    assert "Built at setup." not in by_id["T2"].details
    # another board (as a game carries it) gives other entries
    t2 = board.site("T2").model_copy(update={"cost": Gains(grain=2)})
    other = board.model_copy(
        update={"sites": tuple(t2 if s.id == "T2" else s for s in board.sites)}
    )
    moved = {e.id: e for e in site_entries(ruleset.model_copy(update={"castle_board": other}))}
    assert moved["T2"].summary == "A Tower site: building here costs 2 Grain."
    assert site_entries(ruleset.model_copy(update={"castle_board": None})) == []


# --- issue 40: the Reference in the player's words ---------------------------------------


def test_the_rules_of_play_are_written_from_the_ruleset() -> None:
    from solo_deck.reference.play import play_entries

    ruleset = load_ruleset()
    by_id = {entry.id: entry for entry in play_entries(ruleset)}
    wanted = {
        "build-a-structure",
        "summon-an-ally",
        "promote-a-specialist",
        "visit-the-market",
        "purchase-a-card",
        "travel",
        "passing",
        "your-hand",
        "warehouse",
        "closing-a-side",
        "issue-an-edict",
        "end-phase",
        "final-score",
        "game-end",
    }
    assert wanted <= set(by_id)
    assert "5 cards" in by_id["your-hand"].summary
    assert "4 spaces 3 Augustales" in by_id["travel"].details[0]
    assert "3 resources" in by_id["warehouse"].summary
    assert by_id["warehouse"].source == "draft v19"  # the capacity only the draft prints
    assert "Duke from 80" in " ".join(by_id["final-score"].details)
    # another ruleset (as a game carries it) gives other words
    player = ruleset.player.model_copy(
        update={"hand_size": ruleset.player.hand_size.model_copy(update={"value": 6})}
    )
    voyage = ruleset.voyage.model_copy(
        update={"travel_max_steps": ruleset.voyage.travel_max_steps.model_copy(update={"value": 3})}
    )
    other = ruleset.model_copy(update={"player": player, "voyage": voyage})
    moved = {entry.id: entry for entry in play_entries(other)}
    assert "6 cards" in moved["your-hand"].summary
    assert "1 to 3 spaces" in moved["travel"].summary


def test_philaretos_names_the_workplace_his_bonus_needs() -> None:
    by_id = {entry.id: entry for entry in reference_entries()}
    summary = by_id["philaretos"].summary
    assert "Specialist space" not in summary
    assert "Workplace 3 of Path A" in summary and "the Village or the City" in summary
    assert by_id["philaretos"].source == "rulebook"
    assert by_id["philaretos"].data["condition"]["threshold"] == 3  # type: ignore[index]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("TOWERS", "tower"),
        ("Gisèle", "gisele"),
        ("how many cards in my hand", "your-hand"),
        ("reorganization", "reorganise"),
        ("promote", "promote-a-specialist"),
        ("edict ii", "edict-II"),
    ],
)
def test_search_reads_a_players_words(query: str, first: str) -> None:
    assert search_reference(query, reference_entries())[0].id == first


def test_a_rule_comes_before_the_pieces_that_mention_it() -> None:
    found = [entry.kind for entry in search_reference("build", reference_entries())]
    assert found[0] == "Main action"
    assert {"Advanced card", "Workplace tile"} <= set(found[1:])


def test_each_main_action_key_is_its_entry_s_key_without_building_the_reference() -> None:
    entries = {str(e.data["action"]): e.key for e in reference_entries() if e.kind == "Main action"}
    assert entries.keys() == set(MAIN_ACTION_IDS)
    assert {action: main_action_key(action) for action in entries} == entries
    assert main_action_key("fly") is None
