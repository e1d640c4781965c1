"""What ``config.toml`` may hold: :data:`SECTIONS`, every setting with its type, default,
help text and limits (read by :mod:`companion.config.load`; the JSON schema and the
commented example of :mod:`companion.config.schema` are built from it).

Nothing here loads the engine or Textual: the file is read before the Start screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.i18n import _
from companion.i18n.languages import CHOICES as LANGUAGE_CHOICES
from companion.plain_text import clip_value

HOUSE_CHOICES = ("Savoy", "Wittelsbach", "Di Romano", "Hohenstaufen")
"""The engine's Houses (``solo_deck.model.action_cards.HOUSES``; a test keeps them equal). Named
here so that reading the file loads no engine module."""
DIFFICULTY_CHOICES = ("easy", "medium", "hard")
DECK_MODE_CHOICES = ("virtual", "table")
MOST_STRUCTURES_CHOICES = ("always", "at_least_as_many", "more_than")
"""The engine's most-Structures rules (``solo_deck.MOST_STRUCTURES_RULES``; a test keeps
them equal)."""
TITLE_CHOICES = ("Serf", "Knight", "Feudal lord", "Duke")
"""The solo titles, lowest first (the ruleset's; a test keeps them equal)."""


@dataclass(frozen=True)
class Setting:
    """One value the file may hold: its name, type, default, help text and limits."""

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    example: Any = None
    """A value shown (commented out) in the example file; the default when ``None``."""

    def check(self, value: Any) -> str | None:
        """Why ``value`` does not fit, in words, or ``None`` when it does."""
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            return self._whole_number(shown_value(value))
        if self.kind is bool and not isinstance(value, bool):
            return _("is {value}; write true or false (no quotes)").format(value=shown_value(value))
        if self.kind is str and not isinstance(value, str):
            return _("is {value}; write a text in quotes").format(value=shown_value(value))
        if self.choices is not None and value not in self.choices:
            return _("is {value}; write one of {choices}").format(
                value=shown_value(value), choices=_choice_list(self.choices)
            )
        if isinstance(value, int) and not isinstance(value, bool):
            low, high = self.minimum, self.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                return self._whole_number(str(value))
        if isinstance(value, str):
            limit = self.max_length
            if not value.strip() or (limit is not None and len(value) > limit):
                return _("is {value}; write 1 to {limit} characters").format(
                    value=shown_value(value), limit=limit
                )
            if not value.isprintable():
                return _("is {value}; control characters are not allowed").format(
                    value=shown_value(value)
                )
        return None

    def _whole_number(self, shown: str) -> str:
        if self.minimum is not None and self.maximum is not None:
            return _("is {value}; write a whole number from {low} to {high}").format(
                value=shown, low=self.minimum, high=self.maximum
            )
        return _("is {value}; write a whole number").format(value=shown)


SECTIONS: dict[str, tuple[str, tuple[Setting, ...]]] = {
    "": (
        "General",
        (
            Setting(
                "theme",
                str,
                None,
                "The colour theme: any Textual theme (ctrl+p, 'theme' lists them). The app "
                "writes this line when you pick a theme.",
                max_length=60,
                example="textual-dark",
            ),
        ),
    ),
    "new_game": (
        "Defaults for a new game. A value set here is what the New game form starts with; "
        "a value left out starts as you chose it last time.",
        (
            Setting("house", str, None, "Your House.", HOUSE_CHOICES, example="Savoy"),
            Setting(
                "difficulty",
                str,
                None,
                "The Market tiles: easy, medium or hard.",
                DIFFICULTY_CHOICES,
                example="medium",
            ),
            Setting(
                "deck_mode",
                str,
                None,
                "virtual: the app flips Frederick's cards; table: you flip the real ones.",
                DECK_MODE_CHOICES,
                example="virtual",
            ),
            Setting(
                "easier_solo",
                bool,
                None,
                "The easier solo game (the marked Edict tiles added to the pile).",
                example=False,
            ),
        ),
    ),
    "rules": (
        "Choices where the solo rules leave room. Both the New game form and "
        "'stupor-solo score' start from them.",
        (
            Setting(
                "most_structures",
                str,
                None,
                "When the most-Structures bonus is yours: always (you are the only "
                "player who scores: the built-in rule), at_least_as_many or more_than "
                "(compare your castle with Frederick's).",
                MOST_STRUCTURES_CHOICES,
                example="always",
            ),
        ),
    ),
    "backups": (
        "Copies of the history kept in the data folder's backups/ folder.",
        (
            Setting(
                "automatic",
                bool,
                True,
                "Copy the history after every finished game.",
            ),
            Setting(
                "keep",
                int,
                10,
                "How many copies to keep; the oldest go first.",
                minimum=1,
                maximum=999,
            ),
        ),
    ),
    "bgstats": (
        "Sending a finished game to the BG Stats app.",
        (
            Setting(
                "player_name",
                str,
                "Me",
                "Your name as BG Stats should see it.",
                max_length=60,
            ),
            Setting(
                "win_title",
                str,
                "Duke",
                "The title that counts as a win for BG Stats (the solo rules challenge "
                "you to become Duke).",
                TITLE_CHOICES,
            ),
            Setting(
                "send_frederick",
                bool,
                False,
                "Send Frederick II as a second player (no score; he wins when you miss "
                "your title). Mark him once as a Non-player in BG Stats.",
                example=True,
            ),
        ),
    ),
    "coach": (
        "The Coach on the Table (c, at the start of your turn): your best turns, "
        "weighed by simulated games.",
        (
            Setting(
                "aim_title",
                str,
                "Feudal lord",
                "The title whose chance the Coach gives for each turn (reaching it at the "
                "end of the game).",
                TITLE_CHOICES,
            ),
            Setting(
                "games",
                int,
                0,
                "The most games the Coach plays for one answer (0: it sharpens up to its "
                "own limit). Fewer answer sooner and leave a slow machine free sooner.",
                minimum=0,
                maximum=100_000,
                example=200,
            ),
        ),
    ),
    "ui": (
        "The app's language.",
        (
            Setting(
                "language",
                str,
                None,
                "The language of the app and the commands: en (English), it (Italiano), de "
                "(Deutsch), fr (Français), with the words of that edition of the game; qps is a "
                "pseudo-locale for layout tests. Left out: the language of your system's "
                "locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English. stupor-solo "
                "--lang overrides it.",
                LANGUAGE_CHOICES,
                example="it",
            ),
        ),
    ),
}
"""Every setting by section (``""``: the top of the file): the section's description and
its settings. ``[keys]`` is apart: binding ids to keys."""


def shown_value(value: Any) -> str:
    """A value as a message shows it: cut short, quoted when it is text."""
    if isinstance(value, str):
        return clip_value(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return clip_value(value)


def _choice_list(choices: tuple[str, ...]) -> str:
    quoted = [f'"{choice}"' for choice in choices]
    return _("{some} or {last}").format(some=", ".join(quoted[:-1]), last=quoted[-1])
