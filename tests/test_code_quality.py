"""The quality bar as tests: ruff (format + lint) and mypy are clean, and the engine is pure."""

from __future__ import annotations

import ast
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
FORBIDDEN = {"textual", "tinydb", "companion", "filelock", "platformdirs", "rich"}


def _imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_solo_deck_imports_no_ui_storage_or_companion_module() -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(_imports(path) & FORBIDDEN)
        for path in (ROOT / "solo_deck").rglob("*.py")
        if _imports(path) & FORBIDDEN
    }
    assert offenders == {}


def test_importing_solo_deck_loads_no_forbidden_module() -> None:
    names = sorted(FORBIDDEN)
    code = (
        "import sys, solo_deck; "
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {names!r}); print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_solo_deck_writes_no_files() -> None:
    writers = ("open(", ".write_text(", ".write_bytes(", "os.replace", "shutil.")
    hits = [
        f"{path.name}: {w}"
        for path in (ROOT / "solo_deck").rglob("*.py")
        for w in writers
        if w in path.read_text(encoding="utf-8")
    ]
    assert hits == []


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(pathlib.Path(sys.executable).parent))
    if found is None:
        pytest.fail(f"{name} is not installed next to {sys.executable}; install the test extra")
    return found


TARGETS = ["solo_deck", "companion", "tests", "benchmarks"]


def test_ruff_format_is_clean() -> None:
    result = subprocess.run(
        [_tool("ruff"), "format", "--check", *TARGETS], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_lint_is_clean() -> None:
    result = subprocess.run(
        [_tool("ruff"), "check", *TARGETS], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean_over_everything() -> None:
    """``mypy`` with the project's settings: strict over the engine, the app, the tests
    and the benchmarks (pyproject's ``[tool.mypy] files``)."""
    result = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
