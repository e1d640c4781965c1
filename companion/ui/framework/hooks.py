"""The private methods our widgets must override, each turned into a public hook: the
override lives here, once, and calls a method with a name of ours that the widget
implements (the names and signatures are in :mod:`.registry`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.widget import Widget
from textual.widgets import OptionList

if TYPE_CHECKING:
    from textual.geometry import Size
    from textual.screen import Screen
    from textual.visual import Visual
    from textual.widgets.option_list import Option


class OptionVisuals(OptionList):
    """An OptionList whose lines a subclass may dress (:meth:`dress_line`). Why: how a
    line is drawn is decided by ``OptionList._get_visual`` only; the touch lists pad each
    line to three rows there, so a finger can hit it."""

    def dress_line(self, option: Option, visual: Visual) -> Visual:
        """The visual of ``option``'s line as drawn (``visual``: Textual's)."""
        return visual

    def _get_visual(self, option: Option) -> Visual:
        return self.dress_line(option, super()._get_visual(option))


class ScreenBeforeMount(App[None]):
    """An App that lets a subclass prepare a screen just before it is mounted
    (:meth:`before_mount`). Why: only ``App._get_screen`` sees a screen between being
    pushed and being mounted; the width classes given there spare a restyle of the whole
    screen (:mod:`.quick_open`)."""

    def before_mount(self, screen: Screen[Any]) -> None:
        """Called with each screen about to be mounted for the first time."""

    def _get_screen(self, screen: Screen[Any] | str) -> tuple[Screen[Any], Any]:
        found = self.get_screen(screen)
        if not found.is_running:
            self.before_mount(found)
        return super()._get_screen(found)


class LaidOutOnce(Widget):
    """A widget whose change of size or of content height, found by a layout, may ask
    for no second layout (:meth:`lays_out_again`). Why: Textual answers any such change
    with one more layout of the screen a frame later (``Widget._size_updated`` sets the
    layout reactive ``virtual_size``), although the layout that measured the change has
    already placed every widget by it; only a widget that redraws differently at its new
    size needs that pass, and nothing public turns it off for one that does not."""

    def lays_out_again(self) -> bool:
        """Whether a change of this widget's size asks for one more layout (Textual's
        way, the default)."""
        return True

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        again = layout and self.lays_out_again()
        return super()._size_updated(size, virtual_size, container_size, layout=again)
