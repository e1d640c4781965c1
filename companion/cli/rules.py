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

ALSO = 6
"""How many further matches a search names under the entry it prints."""


def cmd_rules(args: argparse.Namespace, folder: Path) -> int:
    """Print the entry that best matches the query (exit code 1 when none does)."""
    from companion.reference import MAX_QUERY, bounded_query, find

    query, cut = bounded_query(" ".join(args.query).strip())
    if cut:
        err(
            f"{PROG} rules: the question is longer than {MAX_QUERY} characters; only its "
            f"first {MAX_QUERY} were searched (ask in a few words)."
        )
    found = find(query)
    if args.json:
        print(json.dumps([entry.as_json() for entry in found], ensure_ascii=False, indent=1))
        return 0 if found else 1
    if not found:
        err(f"{PROG} rules: nothing in the Reference matches {query!r}")
        return 1
    if not query:
        width = max(len(entry.kind) for entry in found)
        for entry in found:
            print(f"{entry.kind:<{width}}  {entry.name}  ({entry.id})")
        return 0
    print(found[0].text())
    others = found[1 : 1 + ALSO]
    if others:
        more = f" and {len(found) - 1 - ALSO} more" if len(found) > 1 + ALSO else ""
        print("\nAlso: " + "; ".join(entry.title for entry in others) + more)
    return 0
