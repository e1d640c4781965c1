"""The messages found in the code: what the catalogue's template holds.

Read from the syntax tree (never by running the code):

- in ``companion/``: ``_("…")``, ``N_("…")``, ``ngettext("…", "…", n)``,
  ``pgettext("ctx", "…")``, and the footer labels and tooltips of the key tables
  (``Key(key, action, label, id, tooltip)``, ``ConfirmKeys(yes=…, no=…, …)``), which the
  footer shows through the catalogue;
- in ``solo_deck/``: the engine's sentences ``t("…")``, ``tn("…", "…", n)`` and the
  separators of ``joined(parts, "…")`` (context ``list``). Its game terms
  (``term("Tower", "castle")``) are the glossary's, found by :func:`engine_terms`;
- in the rules data (``solo_deck/data/*.toml``, read as data): the texts a player reads
  (:data:`solo_deck.data.worded.WORDED`: a card's effect, a tile's text; context
  ``data:<field>``) and the rulebook sections named by each ``source`` field and by each
  rules decision's source (context ``data:section``), located by file and key
  (:func:`data_messages`).
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from solo_deck import DATA_CONTEXT, SECTION, WORDED, source_parts
from solo_deck.text import LIST_CONTEXT

APP_SINGLE = frozenset({"_", "N_"})
KEY_FIELDS = {"Key": {2: "label", 4: "tooltip"}}
CONFIRM_FIELDS = ("yes", "no", "yes_tooltip", "no_tooltip")


@dataclass
class Message:
    """One message of the template: its id, plural and context, and where it was found."""

    msgid: str
    plural: str | None = None
    context: str | None = None
    locations: list[tuple[str, int]] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _app_messages(call: ast.Call) -> Iterator[tuple[str, str | None, str | None]]:
    """(msgid, plural, context) of one call in the app's code."""
    name, args = _name(call), call.args
    if name in APP_SINGLE and args and (text := _literal(args[0])) is not None:
        yield text, None, None
    elif name == "ngettext" and len(args) >= 2:
        one, many = _literal(args[0]), _literal(args[1])
        if one is not None and many is not None:
            yield one, many, None
    elif name == "pgettext" and len(args) >= 2:
        context, text = _literal(args[0]), _literal(args[1])
        if context is not None and text is not None:
            yield text, None, context
    elif name in KEY_FIELDS:
        for index, keyword in KEY_FIELDS[name].items():
            node = args[index] if len(args) > index else None
            node = node or next((k.value for k in call.keywords if k.arg == keyword), None)
            if (text := _literal(node)) is not None and text:
                yield text, None, None
    elif name == "ConfirmKeys":
        for named in call.keywords:
            if named.arg in CONFIRM_FIELDS and (text := _literal(named.value)):
                yield text, None, None


def _engine_messages(call: ast.Call) -> Iterator[tuple[str, str | None, str | None]]:
    """(msgid, plural, context) of one call in the engine's code."""
    name, args = _name(call), call.args
    if name == "t" and args and (text := _literal(args[0])) is not None:
        yield text, None, None
    elif name == "tn" and len(args) >= 2:
        one, many = _literal(args[0]), _literal(args[1])
        if one is not None and many is not None:
            yield one, many, None
    elif name == "joined" and len(args) >= 2 and (separator := _literal(args[1])) is not None:
        yield separator, None, LIST_CONTEXT


