"""The compiled catalogues, and their upkeep.

At run time :func:`translations` reads ``locale/<lang>/LC_MESSAGES/stupor.mo`` with the
standard library's ``gettext`` (its ``Plural-Forms`` header chooses among as many plural
forms as the language has: three for Polish). A language without a catalogue speaks
English; the pseudo-locale needs none.

Run as ``python -m companion.i18n.catalogues`` (Babel needed: ``pip install babel``) it
does the upkeep: it extracts the template from the code (:mod:`companion.i18n.extract`)
into ``locale/stupor.pot``, brings each language's ``stupor.po`` up to date with it (new
messages untranslated, gone ones dropped) and compiles each ``stupor.mo``. ``--check``
changes nothing and exits 1 when a file is not up to date; ``--stats`` prints how much of
each catalogue is translated; ``--add FILE.json`` (repeatable) fills untranslated messages
from a file of translations, ``{"<msgid>": {"it": "…", "de": [singular, plural], …}}``, a
message with a context keyed ``"<context>\\u0004<msgid>"`` (gettext's own separator), and
``--missing LANG`` prints the messages ``LANG`` still lacks in that form (values empty).
"""

from __future__ import annotations

import copy
import functools
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from companion.i18n.languages import LANGUAGES, PSEUDO

if TYPE_CHECKING:
    from gettext import NullTranslations

    from babel.messages.catalog import Catalog

DOMAIN: Final = "stupor"
LOCALE_DIR: Final = Path(__file__).with_name("locale")
TEMPLATE: Final = LOCALE_DIR / f"{DOMAIN}.pot"
TRANSLATED: Final = tuple(code for code in LANGUAGES if code != "en")
"""The languages with a catalogue (English is the source)."""


def catalogue_path(language: str, suffix: str = ".mo") -> Path:
    """Where ``language``'s catalogue is (``.po``: its source)."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@functools.cache
def translations(language: str) -> NullTranslations:
    """``language``'s catalogue (English's own words when it has none)."""
    import gettext

    if language == PSEUDO:
        from companion.i18n.pseudo import PseudoTranslations

        return PseudoTranslations()
    path = catalogue_path(language)
    if not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as compiled:
        return gettext.GNUTranslations(compiled)


# --- upkeep (Babel) -------------------------------------------------------------------


def template_catalogue(root: Path) -> Catalog:
    """The template: every message of the code, with where it is."""
    from babel.messages.catalog import Catalog

    from companion.i18n.extract import extract

    template = Catalog(project="stupor-solo", domain=DOMAIN, fuzzy=False)
    for message in extract(root):
        msgid: str | tuple[str, str] = (
            (message.msgid, message.plural) if message.plural else message.msgid
        )
        template.add(msgid, locations=message.locations, context=message.context)
    return template


def updated_catalogue(language: str, template: Catalog) -> Catalog:
    """``language``'s catalogue brought up to date with ``template``."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = catalogue_path(language, ".po")
    if path.is_file():
        with path.open("rb") as source:
            catalogue = read_po(source, locale=language, domain=DOMAIN)
    else:
        catalogue = Catalog(locale=language, domain=DOMAIN, project="stupor-solo", fuzzy=False)
    catalogue.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalogue.obsolete.clear()
    catalogue.fuzzy = False
    for message in catalogue:
        # Babel marks a message fuzzy when it turned plural (and a fuzzy message is never
        # compiled): the forms stand when every one is written, else it is untranslated.
        if message.id and message.fuzzy:
            message.flags.discard("fuzzy")
            if isinstance(message.string, tuple) and not all(message.string):
                message.string = ("",) * len(message.string)
    return catalogue


def po_bytes(catalogue: Catalog, *, locations: bool = True) -> bytes:
    """A catalogue as ``.po`` text (no dates: the file changes only when a message does)."""
    from datetime import UTC, datetime
    from io import BytesIO

    from babel.messages.pofile import write_po

    catalogue.creation_date = catalogue.revision_date = datetime(2026, 1, 1, tzinfo=UTC)
    out = BytesIO()
    write_po(
        out,
        catalogue,
        width=100,
        omit_header=False,
        no_location=not locations,
        include_lineno=False,
        sort_output=False,
        include_previous=False,
    )
    return out.getvalue()


def mo_bytes(po_source: bytes, language: str) -> bytes:
    """The compiled form of the ``.po`` text ``po_source``."""
    from io import BytesIO

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalogue = read_po(BytesIO(po_source), locale=language, domain=DOMAIN)
    out = BytesIO()
    write_mo(out, catalogue, use_fuzzy=False)
    return out.getvalue()


