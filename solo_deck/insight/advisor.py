"""The Edict advisor: every legal way to issue an Edict, with its effect on ally income.

When you issue an Edict you choose the Active tile and, for each kind of icon on it, whether
to add or remove. Each choice moves Frederick's palace, and your Allies' conditions read his
palace at the End Phase. The advisor lists every legal choice with your ally income before
and after (Ally by Ally, with the reason), sorted by the gain. It only informs: you still
choose, and your own supplies and castle are taken as they stand now.

The figures are exactly those of :func:`solo_deck.rules.income.ally_income` on the palace
before and after the choice.

>>> from solo_deck import GameSetup, PlayerState, parse_edict
>>> from solo_deck.setup import initial_state
>>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
>>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
>>> state = state.model_copy(update={"player": PlayerState(allies=("romigi",))})
>>> best = edict_advice(state)[0]
>>> best.describe()
'Edict I (2T): add 2 Towers → ally income 1 → 3 (+2)'
"""

# i18n: sentences are Text
from __future__ import annotations

from collections.abc import Mapping

from solo_deck.errors import RuleError
from solo_deck.model.base import FrozenModel
from solo_deck.model.edict import Edict, EdictKind
from solo_deck.model.palace import Direction, KindChange, Palace, PalaceLimits, PlayerChoice
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.solo_cards import Numeral
from solo_deck.model.state import GameState
from solo_deck.rules.effects import describe_grant
from solo_deck.rules.income import AllyIncome, ally_income
from solo_deck.text import Text, joined, t


class AllyChange(FrozenModel):
    """One Ally's income at the coming End Phase, before and after the choice."""

    ally_id: str
    name: str
    kind: str
    met_before: bool
    met_after: bool
    vp_before: int
    vp_after: int
    reason_before: str
    reason_after: str

    @property
    def gain(self) -> int:
        """VP after less VP before."""
        return self.vp_after - self.vp_before

    @property
    def changed(self) -> bool:
        """True when the condition flips either way."""
        return self.met_before != self.met_after


class AdviceRow(FrozenModel):
    """One legal choice: the tile in ``slot``, add/remove per kind, and what it does.

    ``changes`` are the palace moves kind by kind, ``palace_after`` the palace they give;
    ``income_before`` / ``income_after`` are your ally income totals at the coming End
    Phase; ``allies`` the same per Ally; ``reward`` the reward printed under its space in
    words: as the game knows it (the ruleset, or told when first taken), else as you typed
    it.
    """

    slot: int
    numeral: Numeral
    tile: Edict
    choice: dict[EdictKind, Direction]
    changes: tuple[KindChange, ...]
    palace_after: Palace
    income_before: int
    income_after: int
    gain: int
    allies: tuple[AllyChange, ...]
    reward: str | None = None

    def describe(self) -> Text:
        """One line, e.g. ``Edict II (1W 1K): remove 1 Wall, add 1 Keep → ally income …``."""
        moves = joined(
            [
                t("add {icons}", icons=change.kind.label(change.icons))
                if change.direction == "add"
                else t("remove {icons}", icons=change.kind.label(change.icons))
                for change in self.changes
            ],
            ", ",
        )
        if self.reward:
            return t(
                "Edict {numeral} ({tile}): {moves} → ally income {before} → {after} ({gain:+d}); "
                "reward: {reward}",
                numeral=self.numeral.value,
                tile=self.tile,
                moves=moves,
                before=self.income_before,
                after=self.income_after,
                gain=self.gain,
                reward=self.reward,
            )
        return t(
            "Edict {numeral} ({tile}): {moves} → ally income {before} → {after} ({gain:+d})",
            numeral=self.numeral.value,
            tile=self.tile,
            moves=moves,
            before=self.income_before,
            after=self.income_after,
            gain=self.gain,
        )


