"""Take the reward printed under an Active Edict space: the space just issued, or any of
the three when no Active tile was left to issue. A reward not known yet is typed once (the
engine remembers it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, OptionList, Select

from companion.i18n import N_, _, shown
from companion.reference_topics import EDICT_TOPIC
from companion.ui.notices import sentence
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.screens.modals.resolve import then
from companion.ui.screens.modals.resolve_fields import ResourceChoice
from companion.ui.screens.setup.notation import REWARD_EXAMPLE, parse_reward
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.keyed_list import KeyedLine, KeyedList
from companion.ui.wording import worded
from solo_deck import (
    Gains,
    Grant,
    Numeral,
    RuleError,
    default_choice,
    describe_grant,
    edict_advice,
    grant_gains,
)
from solo_deck.events import TakeEdictReward

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset

READ_HINT = N_(
    "What is printed there: {example} (3 Augustales), 1VP, 2G, 1S, 1R (a resource "
    "of your choice), 1VP 2A"
)
"""Beside the reward's field while it is empty: how to write what is printed (English,
shown through :func:`read_hint`)."""


def read_hint() -> str:
    """:data:`READ_HINT` in the language in use."""
    return _(READ_HINT).format(example=REWARD_EXAMPLE)


Line = tuple[int, int | None]
"""What a line of the list takes: the space, and how many of the resources of your choice
are Grain (``None``: the reward has no such choice, or is not known yet)."""


def space_name(slot: int) -> str:
    """``Active II``."""
    return _("Active {numeral}").format(numeral=Numeral.from_index(slot).value)


def split_key(grain: int, total: int) -> str:
    """The letters that name a split of ``total`` resources of your choice: a ``g`` per
    Grain, an ``s`` per Stone.

    >>> split_key(1, 1), split_key(0, 1), split_key(1, 2)
    ('g', 's', 'gs')
    """
    return "g" * grain + "s" * (total - grain)


class RewardModal(GameEventModal[TakeEdictReward]):
    """One list, one line per reward you can take: each space (only when you pick one of
    the three; its digit is its key) and, for resources of your choice, each way to take
    them (``g`` Grain, ``s`` Stone: ``2g``). A line's whole key or Enter takes it. A reward
    not known yet is typed once below its line, in one short field (``3A``, ``1VP 1R``: what
    it reads is shown in words as you type); Enter there, or ctrl+s, takes it."""

    DIALOG_TITLE = N_("Take an Edict reward")
    OK_LABEL = N_("Take")
    DEFAULT_CSS = """
    RewardModal #space { height: auto; max-height: 9; }
    RewardModal #printed { height: auto; }
    RewardModal #printed-text { width: 12; margin-right: 1; }
    RewardModal #printed-read { width: 1fr; height: auto; }
    """

    def reference_topic(self) -> str | None:
        """F1 in this dialog: the entry of issuing an Edict (its reward first)."""
        return EDICT_TOPIC

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
        self.slot = fixed if fixed is not None else (self._best(active) if self.issuing else 0)
        self.grain: int | None = None
        """Of the resources of your choice, how many are Grain (the line chosen)."""
        slots = range(3) if self.choose else [self.slot]
        self.lines: list[Line] = [line for slot in slots for line in self._lines_of(slot)]

    def _best(self, active: list[int]) -> int:
        """The Edict the advisor rates best for your ally income (the first on a tie)."""
        rows = edict_advice(self.state, self.ruleset)
        best = {slot: max((r.gain for r in rows if r.slot == slot), default=0) for slot in active}
        return max(active, key=lambda slot: (best[slot], -slot))

    def _reward_of(self, slot: int) -> Grant:
        return self.state.board.edict_rewards[slot]

    def _choice_of(self, reward: Grant) -> tuple[int, int]:
        """``(total, grain)``: the resources of your choice ``reward`` gives now, and how
        many of them the usual prefill takes as Grain."""
        if reward.unknown:
            return 0, 0
        defaults = default_choice(reward, self.state.player, self.state.palace)
        grain, stone = defaults.get("grain"), defaults.get("stone")
        grain = grain if isinstance(grain, int) else 0
        return grain + (stone if isinstance(stone, int) else 0), grain

    def _lines_of(self, slot: int) -> list[Line]:
        """The lines of one space: each split of its resources of your choice (the usual
        one first), else one."""
        total, first = self._choice_of(self._reward_of(slot))
        if not total:
            return [(slot, None)]
        return [(slot, g) for g in [first, *(g for g in range(total, -1, -1) if g != first)]]

    @property
    def reward(self) -> Grant:
        """What is printed under the space chosen (``unknown`` until typed)."""
        return self._reward_of(self.slot)

    # --- layout --------------------------------------------------------------------------

    def _empty(self, slot: int) -> bool:
        return self.issuing and self.state.edicts.active[slot] is None

    def _line(self, slot: int, grain: int | None) -> KeyedLine:
        reward = self._reward_of(slot)
        key = str(slot + 1) if self.choose else ""
        if reward.unknown:
            what = _("not known yet: type what is printed there")
        elif grain is None:
            what = shown(describe_grant(reward))
        else:
            total = self._choice_of(reward)[0]
            key += split_key(grain, total)
            state = self.state
            try:
                _pay, get = grant_gains(
                    reward, state.player, state.palace, grain=grain, stone=total - grain
                )
                what = then(get.describe(), reward)
            except RuleError as exc:
                what = shown(exc.text)
        tile = self.state.edicts.active[slot]
        line = _("{space}: {what}").format(space=space_name(slot), what=what)
        if self.issuing and tile is not None:
            line = _("{line}   (Edict {tile})").format(line=line, tile=tile)
        if self._empty(slot):
            line = _("{line}   (empty)").format(line=line)
        return KeyedLine(key, line, self._empty(slot))

    def compose_body(self) -> ComposeResult:
        words = self._words()
        if "reward-how" in words:
            yield Label(words["reward-how"], id="reward-how")
        if "reward-keys" in words:
            yield Label(words["reward-keys"], classes="muted", id="reward-keys")
            yield KeyedList([self._line(*line) for line in self.lines], id="space")
        with Horizontal(id="printed"):
            yield FieldInput(placeholder=REWARD_EXAMPLE, id="printed-text", compact=True)
            yield Label(read_hint(), id="printed-read", markup=False)
        yield ResourceChoice(0, 0, id="choice")
        yield Label("", id="now", markup=False)

    def _words(self) -> dict[str, str]:
        """The lines over the list, by id, in the language in use: which reward to take
        (when you pick one of the three), and the list's keys (when there is a list)."""
        words = {}
        if self.choose:
            words["reward-how"] = (
                _(
                    "Choose the Edict you issue: take the reward under it first, its icons come"
                    " next."
                )
                if self.issuing
                else _("No Active Edict tile is left: take one of the three rewards.")
            )
        if self.choose or len(self.lines) > 1:
            if any(grain is not None for _, grain in self.lines):
                keys = _("A line's key (g: Grain, s: Stone), or Enter on it, takes it.")
            else:
                keys = _("A line's digit, or Enter on it, takes it.")
            taps = _("Tap a line, then {button}.").format(button=self.ok_label)
            words["reward-keys"] = worded(self, keys, taps)
        return words

    def relabel(self) -> None:
        """Word the lines, the list, the reward typed and what you take again (the line
        highlighted, what is typed and the focus stay)."""
        super().relabel()
        for label_id, text in self._words().items():
            self.query_one(f"#{label_id}", Label).update(text)
        for space in self.query("#space").results(KeyedList):
            here = space.highlighted
            with self.prevent(OptionList.OptionHighlighted):  # the fields below stay
                space.set_lines([self._line(*line) for line in self.lines])
                space.highlighted = here
        self._show_read()
        self._show_take()

    def on_mount(self) -> None:
        found = self.query("#space")
        if found:
            space = found.first(KeyedList)
            space.open_on(self.lines.index(self._lines_of(self.slot)[0]))
            space.focus()
            self._highlight(space.highlighted)
        else:
            self.grain = self.lines[0][1]
        self._sync(prefill=True)
        if found:
            return
        if self.reward.unknown:
            self.query_one("#printed-text", Input).focus()
        else:
            self.query_one("#ok").focus()

    def _highlight(self, index: int | None) -> None:
        if index is not None:
            self.slot, self.grain = self.lines[index]

    def _sync(self, *, prefill: bool = False) -> None:
        """Fit the fields to the line chosen: a reward not known yet is typed (with its
        resources of your choice split below)."""
        unknown = self.reward.unknown
        self.query_one("#printed").display = unknown
        choice = self.query_one(ResourceChoice)
        told = self._told() if unknown else None
        total = told.resource_choice if isinstance(told, Grant) else 0
        grant = Grant(resource_choice=total) if total else None
        defaults = default_choice(grant, self.state.player, self.state.palace) if grant else {}
        grain = defaults.get("grain")
        if prefill or total != choice.total:
            choice.configure(total, grain if isinstance(grain, int) else 0)
        self._show_take()

    def _show_take(self) -> None:
        taken = self._taken()
        now = self.query_one("#now", Label)
        if isinstance(taken, str):
            now.update(sentence(taken))
        else:
            reward, get = taken
            now.update(_("You take {what}.").format(what=then(get.describe(), reward)))

    # --- keys ----------------------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#space")
    def _space_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._highlight(event.option_index)
        self.show_error(None)
        self._sync(prefill=True)

    @on(Input.Changed)
    @on(Select.Changed)
    def _changed(self, event: Input.Changed | Select.Changed) -> None:
        self.query_one(ResourceChoice).refresh_hint()
        self._sync()
        self._show_read()

    def list_chosen(self) -> None:
        """A line's key or Enter on it takes it; a reward not known yet is typed first."""
        if self.reward.unknown and isinstance(self._told(), str):
            how = worded(
                self,
                _("(Tab moves there), then Enter"),
                _("(tap the field), then {button}").format(button=self.ok_label),
            )
            self.show_error(
                _("type what is printed under {space} {how} takes it").format(
                    space=space_name(self.slot), how=how
                )
            )
            return
        self.submit()

    # --- the event -----------------------------------------------------------------------

    def _told(self) -> Grant | str:
        """The reward typed, or what is wrong with it (and how to write it)."""
        try:
            told = parse_reward(self.query_one("#printed-text", Input).value)
        except ValueError as exc:
            return shown(exc.args[0]) if len(exc.args) == 1 else str(exc)
        if told is None:
            return _(
                "type what is printed under {space} (once: the app remembers it), e.g. {example}"
            ).format(space=space_name(self.slot), example=REWARD_EXAMPLE)
        return told

    def _show_read(self) -> None:
        """Under the reward's field, what it reads so far, in words (or how to write it)."""
        read = self.query_one("#printed-read", Label)
        typed = self.query_one("#printed-text", Input).value.strip()
        told = self._told() if typed else ""
        if isinstance(told, Grant):
            read.update(_("Reads: {reward}.").format(reward=shown(describe_grant(told))))
        else:
            read.update(sentence(told) if told else read_hint())
        read.set_class(isinstance(told, str) and bool(told), "error-text")

    def _taken(self) -> tuple[Grant, Gains] | str:
        """The reward and what you take from it, or what is wrong."""
        if self.reward.unknown:
            reward = self._told()
            if isinstance(reward, str):
                return reward
            choice = self.query_one(ResourceChoice)
            problem = choice.problem()
            if problem:
                return problem
            grain, stone = choice.split()
        else:
            reward = self.reward
            total = self._choice_of(reward)[0]
            grain = self.grain or 0
            stone = total - grain if self.grain is not None else 0
        try:
            _pay, get = grant_gains(
                reward, self.state.player, self.state.palace, grain=grain, stone=stone
            )
        except RuleError as exc:
            return shown(exc.text)
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
