"""The package's public names: imported on first use, and always the real objects."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import pytest

import solo_deck


def test_every_public_name_is_the_object_its_module_defines() -> None:
    for name in solo_deck.__all__:
        module = importlib.import_module(solo_deck._MODULE_OF[name])
        assert getattr(solo_deck, name) is getattr(module, name), name


def test_no_public_name_is_also_a_submodule() -> None:
    """Importing a submodule sets it as an attribute of the package: a function with the
    same name would be replaced by the module once that submodule is imported."""
    submodules = {info.name for info in pkgutil.iter_modules(solo_deck.__path__)}
    assert not submodules & set(solo_deck.__all__)


def test_importing_the_package_builds_no_model() -> None:
    code = (
        "import sys, solo_deck; "
        "print(sorted(m for m in sys.modules if m.startswith(('pydantic', 'solo_deck.'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        solo_deck.no_such_name  # noqa: B018


def test_every_engine_error_is_public_and_lives_in_the_errors_module() -> None:
    from solo_deck import errors

    names = ("RuleError", "DocumentError", "DataFileError", "EdictParseError")
    for name in names:
        assert solo_deck._MODULE_OF[name] == "solo_deck.errors", name
        error = getattr(solo_deck, name)
        assert error is getattr(errors, name) and issubclass(error, ValueError), name
    defined = {
        name
        for name, value in vars(errors).items()
        if isinstance(value, type) and issubclass(value, Exception)
    }
    assert defined == set(names)


def test_the_names_typed_are_the_names_exported() -> None:
    """The face's imports for type checkers name every public name, from its module."""
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(solo_deck))
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
    )
    typed = {
        alias.name: statement.module
        for statement in block.body
        if isinstance(statement, ast.ImportFrom)
        for alias in statement.names
    }
    assert typed == solo_deck._MODULE_OF
