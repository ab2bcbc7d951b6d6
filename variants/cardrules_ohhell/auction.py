"""The Oh Hell bidding: one bid each from the dealer's left, the dealer last, with the hook.

Every player bids once, from the player on the dealer's left round to the
dealer (OH-3.1): a number of tricks from 0 to the number of cards each
player holds in this deal (OH-3.2).  The dealer may not bid the one number
that makes the bids add up to the tricks of the deal, the hook (OH-3.3,
D-5).  The trump is the suit of the card turned up from the stock (OH-2.4),
no-trump when no card is left (D-6); the player on the dealer's left leads
to the first trick (OH-4.1, D-8).

>>> from cardrules.cards import mask_of, parse_cards
>>> from cardrules.rules.actions import Bid
>>> from cardrules.rules.components import DealInfo, Direction
>>> hands = tuple(mask_of(parse_cards(h)) for h in ("AS 2C", "KS 3C", "QS 4C", "JS 5C"))
>>> state = OhHellBids().start(DealInfo(3, hands, Direction.named("clockwise"), (51,)))
>>> for seat, bid in ((0, 1), (1, 0), (2, 0)):
...     state.apply(seat, Bid(bid))
>>> state
<oh hell bids, dealer 3, 2 cards each, bids [1, 0, 0, None], dealer may not bid 1>
>>> [str(a) for a in state.legal_actions()]
['bid 0', 'bid 2']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardrules.cards import Suit
from cardrules.errors import IllegalAction
from cardrules.rules.actions import Action, Bid
from cardrules.rules.components import (
    Auction,
    AuctionState,
    CallsContract,
    DealInfo,
    Direction,
    FreeCalls,
    seat_name,
    seat_words,
    trump_words,
)

__all__ = [
    "BID_RULE",
    "HOOK_RULE",
    "ORDER_RULE",
    "ExactCallsContract",
    "OhHellBids",
    "OhHellBidsState",
    "forbidden_bid",
]

#: The rule ids of the family's rule text (``profiles/oh-hell.rules.md``) that the
#: bidding cites: the order of bidding, the bids allowed, the hook.
ORDER_RULE = "OH-3.1"
BID_RULE = "OH-3.2"
HOOK_RULE = "OH-3.3"


#: The bids of a hand of up to 52 cards, made once (a deal's legal bids are these).
_BIDS: tuple[Action, ...] = tuple(Bid(n) for n in range(53))
#: The bids 0..n of a hand of n cards, by n, made once (the calls the core may take).
_RANGES: tuple[tuple[Action, ...], ...] = tuple(_BIDS[: n + 1] for n in range(53))


def forbidden_bid(hand_size: int, earlier: Sequence[int]) -> int | None:
    """The dealer's forbidden bid under the hook, or None when no bid is forbidden.

    The number that would bring the bids to ``hand_size`` (OH-3.3); none when
    that number is below 0 or above the hand size (OH-7.2).

    >>> forbidden_bid(5, [2, 0, 1]), forbidden_bid(10, [6, 3, 2]), forbidden_bid(1, [0, 0, 0])
    (2, None, 1)
    """
    rest = hand_size - sum(earlier)
    return rest if 0 <= rest <= hand_size else None


@dataclass(frozen=True, slots=True)
class ExactCallsContract(CallsContract):
    """The bids of an Oh Hell deal: a bid is made only with exactly that many tricks.

    A :class:`~cardrules.rules.components.CallsContract` (``calls`` holds one bid
    per seat, so the call scorers read it), whose :meth:`made` is exact
    (OH-1.3): one trick more is as bad as one trick fewer.
    """

    made_label: ClassVar[str] = "bids made exactly"

    def made(self, tricks: Sequence[int]) -> dict[str, bool]:
        """Each seat's bid, made when it took exactly that many tricks (OH-1.3, OH-5.1)."""
        return {
            f"seat {seat}": took == bid
            for seat, (bid, took) in enumerate(zip(self.calls, tricks, strict=True))
        }

    def words(self) -> str:
        """``"Bids: N 3, E 4, S 2, W 3; trumps hearts"``."""
        bids = ", ".join(f"{seat_name(s)} {b}" for s, b in enumerate(self.calls))
        return f"Bids: {bids}; {trump_words(self.trump)}"

    def result_words(self, tricks: Sequence[int]) -> str | None:
        """``"Bids made exactly: N, W"`` (or ``"no bid made exactly"``)."""
        made = [seat_name(s) for s, ok in enumerate(self.made(tricks).values()) if ok]
        return f"Bids made exactly: {', '.join(made)}" if made else "No bid made exactly"


