"""Take the reward printed under an Active Edict space: the space just issued, or any of
the three when no Active tile was left to issue. A reward not known yet is typed once (the
engine remembers it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.widgets import Input, Label, OptionList, Select
from textual.widgets.option_list import Option

from companion.ui.notices import sentence
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.screens.modals.resolve import GainsForm, ResourceChoice, field_problem, then
from companion.ui.widgets.number_field import NumberField
from solo_deck import Gains, Grant, Numeral, RuleError, default_choice, describe_grant, grant_gains
from solo_deck.events import TakeEdictReward

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset


def space_name(slot: int) -> str:
    """``Active II``."""
    return f"Active {Numeral.from_index(slot).value}"


class RewardModal(GameEventModal[TakeEdictReward]):
    """The space (a list, only when you pick one of the three), what is printed there in
    words, the resources of your choice as Grain or Stone; an unknown reward is typed as
    its VP, Augustales, Grain, Stone and resources of your choice. Take records."""

    DIALOG_TITLE = "Take an Edict reward"
    OK_LABEL = "Take"
    ENTER_MOVES_ON = True
    DEFAULT_CSS = """
    RewardModal #space { height: auto; max-height: 5; }
    RewardModal #printed-choice > .number-label { width: auto; height: 1; padding-right: 1; }
    RewardModal #printed-choice > Input { width: 5; background: $panel; }
    RewardModal #printed-choice > .number-message { height: 1; }
    """

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        fixed = obligation.slot if obligation is not None else None
        self.choose = obligation is None or obligation.does != "edict_reward" or fixed is None
        """True when you pick which of the three rewards to take."""
        active = state.edicts.non_empty_active()
        self.issuing = obligation is not None and obligation.does == "edict" and bool(active)
        """True when the reward chooses the Edict you issue (its icons come next)."""
        self.slot = fixed if fixed is not None else (active[0] if self.issuing else 0)

    @property
    def reward(self) -> Grant:
        """What is printed under the space chosen (``unknown`` until typed)."""
        return self.state.board.edict_rewards[self.slot]

    # --- layout --------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        if self.choose:
            yield Label(
                "Choose the Edict you issue: take the reward under it first, its icons come next."
                if self.issuing
                else "No Active Edict tile is left: take one of the three rewards."
            )
            options = []
            active = self.state.edicts.active
            for slot, reward in enumerate(self.state.board.edict_rewards):
                what = "not known yet: type what is printed there" if reward.unknown else None
                tile = active[slot]
                edict = f"   (Edict {tile})" if self.issuing and tile is not None else ""
                empty = self.issuing and tile is None
                options.append(
                    Option(
                        f"{space_name(slot)}: {what or describe_grant(reward)}{edict}"
                        + ("   (empty)" if empty else ""),
                        id=f"slot-{slot}",
                        disabled=empty,
                    )
                )
            yield OptionList(*options, id="space", markup=False)
        yield GainsForm(id="printed")
        yield NumberField(
            "Resources of your choice",
            0,
            maximum=9,
            id="printed-choice",
            hint="any mix of Grain and Stone",
            compact=True,
        )
        yield ResourceChoice(0, 0, id="choice")
        yield Label("", id="now", markup=False)

    def on_mount(self) -> None:
        self._sync(prefill=True)
        if self.choose:
            space = self.query_one("#space", OptionList)
            space.highlighted = self.slot
            space.focus()
        elif self.reward.unknown:
            self.query_one(GainsForm).focus_first()
        elif self.query_one(ResourceChoice).total > 0:
            self.query_one(ResourceChoice).focus_first()
        else:
            self.query_one("#ok").focus()

    def _sync(self, *, prefill: bool = False) -> None:
        """Fit the fields to the reward of the space chosen."""
        reward = self.reward
        unknown = reward.unknown
        self.query_one(GainsForm).display = unknown
        self.query_one("#printed-choice").display = unknown
        choice = self.query_one(ResourceChoice)
        if unknown:
            total = self._typed_choice() or 0
            grant = Grant(resource_choice=total) if total else None
        else:
            grant = reward
        defaults = default_choice(grant, self.state.player, self.state.palace) if grant else {}
        grain, stone = defaults.get("grain"), defaults.get("stone")
        total = (grain if isinstance(grain, int) else 0) + (stone if isinstance(stone, int) else 0)
        if prefill or total != choice.total:
            choice.configure(total, grain if isinstance(grain, int) else 0)
        self._show_take()

    def _typed_choice(self) -> int | None:
        return self.query_one("#printed-choice", NumberField).value

    def _show_take(self) -> None:
        taken = self._taken()
        now = self.query_one("#now", Label)
        if isinstance(taken, str):
            now.update(sentence(taken))
        else:
            reward, get = taken
            now.update(f"You take {then(get.describe(), reward)}.")

    # --- keys ----------------------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#space")
    def _space_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.slot = event.option_index
        self.show_error(None)
        self._sync(prefill=True)

    @on(Input.Changed)
    @on(Select.Changed)
    def _changed(self, event: Input.Changed | Select.Changed) -> None:
        self.query_one(ResourceChoice).refresh_hint()
        self._sync()

    # --- the event -----------------------------------------------------------------------

    def _told(self) -> Grant | str:
        """The reward typed, or what is wrong with it."""
        form = self.query_one(GainsForm)
        field = self.query_one("#printed-choice", NumberField)
        problem = form.problem() or field_problem(field, "Resources of your choice")
        if problem:
            return problem
        try:
            return Grant(gain=form.gains(), resource_choice=field.value or 0)
        except ValidationError:
            return (
                f"type what is printed under {space_name(self.slot)} (once: the app remembers it)"
            )

    def _taken(self) -> tuple[Grant, Gains] | str:
        """The reward and what you take from it, or what is wrong."""
        reward = self._told() if self.reward.unknown else self.reward
        if isinstance(reward, str):
            return reward
        choice = self.query_one(ResourceChoice)
        problem = choice.problem()
        if problem:
            return problem
        grain, stone = choice.split()
        try:
            _, get = grant_gains(
                reward, self.state.player, self.state.palace, grain=grain, stone=stone
            )
        except RuleError as exc:
            return str(exc)
        return reward, get

    def build_event(self) -> TakeEdictReward | None:
        taken = self._taken()
        if isinstance(taken, str):
            self.show_error(taken)
            return None
        self.show_error(None)
        reward, get = taken
        return TakeEdictReward(
            slot=self.slot,
            vp=get.vp,
            grain=get.grain,
            stone=get.stone,
            augustales=get.augustales,
            reward=reward if self.reward.unknown else None,
        )
