"""The player-turn dialogs: each builds one event from keys, refuses bad input inline and
returns ``None`` on escape."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Select, Static

import companion
from companion.screens.modals.build import BuildModal
from companion.screens.modals.buy_card import BuyCardModal
from companion.screens.modals.correct import CorrectModal
from companion.screens.modals.gain import GainModal
from companion.screens.modals.issue_edict import IssueEdictModal
from companion.screens.modals.name_port import NamePortModal
from companion.screens.modals.promote import PromoteModal
from companion.screens.modals.summon import SummonModal
from companion.screens.modals.travel import TravelModal
from companion.session import GameSession
from companion.widgets.number_field import NumberField
from solo_deck import EdictKind, GameSetup, GameState, PalaceLimits, edict_advice, parse_edict
from solo_deck.corrections import correction_targets
from solo_deck.events import (
    Build,
    BuyCard,
    Correct,
    Event,
    Gain,
    NameAlly,
    NameCard,
    PlayerEdict,
    Promote,
    SummonAlly,
    Travel,
)
from solo_deck.palace import Direction
from solo_deck.provenance import Sourced

SIZE = (120, 40)
CSS = Path(companion.__file__).parent / "companion.tcss"


def start_session(
    folder: Path,
    active: Sequence[str] = ("2T", "1W 1K", "2G 1A"),
    next_: Sequence[str] = ("1S", "1C", "1P"),
    events: Sequence[Event] = (),
) -> GameSession:
    """A session with a started game (and ``events`` applied)."""
    a = tuple(parse_edict(t) for t in active)
    n = tuple(parse_edict(t) for t in next_)
    session = GameSession(folder)
    session.start(
        GameSetup(
            active_edicts=(a[0], a[1], a[2]),
            next_edicts=(n[0], n[1], n[2]),
            edict_pile=18,
            seed=1,
        )
    )
    for event in events:
        session.push(event)
    return session


class Host(App[None]):
    """Holds a session and opens one dialog; ``results`` collects what it returns."""

    CSS_PATH = str(CSS)

    def __init__(
        self, session: GameSession, factory: Callable[[GameState], ModalScreen[Any]]
    ) -> None:
        super().__init__()
        self.session = session
        self.factory = factory
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.factory(self.session.state), self.results.append)


def dialog_error(app: Host) -> str:
    return str(app.screen.query_one("#dialog-error", Label).content)


def field_message(app: Host, field_id: str) -> tuple[str, bool]:
    field = app.screen.query_one(f"#{field_id}", NumberField)
    label = field.query_one(".number-message", Label)
    return str(label.content), label.has_class("-invalid")


def option_texts(app: Host, list_id: str) -> list[tuple[str, bool]]:
    options = app.screen.query_one(f"#{list_id}", OptionList)
    return [
        (str(options.get_option_at_index(i).prompt), options.get_option_at_index(i).disabled)
        for i in range(options.option_count)
    ]


async def type_text(pilot: Any, text: str) -> None:
    await pilot.press(*list(text))


# --- Travel --------------------------------------------------------------------------------


async def test_travel_lists_ports_clockwise_and_sails(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    rules = session.game.setup.ruleset
    app = Host(session, lambda state: TravelModal(state, rules))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        texts = option_texts(app, "ports")
        assert [t.split(" — ")[0] for t, _ in texts] == [
            "Alexandria",
            "Tunis",
            "Barcelona",
            "Fifth port",
        ]
        assert texts[0][0].startswith("Alexandria — 1 space — free")
        assert texts[1][0].startswith("Tunis — 2 spaces — 1 Augustalis")
        assert "(a card · an Ally)" in texts[1][0]
        assert not any(disabled for _, disabled in texts)
        await pilot.press("down", "enter")
        await pilot.pause()
    assert app.results == [Travel(port=2, cost=None)]


async def test_travel_beyond_the_limit_is_not_selectable(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    rules = session.game.setup.ruleset
    short = rules.model_copy(
        update={
            "voyage": rules.voyage.model_copy(
                update={"travel_max_steps": Sourced[int](value=2, source="assumed: test")}
            )
        }
    )
    app = Host(session, lambda state: TravelModal(state, short))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        disabled = [d for _, d in option_texts(app, "ports")]
        assert disabled == [False, False, True, True]
        assert "too far" in option_texts(app, "ports")[3][0]


async def test_travel_cost_override_validated_inline(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    rules = session.game.setup.ruleset
    app = Host(session, lambda state: TravelModal(state, rules))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("tab")
        await type_text(pilot, "abc")
        await pilot.press("enter")
        await pilot.pause()
        message, invalid = field_message(app, "cost")
        assert invalid and "not a whole number" in message
        assert app.results == [] and isinstance(app.screen, TravelModal)
        # the rules refuse a cost you cannot pay: shown, not dismissed
        app.screen.query_one("#cost", NumberField).text = ""
        await type_text(pilot, "9")
        await pilot.press("enter")
        await pilot.pause()
        assert "you have only 6 augustales, not 9" in dialog_error(app).lower()
        assert app.results == []
        app.screen.query_one("#cost", NumberField).text = ""
        await type_text(pilot, "0")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [Travel(port=1, cost=0)]


async def test_escape_returns_none(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    app = Host(session, lambda state: GainModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


# --- Issue an Edict -----------------------------------------------------------------------


async def test_edict_choices_are_the_legal_ones_ranked_by_ally_income(tmp_path: Path) -> None:
    # With Domentzia (Frederick 2+ Keeps) adding the Keep of "1W 1K" is worth 2 VP, so the
    # two choices that add it come first although the rules list them first and third.
    session = start_session(tmp_path, events=[SummonAlly(ally_id="domentzia", grain=0)])
    rules = session.game.setup.ruleset
    state = session.state
    limits = PalaceLimits.from_ruleset(rules)
    app = Host(session, lambda state: IssueEdictModal(state, rules))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        step1 = option_texts(app, "choices")
        assert [t.split(":")[0] for t, _ in step1] == ["Active I", "Active II", "Active III"]
        assert "best: +2 VP" in step1[1][0]
        await pilot.press("down", "enter")  # Active II: 1W 1K
        await pilot.pause()
        tile = state.edicts.active[1]
        assert tile is not None
        legal = state.palace.legal_player_choices(tile, limits)
        rows = [row for row in edict_advice(state, rules) if row.slot == 1]
        assert sorted(map(str, (r.choice for r in rows))) == sorted(map(str, legal))
        assert [row.gain for row in rows] == [2, 2, 0, 0]
        expected = [
            ", ".join(c.describe() for c in state.palace.player_changes(tile, row.choice, limits))
            + f"   ally income {row.income_before} → {row.income_after} ({row.gain:+d} VP)"
            for row in rows
        ]
        assert [t for t, _ in option_texts(app, "choices")] == expected
        screen = app.screen
        assert isinstance(screen, IssueEdictModal)
        assert screen.choices == [row.choice for row in rows]
        assert screen.choices[1] == legal[2]  # remove the Wall, add the Keep
        assert "Domentzia" in str(app.screen.query_one("#allies", Static).render())
        await pilot.press("down", "enter")
        await pilot.pause()
        assert [t.split(":")[0] for t, _ in option_texts(app, "choices")] == [
            "Next I",
            "Next II",
            "Next III",
        ]
        await pilot.press("down", "down", "enter")
        await pilot.pause()
    assert app.results == [PlayerEdict(slot=1, choice=legal[2], replacement=2)]


async def test_edict_forced_direction_lists_one_choice_and_back_works(tmp_path: Path) -> None:
    # Frederick has 1 Keep of 3: 2 Keeps can only be added.
    session = start_session(tmp_path, active=("2K", "1W 1K", "2G 1A"))
    rules = session.game.setup.ruleset
    app = Host(session, lambda state: IssueEdictModal(state, rules))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert [t for t, _ in option_texts(app, "choices")] == [
            "add 2 Keeps (3/3)   ally income 0 → 0 (+0 VP)"
        ]
        await pilot.press("backspace")
        await pilot.pause()
        assert option_texts(app, "choices")[0][0].startswith("Active I: 2K")
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
    assert app.results == [
        PlayerEdict(slot=0, choice={EdictKind.KEEP: Direction.ADD}, replacement=0)
    ]


async def test_edict_empty_slots_disabled_and_no_next_skips_step_three(tmp_path: Path) -> None:
    events: list[Event] = [
        Correct(target="edicts.active.0", value=None),
        *(Correct(target=f"edicts.next.{i}", value=None) for i in range(3)),
    ]
    session = start_session(tmp_path, events=events)
    rules = session.game.setup.ruleset
    app = Host(session, lambda state: IssueEdictModal(state, rules))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [d for _, d in option_texts(app, "choices")] == [True, False, False]
        await pilot.press("enter")  # the highlight starts on Active II
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert len(app.results) == 1
    result = app.results[0]
    assert isinstance(result, PlayerEdict)
    assert result.slot == 1 and result.replacement is None


# --- Summon --------------------------------------------------------------------------------


async def test_summon_unknown_ally_picked_by_keys(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    app = Host(session, lambda state: SummonModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#ally", Select).has_focus
        await pilot.press("enter", "down", "enter")  # the first name: Altair
        await pilot.pause()
        await pilot.press("tab")
        await type_text(pilot, "1")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [SummonAlly(ally_id="altair", space=0, grain=1)]


async def test_summon_known_ally_preselected_and_grain_checked(tmp_path: Path) -> None:
    session = start_session(tmp_path, events=[NameAlly(port=0, ally_id="tento")])
    app = Host(session, lambda state: SummonModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#ally", Select).value == "tento"
        assert app.screen.query_one("#grain", NumberField).text == "3"
        await pilot.press("enter")  # 3 Grain, but you have 1
        await pilot.pause()
        assert "you have only 1 grain, not 3" in dialog_error(app).lower()
        await type_text(pilot, "-1")
        await pilot.press("enter")
        await pilot.pause()
        message, invalid = field_message(app, "grain")
        assert invalid and "from 0 to 999" in message
        assert app.results == []
        app.screen.query_one("#grain", NumberField).text = ""
        await type_text(pilot, "1")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [SummonAlly(ally_id="tento", space=0, grain=1)]


async def test_summon_leaves_out_your_allies(tmp_path: Path) -> None:
    session = start_session(tmp_path, events=[SummonAlly(ally_id="altair")])
    state = session.state
    screen = SummonModal(state)
    from companion.screens.modals.summon import ally_options

    assert "altair" not in {value for _, value in ally_options(state.player.allies)}
    assert screen.spaces == []  # Roma's face-up Ally is gone


# --- Buy a card ----------------------------------------------------------------------------


async def test_buy_unknown_card(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    app = Host(session, lambda state: BuyCardModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [BuyCard(space=0, card_id=None, augustales=2)]


async def test_buy_known_card_prefills_its_price(tmp_path: Path) -> None:
    session = start_session(tmp_path, events=[NameCard(port=0, card_id="A1")])
    app = Host(session, lambda state: BuyCardModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#card", Select).value == "A1"
        assert app.screen.query_one("#paid", NumberField).text == "3"
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [BuyCard(space=0, card_id="A1", augustales=3)]


# --- Build ---------------------------------------------------------------------------------


async def test_build_lists_counts_and_records_costs(tmp_path: Path) -> None:
    session = start_session(tmp_path, events=[Correct(target="player.towers", value=5)])
    app = Host(session, lambda state: BuildModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        texts = option_texts(app, "structure")
        assert texts == [
            ("Tower — 5/5 built  (all built)", True),
            ("Wall — 1/5 built", False),
            ("Keep — 0/3 built", False),
        ]
        await pilot.press("down", "tab")  # Keep, then the Grain field
        await type_text(pilot, "1")
        await pilot.press("tab")
        await type_text(pilot, "2")  # you have 1 Stone
        await pilot.press("enter")
        await pilot.pause()
        assert "you have only 1 stone, not 2" in dialog_error(app).lower()
        await pilot.press("backspace")
        await type_text(pilot, "1")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [Build(structure="keep", grain=1, stone=1, augustales=0)]


# --- Promote -------------------------------------------------------------------------------


async def test_promote_new_specialist_chooses_path(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    rules = session.game.setup.ruleset
    app = Host(session, lambda state: PromoteModal(state, rules))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert option_texts(app, "specialist")[0][0] == "Specialist 1 — off board (enters a path)"
        await pilot.press("enter")  # off board: on to the path
        await pilot.pause()
        assert app.screen.query_one("#path", Select).has_focus
        await pilot.press("enter", "down", "enter")  # Path B
        await pilot.pause()
        await pilot.press("tab")
        await type_text(pilot, "1")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [Promote(specialist=0, path="B", grain=1)]


async def test_promote_specialist_on_a_path_keeps_it(tmp_path: Path) -> None:
    session = start_session(tmp_path, events=[Promote(specialist=0, path="C")])
    rules = session.game.setup.ruleset
    app = Host(session, lambda state: PromoteModal(state, rules))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert option_texts(app, "specialist")[0][0] == "Specialist 1 — Path C space 1 of 5"
        path = app.screen.query_one("#path", Select)
        assert path.disabled and path.value == "C"
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [Promote(specialist=0, path=None, grain=0)]


# --- Gain ----------------------------------------------------------------------------------


async def test_gain_refuses_zero_and_below_zero_then_records(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    app = Host(session, lambda state: GainModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "at least one amount" in dialog_error(app)
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
        await type_text(pilot, "market")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [Gain(vp=4, grain=-1, reason="market")]


# --- Correct -------------------------------------------------------------------------------


async def test_correct_a_number(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    app = Host(session, lambda state: CorrectModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        texts = [t for t, _ in option_texts(app, "targets")]
        assert len(texts) == len(correction_targets(session.state))
        assert texts[0].startswith("Your VP") and texts[0].endswith(" 0")
        await pilot.press("enter")  # Your VP → the value field, prefilled and selected
        await pilot.pause()
        await type_text(pilot, "-2")
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        assert "negative" in dialog_error(app) or "negative" in str(
            app.screen.query_one("#value-message", Label).content
        )
        app.screen.query_one("#value").value = ""  # type: ignore[attr-defined]
        await type_text(pilot, "12")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [Correct(target="player.vp", value=12)]


async def test_correct_an_edict_space(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    index = correction_targets(session.state).index("edicts.next.1")
    app = Host(session, lambda state: CorrectModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * index)
        await pilot.pause()
        assert app.screen.query_one("#value").value == "1C"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await type_text(pilot, "2q")
        await pilot.press("enter")
        await pilot.pause()
        message = str(app.screen.query_one("#value-message", Label).content)
        assert "not an edict letter" in message
        assert app.results == []
        app.screen.query_one("#value").value = ""  # type: ignore[attr-defined]
        await type_text(pilot, "2t1k")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [Correct(target="edicts.next.1", value="2T 1K")]


async def test_correct_an_edict_space_to_empty(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    index = correction_targets(session.state).index("edicts.active.2")
    app = Host(session, lambda state: CorrectModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * index, "enter", "backspace", "enter")
        await pilot.pause()
    assert app.results == [Correct(target="edicts.active.2", value=None)]


# --- Name a port's Ally or card ------------------------------------------------------------


async def test_name_the_ally_at_your_port(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    app = Host(session, lambda state: NamePortModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        texts = [t for t, _ in option_texts(app, "spaces")]
        assert texts[:2] == [
            "Roma (your ship) · Ally: not named yet",
            "Roma (your ship) · Advanced card: not named yet",
        ]
        await pilot.press("enter")  # to the name
        await pilot.pause()
        await pilot.press("enter", "down", "enter")  # unknown → Altair
        await pilot.pause()
        await pilot.press("enter")  # the Record button has the focus now
        await pilot.pause()
    assert app.results == [NameAlly(port=0, space=0, ally_id="altair")]


async def test_name_a_card_elsewhere(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    app = Host(session, lambda state: NamePortModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # Alexandria's card
        await pilot.pause()
        await pilot.press("enter", "down", "down", "enter")  # unknown → A1 → A2
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [NameCard(port=1, space=0, card_id="A2")]


@pytest.mark.parametrize(
    "factory",
    [
        lambda s, r: TravelModal(s, r),
        lambda s, r: IssueEdictModal(s, r),
        lambda s, r: SummonModal(s),
        lambda s, r: BuyCardModal(s),
        lambda s, r: BuildModal(s),
        lambda s, r: PromoteModal(s, r),
        lambda s, r: GainModal(s),
        lambda s, r: CorrectModal(s),
        lambda s, r: NamePortModal(s),
    ],
)
async def test_every_dialog_has_an_escape_binding_with_id(tmp_path: Path, factory: Any) -> None:
    session = start_session(tmp_path)
    rules = session.game.setup.ruleset
    app = Host(session, lambda state: factory(state, rules))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bindings = {b.binding.id: b.binding for b in app.screen.active_bindings.values()}
        assert bindings["modal.cancel"].tooltip
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


async def test_correct_a_ship_by_port_name(tmp_path: Path) -> None:
    session = start_session(tmp_path)
    index = correction_targets(session.state).index("voyage.frederick")
    app = Host(session, lambda state: CorrectModal(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * index, "enter")
        await pilot.pause()
        app.screen.query_one("#value").value = ""  # type: ignore[attr-defined]
        await type_text(pilot, "tunis")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [Correct(target="voyage.frederick", value=2)]
