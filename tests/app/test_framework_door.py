"""Issue 41: the frameworks' private names behind one door (``companion/ui/framework``).

Each private name in the door's registry still exists in the installed Textual, Rich and
textual-serve with the signature we rely on (an upgrade that renames one fails here, not
at the table); no module outside the door reads, calls, imports or overrides a private
name of theirs; and the data folder reaches no shell, whatever its name."""

from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import pkgutil
import shlex
import sys
from functools import cache
from typing import Any

import pytest

import companion
from companion.ui.framework.registry import PRIVATE_NAMES, PrivateName
from companion.ui.framework.serve_internals import ExecAppService

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOOR = ROOT / "companion" / "ui" / "framework"
FRAMEWORKS = ("textual", "rich", "textual_serve")
NAMEDTUPLE_API = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})
"""Public, documented methods of every named tuple (the underscore keeps them apart from
the fields), Textual's key bindings and system commands among them."""


def _owner(entry: PrivateName) -> Any:
    module_name, _, qualname = entry.owner.partition(":")
    owner: Any = importlib.import_module(module_name)
    for part in filter(None, qualname.split(".")):
        owner = getattr(owner, part)
    return owner


@pytest.mark.parametrize("entry", PRIVATE_NAMES, ids=lambda e: f"{e.owner}.{e.name}")
def test_each_private_name_still_exists_as_we_use_it(entry: PrivateName) -> None:
    owner = _owner(entry)
    if entry.signature is not None:
        found = getattr(owner, entry.name)
        assert str(inspect.signature(found)) == entry.signature
    elif inspect.isclass(owner) and entry.name not in vars(owner):
        source = "".join(inspect.getsource(cls) for cls in owner.__mro__ if _ours_or_theirs(cls))
        assert f"self.{entry.name}" in source, f"{entry.owner} no longer sets {entry.name}"
    else:
        assert hasattr(owner, entry.name)
    assert entry.why


def _ours_or_theirs(cls: type) -> bool:
    return cls.__module__.split(".")[0] in FRAMEWORKS


@cache
def framework_private_names() -> frozenset[str]:
    """Every ``_name`` (not dunder) the frameworks define or set on ``self``."""
    names: set[str] = set()
    for package in FRAMEWORKS:
        root = pathlib.Path(importlib.import_module(package).__file__ or "").parent
        for path in root.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(node.name)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                    names.add(node.attr)
    return frozenset(n for n in names if n.startswith("_") and not n.startswith("__"))


def _our_files() -> list[pathlib.Path]:
    return [
        path
        for package in ("companion", "benchmarks")
        for path in sorted((ROOT / package).rglob("*.py"))
        if DOOR not in path.parents
    ]


def _names_we_define(paths: list[pathlib.Path]) -> set[str]:
    defined: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                defined.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                defined.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                defined.add(node.id)
    return defined


def test_no_module_outside_the_door_reads_or_imports_a_private_framework_name() -> None:
    """A private module of theirs imported, or a private name of theirs read or called
    (a name of ours that happens to be spelled like one of theirs is ours)."""
    paths = _our_files()
    theirs = framework_private_names() - _names_we_define(paths) - NAMEDTUPLE_API
    found: list[str] = []
    for path in paths:
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules: list[str] = []
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            for module in modules:
                parts = module.split(".")
                if parts[0] in FRAMEWORKS and any(p.startswith("_") for p in parts):
                    found.append(f"{where}:{getattr(node, 'lineno', 0)} imports {module}")
            if isinstance(node, ast.Attribute) and node.attr in theirs:
                found.append(f"{where}:{node.lineno} uses .{node.attr}")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "setattr", "hasattr")
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and node.args[1].value in theirs
            ):
                found.append(f"{where}:{node.lineno} {node.func.id}s {node.args[1].value}")
    assert found == []


def _companion_classes() -> list[type]:
    classes: list[type] = []
    for info in pkgutil.walk_packages(companion.__path__, "companion."):
        if info.name.endswith("__main__") or info.name.startswith("companion.ui.framework"):
            continue
        module = importlib.import_module(info.name)
        classes += [
            cls
            for _, cls in inspect.getmembers(module, inspect.isclass)
            if cls.__module__ == module.__name__
        ]
    return classes


def test_no_class_outside_the_door_overrides_a_private_framework_method() -> None:
    """A widget that needs one uses a hook of the door (:mod:`companion.ui.framework.hooks`)
    instead; the framework then calls the door's override, which calls ours by a public
    name of our own."""
    found = []
    for cls in _companion_classes():
        source = inspect.getsource(cls)
        for name in vars(cls):
            if not name.startswith("_") or name.startswith("__"):
                continue
            if f"def {name}(" not in source and f"{name} =" not in source:
                continue  # set by a metaclass, not written by us
            owners = [b for b in cls.__mro__[1:] if _ours_or_theirs(b) and name in vars(b)]
            if owners:
                found.append(f"{cls.__module__}.{cls.__qualname__}.{name} ({owners[0]})")
    assert found == []


def test_the_app_process_command_is_the_same_words_to_any_shell(tmp_path: pathlib.Path) -> None:
    """textual-serve runs a service's command through a shell; ours starts the process
    without one, and the command it keeps is quoted, so a data folder named to break out
    of a shell is one argument whichever way the command is read."""
    for name in ("My Games;touch INJECTED", 'Ada\'s "games" $(touch X)', "space folder"):
        argv = [sys.executable, "-m", "companion.serve.app_process", str(tmp_path / name)]
        service = ExecAppService(
            argv, write_bytes=_ignored, write_str=_ignored, close=_ignored, download_manager=None
        )
        assert shlex.split(service.command) == argv
        assert service.argv == argv


async def _ignored(*_: object) -> None:
    return None
