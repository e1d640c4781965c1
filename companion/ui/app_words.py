"""The app's own notices, worded in the language in use (kept apart from
:mod:`companion.ui.app`, which has no room left for them)."""

from __future__ import annotations

from companion.i18n import _


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
