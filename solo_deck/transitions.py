"""The fold: how each event changes the game state, with its line for the log."""

from __future__ import annotations

from solo_deck.ally_bonus import ally_income
from solo_deck.corrections import apply_correction
from solo_deck.data_files import allies_by_id
from solo_deck.edict import EdictKind
from solo_deck.errors import RuleError
from solo_deck.events import (
    Build,
    BuyCard,
    CastleIncome,
    Correct,
    EndRound,
    EndTurn,
    Event,
    FrederickTurn,
    Gain,
    NameAlly,
    NameCard,
    Pass,
    PlayerEdict,
    Promote,
    Reorganise,
    RevealEdict,
    ScoreAllyIncome,
    SummonAlly,
    Travel,
)
from solo_deck.frederick_turn import ally_name, resolve_frederick_turn
from solo_deck.palace import Direction, PalaceLimits
from solo_deck.player import PlayerState, Specialist
from solo_deck.ruleset import Ruleset
from solo_deck.solo_cards import Numeral
from solo_deck.state import EndPhaseProgress, GameEndReason, GameState, Phase

ALWAYS_ALLOWED = (Correct, NameAlly, NameCard, RevealEdict)
PLAYER_EVENTS = (Travel, PlayerEdict, SummonAlly, BuyCard, Build, Promote, EndTurn, Pass)
END_PHASE_EVENTS = (ScoreAllyIncome, CastleIncome, Reorganise, EndRound)


def apply_event(state: GameState, event: Event, ruleset: Ruleset) -> tuple[GameState, Event, str]:
    """Apply one event. Returns the new state, the event as stored (Frederick's turn gets
    its card id) and a one-line description. Raises ``RuleError`` when the rules forbid it."""
    _check_allowed(state, event)
    if isinstance(event, FrederickTurn):
        return resolve_frederick_turn(state, event, ruleset)
    if isinstance(event, Correct):
        new_state, text = apply_correction(state, event.target, event.value, ruleset)
        return new_state, event, text
    handler = _HANDLERS[type(event)]
    new_state, text = handler(state, event, ruleset)  # type: ignore[operator]
    return new_state, event, text


def _check_allowed(state: GameState, event: Event) -> None:
    if isinstance(event, ALWAYS_ALLOWED):
        return
    if state.edicts.awaiting:
        position = Numeral.from_index(state.edicts.awaiting[0]).value
        raise RuleError(f"first type the new Next {position} Edict tile drawn from the pile")
    if isinstance(event, Gain):
        return
    if state.phase is Phase.GAME_OVER:
        raise RuleError("the game is over; only corrections are possible")
    if isinstance(event, PLAYER_EVENTS) and state.phase is not Phase.PLAYER:
        raise RuleError(f"that is for your turn, but now it is the {_phase_name(state.phase)}")
    if isinstance(event, END_PHASE_EVENTS) and state.phase is not Phase.END_PHASE:
        raise RuleError(f"that belongs to the End Phase, but now it is {_phase_name(state.phase)}")


def _phase_name(phase: Phase) -> str:
    return {
        Phase.PLAYER: "your turn",
        Phase.FREDERICK: "Frederick's turn",
        Phase.END_PHASE: "End Phase",
        Phase.GAME_OVER: "end of the game",
    }[phase]


def _pay(player: PlayerState, **costs: int) -> PlayerState:
    update = {}
    for name, cost in costs.items():
        have = int(getattr(player, name))
        if cost > have:
            raise RuleError(f"you have only {have} {name.capitalize()}, not {cost}")
        update[name] = have - cost
    return player.model_copy(update=update)


def _costs(**costs: int) -> str:
    paid = [
        f"{n} {'Augustalis' if name == 'augustales' and n == 1 else name.capitalize()}"
        for name, n in costs.items()
        if n
    ]
    return f", paid {' + '.join(paid)}" if paid else ""


def _reveal(state: GameState, event: RevealEdict, ruleset: Ruleset) -> tuple[GameState, str]:
    edicts = state.edicts.reveal(event.position, event.edict)
    numeral = Numeral.from_index(event.position).value
    return state.model_copy(update={"edicts": edicts}), f"New Next {numeral} tile: {event.edict}"


def _end_turn(state: GameState, event: EndTurn, ruleset: Ruleset) -> tuple[GameState, str]:
    turns = state.player_turns + 1
    if turns >= ruleset.rounds.player_max_turns.value:
        phase, note = Phase.END_PHASE, " (your last turn this round: on to the End Phase)"
    elif state.frederick_actions < ruleset.rounds.frederick_max_actions.value:
        phase, note = Phase.FREDERICK, ""
    else:
        phase, note = Phase.PLAYER, " (Frederick has no actions left this round)"
    new_state = state.model_copy(update={"player_turns": turns, "phase": phase})
    return new_state, f"You ended turn {turns}{note}"


