"""``stupor-solo serve``: the app in a browser, on textual-serve.

Each browser page that connects gets its own app process (``python -m
companion.serve.app_process FOLDER``), driven through textual-serve's
:class:`~textual_serve.app_service.AppService` over a websocket; the browser side is
textual-serve's own script and style sheet, served with a page of ours
(``page.html``: no font or anything else fetched from the internet, no ``Referer``).
Who may connect is :mod:`companion.serve.access`: the checks run in a middleware, before
any handler, so a refused request never starts a process.

A file the app hands to the browser (the command palette's screenshot) is fetched at
``/download/<key>``: the page's script builds that link without the token, so the key
stands in for it. It is a random 128-bit id the app made for that one file, and it is
refused (403) unless a download by that key is under way.

What differs from textual-serve's ``Server``: app processes are started without a shell
and in a session of their own (ctrl+c in the terminal reaches the server only; the server
then asks every app to quit, waits a little, and ends any still running); links are built
from the address the browser used, not the one the server listens on (``0.0.0.0`` is no
address for a phone); the number of app processes is bounded; a malformed message from a
page is ignored rather than logged as a crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import os
import re
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from urllib.parse import quote

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from companion.i18n import N_, _, current_language, ngettext
from companion.serve.access import Access
from companion.serve.page_words import spoken_page
from companion.ui.framework.serve_internals import ExecAppService, download_under_way

MAX_APPS = 8
"""App processes running at once; a page beyond that is refused (503)."""
STOP_SECONDS = 5.0
"""How long an app may take to quit when asked, before it is ended."""
REAP_SECONDS = 1.0
"""How long an app that quit may take to be collected before it is ended."""
MAX_MESSAGE = 64 * 1024
"""The largest websocket message a page may send (keys and sizes are a few bytes)."""
STATIC = Path(textual_serve.__file__).parent / "static"
FORBIDDEN = N_(
    "This address needs the link that 'stupor-solo serve' printed (with its access token)."
)
TAB_ID = re.compile(r"[A-Za-z0-9]{8,40}")
"""A tab's name as the page makes it (random letters and digits)."""
SESSION_ENDED = 4000
"""The close code when the app ended by itself: the page says the session ended."""
SERVER_RESTART = 1012
"""The close code when the server stops: the page tries to come back."""
DOWNLOAD_KEY = re.compile(r"[0-9a-f]{32}")
"""A delivery key as Textual makes it (``uuid4().hex``)."""
SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
}

log = logging.getLogger("stupor-solo.serve")


def _number(value: str | None, default: int, low: int, high: int) -> int:
    try:
        number = int(value) if value is not None else default
    except ValueError:
        number = default
    return max(low, min(high, number))


class AppProcess(ExecAppService):
    """One app process for one page: textual-serve's service, started without a shell
    (see :class:`~companion.ui.framework.serve_internals.ExecAppService`)."""

    @property
    def pid(self) -> int | None:
        """The app process's id, once started."""
        return self.process.pid if self.process is not None else None

    async def end(self) -> None:
        """Ask the app to quit and wait (bounded); end it if it does not."""
        with contextlib.suppress(TimeoutError, OSError, ConnectionError):
            await asyncio.wait_for(self.stop(), STOP_SECONDS)
        process = self.process
        if process is None:
            return
        with contextlib.suppress(TimeoutError):  # it quit: asyncio's watcher collects it
            await asyncio.wait_for(process.wait(), REAP_SECONDS)
        if process.returncode is None:
            # os.kill, not process.kill(): Popen.send_signal polls first, and a poll that
            # collects the exited app races asyncio's watcher, which then logs "Unknown
            # child process pid" on the server's terminal.
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGKILL)
            await process.wait()


