"""NumPy for the batch engine, when it is installed, and its lookup tables of one deck.

Hands are ``uint64`` masks, so the engine plays decks of up to :data:`MASK_BITS` cards.
:func:`pick` takes the random policy's card from each deal's mask of legal cards
through the tables of the deck's suits, many deals at once; the play reads each deal's
order of play (:class:`~cardrules.deck.Order`) as :class:`OrderRows`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from cardrules.deck import Deck, Order
from cardrules.errors import CardrulesError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    U64 = npt.NDArray[np.uint64]
    I64 = npt.NDArray[np.int64]

__all__ = ["MASK_BITS", "OrderRows", "Tables", "installed_numpy", "pick"]

#: The most cards a deck of the batch engine may have: a hand is one ``uint64``.
MASK_BITS = 64
#: The widest run of bits :func:`pick` looks up at once (its table has ``2**16`` rows).
_WIDEST_RUN = 16


def installed_numpy() -> Any:
    """The ``numpy`` module, or None when it is not installed (the ``fast`` extra)."""
    try:
        import numpy
    except ImportError:  # pragma: no cover - depends on the installation
        return None
    return numpy


class OrderRows:
    """The orders of play of a block's deals as NumPy rows, one row per order met.

    ``row[deal]`` is the row of the deal's order; by row: ``trump`` the trumps' place
    (-1: none), ``trumps`` their mask; by row and card: ``place`` the suit place the card
    counts as, ``follow`` the cards a follower must follow when it is led, ``beats`` the
    cards that beat it when it is winning the trick.
    """

    __slots__ = ("beats", "follow", "orders", "place", "row", "trump", "trumps")

    def __init__(self, np: Any, orders: Sequence[Order], row: I64) -> None:
        self.orders = tuple(orders)
        self.row = row
        self.trump = np.array([o.trump for o in orders], dtype=np.int64)
        self.trumps = np.array([o.trumps for o in orders], dtype=np.uint64)
        self.place = np.array([o.suit_of for o in orders], dtype=np.int64)
        self.follow = np.array([o.follow for o in orders], dtype=np.uint64)
        self.beats = np.array([o.beats for o in orders], dtype=np.uint64)


class Tables:
    """NumPy lookup tables of one deck, built once per process and deck.

    The deck's cards are read in runs of bits: each suit's cards (the cards of a suit
    are numbered one after the other), then the cards outside the suits, no run wider
    than ``2**16`` patterns.  ``runs`` holds (first bit, width) of each;
    ``count[p]`` is the number of cards in a run's pattern ``p``, ``select[p, k]`` the
    ``k``-th lowest of them.
    """

    _made: ClassVar[dict[Deck, Tables]] = {}

    def __init__(self, np: Any, deck: Deck) -> None:
        if deck.size > MASK_BITS:
            raise CardrulesError(
                f"invalid deck: the NumPy engine holds hands of up to {MASK_BITS} cards "
                f"(the {deck.name} deck has {deck.size})"
            )
        self.np = np
        self.deck = deck
        runs: list[tuple[int, int]] = []
        for mask in (*deck.suit_masks.values(), deck.extras_mask):
            while mask:
                first = (mask & -mask).bit_length() - 1
                width = min((mask >> first).bit_length(), _WIDEST_RUN)
                runs.append((first, width))
                mask &= ~(((1 << width) - 1) << first)
        self.runs = tuple(runs)
        widest = max((w for _, w in runs), default=1)
        self.widest = widest
        self.count = np.array([p.bit_count() for p in range(1 << widest)], dtype=np.int64)
        select = np.zeros((1 << widest, widest), dtype=np.int64)
        for p in range(1, 1 << widest):
            bits = [b for b in range(widest) if p >> b & 1]
            select[p, : len(bits)] = bits
        self.select = select
        # pick's view of the runs: NumPy shifts and masks, and select as one row
        self._flat_select = select.ravel()
        self._pick_runs = tuple(
            (np.uint64(first), np.uint64((1 << width) - 1), first) for first, width in runs
        )

    @classmethod
    def get(cls, np: Any, deck: Deck) -> Tables:
        """The tables of ``deck`` (made on first use)."""
        made = cls._made.get(deck)
        if made is None:
            made = cls._made[deck] = Tables(np, deck)
        return made


def pick(tab: Tables, legal: U64, u: Any) -> I64:
    """The card index of the ``int(u * n)``-th lowest card of each mask (n cards in it)."""
    np = tab.np
    n = np.bitwise_count(legal).astype(np.int64)
    k = (u * n).astype(np.int64)
    card = np.zeros(len(legal), dtype=np.int64)
    widest = tab.widest
    count, select = tab.count, tab._flat_select
    for shift, mask, first in tab._pick_runs:
        part = ((legal >> shift) & mask).astype(np.int64)
        cnt = count.take(part)
        here = (k >= 0) & (k < cnt)
        # (np.clip costs several times minimum and maximum on short arrays)
        at = select.take(part * widest + np.minimum(np.maximum(k, 0), widest - 1))
        card = np.where(here, at + first, card)
        k = k - cnt
    return card  # type: ignore[no-any-return]
