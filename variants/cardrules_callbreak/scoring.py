"""Scoring of the Call Break family, in exact decimals.

>>> from cardrules.rules.components import Contract
>>> s = CallTenthsScorer()
>>> [str(v) for v in s.score(Contract(None, 0, calls=(3, 4, 2, 3)), (5, 3, 2, 3)).values()]
['3.2', '-4.0', '2.0', '3.0']
>>> w = CallWindowScorer(per_call=10, window=2)
>>> [str(v) for v in w.score(Contract(None, 0, calls=(4, 4, 4, 2)), (3, 6, 7, 5)).values()]
['-40', '42', '-40', '-20']
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from cardrules.rules.components import Contract, Side

__all__ = ["CallTenthsScorer", "CallWindowScorer", "tenths"]


def tenths(count: int) -> Decimal:
    """An exact decimal from a whole number of tenths: ``tenths(32) == Decimal("3.2")``."""
    return Decimal(count).scaleb(-1)


class CallTenthsScorer:
    """Call plus 0.1 per extra trick when the call is made, minus the call otherwise.

    Counts in whole tenths and converts once (CBS-4.1, CBS-4.2, CBS-4.4;
    APP-4.1, APP-4.2).
    """

    #: The rule in words, as ``cardrules diff`` and the docs show it.
    summary = "the call plus 0.1 per extra trick when made, else minus the call"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Scores by seat of one deal from the calls in ``contract`` and the tricks taken."""
        out: dict[Side, Decimal] = {}
        for seat, (call, took) in enumerate(zip(contract.calls, tricks, strict=True)):
            out[seat] = tenths(10 * call + (took - call) if took >= call else -10 * call)
        return out


class CallWindowScorer:
    """A call succeeds with ``call`` up to ``call + window`` tricks; otherwise it fails.

    Success scores ``per_call`` points per trick called plus ``per_extra``
    per extra trick; failure (too few *or too many* tricks) loses ``per_call``
    per trick called.  Classic Call Bridge uses ``per_call=10, window=2,
    per_extra=1`` (CBC-4.1, CBC-4.2, D-5): call 4 scores 40..42 with 4..6
    tricks, and -40 with 3 or fewer, or 7 or more.
    """

    def __init__(self, per_call: int = 10, window: int = 2, per_extra: int = 1) -> None:
        self.per_call = per_call
        self.window = window
        self.per_extra = per_extra

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules diff`` and the docs show it."""
        extra = "" if self.per_extra == 1 else f"{self.per_extra} × "
        return (
            f"{self.per_call} × call + {extra}extra tricks with call to call+{self.window} "
            f"tricks, else −{self.per_call} × call"
        )

    def __repr__(self) -> str:
        return (
            f"CallWindowScorer(per_call={self.per_call}, window={self.window}, "
            f"per_extra={self.per_extra})"
        )

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Scores by seat of one deal from the calls in ``contract`` and the tricks taken."""
        out: dict[Side, Decimal] = {}
        for seat, (call, took) in enumerate(zip(contract.calls, tricks, strict=True)):
            extra = took - call
            if 0 <= extra <= self.window:
                out[seat] = Decimal(self.per_call * call + self.per_extra * extra)
            else:
                out[seat] = Decimal(-self.per_call * call)
        return out
