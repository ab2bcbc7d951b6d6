"""What one connection may cost the table server: the settings of
:mod:`cardrules.server.transport`, in a module of their own so that ``cardrules serve``
can show their defaults without the server extra installed."""

from __future__ import annotations

import dataclasses

__all__ = ["Limits"]


@dataclasses.dataclass(frozen=True, slots=True)
class Limits:
    """What one connection may cost the server, beyond uvicorn's own settings."""

    #: Seconds a connection has to send a request's head.
    header_timeout: float = 10.0
    #: Bytes of a request's head (request line and header fields), at most: uvicorn's
    #: ``h11_max_incomplete_event_size`` (16 KiB is h11's default).
    max_head: int = 16_384
    #: Ping and pong frames a second a WebSocket may send...
    control_rate: float = 50.0
    #: ...and at once.
    control_burst: int = 100
    #: Bytes queued for a socket past which the app's sends wait (asyncio's high-water
    #: mark; 64 KiB is asyncio's default).
    write_high: int = 65_536
    #: Seconds a socket may stay past ``write_high`` before it is dropped.
    write_timeout: float = 20.0
    #: Bytes queued for a socket past which a pong drops it.
    max_write_buffer: int = 262_144
