"""The History screen's two file dialogs: export the history (CSV, JSON or BG Stats plays)
and restore one of the copies kept in ``backups/``.

Both do their file work through the same functions as the command line
(:func:`~companion.history.export.write_export`,
:func:`~companion.storage.restore.restore_backup`), so the rules are the same: an export
goes only to a regular file (or a new name) outside the data folder, and an existing file
is replaced only after a yes; a restore checks the copy first and backs up the current
history before replacing it. Every path and message is shown as plain text.
"""

from __future__ import annotations

import datetime as dt
import pathlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, RadioButton, RadioSet

from companion.i18n import N_, _, current_language, ngettext
from companion.i18n.dates import format_moment
from companion.storage.restore import RestoreResult
from companion.ui.framework.quick_open import OpensAtOnce
from companion.ui.host import Hosted
from companion.ui.keys import EXPORT_KEYS, HISTORY_RESTORE_KEYS, RESTORE_KEYS, bindings
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.widgets.action_button import action_button
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.key_footer import KeyFooter
from companion.ui.wording import key_label

if TYPE_CHECKING:
    from companion.history.export import ExportFormat
    from companion.storage import HistoryRecord
    from companion.storage.restore import BackupInfo

FORMATS: tuple[tuple[str, str, str], ...] = (
    ("csv", ".csv", N_("CSV: a spreadsheet; import reads it back")),
    ("json", ".json", N_("JSON: every field; import reads it back")),
    ("bgstats", ".json", N_("BG Stats plays: one per game, JSON")),
)


def default_export_path(fmt: str = "csv", today: dt.date | None = None) -> pathlib.Path:
    """``~/stupor-solo-history-YYYY-MM-DD.csv`` (``-bgstats.json`` for BG Stats)."""
    day = (today or dt.date.today()).isoformat()
    suffix = "-bgstats.json" if fmt == "bgstats" else (".json" if fmt == "json" else ".csv")
    return pathlib.Path.home() / f"stupor-solo-history-{day}{suffix}"


class ExportModal(OpensAtOnce, Hosted, ModalScreen[pathlib.Path | None]):
    """Where to write the history and in which format; dismissed with the file written."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(EXPORT_KEYS))

    def __init__(self, records: Sequence[HistoryRecord]) -> None:
        super().__init__()
        self.records = list(records)

    def compose(self) -> ComposeResult:
        count = len(self.records)
        with Vertical(classes="dialog"):
            title = ngettext("Export {count} game", "Export {count} games", count)
            yield Label(title.format(count=count), classes="dialog-title")
            yield Label(_("Format"))
            with RadioSet(id="export-format"):
                for index, (fmt, _suffix, label) in enumerate(FORMATS):
                    yield RadioButton(_(label), value=index == 0, id=f"format-{fmt}")
            yield Label(_("File (a new name, or a file to replace)"))
            yield FieldInput(str(default_export_path()), id="export-path")
            yield Label("", id="export-error", classes="error-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield action_button(key_label(self, "Export", "ctrl+s"), "export", "primary")
                yield action_button(key_label(self, "Cancel", "esc"), "cancel", focusable=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#export-path", Input).focus()

    @property
    def fmt(self) -> ExportFormat:
        """The chosen format."""
        pressed = self.query_one("#export-format", RadioSet).pressed_button
        chosen = (pressed.id or "format-csv").removeprefix("format-") if pressed else "csv"
        return cast("ExportFormat", chosen)

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        """A new format: a file name still as suggested follows it."""
        field = self.query_one("#export-path", Input)
        suggested = {str(default_export_path(fmt)) for fmt, _suffix, _label in FORMATS}
        if field.value in suggested:
            field.value = str(default_export_path(self.fmt))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the file name exports."""
        event.stop()
        self.action_export()

    def action_cancel(self) -> None:
        """Close without writing."""
        self.dismiss(None)

    def action_export(self) -> None:
        """Check the target; ask before replacing a file; write."""
        from companion.storage.export_target import ExportTargetError, check_export_target

        text = self.query_one("#export-path", Input).value.strip()
        error = self.query_one("#export-error", Label)
        if not text:
            error.update(_("Type the file to write."))
            return
        try:
            target = check_export_target(text, self.host.session.folder)
        except ExportTargetError as exc:
            error.update(_("{exc}. Choose another file.").format(exc=exc))
            return
        if not target.existing:
            self._write(target.path)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._write(target.path)

        self.app.push_screen(
            ConfirmModal(_("Replace this file?"), str(target.path), yes_label=_("Replace")),
            answered,
        )

    def _write(self, path: pathlib.Path) -> None:
        from companion.history.export import write_export

        error = self.query_one("#export-error", Label)
        app = self.host
        try:
            written = write_export(
                self.records, path, self.fmt, app.session.folder, app.config.config.bgstats
            )
        except (OSError, ValueError) as exc:
            error.update(_("Nothing was written: {exc}").format(exc=exc))
            return
        self.dismiss(written)


