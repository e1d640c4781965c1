"""The app's own notices and its header title, worded in the language in use (kept apart
from :mod:`companion.ui.app`, which has no room left for them)."""

from __future__ import annotations

from textual.app import App

from companion.i18n import _
from companion.ui.header_title import ShortTitleWhenNarrow
from companion.ui.language import SpeaksLanguages


def take_over_refused(error: object) -> str:
    """Another copy asked for the data, but the last move could not be saved."""
    return _(
        "Another copy asked to take your data over; this copy stays, as it could not save "
        "the last move: {error}"
    ).format(error=error)


def took_over() -> str:
    """What the terminal says after this copy let another take the data over."""
    return _("stupor-solo: another copy took your data over; this one quit.")


def unknown_theme(file: str, theme: str, known: str) -> str:
    """The configuration names a theme Textual does not have."""
    return _(
        "{file}: theme {theme} is not a Textual theme; the default is used. Known themes: {known}."
    ).format(file=file, theme=repr(theme), known=known)


def theme_not_saved(error: object) -> str:
    """The theme chosen could not be written to the configuration file."""
    return _("The theme is in use but could not be saved: {error}").format(error=error)


class TitleInLanguage(SpeaksLanguages, ShortTitleWhenNarrow):
    """The app's header title (``TITLE``, marked with ``N_``) in the language in use,
    worded again when the language is switched."""

    def title_words(self, title: str) -> str:
        """The title as the header shows it: translated."""
        return _(title)

    def set_language(self, language: str) -> None:
        """Speak ``language`` (see :mod:`companion.ui.language`); headers word the title
        again."""
        super().set_language(language)
        self.mutate_reactive(App.title)
