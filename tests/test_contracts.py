"""Contracts of the code as a whole (issue 41): no import cycle anywhere, every imported
distribution declared, and a bare ``pytest`` collects the suite.

The import graph counts every import of a module of ours: at the top, inside a function,
and under ``TYPE_CHECKING``. A function-local import only hides a cycle from the
interpreter, not from a reader."""

from __future__ import annotations

import ast
import importlib.metadata
import pathlib
import re
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ("solo_deck", "companion", "benchmarks", "tests")


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

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(graph):
        if node not in index:
            visit(node)
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
