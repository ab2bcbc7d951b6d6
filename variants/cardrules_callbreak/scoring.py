"""Scoring of the Call Break family, in exact tenths.

>>> from cardrules.components import Contract
>>> s = CallTenthsScorer()
>>> [str(v) for v in s.score(Contract(None, 0, calls=(3, 4, 2, 3)), (5, 3, 2, 3)).values()]
['3.2', '-4.0', '2.0', '3.0']
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from cardrules.components import Contract, Side

__all__ = ["CallTenthsScorer", "tenths"]


def tenths(count: int) -> Decimal:
    """An exact decimal from a whole number of tenths: ``tenths(32) == Decimal("3.2")``."""
    return Decimal(count).scaleb(-1)


class CallTenthsScorer:
    """Call plus 0.1 per extra trick when the call is made, minus the call otherwise.

    Counts in whole tenths and converts once (CBS-4.1, CBS-4.2, CBS-4.4;
    APP-4.1, APP-4.2).
    """

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Scores by seat of one deal from the calls in ``contract`` and the tricks taken."""
        out: dict[Side, Decimal] = {}
        for seat, (call, took) in enumerate(zip(contract.calls, tricks, strict=True)):
            out[seat] = tenths(10 * call + (took - call) if took >= call else -10 * call)
        return out
