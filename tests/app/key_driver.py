"""Plays engine events on the app by keys, the way a person at the table would: the Table's
keys open a dialog, arrows and Enter pick in its lists, digits go into its fields, Tab moves
on and Enter on the confirm button records. The prompts the follow-through opens are
answered where they appear.

:meth:`KeyDriver.play` takes the event a step of tests/scripted_game.py expects and presses
the keys that record it; the test then checks that the app recorded exactly that event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widget import Widget
from textual.widgets import Button, Input, Label, OptionList, Select
from textual.widgets._select import SelectOverlay

from companion.ui.app import StuporSoloApp
from companion.ui.first_look import FIRST_LOOK
from companion.ui.screens.end_phase import EndPhaseScreen
from companion.ui.screens.end_phase_names import AllyNaming
from companion.ui.screens.modals.build import BuildModal
from companion.ui.screens.modals.build_site import SiteBuildModal, great_key
from companion.ui.screens.modals.buy_card import BuyCardModal
from companion.ui.screens.modals.city_bonus import CityBonusModal
from companion.ui.screens.modals.confirm import ConfirmModal
from companion.ui.screens.modals.edict_reward import RewardModal
from companion.ui.screens.modals.event_modal import EventModal
from companion.ui.screens.modals.issue_edict import IssueEdictModal
from companion.ui.screens.modals.market import MarketModal
from companion.ui.screens.modals.play_card import ACTION_LABELS, PlayCardModal, card_choices
from companion.ui.screens.modals.promote import PromoteModal
from companion.ui.screens.modals.resolve import ResolveModal
from companion.ui.screens.modals.solo_face import SoloFaceModal
from companion.ui.screens.modals.summon import SummonModal
from companion.ui.screens.modals.travel import TravelModal
from companion.ui.screens.table import TableScreen
from companion.ui.widgets.assumed_value import AssumedValue
from companion.ui.widgets.keyed_list import KeyedList
from solo_deck import BOARDS, MarketTile, Ruleset, ally_label, board_facts
from solo_deck import events as ev
from solo_deck.data.loaders import great_structures, keep_covers, side_incomes
from tests.app.pilot_helpers import settle


def short_market(tile: MarketTile) -> str:
    """``tile`` written short, as the Market dialog reads it (``2G6 2S4``; ``-`` for a
    side the tile lacks): what a player types off the table."""
    sides = [
        "-" if trade is None else f"{trade.amount}{trade.resource[0].upper()}{trade.augustales}"
        for trade in (tile.sell, tile.buy)
    ]
    return " ".join(sides).removesuffix(" -")


MOST_MOVES = 40
"""No list or form in the app needs more arrow presses or Tabs than this."""


def box_values(box: Ruleset | None) -> dict[tuple[str, str], str]:
    """What the boards in your box show, per (board, fact key), as a correction is typed."""
    if box is None:
        return {}
    return {
        (field, fact.key): fact.value
        for field in BOARDS
        if (board := getattr(box, field, None)) is not None
        for fact in board_facts(board)
    }


class KeyDriver:
    """Presses keys on a running app (``pilot``) to record engine events. ``box``: the
    boards as your box prints them; a value a dialog shows as assumed is corrected to it
    (typed when it differs) before the move is recorded."""

    def __init__(self, app: StuporSoloApp, pilot: Any, box: Ruleset | None = None) -> None:
        self.app = app
        self.pilot = pilot
        self.box = box_values(box)
        self._looked_at: object = None
        """The last dialog that opened by itself the driver has looked at."""
        self.typing_fact = False
        """True while the keys pressed describe what the table shows (a Market tile, a
        reward, a board value): counted apart by the keystroke benchmark."""

    # --- reading the screen ---------------------------------------------------------------

    @property
    def screen(self) -> Any:
        return self.app.screen

    def expect(self, kind: type[object]) -> Any:
        """The screen on top, checked to be a ``kind``."""
        assert isinstance(self.screen, kind), f"expected {kind.__name__}, on {self.screen!r}"
        return self.screen

    # --- keys -----------------------------------------------------------------------------

    async def keys(self, *keys: str) -> None:
        """Press ``keys`` one by one, letting the app catch up after each; a dialog that
        opened by itself is looked at first, as a person does (it takes no key sooner)."""
        for key in keys:
            screen = self.app.screen
            if getattr(screen, "opens_by_itself", False) and screen is not self._looked_at:
                self._looked_at = screen
                await self.pilot.pause(FIRST_LOOK)
            await self.pilot.press(key)
            await settle(self.pilot)

    async def type_text(self, text: str) -> None:
        await self.keys(*["space" if ch == " " else ch for ch in text])

    async def type_fact(self, text: str) -> None:
        """Type what the table shows (see :attr:`typing_fact`)."""
        self.typing_fact = True
        try:
            await self.type_text(text)
        finally:
            self.typing_fact = False

    async def tell_assumed(self, dialog: Widget) -> bool:
        """Correct each value ``dialog`` shows as assumed to what the box shows (Tab to its
        field, then the value); True when one was typed."""
        typed = False
        for row in dialog.query(AssumedValue):
            unchecked = row.unchecked
            if unchecked is None:
                continue
            wanted = self.box.get((unchecked.board, unchecked.fact.key))
            if wanted is None or wanted == unchecked.fact.value:
                continue
            await self.tab_to(row.query_one(Input))
            await self.type_fact(wanted)
            typed = True
        return typed

    async def tab_to(self, widget: Widget) -> None:
        """Tab until ``widget`` has the focus."""
        for _ in range(MOST_MOVES):
            if self.app.focused is widget:
                return
            await self.keys("tab")
        raise AssertionError(f"Tab never reached {widget!r}")

    async def choose(self, listing: OptionList, match: Callable[[str], bool]) -> None:
        """In the focused ``listing``, arrow to the first option whose text matches, then
        Enter."""
        assert self.app.focused is listing, f"{listing!r} is not focused"
        await self.keys("home")
        for _ in range(MOST_MOVES):
            index = listing.highlighted
            if index is not None and match(str(listing.get_option_at_index(index).prompt)):
                await self.keys("enter")
                return
            await self.keys("down")
        texts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        raise AssertionError(f"no option matches among {texts}")

    async def key_for(self, listing: KeyedList, match: Callable[[str], bool]) -> None:
        """In the focused ``listing``, press the key shown beside the line whose text
        matches (Enter when that line is highlighted already)."""
        assert self.app.focused is listing, f"{listing!r} is not focused"
        width = max((len(key) for key in listing.keys), default=0) + 2
        texts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        index = next((i for i, text in enumerate(texts) if match(text[width:])), None)
        assert index is not None, f"no line matches among {texts}"
        if listing.highlighted == index:
            await self.keys("enter")
            return
        key = listing.keys[index]
        assert key, f"line {index} has no key of its own"
        await self.keys(*key.lower())

    async def pick_keyed(self, listing: KeyedList, key: str, *, enter: bool = True) -> None:
        """In the focused ``listing``, choose the line whose key is ``key`` as a person
        reading the list would, in the fewest keys: Enter when it is highlighted already,
        arrows when it is near, else its key typed (and Enter when the key alone does not
        choose it). ``enter=False``: only highlight it (unless its key chooses it)."""
        assert self.app.focused is listing, f"{listing!r} is not focused"
        target = listing.keys.index(key)
        enabled = [
            i for i in range(listing.option_count) if not listing.get_option_at_index(i).disabled
        ]
        plans: list[list[str]] = []
        here = listing.highlighted
        if here in enabled:
            steps = enabled.index(target) - enabled.index(here)
            plans.append(["down" if steps > 0 else "up"] * abs(steps) + ["enter"])
        for length in range(1, len(key) + 1):
            index, at_once = listing.answer(key[:length])
            if index == target:
                plans.append([*key[:length].lower(), *([] if at_once else ["enter"])])
                break
        best = min(plans, key=len)
        if not enter and best[-1] == "enter":
            best = best[:-1]
        await self.keys(*best)

    async def pick(self, select: Select[Any], label: str) -> None:
        """Tab to ``select``, open it, arrow to the option labelled ``label``, Enter."""
        if select.value != Select.NULL and select.selection is not None:
            current = dict((value, str(prompt)) for prompt, value in select._options)
            if current.get(select.value) == label:
                return
        await self.tab_to(select)
        await self.keys("enter")
        overlay = select.query_one(SelectOverlay)
        await self.choose(overlay, lambda text: text == label)

    async def fill(self, field: Input, value: int, *, fact: bool = False) -> None:
        """Tab to ``field`` and type ``value`` over what it holds (a number field selects
        its text when it gets the focus); ``fact``: a value the table shows."""
        await self.tab_to(field)
        await (self.type_fact if fact else self.type_text)(str(value))
        assert field.value == str(value), f"typed {value}, the field holds {field.value!r}"

    async def record(self) -> None:
        """Tab to the dialog's confirm button and press Enter."""
        await self.tab_to(self.screen.query_one("#ok", Button))
        await self.keys("enter")

    # --- one event ------------------------------------------------------------------------

    async def play(self, event: ev.Event) -> None:
        """Press the keys that record ``event``."""
        handler = getattr(self, f"_{event.type}")
        await handler(event)

    async def _frederick_turn(self, event: ev.FrederickTurn) -> None:
        self.expect(TableScreen)
        await self.keys("space")
        faces = self.expect(SoloFaceModal).query_one("#faces", OptionList)
        assert event.face is not None
        short = event.face.short()
        await self.key_for(faces, lambda text: text.startswith(f"{short}   ("))

    async def _pass(self, event: ev.Pass) -> None:
        self.expect(TableScreen)
        await self.keys("P")
        self.expect(ConfirmModal)
        await self.keys("y")

    async def _travel(self, event: ev.Travel) -> None:
        self.expect(TableScreen)
        await self.keys("t")
        dialog = self.expect(TravelModal)
        name = self.app.session.state.voyage.ports[event.port].name
        await self.key_for(dialog.query_one("#ports"), lambda t: t.startswith(f"{name} — "))

    async def _play_card(self, event: ev.PlayCard) -> None:
        self.expect(TableScreen)
        await self.keys("enter")
        dialog = self.expect(PlayCardModal)
        if event.face_up:
            label = dict(card_choices(self.app.session.state))[event.card_id or ""]
            wanted = f"Face up · {label}"
        else:
            wanted = f"Face down · {ACTION_LABELS[event.actions[0]]}"
        await self.key_for(dialog.query_one("#choice"), lambda text: text == wanted)
        if len(event.actions) > 1:
            await self.pick(dialog.query_one("#second"), ACTION_LABELS[event.actions[1]])
            await self.record()
        plays = [e for e in self.app.session.events if isinstance(e, ev.PlayCard)]
        assert plays and plays[-1].slot == event.slot, (
            "not the leftmost free slot that gives the action"
        )

    async def _visit_market(self, event: ev.VisitMarket) -> None:
        """A first visit's tile in its one line (short), Tab to the list; then the trade's
        line: its digit or Enter on it trades."""
        dialog = self.expect(MarketModal)
        assert (event.rates is None) == (dialog.known is not None)
        if event.rates is not None:
            await self.type_fact(short_market(event.rates))
            await self.keys("tab")
        trades = dialog.query_one("#trades", KeyedList)
        index = dialog.counts.index((event.sells, event.buys))
        await self.pick_keyed(trades, trades.keys[index])

    async def _build(self, event: ev.Build) -> None:
        if event.site is not None:
            await self._build_on_site(event)
            return
        dialog = self.expect(BuildModal)
        structure = event.structure.capitalize()
        await self.choose(dialog.query_one("#structure"), lambda t: t.startswith(structure))
        await self._great(dialog, event)
        if event.cover is not None:
            cover = keep_covers()[event.cover]
            await self.pick(dialog.query_one("#cover"), cover.name)
        for name in ("grain", "stone"):
            field = dialog.query_one(f"#{name}").input
            if not field.disabled and int(field.value or 0) != getattr(event, name):
                await self.fill(field, getattr(event, name))
        mark = dialog.query_one("#mark")
        if not mark.disabled and mark.value != event.edict_mark:
            await self.tab_to(mark)
            await self.keys("space")
        names = {rule.income: f"the {rule.name} side" for rule in side_incomes().values()}
        for number, income in enumerate(event.closes, start=1):
            await self.pick(dialog.query_one(f"#side{number}"), names[income])
        await self.record()
        await self._nothing_paid_again(BuildModal)

    async def _great(self, dialog: Any, event: ev.Build) -> None:
        """Pick the Build's Great Structure, if any, in the dialog's Normal-or-Great list."""
        if event.great is None:
            return
        name = great_structures()[event.great].name
        great = dialog.query_one("#great", Select)
        label = next(str(p) for p, v in great._options if v == event.great)
        assert label.startswith(name)
        await self.pick(great, label)

    async def _build_on_site(self, event: ev.Build) -> None:
        """Choose the site's line (the Great Structure's under it): its key or Enter
        builds; a mixed payment or a Great Structure's lost cost is typed, then ctrl+s."""
        dialog = self.expect(SiteBuildModal)
        key = (event.site or "") + (great_key(event.great) if event.great else "")
        await self.pick_keyed(dialog.query_one("#site", KeyedList), key, enter=False)
        if await self.tell_assumed(dialog):
            await self.keys("ctrl+s")
            return
        grain, coins = dialog.query_one("#grain"), dialog.query_one("#augustales")
        if not grain.display and not coins.display:
            await self.keys("enter")
            return
        if grain.display and int(grain.input.value or 0) != event.grain:
            await self.fill(grain.input, event.grain)
        if event.augustales is not None:
            await self.fill(coins.input, event.augustales)
        await self.keys("ctrl+s")

    async def _nothing_paid_again(self, kind: type[EventModal[Any]]) -> None:
        """A dialog that asks once about nothing paid: confirm again."""
        screen = self.screen
        if isinstance(screen, kind):
            error = str(screen.query_one("#dialog-error", Label).content).lower()
            assert "nothing paid" in error, error
            await self.record()

    async def _player_edict(self, event: ev.PlayerEdict) -> None:
        """Each step's line: its digit or Enter on it takes the step (the next one shows)."""
        dialog = self.expect(IssueEdictModal)
        choices = dialog.query_one("#choices", KeyedList)
        if dialog.fixed is None:  # else the reward taken chose the Edict
            await self.pick_keyed(choices, str(event.slot + 1))
        wanted = sorted(event.choice.items())
        index = next(
            n for n, choice in enumerate(dialog.choices) if sorted(choice.items()) == wanted
        )
        await self.pick_keyed(choices, choices.keys[index])
        if event.replacement is not None:
            await self.pick_keyed(choices, str(event.replacement + 1))

    async def _take_edict_reward(self, event: ev.TakeEdictReward) -> None:
        """The reward's line (its space, its Grain or Stone): its key or Enter takes it; a
        reward told the first time is typed below its line (``3A``), then Enter."""
        dialog = self.expect(RewardModal)
        listed = dialog.query("#space")
        if listed:
            lines = dialog.lines
            line = (event.slot, event.grain) if (event.slot, event.grain) in lines else None
            index = lines.index(line or next(x for x in lines if x[0] == event.slot))
            space = listed.first(KeyedList)
            await self.pick_keyed(space, space.keys[index], enter=event.reward is None)
        if event.reward is None:
            if not listed:
                await self.keys("enter")  # Take has the focus
            return
        printed = event.reward  # told the first time, in its one short field
        letters = {"vp": "VP", "augustales": "A", "grain": "G", "stone": "S"}
        told = [
            f"{getattr(printed.gain, k)}{v}" for k, v in letters.items() if getattr(printed.gain, k)
        ]
        told += [f"{printed.resource_choice}R"] if printed.resource_choice else []
        await self.tab_to(dialog.query_one("#printed-text", Input))
        await self.type_fact(" ".join(told))
        kind = dialog.query_one("#choice-kind", Select)
        if kind.display and dialog.query_one("#choice").display:
            await self.pick(kind, "Grain" if event.grain else "Stone")
            await self.keys("ctrl+s")
            return
        await self.keys("enter")

    async def _summon_ally(self, event: ev.SummonAlly) -> None:
        """The Ally at the port is known (else typed to search its list); the Grain comes
        from the Ally space; ctrl+s (shown on the Summon button) records from any field."""
        dialog = self.expect(SummonModal)
        if dialog.known_id is None:
            select = dialog.query_one("#ally", Select)
            await self.tab_to(select)
            await self.type_text(ally_label(event.ally_id).lower())
            await self.keys("enter")
        else:
            assert dialog.known_id == event.ally_id
        grain = dialog.query_one("#grain").input
        if not grain.disabled and int(grain.value or 0) != (event.grain or 0):
            await self.fill(grain, event.grain or 0)
        for mark in dialog.query("#mark"):  # none on the boards: the Ally space says it
            if not mark.disabled and mark.value != event.edict_mark:
                await self.tab_to(mark)
                await self.keys("space")
        await self.tell_assumed(dialog)
        await self.keys("ctrl+s")

    async def _promote(self, event: ev.Promote) -> None:
        dialog = self.expect(PromoteModal)
        wanted = f"Specialist {event.specialist + 1} — "
        enters = "" if event.path is None else f", enters Path {event.path} ("

        def line(text: str) -> bool:
            return text.startswith(wanted) and enters in text

        if self.box and any(row.unchecked for row in dialog.query(AssumedValue)):
            await self.tell_assumed(dialog)  # (a value the box shows otherwise)
        await self.key_for(dialog.query_one("#specialist"), line)
        if isinstance(self.screen, PromoteModal):  # the board does not give the Grain
            await self.fill(dialog.query_one("#grain").input, event.grain or 0)
            await self.record()

    async def _choose_city_bonus(self, event: ev.ChooseCityBonus) -> None:
        """The tile's letter, or Enter on it, takes it."""
        dialog = self.expect(CityBonusModal)
        await self.pick_keyed(dialog.query_one("#tiles", KeyedList), event.tile or "N")

    async def _resolve(self, event: ev.Resolve) -> None:
        assert event == ev.Resolve(), "the script resolves only effects without choices"
        if not isinstance(self.screen, ResolveModal):  # plain numbers: taken at once
            assert self.app.session.events[-1] == event
            return
        dialog = self.expect(ResolveModal)
        assert self.app.focused is dialog.query_one("#ok"), "one key should confirm"
        await self.keys("enter")

    async def _buy_card(self, event: ev.BuyCard) -> None:
        dialog = self.expect(BuyCardModal)
        assert dialog.known_id == event.card_id
        await self.record()

    # --- the End Phase ------------------------------------------------------------------

    async def _end_phase_key(self, key: str) -> None:
        self.expect(EndPhaseScreen)
        await self.keys(key)

    async def _castle_income(self, event: ev.CastleIncome) -> None:
        await self._end_phase_key("c")

    async def _ally_income(self, event: ev.ScoreAllyIncome) -> None:
        await self._end_phase_key("a")

    async def _reorganise(self, event: ev.Reorganise) -> None:
        await self._end_phase_key("r")

    async def _name_ally(self, event: ev.NameAlly) -> None:
        """The port's digit when another is marked, then the Ally's letter (recorded when
        the round ends)."""
        screen = self.expect(EndPhaseScreen)
        naming = screen.query_one(AllyNaming)
        index = naming.spaces.index((event.port, event.space))
        if naming.marked != index:
            await self.keys(str(index + 1))
        await self.keys(naming.keys[event.ally_id] if event.ally_id else "0")

    async def _end_round(self, event: ev.EndRound) -> None:
        await self._end_phase_key("e")