def _pass(state: GameState, event: Pass, ruleset: Ruleset) -> tuple[GameState, str]:
    left = ruleset.rounds.frederick_max_actions.value - state.frederick_actions
    phase = Phase.FREDERICK if left > 0 else Phase.END_PHASE
    new_state = state.model_copy(update={"passed": True, "phase": phase})
    tail = f"; Frederick still takes {left} action(s)" if left > 0 else "; on to the End Phase"
    return new_state, f"You passed{tail}"


def _travel(state: GameState, event: Travel, ruleset: Ruleset) -> tuple[GameState, str]:
    voyage = state.voyage
    if event.port >= len(voyage.ports):
        raise RuleError(f"there is no port number {event.port}")
    steps = voyage.steps_to(event.port)
    limit = ruleset.voyage.travel_max_steps.value
    if steps == 0:
        raise RuleError(f"your ship is already in {voyage.ports[event.port].name}")
    if steps > limit:
        raise RuleError(f"you can sail at most {limit} spaces, {steps} are needed")
    cost = event.cost
    if cost is None:
        cost = voyage.travel_cost(steps, ruleset.voyage.travel_free_steps.value)
    player = _pay(state.player, augustales=cost)
    origin = voyage.ports[voyage.player].name
    new_state = state.model_copy(
        update={"player": player, "voyage": voyage.with_player_at(event.port)}
    )
    return new_state, (
        f"You sailed {origin} → {voyage.ports[event.port].name} ({steps} space"
        f"{'s' if steps > 1 else ''}{_costs(augustales=cost)})"
    )


def _player_edict(state: GameState, event: PlayerEdict, ruleset: Ruleset) -> tuple[GameState, str]:
    edicts = state.edicts
    tile = edicts.active[event.slot]
    numeral = Numeral.from_index(event.slot).value
    if tile is None:
        raise RuleError(f"Active {numeral} is empty; choose another Edict")
    choice = {EdictKind(k): Direction(v) for k, v in event.choice.items()}
    limits = PalaceLimits.from_ruleset(ruleset)
    changes = state.palace.player_changes(tile, choice, limits)
    palace = state.palace.apply_player(tile, choice, limits)
    available = edicts.non_empty_next()
    if event.replacement is None and available:
        raise RuleError("choose which Next tile slides down to the empty Active space")
    edicts, _, refill = edicts.take(event.slot, event.replacement)
    text = f"You issued Edict {numeral} ({tile}): " + ", ".join(c.describe() for c in changes)
    new_state = state.model_copy(update={"palace": palace, "edicts": edicts})
    return new_state, text + ". " + refill.describe()


def _summon(state: GameState, event: SummonAlly, ruleset: Ruleset) -> tuple[GameState, str]:
    voyage = state.voyage
    port = voyage.player
    catalogue = allies_by_id()
    ally = catalogue.get(event.ally_id)
    if ally is None:
        raise RuleError(f"there is no Ally with id {event.ally_id!r}")
    if any(catalogue[held].name == ally.name for held in state.player.allies if held in catalogue):
        raise RuleError(f"{ally.name} is already in your castle (no two identical Allies)")
    spaces = voyage.ports[port].allies
    if event.space >= len(spaces) or not spaces[event.space].face_up:
        raise RuleError(f"there is no face-up Ally to summon in {voyage.ports[port].name}")
    player = _pay(state.player, grain=event.grain)
    voyage, _ = voyage.take_ally(port, event.space)
    player = player.model_copy(update={"allies": (*player.allies, event.ally_id)})
    new_state = state.model_copy(update={"player": player, "voyage": voyage})
    return new_state, (
        f"You summoned {ally_name(event.ally_id)} in {voyage.ports[port].name}"
        f"{_costs(grain=event.grain)}"
    )


def _buy(state: GameState, event: BuyCard, ruleset: Ruleset) -> tuple[GameState, str]:
    voyage = state.voyage
    port = voyage.player
    spaces = voyage.ports[port].cards
    if event.space >= len(spaces) or not spaces[event.space].present:
        raise RuleError(f"there is no Advanced card to buy in {voyage.ports[port].name}")
    player = _pay(state.player, augustales=event.augustales)
    voyage, taken = voyage.take_card(port, event.space)
    card = event.card_id or (taken.card_id if taken else None) or "the Advanced card"
    new_state = state.model_copy(update={"player": player, "voyage": voyage})
    return new_state, (
        f"You bought {card} in {voyage.ports[port].name}{_costs(augustales=event.augustales)}"
    )


