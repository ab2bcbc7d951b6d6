"""Doppelkopf's cards: the 48-card pack, its card points and the orders of play.

The pack holds two copies of each card from nine to ace in the four suits (DK-1.1);
the cards count ace 11, ten 10, king 4, queen 3, jack 2, nine 0: 240 in the pack
(DK-1.2).  In a normal game the trumps are, from the top, the ten of hearts, the
queens (clubs, spades, hearts, diamonds), the jacks in the same order, then the
diamonds ace, ten, king, nine; clubs and spades rank A 10 K 9, hearts A K 9 (DK-3.3).
A suit solo puts its suit where the diamonds were (the diamonds then rank as a plain
suit); a queen solo has the queens alone as trumps, a jack solo the jacks, a
fleshless solo none (DK-3.4).  Of two equal cards the first played wins (DK-3.5): the
kernel's copies share a strength.

>>> from cardrules.deck import Ranking, Suit
>>> order = DECK.order(Ranking(SUIT_SOLO, Suit.D), suit_solo)
>>> [str(DECK.cards[i]) for i in order.ranked[order.trump]][::2]
['10H', 'QC', 'QS', 'QH', 'QD', 'JC', 'JS', 'JH', 'JD', 'AD', '10D', 'KD', '9D']
>>> [str(DECK.cards[i]) for i in order.ranked[2]][::2]
['AH', 'KH', '9H']
>>> DECK.points_of(DECK.all_mask)
240
"""

from __future__ import annotations

from cardrules.deck import Deck, DeckSpec, OrderSpec, Ranking, Suit

__all__ = [
    "DECK",
    "DECK_NAME",
    "DECK_SPEC",
    "FLESHLESS",
    "JACK",
    "JACK_SOLO",
    "QUEEN",
    "QUEEN_SOLO",
    "SUIT_SOLO",
    "fleshless_solo",
    "jack_solo",
    "queen_solo",
    "suit_solo",
]

#: The pack's name, as a profile's ``[deck] name`` writes it.
DECK_NAME = "doppelkopf-48"
#: Two copies of each card from nine to ace, with the card points (DK-1.1, DK-1.2).
DECK_SPEC = DeckSpec.of(
    DECK_NAME,
    ranks=["9", "10", "J", "Q", "K", "A"],
    copies=2,
    points={"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2},
)
#: The pack itself (interned: the deck a game of a Doppelkopf profile plays with).
DECK: Deck = Deck(DECK_SPEC)

#: The rank numbers of the nine, the ten, the jack, the queen, the king and the ace.
NINE, TEN, JACK, QUEEN, KING, ACE = 9, 10, 11, 12, 13, 14
#: The suits from the lowest (a jack's or a queen's place among the trumps: DK-3.3).
LOW_TO_HIGH = (Suit.D, Suit.H, Suit.S, Suit.C)

#: The rankings' names, as a contract names them (``Contract.ranking``): the normal game
#: and a suit solo (the trump suit the contract's), the queen, jack and fleshless solos.
SUIT_SOLO, QUEEN_SOLO, JACK_SOLO, FLESHLESS = "dk_suit", "dk_queens", "dk_jacks", "dk_fleshless"


def _copies(deck: Deck, suit: Suit, ranks: tuple[int, ...]) -> list[int]:
    """The cards of ``ranks`` in ``suit``, lowest first, each card's copies together."""
    return [deck.card(suit, rank, copy).index for rank in ranks for copy in range(deck.copies)]


def _high_trumps(deck: Deck) -> list[int]:
    """The jacks, the queens and the ten of hearts, lowest first (DK-3.3)."""
    jacks = [i for suit in LOW_TO_HIGH for i in _copies(deck, suit, (JACK,))]
    queens = [i for suit in LOW_TO_HIGH for i in _copies(deck, suit, (QUEEN,))]
    return jacks + queens + _copies(deck, Suit.H, (TEN,))


def suit_solo(deck: Deck, ranking: Ranking) -> OrderSpec:
    """The normal game (diamonds) or a suit solo in ``ranking.trump``: the trump suit's
    A 10 K 9 under the jacks, the queens and the ten of hearts; the other suits A 10 K 9
    (hearts without its ten, a trump: DK-3.3, DK-3.4)."""
    trump = ranking.trump
    assert trump is not None and trump in deck.suits, ranking
    rows = []
    for suit in deck.suits:
        plain = (NINE, KING, ACE) if suit is Suit.H else (NINE, KING, TEN, ACE)
        row = _copies(deck, suit, plain)
        rows.append(tuple(row + _high_trumps(deck)) if suit is trump else tuple(row))
    return OrderSpec(tuple(rows), deck.suits.index(trump))


def _picture_solo(deck: Deck, rank: int, plain: tuple[int, ...], word: str) -> OrderSpec:
    rows = [tuple(_copies(deck, suit, plain)) for suit in deck.suits]
    rows.append(tuple(i for suit in LOW_TO_HIGH for i in _copies(deck, suit, (rank,))))
    return OrderSpec(tuple(rows), len(rows) - 1, words=(*(s.word for s in deck.suits), word))


def queen_solo(deck: Deck, ranking: Ranking) -> OrderSpec:
    """A queen solo: the queens alone are trumps (clubs highest); each suit A 10 K J 9."""
    return _picture_solo(deck, QUEEN, (NINE, JACK, KING, TEN, ACE), "queens")


def jack_solo(deck: Deck, ranking: Ranking) -> OrderSpec:
    """A jack solo: the jacks alone are trumps (clubs highest); each suit A 10 K Q 9."""
    return _picture_solo(deck, JACK, (NINE, QUEEN, KING, TEN, ACE), "jacks")


def fleshless_solo(deck: Deck, ranking: Ranking) -> OrderSpec:
    """A fleshless solo: no trumps; each suit A 10 K Q J 9."""
    plain = (NINE, JACK, QUEEN, KING, TEN, ACE)
    return OrderSpec(tuple(tuple(_copies(deck, suit, plain)) for suit in deck.suits))
