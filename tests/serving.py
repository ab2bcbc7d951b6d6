"""A table server started by a test, on loopback: ``cardrules serve`` in a child process.

>>> with Server(tmp_path) as server:          # doctest: +SKIP
...     client = Client(server.url)
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import TracebackType

__all__ = ["Server", "free_port"]


def free_port() -> int:
    """A port of 127.0.0.1 free now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``cardrules serve`` over a SQLite file in ``folder`` (kept across restarts)."""

    def __init__(self, folder: Path, *args: str, database: str | None = None) -> None:
        self.database = database or f"sqlite:///{folder / 'tables.sqlite3'}"
        self.args = args
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> Server:
        self.starts += 1
        log = open(self.folder / f"server-{self.starts}.log", "wb")  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cardrules",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--database",
                self.database,
                "--allow-seed",
                "--log-level",
                "warning",
                *self.args,
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.url + "/protocol.json", timeout=2):
                    return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: {self.log()}") from None
                time.sleep(0.1)

    def log(self) -> str:
        return "\n".join(
            p.read_text(errors="replace") for p in sorted(self.folder.glob("server-*.log"))
        )

    def kill(self) -> None:
        """SIGKILL: the process ends at once, wherever it was."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(30)
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(30)
            self.process = None

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
