"""Throw-in tests and the end condition behind the Call Break house rules.

>>> from cardrules.cards import mask_of, parse_cards
>>> has_no_spade(mask_of(parse_cards("AH KH QD JC")))
True
>>> has_no_picture(mask_of(parse_cards("AS 10S 9H 2C")))
True
>>> has_no_picture(mask_of(parse_cards("AS JC")))
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from cardrules.cards import SUIT_MASKS, Suit
from cardrules.rules.components import (
    CallsContract,
    DealResult,
    DealsEnd,
    GameOver,
    Side,
    seat_words,
)

__all__ = [
    "BIG_CALL",
    "PICTURES_MASK",
    "HouseRulesEnd",
    "has_no_picture",
    "has_no_spade",
]

#: The call that wins the game at once under the "big call 8" house rule (APP-5.2, D-8).
BIG_CALL = 8

#: The pictures (face cards) J, Q, K of every suit; an ace is not a picture (D-5).
PICTURES_MASK = sum(0b111 << (13 * suit + 9) for suit in range(4))


def has_no_spade(hand: int) -> bool:
    """True for a hand without a single spade (APP-1.2: thrown in and redealt)."""
    return not hand & SUIT_MASKS[Suit.S]


def has_no_picture(hand: int) -> bool:
    """True for a hand without J, Q or K (APP-5.3: redealt when the house rule is on)."""
    return not hand & PICTURES_MASK


class HouseRulesEnd(DealsEnd):
    """The end of a game with the app's house rules.

    Checked after each scored deal, in this order: a successful big call
    (``big_call``: a seat that called 8 and took at least 8 wins at once,
    D-8), then the target score (``target``: any total at or above it ends
    the game, highest total wins, ties share, D-7), else ``deals`` deals.
    """

    def __init__(
        self,
        deals: int,
        rule: str = "",
        *,
        target: Decimal | None = None,
        target_rule: str = "",
        big_call: bool = False,
        big_call_rule: str = "",
    ) -> None:
        super().__init__(deals, rule, target, target_rule)
        self.big_call = big_call
        self.big_call_rule = big_call_rule

    def __repr__(self) -> str:
        return f"HouseRulesEnd({self.deals}, target={self.target}, big_call={self.big_call})"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` prints it, with the big call when it is on."""
        big = f"; a seat that calls {BIG_CALL} and takes {BIG_CALL} or more wins at once"
        return super().summary + (big if self.big_call else "")

    def check(self, deals: Sequence[DealResult], totals: Mapping[Side, Decimal]) -> GameOver | None:
        """A :class:`GameOver` when the game has ended after the last scored deal, else None."""
        last = deals[-1] if deals else None
        if self.big_call and last is not None and isinstance(last.contract, CallsContract):
            for seat, (call, took) in enumerate(
                zip(last.contract.calls, last.tricks, strict=False)
            ):
                if call == BIG_CALL and took >= BIG_CALL:
                    return GameOver(
                        f"{seat_words(seat)} called {BIG_CALL} and took {took} tricks",
                        self.big_call_rule,
                        winners=(seat,),
                    )
        return super().check(deals, totals)
