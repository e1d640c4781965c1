"""Help (keys + rules decisions), the Deck screen (check, edit, reset) and the History list."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, DataTable, Markdown, Static

from companion.storage import HistoryRecord
from companion.ui.app import StuporSoloApp
from companion.ui.keys import HELP_KEYS, KEYMAPS, Key, all_ids
from companion.ui.screens.deck import (
    DeckScreen,
    deck_is_provisional,
    expected_flips_to_reshuffle,
)
from companion.ui.screens.help import HelpScreen
from companion.ui.screens.history.games import HistoryScreen
from companion.ui.screens.modals.card_editor import CardEditorModal
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.screens.modals.history_detail import HistoryDetailModal
from companion.ui.views.help import (
    RULES_DECISIONS,
    collect_bindings,
    key_label,
    rules_markdown,
)
from solo_deck import DeckDefinition, load_default_deck
from tests.app.pilot_helpers import SIZE, plain, press_and_settle
from tests.scores import breakdown

# --- Help -----------------------------------------------------------------------------


async def test_help_lists_bindings_and_rules_decisions(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press_and_settle(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one(Markdown).source
        for text in (
            "## Start",
            "## New game",
            "## Solo deck",
            "## History",
            "Resume",
            "Start game",
            "Checked ✓",
            "# Rules decisions",
            "Mocenigo",
            "Sigeberht",
            "ctrl+s",
            "ctrl+p",
        ):
            assert text in source, text
        await press_and_settle(pilot, "q")
        assert not isinstance(app.screen, HelpScreen)


def test_help_collects_every_key_table() -> None:
    titles = [title for title, _ in collect_bindings()]
    assert titles[:3] == ["Everywhere", "Start", "New game"]
    assert {"Table", "End Phase", "Solo deck", "History", "Help"} <= set(titles)
    rows = dict(collect_bindings())
    assert any(row.binding_id == "start.resume" for row in rows["Start"])
    # the dialogs' keys are listed with their screen
    assert any(row.binding_id == "deck.edit.save" for row in rows["Solo deck"])
    assert any(row.binding_id == "history.details" for row in rows["History"])
    assert any(row.binding_id == "history.delete.yes" for row in rows["History"])


def _screen_classes() -> list[type]:
    """Every screen and dialog class of the app that declares its own keys."""
    import importlib
    import pkgutil

    import companion.ui.screens as screens

    found: list[type] = []
    for info in pkgutil.walk_packages(screens.__path__, f"{screens.__name__}."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == module.__name__
                and "BINDINGS" in vars(value)
            ):
                found.append(value)
    return found


def test_every_screen_binding_comes_from_the_keymap() -> None:
    ids = all_ids()
    classes = _screen_classes()
    assert len(classes) >= 15
    for cls in classes:
        for binding in vars(cls)["BINDINGS"]:
            assert binding.id in ids, f"{cls.__name__}: {binding.key} has no id in the keymap"
            assert binding.tooltip, f"{cls.__name__}: {binding.key} has no tooltip"


def test_rules_decisions_cover_the_project_decisions() -> None:
    topics = {topic for topic, _, _ in RULES_DECISIONS}
    for topic in (
        "Crowns",
        "Title" + "s",
        "Removing Allies",
        "Passing",
        "Building",
        "Capacity",
        "Houses",
        "Neither way fits",
        "Mocenigo",
        "Values we assumed",
        "Most Structures",
    ):
        assert topic in topics
    assert all(decision and source for _, decision, source in RULES_DECISIONS)
    text = rules_markdown()
    assert text.count("\n- **") == len(RULES_DECISIONS)


def test_rules_text_is_our_own_words() -> None:
    """No run of 12 words of the help text appears in the rulebook."""
    rulebook = Path(__file__).resolve().parents[3] / "shared/rules/stupor-mundi-rulebook.md"
    if not rulebook.exists():
        reason = f"the rulebook {rulebook} is not beside this checkout: nothing to compare"
        print(reason)
        pytest.skip(reason)

    def words(text: str) -> list[str]:
        return "".join(c.lower() if c.isalnum() else " " for c in text).split()

    book = " ".join(words(rulebook.read_text(encoding="utf-8")))
    from companion.ui.screens.setup.form import setup_checklist

    ours = [d for _, d, _ in RULES_DECISIONS]
    ours += setup_checklist("medium", True, "table")
    for text in ours:
        w = words(text)
        for i in range(len(w) - 11):
            assert " ".join(w[i : i + 12]) not in book, text


def test_every_key_has_an_id_and_a_tooltip() -> None:
    for _, keys in KEYMAPS.values():
        for key in keys:
            assert key.id and key.tooltip, key
    assert all(key.show for key in HELP_KEYS)


def test_key_labels() -> None:
    assert key_label(Key("escape,q", "x", "X", "t.x", "tip", "esc")) == "esc / q"
    assert key_label(Key("question_mark", "x", "X", "t.q", "tip", "?")) == "?"
    assert key_label(Key("ctrl+s", "x", "X", "t.s", "tip")) == "ctrl+s"
    assert key_label(Key("enter", "x", "X", "t.e", "tip")) == "enter"


# --- Deck -----------------------------------------------------------------------------


async def _open_deck(app: StuporSoloApp, pilot) -> DeckScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await press_and_settle(pilot, "d")
    assert isinstance(app.screen, DeckScreen)
    return app.screen


def _banner(screen: DeckScreen) -> str:
    return str(screen.query_one("#deck-banner", Static).render())


async def test_deck_shows_sixteen_cards_and_the_provisional_banner(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_deck(app, pilot)
        table = screen.query_one(DataTable)
        assert table.row_count == 16
        assert len(table.columns) == 7
        assert "PROVISIONAL" in _banner(screen)
        stats = str(screen.query_one("#deck-stats", Static).render())
        deck = load_default_deck()
        assert f"{deck.crowns} with a crown" in stats
        assert expected_flips_to_reshuffle(deck) in stats


async def test_checking_a_card_persists(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    first = load_default_deck().cards[0].id
    second = load_default_deck().cards[1].id
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_deck(app, pilot)
        await pilot.press("space")
        await press_and_settle(pilot, "down", "space")
        table = screen.query_one(DataTable)
        assert table.get_row_at(0)[-1] == "✓"
        assert table.get_row_at(1)[-1] == "✓"
        await pilot.press("space")  # untick the second
        await pilot.pause()
        assert table.get_row_at(1)[-1] == ""
    again = StuporSoloApp(tmp_path)
    assert set(again.session.settings.verified_cards()) == {first}
    assert second not in set(again.session.settings.verified_cards())
    assert deck_is_provisional(again.session.settings)


async def test_checking_all_cards_clears_provisional(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_deck(app, pilot)
        for _ in range(16):
            await press_and_settle(pilot, "space", "down")
        assert "Verified" in _banner(screen)
        assert not deck_is_provisional(app.session.settings)


async def test_editing_a_card_saves_a_non_provisional_deck(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    original = load_default_deck().cards[2]
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_deck(app, pilot)
        await press_and_settle(pilot, "down", "down", "e")
        editor = app.screen
        assert isinstance(editor, CardEditorModal)
        assert editor.card.id == original.id
        crown = editor.query_one("#edit-crown", Checkbox)
        crown.value = not original.crown
        await press_and_settle(pilot, "ctrl+s")
        assert app.screen is screen
        assert "Your own deck" in _banner(screen)
    saved = StuporSoloApp(tmp_path).session.settings.deck()
    assert isinstance(saved, DeckDefinition)
    assert saved.provisional is False
    assert saved.name == "My deck"
    assert saved.card(original.id).crown is (not original.crown)
    assert not deck_is_provisional(StuporSoloApp(tmp_path).session.settings)


async def test_cancelled_edit_changes_nothing(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_deck(app, pilot)
        await press_and_settle(pilot, "enter")
        editor = app.screen
        assert isinstance(editor, CardEditorModal)
        editor.query_one("#edit-crown", Checkbox).toggle()
        await press_and_settle(pilot, "escape")
        assert app.screen is screen
        assert app.session.settings.deck() in (None, load_default_deck())


async def test_reset_asks_then_restores_the_default(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_deck(app, pilot)
        await press_and_settle(pilot, "e")
        app.screen.query_one("#edit-card", Checkbox).toggle()
        await press_and_settle(pilot, "ctrl+s")
        assert "Your own deck" in _banner(screen)
        await press_and_settle(pilot, "r")
        assert isinstance(app.screen, ConfirmModal)
        await press_and_settle(pilot, "n")
        assert "Your own deck" in _banner(screen)
        await press_and_settle(pilot, "r")
        await press_and_settle(pilot, "y")
        assert "PROVISIONAL" in _banner(screen)
    assert deck_is_provisional(StuporSoloApp(tmp_path).session.settings)


def test_expected_flips() -> None:
    deck = load_default_deck()
    assert expected_flips_to_reshuffle(deck) == f"{2 * 17 / (deck.crowns + 1):.1f} flips"
    one_crown = DeckDefinition(
        name="one crown",
        provisional=False,
        cards=tuple(c.model_copy(update={"crown": i == 0}) for i, c in enumerate(deck.cards)),
    )
    assert expected_flips_to_reshuffle(one_crown) == "no reshuffle possible"


# --- History --------------------------------------------------------------------------


def _record(
    record_id: str, finished_at: str, total: int, title: str, notes: str = ""
) -> HistoryRecord:
    return HistoryRecord(
        id=record_id,
        finished_at=finished_at,
        started_at=finished_at,
        play_seconds=3600.0,
        difficulty="medium",
        easier_solo=False,
        house="Savoy",
        deck_mode="virtual",
        seed=7,
        rounds=6,
        score=breakdown(vp_track=total - 14, structures=10, most_structures_bonus=4, title=title),
        frederick_structures=9,
        notes=notes,
        end_reasons=["your castle is complete"],
        log_summary=["Round 1: Frederick issued Edict II", "Round 6: castle complete"],
        source="app",
    )


async def _settle(pilot) -> None:  # type: ignore[no-untyped-def]
    """The History screen reads the file in a thread worker: wait for it."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


