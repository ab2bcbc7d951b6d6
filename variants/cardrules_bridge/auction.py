"""The bridge auction (BR-2, Laws 17 to 22): from the dealer clockwise, bids in rank
order, doubles and redoubles, three passes to end it, four to pass the board out.

Each board's number is the ``first_board`` option plus the deal's number less one; it
fixes the board's dealer and vulnerability (BR-1.2).  The auction tells the kernel the
first board's dealer (``first_dealer``: ``dealer_of(first_board)``, with the reason a
game started by another seat is refused) and the kernel rotates the deal clockwise, so
board ``n`` is dealt by ``dealer_of(n)``.

>>> from cardrules.rules.components import DealInfo, Direction
>>> from cardrules_bridge.actions import parse_call
>>> state = BridgeAuction().start(DealInfo(0, (0, 0, 0, 0), Direction.named("clockwise")))
>>> for seat, call in enumerate(["1H", "pass", "4H", "double"]):
...     state.apply(seat, parse_call(call))
>>> [str(a) for a in state.legal_actions()]  # N: pass, redouble or a bid above 4H
['pass', 'redouble', '4S', '4NT', '5C', '5D', '5H', '5S', '5NT', '6C', '6D', '6H', '6S', \
'6NT', '7C', '7D', '7H', '7S', '7NT']
>>> for seat, call in enumerate(["pass", "pass", "pass"]):
...     state.apply(seat, parse_call(call))
>>> state.result().words()  # N named hearts first: N declares
'Contract: 4♥X by N, not vulnerable'
"""

from __future__ import annotations

from typing import Any, Final

from cardrules.errors import IllegalAction
from cardrules.rules.actions import Action, Bid, Play
from cardrules.rules.components import (
    Auction,
    AuctionState,
    DealInfo,
    Direction,
    pair_of,
    seat_name,
    seat_words,
)
from cardrules_bridge.actions import (
    BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    BridgeBid,
    BridgePass,
    Call,
    Double,
    Redouble,
)
from cardrules_bridge.contract import BridgeContract, PassedOut, contract_for
from cardrules_bridge.scoring import dealer_of, vulnerability

__all__ = [
    "BOARD_RULE",
    "CALL_RULE",
    "DOUBLE_RULE",
    "DUMMY_RULE",
    "ORDER_RULE",
    "PLAY_TURN_RULE",
    "REDOUBLE_RULE",
    "SUFFICIENT_RULE",
    "BridgeAuction",
    "BridgeAuctionState",
    "vulnerable_words",
]

#: The rule ids of ``profiles/bridge-duplicate.rules.md`` the auction's refusals cite.
#: A board's number fixes its dealer (and vulnerability).
BOARD_RULE: Final = "BR-1.2"
ORDER_RULE: Final = "BR-2.1"
CALL_RULE: Final = "BR-2.2"
SUFFICIENT_RULE: Final = "BR-2.3"
DOUBLE_RULE: Final = "BR-2.4"
REDOUBLE_RULE: Final = "BR-2.5"
#: Cited by the contract: a card out of turn, and a card of dummy's from another seat.
PLAY_TURN_RULE: Final = "BR-3.1"
DUMMY_RULE: Final = "BR-3.3"

_EXAMPLES: Final = "a bid 1C .. 7NT, 'pass', 'double' or 'redouble'"
_BID_WORDS: Final = "a bid names a level 1 to 7 and a strain C, D, H, S or NT (e.g. '1H' or '3NT')"


def vulnerable_words(ns: bool, ew: bool) -> str:
    """The vulnerability of a board as PBN and the boards print it: ``None``, ``NS``,
    ``EW`` or ``All``."""
    return ("None", "EW", "NS", "All")[2 * ns + ew]


