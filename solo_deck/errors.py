"""Every error the engine raises, in one place.

All four are ``ValueError`` subclasses, so a caller that only wants "bad input" can catch
``ValueError``; a front end tells them apart to word its message.

>>> from solo_deck.errors import RuleError
>>> issubclass(RuleError, ValueError)
True
"""

from __future__ import annotations


class RuleError(ValueError):
    """An action the rules do not allow in the current state. The message says why."""


class DocumentError(ValueError):
    """A saved game document that cannot be read: the message says what and where."""


class DataFileError(ValueError):
    """A rules data file is missing, is not valid TOML, or has a wrong field."""


class EdictParseError(ValueError):
    """Raised by :func:`solo_deck.model.edict.parse_edict` for text that is not edict notation."""
