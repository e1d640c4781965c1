"""The user-visible strings of the app: those of the converted modules are all in the
catalogue; the others are counted (a later step converts them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.i18n.collect import collect, collect_file

ROOT = Path(__file__).resolve().parents[2]
CONVERTED = (
    "companion/ui/screens/start.py",
    "companion/ui/language.py",
    "companion/ui/commands.py",
    "companion/reference.py",
    "companion/cli/",
    "companion/config/",
    "companion/ui/screens/reference.py",
    "companion/ui/views/reference.py",
    "companion/ui/screens/setup/",
    "companion/ui/screens/history/",
    "companion/ui/views/history.py",
    "companion/ui/views/coach.py",
    "companion/ui/views/help.py",
    "companion/ui/screens/help.py",
    "companion/ui/screens/review.py",
    "companion/ui/screens/review_turns.py",
    "companion/ui/screens/log_screen.py",
    "companion/ui/screens/board.py",
    "companion/ui/screens/deck.py",
    "companion/ui/screens/data_in_use.py",
    "companion/ui/screens/unsaved_quit.py",
    "companion/ui/screens/coach_key.py",
    "companion/ui/widgets/edict_input.py",
    # the Table (issue-42-table): the screen, its layouts and words, its panels
    "companion/ui/screens/table.py",
    "companion/ui/screens/table_layout.py",
    "companion/ui/screens/table_words.py",
    "companion/ui/screens/game_screen.py",
    "companion/ui/views/table.py",
    "companion/ui/widgets/palace_panel.py",
    "companion/ui/widgets/edict_row_panel.py",
    "companion/ui/widgets/deck_panel.py",
    "companion/ui/widgets/odds_panel.py",
    "companion/ui/widgets/voyage_panel.py",
    "companion/ui/widgets/player_panel.py",
    "companion/ui/widgets/instructions_panel.py",
    "companion/ui/widgets/log_panel.py",
    "companion/ui/widgets/tracks.py",
    "companion/ui/widgets/text_panel.py",
    "companion/ui/widgets/touch_bar.py",
    # the game's dialogs (issue 42, modals)
    "companion/ui/screens/modals/",
    # End Phase, Final score, the app shell, storage, history, session and serve (issue-42-end)
    "companion/ui/screens/end_phase.py",
    "companion/ui/screens/end_phase_lines.py",
    "companion/ui/screens/end_phase_names.py",
    "companion/ui/screens/final_score.py",
    "companion/ui/screens/follow_through.py",
    "companion/ui/screens/notice_room.py",
    "companion/ui/app.py",
    "companion/ui/app_words.py",
    "companion/ui/notices.py",
    "companion/ui/framework/",
    "companion/storage/",
    "companion/history/",
    "companion/session/",
    "companion/serve/",
    "companion/paths.py",
    "companion/formatting.py",
    "companion/lazy_face.py",
    "companion/plain_text.py",
)
"""The modules (a path ending in ``/``: every module under it) whose every user-visible
string goes through the catalogue."""


def _modules(converted: tuple[str, ...]) -> list[str]:
    found: list[str] = []
    for name in converted:
        if name.endswith("/"):
            found.extend(
                path.relative_to(ROOT).as_posix()
                for path in sorted((ROOT / name).rglob("*.py"))
                if "__pycache__" not in path.parts
            )
        else:
            found.append(name)
    return found


@pytest.mark.parametrize("module", _modules(CONVERTED))
def test_converted_modules_show_nothing_outside_the_catalogue(module: str) -> None:
    assert [item.text for item in collect_file(ROOT / module, ROOT)] == []


def test_the_collector_finds_a_string_shown_outside_the_catalogue(tmp_path: Path) -> None:
    module = tmp_path / "companion" / "screen.py"
    module.parent.mkdir()
    module.write_text(
        'self.notify("Saved.")\nStatic(_("Kept"))\nx.border_title = f"{n} games"\n'
        'Static("·")\nStatic("Stupor Mundi")\nprint(f"Wrote {n} rows")\n'
        'raise UsageError("no such game")\nraise ValueError(_("not a count"))\n'
        "err(json.dumps(x))\n",
        encoding="utf-8",
    )
    assert [item.text for item in collect(tmp_path)] == [
        "'Saved.'",
        "f'{n} games'",
        "f'Wrote {n} rows'",
        "'no such game'",
    ]


def test_the_rest_of_the_app_is_counted(capsys: pytest.CaptureFixture[str]) -> None:
    left = collect(ROOT)
    with capsys.disabled():
        print(f"\n{len(left)} user-visible strings of companion/ are not in the catalogue yet")
    assert left  # the later step brings this to zero and makes it the rule everywhere
