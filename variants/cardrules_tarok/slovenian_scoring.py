"""Scoring a deal of Slovenian Tarok as the profile ``tarok`` plays it (TK-7.x, TK-8.x).

Only the declarer's side scores, but for the Mond lost (TK-7.6) and klop, where every
player scores for itself as in OpenSpiel (TK-7.5).  Three, two and one (solo or not):
the side's cards (the declarer's tricks and the cards it laid away, its partner's
tricks) are counted; the talon's parts not taken count for the opponents (TK-4.3).  The
side wins over 35; it scores the contract's value and the difference from 35 rounded to
the nearest 5, as a gain or a loss (TK-7.1), plus the bonuses, silent or announced
(TK-7.2), unless a valat replaces it all (TK-7.3).  Beggar and above score the value
alone, won or lost (TK-7.4).  The doublings multiply the side's score (TK-5.2), and a
declarer holding a radelc scores it double (TK-8.2).

>>> rounded_difference(41), rounded_difference(37), rounded_difference(38), rounded_difference(22)
(5, 0, 5, -15)
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from cardrules.errors import CardrulesError
from cardrules.rules.components import Contract, DealResult, FinishedDeal, Scorer, Side
from cardrules_tarok.actions import KINGS_MASK, MOND, PAGAT, TRULA, card_points
from cardrules_tarok.scoring import VALUES_OF_CONTRACTS, _klop
from cardrules_tarok.slovenian import NORMAL, SlovenianContract

__all__ = ["RADLI_CONTRACTS", "TarokScorer", "radli", "rounded_difference"]

#: The points a side must beat (TK-7.1).
HALF = 35
#: The bonuses' silent values (TK-7.2); announced, each counts double.
SILENT: dict[str, int] = {
    "trula": 10,
    "kings": 10,
    "king ultimo": 10,
    "pagat ultimo": 25,
    "valat": 250,
}
#: What a Mond lost costs its player (TK-7.6).
MOND_LOST = -20
#: The contracts after which every player receives a radelc (TK-8.1).
RADLI_CONTRACTS = ("klop", "beggar", "open beggar", "colour valat without", "valat without")


def rounded_difference(points: int) -> int:
    """``points`` less 35, rounded to the nearest multiple of 5 (TK-7.1); the points are
    whole, so no difference lies halfway."""
    diff = points - HALF
    size = (abs(diff) + 2) // 5 * 5
    return size if diff >= 0 else -size


def radli(before: Sequence[DealResult], players: int) -> list[int]:
    """Each seat's radli after the deals ``before`` (TK-8.1): one to every seat after a deal
    of klop, a beggar or a valat contract or with a valat announced; one crossed out when
    its declarer scores more than 0 holding one."""
    held = [0] * players
    for result in before:
        contract = result.contract
        if not isinstance(contract, SlovenianContract):
            continue
        seat = contract.declarer
        if contract.name != "klop" and held[seat] and result.scores.get(seat, 0) > 0:
            held[seat] -= 1
        if contract.name in RADLI_CONTRACTS or "valat" in contract.announced:
            held = [h + 1 for h in held]
    return held


class TarokScorer(Scorer):
    """The scores of a deal of Slovenian Tarok (see the module's docstring)."""

    reads_taken = True

    def __repr__(self) -> str:
        return "TarokScorer()"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Refused: Tarok scores the cards each seat took, trick by trick."""
        raise CardrulesError(
            "Tarok scores the cards each seat took, trick by trick, not the number of "
            "tricks: a finished game's deal is scored by the game itself"
        )

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        """The scores of a deal of a game, from its tricks in order and the game's earlier
        deals (the radli: TK-8.x)."""
        contract = deal.contract
        if not isinstance(contract, SlovenianContract):
            raise CardrulesError(f"a Tarok scorer scores Slovenian contracts, not {contract!r}")
        if sum(deal.tricks) and not deal.played:
            raise CardrulesError(
                "a Tarok deal is scored from its tricks in order (FinishedDeal.played); "
                "this caller gave none (the NumPy engine: use engine='game')"
            )
        scores = _Deal(contract, deal).scores()
        return {s: Decimal(v) for s, v in enumerate(scores)}


class _Deal:
    """One finished deal being scored: the piles, the sides, the last trick."""

    def __init__(self, contract: SlovenianContract, deal: FinishedDeal) -> None:
        self.contract = contract
        self.deal = deal
        self.n = n = len(deal.tricks)
        self.piles: list[list[int]] = [[] for _ in range(n)]
        #: The opponents' share of the talon (TK-4.3).
        self.rest: list[int] = []
        self.partner = -1
        self.lost_mond = -1
        self._gather()

    def _gather(self) -> None:
        contract, deal = self.contract, self.deal
        in_tricks = 0
        for trick in deal.played:
            for seat, card in trick.cards:
                in_tricks |= 1 << card.index
                if card.index == contract.king and seat != contract.declarer:
                    self.partner = seat
        if contract.king in contract.talon:
            self.partner = -1
        talon: list[int] = []
        if contract.name == "klop":
            ranked = sorted(i for i in range(deal.deck.size) if not in_tricks >> i & 1)
            talon = [ranked[r] for r in contract.talon_order] if len(ranked) == 6 else []
        elif contract.exchanges:
            taken = set(contract.taken())
            self.rest = [i for i in contract.talon if i not in taken]
            laid = [
                i for i in range(deal.deck.size) if not in_tricks >> i & 1 and i not in self.rest
            ]
            self.piles[contract.declarer].extend(laid)
            if MOND in self.rest:
                self.lost_mond = contract.declarer
        for trick in deal.played:
            winner = trick.winner
            self.piles[winner].extend(card.index for _, card in trick.cards)
            winning = next(card.index for seat, card in trick.cards if seat == winner)
            if contract.name == "klop" and talon:
                self.piles[winner].append(talon.pop(0))
            if winning == contract.king and contract.king in contract.talon and self.rest:
                self.piles[winner].extend(self.rest)  # (TK-4.3: the declarer's king)
                if MOND in self.rest:
                    self.lost_mond = -1
                self.rest = []
            if contract.name in (*NORMAL, "solo without"):
                for seat, card in trick.cards:
                    if card.index == MOND and self._side(seat) != self._side(winner):
                        self.lost_mond = seat

    def _side(self, seat: int) -> bool:
        """Whether ``seat`` is of the declarer's side."""
        return seat in (self.contract.declarer, self.partner)

    def scores(self) -> list[int]:
        contract = self.contract
        if contract.name == "klop":
            return _klop(self.piles)
        side = self._normal() if contract.name in NORMAL else self._higher()
        side *= contract.multiplier
        scores = [0] * self.n
        held = radli(self.deal.before, self.n)
        scores[contract.declarer] = side * 2 if held[contract.declarer] else side
        if self.partner >= 0:
            scores[self.partner] = side
        if self.lost_mond >= 0 and contract.name in (*NORMAL, "solo without"):
            scores[self.lost_mond] += MOND_LOST
        return scores

    def _ours(self) -> tuple[list[int], list[int], int]:
        """The side's cards, the opponents' cards (with the talon's rest), the side's
        tricks."""
        ours: list[int] = []
        theirs = list(self.rest)
        for seat, pile in enumerate(self.piles):
            (ours if self._side(seat) else theirs).extend(pile)
        won = sum(t for s, t in enumerate(self.deal.tricks) if self._side(s))
        return ours, theirs, won

    def _normal(self) -> int:
        """Three, two and one, solo or not (TK-7.1 .. TK-7.3)."""
        contract = self.contract
        ours, theirs, won = self._ours()
        every = len(self.deal.played)
        announced = contract.announced
        if "valat" in announced:
            return 2 * SILENT["valat"] if won == every else -2 * SILENT["valat"]
        if won == every:
            return SILENT["valat"]
        if won == 0:
            return -SILENT["valat"]
        points = card_points(ours)
        value = VALUES_OF_CONTRACTS[contract.name]
        diff = rounded_difference(points)
        score = value + diff if points > HALF else -value + diff
        return score + sum(self._bonus(b, ours, theirs) for b in SILENT if b != "valat")

    def _bonus(self, bonus: str, ours: list[int], theirs: list[int]) -> int:
        """What ``bonus`` scores the side (TK-7.2): announced, its value doubled if made,
        lost if not; silent, its value to the side that made it."""
        value = SILENT[bonus]
        made = self._made(bonus, ours, theirs)
        if bonus in self.contract.announced:
            return 2 * value if made is True else -2 * value
        return value if made is True else -value if made is False else 0

    def _made(self, bonus: str, ours: list[int], theirs: list[int]) -> bool | None:
        """True where the side made ``bonus``, False where the opponents did (silent: a
        Pagat of the side that lost the last trick, or theirs that took it), None where
        nobody did; an announced ultimo is made only by the side's own card."""
        if bonus in ("trula", "kings"):
            cards = TRULA if bonus == "trula" else KINGS_MASK
            mine = sum(1 << i for i in set(ours))
            if mine & cards == cards:
                return True
            other = sum(1 << i for i in set(theirs))
            return False if other & cards == cards else None
        if not self.deal.played:
            return None
        last = self.deal.played[-1]
        card = self.contract.king if bonus == "king ultimo" else PAGAT
        if card < 0 or (bonus == "king ultimo" and card in self.contract.talon):
            return None
        holder = next((s for s, c in last.cards if c.index == card), -1)
        if holder < 0:
            return None
        if bonus == "king ultimo":  # the called king in the last trick, won by the side
            return self._side(last.winner)
        wins = last.winner == holder  # the Pagat takes the last trick
        if "pagat ultimo" in self.contract.announced:  # the side's own Pagat must take it
            return wins and self._side(holder)
        return wins if self._side(holder) else not wins

    def _higher(self) -> int:
        """Solo without, the beggars and the valats (TK-7.4): the value, won or lost."""
        contract = self.contract
        declarer = contract.declarer
        name = contract.name
        if name in ("beggar", "open beggar"):
            won = self.deal.tricks[declarer] == 0
        elif "valat" in name:
            won = all(t == 0 for s, t in enumerate(self.deal.tricks) if s != declarer)
        else:
            won = card_points(self.piles[declarer]) > HALF
        value = VALUES_OF_CONTRACTS[name]
        return value if won else -value
