"""Hypothesis over every input surface that reaches a renderer or a file (issue 16, "Also").

The surfaces: command-line arguments, import files (JSON and CSV, through the command),
the stored files of each kind (history, game in progress, settings, the lock's owner note)
and the app's dialogs driven by Pilot (the New game form, the Gain dialog, the file name
asked when quitting with moves not saved). Whatever comes in: no traceback, a plain
message, and on a refusal nothing changed (the sha256 of every file in the data folder is
the same before and after). A damaged stored file may be moved aside by the lock holder,
but its bytes are kept whole.

Every test counts its cases and prints the count. The examples are bounded and derandomized
(no example database), so a run is the same on every machine and takes about a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import json
import os
import pathlib
import tempfile
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.history import records_to_csv, records_to_json
from companion.paths import GAME_FILE, HISTORY_FILE, LOCK_FILE, SETTINGS_FILE
from companion.storage import HistoryRecord, HistoryStore

HOSTILE = [
    "",
    " ",
    "[/]",
    "[/bold]",
    "[link=http://x]y[/link]",
    "[@click=app.quit]q[/]",
    "\x1b]0;pwned\x07",
    "\x1b[2J",
    "\u202eevil",
    "\x00",
    "\r\n",
    "9" * 5000,
    "-1",
    "0",
    "999",
    "1000",
    "1e400",
    "nan",
    "true",
    "2T 1K",
    "0001-01-01T00:00:00+01:00",
    "9999-12-31T23:59:59-01:00",
    "x" * 131_072,
    "%s%n{}",
    "ça va — 日本 🏰",
]
TEXT = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=40))


def fuzz(examples: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Bounded, deterministic hypothesis settings (no database, no deadline)."""
    return settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )


def fingerprint(folder: pathlib.Path) -> dict[str, str]:
    """sha256 of every file below ``folder`` (links by their target)."""
    found: dict[str, str] = {}
    if not folder.exists():
        return found
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            found[name] = "link:" + os.readlink(path)
        elif path.is_file():
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def games(count: int = 3) -> list[HistoryRecord]:
    from solo_deck import final_score

    return [
        HistoryRecord(
            finished_at=f"2025-03-0{n + 1}T20:15:00+00:00",
            seed=n,
            house="Savoy",
            notes=f"game {n}",
            score=final_score(
                vp_track=30 + n,
                structures=10,
                frederick_structures=9,
                grain=1,
                stone=1,
                augustales=8,
            ),
        )
        for n in range(count)
    ]


@contextlib.contextmanager
def sandbox() -> Iterator[pathlib.Path]:
    """A fresh folder holding ``data/`` (a history of three games) and the working folder."""
    with tempfile.TemporaryDirectory() as root:
        base = pathlib.Path(root)
        data = base / "data"
        data.mkdir()
        HistoryStore(data).add_many(games())
        work = base / "work"
        work.mkdir()
        old = os.getcwd()
        os.chdir(work)
        try:
            yield base
        finally:
            os.chdir(old)