def _build(state: GameState, event: Build, ruleset: Ruleset) -> tuple[GameState, str]:
    field = event.structure + "s"
    rules = ruleset.player
    cap = {"towers": rules.castle_towers, "walls": rules.castle_walls, "keeps": rules.castle_keeps}
    have = int(getattr(state.player, field))
    if have >= cap[field].value:
        raise RuleError(f"all {cap[field].value} of your {field} are already built")
    player = _pay(state.player, grain=event.grain, stone=event.stone, augustales=event.augustales)
    player = player.model_copy(update={field: have + 1})
    costs = _costs(grain=event.grain, stone=event.stone, augustales=event.augustales)
    new_state = state.model_copy(update={"player": player})
    return new_state, f"You built a {event.structure.capitalize()} ({field} {have + 1}){costs}"


def _promote(state: GameState, event: Promote, ruleset: Ruleset) -> tuple[GameState, str]:
    player = state.player
    if event.specialist >= len(player.specialists):
        raise RuleError(f"you have {len(player.specialists)} Specialists")
    current = player.specialists[event.specialist]
    path = current.path or event.path
    if path is None:
        raise RuleError("choose the path (A, B or C) for a Specialist entering the board")
    if current.path is not None and event.path not in (None, current.path):
        raise RuleError(f"this Specialist is on Path {current.path} and cannot change path")
    length = ruleset.player.path_spaces.value[path]
    if current.space >= length:
        raise RuleError(f"this Specialist has reached the end of Path {path}")
    if current.space + 1 == length and Specialist(path=path, space=length) in player.specialists:
        raise RuleError(f"another of your Specialists is already in the City of Path {path}")
    player = _pay(player, grain=event.grain)
    moved = Specialist(path=path, space=current.space + 1)
    specialists = list(player.specialists)
    specialists[event.specialist] = moved
    player = player.model_copy(update={"specialists": tuple(specialists)})
    new_state = state.model_copy(update={"player": player})
    return new_state, (
        f"You promoted Specialist {event.specialist + 1} to {moved.describe()}"
        f"{_costs(grain=event.grain)}"
    )


def _gain(state: GameState, event: Gain, ruleset: Ruleset) -> tuple[GameState, str]:
    update = {}
    parts = []
    for name in ("vp", "grain", "stone", "augustales"):
        delta = int(getattr(event, name))
        if not delta:
            continue
        value = int(getattr(state.player, name)) + delta
        label = "VP" if name == "vp" else name.capitalize()
        if value < 0:
            raise RuleError(f"you have only {getattr(state.player, name)} {label}, not {-delta}")
        update[name] = value
        parts.append(f"{delta:+d} {label}")
    if not parts:
        raise RuleError("nothing to gain or spend: every amount is 0")
    reason = f" ({event.reason})" if event.reason else ""
    new_state = state.model_copy(update={"player": state.player.model_copy(update=update)})
    return new_state, "You: " + ", ".join(parts) + reason


def _name_ally(state: GameState, event: NameAlly, ruleset: Ruleset) -> tuple[GameState, str]:
    voyage = state.voyage
    if event.port >= len(voyage.ports) or event.space >= len(voyage.ports[event.port].allies):
        raise RuleError("there is no such Ally space")
    voyage = voyage.name_ally(event.port, event.space, event.ally_id)
    who = ally_name(event.ally_id) or "unknown"
    return state.model_copy(update={"voyage": voyage}), (
        f"The Ally in {voyage.ports[event.port].name} is {who}"
    )


def _name_card(state: GameState, event: NameCard, ruleset: Ruleset) -> tuple[GameState, str]:
    voyage = state.voyage
    if event.port >= len(voyage.ports) or event.space >= len(voyage.ports[event.port].cards):
        raise RuleError("there is no such card space")
    voyage = voyage.name_card(event.port, event.space, event.card_id)
    return state.model_copy(update={"voyage": voyage}), (
        f"The Advanced card in {voyage.ports[event.port].name} is {event.card_id or 'unknown'}"
    )


