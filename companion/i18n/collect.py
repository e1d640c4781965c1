"""The user-visible strings of ``companion/`` that do not yet go through the catalogue.

Read from the syntax tree: a string literal (or f-string) is user-visible where it is
passed to what shows text — a widget (``Static``, ``Label``, ``Button``, ``Option``…),
``notify``, ``update``, a ``Binding`` —, set as a ``border_title``, ``border_subtitle``,
``title`` or ``sub_title``, or is an f-string returned by a ``render…`` method. It is in
the catalogue when it is an argument of ``_``, ``N_``, ``ngettext`` or ``pgettext``, or a
key table's label or tooltip (:mod:`companion.i18n.extract`). Strings without a letter
(``"·"``, ``"\\n"``), ids and CSS are not words to translate.

Run as ``python -m companion.i18n.collect`` it prints the count per module.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

SHOWN_BY = frozenset(
    {
        "Static",
        "Label",
        "Button",
        "Option",
        "Binding",
        "notify",
        "update",
        "Text",
        "Markdown",
        "Checkbox",
        "RadioButton",
        "Input",
        "Tab",
        "TabPane",
        "ActionButton",
        "append",
    }
)
"""Calls whose first positional argument (or ``label``, ``placeholder``, ``title``) is shown."""
SHOWN_KEYWORDS = frozenset({"label", "placeholder", "title", "tooltip", "description", "help"})
SHOWN_ATTRIBUTES = frozenset({"border_title", "border_subtitle", "title", "sub_title", "tooltip"})
TRANSLATED_BY = frozenset({"_", "N_", "ngettext", "pgettext", "Key", "ConfirmKeys"})


@dataclass(frozen=True)
class Shown:
    """One user-visible string outside the catalogue."""

    path: str
    line: int
    text: str


NAMES = ("Stupor Mundi", "stupor-solo", "BG Stats")
"""Names, the same in every language."""
_MARKUP = re.compile(r"\[/?[a-z#@][^\[\]]*\]")


def _has_words(text: str) -> bool:
    for name in NAMES:
        text = text.replace(name, "")
    return any(ch.isalpha() for ch in _MARKUP.sub("", text))


def _is_words(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _has_words(node.value)
    if isinstance(node, ast.JoinedStr):
        return _has_words(
            "".join(str(part.value) for part in node.values if isinstance(part, ast.Constant))
        )
    return False


def _text(node: ast.expr) -> str:
    return ast.unparse(node)[:80]


def _name(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


class _Finder(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[Shown] = []
        self._inside_translation = 0
        self._render_depth = 0

    def _note(self, node: ast.expr) -> None:
        if self._inside_translation == 0 and _is_words(node):
            self.found.append(Shown(self.path, node.lineno, _text(node)))

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node)
        if name in TRANSLATED_BY:
            self._inside_translation += 1
            self.generic_visit(node)
            self._inside_translation -= 1
            return
        if name in SHOWN_BY and node.args:
            self._note(node.args[0])
        for keyword in node.keywords:
            if keyword.arg in SHOWN_KEYWORDS:
                self._note(keyword.value)
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            if isinstance(target, ast.Attribute) and target.attr in SHOWN_ATTRIBUTES:
                self._note(node.value)
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        rendering = node.name.startswith("render")
        self._render_depth += rendering
        self.generic_visit(node)
        self._render_depth -= rendering

    def visit_Return(self, node: ast.Return) -> None:
        if self._render_depth and node.value is not None and isinstance(node.value, ast.JoinedStr):
            self._note(node.value)
        self.generic_visit(node)


def collect_file(path: Path, root: Path) -> list[Shown]:
    """The user-visible strings of one module outside the catalogue."""
    finder = _Finder(path.relative_to(root).as_posix())
    finder.visit(ast.parse(path.read_text(encoding="utf-8")))
    return finder.found


def collect(root: Path) -> list[Shown]:
    """Those of every module of ``root/companion`` (the package itself excepted)."""
    from companion.i18n.extract import python_files

    found: list[Shown] = []
    for path in python_files(root / "companion"):
        if "i18n" not in path.parts:
            found.extend(collect_file(path, root))
    return found


def main() -> int:
    """Print how many user-visible strings each module still shows outside the catalogue."""
    root = Path(__file__).resolve().parents[2]
    found = collect(root)
    for path, count in Counter(item.path for item in found).most_common():
        print(f"{count:5}  {path}")
    print(f"{len(found):5}  in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
