"""The user-visible strings of ``companion/`` that do not go through the catalogue.

Read from the syntax tree: a string literal (or f-string) is user-visible where it is
passed to what shows text — a widget (``Static``, ``Label``, ``Button``, ``Option``…),
``notify``, ``update``, a ``Binding``'s description, a table's column or row, a
validator's ``failure``, a chart's ``title`` or axis label; at the command line ``print``,
``err``, a question or a ``UsageError`` —, fills a message (``.format``), is the message
of an exception raised (the CLI and the app show it), set as a ``border_title``,
``border_subtitle``, ``title`` or ``sub_title``, or is an f-string returned by a
``render…`` method. It counts as shown too as a branch or part of what is shown
(``"a" if x else "b"``, ``"a" + b``) and where it is given to a name of the function
that is then shown (``text = "…"; Static(text)``). A marked constant (``NOTE = N_("…")``
or a table of them, in any module of ``companion/``) shown as it is, without ``_()``, is
English too.

It is in the catalogue when it is an argument of ``_``, ``N_``, ``ngettext`` or
``pgettext``, or a key table's label or tooltip (:mod:`companion.i18n.extract`). Not
words to translate: strings without two letters in a row (``"·"``, ``"\\n"``, a key's
letter), ids, CSS classes and key names (``key-footer--hover``, ``table.play``,
``ctrl+s``), constants named in capitals (English by design: a usage line, a file
format's comment), and a name given an exception's message (a programmer's error,
``wrong = "…"; raise ValueError(wrong)``).

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
from typing import TypeGuard

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
        "failure",
        "title",
        "xlabel",
        "ylabel",
    }
)
"""Calls whose first positional argument (or ``label``, ``placeholder``, ``title``) is shown."""
SHOWN_ALL = frozenset({"ConfirmModal", "add_columns", "add_row", "format"})
"""Calls whose every argument is shown (a question and its message, headers, a table's
row, the values a message is filled with)."""
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


_WORD = re.compile(r"[^\W\d_]{2}")
"""Two letters in a row: a word (a key's letter, ``\\x1b[30m``'s ``m``, are not)."""


def _has_words(text: str) -> bool:
    if _IDENTIFIER.fullmatch(text):
        return False
    for name in NAMES:
        text = text.replace(name, "")
    return _WORD.search(_MARKUP.sub("", text)) is not None


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


KEYWORD, RAISED = "keyword", "raised"
"""How a shown expression is given: as a keyword argument (a marked constant may be
handed on, to be translated where it is shown), as an exception's message (a name given
it is a programmer's error's, English by the convention ``wrong = "…"``), else ``""``."""


def _shown_nodes(tree: ast.AST) -> Iterator[tuple[ast.expr, str]]:
    """Every expression ``tree`` shows to the player (translated or not), and how."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if _name(node) in SHOWN_ALL:
                yield from ((arg, "") for arg in node.args)
                if _name(node) == "format":
                    yield from ((k.value, "") for k in node.keywords)
            elif _name(node) in SHOWN_BY and node.args:
                yield node.args[0], ""
            elif _name(node) == "Binding" and len(node.args) > 2:
                yield node.args[2], ""  # its description (the first two: a key and an action)
            yield from ((k.value, KEYWORD) for k in node.keywords if k.arg in SHOWN_KEYWORDS)
        elif isinstance(node, ast.Assign):
            if any(
                isinstance(target, ast.Attribute) and target.attr in SHOWN_ATTRIBUTES
                for target in node.targets
            ):
                yield node.value, ""
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            yield node.exc.args[0], RAISED
        elif isinstance(node, ast.FunctionDef) and node.name.startswith("render"):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and isinstance(inner.value, ast.JoinedStr):
                    yield inner.value, ""


