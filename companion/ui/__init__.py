"""Everything of the companion that imports Textual: the app and its screens.

- :mod:`~companion.ui.app`: the Textual application and the only router: it alone knows
  the top screens and opens them (``open_table``, ``open_history``, …).
- :mod:`~companion.ui.host`: what a screen may use of the app, as one typed protocol.
- :mod:`~companion.ui.screens`: the screens and dialogs; :mod:`~companion.ui.widgets`: the
  panels and fields they are made of.
- :mod:`~companion.ui.keys`: every key binding as data; :mod:`~companion.ui.views`: what a
  screen shows, built apart from how it draws it.
- Background work (:mod:`~companion.ui.background`,
  :mod:`~companion.ui.insight_scheduler`), keys typed ahead
  (:mod:`~companion.ui.type_ahead`), the notices (:mod:`~companion.ui.notices`), the
  command palette (:mod:`~companion.ui.commands`) and the style sheet
  (``companion.tcss``).

Nothing outside this package imports Textual; the command line imports the app only to
open it.
"""
