"""The configuration file described for people and editors: the JSON schema
(``stupor-solo config --schema``) and the commented example (``stupor-solo config --init``).

Both are built from :data:`companion.config.load.SECTIONS` and the key tables of
:mod:`companion.ui.keys.game`, so they cannot drift from what the program reads.
"""

from __future__ import annotations

import json
from typing import Any

from companion import __version__
from companion.config.load import KEYS_SECTION, SECTIONS, Setting

_JSON_TYPES = {str: "string", int: "integer", bool: "boolean"}


def _property(setting: Setting) -> dict[str, Any]:
    prop: dict[str, Any] = {"type": _JSON_TYPES[setting.kind], "description": setting.help}
    if setting.choices is not None:
        prop["enum"] = list(setting.choices)
    if setting.minimum is not None:
        prop["minimum"] = setting.minimum
    if setting.maximum is not None:
        prop["maximum"] = setting.maximum
    if setting.kind is str and setting.choices is None:
        prop["minLength"] = 1
        if setting.max_length is not None:
            prop["maxLength"] = setting.max_length
    if setting.default is not None:
        prop["default"] = setting.default
    return prop


def _keys_schema() -> dict[str, Any]:
    from companion.ui.keys import KEYMAPS

    properties: dict[str, Any] = {}
    for title, keys in KEYMAPS.values():
        for key in keys:
            properties.setdefault(
                key.id,
                {
                    "type": "string",
                    "minLength": 1,
                    "description": f"{title}: {key.tooltip} (default {key.key!r})",
                },
            )
    return {
        "type": "object",
        "description": 'Keys by binding id (Help lists them): "table.play" = "p". '
        'Several keys: "f5,ctrl+r".',
        "properties": dict(sorted(properties.items())),
        "additionalProperties": False,
    }


def config_schema() -> dict[str, Any]:
    """The JSON schema (draft 2020-12) of ``config.toml`` read as JSON."""
    properties: dict[str, Any] = {s.name: _property(s) for s in SECTIONS[""][1]}
    for section, (description, settings) in SECTIONS.items():
        if section:
            properties[section] = {
                "type": "object",
                "description": description,
                "properties": {s.name: _property(s) for s in settings},
                "additionalProperties": False,
            }
    properties[KEYS_SECTION] = _keys_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"stupor-solo {__version__} configuration (config.toml)",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }


def schema_text() -> str:
    """The schema as indented JSON text."""
    return json.dumps(config_schema(), indent=2, ensure_ascii=False) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def _comment(text: str) -> list[str]:
    """``text`` as comment lines of at most 90 characters."""
    import textwrap

    return [f"# {line}" for line in textwrap.wrap(text, 88)]


ONE_OF = "# One of: "
"""The example file is a file format: its comments stay English in every language."""


def _commented(setting: Setting) -> list[str]:
    lines = _comment(setting.help)
    if setting.choices is not None:
        lines.append(ONE_OF + ", ".join(setting.choices) + ".")
    value = setting.example if setting.example is not None else setting.default
    lines.append(f"# {setting.name} = {_toml_value(value)}")
    return lines


def example_config() -> str:
    """A commented example ``config.toml``: every setting, each commented out with its
    default (or an example), so the file changes nothing until a line is uncommented."""
    lines = [
        # English on purpose: the file and its keys are the same in every language
        f"# stupor-solo configuration (written by stupor-solo {__version__}).",
        "# Every setting is commented out: remove the '#' before a setting to use it.",
        "# Check the file with 'stupor-solo config'; the JSON schema: "
        "'stupor-solo config --schema'.",
        "",
    ]
    for section, (description, settings) in SECTIONS.items():
        if section:
            lines += ["", f"[{section}]", *_comment(description), ""]
        for setting in settings:
            lines += [*_commented(setting), ""]
    lines += [
        "",
        "# Your own keys, by binding id (Help, '?', lists every id with its key).",
        '# Several keys for one binding: "f5,ctrl+r". A key that would do two things on one',
        "# screen is reported at start and left out.",
        f"[{KEYS_SECTION}]",
        '# "table.frederick" = "space"',
        '# "table.play" = "enter"',
        "",
    ]
    return "\n".join(lines)
