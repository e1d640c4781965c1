"""The state of a solo game at one point of its event log."""

# i18n: sentences are Text
from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from solo_deck.model.base import FrozenModel
from solo_deck.model.board import Board
from solo_deck.model.card_piles import CardPiles
from solo_deck.model.deck import SoloDeck
from solo_deck.model.edict_row import EdictRow
from solo_deck.model.obligations import Obligation
from solo_deck.model.palace import Palace
from solo_deck.model.player import PlayerState
from solo_deck.model.voyage import Voyage
from solo_deck.text import KeptText, t


class Phase(StrEnum):
    """Where the round stands."""

    PLAYER = "player"
    FREDERICK = "frederick"
    END_PHASE = "end_phase"
    GAME_OVER = "game_over"


class GameEndReason(StrEnum):
    """The three ways a game ends (checked after each round)."""

    CASTLE_COMPLETE = "castle_complete"
    EDICT_SPACE_EMPTY = "edict_space_empty"
    ADVANCED_CARDS_SHORT = "advanced_cards_short"

    def describe(self) -> str:
        """A sentence for the player."""
        return {
            GameEndReason.CASTLE_COMPLETE: t("your castle is complete"),
            GameEndReason.EDICT_SPACE_EMPTY: t("an Active Edict space could not be refilled"),
            GameEndReason.ADVANCED_CARDS_SHORT: t(
                "the Advanced card pile could not refill every card space"
            ),
        }[self]


class FrederickReport(FrozenModel):
    """What Frederick's last turn did, step by step in table language."""

    card_id: str
    face: KeptText
    steps: tuple[KeptText, ...]
    """Each step a :class:`~solo_deck.text.Text` (its template and values kept)."""
    reshuffled: bool
    action_number: int


class EndPhaseProgress(FrozenModel):
    """Which End Phase steps are done this round."""

    ally_income: int | None = None
    castle_income: bool = False
    reorganised: bool = False
    cards_short: int = 0
    flipped_allies: tuple[tuple[int, int], ...] = ()


class GameState(FrozenModel):
    """A snapshot: Frederick's palace, the edict row, the solo deck, the Voyage ring, your
    side of the table, the shared boards, the round counters and what is pending.

    ``player_turns`` counts your turns finished this round; ``card_played`` is True once
    this turn's card is down (its effects may still be pending) and ``travelled`` once your
    ship sailed this turn. ``passed`` is True once you have no more turns this round: you
    passed, or, with ``out_of_slots``, every card slot is played (the turns then end by
    themselves). ``pending`` lists what the rules require now, first one first (see
    :mod:`solo_deck.model.obligations`).
    """

    round: int = Field(default=1, ge=1)
    phase: Phase = Phase.PLAYER
    player_turns: int = Field(default=0, ge=0)
    frederick_actions: int = Field(default=0, ge=0)
    passed: bool = False
    out_of_slots: bool = False
    card_played: bool = False
    travelled: bool = False
    palace: Palace
    edicts: EdictRow
    deck: SoloDeck
    voyage: Voyage
    player: PlayerState
    board: Board
    pending: tuple[Obligation, ...] = ()
    hand: int | None = Field(default=None, ge=0)
    """Cards in your hand (``None``: not counted, a game saved before the boards were data;
    see :mod:`solo_deck.rules.hand`)."""
    cards: CardPiles = CardPiles()
    """Your Action cards by name and place, beside the hand's size (see
    :mod:`solo_deck.model.card_piles`; unused when the hand is not counted)."""
    board_checks: tuple[tuple[str, str, str], ...] = ()
    """``(board, key, value)`` of each board value told mid-game, oldest first: the game
    plays on its setup's boards with these applied (see :mod:`solo_deck.rules.board_check`)."""
    end_phase: EndPhaseProgress = EndPhaseProgress()
    last_frederick: FrederickReport | None = None
    game_end: tuple[GameEndReason, ...] = ()

    @property
    def turn(self) -> int:
        """Your current turn number in the round (1-based)."""
        return self.player_turns + 1

    @property
    def obligation(self) -> Obligation | None:
        """The first pending obligation, if any."""
        return self.pending[0] if self.pending else None

    @property
    def awaiting_reveal(self) -> tuple[int, ...]:
        """Next positions waiting for the player to type a newly drawn Edict tile."""
        return self.edicts.awaiting

    @property
    def game_over(self) -> bool:
        """True once a game-end trigger fired at the end of a round."""
        return self.phase is Phase.GAME_OVER
