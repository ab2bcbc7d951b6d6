"""Tiny bridge as OpenSpiel's ``tiny_bridge_4p`` plays it: the calls (TBO-2.2), the
auction (TBO-2), its contract (TBO-2.8), and the rule bot's calls (D-4).

Eight cards, two each; from West (the dealer) clockwise each player passes, bids one of
six bids (``1H 1S 1NT 2H 2S 2NT``), doubles or redoubles, until three passes follow the
fourth call or a later one.  The deal is not played: the scorer
(:mod:`cardrules_bridge.tiny_scorer`) scores the final contract from its double-dummy
result.  The calls are the game's own classes (:class:`TinyCall`): they read the same
texts as bridge's (``1H``, ``pass``, ``x``, ``xx``) but advise the rule bot from a hand of
two cards.

>>> from cardrules.rules.components import DealInfo, Direction
>>> state = TinyBridgeAuction().start(DealInfo(3, (0, 0, 0, 0), Direction.named("clockwise")))
>>> for seat, text in zip((3, 0, 1), ("1H", "1S", "double")):
...     state.apply(seat, parse_tiny_call(text))
>>> [str(call) for call in state.legal_actions()]  # S: a bid above 1S, or redouble N's bid
['pass', '1NT', '2H', '2S', '2NT', 'redouble']
>>> for seat in (2, 3, 0):
...     state.apply(seat, TINY_PASS)
>>> state.result()
TinyContract(Suit.S, 3, level=1, strain='S', doubled=1, declarer=0)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from cardrules.deck import Suit
from cardrules.errors import ActionError, IllegalAction, shown
from cardrules.rules.actions import Action, ActionForm, ActionVerb, Play
from cardrules.rules.components import (
    Auction,
    AuctionState,
    Contract,
    DealInfo,
    Direction,
    pair_of,
    seat_name,
    seat_words,
)

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "CALL_RULE",
    "DEALER_RULE",
    "DOUBLE_RULE",
    "END_RULE",
    "NO_PLAY_RULE",
    "ORDER_RULE",
    "REDOUBLE_RULE",
    "SUFFICIENT_RULE",
    "TINY_BIDS",
    "TINY_CALLS",
    "TINY_DOUBLE",
    "TINY_FORMS",
    "TINY_PASS",
    "TINY_REDOUBLE",
    "TINY_VERBS",
    "TinyBid",
    "TinyBridgeAuction",
    "TinyBridgeAuctionState",
    "TinyCall",
    "TinyContract",
    "TinyDouble",
    "TinyPass",
    "TinyPassedOut",
    "TinyRedouble",
    "parse_tiny_call",
    "tiny_call_advice",
]

#: The rule ids of ``profiles/tiny-bridge-openspiel.rules.md`` the auction cites.
DEALER_RULE: Final = "TBO-1.3"
ORDER_RULE: Final = "TBO-2.1"
CALL_RULE: Final = "TBO-2.2"
SUFFICIENT_RULE: Final = "TBO-2.3"
DOUBLE_RULE: Final = "TBO-2.4"
REDOUBLE_RULE: Final = "TBO-2.5"
END_RULE: Final = "TBO-2.7"
#: The deal is scored from its double-dummy result: no card is played (TBO-3.1).
NO_PLAY_RULE: Final = "TBO-3.1"

#: The seat that deals and calls first: West (TBO-1.3; OpenSpiel's player 0).
WEST: Final = 3
#: The strains of the bids, lowest first (TBO-2.2), and the trump each names.
STRAINS: Final = ("H", "S", "NT")
_TRUMPS: Final = {"H": Suit.H, "S": Suit.S, "NT": None}
_STRAIN_WORDS: Final = {"H": "H", "S": "S", "N": "NT", "NT": "NT", "♥": "H", "♠": "S", "♡": "H"}
_LEVEL_STRAIN: Final = re.compile(r"([0-9])\s*([^\s0-9]+)")
_BIDS_WORDS: Final = "the bids are 1H, 1S, 1NT, 2H, 2S and 2NT, lowest first"
_EXAMPLES: Final = "a bid 1H .. 2NT, 'pass', 'double' or 'redouble'"
#: The marks of a doubled and a redoubled contract, by ``doubled``.
_DOUBLED_MARKS: Final = ("", "X", "XX")


def _strain_symbol(strain: str) -> str:
    return "NT" if strain == "NT" else Suit[strain].symbol


# ---------------------------------------------------------------------------
# The calls


class TinyCall(Action):
    """A call of tiny bridge: a bid, a pass, a double or a redouble (TBO-2.2).

    Every call shares the prompt, the help line and the rule bot's calls
    (:func:`tiny_call_advice`, D-4): the bot asks the class of the first legal call.
    """

    __slots__ = ()

    prompt: ClassVar[str] = "Your call"
    typing_hint: ClassVar[str] = "a call: 1H, 1S, 1NT, 2H, 2S, 2NT, p, x, xx"

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """The call of D-4 for the seat to call, among ``legal``."""
        seat = view.seat if view.to_act is None else view.to_act
        calls = [(int(s), str(text)) for s, text in view.auction.get("calls", [])]
        held = [(c.suit.name if c.suit is not None else "", c.rank) for c in view.hand]
        return tiny_call_advice(held, seat, calls, legal)


@dataclass(frozen=True, slots=True)
class TinyBid(TinyCall):
    """A bid: ``level`` tricks of the two (1 or 2) in ``strain`` ("H", "S" or "NT").

    Bids rank by level, then by strain, hearts lowest (TBO-2.2): ``<`` and ``>`` compare
    them so; :attr:`number` is the bid's number in OpenSpiel (1 for 1H .. 6 for 2NT).
    """

    level: int
    strain: str

    def __post_init__(self) -> None:
        level_ok = type(self.level) is int and self.level in (1, 2)
        if not level_ok or not isinstance(self.strain, str) or self.strain not in STRAINS:
            raise ActionError(
                f"invalid action: TinyBid({shown(self.level)}, {shown(self.strain)}) "
                f"({_BIDS_WORDS})"
            )

    @property
    def rank(self) -> int:
        """The bid's place in the order of bids: 0 for 1H .. 5 for 2NT."""
        return 3 * (self.level - 1) + STRAINS.index(self.strain)

    @property
    def number(self) -> int:
        """OpenSpiel's action id of the bid: 1 (1H) .. 6 (2NT)."""
        return self.rank + 1

    @property
    def trump(self) -> Suit | None:
        """The trump suit of a contract in this strain; None in no-trump."""
        return _TRUMPS[self.strain]

    def symbol(self) -> str:
        """The bid as players write it: ``2♠``, ``1NT``."""
        return f"{self.level}{_strain_symbol(self.strain)}"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, TinyBid):
            return NotImplemented
        return self.rank < other.rank

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, TinyBid):
            return NotImplemented
        return self.rank > other.rank

    def __str__(self) -> str:
        return f"{self.level}{self.strain}"

    def __repr__(self) -> str:
        return f"TinyBid({self.level}, {self.strain!r})"


