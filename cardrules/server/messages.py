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

import json
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    StringConstraints,
    TypeAdapter,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
)

__all__ = [
    "MAX_ACTION_CHARS",
    "MAX_BOT_DELAY",
    "MAX_MESSAGE_BYTES",
    "SPECTATOR",
    "Accepted",
    "Act",
    "ClaimSeat",
    "ClaimView",
    "ClientMessage",
    "CreateTable",
    "ErrorCode",
    "ErrorMessage",
    "Join",
    "ProfileInfo",
    "ProfileOption",
    "Refused",
    "SeatClaimed",
    "SeatView",
    "TableCreated",
    "TableInfo",
    "ViewMessage",
    "client_message",
    "schemas",
]

#: The longest socket message the server reads (bytes of UTF-8); a longer one is dropped.
MAX_MESSAGE_BYTES = 4096
#: The longest action text (``"play 10H"``, ``"pass 2C"``, ``"bid 7NT"``...).
MAX_ACTION_CHARS = 64
#: The longest token, invitation, profile name and seat description read.
MAX_NAME_CHARS = 64
#: The longest pause a table's bots may be given before each action, seconds.
MAX_BOT_DELAY = 10.0

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
    bot_delay: float | None = Field(
        default=None,
        ge=0,
        le=MAX_BOT_DELAY,
        description="seconds each bot of this table waits before it acts, so that people "
        "can follow; absent: the server's (cardrules serve --bot-delay)",
        examples=[0.8],
    )
    #: Only where the server allows it (``cardrules serve --allow-seed``, for tests):
    #: whoever picks the seed can know every hand.
    seed: int | None = Field(default=None, ge=0, lt=2**63)


class TableCreated(BaseModel):
    """The answer to ``POST /tables``: the table's id, and for each human seat (keyed by
    the seat's number as text) a secret token and an invitation.

    The token joins the seat (``Join.token``); the invitation is for the person who
    will play it: ``POST /tables/{id}/claim`` exchanges it, once, for the seat's
    token (:class:`ClaimSeat`).  The server keeps only their hashes: this is the
    one time they are shown.
    """

    table: str
    profile: str
    players: int
    seats: list[str]
    tokens: dict[str, str]
    invites: dict[str, str] = Field(
        description="one invitation a human seat, by seat: exchanged once for its token"
    )


class ClaimSeat(BaseModel):
    """``POST /tables/{id}/claim``: an invitation, exchanged for its seat's token.

    An invitation gives its token once: a second claim of it is refused
    (``bad-invite``), so a link that carries one is spent once it has been opened.
    """

    model_config = _STRICT

    invite: str = Field(max_length=MAX_NAME_CHARS)


class SeatClaimed(BaseModel):
    """The answer to a claim: the seat the invitation was for and its token (keep it
    out of addresses: the browser table keeps it in the tab's ``sessionStorage``)."""

    table: str
    seat: int
    token: str


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
    direction: Literal["clockwise", "counterclockwise"] = Field(
        description="the order of play round the table (seats are numbered clockwise)"
    )
    bot_delay: float = Field(description="seconds each bot waits before it acts")


class ProfileOption(BaseModel):
    """One ``[options]`` setting a table of the profile may be given (``CreateTable.options``),
    as its family declares it."""

    name: str
    type: Literal["boolean", "integer", "decimal", "text"] = Field(
        description="a decimal is sent as a JSON number (30.5) or its text"
    )
    default: bool | int | float | str = Field(
        description="the profile's value: what the table plays with when not given"
    )
    choices: list[bool | int | float | str] = Field(
        description="the only values allowed; empty: any of the type (within the range)"
    )
    minimum: int | None = Field(description="a number's least value; null for other types")
    maximum: int | None = Field(description="a number's greatest value; null for other types")
    max_length: int | None = Field(description="a text's longest; null for other types")
    description: str
    rule: str = Field(description="the rule id the option changes; empty when none")


class ProfileInfo(BaseModel):
    """``GET /profiles``: one installed profile, and the options a table of it may set."""

    name: str
    title: str
    players: int
    deals: int = Field(description="the deals of a game, unless CreateTable.deals says")
    direction: Literal["clockwise", "counterclockwise"]
    options: list[ProfileOption]


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


#: The ``seat`` of a spectator's view message and of the public view it holds
#: (the library's ``cardrules.engine.views.PUBLIC``).
SPECTATOR = -1