class OhHellBids(Auction):
    """Each player bids once from the dealer's left, the dealer last; the hook binds the dealer.

    Bids run from 0 to the deal's hand size; the dealer may not bid the number
    that makes the bids total the tricks of the deal.  The trump is the suit of
    the card turned up from the stock (no-trump when none is left), unless the
    profile fixes one; the dealer's left leads.  ``order_rule``, ``bid_rule``
    and ``hook_rule`` are the rule ids refusals cite (a bid out of turn, a bid
    out of range, the hook), ``play_turn_rule`` the one a card out of turn cites.
    """

    def __init__(
        self,
        *,
        turn_up: bool = True,
        trump: Suit | None = None,
        order_rule: str = ORDER_RULE,
        bid_rule: str = BID_RULE,
        hook_rule: str = HOOK_RULE,
        play_turn_rule: str = "",
    ) -> None:
        #: The trump is the suit of the stock's top card (else ``trump``, fixed or None).
        self.turn_up = turn_up
        self.trump = trump
        self.order_rule = order_rule
        self.bid_rule = bid_rule
        self.hook_rule = hook_rule
        self.play_turn_rule = play_turn_rule

    #: The rule in words, as ``cardrules show`` and the rule pages print it.
    summary = (
        "one bid each, 0 to the hand size, from the dealer's left round to the dealer; "
        "the dealer may not bid the number that makes the bids total the tricks"
    )

    def __repr__(self) -> str:
        return (
            f"OhHellBids(turn_up={self.turn_up!r}, trump={self.trump!r}, "
            f"order_rule={self.order_rule!r}, bid_rule={self.bid_rule!r}, "
            f"hook_rule={self.hook_rule!r}, play_turn_rule={self.play_turn_rule!r})"
        )

    def every_action(self) -> tuple[Action, ...]:
        """The bids 0 to 17, the most cards a hand holds at three players."""
        return tuple(Bid(n) for n in range(52 // 3 + 1))

    def start(self, deal: DealInfo) -> OhHellBidsState:
        """The bidding of a fresh deal: the hand size is that of the hands dealt."""
        trump = self.trump
        if self.turn_up:
            card = deal.turned_up
            trump = None if card is None else card.suit
        hand_size = deal.hands[0].bit_count() if deal.hands else 0
        return OhHellBidsState(self, deal.dealer, deal.direction, hand_size, trump)


class OhHellBidsState(AuctionState):
    """One deal's bidding in progress: the bids so far, in the order of bidding."""

    __slots__ = ("bids", "dealer", "direction", "hand_size", "made", "order", "owner", "trump")

    def __init__(
        self,
        owner: OhHellBids,
        dealer: int,
        direction: Direction,
        hand_size: int,
        trump: Suit | None,
    ) -> None:
        self.owner = owner
        self.dealer = dealer
        self.direction = direction
        self.hand_size = hand_size
        self.trump = trump
        #: The seats in order of bidding: the dealer's left first, the dealer last (OH-3.1).
        self.order = direction.order(direction.next(dealer))
        self.bids: list[int | None] = [None] * direction.players
        self.made = 0  # the bids made so far

    def __repr__(self) -> str:
        forbidden = self.forbidden()
        hook = "" if forbidden is None else f", dealer may not bid {forbidden}"
        return (
            f"<oh hell bids, dealer {self.dealer}, {self.hand_size} cards each, "
            f"bids {self.bids}{hook}>"
        )

    @property
    def turn_rule(self) -> str:
        """The rule a bid out of turn breaks (the order of bidding)."""
        return self.owner.order_rule

    def forbidden(self) -> int | None:
        """The bid the hook forbids the dealer, once every other seat has bid; else None."""
        if self.made != len(self.order) - 1:
            return None
        return forbidden_bid(self.hand_size, [b for b in self.bids if b is not None])

    def to_act(self) -> int | None:
        """The next seat in the order of bidding; None once the dealer has bid."""
        n = self.made
        return self.order[n] if n < len(self.order) else None

    def legal_actions(self) -> list[Action]:
        """The bids 0..hand size, less the one the hook forbids the dealer."""
        if self.made >= len(self.order):
            return []
        size = self.hand_size
        bids: list[Action] = list(_BIDS[: size + 1])
        bids.extend(Bid(n) for n in range(len(bids), size + 1))  # (a hand of over 52 cards)
        forbidden = self.forbidden()
        if forbidden is not None and forbidden < len(bids):
            del bids[forbidden]
        return bids

    def free_calls(self) -> FreeCalls | None:
        """Every bid but the dealer's, the last: 0 to the hand size, whatever the others
        bid (the hook binds the dealer alone, OH-3.3)."""
        order = self.order
        if self.made >= len(order) - 1 or self.hand_size >= len(_RANGES):
            return None
        return FreeCalls(order[self.made : -1], order[-1], _RANGES[self.hand_size])

    def apply(self, seat: int, action: Action) -> None:
        """A bid by ``seat``; anything else is refused with the rule it breaks, nothing changed."""
        owner = self.owner

        def refusal(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(rule, reason, action=str(action), seat=seat)

        to_act = self.to_act()
        if to_act is None:
            raise refusal(owner.order_rule, "every player has bid: play a card")
        if seat != to_act:
            turn = f"it is the turn of {seat_words(to_act)} to bid"
            raise refusal(owner.order_rule, turn)
        if not isinstance(action, Bid):
            raise refusal(
                owner.bid_rule,
                f"the bidding is on: bid 0 to {self.hand_size} tricks (e.g. 'bid 1')",
            )
        if not 0 <= action.tricks <= self.hand_size:
            raise refusal(
                owner.bid_rule,
                f"a bid must be 0 to {self.hand_size} tricks, the cards each player holds "
                f"(got {action.tricks})",
            )
        forbidden = self.forbidden()
        if action.tricks == forbidden:
            others = sum(b for b in self.bids if b is not None)
            raise refusal(
                owner.hook_rule,
                f"the dealer may not bid {forbidden}: the bids would total {self.hand_size}, "
                f"the tricks of the deal (the others bid {others})",
            )
        self.bids[seat] = action.tricks
        self.made += 1

    def result(self) -> ExactCallsContract:
        """The bids, the trump and the first leader (the dealer's left, OH-4.1)."""
        return ExactCallsContract(
            self.trump,
            self.order[0],
            calls=tuple([b or 0 for b in self.bids]),
            turn_rule=self.owner.play_turn_rule,
        )

    def public(self) -> dict[str, Any]:
        """The dealer, the order of bidding, the hand size, the bids so far and the hook."""
        return {
            "dealer": self.dealer,
            "order": list(self.order),
            "hand_size": self.hand_size,
            "bids": list(self.bids),
            "dealer_may_not_bid": self.forbidden(),
        }

    def exposed(self) -> frozenset[int]:
        """No hand is ever shown (D-10)."""
        return frozenset()