@dataclass(frozen=True, slots=True)
class TinyPass(TinyCall):
    """A pass: no bid, double or redouble this turn."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "TinyPass()"


@dataclass(frozen=True, slots=True)
class TinyDouble(TinyCall):
    """A double of the last bid, an opponent's not yet doubled (TBO-2.4)."""

    def __str__(self) -> str:
        return "double"

    def __repr__(self) -> str:
        return "TinyDouble()"


@dataclass(frozen=True, slots=True)
class TinyRedouble(TinyCall):
    """A redouble of the opponents' double of one's own side's last bid (TBO-2.5)."""

    def __str__(self) -> str:
        return "redouble"

    def __repr__(self) -> str:
        return "TinyRedouble()"


#: Every call, made once: the auction hands these out.
TINY_PASS: Final = TinyPass()
TINY_DOUBLE: Final = TinyDouble()
TINY_REDOUBLE: Final = TinyRedouble()
#: The six bids in rank order, 1H first: ``TINY_BIDS[bid.rank] == bid``.
TINY_BIDS: Final[tuple[TinyBid, ...]] = tuple(
    TinyBid(level, strain) for level in (1, 2) for strain in STRAINS
)
#: Every call in OpenSpiel's numbering: ``TINY_CALLS[i]`` is its action ``i`` (Pass 0,
#: 1H .. 2NT 1..6, Dbl 7, RDbl 8).
TINY_CALLS: Final[tuple[TinyCall, ...]] = (TINY_PASS, *TINY_BIDS, TINY_DOUBLE, TINY_REDOUBLE)


