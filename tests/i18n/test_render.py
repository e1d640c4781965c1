"""render(): an engine sentence rendered again from its parts, with a small test catalogue."""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from companion.i18n import catalogues, render
from solo_deck.text import joined, t, term, tn


def _catalogue(messages: dict[object, object], locale: str = "pl") -> gettext.GNUTranslations:
    catalogue = Catalog(locale=locale, domain="stupor")
    for msgid, string in messages.items():
        if isinstance(msgid, tuple) and len(msgid) == 3:  # (context, id, string)
            context, ident = msgid[0], msgid[1]
            catalogue.add(ident, string, context=context)  # type: ignore[arg-type]
        else:
            catalogue.add(msgid, string)  # type: ignore[arg-type]
    out = io.BytesIO()
    write_mo(out, catalogue)
    out.seek(0)
    return gettext.GNUTranslations(out)


@pytest.fixture
def test_catalogue(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Polish (three plural forms) as the 'it' catalogue, with a few messages."""
    compiled = _catalogue(
        {
            "Frederick gains {n} {resource}.": "Federico guadagna {n} {resource}.",
            ("{n} card", "{n} cards"): ("{n} karta", "{n} karty", "{n} kart"),
            "Broken {n}.": "Rotto {m}.",
            "Dropped {n} of {what}.": "Perso {what}.",
            "Slide {numeral}.": "Fai scorrere {numeral}.",
            ("list", ", ", "x"): " e ",
        }
    )
    monkeypatch.setattr(catalogues, "translations", lambda language: compiled)
    monkeypatch.setattr(render, "translations", lambda language: compiled)
    yield


def test_plain_text_and_english_are_as_they_are() -> None:
    sentence = t("Frederick gains {n} {resource}.", n=2, resource=term("Stone", "resource"))
    assert render.render("typed by you", "it") == "typed by you"
    assert render.render(sentence, "en") == "Frederick gains 2 Stone."
    assert type(render.render(sentence, "en")) is str


def test_template_values_terms_and_numbers(test_catalogue: None) -> None:
    sentence = t("Frederick gains {n} {resource}.", n=1500, resource=term("Stone", "resource"))
    assert render.render(sentence, "it") == "Federico guadagna 1.500 Pietra."


def test_three_plural_forms(test_catalogue: None) -> None:
    forms = [render.render(tn("{n} card", "{n} cards", n), "it") for n in (1, 3, 5, 22)]
    assert forms == ["1 karta", "3 karty", "5 kart", "22 karty"]


def test_nested_sentence_and_list(test_catalogue: None) -> None:
    inner = t("Slide {numeral}.", numeral="II")
    line = joined([inner, term("Keep", "castle")], ", ")
    assert render.render(line, "it") == "Fai scorrere II. e Mastio"


def test_mismatched_placeholders_fall_back_to_english(test_catalogue: None) -> None:
    assert render.render(t("Broken {n}.", n=3), "it") == "Broken 3."
    assert render.render(t("Dropped {n} of {what}.", n=2, what="x"), "it") == "Dropped 2 of x."


def test_unknown_message_is_english_never_an_id(test_catalogue: None) -> None:
    assert render.render(t("Nobody translated {n}.", n=4), "it") == "Nobody translated 4."


def test_format_spec_keeps_the_raw_number(test_catalogue: None) -> None:
    assert render.render(t("{n:>5}|", n=1234), "it") == " 1234|"


def test_pseudo_locale_is_longer_and_marked() -> None:
    sentence = t("Frederick gains {n} {resource}.", n=2, resource=term("Stone", "resource"))
    shown = render.render(sentence, "qps")
    assert shown.startswith("«") and shown.endswith("»")
    assert len(shown) >= 1.4 * len(sentence)
    assert "2" in shown
