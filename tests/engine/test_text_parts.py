"""A :class:`solo_deck.text.Text` keeps its parts outside the string (issue 39's memory):
they are there while the text lives, go with it, and survive a copy or a pickle."""

from __future__ import annotations

import copy
import gc
import pickle

from solo_deck.text import _PARTS, Text, joined, t, term, tn


def test_a_text_s_parts_go_with_it() -> None:
    roma = term("Roma", "port")  # a term is made once and kept: made before counting
    gc.collect()
    before = len(_PARTS)
    lines = [t("Frederick moves {n} steps to {port}", n=i, port=roma) for i in range(500)]
    assert len(_PARTS) >= before + 500
    assert lines[7].values["n"] == 7 and lines[7].template.startswith("Frederick moves")
    del lines
    gc.collect()
    assert len(_PARTS) == before


def test_a_copied_or_pickled_text_keeps_its_parts() -> None:
    line = joined([tn("{n} card", "{n} cards", 3), term("Grain", "resource")], "; ")
    for again in (copy.deepcopy(line), pickle.loads(pickle.dumps(line))):
        assert isinstance(again, Text) and again == "3 cards; Grain"
        first, second = again.parts
        assert isinstance(first, Text) and first.plural == "{n} cards" and first.number == 3
        assert isinstance(second, Text) and second.context == "term:resource"


def test_a_text_is_no_bigger_than_its_string_and_its_parts() -> None:
    """No instance dictionary: the parts live in the one table."""
    assert not hasattr(t("x"), "__dict__")


def test_t_makes_the_same_text_as_the_class_does() -> None:
    """``t`` makes its texts directly (the engine's most frequent call): the same string
    and parts as :class:`Text` itself; a sentence without values is one shared object."""
    roma = term("Roma", "port")
    made = t("Frederick moves {n} steps to {port}", n=2, port=roma)
    by_class = Text("Frederick moves {n} steps to {port}", {"n": 2, "port": roma})
    assert made == by_class and type(made) is Text
    for part in ("template", "values", "plural", "number", "context", "parts"):
        assert getattr(made, part) == getattr(by_class, part), part
    assert made.values["port"] is roma
    plain = t("Frederick is next")
    assert plain is t("Frederick is next")
    assert (plain.template, plain.values, plain.context) == ("Frederick is next", {}, None)
    assert pickle.loads(pickle.dumps(plain)) == plain
