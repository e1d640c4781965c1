"""textual-serve's private names: how an app process is started, and which downloads
are under way (the names and signatures are in :mod:`.registry`).

textual-serve runs an app's command through a shell (``create_subprocess_shell``). The
data folder is part of that command, and a folder named ``My Games;echo hi`` must never
reach a shell. :class:`ExecAppService` starts the process with ``exec`` instead, and the
command textual-serve keeps is quoted for a shell anyway (``shlex.join``), so even a
future textual-serve that ran ``self.command`` some other way would read the same words.
"""

from __future__ import annotations

import asyncio
import shlex
from typing import Any

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager


class ExecAppService(AppService):
    """textual-serve's service of one app, started without a shell in a new session (a
    ctrl+c meant for the server does not reach it; the server stops it). Why private:
    ``AppService._open_app_process`` is the only place a service starts its process."""

    def __init__(self, argv: list[str], **kwargs: Any) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = list(argv)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        environment = self._build_environment(width=width, height=height)
        process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,
        )
        self._process = process
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def process(self) -> asyncio.subprocess.Process | None:
        """The app's process, once started (``None`` before)."""
        process: asyncio.subprocess.Process | None = self._process
        return process


def download_under_way(downloads: DownloadManager, key: str) -> bool:
    """Whether ``key`` names a download the app has started and the page may fetch. Why:
    textual-serve keeps its downloads by key privately and offers no lookup."""
    return key in downloads._active_downloads
