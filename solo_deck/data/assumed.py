"""Loading the assumed component values (:mod:`solo_deck.model.assumptions`), apart from
:mod:`solo_deck.data.loaders` because the model reads the boards' models, which read the
ruleset's loader."""

from __future__ import annotations

from functools import cache

from solo_deck.data.loaders import _label, _read, validate_document
from solo_deck.model.assumptions import Assumptions


@cache
def load_assumptions() -> Assumptions:
    """What the engine assumes of the components our sources do not print (cached)."""
    return validate_document(Assumptions, _read("assumptions.toml"), _label("assumptions.toml"))
