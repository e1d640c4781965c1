"""``python -m companion.cli``: the same as the ``stupor-solo`` command."""

from companion.cli import main

raise SystemExit(main())
