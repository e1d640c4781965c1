"""The dialogs of the Table's own keys (Gain, Fix a value, name what lies at a port), and
what every dialog shares: an Escape binding with an id that closes with ``None``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList

from companion.ui.screens.modals.build import BuildModal
from companion.ui.screens.modals.buy_card import BuyCardModal
from companion.ui.screens.modals.correct import CorrectModal
from companion.ui.screens.modals.gain import GainModal
from companion.ui.screens.modals.issue_edict import IssueEdictModal
from companion.ui.screens.modals.market import MarketModal
from companion.ui.screens.modals.name_port import NamePortModal
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.screens.modals.promote import PromoteModal
from companion.ui.screens.modals.summon import SummonModal
from companion.ui.screens.modals.travel import TravelModal
from companion.ui.widgets.number_field import NumberField
from solo_deck import GameState
from solo_deck.events import (
    Correct,
    Gain,
    NameAlly,
    NameCard,
)
from solo_deck.rules.corrections import correction_targets
from tests.app.action_dialog_helpers import new_session
from tests.app.pilot_helpers import SIZE, DialogHost


def host(folder: Path, dialog: Callable[[GameState], ModalScreen[Any]]) -> DialogHost:
    """A host that opens ``dialog(state)`` on a newly started game."""
    return DialogHost(new_session(folder), dialog)


def down_to(app: DialogHost, target: str) -> list[str]:
    """The Down presses that take the Correct dialog's list to ``target``."""
    return ["down"] * correction_targets(app.session.state).index(target)


def field_message(app: DialogHost, field_id: str) -> tuple[str, bool]:
    field = app.screen.query_one(f"#{field_id}", NumberField)
    label = field.query_one(".number-message", Label)
    return str(label.content), label.has_class("-invalid")


def option_texts(app: DialogHost, list_id: str) -> list[tuple[str, bool]]:
    options = app.screen.query_one(f"#{list_id}", OptionList)
    return [
        (str(options.get_option_at_index(i).prompt), options.get_option_at_index(i).disabled)
        for i in range(options.option_count)
    ]


async def type_text(pilot: Any, text: str) -> None:
    await pilot.press(*list(text))


async def type_and_enter(pilot: Any, text: str) -> None:
    """Type ``text``, press Enter and let the dialog answer."""
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


# --- Gain ----------------------------------------------------------------------------------


async def test_gain_refuses_zero_and_below_zero_then_records(tmp_path: Path) -> None:
    app = host(tmp_path, GainModal)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "at least one amount" in app.dialog_error()
        await type_text(pilot, "-3")
        await pilot.pause()
        message, invalid = field_message(app, "vp")
        assert invalid and "only 0 VP" in message
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        app.screen.query_one("#vp", NumberField).text = ""
        await type_text(pilot, "x")
        await pilot.pause()
        assert field_message(app, "vp")[1]
        app.screen.query_one("#vp", NumberField).text = ""
        await type_text(pilot, "4")
        await pilot.pause()
        assert field_message(app, "vp") == ("0 → 4", False)
        await pilot.press("tab")
        await type_text(pilot, "-1")
        await pilot.press("tab", "tab", "tab")
        await type_and_enter(pilot, "market")
    assert app.results == [Gain(vp=4, grain=-1, reason="market")]


# --- Correct -------------------------------------------------------------------------------


async def test_correct_a_number(tmp_path: Path) -> None:
    app = host(tmp_path, CorrectModal)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        texts = [t for t, _ in option_texts(app, "targets")]
        assert len(texts) == len(correction_targets(app.session.state))
        assert texts[0].startswith("Your VP") and texts[0].endswith(" 0")
        await pilot.press("tab")  # Your VP → the value field, prefilled and selected
        await pilot.pause()
        await type_and_enter(pilot, "-2")
        assert app.results == []
        assert "negative" in app.dialog_error() or "negative" in str(
            app.screen.query_one("#value-message", Label).content
        )
        app.screen.query_one("#value").value = ""  # type: ignore[attr-defined]
        await type_and_enter(pilot, "12")
    assert app.results == [Correct(target="player.vp", value=12)]


async def test_correct_an_edict_space(tmp_path: Path) -> None:
    app = host(tmp_path, CorrectModal)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*down_to(app, "edicts.next.1"))
        await pilot.pause()
        assert app.screen.query_one("#value").value == "1C"  # type: ignore[attr-defined]
        await pilot.press("tab")
        await type_and_enter(pilot, "2q")
        message = str(app.screen.query_one("#value-message", Label).content)
        assert "not an edict letter" in message
        assert app.results == []
        app.screen.query_one("#value").value = ""  # type: ignore[attr-defined]
        await type_and_enter(pilot, "2t1k")
    assert app.results == [Correct(target="edicts.next.1", value="2T 1K")]


async def test_correct_an_edict_space_to_empty(tmp_path: Path) -> None:
    app = host(tmp_path, CorrectModal)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*down_to(app, "edicts.active.2"), "tab", "backspace", "enter")
        await pilot.pause()
    assert app.results == [Correct(target="edicts.active.2", value=None)]


# --- Name a port's Ally or card ------------------------------------------------------------


async def test_name_the_ally_at_your_port(tmp_path: Path) -> None:
    app = host(tmp_path, NamePortModal)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        texts = [t for t, _ in option_texts(app, "spaces")]
        assert texts[:2] == [
            "Roma (your ship) · Ally: not named yet",
            "Roma (your ship) · Advanced card: not named yet",
        ]
        await pilot.press("enter")  # the line is chosen; the name is still to give
        await pilot.pause()
        assert app.focused is app.screen.query_one("#spaces")  # Enter stays
        await pilot.press("tab", "enter", "down", "enter")  # to the name: unknown → Altair
        await pilot.pause()
        assert app.focused is app.screen.query_one("#who")  # the pick keeps the focus
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.results == [NameAlly(port=0, space=0, ally_id="altair")]


async def test_name_a_card_elsewhere(tmp_path: Path) -> None:
    app = host(tmp_path, NamePortModal)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "tab")  # Alexandria's card
        await pilot.pause()
        await pilot.press("enter", "down", "down", "enter")  # unknown → A1 → A2
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.results == [NameCard(port=1, space=0, card_id="A2")]


@pytest.mark.parametrize(
    "factory",
    [
        lambda s, r: PlayCardModal(s, r),
        lambda s, r: TravelModal(s, r),
        lambda s, r: BuildModal(s, r),
        lambda s, r: IssueEdictModal(s, r),
        lambda s, r: SummonModal(s, r),
        lambda s, r: BuyCardModal(s, r),
        lambda s, r: PromoteModal(s, r),
        lambda s, r: MarketModal(s, r),
        lambda s, r: GainModal(s),
        lambda s, r: CorrectModal(s),
        lambda s, r: NamePortModal(s),
    ],
)
async def test_every_dialog_has_an_escape_binding_with_id_that_returns_none(
    tmp_path: Path, factory: Any
) -> None:
    session = new_session(tmp_path)
    rules = session.ruleset
    app = DialogHost(session, lambda state: factory(state, rules))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bindings = {b.binding.id: b.binding for b in app.screen.active_bindings.values()}
        assert bindings["modal.cancel"].tooltip
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


async def test_correct_a_ship_by_port_name(tmp_path: Path) -> None:
    app = host(tmp_path, CorrectModal)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*down_to(app, "voyage.frederick"), "tab")
        await pilot.pause()
        app.screen.query_one("#value").value = ""  # type: ignore[attr-defined]
        await type_and_enter(pilot, "tunis")
    assert app.results == [Correct(target="voyage.frederick", value=2)]
