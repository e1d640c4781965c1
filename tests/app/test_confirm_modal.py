"""The one yes/no dialog: its text is plain, its keys show in the footer, keep their ids
(so a keymap can rebind them) and are listed in the Help with the screen that asks."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Button, Static

from companion.storage import HistoryStore
from companion.ui.app import StuporSoloApp
from companion.ui.keys import QUESTION_KEYS, ConfirmKeys
from companion.ui.screens.history.games import HistoryScreen
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.views.help import collect_bindings
from tests.app.pilot_helpers import SIZE
from tests.app.sample_history import sample_records


class _Host(App[None]):
    def __init__(self, question: ConfirmModal) -> None:
        super().__init__()
        self.question = question
        self.answers: list[bool | None] = []

    def compose(self) -> ComposeResult:
        yield Static("host")

    def on_mount(self) -> None:
        self.push_screen(self.question, self.answers.append)


def _footer_labels(app: App[None]) -> dict[str, str]:
    return {
        key: active.binding.description
        for key, active in app.screen.active_bindings.items()
        if active.binding.show
    }


async def test_a_question_shows_its_text_as_typed_and_escape_says_no() -> None:
    question = ConfirmModal("Delete [b]this[/b]?", "[/bold] is a note", note="[red]x")
    app = _Host(question)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen is question
        assert str(question.query_one("#confirm-body", Static).render()) == "[/bold] is a note"
        assert str(question.query_one("#confirm-note", Static).render()) == "[red]x"
        assert app.focused is question.query_one("#no", Button)
        assert _footer_labels(app) == {"y": "Yes", "n": "No", "escape": "No"}
        await pilot.press("escape")
        await pilot.pause()
    assert app.answers == [False]


async def test_a_question_takes_its_own_labels_and_binding_ids() -> None:
    keys = ConfirmKeys("test.drop", yes="Yes, drop", yes_tooltip="Drop it")
    question = ConfirmModal("Drop it?", yes_label="Drop", no_label="Keep", danger=True, keys=keys)
    app = _Host(question)
    app.set_keymap({"test.drop.yes": "d"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert str(question.query_one("#yes", Button).label) == "Drop (y)"
        assert question.query_one("#yes", Button).variant == "error"
        assert str(question.query_one("#no", Button).label) == "Keep (n)"
        assert _footer_labels(app)["d"] == "Yes, drop"
        assert "y" not in _footer_labels(app)  # the keymap moved yes to d
        await pilot.press("d")
        await pilot.pause()
    assert app.answers == [True]
    assert QUESTION_KEYS.bindings()[0].id == "confirm.yes"
    assert [b.id for b in keys.bindings()] == ["test.drop.yes", "test.drop.no"]


async def test_deleting_a_game_can_be_confirmed_with_a_rebound_key(tmp_path: Path) -> None:
    HistoryStore(tmp_path).add_many(sample_records())
    app = StuporSoloApp(tmp_path)
    app.set_keymap({"history.delete.yes": "d"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        assert _footer_labels(app)["d"] == "Yes, delete"
        await pilot.press("d")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
    assert HistoryStore(tmp_path).count() == 29


def test_the_help_lists_each_question_with_its_screen() -> None:
    groups = dict(collect_bindings())
    history = {row.binding_id: row for row in groups["History"]}
    assert history["history.delete.yes"].description == "Yes, delete"
    assert history["history.delete.yes"].tooltip.startswith("Delete this game")
    assert history["history.delete.no"].keys == "n / esc"
    deck = {row.binding_id for row in groups["Solo deck"]}
    assert {"deck.reset.yes", "deck.reset.no", "deck.edit.save"} <= deck
    questions = {row.binding_id for row in groups["A yes/no question"]}
    assert {"confirm.yes", "confirm.no"} <= questions
    assert groups["History"] and groups["Solo deck"]
