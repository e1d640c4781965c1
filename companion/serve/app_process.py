"""The app process ``stupor-solo serve`` starts for each browser page (not a command for
players): ``python -m companion.serve.app_process FOLDER [CONFIG] [--lang LANG]``.

textual-serve talks to it through its standard input and output (the ``TEXTUAL_DRIVER``
it sets selects Textual's web driver), so unlike ``stupor-solo`` it does not ask for a
terminal. Everything else is the app as in a terminal: the data lock, take over, the
layout by width, the configuration file (``CONFIG`` when ``serve`` was given ``--config``,
else the environment's or the platform default), the language (``--lang``, the one
``serve`` was started in; without it ``[ui] language``, else the locale). ``--resume``: a
page coming back after its connection dropped; the saved game opens at once. ``--after
PID``: that page's earlier app, still closing; its data is waited for
(:mod:`companion.ui.data_hold`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.ui.app import StuporSoloApp

USAGE = (
    "python -m companion.serve.app_process FOLDER [CONFIG] [--lang LANG] [--resume] [--after PID]"
)

# English on purpose: a programmer's usage line (stupor-solo serve starts this process)
USAGE_LINE = f"usage: {USAGE} (started by stupor-solo serve)"
"""Said to whoever starts it by hand (``serve`` never does wrong): English."""


def served_app(resume: bool, earlier: int | None = None) -> type[StuporSoloApp]:
    """The app class a page gets (a function, so that this module loads no Textual when
    only its usage is printed). ``resume``: the page came back after its connection
    dropped, so the saved game opens before the first screen is drawn: no Start screen
    flashes by, and no tap meant for the Table lands on its menu. ``earlier``: the
    process id of the app that page had, which may still be closing (its data is waited
    for)."""
    from companion.ui.app import StuporSoloApp

    class ServedApp(StuporSoloApp):  # the name checked above only for type checking
        CSS_PATH = str(
            Path(sys.modules[StuporSoloApp.__module__].__file__ or "").parent / "companion.tcss"
        )
        RESUME_AT_START = resume
        EARLIER_APP = earlier

    return ServedApp


def _option(name: str, args: list[str]) -> tuple[str | None, list[str]]:
    """The value of option ``name`` (``""``: the option without one) and the other
    arguments."""
    if name not in args:
        return None, args
    at = args.index(name)
    value = args[at + 1] if at + 1 < len(args) else ""
    return value, [*args[:at], *args[at + 2 :]]


def main(argv: list[str] | None = None) -> int:
    """Run the app on the data folder given first, with the configuration file given
    second if any; its exit code."""
    args = sys.argv[1:] if argv is None else argv
    resume = "--resume" in args
    args = [arg for arg in args if arg != "--resume"]
    language, args = _option("--lang", args)
    after, args = _option("--after", args)
    earlier = int(after) if after and after.isascii() and after.isdigit() else None
    if len(args) not in (1, 2) or language == "" or (after is not None and earlier is None):
        print(USAGE_LINE)
        return 2
    import os

    from companion.config import config_from_environment
    from companion.i18n import use_language
    from companion.i18n.languages import CHOICES, resolve_language

    config = config_from_environment(args[1] if len(args) == 2 else None)
    option = language if language in CHOICES else None
    use_language(resolve_language(option, config.config.ui.language, os.environ))
    app = served_app(resume, earlier)(Path(args[0]), config=config)
    app.get_ready()
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    raise SystemExit(main())
