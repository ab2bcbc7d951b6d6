"""Scoring and the end of a Spades game, by side ("NS", "EW"), in exact decimals.

A side that takes at least its contract scores 10 per trick of the contract
and 1 per overtrick (a bag); one that takes fewer loses 10 per trick of the
contract (SP-4.1, SP-4.2).  Bags are counted over the game: each time a
side's count reaches 10 it loses 100 and the count drops by 10 (SP-4.3).  A
nil bidder who takes no trick earns the side 100, else it loses 100 (SP-4.4); a
blind nil 200 (SP-4.6, where blind nil is played).
A nil bidder's tricks count as bags of the side but not toward the partner's
contract (SP-4.4, pagat), or toward it as well with ``nil_tricks_for_partner``
(SP-4.7, OpenSpiel).

>>> from cardrules_spades.auction import SpadesContract
>>> from cardrules.cards import Suit
>>> scorer = SpadesScorer()
>>> contract = SpadesContract(Suit.S, 0, calls=(4, 0, 3, 5))
>>> {k: str(v) for k, v in scorer.score(contract, (4, 1, 5, 3)).items()}
{'NS': '72', 'EW': '-149'}
>>> {k: str(v) for k, v in SpadesScorer(nil_tricks_for_partner=True).score(
...     contract, (4, 1, 5, 3)).items()}
{'NS': '72', 'EW': '-150'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from cardrules.errors import CardrulesError, shown
from cardrules.rules.components import (
    PAIRS,
    CallsContract,
    Contract,
    DealResult,
    EndCondition,
    FinishedDeal,
    GameOver,
    ScoreHelpers,
    Scorer,
    Side,
)
from cardrules_spades.auction import SpadesBids, SpadesContract, side_seats

__all__ = ["SpadesEnd", "SpadesScorer", "SpadesScoring"]

#: The tricks of one deal: 52 cards, four players.
TRICKS_PER_DEAL = 13
#: The keywords of ``rules.score_deal`` for Spades, the first two required.
DEAL_KEYWORDS = ("calls", "tricks", "nil", "bags_before")
#: What ``nil=`` says of each seat: a nil, a blind nil (where blind nil is played,
#: SP-2.4), or no nil (a call of 1 or more).
NIL_KINDS = ("nil", "blind", None)


#: The seats of each side.
_SEATS = {side: side_seats(side) for side in PAIRS}


def _calls(contract: Contract) -> tuple[int, ...]:
    """The calls of a contract of calls; anything else is refused."""
    if not isinstance(contract, CallsContract) or len(contract.calls) != 4:
        raise CardrulesError(
            f"invalid contract for Spades scoring: {contract.to_dict()} "
            "(expected a call per seat of four)"
        )
    return contract.calls


def _blind(contract: Contract) -> tuple[int, ...]:
    """The seats of a contract that declared blind nil (SP-2.4)."""
    return contract.blind if isinstance(contract, SpadesContract) else ()


class SpadesScoring(ScoreHelpers):
    """Spades' scoring helpers (``rules.scoring``): a deal described by its calls and tricks,
    for apps that keep their own state.

    >>> import cardrules
    >>> rules = cardrules.load("spades")
    >>> scores = rules.scoring_as(SpadesScoring).score_calls([0, 4, 1, 4], [1, 5, 0, 7])
    >>> {side: str(score) for side, score in scores.items()}
    {'NS': '-109', 'EW': '84'}
    """

    def score_calls(
        self,
        calls: Sequence[int],
        tricks: Sequence[int],
        *,
        nil: Sequence[str | None] | None = None,
        bags_before: Mapping[str, int] | None = None,
    ) -> dict[Side, Decimal]:
        """Scores by side of one finished deal from the calls and tricks of each seat.

        ``calls`` are 0 (nil) to 13, as the profile's bidding allows (SP-2.2, and the
        partner cap where it is played); ``tricks`` add up to the deal's 13.  ``nil``
        says each seat's nil, ``"nil"``, ``"blind"`` (a blind nil, scored ±200, SP-4.6;
        refused where blind nil is not played, SP-2.4) or None, and is checked against
        the calls; without it every call of 0 is a nil.  ``bags_before`` the bags each
        side carries in from the deals before, ``{"NS": 3, "EW": 0}`` (SP-4.3; none by default).
        """
        rules = self.rules
        scorer = rules.scorer
        for what, numbers in (("calls", calls), ("tricks", tricks)):
            if isinstance(numbers, str) or not isinstance(numbers, Sequence) or len(numbers) != 4:
                raise CardrulesError(
                    f"invalid deal: {what} {shown(numbers)} must be a list of 4 whole numbers, "
                    "one per seat"
                )
        auction = rules.auction
        if not isinstance(auction, SpadesBids) or not isinstance(scorer, SpadesScorer):
            raise CardrulesError(f"profile {rules.name!r} does not bid and score as Spades does")
        bid_rule = rules.profile.auction_rule or auction.bid_rule
        for what, numbers, rule in (("calls", calls, f" ({bid_rule})"), ("tricks", tricks, "")):
            for seat, n in enumerate(numbers):
                if type(n) is not int or not 0 <= n <= TRICKS_PER_DEAL:
                    raise CardrulesError(
                        f"invalid deal: {what} {list(numbers)!r}: seat {seat}'s {shown(n)} must "
                        f"be a whole number 0..{TRICKS_PER_DEAL}{rule}"
                    )
        if sum(tricks) != TRICKS_PER_DEAL:
            raise CardrulesError(
                f"invalid deal: tricks {list(tricks)!r} add up to {sum(tricks)}, "
                f"not the {TRICKS_PER_DEAL} tricks of a deal"
            )
        if auction.partner_cap:
            for side in PAIRS:
                first, second = side_seats(side)
                if calls[first] + calls[second] > TRICKS_PER_DEAL:
                    raise CardrulesError(
                        f"invalid deal: calls {list(calls)!r}: {side}'s calls total more than "
                        f"{TRICKS_PER_DEAL} ({auction.cap_rule})"
                    )
        blind = self._check_nil(calls, nil, auction, bid_rule)
        carried = self._carried(bags_before, scorer.bag_limit)
        contract = SpadesContract(
            auction.trump,
            0,
            calls=tuple(calls),
            nil_tricks_for_partner=scorer.nil_tricks_for_partner,
            blind=blind,
        )
        return scorer.score_with_bags(contract, tricks, carried)

    @staticmethod
    def _check_nil(
        calls: Sequence[int],
        nil: Sequence[str | None] | None,
        auction: SpadesBids,
        bid_rule: str,
    ) -> tuple[int, ...]:
        """``nil`` checked against ``calls`` (a nil only where the call is 0, a blind nil only
        where blind nil is played); the seats of the blind nils."""
        if nil is None:
            return ()
        if isinstance(nil, str) or not isinstance(nil, Sequence) or len(nil) != 4:
            raise CardrulesError(
                f"invalid deal: nil {shown(nil)} must be a list of 4, one per seat: "
                "'nil', 'blind' or None"
            )
        for seat, (kind, call) in enumerate(zip(nil, calls, strict=True)):
            if kind not in NIL_KINDS:
                raise CardrulesError(
                    f"invalid deal: nil {list(nil)!r}: seat {seat} is {shown(kind)}; "
                    "expected 'nil', 'blind' or None"
                )
            if kind is not None and call != 0:
                raise CardrulesError(
                    f"invalid deal: nil {list(nil)!r}: seat {seat} called {call}, not nil "
                    f"({bid_rule})"
                )
            if kind == "blind" and not auction.blind_nil:
                raise CardrulesError(
                    f"invalid deal: nil {list(nil)!r}: seat {seat}'s blind nil is not offered "
                    f"in these rules ({auction.blind_rule})"
                )
        return tuple(seat for seat, kind in enumerate(nil) if kind == "blind")

    @staticmethod
    def _carried(bags_before: Mapping[str, int] | None, limit: int) -> dict[str, int]:
        """The bags each side carries in, checked: 0 to one less than the bag limit."""
        if bags_before is None:
            return dict.fromkeys(PAIRS, 0)
        if not isinstance(bags_before, Mapping):
            raise CardrulesError(
                f"invalid deal: bags_before {shown(bags_before)} must map a side to its bags, "
                "e.g. {'NS': 3, 'EW': 0}"
            )
        unknown = [side for side in bags_before if side not in PAIRS]
        if unknown:
            raise CardrulesError(
                f"invalid deal: bags_before {dict(bags_before)!r}: unknown side "
                f"{shown(unknown[0])}; the sides are 'NS' and 'EW'"
            )
        for side, bags in bags_before.items():
            if type(bags) is not int or not 0 <= bags < limit:
                raise CardrulesError(
                    f"invalid deal: bags_before {dict(bags_before)!r}: {side} must carry a "
                    f"whole number of bags 0..{limit - 1} (SP-4.3)"
                )
        return {side: bags_before.get(side, 0) for side in PAIRS}


class SpadesScorer(Scorer):
    """Spades by side: 10 per trick of the contract and 1 per bag, or minus 10 per trick
    of the contract; every ``bag_limit`` bags cost ``bag_penalty``; nil ±``nil``, blind
    nil ±``blind_nil``.  Bags are carried from deal to deal (:meth:`score_finished`, with
    the game's earlier deals: :meth:`score_in_game`).

    A nil bidder's tricks are bags of the side and do not count toward the
    partner's contract (SP-4.4); with ``nil_tricks_for_partner`` they count toward
    it too, and only what the side takes beyond its contract is a bag (SP-4.7)."""

    #: ``rules.scoring.score_calls(calls, tricks)`` scores a deal described by hand.
    score_helpers: type[ScoreHelpers] = SpadesScoring

    def __init__(
        self,
        *,
        per_trick: int = 10,
        bag_limit: int = 10,
        bag_penalty: int = 100,
        nil: int = 100,
        blind_nil: int = 200,
        nil_tricks_for_partner: bool = False,
        win_threshold: int = 500,
        mercy_threshold: int = -350,
        win_or_loss_bonus: int = 0,
    ) -> None:
        self.per_trick = per_trick
        self.bag_limit = bag_limit
        self.bag_penalty = bag_penalty
        self.nil = nil
        self.blind_nil = blind_nil
        self.nil_tricks_for_partner = nil_tricks_for_partner
        self.win_threshold = win_threshold
        self.mercy_threshold = mercy_threshold
        self.win_or_loss_bonus = win_or_loss_bonus
        # The bags after the deals bags_before() counted last (see there).
        self._memo: tuple[tuple[DealResult, ...], dict[str, int]] | None = None

    def __repr__(self) -> str:
        return (
            f"SpadesScorer(per_trick={self.per_trick}, bag_limit={self.bag_limit}, "
            f"bag_penalty={self.bag_penalty}, nil={self.nil}, blind_nil={self.blind_nil}, "
            f"nil_tricks_for_partner={self.nil_tricks_for_partner!r}, "
            f"win_threshold={self.win_threshold}, mercy_threshold={self.mercy_threshold}, "
            f"win_or_loss_bonus={self.win_or_loss_bonus})"
        )

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show``, ``cardrules diff`` and the docs print it."""
        nil_tricks = (
            "a nil bidder's tricks count toward the partner's contract"
            if self.nil_tricks_for_partner
            else "a nil bidder's tricks are bags, not toward the partner's contract"
        )
        bonus = ""
        if self.win_or_loss_bonus:
            mercy = (
                f", else one whose deal score is {self.mercy_threshold} or less and below "
                "the other's loses as much"
                if self.mercy_threshold
                else ""
            )
            bonus = (
                f"; a side whose deal score is {self.win_threshold} or more and above the "
                f"other's gains {self.win_or_loss_bonus} more{mercy} (OpenSpiel's bonus)"
            )
        return (
            f"by side: contract made {self.per_trick} × the contract + 1 per overtrick (bag), "
            f"failed −{self.per_trick} × the contract; every {self.bag_limit} bags of the "
            f"game cost {self.bag_penalty}; nil ±{self.nil}; "
            f"{nil_tricks}{bonus}"
        )

    def _base(self, calls: Sequence[int], tricks: Sequence[int], side: str) -> tuple[int, int]:
        """The side's points for its contract and bags, and its bags of the deal."""
        a, b = _SEATS[side]
        contract = calls[a] + calls[b]
        if self.nil_tricks_for_partner:  # SP-4.7: every trick of the side toward the contract
            took, nil_bags = tricks[a] + tricks[b], 0
        else:  # SP-4.4: a nil bidder's tricks are bags only
            took = nil_bags = 0
            for seat in (a, b):
                if calls[seat]:
                    took += tricks[seat]
                else:
                    nil_bags += tricks[seat]
        if took >= contract:
            over = took - contract + nil_bags
            return self.per_trick * contract + over, over
        return -self.per_trick * contract + nil_bags, nil_bags

    def _nils(
        self, calls: Sequence[int], blind: Sequence[int], tricks: Sequence[int], side: str
    ) -> int:
        """The side's points for its nils and blind nils (SP-4.4, SP-4.6)."""
        points = 0
        for seat in side_seats(side):
            if calls[seat] == 0:
                value = self.blind_nil if seat in blind else self.nil
                points += value if tricks[seat] == 0 else -value
        return points

    def bags_before(self, before: Sequence[DealResult]) -> dict[str, int]:
        """Each side's bag count (under ``bag_limit``) after the deals ``before``.

        A game asks after each deal with one deal more than the time before: the count
        of the deals it was given last is kept (one per scorer) and carried on from,
        so that a game's scoring costs one deal per deal, not all the deals before."""
        start, bags = 0, dict.fromkeys(PAIRS, 0)
        memo = self._memo
        if memo is not None:
            known, counted = memo
            if len(known) <= len(before) and tuple(before[: len(known)]) == known:
                start, bags = len(known), dict(counted)
        limit = self.bag_limit
        for deal in before[start:]:
            calls = _calls(deal.contract)
            for side in PAIRS:
                bags[side] = (bags[side] + self._base(calls, deal.tricks, side)[1]) % limit
        if len(before) > start:
            self._memo = (tuple(before), dict(bags))
        return bags

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """The scores of a deal played as the first of a game (no bags carried in)."""
        return self.score_in_game(contract, tricks, ())

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        """The scores of a deal of a game, with the bags carried in from its earlier deals."""
        return self.score_in_game(deal.contract, deal.tricks, deal.before)

    def score_in_game(
        self, contract: Contract, tricks: Sequence[int], before: Sequence[DealResult]
    ) -> dict[Side, Decimal]:
        """The scores of a deal, with the bags the sides carry in from the deals ``before``."""
        return self.score_with_bags(contract, tricks, self.bags_before(before))

    def score_with_bags(
        self, contract: Contract, tricks: Sequence[int], carried: Mapping[str, int]
    ) -> dict[Side, Decimal]:
        """The scores of a deal, with the bags ``carried`` in by each side."""
        calls, blind = _calls(contract), _blind(contract)
        if len(tricks) != 4:
            raise CardrulesError(f"invalid tricks: {list(tricks)!r} (expected one number per seat)")
        out: dict[Side, Decimal] = {}
        for side in PAIRS:
            points, bags = self._base(calls, tricks, side)
            points -= self.bag_penalty * ((carried[side] + bags) // self.bag_limit)
            points += self._nils(calls, blind, tricks, side)
            out[side] = Decimal(points)
        if self.win_or_loss_bonus:
            self._add_bonus(out)
        return out

    def _add_bonus(self, out: dict[Side, Decimal]) -> None:
        """SPO-2.3, OpenSpiel's bonus, read from the deal's scores ``out`` (changed in place):
        NS, then EW, gains ``win_or_loss_bonus`` with a deal score of ``win_threshold`` or
        more above the other side's, else loses it with one of ``mercy_threshold`` or less
        (a threshold of 0: none) below the other's; EW's is compared with NS's as the bonus
        left it, as OpenSpiel 2.0.2 compares them."""
        bonus = self.win_or_loss_bonus
        for side, other in (PAIRS, PAIRS[::-1]):
            score = out[side]
            if score >= self.win_threshold and score > out[other]:
                out[side] = score + bonus
            elif self.mercy_threshold and score <= self.mercy_threshold and score < out[other]:
                out[side] = score - bonus

    # -- a deal described by hand (apps that keep their own state) ---------------------

    def score_deal(self, rules: Any, **given: object) -> dict[Side, Decimal]:
        """Scores from ``calls=`` and ``tricks=``, a number per seat each, and optionally
        ``nil=`` (each seat's nil) and ``bags_before=`` (each side's bags carried in)."""
        unknown = [key for key in given if key not in DEAL_KEYWORDS]
        missing = [key for key in DEAL_KEYWORDS[:2] if key not in given]
        if unknown or missing:
            problem = f"unknown keyword {unknown[0]!r}" if unknown else f"missing {missing[0]!r}"
            raise CardrulesError(
                f"invalid deal: {problem}; give calls and tricks per seat, and optionally "
                "nil and bags_before (score_deal(calls=[0, 4, 1, 4], tricks=[1, 5, 0, 7], "
                "bags_before={'NS': 3, 'EW': 0}))"
            )
        return SpadesScoring(rules).score_calls(
            given["calls"],  # type: ignore[arg-type]
            given["tricks"],  # type: ignore[arg-type]
            nil=given.get("nil"),  # type: ignore[arg-type]
            bags_before=given.get("bags_before"),  # type: ignore[arg-type]
        )


class SpadesEnd(EndCondition):
    """The game ends after the deal in which a side's total reaches ``target`` (the higher
    total wins; equal totals play on), or a side's total falls to ``mercy`` or below (it
    loses); and after ``deals`` deals in any case.  ``target`` 0: no target."""

    def __init__(
        self,
        deals: int,
        rule: str = "",
        *,
        target: int = 500,
        mercy: int | None = -200,
        target_rule: str = "",
        mercy_rule: str = "",
    ) -> None:
        self.deals = deals
        self.rule = rule
        self.target = target
        self.mercy = mercy
        self.target_rule = target_rule
        self.mercy_rule = mercy_rule

    def __repr__(self) -> str:
        return (
            f"SpadesEnd({self.deals}, {self.rule!r}, target={self.target!r}, "
            f"mercy={self.mercy!r}, target_rule={self.target_rule!r}, "
            f"mercy_rule={self.mercy_rule!r})"
        )

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and ``cardrules diff`` print it."""
        parts = []
        if self.target:
            parts.append(
                f"after the deal in which a side's total reaches {self.target} (the higher "
                "total wins; equal totals play another deal)"
            )
        if self.mercy is not None:
            parts.append(f"when a side's total falls to {self.mercy} or below (that side loses)")
        plural = "s" if self.deals != 1 else ""
        parts.append(f"after {self.deals} deal{plural} at most")
        return "the game ends " + ", or ".join(parts)

    def _over(self, deals: Sequence[DealResult], totals: Mapping[Side, Decimal]) -> GameOver | None:
        ranked = sorted(totals.items(), key=lambda kv: -kv[1])
        best = ranked[0][1]
        leaders = tuple(side for side, total in ranked if total == best)
        if self.mercy is not None:
            low = [side for side, total in totals.items() if total <= self.mercy]
            if low:
                winners = tuple(side for side in totals if side not in low) or leaders
                return GameOver(
                    f"{' and '.join(map(str, low))} fell to {self.mercy} or below",
                    self.mercy_rule,
                    winners,
                )
        reached = self.target and any(total >= self.target for total in totals.values())
        if reached and len(leaders) == 1:
            return GameOver(
                f"a total reached the target of {self.target}", self.target_rule, leaders
            )
        if len(deals) >= self.deals:
            return GameOver(f"{self.deals} deals played", self.rule)
        return None

    def check(self, deals: Sequence[DealResult], totals: Mapping[Side, Decimal]) -> GameOver | None:
        """Whether the game is over."""
        return self._over(deals, totals)
