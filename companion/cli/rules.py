"""``stupor-solo rules [QUERY]``: the Reference at the command line.

With a query it prints the best matching entry in full and names the next matches; with
none, one line per entry. ``--json`` prints the matching entries as structured data, best
first. Nothing is read from or written to the data folder.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from companion.cli.support import PROG, err
from companion.i18n import _, ngettext, shown

ALSO = 6
"""How many further matches a search names under the entry it prints."""


def cmd_rules(args: argparse.Namespace, folder: Path) -> int:
    """Print the entry that best matches the query (exit code 1 when none does)."""
    from companion.reference import (
        MAX_QUERY,
        bounded_query,
        entry_lines,
        entry_title,
        find,
        kind_word,
    )

    query, cut = bounded_query(" ".join(args.query).strip())
    if cut:
        err(
            _(
                "{prog} rules: the question is longer than {most} characters; only its "
                "first {most} were searched (ask in a few words)."
            ).format(prog=PROG, most=MAX_QUERY)
        )
    found = find(query)
    if args.json:
        print(json.dumps([entry.as_json() for entry in found], ensure_ascii=False, indent=1))
        return 0 if found else 1
    if not found:
        err(
            _("{prog} rules: nothing in the Reference matches {query}").format(
                prog=PROG, query=repr(query)
            )
        )
        return 1
    if not query:
        kinds = [kind_word(entry.kind) for entry in found]
        width = max(len(kind) for kind in kinds)
        for kind, entry in zip(kinds, found, strict=True):
            print(f"{kind:<{width}}  {shown(entry.name)}  ({entry.id})")
        return 0
    print("\n".join(entry_lines(found[0])))
    others = found[1 : 1 + ALSO]
    if others:
        titles = "; ".join(entry_title(entry) for entry in others)
        if len(found) > 1 + ALSO:
            n = len(found) - 1 - ALSO
            print(
                "\n"
                + ngettext("Also: {titles} and {n} more", "Also: {titles} and {n} more", n).format(
                    titles=titles, n=n
                )
            )
        else:
            print("\n" + _("Also: {titles}").format(titles=titles))
    return 0
