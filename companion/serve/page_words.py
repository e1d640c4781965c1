"""The words of the served page (``page.html``) in the language ``serve`` speaks.

The page is written in English; for another language the server puts each of its
sentences (:data:`PAGE_WORDS`) in the language's words before it sends the page, each
escaped as HTML (a translation is text, never markup), and names the language in
``<html lang>``. The English page is sent as it is, byte for byte.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from companion.i18n import N_
from companion.i18n.languages import ENGLISH

PAGE_WORDS = (
    N_("Stupor Mundi · Solo companion"),
    N_("starting…"),
    N_("The connection dropped: coming back to your game…"),
    N_("(every move is saved)"),
    N_("Open here again"),
    N_("This page's session has ended. Your game is saved after every move."),
    N_(
        "If another page took the game over, carry on there; if the server was away a long "
        "time, start it again. Then open the game here again."
    ),
    N_("Show or hide the on-screen keyboard (to type a tile)"),
)
"""Every sentence the page shows (its text, its title, a button's tooltip), as the page
writes it (the page may break a line where the English has a space)."""


def _where(english: str) -> re.Pattern[str]:
    """Where the page writes ``english``: as the whole text between two tags, or as a
    whole attribute's value (a line break where the English has a space)."""
    words = r"\s+".join(re.escape(word) for word in english.split(" "))
    return re.compile(rf'(?<=[>"]){words}(?=[<"])')


def _as_it_is(text: str) -> Callable[[re.Match[str]], str]:
    """A replacement that puts ``text`` as it is (no ``\\1`` read in it)."""
    return lambda _found: text


def spoken_page(page: str, language: str) -> str:
    """``page`` with its sentences in ``language`` (unchanged in English)."""
    if language == ENGLISH:
        return page
    from companion.i18n.catalogues import translations

    words = translations(language)
    for english in PAGE_WORDS:
        # text, never markup, nor one of the page's {{placeholders}}
        said = html.escape(words.gettext(english), quote=True).replace("{", "&#123;")
        page = _where(english).sub(_as_it_is(said), page)
    # English on purpose: the page's language attribute, not words
    return page.replace('<html lang="en">', f'<html lang="{html.escape(language)}">', 1)
