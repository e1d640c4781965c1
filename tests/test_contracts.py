"""Contracts of the code as a whole (issue 41): no import cycle anywhere, every imported
distribution declared, a bare ``pytest`` collects the suite, and no function without a
caller outside the tests.

The import graph counts every import of a module of ours: at the top, inside a function,
and under ``TYPE_CHECKING``. A function-local import only hides a cycle from the
interpreter, not from a reader."""

from __future__ import annotations

import ast
import importlib
import importlib.metadata
import pathlib
import re
import subprocess
import sys
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ("solo_deck", "companion", "benchmarks", "tests")
CODE = ("solo_deck", "companion", "benchmarks")
"""The program and its benchmarks: what must not hold a function only the tests call."""


def modules_under(root: pathlib.Path, packages: tuple[str, ...]) -> dict[str, pathlib.Path]:
    """Every module of ``packages`` under ``root``, by dotted name."""
    found: dict[str, pathlib.Path] = {}
    for package in packages:
        for path in (root / package).rglob("*.py"):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def import_graph(modules: dict[str, pathlib.Path]) -> dict[str, set[str]]:
    """Module → the modules of ours it imports (``from a import b`` counts ``a.b`` when
    ``b`` is a module, else ``a``)."""

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package[: len(package) - (node.level - 1)]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                    for a in node.names
                ]
            for target in targets:
                found = known(target)
                if found is not None and found != name:
                    graph[name].add(found)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, round and round (Tarjan's strongly
    connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:  # given back: the parsers' depth checks rely on the usual limit
        for node in sorted(graph):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return found


def test_no_import_cycle_anywhere() -> None:
    assert cycles(import_graph(modules_under(ROOT, PACKAGES))) == []


def test_a_planted_cycle_is_found_through_a_function_and_type_checking(
    tmp_path: pathlib.Path,
) -> None:
    """The check itself: ``a`` imports ``b`` inside a function, ``b`` imports ``a`` only
    for type checking; a third module outside the loop stays out of it."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from pkg import b\n    return b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import f\n"
    )
    (package / "c.py").write_text("from . import a\n")
    assert cycles(import_graph(modules_under(tmp_path, ("pkg",)))) == [["pkg.a", "pkg.b"]]


def _declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    return {_normal(re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0]) for r in requirements}


def _normal(name: str) -> str:
    """A distribution's name as packaging compares them (case, ``_`` and ``.`` as ``-``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_distribution_the_code_imports_is_declared() -> None:
    """``rich`` and ``aiohttp`` came with Textual and textual-serve; imported by our own
    code, they are ours to declare (the test extras cover the tests and benchmarks)."""
    providers = importlib.metadata.packages_distributions()
    ours = set(PACKAGES)
    imported: dict[str, set[str]] = {}
    for path in modules_under(ROOT, PACKAGES).values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top in ours or top in sys.stdlib_module_names:
                    continue
                for distribution in providers.get(top, [top]):
                    imported.setdefault(_normal(distribution), set()).add(path.name)
    missing = {d: sorted(files) for d, files in imported.items() if d not in _declared()}
    assert missing == {}


def test_a_bare_pytest_collects_the_suite() -> None:
    """``pytest`` (the command, not ``python -m pytest``) finds every test module."""
    command = pathlib.Path(sys.executable).with_name("pytest")
    run = subprocess.run(
        [str(command), "--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert re.search(r"^\d+ tests collected", run.stdout, re.MULTILINE), run.stdout[-500:]


# --- no function without a caller outside the tests ------------------------------------------

HOOK_PREFIXES = (
    "on_",
    "_on_",
    "action_",
    "watch_",
    "_watch_",
    "validate_",
    "_validate_",
    "compute_",
    "_compute_",
    "render",
    "get_content_",
)
HOOK_NAMES = frozenset({"compose"})
CALLED_BY_DECORATOR = frozenset(
    {"on", "field_validator", "model_validator", "field_serializer", "model_serializer", "overload"}
)


class _References(ast.NodeVisitor):
    """Every name a module uses: names, attributes, imported names, and strings that are
    identifiers; a function's use of its own name inside its body does not count."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self._inside: list[str] = []

    def _use(self, name: str) -> None:
        if name not in self._inside[-1:]:
            self.names.add(name)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for decorator in node.decorator_list:
            self.visit(decorator)
        self.visit(node.args)
        if node.returns is not None:
            self.visit(node.returns)
        self._inside.append(node.name)
        for statement in node.body:
            self.visit(statement)
        self._inside.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Name(self, node: ast.Name) -> None:
        self._use(node.id)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self._use(node.attr)
        self.generic_visit(node)

    def visit_alias(self, node: ast.alias) -> None:
        self._use(node.name.rpartition(".")[2])

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and node.value.isidentifier():
            self._use(node.value)


def _decorator_name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _definitions(
    modules: dict[str, pathlib.Path],
) -> list[tuple[str, list[ast.ClassDef], ast.FunctionDef | ast.AsyncFunctionDef]]:
    """``(module, enclosing classes, function)`` of every top-level function and method
    (functions inside functions are the enclosing function's business)."""
    found: list[tuple[str, list[ast.ClassDef], ast.FunctionDef | ast.AsyncFunctionDef]] = []

    def walk(module: str, body: list[ast.stmt], classes: list[ast.ClassDef]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found.append((module, classes, node))
            elif isinstance(node, ast.ClassDef):
                walk(module, node.body, [*classes, node])

    for name, path in modules.items():
        walk(name, ast.parse(path.read_text(encoding="utf-8")).body, [])
    return found


def _called_by_rule(
    module: str, classes: list[ast.ClassDef], node: ast.FunctionDef | ast.AsyncFunctionDef
) -> bool:
    """Whether the framework or Python calls this function (see :func:`uncalled`)."""
    name = node.name
    if name.startswith("__") and name.endswith("__"):
        return True
    if name in HOOK_NAMES or name.startswith(HOOK_PREFIXES):
        return True
    if any(_decorator_name(d) in CALLED_BY_DECORATOR for d in node.decorator_list):
        return True
    if not classes:
        return False
    if any(_decorator_name(base) == "Protocol" for base in classes[-1].bases):
        return True
    owner: object = importlib.import_module(module)
    for cls in classes:
        owner = getattr(owner, cls.name)
    bases = getattr(owner, "__mro__", ())[1:]
    return any(name in vars(base) for base in bases)


def uncalled(root: pathlib.Path, packages: tuple[str, ...]) -> list[str]:
    """The functions and methods defined in ``packages`` under ``root`` whose name nothing
    in those packages uses outside its own body (``module:line name``).

    What counts as a use: the name read anywhere (a call, a reference passed on, an
    attribute ``x.name`` of any object: methods are matched by name, not by type), an
    import of it, a string equal to it (registries: the lazy re-exports of
    ``companion/__init__``-style modules map names to modules as strings, ``getattr``
    with a literal name, Textual's action strings), and the entry points of
    ``pyproject.toml``. The tests are not among ``packages``: a function only they call
    is reported.

    Exempt by rule, since the framework or Python calls them by their name or their place:
    dunder methods; Textual's handlers and hooks (``on_*``, ``_on_*``, ``action_*``,
    ``watch_*``, ``validate_*``, ``compute_*``, ``render*``, ``get_content_*``,
    ``compose``, and anything decorated with ``@on``); pydantic validators and
    serializers and ``@overload`` stubs (by decorator); members of a ``Protocol``; and a
    method that overrides one of a base class (ours or a library's: found in the class's
    MRO once the module is imported), which its base's callers call."""
    modules = modules_under(root, packages)
    used = _References()
    for path in modules.values():
        used.visit(ast.parse(path.read_text(encoding="utf-8")))
    pyproject = root / "pyproject.toml"
    if pyproject.exists():
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        used.names |= {entry.rpartition(":")[2] for entry in project.get("scripts", {}).values()}
    return [
        f"{module}:{node.lineno} {'.'.join([*(c.name for c in classes), node.name])}"
        for module, classes, node in _definitions(modules)
        if node.name not in used.names and not _called_by_rule(module, classes, node)
    ]


def test_no_function_without_a_caller_outside_the_tests() -> None:
    assert uncalled(ROOT, CODE) == []


def test_a_planted_dead_function_is_found(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check itself: the dead function and method are found; recursion is no caller;
    a caller, a string registry, a hook, an override and a Protocol member are not
    reported; a test module's call does not count."""
    package = tmp_path / "deadpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text(
        "import json\n"
        "from typing import Protocol\n"
        "def used():\n    return 1\n"
        "def dead():\n    return dead()\n"
        "def registered():\n    return 2\n"
        "REGISTRY = {'registered': 'deadpkg.a'}\n"
        "class Shape(Protocol):\n    def area(self) -> float: ...\n"
        "class Encoder(json.JSONEncoder):\n"
        "    def default(self, o):\n        return str(o)\n"
        "    def on_mount(self):\n        pass\n"
        "    def unused_method(self):\n        return used()\n"
    )
    tests = tmp_path / "deadtests"
    tests.mkdir()
    (tests / "__init__.py").write_text("")
    (tests / "test_a.py").write_text("from deadpkg.a import dead\ndead()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert uncalled(tmp_path, ("deadpkg",)) == [
        "deadpkg.a:5 dead",
        "deadpkg.a:17 Encoder.unused_method",
    ]
