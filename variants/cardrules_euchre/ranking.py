"""The bowers: Euchre's ranking of the cards in play once trumps are made.

The jack of trumps (the right bower) is the highest trump and the other jack
of the same colour (the left bower) the next, above the ace (EU-1.4); the
left bower is a trump for every purpose of the deal and no card of its
printed suit (EU-1.3, EU-1.5).  The other suits rank A K Q J 10 9, their
natural order.  A deal without trumps (thrown in, EU-3.7) keeps the natural
order.

>>> from cardrules.deck import Ranking, Suit, named_deck
>>> deck = named_deck("euchre-24")
>>> order = deck.order(Ranking("bowers", Suit.H), bowers)
>>> [str(c) for c in deck.cards_of(order.trumps)]
['JD', '9H', '10H', 'JH', 'QH', 'KH', 'AH']
>>> [str(c) for c in sorted(deck.cards_of(order.trumps), key=lambda c: order.strength[c.index])]
['9H', '10H', 'QH', 'KH', 'AH', 'JD', 'JH']
"""

from __future__ import annotations

from cardrules.deck import Deck, OrderSpec, Ranking, Suit

__all__ = ["BOWERS", "bowers", "left_bower_suit"]

#: The name of the ranking, as ``[play] order`` names it.
BOWERS = "bowers"

#: The suit of the same colour (EU-1.4): clubs and spades, diamonds and hearts.
_TWIN = {Suit.C: Suit.S, Suit.S: Suit.C, Suit.D: Suit.H, Suit.H: Suit.D}
#: The jack's rank number.
JACK = 11


def left_bower_suit(trump: Suit) -> Suit:
    """The printed suit of the left bower when ``trump`` is trumps (EU-1.4).

    >>> left_bower_suit(Suit.H), left_bower_suit(Suit.C)
    (Suit.D, Suit.S)
    """
    return _TWIN[trump]


def bowers(deck: Deck, ranking: Ranking) -> OrderSpec:
    """The order of play with ``ranking.trump`` trumps: each suit in its natural order,
    the left bower taken out of its suit, and the trump suit ranked 9 10 Q K A, the
    left bower, the right bower (lowest first)."""
    trump = ranking.trump
    if trump is None or trump not in deck.suits:
        rows = tuple(tuple(c.index for c in deck.cards_of(deck.suit_masks[s])) for s in deck.suits)
        return OrderSpec(rows)
    right = deck.card(trump, JACK).index
    left = deck.card(_TWIN[trump], JACK).index
    out: list[tuple[int, ...]] = []
    for suit in deck.suits:
        row = [
            c.index for c in deck.cards_of(deck.suit_masks[suit]) if c.index not in (left, right)
        ]
        if suit is trump:
            row += [left, right]
        out.append(tuple(row))
    return OrderSpec(tuple(out), deck.suits.index(trump))
