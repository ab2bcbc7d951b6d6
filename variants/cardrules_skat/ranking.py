"""Skat's orders of play: the four jacks on top of the trumps, the ten above the king.

In a suit game the four jacks are the highest trumps, clubs, spades, hearts,
diamonds from the top, and then the trump suit's A 10 K Q 9 8 7 (SK-3.2); in a
grand the jacks are the only trumps (SK-3.3); every other suit ranks
A 10 K Q 9 8 7 (SK-3.1).  In a null game there are no trumps and each suit
ranks A K Q J 10 9 8 7, its jack in it (SK-3.4).

>>> from cardrules.deck import Ranking, Suit, named_deck
>>> deck = named_deck("piquet-32")
>>> order = deck.order(Ranking(SUIT_GAME, Suit.H), suit_game)
>>> [str(deck.cards[i]) for i in order.ranked[order.trump]]
['JC', 'JS', 'JH', 'JD', 'AH', '10H', 'KH', 'QH', '9H', '8H', '7H']
>>> [str(deck.cards[i]) for i in order.ranked[0]]
['AC', '10C', 'KC', 'QC', '9C', '8C', '7C']
>>> grand = deck.order(Ranking(GRAND), grand_game)
>>> [str(deck.cards[i]) for i in grand.ranked[grand.trump]]
['JC', 'JS', 'JH', 'JD']
>>> null = deck.order(Ranking(NULL), null_game)
>>> [str(deck.cards[i]) for i in null.ranked[2]], null.trump
(['AH', 'KH', 'QH', 'JH', '10H', '9H', '8H', '7H'], -1)
"""

from __future__ import annotations

from cardrules.deck import Deck, OrderSpec, Ranking, Suit

__all__ = ["GRAND", "JACK", "NULL", "SUIT_GAME", "grand_game", "null_game", "suit_game"]

#: The rankings' names, as a contract names them (``Contract.ranking``).
SUIT_GAME, GRAND, NULL = "skat_suit", "skat_grand", "skat_null"
#: The jack's rank number, and the ranks of a suit in a suit game or a grand, lowest first.
JACK = 11
_SUIT_RANKS = (7, 8, 9, 12, 13, 10, 14)
#: The jacks from the lowest: diamonds, hearts, spades, clubs (SK-3.2).
_JACKS = (Suit.D, Suit.H, Suit.S, Suit.C)


def _row(deck: Deck, suit: Suit) -> list[int]:
    return [deck.card(suit, rank).index for rank in _SUIT_RANKS]


def _jacks(deck: Deck) -> list[int]:
    return [deck.card(suit, JACK).index for suit in _JACKS]


def suit_game(deck: Deck, ranking: Ranking) -> OrderSpec:
    """A suit game with ``ranking.trump`` trumps: the jacks above the trump suit's cards."""
    trump = ranking.trump
    assert trump is not None and trump in deck.suits, ranking
    rows = [_row(deck, suit) + (_jacks(deck) if suit is trump else []) for suit in deck.suits]
    return OrderSpec(tuple(tuple(r) for r in rows), deck.suits.index(trump))


def grand_game(deck: Deck, ranking: Ranking) -> OrderSpec:
    """A grand: the four suits without their jacks, and the jacks a trump place of their own."""
    rows = [tuple(_row(deck, suit)) for suit in deck.suits]
    rows.append(tuple(_jacks(deck)))
    return OrderSpec(tuple(rows), len(rows) - 1, words=(*(s.word for s in deck.suits), "jacks"))


def null_game(deck: Deck, ranking: Ranking) -> OrderSpec:
    """A null game: no trumps, each suit in its natural order (7 8 9 10 J Q K A)."""
    rows = tuple(tuple(c.index for c in deck.cards_of(deck.suit_masks[s])) for s in deck.suits)
    return OrderSpec(rows)
