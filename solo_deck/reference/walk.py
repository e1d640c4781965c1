"""Every entry with an ``id`` in the packaged data files, walked generically, and the whole
Reference: the builders' entries plus a plain entry for any id no builder knows (a data
file added later gets entries without a change here).

>>> ids = {row.id for row in data_rows()}
>>> {"tento", "A12", "village-II-B", "great_keep"} <= ids
True
>>> all(any(e.id == row.id for e in reference_entries()) for row in data_rows())
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from solo_deck.data.loaders import load_ruleset, parse_toml
from solo_deck.reference.board import site_entries
from solo_deck.reference.entry import ReferenceEntry, reference_source
from solo_deck.reference.pieces import piece_entries
from solo_deck.reference.play import play_entries
from solo_deck.reference.turns import flow_entries

# i18n: sentences are Text

BUILT: frozenset[tuple[str, str]] = frozenset(
    {
        ("allies.toml", "ally"),
        ("advanced_cards.toml", "card"),
        ("house_cards.toml", "card"),
        ("workplaces.toml", "tile"),
        ("city_bonus.toml", "tile"),
        ("castle.toml", "great"),
        ("castle.toml", "keep_cover"),
        ("castle.toml", "side"),
        ("solo_deck.toml", "cards"),
        ("castle_board.toml", "site"),
    }
)
"""The ``(file, table)`` pairs a builder of :mod:`~solo_deck.reference.pieces` or
:mod:`~solo_deck.reference.board` writes."""

TEXT_FIELDS = ("text", "effect", "notes", "description")


@dataclass(frozen=True)
class DataRow:
    """One ``[[table]]`` entry of a packaged data file that names itself (``id``, or
    ``income`` for the closed sides)."""

    file: str
    table: str
    id: str
    row: Mapping[str, object]


def _rows(file: str, data: Mapping[str, object], prefix: str = "") -> Iterator[DataRow]:
    for key, value in data.items():
        table = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _rows(file, value, f"{table}.")
        elif isinstance(value, list):
            for item in value:
                if not isinstance(item, dict):
                    continue
                name = item.get("id", item.get("income"))
                if isinstance(name, str | int):
                    yield DataRow(file, table, str(name), item)
                yield from _rows(file, {k: v for k, v in item.items() if k != "id"}, f"{table}.")


@cache
def data_rows() -> tuple[DataRow, ...]:
    """Every entry with an id in every ``.toml`` file of ``solo_deck.data``, in file order."""
    folder = resources.files("solo_deck.data")
    rows: list[DataRow] = []
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.name.endswith(".toml"):
            text = path.read_text(encoding="utf-8")
            rows.extend(_rows(path.name, parse_toml(text, f"solo_deck/data/{path.name}")))
    return tuple(rows)


def _kind(table: str) -> str:
    """``castle_site`` → ``Castle site`` (the last part of a nested table's name)."""
    return table.rsplit(".", 1)[-1].replace("_", " ").capitalize()


def _plain(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value)
    return str(value)


def generic_entry(row: DataRow) -> ReferenceEntry:
    """A plain entry for a data row no builder knows: its name, its text (or its fields)
    and its source, as the file gives them."""
    fields = {k: v for k, v in row.row.items() if k not in ("id", "name", "source")}
    text = next((str(row.row[f]) for f in TEXT_FIELDS if isinstance(row.row.get(f), str)), "")
    details = tuple(
        f"{key.replace('_', ' ')}: {_plain(value)}"
        for key, value in fields.items()
        if key not in TEXT_FIELDS
    )
    source = row.row.get("source")
    where, section = reference_source(source if isinstance(source, str) else "assumed")
    name = row.row.get("name")
    return ReferenceEntry(
        _kind(row.table),
        row.id,
        str(name) if isinstance(name, str) else row.id,
        text or (details[0] if details else row.id),
        details if text else details[1:],
        where,
        section,
        {"file": row.file, "table": row.table, **row.row},
    )


@cache
def reference_entries() -> tuple[ReferenceEntry, ...]:
    """The whole Reference (the engine's part: the rules decisions are the app's): your own
    play first (the rule a player's words name ranks before the pieces that mention it),
    then the pieces, the game's flow, and what only the generic walk found."""
    ruleset = load_ruleset()
    entries = [*play_entries(ruleset), *piece_entries(ruleset), *site_entries(ruleset)]
    entries += flow_entries(ruleset)
    entries += [generic_entry(row) for row in data_rows() if (row.file, row.table) not in BUILT]
    return tuple(entries)
