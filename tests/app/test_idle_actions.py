"""A face-down action that could do nothing now (a Summon you cannot pay for) is said so on
its line of Play a card, by the engine's ``idle_actions``, and the list does not open on
it: a newcomer's card is not spent on a Decline by the first Enter."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from companion.ui.screens.modals.play_card import PlayCardModal
from solo_deck import idle_actions
from solo_deck.events import Decline, PlayCard
from tests.app.action_dialog_helpers import Host, frederick_plays, new_session


def summon_declined_once(folder: Path) -> Host:
    """A card spent on a Summon in Roma that could do nothing, then Frederick's turn: the
    Summon is the action last played face down, and still could do nothing."""
    session = new_session(folder)
    session.push(PlayCard(slot=2, face_up=False, actions=("summon",)))
    session.push(Decline())
    frederick_plays(session)
    assert "summon" in idle_actions(session.state, session.ruleset)
    return Host(session, PlayCardModal)


async def test_a_summon_you_cannot_pay_says_so_and_is_not_where_the_list_opens(
    tmp_path: Path,
) -> None:
    app = summon_declined_once(tmp_path)
    async with app.shown():
        listing = app.screen.query_one("#choice", OptionList)
        summon = next(
            listing.get_option_at_index(index)
            for index in range(listing.option_count)
            if listing.get_option_at_index(index).id == "down-summon"
        )
        assert "would do nothing now" in str(summon.prompt)
        why = idle_actions(app.session.state, app.session.ruleset)["summon"]
        assert str(summon.prompt).endswith(f"would do nothing now: {why}")
        assert not summon.disabled  # the rules allow the play: it is said, not refused
        opened = listing.get_option_at_index(listing.highlighted or 0)
        assert opened.id != "down-summon"
        assert "would do nothing" not in str(opened.prompt)
