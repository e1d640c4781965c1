"""An engine sentence rendered again in a language, from its parts.

The engine's :class:`~solo_deck.text.Text` is English that keeps its template, values,
plural form and context. :func:`render` writes it in another language:

- the template through the language's catalogue (``ngettext`` with its ``number`` when
  it has a plural form, ``pgettext`` when it has a context);
- each value rendered the same way: a nested sentence again, a game term from the
  edition's glossary (:mod:`companion.i18n.glossary`), a whole number the locale's way;
- a :func:`~solo_deck.text.joined` list part by part, with the language's separator.

A translation whose fields do not match the English ones (a typo in a catalogue) is not
used: the sentence is English, with its values still rendered. Nothing here raises for a
catalogue's content, and no message id is ever shown.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from gettext import NullTranslations

from companion.i18n.catalogues import translations
from companion.i18n.glossary import term_in
from companion.i18n.languages import ENGLISH
from companion.i18n.numbers import LocalNumber
from solo_deck.text import LIST_CONTEXT, Text

_FORMATTER = string.Formatter()


def render(value: object, language: str) -> str:
    """``value`` as the player reads it in ``language``: a :class:`Text` rendered again
    from its parts, a plain text as it is, anything else as ``str`` shows it."""
    if not isinstance(value, Text):
        return value if isinstance(value, str) else str(value)
    if language == ENGLISH:
        return str.__str__(value)
    return _render(value, language, translations(language))


def _render(text: Text, language: str, catalogue: NullTranslations) -> str:
    if text.is_term:
        return term_in(str.__str__(text), language)
    if text.context == LIST_CONTEXT:
        separator = catalogue.pgettext(LIST_CONTEXT, text.template)
        return separator.join(str(_value(part, language, catalogue)) for part in text.parts)
    values = {name: _value(value, language, catalogue) for name, value in text.values.items()}
    english = text.plural if text.plural is not None and text.number != 1 else text.template
    translated = _translated(text, catalogue)
    if _fits(translated, text):
        try:
            return translated.format_map(values)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            pass
    try:
        return english.format_map(values)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return str.__str__(text)


def _translated(text: Text, catalogue: NullTranslations) -> str:
    context, template = text.context, text.template
    if text.plural is not None:
        count = text.number if text.number is not None else 1
        if context:
            return catalogue.npgettext(context, template, text.plural, count)
        return catalogue.ngettext(template, text.plural, count)
    return catalogue.pgettext(context, template) if context else catalogue.gettext(template)


def _fields(template: str) -> set[str] | None:
    """The fields of a template (``None``: not a valid template)."""
    try:
        return {name for _, name, _, _ in _FORMATTER.parse(template) if name is not None}
    except ValueError:
        return None


def _fits(translated: str, text: Text) -> bool:
    """Whether ``translated`` names the English fields: all of them for one form; for a
    plural, none that neither English form has (a singular may say "one" for ``{n}``)."""
    found = _fields(translated)
    if found is None:
        return False
    english = _fields(text.template) or set()
    if text.plural is None:
        return found == english
    return found <= english | (_fields(text.plural) or set())


def _value(value: object, language: str, catalogue: NullTranslations) -> object:
    if isinstance(value, Text):
        return _render(value, language, catalogue)
    if isinstance(value, int) and not isinstance(value, bool):
        return LocalNumber(value, language)
    return value


def rendered_values(text: Text, language: str) -> Mapping[str, object]:
    """The values of ``text`` as ``language`` shows them (for a front end that lays a
    sentence out itself)."""
    catalogue = translations(language)
    return {name: _value(value, language, catalogue) for name, value in text.values.items()}