def _calls(path: Path) -> Iterator[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield node


def python_files(folder: Path) -> list[Path]:
    """The Python files under ``folder``, in a stable order."""
    return sorted(path for path in folder.rglob("*.py") if "__pycache__" not in path.parts)


def extract(root: Path) -> list[Message]:
    """Every message of ``root``'s ``solo_deck/`` and ``companion/`` (code, then the rules
    data), each once, in the order first found."""
    found: dict[tuple[str | None, str], Message] = {}
    for package, finder in (("solo_deck", _engine_messages), ("companion", _app_messages)):
        for path in python_files(root / package):
            where = path.relative_to(root).as_posix()
            for call in _calls(path):
                for msgid, plural, context in finder(call):
                    message = found.setdefault((context, msgid), Message(msgid, plural, context))
                    message.locations.append((where, call.lineno))
    for msgid, context, place in data_messages(root):
        message = found.setdefault((context, msgid), Message(msgid, None, context))
        if place not in message.locations:
            message.locations.append(place)
    return list(found.values())


def data_messages(root: Path) -> Iterator[tuple[str, str, tuple[str, int]]]:
    """(English, context, location) of each text a player reads in the rules data: the
    :data:`~solo_deck.data.worded.WORDED` fields, then the section of every ``source``
    (any key ending so) and of each rules decision's source. A location is the file and
    the key (``solo_deck/data/advanced_cards.toml#card.A1.effect``); a section repeated
    in one file is located once there."""
    folder = root / "solo_deck" / "data"
    if not folder.is_dir():  # a tree without the rules data (a test's)
        return
    for (name, table), fields in WORDED.items():
        if not (folder / name).is_file():
            continue
        data = tomllib.loads((folder / name).read_text(encoding="utf-8"))
        for index, item in enumerate(data.get(table, [])):
            for field_name in fields:
                if isinstance(text := item.get(field_name), str):
                    key = f"{table}.{item.get('id', index)}.{field_name}"
                    yield text, f"{DATA_CONTEXT}:{field_name}", (f"{_data(name)}#{key}", 0)
    section = f"{DATA_CONTEXT}:{SECTION}"
    for path in sorted(folder.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        seen: set[str] = set()
        for key, source in _sources(data, ""):
            named = source_parts(source)[1]
            if named is not None and named not in seen:
                seen.add(named)
                yield named, section, (f"{_data(path.name)}#{key}", 0)
    decisions = root / "companion" / "rules_decisions.py"
    if decisions.is_file():
        for ident, source in _decision_sources(decisions):
            if (named := source_parts(source)[1]) is not None:
                yield named, section, (f"companion/rules_decisions.py#{ident}", 0)


def _decision_sources(path: Path) -> Iterator[tuple[str, str]]:
    """(id, source) of each rules decision, read from the syntax tree of ``path``: the
    third text of each ``(topic, decision, source)`` of ``RULES_DECISIONS``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) == 3:
            topic, source = (_marked(node.elts[0]), _marked(node.elts[2]))
            if topic is not None and source is not None:
                yield "-".join(topic.lower().replace("'", "").split()), source


def _marked(node: ast.expr) -> str | None:
    """The text of ``N_("…")`` (or of a bare literal)."""
    if isinstance(node, ast.Call) and _name(node) == "N_" and node.args:
        return _literal(node.args[0])
    return _literal(node)


def _data(name: str) -> str:
    return f"solo_deck/data/{name}"


def _sources(value: object, key: str) -> Iterator[tuple[str, str]]:
    """(dotted key, text) of each ``…source`` string under ``value``, in file order."""
    if isinstance(value, dict):
        for name, inner in value.items():
            here = f"{key}.{name}" if key else str(name)
            if isinstance(inner, str) and str(name).endswith("source"):
                yield here, inner
            else:
                yield from _sources(inner, here)
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            ident = inner.get("id", index) if isinstance(inner, dict) else index
            yield from _sources(inner, f"{key}.{ident}")


def engine_terms(root: Path) -> set[tuple[str, str]]:
    """Every game term the engine's code names as a literal: (English, kind) of each
    ``term("Tower", "castle")``."""
    terms: set[tuple[str, str]] = set()
    for path in python_files(root / "solo_deck"):
        for call in _calls(path):
            if _name(call) == "term" and len(call.args) >= 2:
                english, kind = _literal(call.args[0]), _literal(call.args[1])
                if english is not None and kind is not None:
                    terms.add((english, kind))
    return terms