def _parts(node: ast.expr) -> Iterator[ast.expr]:
    """The expressions whose text ``node`` shows: itself, or each branch of a choice
    (``a if x else b``, ``a or b``) and each part of a sum (``a + b``)."""
    if isinstance(node, ast.IfExp):
        yield from _parts(node.body)
        yield from _parts(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _parts(value)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        yield from _parts(node.left)
        yield from _parts(node.right)
    else:
        yield node


Scope = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef


def _assigned(scope: Scope) -> dict[str, list[ast.expr]]:
    """What each plain name of ``scope`` is given (``text = …``, ``text += …``), its
    functions' own names left to them."""
    given: dict[str, list[ast.expr]] = {}
    todo: list[ast.AST] = list(scope.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) and node.value:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    given.setdefault(target.id, []).append(node.value)
        todo.extend(ast.iter_child_nodes(node))
    return given


def _scopes(tree: ast.Module) -> dict[int, dict[str, list[ast.expr]]]:
    """For each node's id, what the names of its innermost function (or module) are given."""
    of: dict[int, dict[str, list[ast.expr]]] = {}
    scopes: list[Scope] = [tree]
    scopes += [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    for scope in scopes:  # outer first: an inner function's nodes are its own
        given = _assigned(scope)
        for inner in ast.walk(scope):
            of[id(inner)] = given
    return of


def _marked_names(tree: ast.Module) -> set[str]:
    """The module's constants made of marked messages (``NOTE = N_("…")``, a table of
    them): English, for ``_()`` where they are shown."""
    marked: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(
                isinstance(inner, ast.Call) and _name(inner) == "N_"
                for inner in ast.walk(node.value)
            ):
                marked.update(t.id for t in targets if isinstance(t, ast.Name))
    return marked


def _module_of(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def marked_constants(root: Path) -> dict[str, set[str]]:
    """The marked constants of every module of ``root/companion``, by module name."""
    from companion.i18n.extract import python_files

    found: dict[str, set[str]] = {}
    for path in python_files(root / "companion"):
        names = _marked_names(ast.parse(path.read_text(encoding="utf-8")))
        if names:
            found[_module_of(path, root)] = names
    return found


def _marked_here(tree: ast.Module, marked: dict[str, set[str]]) -> set[str]:
    """The names of marked constants ``tree`` defines or imports."""
    here = _marked_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in marked:
            here.update(a.asname or a.name for a in node.names if a.name in marked[node.module])
    return here


def _is_marked(node: ast.expr, marked: set[str]) -> bool:
    """A marked constant (or one of a table of them) shown as it is: English."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return isinstance(node, ast.Name) and node.id in marked


def _translated_nodes(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside a call that puts its text through the catalogue."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in TRANSLATED_BY:
            inside.update(id(inner) for inner in ast.walk(node))
    return inside


def _followed(node: ast.expr, given: dict[str, list[ast.expr]], how: str) -> TypeGuard[ast.Name]:
    """Whether what ``node`` (a plain name of the function) was given is looked at: not a
    constant's (``NAME``: English by design unless marked) nor an exception's message."""
    return (
        isinstance(node, ast.Name) and node.id in given and not node.id.isupper() and how != RAISED
    )


def collect_file(path: Path, root: Path, marked: dict[str, set[str]] | None = None) -> list[Shown]:
    """The user-visible strings of one module outside the catalogue: a literal shown (as
    it is, as a branch or part of what is shown, or given to a name then shown), and a
    marked constant (of ``marked``, by module) shown without ``_()``."""
    where = path.relative_to(root).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    translated = _translated_nodes(tree)
    scopes = _scopes(tree)
    constants = _marked_here(tree, marked if marked is not None else {})
    found: dict[tuple[int, int], Shown] = {}
    for shown, how in _shown_nodes(tree):
        given = scopes.get(id(shown), {})
        todo, seen = list(_parts(shown)), set()
        while todo:
            node = todo.pop()
            if id(node) in seen or id(node) in translated:
                continue
            seen.add(id(node))
            if _followed(node, given, how):
                todo.extend(part for value in given[node.id] for part in _parts(value))
            elif _is_words(node) or (how != KEYWORD and _is_marked(node, constants)):
                found[(node.lineno, node.col_offset)] = Shown(where, node.lineno, _text(node))
    lines = path.read_text(encoding="utf-8").splitlines()
    for node in _sentences_built(tree, translated, lines):
        found.setdefault((node.lineno, node.col_offset), Shown(where, node.lineno, _text(node)))
    return [found[place] for place in sorted(found)]


_SENTENCE = re.compile(r"[A-Za-z]{2,} [a-z]{2,}")
"""Two words in a row: what makes a built string a sentence."""
ON_PURPOSE = ("English on purpose", "never a player's: English")
"""A comment on an f-string's line or the three above it that keeps it English (a file
format, a log line, a programmer's error): the reason is said where the string is."""


def _sentences_built(tree: ast.AST, translated: set[int], lines: list[str]) -> list[ast.expr]:
    """Every f-string that builds a sentence outside the catalogue, wherever it goes (a
    function's result, a list, a message), unless a comment keeps it English on purpose:
    what the calls above cannot see."""
    errors = {  # ``wrong = f"…"; raise …(wrong)``: a programmer's error, English
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(target, ast.Name) and target.id == "wrong" for target in node.targets)
    }
    built: list[ast.expr] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr) or id(node) in translated or id(node) in errors:
            continue
        words = "".join(str(part.value) for part in node.values if isinstance(part, ast.Constant))
        if not _SENTENCE.search(words):
            continue
        near = lines[max(0, node.lineno - 4) : node.lineno]
        if not any(reason in line for line in near for reason in ON_PURPOSE):
            built.append(node)
    return built


def collect(root: Path) -> list[Shown]:
    """Those of every module of ``root/companion`` (the package itself excepted)."""
    from companion.i18n.extract import python_files

    marked = marked_constants(root)
    found: list[Shown] = []
    for path in python_files(root / "companion"):
        if "i18n" not in path.parts:
            found.extend(collect_file(path, root, marked))
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