# ---------------------------------------------------------------------------
# Reading the texts


def _bid_of(text: str) -> TinyBid | None:
    """The tiny bid ``text`` writes (``1H``, ``2nt``, ``1♠``), or None: a text of no tiny
    bid is left to the other forms (bridge's ``3NT``, which the auction then refuses)."""
    match = _LEVEL_STRAIN.fullmatch(text.strip())
    if match is None:
        return None
    strain = _STRAIN_WORDS.get(match[2].upper(), _STRAIN_WORDS.get(match[2]))
    level = int(match[1])
    if strain is None or level not in (1, 2):
        return None
    return TINY_BIDS[3 * (level - 1) + STRAINS.index(strain)]


_CALL_WORDS: Final = {
    "pass": ("pass", "p"),
    "double": ("double", "x", "dbl"),
    "redouble": ("redouble", "xx", "rdbl"),
}
_CALLS: Final[dict[str, TinyCall]] = {
    "pass": TINY_PASS,
    "double": TINY_DOUBLE,
    "redouble": TINY_REDOUBLE,
}
#: The form bridge's calls are listed under too, so that the list of forms names it once.
_CALLS_FORM: Final = "pass/x/xx"


def _reader(name: str) -> ActionVerb:
    call = _CALLS[name]

    def read(text: str, words: list[str]) -> Action:
        if words:
            raise ActionError(f"invalid action: {shown(text)} (expected {name!r} alone)")
        return call

    return ActionVerb(_CALL_WORDS[name], _CALLS_FORM, read, type(call))


def _read_bid(text: str, words: list[str]) -> Action:
    """``bid 1H``, ``bid 2 NT``."""
    bid = _bid_of(" ".join(words)) if words else None
    if bid is None:
        raise ActionError(f"invalid action: {shown(text)} ({_BIDS_WORDS}, e.g. 'bid 1H' or '1H')")
    return bid


def parse_tiny_call(text: object) -> TinyCall:
    """A call from its text: ``1H``, ``bid 1H``, ``2nt``, ``pass``, ``p``, ``x``, ``xx``...

    >>> parse_tiny_call("1n"), parse_tiny_call("XX"), parse_tiny_call("bid 2S")
    (TinyBid(1, 'NT'), TinyRedouble(), TinyBid(2, 'S'))
    """
    if isinstance(text, str):
        words = text.split()
        key = words[0].lower() if words else ""
        for name, call in _CALLS.items():
            if key in _CALL_WORDS[name] and len(words) == 1:
                return call
        bid = _bid_of(" ".join(words[1:])) if key == "bid" else _bid_of(text)
        if bid is not None:
            return bid
    raise ActionError(f"invalid call: {shown(text)} (expected {_EXAMPLES}; {_BIDS_WORDS})")


#: The verbs of the calls, and the form of the bids (the bridge family declares them).
TINY_VERBS: Final[tuple[ActionVerb, ...]] = (
    ActionVerb(("bid",), "bid 3NT", _read_bid, TinyBid),  # (listed under bridge's form)
    *(_reader(name) for name in _CALLS),
)
TINY_FORMS: Final[tuple[ActionForm, ...]] = (ActionForm("1H..2NT", TinyBid, _bid_of),)


# ---------------------------------------------------------------------------
# The contract


@dataclass(frozen=True, slots=True)
class TinyContract(Contract):
    """The final contract (TBO-2.8): ``level`` tricks (1 or 2) in ``strain``, undoubled,
    doubled or redoubled (``doubled`` 0, 1, 2), ``declarer`` the seat that made the last
    bid; ``leader`` (declarer's right-hand opponent, TBO-3.2) leads to the first trick of
    the double-dummy play the scorer works out.  No card is played (TBO-3.1).
    """

    level: int = 1
    strain: str = "NT"
    doubled: int = 0
    declarer: int = 0

    @property
    def contract_text(self) -> str:
        """``2SX``: the contract as scorers write it."""
        return f"{self.level}{self.strain}{_DOUBLED_MARKS[self.doubled]}"

    def symbol(self) -> str:
        """``2♠X``: the contract as players write it."""
        return f"{self.level}{_strain_symbol(self.strain)}{_DOUBLED_MARKS[self.doubled]}"

    def needs_play(self) -> bool:
        """No card is played: the scorer scores the double-dummy result (TBO-3.1)."""
        return False

    def words(self) -> str:
        """``"Contract: 2♠X by W"``."""
        return f"Contract: {self.symbol()} by {seat_name(self.declarer)}"

    def result_words(self, tricks: Sequence[int]) -> str | None:
        """The deal is not played: its score is that of the double-dummy result."""
        return f"{self.symbol()} by {seat_name(self.declarer)}: scored double dummy"

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        out.update(
            contract=self.contract_text,
            level=self.level,
            strain=self.strain,
            doubled=self.doubled,
            declarer=self.declarer,
        )
        return out

    def __repr__(self) -> str:
        return (
            f"TinyContract({self.trump!r}, {self.leader!r}, level={self.level!r}, "
            f"strain={self.strain!r}, doubled={self.doubled!r}, declarer={self.declarer!r})"
        )


