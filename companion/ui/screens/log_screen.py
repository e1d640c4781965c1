"""The whole game log: every entry, the undone events redo would bring back, and a roll
back to any entry in one step (redo brings the events back one by one)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Header, OptionList
from textual.widgets.option_list import Option

from companion.i18n import _, current_language, ngettext, shown
from companion.i18n.languages import ENGLISH
from companion.ui.keys import LOG_KEYS, LOG_ROLL_BACK_KEYS, bindings
from companion.ui.notices import save_failed
from companion.ui.screens.game_screen import GameScreen
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.wording import worded

SUMMARY_MAX = 80
"""Characters of the first undone entry a roll-back notification quotes."""


class LogList(OptionList):
    """The log's list: an OptionList that leaves Enter to the screen (roll back here)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._bindings.key_to_bindings.pop("enter", None)


def summary(lines: list[str]) -> str:
    """The first undone entry (cut to :data:`SUMMARY_MAX` characters) and how many more."""
    first = shown(lines[0])
    first = first if len(first) <= SUMMARY_MAX else first[: SUMMARY_MAX - 1] + "…"
    more = len(lines) - 1
    return first + (ngettext(" and {n} more", " and {n} more", more).format(n=more) if more else "")


class LogScreen(GameScreen[None]):
    """Every entry, oldest first. Lines carried over from an older saved format are shown
    but cannot be rolled back to; undone events that redo would re-apply are dimmed."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(LOG_KEYS))

    def compose(self) -> ComposeResult:
        yield Header()
        yield LogList(id="log")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(LogList).focus()

    # --- drawing ----------------------------------------------------------------------

    @property
    def carried(self) -> int:
        """Log lines carried over from an older saved format (they cannot be undone)."""
        return len(self.session.log) - len(self.session.events)

    def lines(self) -> tuple[str, ...]:
        """The log to show: as the session keeps it in English; in another language with
        every line's parts (the engine replays its older lines), so each is shown in it."""
        session = self.session
        return session.log if current_language() == ENGLISH else session.log_texts()

    def redraw(self) -> None:
        """Rebuild the list from the session, keeping the highlighted entry if it is
        still there (else the last entry)."""
        session = self.session
        log = self.query_one(LogList)
        before = log.highlighted
        log.clear_options()
        carried = self.carried
        entries = [
            Option(Text(f"{n:>4}  {shown(line)}"), id=f"e{n}", disabled=n <= carried)
            for n, line in enumerate(self.lines(), start=1)
        ]
        redo = [
            Option(
                Text(
                    _("   ↷  undone: {event}").format(event=event.type.replace("_", " ")),
                    style="dim",
                ),
                disabled=True,
            )
            for event in session.redo_log
        ]
        log.add_options(entries + redo)
        if entries and len(entries) > carried:
            keep = before is not None and carried <= before < len(entries)
            log.highlighted = before if keep else len(entries) - 1
        events = len(session.events)
        title = ngettext(
            "{count} event · {undone} undone", "{count} events · {undone} undone", events
        )
        title = title.format(count=f"{events:,}", undone=len(redo))
        carried_over = _(" · {count} carried over").format(count=carried)
        self.sub_title = title + (carried_over if carried else "")
        self.refresh_bindings()

    def highlighted_entry(self) -> int | None:
        """The highlighted entry's number (1 = the first line), if it is a log entry."""
        index = self.query_one(LogList).highlighted
        if index is None or index >= len(self.session.log):
            return None
        return index + 1

    @on(OptionList.OptionHighlighted)
    def _moved(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Roll back is lit on an entry with events after it; undo and redo when there
        is something to move (Textual: None dims a key)."""
        if not self.session.has_game:
            return action == "close"
        if action == "roll_back":
            entry = self.highlighted_entry()
            ok = entry is not None and self.carried < entry < len(self.session.log)
            return True if ok else None
        if action == "undo":
            return True if self.session.can_undo else None
        if action == "redo":
            return True if self.session.can_redo else None
        return True

    # --- actions ----------------------------------------------------------------------

    def action_roll_back(self) -> None:
        """Ask, then undo every event after the highlighted entry."""
        from companion.ui.screens.modals.confirm import ConfirmModal

        entry = self.highlighted_entry()
        if entry is None:
            return
        if entry <= self.carried:
            self.notify(
                _("Entry {entry} was carried over from an older save: it cannot be undone.").format(
                    entry=entry
                ),
                severity="warning",
            )
            return
        lines = list(self.lines()[entry:])
        if not lines:
            self.notify(_("Entry {entry} is the latest: nothing to roll back.").format(entry=entry))
            return
        count = len(lines)

        def answered(yes: bool | None) -> None:
            if yes:
                self.roll_back(entry)

        self.app.push_screen(
            ConfirmModal(
                _("Roll back to entry {entry}?").format(entry=entry),
                ngettext(
                    "This undoes the last event, from “{first}” on.",
                    "This undoes the last {count} events, from “{first}” on.",
                    count,
                ).format(count=count, first=summary(lines[:1])),
                note=worded(
                    self,
                    _("Redo (ctrl+y) brings them back one by one."),
                    _("Redo, in the footer, brings them back one by one."),
                ),
                yes_label=_("Roll back"),
                keys=LOG_ROLL_BACK_KEYS,
            ),
            answered,
        )

    def roll_back(self, entry: int) -> None:
        """Undo every event after ``entry`` and say what was undone."""
        session = self.session
        lines = list(self.lines()[entry:])
        before = len(session.events)
        try:
            session.undo_to(entry - self.carried)
        except OSError as exc:
            save_failed(self, exc, "roll back")
        undone = before - len(session.events)
        self.host.game_changed()
        if undone:
            self.notify(
                ngettext(
                    "Rolled back {count} event to entry {entry}: {summary}.",
                    "Rolled back {count} events to entry {entry}: {summary}.",
                    undone,
                ).format(count=undone, entry=entry, summary=summary(lines[:undone])),
                title=_("Rolled back"),
            )

    def action_close(self) -> None:
        """Back to the Table."""
        self.dismiss(None)

    def action_undo(self) -> None:
        """Undo from here too."""
        self.step("undo")

    def action_redo(self) -> None:
        """Redo from here too."""
        self.step("redo")
