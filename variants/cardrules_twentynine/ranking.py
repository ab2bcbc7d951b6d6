"""Twenty-Nine's order of play: J 9 A 10 K Q 8 7 in every suit, the trumps' too (TN-1.2).

>>> from cardrules.deck import Ranking, Suit, named_deck
>>> deck = named_deck("piquet-32")
>>> order = deck.order(Ranking(TWENTYNINE, Suit.H), jack_nine)
>>> [str(deck.cards[i]) for i in order.ranked[order.trump]]
['JH', '9H', 'AH', '10H', 'KH', 'QH', '8H', '7H']
>>> plain = deck.order(Ranking(TWENTYNINE), jack_nine)
>>> [str(deck.cards[i]) for i in plain.ranked[0]], plain.trump
(['JC', '9C', 'AC', '10C', 'KC', 'QC', '8C', '7C'], -1)
"""

from __future__ import annotations

from cardrules.deck import Deck, OrderSpec, Ranking

__all__ = ["RANKS_LOW_FIRST", "TWENTYNINE", "jack_nine"]

#: The ranking's name, as profiles name it in ``[play] order``.
TWENTYNINE = "jack_nine"
#: The ranks of a suit, lowest first: 7 8 Q K 10 A 9 J (TN-1.2).
RANKS_LOW_FIRST = (7, 8, 12, 13, 10, 14, 9, 11)


def jack_nine(deck: Deck, ranking: Ranking) -> OrderSpec:
    """Every suit J 9 A 10 K Q 8 7 from the top; ``ranking.trump`` (if any) the trumps."""
    rows = tuple(
        tuple(deck.card(suit, rank).index for rank in RANKS_LOW_FIRST) for suit in deck.suits
    )
    trump = deck.suits.index(ranking.trump) if ranking.trump in deck.suits else -1
    return OrderSpec(rows, trump)
