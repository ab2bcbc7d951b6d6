"""The table server the tests start on loopback: :class:`cardrules.server.testing.Server`,
with seeds allowed (the tests deal known hands)."""

from __future__ import annotations

from pathlib import Path

from cardrules.server import testing
from cardrules.server.testing import free_port

__all__ = ["Server", "free_port"]


class Server(testing.Server):
    def __init__(self, folder: Path, *args: str, database: str | None = None) -> None:
        super().__init__(folder, *args, database=database, allow_seed=True)
