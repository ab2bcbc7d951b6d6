"""Scoring a Euchre deal: 1 point for three or four tricks, 2 for a march, 4 for a lone march.

Makers who take three or four of the five tricks score 1, all five 2, or 4
when the maker played alone (EU-6.1, EU-6.2); makers who take fewer than three
are euchred and the defenders score 2 (EU-6.3), or 4 against a lone defender
(EUO-4.2).  In ``euchre`` only one side scores in a deal (EU-6.4); in
``euchre-openspiel`` the deal is zero-sum, each side receiving the makers'
figure or its negative (EUO-4.1).  A deal thrown in scores nothing.

>>> from cardrules.deck import Suit
>>> from cardrules_euchre.auction import EuchreContract
>>> lone = EuchreContract(Suit.H, 0, maker=1, alone=True, sitting_out=frozenset({3}))
>>> {k: str(v) for k, v in EuchreScorer().score(lone, (0, 4, 1, 0)).items()}
{'NS': '0', 'EW': '1'}
>>> {k: str(v) for k, v in EuchreScorer(zero_sum=True).score(lone, (0, 5, 0, 0)).items()}
{'NS': '-4', 'EW': '4'}
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from cardrules.errors import CardrulesError
from cardrules.rules.components import Contract, Scorer, Side, pair_of
from cardrules_euchre.auction import TO_WIN, TRICKS, EuchreContract

__all__ = ["EuchreScorer", "makers_points"]


def makers_points(tricks: int, alone: bool, lone_defender: bool) -> int:
    """The makers' points of a deal (negative: the defenders' points of a euchre).

    >>> [makers_points(t, False, False) for t in range(6)]
    [-2, -2, -2, 1, 1, 2]
    >>> makers_points(5, True, False), makers_points(4, True, True), makers_points(0, True, True)
    (4, 1, -4)
    """
    if tricks < TO_WIN:
        return -4 if lone_defender else -2
    if tricks < TRICKS:
        return 1
    return 4 if alone else 2


class EuchreScorer(Scorer):
    """The points of a Euchre deal by side (``NS``, ``EW``): only the side that scores
    (EU-6.4), or, ``zero_sum``, the makers' figure and its negative (EUO-4.1)."""

    def __init__(self, *, zero_sum: bool = False) -> None:
        self.zero_sum = zero_sum

    def __repr__(self) -> str:
        return f"EuchreScorer(zero_sum={self.zero_sum!r})"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and the docs print it."""
        tail = (
            "; each side receives the makers' points or their negative"
            if self.zero_sum
            else "; only one side scores"
        )
        return (
            "makers taking 3 or 4 tricks score 1, all 5 score 2, or 4 alone; makers taking "
            f"fewer than 3 are euchred: 2 to the defenders, 4 against a lone defender{tail}; "
            "a deal thrown in scores nothing"
        )

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """The points of one deal by side."""
        if not isinstance(contract, EuchreContract):
            raise CardrulesError(
                f"invalid contract for Euchre scoring: {contract.to_dict()} "
                "(expected a Euchre contract: maker, trumps, alone)"
            )
        if len(tricks) != 4:
            raise CardrulesError(f"invalid deal: {list(tricks)!r} (expected the tricks of 4 seats)")
        out: dict[Side, Decimal] = {"NS": Decimal(0), "EW": Decimal(0)}
        if contract.maker is None:
            return out
        points = makers_points(
            contract.makers_tricks(tricks), contract.alone, contract.lone_defender is not None
        )
        makers = pair_of(contract.maker)
        defenders = pair_of(contract.maker + 1)
        if self.zero_sum:
            out[makers], out[defenders] = Decimal(points), Decimal(-points)
        elif points > 0:
            out[makers] = Decimal(points)
        else:
            out[defenders] = Decimal(-points)
        return out

    def score_deal(self, rules: Any, **given: object) -> dict[Side, Decimal]:
        """Scores from ``maker=`` (a seat), ``tricks=`` (the makers' tricks, 0 to 5),
        ``alone=`` and ``lone_defender=`` (both False if left out)."""
        allowed = {"maker", "tricks", "alone", "lone_defender"}
        if not {"maker", "tricks"} <= set(given) <= allowed:
            raise CardrulesError(
                "invalid deal: give maker= (a seat 0-3) and tricks= (the makers' tricks, 0-5), "
                "and perhaps alone= and lone_defender= (score_deal(maker=1, tricks=4))"
            )
        maker, took = given["maker"], given["tricks"]
        alone, lone = given.get("alone", False), given.get("lone_defender", False)
        if type(maker) is not int or not 0 <= maker <= 3:
            raise CardrulesError(f"invalid deal: maker {maker!r} (expected a seat 0-3)")
        if type(took) is not int or not 0 <= took <= TRICKS:
            raise CardrulesError(f"invalid deal: tricks {took!r} (expected 0 to {TRICKS})")
        if type(alone) is not bool or type(lone) is not bool:
            raise CardrulesError("invalid deal: alone= and lone_defender= must be True or False")
        per_seat = [0, 0, 0, 0]
        per_seat[maker] = took
        per_seat[(maker + 1) % 4] = TRICKS - took
        defender = (maker + 1) % 4 if lone else None
        contract = EuchreContract(None, 0, maker=maker, alone=alone, lone_defender=defender)
        return self.score(contract, per_seat)
