"""The packaged rules data: counts, provenance, and the errors a broken file gives."""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from solo_deck import (
    DataFileError,
    DeckDefinition,
    Ruleset,
    load_advanced_cards,
    load_allies,
    load_default_deck,
    load_house_cards,
    load_ruleset,
)
from solo_deck.data.loaders import house_cards_by_id, house_cards_of, parse_toml, validate_document
from solo_deck.model.allies import AllyKind
from solo_deck.model.provenance import SOURCE_KINDS, Sourced

DATA_FILES = ["ruleset.toml", "allies.toml", "advanced_cards.toml", "house_cards.toml"]
DATA_FILES += ["solo_deck.toml"]


def raw(name: str) -> dict[str, Any]:
    text = resources.files("solo_deck.data").joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def sourced_values(model: BaseModel, path: str = "") -> list[tuple[str, Sourced[Any]]]:
    """Every Sourced value inside ``model``, with its dotted path."""
    found: list[tuple[str, Sourced[Any]]] = []
    for name in type(model).model_fields:
        value = getattr(model, name)
        where = f"{path}{name}"
        if isinstance(value, Sourced):
            found.append((where, value))
        elif isinstance(value, BaseModel):
            found += sourced_values(value, where + ".")
    return found


# --- allies -----------------------------------------------------------------------------------


def test_twenty_allies_ten_independents_ten_loyalists() -> None:
    allies = load_allies()
    assert len(allies) == 20
    assert Counter(a.kind for a in allies) == {AllyKind.INDEPENDENT: 10, AllyKind.LOYALIST: 10}
    assert len({a.id for a in allies}) == 20


def test_two_names_are_printed_on_two_tiles() -> None:
    names = Counter(a.name for a in load_allies())
    assert {n for n, count in names.items() if count == 2} == {"Gregoria", "Sebastian"}
    assert len(names) == 18


def test_loyalists_read_only_frederick_and_independents_compare() -> None:
    for ally in load_allies():
        expected = (
            "frederick_at_least" if ally.kind is AllyKind.LOYALIST else "player_versus_frederick"
        )
        assert ally.condition.kind == expected, ally.id


def test_every_ally_has_a_source_and_only_sigeberht_is_an_interpretation() -> None:
    sources = {a.id: a.source for a in load_allies()}
    assert all(s.startswith(("rulebook", "interpretation")) for s in sources.values())
    assert [i for i, s in sources.items() if s.startswith("interpretation")] == ["sigeberht"]


# --- cards -------------------------------------------------------------------------------------

# Costs as the rulebook's appendix prints them (None: remove one of your Action cards).
APPENDIX_COSTS: dict[str, int | None] = {
    "A1": 3, "A2": 2, "A3": None, "A4": None, "A5": None, "A6": 5, "A7": None, "A8": 2,
    "A9": 2, "A10": 3, "A11": 2, "A12": None, "A13": None, "A14": None, "A15": 3, "A16": 3,
    "B1": 3, "B2": 3, "B3": 4, "B4": 4, "B5": 3, "B6": 3, "B7": None, "B8": 5,
    "B9": None, "B10": 3, "B11": 3, "B12": 2, "B13": 2, "B14": 3, "B15": None, "B16": 3,
}  # fmt: skip


def test_thirty_two_advanced_cards_sixteen_per_level() -> None:
    cards = load_advanced_cards()
    assert len(cards) == 32
    assert [c.id for c in cards] == [f"A{i}" for i in range(1, 17)] + [
        f"B{i}" for i in range(1, 17)
    ]
    assert Counter(c.level for c in cards) == {"A": 16, "B": 16}
    assert all(c.source.startswith("rulebook") for c in cards)


def test_advanced_card_costs_match_the_appendix() -> None:
    costs = {
        c.id: (None if c.cost.action_card else c.cost.augustales) for c in load_advanced_cards()
    }
    assert costs == APPENDIX_COSTS
    a7 = next(c for c in load_advanced_cards() if c.id == "A7")
    assert str(a7.cost) == "1 Action card"


def test_house_cards_ten_per_house() -> None:
    cards = load_house_cards()
    common = [c for c in cards if c.house == "common"]
    assert sum(c.copies for c in common) == 8
    houses = Counter(c.house for c in cards if c.house != "common")
    assert houses == {"Savoy": 2, "Wittelsbach": 2, "Di Romano": 2, "Hohenstaufen": 2}
    for house in houses:
        assert sum(c.copies for c in house_cards_of(house)) == 10, house


