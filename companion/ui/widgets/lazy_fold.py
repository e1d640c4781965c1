"""A fold whose contents are made the first time it opens.

A form's optional sections (the New game form's Voyage ports and board) hold most of its
widgets; made up front, they made the form take seconds to open and every focus change
restyle them. Folded, they cost only their title until the player opens them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Collapsible


class LazyFold(Collapsible):
    """A :class:`~textual.widgets.Collapsible` that calls ``make`` for its contents when it
    is first opened (at once, if it starts open). :attr:`filled` says whether they are
    there; until then whoever reads the section takes its defaults."""

    def __init__(
        self,
        make: Callable[[], Iterable[Widget]],
        *,
        title: str,
        collapsed: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        # The class Collapsible sets when mounted, set now: setting it later restyles
        # everything inside once more.
        names = " ".join(filter(None, ("-collapsed" if collapsed else "", classes)))
        super().__init__(title=title, collapsed=collapsed, id=id, classes=names or None)
        self._make = make
        self._started = not collapsed
        self.filled = not collapsed
        """True once the contents are made and mounted."""

    def compose(self) -> ComposeResult:
        yield self._title
        with self.Contents():
            if self.filled:
                yield from self._make()

    async def on_collapsible_expanded(self, event: Collapsible.Expanded) -> None:
        """Opened for the first time: make the contents."""
        if event.collapsible is not self or self._started:
            return
        self._started = True
        await self.query_one(Collapsible.Contents).mount_all(list(self._make()))
        self.filled = True
