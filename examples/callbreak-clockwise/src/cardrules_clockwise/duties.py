"""The duty this variant adds: spades (trumps) may not be led until broken (CW-3).

>>> from cardrules.cards import Suit, mask_of, parse_cards
>>> from cardrules import TrickState
>>> duty = SpadesNotLedUntilBroken("CW-3")
>>> hand = mask_of(parse_cards("AS 2H"))
>>> fresh = TrickState.of([], trump=Suit.S)
>>> duty.narrow(hand, hand, fresh) == mask_of(parse_cards("2H"))
True
>>> broken = TrickState.of([], trump=Suit.S, played_before=mask_of(parse_cards("3S")))
>>> duty.narrow(hand, hand, broken) == hand
True
"""

from __future__ import annotations

from cardrules import Duty, TrickState
from cardrules.cards import CARDS, SUIT_MASKS, Card, Suit

__all__ = ["SpadesNotLedUntilBroken"]


class SpadesNotLedUntilBroken(Duty):
    """A trump may not be led until one has been played to an earlier trick.

    Uses the kernel's ``TrickState.played_before`` (the cards of the earlier
    tricks of the deal).  A leader holding only trumps may lead one: that
    breaks them.  Following is not affected.
    """

    name = "spades_not_led_until_broken"
    summary = (
        "Spades (trumps) may not be led until a spade has been played to an earlier "
        "trick, unless the leader holds only spades."
    )
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led >= 0 or t.trump < 0:
            return legal
        trumps = SUIT_MASKS[t.trump]
        if t.played_before & trumps:
            return legal
        other = legal & ~trumps
        return other if other else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        word = Suit(t.trump).word
        low = CARDS[(allowed & -allowed).bit_length() - 1]
        return (
            f"{word} are not broken yet (none played to an earlier trick) and you hold "
            f"{low.symbol()}: lead another suit"
        )
