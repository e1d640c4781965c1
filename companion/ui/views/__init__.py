"""What the screens show, built apart from how they draw it: the Table's view of one
moment of the game (:mod:`~companion.ui.views.table`) and its odds and forecast
(:mod:`~companion.ui.views.insight`), the History screen's rows
(:mod:`~companion.ui.views.history`) and the Help screen's key lists and rules decisions
(:mod:`~companion.ui.views.help`). Pure data: no widget here.
"""
