"""What the New game form offers and checks, without widgets: the choices and their words,
the setup checklist, the pile hint, the most-Structures rule and the Voyage port names.

Every number comes from the ruleset; the form only words it.
"""

from __future__ import annotations

from companion.i18n import N_, _, shown
from companion.i18n.words import value_word
from companion.ui.screens.modals.terms import port_name
from solo_deck import (
    DIFFICULTY_MARKETS,
    MOST_STRUCTURES_TEXT,
    SOURCE_KINDS,
    GameSetup,
    Ruleset,
    load_ruleset,
    most_structures_why,
)
from solo_deck import with_most_structures as _with_rule

SEED_MAX = 2**63 - 1
PILE_MAX = 60
MAX_PORT_NAME = 14
"""A port name fits the Voyage panel's first column."""
CHOSEN_AT_SETUP = "player: chosen at setup"
CONFIGURED = "player: your configuration file sets it ([rules] most_structures)"
PLAYER_REASONS = {
    CHOSEN_AT_SETUP: N_("chosen at setup"),
    CONFIGURED: N_("your configuration file sets it ([rules] most_structures)"),
}
"""The reasons the app itself gives for a most-Structures rule, in words to translate."""

DIFFICULTIES: tuple[tuple[str, str], ...] = tuple(
    (level, f"{level.capitalize()} · {markets}") for level, markets in DIFFICULTY_MARKETS.items()
)
"""Each difficulty and its line in English (:func:`difficulty_label` words it)."""
DECK_MODES: tuple[tuple[str, str], ...] = (
    ("virtual", N_("Virtual · the app shuffles and flips Frederick's cards")),
    ("table", N_("Table · you flip the real card and key in what it shows")),
)
EDICT_SLOTS: tuple[tuple[str, str], ...] = (
    ("active-1", N_("Active I (top)")),
    ("active-2", N_("Active II (middle)")),
    ("active-3", N_("Active III (bottom)")),
    ("next-1", N_("Next I")),
    ("next-2", N_("Next II")),
    ("next-3", N_("Next III")),
)
MOST_STRUCTURES_CHOICES: dict[str, str] = MOST_STRUCTURES_TEXT
"""One line for each of the engine's most-Structures rules, in its order (the engine's)."""


def difficulty_label(level: str) -> str:
    """``Medium · <the Market tiles it lays>`` in the language in use."""
    return f"{value_word(level).capitalize()} · {shown(DIFFICULTY_MARKETS[level])}"


BUILT_IN_CHOICES: dict[str, object] = {
    "house": "Savoy",
    "difficulty": "medium",
    "deck_mode": "virtual",
    "easier_solo": False,
}
"""What the New game form starts with when neither the configuration nor a past setup says."""


def initial_choices(pinned: dict[str, object], remembered: dict[str, object]) -> dict[str, object]:
    """The House, difficulty, deck mode and easier option the form starts with: a value
    set in the configuration file (``pinned``) wins, then the last setup's choice
    (``remembered``), then :data:`BUILT_IN_CHOICES`.

    >>> initial_choices({"house": "Savoy"}, {"house": "Di Romano", "difficulty": "hard"})
    {'house': 'Savoy', 'difficulty': 'hard', 'deck_mode': 'virtual', 'easier_solo': False}
    """
    return {
        name: pinned.get(name, remembered.get(name, default))
        for name, default in BUILT_IN_CHOICES.items()
    }


