"""Decks and the order of play: the one module that knows how cards are numbered.

A :class:`Deck` is what a profile plays with: suits, the ranks of each suit in
their natural order (lowest first), how many copies of each card (Doppelkopf
and Pinochle play with two), cards outside the suits (French Tarot's trumps and
the Excuse, jokers) and the card points counted in tricks.  Its cards are
numbered ``0..size-1``: suit by suit, rank by rank, copy by copy, then the
cards outside the suits; a hand is a plain Python ``int`` mask of any width.
The French 52-card pack (:data:`FRENCH_52`) is the default, and keeps the
numbering ``suit * 13 + rank - 2`` that seeds and records rely on.

An :class:`Order` is what card play needs once a deal's ranking is known, as
tables by card index (cached by deck and ranking): the suit each card counts
as (the left bower is a trump), the cards a follower must follow when a card
is led, the trumps, the cards that beat a card winning the trick (of two equal
cards the first played wins), the cards that may be played at any time and
never win (the Excuse), and each card's strength for bots and pictures.

>>> deck = named_deck("euchre-24")
>>> deck.size, str(deck.cards[0]), str(deck.cards[-1])
(24, '9C', 'AS')
>>> order = deck.order(Ranking("natural", Suit.H))
>>> [str(c) for c in deck.cards_of(order.trumps)]
['9H', '10H', 'JH', 'QH', 'KH', 'AH']
>>> order.winner([deck.parse("AD").index, deck.parse("KD").index, deck.parse("9H").index])
2
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from cardrules.errors import CardError, shown

__all__ = [
    "DECKS",
    "FRENCH_52",
    "RANK_NAMES",
    "Card",
    "Combo",
    "Deck",
    "DeckSpec",
    "Order",
    "OrderSpec",
    "Ranking",
    "Suit",
    "named_deck",
    "natural_order",
    "rank_name",
]


class Suit(enum.IntEnum):
    """The four French suits, lowest first (bridge order): clubs, diamonds, hearts, spades."""

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

    @property
    def red(self) -> bool:
        """Whether the suit is red (diamonds, hearts)."""
        return self in (Suit.D, Suit.H)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read ``"S"``, ``"s"``, ``"♠"`` or ``"spades"``."""
        if not isinstance(text, str):
            raise CardError(f"invalid suit: {shown(text)} (expected text such as 'S' or '♠')")
        found = _SUIT_LOOKUP.get(text.strip().lower())
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
#: The text of a card outside the suits (``T21``, ``EX``, ``JK1``): what an action's text,
#: a record and the protocol's card text can carry.
_EXTRA_TEXT = re.compile(r"[0-9A-Z]{1,12}")
_SUIT_WORDS = {Suit.C: "clubs", Suit.D: "diamonds", Suit.H: "hearts", Suit.S: "spades"}
_SUIT_LOOKUP: dict[str, Suit] = {}
for _s in Suit:
    _SUIT_LOOKUP[_s.name.lower()] = _s
    _SUIT_LOOKUP[_SUIT_SYMBOLS[_s]] = _s
    _SUIT_LOOKUP[_SUIT_WORDS[_s]] = _s
    _SUIT_LOOKUP[_SUIT_WORDS[_s][:-1]] = _s
for _alt, _s in (("♤", Suit.S), ("♡", Suit.H), ("♢", Suit.D), ("♧", Suit.C)):
    _SUIT_LOOKUP[_alt] = _s

#: Rank names by rank number: 1..10 the pips, J 11, Q 12, K 13, A 14, and C 15 (the knight,
#: "cavalier", of Tarot packs).  The French pack uses 2..14.
RANK_NAMES = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "C")
_RANK_LOOKUP = {name: rank for rank, name in enumerate(RANK_NAMES) if name}
_RANK_LOOKUP["T"] = 10


def rank_name(rank: int) -> str:
    """The printed name of a rank number: ``rank_name(14) == "A"``."""
    return RANK_NAMES[rank]


