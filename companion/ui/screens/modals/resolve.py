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

from companion.formatting import plural
from companion.ui.notices import sentence
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.widgets.number_field import NumberField
from companion.ui.widgets.touch_select import TouchSelect
from solo_deck import (
    GAIN_FIELDS,
    MAIN_ACTIONS,
    ActionTerms,
    AllyKindChoice,
    CountOf,
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
    ("Independent Allies", "independent"),
    ("Loyalist Allies", "loyalist"),
)
_COUNTED: dict[CountOf, tuple[str, str]] = {
    "own_allies": ("Ally", "Allies"),
    "own_allies_of_kind": ("Ally", "Allies"),
    "own_structures": ("Structure", "Structures"),
    "frederick_court": ("Ally in Frederick's Court", "Allies in Frederick's Court"),
    "frederick_structures": ("Structure in Frederick's castle", "Structures in Frederick's castle"),
    "frederick_reserve": ("resource in Frederick's Reserve", "resources in Frederick's Reserve"),
}


def field_problem(field: NumberField, name: str) -> str | None:
    """What is wrong with one amount (``None``: it is fine)."""
    result = field.validator.validate(field.text)
    if result.is_valid:
        return None
    return f"{name}: {result.failure_descriptions[0]}"


class ResourceChoice(Horizontal):
    """Resources of your choice: one resource (or all of one kind) is Grain or Stone from a
    list; more than one is how many as Grain, the rest as Stone."""

    DEFAULT_CSS = """
    ResourceChoice { height: auto; }
    ResourceChoice > .choice-label { width: auto; height: 3; content-align: left middle; }
    ResourceChoice > Select { width: 16; }
    ResourceChoice > NumberField > .number-label { width: auto; padding: 0 1; }
    ResourceChoice > NumberField > Input { width: 9; }
    """

    def __init__(self, total: int, grain: int, *, one_kind: bool = False, id: str) -> None:
        super().__init__(id=id)
        self.total = total
        self.one_kind = one_kind
        self._grain = grain

    def compose(self) -> ComposeResult:
        yield Label("", classes="choice-label", markup=False)
        yield TouchSelect(
            [("Grain", "grain"), ("Stone", "stone")],
            value="grain" if self._grain else "stone",
            allow_blank=False,
            id=f"{self.id}-kind",
        )
        yield NumberField("Grain", self._grain, maximum=self.total, id=f"{self.id}-grain")

    def on_mount(self) -> None:
        self.configure(self.total, self._grain)

    @property
    def splits(self) -> bool:
        """True when you type how many are Grain (more than one, mixed allowed)."""
        return self.total > 1 and not self.one_kind

    def configure(self, total: int, grain: int | None = None) -> None:
        """Fit to ``total`` resources (``grain``: how many start as Grain)."""
        self.total = total
        self.display = total > 0
        field = self.query_one(NumberField)
        field.validator.maximum = total
        if grain is not None:
            field.text = str(grain)
            self.query_one(Select).value = "grain" if grain else "stone"
        mixed = self.splits
        words = plural(total, "resource")
        self.query_one(".choice-label", Label).update(
            f"Take {words} of your choice:" if mixed else f"Take {words} as "
        )
        self.query_one(Select).display = not mixed
        field.display = mixed
        self.refresh_hint()

    def refresh_hint(self) -> None:
        """``and 2 as Stone`` beside the Grain typed."""
        field = self.query_one(NumberField)
        grain = field.value
        field.hint = (
            "" if grain is None or grain > self.total else f"and {self.total - grain} Stone"
        )
        if not field.has_error:
            field.show_message(None)

    def focus_first(self) -> None:
        """Focus the list or the Grain field."""
        if self.splits:
            self.query_one(NumberField).input.focus()
        else:
            self.query_one(Select).focus()

    def problem(self) -> str | None:
        """What is wrong with the split (``None``: fine)."""
        if not self.display or not self.splits:
            return None
        return field_problem(self.query_one(NumberField), "Grain")

    def split(self) -> tuple[int, int]:
        """``(grain, stone)`` chosen (check :meth:`problem` first)."""
        if not self.display:
            return 0, 0
        if self.splits:
            grain = self.query_one(NumberField).value or 0
            return grain, self.total - grain
        kind = self.query_one(Select).value
        return (self.total, 0) if kind == "grain" else (0, self.total)


class GainsForm(Horizontal):
    """What an effect gives, typed from what is printed: VP, Augustales, Grain and Stone
    (and, when ``choice`` is set, how many resources of your choice)."""

    DEFAULT_CSS = """
    GainsForm { height: auto; }
    GainsForm > NumberField { width: auto; margin-right: 2; }
    GainsForm > NumberField > .number-label { width: auto; height: 1; padding-right: 1; }
    GainsForm > NumberField > Input { width: 5; background: $panel; }
    GainsForm > NumberField > .number-message { display: none; }
    """

    FIELDS: tuple[tuple[str, str], ...] = (
        ("vp", "VP"),
        ("augustales", "Augustales"),
        ("grain", "Grain"),
        ("stone", "Stone"),
    )

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)

    def compose(self) -> ComposeResult:
        for field, name in self.FIELDS:
            yield NumberField(name, 0, maximum=99, id=f"{self.id}-{field}", compact=True)

    def problem(self) -> str | None:
        """The first amount that is not a whole number in range (``None``: all fine)."""
        for field, name in self.FIELDS:
            problem = field_problem(self.query_one(f"#{self.id}-{field}", NumberField), name)
            if problem:
                return problem
        return None

    def gains(self) -> Gains:
        """The amounts typed (check :meth:`problem` first)."""
        values = {
            field: self.query_one(f"#{self.id}-{field}", NumberField).value or 0
            for field, _ in self.FIELDS
        }
        return Gains(**values)

    def focus_first(self) -> None:
        """Focus the first amount."""
        self.query_one(NumberField).input.focus()


