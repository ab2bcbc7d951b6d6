"""The board model of PBN and the PBN texts of seats, cards, calls and contracts.

A :class:`PbnBoard` is one game of a PBN file as a bridge program sees it: the
deal, the auction as normalized calls, the play in playing order, the contract,
the notes, and every other tag verbatim.  It is a plain frozen value, in a
canonical form (so two boards read from equivalent texts are equal).

>>> board = PbnBoard(dealer=0, hands=(0, 0, 0, 0), auction=("1NT", "pass", "3NT"))
>>> auction_outcome(board.auction).over
False
>>> auction_outcome((*board.auction, "pass", "pass", "pass"))
AuctionOutcome(over=True, contract='3NT', declarer=0)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import NamedTuple

from cardrules.cards import Card, Suit, cards_of
from cardrules.errors import CardError, CardrulesError, shown
from cardrules.rules.components import SEAT_NAMES
from cardrules.rules.duties import trick_winner_index

__all__ = [
    "CALLS",
    "MANDATORY_TAGS",
    "MODELLED_TAGS",
    "PBN_RANKS",
    "PBN_SUITS",
    "STRAINS",
    "VULNERABILITY",
    "VULNERABLE_NAMES",
    "AuctionOutcome",
    "AuctionState",
    "PbnBoard",
    "PbnError",
    "auction_outcome",
    "contract_strain",
    "pbn_card_text",
    "seat_letter",
    "seats_of_play",
    "trump_of",
]

#: The Mandatory Tag Set of PBN 2.1 (section 3.4), in the order of the export format.
MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
#: The tags a :class:`PbnBoard` reads into its fields; every other tag is kept verbatim.
MODELLED_TAGS = frozenset(
    {"Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result"}
    | {"Auction", "Play", "Note"}
)
#: A PBN hand lists its suits spades first.
PBN_SUITS = (Suit.S, Suit.H, Suit.D, Suit.C)
#: Ranks as PBN writes them, lowest first (the ten is ``T``).
PBN_RANKS = "23456789TJQKA"
#: Strains in bridge order, lowest first.
STRAINS = ("C", "D", "H", "S", "NT")
#: The calls of the model, as :attr:`PbnBoard.auction` lists them.
CALLS = ("pass", "double", "redouble", *(f"{lv}{s}" for lv in range(1, 8) for s in STRAINS))
#: The values of the ``Vulnerable`` tag (any case), as (north-south, east-west) vulnerable.
VULNERABILITY: dict[str, tuple[bool, bool]] = {
    "none": (False, False),
    "love": (False, False),
    "-": (False, False),
    "ns": (True, False),
    "ew": (False, True),
    "all": (True, True),
    "both": (True, True),
}
#: How the writer names a vulnerability (the export format's words).
VULNERABLE_NAMES = {
    (False, False): "None",
    (True, False): "NS",
    (False, True): "EW",
    (True, True): "All",
}
_CONTRACT = re.compile(r"([1-7])(NT|[CDHS])(X{0,2})")


class PbnError(CardrulesError):
    """A PBN text that cannot be read (or a board that cannot be written): the line and why.

    ``line`` is the 1-based line of the text (None when the problem is not on
    one line); ``what`` is the message without the line.
    """

    def __init__(self, line: int | None, what: str) -> None:
        self.line = line
        self.what = what
        super().__init__(f"invalid PBN, line {line}: {what}" if line else f"invalid PBN: {what}")


def pbn_card_text(card: Card) -> str:
    """A card as PBN writes it in a play section: suit then rank, ``HA``, ``ST``."""
    if card.suit is None:
        raise PbnError(None, f"{card} is a card outside the suits, which PBN does not write")
    return card.suit.name + PBN_RANKS[card.rank - 2]


def contract_strain(contract: str | None) -> str | None:
    """The strain of a contract text (``"4SX"`` -> ``"S"``); None when passed out or unknown."""
    if contract is None or contract == "Pass":
        return None
    found = _CONTRACT.fullmatch(contract)
    return None if found is None else found.group(2)


def trump_of(strain: str) -> int:
    """The trump of a strain as :func:`cardrules.rules.duties.trick_winner_index` takes it
    (a suit number, -1 in no-trump)."""
    return -1 if strain == "NT" else int(Suit[strain])


def seats_of_play(cards: Sequence[Card], leader: int, trump: int) -> tuple[int, ...]:
    """The seat that played each card, cards in playing order from the opening ``leader``:
    each trick's winner leads the next."""
    seats: list[int] = []
    for start in range(0, len(cards), 4):
        trick = [c.index for c in cards[start : start + 4]]
        seats.extend((leader + i) % 4 for i in range(len(trick)))
        if len(trick) == 4:
            leader = (leader + trick_winner_index(trick, trump)) % 4
    return tuple(seats)


