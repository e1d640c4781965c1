"""The language of a ``stupor-solo`` run, chosen before the command line is parsed (so
that ``--help`` and the errors of the parser speak it too): ``--lang``, else ``[ui]
language`` of the configuration file, else the environment's locale, else English
(:func:`companion.i18n.languages.resolve_language`).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence

from companion.i18n import use_language
from companion.i18n.languages import CHOICES, resolve_language


def chosen_language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language ``argv`` and the configuration ask for (a bad ``--lang`` is left to
    the parser, which says so)."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    early.add_argument("--config")
    known, _ = early.parse_known_args(list(argv))
    option = known.lang if known.lang in CHOICES else None
    environ = os.environ if environ is None else environ
    configured = None
    if option is None:
        from companion.config import config_from_environment

        configured = config_from_environment(known.config).config.ui.language
    return resolve_language(option, configured, environ)


def speak_chosen_language(argv: Sequence[str]) -> str:
    """Speak the language ``argv`` asks for from now on; its code."""
    language = chosen_language(argv)
    use_language(language)
    return language
