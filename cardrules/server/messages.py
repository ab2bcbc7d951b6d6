"""The table server's protocol: every message, as pydantic models.

A client speaks HTTP to create a table and read it, and one WebSocket per seat
(or spectator) to play.  The JSON Schema of each model (:func:`schemas`) is the
spec a client in another language is written from (``docs/protocol.rst``).

On the socket, the client sends :class:`Join` first, then :class:`Act`
messages; the server sends :class:`ViewMessage` after the join and after every
change of the table, and answers each action with :class:`Accepted` (once
stored, after the view it led to), :class:`Refused` when the rules refuse it,
or :class:`ErrorMessage` for anything else it refuses or drops.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

__all__ = [
    "MAX_ACTION_CHARS",
    "MAX_MESSAGE_BYTES",
    "Accepted",
    "Act",
    "ClientMessage",
    "CreateTable",
    "ErrorCode",
    "ErrorMessage",
    "Join",
    "Refused",
    "TableCreated",
    "TableInfo",
    "ViewMessage",
    "client_message",
    "schemas",
]

#: The longest socket message the server reads (bytes of UTF-8); a longer one is dropped.
MAX_MESSAGE_BYTES = 4096
#: The longest action text (``"play 10H"``, ``"pass 2C 3C 4C"``, ``"bid 7NT"``...).
MAX_ACTION_CHARS = 64
#: The longest token, profile name and seat description read.
MAX_NAME_CHARS = 64

_STRICT = ConfigDict(extra="forbid", str_max_length=MAX_MESSAGE_BYTES)


# -- HTTP ---------------------------------------------------------------------


class CreateTable(BaseModel):
    """``POST /tables``: a table of a profile, with options, one entry a seat.

    A seat is ``"human"`` (a join token comes back for it) or a bot, ``"bot:rule"``,
    ``"bot:random"``, ``"bot:mc"``, ``"bot:mc:N"`` (N worlds a decision, at most
    the server's limit) or ``"bot:mc:Tms"`` (T milliseconds a decision).
    """

    model_config = _STRICT

    profile: str = Field(max_length=MAX_NAME_CHARS, examples=["callbreak-strict"])
    options: dict[str, bool | int | float | str] = Field(default_factory=dict, max_length=64)
    seats: list[Annotated[str, Field(max_length=MAX_NAME_CHARS)]] = Field(
        min_length=1, max_length=16, examples=[["human", "bot:mc", "bot:rule", "bot:rule"]]
    )
    deals: int | None = Field(default=None, ge=1, le=1000)
    #: Only where the server allows it (``cardrules serve --allow-seed``, for tests):
    #: whoever picks the seed can know every hand.
    seed: int | None = Field(default=None, ge=0, lt=2**63)


class TableCreated(BaseModel):
    """The answer to ``POST /tables``: the table's id and one secret token per human
    seat (keyed by the seat's number as text).  The server keeps only the tokens'
    hashes: this is the one time they are shown."""

    table: str
    profile: str
    players: int
    seats: list[str]
    tokens: dict[str, str]


class TableInfo(BaseModel):
    """``GET /tables/{id}``: what anyone may know of a table."""

    table: str
    profile: str
    options: dict[str, Any]
    players: int
    seats: list[str]
    seq: int = Field(description="actions taken so far")
    phase: str
    phase_name: str = Field(
        default="",
        description="the phase as the family names it ('passing' for the Hearts auction, "
        "'bidding', 'auction'; 'play', 'claim', 'finished' as phase says them)",
    )
    finished: bool


# -- the socket: client to server ---------------------------------------------


class Join(BaseModel):
    """The first message on a socket: a seat's token, or none to watch.

    ``pictures``: every view message then carries the deal's SVG picture too.
    """

    model_config = _STRICT

    type: Literal["join"]
    token: str | None = Field(default=None, max_length=MAX_NAME_CHARS)
    pictures: bool = False


class Act(BaseModel):
    """An action in its text form, for the seat the socket joined as.

    ``seq`` is the ``seq`` of the view it answers: an action sent for an older
    state of the table (stale, or the same message sent twice) is refused.
    """

    model_config = _STRICT

    type: Literal["act"]
    action: str = Field(max_length=MAX_ACTION_CHARS, examples=["play QS", "bid 3"])
    seq: int = Field(ge=0)


ClientMessage = Annotated[Join | Act, Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientMessage)


def client_message(text: str) -> Join | Act:
    """Read one socket message (raises pydantic's ``ValidationError``)."""
    return _CLIENT.validate_json(text)


# -- the socket: server to client ---------------------------------------------


class ViewMessage(BaseModel):
    """The table as the socket's seat may see it, after the join and every change.

    ``view`` is the library's view JSON (``View.to_dict()``), for a spectator the
    public view (``Game.public_view()``, ``seat`` -1); ``legal`` the actions
    this seat may take now (empty unless it decides).
    """

    type: Literal["view"] = "view"
    table: str
    seat: int | None = Field(description="the socket's seat; null for a spectator")
    seq: int = Field(description="actions taken so far: an Act answering this view sends it")
    view: dict[str, Any]
    legal: list[str]
    picture: str | None = Field(default=None, description="the deal as SVG, if asked at join")


class Accepted(BaseModel):
    """The socket's action was taken and stored: ``seq`` is the table's after it (its
    view came just before), ``action`` the action as the rules read it."""

    type: Literal["accepted"] = "accepted"
    seq: int
    action: str


class Refused(BaseModel):
    """The rules refused an action: the table did not change."""

    type: Literal["refused"] = "refused"
    seq: int
    action: str
    rule: str = Field(description="the rule id that forbids it; empty when no rule is involved")
    message: str


ErrorCode = Literal[
    "malformed",
    "invalid",
    "too-large",
    "flood",
    "stale",
    "bad-token",
    "not-joined",
    "already-joined",
    "spectator",
    "unknown-table",
    "unavailable",
    "busy",
    "quarantined",
]


class ErrorMessage(BaseModel):
    """A message refused or dropped for a reason other than the rules; the table did
    not change.  ``code`` says which:

    ``malformed`` (not a message of this protocol), ``invalid`` (a table the
    library refuses: its profile, options or seats), ``too-large`` (over
    ``MAX_MESSAGE_BYTES``), ``flood`` (too many messages: dropped), ``stale``
    (``seq`` is not the table's), ``bad-token``, ``not-joined``,
    ``already-joined``, ``spectator`` (a spectator cannot act),
    ``unknown-table``, ``unavailable`` (the server could not store the action,
    or its store does not answer: the table is closed to play until it does; send
    it again), ``busy`` (``POST /tables`` on a server at its limit of tables, or
    running late: 503 with ``Retry-After``), ``quarantined`` (a table whose stored
    actions do not replay: out of service).
    """

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str


def schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema of every message, by model name."""
    models: list[type[BaseModel]] = [
        CreateTable,
        TableCreated,
        TableInfo,
        Join,
        Act,
        ViewMessage,
        Accepted,
        Refused,
        ErrorMessage,
    ]
    return {model.__name__: model.model_json_schema() for model in models}
