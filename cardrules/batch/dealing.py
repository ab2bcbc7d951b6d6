"""The deals of a batch: the whole pack shuffled and dealt to four seats, many deals at once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardrules.batch.tables import Tables

__all__ = ["deal_hands"]


def deal_hands(
    tab: Tables, rng: Any, dealers: Any, order: Sequence[Sequence[int]]
) -> list[tuple[int, ...]]:
    """Random hands (masks by seat) for each dealer; card ``j`` goes to ``order[dealer][j & 3]``."""
    np = tab.np
    count = len(dealers)
    perm = np.argsort(rng.random((count, 52)), axis=1).astype(np.uint64)
    bits = np.uint64(1) << perm
    by_pos = [np.bitwise_or.reduce(bits[:, p::4], axis=1) for p in range(4)]
    seat_of = np.array(order, dtype=np.int64)[dealers]  # [deal, position] -> seat
    hands = np.zeros((count, 4), dtype=np.uint64)
    rows = np.arange(count)
    for p in range(4):
        hands[rows, seat_of[:, p]] = by_pos[p]
    return [tuple(h) for h in hands.tolist()]
