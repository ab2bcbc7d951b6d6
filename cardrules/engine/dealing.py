"""Dealing: the seeded shuffle and cut, hands dealt from a deck, and a first deal dealt
by hand (its hands and its stock, checked).

>>> import cardrules
>>> rules = cardrules.load("callbreak-strict")
>>> deck = shuffle_and_cut(seed=7, deal_number=1)
>>> len(deck), [mask.bit_count() for mask in deal_cards(deck, 0, rules.direction)]
(52, [13, 13, 13, 13])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from hashlib import sha512
from typing import Final

from cardrules.cards import Card, mask_of
from cardrules.deck import FRENCH_52, Deck
from cardrules.engine.core import native
from cardrules.engine.ruleset import Ruleset
from cardrules.errors import CardError, CardrulesError, shown
from cardrules.rules.components import Direction, seat_words

__all__ = ["DealStages", "ThrowInEvent", "deal_cards", "deal_from_seed", "shuffle_and_cut"]


@dataclass(frozen=True, slots=True)
class ThrowInEvent:
    """The cards were thrown in and redealt by the same dealer."""

    deal_number: int
    dealer: int
    seat: int | None
    rule: str
    reason: str


def shuffle_and_cut(
    seed: int, deal_number: int, attempt: int = 0, deck: Deck = FRENCH_52
) -> tuple[Card, ...]:
    """The deck of one deal after the seeded shuffle and the cut, top card first.

    ``deal_number`` is 1-based; ``attempt`` counts redeals of the same deal; ``deck`` the
    cards shuffled (the French pack by default).
    """
    cards = deck.cards
    return tuple(cards[i] for i in _deck_indices(seed, deal_number, attempt, deck.size))


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """(i, i + 1, (i + 1).bit_length()) for the Fisher-Yates steps of a deck of ``size``."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = _STEPS[size] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)
        )
    return steps


#: The largest deck the native core shuffles.
_NATIVE_DECK: Final = 4096


def _seed_key(text: str) -> bytes:
    """What ``random.Random(text)`` seeds its generator with: the text's UTF-8 and their
    SHA-512 (the native core seeds its own from these bytes)."""
    key = text.encode()
    return key + sha512(key).digest()


def seeded_randrange(text: str, n: int) -> int:
    """``random.Random(text).randrange(n)`` (the native core draws it the same)."""
    if native is not None and 1 <= n < 2**32:
        return native.seeded_below(_seed_key(text), n)  # type: ignore[no-any-return]
    return random.Random(text).randrange(n)


def _deck_indices(
    seed: int, deal_number: int, attempt: int, size: int = FRENCH_52.size
) -> list[int]:
    """:func:`shuffle_and_cut` as card indices, for the hot path.

    The loop is ``random.Random.shuffle`` written out (its ``_randbelow``
    draws ``getrandbits(k)`` until below ``n``): the same deck for the same
    seed, without a method call per card.  tests/test_simulate.py checks it
    against ``shuffle`` itself, and the native core's (the same draws, in C) against it.
    """
    text = f"{seed}/{deal_number}/{attempt}"
    if native is not None and size <= _NATIVE_DECK:
        return native.deck_indices(_seed_key(text), size)  # type: ignore[no-any-return]
    rng = random.Random(text)
    getrandbits = rng.getrandbits
    deck = list(range(size))
    for i, n, k in _shuffle_steps(size):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    cut = rng.randint(1, size - 1)  # the cutter's cut: the top part goes under
    return deck[cut:] + deck[:cut]


