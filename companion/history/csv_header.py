"""The header of a CSV history to import: every column known, none repeated, the
required ones there (a problem names the line, in the language in use)."""

from __future__ import annotations

import pathlib

from companion.history.checks import ImportFileError
from companion.history.export import CSV_COLUMNS, REQUIRED_CSV_COLUMNS
from companion.i18n import _, ngettext
from companion.plain_text import clip_value


def check_csv_header(row: list[str], line: int, source: pathlib.Path) -> list[str]:
    """The column names of the header ``row`` (line ``line`` of ``source``), lower-case;
    :class:`ImportFileError` listing every unknown, repeated or missing column."""
    header = [cell.strip().lstrip("\ufeff").lower() for cell in row]
    problems = []
    unknown = [name for name in header if name not in CSV_COLUMNS]
    if unknown:
        names = ", ".join(clip_value(n, 30) for n in unknown[:5])
        problems.append(
            ngettext(
                "line {line}: unknown column {names} (the columns are: {columns})",
                "line {line}: unknown columns {names} (the columns are: {columns})",
                len(unknown),
            ).format(line=line, names=names, columns=", ".join(CSV_COLUMNS))
        )
    counts: dict[str, int] = {}
    for name in header:
        counts[name] = counts.get(name, 0) + 1
    repeated = sorted(name for name, count in counts.items() if count > 1)
    if repeated:
        names = ", ".join(clip_value(n, 30) for n in repeated[:5])
        problems.append(_("line {line}: column {names} repeated").format(line=line, names=names))
    missing = [name for name in REQUIRED_CSV_COLUMNS if name not in counts]
    if missing:
        problems.append(
            _("line {line}: missing column(s) {names}").format(line=line, names=", ".join(missing))
        )
    if problems:
        raise ImportFileError(source, problems)
    return header
