"""The engine's sentences as data: what a sentence means, rendered in English by default.

The engine never translates. Each sentence a player may read is a :class:`Text`: a ``str``
holding the English rendering (so every caller that prints, compares or stores it as
text keeps working) that also remembers what it was made of — its English template (the
catalogue's message id), its values, a plural form and the count that chooses between
them, and a context. A front end that speaks another language renders the same
:class:`Text` again from those parts (``companion.i18n``); a front end that does not just
prints it.

Three makers cover the engine's needs:

- :func:`t` — a sentence with named values;
- :func:`tn` — a sentence with a singular and a plural form, chosen by a count;
- :func:`term` — a game term (a resource, an action, a title…) that an edition's
  glossary renders, never the catalogue; :func:`named` is the same for a name that comes
  from the rules data (an Ally, a port, a Great Structure), not from the code;

and :func:`joined` keeps a list of sentences a list, so that each part is rendered on its
own and the separator in the front end's language.

>>> line = t("Frederick gains {n} {resource}.", n=2, resource=term("Stone", "resource"))
>>> line
'Frederick gains 2 Stone.'
>>> line.template, line.values["n"]
('Frederick gains {n} {resource}.', 2)
>>> tn("{n} card", "{n} cards", 3)
'3 cards'
>>> joined([t("one"), t("two")], "; ")
'one; two'

Operations of ``str`` (``+``, ``%``, ``str.format``, f-strings, ``join``) return a plain
``str`` and lose the parts: the engine builds sentences with these makers, not with them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Annotated, Final

from pydantic import ValidatorFunctionWrapHandler, WrapValidator

__all__ = ["KeptText", "Text", "joined", "named", "t", "term", "tn"]

TERM_CONTEXT: Final = "term"
"""Context prefix of a game term: ``term:<kind>`` (``term:resource``, ``term:ally``…)."""

LIST_CONTEXT: Final = "list"
"""Context of a :func:`joined` list: its parts are in ``values`` as ``0``, ``1``…"""

_NO_VALUES: Final[Mapping[str, object]] = MappingProxyType({})

_PARTS: dict[
    int, tuple[str, tuple[str, ...], tuple[object, ...], str | None, int | None, str | None]
] = {}
"""Each living :class:`Text`'s parts, by its id (see the class): its template, the names
of its values and the values, its plural form, its number and its context."""

_NAMES: dict[tuple[str, ...], tuple[str, ...]] = {}
"""One tuple for each set of value names (few: one per template at most), shared."""


class Text(str):
    """A sentence the engine wrote, as English text that remembers its parts.

    ``template`` is the English form with ``{name}`` fields (the message id); ``values``
    fills them; ``plural`` is the English plural form, chosen when ``number`` is not 1;
    ``context`` tells apart two messages with the same English words (a term's kind).

    >>> Text("{a} and {b}", {"a": 1, "b": 2})
    '1 and 2'
    >>> Text("Gain {n} Grain", {"n": 1}, plural="Gain {n} Grain", number=1).number
    1
    """

    __slots__ = ()
    # A game keeps thousands of these (log lines with the values inside them, Frederick's
    # steps, the duties in its checkpoints). An attribute of a ``str`` subclass needs an
    # instance dict, about 340 bytes each, more than the text itself: the parts live in
    # one table instead, a tuple per text keyed by the text's id, and leave it with the
    # text (``__del__``). The names of the values are one shared tuple per template.

    def __new__(
        cls,
        template: str,
        values: Mapping[str, object] | None = None,
        *,
        plural: str | None = None,
        number: int | None = None,
        context: str | None = None,
    ) -> Text:
        form = plural if plural is not None and number != 1 else template
        if context == LIST_CONTEXT:
            english = _english_list(template, values or _NO_VALUES)
        else:
            english = form.format_map(values) if values else form
        self = super().__new__(cls, english)
        names: tuple[str, ...] = ()
        filled: tuple[object, ...] = ()
        if values:
            names = tuple(values)
            names = _NAMES.setdefault(names, names)
            filled = tuple(values.values())
        _PARTS[id(self)] = (template, names, filled, plural, number, context)
        return self

    def __del__(self, _parts: dict[int, object] = _PARTS) -> None:  # type: ignore[assignment]
        # the table is bound here: at shutdown the module's globals may be gone first
        _parts.pop(id(self), None)

    @property
    def template(self) -> str:
        """The English form with ``{name}`` fields: the catalogue's message id."""
        return _PARTS[id(self)][0]

    @property
    def values(self) -> Mapping[str, object]:
        """The values that fill the template's fields."""
        parts = _PARTS[id(self)]
        return dict(zip(parts[1], parts[2], strict=True)) if parts[1] else _NO_VALUES

    @property
    def plural(self) -> str | None:
        """The English plural form (``None``: the text has one form)."""
        return _PARTS[id(self)][3]

    @property
    def number(self) -> int | None:
        """The count that chooses between the forms."""
        return _PARTS[id(self)][4]

    @property
    def context(self) -> str | None:
        """What tells two texts of the same English apart (``term:<kind>``, ``list``)."""
        return _PARTS[id(self)][5]

    def __reduce__(self) -> tuple[object, ...]:
        # Pickling (a worker process, a copy) keeps the parts, not only the English text.
        return (
            _rebuild,
            (self.template, dict(self.values), self.plural, self.number, self.context),
        )

    def counted(self, number: int) -> Text:
        """The same text with ``number`` choosing its form (a term named once, counted
        where it is used).

        >>> tower = term("Tower", "structure", plural="Towers")
        >>> tower.counted(2), tower.counted(1).number
        ('Towers', 1)

        Only a term or a text with a plural form has a form to choose.
        """
        if not (self.is_term or self.plural is not None):
            raise ValueError(f"{self.template!r} has no plural form to count")
        return Text(
            self.template, self.values, plural=self.plural, number=number, context=self.context
        )

    @property
    def is_term(self) -> bool:
        """Whether this is a game term (rendered from a glossary, not the catalogue).

        >>> term("Grain", "resource").is_term, t("Grain").is_term
        (True, False)
        """
        return self.context is not None and self.context.startswith(TERM_CONTEXT)

    @property
    def parts(self) -> tuple[object, ...]:
        """The parts of a :func:`joined` list, in order (empty for any other text).

        >>> joined(["a", "b"], ", ").parts
        ('a', 'b')
        """
        if self.context != LIST_CONTEXT:
            return ()
        return tuple(self.values[str(i)] for i in range(len(self.values)))


def _rebuild(
    template: str,
    values: dict[str, object],
    plural: str | None,
    number: int | None,
    context: str | None,
) -> Text:
    return Text(template, values, plural=plural, number=number, context=context)


def _english_list(separator: str, parts: Mapping[str, object]) -> str:
    return separator.join(str(parts[str(i)]) for i in range(len(parts)))


def t(template: str, /, **values: object) -> Text:
    """A sentence with named values, English until a front end renders it again.

    >>> t("Slide Next {numeral} down.", numeral="II")
    'Slide Next II down.'

    The engine makes thousands of these a game (a simulated game about 3,500, most of
    them reasons and log lines of moves a bot only weighs), so this is :class:`Text`
    made directly: the same parts, without the forms and contexts ``t`` never has. A
    sentence without values is made once and shared (a text never changes).
    """
    if not values:
        return _plain(template)
    text = str.__new__(Text, template.format_map(values))
    names = tuple(values)
    _PARTS[id(text)] = (
        template,
        _NAMES.setdefault(names, names),
        tuple(values.values()),
        None,
        None,
        None,
    )
    return text


@lru_cache(maxsize=4096)  # the code's sentences without values: a few hundred
def _plain(template: str) -> Text:
    return Text(template)


def tn(singular: str, plural: str, count: int, /, **values: object) -> Text:
    """A sentence in its singular or plural form; ``{n}`` in either is ``count``.

    >>> tn("{n} Augustale", "{n} Augustales", 1), tn("{n} Augustale", "{n} Augustales", 4)
    ('1 Augustale', '4 Augustales')
    """
    return Text(singular, {"n": count, **values}, plural=plural, number=count)


@cache  # a term is the same object wherever it is named: a game names few, often
def term(
    english: str, kind: str, /, *, plural: str | None = None, number: int | None = None
) -> Text:
    """A game term of one kind (``resource``, ``action``, ``ally``, ``title``…).

    The glossary of the player's edition renders it; English is the term itself. A term
    counted in its sentence (``3 Augustales``) gives its English ``plural`` and the
    ``number`` that chooses the form, so a glossary can choose the edition's form too.

    >>> term("Keep", "castle").context
    'term:castle'
    >>> term("Augustalis", "resource", plural="Augustales", number=3)
    'Augustales'
    """
    return Text(english, plural=plural, number=number, context=f"{TERM_CONTEXT}:{kind}")


@cache
def named(english: str, kind: str, /) -> Text:
    """A game term whose English comes from the rules data, not the code: an Ally's
    name, a port, a Great Structure. Rendered like a :func:`term` (the glossary lists
    the data's names); :func:`term` keeps its first argument a literal for the extractor.

    >>> port = named("Tunis", "port")
    >>> port, port.is_term, port.context
    ('Tunis', True, 'term:port')
    """
    return Text(english, context=f"{TERM_CONTEXT}:{kind}")


def joined(parts: Iterable[object], separator: str, /) -> Text:
    """Parts shown one after the other with a separator, each rendered on its own.

    >>> joined([t("+{n} Grain", n=1), "-1 Stone"], ", ")
    '+1 Grain, -1 Stone'
    """
    return Text(separator, {str(i): part for i, part in enumerate(parts)}, context=LIST_CONTEXT)


def _keep_text(value: object, handler: ValidatorFunctionWrapHandler) -> object:
    return value if isinstance(value, Text) else handler(value)


KeptText = Annotated[str, WrapValidator(_keep_text)]
"""A ``str`` field of an engine model that keeps a :class:`Text` as it is (pydantic would
copy it to a plain ``str`` and lose its parts); saved and loaded as plain text.

>>> from pydantic import BaseModel
>>> class Step(BaseModel):
...     line: KeptText
>>> Step(line=t("Move {n} steps", n=2)).line.template
'Move {n} steps'
>>> Step(line="typed").line, Step(line=t("x")).model_dump_json()
('typed', '{"line":"x"}')
"""
