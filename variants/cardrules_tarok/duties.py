"""Tarok's duty of play as OpenSpiel has it: follow suit, else play a tarok; in klop and
the beggars, beat the trick if able and keep the Pagat back.

``tarok_follow`` (TKO-6.2, TKO-6.3): a follower plays a card of the suit led if it holds
one, else a tarok if it holds one, else any card.  Where the contract is negative (its
ranking ``tarok_negative``: klop, beggar, open beggar) the follower must also play a card
of that suit (or tarok) higher than the highest of it in the trick if it holds one;
except that following a suit when a tarok is already in the trick, or playing a tarok
when there is none in it, any such card will do.  The Pagat may then be led or played
only as the one card allowed; and a player holding the Pagat when the Mond and the Škis
are both in the trick must play it (the emperor's trick), whatever suit was led.

>>> from cardrules.deck import Ranking
>>> from cardrules.rules.duties import TrickState
>>> from cardrules_tarok.actions import DECK
>>> from cardrules_tarok.ranking import NEGATIVE, tarok_order
>>> order = DECK.order(Ranking(NEGATIVE), tarok_order)
>>> hand = DECK.mask_of(DECK.parse_cards("T1 T5 T9 KH"))
>>> t = TrickState.of(DECK.parse_cards("7C T6"), trump=None, order=order)
>>> [str(c) for c in DECK.cards_of(TarokFollow("TKO-6.3").narrow(hand, hand, t))]
['T9']
"""

from __future__ import annotations

from typing import ClassVar

from cardrules.deck import Card
from cardrules.rules.duties import Duty, TrickState
from cardrules_tarok.actions import DECK, MOND, PAGAT, SKIS, TAROKS
from cardrules_tarok.ranking import NEGATIVE

__all__ = ["TarokBeat", "TarokFollow", "TarokSuit"]

_PAGAT = 1 << PAGAT
_MOND_AND_SKIS = 1 << MOND | 1 << SKIS
#: Each card's suit as a mask (the taroks one suit), by card index.
_SUIT_OF: tuple[int, ...] = tuple(
    TAROKS if c.suit is None else DECK.suit_masks[c.suit] for c in DECK.cards
)


def _without_pagat(cards: int) -> int:
    """The cards without the Pagat, unless it is the only one (TKO-6.3)."""
    return cards & ~_PAGAT if cards & (cards - 1) else cards


class TarokFollow(Duty):
    """OpenSpiel's duty of play in Tarok (see the module's docstring)."""

    name = "tarok_follow"
    summary = (
        "Follow suit, else play a tarok; in klop and the beggars beat the highest card of "
        "that suit in the trick if able, and keep the Pagat back unless it is the only "
        "card allowed or the Mond and the Škis are both in the trick."
    )
    fast_steps: ClassVar[None] = None
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        assert t.order is not None
        negative = t.order.ranking.name == NEGATIVE
        if not t.cards:
            return _without_pagat(legal) if negative else legal
        take = _SUIT_OF[t.cards[0]]
        if not hand & take:
            if not hand & TAROKS:
                return legal
            take = TAROKS
        if not negative:
            return legal & take
        played = 0
        for index in t.cards:
            played |= 1 << index
        if hand & _PAGAT and played & _MOND_AND_SKIS == _MOND_AND_SKIS:
            return _PAGAT  # the emperor's trick: the Pagat must go (TKO-6.3)
        ours = legal & take
        in_trick = played & TAROKS
        if (take != TAROKS and in_trick) or (take == TAROKS and not in_trick):
            return _without_pagat(ours)
        best = -1
        for index in t.cards:
            if _SUIT_OF[index] == take and (best < 0 or t.order.higher[best] >> index & 1):
                best = index
        if best < 0:  # (a tarok to follow a suit card: the first tarok is the best so far)
            return _without_pagat(ours)
        higher = ours & t.order.higher[best]
        return _without_pagat(higher or ours)

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        shown = ", ".join(c.symbol() for c in DECK.cards_of(allowed))
        if not t.cards:
            return f"the Pagat may not be led while holding another card; allowed: {shown}"
        return f"allowed now: {shown} (follow suit, else a tarok; in klop and the beggars, beat)"


class TarokSuit(Duty):
    """The first half of :class:`TarokFollow`, as a duty of its own (TK-6.2): follow suit,
    else play a tarok; where the contract is negative and the Mond and the Škis are in the
    trick, the Pagat stays allowed whatever was led (:class:`TarokBeat` then asks for it)."""

    name = "tarok_suit"
    summary = "Follow suit (the taroks are a suit), else play a tarok, else any card."
    fast_steps: ClassVar[None] = None
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        assert t.order is not None
        if not t.cards:
            return legal
        take = _SUIT_OF[t.cards[0]]
        if not hand & take:
            if not hand & TAROKS:
                return legal
            take = TAROKS
        if t.order.ranking.name == NEGATIVE and hand & _PAGAT and _emperor(t):
            return legal & (take | _PAGAT)  # (the emperor's trick: TarokBeat decides)
        return legal & take

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        shown = ", ".join(c.symbol() for c in DECK.cards_of(allowed))
        return f"follow suit, else play a tarok; allowed: {shown}"


class TarokBeat(Duty):
    """The second half of :class:`TarokFollow`, as a duty of its own (TK-6.3): in klop and
    the beggars, beat the highest card of the suit played to if able, keep the Pagat back
    unless it is the only card allowed, and play it into the emperor's trick."""

    name = "tarok_beat"
    summary = (
        "In klop and the beggars beat the highest card of that suit in the trick if able, "
        "and keep the Pagat back unless it is the only card allowed or the Mond and the "
        "Škis are both in the trick."
    )
    fast_steps: ClassVar[None] = None
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        assert t.order is not None
        if t.order.ranking.name != NEGATIVE:
            return legal
        if not t.cards:
            return _without_pagat(legal)
        if hand & _PAGAT and _emperor(t):
            return legal & _PAGAT  # the emperor's trick: the Pagat must go
        take = _SUIT_OF[t.cards[0]]
        if not hand & take and hand & TAROKS:
            take = TAROKS
        ours = legal & take
        if not ours:  # (holding neither the suit nor a tarok: any card)
            return legal
        in_trick = 0
        for index in t.cards:
            in_trick |= 1 << index
        in_trick &= TAROKS
        if (take != TAROKS and in_trick) or (take == TAROKS and not in_trick):
            return _without_pagat(ours)
        best = -1
        for index in t.cards:
            if _SUIT_OF[index] == take and (best < 0 or t.order.higher[best] >> index & 1):
                best = index
        if best < 0:
            return _without_pagat(ours)
        higher = ours & t.order.higher[best]
        return _without_pagat(higher or ours)

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        shown = ", ".join(c.symbol() for c in DECK.cards_of(allowed))
        if not t.cards:
            return f"the Pagat may not be led while holding another card; allowed: {shown}"
        if allowed == _PAGAT:
            return "the Mond and the Škis are in the trick: the Pagat must be played"
        return f"beat the highest card of the suit in the trick if able; allowed: {shown}"


def _emperor(t: TrickState) -> bool:
    """Whether the Mond and the Škis are both in the trick."""
    played = 0
    for index in t.cards:
        played |= 1 << index
    return played & _MOND_AND_SKIS == _MOND_AND_SKIS
