"""The player's configuration file, ``config.toml``: typed, checked, never fatal.

The file is the player's to edit; the program writes to it only when the theme is changed
in the app (:mod:`companion.config.write`). Where it is: :func:`companion.paths.
chosen_config_file`. What it may hold is :data:`~companion.config.settings.SECTIONS`
(and the key overrides of ``[keys]``, checked by :mod:`companion.ui.keys.overrides`);
:mod:`companion.config.schema` derives the JSON schema and the commented example
from the same table.

Reading is done with ``tomllib`` and plain checks rather than pydantic: the app reads the
file before its Start screen, and pydantic's first model costs about 100 ms there (the
``startup`` benchmark allows 30 % over a bare Textual app in all). A bad value never stops
the program: :func:`load_config` keeps every good value, uses the default for each bad
one and says in :attr:`LoadedConfig.problems` what was wrong and how to fix it.
"""

from __future__ import annotations

import dataclasses
import os
import pathlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.config.settings import DECK_MODE_CHOICES as DECK_MODE_CHOICES
from companion.config.settings import DIFFICULTY_CHOICES as DIFFICULTY_CHOICES
from companion.config.settings import HOUSE_CHOICES as HOUSE_CHOICES
from companion.config.settings import MOST_STRUCTURES_CHOICES as MOST_STRUCTURES_CHOICES
from companion.config.settings import SECTIONS as SECTIONS
from companion.config.settings import TITLE_CHOICES as TITLE_CHOICES
from companion.config.settings import Setting as Setting
from companion.config.settings import shown_value as _shown
from companion.i18n import _, ngettext
from companion.plain_text import shown_path

MAX_CONFIG_BYTES = 1 << 20
"""A configuration file is small; anything larger is refused unread."""

KEYS_SECTION = "keys"


@dataclass(frozen=True)
class NewGameDefaults:
    """What the New game form starts with (``None``: not set in the file)."""

    house: str | None = None
    difficulty: str | None = None
    deck_mode: str | None = None
    easier_solo: bool | None = None


@dataclass(frozen=True)
class RulesChoices:
    """Rules choices the file makes (``None``: the engine's own)."""

    most_structures: str | None = None


@dataclass(frozen=True)
class BackupPolicy:
    """Whether the history is copied after each finished game, and how many copies stay."""

    automatic: bool = True
    keep: int = 10


@dataclass(frozen=True)
class BgStatsOptions:
    """How a finished game is worded for BG Stats."""

    player_name: str = "Me"
    win_title: str = "Duke"
    send_frederick: bool = False
    """Frederick II as a second player, so BG Stats keeps your record against him."""


@dataclass(frozen=True)
class CoachOptions:
    """What the Coach aims at, and how many games it may play for one answer."""

    aim_title: str = "Feudal lord"
    games: int = 0
    """The most games for one answer (0: the engine's own limit)."""


@dataclass(frozen=True)
class UiOptions:
    """The app's language (``None``: the environment's locale, else English)."""

    language: str | None = None


@dataclass(frozen=True)
class Config:
    """The settings in force: the file's good values over the defaults."""

    theme: str | None = None
    keys: Mapping[str, str] = field(default_factory=dict)
    """Key overrides by binding id, as written (checked by :mod:`companion.ui.keys.overrides`)."""
    new_game: NewGameDefaults = NewGameDefaults()
    rules: RulesChoices = RulesChoices()
    backups: BackupPolicy = BackupPolicy()
    bgstats: BgStatsOptions = BgStatsOptions()
    coach: CoachOptions = CoachOptions()
    ui: UiOptions = UiOptions()


@dataclass(frozen=True)
class LoadedConfig:
    """A configuration as read: the settings, the file (``None``: none in use) and what
    was wrong in it (each problem a full sentence naming the setting)."""

    config: Config = Config()
    path: pathlib.Path | None = None
    problems: tuple[str, ...] = ()
    exists: bool = False

    @property
    def name(self) -> str:
        """How messages name the file."""
        return shown_path(self.path.name) if self.path is not None else "the configuration"


def load_config(path: pathlib.Path | None) -> LoadedConfig:
    """Read the configuration file at ``path`` (``None``: the defaults, no file). A
    missing file is the defaults without a problem; a file that cannot be read or parsed
    is the defaults with one problem saying why; each bad value is its default with a
    problem naming it. Never raises for the file's content or access."""
    if path is None:
        return LoadedConfig()
    raw, problem = _read(path)
    if problem is not None:
        return LoadedConfig(path=path, problems=(problem,), exists=raw is not None)
    if raw is None:
        return LoadedConfig(path=path)
    config, problems = parse_config(raw, shown_path(path.name))
    return LoadedConfig(config, path, tuple(problems), exists=True)


def _read(path: pathlib.Path) -> tuple[bytes | None, str | None]:
    """The file's bytes (``None``: no file) and why it could not be used."""
    from companion.storage.errors import describe_os_error

    try:
        if not path.exists():
            return None, None
        if not path.is_file():
            return b"", _("{path} is not a file; the built-in settings are used.").format(
                path=shown_path(path)
            )
        size = path.stat().st_size
        if size > MAX_CONFIG_BYTES:
            return b"", _(
                "{path} is {size} bytes, too large for a configuration file (at most "
                "{most}); the built-in settings are used."
            ).format(path=shown_path(path), size=f"{size:,}", most=f"{MAX_CONFIG_BYTES:,}")
        return path.read_bytes(), None
    except (OSError, ValueError) as exc:
        reason = describe_os_error(exc) if isinstance(exc, OSError) else _("not a valid path")
        return (
            b"",
            _("{path} could not be read ({reason}); the built-in settings are used.").format(
                path=shown_path(path), reason=reason
            ),
        )


