"""Scoring of the Oh Hell family: exact bids, in exact decimals.

A seat that takes exactly its bid scores ``bonus + per_bid × bid + per_trick
× tricks``; any other seat scores ``per_trick × tricks − per_miss × |tricks −
bid|``.  The reference rule set scores 10 plus the bid for an exact bid and
nothing otherwise (OH-5.1, OH-5.2, D-7); OpenSpiel's ``oh_hell`` scores a
point per trick plus 10 for an exact bid (``bonus=10, per_bid=0,
per_trick=1``), and with its ``off_bid_penalty`` 10 plus the bid, or minus the
difference (``bonus=10, per_bid=1, per_trick=0, per_miss=1``).

>>> from cardrules.rules.components import CallsContract
>>> exact = ExactBidScorer()
>>> [str(v) for v in exact.score(CallsContract(None, 0, (2, 0, 2, 0)), (2, 1, 2, 0)).values()]
['12', '0', '12', '10']
>>> tricks = ExactBidScorer(bonus=10, per_bid=0, per_trick=1)
>>> [str(v) for v in tricks.score(CallsContract(None, 0, (2, 0, 2, 0)), (2, 1, 2, 0)).values()]
['12', '1', '12', '10']
>>> penalty = ExactBidScorer(bonus=10, per_bid=1, per_trick=0, per_miss=1)
>>> [str(v) for v in penalty.score(CallsContract(None, 0, (0, 1, 0, 2)), (2, 1, 2, 0)).values()]
['-2', '11', '-2', '-2']
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from cardrules.errors import CardrulesError, shown
from cardrules.rules.components import CallsContract, Contract, ScoreHelpers, Scorer, Side
from cardrules_ohhell.auction import OhHellBids

__all__ = ["BidScoring", "ExactBidScorer"]


def _bids(contract: Contract) -> tuple[int, ...]:
    """The bids of a contract of calls; any other contract is refused."""
    if not isinstance(contract, CallsContract) or not contract.calls:
        raise CardrulesError(
            f"invalid contract for exact-bid scoring: {contract.to_dict()} "
            "(expected a bid per seat)"
        )
    return contract.calls


def _term(factor: int, what: str) -> str:
    """``"the bid"``, ``"2 × the bid"``, or nothing for a factor of 0."""
    if factor == 0:
        return ""
    return what if factor == 1 else f"{factor} × {what}"


class BidScoring(ScoreHelpers):
    """Oh Hell's scoring helpers (``rules.scoring``): a deal described by its bids and
    tricks.

    >>> import cardrules
    >>> rules = cardrules.load("oh-hell")
    >>> scores = rules.scoring_as(BidScoring).score_calls([2, 0, 2, 0], [2, 1, 2, 0])
    >>> {seat: str(score) for seat, score in scores.items()}
    {0: '12', 1: '0', 2: '12', 3: '10'}
    """

    def score_calls(self, calls: Sequence[int], tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Scores of one finished deal from the bids and the tricks of each seat.

        The tricks add up to the deal's hand size, one the profile deals; each
        bid is 0 to that size; and, where the dealer has the hook, the bids do
        not add up to the tricks (no such deal is possible).
        """
        rules = self.rules
        n = rules.players
        numbers: dict[str, Sequence[int]] = {}
        for what, value in (("calls", calls), ("tricks", tricks)):
            if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != n:
                raise CardrulesError(
                    f"invalid deal: {what} {shown(value)} must be a list of {n} whole numbers, "
                    "one per seat"
                )
            if any(type(v) is not int or v < 0 for v in value):
                raise CardrulesError(
                    f"invalid deal: {what} {list(value)!r} must be whole numbers, 0 or more"
                )
            numbers[what] = value
        bids, took = numbers["calls"], numbers["tricks"]
        size = sum(took)
        sizes = sorted({rules.hand_size(k) for k in range(1, rules.deals + 1)})
        if size not in sizes:
            raise CardrulesError(
                f"invalid deal: tricks {list(took)!r} add up to {size}; a deal of "
                f"{rules.name!r} has {', '.join(map(str, sizes))} tricks"
            )
        if any(b > size for b in bids):
            raise CardrulesError(
                f"invalid deal: calls {list(bids)!r} must be 0 to {size}, the tricks of the deal"
            )
        auction = rules.auction
        if isinstance(auction, OhHellBids) and sum(bids) == size:
            raise CardrulesError(
                f"invalid deal: calls {list(bids)!r} add up to {size}, the tricks of the "
                f"deal, which the dealer's hook forbids ({auction.hook_rule})"
            )
        return rules.scorer.score(CallsContract(rules.trump, 0, tuple(bids)), took)


class ExactBidScorer(Scorer):
    """Exact bids: a seat that takes exactly its bid scores a bonus, points per trick bid
    and points per trick taken; any other seat scores its points per trick taken, less a
    penalty per trick too many or too few.

    A seat that takes exactly its bid scores ``bonus + per_bid × bid + per_trick ×
    tricks``, any other ``per_trick × tricks − per_miss × |tricks − bid|``.  Scores
    each seat of an Oh Hell deal for itself (OH-5.1, OH-5.2, D-7).  The
    reference rule set uses ``bonus=10, per_bid=1, per_trick=0``: 10 plus the
    bid, or nothing.
    """

    #: ``rules.scoring.score_calls(bids, tricks)`` scores a deal described by hand.
    score_helpers: type[ScoreHelpers] = BidScoring

    def __init__(
        self, bonus: int = 10, per_bid: int = 1, per_trick: int = 0, per_miss: int = 0
    ) -> None:
        self.bonus = bonus
        self.per_bid = per_bid
        self.per_trick = per_trick
        self.per_miss = per_miss

    def __repr__(self) -> str:
        return (
            f"ExactBidScorer(bonus={self.bonus}, per_bid={self.per_bid}, "
            f"per_trick={self.per_trick}, per_miss={self.per_miss})"
        )

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show``, ``cardrules diff`` and the docs print it."""
        bonus = str(self.bonus) if self.bonus else ""
        made = [bonus, _term(self.per_bid, "the bid"), _term(self.per_trick, "the tricks")]
        missed = _term(self.per_trick, "the tricks")
        if self.per_miss:
            penalty = _term(self.per_miss, "the difference")
            missed = f"{missed} minus {penalty}" if missed else f"minus {penalty}"
        return (
            f"exactly the bid: {' + '.join(t for t in made if t) or '0'}; "
            f"more or fewer tricks: {missed or '0'}"
        )

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Scores by seat of one deal from the bids in ``contract`` and the tricks taken."""
        out: dict[Side, Decimal] = {}
        for seat, (bid, took) in enumerate(zip(_bids(contract), tricks, strict=True)):
            points = self.per_trick * took
            if took == bid:
                points += self.bonus + self.per_bid * bid
            else:
                points -= self.per_miss * abs(took - bid)
            out[seat] = Decimal(points)
        return out

    # -- a deal described by hand (apps that keep their own state) ---------------------

    def score_deal(self, rules: Any, **given: object) -> dict[Side, Decimal]:
        """Scores from ``calls=`` (the bids) and ``tricks=``, a number per seat each."""
        if set(given) != {"calls", "tricks"}:
            raise CardrulesError(
                "invalid deal: give the bids and the tricks per seat "
                "(score_deal(calls=[2, 0, 2, 0], tricks=[2, 1, 2, 0]))"
            )
        return BidScoring(rules).score_calls(given["calls"], given["tricks"])  # type: ignore[arg-type]