def test_the_two_cards_our_text_prints_under_di_romano_are_wittelsbachs() -> None:
    by_house = {
        house: sorted(c.id for c in load_house_cards() if c.house == house)
        for house in ("Wittelsbach", "Di Romano")
    }
    assert by_house["Wittelsbach"] == ["wittelsbach-mixed-build", "wittelsbach-reserve-coins"]
    assert by_house["Di Romano"] == ["di-romano-1", "di-romano-2"]
    reserve = house_cards_by_id()["wittelsbach-reserve-coins"].grant
    assert reserve.per is not None and reserve.per.of == "frederick_reserve"
    # Di Romano's own cards are not in our sources: unknown until the player types them.
    for card_id in by_house["Di Romano"]:
        card = house_cards_by_id()[card_id]
        assert card.grant.unknown and card.source.startswith("unknown")


def test_every_house_card_has_a_structured_grant() -> None:
    for card in load_house_cards():
        grant = card.grant
        assert grant.unknown or grant.has_gain_part or grant.actions, card.id
    assert house_cards_by_id()["common-stone"].grant.gain.stone == 1
    draw = house_cards_by_id()["common-draw"].grant.actions
    assert [(step.action, step.count) for step in draw] == [("draw", 4)]


# --- the solo deck ---------------------------------------------------------------------------


def test_default_deck_has_sixteen_provisional_assumed_cards() -> None:
    deck = load_default_deck()
    assert len(deck.cards) == 16
    assert deck.provisional is True
    assert raw("solo_deck.toml")["provisional"] is True
    assert all(card.source.startswith("assumed") for card in deck.cards)
    # With fewer than 2 crowns the crown reshuffle could never happen.
    assert deck.crowns >= 2
    assert load_ruleset().rounds.solo_deck_size.value == len(deck.cards)


# --- the ruleset ---------------------------------------------------------------------------------


def test_every_ruleset_value_has_a_source() -> None:
    values = sourced_values(load_ruleset())
    paths = {where for where, _ in values}
    assert {"palace_caps.treasury_step", "scoring.titles", "voyage.ports"} <= paths
    for where, value in values:
        assert value.source.strip(), where
        assert value.source.startswith(SOURCE_KINDS), where


def test_frederick_castle_caps_come_from_the_v19_draft() -> None:
    caps = load_ruleset().palace_caps
    for name, value, expected in (
        ("towers_max", caps.towers_max, 5),
        ("walls_max", caps.walls_max, 5),
        ("keeps_max", caps.keeps_max, 3),
        ("allies_max", caps.allies_max, 5),
    ):
        assert value.value == expected, name
        assert value.source.startswith("draft v19"), name
        # Only what the retail rulebook states counts as printed.
        assert value.assumed, name


def test_every_value_in_the_ruleset_file_is_written_with_its_source() -> None:
    def walk(node: Any, where: str) -> int:
        if isinstance(node, dict) and "value" in node:
            assert isinstance(node.get("source"), str) and node["source"], where
            return 1
        assert isinstance(node, dict), f"{where} is a bare value without a source"
        return sum(walk(child, f"{where}.{key}") for key, child in node.items())

    assert walk(raw("ruleset.toml"), "ruleset") == len(sourced_values(load_ruleset()))


def test_assumed_values_are_marked_assumed() -> None:
    rules = load_ruleset()
    # Not printed in our rules text: the track tops, the port ring, the pile after setup.
    for value in (
        rules.palace_caps.reserve_max,
        rules.palace_caps.treasury_max,
        rules.voyage.ports,
        rules.voyage.card_spaces_per_port,
        rules.voyage.ally_spaces_per_port,
        rules.edicts.pile_after_setup,
    ):
        assert value.assumed
        assert value.source.startswith("assumed")
    assert rules.scoring.most_structures_rule.source.startswith("interpretation")
    assert rules.scoring.most_structures_rule.assumed