async def test_empty_history_shows_a_friendly_line(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await _settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        empty = app.screen.query_one("#history-empty", Static)
        assert empty.display
        assert "No finished games yet" in str(empty.render())
        assert not app.screen.query_one(DataTable).display


async def test_history_lists_records_newest_first_with_details(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    app.session.history.add(_record("g1", "2025-01-05T20:00:00+00:00", 42, "Knight", "first"))
    app.session.history.add(_record("g2", "2025-02-07T21:30:00+00:00", 61, "Feudal lord"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 2
        first = [plain(cell) for cell in table.get_row_at(0)]
        assert first[:3] == ["2025-02-07 21:30", "61", "Feudal lord"]
        assert plain(table.get_row_at(1)[1]) == "42"
        await press_and_settle(pilot, "enter")
        detail = app.screen
        assert isinstance(detail, HistoryDetailModal)
        assert detail.record.id == "g2"
        score_text = str(detail.query_one("#detail-score", Static).render())
        assert "61" in score_text and "Feudal lord" in score_text
        assert "castle complete" in str(detail.query_one("#detail-log", Static).render())
        await press_and_settle(pilot, "escape")
        assert app.screen is screen
        await press_and_settle(pilot, "escape")
        assert not isinstance(app.screen, HistoryScreen)


async def test_history_text_is_not_read_as_markup(tmp_path: Path) -> None:
    app = StuporSoloApp(tmp_path)
    app.session.history.add(
        _record("g3", "2025-03-01T10:00:00+00:00", 22, "Serf", notes="[bold unclosed [/i] x")
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await _settle(pilot)
        await press_and_settle(pilot, "enter")
        assert isinstance(app.screen, HistoryDetailModal)
        notes = str(app.screen.query_one("#detail-notes", Static).render())
        assert "[bold unclosed [/i] x" in notes
