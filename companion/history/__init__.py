"""The finished games: the history as the app and the command line read and change it
(:mod:`~companion.history.service`), the records and statistics over it
(:mod:`~companion.history.stats`), taking it elsewhere (:mod:`~companion.history.export`,
with BG Stats plays from :mod:`~companion.history.bgstats`) and bringing games back
(:mod:`~companion.history.importer`, each game checked by :mod:`~companion.history.checks`).

The files themselves are the storage layer's (:mod:`companion.storage`).
"""
