"""The storage modules' docstring examples run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import companion.storage

MODULES = [
    "companion.paths",
    *sorted(m.name for m in pkgutil.iter_modules(companion.storage.__path__, "companion.storage.")),
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
