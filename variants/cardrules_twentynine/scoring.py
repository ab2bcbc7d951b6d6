"""Scoring a Twenty-Nine deal in game points, and the end of a game.

Each side counts the card points of the tricks it won (TN-1.3: 28 in the pack), and one
more for the last trick where the profile counts it (TN-1.4, an option).  The
bidding side that took at least its bid wins one game point; one that took fewer loses
one; the other side's score does not change (TN-6.1).  Where the pair was shown
(``FinishedDeal.calls``, TN-7.4), the bid the bidding side must reach goes down by 4 if it
showed it (not below the lowest bid), up by 4 if the other side did (not above the
highest).  A single hand wins its side three game points if it took every trick, and
loses three otherwise (TN-5.3).  A game ends
when a side reaches 6 game points (it wins) or -6 (it loses) (TN-6.2).

>>> from cardrules.deck import Suit
>>> from cardrules_twentynine.actions import DECK
>>> from cardrules_twentynine.auction import TwentyNineContract
>>> contract = TwentyNineContract(Suit.H, 3, bidder=1, bid=18)
>>> taken = [0, DECK.mask_of(DECK.parse_cards("JH JC JD JS 9H 9C 9D")), 0, 0]
>>> {k: str(v) for k, v in TwentyNineScorer().score_taken(contract, taken).items()}
{'NS': '0', 'EW': '1'}
>>> nineteen = TwentyNineContract(Suit.H, 3, bidder=1, bid=19)
>>> last_trick = TwentyNineScorer(last_trick=True)
>>> [str(last_trick.score_taken(nineteen, taken, last=s)["EW"]) for s in (0, 1)]
['-1', '1']
>>> TwentyNineScorer().target(TwentyNineContract(Suit.H, 3, bidder=1, bid=18), pair=3)
16
>>> TwentyNineScorer().target(TwentyNineContract(Suit.H, 3, bidder=1, bid=26), pair=0)
28
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from cardrules.errors import CardrulesError
from cardrules.rules.actions import Action
from cardrules.rules.components import (
    Contract,
    DealResult,
    EndCondition,
    FinishedDeal,
    GameOver,
    Scorer,
    Side,
    pair_of,
)
from cardrules_twentynine.actions import LAST_TRICK_BID, MAX_BID, ShowPair, card_points
from cardrules_twentynine.auction import TwentyNineContract

__all__ = [
    "GAME_POINTS",
    "PAIR_POINTS",
    "SINGLE_POINTS",
    "TwentyNineEnd",
    "TwentyNineScorer",
    "side_points",
]

#: The game points a bid won or lost is worth (TN-6.1), a single hand (TN-5.3).
GAME_POINTS, SINGLE_POINTS = 1, 3
#: How far the pair moves the bid the bidding side must reach (TN-7.4).
PAIR_POINTS = 4
#: The lowest bid, unless the profile sets another (TN-2.2).
MIN_BID = 16
#: Tricks in a deal: eight cards each.
TRICKS = 8


def side_points(taken: Sequence[int], seat: int) -> int:
    """The card points of the tricks won by ``seat``'s side (it and its partner)."""
    return card_points(taken[seat] | taken[(seat + 2) % 4])


