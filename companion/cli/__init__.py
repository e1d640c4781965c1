"""The ``stupor-solo`` command (:mod:`~companion.cli.program`): with no arguments it opens
the app, else it runs one command.

The options are in :mod:`~companion.cli.parser`, what every command shares in
:mod:`~companion.cli.support`, and each command in a module of its own: ``score``
(:mod:`~companion.cli.score`, the calculator in :mod:`~companion.cli.quick_score`),
``history`` and ``stats`` (:mod:`~companion.cli.history`), ``export``, ``import`` and
``locate`` (:mod:`~companion.cli.files`), ``backups`` and ``restore``
(:mod:`~companion.cli.backups`), ``config`` and ``completion``
(:mod:`~companion.cli.config`), ``serve`` (:mod:`~companion.cli.serve`), ``rules``
(:mod:`~companion.cli.rules`), ``lab`` (:mod:`~companion.cli.lab`, its output in
:mod:`~companion.cli.lab_report`).

:func:`main` is imported on first use (PEP 562): the console script and
``python -m companion`` load only what the command they run needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.lazy_face import lazy_face

if TYPE_CHECKING:
    from companion.cli.program import COMMANDS, main, run_app, run_command

_MODULE_OF: dict[str, str] = {
    "COMMANDS": "program",
    "main": "program",
    "run_app": "program",
    "run_command": "program",
}
"""Which submodule defines each public name."""


__getattr__, __dir__ = lazy_face(globals(), _MODULE_OF)


__all__ = ["COMMANDS", "main", "run_app", "run_command"]
