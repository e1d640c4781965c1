"""GameStore: the game in progress saved, reloaded, cleared, and protected."""

from __future__ import annotations

import json
import pathlib
import tempfile
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.paths import GAME_FILE, HISTORY_FILE
from companion.storage import GameStore, LoadResult, NewerSchemaError, StorageWriteError
from solo_deck import SCHEMA_VERSION, SoloGame

META = {"started_at": "2025-03-01T19:00:00+00:00", "play_seconds": 754.5}


def _store_file(folder: pathlib.Path, document: object) -> pathlib.Path:
    path = folder / GAME_FILE
    path.write_text(json.dumps({"game": {"1": document}}), encoding="utf-8")
    return path


def test_a_saved_game_replays_to_the_same_state(
    tmp_path: pathlib.Path, solo_game: SoloGame
) -> None:
    GameStore(tmp_path).save(solo_game.to_document(), META)
    result = GameStore(tmp_path).load()  # a fresh store, as after a restart
    assert result.notice is None
    assert result.document is not None
    assert result.document["meta"] == META
    restored = SoloGame.from_document(result.document)
    assert restored.state == solo_game.state
    assert restored.events == solo_game.events
    assert restored.redo_log == solo_game.redo_log
    assert restored.log == solo_game.log
    assert {k: v for k, v in result.document.items() if k != "meta"} == solo_game.to_document()


def test_save_replaces_the_single_document(tmp_path: pathlib.Path, solo_game: SoloGame) -> None:
    store = GameStore(tmp_path)
    store.save(solo_game.to_document(), META)
    solo_game.redo()
    store.save(solo_game.to_document(), {**META, "play_seconds": 800.0})
    raw = json.loads((tmp_path / GAME_FILE).read_text(encoding="utf-8"))
    assert list(raw) == ["game"]
    assert list(raw["game"]) == ["1"]
    loaded = store.load().document
    assert loaded is not None
    assert loaded["meta"]["play_seconds"] == 800.0
    assert SoloGame.from_document(loaded).state == solo_game.state
    assert sorted(p.name for p in tmp_path.iterdir()) == [GAME_FILE]


def test_no_file_means_no_game(tmp_path: pathlib.Path) -> None:
    store = GameStore(tmp_path)
    assert store.exists() is False
    assert store.load() == LoadResult(document=None, notice=None)
    (tmp_path / GAME_FILE).write_bytes(b"")
    assert store.exists() is False
    assert store.load() == LoadResult(document=None, notice=None)


def test_clear_removes_the_game_and_exists_follows(
    tmp_path: pathlib.Path, solo_game: SoloGame
) -> None:
    store = GameStore(tmp_path)
    store.save(solo_game.to_document(), META)
    assert store.exists() is True
    store.clear()
    assert store.exists() is False
    assert store.load().document is None
    store.clear()  # nothing to clear is fine


def test_the_history_is_never_touched(tmp_path: pathlib.Path, solo_game: SoloGame) -> None:
    history = tmp_path / HISTORY_FILE
    history.write_bytes(b"{this history is damaged")
    store = GameStore(tmp_path)
    store.save(solo_game.to_document(), META)
    store.load()
    store.clear()
    assert history.read_bytes() == b"{this history is damaged"
    assert sorted(p.name for p in tmp_path.iterdir()) == [HISTORY_FILE]


@pytest.mark.parametrize(
    ("content", "what"),
    [
        (b'{"game": {"1": {"schema_version": 1, "setup": {', "not valid JSON"),
        (b"[1, 2]", "a list instead of a JSON object"),
        (b'{"game": "nope"}', "the table 'game' is a text string"),
        (b'{"game": {"1": {"setup": {}}}}', "no valid schema_version"),
        (b'{"game": {"1": {"schema_version": "1"}}}', "no valid schema_version"),
    ],
    ids=["truncated", "list", "table-not-object", "no-version", "version-text"],
)
def test_a_damaged_file_is_moved_aside_with_a_notice(
    tmp_path: pathlib.Path, content: bytes, what: str, solo_game: SoloGame
) -> None:
    (tmp_path / GAME_FILE).write_bytes(content)
    store = GameStore(tmp_path)
    result = store.load()
    assert result.document is None
    assert result.notice is not None
    moved = [p for p in tmp_path.iterdir() if p.name.startswith(f"{GAME_FILE}.corrupt-")]
    assert len(moved) == 1
    assert moved[0].read_bytes() == content  # kept, never deleted
    assert str(moved[0]) in result.notice
    assert what in result.notice
    assert not (tmp_path / GAME_FILE).exists()
    # the store goes on, empty
    assert store.load() == LoadResult(document=None, notice=None)
    store.save(solo_game.to_document(), META)
    assert store.load().document is not None


