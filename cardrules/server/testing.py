"""A table server in a child process, for an app's tests (and ours): ``cardrules serve``
on a free port of 127.0.0.1, over a SQLite file in a folder of the caller's, kept
across restarts (``kill`` then ``start`` resumes its tables)::

    from cardrules.client import Client
    from cardrules.server.testing import Server

    with Server(tmp_path, "--bot-delay", "0.1") as server:
        client = Client(server.url)
        ...
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
    """``cardrules serve`` with ``args`` (``--bot-delay 0.1``...), over ``database`` (a
    SQLAlchemy URL; by default ``tables.sqlite3`` in ``folder``, where the server's logs
    go too, one file a start).  ``allow_seed``: tables may choose their seed."""

    def __init__(
        self,
        folder: Path,
        *args: str,
        database: str | None = None,
        allow_seed: bool = False,
    ) -> None:
        self.folder = Path(folder)
        self.path = self.folder / "tables.sqlite3"
        self.database = database or f"sqlite:///{self.path}"
        self.args = (*args, "--allow-seed") if allow_seed else args
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def ws(self, table: str) -> str:
        """The address of a table's socket."""
        return f"ws://127.0.0.1:{self.port}/tables/{table}/ws"

    def start(self, timeout: float = 60.0) -> Server:
        """Start the process and wait until it answers."""
        self.starts += 1
        with open(self.folder / f"server-{self.starts:04d}.log", "wb") as log:
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
                    "--log-level",
                    "warning",
                    *self.args,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(self.url + "/protocol.json", timeout=2):
                    return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start:\n{self.log()}") from None
                time.sleep(0.05)

    def log(self) -> str:
        """Everything the server printed, start after start."""
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
        """SIGTERM (uvicorn closes the sockets and the store), SIGKILL after 30 s."""
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
