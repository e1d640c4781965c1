"""The user-visible strings of ``companion/`` that do not yet go through the catalogue.

Read from the syntax tree: a string literal (or f-string) is user-visible where it is
passed to what shows text — a widget (``Static``, ``Label``, ``Button``, ``Option``…),
``notify``, ``update``, a ``Binding``, a table's column; at the command line ``print``,
``err``, a question or a ``UsageError`` —, is the message of an exception raised (the
CLI and the app show it), set as a ``border_title``, ``border_subtitle``, ``title`` or
``sub_title``, or is an f-string returned by a ``render…`` method. It is in
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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SHOWN_BY = frozenset(
    {
        "Static",
        "Label",
        "Button",
        "Option",
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
        "print",
        "err",
        "ask_yes_no",
        "add_column",
        "UsageError",
    }
)
"""Calls whose first positional argument (or ``label``, ``placeholder``, ``title``) is shown."""
SHOWN_ALL = frozenset({"ConfirmModal", "add_columns"})
"""Calls whose every positional argument is shown (a question and its message, headers)."""
SHOWN_KEYWORDS = frozenset(
    {
        "label",
        "placeholder",
        "title",
        "tooltip",
        "description",
        "help",
        "prompt",
        "yes_label",
        "no_label",
        "note",
    }
)
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
_IDENTIFIER = re.compile(r"[a-z0-9]+(?:[-_.:#+]+[a-z0-9]+)+")
"""An id, a CSS class or a key (``key-footer--hover``, ``table.play``): one lowercase
token joined by punctuation, never a word of a sentence."""


def _has_words(text: str) -> bool:
    if _IDENTIFIER.fullmatch(text):
        return False
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


def _shown_nodes(tree: ast.AST) -> Iterator[ast.expr]:
    """Every expression ``tree`` shows to the player (translated or not)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if _name(node) in SHOWN_ALL:
                yield from node.args
            elif _name(node) in SHOWN_BY and node.args:
                yield node.args[0]
            elif _name(node) == "Binding" and len(node.args) > 2:
                yield node.args[2]  # its description (the first two: a key and an action)
            yield from (k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS)
        elif isinstance(node, ast.Assign):
            if any(
                isinstance(target, ast.Attribute) and target.attr in SHOWN_ATTRIBUTES
                for target in node.targets
            ):
                yield node.value
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            yield node.exc.args[0]
        elif isinstance(node, ast.FunctionDef) and node.name.startswith("render"):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and isinstance(inner.value, ast.JoinedStr):
                    yield inner.value


def _translated_nodes(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside a call that puts its text through the catalogue."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in TRANSLATED_BY:
            inside.update(id(inner) for inner in ast.walk(node))
    return inside


def collect_file(path: Path, root: Path) -> list[Shown]:
    """The user-visible strings of one module outside the catalogue."""
    where = path.relative_to(root).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    translated = _translated_nodes(tree)
    found = {
        (node.lineno, node.col_offset): Shown(where, node.lineno, _text(node))
        for node in _shown_nodes(tree)
        if id(node) not in translated and _is_words(node)
    }
    return [found[place] for place in sorted(found)]


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
