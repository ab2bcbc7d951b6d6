"""Cards, suits, ranks and hands as bit masks.

A card is also a small integer ``index = suit * 13 + (rank - 2)`` (0..51), so
a hand is a 52-bit integer mask.  The hot path works on masks; the public API
hands out the 52 interned :class:`Card` values.

>>> Card.parse("10H") == Card.parse("TH") == Card.parse("10♥")
True
>>> str(Card.parse("a♠")), Card.parse("AS").symbol()
('AS', 'A♠')
>>> [str(c) for c in cards_of(mask_of(parse_cards("2C AS 10D")))]
['2C', '10D', 'AS']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from cardrules.errors import CardError, shown

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


class Suit(enum.IntEnum):
    """The four suits, lowest first (bridge order): clubs, diamonds, hearts, spades."""

    C = 0
    D = 1
    H = 2
    S = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣ ♦ ♥ ♠``."""
        return _SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """The suit's name in the plural, lower case: ``"spades"``."""
        return _SUIT_WORDS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read ``"S"``, ``"s"``, ``"♠"`` or ``"spades"``."""
        if not isinstance(text, str):
            raise CardError(f"invalid suit: {shown(text)} (expected text such as 'S' or '♠')")
        key = text.strip().lower()
        found = _SUIT_LOOKUP.get(key)
        if found is None:
            raise CardError(
                f"invalid suit: {shown(text)} (expected one of C D H S, ♣ ♦ ♥ ♠ or a suit name)"
            )
        return found

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_SYMBOLS = {Suit.C: "♣", Suit.D: "♦", Suit.H: "♥", Suit.S: "♠"}
_SUIT_WORDS = {Suit.C: "clubs", Suit.D: "diamonds", Suit.H: "hearts", Suit.S: "spades"}
_SUIT_LOOKUP: dict[str, Suit] = {}
for _s in Suit:
    _SUIT_LOOKUP[_s.name.lower()] = _s
    _SUIT_LOOKUP[_SUIT_SYMBOLS[_s]] = _s
    _SUIT_LOOKUP[_SUIT_WORDS[_s]] = _s
    _SUIT_LOOKUP[_SUIT_WORDS[_s][:-1]] = _s
for _alt, _s in (("♤", Suit.S), ("♡", Suit.H), ("♢", Suit.D), ("♧", Suit.C)):
    _SUIT_LOOKUP[_alt] = _s

#: Rank names by rank number 2..14 (index 0 and 1 unused).
RANK_NAMES = ("", "", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_LOOKUP = {name: rank for rank, name in enumerate(RANK_NAMES) if name}
_RANK_LOOKUP["T"] = 10
_RANK_LOOKUP["1"] = 14  # never produced; "1" alone is not a rank, guarded below
del _RANK_LOOKUP["1"]


def rank_name(rank: int) -> str:
    """The printed name of a rank number: ``rank_name(14) == "A"``."""
    return RANK_NAMES[rank]


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One playing card.  Use :meth:`parse` or :data:`CARDS`; values are interned."""

    suit: Suit
    rank: int  # 2..14, ace high
    #: The card's number 0..51 (suit * 13 + rank - 2); its bit in a hand mask.
    #: Stored, not computed: the hot path reads it for every card played.
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Only the deck's 52 cards exist: a forged card (rank 1 or 99, a suit
        # that is not a Suit) would break the masks far from where it was made.
        suit, rank = self.suit, self.rank
        if type(rank) is not int or not 2 <= rank <= 14:
            raise CardError(f"invalid card: rank {shown(rank)} (expected 2..14, ace high)")
        if not isinstance(suit, Suit):
            if type(suit) is not int or not 0 <= suit <= 3:
                raise CardError(f"invalid card: suit {shown(suit)} (expected a Suit: C D H S)")
            object.__setattr__(self, "suit", Suit(suit))
        object.__setattr__(self, "index", self.suit * 13 + rank - 2)

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << (self.suit * 13 + self.rank - 2)

    @property
    def points(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1, others 0."""
        return max(0, self.rank - 10)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank then suit, ``AH``, ``10H``, ``TH``, ``A♥``, ``ah``."""
        if not isinstance(text, str):
            raise CardError(f"invalid card: {shown(text)} (expected text such as 'AH' or '10♥')")
        raw = text.strip()
        if len(raw) < 2:
            raise CardError(
                f"invalid card: {shown(text)} (expected rank then suit, e.g. 'AH', '10♥')"
            )
        rank = _RANK_LOOKUP.get(raw[:-1].upper())
        suit = _SUIT_LOOKUP.get(raw[-1].lower())
        if rank is None or suit is None:
            raise CardError(
                f"invalid card: {shown(text)} (expected rank 2-10, J, Q, K, A or T, "
                f"then suit C, D, H, S or ♣ ♦ ♥ ♠, e.g. 'AH', '10♥')"
            )
        return CARDS[suit * 13 + rank - 2]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with number ``index`` (0..51)."""
        if type(index) is not int or not 0 <= index < 52:
            raise CardError(f"invalid card index: {index!r} (expected 0..51)")
        return CARDS[index]

    def symbol(self) -> str:
        """The card with its suit symbol, for people: ``"A♥"``."""
        return RANK_NAMES[self.rank] + _SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + self.suit.name

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


#: The 52 cards, by index: 2C, 3C, ..., AC, 2D, ..., AS.
CARDS: tuple[Card, ...] = tuple(object.__new__(Card) for _ in range(52))
for _i, _c in enumerate(CARDS):
    object.__setattr__(_c, "suit", Suit(_i // 13))
    object.__setattr__(_c, "rank", _i % 13 + 2)
    object.__setattr__(_c, "index", _i)

#: Mask of all the cards of each suit, by suit number.
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
ALL_CARDS_MASK = (1 << 52) - 1


def parse_card(card: Card | str) -> Card:
    """A :class:`Card` from a card or its text."""
    if isinstance(card, Card):
        return card
    return Card.parse(card)


def parse_cards(cards: str | Iterable[Card | str]) -> list[Card]:
    """Cards from a whitespace/comma separated string or an iterable of cards or texts."""
    if isinstance(cards, str):
        items: Iterable[Card | str] = cards.replace(",", " ").split()
    elif isinstance(cards, Iterable) and not isinstance(cards, bytes | Card):
        items = cards
    else:
        raise CardError(f"invalid cards: {shown(cards)} (expected text such as 'AH 10S' or a list)")
    return [parse_card(c) for c in items]


def mask_of(cards: Iterable[Card]) -> int:
    """The hand mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> Iterator[Card]:
    """The cards of a mask, lowest index first (clubs 2 up to the spade ace)."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def popcount(mask: int) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()


#: The masks of all the jacks, queens, kings and aces (rank r of suit s is bit s * 13 + r - 2).
_RANK_MASKS = tuple(sum(1 << (s * 13 + rank - 2) for s in range(4)) for rank in (11, 12, 13, 14))


def high_card_points(mask: int) -> int:
    """High-card points of a hand mask (A 4, K 3, Q 2, J 1)."""
    jacks, queens, kings, aces = _RANK_MASKS
    return (
        (mask & jacks).bit_count()
        + 2 * (mask & queens).bit_count()
        + 3 * (mask & kings).bit_count()
        + 4 * (mask & aces).bit_count()
    )