def call(argv: list[str]) -> tuple[int, str, str]:
    """``main(argv)`` in this process; stdout and stderr captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def plain_failure(code: int, err: str) -> None:
    assert code in (0, 1, 2), code
    assert "Traceback" not in err
    assert all(len(line) <= 1000 for line in err.splitlines()), "a long value is cut short"


# --- command-line arguments -----------------------------------------------------------------

COMMANDS = ["score", "history", "stats", "export", "import", "locate"]
FLAGS = ["--vp", "--structures", "--frederick-structures", "--grain", "--stone"]
FLAGS += ["--augustales", "--json", "--save", "--notes", "--format", "--force", "--help"]
NAMES = ["games.csv", "games.json", "-", "out", "../data/history.json", ".", "csv", "json"]


def _safe(token: str) -> str:
    """No absolute path and no way out of the sandbox but into its data folder."""
    if token.startswith(("/", "~")) or "\x00" in token:
        return "games.csv"
    return token


ARGV = st.tuples(
    st.sampled_from(COMMANDS),
    st.lists(st.one_of(st.sampled_from(FLAGS), st.sampled_from(NAMES), TEXT), max_size=8),
).map(lambda parts: [parts[0], *(_safe(token) for token in parts[1])])


def test_fuzz_command_line_arguments() -> None:
    cases = 0

    @fuzz(400)
    @given(argv=ARGV)
    def case(argv: list[str]) -> None:
        nonlocal cases
        cases += 1
        with sandbox() as base:
            data = base / "data"
            before = fingerprint(base)
            code, _, err = call(["--data-dir", str(data), *argv])
            plain_failure(code, err)
            if code != 0:
                assert fingerprint(base) == before, f"refused ({code}) yet changed: {argv}"

    case()
    print(f"\nfuzz: {cases} command lines, no traceback, nothing changed on refusal")


# --- import files -----------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
FIELDS = [*HistoryRecord.model_fields, "vp_track", "total", "title", "most_structures_bonus"]


def _mutated_json(field: str, value: Any, as_list: bool) -> bytes:
    document = json.loads(records_to_json(games(2)))
    game = document["games"][1]
    (game["score"] if field in game["score"] else game)[field] = value
    return json.dumps(document["games"] if as_list else document).encode()


def _mutated_csv(field: str, value: str) -> bytes:
    lines = records_to_csv(games(2)).split("\r\n")
    header = lines[0].split(",")
    if field in header:
        cells = lines[2].split(",")
        cells[header.index(field)] = '"' + value.replace('"', '""') + '"'
        lines[2] = ",".join(cells)
    return "\r\n".join(lines).encode("utf-8", "surrogatepass")


IMPORT_FILES = st.one_of(
    st.tuples(st.binary(max_size=400), st.sampled_from(["g.csv", "g.json", "g"])),
    st.builds(
        lambda name, value, as_list: (_mutated_json(name, value, as_list), "g.json"),
        st.sampled_from(FIELDS),
        JSON_VALUES,
        st.booleans(),
    ),
    st.builds(
        lambda name, value: (_mutated_csv(name, value), "g.csv"), st.sampled_from(FIELDS), TEXT
    ),
)


def test_fuzz_import_files_through_the_command() -> None:
    cases = refused = 0

    @fuzz(300)
    @given(file=IMPORT_FILES)
    def case(file: tuple[bytes, str]) -> None:
        nonlocal cases, refused
        cases += 1
        raw, name = file
        with sandbox() as base:
            source = base / "work" / name
            source.write_bytes(raw)
            before = fingerprint(base / "data")
            code, _, err = call(["--data-dir", str(base / "data"), "import", str(source)])
            plain_failure(code, err)
            assert code in (0, 1)
            if code == 1:
                refused += 1
                assert fingerprint(base / "data") == before
            else:
                assert len(HistoryStore(base / "data").all()) in (3, 4)

    case()
    print(f"\nfuzz: {cases} import files ({refused} refused, history unchanged each time)")


# --- stored files -------------------------------------------------------------------------


def _valid_stored(kind: str) -> bytes:
    if kind == "history":
        dumped = {str(n + 1): game.model_dump(mode="json") for n, game in enumerate(games(2))}
        return json.dumps({"games": dumped}).encode()
    if kind == "settings":
        return json.dumps({"settings": {"1": {"schema_version": 1, "theme": "x"}}}).encode()
    if kind == "owner":
        return json.dumps({"pid": 42, "host": "h", "since": "2025-01-01T00:00:00"}).encode()
    from tests.app.game_script import play_in_engine

    document = play_in_engine().to_document()
    document["events"] = document["events"][:6]
    return json.dumps({"game": {"1": {**document, "meta": {}}}}).encode()


def _mutate(raw: bytes, path: list[str], value: Any) -> bytes:
    document = json.loads(raw)
    node = document
    for key in path[:-1]:
        if not isinstance(node, dict) or key not in node:
            break
        node = node[key]
    if isinstance(node, dict) and node:
        keys = sorted(node)
        node[keys[hash(path[-1]) % len(keys)]] = value
    return json.dumps(document).encode()


STORED = st.tuples(
    st.sampled_from(["history", "game", "settings", "owner"]),
    st.one_of(
        st.binary(max_size=200).map(lambda raw: ("bytes", raw)),
        st.tuples(st.lists(st.text(max_size=6), min_size=1, max_size=4), JSON_VALUES).map(
            lambda mutation: ("mutate", mutation)
        ),
    ),
)
FILE_OF = {
    "history": HISTORY_FILE,
    "game": GAME_FILE,
    "settings": SETTINGS_FILE,
    "owner": f"{LOCK_FILE}.owner",
}


def _read_everything(data: pathlib.Path) -> None:
    from companion.session import GameSession
    from companion.storage import SettingsStore
    from companion.storage.lock import DataLock

    for argv in (["history"], ["stats", "--json"], ["export", "--format", "csv", "-"]):
        code, _, err = call(["--data-dir", str(data), *argv])
        plain_failure(code, err)
    session = GameSession(data)
    with contextlib.suppress(OSError, ValueError):
        session.load()
    settings_store = SettingsStore(data)
    with contextlib.suppress(OSError, ValueError):
        settings_store.theme()
        settings_store.deck()
        settings_store.verified_cards()
    holder = DataLock(data).holder()
    assert holder.isprintable()


def test_fuzz_stored_files_of_each_kind() -> None:
    cases = moved = 0

    @fuzz(200)
    @given(stored=STORED)
    def case(stored: tuple[str, tuple[str, Any]]) -> None:
        nonlocal cases, moved
        cases += 1
        kind, (how, what) = stored
        raw = what if how == "bytes" else _mutate(_valid_stored(kind), *what)
        with sandbox() as base:
            data = base / "data"
            path = data / FILE_OF[kind]
            path.write_bytes(raw)
            _read_everything(data)
            kept = [path, *data.glob(f"{FILE_OF[kind]}.corrupt-*")]
            copies = [p.read_bytes() for p in kept if p.exists()]
            assert raw in copies or (kind == "owner" and not path.exists()), "bytes kept whole"
            moved += not path.exists()

    case()
    print(f"\nfuzz: {cases} stored files ({moved} moved aside whole), no traceback")


# --- the app's dialogs by Pilot -------------------------------------------------------------


def _inside(folder: pathlib.Path, text: str) -> pathlib.Path:
    """A path below ``folder`` built from ``text`` (no way out of it)."""
    name = "".join(ch for ch in text if ch not in "/\\\x00") or "empty"
    return folder / name[:100].lstrip(".")


VALID = ["Palermo", "42", "18", "2T", "1P", "3", "card A1", "rescue.json"]
"""A value each dialog field accepts: each example mixes them with hostile ones, so the
dialogs after the New game form are reached too."""
REACHED: dict[str, int] = {"setup": 0, "gain": 0, "quit": 0}


async def _drive(base: pathlib.Path, texts: list[str]) -> None:
    from textual.widgets import Collapsible, Input

    from companion.ui.app import StuporSoloApp
    from companion.ui.screens.setup.form import EDICT_SLOTS, SetupScreen
    from companion.ui.widgets.edict_input import EdictField

    data = base / "data"
    app = StuporSoloApp(data, insight=False)  # no odds and forecast: only the dialogs count
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#ports-fold", Collapsible).collapsed = False
        await pilot.pause()
        await pilot.pause()
        screen.query_one("#port-name-4", Input).value = texts[0]  # the port named at setup
        screen.query_one("#seed", Input).value = texts[1]
        screen.query_one("#pile", Input).value = texts[2]
        tiles = [texts[3], "1W 1K", "2G 1A", "1S", "1C", texts[4]]
        for (slot, _), tile in zip(EDICT_SLOTS, tiles, strict=True):
            screen.query_one(f"#{slot}", EdictField).query_one(Input).value = tile
        await pilot.pause()
        before = fingerprint(data)
        screen.action_start_game()
        await pilot.pause()
        REACHED["setup"] += 1
        if app.session.game is None:
            assert fingerprint(data) == before, "a refused setup changes nothing"
            return
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        REACHED["gain"] += 1
        for field_id, text in (("vp", texts[5]), ("reason", texts[6])):
            found = app.screen.query(f"#{field_id} Input, Input#{field_id}")
            if found:
                found.first(Input).value = text
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        app.session.save_error, app.session.unsaved_changes = "the disk is full", 1
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        out = base / "out"
        out.mkdir(exist_ok=True)
        field = app.screen.query("#unsaved-path")
        if field:
            REACHED["quit"] += 1
            target = _inside(out, texts[7])
            field.first(Input).value = str(target)
            before = fingerprint(data)
            await pilot.press("enter")
            await pilot.pause()
            assert fingerprint(data) == before
            assert sorted(out.iterdir()) in ([], [target])


def test_fuzz_app_dialogs_by_pilot() -> None:
    cases = 0

    fields = [st.one_of(st.just(valid), TEXT.map(lambda text: text[:3000])) for valid in VALID]

    def setup_ok_or_not(drawn: tuple[Any, ...]) -> list[str]:
        setup_ok, *texts = drawn
        return [*VALID[:5], *texts[5:]] if setup_ok else texts

    @fuzz(16)
    @given(texts=st.tuples(st.booleans(), *fields).map(setup_ok_or_not))
    def case(texts: list[str]) -> None:
        nonlocal cases
        cases += 1
        with sandbox() as base:
            asyncio.run(_drive(base, texts))

    case()
    print(
        f"\nfuzz: {cases} runs of the app's dialogs by Pilot (New game form {REACHED['setup']}, "
        f"Gain {REACHED['gain']}, unsaved-quit file name {REACHED['quit']}), no traceback"
    )
    assert REACHED["gain"] and REACHED["quit"], "the later dialogs were reached too"


@pytest.mark.parametrize("text", ["[/]", "'[/]'", "\x1b[2J"])
def test_a_number_field_shows_what_was_typed_as_text(text: str) -> None:
    """The message beside a number field repeats the bad text: never as markup."""
    from textual.widgets import Label

    from companion.ui.widgets.number_field import NumberField

    async def drive() -> None:
        from textual.app import App, ComposeResult

        class One(App[None]):
            def compose(self) -> ComposeResult:
                yield NumberField("VP", id="vp")

        app = One()
        async with app.run_test() as pilot:
            field = app.query_one(NumberField)
            field.input.value = text
            await pilot.pause()
            assert not field.check()
            shown = str(field.query_one(".number-message", Label).render())
            assert text.strip() in shown or repr(text.strip())[1:-1] in shown

    asyncio.run(drive())
