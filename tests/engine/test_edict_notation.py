"""Edict tiles and their short notation (``2T 1K``): parsing, printing and the errors."""

from __future__ import annotations

import itertools

import pytest
from pydantic import ValidationError

from solo_deck import Edict, EdictKind, EdictParseError, Palace, parse_edict

LETTERS = "GSATWKCP"
ALL_LETTER_NAMES = (
    "G Grain",
    "S Stone",
    "A Augustales",
    "T Tower",
    "W Wall",
    "K Keep",
    "C Court ally",
    "P Path A step",
)


# --- reading ---------------------------------------------------------------------------


def test_two_towers_one_keep() -> None:
    assert parse_edict("2T 1K") == Edict(towers=2, keeps=1)


def test_two_grain_one_augustalis() -> None:
    assert parse_edict("2G 1A") == Edict(grain=2, treasury=1)


@pytest.mark.parametrize(
    "text",
    ["2T 1K", "2t 1k", "2T1K", "2t1k", " 2T   1K ", "2 T 1 K", "2T,1K", "2T + 1K", "1K 2T", "2T K"],
)
def test_case_spaces_separators_order_and_omitted_count_do_not_matter(text: str) -> None:
    assert parse_edict(text) == Edict(towers=2, keeps=1)


@pytest.mark.parametrize(("letter", "kind"), [(k.value, k) for k in EdictKind])
def test_every_letter_reads_as_its_kind_with_an_omitted_count_of_one(
    letter: str, kind: EdictKind
) -> None:
    for text in (letter, letter.lower()):
        edict = parse_edict(text)
        assert edict.items() == [(kind, 1)]


@pytest.mark.parametrize("count", [1, 2, 3])
def test_counts_one_to_three_are_accepted(count: int) -> None:
    assert parse_edict(f"{count}W").walls == count


def test_all_eight_kinds_on_one_tile() -> None:
    edict = parse_edict("1G 1S 1A 1T 1W 1K 1C 1P")
    assert [kind for kind, _ in edict.items()] == list(EdictKind)
    assert all(n == 1 for _, n in edict.items())


def test_kind_fields_match_edict_and_palace_fields() -> None:
    for kind in EdictKind:
        assert kind.field in Edict.model_fields
        assert kind.field in Palace.model_fields


# --- printing --------------------------------------------------------------------------


def test_str_uses_notation_order_whatever_the_input_order() -> None:
    assert str(parse_edict("1K 2T 3g")) == "3G 2T 1K"


def test_describe_in_words() -> None:
    assert parse_edict("2T 1K").describe() == "2 Towers + 1 Keep"
    assert parse_edict("1A").describe() == "1 Treasury step"
    assert parse_edict("2A 1P").describe() == "2 Treasury steps + 1 Specialist step"


@pytest.mark.parametrize(
    "edict",
    [
        Edict(**{kind.field: n})
        for kind, n in itertools.product(EdictKind, (1, 2, 3))
        # every single-kind tile
    ]
    + [
        Edict(towers=2, keeps=1),
        Edict(grain=2, treasury=1),
        Edict(stone=3, allies=1, specialist=2),
    ],
)
def test_str_round_trip(edict: Edict) -> None:
    assert parse_edict(str(edict)) == edict
    assert parse_edict(str(edict).lower()) == edict
    assert parse_edict(str(edict).replace(" ", "")) == edict


# --- errors ----------------------------------------------------------------------------


def test_edict_parse_error_is_a_value_error() -> None:
    assert issubclass(EdictParseError, ValueError)
    with pytest.raises(ValueError):
        parse_edict("2X")


@pytest.mark.parametrize(
    ("text", "bad_part"),
    [
        ("2X", "2X"),  # unknown letter
        ("2T 1Z", "1Z"),  # unknown letter after a good token
        ("4T", "4T"),  # count above 3
        ("0K", "0K"),  # count below 1
        ("12W", "12W"),  # two-digit count
        ("99999G", "99999G"),  # very long count
        ("2T 1", "1"),  # a count without a letter
        ("2T ?", "?"),  # a symbol
        ("é", "é"),  # a non-ascii letter
    ],
)
def test_error_quotes_the_bad_part_and_lists_the_valid_letters(text: str, bad_part: str) -> None:
    with pytest.raises(EdictParseError) as info:
        parse_edict(text)
    message = str(info.value)
    assert repr(bad_part) in message
    for name in ALL_LETTER_NAMES:
        assert name in message


@pytest.mark.parametrize("text", ["", "   ", ", +", "\t\n"])
def test_empty_notation_is_an_error_that_shows_the_format(text: str) -> None:
    with pytest.raises(EdictParseError) as info:
        parse_edict(text)
    assert "empty" in str(info.value)
    assert "2T 1K" in str(info.value)
    assert "T Tower" in str(info.value)


@pytest.mark.parametrize("text", ["2T 1T", "T t", "1G 2S 3G"])
def test_a_kind_written_twice_is_an_error_naming_the_kind(text: str) -> None:
    with pytest.raises(EdictParseError) as info:
        parse_edict(text)
    message = str(info.value)
    assert "appears twice" in message
    assert text.strip() in message
    assert "T Tower" in message


@pytest.mark.parametrize("value", [None, 3, b"2T", ["2T"]])
def test_non_text_is_an_edict_parse_error(value: object) -> None:
    with pytest.raises(EdictParseError, match="must be text"):
        parse_edict(value)  # type: ignore[arg-type]


def test_error_quotes_the_text_as_typed_without_surrounding_spaces() -> None:
    with pytest.raises(EdictParseError) as info:
        parse_edict("  2T 9K  ")
    assert "'2T 9K'" in str(info.value)


# --- the model itself ------------------------------------------------------------------


def test_an_edict_needs_at_least_one_icon() -> None:
    with pytest.raises(ValidationError, match="at least one icon"):
        Edict()


@pytest.mark.parametrize("count", [-1, 4])
def test_the_model_rejects_counts_outside_zero_to_three(count: int) -> None:
    with pytest.raises(ValidationError):
        Edict(towers=count, keeps=1)


def test_edicts_are_frozen() -> None:
    edict = Edict(towers=1)
    with pytest.raises(ValidationError):
        edict.towers = 2  # type: ignore[misc]


def test_count_items_and_kinds() -> None:
    edict = parse_edict("3P 1G")
    assert edict.count(EdictKind.PATH) == 3
    assert edict.count(EdictKind.TOWER) == 0
    assert edict.items() == [(EdictKind.GRAIN, 1), (EdictKind.PATH, 3)]
    assert edict.kinds() == [EdictKind.GRAIN, EdictKind.PATH]


def test_kind_labels_and_letters() -> None:
    assert EdictKind.TOWER.label(1) == "1 Tower"
    assert EdictKind.TOWER.label(2) == "2 Towers"
    assert EdictKind.GRAIN.label(3) == "3 Grain"
    assert EdictKind.TOWER.noun == "Tower"
    assert {k.value for k in EdictKind} == set(LETTERS)
