"""The deals of a batch: the deck shuffled and dealt round the table, many deals at once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardrules.batch.tables import Tables

__all__ = ["deal_hands"]


def deal_hands(
    tab: Tables, rng: Any, dealers: Any, order: Sequence[Sequence[int]], hand_size: int
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Random hands of ``hand_size`` cards for each dealer: the deck shuffled, card ``j``
    from the top to ``order[dealer][j % seats]``.  Returns the hands (masks by seat) and
    the stocks (the cards left over, top first, as card indices)."""
    np = tab.np
    count = len(dealers)
    seats = len(order[0])
    perm = np.argsort(rng.random((count, tab.deck.size)), axis=1).astype(np.uint64)
    bits = np.uint64(1) << perm[:, : seats * hand_size]
    by_pos = [np.bitwise_or.reduce(bits[:, p::seats], axis=1) for p in range(seats)]
    seat_of = np.array(order, dtype=np.int64)[dealers]  # [deal, position] -> seat
    hands = np.zeros((count, seats), dtype=np.uint64)
    rows = np.arange(count)
    for p in range(seats):
        hands[rows, seat_of[:, p]] = by_pos[p]
    dealt = seats * hand_size
    rest: list[tuple[int, ...]] = [()] * count
    if dealt < tab.deck.size:
        rest = [tuple(r) for r in perm[:, dealt:].tolist()]
    return [tuple(h) for h in hands.tolist()], rest
