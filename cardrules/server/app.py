"""The table server as an ASGI application (Starlette), served by ``cardrules serve``.

HTTP:

- ``GET /``: the browser table (plain HTML and JavaScript, in ``static/``).
- ``GET /profiles``: the installed profiles, their players and the options a table
  of each may set (:class:`~cardrules.server.messages.ProfileInfo`).
- ``POST /tables``: create a table (:class:`~cardrules.server.messages.CreateTable`);
  201 with :class:`~cardrules.server.messages.TableCreated`.
- ``POST /tables/{id}/claim``: an invitation exchanged, once, for its seat's token
  (:class:`~cardrules.server.messages.ClaimSeat`,
  :class:`~cardrules.server.messages.SeatClaimed`).
- ``GET /tables/{id}``: :class:`~cardrules.server.messages.TableInfo`.
- ``GET /tables/{id}/record``: the library's JSON record, once the game is over
  (409 before: it holds every hand).
- ``GET /protocol.json``: the JSON Schema of every message.

WebSocket ``/tables/{id}/ws``: see :mod:`cardrules.server.messages`.  Each socket
may send ``rate`` messages a second (bursts of ``burst``); the rest are dropped
with a ``flood`` error, and a socket that keeps flooding is closed.  A socket
that cannot keep up with its views is closed too (its client reconnects and
resumes).  A refused or dropped message never changes a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules.errors import CardrulesError, IllegalAction
from cardrules.server.messages import (
    MAX_MESSAGE_BYTES,
    Accepted,
    Act,
    ClaimSeat,
    CreateTable,
    ErrorMessage,
    Join,
    Refused,
    client_message,
    schemas,
)
from cardrules.server.store import DEFAULT_DATABASE, Store
from cardrules.server.tables import Hub, ServerError, Table, Watcher, profile_info

__all__ = ["create_app"]

log = logging.getLogger("cardrules.server")

#: The largest ``POST /tables`` body read.
MAX_BODY_BYTES = 16_384
#: The largest ``POST /tables/{id}/claim`` body read.
MAX_CLAIM_BYTES = 1024
#: Messages queued for a socket that reads them slower than they come, before it is
#: closed (more than a burst of answers), and the characters they may hold in all
#: (a few dozen views with pictures).
MAX_QUEUED = 256
MAX_QUEUED_CHARS = 1 << 20
#: Messages dropped for flooding before the socket is closed.
MAX_DROPPED = 200
#: The page's own files only: no inline script, no other site (the deal's picture is
#: the one thing it inserts as markup).
PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
}
#: Seconds a socket has to send its ``join``.
JOIN_SECONDS = 30.0
#: Seconds a socket's close (or the last messages before it) may take; past that the
#: server lets go of it.
CLOSE_SECONDS = 5.0
#: The HTTP status of each error code a route answers (400 for the others).
HTTP_STATUS = {
    "unknown-table": 404,
    "bad-invite": 409,
    "quarantined": 409,
    "busy": 503,
    "unavailable": 503,
}


def _error(code: str, message: str) -> str:
    return ErrorMessage(code=code, message=message).model_dump_json()


def _http_error(code: str, message: str, status: int, retry_after: float | None = None) -> Response:
    headers = None if retry_after is None else {"Retry-After": str(max(1, round(retry_after)))}
    return Response(
        _error(code, message), status_code=status, media_type="application/json", headers=headers
    )


async def _read_body(request: Request, limit: int) -> bytes | Response:
    """A request's body, at most ``limit`` bytes (else the 413 to answer); a client that
    leaves mid-body gets one log line, no traceback."""
    from starlette.requests import ClientDisconnect

    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                return _http_error("too-large", f"the body is over {limit} bytes", 413)
    except ClientDisconnect:  # nobody to answer
        declared = request.headers.get("content-length", "?")
        log.info(
            "%s %s: the client left after %d of %s bytes",
            request.method,
            request.url.path,
            len(body),
            declared,
        )
        return Response(status_code=400)
    return body


def _server_error(exc: ServerError) -> Response:
    return _http_error(exc.code, exc.message, HTTP_STATUS.get(exc.code, 400), exc.retry_after)


def _validation_text(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors()[:3]:
        where = ".".join(str(x) for x in error["loc"]) or "message"
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts)


class _Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class _Sender:
    """A socket's outgoing messages, in order, from a bounded queue of their own, written
    by a task of their own: :meth:`send` never waits, so no table waits on a socket.
    A socket whose queue is full (a reader too slow, or none) is dropped with 1013:
    its close runs in the background, bounded in time, and the socket's handler
    stops reading it (:attr:`dropped`)."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(MAX_QUEUED)
        self.queued = 0  # characters queued
        self.dropped = asyncio.Event()
        #: The code the socket is closed with once its handler ends.
        self.code = 1000
        self.reason = ""
        loop = asyncio.get_running_loop()
        self.task = loop.create_task(self._write())
        self._closing: asyncio.Task[None] | None = None

    def send(self, text: str) -> None:
        """Queue ``text``; drop the socket if its queue is full."""
        if self.dropped.is_set():
            return
        if self.queued + len(text) > MAX_QUEUED_CHARS or self.queue.full():
            log.warning(
                "a socket of %s is dropped (1013): %d messages (%d characters) unread",
                self.ws.url.path,
                self.queue.qsize(),
                self.queued,
            )
            self.drop(1013, "too slow: reconnect to resume")
            return
        self.queue.put_nowait(text)
        self.queued += len(text)

    def drop(self, code: int, reason: str) -> None:
        """Stop writing, and close the socket in the background."""
        if self.dropped.is_set():
            return
        self.dropped.set()
        self.task.cancel()
        self._closing = asyncio.get_running_loop().create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(self.ws.close(code=code, reason=reason), CLOSE_SECONDS)

    async def _write(self) -> None:
        with contextlib.suppress(Exception):
            while (text := await self.queue.get()) is not None:
                self.queued -= len(text)
                await self.ws.send_text(text)

    def close_with(self, code: int, reason: str) -> None:
        """Close with ``code`` once what is queued is sent (when the handler ends)."""
        self.code, self.reason = code, reason

    async def finish(self) -> None:
        """Send what is queued (for a few seconds at most), then close the socket."""
        if not self.dropped.is_set():
            try:
                self.queue.put_nowait(None)
            except asyncio.QueueFull:
                self.task.cancel()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self.task, CLOSE_SECONDS)
            self.drop(self.code, self.reason)
        if self._closing is not None:
            with contextlib.suppress(BaseException):
                await self._closing

    async def receive(self, timeout: float | None) -> dict[str, Any] | None:
        """The socket's next message, or None once the socket is dropped; raises
        ``TimeoutError`` after ``timeout`` seconds."""
        if self.dropped.is_set():
            return None
        reading = asyncio.ensure_future(self.ws.receive())
        dropping = asyncio.ensure_future(self.dropped.wait())
        try:
            done, _ = await asyncio.wait(
                {reading, dropping}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            dropping.cancel()
        if reading in done:
            return dict(reading.result())
        reading.cancel()
        with contextlib.suppress(BaseException):
            await reading
        if not done:
            raise TimeoutError
        return None


def create_app(
    database: str = DEFAULT_DATABASE,
    *,
    allow_seed: bool = False,
    bot_delay: float = 0.0,
    rate: float = 50.0,
    burst: int = 100,
    max_tables: int = 1000,
    max_lag: float = 0.5,
    bot_processes: int | None = None,
) -> Starlette:
    """The server's application over ``database`` (a SQLAlchemy URL).

    ``allow_seed`` lets ``POST /tables`` choose the seed (tests only: whoever picks
    it can know every hand); ``bot_delay`` seconds pass before each bot's action
    (so that a person can follow them); ``rate``/``burst`` bound each socket's
    messages; ``max_tables`` and ``max_lag`` (seconds the event loop may run late)
    bound what the server takes on: past them ``POST /tables`` answers 503 with
    ``Retry-After``; ``mc`` bots think in ``bot_processes`` processes (by default
    one less than the cores).
    """
    state: dict[str, Hub] = {}
    listing: dict[str, bytes] = {}

    def hub() -> Hub:
        return state["hub"]

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, database)
        state["hub"] = Hub(
            store,
            allow_seed=allow_seed,
            bot_delay=bot_delay,
            max_tables=max_tables,
            max_lag=max_lag,
            bot_processes=bot_processes,
        )
        resumed = await hub().resume()
        log.info(
            "cardrules server: %d table(s) resumed from %s%s",
            resumed,
            store.engine.url.render_as_string(hide_password=True),
            f", {len(hub().quarantined)} quarantined" if hub().quarantined else "",
        )
        try:
            yield
        finally:
            await hub().close()
            store.close()

    async def index(_request: Request) -> Response:
        page = resources.files("cardrules.server").joinpath("static/index.html")
        return HTMLResponse(page.read_text(encoding="utf-8"), headers=PAGE_HEADERS)

    async def profiles(_request: Request) -> Response:
        if "profiles" not in listing:  # the profiles installed do not change while it runs
            from cardrules.profile.registry import profile_paths

            infos = [profile_info(name).model_dump() for name in sorted(profile_paths())]
            listing["profiles"] = bytes(JSONResponse(infos).body)
        return Response(listing["profiles"], media_type="application/json")

    async def protocol(_request: Request) -> Response:
        return JSONResponse(schemas())

    async def create(request: Request) -> Response:
        body = await _read_body(request, MAX_BODY_BYTES)
        if isinstance(body, Response):
            return body
        try:
            created = await hub().create(CreateTable.model_validate_json(body))
        except ValidationError as exc:
            return _http_error("malformed", _validation_text(exc), 400)
        except ServerError as exc:
            return _server_error(exc)
        except CardrulesError as exc:
            return _http_error("invalid", str(exc), 400)
        return JSONResponse(created.model_dump(), status_code=201)

    async def claim(request: Request) -> Response:
        body = await _read_body(request, MAX_CLAIM_BYTES)
        if isinstance(body, Response):
            return body
        try:
            invite = ClaimSeat.model_validate_json(body).invite
            table = await hub().table(request.path_params["table"])
            claimed = await hub().claim(table, invite)
        except ValidationError as exc:
            return _http_error("malformed", _validation_text(exc), 400)
        except ServerError as exc:
            return _server_error(exc)
        return JSONResponse(claimed.model_dump(), headers={"Cache-Control": "no-store"})

    async def info(request: Request) -> Response:
        try:
            table = await hub().table(request.path_params["table"])
        except ServerError as exc:
            return _server_error(exc)
        # What is stored, read without the table's lock: never an action being stored,
        # and never a wait on the store.
        return JSONResponse(table.info().model_dump())

    async def record(request: Request) -> Response:
        try:
            table = await hub().table(request.path_params["table"])
        except ServerError as exc:
            return _server_error(exc)
        async with table.lock:
            if not table.finished:
                return _http_error("unavailable", "the record is given once the game is over", 409)
            return Response(table.game.to_json(), media_type="application/json")

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        sender = _Sender(ws)
        watcher: Watcher | None = None
        table: Table | None = None
        try:
            table = await hub().table(ws.path_params["table"])
            watcher = await _serve_socket(ws, sender, hub(), table, rate, burst)
        except ServerError as exc:
            sender.send(_error(exc.code, exc.message))
        except WebSocketDisconnect:
            pass
        finally:
            if table is not None and watcher is not None:
                table.watchers.discard(watcher)
                hub().release(table)
            await sender.finish()

    routes: list[Any] = [
        Route("/", index),
        Route("/profiles", profiles),
        Route("/protocol.json", protocol),
        Route("/tables", create, methods=["POST"]),
        Route("/tables/{table}/claim", claim, methods=["POST"]),
        Route("/tables/{table}", info),
        Route("/tables/{table}/record", record),
        WebSocketRoute("/tables/{table}/ws", socket),
        Mount(
            "/static",
            StaticFiles(directory=str(resources.files("cardrules.server").joinpath("static"))),
        ),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


async def _serve_socket(
    ws: WebSocket, sender: _Sender, hub: Hub, table: Table, rate: float, burst: int
) -> Watcher | None:
    """Read a socket's messages until it closes or is dropped; the watcher it joined as."""
    bucket = _Bucket(rate, burst)
    watcher: Watcher | None = None
    dropped = 0
    flood_told = 0.0
    opened = time.monotonic()
    while True:
        timeout = (
            None if watcher is not None else max(0.1, JOIN_SECONDS - (time.monotonic() - opened))
        )
        try:
            message = await sender.receive(timeout)
        except TimeoutError:
            sender.send(_error("not-joined", f"no join within {JOIN_SECONDS:g} seconds"))
            return watcher
        if message is None or message["type"] == "websocket.disconnect":
            return watcher
        if not bucket.take():
            dropped += 1
            if dropped > MAX_DROPPED:
                sender.send(_error("flood", "too many messages: the socket is closed"))
                sender.close_with(1008, "flood")
                return watcher
            if time.monotonic() - flood_told > 1.0:
                flood_told = time.monotonic()
                sender.send(_error("flood", f"more than {rate:g} messages a second: dropped"))
            continue
        text = message.get("text")
        if text is None:
            sender.send(_error("malformed", "messages are JSON text, not binary"))
            continue
        if len(text) > MAX_MESSAGE_BYTES or len(text.encode()) > MAX_MESSAGE_BYTES:
            sender.send(
                _error("too-large", f"a message is at most {MAX_MESSAGE_BYTES} bytes: dropped")
            )
            continue
        try:
            parsed = client_message(text)
        except ValidationError as exc:
            sender.send(_error("malformed", _validation_text(exc)))
            continue
        if isinstance(parsed, Join):
            if watcher is not None:
                sender.send(_error("already-joined", "this socket has joined already"))
                continue
            try:
                seat = None if parsed.token is None else table.seat_of(parsed.token)
            except ServerError as exc:
                sender.send(_error(exc.code, exc.message))
                sender.close_with(1008, exc.code)
                return None
            watcher = Watcher(seat=seat, pictures=parsed.pictures, send=sender.send)
            async with table.lock:  # after any action being stored: it comes by broadcast
                table.watchers.add(watcher)
                sender.send(table.message(seat, parsed.pictures))
        elif isinstance(parsed, Act):
            await _act(sender, hub, table, watcher, parsed)


async def _act(sender: _Sender, hub: Hub, table: Table, watcher: Watcher | None, act: Act) -> None:
    if watcher is None:
        sender.send(_error("not-joined", "send a join message first"))
        return
    if watcher.seat is None:
        sender.send(_error("spectator", "a spectator cannot act"))
        return
    try:
        text = await hub.act(table, watcher.seat, act.action, act.seq)
    except IllegalAction as exc:
        refused = Refused(seq=table.seq, action=act.action, rule=exc.rule, message=str(exc))
        sender.send(refused.model_dump_json())
    except CardrulesError as exc:  # an action that does not read
        refused = Refused(seq=table.seq, action=act.action, rule="", message=str(exc))
        sender.send(refused.model_dump_json())
    except ServerError as exc:
        sender.send(_error(exc.code, exc.message))
    else:
        sender.send(Accepted(seq=act.seq + 1, action=text).model_dump_json())
