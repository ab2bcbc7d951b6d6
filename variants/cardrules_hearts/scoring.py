"""Scoring and the end of a Hearts game: penalty points per seat, the lowest total wins.

Each heart a player takes counts 1 point and the queen of spades 13 (HE-4.1):
26 points in every deal.  A player who takes every heart and the queen
"shoots the moon": 26 is taken off that player's points and added to each
other player's (HE-4.2).  House rules: the jack of diamonds counts −10
(``jd_bonus``, HE-6.1); a player who took no trick scores −5 unless the moon
was shot (``avoid_all_tricks_bonus``, HE-6.2).  The game ends after the deal in
which a total reaches 100, and the lowest total wins (HE-5.1, HE-5.2).

>>> from cardrules.cards import mask_of, parse_cards
>>> from cardrules.rules.components import Contract
>>> taken = [mask_of(parse_cards(h)) for h in ("QS 2H 3H 4C", "AH KH 2C 3C", "", "")]
>>> scores = HeartsScorer().score_taken(Contract(None, 0), (1, 1, 0, 0), taken)
>>> {seat: str(points) for seat, points in scores.items()}
{0: '15', 1: '2', 2: '0', 3: '0'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from cardrules.cards import Card, mask_of, parse_cards
from cardrules.errors import CardError, CardrulesError, shown
from cardrules.rules.components import (
    Contract,
    DealResult,
    EndCondition,
    FinishedDeal,
    GameOver,
    Scorer,
    Side,
)
from cardrules_hearts.duties import HEARTS, POINT_CARDS, QUEEN_OF_SPADES

__all__ = ["HeartsEnd", "HeartsScorer"]

_JACK_OF_DIAMONDS = 1 << Card.parse("JD").index
#: Every point a deal holds (13 hearts and the queen): what a moon shot moves.
MOON = 26


class HeartsScorer(Scorer):
    """Penalty points per seat: ``heart`` per heart, ``queen`` for the Q♠, the moon shot
    (HE-4.2); ``jack`` for the J♦ (a bonus, so negative) and ``avoid`` for a seat without a
    trick (0: not played)."""

    #: The game hands :meth:`score_finished` the cards each seat took.
    reads_taken = True

    def __init__(self, *, heart: int = 1, queen: int = 13, jack: int = 0, avoid: int = 0) -> None:
        self.heart = heart
        self.queen = queen
        self.jack = jack
        self.avoid = avoid

    def __repr__(self) -> str:
        return (
            f"HeartsScorer(heart={self.heart}, queen={self.queen}, jack={self.jack}, "
            f"avoid={self.avoid})"
        )

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show``, ``cardrules diff`` and the docs print it."""
        text = (
            f"penalty points per seat: {self.heart} per heart taken, {self.queen} for the "
            "queen of spades; a player who takes every heart and the queen shoots the moon: "
            f"{MOON} off their points and {MOON} to each other player"
        )
        if self.jack:
            text += f"; the jack of diamonds counts {self.jack}"
        if self.avoid:
            text += f"; a player who took no trick scores {self.avoid} unless the moon was shot"
        return text

    def points(self, taken: int) -> int:
        """The points of the cards in ``taken`` (a mask), before the moon."""
        points = (taken & HEARTS).bit_count() * self.heart
        if taken & QUEEN_OF_SPADES:
            points += self.queen
        if taken & _JACK_OF_DIAMONDS:
            points += self.jack
        return points

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Refused: Hearts scores the cards taken, not the number of tricks."""
        raise CardrulesError(
            "Hearts scores the cards each seat took, not the number of tricks: "
            "use rules.score_deal(taken=[...]) with the cards of each seat"
        )

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        """The points of a deal of a game, from the cards each seat took."""
        return self.score_taken(deal.contract, deal.tricks, deal.taken)

    def score_taken(
        self, contract: Contract, tricks: Sequence[int], taken: Sequence[int]
    ) -> dict[Side, Decimal]:
        """The points of a deal from the cards each seat took (and the tricks, for ``avoid``)."""
        points = [self.points(mask) for mask in taken]
        shooter = next((s for s, m in enumerate(taken) if m & POINT_CARDS == POINT_CARDS), None)
        if shooter is not None:
            points = [p - MOON if s == shooter else p + MOON for s, p in enumerate(points)]
        elif self.avoid:
            points = [p + self.avoid if tricks[s] == 0 else p for s, p in enumerate(points)]
        return {seat: Decimal(p) for seat, p in enumerate(points)}

    def score_deal(self, rules: Any, **given: object) -> dict[Side, Decimal]:
        """The points of a finished deal from ``taken=``: the cards each seat took, one
        entry per seat (text such as ``"QS 2H AC KC"``, or a list of cards); all 52 cards,
        four to a trick."""
        if set(given) != {"taken"}:
            raise CardrulesError(
                "invalid deal: give the cards each seat took "
                "(score_deal(taken=['QS 2H AC KC ...', ...]))"
            )
        raw = given["taken"]
        players = int(getattr(rules, "players", 4))
        if not isinstance(raw, (list, tuple)) or len(raw) != players:
            raise CardrulesError(f"invalid taken: {shown(raw)} (expected one entry per seat)")
        masks: list[int] = []
        seen = 0
        for seat, cards in enumerate(raw):
            try:
                parsed = parse_cards(cards)
                mask = mask_of(parsed)
            except (CardError, TypeError, ValueError) as exc:
                raise CardrulesError(f"invalid taken[{seat}]: {shown(cards)}: {exc}") from None
            if mask.bit_count() != len(parsed):
                raise CardrulesError(f"invalid taken[{seat}]: a card is given twice")
            if mask & seen:
                raise CardrulesError(f"invalid taken[{seat}]: a card is given for two seats")
            if len(parsed) % players:
                raise CardrulesError(
                    f"invalid taken[{seat}]: {len(parsed)} cards (tricks of {players} cards each)"
                )
            seen |= mask
            masks.append(mask)
        if seen.bit_count() != 52:
            raise CardrulesError(f"invalid taken: {seen.bit_count()} cards (expected all 52)")
        tricks = tuple(m.bit_count() // players for m in masks)
        return self.score_taken(Contract(None, 0), tricks, masks)


class HeartsEnd(EndCondition):
    """The game ends after the deal in which a total reaches ``target`` (0: no target),
    or after ``deals`` deals; the lowest total wins, equal lowest totals share the win."""

    lowest_wins = True

    def __init__(
        self, deals: int, rule: str = "", *, target: int = 100, target_rule: str = ""
    ) -> None:
        self.deals = deals
        self.rule = rule
        self.target = target
        self.target_rule = target_rule

    def __repr__(self) -> str:
        return (
            f"HeartsEnd({self.deals}, {self.rule!r}, target={self.target!r}, "
            f"target_rule={self.target_rule!r})"
        )

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and ``cardrules diff`` print it."""
        plural = "s" if self.deals != 1 else ""
        if self.target:
            when = (
                f"after the deal in which a player's total reaches {self.target}, or after "
                f"{self.deals} deal{plural} at most"
            )
        else:
            when = f"after {self.deals} deal{plural}"
        return f"the game ends {when}; the lowest total wins, equal lowest totals share the win"

    def check(self, deals: Sequence[DealResult], totals: Mapping[Side, Decimal]) -> GameOver | None:
        """Whether the game is over, and who won (the lowest totals)."""
        low = min(totals.values())
        winners = tuple(side for side, total in totals.items() if total == low)
        if self.target and any(total >= self.target for total in totals.values()):
            return GameOver(
                f"a total reached {self.target}; the lowest total wins", self.target_rule, winners
            )
        if len(deals) >= self.deals:
            played = f"{self.deals} deal{'s' if self.deals != 1 else ''} played"
            return GameOver(played, self.rule, winners)
        return None
