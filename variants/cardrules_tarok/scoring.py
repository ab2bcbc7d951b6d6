"""Scoring a deal of OpenSpiel's ``tarok``: its returns, exact, per seat.

Each player's pile is the cards it took in tricks, in order; the declarer's starts with
the cards it laid away (TKO-5.2).  In klop the winner of each of the first six tricks
also takes the talon's next card, and each player scores minus its points, unless one
took more than 35 (-70 to it) or no card (+70 to it): then only those score (TKO-5.3).
In three, two and one (solo or not) the declarer's side (the partner's pile counted with
the declarer's) scores its points less 35, plus the contract's value when over 35, else
less it, plus the bonuses; a side holding exactly 48 cards makes a valat, 250 (TKO-5.4).
Beggar and above score the contract's value to the declarer alone, won or lost
(TKO-5.5).  The Mond captured costs its player 20 (TKO-5.6).

>>> from cardrules_tarok.actions import card_points, DECK
>>> card_points(DECK.mask_of(DECK.parse_cards("T1 T21 T22 KH KD KS")))
26
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from cardrules.errors import CardrulesError
from cardrules.rules.components import Contract, FinishedDeal, Scorer, Side
from cardrules_tarok.actions import CONTRACTS, MOND, PAGAT, SKIS, card_points
from cardrules_tarok.auction import TarokContract

__all__ = ["VALUES_OF_CONTRACTS", "TarokOpenSpielScorer"]

#: Each contract's value (TKO-5.4, TKO-5.5), in OpenSpiel's order.
VALUES_OF_CONTRACTS: dict[str, int] = dict(
    zip(CONTRACTS, (70, 10, 20, 30, 40, 50, 60, 70, 80, 90, 125, 500), strict=True)
)
#: The points a side must beat (TKO-5.4); a pile of 48 cards, a valat; its score.
HALF, VALAT_CARDS, VALAT = 35, 48, 250
#: Klop: its fixed scores, and the talon's cards given with the first tricks (TKO-5.3).
KLOP = 70
#: The bonuses (TKO-5.4): the king ultimo, the Pagat ultimo, the four kings.
KING_ULTIMO, PAGAT_ULTIMO, KINGS_BONUS = 10, 25, 10
#: What a captured Mond costs its player (TKO-5.6).
MOND_LOST = -20
#: The contracts that exchange the talon, and the one without it that still counts the
#: Mond captured (TKO-5.6).
_MOND_COUNTS = ("three", "two", "one", "solo three", "solo two", "solo one", "solo without")


class TarokOpenSpielScorer(Scorer):
    """OpenSpiel's returns of a Tarok deal (see the module's docstring)."""

    reads_taken = True

    def __repr__(self) -> str:
        return "TarokOpenSpielScorer()"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Refused: Tarok scores the cards each seat took, trick by trick."""
        raise CardrulesError(
            "Tarok scores the cards each seat took, trick by trick, not the number of "
            "tricks: a finished game's deal is scored by the game itself"
        )

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        """The scores of a deal of a game, from its tricks in order (TKO-5.x)."""
        contract = deal.contract
        if not isinstance(contract, TarokContract):
            raise CardrulesError(f"a Tarok scorer scores Tarok contracts, not {contract!r}")
        if sum(deal.tricks) and not deal.played:
            raise CardrulesError(
                "a Tarok deal is scored from its tricks in order (FinishedDeal.played); "
                "this caller gave none (the NumPy engine: use engine='game')"
            )
        return {s: Decimal(v) for s, v in enumerate(_returns(contract, deal))}


