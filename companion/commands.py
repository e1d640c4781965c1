"""Command palette provider: the main actions of the current screen, searchable."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider


class GameCommands(Provider):
    """Offers every shown key binding of the active screen and the app as a command."""

    def _commands(self) -> list[tuple[str, partial[object], str]]:
        screen = self.screen
        seen: set[str] = set()
        commands: list[tuple[str, partial[object], str]] = []
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if not binding.show or not binding.description or not active.enabled:
                continue
            if binding.action in seen:
                continue
            seen.add(binding.action)
            display = binding.key_display or key
            commands.append(
                (binding.description, partial(active.node.run_action, binding.action), display)
            )
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