class TwentyNineScorer(Scorer):
    """The game points of a Twenty-Nine deal by side, ``NS`` and ``EW`` (see the module)."""

    reads_taken = True

    def __init__(self, *, last_trick: bool = False, min_bid: int = MIN_BID) -> None:
        #: Whether the last trick counts a card point for the side that wins it (TN-1.4).
        self.last_trick = last_trick
        #: The lowest bid (TN-2.2): the pair takes the bid no lower (TN-7.4).
        self.min_bid = min_bid
        #: The highest bid (TN-2.2): the pair takes the bid no higher (TN-7.4).
        self.max_bid = LAST_TRICK_BID if last_trick else MAX_BID

    def __repr__(self) -> str:
        return f"TwentyNineScorer(last_trick={self.last_trick!r}, min_bid={self.min_bid!r})"

    def target(self, contract: TwentyNineContract, pair: int | None = None) -> int:
        """The card points the bidding side must take: the bid, moved by the pair shown by
        seat ``pair`` (None: not shown): 4 down if the bidding side showed it, not below
        the lowest bid; 4 up if the other side did, not above the highest (TN-7.4)."""
        if pair is None or contract.bidder is None:
            return contract.bid
        if pair % 2 == contract.bidder % 2:
            return max(self.min_bid, contract.bid - PAIR_POINTS)
        return min(self.max_bid, contract.bid + PAIR_POINTS)

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and the rule pages print it."""
        last = "the last trick counts a point; " if self.last_trick else ""
        return (
            f"{last}the bidding side that takes at least its bid in card points wins 1 game point, "
            "else loses 1; the pair shown moves the bid 4 down for the bidding side, 4 up for "
            f"the other (within {self.min_bid} to {self.max_bid}); a single hand wins 3 for "
            "every trick, else loses 3; the other side's score does not change"
        )

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """A single hand's score from the tricks; a bid is refused: it needs the cards."""
        if isinstance(contract, TwentyNineContract) and contract.single:
            return self._single(contract, tricks)
        raise CardrulesError(
            "Twenty-Nine scores the card points each side took, not the number of tricks: "
            "use rules.score_deal(bidder=..., bid=..., points=...)"
        )

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        """The scores of a deal of a game, from the cards each seat took."""
        if isinstance(deal.contract, TwentyNineContract) and deal.contract.single:
            return self._single(deal.contract, deal.tricks)
        last = deal.played[-1].winner if deal.played else None
        return self.score_taken(deal.contract, deal.taken, last=last, pair=pair_shown(deal.calls))

    def score_taken(
        self,
        contract: Contract,
        taken: Sequence[int],
        *,
        last: int | None = None,
        pair: int | None = None,
    ) -> dict[Side, Decimal]:
        """The scores of a bid from the cards each seat took (TN-6.1), ``last`` the seat
        that won the last trick (needed where it counts a point: TN-1.4), ``pair`` the seat
        that showed the pair (TN-7.4), None if none did."""
        if not isinstance(contract, TwentyNineContract):
            raise CardrulesError(
                f"a Twenty-Nine scorer scores Twenty-Nine contracts, not {contract!r}"
            )
        if len(taken) != 4:
            raise CardrulesError(f"invalid deal: {list(taken)!r} (expected the cards of 4 seats)")
        if contract.bidder is None:  # all passed: thrown in (TN-2.4)
            return self._sides(None, 0)
        points = side_points(taken, contract.bidder)
        if self.last_trick:
            if last is None:
                raise CardrulesError(
                    "the last trick counts a point (TN-1.4): give the seat that won it"
                )
            points += last % 2 == contract.bidder % 2
        made = points >= self.target(contract, pair)
        return self._sides(contract.bidder, GAME_POINTS if made else -GAME_POINTS)

    def _single(self, contract: TwentyNineContract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """A single hand: every trick won, or none of its side's (TN-5.3)."""
        assert contract.bidder is not None
        won = tricks[contract.bidder] == sum(tricks)
        return self._sides(contract.bidder, SINGLE_POINTS if won else -SINGLE_POINTS)

    @staticmethod
    def _sides(bidder: int | None, points: int) -> dict[Side, Decimal]:
        out: dict[Side, Decimal] = {"NS": Decimal(0), "EW": Decimal(0)}
        if bidder is not None:
            out[pair_of(bidder)] = Decimal(points)
        return out

    def score_deal(self, rules: Any, **given: object) -> dict[Side, Decimal]:
        """Scores from ``bidder=`` (a seat), ``bid=`` (16 to 28), ``points=`` (the card
        points the bidding side took, 0 to 28) and, where the pair was shown, ``pair=`` (the
        seat that showed it: TN-7.4)."""
        if not {"bidder", "bid", "points"} <= set(given) <= {"bidder", "bid", "points", "pair"}:
            raise CardrulesError(
                "invalid deal: give bidder= (a seat 0-3), bid= (the bid) and points= (the "
                "bidding side's card points, 0-28), and pair= (the seat that showed the pair) "
                "where one did: score_deal(bidder=1, bid=18, points=20)"
            )
        bidder, bid, points = given["bidder"], given["bid"], given["points"]
        pair = given.get("pair")
        if type(bidder) is not int or not 0 <= bidder <= 3:
            raise CardrulesError(f"invalid deal: bidder {bidder!r} (expected a seat 0-3)")
        if pair is not None and (type(pair) is not int or not 0 <= pair <= 3):
            raise CardrulesError(
                f"invalid deal: pair {pair!r} (expected the seat 0-3 that showed the pair)"
            )
        top = self.max_bid
        if type(bid) is not int or not 0 <= bid <= top:
            raise CardrulesError(f"invalid deal: bid {bid!r} (expected 0 to {top})")
        if type(points) is not int or not 0 <= points <= top:
            raise CardrulesError(
                f"invalid deal: points {points!r} (expected 0 to {top}, the last trick's "
                "point included where it counts)"
            )
        target = self.target(TwentyNineContract(None, bidder, bidder=bidder, bid=bid), pair)
        return self._sides(bidder, GAME_POINTS if points >= target else -GAME_POINTS)


def pair_shown(calls: Sequence[tuple[int, Action]]) -> int | None:
    """The seat that showed the pair among a deal's calls of the play (TN-7.4), or None."""
    return next((seat for seat, call in calls if isinstance(call, ShowPair)), None)


class TwentyNineEnd(EndCondition):
    """The game ends when a side's game points reach ``target`` (it wins) or ``-target``
    (the other side wins) (TN-6.2), or after ``deals`` deals (the higher total wins)."""

    def __init__(self, target: int, deals: int, rule: str = "", deals_rule: str = "") -> None:
        self.target = target
        self.deals = deals
        self.rule = rule
        self.deals_rule = deals_rule

    def __repr__(self) -> str:
        return f"TwentyNineEnd({self.target!r}, {self.deals!r}, {self.rule!r}, {self.deals_rule!r})"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and the rule pages print it."""
        return (
            f"the game ends when a side reaches {self.target} game points (it wins) or "
            f"-{self.target} (the other side wins), or after {self.deals} deals"
        )

    def check(self, deals: Sequence[DealResult], totals: Mapping[Side, Decimal]) -> GameOver | None:
        """The game is over once a side's total reaches ``target`` or ``-target``."""
        for side, other in (("NS", "EW"), ("EW", "NS")):
            total = totals.get(side, Decimal(0))
            if total >= self.target:
                return GameOver(f"{side} reached {self.target} game points", self.rule, (side,))
            if total <= -self.target:
                return GameOver(f"{side} fell to -{self.target} game points", self.rule, (other,))
        if len(deals) >= self.deals:
            return GameOver(f"{self.deals} deals played", self.deals_rule)
        return None
