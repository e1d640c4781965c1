"""The player's configuration file, ``config.toml``: read and checked
(:mod:`~companion.config.load`; never fatal), described for people and editors (the JSON
schema and the commented example, :mod:`~companion.config.schema`), and the one change the
program makes to it, the theme (:mod:`~companion.config.write`).

The key overrides of its ``[keys]`` table are checked against the app's key tables and
Textual's key names, so that check lives with the keys (:mod:`companion.ui.keys`).

The names below are imported on first use (PEP 562).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.config.load import (
        DECK_MODE_CHOICES,
        DIFFICULTY_CHOICES,
        HOUSE_CHOICES,
        KEYS_SECTION,
        MAX_CONFIG_BYTES,
        MOST_STRUCTURES_CHOICES,
        SECTIONS,
        TITLE_CHOICES,
        BackupPolicy,
        BgStatsOptions,
        Config,
        LoadedConfig,
        NewGameDefaults,
        RulesChoices,
        Setting,
        config_from_environment,
        load_config,
        parse_config,
    )

_MODULE_OF: dict[str, str] = {
    name: "load"
    for name in (
        "DECK_MODE_CHOICES",
        "DIFFICULTY_CHOICES",
        "HOUSE_CHOICES",
        "MOST_STRUCTURES_CHOICES",
        "KEYS_SECTION",
        "MAX_CONFIG_BYTES",
        "SECTIONS",
        "TITLE_CHOICES",
        "BackupPolicy",
        "BgStatsOptions",
        "Config",
        "LoadedConfig",
        "NewGameDefaults",
        "RulesChoices",
        "Setting",
        "config_from_environment",
        "load_config",
        "parse_config",
    )
}
"""Which submodule defines each public name."""


def __getattr__(name: str) -> object:
    """Import a public name from its submodule the first time it is asked for."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


__all__ = [
    "DECK_MODE_CHOICES",
    "DIFFICULTY_CHOICES",
    "HOUSE_CHOICES",
    "KEYS_SECTION",
    "MAX_CONFIG_BYTES",
    "MOST_STRUCTURES_CHOICES",
    "SECTIONS",
    "TITLE_CHOICES",
    "BackupPolicy",
    "BgStatsOptions",
    "Config",
    "LoadedConfig",
    "NewGameDefaults",
    "RulesChoices",
    "Setting",
    "config_from_environment",
    "load_config",
    "parse_config",
]