class BackupsModal(OpensAtOnce, Hosted, ModalScreen[RestoreResult | None]):
    """The copies of the history, newest first; enter restores the highlighted one (after
    a yes). Dismissed with what the restore did, or ``None``."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(RESTORE_KEYS))

    DEFAULT_CSS = """
    BackupsModal > .dialog { max-height: 90%; }
    BackupsModal DataTable { height: auto; max-height: 20; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.infos: list[BackupInfo] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Copies of the history"), classes="dialog-title")
            yield Label(
                _(
                    "One is made after every finished game, before an import and before a "
                    "restore. Restoring one keeps a copy of the history as it is now."
                ),
                classes="muted",
            )
            yield DataTable[Text](cursor_type="row", id="backups-table")
            yield Label("", id="backups-message", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield action_button(key_label(self, "Restore", "enter"), "restore", "warning")
                yield action_button(key_label(self, "Close", "esc"), "close")
        yield KeyFooter()

    def on_mount(self) -> None:
        from companion.storage.restore import backup_infos

        self.infos = backup_infos(self.host.session.folder)
        table = self.query_one("#backups-table", DataTable)
        for header in (N_("Saved"), N_("Games"), N_("Size"), N_("Name")):
            table.add_column(_(header))
        for info in self.infos:
            saved = (
                format_moment(info.saved_at.astimezone(), current_language(), seconds=True)
                if info.saved_at
                else "—"
            )
            games = _("unreadable") if info.games is None else str(info.games)
            size = f"{info.size / 1024:,.1f} KB"
            table.add_row(*(Text(cell) for cell in (saved, games, size, info.name)))
        if not self.infos:
            self.query_one("#backups-message", Label).update(
                _("No copies yet: the first is made when you save a finished game.")
            )
            table.display = False
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a copy: restore it (asks first)."""
        event.stop()
        self.action_restore()

    def action_close(self) -> None:
        """Back to the history."""
        self.dismiss(None)

    def action_restore(self) -> None:
        """Ask, then make the highlighted copy the history."""
        message = self.query_one("#backups-message", Label)
        if self.host.read_only:
            message.update(_("This copy is read-only: another copy of the app holds your data."))
            return
        table = self.query_one("#backups-table", DataTable)
        if not self.infos or table.cursor_row >= len(self.infos):
            message.update(_("There is no copy to restore."))
            return
        info = self.infos[table.cursor_row]

        def answered(yes: bool | None) -> None:
            if yes:
                self._restore(info)

        self.app.push_screen(
            ConfirmModal(
                _("Restore this copy?"),
                info.name,
                note=_restore_note(info.games),
                yes_label=_("Restore"),
                danger=True,
                keys=HISTORY_RESTORE_KEYS,
            ),
            answered,
        )

    def _restore(self, info: BackupInfo) -> None:
        from companion.storage.restore import restore_backup

        app = self.host
        try:
            result = restore_backup(
                app.session.folder, info.name, keep=app.config.config.backups.keep
            )
        except (OSError, ValueError) as exc:
            self.query_one("#backups-message", Label).update(
                _("Not restored: {exc}").format(exc=exc)
            )
            return
        app.session.forget_history()
        self.dismiss(result)


def _restore_note(games: int | None) -> str:
    """What restoring a copy of ``games`` games (``None``: unreadable) does."""
    if games is None:
        return _(
            "It holds an unreadable number of games. Your history as it is now is kept as a "
            "copy first, so this can be undone the same way."
        )
    return ngettext(
        "It holds {count} games. Your history as it is now is kept as a copy first, so "
        "this can be undone the same way.",
        "It holds {count} games. Your history as it is now is kept as a copy first, so "
        "this can be undone the same way.",
        games,
    ).format(count=games)
