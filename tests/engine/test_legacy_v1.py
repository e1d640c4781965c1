"""A game saved in the first format (schema 1) resumes where it stood."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solo_deck import DocumentError, Phase, SoloGame
from solo_deck.events import Decline, PlayCard
from solo_deck.schema import SCHEMA_VERSION

FIXTURE = json.loads((Path(__file__).parent / "data" / "schema1_game.json").read_text())


def test_a_schema_1_game_resumes_in_the_same_position() -> None:
    game = SoloGame.from_document(FIXTURE["document"])
    expected: dict[str, Any] = FIXTURE["expected"]
    state = game.state
    assert (state.round, state.phase.value) == (expected["round"], expected["phase"])
    assert state.palace.model_dump() == expected["palace"]
    edicts = state.edicts.model_dump(mode="json")
    # the first format kept no issued tiles: the engine follows those of the replayed events
    issuing = [line for line in game.log if "issued Edict" in line or "Issue Edict" in line]
    assert edicts.pop("last_issuer") in ("you", "frederick")  # kept since issue 39
    assert len(edicts.pop("issued")) == len(issuing) > 0 and edicts == expected["edicts"]
    assert state.deck.model_dump(mode="json") == expected["deck"]
    voyage = state.voyage.model_dump(mode="json")
    # the first format did not keep the Allies Frederick removed; its log names them
    assert voyage.pop("removed_allies") == ["tento"] and voyage.pop("removed_cards") == []
    assert voyage == expected["voyage"]
    old = expected["player"]
    for field in ("vp", "grain", "stone", "augustales", "towers", "walls", "keeps", "allies"):
        assert getattr(state.player, field) == (
            tuple(old[field]) if isinstance(old[field], list) else old[field]
        )
    assert [s.model_dump() for s in state.player.specialists] == old["specialists"]


def test_a_schema_1_game_gets_the_new_tableau_at_its_rule_defaults() -> None:
    game = SoloGame.from_document(FIXTURE["document"])
    player = game.state.player
    assert player.house == "Hohenstaufen"
    assert (player.keep_covers, player.closed_sides, player.greats, player.played) == (
        (),
        (),
        (),
        (),
    )
    assert game.state.pending == ()
    assert game.setup.ruleset.scoring.most_structures_rule.value == "at_least_as_many"


def test_a_schema_1_game_keeps_its_log_and_drops_its_redo_branch() -> None:
    game = SoloGame.from_document(FIXTURE["document"])
    assert len(game.log) == len(FIXTURE["log"]) == 25
    assert game.log[:3] == (
        "You sailed Roma → Alexandria (1 space)",
        "You: +2 Grain, +3 Stone (house card)",
        "You built a Keep (keeps 1), paid 3 Stone",
    )
    assert not game.can_undo and not game.can_redo
    document = game.to_document()
    assert document["schema_version"] == SCHEMA_VERSION == 5
    assert SoloGame.from_document(document).state == game.state


def test_a_schema_1_game_plays_on_under_the_new_rules() -> None:
    game = SoloGame.from_document(FIXTURE["document"])
    before = game.state.phase
    game.push(PlayCard(slot=0, face_up=False, actions=("build",)))
    game.push(Decline())
    assert (before, game.state.phase) == (Phase.PLAYER, Phase.FREDERICK)
    game.undo()
    game.undo()
    assert not game.can_undo  # the old moves stay where they are


def test_a_damaged_schema_1_game_names_its_bad_event() -> None:
    document = json.loads(json.dumps(FIXTURE["document"]))
    document["events"][2] = {"type": "build", "structure": "castle"}
    with pytest.raises(DocumentError, match=r"event 3 \(build\) cannot be replayed"):
        SoloGame.from_document(document)
