"""The pseudo-locale ``qps``: every message about 40 % longer, accented and marked with
« », so a layout test sees at once what would be cut or left untranslated in a longer
language. Fields (``{n}``), Rich markup (``[b]``) and ``%s``-style specifiers stay as they
are, so a pseudo message fills and draws like the real one.

>>> pseudo("New game")
'«Ñéŵ ĝàmé ··»'
>>> pseudo("{n} Grain to [b]Roma[/b]")
'«{n} Ĝŕàîñ ţô [b]Ŕômà[/b] ········»'
"""

from __future__ import annotations

import re
from gettext import NullTranslations
from math import ceil

_ACCENTED = str.maketrans("aceghinorstuwyzACEGHINORSTUWYZ", "àçéĝĥîñôŕšţûŵýžÀÇÉĜĤÎÑÔŔŠŢÛŴÝŽ")
_KEPT = re.compile(r"\{[^{}]*\}|\[/?[a-z#@][^\[\]]*\]|%(?:\([^)]*\))?[sdif]")
"""What a pseudo message keeps as it is: fields, markup tags, ``%`` specifiers."""

GROWTH = 0.4
"""How much longer a pseudo message is than its English (before the two marks)."""


def pseudo(message: str) -> str:
    """``message`` accented, about 40 % longer and between « »."""
    if not message.strip():
        return message
    parts: list[str] = []
    last = 0
    for kept in _KEPT.finditer(message):
        parts.append(message[last : kept.start()].translate(_ACCENTED))
        parts.append(kept.group())
        last = kept.end()
    parts.append(message[last:].translate(_ACCENTED))
    padding = "·" * max(1, ceil(len(message) * GROWTH) - 2)
    return f"«{''.join(parts)} {padding}»"


class PseudoTranslations(NullTranslations):
    """A catalogue whose every message is its English made :func:`pseudo`."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
