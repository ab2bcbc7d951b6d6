"""Scoring of the Call Break family, in exact decimals.

>>> from cardrules.rules.components import CallsContract
>>> s = CallTenthsScorer()
>>> [str(v) for v in s.score(CallsContract(None, 0, (3, 4, 2, 3)), (5, 3, 2, 3)).values()]
['3.2', '-4.0', '2.0', '3.0']
>>> w = CallWindowScorer(per_call=10, window=2)
>>> [str(v) for v in w.score(CallsContract(None, 0, (4, 4, 4, 2)), (3, 6, 7, 5)).values()]
['-40', '42', '-40', '-20']
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from cardrules.errors import CardrulesError, shown
from cardrules.rules.components import CallsContract, Contract, ScoreHelpers, Scorer, Side

__all__ = ["CallScorer", "CallScoring", "CallTenthsScorer", "CallWindowScorer", "tenths"]


def _calls(contract: Contract) -> tuple[int, ...]:
    """The calls of a contract of the calls auction; any other is refused."""
    if not isinstance(contract, CallsContract):
        raise CardrulesError(
            f"invalid contract for call scoring: {contract.to_dict()} (expected a call per seat)"
        )
    return contract.calls


def tenths(count: int) -> Decimal:
    """An exact decimal from a whole number of tenths: ``tenths(32) == Decimal("3.2")``."""
    return Decimal(count).scaleb(-1)


#: The tricks of one deal: 52 cards, four players.
TRICKS_PER_DEAL = 13


class CallScoring(ScoreHelpers):
    """Call Break's scoring helpers (``rules.scoring``): a deal described by its calls
    and tricks.

    >>> import cardrules
    >>> rules = cardrules.load("callbreak-strict")
    >>> scores = rules.scoring_as(CallScoring).score_calls([3, 4, 2, 3], [5, 3, 2, 3])
    >>> {seat: str(score) for seat, score in scores.items()}
    {0: '3.2', 1: '-4.0', 2: '2.0', 3: '3.0'}
    """

    def score_calls(self, calls: Sequence[int], tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Scores by seat of one finished deal from the calls and tricks of each seat.

        The calls are calls the profile allows and the tricks add up to a deal's 13.
        """
        rules = self.rules
        for what, numbers in (("calls", calls), ("tricks", tricks)):
            if isinstance(numbers, str) or not isinstance(numbers, Sequence):
                raise CardrulesError(
                    f"invalid deal: {what} {shown(numbers)} must be a list of 4 numbers, "
                    "one per seat"
                )
        if len(calls) != 4 or len(tricks) != 4:
            raise CardrulesError(
                f"invalid deal: calls {shown(list(calls))} and tricks {shown(list(tricks))} "
                "need one number per seat (4 each)"
            )
        low, high = rules.bounds  # a deal's calls are calls the profile's auction allows
        rule = f" ({rules.profile.auction_rule})" if rules.profile.auction_rule else ""
        if any(type(n) is not int or not low <= n <= high for n in calls):
            raise CardrulesError(
                f"invalid deal: calls {list(calls)!r} must be whole numbers {low}..{high}{rule}"
            )
        if any(type(n) is not int or not 0 <= n <= TRICKS_PER_DEAL for n in tricks):
            raise CardrulesError(
                f"invalid deal: tricks {list(tricks)!r} must be whole numbers 0..13"
            )
        if sum(tricks) != TRICKS_PER_DEAL:
            raise CardrulesError(
                f"invalid deal: tricks {list(tricks)!r} add up to {sum(tricks)}, "
                f"not the {TRICKS_PER_DEAL} tricks of a deal"
            )
        return rules.scorer.score(CallsContract(rules.trump, 0, tuple(calls)), tricks)


class CallScorer(Scorer):
    """What every call scorer offers apps: a deal described by its calls and tricks,
    ``rules.score_deal(calls=[3, 4, 2, 3], tricks=[5, 3, 2, 3])``, and the helpers of
    :class:`CallScoring` (``rules.scoring.score_calls([3, 4, 2, 3], [5, 3, 2, 3])``)."""

    score_helpers: type[ScoreHelpers] = CallScoring

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        raise NotImplementedError

    def score_deal(self, rules: Any, **given: object) -> dict[Side, Decimal]:
        """Scores from ``calls=`` and ``tricks=``, a number per seat each."""
        if set(given) != {"calls", "tricks"}:
            raise CardrulesError(
                "invalid deal: give calls and tricks per seat "
                "(score_deal(calls=[3, 4, 2, 3], tricks=[5, 3, 2, 3]))"
            )
        return CallScoring(rules).score_calls(given["calls"], given["tricks"])  # type: ignore[arg-type]


class CallTenthsScorer(CallScorer):
    """Call plus 0.1 per extra trick when the call is made, minus the call otherwise.

    Counts in whole tenths and converts once (CBS-4.1, CBS-4.2, CBS-4.4;
    APP-4.1, APP-4.2).
    """

    #: The rule in words, as ``cardrules diff`` and the docs show it.
    summary = "the call plus 0.1 per extra trick when made, else minus the call"

    def __repr__(self) -> str:
        return "CallTenthsScorer()"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Scores by seat of one deal from the calls in ``contract`` and the tricks taken."""
        out: dict[Side, Decimal] = {}
        for seat, (call, took) in enumerate(zip(_calls(contract), tricks, strict=True)):
            out[seat] = tenths(10 * call + (took - call) if took >= call else -10 * call)
        return out


class CallWindowScorer(CallScorer):
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
        for seat, (call, took) in enumerate(zip(_calls(contract), tricks, strict=True)):
            extra = took - call
            if 0 <= extra <= self.window:
                out[seat] = Decimal(self.per_call * call + self.per_extra * extra)
            else:
                out[seat] = Decimal(-self.per_call * call)
        return out
