"""The table server's connections: uvicorn's own HTTP and WebSocket protocols, with the
limits uvicorn has no setting for.

uvicorn serves HTTP/1.1 with h11 (``H11Protocol``: httptools is not part of the
``server`` extra) and WebSockets with websockets' Sans-I/O protocol
(``WebSocketsSansIOProtocol``, its choice when websockets is installed).  ``cardrules
serve`` gives them the settings they have (``h11_max_incomplete_event_size``,
``timeout_keep_alive``, ``ws_max_size``, ``ws_ping_interval``); :class:`Limits` holds
the rest, which the two subclasses here apply:

:class:`HTTPProtocol`
    - a request's head (its request line and header fields) must arrive within
      ``header_timeout`` seconds of the connection, or of the request's first byte, or
      the connection is closed (uvicorn times only the wait between two requests);
    - a head over h11's ``max_incomplete_event_size`` is answered 431 even when it is
      complete (h11 measures a head only while it is incomplete, so one that comes in
      a single read passes at any size; uvicorn answers 400 where h11 suggests 431).

:class:`WebSocketProtocol`
    - ping and pong frames spend a budget of their own, ``control_rate`` a second in
      bursts of ``control_burst``: websockets answers each ping itself, so they never
      reach the app's rate limit.  A socket past its budget is closed with 1008;
    - what a socket sends is parsed :data:`READ_SLICE` bytes at a time, never past a
      message the app has not taken yet (uvicorn stops *reading* after a message, but
      parses the whole of a read first: 256 KiB can hold over 40,000 frames);
    - the app's sends wait while more than ``write_high`` bytes are queued for the
      socket (uvicorn); a socket that stays past that mark for ``write_timeout``
      seconds, or whose pongs would queue past ``max_write_buffer`` bytes, is dropped,
      its queue with it; so is one that is still there ``write_timeout`` seconds after
      it was closed (closing waits for what is queued to leave, and a peer that reads
      nothing would keep it, and its queue, for ever);
    - a text message that is not UTF-8 closes the socket with 1007 and one log line
      (uvicorn logs a traceback).

So what one WebSocket may make the server hold, besides its objects, is bounded:
one read not yet parsed (256 KiB, asyncio's read size), the frames of one slice
(4 KiB), a message being put together (``ws_max_size``, 64 KiB), and
``max_write_buffer`` bytes queued for writing (256 KiB) plus the one message that
crossed ``write_high``: under 1 MiB with the defaults.  And a peer that stops reading
is gone ``ws_ping_interval`` + ``ws_ping_timeout`` + ``write_timeout`` seconds later
at most (60 with the defaults): it answers no keepalive ping, so it is closed, then
dropped.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar, cast

import h11
from h11._connection import DEFAULT_MAX_INCOMPLETE_EVENT_SIZE
from uvicorn._types import ASGIReceiveEvent, ASGISendEvent
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import CloseCode, Frame

from cardrules.server.limits import Limits

__all__ = ["READ_SLICE", "HTTPProtocol", "Limits", "WebSocketProtocol", "protocols"]

#: Bytes of a socket's input parsed at a time.
READ_SLICE = 4096
#: The status h11 suggests for a head too large.
_TOO_LARGE = 431


# -- HTTP ------------------------------------------------------------------------------


class _Connection(h11.Connection):
    """h11's connection, refusing a head over ``max_incomplete_event_size`` bytes when it
    is complete too, and keeping the status its last refusal suggests."""

    def __init__(self, max_head: int) -> None:
        super().__init__(h11.SERVER, max_head)
        self.max_head = max_head
        self.refusal_status = 400

    def next_event(self) -> h11.Event | type[h11.NEED_DATA] | type[h11.PAUSED]:
        try:
            event = super().next_event()
        except h11.RemoteProtocolError as exc:
            self.refusal_status = exc.error_status_hint
            raise
        if isinstance(event, h11.Request) and _head_size(event) > self.max_head:
            self.refusal_status = _TOO_LARGE
            raise h11.RemoteProtocolError("request header fields too large", _TOO_LARGE)
        return event


def _head_size(request: h11.Request) -> int:
    fields = sum(len(name) + len(value) + 4 for name, value in request.headers.raw_items())
    return len(request.method) + len(request.target) + fields


class HTTPProtocol(H11Protocol):
    """uvicorn's h11 protocol with a timeout and a size cap on each request's head."""

    limits: ClassVar[Limits] = Limits()
    conn: _Connection

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        size = config.h11_max_incomplete_event_size
        self.conn = _Connection(size or DEFAULT_MAX_INCOMPLETE_EVENT_SIZE)
        self.head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.head_timer = self.loop.call_later(self.limits.header_timeout, self._head_timed_out)

    def data_received(self, data: bytes) -> None:
        if self.head_timer is None and self.conn.their_state is h11.IDLE:
            self.head_timer = self.loop.call_later(self.limits.header_timeout, self._head_timed_out)
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the head is in (or refused)
            self._cancel_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def _cancel_head_timer(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _head_timed_out(self) -> None:
        self.head_timer = None
        if not self.transport.is_closing():
            self.conn.send(h11.ConnectionClosed())
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """Answer a request h11 refused: 431 for a head too large, 400 as uvicorn does for
        the rest."""
        if self.conn.refusal_status != _TOO_LARGE:
            super().send_400_response(msg)
            return
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")]
        events: list[h11.Event] = [
            h11.Response(
                status_code=_TOO_LARGE, headers=headers, reason=b"Request Header Fields Too Large"
            ),
            h11.Data(data=b"request header fields too large"),
            h11.EndOfMessage(),
        ]
        self.transport.write(b"".join(self.conn.send(event) or b"" for event in events))
        self.transport.close()


# -- WebSocket -------------------------------------------------------------------------


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets (Sans-I/O) protocol with a budget for control frames, bounded
    input and output, and no traceback for text that is not UTF-8."""

    limits: ClassVar[Limits] = Limits()

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.unparsed = bytearray()
        self.control_tokens = float(self.limits.control_burst)
        self.control_at = self.loop.time()
        self.stall_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.transport.set_write_buffer_limits(high=self.limits.write_high)

    def connection_lost(self, exc: Exception | None) -> None:
        self.unparsed.clear()
        if self.stall_timer is not None:
            self.stall_timer.cancel()
            self.stall_timer = None
        super().connection_lost(exc)

    # Input: a slice at a time, not past a message the app has not taken.

    def data_received(self, data: bytes) -> None:
        self.unparsed += data
        self._parse()

    def _parse(self) -> None:
        while self.unparsed and not self.read_paused and not self.transport.is_closing():
            piece = bytes(self.unparsed[:READ_SLICE])
            del self.unparsed[:READ_SLICE]
            super().data_received(piece)

    async def receive(self) -> ASGIReceiveEvent:
        message = await super().receive()
        self._parse()  # the app took every message: the rest of the last read
        return message

    async def send(self, message: ASGISendEvent) -> None:
        await super().send(message)
        self._parse()  # after a close, until the peer's own close frame

    # Control frames: a budget.

    def handle_ping(self) -> None:
        if self._spend_control():
            super().handle_ping()
            if self.transport.get_write_buffer_size() > self.limits.max_write_buffer:
                self._drop("does not read its pongs")

    def handle_pong(self, event: Frame) -> None:
        if self._spend_control():
            super().handle_pong(event)

    def _spend_control(self) -> bool:
        """Whether a control frame is within the budget (past it, the socket is closed)."""
        if self.close_sent or self.transport.is_closing():
            return False
        now = self.loop.time()
        self.control_tokens = min(
            self.limits.control_burst,
            self.control_tokens + (now - self.control_at) * self.limits.control_rate,
        )
        self.control_at = now
        if self.control_tokens >= 1:
            self.control_tokens -= 1
            return True
        self._fail(CloseCode.POLICY_VIOLATION, "too many pings")
        return False

    # Text that is not UTF-8: one line, 1007.

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self._fail(CloseCode.INVALID_DATA, "invalid UTF-8")
                return
        super().send_receive_event_to_app()

    # Output: a socket that does not read is dropped.

    def pause_writing(self) -> None:
        super().pause_writing()
        self._drop_later()

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.stall_timer is not None:
            self.stall_timer.cancel()
            self.stall_timer = None

    # Ends.

    def _fail(self, code: int, reason: str) -> None:
        """Close the socket with ``code``, one log line, and parse nothing more of it."""
        self._log(f"{reason}: closed ({int(code)})")
        self.conn.fail(code, reason)
        if self.conn.close_sent is None:  # still in the handshake: no close frame to send
            self.queue.put_nowait({"type": "websocket.disconnect", "code": 1006})
            self.close_sent = True
            self.transport.close()
        else:
            self.handle_parser_exception()
        self._drop_later()

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()  # closes: after what is queued, which may never leave
        self._drop_later()

    def _drop_later(self) -> None:
        """Drop the connection in ``write_timeout`` seconds unless its queue drains."""
        if self.stall_timer is None:
            self.stall_timer = self.loop.call_later(
                self.limits.write_timeout, self._drop, "does not read"
            )

    def _drop(self, why: str) -> None:
        """Drop the connection and what is queued for it."""
        self.stall_timer = None
        if not self.transport.is_closing() or self.transport.get_write_buffer_size():
            self._log(f"{why}: dropped")
            self.transport.abort()

    def _log(self, text: str) -> None:
        where = "{}:{} - ".format(*self.client) if self.client else ""
        self.logger.info("%sWebSocket %s", where, text)


def protocols(limits: Limits) -> tuple[type[HTTPProtocol], type[WebSocketProtocol]]:
    """uvicorn's ``http=`` and ``ws=`` for ``limits``."""
    namespace = {"limits": limits, "__module__": __name__}
    http = type("HTTPProtocol", (HTTPProtocol,), namespace)
    ws = type("WebSocketProtocol", (WebSocketProtocol,), namespace)
    return cast("type[HTTPProtocol]", http), cast("type[WebSocketProtocol]", ws)
