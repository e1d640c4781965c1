"""The languages the companion speaks, and which one a player gets.

The choice, first that says: ``--lang`` on the command line, ``[ui] language`` in
``config.toml``, the environment's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, as gettext reads them), else English.

>>> resolve_language(None, None, {"LANG": "it_IT.UTF-8"})
'it'
>>> resolve_language("fr", "de", {"LANG": "it_IT.UTF-8"})
'fr'
>>> resolve_language(None, "de", {"LANGUAGE": "fr:en"})
'de'
>>> resolve_language(None, None, {"LANGUAGE": "pt_BR:fr", "LANG": "de_DE"})
'fr'
>>> resolve_language(None, None, {"LANG": "es_ES.UTF-8"}), resolve_language(None, None, {})
('en', 'en')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

ENGLISH: Final = "en"
PSEUDO: Final = "qps"
"""The pseudo-locale: every string longer, accented and marked (layout tests)."""

LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "it": "Italiano",
    "de": "Deutsch",
    "fr": "Français",
}
"""Each language with an edition of the game, by code, with its own name."""

CHOICES: Final = (*LANGUAGES, PSEUDO)
"""What ``--lang`` and ``[ui] language`` accept."""

LOCALE_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables gettext reads, in its order."""


def language_code(locale_name: str) -> str:
    """The language of a locale name: ``it_IT.UTF-8`` → ``it``, ``de@euro`` → ``de``.

    >>> language_code("fr_CA.UTF-8"), language_code("C")
    ('fr', 'c')
    """
    return locale_name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The language the environment's locale asks for, if the companion speaks it; the
    first variable set decides (``LANGUAGE`` may list several, best first)."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for item in value.split(":"):
            code = language_code(item)
            if code in LANGUAGES:
                return code
        if variable != "LANGUAGE":  # a locale we do not speak (C, es_ES…): English
            return None
    return None


def resolve_language(option: str | None, configured: str | None, environ: Mapping[str, str]) -> str:
    """The language to use: ``option`` (``--lang``), else ``configured`` (``[ui]
    language``), else the environment's locale, else English. ``option`` and
    ``configured`` were checked against :data:`CHOICES` where they were read."""
    for chosen in (option, configured):
        if chosen:
            return chosen
    return from_environment(environ) or ENGLISH