def translated_share(po_source: bytes, language: str) -> tuple[int, int]:
    """(translated, all) messages of a ``.po`` text."""
    from io import BytesIO

    from babel.messages.pofile import read_po

    catalogue = read_po(BytesIO(po_source), locale=language, domain=DOMAIN)
    messages = [message for message in catalogue if message.id]
    done = [m for m in messages if (all(m.string) if isinstance(m.string, tuple) else m.string)]
    return len(done), len(messages)


Additions = dict[str, dict[str, str | list[str]]]
"""Translations to add: ``{key: {language: text or plural forms}}`` (see the module)."""
CONTEXT_SEPARATOR: Final = "\x04"


def _key(message_id: str | Sequence[str], context: str | None) -> str:
    singular = message_id if isinstance(message_id, str) else message_id[0]
    return f"{context}{CONTEXT_SEPARATOR}{singular}" if context else singular


def add_translations(catalogue: Catalog, language: str, additions: Additions) -> int:
    """Fill ``catalogue``'s untranslated messages from ``additions``; how many were filled.
    A translation already in the catalogue is kept."""
    filled = 0
    for message in catalogue:
        if not message.id:
            continue
        done = all(message.string) if isinstance(message.string, tuple) else message.string
        given = additions.get(_key(message.id, message.context), {}).get(language)
        if done or not given:
            continue
        if isinstance(message.id, tuple):
            forms = [given] if isinstance(given, str) else list(given)
            if not forms or not all(forms):
                continue
            # A language's rarer forms (Italian's and French's "many") take the plural's.
            forms += [forms[-1]] * (catalogue.num_plurals - len(forms))
            message.string = tuple(forms)
        elif isinstance(given, str):
            message.string = given
        else:
            continue
        filled += 1
    return filled


def lacking(language: str) -> Additions:
    """The messages ``language``'s catalogue lacks, keyed as :func:`add_translations` reads."""
    from babel.messages.pofile import read_po

    with catalogue_path(language, ".po").open("rb") as source:
        catalogue = read_po(source, locale=language, domain=DOMAIN)
    found: Additions = {}
    for message in catalogue:
        done = all(message.string) if isinstance(message.string, tuple) else message.string
        if message.id and not done:
            empty: str | list[str] = ["", ""] if isinstance(message.id, tuple) else ""
            found[_key(message.id, message.context)] = {language: empty}
    return found


def upkeep(root: Path, *, check: bool = False, additions: Additions | None = None) -> list[Path]:
    """Write (or, with ``check``, only compare) the template, each ``.po`` and ``.mo``;
    the files that were (or would be) changed."""
    template = template_catalogue(root)
    wanted = {TEMPLATE: po_bytes(template)}
    for language in TRANSLATED:
        # Babel's update puts the template's own new messages into the catalogue: each
        # language gets a copy, or one language's translations would fill the others'.
        catalogue = updated_catalogue(language, copy.deepcopy(template))
        if additions:
            add_translations(catalogue, language, additions)
        source = po_bytes(catalogue)
        wanted[catalogue_path(language, ".po")] = source
        wanted[catalogue_path(language)] = mo_bytes(source, language)
    changed = [
        path for path, data in wanted.items() if not path.is_file() or path.read_bytes() != data
    ]
    if not check:
        for path in changed:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(wanted[path])
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    """Run the upkeep from the command line (see the module)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m companion.i18n.catalogues")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    parser.add_argument("--stats", action="store_true", help="print how much is translated")
    parser.add_argument(
        "--add", action="append", default=[], type=Path, help="translations to add (JSON)"
    )
    parser.add_argument("--missing", choices=TRANSLATED, help="print what a language lacks")
    args = parser.parse_args(argv)
    root = Path(__file__).resolve().parents[2]
    if args.missing:
        import json

        print(json.dumps(lacking(args.missing), ensure_ascii=False, indent=1))
        return 0
    additions: Additions = {}
    for path in args.add:
        import json

        for key, forms in json.loads(path.read_text(encoding="utf-8")).items():
            additions.setdefault(key, {}).update(forms)
    changed = upkeep(root, check=args.check, additions=additions)
    for path in changed:
        print(f"{'stale' if args.check else 'written'}: {path.relative_to(root)}")
    if args.stats:
        from companion.i18n.extract import engine_terms
        from companion.i18n.glossary import entry

        missing = sorted(english for english, _ in engine_terms(root) if entry(english) is None)
        print(f"engine terms missing from the glossary: {', '.join(missing) or 'none'}")
        for language in TRANSLATED:
            done, total = translated_share(catalogue_path(language, ".po").read_bytes(), language)
            print(f"{language}: {done}/{total} translated ({100 * done / max(total, 1):.1f} %)")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