def _returns(contract: TarokContract, deal: FinishedDeal) -> list[int]:
    """OpenSpiel's returns, as integers, by seat."""
    n = len(deal.tricks)
    deck = deal.deck
    piles: list[list[int]] = [[] for _ in range(n)]
    in_tricks = 0
    partner = -1
    for trick in deal.played:
        for seat, card in trick.cards:
            in_tricks |= 1 << card.index
            if card.index == contract.king and seat != contract.declarer:
                partner = seat
    talon: list[int] = []
    captured = -1
    name = contract.name
    if name == "klop":
        ranked = sorted(i for i in range(deck.size) if not in_tricks >> i & 1)
        talon = [ranked[r] for r in contract.talon_order] if len(ranked) == 6 else []
    elif contract.exchanges:
        taken = set(contract.taken())
        talon = [i for i in contract.talon if i not in taken]
        king_in_talon = contract.king in contract.talon
        if king_in_talon:
            partner = -1
        laid = [i for i in range(deck.size) if not in_tricks >> i & 1 and i not in talon]
        piles[contract.declarer].extend(laid)
        if MOND in contract.talon and MOND not in taken:
            captured = contract.declarer
    last_winner = contract.declarer
    for trick in deal.played:
        winner = trick.winner
        last_winner = winner
        cards = [card.index for _, card in trick.cards]
        piles[winner].extend(cards)
        winning = next(card.index for seat, card in trick.cards if seat == winner)
        if name == "klop" and talon:
            piles[winner].append(talon.pop(0))
        elif contract.king >= 0 and winning == contract.king and contract.king in contract.talon:
            piles[winner].extend(talon)
            if MOND in talon:
                captured = -1
            talon = []
        elif name in _MOND_COUNTS and winning in (SKIS, PAGAT):
            for seat, card in trick.cards:
                if card.index == MOND:
                    captured = seat
    if name == "klop":
        scores = _klop(piles)
    elif contract.exchanges:
        scores = _normal(contract, piles, partner, last_winner, n)
    else:
        scores = _higher(contract, piles[contract.declarer], n)
    if captured >= 0:
        scores[captured] += MOND_LOST
    return scores


def _klop(piles: list[list[int]]) -> list[int]:
    """Klop (TKO-5.3): minus the points; -70 over 35, +70 for no card, then only those."""
    scores = []
    for pile in piles:
        points = card_points(pile)
        scores.append(-KLOP if points > HALF else KLOP if points == 0 else -points)
    if any(abs(s) == KLOP for s in scores):
        scores = [s if abs(s) == KLOP else 0 for s in scores]
    return scores


def _normal(
    contract: TarokContract, piles: list[list[int]], partner: int, last: int, n: int
) -> list[int]:
    """Three, two, one, solo or not (TKO-5.4)."""
    declarer = contract.declarer
    ours = piles[declarer] + (piles[partner] if partner >= 0 else [])
    theirs = [c for s in range(n) if s not in (declarer, partner) for c in piles[s]]
    if len(ours) == VALAT_CARDS:
        score = VALAT
    elif len(theirs) == VALAT_CARDS:
        score = -VALAT
    else:
        points = card_points(ours)
        value = VALUES_OF_CONTRACTS[contract.name]
        score = points - HALF + (value if points > HALF else -value)
        last_trick = piles[last][-n:]
        ultimo = (
            KING_ULTIMO
            if contract.king in last_trick
            else PAGAT_ULTIMO
            if PAGAT in last_trick
            else 0
        )
        score += ultimo if last in (declarer, partner) else -ultimo
        # OpenSpiel 2.0.2 counts every card of a pile as a king (its test compares two
        # constants): "all four kings" is a pile of exactly four cards, and the trula is
        # never counted (TKO-5.4, D-3).
        if len(ours) == 4:
            score += KINGS_BONUS
        elif len(theirs) == 4:
            score -= KINGS_BONUS
    scores = [0] * n
    scores[declarer] = score
    if partner >= 0:
        scores[partner] = score
    return scores


def _higher(contract: TarokContract, pile: list[int], n: int) -> list[int]:
    """Beggar and above (TKO-5.5): the value to the declarer alone, won or lost."""
    name = contract.name
    if name in ("beggar", "open beggar"):
        won = not pile
    elif "valat" in name:
        won = len(pile) == VALAT_CARDS
    else:
        won = card_points(pile) > HALF
    value = VALUES_OF_CONTRACTS[name]
    scores = [0] * n
    scores[contract.declarer] = value if won else -value
    return scores
