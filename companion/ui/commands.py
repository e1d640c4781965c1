"""Command palette provider: the main actions of the current screen, searchable by their
name in the language in use or in English (a player who knows the English names, or the
help of another player, finds them either way)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Iterator
from functools import partial
from typing import Any

from textual.app import App, SystemCommand
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider

from companion.i18n import N_, _

Run = Callable[[], Awaitable[object]]

REFERENCE_COMMAND = N_("Reference: look up a component or a rule")


class GameCommands(Provider):
    """Offers every shown key binding of the active screen and the app as a command."""

    def _commands(self) -> list[tuple[str, Run, str, str]]:
        """(name in the language in use, what it runs, its key, English name) of each."""
        screen = self.screen
        seen: set[str] = set()
        commands: list[tuple[str, Run, str, str]] = []
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if not binding.show or not binding.description or not active.enabled:
                continue
            if binding.action in seen:
                continue
            seen.add(binding.action)
            display = binding.key_display or key
            run = partial(self.app.run_action, binding.action, active.node)
            commands.append((_(binding.description), run, display, binding.description))
        if "reference" not in seen and "app.reference" not in seen:
            # F1 stays out of the footers (it is everywhere); the palette offers it here.
            reference = partial(self.app.run_action, "reference")
            commands.append((_(REFERENCE_COMMAND), reference, "F1", REFERENCE_COMMAND))
        return commands

    async def discover(self) -> Hits:
        """All main actions, shown when the palette opens."""
        for description, run, key, _english in self._commands():
            yield DiscoveryHit(description, run, help=_("key: {key}").format(key=key))

    async def search(self, query: str) -> Hits:
        """Actions whose name matches the query, in the language in use or in English
        (shown in the language in use)."""
        matcher = self.matcher(query)
        for description, run, key, english in self._commands():
            score = max(matcher.match(description), matcher.match(english))
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(description),
                    run,
                    help=_("key: {key}").format(key=key),
                )


def with_patient_screenshot(
    app: App[Any], commands: Iterable[SystemCommand]
) -> Iterator[SystemCommand]:
    """Textual's palette commands, with a Screenshot that waits for the palette to be
    gone (Textual's own waits a tenth of a second, which a busy machine or a browser
    outlasts: the picture then shows the palette over the screen)."""

    def take() -> None:
        if isinstance(app.screen, CommandPalette):
            app.set_timer(0.05, take)
        else:
            app.screen.call_after_refresh(app.deliver_screenshot)

    def screenshot() -> None:
        app.set_timer(0.05, take)

    for command in commands:
        yield command._replace(callback=screenshot) if command.title == "Screenshot" else command