@dataclass
class CompanionServer:
    """The web server of one ``serve`` run."""

    folder: Path
    host: str
    port: int
    access: Access
    font_size: int = 16
    say: Callable[[str], None] = print
    on_enter: Callable[[], None] | None = None
    """Called when Enter is pressed in the server's terminal (shows the link again)."""
    config: Path | None = None
    """The configuration file every app process reads (``--config``); ``None``: the
    environment's or the platform default, as in a terminal."""
    language: str | None = None
    """The language every app process speaks (``--lang``, else ``[ui] language``, as
    chosen for ``serve`` itself); ``None``: the app process chooses as in a terminal."""
    apps: set[AppProcess] = field(default_factory=set)
    tabs: dict[str, AppProcess] = field(default_factory=dict)
    """The app of each browser tab that named itself (see :meth:`websocket`)."""
    endings: set[asyncio.Future[None]] = field(default_factory=set)
    """Earlier apps being ended in the background (see :meth:`websocket`)."""
    stopping: bool = False
    downloads: DownloadManager = field(default_factory=DownloadManager)
    page: str = field(init=False, default="")
    _pages: dict[str, str] = field(init=False, default_factory=dict)
    """The page in each language asked for (made once)."""

    def __post_init__(self) -> None:
        self.page = resources.files("companion.serve").joinpath("page.html").read_text("utf-8")

    def spoken_page(self) -> str:
        """The page in the language the apps speak (``serve``'s own when not given)."""
        language = self.language or current_language()
        if language not in self._pages:
            self._pages[language] = spoken_page(self.page, language)
        return self._pages[language]

    def app_argv(self) -> list[str]:
        """The command of one app process."""
        argv = [sys.executable, "-m", "companion.serve.app_process", str(self.folder)]
        if self.config is not None:
            argv.append(str(self.config))
        return argv if self.language is None else [*argv, "--lang", self.language]

    # --- the web application ----------------------------------------------------------

    def make_app(self) -> web.Application:
        """The aiohttp application: the guard, the page, the websocket, the static files."""
        app = web.Application(middlewares=[self.guard], client_max_size=MAX_MESSAGE)
        prefix = self.access.prefix
        if prefix:
            app.router.add_get(prefix, self.to_page)
        app.router.add_get(f"{prefix}/", self.index)
        app.router.add_get(f"{prefix}/ws", self.websocket)
        app.router.add_static(f"{prefix}/static", STATIC, show_index=False)
        app.router.add_get("/download/{key}", self.download)
        return app

    def _download_allowed(self, path: str) -> bool:
        """``/download/<key>`` of a download under way (see the module)."""
        key = path.removeprefix("/download/")
        return (
            path.startswith("/download/")
            and DOWNLOAD_KEY.fullmatch(key) is not None
            and download_under_way(self.downloads, key)
        )

    @web.middleware
    async def guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Refuse (403) what :mod:`companion.serve.access` does not allow, before any
        handler runs; add the security headers to every answer."""
        access = self.access
        host = request.headers.get("Host")
        path_ok = access.path_allowed(request.path) or self._download_allowed(request.path)
        allowed = path_ok and access.host_allowed(host)
        if allowed and request.headers.get("Upgrade", "").lower() == "websocket":
            allowed = access.origin_allowed(request.headers.get("Origin"), host)
        if not allowed:
            response: web.StreamResponse = web.Response(status=403, text=_(FORBIDDEN))
        elif self.stopping:  # a page coming back must wait for the next start
            response = web.Response(status=503, text=_("The server is stopping."))
        else:
            try:
                response = await handler(request)
            except web.HTTPException as exc:
                response = exc
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    async def to_page(self, request: web.Request) -> web.StreamResponse:
        """``/<token>`` → ``/<token>/`` (the page's links are relative to it)."""
        raise web.HTTPFound(f"{self.access.prefix}/")

    async def index(self, request: web.Request) -> web.Response:
        """The page: the terminal, told where its websocket is (the address the browser
        used, so a phone gets the server's network address, never ``0.0.0.0``)."""
        scheme = "wss" if request.secure else "ws"
        socket_url = f"{scheme}://{request.host}{self.access.prefix}/ws"
        asked = request.query.get("fontsize")
        size = str(_number(asked, self.font_size, 8, 40)) if asked else ""
        text = (
            self.spoken_page()
            .replace("{{websocket_url}}", html.escape(socket_url, quote=True))
            .replace("{{font_size}}", size)
            .replace("{{default_font_size}}", str(self.font_size))
        )
        return web.Response(
            text=text, content_type="text/html", headers={"Cache-Control": "no-store"}
        )

    async def download(self, request: web.Request) -> web.StreamResponse:
        """Stream a file the app delivers (the guard has checked the key)."""
        key = request.match_info["key"]
        try:
            meta = await self.downloads.get_download_metadata(key)
        except KeyError:
            raise web.HTTPForbidden(text=_(FORBIDDEN)) from None
        response = web.StreamResponse()
        kind = meta.mime_type + (f"; charset={meta.encoding}" if meta.encoding else "")
        how = "inline" if meta.open_method == "browser" else "attachment"
        name = quote(meta.file_name, safe="")
        response.headers["Content-Type"] = kind
        response.headers["Content-Disposition"] = f"{how}; filename*=UTF-8''{name}"
        await response.prepare(request)
        async for chunk in self.downloads.download(key):
            await response.write(chunk)
        await response.write_eof()
        return response

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        """Start an app process for this page and relay between them until either ends.

        A page that comes back after its connection dropped names its tab (``tab``) and
        asks to resume (``resume=1``): the app this tab had is asked to end, and the new
        one starts at once (told which app to wait for: its imports overlap the earlier
        one's exit) and opens the saved game as soon as the data is free. Any other page
        of a tab that had an app (a reload) starts once that app has ended. The socket is
        closed with :data:`SESSION_ENDED` when the app ended by itself (quit, taken over:
        the page says so) and :data:`SERVER_RESTART` when the server stops (the page comes
        back)."""
        tab = request.query.get("tab", "")
        tab = tab if TAB_ID.fullmatch(tab) else ""
        earlier = self.tabs.get(tab) if tab else None
        resume = request.query.get("resume") == "1"
        after: list[str] = []
        if earlier is not None and resume and earlier.pid is not None:
            after = ["--after", str(earlier.pid)]
            self._ending(earlier)
        elif earlier is not None:
            await earlier.end()
        if len([app for app in self.apps if app is not earlier]) >= MAX_APPS:
            raise web.HTTPServiceUnavailable(text=_("Too many pages are open; close one."))
        width = _number(request.query.get("width"), 80, 20, 400)
        height = _number(request.query.get("height"), 24, 8, 200)
        socket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await socket.prepare(request)

        async def close() -> None:
            await socket.close(code=SERVER_RESTART if self.stopping else SESSION_ENDED)

        app = AppProcess(
            [*self.app_argv(), *(["--resume", *after] if resume else [])],
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            close=close,
            download_manager=self.downloads,
        )
        self.apps.add(app)
        if tab:
            self.tabs[tab] = app
        connected = (
            _("A page connected again from {address}: app started ({n} open).")
            if earlier is not None
            else _("A page connected from {address}: app started ({n} open).")
        )
        self.say(connected.format(address=request.remote, n=len(self.apps)))
        try:
            await app.start(width, height)
            await self.relay(socket, app)
        finally:
            await app.end()
            self.apps.discard(app)
            if tab and self.tabs.get(tab) is app:
                del self.tabs[tab]
            self.say(_("A page closed: its app stopped ({n} open).").format(n=len(self.apps)))
            await close()
        return socket

    def _ending(self, app: AppProcess) -> None:
        """End ``app`` in the background (the task is kept until it is done)."""
        task = asyncio.ensure_future(app.end())
        self.endings.add(task)
        task.add_done_callback(self.endings.discard)

    @staticmethod
    async def relay(socket: web.WebSocketResponse, app: AppProcess) -> None:
        """Pass the page's keys, size, focus and pings to the app; a message that is not
        one of those is ignored."""
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except (ValueError, RecursionError):  # not JSON, or nested to crash a parser
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                width = _number(str(data.get("width")), 80, 20, 400)
                height = _number(str(data.get("height")), 24, 8, 200)
                await app.set_terminal_size(width, height)
            elif kind == "ping" and isinstance(data, str) and len(data) <= 32:
                await socket.send_json(["pong", data])
            elif kind == "blur":
                await app.blur()
            elif kind == "focus":
                await app.focus()

    # --- running ----------------------------------------------------------------------

    async def stop_apps(self) -> None:
        """Ask every app to quit; end those that do not in time."""
        apps = list(self.apps)
        if apps:
            self.say(
                ngettext("Stopping {n} app…", "Stopping {n} apps…", len(apps)).format(n=len(apps))
            )
        await asyncio.gather(*(app.end() for app in apps), return_exceptions=True)

    async def run(self, ready: Callable[[int], None], stop: asyncio.Event | None = None) -> None:
        """Listen until ctrl+c (SIGINT) or SIGTERM, or until ``stop`` is set; then stop
        every app and close. ``ready`` gets the port listened on (useful with port 0)."""
        stop = stop or asyncio.Event()
        loop = asyncio.get_running_loop()
        for signal_number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signal_number, stop.set)
        runner = web.AppRunner(self.make_app(), access_log=None, shutdown_timeout=2.0)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host.strip("[]") or None, self.port)
            await site.start()
            ready(_bound_port(runner, self.port))
            listening = self._listen_for_enter(loop)
            await stop.wait()
            self.stopping = True
            if listening:
                loop.remove_reader(sys.stdin.fileno())
            await self.stop_apps()
        finally:
            await runner.cleanup()
            for signal_number in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    loop.remove_signal_handler(signal_number)

    def _listen_for_enter(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Call :attr:`on_enter` at each line typed in the server's terminal (only when
        standard input is a terminal); whether it listens."""
        on_enter = self.on_enter
        try:
            terminal = on_enter is not None and sys.stdin is not None and sys.stdin.isatty()
        except (OSError, ValueError):
            terminal = False
        if not terminal or on_enter is None:
            return False
        descriptor = sys.stdin.fileno()

        def typed() -> None:
            try:
                got = os.read(descriptor, 4096)
            except OSError:
                got = b""
            if not got:  # the terminal went away: stop listening
                loop.remove_reader(descriptor)
                return
            on_enter()

        loop.add_reader(descriptor, typed)
        return True


def _bound_port(runner: web.AppRunner, asked: int) -> int:
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            return int(address[1])
    return asked


def quiet_logs() -> None:
    """textual-serve and aiohttp report problems through logging: warnings and worse go
    to standard error, plainly, a malformed request in one short line and only a few a
    minute (:mod:`companion.serve.log_lines`)."""
    from companion.serve.log_lines import ShortLines, Throttle

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(ShortLines())
    handler.addFilter(Throttle())
    for name in ("textual-serve", "aiohttp", "stupor-solo.serve"):
        logger = logging.getLogger(name)
        logger.setLevel(logging.WARNING)
        logger.addHandler(handler)
        logger.propagate = False
    os.environ.pop("TEXTUAL", None)  # no devtools in the app processes
