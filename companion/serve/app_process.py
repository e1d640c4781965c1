"""The app process ``stupor-solo serve`` starts for each browser page (not a command for
players): ``python -m companion.serve.app_process FOLDER [CONFIG]``.

textual-serve talks to it through its standard input and output (the ``TEXTUAL_DRIVER``
it sets selects Textual's web driver), so unlike ``stupor-solo`` it does not ask for a
terminal. Everything else is the app as in a terminal: the data lock, take over, the
layout by width, the configuration file (``CONFIG`` when ``serve`` was given ``--config``,
else the environment's or the platform default). ``--resume``: a page coming back after
its connection dropped; the saved game opens at once.
"""

from __future__ import annotations

import sys
from pathlib import Path

USAGE = "python -m companion.serve.app_process FOLDER [CONFIG] [--resume]"


def main(argv: list[str] | None = None) -> int:
    """Run the app on the data folder given first, with the configuration file given
    second if any; its exit code."""
    args = sys.argv[1:] if argv is None else argv
    resume = "--resume" in args
    args = [arg for arg in args if arg != "--resume"]
    if len(args) not in (1, 2):
        print(f"usage: {USAGE} (started by stupor-solo serve)")
        return 2
    from companion.config import config_from_environment
    from companion.ui.app import StuporSoloApp

    config = config_from_environment(args[1] if len(args) == 2 else None)
    app = StuporSoloApp(Path(args[0]), config=config)
    app.resume_at_start = resume
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    raise SystemExit(main())
