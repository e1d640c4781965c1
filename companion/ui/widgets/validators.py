"""Input validators that explain what is wrong and what is allowed."""

from __future__ import annotations

from textual.validation import ValidationResult, Validator

from companion.i18n import _, shown
from solo_deck import EdictParseError, awaits_letter, parse_edict


class EdictNotation(Validator):
    """Accepts edict notation such as ``2T 1K``, and a count still awaiting its letter
    (``2``: not wrong yet, so the field does not turn red between the two keys; the tile
    itself is read by :func:`parse_edict` when it is used); the failure says why, in full."""

    def validate(self, value: str) -> ValidationResult:
        """Parse the text; report the parser's message on failure."""
        try:
            parse_edict(value)
        except EdictParseError as exc:
            if awaits_letter(value):
                return self.success()
            return self.failure(shown(exc.args[0]) if exc.args else str(exc))
        return self.success()


class WholeNumber(Validator):
    """A whole number within ``minimum``..``maximum`` (empty allowed if ``optional``)."""

    def __init__(self, minimum: int = 0, maximum: int = 999, *, optional: bool = False) -> None:
        super().__init__()
        self.minimum = minimum
        self.maximum = maximum
        self.optional = optional

    def validate(self, value: str) -> ValidationResult:
        """Check the text is a whole number in range."""
        text = value.strip()
        if not text:
            return self.success() if self.optional else self.failure(_("enter a number"))
        try:
            number = int(text)
        except ValueError:
            return self.failure(_("{text} is not a whole number").format(text=repr(text)))
        if not self.minimum <= number <= self.maximum:
            return self.failure(
                _("enter a number from {low} to {high}").format(low=self.minimum, high=self.maximum)
            )
        return self.success()
