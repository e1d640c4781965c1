"""What the table shows at setup, all optional ("entered when known, else asked when it
matters"), in a collapsible section: the Workplace tile on each Countryside and Village
space, the spaces printed with a Workplace Edict token, the City Bonus tile in each City,
the reward printed under Active I–III and the Market tile at each port.

The token spaces and the rewards are printed on the board, the same every game: the form
is prefilled with the ones last entered. The tiles are dealt at random: never prefilled.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select, Static

from companion.i18n import N_, _, ngettext, pgettext, shown
from companion.storage.settings_store import PrintedBoard
from companion.ui.screens.setup.fields import (
    Problem,
    error_label,
    refuse_twice,
    show_error,
)
from companion.ui.screens.setup.notation import (
    MARKET_EXAMPLE,
    REWARD_KINDS,
    REWARD_MAX,
    parse_market,
    reward_grant,
    reward_parts,
)
from companion.ui.widgets.field_input import FieldInput
from companion.ui.widgets.lazy_fold import LazyFold
from companion.ui.widgets.toggles import ClearCheckbox
from companion.ui.widgets.touch_select import TouchSelect
from companion.ui.widgets.validators import WholeNumber
from solo_deck import (
    Grant,
    MarketTile,
    PlayerLimits,
    Ruleset,
    city_bonus_tiles,
    describe_grant,
    space_key,
    workplace_tiles,
)
from solo_deck.text import named

FOLD_TITLE = N_("Board (optional): tiles, Edict tokens and rewards, Markets")
ACTIVE_NAMES = (N_("Active I"), N_("Active II"), N_("Active III"))
Rewards = tuple[Grant | None, Grant | None, Grant | None]


class BoardContents(Vertical):
    """The fields of a :class:`BoardSection`, made when its fold first opens."""

    DEFAULT_CSS = "BoardContents { height: auto; }"

    def __init__(self, section: BoardSection) -> None:
        super().__init__()
        self._section = section

    def compose(self) -> ComposeResult:
        yield from self._section.contents()


class BoardSection(Vertical):
    """The "Board (optional)" section, collapsed until opened.

    Ids: ``wp-A1`` (tile) and ``token-A1`` per Workplace space, ``city-A-0`` per City
    tile, ``reward-0`` and ``reward-amount-0`` per Active space, ``market-0`` per port.
    """

    DEFAULT_CSS = """
    BoardSection { height: auto; }
    BoardSection .board-row { height: auto; }
    BoardSection .board-name { width: 18; }
    BoardSection .board-select { width: 2fr; max-width: 44; margin-right: 2; }
    BoardSection .board-kind { width: 1fr; max-width: 32; margin-right: 2; }
    BoardSection .board-amount { width: 10; margin-right: 2; }
    BoardSection .board-market { width: 2fr; max-width: 44; margin-right: 2; }
    BoardSection .board-note { width: 1fr; color: $text-muted; }
    BoardSection .board-heading { margin-top: 1; text-style: bold; }
    """

    def __init__(
        self,
        ruleset: Ruleset,
        ports: list[str],
        tokens: tuple[str, ...] | None,
        rewards: Rewards,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self._ruleset = ruleset
        self._limits = PlayerLimits.from_ruleset(ruleset)
        self._spaces = [space_key(p, s) for p, s in self._limits.workplace_spaces()]
        self._ports = ports
        self._tokens = tuple(t for t in tokens or () if t in self._spaces)
        self._remembered = rewards

    # --- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield LazyFold(
            lambda: [BoardContents(self)],
            title=_(FOLD_TITLE),
            id="board",
        )
        yield Static(self.summary(), id="board-summary", classes="muted", markup=False)

    @property
    def filled(self) -> bool:
        """True once the fold has been opened and its fields made (until then the
        section reads as what the last setup remembered, nothing else noted)."""
        return self.query_one("#board", LazyFold).filled

    def contents(self) -> ComposeResult:
        """The fields, made when the fold first opens (:class:`BoardContents`)."""
        yield Static(
            _("Note what you know now; anything left empty is asked when it first matters."),
            classes="muted",
        )
        yield from self._workplaces()
        yield from self._cities()
        yield from self._rewards()
        yield from self._markets()

    def summary(self) -> str:
        """What the section holds from the last setup, in a line (folded, it reads so)."""
        parts = []
        if self._tokens:
            spaces = pgettext("list", " and ").join(self._tokens)
            parts.append(_("Edict tokens on {spaces}").format(spaces=spaces))
        noted = [_(ACTIVE_NAMES[i]) for i, grant in enumerate(self._remembered) if grant]
        if noted:
            under = ngettext("the reward under {spaces}", "the rewards under {spaces}", len(noted))
            parts.append(under.format(spaces=_and(noted)))
        if not parts:
            return ""
        return _("Remembered from your last setup: {parts}.").format(parts="; ".join(parts))

    def _workplaces(self) -> ComposeResult:
        tokens = self._limits.edict_tokens
        yield Static(_("Workplace tiles (dealt at random)"), classes="board-heading")
        yield Static(
            ngettext(
                "Tick the {count} space printed with a Workplace Edict token (the same every "
                "game: remembered).",
                "Tick the {count} spaces printed with a Workplace Edict token (the same every "
                "game: remembered).",
                tokens,
            ).format(count=tokens),
            classes="muted",
        )
        catalogue = workplace_tiles()
        for path, space in self._limits.workplace_spaces():
            key = space_key(path, space)
            area = self._limits.area(path, space)
            options = [
                (f"{shown(tile.label)} · {shown(tile.text)}", tile.id)
                for tile in catalogue.values()
                if tile.area == area
            ]
            with Horizontal(classes="board-row"):
                yield Label(
                    f"{key} {shown(named(area.capitalize(), 'component'))}",
                    classes="board-name",
                )
                yield TouchSelect(
                    options,
                    prompt=_("tile: not noted"),
                    compact=True,
                    id=f"wp-{key}",
                    classes="board-select",
                )
                yield ClearCheckbox(
                    _("Edict token"), value=key in self._tokens, compact=True, id=f"token-{key}"
                )
            yield error_label(f"wp-{key}")
        yield error_label("tokens")

    def _cities(self) -> ComposeResult:
        yield Static(_("City Bonus tiles (dealt at random)"), classes="board-heading")
        options = [
            (f"{tile.id} · {shown(tile.text)}", tile.id) for tile in city_bonus_tiles().values()
        ]
        for path in sorted(self._limits.path_areas):
            with Horizontal(classes="board-row"):
                yield Label(_("City of Path {path}").format(path=path), classes="board-name")
                for number in range(self._limits.city_tiles_per_city):
                    yield TouchSelect(
                        options,
                        prompt=_("tile: not noted"),
                        compact=True,
                        id=f"city-{path}-{number}",
                        classes="board-select",
                    )

    def _rewards(self) -> ComposeResult:
        yield Static(
            _("Rewards printed under the Active Edict spaces (the same every game: remembered)"),
            classes="board-heading",
        )
        ruled = self._ruleset.edicts
        sourced = (ruled.reward_active_1, ruled.reward_active_2, ruled.reward_active_3)
        kinds = [(label, kind) for kind, label in REWARD_KINDS]
        for slot, rule in enumerate(sourced):
            known = None if rule.value.unknown else rule.value
            parts = reward_parts(self._remembered[slot] or known)
            with Horizontal(classes="board-row"):
                yield Label(_(ACTIVE_NAMES[slot]), classes="board-name")
                yield TouchSelect(
                    kinds,
                    prompt=_("not noted"),
                    value=parts[0] if parts else Select.NULL,
                    compact=True,
                    id=f"reward-{slot}",
                    classes="board-kind",
                )
                yield FieldInput(
                    value=str(parts[1]) if parts else "",
                    placeholder=_("how many"),
                    validators=[WholeNumber(1, REWARD_MAX, optional=True)],
                    compact=True,
                    id=f"reward-amount-{slot}",
                    classes="board-amount",
                )
            if known:
                where = rule.source.split(":")[0]
                yield Static(
                    _("{space} from the {where}: {grant}.").format(
                        space=_(ACTIVE_NAMES[slot]), where=where, grant=describe_grant(known)
                    ),
                    classes="board-note",
                    markup=False,
                )
            yield error_label(f"reward-{slot}")

    def _markets(self) -> ComposeResult:
        yield Static(_("Market tile at each port (dealt at random)"), classes="board-heading")
        yield Static(
            _(
                "Type what it offers, the sale first: {market_example} sells 2 Grain "
                "for 6 Augustales and buys 2 Stone for 4; - for a side it lacks. Or "
                "leave it: the first visit asks."
            ).format(market_example=MARKET_EXAMPLE),
            classes="muted",
        )
        for index, name in enumerate(self._ports):
            with Horizontal(classes="board-row"):
                yield Label(name, id=f"market-name-{index}", classes="board-name", markup=False)
                yield FieldInput(
                    placeholder=_("not noted"),
                    compact=True,
                    id=f"market-{index}",
                    classes="board-market",
                )
                yield Label("", id=f"market-{index}-note", classes="board-note", markup=False)
            yield error_label(f"market-{index}")

    # --- live reactions ---------------------------------------------------------------

    def open_section(self) -> None:
        """Open the section (to show a field that needs attention)."""
        self.query_one("#board", LazyFold).collapsed = False

    def rename_ports(self, names: list[str]) -> None:
        """Follow the port names as they are typed above."""
        self._ports = [name or _port(index) for index, name in enumerate(names)]
        if not self.filled:
            return
        for index, name in enumerate(names[: len(self._ports)]):
            self.query_one(f"#market-name-{index}", Label).update(name or _port(index))

    def on_select_changed(self, event: Select.Changed) -> None:
        """A Workplace tile lies on one space only."""
        select = event.select
        if select.id is None or not select.id.startswith("wp-"):
            if select.id and select.id.startswith("reward-"):
                show_error(self, select.id, "")
            return
        group = [self.query_one(f"#wp-{key}", Select) for key in self._spaces]
        catalogue = workplace_tiles()

        def where(other: Select[Any]) -> str:
            return f"on {str(other.id).removeprefix('wp-')}"

        show_error(
            self, select.id, refuse_twice(select, group, where, lambda t: catalogue[t].label)
        )

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """No more token spaces than tokens."""
        box = event.checkbox
        show_error(self, "tokens", "")
        if not event.value or box.id is None or not box.id.startswith("token-"):
            return
        allowed = self._limits.edict_tokens
        if len(self.token_spaces()) > allowed:
            with box.prevent(Checkbox.Changed):
                box.value = False
            show_error(
                self,
                "tokens",
                _(
                    "There are only {allowed} Workplace Edict tokens: untick one before "
                    "ticking {space}."
                ).format(allowed=allowed, space=box.id.removeprefix("token-")),
            )

    def on_input_changed(self, event: Input.Changed) -> None:
        """Markets read back in words as typed; reward amounts checked as typed."""
        input_id = event.input.id or ""
        if input_id.startswith("market-"):
            note = self.query_one(f"#{input_id}-note", Label)
            try:
                market = parse_market(event.value)
            except ValueError as exc:
                note.update("")
                show_error(self, input_id, str(exc))
            else:
                note.update(f"= {market.describe()}" if market else "")
                show_error(self, input_id, "")
        elif input_id.startswith("reward-amount-"):
            result = event.validation_result
            slot = input_id.removeprefix("reward-amount-")
            message = "" if result is None or result.is_valid else result.failure_descriptions[0]
            show_error(self, f"reward-{slot}", message)

    # --- reading --------------------------------------------------------------------

    def token_spaces(self) -> tuple[str, ...]:
        """The spaces ticked as holding a Workplace Edict token."""
        if not self.filled:
            return self._tokens
        return tuple(k for k in self._spaces if self.query_one(f"#token-{k}", Checkbox).value)

    def rewards(self, problems: list[Problem] | None = None) -> Rewards:
        """The reward noted under each Active space (None: not noted); a half-filled row
        adds to ``problems``."""
        if not self.filled:
            return self._remembered_or_known()
        found: list[Grant | None] = []
        for slot in range(3):
            kind = self.query_one(f"#reward-{slot}", Select)
            amount = self.query_one(f"#reward-amount-{slot}", Input)
            text = amount.value.strip()
            grant = None
            if kind.value is Select.NULL:
                if text and problems is not None:
                    problems.append((kind, f"reward-{slot}", "choose what the reward is"))
            elif not text or not amount.is_valid:
                if problems is not None:
                    message = _("type how many (1 to {most}) the board shows").format(
                        most=REWARD_MAX
                    )
                    problems.append((amount, f"reward-{slot}", message))
            else:
                grant = reward_grant(str(kind.value), int(text))
            found.append(grant)
        return found[0], found[1], found[2]

    def _remembered_or_known(self) -> Rewards:
        """Each Active space's reward as the fold starts: the one remembered from the last
        setup, else the one the ruleset knows."""
        ruled = self._ruleset.edicts
        sourced = (ruled.reward_active_1, ruled.reward_active_2, ruled.reward_active_3)
        found = [
            self._remembered[slot] or (None if rule.value.unknown else rule.value)
            for slot, rule in enumerate(sourced)
        ]
        return found[0], found[1], found[2]

    def _beyond_ruleset(self, rewards: Rewards) -> Rewards:
        """The rewards noted, less those the ruleset already gives."""
        ruled = self._ruleset.edicts.rewards()
        kept = [None if grant == ruled[slot] else grant for slot, grant in enumerate(rewards)]
        return kept[0], kept[1], kept[2]

    def printed(self) -> PrintedBoard:
        """What to remember for the next setup: the token spaces and the rewards noted
        (those the ruleset gives are prefilled from it anyway)."""
        return PrintedBoard(self.token_spaces() or None, self._beyond_ruleset(self.rewards()))

    def values(self) -> tuple[dict[str, Any], list[Problem]]:
        """The GameSetup arguments this section gives, and what needs attention."""
        problems: list[Problem] = []
        if not self.filled:
            tokens = self._tokens if len(self._tokens) == self._limits.edict_tokens else ()
            return {
                "workplaces": {},
                "edict_token_spaces": tokens or None,
                "city_tiles": {},
                "edict_rewards": self._beyond_ruleset(self.rewards()),
                "markets": (),
            }, problems
        workplaces = {}
        for key in self._spaces:
            tile = self.query_one(f"#wp-{key}", Select).value
            if tile is not Select.NULL:
                workplaces[key] = str(tile)
        tokens = self.token_spaces()
        allowed = self._limits.edict_tokens
        if tokens and len(tokens) != allowed:
            problems.append(
                (
                    self.query_one(f"#token-{tokens[0]}"),
                    "tokens",
                    _(
                        "Tick the {allowed} spaces printed with an Edict token, or none (then "
                        "the app asks when a Specialist first arrives)."
                    ).format(allowed=allowed),
                )
            )
        city_tiles = {}
        for path in sorted(self._limits.path_areas):
            chosen = [
                self.query_one(f"#city-{path}-{n}", Select).value
                for n in range(self._limits.city_tiles_per_city)
            ]
            tiles = tuple(str(tile) for tile in chosen if tile is not Select.NULL)
            if tiles:
                city_tiles[path] = tiles
        rewards = self._beyond_ruleset(self.rewards(problems))
        markets: list[MarketTile | None] = []
        for index in range(len(self._ports)):
            market_input = self.query_one(f"#market-{index}", Input)
            try:
                markets.append(parse_market(market_input.value))
            except ValueError as exc:
                problems.append((market_input, f"market-{index}", str(exc)))
                markets.append(None)
        values: dict[str, Any] = {
            "workplaces": workplaces,
            "edict_token_spaces": tokens or None,
            "city_tiles": city_tiles,
            "edict_rewards": rewards,
            "markets": tuple(markets) if any(markets) else (),
        }
        return values, problems


def _and(names: list[str]) -> str:
    """``A, B and C`` in the language in use."""
    if len(names) == 1:
        return names[0]
    return _("{some} and {last}").format(some=", ".join(names[:-1]), last=names[-1])


def _port(index: int) -> str:
    """A port not named yet: ``port 1`` for the first."""
    return _("port {n}").format(n=index + 1)
