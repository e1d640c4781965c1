"""The player's settings: their own solo deck, the cards they checked, the theme.

``settings.json`` holds one TinyDB table ``settings`` with one document::

    {"schema_version": 1, "deck": {...} | null, "verified_cards": [...], "theme": "..." | null,
     "printed_board": {"edict_token_spaces": ["A3", ...] | null,
                       "edict_rewards": [grant | null, grant | null, grant | null]}}

``printed_board`` (optional, added later: absent means nothing remembered) is what the last
setup said the board prints, the same every game, to prefill the next setup.
``new_game`` (optional, added later) is the House, difficulty, deck mode and easier option
chosen at the last setup: ``{"house": ..., "difficulty": ..., "deck_mode": ...,
"easier_solo": ...}``.
``boards`` (optional, added later) holds the boards the player checked against their box,
by ruleset field: ``{"castle_board": {...}}``; a board absent is the packaged one.

Each setter changes its own key only (TinyDB ``upsert`` merges). A value that does not
validate is ignored (the default is used) and listed in :attr:`SettingsStore.problems`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tinydb.table import Document

from companion.i18n import N_, _
from companion.paths import SETTINGS_FILE
from companion.storage.errors import NewerSchemaError
from companion.storage.store_file import FileStore, StoreFile

if TYPE_CHECKING:
    from solo_deck import DeckDefinition, Grant

TABLE = "settings"
DOC_ID = 1
CURRENT_SETTINGS_SCHEMA = 1
MAX_THEME_LENGTH = 60
PRINTED_BOARD = "printed_board"
NEW_GAME = "new_game"
BOARDS = "boards"
NEW_GAME_CHOICES: dict[str, tuple[object, ...]] = {
    "house": ("Savoy", "Wittelsbach", "Di Romano", "Hohenstaufen"),
    "difficulty": ("easy", "medium", "hard"),
    "deck_mode": ("virtual", "table"),
    "easier_solo": (True, False),
}
"""What each remembered setup choice may be (the engine's values; a test keeps them equal)."""
NOT_VALID = {
    "house": N_("The remembered house was not valid."),
    "difficulty": N_("The remembered difficulty was not valid."),
    "deck_mode": N_("The remembered deck mode was not valid."),
    "easier_solo": N_("The remembered easier solo was not valid."),
}
"""What is said of each remembered setup choice that is no longer valid."""
LABEL = N_("The settings file")
_SPACE_KEY = re.compile(r"^[A-C][1-5]$")


@dataclass(frozen=True)
class PrintedBoard:
    """What the board prints, as the last setup said: the Workplace spaces with an Edict
    token (``None``: not said) and the reward under Active I–III (``None``: not said)."""

    token_spaces: tuple[str, ...] | None = None
    edict_rewards: tuple[Grant | None, Grant | None, Grant | None] = (None, None, None)


class SettingsStore(FileStore):
    """Settings in ``folder``. Creating one reads nothing; each getter reads the (small)
    file. ``notice`` is set when a damaged file was moved aside. A file from a newer
    program raises :class:`NewerSchemaError` and is never written. A reader that does not
    hold the data folder's lock opens it with ``may_move=False``: a damaged file then
    stays where it is and raises :class:`~companion.storage.errors.CorruptFileError`."""

    def __init__(self, folder: str | os.PathLike[str], *, may_move: bool = True) -> None:
        self._file = StoreFile(
            folder,
            SETTINGS_FILE,
            label=LABEL,
            consequence=N_("the default settings are used"),
            may_move=may_move,
        )
        self.problems: list[str] = []

    # --- the player's solo deck ---------------------------------------------------------

    def deck(self) -> DeckDefinition | None:
        """The player's own deck definition, or ``None`` (use the packaged default)."""
        raw = self._settings().get("deck")
        if raw is None:
            return None
        # Imported here: reading the theme at start-up must not load the engine's models.
        from pydantic import ValidationError

        from solo_deck import DeckDefinition, describe_validation_error

        try:
            return DeckDefinition.model_validate(raw)
        except ValidationError as exc:
            self.problems.append(
                _("Your saved solo deck was not used: {why}").format(
                    why=describe_validation_error(exc)
                )
            )
            return None

    def save_deck(self, deck: DeckDefinition | None) -> None:
        """Keep ``deck`` as the player's own (``None`` goes back to the default)."""
        self._set("deck", None if deck is None else deck.model_dump(mode="json"))

    # --- cards checked against the box -------------------------------------------------

    def verified_cards(self) -> set[str]:
        """Ids of the solo cards the player has checked against their box."""
        raw = self._settings().get("verified_cards", [])
        if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
            self.problems.append(_("The list of checked cards was not a list of card ids."))
            return set()
        return set(raw)

    def set_verified(self, ids: Iterable[str]) -> None:
        """Replace the set of checked card ids."""
        cleaned = sorted(set(ids))
        if not all(isinstance(item, str) for item in cleaned):
            # a programmer's error, never a player's: English
            wrong = "card ids must be strings"
            raise TypeError(wrong)
        self._set("verified_cards", cleaned)

    # --- theme --------------------------------------------------------------------------

    def theme(self) -> str | None:
        """The Textual theme an older version kept here, or ``None`` (the app now saves
        the theme in the configuration file and reads this one only when that has none)."""
        raw = self._settings().get("theme")
        if raw is None or (isinstance(raw, str) and 0 < len(raw) <= MAX_THEME_LENGTH):
            return raw
        self.problems.append(
            _("The saved theme {theme} is not a theme name.").format(theme=repr(raw))
        )
        return None

    # --- what the board prints (remembered from the last setup) ------------------------

    def printed_board(self) -> PrintedBoard:
        """The token spaces and Edict rewards last entered at setup (a value that does not
        validate is left out and listed in :attr:`problems`)."""
        raw = self._settings().get(PRINTED_BOARD)
        if raw is None:
            return PrintedBoard()
        if not isinstance(raw, dict):
            self.problems.append(_("The remembered board was not a set of values; not used."))
            return PrintedBoard()
        return PrintedBoard(self._token_spaces(raw), self._edict_rewards(raw))

    def remember_printed_board(self, board: PrintedBoard) -> None:
        """Keep what the board prints for the next setup."""
        tokens, rewards = board.token_spaces, board.edict_rewards
        if tokens is not None and not all(_SPACE_KEY.match(key) for key in tokens):
            wrong = (
                "token spaces are named like A3"  # a programmer's error, never a player's: English
            )
            raise ValueError(wrong)
        value = {
            "edict_token_spaces": None if tokens is None else list(tokens),
            "edict_rewards": [None if g is None else g.model_dump(mode="json") for g in rewards],
        }
        self._set(PRINTED_BOARD, value)

    def _token_spaces(self, raw: dict[str, Any]) -> tuple[str, ...] | None:
        spaces = raw.get("edict_token_spaces")
        if spaces is None:
            return None
        if (
            isinstance(spaces, list)
            and all(isinstance(key, str) and _SPACE_KEY.match(key) for key in spaces)
            and len(set(spaces)) == len(spaces)
        ):
            return tuple(spaces)
        self.problems.append(_("The remembered Edict token spaces were not spaces like A3."))
        return None

    def _edict_rewards(
        self, raw: dict[str, Any]
    ) -> tuple[Grant | None, Grant | None, Grant | None]:
        rewards = raw.get("edict_rewards")
        if rewards is None:
            return None, None, None
        # Imported here: reading the theme at start-up must not load the engine's models.
        from pydantic import ValidationError

        from solo_deck import Grant

        if isinstance(rewards, list) and len(rewards) == 3:
            try:
                grants = [None if r is None else Grant.model_validate(r) for r in rewards]
            except ValidationError:
                pass
            else:
                return grants[0], grants[1], grants[2]
        self.problems.append(_("The remembered Edict rewards were not three rewards."))
        return None, None, None

    # --- the boards checked against the box ---------------------------------------------

    def checked_board(self, field: str) -> Any:
        """The player's checked board for the ruleset ``field`` (``castle_board``), or
        ``None`` (use the packaged one). Stored data the engine refuses is not used and is
        listed in :attr:`problems`."""
        raw = self._settings().get(BOARDS)
        if raw is None:
            return None
        if not isinstance(raw, dict):
            self.problems.append(_("Your checked boards were not a set of boards; not used."))
            return None
        if raw.get(field) is None:
            return None
        from solo_deck import BOARDS as KNOWN
        from solo_deck import BoardRefused, read_board

        try:
            return read_board(field, raw[field])
        except BoardRefused as exc:
            title = KNOWN[field].title if field in KNOWN else field
            self.problems.append(
                _("Your checked {title} was not used (the packaged one is): {why}").format(
                    title=title, why=exc
                )
            )
            return None

    def save_checked_board(self, field: str, board: Any) -> None:
        """Keep ``board`` as the player's checked board for ``field`` (``None`` goes back
        to the packaged one); the other boards stay as they are."""
        raw = self._settings().get(BOARDS)
        boards = dict(raw) if isinstance(raw, dict) else {}
        boards[field] = None if board is None else board.model_dump(mode="json")
        self._set(BOARDS, boards)

    # --- the last setup's choices --------------------------------------------------------

    def new_game_choices(self) -> dict[str, object]:
        """The House, difficulty, deck mode and easier option chosen at the last setup
        (only those that are still valid; the others are listed in :attr:`problems`)."""
        raw = self._settings().get(NEW_GAME)
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            self.problems.append(_("The remembered setup choices were not a set of values."))
            return {}
        chosen: dict[str, object] = {}
        for name, allowed in NEW_GAME_CHOICES.items():
            value = raw.get(name)
            if value is None:
                continue
            if any(value == option and type(value) is type(option) for option in allowed):
                chosen[name] = value
            else:
                self.problems.append(_(NOT_VALID[name]))
        return chosen

    def remember_new_game(self, choices: dict[str, object]) -> None:
        """Keep the setup choices (House, difficulty, deck mode, easier option) for the
        next New game form. Raises ``ValueError`` for a name or value it does not know."""
        for name, value in choices.items():
            allowed = NEW_GAME_CHOICES.get(name)
            if allowed is None or not any(
                value == option and type(value) is type(option) for option in allowed
            ):
                # a programmer's error, never a player's: English
                wrong = f"{name}={value!r} is not a setup choice"
                raise ValueError(wrong)
        self._set(NEW_GAME, dict(choices))

    # --- internals ----------------------------------------------------------------------

    def _settings(self) -> dict[str, Any]:
        self.problems = []
        document = self._file.run(lambda: self._file.table(TABLE).get(doc_id=DOC_ID))
        if document is None:
            return {}
        settings = dict(document)
        version = settings.get("schema_version", CURRENT_SETTINGS_SCHEMA)
        if isinstance(version, int) and version > CURRENT_SETTINGS_SCHEMA:
            raise NewerSchemaError(_(LABEL), version, CURRENT_SETTINGS_SCHEMA, self._file.path)
        return settings

    def _set(self, key: str, value: Any) -> None:
        self._settings()  # refuses a newer program's file, moves a damaged one aside
        fields = {"schema_version": CURRENT_SETTINGS_SCHEMA, key: value}
        self._file.run(lambda: self._file.table(TABLE).upsert(Document(fields, doc_id=DOC_ID)))
