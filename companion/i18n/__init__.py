"""The companion in the player's language: gettext catalogues, an edition's glossary and
the rendering of the engine's sentences (:class:`solo_deck.text.Text`).

One concern per module:

- :mod:`~companion.i18n.languages` — the languages offered and which one is chosen
  (``--lang``, ``[ui] language``, the environment's locale, else English);
- :mod:`~companion.i18n.current` — the language in use and the app's own marker
  functions ``_``, ``N_``, ``ngettext``, ``pgettext`` (English needs no catalogue: nothing
  is loaded until another language is chosen);
- :mod:`~companion.i18n.catalogues` — the compiled catalogues (``locale/<lang>/LC_MESSAGES/
  stupor.mo``) and, run as ``python -m companion.i18n.catalogues``, their upkeep;
- :mod:`~companion.i18n.render` — an engine sentence rendered again from its parts;
- :mod:`~companion.i18n.glossary` — each edition's game terms, with their sources;
- :mod:`~companion.i18n.numbers` — whole numbers written the locale's way;
- :mod:`~companion.i18n.pseudo` — the pseudo-locale ``qps`` for layout tests;
- :mod:`~companion.i18n.extract` and :mod:`~companion.i18n.collect` — the messages found in
  the code (the catalogue's template) and the user-visible strings still outside it.

File formats, configuration keys, JSON output and the BG Stats export never pass through
here: they stay the same in every language.
"""

from __future__ import annotations

from companion.i18n.current import (
    N_,
    _,
    current_language,
    ngettext,
    pgettext,
    shown,
    use_language,
)

__all__ = ["N_", "_", "current_language", "ngettext", "pgettext", "shown", "use_language"]