def edict_advice(
    state: GameState,
    ruleset: Ruleset | None = None,
    reward: Mapping[int, str] | None = None,
) -> list[AdviceRow]:
    """Every legal choice for every Active tile, best ally-income gain first.

    Ties keep the slot order (I, II, III) and then the order of
    :meth:`~solo_deck.model.palace.Palace.legal_player_choices`. Each row carries the reward
    under its space: the one the game knows, else the text ``reward`` maps its slot (0–2)
    to (what you typed for a reward nobody has told yet).

    >>> from solo_deck import GameSetup, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> rows = edict_advice(state, reward={0: "1 VP", 1: "typed, but known"})
    >>> len(rows), {row.gain for row in rows}   # no Allies yet: every gain is 0
    (8, {0})
    >>> sorted({(row.numeral.value, row.reward) for row in rows if row.slot < 2})
    [('I', '1 VP'), ('II', '+1 resource of your choice')]
    """
    limits = PalaceLimits.from_ruleset(ruleset)
    before = ally_income(state.player, state.palace, ruleset=ruleset)
    rows: list[tuple[int, int, int, AdviceRow]] = []
    for slot, tile in enumerate(state.edicts.active):
        if tile is None:
            continue
        text = reward_text(state, slot, reward.get(slot) if reward else None)
        for order, choice in enumerate(state.palace.legal_player_choices(tile, limits)):
            row = _row(state, slot, tile, choice, limits, before, ruleset, text)
            rows.append((-row.gain, slot, order, row))
    rows.sort(key=lambda entry: entry[:3])
    return [entry[3] for entry in rows]


def what_if(
    state: GameState,
    slot: int,
    choice: PlayerChoice,
    ruleset: Ruleset | None = None,
    reward: str | None = None,
) -> AdviceRow:
    """The effect of one choice without issuing anything. Raises :class:`RuleError` for
    an empty slot or a choice the rules forbid.

    >>> from solo_deck import GameSetup, PlayerState, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> state = state.model_copy(update={"player": PlayerState(allies=("severin",), towers=2)})
    >>> row = what_if(state, 0, {EdictKind.TOWER: Direction.REMOVE})
    >>> row.gain, row.allies[0].reason_after
    (2, 'you 2 vs Frederick 0 Towers, needs you > him')
    """
    if slot not in (0, 1, 2):
        raise RuleError(t("there is no Active space {slot}; choose 0, 1 or 2", slot=slot))
    tile = state.edicts.active[slot]
    if tile is None:
        raise RuleError(
            t(
                "Active {numeral} is empty; choose another Edict",
                numeral=Numeral.from_index(slot).value,
            )
        )
    normalised = {EdictKind(kind): Direction(direction) for kind, direction in choice.items()}
    limits = PalaceLimits.from_ruleset(ruleset)
    before = ally_income(state.player, state.palace, ruleset=ruleset)
    text = reward_text(state, slot, reward)
    return _row(state, slot, tile, normalised, limits, before, ruleset, text)


def reward_text(state: GameState, slot: int, typed: str | None = None) -> str | None:
    """The reward under Active ``slot`` in words: as the game knows it, else ``typed``.

    >>> from solo_deck import GameSetup, parse_edict
    >>> from solo_deck.setup import initial_state
    >>> tiles = tuple(parse_edict(t) for t in ("2T", "1W 1K", "2G 1A"))
    >>> state = initial_state(GameSetup(active_edicts=tiles, next_edicts=tiles, edict_pile=18))
    >>> reward_text(state, 0, "3 VP"), reward_text(state, 1, "3 VP")
    ('3 VP', '+1 resource of your choice')
    """
    grant = state.board.edict_rewards[slot]
    return typed if grant.unknown else describe_grant(grant)


def _row(
    state: GameState,
    slot: int,
    tile: Edict,
    choice: PlayerChoice,
    limits: PalaceLimits,
    before: AllyIncome,
    ruleset: Ruleset | None,
    reward: str | None,
) -> AdviceRow:
    changes = state.palace.player_changes(tile, choice, limits)
    palace = state.palace.apply_player(tile, choice, limits)
    after = ally_income(state.player, palace, ruleset=ruleset)
    allies = tuple(
        AllyChange(
            ally_id=old.ally_id,
            name=old.name,
            kind=old.kind,
            met_before=old.met,
            met_after=new.met,
            vp_before=old.vp,
            vp_after=new.vp,
            reason_before=old.reason,
            reason_after=new.reason,
        )
        for old, new in zip(before.lines, after.lines, strict=True)
    )
    return AdviceRow(
        slot=slot,
        numeral=Numeral.from_index(slot),
        tile=tile,
        choice=dict(choice),
        changes=tuple(changes),
        palace_after=palace,
        income_before=before.total,
        income_after=after.total,
        gain=after.total - before.total,
        allies=allies,
        reward=reward,
    )