def then(text: str, grant: Grant) -> str:
    """``+2 Grain, then promote a Specialist``: ``text``, then the steps that follow."""
    return ", then ".join([text, *(describe_action(step) for step in grant.actions)])


def holdings(player: PlayerState, pay: Gains | None = None, get: Gains | None = None) -> str:
    """``2 Grain, 0 Stone, 30 Augustales and 4 VP``: what you hold (after ``pay``/``get``)."""
    pay, get = pay or Gains(), get or Gains()
    have = {f: int(getattr(player, f)) + get.amount(f) - pay.amount(f) for f in GAIN_FIELDS}
    coins = amount_label("augustales", have["augustales"])
    return f"{have['grain']} Grain, {have['stone']} Stone, {coins} and {have['vp']} VP"


class ResolveModal(GameEventModal[Resolve]):
    """Cards to draw: confirm (Done). A known effect: what it gives now, your choices only
    where it has any (resource split, conversions, which Allies count), the result; with no
    choice one key confirms. An effect our data lacks: type what it gives and the main
    action it allows, once."""

    DIALOG_TITLE = "Follow through"
    OK_LABEL = "Take"
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
            self.DIALOG_TITLE = "Draw cards"
            self.OK_LABEL = "Done"
        elif self.mode == "tell":
            self.DIALOG_TITLE = "Tell what this effect does"
            self.OK_LABEL = "Record"

    # --- what the effect offers --------------------------------------------------------------

    @property
    def name(self) -> str:
        """What the effect comes from (``A15``, ``City Bonus A``)."""
        duty = self.obligation
        if duty is None:
            return "This effect"
        return card_name(duty.card_id) if duty.card_id else duty.source

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
            count = self.obligation.count if self.obligation is not None else 1
            yield Label(f"Draw {plural(count, 'card')} from your draw pile.", id="what")
            return
        if self.mode == "tell":
            yield Label(
                f"Type what {self.name} gives and the main action it allows "
                "(once: the app remembers it).",
                classes="muted",
                markup=False,
            )
            yield GainsForm(id="gains")
            with Horizontal(classes="choice-row"):
                yield Label("then you may ")
                yield TouchSelect(
                    [("nothing more", NO_ACTION)]
                    + [(describe_terms(a, ActionTerms()), a) for a in MAIN_ACTIONS],
                    value=NO_ACTION,
                    allow_blank=False,
                    id="action",
                )
            yield Label("", id="now", markup=False)
            return
        grant = self.grant
        assert grant is not None
        defaults = default_choice(grant, self.state.player, self.state.palace)
        ally_kind = cast("AllyKindChoice | None", defaults["ally_kind"])
        yield Label(f"You have {holdings(self.state.player)}.", classes="muted")
        if self.counts_kind:
            with Horizontal(classes="choice-row"):
                yield Label("Count your ")
                yield TouchSelect(
                    list(ALLY_KINDS), value=ally_kind or "independent", allow_blank=False, id="kind"
                )
        if grant.conversion is not None:
            most = grant.conversion.times
            yield NumberField(
                "Times", defaults["times"], maximum=most, id="times", hint=f"0 to {most}"
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
            now.update(f"{self.name}: {describe_grant(grant)}" if isinstance(grant, Grant) else "")
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
            now.update(sentence(str(exc)))
            self.query_one("#after", Label).update("")
            return
        text = f"{self.name}: {get.describe()}"
        if not pay.empty:
            text += f", paying {pay.describe(sign='')}"
        detail = self._detail(choice)
        now.update(then(text + (f" ({detail})" if detail else ""), self.grant))
        line = f"You will have {holdings(player, pay, get)}."
        room = capacity(self.state, self.ruleset).storage
        held = player.resources + get.resources - pay.resources
        if held > room:
            line += f" Your warehouse holds {room}: you will put {held - room} back."
        self.query_one("#after", Label).update(line)

    def _detail(self, choice: Resolve) -> str:
        """What was counted or how often it was converted (``2 Allies``, ``3 times``)."""
        grant = self.grant
        assert grant is not None
        parts = []
        per = grant.per
        if per is not None:
            count = count_of(per.of, self.state.player, self.state.palace, choice.ally_kind)
            one, many = _COUNTED[per.of]
            if per.of == "own_allies_of_kind" and choice.ally_kind is not None:
                kind = choice.ally_kind.capitalize()
                one, many = f"{kind} Ally", f"{kind} Allies"
            parts.append(plural(count, one, many))
        if grant.conversion is not None and choice.times is not None:
            parts.append("once" if choice.times == 1 else f"{choice.times} times")
        return ", ".join(parts)

    # --- the event -----------------------------------------------------------------------

    def _choice(self) -> Resolve | str:
        """The choices as an event, or what is wrong with them."""
        times: int | None = None
        if self.grant is not None and self.grant.conversion is not None:
            field = self.query_one("#times", NumberField)
            problem = field_problem(field, "Times")
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
            return "type what it gives, or choose the action it allows"

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
