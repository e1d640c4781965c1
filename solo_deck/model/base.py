"""The pydantic base class every engine model derives from."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class FrozenModel(BaseModel):
    """An immutable, strictly validated model.

    Engine state is a pure fold of the event log, so every model is frozen: a change
    always produces a new object and old states stay valid for undo.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