def _ally_income(
    state: GameState, event: ScoreAllyIncome, ruleset: Ruleset
) -> tuple[GameState, str]:
    if state.end_phase.ally_income is not None:
        raise RuleError("ally income is already scored this round")
    if not state.end_phase.castle_income:
        # Rulebook, End Phase: castle income comes before ally income, and it can change the
        # Grain, Stone and Augustales that some Allies compare with Frederick's.
        raise RuleError(
            "record the castle income first: it comes before ally income "
            "(enter 0s if your castle gave nothing)"
        )
    income = ally_income(state.player, state.palace, ruleset=ruleset)
    player = state.player.model_copy(update={"vp": state.player.vp + income.total})
    progress = state.end_phase.model_copy(update={"ally_income": income.total})
    new_state = state.model_copy(update={"player": player, "end_phase": progress})
    detail = ", ".join(f"{line.name} {line.vp}" for line in income.lines) or "no Allies"
    return new_state, f"Ally income: +{income.total} VP ({detail})"


def _castle_income(
    state: GameState, event: CastleIncome, ruleset: Ruleset
) -> tuple[GameState, str]:
    if state.end_phase.castle_income:
        raise RuleError("castle income is already entered this round")
    player = state.player
    player = player.model_copy(
        update={
            "vp": player.vp + event.vp,
            "grain": player.grain + event.grain,
            "stone": player.stone + event.stone,
            "augustales": player.augustales + event.augustales,
        }
    )
    progress = state.end_phase.model_copy(update={"castle_income": True})
    gains = [
        f"+{n} {name}"
        for name, n in (
            ("VP", event.vp),
            ("Grain", event.grain),
            ("Stone", event.stone),
            ("Augustales", event.augustales),
        )
        if n
    ]
    new_state = state.model_copy(update={"player": player, "end_phase": progress})
    return new_state, "Castle income: " + (", ".join(gains) or "nothing")


def _reorganise(state: GameState, event: Reorganise, ruleset: Ruleset) -> tuple[GameState, str]:
    if state.end_phase.reorganised:
        raise RuleError("the Voyage board is already reorganised this round")
    empty = len(state.voyage.empty_card_spaces())
    voyage, missing, flipped = state.voyage.reorganise()
    progress = state.end_phase.model_copy(
        update={"reorganised": True, "cards_short": missing, "flipped_allies": tuple(flipped)}
    )
    new_state = state.model_copy(update={"voyage": voyage, "end_phase": progress})
    parts = [f"refilled {empty - missing} card space(s) ({voyage.advanced_pile} left in the pile)"]
    if missing:
        parts.append(f"{missing} space(s) stay empty: the game ends after this round")
    if flipped:
        ports = ", ".join(voyage.ports[p].name for p, _ in flipped)
        parts.append(f"turned up the Ally in {ports}")
    return new_state, "Reorganisation: " + "; ".join(parts)


def game_end_reasons(state: GameState, ruleset: Ruleset) -> tuple[GameEndReason, ...]:
    """The game-end triggers that hold now (checked at the end of each round)."""
    reasons = []
    if state.player.castle_complete(ruleset):
        reasons.append(GameEndReason.CASTLE_COMPLETE)
    if state.edicts.unfillable:
        reasons.append(GameEndReason.EDICT_SPACE_EMPTY)
    if state.end_phase.cards_short:
        reasons.append(GameEndReason.ADVANCED_CARDS_SHORT)
    return tuple(reasons)


def _end_round(state: GameState, event: EndRound, ruleset: Ruleset) -> tuple[GameState, str]:
    if not state.end_phase.castle_income:
        raise RuleError(
            "record the castle income, then score the ally income, before ending the round"
        )
    if state.end_phase.ally_income is None:
        raise RuleError("score the ally income before ending the round")
    if not state.end_phase.reorganised:
        raise RuleError("reorganise the Voyage board before ending the round")
    reasons = game_end_reasons(state, ruleset)
    if reasons:
        new_state = state.model_copy(update={"phase": Phase.GAME_OVER, "game_end": reasons})
        why = "; ".join(reason.describe() for reason in reasons)
        return new_state, f"Round {state.round} ended. The game is over: {why}"
    new_state = state.model_copy(
        update={
            "round": state.round + 1,
            "phase": Phase.PLAYER,
            "player_turns": 0,
            "frederick_actions": 0,
            "passed": False,
            "end_phase": EndPhaseProgress(),
            "last_frederick": None,
        }
    )
    return new_state, f"Round {state.round} ended; round {state.round + 1} begins"


_HANDLERS = {
    RevealEdict: _reveal,
    EndTurn: _end_turn,
    Pass: _pass,
    Travel: _travel,
    PlayerEdict: _player_edict,
    SummonAlly: _summon,
    BuyCard: _buy,
    Build: _build,
    Promote: _promote,
    Gain: _gain,
    NameAlly: _name_ally,
    NameCard: _name_card,
    ScoreAllyIncome: _ally_income,
    CastleIncome: _castle_income,
    Reorganise: _reorganise,
    EndRound: _end_round,
}