def deal_cards(
    deck: Sequence[Card], dealer: int, direction: Direction, size: int | None = None
) -> tuple[int, ...]:
    """Hand masks by seat: one card at a time from the top, starting after the dealer.

    Card ``i`` goes to ``direction.next(dealer, i + 1)``, so the dealer gets the last
    one; each seat gets ``size`` cards (all the deck shared out, by default).
    """
    n = direction.players
    return _deal_masks([card.index for card in deck], dealer, direction, size or len(deck) // n)


def _deal_masks(
    deck: Sequence[int], dealer: int, direction: Direction, size: int
) -> tuple[int, ...]:
    """:func:`deal_cards` of a deck of card indices: a mask per seat, built a seat at a time
    (the sum of its cards' bits: each card is in the deck once)."""
    order = direction.order(direction.next(dealer))
    if native is not None and isinstance(deck, list):
        dealt = native.deal_masks(deck, order, size)
        if dealt is not None:  # (None: a card index beyond 64 bits, dealt below)
            return dealt  # type: ignore[no-any-return]
    n = len(order)
    hands = [0] * n
    bits = _BITS
    try:
        for position in range(n):  # card i goes to order[i % n]
            hands[order[position]] = sum([bits[i] for i in deck[position : n * size : n]])
    except IndexError:  # a deck larger than any dealt before: a longer table, once
        _more_bits(max(deck) + 1)
        return _deal_masks(deck, dealer, direction, size)
    return tuple(hands)


#: ``1 << i`` for every card index ``i`` of the largest deck dealt so far (128 at least).
_BITS: tuple[int, ...] = tuple(1 << i for i in range(128))


def _more_bits(size: int) -> None:
    """Make :data:`_BITS` cover the card indices below ``size``."""
    global _BITS
    if len(_BITS) < size:
        _BITS = tuple(1 << i for i in range(size))


@dataclass(frozen=True, slots=True)
class DealStages:
    """A deal dealt in stages (``[deal] stages``): the cards of each stage, a mask per seat
    (``parts[0]`` the first, the hands the auction starts on), and how many stages are
    dealt so far.  The cards of the stages not dealt yet are nobody's: in no hand and no
    view, and not in the stock either."""

    parts: tuple[tuple[int, ...], ...]
    dealt: int = 1

    def undealt_mask(self) -> int:
        """Every card of the stages not dealt yet (a mask)."""
        mask = 0
        for part in self.parts[self.dealt :]:
            for hand in part:
                mask |= hand
        return mask

    def to_deal(self, seat: int) -> int:
        """The cards still to be dealt to ``seat``."""
        return sum(part[seat].bit_count() for part in self.parts[self.dealt :])


def stage_parts(
    deck: Sequence[int], dealer: int, direction: Direction, stages: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    """The cards of each stage (masks by seat) of a deck of card indices dealt as
    :func:`deal_cards` deals it: each seat's cards go to its stages in the order they are
    dealt, so that the stages together are the hands of a deal without stages."""
    n = direction.players
    parts = []
    at = 0
    for size in stages:
        parts.append(_deal_masks(deck[at * n : (at + size) * n], dealer, direction, size))
        at += size
    return tuple(parts)


def split_stages(
    cards: Sequence[Sequence[int]], stages: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    """The cards of each stage (masks by seat) of hands given as card indices by seat, in
    the order each seat receives them (a deal by hand: the first cards listed first)."""
    parts = []
    at = 0
    for size in stages:
        part = []
        for hand in cards:
            mask = 0
            for index in hand[at : at + size]:
                mask |= 1 << index
            part.append(mask)
        parts.append(tuple(part))
        at += size
    return tuple(parts)


def _preset_order(hands: object, deck: Deck) -> list[list[int]]:
    """The card indices of hands dealt by hand (already checked), by seat, as listed."""
    assert isinstance(hands, Sequence)
    return [[card.index for card in deck.parse_cards(hand)] for hand in hands]


def deal_from_seed(
    seed: int,
    deal_number: int,
    attempt: int,
    dealer: int,
    direction: Direction,
    deck: Deck = FRENCH_52,
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The deck after shuffle and cut, and the hands dealt from it (masks by seat)."""
    cards = shuffle_and_cut(seed, deal_number, attempt, deck)
    return cards, deal_cards(cards, dealer, direction)


def _preset_masks(
    hands: object, players: int, size: int, deck: Deck = FRENCH_52
) -> tuple[int, ...]:
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != players:
        raise CardError(f"invalid hands: expected {players} hands of {size} cards")
    masks = []
    seen = 0
    for seat, hand in enumerate(hands):
        if not isinstance(hand, str | Iterable):
            raise CardError(f"invalid hands: seat {seat} must hold a list of cards (got {hand!r})")
        cards = deck.parse_cards(hand)
        if deck.copies > 1:  # a card's text deals the first copy no hand holds yet
            cards = deck.spread_copies(cards, seen)
        mask = mask_of(cards)
        if mask.bit_count() != len(cards):
            twice = " ".join(str(c) for c in sorted(set(cards)) if cards.count(c) > 1)
            raise CardError(f"invalid hands: {twice} given twice (seat {seat})")
        if len(cards) != size or mask.bit_count() != size:
            raise CardError(
                f"invalid hands: seat {seat} must hold {size} different cards (got {len(cards)})"
            )
        if mask & seen:
            dup = " ".join(str(c) for c in deck.cards_of(mask & seen))
            raise CardError(f"invalid hands: {dup} dealt twice (seat {seat})")
        seen |= mask
        masks.append(mask)
    return tuple(masks)


#: ``stock=`` of a record written before ``stock=`` and ``turn_up=``: its deal by hand left
#: the cards not dealt in pack order (the lowest card turned up), and replays so.
_PACK_ORDER: Final = object()


def _card_place(index: int, hands: Sequence[int], deck: Deck) -> str:
    """Where a card that is not in the stock is: the seat whose hand holds it."""
    seat = next(s for s, mask in enumerate(hands) if mask >> index & 1)
    return f"{deck.cards[index]} is in the hand of {seat_words(seat)}"


def _preset_stock(
    hands: tuple[int, ...], stock: object, turn_up: object, seed: int, rules: Ruleset
) -> tuple[int, ...]:
    """The stock (card indices, top first) of a first deal dealt by hand.

    ``stock``: every card not dealt, in order, top first; ``turn_up``: the card on top
    (the rest in the order the seed shuffles them); neither: the cards not dealt in the
    order the seed's shuffle puts them, so the card turned up varies with the seed.
    Anything else than the cards not dealt is a :class:`~cardrules.CardError` that names
    the card and where it is.
    """
    deck = rules.deck
    dealt = 0
    for mask in hands:
        dealt |= mask
    if stock is _PACK_ORDER:
        return tuple(i for i in range(deck.size) if not dealt >> i & 1)
    rest = [i for i in _deck_indices(seed, 1, 0, deck.size) if not dealt >> i & 1]
    if stock is not None:
        if isinstance(stock, Card) or not isinstance(stock, str | Iterable):
            raise CardError(
                f"invalid stock: {shown(stock)} (expected the cards not dealt, top first, "
                "as text such as '7H 2C' or a list)"
            )
        try:
            cards = deck.parse_cards(stock)
        except CardError as exc:
            raise CardError(f"invalid stock: {str(exc).removeprefix('invalid card: ')}") from None
        seen = 0
        for card in cards:
            bit = 1 << card.index
            if dealt & bit:
                raise CardError(f"invalid stock: {_card_place(card.index, hands, deck)}")
            if seen & bit:
                raise CardError(f"invalid stock: {card} given twice")
            seen |= bit
        if len(cards) != len(rest):
            missing = " ".join(str(deck.cards[i]) for i in sorted(rest) if not seen >> i & 1)
            given = f"{len(cards)} card{'' if len(cards) == 1 else 's'}"
            raise CardError(
                f"invalid stock: {given}, but {len(rest)} are not dealt (missing: {missing})"
            )
        rest = [card.index for card in cards]
    if turn_up is not None:
        if not isinstance(turn_up, Card | str):
            raise CardError(f"invalid turn_up: {shown(turn_up)} (expected one card, such as 'QC')")
        try:
            card = deck.parse_cards([turn_up])[0]
        except CardError as exc:
            raise CardError(f"invalid turn_up: {str(exc).removeprefix('invalid card: ')}") from None
        if not rules.profile.turn_up:
            raise CardrulesError(
                f"invalid turn_up: {card}: the rules of {rules.name!r} turn no card up "
                "for trumps (give stock= for the order of the cards not dealt)"
            )
        if not rest:
            raise CardrulesError(
                f"invalid turn_up: {card}: the hands hold every card, none is left to turn up"
            )
        if dealt >> card.index & 1:
            raise CardError(f"invalid turn_up: {_card_place(card.index, hands, deck)}")
        if stock is not None and rest[0] != card.index:
            raise CardError(
                f"invalid turn_up: {card} is not the top of the stock given ({deck.cards[rest[0]]})"
            )
        rest.remove(card.index)
        rest.insert(0, card.index)
    return tuple(rest)