@dataclass(frozen=True, slots=True)
class TinyPassedOut(Contract):
    """A deal all four players passed (TBO-2.7): no contract, no play, 0 to both sides."""

    def needs_play(self) -> bool:
        """No card is played: the deal is over when the auction is."""
        return False

    def words(self) -> str:
        return "Passed out: no contract"

    def result_words(self, tricks: Sequence[int]) -> str | None:
        return "Passed out: no contract, 0 to both sides"

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        out.update(contract="Pass", passed_out=True)
        return out

    def __repr__(self) -> str:
        return f"TinyPassedOut({self.trump!r}, {self.leader!r})"


# ---------------------------------------------------------------------------
# The auction


class TinyBridgeAuction(Auction):
    """The auction of tiny bridge (TBO-2): from West, the dealer, clockwise, each player
    passes, bids higher than the last bid, doubles or redoubles; three passes in a row
    once four calls have been made end it.  ``play_turn_rule`` is kept for the contract's
    refusals (there is no play)."""

    #: The rule in words, as ``cardrules show``, ``cardrules diff`` and the rule pages print it.
    summary = (
        "from West (the dealer) clockwise, each player passes, bids (1H, 1S, 1NT, 2H, 2S, "
        "2NT, each higher than the last bid), doubles an opponent's last bid or redoubles "
        "an opponent's double of its own side's bid; three passes in a row once four calls "
        "have been made end the auction, four passes pass the deal out (0); the last bidder "
        "declares"
    )

    def __init__(self, *, play_turn_rule: str = NO_PLAY_RULE) -> None:
        self.play_turn_rule = play_turn_rule

    def __repr__(self) -> str:
        return f"TinyBridgeAuction(play_turn_rule={self.play_turn_rule!r})"

    @property
    def first_dealer(self) -> int:
        """West deals, and calls first (TBO-1.3): every game starts there."""
        return WEST

    @property
    def first_dealer_reason(self) -> str:
        """Why no other seat deals, as the kernel's refusal quotes it."""
        return f"West deals every deal ({DEALER_RULE})"

    def every_action(self) -> tuple[Action, ...]:
        """The nine calls in OpenSpiel's numbering (:data:`TINY_CALLS`)."""
        return TINY_CALLS

    def start(self, deal: DealInfo) -> TinyBridgeAuctionState:
        """The auction of a fresh deal: the dealer calls first."""
        return TinyBridgeAuctionState(self, deal.dealer, deal.direction)


