"""The Minibridge auction: points announced, dummy exposed, declarer chooses a contract.

There is no bidding (MB-2.5).  At the start of each deal the engine computes
every hand's high-card points and announces them from the dealer clockwise
(MB-2.1, D-4).  The pair with more than 20 plays; at 20-20 the deal is
redealt by the same dealer (MB-2.2, D-5).  Within the pair the player with
more points declares, the earlier announcer on a tie (MB-2.3).  Dummy's hand
is exposed to every seat at once, before the contract is chosen (MB-2.4);
declarer then chooses one of ten contracts (MB-3.1, D-6).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardrules.cards import high_card_points
from cardrules.errors import IllegalAction
from cardrules.rules.actions import Action, Bid, Play
from cardrules.rules.components import (
    Auction,
    AuctionState,
    Contract,
    DealInfo,
    Direction,
    seat_words,
)
from cardrules_minibridge.actions import ChooseContract
from cardrules_minibridge.contracts import CONTRACTS, contract_for, side_of

__all__ = ["PointsAuction", "PointsAuctionState", "choose_declarer"]

_EXAMPLE = "e.g. 'contract S game' or 'contract NT partscore'"


def choose_declarer(points: tuple[int, ...], order: tuple[int, ...]) -> int | None:
    """Declarer from the points by seat and the order of announcement; None at 20-20.

    The pair with more than 20 points plays (MB-2.2); within it the player
    with more points declares, the one who announced first on a tie (MB-2.3).
    """
    ns = points[0] + points[2]
    if ns == 20:
        return None
    pair = (0, 2) if ns > 20 else (1, 3)
    a, b = sorted(pair, key=order.index)
    return b if points[b] > points[a] else a


def _holds_points(points: int) -> Callable[[int], bool]:
    """A test of a hand (a mask): it holds ``points`` high-card points."""

    def test(mask: int) -> bool:
        return high_card_points(mask) == points

    return test


class PointsAuction(Auction):
    """Points announced from the dealer; the pair over 20 plays, its stronger hand declares.

    Each hand's high-card points are announced by the engine from the dealer
    clockwise; at 20-20 the same dealer deals again; on equal points in the
    playing pair the earlier announcer declares.  Dummy is exposed to every
    seat at once, then declarer chooses one of ten contracts: C, D, H, S or
    NT, as a part-score or a game.
    """

    #: When the auction calls for a redeal (MB-2.2), as ``cardrules show`` and the rule
    #: pages list it with the throw-ins (the game records it in ``game.throw_ins``).
    redeals = "neither pair has more than 20 points (20-20)"

    def __repr__(self) -> str:
        return "PointsAuction()"

    def hand_tests(self, public: Mapping[str, Any]) -> dict[int, Callable[[int], bool]]:
        """Every hand holds the points announced for it (MB-2.1): what a sampler of
        the hidden hands must keep to (the kernel's ``Auction.hand_tests``)."""
        points = public.get("points")
        if not isinstance(points, list):
            return {}
        return {seat: _holds_points(p) for seat, p in enumerate(points) if type(p) is int}

    def every_action(self) -> tuple[Action, ...]:
        """The ten contracts declarer may choose (D-6)."""
        return tuple(CONTRACTS)

    def start(self, deal: DealInfo) -> PointsAuctionState:
        """The auction of a fresh deal: points announced at once, dummy exposed."""
        return PointsAuctionState(deal.dealer, deal.hands, deal.direction)


class PointsAuctionState(AuctionState):
    """One deal's announcements and contract choice."""

    __slots__ = ("choice", "dealer", "declarer", "direction", "dummy", "order", "points")

    #: Cited when another seat tries to choose: declarer alone chooses, dummy does not advise.
    turn_rule = "MB-2.4"

    def __repr__(self) -> str:
        choice = "" if self.choice is None else f", {self.choice}"
        return f"<points auction, points {list(self.points)}, declarer {self.declarer}{choice}>"

    def __init__(self, dealer: int, hands: tuple[int, ...], direction: Direction) -> None:
        self.dealer = dealer
        self.direction = direction
        self.order = direction.order(dealer)
        self.points = tuple(high_card_points(h) for h in hands)
        self.declarer = choose_declarer(self.points, self.order)
        self.dummy = None if self.declarer is None else (self.declarer + 2) % 4
        self.choice: ChooseContract | None = None

    def to_act(self) -> int | None:
        """Declarer until the contract is chosen; None at 20-20 or once chosen."""
        return self.declarer if self.choice is None else None

    def legal_actions(self) -> list[Action]:
        """The ten contracts (D-6) while declarer has not chosen, else nothing."""
        return list(CONTRACTS) if self.to_act() is not None else []

    def apply(self, seat: int, action: Action) -> None:
        """Declarer's choice of contract; anything else is refused with the rule it breaks."""

        def refusal(rule: str, text: str) -> IllegalAction:
            return IllegalAction(rule, text, action=str(action), seat=seat)

        declarer = self.declarer
        if declarer is None:
            raise refusal("MB-2.2", "at 20-20 the cards are redealt")
        if self.choice is not None:
            raise refusal("MB-3.3", "the contract has already been chosen")
        if seat != declarer:
            raise refusal("MB-2.3", f"only declarer ({seat_words(declarer)}) chooses the contract")
        if isinstance(action, Bid):
            raise refusal(
                "MB-2.5",
                "there is no bidding in Minibridge: declarer chooses one of ten contracts "
                f"({_EXAMPLE})",
            )
        if isinstance(action, Play):
            raise refusal("MB-3.3", f"the contract is chosen before the opening lead ({_EXAMPLE})")
        if action not in CONTRACTS:
            raise refusal(
                "D-6",
                f"the contracts are C, D, H, S or NT, each as 'partscore' or 'game' ({_EXAMPLE})",
            )
        self.choice = action

    def result(self) -> Contract | None:
        """The contract once chosen; None before, and at 20-20 (redeal by the same dealer)."""
        if self.declarer is None or self.choice is None:
            return None
        return contract_for(self.choice, self.declarer, self.direction)

    def public(self) -> dict[str, Any]:
        """The announcements, the pairs' points, declarer, dummy and the contract chosen."""
        pairs = {"NS": self.points[0] + self.points[2], "EW": self.points[1] + self.points[3]}
        return {
            "dealer": self.dealer,
            "order": list(self.order),
            "points": list(self.points),
            "announcements": [[seat, self.points[seat]] for seat in self.order],
            "pairs": pairs,
            "redeal": self.declarer is None,
            "declaring_side": None if self.declarer is None else side_of(self.declarer),
            "declarer": self.declarer,
            "dummy": self.dummy,
            "contract": None if self.choice is None else str(self.choice),
        }

    @property
    def redeal_reason(self) -> str:
        """Why the game deals again when no pair has more than 20 points."""
        ns = self.points[0] + self.points[2]
        return f"no pair has more than 20 points (NS {ns}, EW {40 - ns}): redeal by the same dealer"

    def controller(self, seat: int) -> int:
        """Declarer decides for dummy from the moment dummy is known (MB-2.4, D-7)."""
        return self.declarer if seat == self.dummy and self.declarer is not None else seat

    def exposed(self) -> frozenset[int]:
        """Dummy, from the moment declarer is known (before the contract, MB-2.4)."""
        return frozenset() if self.dummy is None else frozenset((self.dummy,))
