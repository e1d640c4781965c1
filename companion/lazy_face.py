"""The lazy face of a package (PEP 562): each public name is imported from the module that
defines it the first time it is asked for, so importing the package itself costs nothing.

>>> import types
>>> face = types.ModuleType("face")
>>> face.__all__ = ["basename"]
>>> face.__getattr__, face.__dir__ = lazy_face(vars(face), {"basename": "os.path"})
>>> face.basename("/table/board")
'board'
>>> "basename" in vars(face)  # kept: the next look-up is a plain attribute
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_face(
    namespace: dict[str, Any], module_of: Mapping[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__`` for the names in ``module_of`` (name →
    module: a dotted path, or a submodule of the package without one)."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> object:
        module = module_of.get(name)
        if module is None:
            missing = (
                f"module {package!r} has no attribute {name!r}"  # English on purpose: Python's
            )
            raise AttributeError(missing)
        path = module if "." in module else f"{package}.{module}"
        value = getattr(importlib.import_module(path), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted([*namespace, *namespace.get("__all__", ())])

    return __getattr__, __dir__