# ---------------------------------------------------------------------------
# the auction


class AuctionOutcome(NamedTuple):
    """Whether an auction is over, and if so its contract (``"Pass"`` when passed out)
    and declarer (None when passed out)."""

    over: bool
    contract: str | None
    declarer: int | None


class AuctionState:
    """An auction call by call, from the dealer (seat 0 here: seats are relative to him).

    :meth:`call` refuses, with a ``ValueError`` saying why, a call the Laws do not
    allow: an insufficient bid, a double of one's own side, a call after the end.
    """

    def __init__(self) -> None:
        self.calls: list[str] = []
        self._bid: tuple[int, int] | None = None  # (level, strain index) of the last bid
        self._bidder = -1  # relative seat of the last bid
        self._risk = 0  # 0, 1 doubled, 2 redoubled
        self._passes = 0
        self._first: dict[tuple[int, int], int] = {}  # (side, strain) -> first to name it

    @property
    def over(self) -> bool:
        """Whether the auction has ended: four passes, or three after a bid."""
        return self._passes == 4 or (self._bid is not None and self._passes == 3)

    def passes_to_end(self) -> int:
        """How many passes end the auction from here (what ``AP`` stands for)."""
        return (4 if self._bid is None else 3) - self._passes

    def call(self, call: str) -> None:
        """Add one call of :data:`CALLS` (the caller names the seat, relative to the dealer)."""
        seat = len(self.calls)
        if self.over:
            raise ValueError(f"{call!r} after the end of the auction")
        if call == "pass":
            self._passes += 1
        elif call == "double":
            if self._bid is None or (self._bidder - seat) % 2 == 0 or self._risk != 0:
                raise ValueError("X (double) needs an undoubled bid of the opponents")
            self._risk, self._passes = 1, 0
        elif call == "redouble":
            if self._bid is None or (self._bidder - seat) % 2 != 0 or self._risk != 1:
                raise ValueError(
                    "XX (redouble) needs the opponents' double of one's own side's bid"
                )
            self._risk, self._passes = 2, 0
        else:
            bid = (int(call[0]), STRAINS.index(call[1:]))
            if self._bid is not None and bid <= self._bid:
                last = f"{self._bid[0]}{STRAINS[self._bid[1]]}"
                raise ValueError(f"{call} after {last} is an insufficient bid")
            self._bid, self._bidder, self._risk, self._passes = bid, seat, 0, 0
            self._first.setdefault((seat % 2, bid[1]), seat)
        self.calls.append(call)

    def outcome(self, dealer: int = 0) -> AuctionOutcome:
        """Whether the auction is over, its contract and declarer (a seat, counted from
        ``dealer``)."""
        if not self.over:
            return AuctionOutcome(False, None, None)
        if self._bid is None:
            return AuctionOutcome(True, "Pass", None)
        level, strain = self._bid
        first = self._first[(self._bidder % 2, strain)]
        contract = f"{level}{STRAINS[strain]}{'X' * self._risk}"
        return AuctionOutcome(True, contract, (dealer + first) % 4)


def auction_outcome(calls: Sequence[str], dealer: int = 0) -> AuctionOutcome:
    """The outcome of some calls of :data:`CALLS` from ``dealer``; ``ValueError`` if they
    break the Laws."""
    state = AuctionState()
    for call in calls:
        state.call(call)
    return state.outcome(dealer)


# ---------------------------------------------------------------------------
# the board


