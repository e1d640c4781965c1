"""Switching the app's language while it runs: no restart, nothing lost.

:meth:`SpeaksLanguages.set_language` makes the new language the one in use
(:func:`companion.i18n.use_language`), then tells every open screen, bottom to top:

- a screen that words itself (:class:`Relabels`, the Start screen) puts its words again
  in place, without composing its widgets again, so focus, the highlighted line and
  whatever a form holds stay as they were;
- every screen's bindings are read again, so the footers (which show each binding's
  description through the catalogue) and the command palette speak the new language;
- the game screens (:class:`DrawsTheGame`) forget what they drew and draw again from the
  session (:meth:`Host.game_changed`; those below the top one when they come back),
  which renders the engine's sentences again (:func:`companion.i18n.shown`). The game
  itself is untouched: its revision does not change.

The command palette offers the switch (:class:`LanguageCommands`: "Language: Italiano",
found by its name in either language).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.command import DiscoveryHit, Hit, Hits, Provider

from companion.i18n import _, current_language, use_language
from companion.i18n.languages import LANGUAGES

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen


@runtime_checkable
class Relabels(Protocol):
    """A screen that puts its words again in the language in use, keeping its state."""

    def relabel(self) -> None:
        """Word every label, title and line again (no widget is composed again)."""


@runtime_checkable
class DrawsTheGame(Protocol):
    """A screen drawn from the game (the game screens): it draws again though the game
    did not change."""

    def draw_again(self) -> None:
        """Draw everything again at the next chance (now, if it is on top)."""


class SpeaksLanguages:
    """The app's half of a language switch (mixed into the app)."""

    @property
    def language(self) -> str:
        """The code of the language in use."""
        return current_language()

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on, on every open screen (see the module)."""
        app: Any = self
        use_language(language)
        screens: list[Screen[Any]] = list(app.screen_stack)
        for screen in screens:
            if isinstance(screen, Relabels):
                screen.relabel()
            if isinstance(screen, DrawsTheGame):
                screen.draw_again()
            screen.refresh_bindings()
        app.game_changed()


Run = Callable[[], Awaitable[object] | None]


class LanguageCommands(Provider):
    """The command palette's "Language: …", one command per language."""

    def _commands(self) -> Iterator[tuple[str, str, Run]]:
        app: App[object] = self.app
        set_language = getattr(app, "set_language", None)
        if set_language is None:
            return
        for code, name in LANGUAGES.items():
            if code == current_language():
                continue
            title = _("Language: {name}").format(name=name)
            english = f"Language: {name}"
            yield title, english, partial(set_language, code)

    async def discover(self) -> Hits:
        """Every other language, shown when the palette opens."""
        for title, _english, run in self._commands():
            yield DiscoveryHit(title, run, help=_("Speak this language from now on"))

    async def search(self, query: str) -> Hits:
        """The languages whose command matches, in the language in use or in English."""
        matcher = self.matcher(query)
        for title, english, run in self._commands():
            score = max(matcher.match(title), matcher.match(english))
            if score > 0:
                yield Hit(
                    score, matcher.highlight(title), run, help=_("Speak this language from now on")
                )
