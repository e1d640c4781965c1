"""``python -m companion``: the same as the ``stupor-solo`` command."""

from companion.cli import main

raise SystemExit(main())