def setup_checklist(
    difficulty: str, easier_solo: bool, deck_mode: str, ruleset: Ruleset | None = None
) -> list[str]:
    """The table setup, step by step, in our own words (numbers from the ruleset)."""
    rules = ruleset or load_ruleset()
    fred = rules.frederick_start
    voyage = rules.voyage
    market = shown(DIFFICULTY_MARKETS[difficulty])
    extra = rules.edicts.easier_solo_extra_tiles.value
    steps = [
        _(
            "Set up both boards as for two players (Voyage board on its 1–2 player side, "
            "dummy Allies and cards on the red spaces)."
        ),
        _("Market: take away one of the six tiles at random, then lay {market}.").format(
            market=market
        ),
        _(
            "Advanced Action cards: shuffle level A and level B apart, keep {count} of each, "
            "stack A face down on top of B (no shuffle after that) and fill each card space "
            "face up from the stack."
        ).format(count=voyage.advanced_cards_level_a.value),
        _(
            "Allies: shuffle all 20 and put one face down on every free Ally space, then one "
            "face up on top of each."
        ),
        _(
            "Frederick's palace: Reserve {grain} Grain and {stone} Stone, a coin on "
            "{treasury} of the Treasury, {keeps} Keep, {walls} Walls, {towers} Towers, "
            "{allies} Allies in his Court; his Specialist on Path A space {specialist}."
        ).format(
            grain=fred.grain.value,
            stone=fred.stone.value,
            treasury=fred.treasury.value,
            keeps=fred.keeps.value,
            walls=fred.walls.value,
            towers=fred.towers.value,
            allies=fred.allies.value,
            specialist=fred.specialist.value,
        ),
        _("Ships: yours and Frederick's both start in {port}.").format(
            port=port_name(voyage.start_port.value)
        ),
        _(
            "You: shuffle your House's 10 Action cards and draw a hand of 5; Card Slot tile "
            "in the last slot; 1 Tower and 1 Wall on your Castle Board; VP disc on 0; 3 "
            "Specialists beside the Workplace Area."
        ),
    ]
    if easier_solo:
        steps.append(
            _(
                "Easier solo: add {extra} marked Edict tiles, picked at random, to the usual "
                "ones (you may look at them first), then shuffle."
            ).format(extra=extra)
        )
    steps.append(
        _(
            "Edicts: deal 3 face up on the Active spaces and 3 on the Next spaces, type them "
            "below, and count the tiles left in the pile."
        )
    )
    if deck_mode == "table":
        steps.append(_("Solo deck: shuffle the 16 solo cards face down beside the board."))
    else:
        steps.append(_("Solo deck: nothing to do; the app shuffles and flips it for you."))
    steps.append(_("You play first."))
    return steps


def pile_hint(easier_solo: bool, ruleset: Ruleset) -> str:
    """What to count for the Edict pile, with the ruleset's estimate only as a guide."""
    about = GameSetup.default_edict_pile(easier_solo, ruleset)
    extra = ruleset.edicts.easier_solo_extra_tiles.value
    if easier_solo:
        return _(
            "Count the face-down pile after dealing the 6 tiles (about {about}; the easier "
            "game's {extra} marked tiles are shuffled in)."
        ).format(about=about, extra=extra)
    return _("Count the face-down pile after dealing the 6 tiles (about {about}).").format(
        about=about
    )


def source_reason(source: str) -> str:
    """A source without its kind prefix (``interpretation: the bonus...`` → ``the bonus...``)."""
    for kind in SOURCE_KINDS:
        if source.startswith(kind + ":"):
            return source[len(kind) + 1 :].strip()
    return source


def most_structures_note(ruleset: Ruleset) -> str:
    """The ruleset's default for the most-Structures bonus and why."""
    rule = ruleset.scoring.most_structures_rule
    word = shown(MOST_STRUCTURES_CHOICES[rule.value]).split(":")[0]
    if rule.source in PLAYER_REASONS:
        reason = _(PLAYER_REASONS[rule.source])
    else:
        reason = shown(most_structures_why(source_reason(rule.source).split(". ")[0].rstrip(".")))
    return _("Default: {word}. Why: {reason}.").format(word=word, reason=reason)


def with_most_structures(ruleset: Ruleset, rule: str) -> Ruleset:
    """The ruleset with the most-Structures rule chosen at setup (unchanged, source and
    all, when the choice is the ruleset's own).

    >>> rules = with_most_structures(load_ruleset(), "more_than")
    >>> rules.scoring.most_structures_rule.value, rules.scoring.most_structures_rule.source
    ('more_than', 'player: chosen at setup')
    """
    return _with_rule(ruleset, rule, CHOSEN_AT_SETUP)


def ports_from_start(ruleset: Ruleset) -> list[str]:
    """The ruleset's ports clockwise, beginning with the start port (the ring is the same).

    >>> ports_from_start(load_ruleset())[0]
    'Roma'
    """
    ports = list(ruleset.voyage.ports.value)
    home = ports.index(ruleset.voyage.start_port.value)
    return ports[home:] + ports[:home]


def port_name_problem(name: str, earlier: list[str]) -> str:
    """What is wrong with a port's name typed after ``earlier`` ones ('' when fine).

    >>> port_name_problem("roma ", ["Roma"])
    'Roma is already port 1: each port has its own name'
    >>> port_name_problem("", ["Roma"])
    "type the port's name as your board shows it"
    """
    text = name.strip()
    if not text:
        return _("type the port's name as your board shows it")
    if len(text) > MAX_PORT_NAME:
        return _("a short name, please: at most {most} characters").format(most=MAX_PORT_NAME)
    for number, other in enumerate(earlier, 1):
        if other.strip().casefold() == text.casefold():
            return _("{name} is already port {number}: each port has its own name").format(
                name=other.strip(), number=number
            )
    return ""
