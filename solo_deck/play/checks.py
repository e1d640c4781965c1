"""Self-play as a test: what must hold after every event of a simulated game, and at its
end. The self-play test (``tests/engine/test_self_play.py``) and the lab's ``--check`` run
play games through :func:`solo_deck.play.simulate.play_out` with a :class:`Checker`.

After every event:

- the engine accepts the moves it lists (every one, or a sample of ``sample`` per state),
  and :meth:`SoloGame.allowed <solo_deck.game.SoloGame.allowed>` allows a type (corrections
  and port names aside) exactly when a move of that type is listed;
- the outcomes of each hidden fact add up to 1;
- the event as stored, written to JSON and read back, replays from the state before to an
  equal state (so the saved document loads to an equal state: it is the setup and these
  events), and undo then redo gives the same state;
- your cards add up: every card you own is named in one place or lies unnamed where an
  unnamed card is, and no count is negative.

At the end: the document round trip gives an equal state and log, the game ended within
:data:`~solo_deck.play.simulate.MAX_EVENTS` events, and the review's VP by source adds up
to the final score.

>>> import random
>>> from solo_deck.play.bots import RandomBot
>>> from solo_deck.play.simulate import new_game, play_out
>>> from solo_deck.play.table import Configuration
>>> checker = Checker(sample=2, rng=random.Random(1))
>>> game = play_out(new_game(Configuration(), 5), RandomBot(), random.Random(5), checker)
>>> checker.finished(game) > 0
True
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from fractions import Fraction

from pydantic import TypeAdapter

from solo_deck.errors import RuleError
from solo_deck.events import Event
from solo_deck.game import SoloGame
from solo_deck.insight.review import review
from solo_deck.model.state import GameState
from solo_deck.play.simulate import MAX_EVENTS
from solo_deck.rules.hand import owned_cards, pool, unknown_in
from solo_deck.rules.legal import ALWAYS_TOLD, CORRECTIONS
from solo_deck.rules.scoring import final_counts, final_score
from solo_deck.rules.transitions import apply_event

_EVENT: TypeAdapter[Event] = TypeAdapter(Event)


class InvariantBroken(AssertionError):
    """An invariant of self-play did not hold; the message says which, and where."""


class Checker:
    """Called after every event of a game (see the module); ``sample`` moves per state are
    previewed (``None``: every move)."""

    def __init__(self, sample: int | None = None, rng: random.Random | None = None) -> None:
        self.sample = sample
        self.rng = rng or random.Random(0)
        self.events = 0
        self._before: GameState | None = None

    def __call__(self, game: SoloGame) -> None:
        where = f"event {len(game.events)} (round {game.state.round})"
        before = self._previous(game)
        _replays(game, before, where)
        _undo_redo(game, where)
        _cards_add_up(game.state, where)
        self._moves(game, where)
        self._before = game.state
        self.events += 1

    def _previous(self, game: SoloGame) -> GameState:
        if self._before is not None and len(game.events) > 1:
            return self._before
        replay = SoloGame(game.setup, game.events[:-1])
        return replay.state

    def _moves(self, game: SoloGame, where: str) -> None:
        moves = game.legal_moves()
        kinds = {move.event.type for move in moves} - ALWAYS_TOLD
        allowed = game.allowed() - CORRECTIONS - ALWAYS_TOLD
        if kinds != allowed:
            odd = {kind: game.why_not(kind) for kind in kinds ^ allowed}
            raise InvariantBroken(f"{where}: allowed() and the moves listed differ: {odd}")
        facts: dict[str, Fraction] = defaultdict(Fraction)
        for move in moves:
            if move.fact is not None and move.chance is not None and not move.decision:
                facts[move.fact] += move.chance
        wrong = {fact: total for fact, total in facts.items() if total != 1}
        if wrong:
            raise InvariantBroken(f"{where}: outcomes that do not add up to 1: {wrong}")
        tried = list(moves)
        if self.sample is not None and len(tried) > self.sample:
            tried = self.rng.sample(tried, self.sample)
        for move in tried:
            try:
                game.preview(move.event)
            except RuleError as exc:
                raise InvariantBroken(
                    f"{where}: {move.event!r} is listed but refused: {exc}"
                ) from None

    def finished(self, game: SoloGame) -> int:
        """Check the end of ``game``; returns its final score."""
        if not game.state.game_over:
            raise InvariantBroken(f"the game did not end ({len(game.events)} events)")
        if len(game.events) > MAX_EVENTS:
            raise InvariantBroken(f"the game took {len(game.events)} events")
        again = SoloGame.from_document(json.loads(json.dumps(game.to_document())))
        if again.state != game.state or again.log != game.log:
            raise InvariantBroken("the saved document does not load to the same game")
        score = final_score(**final_counts(game.state), ruleset=game.ruleset).total
        by_source = sum(review(game).vp_by_source.values())
        if by_source != score:
            raise InvariantBroken(f"the review's VP by source add up to {by_source}, not {score}")
        return score


def _replays(game: SoloGame, before: GameState, where: str) -> None:
    stored = game.events[-1]
    read = _EVENT.validate_python(json.loads(json.dumps(_EVENT.dump_python(stored, mode="json"))))
    state, _, _ = apply_event(before, read, game.setup.ruleset)
    if state != game.state:
        raise InvariantBroken(f"{where}: {stored.type} read back from JSON replays differently")


def _undo_redo(game: SoloGame, where: str) -> None:
    state = game.state
    game.undo()
    game.redo()
    if game.state != state:
        raise InvariantBroken(f"{where}: undo then redo changed the state")


def _cards_add_up(state: GameState, where: str) -> None:
    if state.hand is None:
        return
    unknown = unknown_in(state)
    if min(unknown.values()) < 0 or state.cards.discard < 0:
        raise InvariantBroken(f"{where}: a negative count of cards: {unknown}")
    if not state.cards.by_name:
        return
    unplaced = sum(pool(state).values())
    if unplaced != sum(unknown.values()):
        raise InvariantBroken(
            f"{where}: {unplaced} cards unplaced but {sum(unknown.values())} unnamed places"
        )
    named = state.cards.known()
    named.update(card.card_id for card in state.player.played if card.card_id is not None)
    if named - owned_cards(state):
        raise InvariantBroken(f"{where}: named cards you do not own: {named - owned_cards(state)}")