class TinyBridgeAuctionState(AuctionState):
    """One deal's auction in progress: the calls so far and what they settled."""

    __slots__ = (
        "calls",
        "dealer",
        "direction",
        "doubled",
        "last_bid",
        "last_bidder",
        "owner",
        "passes",
        "seat",
    )

    #: Cited when another seat tries to call (the game checks the turn).
    turn_rule = ORDER_RULE

    def __init__(self, owner: TinyBridgeAuction, dealer: int, direction: Direction) -> None:
        self.owner = owner
        self.dealer = dealer
        self.direction = direction
        self.calls: list[tuple[int, TinyCall]] = []
        self.seat: int | None = dealer  # the seat to call; None once the auction is over
        self.last_bid: TinyBid | None = None
        self.last_bidder = -1
        self.doubled = 0  # of the last bid: 0, 1 doubled, 2 redoubled
        self.passes = 0  # passes in a row

    def __repr__(self) -> str:
        calls = " ".join(str(call) for _, call in self.calls)
        return f"<tiny bridge auction, dealer {seat_name(self.dealer)}: {calls}>"

    # -- the protocol the game calls -------------------------------------------

    def to_act(self) -> int | None:
        """The seat to call; None once the auction is over."""
        return self.seat

    def legal_actions(self) -> list[Action]:
        """Pass, every bid above the last, then double and redouble where allowed
        (OpenSpiel's order)."""
        seat = self.seat
        if seat is None:
            return []
        last = self.last_bid
        out: list[Action] = [TINY_PASS, *TINY_BIDS[0 if last is None else last.rank + 1 :]]
        if self._double_refused(seat) is None:
            out.append(TINY_DOUBLE)
        if self._redouble_refused(seat) is None:
            out.append(TINY_REDOUBLE)
        return out

    def apply(self, seat: int, action: Action) -> None:
        """A call by ``seat``; anything else is refused citing the rule it breaks, and the
        auction is left as it was."""

        def refusal(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(rule, reason, action=str(action), seat=seat)

        if self.seat is None:
            raise refusal(ORDER_RULE, "the auction is over")
        if seat != self.seat:
            raise refusal(ORDER_RULE, f"it is the turn of {seat_words(self.seat)} to call")
        if isinstance(action, Play):
            raise refusal(
                NO_PLAY_RULE,
                f"no card is played in tiny bridge: make a call ({_EXAMPLES}); the deal is "
                "scored from its double-dummy result",
            )
        if not isinstance(action, TinyCall):
            raise refusal(CALL_RULE, f"make a call of tiny bridge ({_EXAMPLES}; {_BIDS_WORDS})")
        why: tuple[str, str] | None = None
        if isinstance(action, TinyBid):
            why = self._bid_refused(action)
        elif isinstance(action, TinyDouble):
            why = self._double_refused(seat)
        elif isinstance(action, TinyRedouble):
            why = self._redouble_refused(seat)
        if why is not None:
            raise refusal(*why)
        self._record(seat, action)

    def result(self) -> TinyContract | TinyPassedOut | None:
        """The final contract once the auction is over (TBO-2.8), the deal passed out
        (TBO-2.7) when no one bid; None while it goes on."""
        if self.seat is not None:
            return None
        bid = self.last_bid
        turn_rule = self.owner.play_turn_rule
        if bid is None:
            return TinyPassedOut(None, self.dealer, turn_rule=turn_rule)
        declarer = self.last_bidder
        return TinyContract(
            bid.trump,
            self.direction.next(declarer, -1),  # declarer's right-hand opponent (TBO-3.2)
            level=bid.level,
            strain=bid.strain,
            doubled=self.doubled,
            declarer=declarer,
            turn_rule=turn_rule,
        )

    def public(self) -> dict[str, Any]:
        """The dealer, the calls in order with their seats and, once the auction is over,
        the contract and its declarer (every call is public, TBO-5.1)."""
        result = self.result()
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "calls": [[seat, str(call)] for seat, call in self.calls],
            "bidding": ", ".join(f"{seat_name(s)} {call}" for s, call in self.calls) or None,
            "contract": None,
            "declarer": None,
            "passed_out": isinstance(result, TinyPassedOut),
        }
        if isinstance(result, TinyContract):
            out.update(contract=result.contract_text, declarer=result.declarer)
        return out

    # -- the rules of each call ------------------------------------------------

    def _bid_refused(self, bid: TinyBid) -> tuple[str, str] | None:
        last = self.last_bid
        if last is None or bid > last:
            return None
        if bid == last:
            same = f"{bid} is the last bid"
        else:
            same = f"{bid} ranks below the last bid, {last}"
        higher = TINY_BIDS[last.rank + 1 :]
        hint = f"bid {higher[0]} or higher, or pass" if higher else "2NT is the highest bid"
        return SUFFICIENT_RULE, f"a bid must be higher than the last: {same} ({hint})"

    def _double_refused(self, seat: int) -> tuple[str, str] | None:
        last = self.last_bid
        if last is None:
            return DOUBLE_RULE, "there is no bid to double"
        by = f"{last} by {seat_name(self.last_bidder)}"
        if pair_of(self.last_bidder) == pair_of(seat):
            return DOUBLE_RULE, f"only an opponent's bid may be doubled ({by} is your side's)"
        if self.doubled:
            done = "doubled already" if self.doubled == 1 else "redoubled"
            return DOUBLE_RULE, f"{by} is {done}: it may be doubled once"
        return None

    def _redouble_refused(self, seat: int) -> tuple[str, str] | None:
        last = self.last_bid
        if last is None:
            return REDOUBLE_RULE, "there is no bid, and no double, to redouble"
        by = f"{last} by {seat_name(self.last_bidder)}"
        if pair_of(self.last_bidder) != pair_of(seat):
            return (
                REDOUBLE_RULE,
                f"only the side whose bid was doubled may redouble ({by} is the opponents')",
            )
        if self.doubled == 0:
            return REDOUBLE_RULE, f"{by} has not been doubled: there is no double to redouble"
        if self.doubled == 2:
            return REDOUBLE_RULE, f"{by} is redoubled already"
        return None

    def _record(self, seat: int, call: TinyCall) -> None:
        self.calls.append((seat, call))
        if isinstance(call, TinyBid):
            self.last_bid = call
            self.last_bidder = seat
            self.doubled = 0  # TBO-2.6: a bid is undoubled
            self.passes = 0
        elif isinstance(call, TinyPass):
            self.passes += 1
        else:
            self.doubled = 1 if isinstance(call, TinyDouble) else 2
            self.passes = 0
        over = len(self.calls) >= 4 and self.passes >= 3  # TBO-2.7
        self.seat = None if over else self.direction.next(seat)


