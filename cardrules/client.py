"""A small Python client of the table server (``cardrules serve``), blocking and
simple: what the tests and the load figures use, and a model for clients in other
languages (the messages are in ``docs/protocol.rst``).

Needs the server extra (``websockets``)::

    from cardrules.client import Client

    client = Client("http://127.0.0.1:8000")
    table = client.create_table("callbreak-strict", ["human", "bot:mc", "bot:rule", "bot:rule"])
    seat = client.join(table["table"], table["tokens"]["0"])
    while seat.wait_turn()["view"]["phase"] != "finished":
        answer = seat.act(seat.view["legal"][0])   # "accepted", "refused" or "error"
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from cardrules.errors import CardrulesError

__all__ = ["Client", "ClientError", "Seat"]


class ClientError(CardrulesError):
    """The server refused a request: ``status`` (HTTP) and ``code`` (the protocol's)."""

    def __init__(self, message: str, *, status: int = 0, code: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.code = code


class Client:
    """The HTTP side of a server at ``url`` (``http://host:port``)."""

    def __init__(self, url: str = "http://127.0.0.1:8000", *, timeout: float = 30.0) -> None:
        self.url = url.rstrip("/")
        self.timeout = timeout

    def _request(self, method: str, path: str, body: object = None) -> bytes:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return bytes(response.read())
        except urllib.error.HTTPError as exc:
            text = exc.read().decode(errors="replace")
            try:
                doc = json.loads(text)
                message, code = doc.get("message", text), doc.get("code", "")
            except (ValueError, AttributeError):
                message, code = text, ""
            raise ClientError(
                f"{method} {path}: {exc.code}: {message}", status=exc.code, code=code
            ) from None

    def profiles(self) -> list[dict[str, Any]]:
        """The server's profiles: name, title, players, deals, direction, and the options a
        table of each may set (name, type, default, choices, range, description, rule)."""
        result: list[dict[str, Any]] = json.loads(self._request("GET", "/profiles"))
        return result

    def create_table(
        self,
        profile: str,
        seats: list[str],
        *,
        options: dict[str, Any] | None = None,
        deals: int | None = None,
        seed: int | None = None,
        bot_delay: float | None = None,
    ) -> dict[str, Any]:
        """A new table: ``{"table", "profile", "players", "seats", "tokens", "invites"}``
        (``bot_delay``: seconds its bots wait before each action; by default the
        server's)."""
        body: dict[str, Any] = {"profile": profile, "seats": seats, "options": options or {}}
        if deals is not None:
            body["deals"] = deals
        if bot_delay is not None:
            body["bot_delay"] = bot_delay
        if seed is not None:
            body["seed"] = seed
        result: dict[str, Any] = json.loads(self._request("POST", "/tables", body))
        return result

    def claim(self, table_id: str, invite: str) -> dict[str, Any]:
        """Exchange a seat's invitation (``create_table(...)["invites"]``) for its token,
        once: ``{"table", "seat", "token"}``; a second claim raises ``bad-invite``."""
        quoted = urllib.parse.quote(table_id, safe="")
        result: dict[str, Any] = json.loads(
            self._request("POST", f"/tables/{quoted}/claim", {"invite": invite})
        )
        return result

    def table(self, table_id: str) -> dict[str, Any]:
        """What anyone may know of a table (profile, seats, seq, phase, finished)."""
        result: dict[str, Any] = json.loads(
            self._request("GET", f"/tables/{urllib.parse.quote(table_id, safe='')}")
        )
        return result

    def record(self, table_id: str) -> str:
        """The finished game's record (the library's JSON: ``Game.from_json`` reads it)."""
        quoted = urllib.parse.quote(table_id, safe="")
        return self._request("GET", f"/tables/{quoted}/record").decode()

    def join(self, table_id: str, token: str | None = None, *, pictures: bool = False) -> Seat:
        """A socket joined as the token's seat (no token: a spectator)."""
        ws_url = "ws" + self.url[len("http") :] if self.url.startswith("http") else self.url
        quoted = urllib.parse.quote(table_id, safe="")
        seat = Seat(f"{ws_url}/tables/{quoted}/ws", timeout=self.timeout)
        seat.send({"type": "join", "token": token, "pictures": pictures})
        first = seat.receive()
        if first["type"] != "view":
            seat.close()
            raise ClientError(first.get("message", str(first)), code=first.get("code", ""))
        return seat


class Seat:
    """One socket.  ``view`` is the last view message received (``view["view"]`` the
    library's view, ``view["legal"]``, ``view["seq"]``); ``received`` counts messages."""

    def __init__(self, url: str, *, timeout: float = 30.0) -> None:
        import inspect

        from websockets.sync.client import connect

        self.timeout = timeout
        # websockets 16+ asks connect() used outside a with-block to say so.
        direct: dict[str, Any] = {}
        if "legacy" in inspect.signature(connect).parameters:
            direct["legacy"] = True
        self.socket = connect(url, max_size=2**22, open_timeout=timeout, **direct)
        self.view: dict[str, Any] = {}
        self.received = 0

    def send(self, message: object) -> None:
        """Send a message as JSON (or a ``str``/``bytes`` as it is, for tests)."""
        if isinstance(message, str | bytes):
            self.socket.send(message)
        else:
            self.socket.send(json.dumps(message))

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message from the server."""
        text = self.socket.recv(timeout=self.timeout if timeout is None else timeout)
        message: dict[str, Any] = json.loads(text)
        self.received += 1
        if message.get("type") == "view":
            self.view = message
        return message

    def act(self, action: str, seq: int | None = None) -> dict[str, Any]:
        """Send ``action`` for the last view (or ``seq``); the answer: an ``accepted``
        (the view it led to is then :attr:`view`), ``refused`` or ``error`` message."""
        sent = self.view["seq"] if seq is None else seq
        self.send({"type": "act", "action": action, "seq": sent})
        while True:
            message = self.receive()
            if message["type"] != "view":
                return message

    def wait_turn(self, timeout: float | None = None) -> dict[str, Any]:
        """The last view once this seat has actions to take, or the game is over."""
        limit = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not self.view.get("legal") and self.view.get("view", {}).get("phase") != "finished":
            left = limit - time.monotonic()
            if left <= 0:
                raise TimeoutError("no turn came")
            self.receive(timeout=left)
        return self.view

    def close(self) -> None:
        self.socket.close()

    def __enter__(self) -> Seat:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
