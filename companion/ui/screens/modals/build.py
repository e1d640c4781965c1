"""Build a Structure: which one, normal or Great, what its space cost, and what the table
shows that the app cannot know (the Edict mark, the sides it closes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Label, OptionList, Select
from textual.widgets.option_list import Option

from companion.i18n import N_, _, shown
from companion.ui.screens.modals.event_modal import GameEventModal
from companion.ui.screens.modals.terms import cover_name, great_name, side_name
from companion.ui.widgets.dialog_list import DialogList
from companion.ui.widgets.number_field import NumberField
from companion.ui.widgets.search_select import focus_first_enabled
from companion.ui.widgets.toggles import ClearCheckbox
from companion.ui.widgets.touch_select import TouchSelect
from companion.ui.wording import worded
from solo_deck import discount, great_structures, keep_covers, side_incomes
from solo_deck.events import Build
from solo_deck.text import term

if TYPE_CHECKING:
    from solo_deck import GameState, Obligation, Ruleset

STRUCTURES = ("tower", "wall", "keep")
NOTHING_PAID = {
    "tower": (
        N_(
            "nothing paid for this tower: every castle space costs Stone or Grain. Press"
            " {button} again if that is right"
        ),
        N_(
            "nothing paid for this tower: every castle space costs Stone or Grain. Tap"
            " {button} again if that is right"
        ),
    ),
    "wall": (
        N_(
            "nothing paid for this wall: every castle space costs Stone or Grain. Press"
            " {button} again if that is right"
        ),
        N_(
            "nothing paid for this wall: every castle space costs Stone or Grain. Tap"
            " {button} again if that is right"
        ),
    ),
    "keep": (
        N_(
            "nothing paid for this keep: every castle space costs Stone or Grain. Press"
            " {button} again if that is right"
        ),
        N_(
            "nothing paid for this keep: every castle space costs Stone or Grain. Tap"
            " {button} again if that is right"
        ),
    ),
}
"""What a Build with nothing paid asks, per Structure: with keys, and on a touch screen."""
NORMAL = "normal"
NO_SIDE = "none"


class BuildModal(GameEventModal[Build]):
    """The Structure first (arrows), then normal or Great, the Keep cover,
    what you paid for the space, the Edict mark and the sides closed. Build records; a Build
    with nothing paid asks once."""

    DIALOG_TITLE = N_("Build a Structure")
    OK_LABEL = N_("Build")
    DEFAULT_CSS = """
    BuildModal #structure { height: auto; margin-top: 1; }
    BuildModal .build-row { height: auto; }
    BuildModal .build-row > Select { width: 1fr; }
    BuildModal .build-row > Label { width: 20; }
    BuildModal #sides-row > Select { margin-right: 1; }
    BuildModal #grain { margin-top: 1; }
    """

    def __init__(
        self, state: GameState, ruleset: Ruleset, obligation: Obligation | None = None
    ) -> None:
        super().__init__(state, ruleset, obligation)
        self._nothing_paid_asked = False

    # --- what the rules and the data say -------------------------------------------------

    def counts(self) -> dict[str, tuple[int, int]]:
        """``structure: (built, castle size)``."""
        rules = self.ruleset.player
        size = {
            "tower": rules.castle_towers.value,
            "wall": rules.castle_walls.value,
            "keep": rules.castle_keeps.value,
        }
        return {s: (self.state.player.built(s), size[s]) for s in STRUCTURES}

    def greats_for(self, structure: str) -> list[tuple[str, str]]:
        """``(id, label)`` of the Great Structures of that kind still unbuilt."""
        built = self.state.player.greats
        options: list[tuple[str, str]] = []
        for great in great_structures().values():
            if great.structure != structure or great.id in built:
                continue
            if great.augustales is None:
                label = _("{name} (cost on your board)").format(name=great_name(great.name))
            else:
                label = _("{name} (+{coins} A)").format(
                    name=great_name(great.name), coins=great.augustales
                )
            options.append((great.id, label))
        return options

    def chosen_structure(self) -> str | None:
        """The Structure highlighted (``None`` if none can be built)."""
        structures = self.query_one("#structure", OptionList)
        index = structures.highlighted
        if index is None or structures.get_option_at_index(index).disabled:
            return None
        return STRUCTURES[index]

    # --- layout --------------------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        options = []
        for structure, (built, size) in self.counts().items():
            blocked = built >= size or (
                self.terms.structure is not None and self.terms.structure != structure
            )
            name = shown(term(structure.capitalize(), "castle"))
            if built >= size:
                text = _("{structure} — {built}/{size} built  (all built)")
            else:
                text = _("{structure} — {built}/{size} built")
            text = text.format(structure=name, built=built, size=size)
            options.append(Option(text, id=structure, disabled=blocked))
        yield DialogList(*options, id="structure", compact=True)
        with Horizontal(classes="build-row"):
            yield Label(_("Normal or Great"))
            yield TouchSelect(
                [(_("normal"), NORMAL)], value=NORMAL, allow_blank=False, id="great", compact=True
            )
        with Horizontal(classes="build-row", id="cover-row"):
            yield Label(_("Keep cover"))
            yield TouchSelect(
                [], id="cover", prompt=_("which Keep Cover tile you take"), compact=True
            )
        yield Label("", id="what", classes="muted", markup=False)
        yield NumberField(_("Grain paid"), 0, id="grain", compact=True)
        yield NumberField(_("Stone paid"), 0, id="stone", compact=True)
        yield NumberField(_("Augustales paid"), 0, id="augustales", disabled=True, compact=True)
        yield ClearCheckbox(
            _("The space shows the Edict mark (issue an Edict)"), id="mark", compact=True
        )
        with Horizontal(classes="build-row", id="sides-row"):
            yield Label(_("Side it closes"))
            for number in (1, 2):
                yield TouchSelect(
                    [(_("no side"), NO_SIDE)],
                    value=NO_SIDE,
                    allow_blank=False,
                    id=f"side{number}",
                    compact=True,
                )

    def on_mount(self) -> None:
        focus_first_enabled(self.query_one("#structure", OptionList))
        self._sync()

    @on(OptionList.OptionHighlighted, "#structure")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._sync()

    @on(Select.Changed, "#great")
    def _great_changed(self, event: Select.Changed) -> None:
        self._sync_costs()

    @on(Select.Changed, "#cover")
    def _cover_changed(self, event: Select.Changed) -> None:
        self._sync_what()

    def _sync_what(self) -> None:
        """What the chosen Great Structure or Keep cover does, in one line."""
        what = self.query_one("#what", Label)
        great = self.query_one("#great", Select).value
        cover = self.query_one("#cover", Select).value
        texts = []
        if self.chosen_structure() == "keep":
            texts.append(_("Every Keep issues an Edict."))
            if isinstance(cover, str):
                texts.append(shown(keep_covers()[cover].text))
        if isinstance(great, str) and great != NORMAL:
            texts.append(shown(great_structures()[great].text))
        what.update(" ".join(texts))
        what.display = bool(texts)

    def _sync(self) -> None:
        """Fit the fields to the Structure highlighted."""
        structure = self.chosen_structure()
        great = self.query_one("#great", Select)
        great.set_options(
            [
                (_("normal"), NORMAL),
                *[(label, gid) for gid, label in self.greats_for(structure or "")],
            ]
        )
        great.value = NORMAL
        is_keep = structure == "keep"
        cover = self.query_one("#cover", Select)
        taken = self.state.player.keep_covers
        cover.set_options(
            [(cover_name(c.name), c.id) for c in keep_covers().values() if c.id not in taken]
        )
        self.query_one("#cover-row").display = is_keep
        mark = self.query_one("#mark", Checkbox)
        mark.value = False
        mark.display = not is_keep  # every Keep issues an Edict: #what says so
        closed = self.state.player.closed_sides
        incomes = [
            (_("the {side} side").format(side=side_name(rule.name)), rule.income)
            for rule in side_incomes().values()
        ]
        open_sides = [(_("no side"), NO_SIDE), *[(t, i) for t, i in incomes if i not in closed]]
        for number in (1, 2):
            select = self.query_one(f"#side{number}", Select)
            select.set_options(open_sides)
            select.value = NO_SIDE
        self.query_one("#sides-row").display = not is_keep
        self.query_one("#side2").display = structure == "tower"
        self._sync_costs()

    def _sync_costs(self) -> None:
        """The Augustales the data knows; the resource fields as the terms allow."""
        great = self.query_one("#great", Select).value
        augustales = self.query_one("#augustales", NumberField)
        cost = 0
        unknown = False
        if isinstance(great, str) and great != NORMAL:
            data = great_structures()[great].augustales
            unknown = data is None
            cost = data or 0
        if self.terms.augustales_instead is not None:
            cost += self.terms.augustales_instead
        augustales.text = str(cost)
        augustales.disabled = not unknown
        free = self.terms.free_resources or self.terms.augustales_instead is not None
        for name in ("grain", "stone"):
            field = self.query_one(f"#{name}", NumberField)
            field.disabled = free
            if free:
                field.text = "0"
        for name, (_label, hint) in self.field_words().items():
            field = self.query_one(f"#{name}", NumberField)
            field.hint = hint or ""
            field.show_message(None)
        self._sync_what()

    def field_words(self) -> dict[str, tuple[str, str | None]]:
        """The fields' labels and hints (the terms, the discounts, what you hold)."""
        structure = self.chosen_structure() or "tower"
        great = self.query_one("#great", Select).value
        unknown = (
            isinstance(great, str)
            and great != NORMAL
            and great_structures()[great].augustales is None
        )
        if unknown:
            coins_hint = _("type the cost printed on your board; you have {count}")
        else:
            coins_hint = _("from the rules data; you have {count}")
        free = self.terms.free_resources or self.terms.augustales_instead is not None
        off = discount(self.state, "build", structure) + self.terms.discount
        hints = []
        if free:
            hints.append(_("this Build costs no Stone or Grain"))
        elif self.terms.mixed_resources:
            hints.append(_("pay its cost in any mix of Grain and Stone"))
        if not off.empty:
            hints.append(
                _("{discount} off the space's cost").format(discount=shown(off.describe(sign="")))
            )
        player = self.state.player
        stone = "; ".join([*hints, _("you have {count}").format(count=player.stone)])
        if not hints:
            stone = _("as printed on the space; you have {count}").format(count=player.stone)
        return {
            "grain": (_("Grain paid"), _("you have {count}").format(count=player.grain)),
            "stone": (_("Stone paid"), stone),
            "augustales": (_("Augustales paid"), coins_hint.format(count=player.augustales)),
        }

    # --- the event -----------------------------------------------------------------------

    def build_event(self) -> Build | None:
        structure = self.chosen_structure()
        if structure is None:
            self.show_error(_("there is no Structure you can build here"))
            return None
        fields = [self.query_one(f"#{name}", NumberField) for name in ("grain", "stone")]
        augustales = self.query_one("#augustales", NumberField)
        if not all([field.check() for field in (*fields, augustales)]):
            self.show_error(_("fix the amounts marked in red"))
            return None
        grain, stone = (field.value or 0 for field in fields)
        great = self.query_one("#great", Select).value
        great_id = great if isinstance(great, str) and great != NORMAL else None
        cover = self.query_one("#cover", Select).value
        if structure == "keep" and not isinstance(cover, str):
            self.show_error(_("choose the Keep Cover tile this Keep turns over"))
            return None
        free = self.terms.free_resources or self.terms.augustales_instead is not None
        if not free and grain + stone == 0 and not self._nothing_paid_asked:
            self._nothing_paid_asked = True
            keys, taps = NOTHING_PAID[structure]
            self.show_error(_(worded(self, keys, taps)).format(button=self.ok_label))
            return None
        self.show_error(None)
        sides = [self.query_one(f"#side{n}", Select).value for n in (1, 2)]
        closes = tuple(s for s in sides if isinstance(s, str) and s != NO_SIDE)
        if structure != "tower":
            closes = closes[:1]
        unknown_cost = great_id is not None and great_structures()[great_id].augustales is None
        return Build(
            structure=structure,
            great=great_id,
            cover=cover if structure == "keep" else None,
            grain=grain,
            stone=stone,
            augustales=augustales.value if unknown_cost else None,
            # a Keep issues its Edict whatever the space shows: the mark is for the others
            edict_mark=structure != "keep" and self.query_one("#mark", Checkbox).value,
            closes=tuple(dict.fromkeys(closes)),
        )
