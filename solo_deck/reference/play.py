"""The Reference entries of your own play, in the words a player asks with: the five main
actions, travel, your turn, playing a card, passing, the hand, the warehouse, closing a
side, issuing an Edict, the End Phase, the final score and the end of the game.

Every number comes from the ruleset a game carries or the packaged data (costs, hand
size, capacities, the castle's sites, the titles' thresholds, the scoring), so an entry
cannot disagree with the engine; a number the retail rulebook does not print says so
where it is used.

>>> from solo_deck.data.loaders import load_ruleset
>>> by_id = {e.id: e for e in play_entries(load_ruleset())}
>>> by_id["your-hand"].summary.split(";")[0]
'You hold 5 cards: your first 5 are drawn from your House deck of 10'
>>> by_id["travel"].details[0][:48]
'Cost by distance: 1 space free, 2 spaces 1 Augus'
"""

from __future__ import annotations

from collections.abc import Iterable

from solo_deck.data.loaders import (
    city_bonus_tiles,
    great_structures,
    keep_covers,
    load_house_cards,
    load_player_board,
    side_incomes,
    workplace_tiles,
)
from solo_deck.model.limits import PlayerLimits
from solo_deck.model.ruleset import Ruleset
from solo_deck.model.state import GameEndReason
from solo_deck.reference.actions import (
    ACTION_NAMES,
    RULE,
    action_entries,
    checked,
    coins,
    edict_sites,
    listed,
    rule,
)
from solo_deck.reference.entry import ReferenceEntry
from solo_deck.reference.turns import end_phase_entries
from solo_deck.rules.scoring import MOST_STRUCTURES_TEXT, final_score

__all__ = ["play_entries"]