class BridgeAuction(Auction):
    """The auction of contract bridge: from the dealer clockwise, each player in turn
    bids, passes, doubles or redoubles; three passes after a bid end it and four at the
    start pass the board out.  ``first_board`` is the number of the game's first board;
    ``play_turn_rule`` and ``control_rule`` are cited by the contract's refusals."""

    #: The rule in words, as ``cardrules show``, ``cardrules diff`` and the rule pages print it.
    summary = (
        "from the dealer clockwise, each player bids (1C lowest .. 7NT), passes, doubles an "
        "opponent's last bid or redoubles an opponent's double; each bid must outrank the "
        "last; three passes after a bid end the auction, four at the start pass the board "
        "out (scored 0); declarer is the first of the final side to name the final strain"
    )

    def __init__(
        self,
        *,
        first_board: int = 1,
        play_turn_rule: str = PLAY_TURN_RULE,
        control_rule: str = DUMMY_RULE,
    ) -> None:
        self.first_board = first_board
        self.play_turn_rule = play_turn_rule
        self.control_rule = control_rule

    def __repr__(self) -> str:
        return (
            f"BridgeAuction(first_board={self.first_board!r}, "
            f"play_turn_rule={self.play_turn_rule!r}, control_rule={self.control_rule!r})"
        )

    @property
    def first_dealer(self) -> int:
        """The dealer of the game's first board (BR-1.2): the kernel starts every game
        there, and refuses another dealer (``new_game(dealer=...)``)."""
        return dealer_of(self.first_board)

    @property
    def first_dealer_reason(self) -> str:
        """Why no other seat deals the first board, as the kernel's refusal quotes it."""
        dealer = seat_words(self.first_dealer)
        return f"board {self.first_board} is dealt by {dealer} ({BOARD_RULE})"

    def board_of(self, number: int) -> int:
        """The board number of the game's deal ``number`` (1-based)."""
        return self.first_board + number - 1

    def every_action(self) -> tuple[Action, ...]:
        """Pass, double, redouble and the 35 bids, lowest first."""
        return (PASS, DOUBLE, REDOUBLE, *BIDS)

    def start(self, deal: DealInfo) -> BridgeAuctionState:
        """The auction of a fresh board: the dealer calls first."""
        return BridgeAuctionState(self, deal.dealer, deal.direction, self.board_of(deal.number))


