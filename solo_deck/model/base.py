"""The pydantic base class every engine model derives from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from pydantic import BaseModel, ConfigDict


class FrozenModel(BaseModel):
    """An immutable, strictly validated model.

    Engine state is a pure fold of the event log, so every model is frozen: a change
    always produces a new object and old states stay valid for undo.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """pydantic's ``model_copy``, done directly for the shallow copies the fold makes
        at every event (about three times quicker; the same result: the fields copied, the
        update applied without validation, the fields set remembered). A deep copy, or a
        model with private attributes, takes pydantic's own way. ``tests/engine/
        test_model_copy.py`` keeps the two equal."""
        if deep or getattr(self, "__pydantic_private__", None) is not None:
            return super().model_copy(update=update, deep=deep)
        cls = type(self)
        copied = cls.__new__(cls)
        values = self.__dict__.copy()
        fields_set = self.__pydantic_fields_set__  # shared: a frozen model never adds to it
        if update:
            values.update(update)
            fields_set = fields_set | update.keys()
        _SET_DICT(copied, values)
        _SET_FIELDS_SET(copied, fields_set)
        _SET_EXTRA(copied, None)
        _SET_PRIVATE(copied, None)
        return copied


# pydantic's slots on ``BaseModel``, set through their own descriptors: a frozen model
# refuses ``setattr``, and a descriptor's ``__set__`` skips the attribute lookup that
# ``object.__setattr__`` makes (a quarter of a copy's time). ``test_model_copy`` fails
# first if pydantic renames them.
_SET_DICT = BaseModel.__dict__["__dict__"].__set__
_SET_FIELDS_SET = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__