# ---------------------------------------------------------------------------
# The rule bot's calls (D-4)

#: A card's high-card points in the rule bot's count: ace 4, king 3, queen 2, jack 1.
_POINTS: Final = {14: 4, 13: 3, 12: 2, 11: 1}


def _cheapest(strain: str, legal: Sequence[Action]) -> TinyBid | None:
    """The lowest legal bid in ``strain``, or None."""
    bids = [a for a in legal if isinstance(a, TinyBid) and a.strain == strain]
    return min(bids, key=lambda b: b.rank) if bids else None


def tiny_call_advice(
    hand: Sequence[tuple[str, int]],
    seat: int,
    calls: Sequence[tuple[int, str]],
    legal: Sequence[Action],
) -> Action:
    """The rule bot's call (D-4) for ``seat`` holding ``hand`` (suit letter and rank number
    of each card), after ``calls`` (seat and text, in order); always one of ``legal``.

    Points count ace 4, king 3, queen 2, jack 1 (ten in a suit).  With no bid yet: two
    cards of a suit and 5 points bid that suit (at the two level with ace-king), one of
    each suit and 6 points 1NT.  Over partner's bid in a suit, a card of that suit and 4
    points raise it to the two level; a double of its side's bid is redoubled with 5
    points.  Over an opponent's bid: 6 points and a card of its suit double it, two cards
    of a suit and 5 points bid that suit.  Otherwise a pass.

    >>> tiny_call_advice([("S", 14), ("S", 13)], 3, [], list(TINY_CALLS[:7]))
    TinyBid(2, 'S')
    >>> tiny_call_advice([("H", 11), ("S", 12)], 3, [], list(TINY_CALLS[:7]))
    TinyPass()
    """
    points = sum(_POINTS.get(rank, 0) for _, rank in hand)
    suits = {suit for suit, _ in hand}
    one_suit = next(iter(suits)) if len(suits) == 1 else None
    bids = [(s, parse_tiny_call(text)) for s, text in calls]
    last = next(((s, c) for s, c in reversed(bids) if isinstance(c, TinyBid)), None)
    want: Action | None = None
    if last is None:
        if one_suit is not None and points >= 5:
            want = TinyBid(2 if points >= 7 else 1, one_suit)
        elif one_suit is None and points >= 6:
            want = TinyBid(1, "NT")
    elif pair_of(last[0]) == pair_of(seat):
        bid = last[1]
        assert isinstance(bid, TinyBid)
        if TINY_REDOUBLE in legal and points >= 5:  # (legal: the opponents doubled it)
            want = TINY_REDOUBLE
        elif last[0] != seat and bid.level == 1 and bid.strain in suits and points >= 4:
            want = TinyBid(2, bid.strain)
    else:
        bid = last[1]
        assert isinstance(bid, TinyBid)
        if points >= 6 and (bid.strain in suits or bid.strain == "NT"):
            want = TINY_DOUBLE
        elif one_suit is not None and points >= 5:
            want = _cheapest(one_suit, legal)
    return want if want is not None and want in legal else TINY_PASS
