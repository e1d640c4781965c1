"""``stupor-solo serve`` without a browser: who may connect (the token on a network address,
the host and origin checks on loopback), the links and the QR code it prints, and ctrl+c
stopping the server and every app process it started."""

from __future__ import annotations

import asyncio
import io
import ipaddress
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import segno

from companion.cli import main
from companion.serve.access import (
    Access,
    HostError,
    is_loopback_host,
    lan_addresses,
    print_qr,
    urls,
)
from companion.storage.lock import DataLock
from tests.browser.served import Served, alive, children_of

# --- the rules ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.3.4.5", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.20", False),
        ("10.0.0.7", False),
    ],
)
def test_loopback_or_network(host: str, loopback: bool) -> None:
    assert is_loopback_host(host) is loopback
    assert (Access.for_host(host).token is None) is loopback


def test_a_host_that_cannot_be_found_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def nowhere(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(-2, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", nowhere)
    with pytest.raises(HostError, match="cannot be found"):
        is_loopback_host("table.lan")


def test_a_token_not_given_is_new_and_the_path_must_start_with_it() -> None:
    access = Access.for_host("0.0.0.0")
    assert access.token is not None and len(access.token) >= 22
    assert Access.for_host("0.0.0.0").token != access.token
    token = access.token
    assert access.path_allowed(f"/{token}/") and access.path_allowed(f"/{token}/ws")
    assert access.path_allowed(f"/{token}")
    for path in ("/", "/ws", f"/{token[:-1]}/", f"/x{token}/", f"/{token}x/", "/\udcff/", ""):
        assert not access.path_allowed(path), path


def test_loopback_accepts_only_loopback_host_names_and_its_own_pages() -> None:
    access = Access(None)
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000", "localhost"):
        assert access.host_allowed(host), host
    for other in ("evil.example:8000", "192.168.1.20:8000", "", None):
        assert not access.host_allowed(other), other
    assert access.origin_allowed(None, "127.0.0.1:8000")  # not a browser
    assert access.origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert not access.origin_allowed("http://evil.example", "127.0.0.1:8000")
    assert not access.origin_allowed("null", "127.0.0.1:8000")


def test_the_links_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    assert urls("127.0.0.1", 8000, Access(None)) == ([], "http://127.0.0.1:8000/")
    access = Access("T0K3N")
    assert urls("192.168.1.20", 8000, access) == (["http://192.168.1.20:8000/T0K3N/"], None)
    monkeypatch.setattr("companion.serve.access.lan_addresses", lambda: ["192.168.1.20"])
    assert urls("0.0.0.0", 8000, access) == (
        ["http://192.168.1.20:8000/T0K3N/"],
        "http://127.0.0.1:8000/T0K3N/",
    )


def test_the_network_addresses_found_are_never_loopback() -> None:
    found = lan_addresses()
    assert all(not ipaddress.ip_address(address).is_loopback for address in found)
    assert len(found) == len(set(found))


def _modules(drawn: str) -> list[list[int]]:
    """The modules (1 dark) a plain half-block QR drawing shows: two per character."""
    top = {" ": 1, "\u2580": 0, "\u2584": 1, "\u2588": 0}
    bottom = {" ": 1, "\u2580": 1, "\u2584": 0, "\u2588": 0}
    rows = []
    for line in drawn.splitlines():
        rows.append([top[c] for c in line])
        rows.append([bottom[c] for c in line])
    return rows


def test_the_qr_code_holds_the_link() -> None:
    url = "http://192.168.1.20:8000/abcdefghijklmnopqrstuv/"
    out = io.StringIO()
    print_qr(url, out)
    expected = [list(row) for row in segno.make(url, error="m").matrix_iter(border=4)]
    assert _modules(out.getvalue())[: len(expected)] == expected


def test_on_a_terminal_the_qr_code_is_black_on_white() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    print_qr("http://192.168.1.20:8000/x/", out)
    lines = out.getvalue().splitlines()
    assert all(line.endswith("\x1b[0m") for line in lines)
    assert "\x1b[97;107m\u2580" in lines[0]  # the quiet zone: white over white


def test_a_bad_port_is_a_usage_error(tmp_path: Path, capsys: Any) -> None:
    assert main(["serve", "--port", "70000", "--data-dir", str(tmp_path)]) == 2
    assert "--port must be between 0 and 65535" in capsys.readouterr().err


def test_a_port_in_use_is_said_plainly(tmp_path: Path, capsys: Any) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data-dir", str(tmp_path)]) == 1
    assert "the port is in use" in capsys.readouterr().err


# --- a real server --------------------------------------------------------------------------


def status(url: str, headers: dict[str, str] | None = None) -> int:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code


async def websocket_status(url: str, headers: dict[str, str] | None = None) -> int:
    """101 if the websocket opened (then closed at once), else the refusal's status."""
    async with aiohttp.ClientSession() as client:
        try:
            async with client.ws_connect(url, headers=headers or {}):
                return 101
        except aiohttp.WSServerHandshakeError as exc:
            return exc.status


@pytest.fixture
def on_network(tmp_path: Path) -> Any:
    server = Served(tmp_path / "data", host="0.0.0.0").start()
    yield server
    server.stop()


async def test_without_the_token_nothing_is_served_and_no_app_starts(on_network: Served) -> None:
    url = on_network.url  # http://127.0.0.1:PORT/<token>/ : traffic stays on loopback
    base = url[: url.rindex("/", 0, -1) + 1]
    token = url[len(base) : -1]
    for path in ("", "ws", "static/js/textual.js", f"{token[:-1]}/", "download/" + "0" * 32):
        assert status(base + path) == 403, path
    ws = base.replace("http", "ws")
    assert await websocket_status(ws + "ws") == 403
    assert await websocket_status(f"{ws}{token[:4]}/ws") == 403
    assert on_network.apps() == []
    assert status(url) == 200 and status(f"{url}static/js/textual.js") == 200
    with urllib.request.urlopen(url, timeout=10) as page:
        html = page.read().decode()
    assert f"/{token}/ws" in html and "fonts.googleapis" not in html
    assert page.headers["Referrer-Policy"] == "no-referrer"


def _token_of(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[1]


def test_the_link_lasts_across_restarts_until_a_new_token_is_asked(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    first = Served(folder, host="0.0.0.0").start()
    first.stop()
    again = Served(folder, host="0.0.0.0").start()
    try:
        assert _token_of(again.url) == _token_of(first.url)
        assert any("same as at the last start" in line for line in again.output), again.output
        assert status(again.url) == 200
    finally:
        again.stop()
    renewed = Served(folder, host="0.0.0.0", extra=("--new-token",)).start()
    try:
        assert _token_of(renewed.url) != _token_of(first.url)
        assert any("no longer work" in line for line in renewed.output), renewed.output
        old = renewed.url.replace(_token_of(renewed.url), _token_of(first.url))
        assert status(old) == 403
    finally:
        renewed.stop()


async def test_loopback_refuses_other_host_names_and_other_sites_websockets(
    tmp_path: Path,
) -> None:
    server = Served(tmp_path / "data").start()
    try:
        url = server.url
        assert status(url) == 200
        assert status(url, {"Host": "rebound.example"}) == 403  # DNS rebinding
        ws = url.replace("http", "ws") + "ws"
        assert await websocket_status(ws, {"Origin": "http://evil.example"}) == 403
        assert server.apps() == []
    finally:
        assert server.stop() == 0


async def test_ctrl_c_stops_the_server_and_every_app_cleanly(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    server = Served(folder).start()
    url = server.url.replace("http", "ws") + "ws?width=80&height=24"
    origin = server.url.rstrip("/")
    async with aiohttp.ClientSession() as client:
        first = await client.ws_connect(url, headers={"Origin": origin})
        second = await client.ws_connect(url, headers={"Origin": origin})
        for socket_ in (first, second):  # each app draws its first screen
            message = await socket_.receive(timeout=30)
            assert message.type == aiohttp.WSMsgType.BINARY
        apps = server.apps()
        assert len(apps) == 2
        holder = DataLock(folder)
        waited = time.monotonic() + 60  # one of them takes the data (once mounted)
        while (note := holder.holder_note()) is None and time.monotonic() < waited:
            await asyncio.sleep(0.05)
        assert note is not None and note[0] in apps
        assert server.stop() == 0  # ctrl+c (it fails if the server is not gone in time)
        await first.close()
        await second.close()
    assert not any(alive(pid) for pid in apps)
    assert children_of(server.pid) == []
    lock = DataLock(folder)
    assert lock.acquire()  # given back
    lock.release()
    assert "Stopping 2 apps" in "\n".join(server.output)
    assert server.output[-1].endswith("stopped.")


# --- the configuration file reaches every app process ---------------------------------------


def test_serve_hands_its_config_file_to_each_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.serve import CompanionServer

    seen: list[list[str]] = []

    async def run_once(self: CompanionServer, ready: Any, stop: Any = None) -> None:
        seen.append(self.app_argv())

    monkeypatch.setattr(CompanionServer, "run", run_once)
    config = tmp_path / "mine.toml"
    assert main(["--data-dir", str(tmp_path / "data"), "--config", str(config), "serve"]) == 0
    assert seen[0][-4:-2] == [str((tmp_path / "data").resolve()), str(config)]


# --- the language reaches every app process -------------------------------------------------


@pytest.mark.parametrize(
    ("options", "config_text", "language"),
    [
        (["--lang", "it"], "", "it"),
        ([], '[ui]\nlanguage = "de"\n', "de"),
        (["--lang", "fr"], '[ui]\nlanguage = "de"\n', "fr"),
    ],
)
def test_serve_hands_its_language_to_each_app(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    options: list[str],
    config_text: str,
    language: str,
) -> None:
    from companion.i18n import use_language
    from companion.serve import CompanionServer

    seen: list[list[str]] = []

    async def run_once(self: CompanionServer, ready: Any, stop: Any = None) -> None:
        seen.append(self.app_argv())

    monkeypatch.setattr(CompanionServer, "run", run_once)
    config = tmp_path / "mine.toml"
    config.write_text(config_text, encoding="utf-8")
    data = ["--data-dir", str(tmp_path / "data"), "--config", str(config)]
    try:
        assert main([*data, *options, "serve"]) == 0
    finally:
        use_language("en")
    assert seen[0][-2:] == ["--lang", language]


@pytest.mark.parametrize(("argv_language", "spoken"), [(["--lang", "it"], "it"), ([], "de")])
def test_the_app_process_speaks_the_language_it_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv_language: list[str], spoken: str
) -> None:
    from companion.i18n import _, current_language, use_language
    from companion.serve import app_process as serve_app
    from companion.ui.app import StuporSoloApp

    config = tmp_path / "mine.toml"
    config.write_text('[ui]\nlanguage = "de"\n', encoding="utf-8")
    heard: list[tuple[str, str]] = []
    monkeypatch.setattr(
        StuporSoloApp, "run", lambda self, **_k: heard.append((current_language(), _("New game")))
    )
    try:
        assert serve_app.main([str(tmp_path / "data"), str(config), *argv_language]) == 0
    finally:
        use_language("en")
    assert heard == [(spoken, {"it": "Nuova partita", "de": "Neue Partie"}[spoken])]
    assert serve_app.main([str(tmp_path / "data"), "--lang"]) == 2  # the option without a value


def test_the_app_process_reads_the_config_file_it_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.serve import app_process as serve_app
    from companion.ui.app import StuporSoloApp

    config = tmp_path / "mine.toml"
    config.write_text('theme = "nord"\n', encoding="utf-8")
    made: list[StuporSoloApp] = []
    monkeypatch.setattr(StuporSoloApp, "run", lambda self, **_: made.append(self))
    assert serve_app.main([str(tmp_path / "data"), str(config)]) == 0
    assert made[0].config.path == config and made[0].config.config.theme == "nord"
    assert serve_app.main([]) == 2  # a usage line, no app
    assert len(made) == 1
