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

    class ServedApp(StuporSoloApp):
        CSS_PATH = str(
            Path(sys.modules[StuporSoloApp.__module__].__file__ or "").parent / "companion.tcss"
        )

        def on_mount(self) -> None:
            """The app's start; a page come back (``--resume``) opens the saved game at
            once, as after a take over."""
            super().on_mount()
            if resume and not self.read_only and self.session.has_saved_game():
                self.call_after_refresh(self._resume_after_take_over)

    config = config_from_environment(args[1] if len(args) == 2 else None)
    app = ServedApp(Path(args[0]), config=config)
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    raise SystemExit(main())
