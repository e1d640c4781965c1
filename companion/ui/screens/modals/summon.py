"""Summon the face-up Ally at your ship's port: who it is (preselected when the app knows
it) and what you paid. Whether the Ally's space on your Player Board shows the Edict mark
comes from the board data (a game saved without the Player Board asks)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select

from companion.i18n import N_, _, ngettext, shown
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.screens.modals.terms import port_name
from companion.ui.widgets.assumed_value import AssumedValue
from companion.ui.widgets.number_field import NumberField
from companion.ui.widgets.search_select import SearchSelect
from companion.ui.widgets.toggles import ClearCheckbox
from solo_deck import (
    PlayerLimits,
    allies_by_id,
    ally_candidates,
    ally_label,
    capacity,
    discount,
    load_allies,
    marked_space_unchecked,
    next_ally_space,
    summon_cost,
    summon_cost_unchecked,
    summon_marks_edict,
    usual_summon_grain,
)
from solo_deck.events import SummonAlly

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset

"""The app's first guess at what an Ally space costs (the cost is printed on your board,
not in the rules data); the field never starts above the Grain you hold."""


NOT_NAMED = N_("not named yet")
"""What the dialogs call an Ally nobody has named (English, shown through ``_``)."""


def ally_options(exclude: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``(label, id)`` for every Ally tile not in ``exclude``, sorted by name."""
    skip = set(exclude)
    allies = sorted(load_allies(), key=lambda a: (a.name, a.id))
    return [(shown(ally_label(a.id)), a.id) for a in allies if a.id not in skip]