#: A card as text, as the profile's deck writes it: a suit card's rank (1 to 10, J, Q, K,
#: A, C for a cavalier) then its suit (C, D, H, S); a card outside the suits (a tarot's
#: trumps, jokers) its own text of letters and digits ("T21", "EX").
CardText = Annotated[
    str,
    StringConstraints(pattern=r"^((10|[1-9JQKAC])[CDHS]|[0-9A-Z]{1,12})$"),
    Field(examples=["QS", "10H", "T21"]),
]
#: A seat's number as the key of a JSON object: "0", "1"...
_SEAT_KEY = r"^[0-9]+$"
SeatKey = Annotated[str, StringConstraints(pattern=_SEAT_KEY)]
#: A side scores: a seat's number ("0") or a partnership's name ("NS", "EW").
_SIDE_KEY = r"^([0-9]+|[A-Z]+)$"
SideKey = Annotated[str, StringConstraints(pattern=_SIDE_KEY)]
#: A score: an exact decimal number as text ("3.1", "-10", "0"), never a float.
Score = Annotated[str, StringConstraints(pattern=r"^-?[0-9]+(\.[0-9]+)?$")]
#: A seat's number (0 to players - 1, clockwise: N, E, S, W at four).
SeatNumber = Annotated[int, Field(ge=0)]


def _only(pattern: str) -> dict[str, Any]:
    """The JSON Schema of an object with keys of ``pattern`` only (pydantic writes
    ``patternProperties``, which leaves other keys allowed)."""
    return {"additionalProperties": False}


class ClaimView(BaseModel):
    """A claim pending: the claiming seat, the tricks it claims, and the seats still to
    answer, in the order they answer."""

    model_config = ConfigDict(extra="forbid")

    seat: SeatNumber
    tricks: int = Field(ge=0)
    waiting: list[SeatNumber]


#: Keys :meth:`View.to_dict` writes only when they hold something.
_OMITTED_WHEN_EMPTY = (
    "turned_up",
    "claim",
    "auction_actions",
    "known",
    "trump_concealed",
    "revealed",
    "sides",
    "play_calls",
    "stock_shown",
)


def _is_none(value: object) -> bool:
    return value is None


def _omitted_keys_schema(schema: dict[str, Any]) -> None:
    """Keys left out when empty are optional in the schema, never null."""
    for name in _OMITTED_WHEN_EMPTY:
        prop = schema["properties"][name]
        prop.pop("default", None)
        branches = [b for b in prop.pop("anyOf", []) if b != {"type": "null"}]
        if branches:
            prop.update(branches[0])