def _travel(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    voyage = ruleset.voyage
    costs = ", ".join(
        f"{n} space{'s' if n > 1 else ''} "
        + (coins(limits.travel_cost(n)) if limits.travel_cost(n) else "free")
        for n in range(1, limits.travel_max_steps + 1)
    )
    free = [t for t in workplace_tiles().values() if t.effect.free_steps]
    details = [
        f"Cost by distance: {costs}.",
        "Staying where you are costs nothing.",
        "Your port decides which Ally you can Summon, which card you can Purchase and which "
        "Market you can visit.",
    ]
    details += [f"{t.label} makes your first {t.effect.free_steps} spaces free." for t in free]
    free_steps = limits.travel_free_steps
    first = "the first space is" if free_steps == 1 else f"the first {free_steps} spaces are"
    return rule(
        RULE,
        "travel",
        "Travel",
        f"At the start of your turn you may sail your ship 1 to {limits.travel_max_steps} "
        f"spaces clockwise; {first} free, each further space costs 1 Augustalis.",
        details,
        voyage.travel_max_steps.source,
        {"max_steps": limits.travel_max_steps, "free_steps": limits.travel_free_steps},
        ("travel cost", "cost to travel", "move ship", "move your ship", "sail", "voyage"),
    )


def _turn(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    most = ruleset.rounds.frederick_max_actions.value
    details = (
        f"You play first; Frederick takes a turn after each of yours, at most {most} a round.",
        f"After your {limits.card_slots}th turn of a round (once the Card Slot tile is gone) "
        "the End Phase follows with no Frederick turn.",
        "Pay an action's cost first; what it gives comes at its end, so it cannot pay for "
        "that same action.",
        "Actions that an action sets off are done in the order they came.",
    )
    return rule(
        RULE,
        "your-turn",
        "Your turn",
        "Travel if you like, then play one Action card into an empty card slot; pass only "
        "when your hand is empty.",
        details,
        ruleset.rounds.frederick_max_actions.source,
        {"frederick_max_actions": most, "card_slots": limits.card_slots},
        ("turn", "my turn", "a turn", "round", "action phase"),
    )


def _playing(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    board = ruleset.player_board or load_player_board()
    covers = keep_covers().values()
    frees = listed(c.name for c in covers if c.unlocks_slot)
    both = listed(c.name for c in covers if c.both_actions)
    details = [
        f"Slot {s.number}: {ACTION_NAMES[s.actions[0]]} or {ACTION_NAMES[s.actions[1]]}"
        f"{checked(s.source)}."
        for s in board.slots
    ]
    details += [
        f"{limits.card_slots} slots; the Card Slot tile covers slot {board.locked_slot} until you "
        f"build the Keep with the {frees} cover.",
        "Slots need not be filled left to right.",
        f"With the {both} Keep Cover a face-down card gives both of its slot's actions.",
    ]
    return rule(
        RULE,
        "playing-a-card",
        "Playing a card",
        "Put a card from your hand into an empty card slot: face up for the action printed "
        "on it, face down for one of the two main actions the slot's spears point to.",
        details,
        board.locked_source,
        {"slots": [list(s.actions) for s in board.slots]},
        ("play a card", "face down", "face up", "card slot", "card slots", "slots", "spears"),
    )


def _passing(ruleset: Ruleset) -> ReferenceEntry:
    return rule(
        RULE,
        "passing",
        "Passing",
        "In the solo game you may pass only with no card in your hand; after passing you "
        "take no more turns this round.",
        ("When your turns are over, the round goes to its End Phase.",),
        ruleset.rounds.frederick_max_actions.source,
        {"pass_with_cards": False},
        ("pass", "can i pass", "when can i pass"),
    )


def _hand(ruleset: Ruleset) -> ReferenceEntry:
    hand = ruleset.player.hand_size
    houses = load_house_cards()
    common = sum(h.copies for h in houses if h.house == "common")
    own = next(h.house for h in houses if h.house != "common")
    deck = common + sum(h.copies for h in houses if h.house == own)
    raises = [f"the {c.name} Keep Cover +{c.hand_size}" for c in keep_covers().values()]
    raises = [r for r, c in zip(raises, keep_covers().values(), strict=True) if c.hand_size]
    raises += [f"{t.label} +{t.effect.hand_size}" for t in workplace_tiles().values()]
    raises = [r for r in raises if not r.endswith("+0")]
    details = (
        f"More with {listed(raises)}.",
        "Playing a card moves it from your hand to a card slot; in the End Phase played "
        "cards go to your discard pile.",
        "When your draw pile is empty, shuffle your discard pile into a new one at once.",
        "A card you Purchase goes into your hand.",
    )
    return rule(
        RULE,
        "your-hand",
        "Your hand",
        f"You hold {hand.value} cards: your first {hand.value} are drawn from your House deck of "
        f"{deck}; in each End Phase you draw back up to {hand.value} cards.",
        details,
        hand.source,
        {"hand_size": hand.value, "house_deck": deck},
        ("hand", "hand size", "cards in hand", "hand limit", "draw cards", "drawing", "draw pile"),
    )


def _warehouse(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    player = ruleset.player
    most = limits.storage(player.castle_walls.value)
    return rule(
        RULE,
        "warehouse",
        "Warehouse",
        f"Your Player Board stores {limits.storage_start} resources (Grain and Stone together) "
        f"at the start and {limits.storage_per_wall} more for each Wall you build: {most} with "
        "every Wall.",
        (
            "Gaining more than fits: put the new one back, or replace one you hold with it.",
            "Augustales and VP have no such limit.",
        ),
        player.storage_start.source,
        {"start": limits.storage_start, "per_wall": limits.storage_per_wall, "most": most},
        (
            "warehouse",
            "storage",
            "storage limit",
            "resource limit",
            "resources I can keep",
            "resources",
        ),
    )


def _sides(ruleset: Ruleset) -> ReferenceEntry:
    board = ruleset.castle_board
    incomes = side_incomes()
    details = []
    for site in board.sites if board is not None else ():
        if site.joins is None or site.side is None or site.side not in incomes:
            continue
        income = incomes[site.side]
        pays = "a visit to the Market" if income.market else income.gains.describe()
        a, b = site.joins
        details.append(f"{site.id} joins Towers {a} and {b}: pays {pays}{checked(site.source)}.")
    details.append("The Castle income step of each End Phase pays every closed side again.")
    return rule(
        RULE,
        "closing-a-side",
        "Closing a side",
        "Two built Towers and the Wall between them close a side of your castle: it pays its "
        "income at once, then again in each End Phase.",
        details,
        "rulebook: Build a Structure (Castle income)",
        {"sides": len(details) - 1},
        ("close a side", "closed side", "closed sides", "castle sides", "side"),
    )


def _edict(ruleset: Ruleset) -> ReferenceEntry:
    greats = [g.name for g in great_structures().values() if _issues(g.bonus.actions)]
    bonuses = [
        f"City Bonus {c.id}" for c in city_bonus_tiles().values() if _issues(c.grant.actions)
    ]
    when = [f"build on a site with the Edict mark ({listed(edict_sites(ruleset))})"]
    when += ["build any Keep", *(f"build the {g}" for g in greats)]
    when += ["reach a Workplace Edict token", "fill the marked Ally space"]
    when += [f"take {b}" for b in bonuses]
    details = (
        "Icons of one kind go the same way: add all of them or remove all of them; what "
        "cannot be removed must be added, and what cannot be added must be removed.",
        "The tile then lies face down beside your board; fill its space from a Next space "
        "of your choice.",
        "With no Active tile left you still take one of the three rewards.",
        f"You issue one when you {listed(when, 'or')}.",
        "Frederick's Edicts only ever add: see Frederick's turn.",
    )
    return rule(
        RULE,
        "issue-an-edict",
        "Issue an Edict",
        "Pick one of the three Active Edict tiles, take the reward under its space, then add "
        "or remove each icon on it in Frederick's palace.",
        details,
        "rulebook: Issue an Edict",
        {"greats": greats, "city_bonus": bonuses},
        ("issue an edict", "edict", "edicts", "your edicts", "edict reward", "add or remove"),
    )


def _issues(actions: Iterable[object]) -> bool:
    return any(getattr(a, "action", None) == "issue_edict" for a in actions)


def _end_phase(ruleset: Ruleset) -> ReferenceEntry:
    steps = end_phase_entries(ruleset)
    return rule(
        RULE,
        "end-phase",
        "End Phase",
        f"When the round's turns are over: {', '.join(step.name for step in steps)}.",
        [f"{step.data['name']}: {step.summary}" for step in steps],
        "rulebook: End Phase",
        {"steps": [step.data["name"] for step in steps]},
        ("end of the round", "end of round", "round end", "end phase"),
    )


def _final_score(ruleset: Ruleset) -> ReferenceEntry:
    scoring = ruleset.scoring
    most = scoring.most_structures_rule
    titles = ", ".join(f"{t.name} from {t.min_score}" for t in scoring.titles.value)
    example = final_score(
        vp_track=40,
        structures=10,
        frederick_structures=10,
        grain=1,
        stone=1,
        augustales=8,
        ruleset=ruleset,
    )
    summary = (
        f"Your VP track, plus {scoring.vp_per_structure.value} VP for each Structure in your "
        f"castle, plus {scoring.most_structures_bonus.value} VP for the most Structures, plus "
        f"1 VP for every {scoring.augustales_per_vp.value} Augustales, each Grain and Stone "
        f"worth {scoring.augustales_per_resource.value} Augustales."
    )
    parts = (example.vp_track, example.structures, example.most_structures_bonus)
    added = " + ".join(str(p) for p in (*parts, example.resources_vp))
    details = (
        "Counted at the end of the game, once the last round's End Phase is over.",
        f"The most-Structures bonus: {MOST_STRUCTURES_TEXT[most.value].lower()}"
        f"{checked(most.source)}.",
        f"Titles: {titles}.",
        f"For example 40 on the track, 10 Structures, 1 Grain, 1 Stone and 8 Augustales make "
        f"{added} = {example.total} VP: {example.title}.",
    )
    return rule(
        RULE,
        "final-score",
        "Final score",
        summary,
        details,
        scoring.vp_per_structure.source,
        {"example": example.model_dump(mode="json")},
        ("final score", "score", "scoring", "final scoring", "points", "victory points", "vp"),
    )


def _game_end() -> ReferenceEntry:
    reasons = "; ".join(reason.describe() for reason in GameEndReason)
    return rule(
        RULE,
        "game-end",
        "End of the game",
        f"The game ends after a round in which one of these happened: {reasons}.",
        ("The round is played to its end, then the final score is counted.",),
        "rulebook: end of the game",
        {"reasons": [reason.value for reason in GameEndReason]},
        ("game end", "game over", "end of the game", "end game", "last round", "game ends"),
    )


def play_entries(ruleset: Ruleset) -> list[ReferenceEntry]:
    """The entries of your own play, the main actions first."""
    limits = PlayerLimits.from_ruleset(ruleset)
    return [
        *action_entries(ruleset),
        _turn(ruleset, limits),
        _travel(ruleset, limits),
        _playing(ruleset, limits),
        _passing(ruleset),
        _hand(ruleset),
        _warehouse(ruleset, limits),
        _sides(ruleset),
        _edict(ruleset),
        _end_phase(ruleset),
        _final_score(ruleset),
        _game_end(),
    ]
