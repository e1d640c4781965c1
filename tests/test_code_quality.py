"""The quality bar as tests: ruff (format + lint) and mypy are clean, the engine is pure,
and the layout keeps its rules (README, "Architecture"): what may import what."""

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


# --- the layout's rules -------------------------------------------------------------------

ROOT_MODULES_MAX = 12
MODULE_LINES_MAX = 500


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(path: pathlib.Path) -> set[str]:
    """Every module ``path`` imports, by its full dotted name (in functions and under
    ``TYPE_CHECKING`` too; ``from package import name`` counts as both)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _library_files(package: str) -> list[pathlib.Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_each_package_keeps_at_most_twelve_modules_at_its_root() -> None:
    for package in ("solo_deck", "companion"):
        modules = sorted(path.name for path in (ROOT / package).glob("*.py"))
        assert len(modules) <= ROOT_MODULES_MAX, (package, modules)


def test_no_module_is_over_five_hundred_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): lines
        for package in ("solo_deck", "companion")
        for path in _library_files(package)
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_LINES_MAX
    }
    assert long == {}


def test_only_companion_ui_imports_textual() -> None:
    ui = ROOT / "companion" / "ui"
    offenders = [
        str(path.relative_to(ROOT))
        for path in _library_files("companion")
        if ui not in path.parents and "textual" in _imports(path)
    ]
    assert offenders == []


def _source_modules(path: pathlib.Path) -> set[str]:
    """The modules ``path`` imports or imports names from (``import a.b``, ``from a.b
    import c``: ``a.b``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_only_companion_storage_imports_tinydb() -> None:
    storage = ROOT / "companion" / "storage"
    offenders = [
        str(path.relative_to(ROOT))
        for path in _library_files("companion")
        if storage not in path.parents and "tinydb" in _imports(path)
    ]
    assert offenders == []


UI_USERS = {
    "companion.cli.program": {"companion.ui.app"},
    "companion.cli.config": {"companion.ui.keys.overrides"},
    "companion.cli.lab": {"companion.ui.views.boards"},
    "companion.config.schema": {"companion.ui.keys"},
    "companion.serve.app_process": {"companion.ui.app"},
    "companion.serve.server": {"companion.ui.framework.serve_internals"},
}
"""Outside companion/ui, who uses it and for what: the command and the served page's
process run the app, and the server starts it through the frameworks' one door to their
private names; the [keys] check and the configuration's schema read the key
tables; the lab plays on the boards a new game would use (a pure view, no Textual)."""


def test_outside_ui_only_the_app_runners_and_the_key_readers_import_it() -> None:
    ui = ROOT / "companion" / "ui"
    found = {
        _module_name(path): {
            name for name in _source_modules(path) if name.split(".")[:2] == ["companion", "ui"]
        }
        for path in _library_files("companion")
        if ui not in path.parents
    }
    assert {module: names for module, names in found.items() if names} == UI_USERS


def _engine_modules(path: pathlib.Path) -> set[str]:
    return {name for name in _source_modules(path) if name.split(".")[0] == "solo_deck"}


def test_companion_reaches_the_engine_through_its_face_and_its_events() -> None:
    # solo_deck.text: the sentences as data, the interface a front end renders (issue 42)
    allowed = {"solo_deck", "solo_deck.events", "solo_deck.text"}
    offenders = {
        str(path.relative_to(ROOT)): sorted(engine - allowed)
        for path in _library_files("companion")
        if (engine := _engine_modules(path)) - allowed
    }
    assert offenders == {}


def test_no_screen_or_dialog_imports_the_app_module() -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in _library_files("companion/ui/screens")
        if "companion.ui.app" in _imported_modules(path)
    ]
    assert offenders == []


def _top_screens() -> dict[str, str]:
    """Every screen the app opens (a Textual ``Screen``, not a dialog, that no other
    screen extends): class name → the module that defines it."""
    import importlib
    import pkgutil

    from textual.screen import ModalScreen, Screen

    import companion.ui.screens as screens

    found: dict[type, str] = {}
    for info in pkgutil.walk_packages(screens.__path__, f"{screens.__name__}."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Screen)
                and not issubclass(value, ModalScreen)
                and value.__module__ == module.__name__
            ):
                found[value] = module.__name__
    bases = {base for cls in found for base in cls.__mro__[1:]}
    return {cls.__name__: name for cls, name in found.items() if cls not in bases}


APP_MODULES = {"companion.ui.app", "companion.ui.data_hold"}
"""The app: its module, and its hold on the data folder (a part of the app class, which
opens the first screen)."""


def test_only_the_app_knows_the_top_screens() -> None:
    """Screens open each other by asking the app (``self.host.open_history()``): only
    the app's modules name a top screen's class outside the module defining it."""
    top = _top_screens()
    assert {"StartScreen", "TableScreen", "HistoryScreen", "SetupScreen"} <= set(top)
    offenders: dict[str, list[str]] = {}
    for path in _library_files("companion"):
        module = _module_name(path)
        if module in APP_MODULES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        named |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        named |= {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        }
        known = sorted(name for name in named & set(top) if top[name] != module)
        if known:
            offenders[str(path.relative_to(ROOT))] = known
    assert offenders == {}


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