class SeatView(BaseModel):
    """One seat's view of the game, the library's ``View.to_dict()``: what that seat may
    see and nothing else (for a spectator, the public view: ``seat`` -1).

    Seats are numbers, 0 to players - 1 clockwise (N, E, S, W at four); a JSON
    object keyed by seat has the number as text (``"0"``).  Cards are text, rank
    then suit (``"QS"``, ``"10H"``); a hand lists them in the deck's order (clubs,
    diamonds, hearts, spades, each from the 2 up): a client sorts them to show
    them.  Scores are exact decimal numbers as text (``"3.1"``, ``"-10"``), never
    JSON numbers.  ``auction`` and ``contract`` are the family's own public facts
    (their keys are listed by family in the protocol's documentation); every other
    key is the same for every profile.  ``turned_up``, ``claim``,
    ``auction_actions``, ``known``, ``trump_concealed``, ``revealed``, ``sides``,
    ``play_calls`` and ``stock_shown`` are left out when they hold nothing.
    """

    model_config = ConfigDict(extra="forbid", json_schema_extra=_omitted_keys_schema)

    seat: int = Field(
        ge=SPECTATOR, description="the seat this view is of; -1: the public view (a spectator)"
    )
    profile: str = Field(description="the profile's name", examples=["callbreak-strict"])
    phase: Literal["auction", "play", "claim", "scored", "finished"] = Field(
        description="the deal's phase: the auction (calls, bids, a passing: whatever comes "
        "before the play), the play, a claim being answered, or the game finished "
        "(scored: a deal scored in a playout, never on a server)"
    )
    deal_number: int = Field(ge=1, description="the deal being played, from 1")
    dealer: SeatNumber = Field(description="the deal's dealer")
    to_act: SeatNumber | None = Field(description="the seat whose turn it is; null: nobody's")
    controller: SeatNumber | None = Field(
        description="the seat that decides for to_act (another seat when it plays a hand "
        "exposed to all, such as a partner's); null: nobody's turn"
    )
    hands: dict[SeatKey, list[CardText]] = Field(
        description="the cards of each seat this seat may see, by seat: its own (while it "
        "holds any), and a hand exposed to every seat; never a hidden one",
        json_schema_extra=_only(_SEAT_KEY),
    )
    hand_sizes: list[Annotated[int, Field(ge=0)]] = Field(
        description="the number of cards each seat holds, by seat (one entry a seat)"
    )
    auction: dict[str, JsonValue] = Field(
        description="the auction's public facts (and what it tells this seat alone), as "
        "the family writes them: calls, bids, the order of the calls..."
    )
    contract: dict[str, JsonValue] | None = Field(
        description="what the auction settled, as the family writes it; null before"
    )
    trump: Literal["C", "D", "H", "S"] | None = Field(
        description="the trump suit (C, D, H or S); null: no trumps, or not known yet"
    )
    trick: list[tuple[SeatNumber, CardText]] = Field(
        description="the trick on the table, in play order: [seat, card] each"
    )
    tricks: list[tuple[SeatNumber, list[CardText], SeatNumber]] = Field(
        description="the deal's finished tricks in order: [leader, cards in play order "
        "from the leader's, winner] each (the seat of each card follows the direction of "
        "play from the leader)"
    )
    tricks_won: list[Annotated[int, Field(ge=0)]] = Field(
        description="the tricks each seat has won this deal, by seat"
    )
    totals: dict[SideKey, Score] = Field(
        description="the game's totals so far by side (a seat's number, or a pair such "
        "as NS): decimal numbers as text",
        json_schema_extra=_only(_SIDE_KEY),
    )
    deal_scores: list[
        Annotated[dict[SideKey, Score], Field(json_schema_extra=_only(_SIDE_KEY))]
    ] = Field(description="each finished deal's scores by side, in order: decimal text")
    legal_actions: list[str] = Field(
        description="the actions this seat may take now (for itself, or for the hand it "
        "plays); empty when it does not decide"
    )
    turned_up: CardText | None = Field(
        default=None,
        exclude_if=_is_none,
        description="the card turned up for trumps this deal (left out where none is)",
    )
    claim: ClaimView | None = Field(
        default=None, exclude_if=_is_none, description="the claim pending (left out: none)"
    )
    auction_actions: list[tuple[SeatNumber, str | None]] | None = Field(
        default=None,
        exclude_if=_is_none,
        description="the deal's auction actions in order: [seat, text] each, the text null "
        "for an action this seat may not see (a card another seat passed); left out "
        "before the first",
    )
    known: dict[SeatKey, list[CardText]] | None = Field(
        default=None,
        exclude_if=_is_none,
        description="cards this seat knows another seat holds (the cards it passed), by "
        "seat, those not played yet; left out when none",
        json_schema_extra=_only(_SEAT_KEY),
    )
    trump_concealed: Literal[True] | None = Field(
        default=None,
        exclude_if=_is_none,
        description="true while the deal's trump is concealed by the seat that chose it "
        "(trump is then null in every view but that seat's); left out otherwise",
    )
    revealed: tuple[SeatNumber, Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]] | None = (
        Field(
            default=None,
            exclude_if=_is_none,
            description="when the concealed trump was revealed: [the seat that asked, the "
            "tricks completed then, the cards on the trick then]; left out before (or "
            "where no trump is concealed)",
        )
    )
    to_deal: list[Annotated[int, Field(ge=0)]] | None = Field(
        default=None,
        exclude_if=_is_none,
        description="where the profile deals the hands in stages with an auction between "
        "them: the cards still to be dealt to each seat, by seat (no one's yet, in no "
        "hand); left out otherwise",
    )
    sides: dict[SeatKey, str] | None = Field(
        default=None,
        exclude_if=_is_none,
        description="where the contract keeps the sides from the players (Doppelkopf's Re "
        "and Kontra): the side of each seat as this seat knows it, by seat (a seat left "
        "out is not known to it); left out otherwise",
        json_schema_extra=_only(_SEAT_KEY),
    )
    play_calls: list[tuple[SeatNumber, str]] | None = Field(
        default=None,
        exclude_if=_is_none,
        description="the actions taken in this deal's play besides the cards (a family's "
        "announcements, such as Doppelkopf's 're'): [seat, text] each, in order; left out "
        "before the first",
    )
    stock_shown: list[CardText] | None = Field(
        default=None,
        exclude_if=_is_none,
        description="where the contract shows cards of the stock during the play (a stock "
        "turned up card by card as the first tricks are won): those shown so far, in the "
        "order they were shown, the same in every seat's view; in no hand; left out before "
        "the first",
    )

    @field_validator("auction", "contract", mode="wrap")
    @classmethod
    def _as_json(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        """A family's facts as JSON writes them (a tuple is a list there, as in
        ``View.to_json()``)."""
        try:
            return handler(value)
        except ValidationError:
            return handler(json.loads(json.dumps(value)))


class ViewMessage(BaseModel):
    """The table as the socket's seat may see it, after the join and every change.

    ``view`` is the library's view of the seat (:class:`SeatView`, ``View.to_dict()``);
    for a spectator the public view (``Game.public_view()``): ``seat`` is -1 in
    the message and in its view.  ``legal`` is the actions this seat may take now
    (empty unless it decides).
    """

    type: Literal["view"] = "view"
    table: str
    seat: int = Field(ge=SPECTATOR, description="the socket's seat; -1 for a spectator")
    seq: int = Field(description="actions taken so far: an Act answering this view sends it")
    view: SeatView
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
    "bad-invite",
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
    library refuses: its profile, options or seats), ``bad-invite`` (an
    invitation this table does not have, or one claimed already), ``too-large`` (over
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
        ProfileInfo,
        CreateTable,
        TableCreated,
        ClaimSeat,
        SeatClaimed,
        TableInfo,
        Join,
        Act,
        ViewMessage,
        Accepted,
        Refused,
        ErrorMessage,
    ]
    return {model.__name__: model.model_json_schema() for model in models}