class Card:
    """One playing card of a deck.  Values are interned: use a deck's :meth:`Deck.parse`,
    :attr:`Deck.cards`, or ``Card(suit, rank)`` for a card of the French pack.

    ``suit`` is a :class:`Suit` (None for a card outside the suits), ``rank`` its rank
    number (for a card outside the suits, its number among them, from 1), ``copy``
    which copy it is (0 unless the deck has several), ``index`` its number in the deck:
    its bit in a hand mask.
    """

    __slots__ = ("copy", "deck", "index", "rank", "suit", "text")

    suit: Suit | None
    rank: int
    copy: int
    index: int
    deck: Deck
    text: str

    def __new__(cls, suit: Suit | int, rank: int, copy: int = 0) -> Card:
        return FRENCH_52.card(suit, rank, copy)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Card is immutable: cannot set {name}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_card_at, (self.deck, self.index))

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << self.index

    @property
    def points(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1, others 0."""
        return max(0, self.rank - 10) if self.suit is not None and self.rank <= 14 else 0

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card of the French pack: rank then suit, ``AH``, ``10H``, ``TH``, ``A♥``."""
        return FRENCH_52.parse(text)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card of the French pack with number ``index`` (0..51)."""
        return FRENCH_52.card_at(index)

    def symbol(self) -> str:
        """The card with its suit symbol, for people: ``"A♥"``."""
        if self.suit is None:
            return self.text
        return RANK_NAMES[self.rank] + _SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        if self.deck is FRENCH_52:
            return f"Card.parse({self.text!r})"
        copy = f", copy={self.copy}" if self.copy else ""
        return f"named_deck({self.deck.name!r}).parse({self.text!r}{copy})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


def _card_at(deck: Deck, index: int) -> Card:
    return deck.cards[index]


class DeckSpec(NamedTuple):
    """A deck as declared: its value is its identity (two equal specs are one deck).

    ``suits`` the suits, in numbering order; ``ranks`` the rank numbers of each suit,
    lowest first in the natural order (one tuple per suit); ``copies`` of each card;
    ``extras`` the texts of the cards outside the suits, in their natural order;
    ``points`` the card points, by card text, rank name or extra text (absent: 0).
    """

    name: str
    suits: tuple[Suit, ...]
    ranks: tuple[tuple[int, ...], ...]
    copies: int = 1
    extras: tuple[str, ...] = ()
    points: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(
        cls,
        name: str,
        *,
        suits: Iterable[Suit | str] = "CDHS",
        ranks: Iterable[int | str] | Mapping[Suit | str, Iterable[int | str]] = (),
        copies: int = 1,
        extras: Iterable[str] = (),
        points: Mapping[str, int] | None = None,
    ) -> DeckSpec:
        """A spec from friendly values: suits and ranks as text (``"9"``, ``"A"``) or numbers,
        ranks one list for every suit or a table by suit; checked, with every fault named."""
        suit_list = tuple(s if isinstance(s, Suit) else Suit.parse(s) for s in suits)
        if not suit_list and not extras:
            raise CardError(f"invalid deck {name!r}: no suits and no extra cards")
        if len(set(suit_list)) != len(suit_list):
            raise CardError(f"invalid deck {name!r}: a suit is named twice")
        if isinstance(ranks, Mapping):
            table = {(s if isinstance(s, Suit) else Suit.parse(s)): r for s, r in ranks.items()}
            missing = [str(s) for s in suit_list if s not in table]
            if missing:
                raise CardError(f"invalid deck {name!r}: no ranks for suit {', '.join(missing)}")
            rank_rows = tuple(_ranks(name, table[s]) for s in suit_list)
        else:
            row = _ranks(name, ranks)
            rank_rows = tuple(row for _ in suit_list)
        if type(copies) is not int or not 1 <= copies <= 8:
            raise CardError(f"invalid deck {name!r}: copies {shown(copies)} (expected 1..8)")
        extra_list = tuple(str(e).strip().upper() for e in extras)
        if len(set(extra_list)) != len(extra_list) or any(
            not _EXTRA_TEXT.fullmatch(e) for e in extra_list
        ):
            raise CardError(
                f"invalid deck {name!r}: extra cards need distinct texts of 1 to 12 letters "
                "and digits"
            )
        point_items = tuple(sorted((str(k).strip().upper(), v) for k, v in (points or {}).items()))
        for key, value in point_items:
            if type(value) is not int or not -1000 <= value <= 1000:
                raise CardError(f"invalid deck {name!r}: points of {key} {shown(value)}")
        return cls(name, suit_list, rank_rows, copies, extra_list, point_items)

    @classmethod
    def from_table(
        cls, table: Mapping[str, Any] | None, decks: Mapping[str, DeckSpec] | None = None
    ) -> DeckSpec:
        """The deck a profile's ``[deck]`` table declares (validated, or as written): a
        built-in by ``name``, or one of ``decks`` (those a family declares), perhaps with
        card ``points``; or suits and ranks of its own."""
        if not table:
            return DECKS["french-52"]
        name = table.get("name", "french-52")
        inline = any(table.get(k) for k in ("suits", "ranks", "extras"))
        if not inline:
            base = DECKS.get(name) if isinstance(name, str) else None
            if base is None and decks is not None and isinstance(name, str):
                base = decks.get(name)
            if base is None:
                known = ", ".join([*DECKS, *(decks or ())])
                raise CardError(f"unknown deck: {shown(name)} (expected one of {known})")
            if not table.get("points"):
                return base
            return base._replace(points=cls.of(name, ranks=[2], points=table["points"]).points)
        return cls.of(
            name,
            suits=table.get("suits") or "CDHS",
            ranks=table.get("ranks") or (),
            copies=table.get("copies", 1),
            extras=table.get("extras") or (),
            points=table.get("points") or {},
        )


def _ranks(name: str, ranks: Iterable[int | str]) -> tuple[int, ...]:
    out: list[int] = []
    for r in ranks:
        number = r if type(r) is int else _RANK_LOOKUP.get(str(r).strip().upper())
        if not isinstance(number, int) or not 1 <= number < len(RANK_NAMES):
            raise CardError(f"invalid deck {name!r}: rank {shown(r)} (expected 2..10, J, Q, K, A)")
        out.append(number)
    if not out:
        raise CardError(f"invalid deck {name!r}: a suit has no ranks")
    if len(set(out)) != len(out):
        raise CardError(f"invalid deck {name!r}: a rank is named twice in a suit")
    return tuple(out)


class Deck:
    """The cards a profile plays with, numbered; see the module's docstring.

    Interned by spec: ``Deck(spec) is Deck(spec)``.  Everything here is computed once.
    """

    __slots__ = (
        "_by_key",
        "_by_text",
        "_orders",
        "all_mask",
        "cards",
        "copies",
        "extras_mask",
        "name",
        "points",
        "rank_masks",
        "size",
        "spec",
        "suit_masks",
        "suits",
    )

    _interned: ClassVar[dict[DeckSpec, Deck]] = {}

    spec: DeckSpec
    name: str
    suits: tuple[Suit, ...]
    copies: int
    size: int
    cards: tuple[Card, ...]
    all_mask: int
    extras_mask: int
    suit_masks: dict[Suit, int]
    rank_masks: dict[int, int]
    points: tuple[int, ...]
    _by_key: dict[tuple[Suit, int, int], Card]
    _by_text: dict[str, Card]
    _orders: dict[Ranking, Order]

    def __new__(cls, spec: DeckSpec) -> Deck:
        found = cls._interned.get(spec)
        if found is not None:
            return found
        self = object.__new__(cls)
        self.spec = spec
        self.name = spec.name
        self.suits = spec.suits
        self.copies = spec.copies
        cards: list[Card] = []
        suit_masks: dict[Suit, int] = {}
        for suit, ranks in zip(spec.suits, spec.ranks, strict=True):
            first = len(cards)
            for rank in ranks:
                for copy in range(spec.copies):
                    cards.append(
                        _make(self, suit, rank, copy, len(cards), RANK_NAMES[rank] + suit.name)
                    )
            suit_masks[suit] = ((1 << len(cards)) - 1) & ~((1 << first) - 1)
        first = len(cards)
        for number, text in enumerate(spec.extras, start=1):
            cards.append(_make(self, None, number, 0, len(cards), text))
        self.cards = tuple(cards)
        self.size = len(cards)
        self.all_mask = (1 << self.size) - 1
        self.extras_mask = self.all_mask & ~((1 << first) - 1)
        self.suit_masks = suit_masks
        rank_masks: dict[int, int] = {}
        for c in cards:
            if c.suit is not None:
                rank_masks[c.rank] = rank_masks.get(c.rank, 0) | 1 << c.index
        self.rank_masks = rank_masks
        table = dict(spec.points)
        self.points = tuple(
            table.get(c.text, table.get(RANK_NAMES[c.rank] if c.suit is not None else c.text, 0))
            for c in cards
        )
        self._by_key = {(c.suit, c.rank, c.copy): c for c in cards if c.suit is not None}
        self._by_text = {}
        for c in reversed(cards):  # the first copy wins a text
            self._by_text[c.text] = c
        self._orders = {}
        cls._interned[spec] = self
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Deck, (self.spec,))

    def __repr__(self) -> str:
        if DECKS.get(self.name) is self.spec:
            return f"named_deck({self.name!r})"
        return f"Deck({self.spec!r})"

    # -- cards ---------------------------------------------------------------------------------

    def card(self, suit: Suit | int, rank: int, copy: int = 0) -> Card:
        """The card of this suit and rank number (and copy)."""
        ranks = sorted({c.rank for c in self.cards if c.suit is not None})
        if type(rank) is not int or not ranks or not ranks[0] <= rank <= ranks[-1]:
            span = f"{ranks[0]}..{ranks[-1]}, ace high" if ranks else "none: no suits"
            raise CardError(f"invalid card: rank {shown(rank)} (expected {span})")
        if not isinstance(suit, Suit):
            if type(suit) is not int or not 0 <= suit <= 3:
                raise CardError(f"invalid card: suit {shown(suit)} (expected a Suit: C D H S)")
            suit = Suit(suit)
        found = self._by_key.get((suit, rank, copy))
        if found is None:
            raise CardError(
                f"invalid card: {RANK_NAMES[rank]}{suit.name} (copy {shown(copy)}) is not in "
                f"the {self.name} deck (ranks {self._rank_words(suit)})"
            )
        return found

    def card_at(self, index: int) -> Card:
        """The card with number ``index``."""
        if type(index) is not int or not 0 <= index < self.size:
            raise CardError(f"invalid card index: {index!r} (expected 0..{self.size - 1})")
        return self.cards[index]

    def parse(self, text: str) -> Card:
        """Read a card: rank then suit, ``AH``, ``10H``, ``TH``, ``A♥``, ``ah``; or the text of
        a card outside the suits.  Of several copies, the first."""
        if not isinstance(text, str):
            raise CardError(f"invalid card: {shown(text)} (expected text such as 'AH' or '10♥')")
        raw = text.strip()
        found = self._by_text.get(raw.upper())
        if found is not None:
            return found
        if len(raw) < 2:
            raise CardError(
                f"invalid card: {shown(text)} (expected rank then suit, e.g. 'AH', '10♥')"
            )
        rank = _RANK_LOOKUP.get(raw[:-1].upper())
        suit = _SUIT_LOOKUP.get(raw[-1].lower())
        if rank is not None and suit is not None:
            card = self._by_key.get((suit, rank, 0))
            if card is not None:
                return card
            if self is not FRENCH_52:
                raise CardError(
                    f"invalid card: {shown(text)} is not in the {self.name} deck "
                    f"(ranks {self._rank_words(suit)})"
                )
        extra = f"; or one of {' '.join(self.spec.extras)}" if self.spec.extras else ""
        raise CardError(
            f"invalid card: {shown(text)} (expected rank 2-10, J, Q, K, A or T, "
            f"then suit C, D, H, S or ♣ ♦ ♥ ♠, e.g. 'AH', '10♥'{extra})"
        )

    def parse_cards(self, cards: str | Iterable[Card | str]) -> list[Card]:
        """Cards from a whitespace/comma separated string or an iterable of cards or texts."""
        if isinstance(cards, str):
            items: Iterable[Card | str] = cards.replace(",", " ").split()
        elif isinstance(cards, Iterable) and not isinstance(cards, bytes | Card):
            items = cards
        else:
            raise CardError(
                f"invalid cards: {shown(cards)} (expected text such as 'AH 10S' or a list)"
            )
        return [
            c if isinstance(c, Card) and c.deck is self else self.parse(_text(c)) for c in items
        ]

    def cards_of(self, mask: int) -> Iterator[Card]:
        """The cards of a mask, lowest index first."""
        cards = self.cards
        while mask:
            low = mask & -mask
            yield cards[low.bit_length() - 1]
            mask ^= low

    def spread_copies(self, cards: Iterable[Card], taken: int = 0) -> list[Card]:
        """``cards`` with each card whose copy is already ``taken`` (a mask) or earlier in the
        list moved to the first copy of it not taken, where one is left: a deck of two
        copies reads ``"QC QC"`` as both queens of clubs (a card's text names its first
        copy).  A deck of one copy: the cards as they are."""
        out = list(cards)
        if self.copies == 1:
            return out
        for i, card in enumerate(out):
            if taken >> card.index & 1:
                first = card.index - card.copy
                for index in range(first, first + self.copies):
                    if not taken >> index & 1:
                        card = out[i] = self.cards[index]
                        break
            taken |= 1 << card.index
        return out

    def mask_of(self, cards: Iterable[Card]) -> int:
        """The hand mask of some cards."""
        mask = 0
        for card in cards:
            mask |= 1 << card.index
        return mask

    def suit_of(self, index: int) -> Suit | None:
        """The printed suit of card number ``index`` (None outside the suits)."""
        return self.cards[index].suit

    def points_of(self, mask: int) -> int:
        """The card points of the cards of a mask."""
        points = self.points
        return sum(points[c.index] for c in self.cards_of(mask))

    def _rank_words(self, suit: Suit) -> str:
        ranks = [c.rank for c in self.cards if c.suit is suit and c.copy == 0]
        return " ".join(RANK_NAMES[r] for r in ranks) or "none"

    # -- orders --------------------------------------------------------------------------------

    def order(self, ranking: Ranking, build: OrderBuilder | None = None) -> Order:
        """The tables of play for ``ranking``, built once (by ``build``, or the natural order)."""
        found = self._orders.get(ranking)
        if found is None:
            spec = (build or natural_order)(self, ranking)
            found = Order.of(self, ranking, spec)
            self._orders[ranking] = found
        return found


def _text(card: Card | str) -> str:
    return card.text if isinstance(card, Card) else card


def _make(deck: Deck, suit: Suit | None, rank: int, copy: int, index: int, text: str) -> Card:
    card = object.__new__(Card)
    for name, value in (
        ("suit", suit),
        ("rank", rank),
        ("copy", copy),
        ("index", index),
        ("deck", deck),
        ("text", text),
    ):
        object.__setattr__(card, name, value)
    return card


class Ranking(NamedTuple):
    """What a deal is played in: an order's name (``"natural"``, or one a family declares:
    ``"bowers"``, Skat's ``"grand"`` and ``"null"``) and the trump suit, if any."""

    name: str
    trump: Suit | None = None


class OrderSpec(NamedTuple):
    """An order as a family writes it: card indices, lowest first.

    ``rows`` the cards of each suit as play counts them, one row a place: a place for
    each of the deck's suits, in the deck's order (so that a French suit's place is its
    number), then any place of the family's own (Skat's jacks in a grand, Tarot's
    trumps); ``trump`` the place of the trumps (-1: none); ``free`` the cards that may
    always be played and never win (the Excuse); ``words`` the places' names (default:
    the suits' names, then "trumps").  Copies of a card share a strength: give them one
    after the other.
    """

    rows: tuple[tuple[int, ...], ...]
    trump: int = -1
    free: tuple[int, ...] = ()
    words: tuple[str, ...] = ()
    #: Tricks that their cards together decide, whatever ranks higher (:class:`Combo`).
    combos: tuple[Combo, ...] = ()


class Combo(NamedTuple):
    """A trick won by ``card`` whenever it holds ``card`` and every card of ``needs``
    (card indices), whatever else ranks higher: Slovenian Tarok's emperor's trick, in
    which the lowest trump takes the two highest.  ``led``: the suit places led for which
    it holds (empty: whatever was led)."""

    card: int
    needs: tuple[int, ...]
    led: tuple[int, ...] = ()


OrderBuilder = Callable[["Deck", Ranking], OrderSpec]


def _suit_row(deck: Deck, suit: Suit, leave: int = -1) -> tuple[int, ...]:
    return tuple(c.index for c in deck.cards_of(deck.suit_masks[suit]) if c.index != leave)


def natural_order(deck: Deck, ranking: Ranking) -> OrderSpec:
    """Each suit in its natural order; the ranking's suit (if any) the trumps; cards outside
    the suits a place of their own above every suit, trumps too."""
    rows = [_suit_row(deck, suit) for suit in deck.suits]
    trump = deck.suits.index(ranking.trump) if ranking.trump in deck.suits else -1
    extras = tuple(c.index for c in deck.cards_of(deck.extras_mask))
    if extras:
        rows.append(extras)
        trump = len(rows) - 1
    return OrderSpec(tuple(rows), trump)


@dataclass(frozen=True, slots=True, eq=False)
class Order:
    """The tables of play of one ranking on one deck; see the module's docstring.

    ``suit_of[card]`` the place of the suit a card counts as (trumps at ``trump``, -1 for a
    free card); ``suit_masks[place]`` that suit's cards; ``follow[card]`` the cards a
    follower must follow when ``card`` is led; ``trumps`` the trumps' mask (0 in no-trump);
    ``beats[card]`` the cards that beat ``card`` when it is winning the trick; ``strength``
    each card's rank in play (higher wins within a suit; trumps above all); ``free`` the
    cards that may always be played and never win; ``words`` each suit place's name.
    """

    deck: Deck
    ranking: Ranking
    suit_of: tuple[int, ...]
    suit_masks: tuple[int, ...]
    follow: tuple[int, ...]
    trump: int
    trumps: int
    beats: tuple[int, ...]
    strength: tuple[int, ...]
    free: int
    words: tuple[str, ...]
    #: ``position[card]``: its place among the cards of its suit as play counts it, the lowest
    #: 0 (copies share one); ``higher[card]``: the cards of its suit ranking above it.
    position: tuple[int, ...]
    higher: tuple[int, ...]
    #: ``levels[k]``: the cards at position ``k`` of every suit (all the lowest cards first).
    levels: tuple[int, ...]
    #: ``ranked[place]``: the card indices of that suit, highest first.
    ranked: tuple[tuple[int, ...], ...]
    #: The tricks their cards together decide (:class:`Combo`), each as (the winning card,
    #: the mask of the cards it needs with it, the mask of the places led it holds for,
    #: 0: any); empty in most orders, where :meth:`winner` is the scan alone.
    combos: tuple[tuple[int, int, int], ...] = ()

    @classmethod
    def of(cls, deck: Deck, ranking: Ranking, spec: OrderSpec) -> Order:
        """The tables from an :class:`OrderSpec`; every card must have exactly one place."""
        size = deck.size
        suit_of = [-2] * size
        strength = [0] * size
        trump = spec.trump
        masks: list[int] = []
        for place, row in enumerate(spec.rows):
            mask = 0
            for position, index in enumerate(row):
                if suit_of[index] != -2:
                    raise CardError(f"invalid order {ranking.name}: card {deck.cards[index]} twice")
                suit_of[index] = place
                # copies share a strength, so that the first played wins
                strength[index] = position // deck.copies + (1000 if place == trump else 0)
                mask |= 1 << index
            masks.append(mask)
        free = 0
        for index in spec.free:
            suit_of[index] = -1
            free |= 1 << index
        if -2 in suit_of:
            raise CardError(
                f"invalid order {ranking.name}: card {deck.cards[suit_of.index(-2)]} has no place"
            )
        trumps = masks[trump] if trump >= 0 else 0
        positions = [0] * size
        higher_of = [0] * size
        for row in spec.rows:
            for at, index in enumerate(row):
                positions[index] = at // deck.copies
                for above in row[(at // deck.copies + 1) * deck.copies :]:
                    higher_of[index] |= 1 << above
        levels = [0] * (max(positions) + 1 if size else 1)
        for index in range(size):
            if suit_of[index] >= 0:
                levels[positions[index]] |= 1 << index
        ranked = tuple(tuple(reversed(row)) for row in spec.rows)
        beats = []
        for index in range(size):
            place = suit_of[index]
            if place < 0:
                beats.append(deck.all_mask & ~free)  # a free card wins nothing
                continue
            mine = strength[index]
            higher = 0
            for other in spec.rows[place]:  # (the cards of masks[place])
                if strength[other] > mine:
                    higher |= 1 << other
            beats.append(higher if place == trump else higher | trumps)
        words = list(spec.words[: len(spec.rows)])
        for place in range(len(words), len(spec.rows)):
            words.append(deck.suits[place].word if place < len(deck.suits) else "trumps")
        return cls(
            deck,
            ranking,
            tuple(suit_of),
            tuple(masks),
            tuple(masks[p] if p >= 0 else 0 for p in suit_of),
            trump,
            trumps,
            tuple(beats),
            tuple(strength),
            free,
            tuple(words),
            tuple(positions),
            tuple(higher_of),
            tuple(levels),
            ranked,
            tuple(
                (
                    combo.card,
                    sum(1 << i for i in {combo.card, *combo.needs}),
                    sum(1 << p for p in set(combo.led)),
                )
                for combo in spec.combos
            ),
        )

    def winner(self, cards: Sequence[int]) -> int:
        """Position in play order of the card that wins a trick of these card indices."""
        beats = self.beats
        best = 0
        for i in range(1, len(cards)):
            if beats[cards[best]] >> cards[i] & 1:
                best = i
        if self.combos:
            at = self.combo_winner(cards)
            if at >= 0:
                return at
        return best

    def combo_winner(self, cards: Sequence[int]) -> int:
        """Position in play order of the card a :class:`Combo` makes win a trick of these
        card indices, or -1 when none applies (the scan of :attr:`beats` decides)."""
        held = 0
        for index in cards:
            held |= 1 << index
        led = self.led_place(cards)
        for card, needs, places in self.combos:
            if held & needs == needs and (not places or (led >= 0 and places >> led & 1)):
                return list(cards).index(card)
        return -1

    def led_place(self, cards: Sequence[int]) -> int:
        """The suit place led in a trick (the first card that is not free), or -1."""
        suit_of = self.suit_of
        for index in cards:
            if suit_of[index] >= 0:
                return suit_of[index]
        return -1

    def __repr__(self) -> str:
        trump = self.ranking.trump
        return f"Order({self.deck!r}, Ranking({self.ranking.name!r}, {trump!r}))"


def _french(name: str, ranks: Iterable[int | str], copies: int = 1, **kw: Any) -> DeckSpec:
    return DeckSpec.of(name, suits="CDHS", ranks=ranks, copies=copies, **kw)


_PIPS_TO_ACE = tuple(range(2, 15))

#: The built-in decks, by name.
DECKS: dict[str, DeckSpec] = {
    spec.name: spec
    for spec in (
        _french("french-52", _PIPS_TO_ACE),
        _french("piquet-32", range(7, 15)),
        _french("euchre-24", range(9, 15)),
        _french("pinochle-48", range(9, 15), copies=2),
        DeckSpec.of(
            "tarot-78",
            ranks=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 12, 13),
            extras=[f"T{n}" for n in range(1, 22)] + ["EX"],
        ),
        DeckSpec.of(
            "tarok-54",
            ranks={
                "C": (7, 8, 9, 10, 11, 15, 12, 13),
                "D": (4, 3, 2, 1, 11, 15, 12, 13),
                "H": (4, 3, 2, 1, 11, 15, 12, 13),
                "S": (7, 8, 9, 10, 11, 15, 12, 13),
            },
            extras=[f"T{n}" for n in range(1, 23)],
        ),
    )
}


def named_deck(name: str) -> Deck:
    """A built-in deck by name (:data:`DECKS`)."""
    spec = DECKS.get(name) if isinstance(name, str) else None
    if spec is None:
        raise CardError(f"unknown deck: {shown(name)} (expected one of {', '.join(DECKS)})")
    return Deck(spec)


#: The French 52-card pack, the default deck.
FRENCH_52: Deck = Deck(DECKS["french-52"])
