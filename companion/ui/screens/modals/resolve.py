"""Follow through an effect: draw the cards it gives, take what it gives now (with your
choices where it has any), or tell once what an effect our data lacks does. Its two small
forms (:class:`ResourceChoice`, :class:`GainsForm`) serve the Edict reward dialog too."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from companion.i18n import N_, _, ngettext, shown
from companion.ui.notices import sentence
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.screens.modals.resolve_fields import (
    GainsForm,
    ResourceChoice,
    counted,
    field_problem,
)
from companion.ui.widgets.number_field import NumberField
from companion.ui.widgets.touch_select import TouchSelect
from solo_deck import (
    GAIN_FIELDS,
    MAIN_ACTIONS,
    ActionTerms,
    AllyKindChoice,
    Gains,
    Grant,
    GrantedAction,
    MainAction,
    RuleError,
    amount_label,
    capacity,
    card_name,
    choice_total,
    count_of,
    default_choice,
    describe_action,
    describe_grant,
    describe_terms,
    grant_gains,
)
from solo_deck.events import Resolve

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, PlayerState, Ruleset

NO_ACTION = "none"
ALLY_KINDS: tuple[tuple[str, AllyKindChoice], ...] = (
    (N_("Independent Allies"), "independent"),
    (N_("Loyalist Allies"), "loyalist"),
)
"""The kinds of Ally an effect may count (English labels, shown through ``_``)."""


def then(text: str, grant: Grant) -> str:
    """``+2 Grain, then promote a Specialist``: ``text``, then the steps that follow."""
    text = shown(text)
    for step in grant.actions:
        text = _("{done}, then {step}").format(done=text, step=shown(describe_action(step)))
    return text


def holdings(player: PlayerState, pay: Gains | None = None, get: Gains | None = None) -> str:
    """``2 Grain, 0 Stone, 30 Augustales and 4 VP``: what you hold (after ``pay``/``get``)."""
    pay, get = pay or Gains(), get or Gains()
    have = {f: int(getattr(player, f)) + get.amount(f) - pay.amount(f) for f in GAIN_FIELDS}
    coins = shown(amount_label("augustales", have["augustales"]))
    return _("{grain} Grain, {stone} Stone, {coins} and {vp} VP").format(
        grain=have["grain"], stone=have["stone"], coins=coins, vp=have["vp"]
    )


class ResolveModal(GameEventModal[Resolve]):
    """Cards to draw: confirm (Done). A known effect: what it gives now, your choices only
    where it has any (resource split, conversions, which Allies count), the result; with no
    choice one key confirms. An effect our data lacks: type what it gives and the main
    action it allows, once."""

    DIALOG_TITLE = N_("Follow through")
    OK_LABEL = N_("Take")
    ENTER_IN_FIELD_RECORDS = False
    DEFAULT_CSS = """
    ResolveModal .choice-row { height: auto; }
    ResolveModal .choice-row > Label { width: auto; height: 3; content-align: left middle; }
    ResolveModal .choice-row > Select { width: 30; }
    ResolveModal #times > Input { width: 9; }
    """
    ANSWERS = "resolve"

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self.grant: Grant | None = self.obligation.grant if self.obligation is not None else None
        self.mode = "draw" if self.grant is None else ("tell" if self.grant.unknown else "take")
        if self.mode == "draw":
            self.DIALOG_TITLE = N_("Draw cards")
            self.OK_LABEL = N_("Done")
        elif self.mode == "tell":
            self.DIALOG_TITLE = N_("Tell what this effect does")
            self.OK_LABEL = N_("Record")

    # --- what the effect offers --------------------------------------------------------------

    @property
    def name(self) -> str:
        """What the effect comes from (``A15``, ``City Bonus A``)."""
        duty = self.obligation
        if duty is None:
            return _("This effect")
        return shown(card_name(duty.card_id) if duty.card_id else duty.source)

    @property
    def counts_kind(self) -> bool:
        """True when you pick which kind of Ally is counted."""
        grant = self.grant
        return grant is not None and grant.per is not None and grant.per.of == "own_allies_of_kind"

    @property
    def one_kind(self) -> bool:
        """True when the resources of your choice are all of one kind (per counted thing)."""
        grant = self.grant
        return grant is not None and grant.resource_choice == 0 and grant.per is not None

    def choice_total(self, ally_kind: AllyKindChoice | None) -> int:
        """How many resources of your choice the effect gives with ``ally_kind`` counted."""
        assert self.grant is not None
        return choice_total(self.grant, self.state.player, self.state.palace, ally_kind)

    # --- layout --------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        if self.mode == "draw":
            yield Label(self._lines()["what"], id="what")
            return
        if self.mode == "tell":
            yield Label(self._lines()["tell-how"], classes="muted", markup=False, id="tell-how")
            yield GainsForm(id="gains")
            with Horizontal(classes="choice-row"):
                yield Label(_("then you may "), id="action-label")
                yield TouchSelect(
                    self._action_options(), value=NO_ACTION, allow_blank=False, id="action"
                )
            yield Label("", id="now", markup=False)
            return
        grant = self.grant
        assert grant is not None
        defaults = default_choice(grant, self.state.player, self.state.palace)
        ally_kind = cast("AllyKindChoice | None", defaults["ally_kind"])
        yield Label(self._lines()["holdings"], classes="muted", id="holdings")
        if self.counts_kind:
            with Horizontal(classes="choice-row"):
                yield Label(_("Count your "), id="kind-label")
                yield TouchSelect(
                    self._kind_options(),
                    value=ally_kind or "independent",
                    allow_blank=False,
                    id="kind",
                )
        if grant.conversion is not None:
            label, hint = _("Times"), _("0 to {most}").format(most=grant.conversion.times)
            yield NumberField(
                label, defaults["times"], maximum=grant.conversion.times, id="times", hint=hint
            )
        grain = defaults["grain"]
        yield ResourceChoice(
            self.choice_total(ally_kind),
            grain if isinstance(grain, int) else 0,
            one_kind=self.one_kind,
            id="choice",
        )
        yield Label("", id="now", markup=False)
        yield Label("", id="after", classes="muted", markup=False)

    def _lines(self) -> dict[str, str]:
        """The dialog's fixed lines, by id, in the language in use."""
        if self.mode == "draw":
            count = self.obligation.count if self.obligation is not None else 1
            what = ngettext(
                "Draw {n} card from your draw pile.", "Draw {n} cards from your draw pile.", count
            )
            return {"what": what.format(n=f"{count:,}")}
        if self.mode == "tell":
            how = _(
                "Type what {source} gives and the main action it allows "
                "(once: the app remembers it)."
            )
            return {"tell-how": how.format(source=self.name), "action-label": _("then you may ")}
        lines = {"holdings": _("You have {holdings}.").format(holdings=holdings(self.state.player))}
        return lines | ({"kind-label": _("Count your ")} if self.counts_kind else {})

    @staticmethod
    def _action_options() -> list[tuple[str, str]]:
        return [(_("nothing more"), NO_ACTION)] + [
            (shown(describe_terms(a, ActionTerms())), a) for a in MAIN_ACTIONS
        ]

    @staticmethod
    def _kind_options() -> list[tuple[str, str]]:
        return [(_(label), kind) for label, kind in ALLY_KINDS]

    def field_words(self) -> dict[str, tuple[str, str | None]]:
        """The conversion's field, where the effect has one."""
        conversion = self.grant.conversion if self.grant is not None else None
        if conversion is None:
            return {}
        return {"times": (_("Times"), _("0 to {most}").format(most=conversion.times))}

    def relabel(self) -> None:
        """Word the lines, the lists and the fields again (what is chosen and typed
        stays)."""
        super().relabel()
        for label_id, text in self._lines().items():
            self.query_one(f"#{label_id}", Label).update(text)
        for select_id, options in (("action", self._action_options), ("kind", self._kind_options)):
            for select in self.query(f"#{select_id}").results(TouchSelect):
                select.reword(options())
        self._refresh()

    def on_mount(self) -> None:
        """The first choice is focused; with none, the confirm button (one key)."""
        if self.mode == "tell":
            self.query_one(GainsForm).focus_first()
        elif self.mode == "take" and self.counts_kind:
            self.query_one("#kind", Select).focus()
        elif self.mode == "take" and self.grant is not None and self.grant.conversion:
            self.query_one("#times", NumberField).input.focus()
        elif self.mode == "take" and self.query_one(ResourceChoice).total > 0:
            self.query_one(ResourceChoice).focus_first()
        else:
            self.query_one("#ok").focus()
        self._refresh()

    # --- keeping the lines in step ---------------------------------------------------------

    @on(Input.Changed)
    @on(Select.Changed)
    def _changed(self, event: Input.Changed | Select.Changed) -> None:
        if self.mode == "take" and self.counts_kind and event.control.id == "kind":
            kind = self._ally_kind()
            self.query_one(ResourceChoice).configure(self.choice_total(kind))
        if self.mode == "take":
            self.query_one(ResourceChoice).refresh_hint()
        self._refresh()

    def _ally_kind(self) -> AllyKindChoice | None:
        if not self.counts_kind:
            return None
        value = self.query_one("#kind", Select).value
        return cast("AllyKindChoice", value) if value in ("independent", "loyalist") else None

    def _refresh(self) -> None:
        if self.mode == "draw":
            return
        now = self.query_one("#now", Label)
        if self.mode == "tell":
            grant = self._told()
            told = isinstance(grant, Grant)
            gives = shown(describe_grant(grant)) if isinstance(grant, Grant) else ""
            now.update(_("{source}: {gives}").format(source=self.name, gives=gives) if told else "")
            return
        choice = self._choice()
        if isinstance(choice, str):
            now.update(sentence(choice))
            self.query_one("#after", Label).update("")
            return
        assert self.grant is not None
        player = self.state.player
        try:
            pay, get = grant_gains(
                self.grant,
                player,
                self.state.palace,
                grain=choice.grain,
                stone=choice.stone,
                times=choice.times,
                ally_kind=choice.ally_kind,
            )
        except RuleError as exc:
            now.update(sentence(shown(exc.text)))
            self.query_one("#after", Label).update("")
            return
        text = _("{source}: {gives}").format(source=self.name, gives=shown(get.describe()))
        if not pay.empty:
            paid = shown(pay.describe(sign=""))
            text = _("{gain}, paying {cost}").format(gain=text, cost=paid)
        detail = self._detail(choice)
        if detail:
            text = _("{gain} ({detail})").format(gain=text, detail=detail)
        now.update(then(text, self.grant))
        after = holdings(player, pay, get)
        room = capacity(self.state, self.ruleset).storage
        held = player.resources + get.resources - pay.resources
        if held > room:
            line = _(
                "You will have {holdings}. Your warehouse holds {room}: you will put {over} back."
            ).format(holdings=after, room=room, over=held - room)
        else:
            line = _("You will have {holdings}.").format(holdings=after)
        self.query_one("#after", Label).update(line)

    def _detail(self, choice: Resolve) -> str:
        """What was counted or how often it was converted (``2 Allies``, ``3 times``)."""
        grant = self.grant
        assert grant is not None
        parts = []
        per = grant.per
        if per is not None:
            count = count_of(per.of, self.state.player, self.state.palace, choice.ally_kind)
            of_kind = per.of == "own_allies_of_kind" and choice.ally_kind is not None
            parts.append(
                counted(choice.ally_kind if of_kind and choice.ally_kind else per.of, count)
            )
        if grant.conversion is not None and choice.times is not None:
            parts.append(ngettext("once", "{n} times", choice.times).format(n=choice.times))
        return ", ".join(parts)

    # --- the event -----------------------------------------------------------------------

    def _choice(self) -> Resolve | str:
        """The choices as an event, or what is wrong with them."""
        times: int | None = None
        if self.grant is not None and self.grant.conversion is not None:
            field = self.query_one("#times", NumberField)
            problem = field_problem(field, _("Times"))
            if problem:
                return problem
            times = field.value
        split = self.query_one(ResourceChoice)
        problem = split.problem()
        if problem:
            return problem
        grain, stone = split.split()
        return Resolve(grain=grain, stone=stone, times=times, ally_kind=self._ally_kind())

    def _told(self) -> Grant | str:
        """The effect typed, or what is wrong with it."""
        form = self.query_one(GainsForm)
        problem = form.problem()
        if problem:
            return problem
        action = self.query_one("#action", Select).value
        actions = () if action == NO_ACTION else (GrantedAction(action=cast("MainAction", action)),)
        try:
            return Grant(gain=form.gains(), actions=actions)
        except ValidationError:
            return _("type what it gives, or choose the action it allows")

    def build_event(self) -> Resolve | None:
        if self.mode == "draw":
            return Resolve()
        if self.mode == "tell":
            grant = self._told()
            if isinstance(grant, str):
                self.show_error(grant)
                return None
            self.show_error(None)
            return Resolve(effect=grant)
        choice = self._choice()
        if isinstance(choice, str):
            self.show_error(choice)
            return None
        self.show_error(None)
        return choice
