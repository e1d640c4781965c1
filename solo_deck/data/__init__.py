"""The rules data: TOML files with the source of every value (``rulebook: …``, ``draft
v19``, ``assumed: …``) and their loaders (:mod:`~solo_deck.data.loaders`), which read and
validate each file once and name the file and field of anything wrong.
"""
