"""The fields the dialogs of effects share: the resources of your choice
(:class:`ResourceChoice`), what an effect gives typed from what is printed
(:class:`GainsForm`), and the words for what an effect counted (:func:`counted`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select

from companion.i18n import N_, _, ngettext
from companion.ui.widgets.number_field import NumberField
from companion.ui.widgets.rewords import WordsItself
from companion.ui.widgets.touch_select import TouchSelect
from solo_deck import CountOf, Gains


def counted(of: CountOf | str, count: int) -> str:
    """``2 Allies``, ``1 Structure in Frederick's castle``: what an effect counted."""
    if of in ("own_allies", "own_allies_of_kind"):
        words = ngettext("{n} Ally", "{n} Allies", count)
    elif of == "independent":
        words = ngettext("{n} Independent Ally", "{n} Independent Allies", count)
    elif of == "loyalist":
        words = ngettext("{n} Loyalist Ally", "{n} Loyalist Allies", count)
    elif of == "own_structures":
        words = ngettext("{n} Structure", "{n} Structures", count)
    elif of == "frederick_court":
        words = ngettext("{n} Ally in Frederick's Court", "{n} Allies in Frederick's Court", count)
    elif of == "frederick_structures":
        words = ngettext(
            "{n} Structure in Frederick's castle", "{n} Structures in Frederick's castle", count
        )
    else:
        words = ngettext(
            "{n} resource in Frederick's Reserve", "{n} resources in Frederick's Reserve", count
        )
    return words.format(n=f"{count:,}")


def field_problem(field: NumberField, name: str) -> str | None:
    """What is wrong with one amount (``None``: it is fine); ``name`` is the field's, in
    the language in use."""
    result = field.validator.validate(field.text)
    if result.is_valid:
        return None
    return _("{field}: {problem}").format(field=name, problem=result.failure_descriptions[0])


class ResourceChoice(WordsItself, Horizontal):
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
            self._kinds(),
            value="grain" if self._grain else "stone",
            allow_blank=False,
            id=f"{self.id}-kind",
        )
        yield NumberField(_("Grain"), self._grain, maximum=self.total, id=f"{self.id}-grain")

    def on_mount(self) -> None:
        self.configure(self.total, self._grain)

    @staticmethod
    def _kinds() -> list[tuple[str, str]]:
        return [(_("Grain"), "grain"), (_("Stone"), "stone")]

    def relabel(self) -> None:
        """Word the line, the kinds and the Grain field again (a language switch): the
        kind chosen and the number typed stay."""
        self.query_one(TouchSelect).reword(self._kinds())
        field = self.query_one(NumberField)
        field.relabel(_("Grain"))
        self.configure(self.total)

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
        if mixed:
            words = ngettext(
                "Take {n} resource of your choice:", "Take {n} resources of your choice:", total
            )
        else:
            words = ngettext("Take {n} resource as ", "Take {n} resources as ", total)
        self.query_one(".choice-label", Label).update(words.format(n=f"{total:,}"))
        self.query_one(Select).display = not mixed
        field.display = mixed
        self.refresh_hint()

    def refresh_hint(self) -> None:
        """``and 2 as Stone`` beside the Grain typed."""
        field = self.query_one(NumberField)
        grain = field.value
        field.hint = (
            ""
            if grain is None or grain > self.total
            else _("and {n} Stone").format(n=self.total - grain)
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
        return field_problem(self.query_one(NumberField), _("Grain"))

    def split(self) -> tuple[int, int]:
        """``(grain, stone)`` chosen (check :meth:`problem` first)."""
        if not self.display:
            return 0, 0
        if self.splits:
            grain = self.query_one(NumberField).value or 0
            return grain, self.total - grain
        kind = self.query_one(Select).value
        return (self.total, 0) if kind == "grain" else (0, self.total)


class GainsForm(WordsItself, Horizontal):
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
        ("vp", N_("VP")),
        ("augustales", N_("Augustales")),
        ("grain", N_("Grain")),
        ("stone", N_("Stone")),
    )
    """Each amount's field and name (English, shown through ``_``)."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)

    def compose(self) -> ComposeResult:
        for field, name in self.FIELDS:
            yield NumberField(_(name), 0, maximum=99, id=f"{self.id}-{field}", compact=True)

    def relabel(self) -> None:
        """Name the amounts again (a language switch): what was typed stays."""
        for field, name in self.FIELDS:
            self.query_one(f"#{self.id}-{field}", NumberField).relabel(_(name))

    def problem(self) -> str | None:
        """The first amount that is not a whole number in range (``None``: all fine)."""
        for field, name in self.FIELDS:
            problem = field_problem(self.query_one(f"#{self.id}-{field}", NumberField), _(name))
            if problem:
                return problem
        return None

    def gains(self) -> Gains:
        """The amounts typed (check :meth:`problem` first)."""
        values = {
            field: self.query_one(f"#{self.id}-{field}", NumberField).value or 0
            for field, _name in self.FIELDS
        }
        return Gains(**values)

    def focus_first(self) -> None:
        """Focus the first amount."""
        self.query_one(NumberField).input.focus()
