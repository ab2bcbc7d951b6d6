"""Cards of the French 52-card pack, the default deck: its cards, suits and hand masks.

A card of the French pack is also a small integer ``index`` (0..51), so a hand is
a 52-bit integer mask; :mod:`cardrules.deck` numbers the cards of every deck
(other decks, their orders of play).  The hot path works on masks; the public
API hands out the interned :class:`Card` values.

>>> Card.parse("10H") == Card.parse("TH") == Card.parse("10♥")
True
>>> str(Card.parse("a♠")), Card.parse("AS").symbol()
('AS', 'A♠')
>>> [str(c) for c in cards_of(mask_of(parse_cards("2C AS 10D")))]
['2C', '10D', 'AS']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cardrules.deck import FRENCH_52, RANK_NAMES, Card, Suit, rank_name

__all__ = [
    "ALL_CARDS_MASK",
    "CARDS",
    "RANK_NAMES",
    "SUIT_MASKS",
    "Card",
    "Suit",
    "cards_of",
    "high_card_points",
    "mask_of",
    "parse_card",
    "parse_cards",
    "popcount",
    "rank_name",
]

#: The 52 cards, by index: 2C, 3C, ..., AC, 2D, ..., AS.
CARDS: tuple[Card, ...] = FRENCH_52.cards
#: Mask of all the cards of each suit, by suit number.
SUIT_MASKS: tuple[int, ...] = tuple(FRENCH_52.suit_masks[s] for s in Suit)
ALL_CARDS_MASK = FRENCH_52.all_mask


def parse_card(card: Card | str) -> Card:
    """A :class:`Card` from a card or its text."""
    if isinstance(card, Card):
        return card
    return Card.parse(card)


def parse_cards(cards: str | Iterable[Card | str]) -> list[Card]:
    """Cards from a whitespace/comma separated string or an iterable of cards or texts."""
    return FRENCH_52.parse_cards(cards)


def mask_of(cards: Iterable[Card]) -> int:
    """The hand mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> Iterator[Card]:
    """The cards of a mask, lowest index first (clubs 2 up to the spade ace)."""
    return FRENCH_52.cards_of(mask)


def popcount(mask: int) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()


#: The masks of all the jacks, queens, kings and aces.
_RANK_MASKS = tuple(FRENCH_52.rank_masks[rank] for rank in (11, 12, 13, 14))


def high_card_points(mask: int) -> int:
    """High-card points of a hand mask (A 4, K 3, Q 2, J 1)."""
    jacks, queens, kings, aces = _RANK_MASKS
    return (
        (mask & jacks).bit_count()
        + 2 * (mask & queens).bit_count()
        + 3 * (mask & kings).bit_count()
        + 4 * (mask & aces).bit_count()
    )
