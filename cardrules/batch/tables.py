"""NumPy for the batch engine, when it is installed, and its lookup tables of the pack.

:func:`pick` takes the random policy's card from each deal's mask of legal cards
through the tables, many deals at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.cards import SUIT_MASKS
from cardrules.rules.duties import BEATS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    U64 = npt.NDArray[np.uint64]
    I64 = npt.NDArray[np.int64]

__all__ = ["Tables", "installed_numpy", "pick"]


def installed_numpy() -> Any:
    """The ``numpy`` module, or None when it is not installed (the ``fast`` extra)."""
    try:
        import numpy
    except ImportError:  # pragma: no cover - depends on the installation
        return None
    return numpy


class Tables:
    """NumPy lookup tables, built once per process."""

    _made: Tables | None = None

    def __init__(self, np: Any) -> None:
        self.np = np
        self.beats = np.array(BEATS, dtype=np.uint64)  # [trump or 4, card]
        self.suit = np.array((*SUIT_MASKS, 0), dtype=np.uint64)  # [suit or -1]
        # pop13[p]: cards in a 13-bit suit pattern; select[p, k]: the k-th lowest of them.
        self.pop13 = np.array([p.bit_count() for p in range(1 << 13)], dtype=np.int64)
        select = np.zeros((1 << 13, 13), dtype=np.int64)
        for p in range(1, 1 << 13):
            bits = [b for b in range(13) if p >> b & 1]
            select[p, : len(bits)] = bits
        self.select = select

    @classmethod
    def get(cls, np: Any) -> Tables:
        if cls._made is None:
            cls._made = Tables(np)
        return cls._made


def pick(tab: Tables, legal: U64, u: Any) -> I64:
    """The card index of the ``int(u * n)``-th lowest card of each mask (n cards in it)."""
    np = tab.np
    n = np.bitwise_count(legal).astype(np.int64)
    k = (u * n).astype(np.int64)
    card = np.zeros(len(legal), dtype=np.int64)
    for s in range(4):
        part = ((legal >> np.uint64(13 * s)) & np.uint64(8191)).astype(np.int64)
        cnt = tab.pop13[part]
        here = (k >= 0) & (k < cnt)
        card = np.where(here, tab.select[part, np.minimum(np.maximum(k, 0), 12)] + 13 * s, card)
        k = k - cnt
    return card  # type: ignore[no-any-return]
