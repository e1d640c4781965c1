"""The game's dialogs in the language in use: opened after a switch they speak it, and an
open dialog words itself again on a switch (its title, buttons and, where it has them, its
list and hints) with the line highlighted kept. The pseudo-locale ``qps`` stands in for a
language: it needs no catalogue, and every message it renders is marked ``«…»``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList

from companion.i18n import use_language
from companion.i18n.pseudo import pseudo
from companion.ui.screens.modals.build_site import SiteBuildModal
from companion.ui.screens.modals.event_modal import EventModal
from companion.ui.screens.modals.gain import GainModal
from companion.ui.screens.modals.issue_edict import IssueEdictModal
from companion.ui.screens.modals.play_card import PlayCardModal
from companion.ui.screens.modals.travel import TravelModal
from solo_deck import GameState
from tests.app.action_dialog_helpers import new_session
from tests.app.pilot_helpers import SIZE, DialogHost

Factory = Callable[[GameState, Any], ModalScreen[Any]]
DIALOGS: list[tuple[Factory, str, str]] = [
    (lambda s, r: PlayCardModal(s, r), "Play a card", "Play"),
    (lambda s, r: SiteBuildModal(s, r), "Build a Structure", "Build"),
    (lambda s, r: IssueEdictModal(s, r), "Issue an Edict", "Choose"),
    (lambda s, r: TravelModal(s, r), "Travel: sail clockwise", "Sail"),
    (lambda s, r: GainModal(s), "Gain or spend", "Record"),
]
LISTS = {PlayCardModal: "#choice", SiteBuildModal: "#site", IssueEdictModal: "#choices"}
"""The dialogs whose list is worded again on a switch, and the list's selector."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def _host(folder: Path, factory: Factory) -> DialogHost:
    session = new_session(folder)
    rules = session.ruleset
    return DialogHost(session, lambda state: factory(state, rules))


def _title(app: DialogHost) -> str:
    return app.text_of("#dialog-title")


def _ok(app: DialogHost) -> str:
    return str(app.screen.query_one("#ok", Button).label)


def _lines(app: DialogHost, selector: str) -> list[str]:
    options = app.screen.query_one(selector, OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


@pytest.mark.parametrize(("factory", "title", "ok"), DIALOGS)
async def test_a_dialog_opened_after_a_switch_speaks_the_new_language(
    tmp_path: Path, factory: Factory, title: str, ok: str
) -> None:
    use_language("qps")
    app = _host(tmp_path, factory)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert _title(app) == pseudo(title)
        assert _ok(app).startswith(pseudo(ok))
        cancel = str(app.screen.query_one("#cancel", Button).label)
        assert cancel.startswith(pseudo("Cancel"))
        worded = [str(label.content) for label in app.screen.query(Label) if label.content]
        assert worded and all("«" in text for text in worded), worded


@pytest.mark.parametrize(("factory", "title", "ok"), DIALOGS)
async def test_an_open_dialog_words_itself_again_and_keeps_its_line(
    tmp_path: Path, factory: Factory, title: str, ok: str
) -> None:
    app = _host(tmp_path, factory)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, EventModal)
        assert _title(app) == title
        assert _ok(app) == f"{ok} (ctrl+s)"
        selector = LISTS.get(type(dialog))
        english = _lines(app, selector) if selector else []
        highlighted = dialog.query_one(selector, OptionList).highlighted if selector else None
        use_language("qps")
        dialog.relabel()
        await pilot.pause()
        assert _title(app) == pseudo(title)
        assert _ok(app) == f"{pseudo(ok)} (ctrl+s)"
        if selector:
            now = _lines(app, selector)
            assert len(now) == len(english) and now != english
            assert dialog.query_one(selector, OptionList).highlighted == highlighted
        use_language("en")
        dialog.relabel()
        await pilot.pause()
        assert _title(app) == title
        if selector:
            assert _lines(app, selector) == english


async def test_the_play_dialog_words_its_lines_in_whole_sentences(tmp_path: Path) -> None:
    use_language("qps")
    app = _host(tmp_path, lambda s, r: PlayCardModal(s, r))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = _lines(app, "#choice")
        face_down = pseudo("Face down · {action}").format(action=pseudo("Build a Structure"))
        assert any(line.endswith(face_down) for line in lines), lines  # after its key
