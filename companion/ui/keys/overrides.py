"""Key overrides from the configuration file, checked before the app applies them.

The ``[keys]`` table maps binding ids (as in :mod:`companion.ui.keys.game`: ``table.play``) to
keys (``"c"``, ``"ctrl+s"``, ``"f5,ctrl+r"`` for several). :func:`check_keymap` keeps the
overrides that are sound and names each one that is not: an id the app does not have, a
key name Textual does not know, or a key that would then do two things on one screen (a
clash), or that a key working everywhere takes first. A clashing override is left out, so
the app's own key stays as it was; nothing here raises.

Clashes are looked for where Textual would meet them: among the bindings of one screen,
dialog or widget (:data:`SCOPES`), and against the app's priority keys (``ctrl+q``), which
are handled before any screen sees the key.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.i18n import N_, _, ngettext
from companion.ui.keys import boards as kb
from companion.ui.keys import game as km
from companion.ui.keys import records as kr
from companion.ui.keys.game import all_ids
from companion.ui.keys.model import Key

SCOPES: tuple[tuple[str, tuple[Key, ...]], ...] = (
    (N_("everywhere"), km.APP_KEYS),
    (N_("the Start screen"), km.START_KEYS),
    (N_("the New game form"), km.SETUP_KEYS),
    (N_("the Table"), km.TABLE_KEYS),
    (N_("the End Phase"), km.END_PHASE_KEYS),
    (N_("the Final score"), km.FINAL_SCORE_KEYS),
    (N_("the game log"), km.LOG_KEYS),
    (N_("the roll-back question"), km.LOG_ROLL_BACK_KEYS.keys()),
    (N_("the History screen"), kr.HISTORY_KEYS),
    (N_("the History table"), kr.HISTORY_TABLE_KEYS),
    (N_("a game's details"), kr.HISTORY_DETAIL_KEYS),
    (N_("the delete question"), kr.HISTORY_DELETE_KEYS.keys()),
    (N_("the export dialog"), kr.EXPORT_KEYS),
    (N_("the backups dialog"), kr.RESTORE_KEYS),
    (N_("the restore question"), kr.HISTORY_RESTORE_KEYS.keys()),
    (N_("the BG Stats screen"), kr.BGSTATS_KEYS),
    (N_("the Statistics screen"), kr.STATISTICS_KEYS),
    (N_("the Review screen"), kr.REVIEW_KEYS),
    (N_("the Deck screen"), kr.DECK_KEYS),
    (N_("the Deck table"), kr.DECK_TABLE_KEYS),
    (N_("the card editor"), kr.CARD_EDITOR_KEYS),
    (N_("the deck reset question"), kr.DECK_RESET_KEYS.keys()),
    (N_("the Board screen"), kb.BOARD_KEYS),
    (N_("the Board table"), kb.BOARD_TABLE_KEYS),
    (N_("the board value dialog"), kb.BOARD_FACT_KEYS),
    (N_("the board leave question"), kb.BOARD_LEAVE_KEYS.keys()),
    (N_("the board reset question"), kb.BOARD_RESET_KEYS.keys()),
    (N_("the board switch question"), kb.BOARD_SWITCH_KEYS.keys()),
    (N_("the dialogs"), km.MODAL_KEYS),
    (N_("the Issue an Edict dialog"), km.ISSUE_EDICT_KEYS),
    (N_("a yes/no question"), km.QUESTION_KEYS.keys()),
    (N_("the What if dialog"), km.ADVISOR_KEYS),
    (N_("the Coach"), km.COACH_KEYS),
    (N_("the choice lists"), km.CHOICE_KEYS),
    (N_("the solo card face dialog"), km.SOLO_FACE_KEYS),
    (N_("the data-in-use screen"), km.DATA_IN_USE_KEYS),
    (N_("the quit question"), km.UNSAVED_QUIT_KEYS),
    (N_("the Help screen"), km.HELP_KEYS),
    (N_("the Reference"), km.REFERENCE_KEYS),
)
"""Each set of bindings that live on one screen, dialog or widget, and its name in a
message. Every binding id of :mod:`companion.ui.keys.game` is in at least one (a test checks)."""

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})


@dataclass(frozen=True)
class KeymapCheck:
    """The overrides that may be applied (binding id → keys, in Textual's spelling) and
    one sentence per override left out."""

    keymap: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


@functools.cache
def _known_key_names() -> frozenset[str]:
    """Names Textual gives keys: ``enter``, ``f5``, ``question_mark``, ``pageup`` …"""
    from textual.keys import Keys, _character_to_key

    names = {key.value.split("+")[-1] for key in Keys}
    names |= {"space", "enter", "tab", "backspace", "escape", "delete"}
    names |= {_character_to_key(char) for char in string.printable if char.isprintable()}
    return frozenset(names)


def normalise_keys(keys: str) -> str:
    """``keys`` in Textual's spelling (``?`` → ``question_mark``), comma-separated."""
    from textual.keys import _normalize_key_list

    return _normalize_key_list(keys)


def _is_key_name(name: str) -> bool:
    """A printable character, or a name Textual gives a key (looked up only then)."""
    return (len(name) == 1 and name.isprintable()) or name in _known_key_names()


def bad_key_names(keys: str) -> list[str]:
    """The keys in ``keys`` (comma-separated) Textual would not recognise."""
    bad: list[str] = []
    for key in keys.split(","):
        key = key.strip()
        *modifiers, name = key.split("+") if key != "+" else ["+"]
        if not name or any(m not in MODIFIERS for m in modifiers) or not _is_key_name(name):
            bad.append(key)
    return bad


SAID_ONE_BY_ONE = 3
"""Problems of one kind said one by one; past that, the first few and how many in all (a
[keys] section of 20,000 unknown ids is said in one line, at once)."""


def check_keymap(overrides: Mapping[str, str], name: str = "config.toml") -> KeymapCheck:
    """Check ``overrides`` (binding id → keys) and return those to apply and the
    problems; ``name`` is how messages call the configuration file."""
    from companion.plain_text import clip_value

    ids = all_ids()
    problems: list[str] = []
    wanted: dict[str, str] = {}
    unknown: list[str] = []
    bad_keys: list[tuple[str, str, list[str]]] = []
    for binding_id, keys in overrides.items():
        if binding_id not in ids:
            unknown.append(binding_id)
            continue
        bad = bad_key_names(keys)
        if bad:
            bad_keys.append((binding_id, keys, bad))
            continue
        wanted[binding_id] = normalise_keys(keys)
    if len(unknown) <= SAID_ONE_BY_ONE:
        import difflib

        for binding_id in unknown:
            close = difflib.get_close_matches(binding_id, sorted(ids), n=1)
            if close:
                said = _(
                    "{name}: [keys] {id} is not a key binding of the app; it was ignored. "
                    "Did you mean {close}? Help (?) lists every binding id."
                )
            else:
                said = _(
                    "{name}: [keys] {id} is not a key binding of the app; it was ignored. "
                    "Help (?) lists every binding id."
                )
            problems.append(
                said.format(name=name, id=clip_value(binding_id), close=close[0] if close else "")
            )
    else:
        first = ", ".join(clip_value(i) for i in unknown[:SAID_ONE_BY_ONE])
        problems.append(
            _(
                "{name}: [keys] {count} ids are not key bindings of the app (the first: "
                "{first}); they were ignored. Help (?) lists every binding id."
            ).format(name=name, count=f"{len(unknown):,}", first=first)
        )
    for binding_id, keys, bad in bad_keys[:SAID_ONE_BY_ONE]:
        problems.append(
            _(
                "{name}: [keys] {id} = {keys}: {bad} is not a key name (examples: "
                '"c", "ctrl+s", "f5", "enter", "question_mark"); the key was not changed.'
            ).format(
                name=name,
                id=binding_id,
                keys=clip_value(keys),
                bad=", ".join(clip_value(b) for b in bad[:SAID_ONE_BY_ONE]),
            )
        )
    if len(bad_keys) > SAID_ONE_BY_ONE:
        more = len(bad_keys) - SAID_ONE_BY_ONE
        problems.append(
            ngettext(
                "{name}: [keys] {count} more binding names keys that do not exist; it was "
                "not changed.",
                "{name}: [keys] {count} more bindings name keys that do not exist; they were "
                "not changed.",
                more,
            ).format(name=name, count=f"{more:,}")
        )
    clashing = _clashes(wanted, problems, name)
    return KeymapCheck({k: v for k, v in wanted.items() if k not in clashing}, problems)


def _keys_of(key: Key, keymap: Mapping[str, str]) -> list[str]:
    keys = keymap.get(key.id) or normalise_keys(key.key)
    return [part.strip() for part in keys.split(",") if part.strip()]


def _clashes(keymap: dict[str, str], problems: list[str], name: str) -> set[str]:
    """The overridden ids that would share a key with another binding of the same scope
    or be taken first by a priority key of the app; each clash is told once."""
    clashing: set[str] = set()
    told: set[tuple[str, ...]] = set()
    priority = {k: key.id for key in km.APP_KEYS if key.priority for k in _keys_of(key, keymap)}
    for where, table in SCOPES:
        users: dict[str, list[str]] = {}
        for key in table:
            for one in dict.fromkeys(_keys_of(key, keymap)):
                if key.id not in users.setdefault(one, []):
                    users[one].append(key.id)
        defaults = {key.id: normalise_keys(key.key).split(",") for key in table}
        for one, ids in users.items():
            moved = [i for i in ids if i in keymap and one not in defaults[i]]
            if len(ids) > 1 and moved:
                pair = tuple(sorted(ids))
                if pair not in told:
                    told.add(pair)
                    if len(ids) == 2:
                        said = _("{name}: [keys] {ids} would both be {key} on {where}; {left_out}")
                    else:
                        said = _("{name}: [keys] {ids} would all be {key} on {where}; {left_out}")
                    problems.append(
                        said.format(
                            name=name,
                            ids=_joined(ids),
                            key=repr(one),
                            where=_(where),
                            left_out=_left_out(moved),
                        )
                    )
                clashing.update(moved)
            taker = priority.get(one)
            if table is not km.APP_KEYS and taker is not None and moved:
                problems.append(
                    _(
                        "{name}: [keys] {ids} would be {key}, which {taker} takes first "
                        "everywhere; {left_out}"
                    ).format(
                        name=name,
                        ids=_joined(moved),
                        key=repr(one),
                        taker=taker,
                        left_out=_left_out(moved),
                    )
                )
                clashing.update(moved)
    return clashing


def _left_out(ids: list[str]) -> str:
    return ngettext(
        "that change was left out. Choose another key.",
        "those changes were left out. Choose another key.",
        len(ids),
    )


def _joined(ids: list[str]) -> str:
    if len(ids) == 1:
        return ids[0]
    return _("{some} and {last}").format(some=", ".join(ids[:-1]), last=ids[-1])
