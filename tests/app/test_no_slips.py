"""No key records the wrong thing (issue 39): a greyed line's key says why and leaves no
other line ready (M1), a list opens on the likeliest line it may choose (never a repeat of
the face-up card played last), type-ahead in a pick list loses no key and an exact id wins
(M2), a hint names a key only when that key does it (M3), and a dialog that opens by itself
takes no key typed before it was drawn (M4)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from companion.ui.screens.modals.play_card import PlayCardModal, likeliest
from solo_deck.events import Decline, PlayCard
from tests.app.action_dialog_helpers import Host, frederick_plays, press
from tests.app.test_turn_dialogs import keep_with_both_actions


def notices(app: Host) -> list[str]:
    """The notices the app has shown, newest last."""
    return [notice.message for notice in app._notifications]


# --- M1: a greyed line's key ------------------------------------------------------------


def keep_and_a_card_face_up(folder: Path) -> Host:
    """The Keep's both actions ready, then House card 5 played face up in slot 4, the only
    free slot whose spears give Build: no free slot gives Build now."""
    session = keep_with_both_actions(folder).session
    session.push(PlayCard(slot=3, face_up=True, card_id="savoy-court-grain"))
    while session.state.obligation is not None:
        session.push(Decline())
    frederick_plays(session)
    return Host(session, PlayCardModal)


async def test_a_greyed_key_says_why_and_leaves_no_line_ready(tmp_path: Path) -> None:
    app = keep_and_a_card_face_up(tmp_path)
    async with app.shown() as pilot:
        listing = app.screen.query_one("#choice", OptionList)
        opened = listing.get_option_at_index(listing.highlighted or 0)
        assert not opened.disabled
        await press(pilot, "b")  # Build: greyed, no free slot gives it
        assert any("no free slot gives" in notice for notice in notices(app))
        assert listing.highlighted is None  # no other line is left ready
        await press(pilot, "ctrl+s")  # so the next key records nothing
        assert app.results == []
        assert "choose" in app.dialog_error().lower()


def test_the_list_never_opens_on_the_face_up_card_played_last() -> None:
    played = PlayCard(slot=3, face_up=True, card_id="common-stone")
    ids = ["down-promote", "down-market", "up-common-stone", "up-common-grain"]
    assert likeliest([played], ids) != "up-common-stone"
    assert likeliest([played], ["up-common-stone"]) == "up-common-stone"  # the only choice
