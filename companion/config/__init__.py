"""The player's configuration file, ``config.toml``: read and checked
(:mod:`~companion.config.load`; never fatal), described for people and editors (the JSON
schema and the commented example, :mod:`~companion.config.schema`), and the one change the
program makes to it, the theme (:mod:`~companion.config.write`).

The key overrides of its ``[keys]`` table are checked against the app's key tables and
Textual's key names, so that check lives with the keys (:mod:`companion.ui.keys`).

The names below are imported on first use (PEP 562).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.lazy_face import lazy_face

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
        CoachOptions,
        Config,
        LoadedConfig,
        NewGameDefaults,
        RulesChoices,
        Setting,
        UiOptions,
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
        "CoachOptions",
        "Config",
        "LoadedConfig",
        "NewGameDefaults",
        "RulesChoices",
        "UiOptions",
        "Setting",
        "config_from_environment",
        "load_config",
        "parse_config",
    )
}
"""Which submodule defines each public name."""


__getattr__, __dir__ = lazy_face(globals(), _MODULE_OF)


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
    "CoachOptions",
    "Config",
    "LoadedConfig",
    "NewGameDefaults",
    "RulesChoices",
    "Setting",
    "UiOptions",
    "config_from_environment",
    "load_config",
    "parse_config",
]
