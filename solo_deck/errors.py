"""Every error the engine raises, in one place.

All four are ``ValueError`` subclasses, so a caller that only wants "bad input" can catch
``ValueError``; a front end tells them apart to word its message.

>>> from solo_deck.errors import RuleError
>>> issubclass(RuleError, ValueError)
True
"""

from __future__ import annotations

from solo_deck.text import Text


class RuleError(ValueError):
    """An action the rules do not allow in the current state. The message says why.

    The message is a :class:`~solo_deck.text.Text` (``str(error)`` is its English
    rendering); :attr:`text` gives it back with its parts, for a front end to render in
    the player's language.

    >>> from solo_deck.text import t
    >>> error = RuleError(t("you already own {card}", card="A7"))
    >>> str(error), error.text.template
    ('you already own A7', 'you already own {card}')
    """

    @property
    def text(self) -> Text:
        """The message with its template and values (a plain message as a template
        with no values)."""
        message = self.args[0] if self.args else ""
        return message if isinstance(message, Text) else Text(str(message))


class DocumentError(ValueError):
    """A saved game document that cannot be read: the message says what and where."""


class DataFileError(ValueError):
    """A rules data file is missing, is not valid TOML, or has a wrong field."""


class EdictParseError(ValueError):
    """Raised by :func:`solo_deck.model.edict.parse_edict` for text that is not edict notation."""
