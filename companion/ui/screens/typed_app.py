"""The app as the screens use it: :class:`TypedApp` gives a screen ``stupor_app``, the
running :class:`~companion.ui.app.StuporSoloApp` typed (Textual's ``self.app`` is a plain
``App``). A :class:`~companion.ui.screens.game_screen.GameScreen` has ``stupor`` instead."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from textual.app import App

    from companion.ui.app import StuporSoloApp


class _InApp(Protocol):
    @property
    def app(self) -> App[object]: ...


class TypedApp:
    """Mixin for a screen (listed before the Textual base): the app, typed."""

    @property
    def stupor_app(self: _InApp) -> StuporSoloApp:
        """The app, typed."""
        return cast("StuporSoloApp", self.app)
