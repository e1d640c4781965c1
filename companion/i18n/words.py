"""Words of the app that are values of its data (a title, a House, a difficulty, a deck
mode): stored and written in English (the history, exports, JSON and the configuration
never change with the language), shown in the language in use.

>>> from companion.i18n import use_language
>>> use_language("it"); edition("Duke"), value_word("hard"), value_word("Savoy")
('Duca', 'difficile', 'Savoia')
>>> use_language("en"); edition("Duke"), value_word("hard")
('Duke', 'hard')
"""

from __future__ import annotations

from companion.i18n.current import N_, current_language, pgettext


def value_words() -> dict[str, str]:
    """The values of the setup that are not game terms (difficulties, deck modes), each
    in the language in use."""
    return {
        "easy": pgettext("difficulty", "easy"),
        "medium": pgettext("difficulty", "medium"),
        "hard": pgettext("difficulty", "hard"),
        "virtual": pgettext("deck mode", "virtual"),
        "table": pgettext("deck mode", "table"),
    }


def edition(english: str) -> str:
    """A game term (a title, a House, a Structure…) as the edition in use prints it."""
    language = current_language()
    if language == "en":
        return english
    from companion.i18n.glossary import term_in

    return term_in(english, language)


def value_word(value: str) -> str:
    """A stored value as the player reads it: a difficulty or deck mode in the language
    in use, a game term as the edition prints it, anything else as it is."""
    return value_words().get(value) or edition(value)


def stored_word(value: str | None) -> str:
    """A stored value that may be missing (a difficulty, a House, a deck mode of a game in
    the history) as the player reads it: ``—`` when it was not recorded."""
    return value_word(value) if value else "—"


YES_NO = (N_("yes"), N_("no"))
"""The words :func:`companion.formatting.yes_no` shows (put through the catalogue where
they are shown)."""
