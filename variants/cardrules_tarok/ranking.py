"""Tarok's orders of play: the taroks a trump suit above the four suits, the red suits
ranked the other way round, and the emperor's trick.

The taroks rank T1 (the Pagat) lowest to T22 (the Škis) highest and beat every card of
the suits (TKO-1.3); clubs and spades rank K Q C J 10 9 8 7, hearts and diamonds
K Q C J 1 2 3 4 from the top (TKO-1.2: the deck ``tarok-54``'s natural order).  A trick
holding the Pagat, the Mond and the Škis together is the Pagat's (TKO-6.4).  In a colour
valat the taroks are no trumps: a suit of their own that wins only when led, and the
emperor's trick holds only when a tarok was led (TKO-6.5).  Klop and the beggars play
the same order under a name of their own (``tarok_negative``), which the duty of play
reads (TKO-6.3).

>>> from cardrules.deck import Ranking
>>> from cardrules_tarok.actions import DECK
>>> order = DECK.order(Ranking(TAROK), tarok_order)
>>> [str(DECK.cards[i]) for i in order.ranked[1]]
['KD', 'QD', 'CD', 'JD', '1D', '2D', '3D', '4D']
>>> order.winner([DECK.parse(t).index for t in ("T22", "T1", "T21")])
1
>>> colour = DECK.order(Ranking(COLOUR), colour_order)
>>> colour.trump, colour.winner([DECK.parse(t).index for t in ("7C", "T22", "8C")])
(-1, 2)
"""

from __future__ import annotations

from cardrules.deck import Combo, Deck, OrderSpec, Ranking, natural_order

__all__ = ["COLOUR", "NEGATIVE", "TAROK", "colour_order", "tarok_order"]

#: The rankings' names, as a contract names them (``Contract.ranking``).
TAROK, NEGATIVE, COLOUR = "tarok", "tarok_negative", "tarok_colour"


def _emperor(deck: Deck, led: tuple[int, ...] = ()) -> Combo:
    """The emperor's trick: the Pagat takes a trick holding the Mond and the Škis."""
    pagat, mond, skis = (deck.parse(t).index for t in ("T1", "T21", "T22"))
    return Combo(pagat, (mond, skis), led)


def tarok_order(deck: Deck, ranking: Ranking) -> OrderSpec:
    """The taroks trumps above the suits in their natural order, and the emperor's trick."""
    spec = natural_order(deck, ranking)
    return spec._replace(combos=(_emperor(deck),), words=(*(s.word for s in deck.suits), "taroks"))


def colour_order(deck: Deck, ranking: Ranking) -> OrderSpec:
    """A colour valat's order: the taroks a suit of their own, no trumps; the emperor's
    trick only when a tarok was led."""
    spec = natural_order(deck, ranking)
    taroks = len(spec.rows) - 1
    return OrderSpec(
        spec.rows,
        -1,
        combos=(_emperor(deck, (taroks,)),),
        words=(*(s.word for s in deck.suits), "taroks"),
    )
