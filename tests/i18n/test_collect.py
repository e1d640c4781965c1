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


def test_a_literal_given_to_a_name_then_shown_is_found(tmp_path: Path) -> None:
    source = (
        "def compose(self):\n"
        '    text = f"Your data in {folder} is in use."\n'
        "    if take_over:\n"
        '        text += " Take over asks the other copy to quit."\n'
        '    yield Static(text, id="in-use-text")\n'
        '    title = "Data in use" if problem is None else _("cannot be locked")\n'
        "    self.border_title = title\n"
        '    fine = _("Saved.")\n'
        "    self.notify(fine)\n"
        "def other(self):\n"
        "    Static(text)\n"  # another function's name: not this one's text
    )
    assert _found(tmp_path, source) == [
        "f'Your data in {folder} is in use.'",
        "' Take over asks the other copy to quit.'",
        "'Data in use'",
    ]


def test_a_branch_or_a_part_of_what_is_shown_is_found(tmp_path: Path) -> None:
    source = (
        'Static("Ready" if done else _("Waiting"))\n'
        'lines.append("# One of: " + ", ".join(choices))\n'
        "lines.append(ONE_OF + choices)\n"
    )
    assert _found(tmp_path, source) == ["'Ready'", "'# One of: '"]


def test_a_marked_constant_shown_without_its_translation_is_found(tmp_path: Path) -> None:
    (tmp_path / "companion").mkdir()
    (tmp_path / "companion" / "words.py").write_text(
        'NOTE = N_("Streaks count games in a row.")\nLABELS = {1: N_("stays")}\n',
        encoding="utf-8",
    )
    source = (
        "from companion.words import LABELS, NOTE\n"
        "Static(NOTE)\nStatic(_(NOTE))\ntable.add_row(card.id, LABELS[card.move])\n"
        "table.add_row(card.id, _(LABELS[card.move]))\n"
        'raise ValueError(NOTE)\nprint(_("{a}: {b}").format(a=NOTE, b=_(NOTE)))\n'
        "StoreFile(folder, label=NOTE)\n"  # handed on, translated where it is shown
    )
    assert _found(tmp_path, source) == ["NOTE", "LABELS[card.move]", "NOTE", "NOTE"]


def test_a_programmer_s_error_and_english_by_design_constants_are_not_found(
    tmp_path: Path,
) -> None:
    source = (
        'USAGE_LINE = "usage: app FOLDER"\nprint(USAGE_LINE)\n'
        "def check(x):\n"
        '    wrong = f"not a record id: {x!r}"  # a programmer\'s error: English\n'
        "    raise ValueError(wrong)\n"
        'line.append(f"\\x1b[{fg};{bg}m\\u2580")\n'
        'key_label(self, _("Then press {key}.").format(key="r"))\n'
    )
    assert _found(tmp_path, source) == []


def test_more_calls_that_show_text(tmp_path: Path) -> None:
    source = (
        'plt.title("Score by game")\nplt.xlabel("game number")\n'
        'return self.failure("enter a number")\ntable.add_row("now", "—")\n'
        'print(_("{games} of {bots}").format(games="game 1", bots=n))\n'
    )
    assert _found(tmp_path, source) == [
        "'Score by game'",
        "'game number'",
        "'enter a number'",
        "'now'",
        "'game 1'",
    ]


def test_a_sentence_built_anywhere_is_found_unless_english_on_purpose(tmp_path: Path) -> None:
    """An f-string that builds a sentence outside the catalogue is found wherever it goes
    (returned, kept in a list, handed to a helper), unless a comment on its line or just
    above says why it stays English."""
    module = tmp_path / "companion" / "lines.py"
    module.parent.mkdir()
    module.write_text(
        "def refusal(key, why):\n"
        '    return f"{key} cannot be chosen now: {why}."\n'
        'rows = [f"{n} games in all"]\n'
        "def keep(n):\n"
        "    # English on purpose: the server's log\n"
        '    log(f"Refused a request from {n}")\n'
        'said = _(f"{n} cards kept")\n'
        'short = f"{n} VP"\n',
        encoding="utf-8",
    )
    assert [(item.line, item.text) for item in collect(tmp_path)] == [
        (2, "f'{key} cannot be chosen now: {why}.'"),
        (3, "f'{n} games in all'"),
    ]
