"""The Spades lead duties: when a trump (a spade) may be led.

``trumps_broken_before_led`` (SP-3.4): no spade may be led until a spade has
been played to an earlier trick of the deal, unless the leader holds only
spades.  ``no_trump_lead_holding_other_suit`` (SPO-1.3, OpenSpiel 2.0.2,
which never marks spades as broken): a leader who holds any other suit may
not lead a spade, at any trick of the deal.

>>> from cardrules.cards import mask_of, parse_cards, cards_of, Suit
>>> hand = mask_of(parse_cards("AS 3H"))
>>> fresh = TrickState.of([], trump=Suit.S)
>>> [str(c) for c in cards_of(TrumpsBrokenBeforeLed("SP-3.4").narrow(hand, hand, fresh))]
['3H']
>>> broken = TrickState.of([], trump=Suit.S, played_before=mask_of(parse_cards("2S")))
>>> [str(c) for c in cards_of(TrumpsBrokenBeforeLed("SP-3.4").narrow(hand, hand, broken))]
['3H', 'AS']
>>> [str(c) for c in cards_of(NoTrumpLeadHoldingOtherSuit("SPO-1.3").narrow(hand, hand, broken))]
['3H']
"""

from __future__ import annotations

from cardrules.cards import CARDS, SUIT_MASKS, Card, Suit
from cardrules.rules.duties import Duty, FastStep, TrickState

__all__ = ["NoTrumpLeadHoldingOtherSuit", "TrumpsBrokenBeforeLed"]


def _lowest(mask: int) -> Card:
    return CARDS[(mask & -mask).bit_length() - 1]


class TrumpsBrokenBeforeLed(Duty):
    """No trump may be led until a trump has been played to an earlier trick, unless the
    leader holds only trumps."""

    name = "trumps_broken_before_led"
    summary = (
        "A trump may not be led until a trump has been played to an earlier trick of the "
        "deal (trumps are broken), unless the leader holds nothing but trumps."
    )
    # Its guard reads the cards of earlier tricks: the game works them out for it, and
    # the batch path leaves such a profile to the game engine.
    fast_steps = (FastStep("lead", "trumps_unbroken", "non_trumps"),)
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
        return (
            f"{word} are not broken (none has been played to an earlier trick) and you hold "
            f"another suit ({_lowest(allowed).symbol()}): no {word[:-1]} lead"
        )


class NoTrumpLeadHoldingOtherSuit(Duty):
    """A leader who holds a card of another suit may not lead a trump, at any trick."""

    name = "no_trump_lead_holding_other_suit"
    summary = "A leader who holds a card of another suit may not lead a trump, at any trick."
    fast_steps = (FastStep("lead", "always", "non_trumps"),)
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led >= 0 or t.trump < 0:
            return legal
        other = legal & ~SUIT_MASKS[t.trump]
        return other if other else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        word = Suit(t.trump).word
        return f"no {word[:-1]} lead while holding another suit ({_lowest(allowed).symbol()})"
