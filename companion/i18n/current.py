"""The language in use, and the marker functions the app's own strings go through.

``_("New game")`` is the message in the language in use; ``N_("New game")`` only marks a
message for the catalogue (a table built at import, translated where it is shown);
``ngettext`` and ``pgettext`` are gettext's, for a count and for a context. English is the
source language: while it is in use no catalogue is read and ``_`` returns its argument,
so the English start-up loads nothing of this package but this module.

>>> use_language("en"); _("New game"), ngettext("{n} game", "{n} games", 2)
('New game', '{n} games')
>>> use_language("qps"); _("Quit")
'«Qûîţ ·»'
>>> use_language("en")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n.languages import ENGLISH

if TYPE_CHECKING:
    from gettext import NullTranslations

_language = ENGLISH
_translations: NullTranslations | None = None
"""The catalogue of the language in use (``None``: English, no catalogue)."""


def use_language(language: str) -> None:
    """Speak ``language`` from now on (a code of :data:`~companion.i18n.languages.CHOICES`;
    one without a catalogue speaks English)."""
    global _language, _translations
    if language == ENGLISH:
        _language, _translations = ENGLISH, None
        return
    from companion.i18n.catalogues import translations

    _language, _translations = language, translations(language)


def current_language() -> str:
    """The code of the language in use."""
    return _language


def _(message: str) -> str:
    """``message`` (English) in the language in use."""
    return message if _translations is None else _translations.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (yet)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` (the language's plural rule chooses)."""
    if _translations is None:
        return singular if count == 1 else plural
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, told apart from the same English words by
    ``context``."""
    return message if _translations is None else _translations.pgettext(context, message)


def shown(value: object) -> str:
    """What the player reads for ``value``: an engine sentence
    (:class:`solo_deck.text.Text`) rendered in the language in use, any other text as it
    is (see :func:`companion.i18n.render.render`)."""
    if _translations is None:
        return value if isinstance(value, str) else str(value)
    from companion.i18n.render import render

    return render(value, _language)
