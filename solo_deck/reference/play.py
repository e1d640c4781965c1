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
    tile_name,
)
from solo_deck.reference.entry import ReferenceEntry, printed
from solo_deck.reference.turns import end_phase_entries
from solo_deck.rules.scoring import final_score
from solo_deck.text import joined, named, t, tn

# i18n: sentences are Text

__all__ = ["play_entries"]

MOST_STRUCTURES_WORDS = {
    "always": t("always yours: you are the only player who scores"),
    "at_least_as_many": t("yours with at least as many structures as frederick"),
    "more_than": t("yours only with more structures than frederick"),
}
"""Each most-Structures rule in the middle of a sentence (the rule's line of
:data:`~solo_deck.rules.scoring.MOST_STRUCTURES_TEXT`, lower case)."""


def _travel(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    voyage = ruleset.voyage
    costs = joined(
        (
            tn(
                "{n} space {cost}",
                "{n} spaces {cost}",
                n,
                cost=coins(limits.travel_cost(n)) if limits.travel_cost(n) else t("free"),
            )
            for n in range(1, limits.travel_max_steps + 1)
        ),
        ", ",
    )
    free = [tile for tile in workplace_tiles().values() if tile.effect.free_steps]
    details = [
        t("Cost by distance: {costs}.", costs=costs),
        t("Staying where you are costs nothing."),
        t(
            "Your port decides which Ally you can Summon, which card you can Purchase and which "
            "Market you can visit."
        ),
    ]
    details += [
        t(
            "{tile} makes your first {n} spaces free.",
            tile=tile_name(tile),
            n=tile.effect.free_steps,
        )
        for tile in free
    ]
    if limits.travel_free_steps == 1:
        summary = t(
            "At the start of your turn you may sail your ship 1 to {most} spaces clockwise; the "
            "first space is free, each further space costs 1 Augustalis.",
            most=limits.travel_max_steps,
        )
    else:
        summary = t(
            "At the start of your turn you may sail your ship 1 to {most} spaces clockwise; the "
            "first {free} spaces are free, each further space costs 1 Augustalis.",
            most=limits.travel_max_steps,
            free=limits.travel_free_steps,
        )
    return rule(
        RULE,
        "travel",
        t("Travel"),
        summary,
        details,
        voyage.travel_max_steps.source,
        {"max_steps": limits.travel_max_steps, "free_steps": limits.travel_free_steps},
        ("travel cost", "cost to travel", "move ship", "move your ship", "sail", "voyage"),
    )


def _turn(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    most = ruleset.rounds.frederick_max_actions.value
    details = (
        t(
            "You play first; Frederick takes a turn after each of yours, at most {most} a round.",
            most=most,
        ),
        t(
            "After your {slots}th turn of a round (once the Card Slot tile is gone) the End "
            "Phase follows with no Frederick turn.",
            slots=limits.card_slots,
        ),
        t(
            "Pay an action's cost first; what it gives comes at its end, so it cannot pay for "
            "that same action."
        ),
        t("Actions that an action sets off are done in the order they came."),
    )
    return rule(
        RULE,
        "your-turn",
        t("Your turn"),
        t(
            "Travel if you like, then play one Action card into an empty card slot; pass only "
            "when your hand is empty."
        ),
        details,
        ruleset.rounds.frederick_max_actions.source,
        {"frederick_max_actions": most, "card_slots": limits.card_slots},
        ("turn", "my turn", "a turn", "round", "action phase"),
    )


def _playing(ruleset: Ruleset, limits: PlayerLimits) -> ReferenceEntry:
    board = ruleset.player_board or load_player_board()
    covers = keep_covers().values()
    frees = listed(named(c.name, "keep_cover") for c in covers if c.unlocks_slot)
    both = listed(named(c.name, "keep_cover") for c in covers if c.both_actions)
    details = [
        t(
            "Slot {number}: {first} or {second}{checked}.",
            number=s.number,
            first=ACTION_NAMES[s.actions[0]],
            second=ACTION_NAMES[s.actions[1]],
            checked=checked(s.source),
        )
        for s in board.slots
    ]
    details += [
        t(
            "{slots} slots; the Card Slot tile covers slot {locked} until you build the Keep "
            "with the {cover} cover.",
            slots=limits.card_slots,
            locked=board.locked_slot,
            cover=frees,
        ),
        t("Slots need not be filled left to right."),
        t(
            "With the {cover} Keep Cover a face-down card gives both of its slot's actions.",
            cover=both,
        ),
    ]
    return rule(
        RULE,
        "playing-a-card",
        t("Playing a card"),
        t(
            "Put a card from your hand into an empty card slot: face up for the action printed "
            "on it, face down for one of the two main actions the slot's spears point to."
        ),
        details,
        board.locked_source,
        {"slots": [list(s.actions) for s in board.slots]},
        ("play a card", "face down", "face up", "card slot", "card slots", "slots", "spears"),
    )


def _passing(ruleset: Ruleset) -> ReferenceEntry:
    return rule(
        RULE,
        "passing",
        t("Passing"),
        t(
            "In the solo game you may pass only with no card in your hand; after passing you "
            "take no more turns this round."
        ),
        (t("When your turns are over, the round goes to its End Phase."),),
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
    raises = [
        t("the {cover} Keep Cover +{n}", cover=named(c.name, "keep_cover"), n=c.hand_size)
        for c in keep_covers().values()
        if c.hand_size
    ]
    raises += [
        t("{tile} +{n}", tile=tile_name(tile), n=tile.effect.hand_size)
        for tile in workplace_tiles().values()
        if tile.effect.hand_size
    ]
    details = (
        t("More with {raises}.", raises=listed(raises)),
        t(
            "Playing a card moves it from your hand to a card slot; in the End Phase played "
            "cards go to your discard pile."
        ),
        t("When your draw pile is empty, shuffle your discard pile into a new one at once."),
        t("A card you Purchase goes into your hand."),
    )
    return rule(
        RULE,
        "your-hand",
        t("Your hand"),
        t(
            "You hold {hand} cards: your first {hand} are drawn from your House deck of {deck}; "
            "in each End Phase you draw back up to {hand} cards.",
            hand=hand.value,
            deck=deck,
        ),
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
        t("Warehouse"),
        t(
            "Your Player Board stores {start} resources (Grain and Stone together) at the start "
            "and {per_wall} more for each Wall you build: {most} with every Wall.",
            start=limits.storage_start,
            per_wall=limits.storage_per_wall,
            most=most,
        ),
        (
            t("Gaining more than fits: put the new one back, or replace one you hold with it."),
            t("Augustales and VP have no such limit."),
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
        pays = t("a visit to the Market") if income.market else income.gains.describe()
        a, b = site.joins
        details.append(
            t(
                "{site} joins Towers {a} and {b}: pays {pays}{checked}.",
                site=site.id,
                a=a,
                b=b,
                pays=pays,
                checked=checked(site.source),
            )
        )
    details.append(t("The Castle income step of each End Phase pays every closed side again."))
    return rule(
        RULE,
        "closing-a-side",
        t("Closing a side"),
        t(
            "Two built Towers and the Wall between them close a side of your castle: it pays its "
            "income at once, then again in each End Phase."
        ),
        details,
        printed(t("Build a Structure (Castle income)")),
        {"sides": len(details) - 1},
        ("close a side", "closed side", "closed sides", "castle sides", "side"),
    )


def _edict(ruleset: Ruleset) -> ReferenceEntry:
    greats = [
        named(g.name, "great_structure")
        for g in great_structures().values()
        if _issues(g.bonus.actions)
    ]
    bonuses = [
        t("City Bonus {id}", id=c.id)
        for c in city_bonus_tiles().values()
        if _issues(c.grant.actions)
    ]
    when = [
        t(
            "build on a site with the Edict mark ({sites})",
            sites=listed(edict_sites(ruleset)),
        )
    ]
    when += [t("build any Keep"), *(t("build the {great}", great=g) for g in greats)]
    when += [t("reach a Workplace Edict token"), t("fill the marked Ally space")]
    when += [t("take {bonus}", bonus=b) for b in bonuses]
    details = (
        t(
            "Icons of one kind go the same way: add all of them or remove all of them; what "
            "cannot be removed must be added, and what cannot be added must be removed."
        ),
        t(
            "The tile then lies face down beside your board; fill its space from a Next space "
            "of your choice."
        ),
        t("With no Active tile left you still take one of the three rewards."),
        t("You issue one when you {ways}.", ways=listed(when, "or")),
        t("Frederick's Edicts only ever add: see Frederick's turn."),
    )
    return rule(
        RULE,
        "issue-an-edict",
        t("Issue an Edict"),
        t(
            "Pick one of the three Active Edict tiles, take the reward under its space, then "
            "add or remove each icon on it in Frederick's palace."
        ),
        details,
        printed(t("Issue an Edict")),
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
        t("End Phase"),
        t(
            "When the round's turns are over: {steps}.",
            steps=joined((step.name for step in steps), ", "),
        ),
        [t("{step}: {summary}", step=step.data["name"], summary=step.summary) for step in steps],
        printed(t("End Phase")),
        {"steps": [step.data["name"] for step in steps]},
        ("end of the round", "end of round", "round end", "end phase"),
    )


def _final_score(ruleset: Ruleset) -> ReferenceEntry:
    scoring = ruleset.scoring
    most = scoring.most_structures_rule
    titles = joined(
        (
            t("{title} from {score}", title=named(title.name, "title"), score=title.min_score)
            for title in scoring.titles.value
        ),
        ", ",
    )
    example = final_score(
        vp_track=40,
        structures=10,
        frederick_structures=10,
        grain=1,
        stone=1,
        augustales=8,
        ruleset=ruleset,
    )
    summary = t(
        "Your VP track, plus {per_structure} VP for each Structure in your castle, plus "
        "{bonus} VP for the most Structures, plus 1 VP for every {per_vp} Augustales, each "
        "Grain and Stone worth {per_resource} Augustales.",
        per_structure=scoring.vp_per_structure.value,
        bonus=scoring.most_structures_bonus.value,
        per_vp=scoring.augustales_per_vp.value,
        per_resource=scoring.augustales_per_resource.value,
    )
    parts = (example.vp_track, example.structures, example.most_structures_bonus)
    added = " + ".join(str(p) for p in (*parts, example.resources_vp))
    details = (
        t("Counted at the end of the game, once the last round's End Phase is over."),
        t(
            "The most-Structures bonus: {rule}{checked}.",
            rule=MOST_STRUCTURES_WORDS[most.value],
            checked=checked(most.source),
        ),
        t("Titles: {titles}.", titles=titles),
        t(
            "For example 40 on the track, 10 Structures, 1 Grain, 1 Stone and 8 Augustales make "
            "{added} = {total} VP: {title}.",
            added=added,
            total=example.total,
            title=named(example.title, "title"),
        ),
    )
    return rule(
        RULE,
        "final-score",
        t("Final score"),
        summary,
        details,
        scoring.vp_per_structure.source,
        {"example": example.model_dump(mode="json")},
        ("final score", "score", "scoring", "final scoring", "points", "victory points", "vp"),
    )


def _game_end() -> ReferenceEntry:
    reasons = joined((reason.describe() for reason in GameEndReason), "; ")
    return rule(
        RULE,
        "game-end",
        t("End of the game"),
        t(
            "The game ends after a round in which one of these happened: {reasons}.",
            reasons=reasons,
        ),
        (t("The round is played to its end, then the final score is counted."),),
        printed(t("end of the game")),
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
