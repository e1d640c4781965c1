"""The footer every screen uses: Textual's ``Footer``, rebuilt only when it must be.

Textual's ``Footer`` removes and mounts all of its key widgets again after every
``bindings_updated`` signal, and a screen sends several in one frame (focus moves,
``refresh_bindings``, a modal closing); each rebuild comes after the next refresh, so a
key press is drawn twice. On the Table that was most of the time a key press took.

This footer handles a change with the widgets it has: keys that become enabled or
disabled are restyled in place, keys that go away (an input takes focus and claims the
letter keys) are hidden and shown again later. It mounts new widgets only for a key it
has never shown, and all of that at most once per batch of signals, before the refresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.screen import Screen

ShownKey = tuple[str, str, str, bool, str]
"""(key, action, label, enabled, tooltip) of one binding the footer lists."""


class KeyFooter(Footer):
    """A ``Footer`` that updates its keys in place instead of rebuilding them."""

    _rebuild_pending = False
    _shown: tuple[ShownKey, ...] | None = None

    def _wanted(self) -> tuple[ShownKey, ...]:
        """What the footer should show now, in order: per action its first binding, as
        Textual's ``Footer.compose`` does."""
        seen: set[str] = set()
        wanted: list[ShownKey] = []
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            wanted.append(
                (binding.key, binding.action, binding.description, enabled, tooltip or "")
            )
        return tuple(wanted)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Schedule one update (however many signals come first). It runs with the
        screen's other pending messages, so it is drawn in the same frame as the change
        that caused it."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_pending:
            self._rebuild_pending = True
            self.call_later(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_pending = False
        if not self.is_attached:
            return
        wanted = self._wanted()
        if wanted == self._shown:
            return
        if self._update_in_place(wanted):
            self._shown = wanted
            return
        self._shown = wanted
        await self.recompose()

    def _update_in_place(self, wanted: tuple[ShownKey, ...]) -> bool:
        """Show, hide, enable and disable the existing key widgets to match ``wanted``.
        False (nothing changed) when a wanted key has no widget yet, or the order of
        the wanted keys differs from the widgets' order."""
        widgets = [key for key in self.query(FooterKey) if not key.has_class("-command-palette")]
        position = {(key.key, key.action, key.description): i for i, key in enumerate(widgets)}
        if not widgets or any((k, a, label) not in position for k, a, label, _, _ in wanted):
            return False
        places = [position[(key, action, label)] for key, action, label, _, _ in wanted]
        if places != sorted(places):
            return False
        enabled = {(key, action, label): is_enabled for key, action, label, is_enabled, _ in wanted}
        for widget in widgets:
            state = enabled.get((widget.key, widget.action, widget.description))
            widget.display = state is not None
            if state is not None:
                # FooterKey keeps its enabled state in ``_disabled`` (a click on a disabled
                # key rings the bell) and shows it with the ``-disabled`` class.
                widget._disabled = not state
                widget.set_class(not state, "-disabled")
        return True