@dataclass(frozen=True, slots=True)
class PbnBoard:
    """One game of a PBN file: a bridge board, how it was bid and played.

    - ``dealer``: 0..3 for N, E, S, W.
    - ``hands``: four hand masks by seat (N E S W) of :mod:`cardrules.cards`
      (card index ``suit * 13 + rank - 2``, suits C D H S); 0 for a hand the
      file does not give (``-`` in the ``Deal`` tag).
    - ``board``: the board number, None when not given.
    - ``vulnerable``: (north-south, east-west) vulnerable.
    - ``auction``: the calls from the dealer, each one of :data:`CALLS`
      (``pass``, ``double``, ``redouble``, ``1C`` .. ``7NT``); it may stop
      before the end (a ``*`` in the file).
    - ``declarer``, ``contract``: the contract as PBN writes it (``4S``,
      ``3NTX``, ``Pass``), None when unknown; no declarer when passed out.
    - ``play``: the cards played, as card texts (``AH``, ``10S``: ``Card.parse``
      reads them) in playing order, each trick from its leader; it stops at
      the first card the file does not give.
    - ``result``: the tricks taken by declarer's side, None when unknown.
    - ``notes``: ``(index, text)`` of the ``Note`` tags, by index.
    - ``call_marks``, ``card_marks``: the annotations after each call and card
      (``=1=``, ``$3``, ``!``), one text per call or card, ``""`` for none; or
      ``()`` when there is none at all.
    - ``tags``: every other tag, ``(name, value, section lines)`` verbatim: the
      Mandatory Tag Set's others (``Event``, ``Site``, ``Date``, the players,
      ``Scoring``) first, in that order, then the rest in the file's order;
      a mandatory tag with the empty value is left out (the writer writes it).
    """

    dealer: int
    hands: tuple[int, ...]
    board: int | None = None
    vulnerable: tuple[bool, bool] = (False, False)
    auction: tuple[str, ...] = ()
    declarer: int | None = None
    contract: str | None = None
    play: tuple[str, ...] = ()
    result: int | None = None
    notes: tuple[tuple[int, str], ...] = ()
    call_marks: tuple[str, ...] = ()
    card_marks: tuple[str, ...] = ()
    tags: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    def __post_init__(self) -> None:
        # One canonical form, so that what the writer writes reads back equal.
        tuples = ("hands", "vulnerable", "auction", "play", "call_marks", "card_marks")
        for name in tuples:
            value = getattr(self, name)
            if isinstance(value, str) or not isinstance(value, Sequence):
                raise PbnError(None, f"board {name} must be a sequence, got {shown(value)}")
            object.__setattr__(self, name, tuple(value))
        if not any(self.call_marks):
            object.__setattr__(self, "call_marks", ())
        if not any(self.card_marks):
            object.__setattr__(self, "card_marks", ())
        object.__setattr__(self, "notes", tuple(sorted((int(i), str(t)) for i, t in self.notes)))
        tags = [(str(n), str(v), tuple(map(str, s))) for n, v, s in self.tags]
        seen: set[str] = set()
        for name, _, _ in tags:
            if name in MODELLED_TAGS:
                raise PbnError(None, f"[{name}] is a field of the board, not one of its other tags")
            if name in seen:
                raise PbnError(None, f"[{name}] appears twice in the board's tags")
            seen.add(name)
        rank = {name: i for i, name in enumerate(MANDATORY_TAGS)}
        kept = [t for t in tags if not (t[0] in rank and t[1] == "" and not t[2])]
        kept.sort(key=lambda t: rank.get(t[0], len(rank)))  # stable: the others keep their order
        object.__setattr__(self, "tags", tuple(kept))

    @property
    def strain(self) -> str | None:
        """The contract's strain, ``C`` ``D`` ``H`` ``S`` or ``NT``; None when passed out or
        unknown."""
        return contract_strain(self.contract)

    @property
    def leader(self) -> int | None:
        """The opening leader, on declarer's left; None without a declarer."""
        return None if self.declarer is None else (self.declarer + 1) % 4

    def tag(self, name: str) -> str | None:
        """The value of one of the other tags (``board.tag("Event")``); None if absent."""
        for tag_name, value, _ in self.tags:
            if tag_name == name:
                return value
        return None

    def plays(self) -> tuple[tuple[int, Card], ...]:
        """The play as ``(seat, card)`` pairs in playing order."""
        if not self.play:
            return ()
        strain, leader = self.strain, self.leader
        if strain is None or leader is None:
            raise PbnError(None, "a board with a play needs its declarer and contract")
        try:
            cards = [Card.parse(text) for text in self.play]
        except CardError as exc:
            raise PbnError(None, f"board play: {exc}") from None
        return tuple(zip(seats_of_play(cards, leader, trump_of(strain)), cards, strict=True))

    def preset(self) -> dict[str, object]:
        """Keyword arguments of ``rules.new_game`` that deal these hands: dealer and hands."""
        if not all(self.hands):
            raise PbnError(None, "the board does not give all four hands")
        return {"dealer": self.dealer, "hands": [list(cards_of(h)) for h in self.hands]}

    def differences(self, other: PbnBoard) -> list[str]:
        """The names of the fields where ``other`` differs from this board."""
        return [f.name for f in fields(self) if getattr(self, f.name) != getattr(other, f.name)]


def seat_letter(seat: int | None) -> str:
    """A seat's PBN letter, ``""`` for None."""
    return "" if seat is None else SEAT_NAMES[seat]
