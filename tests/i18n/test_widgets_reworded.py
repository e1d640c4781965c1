"""Widgets the dialogs own, worded again on a language switch, and the play time's units
in the language in use."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Input, Label

from companion.formatting import format_duration, play_time
from companion.i18n import _, use_language
from companion.ui.widgets.assumed_value import AssumedValue
from companion.ui.widgets.focus_hint import FocusHint
from companion.ui.widgets.number_field import NumberField
from solo_deck import load_ruleset
from solo_deck.rules.board_check import unchecked


def test_play_times_speak_the_language_in_use() -> None:
    use_language("de")
    assert (format_duration(42), format_duration(2700), format_duration(4500)) == (
        "42 s",
        "45 Min.",
        "1 Std. 15 Min.",
    )
    assert play_time(90061) == "25 Std. 01 Min."
    use_language("en")
    assert format_duration(4500) == "1 h 15 min"


class Dialog(App[None]):
    def compose(self) -> ComposeResult:
        yield NumberField("Grain paid", 0, hint="what you paid", id="grain")
        yield Input(id="choice")
        yield FocusHint("digits trade", "Tab to the list first", "choice", id="hint")
        yield AssumedValue()


def _text(label: Label) -> str:
    return str(label.render())


async def test_a_number_field_a_focus_hint_and_an_assumed_value_are_worded_again() -> None:
    app = Dialog()
    async with app.run_test() as pilot:
        field = app.query_one(NumberField)
        hint = app.query_one(FocusHint)
        assumed = app.query_one(AssumedValue)
        fact = unchecked(load_ruleset(), "castle_board", "T2.cost")
        assert fact is not None
        assumed.show(fact)
        field.text = "7"
        field.input.focus()
        await pilot.pause()
        assert _text(assumed.query_one(Label)).endswith(": assumed — check your board")

        use_language("it")
        field.relabel(_("Grain paid"), "quello che hai pagato")
        hint.relabel("le cifre scambiano", "prima Tab fino all'elenco")
        assumed.relabel()
        await pilot.pause()
        assert _text(field.query_one(".number-label", Label)) == "Grano pagato"
        assert _text(field.query_one(".number-message", Label)) == "quello che hai pagato"
        assert field.text == "7"  # what was typed stays
        assert _text(hint) == "prima Tab fino all'elenco"
        app.query_one("#choice", Input).focus()
        await pilot.pause()
        assert _text(hint) == "le cifre scambiano"
        said = _text(assumed.query_one(Label))
        assert "presunto — controlla la tua plancia" in said and "assumed" not in said
        assert str(assumed.query_one(Input).tooltip).startswith("Scrivi ciò che mostra")


def test_the_reference_hint_s_tooltip_is_worded_again() -> None:
    from companion.ui.widgets.reference_hint import ReferenceHint

    hint = ReferenceHint()
    assert hint.tooltip == "What this choice does (F1)"
    use_language("fr")
    hint.relabel()
    assert hint.tooltip == "Ce que fait ce choix (F1)"