class BridgeAuctionState(AuctionState):
    """One board's auction in progress: the calls so far and what they settled."""

    __slots__ = (
        "board",
        "calls",
        "dealer",
        "direction",
        "doubled",
        "first_named",
        "last_bid",
        "last_bidder",
        "owner",
        "passes",
        "seat",
        "vulnerable",
    )

    #: Cited when another seat tries to call (the game checks the turn).
    turn_rule = ORDER_RULE

    def __init__(self, owner: BridgeAuction, dealer: int, direction: Direction, board: int) -> None:
        self.owner = owner
        self.dealer = dealer
        self.direction = direction
        self.board = board
        #: (NS vulnerable, EW vulnerable) on this board (BR-1.2).
        self.vulnerable = vulnerability(board)
        self.calls: list[tuple[int, Call]] = []
        self.seat: int | None = dealer  # the seat to call; None once the auction is over
        self.last_bid: BridgeBid | None = None
        self.last_bidder = -1
        self.doubled = 0  # of the last bid: 0, 1 doubled, 2 redoubled
        self.passes = 0  # passes in a row since the last call other than pass
        #: (side, strain) -> the seat of that side that named the strain first (BR-2.9).
        self.first_named: dict[tuple[str, str], int] = {}

    def __repr__(self) -> str:
        calls = " ".join(str(call) for _, call in self.calls)
        return f"<bridge auction, board {self.board}, dealer {seat_name(self.dealer)}: {calls}>"

    # -- the protocol the game calls -------------------------------------------

    def to_act(self) -> int | None:
        """The seat to call; None once the auction is over."""
        return self.seat

    def legal_actions(self) -> list[Action]:
        """Pass; double or redouble where allowed; every bid above the last (OpenSpiel's
        order: pass, double, redouble, then the bids from the lowest)."""
        seat = self.seat
        if seat is None:
            return []
        out: list[Action] = [PASS]
        last = self.last_bid
        if last is not None:  # (_double_refused and _redouble_refused, without their words)
            ours = pair_of(self.last_bidder) == pair_of(seat)
            if self.doubled == 0 and not ours:
                out.append(DOUBLE)
            elif self.doubled == 1 and ours:
                out.append(REDOUBLE)
        out += BIDS[0 if last is None else last.rank + 1 :]
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
                CALL_RULE, f"the auction is on: make a call ({_EXAMPLES}); the play follows it"
            )
        if isinstance(action, Bid):
            raise refusal(CALL_RULE, f"{_BID_WORDS} (got a call of tricks)")
        if not isinstance(action, Call):
            raise refusal(CALL_RULE, f"the auction is on: make a call ({_EXAMPLES})")
        why: tuple[str, str] | None = None
        if isinstance(action, BridgeBid):
            why = self._bid_refused(action)
        elif isinstance(action, Double):
            why = self._double_refused(seat)
        elif isinstance(action, Redouble):
            why = self._redouble_refused(seat)
        if why is not None:
            raise refusal(*why)
        self._record(seat, action)

    def result(self) -> BridgeContract | PassedOut | None:
        """The final contract once the auction is over (BR-2.9), the board passed out
        (BR-2.8) when no one bid; None while it goes on."""
        if self.seat is not None:
            return None
        bid = self.last_bid
        if bid is None:
            return PassedOut(None, self.dealer, board=self.board)
        side = pair_of(self.last_bidder)
        declarer = self.first_named[side, bid.strain]
        ns, ew = self.vulnerable
        return contract_for(
            bid.level,
            bid.strain,
            self.doubled,
            declarer,
            direction=self.direction,
            vulnerable=ns if side == "NS" else ew,
            board=self.board,
            turn_rule=self.owner.play_turn_rule,
            control_rule=self.owner.control_rule,
        )

    def public(self) -> dict[str, Any]:
        """The board, its dealer and vulnerability, the calls in order with their seats,
        and, once the auction is over, the contract and its declarer (every call is public)."""
        result = self.result()
        out: dict[str, Any] = {
            "board": self.board,
            "dealer": self.dealer,
            "vulnerable": vulnerable_words(*self.vulnerable),
            "calls": [[seat, str(call)] for seat, call in self.calls],
            "bidding": ", ".join(f"{seat_name(s)} {call}" for s, call in self.calls) or None,
            "contract": None,
            "declarer": None,
            "passed_out": isinstance(result, PassedOut),
        }
        if isinstance(result, BridgeContract):
            out.update(contract=result.contract_text, declarer=result.declarer)
        return out

    def deal_heading(self) -> str:
        """``"Board 7"``: a board is known by its number (BR-1.2)."""
        return f"Board {self.board}"

    def public_words(self) -> dict[str, str]:
        """The vulnerability as the rules say it (BR-1.2: none, NS, EW or both; ``public``
        keeps PBN's ``None`` and ``All``); the board's number is in the heading, and the
        bidding so far is told call by call as it goes.

        >>> BridgeAuction().start(DealInfo(1, (0, 0, 0, 0), Direction(1), number=4)).public_words()
        {'board': '', 'bidding': '', 'vulnerable': 'both'}
        """
        ns, ew = self.vulnerable
        return {"board": "", "bidding": "", "vulnerable": ("none", "EW", "NS", "both")[2 * ns + ew]}

    def exposed(self) -> frozenset[int]:
        """No hand is seen during the auction: dummy is shown after the opening lead."""
        return frozenset()

    # -- the rules of each call ------------------------------------------------

    def _bid_refused(self, bid: BridgeBid) -> tuple[str, str] | None:
        last = self.last_bid
        if last is None or bid > last:
            return None
        if bid == last:
            same = f"{bid} is the last bid"
        else:
            same = f"{bid} ranks below the last bid, {last}"
        higher = BIDS[last.rank + 1 :]
        hint = f"bid {higher[0]} or higher, or pass" if higher else "7NT is the highest bid"
        return SUFFICIENT_RULE, f"insufficient bid: {same} ({hint})"

    def _double_refused(self, seat: int) -> tuple[str, str] | None:
        last = self.last_bid
        if last is None:
            return DOUBLE_RULE, "there is no bid to double"
        by = f"{last} by {seat_name(self.last_bidder)}"
        if pair_of(self.last_bidder) == pair_of(seat):
            return DOUBLE_RULE, f"only an opponent's bid may be doubled ({by} is your side's)"
        if self.doubled == 1:
            return DOUBLE_RULE, f"{by} is doubled already"
        if self.doubled == 2:
            return DOUBLE_RULE, f"{by} is redoubled: it may no longer be doubled"
        return None

    def _redouble_refused(self, seat: int) -> tuple[str, str] | None:
        last = self.last_bid
        if last is None:
            return REDOUBLE_RULE, "there is no bid, and no double, to redouble"
        by = f"{last} by {seat_name(self.last_bidder)}"
        if self.doubled == 0:
            return REDOUBLE_RULE, f"{by} has not been doubled: there is no double to redouble"
        if self.doubled == 2:
            return REDOUBLE_RULE, f"{by} is redoubled already"
        if pair_of(self.last_bidder) != pair_of(seat):
            return (
                REDOUBLE_RULE,
                f"only the side whose bid was doubled may redouble ({by} is the opponents')",
            )
        return None

    def _record(self, seat: int, call: Call) -> None:
        self.calls.append((seat, call))
        if isinstance(call, BridgeBid):
            self.last_bid = call
            self.last_bidder = seat
            self.doubled = 0  # BR-2.6: a bid cancels any double or redouble before it
            self.passes = 0
            self.first_named.setdefault((pair_of(seat), call.strain), seat)
        elif isinstance(call, BridgePass):
            self.passes += 1
        else:
            self.doubled = 1 if isinstance(call, Double) else 2
            self.passes = 0
        over = self.passes == (4 if self.last_bid is None else 3)  # BR-2.8, BR-2.7
        self.seat = None if over else self.direction.next(seat)
