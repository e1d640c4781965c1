"""Command palette provider: the main actions of the current screen, searchable."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

Run = Callable[[], Awaitable[object]]


class GameCommands(Provider):
    """Offers every shown key binding of the active screen and the app as a command."""

    def _commands(self) -> list[tuple[str, Run, str]]:
        screen = self.screen
        seen: set[str] = set()
        commands: list[tuple[str, Run, str]] = []
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if not binding.show or not binding.description or not active.enabled:
                continue
            if binding.action in seen:
                continue
            seen.add(binding.action)
            display = binding.key_display or key
            run = partial(self.app.run_action, binding.action, active.node)
            commands.append((binding.description, run, display))
        if "reference" not in seen and "app.reference" not in seen:
            # F1 stays out of the footers (it is everywhere); the palette offers it here.
            reference = partial(self.app.run_action, "reference")
            commands.append(("Reference: look up a component or a rule", reference, "F1"))
        return commands

    async def discover(self) -> Hits:
        """All main actions, shown when the palette opens."""
        for description, run, key in self._commands():
            yield DiscoveryHit(description, run, help=f"key: {key}")

    async def search(self, query: str) -> Hits:
        """Actions whose description matches the query."""
        matcher = self.matcher(query)
        for description, run, key in self._commands():
            score = matcher.match(description)
            if score > 0:
                yield Hit(score, matcher.highlight(description), run, help=f"key: {key}")