def test_the_whole_stored_game_is_checked_before_the_first_save(
    tmp_path: pathlib.Path, solo_game: SoloGame
) -> None:
    (tmp_path / GAME_FILE).write_bytes(b"{broken")
    store = GameStore(tmp_path)
    store.save(solo_game.to_document(), META)  # no load() first
    assert store.notice is not None and "not valid JSON" in store.notice
    assert len(list(tmp_path.glob(f"{GAME_FILE}.corrupt-*"))) == 1
    assert store.load().document is not None


def test_a_game_the_engine_cannot_replay_can_be_put_aside(tmp_path: pathlib.Path) -> None:
    path = _store_file(tmp_path, {"schema_version": SCHEMA_VERSION, "setup": {}})
    store = GameStore(tmp_path)
    loaded = store.load().document
    assert loaded is not None
    notice = store.quarantine("the setup is missing its Edict tiles")
    assert "the setup is missing its Edict tiles" in notice
    assert not path.exists()
    assert len(list(tmp_path.glob(f"{GAME_FILE}.corrupt-*"))) == 1


def test_a_newer_schema_is_refused_and_left_byte_for_byte(
    tmp_path: pathlib.Path, solo_game: SoloGame
) -> None:
    document = {**solo_game.to_document(), "schema_version": SCHEMA_VERSION + 1}
    path = _store_file(tmp_path, document)
    before = path.read_bytes()
    store = GameStore(tmp_path)
    with pytest.raises(NewerSchemaError, match="update the program") as caught:
        store.load()
    assert caught.value.found == SCHEMA_VERSION + 1
    assert caught.value.path == path
    with pytest.raises(NewerSchemaError):
        store.save(solo_game.to_document(), META)  # never overwritten either
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [GAME_FILE]


def test_save_rejects_a_document_without_schema_version(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ValueError, match="schema_version"):
        GameStore(tmp_path).save({"setup": {}}, META)
    with pytest.raises(TypeError):
        GameStore(tmp_path).save({"schema_version": 1}, [])  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_folder_keeps_the_last_save(
    tmp_path: pathlib.Path,
    solo_game: SoloGame,
    make_read_only: Callable[[pathlib.Path], None],
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    store = GameStore(folder)
    store.save(solo_game.to_document(), META)
    before = (folder / GAME_FILE).read_bytes()
    make_read_only(folder)
    solo_game.redo()
    with pytest.raises(StorageWriteError, match="permission denied"):
        store.save(solo_game.to_document(), META)
    with pytest.raises(StorageWriteError, match="Could not remove"):
        store.clear()
    assert (folder / GAME_FILE).read_bytes() == before


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
_GAME_LIKE = st.fixed_dictionaries(
    {"game": st.dictionaries(st.sampled_from(["1", "2", "x"]), _JSON_VALUES, max_size=2)}
)
_FILE_BYTES = st.one_of(
    st.binary(max_size=200),
    _JSON_VALUES.map(lambda value: json.dumps(value).encode()),
    _GAME_LIKE.map(lambda value: json.dumps(value).encode()),
    _GAME_LIKE.map(lambda value: json.dumps(value).encode()[:-3]),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=_FILE_BYTES)
def test_any_bytes_load_or_are_moved_aside(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = pathlib.Path(name)
        (folder / GAME_FILE).write_bytes(content)
        try:
            result = GameStore(folder).load()
        except NewerSchemaError:
            assert (folder / GAME_FILE).read_bytes() == content
            return
        moved = list(folder.glob(f"{GAME_FILE}.corrupt-*"))
        if result.notice is not None:
            assert result.document is None
            assert [p.read_bytes() for p in moved] == [content]
            assert str(moved[0]) in result.notice
        else:
            assert moved == []
            assert (folder / GAME_FILE).read_bytes() == content
            assert result.document is None or isinstance(result.document.get("schema_version"), int)