def parse_config(raw: bytes, name: str = "config.toml") -> tuple[Config, list[str]]:
    """The settings in ``raw`` (a TOML document) and the problems found; ``name`` is how
    the messages call the file."""
    from companion.storage.parsing import ParseError, parse_toml

    try:
        document = parse_toml(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        return Config(), [
            _("{name} is not UTF-8 text (byte {byte}); the built-in settings are used.").format(
                name=name, byte=exc.start + 1
            )
        ]
    except ParseError as exc:
        what = str(exc).removeprefix("it ")
        return Config(), [
            _("{name} {what}; the built-in settings are used until it is fixed.").format(
                name=name, what=what
            )
        ]
    problems: list[str] = []
    values: dict[str, Any] = {}
    sections: dict[str, dict[str, Any]] = {}
    for key, value in document.items():
        if key == KEYS_SECTION:
            values["keys"] = _read_keys(value, name, problems)
        elif key in SECTIONS and key:
            if isinstance(value, dict):
                sections[key] = _read_section(key, value, name, problems)
            else:
                problems.append(
                    _(
                        "{name}: {key} must be a table ([{key}] on its own line, then its "
                        "settings); it was ignored."
                    ).format(name=name, key=key)
                )
        else:
            top = {s.name: s for s in SECTIONS[""][1]}
            if key in top:
                checked = _checked(top[key], value, key, name, problems)
                if checked is not _BAD:
                    values[key] = checked
            else:
                problems.append(_unknown(name, key, [*top, *SECTIONS, KEYS_SECTION], ""))
    config = Config(**values)
    replacements = {
        "new_game": NewGameDefaults,
        "rules": RulesChoices,
        "backups": BackupPolicy,
        "bgstats": BgStatsOptions,
        "coach": CoachOptions,
        "ui": UiOptions,
    }
    for section, cls in replacements.items():
        if section in sections:
            config = dataclasses.replace(config, **{section: cls(**sections[section])})
    return config, problems


_BAD = object()


def _checked(setting: Setting, value: Any, where: str, name: str, problems: list[str]) -> Any:
    why = setting.check(value)
    if why is None:
        return value
    fallback = (
        _("the default is used")
        if setting.default is None
        else _("the default ({value}) is used").format(value=_shown(setting.default))
    )
    problems.append(
        _("{name}: {where} {why}; {fallback}.").format(
            name=name, where=where, why=why, fallback=fallback
        )
    )
    return _BAD


def _read_section(
    section: str, table: dict[str, Any], name: str, problems: list[str]
) -> dict[str, Any]:
    known = {s.name: s for s in SECTIONS[section][1]}
    values: dict[str, Any] = {}
    for key, value in table.items():
        setting = known.get(key)
        if setting is None:
            problems.append(_unknown(name, key, list(known), section))
            continue
        checked = _checked(setting, value, f"[{section}] {key}", name, problems)
        if checked is not _BAD:
            values[key] = checked
    return values


def _read_keys(value: Any, name: str, problems: list[str]) -> dict[str, str]:
    """The ``[keys]`` table flattened to ``binding id = keys`` (``table.play = "p"`` under
    ``[keys]`` is TOML for a nested table; it means the id ``table.play``)."""
    if not isinstance(value, dict):
        problems.append(
            _(
                '{name}: keys must be a table ([keys], then lines like "table.play" = '
                '"p"); no key was changed.'
            ).format(name=name)
        )
        return {}
    flat: dict[str, str] = {}
    not_text: list[tuple[str, Any]] = []

    def walk(prefix: str, table: dict[str, Any]) -> None:
        for key, item in table.items():
            binding_id = f"{prefix}.{key}" if prefix else key
            if isinstance(item, dict):
                walk(binding_id, item)
            elif isinstance(item, str) and item.strip():
                flat[binding_id] = item.strip()
            else:
                not_text.append((binding_id, item))

    walk("", value)
    for binding_id, item in not_text[:3]:
        problems.append(
            _(
                "{name}: [keys] {binding_id} is {item}; write the key in quotes, like "
                '"ctrl+s" (several keys: "f5,ctrl+r"); that key was not changed.'
            ).format(name=name, binding_id=_shown(binding_id), item=_shown(item))
        )
    if len(not_text) > 3:
        more = len(not_text) - 3
        problems.append(
            ngettext(
                "{name}: [keys] {count} more binding is not a key in quotes; it was not changed.",
                "{name}: [keys] {count} more bindings are not a key in quotes; they were not "
                "changed.",
                more,
            ).format(name=name, count=f"{more:,}")
        )
    return flat


def _unknown(name: str, key: str, known: list[str], section: str) -> str:
    import difflib

    where = f"[{section}] " if section else ""
    close = difflib.get_close_matches(key, [k for k in known if k], n=1)
    hint = _(" Did you mean {setting}?").format(setting=close[0]) if close else ""
    return _(
        "{name}: {where}{key} is not a setting the program knows; it was ignored.{hint} "
        "Known here: {known}."
    ).format(
        name=name,
        where=where,
        key=_shown(key),
        hint=hint,
        known=", ".join(k for k in known if k),
    )


def config_from_environment(option: str | os.PathLike[str] | None) -> LoadedConfig:
    """The configuration named by ``--config`` (``option``), the environment variable or
    the platform default, read (see :func:`load_config`)."""
    from companion.paths import chosen_config_file

    return load_config(chosen_config_file(option))
