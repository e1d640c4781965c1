"""The user-visible strings of the app: every one of ``companion/`` goes through the
catalogue, and the collector finds each kind of string shown outside it."""

from __future__ import annotations

from pathlib import Path

from companion.i18n.collect import collect

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_shows_nothing_outside_the_catalogue() -> None:
    assert [f"{item.path}:{item.line}: {item.text}" for item in collect(ROOT)] == []


def _found(tmp_path: Path, source: str) -> list[str]:
    module = tmp_path / "companion" / "screen.py"
    module.parent.mkdir(exist_ok=True)
    module.write_text(source, encoding="utf-8")
    return [item.text for item in collect(tmp_path)]


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


def test_ids_css_classes_and_keys_are_not_words(tmp_path: Path) -> None:
    source = (
        'names.append("key-footer--hover")\nStatic("", classes="muted")\n'
        'Binding("ctrl+s", "save", "Save")\nnames.append("table.play")\nnames.append("Saved")\n'
    )
    assert _found(tmp_path, source) == ["'Save'", "'Saved'"]