class SummonModal(GameEventModal[SummonAlly]):
    """The Ally (named by the app when it knows it, else a searchable list), the Grain
    paid (or the Augustales an effect asks instead) and the Edict mark of the space used.
    Summon records."""

    DIALOG_TITLE = N_("Summon an Ally")
    OK_LABEL = N_("Summon")
    DEFAULT_CSS = """
    SummonModal #ally { margin-bottom: 1; }
    """

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self.limits = PlayerLimits.from_ruleset(ruleset)
        voyage = state.voyage
        self.port = voyage.player
        self.spaces = [i for i, s in enumerate(voyage.ports[self.port].allies) if s.face_up]

    # --- what the app knows ------------------------------------------------------------

    @property
    def known_id(self) -> str | None:
        """The id of the face-up Ally here, if the app knows it."""
        allies = self.state.voyage.ports[self.port].allies
        known = (allies[i].face_up_id for i in self.spaces)
        return next((ally for ally in known if ally in allies_by_id()), None)

    def reference_topic(self) -> str | None:
        """F1 in this dialog, away from the Ally list: the Ally at the port (known, or the
        one picked in the list)."""
        picked = [select.value for select in self.query("#ally").results(Select)]
        return self.known_id or next((v for v in picked if isinstance(v, str)), None)

    def elsewhere(self) -> set[str]:
        """Allies that cannot lie here: in your castle, known face up elsewhere, removed
        from the game (the engine's ``ally_candidates``)."""
        space = self.spaces[0] if self.spaces else 0
        can_be = set(ally_candidates(self.state, self.port, space))
        return {ally.id for ally in load_allies()} - can_be

    @property
    def coins_instead(self) -> int | None:
        """The Augustales an effect asks instead of the Grain."""
        return self.terms.augustales_instead

    @property
    def grain_free(self) -> bool:
        """True when this Summon costs no Grain (free, or paid in coins)."""
        return self.terms.free_grain or self.coins_instead is not None

    def grain_prefill(self) -> int:
        """A first guess at the Grain paid: the usual cost less the discounts known, never
        more than you hold."""
        if self.grain_free:
            return 0
        owed = self.board_cost()
        if owed is not None:
            return owed
        off = discount(self.state, "summon") + self.terms.discount
        usual = usual_summon_grain(self.ruleset)
        return max(0, min(self.state.player.grain, usual - off.grain))

    def board_cost(self) -> int | None:
        """The Grain the engine says this Summon costs (the Ally space's printed cost,
        discounts counted), or ``None`` when the game has no Voyage Board data."""
        space = self.spaces[0] if self.spaces else 0
        owed = summon_cost(self.state, self.ruleset, self.terms, space)
        return None if owed is None else owed.grain

    def grain_hint(self) -> str:
        """What the Grain field leaves to the board, and the discounts known."""
        if self.coins_instead is not None:
            return _("paid in Augustales instead")
        if self.terms.free_grain:
            return _("this Summon costs no Grain")
        owed = self.board_cost()
        hints = [_("what the Ally space shows") if owed is None else _("the Ally space's cost")]
        workplace = discount(self.state, "summon")
        if not workplace.empty:
            hints.append(
                _("Workplace: {discount} off").format(discount=shown(workplace.describe(sign="")))
            )
        if not self.terms.discount.empty:
            off = shown(self.terms.discount.describe(sign=""))
            hints.append(_("this Summon: {discount} off").format(discount=off))
        return ", ".join(hints)

    # --- layout --------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        yield Label(self._info(), classes="muted", id="summon-info")
        if self.known_id is not None:
            yield Label(self._known_line(), id="known", markup=False)
        else:
            yield SearchSelect(
                ally_options(self.elsewhere()), prompt=self._ally_prompt(), id="ally"
            )
        yield NumberField(
            _("Grain paid"),
            self.grain_prefill(),
            hint=self.grain_hint(),
            id="grain",
            disabled=self.grain_free or self.board_cost() is not None,  # the board says
        )
        yield AssumedValue()  # the Ally space's cost, while it is assumed: asked once
        marks = summon_marks_edict(self.state, self.ruleset)
        if marks is not None:  # the Player Board data says
            yield Label(self.mark_line(marks), id="mark-line", classes="muted", markup=False)
            yield AssumedValue(id="assumed-mark")  # which space is marked, while assumed
            return
        used = self.state.player.marked_allies >= self.limits.marked_ally_spaces
        yield ClearCheckbox(self._mark_label(), id="mark", disabled=used, compact=True)

    def field_words(self) -> dict[str, tuple[str, str | None]]:
        """The Grain field's label and hint."""
        return {"grain": (_("Grain paid"), self.grain_hint())}

    def relabel(self) -> None:
        """Word the lines, the Ally's list, the Grain field and the mark again (what is
        chosen, typed and ticked stays)."""
        super().relabel()
        self.query_one("#summon-info", Label).update(self._info())
        for known in self.query("#known").results(Label):
            known.update(self._known_line())
        for ally in self.query("#ally").results(SearchSelect):
            ally.reword(ally_options(self.elsewhere()), self._ally_prompt())
        for line in self.query("#mark-line").results(Label):
            line.update(self.mark_line(bool(summon_marks_edict(self.state, self.ruleset))))
        for mark in self.query("#mark").results(ClearCheckbox):
            mark.label = self._mark_label()

    def _where(self) -> str:
        return port_name(self.state.voyage.ports[self.port].name)

    def _known_line(self) -> str:
        ally = shown(ally_label(self.known_id)) if self.known_id is not None else ""
        return _("The Ally in {port}: {ally}").format(port=self._where(), ally=ally)

    def _ally_prompt(self) -> str:
        return _("which Ally lies face up in {port}? (type to search)").format(port=self._where())

    def _mark_label(self) -> str:
        if self.state.player.marked_allies >= self.limits.marked_ally_spaces:
            return _("Your marked Ally space is already used")
        return _("The Ally space you use shows the Edict mark (issue an Edict)")

    def _info(self) -> str:
        """What you hold and the Ally spaces used (or the Augustales you pay instead)."""
        player = self.state.player
        room = capacity(self.state, self.ruleset)
        coins = self.coins_instead
        if coins is not None:
            told = ngettext(
                "You pay {n} Augustalis instead of Grain (you have {coins}). Ally spaces used:"
                " {used} of {spaces}.",
                "You pay {n} Augustales instead of Grain (you have {coins}). Ally spaces used:"
                " {used} of {spaces}.",
                coins,
            )
        else:
            told = _("You have {grain} Grain. Ally spaces used: {used} of {spaces}.")
        return told.format(
            n=coins,
            coins=player.augustales,
            grain=player.grain,
            used=room.allies,
            spaces=room.ally_spaces,
        )

    def mark_line(self, marks: bool) -> str:
        """Where the Ally goes on your Player Board and whether that issues an Edict."""
        space = next_ally_space(self.state)
        if marks:
            return _(
                "It takes Ally space {space} of your Player Board, the marked one: issue an Edict."
            ).format(space=space)
        board = self.ruleset.player_board
        marked = board.marked_ally_space if board is not None else 0
        return _(
            "It takes Ally space {space} of your Player Board (the Edict mark is on space"
            " {marked})."
        ).format(space=space, marked=marked)

    def show_assumed(self) -> None:
        """The board values this Summon relies on that are still assumed."""
        space = self.spaces[0] if self.spaces else 0
        cost = None if self.grain_free else summon_cost_unchecked(self.state, self.ruleset, space)
        self.query_one("#assumed", AssumedValue).show(cost)
        self.query_one("#grain", NumberField).display = cost is None  # the row holds it
        for row in self.query("#assumed-mark").results(AssumedValue):
            row.show(marked_space_unchecked(self.ruleset))

    def board_told(self, state: GameState, ruleset: Ruleset) -> None:
        """A board value told: the Grain and the mark follow the board."""
        super().board_told(state, ruleset)
        owed = self.board_cost()
        if owed is not None and not self.grain_free:
            self.query_one("#grain", NumberField).text = str(owed)
        marks = summon_marks_edict(state, ruleset)
        for line in self.query("#mark-line").results(Label):
            line.update(self.mark_line(bool(marks)))

    def on_mount(self) -> None:
        self.show_assumed()
        fields = self.query(Select)
        if fields:
            fields.first().focus()
        else:
            self._after_ally().focus()
        self.show_refusal("summon_ally")

    def _after_ally(self) -> Widget:
        grain = self.query_one("#grain", NumberField)
        if not grain.disabled:
            return grain.input
        asked = [row for row in self.query(AssumedValue) if row.unchecked is not None]
        if asked:
            return asked[0].query_one(Input)
        marks = self.query("#mark")
        return marks.first() if marks else self.query_one("#ok")

    # --- the event -----------------------------------------------------------------------

    def space_for(self, ally_id: str) -> int:
        """The face-up space the Ally is summoned from."""
        allies = self.state.voyage.ports[self.port].allies
        for index in self.spaces:
            if allies[index].face_up_id == ally_id:
                return index
        unnamed = [i for i in self.spaces if allies[i].face_up_id is None]
        return (unnamed or self.spaces or [0])[0]

    def build_event(self) -> SummonAlly | None:
        ally = self.known_id
        if ally is None:
            chosen = self.query_one("#ally", Select).value
            if not isinstance(chosen, str):
                self.show_error(_("say which Ally you summon (type its name to find it)"))
                return None
            ally = chosen
        grain = self.query_one("#grain", NumberField)
        if not grain.check() or grain.value is None:
            self.show_error(_("the Grain paid is not a valid number"))
            return None
        self.show_error(None)
        return SummonAlly(
            ally_id=ally,
            space=self.space_for(ally),
            grain=0 if self.grain_free else grain.value,
            augustales=self.coins_instead or 0,
            edict_mark=self._mark(),
        )

    def _mark(self) -> bool | None:
        """What the player ticked (a game without Player Board data), else ``None``: the
        engine takes the mark from the board."""
        marks = self.query("#mark").results(Checkbox)
        return next((box.value for box in marks), None)
