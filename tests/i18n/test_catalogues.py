"""The catalogues: each .mo is its .po compiled, the template is up to date with the
code, the plural forms are the language's, and the translations keep their fields."""

from __future__ import annotations

import string
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from companion.i18n.catalogues import (
    TRANSLATED,
    catalogue_path,
    mo_bytes,
    translated_share,
    translations,
    upkeep,
)
from companion.i18n.numbers import format_number

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_mo_is_its_po_compiled(language: str) -> None:
    source = catalogue_path(language, ".po").read_bytes()
    assert catalogue_path(language).read_bytes() == mo_bytes(source, language)


def test_catalogues_are_up_to_date_with_the_code() -> None:
    stale = upkeep(ROOT, check=True)
    assert stale == [], "run: python -m companion.i18n.catalogues"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_their_fields(language: str) -> None:
    catalogue = read_po(BytesIO(catalogue_path(language, ".po").read_bytes()), locale=language)

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    for message in catalogue:
        if message.id and isinstance(message.id, str) and message.string:
            assert fields(str(message.string)) == fields(message.id), message.id


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalogue_is_read_with_its_plural_forms(language: str) -> None:
    catalogue = translations(language)
    assert catalogue.gettext("New game") != "New game"
    plural_forms = catalogue.info()["plural-forms"]
    assert plural_forms.startswith("nplurals=")
    assert translated_share(catalogue_path(language, ".po").read_bytes(), language)[0] > 100


@pytest.mark.parametrize("language", ["en", "it", "de", "fr"])
@pytest.mark.parametrize("number", [0, 7, 999, 1000, 12345, 1234567, -4321])
def test_numbers_are_written_as_babel_writes_them(language: str, number: int) -> None:
    assert format_number(number, language) == format_decimal(number, locale=language)


def test_additions_fill_only_untranslated_messages() -> None:
    from babel.messages.catalog import Catalog

    from companion.i18n.catalogues import Additions, add_translations

    catalogue = Catalog(locale="it", domain="stupor")
    catalogue.add("Pass", string="")
    catalogue.add("Kept", string="Tenuto")
    catalogue.add(("{n} card", "{n} cards"), string=("", ""))
    catalogue.add("Tower", string="", context="building")
    additions: Additions = {
        "Pass": {"it": "Passa", "de": "Passen"},
        "Kept": {"it": "Altro"},
        "{n} card": {"it": ["{n} carta", "{n} carte"]},
        "building\x04Tower": {"it": "Torre"},
    }
    assert add_translations(catalogue, "it", additions) == 3

    def string(msgid: str, context: str | None = None) -> object:
        message = catalogue.get(msgid, context=context)
        assert message is not None
        return message.string

    assert string("Pass") == "Passa"
    assert string("Kept") == "Tenuto"
    # Italian has three forms (CLDR's rare "many"): the file's plural fills the third.
    assert string("{n} card") == ("{n} carta", "{n} carte", "{n} carte")
    assert string("Tower", "building") == "Torre"


@pytest.mark.parametrize("language", TRANSLATED)
def test_dates_follow_the_locales_short_pattern_with_the_year_in_full(language: str) -> None:
    import datetime as dt
    import re

    from babel.dates import format_date as babel_date
    from babel.dates import get_date_format

    from companion.i18n.dates import format_date

    short = get_date_format("short", locale=language).pattern
    # Day and month on two digits, the year in full; the order and separators are CLDR's.
    full = re.sub("y+", "yyyy", re.sub("M+", "MM", re.sub("d+", "dd", short)))
    for moment in (dt.date(2026, 11, 29), dt.date(2027, 3, 4)):
        assert format_date(moment, language) == babel_date(moment, full, locale=language)


def test_each_language_gets_its_own_addition_for_a_new_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A message new to every catalogue, added in one run, lands in each language's own
    words (Babel's update shares the template's message objects among catalogues)."""
    from companion.i18n import catalogues

    root = tmp_path / "root"
    module = root / "companion" / "screen.py"
    module.parent.mkdir(parents=True)
    module.write_text('_("A brand-new line")\n', encoding="utf-8")
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(catalogues, "TEMPLATE", tmp_path / "locale" / "stupor.pot")
    words = {"it": "Una riga nuova", "de": "Eine neue Zeile", "fr": "Une ligne nouvelle"}
    catalogues.upkeep(root, additions={"A brand-new line": dict(words)})
    for language in TRANSLATED:
        source = catalogues.catalogue_path(language, ".po").read_bytes()
        message = read_po(BytesIO(source), locale=language).get("A brand-new line")
        assert message is not None
        assert message.string == words[language]


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_is_fuzzy(language: str) -> None:
    """A fuzzy message is left out of the compiled catalogue: the player would read English
    though the .po has the words (Babel marks a message fuzzy when it turns plural)."""
    source = catalogue_path(language, ".po").read_bytes()
    fuzzy = [m.id for m in read_po(BytesIO(source), locale=language) if m.id and m.fuzzy]
    assert fuzzy == []