def test_values_the_rulebook_prints_are_marked_rulebook() -> None:
    rules = load_ruleset()
    printed: dict[str, tuple[Sourced[Any], object]] = {
        "treasury_step": (rules.palace_caps.treasury_step, 3),
        "frederick_max_actions": (rules.rounds.frederick_max_actions, 5),
        "card_slots": (rules.player.card_slots, 6),
        "locked_slots": (rules.player.locked_slots, 1),
        "crowns_to_reshuffle": (rules.rounds.crowns_to_reshuffle, 2),
        "solo_deck_size": (rules.rounds.solo_deck_size, 16),
        "most_structures_bonus": (rules.scoring.most_structures_bonus, 4),
        "tiles_in_box": (rules.edicts.tiles_in_box, 27),
        "easier_solo_extra_tiles": (rules.edicts.easier_solo_extra_tiles, 3),
        "start_port": (rules.voyage.start_port, "Roma"),
        "advanced_cards_level_a": (rules.voyage.advanced_cards_level_a, 8),
        "travel_max_steps": (rules.voyage.travel_max_steps, 4),
    }
    for name, (value, expected) in printed.items():
        assert not value.assumed, name
        assert value.value == expected, name
    # Your turns in a round are your usable card slots (5, 6 once the Card Slot tile is off):
    # no separate turn limit is kept.
    assert "player_max_turns" not in type(rules.rounds).model_fields


def test_sourced_rejects_an_unknown_source_kind() -> None:
    with pytest.raises(ValidationError, match="source must start with"):
        Sourced[int](value=1, source="I think so")
    assert Sourced[int](value=1, source="design: x").assumed
    for kind in ("draft v19", "unknown", "player", "interpretation", "assumed"):
        assert Sourced[int](value=1, source=f"{kind}: x").assumed, kind
    assert not Sourced[int](value=1, source="rulebook: x").assumed


def test_loaders_are_cached() -> None:
    assert load_ruleset() is load_ruleset()
    assert load_allies() is load_allies()


# --- broken files ---------------------------------------------------------------------------


def test_data_file_error_is_a_value_error() -> None:
    assert issubclass(DataFileError, ValueError)


def test_broken_toml_names_the_file() -> None:
    with pytest.raises(DataFileError) as info:
        parse_toml("[palace_caps\nreserve_max = 7", "solo_deck/data/ruleset.toml")
    message = str(info.value)
    assert message.startswith("solo_deck/data/ruleset.toml: not valid TOML")
    assert "line 1" in message


def test_a_wrong_field_names_the_file_and_the_field() -> None:
    data = raw("ruleset.toml")
    data["palace_caps"]["towers_max"]["value"] = "five"
    with pytest.raises(DataFileError) as info:
        validate_document(Ruleset, data, "my_rules.toml")
    message = str(info.value)
    assert message.startswith("my_rules.toml: ")
    assert "palace_caps.towers_max.value" in message


def test_a_missing_source_names_the_field() -> None:
    data = raw("ruleset.toml")
    del data["rounds"]["frederick_max_actions"]["source"]
    with pytest.raises(
        DataFileError, match=r"rounds\.frederick_max_actions\.source: Field required"
    ):
        validate_document(Ruleset, data, "ruleset.toml")


def test_a_missing_section_names_it() -> None:
    data = raw("ruleset.toml")
    del data["scoring"]
    with pytest.raises(DataFileError, match="scoring: Field required"):
        validate_document(Ruleset, data, "ruleset.toml")


def test_ruleset_cross_checks() -> None:
    data = raw("ruleset.toml")
    data["frederick_start"]["towers"]["value"] = 9
    with pytest.raises(DataFileError, match=r"frederick_start\.towers = 9 is outside 0\.\.5"):
        validate_document(Ruleset, data, "ruleset.toml")
    data = raw("ruleset.toml")
    data["voyage"]["start_port"]["value"] = "Venezia"
    with pytest.raises(DataFileError, match="'Venezia' is not one of the ports"):
        validate_document(Ruleset, data, "ruleset.toml")
    data = raw("ruleset.toml")
    data["scoring"]["titles"]["value"][1]["min_score"] = 0
    with pytest.raises(DataFileError, match="titles must start at 0 and rise strictly"):
        validate_document(Ruleset, data, "ruleset.toml")


def test_a_bad_solo_card_names_the_card_and_field() -> None:
    data = raw("solo_deck.toml")
    data["cards"][2]["move"] = "fly"
    with pytest.raises(DataFileError) as info:
        validate_document(DeckDefinition, data, "my_deck.toml")
    assert str(info.value).startswith("my_deck.toml: cards.2.move")


@pytest.mark.parametrize("name", DATA_FILES)
def test_every_packaged_file_parses(name: str) -> None:
    text = resources.files("solo_deck.data").joinpath(name).read_text(encoding="utf-8")
    assert parse_toml(text, name)
