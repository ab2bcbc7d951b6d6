"""Scoring a Skat deal: OpenSpiel's card points (``skat-openspiel``), and the International
Skat Order's game values (``skat``: :class:`SkatScorer`).

The cards count A 11, 10 10, K 4, Q 3, J 2, the rest nothing: 120 in the pack
(SK-4.1).  The declarer's points are those of the tricks it took and of the two cards
laid away, which is 120 less the defenders' (SKO-4.1).  In a null game the declarer
counts 90 when it took no trick and 30 when it took one (SKO-4.2).  OpenSpiel returns
``(P - 60) / 120`` to the declarer and ``(Q - 60) / 240`` to each defender, ``Q`` being
``120 - P``; the scores here are those returns times 120, exact: ``P - 60`` and
``(60 - P) / 2`` (SKO-4.3).  A deal all passed scores 0 (SKO-2.3).  The ISkO's scores
are the game values of :mod:`cardrules_skat.values` (SK-7.x).

>>> from cardrules_skat.actions import DECK
>>> from cardrules_skat.auction import contract_for
>>> hearts = contract_for("H", 1, 0)
>>> taken = [DECK.mask_of(DECK.parse_cards("AC 10C KC")), 0, 0]  # the defenders' 25 points
>>> {k: str(v) for k, v in SkatOpenSpielScorer().score_taken(hearts, (1, 9, 0), taken).items()}
{0: '-17.5', 1: '35', 2: '-17.5'}
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from cardrules.errors import CardrulesError, shown
from cardrules.rules.components import Contract, FinishedDeal, Scorer, Side
from cardrules_skat.actions import DECK
from cardrules_skat.auction import SkatContract
from cardrules_skat.bidding import IskoContract, RamschContract, isko_contract
from cardrules_skat.calls import announcement_of
from cardrules_skat.values import BIDS, Announcement, Settlement, matadors, settle

__all__ = [
    "CARD_POINTS",
    "SkatOpenSpielScorer",
    "SkatScorer",
    "card_points",
    "ramsch_scores",
]

#: The card points by rank number (SK-4.1): A 11, 10 10, K 4, Q 3, J 2.
CARD_POINTS = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}
#: All the card points of the pack, and half of them.
TOTAL, HALF = 120, 60
#: A null game's points to the declarer, won and lost (SKO-4.2).
NULL_WON, NULL_LOST = 90, 30
#: Seats, tricks in a deal, and the most card points two cards hold (two aces).
SEATS, TRICKS, SKAT_MOST = 3, 10, 22
#: The tournament's extra points (Seeger-Fabian, SK-7.3): to the declarer, won or lost,
#: and to each defender of a game lost, at a table of three.
WON_EXTRA, DEFENDER_EXTRA = 50, 40


def card_points(mask: int) -> int:
    """The card points of the cards of a mask of the piquet-32 deck (SK-4.1).

    >>> card_points(DECK.mask_of(DECK.parse_cards("AS 10S KS QS JS 9S")))
    30
    """
    return sum(CARD_POINTS.get(c.rank, 0) for c in DECK.cards_of(mask))


class SkatOpenSpielScorer(Scorer):
    """OpenSpiel's returns of a Skat deal, times 120 (see the module's docstring)."""

    reads_taken = True

    def __repr__(self) -> str:
        return "SkatOpenSpielScorer()"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Refused: Skat scores the cards each seat took, not the number of tricks."""
        raise CardrulesError(
            "Skat scores the card points each seat took, not the number of tricks: "
            "use rules.score_deal(taken=[...]) with the cards of each seat"
        )

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        """The scores of a deal of a game, from the cards each seat took."""
        return self.score_taken(deal.contract, deal.tricks, deal.taken)

    def score_taken(
        self, contract: Contract, tricks: Sequence[int], taken: Sequence[int]
    ) -> dict[Side, Decimal]:
        """The scores from the cards each seat took (and the tricks, for a null game)."""
        if not isinstance(contract, SkatContract):
            raise CardrulesError(f"a Skat scorer scores Skat contracts, not {contract!r}")
        seats = range(len(tricks))
        declarer = contract.declarer
        if declarer is None:
            return {seat: Decimal(0) for seat in seats}
        if contract.game == "null":
            points = NULL_LOST if tricks[declarer] else NULL_WON
        else:  # the skat laid away is the declarer's: 120 less the defenders' points
            points = TOTAL - sum(card_points(taken[s]) for s in seats if s != declarer)
        return {
            seat: Decimal(points - HALF) if seat == declarer else Decimal(HALF - points) / 2
            for seat in seats
        }


def declarer_matadors(contract: Contract, dealt: Sequence[int]) -> int | None:
    """The matadors with or without (SK-6.2) of an ISkO contract's declarer, counted in
    its hand as dealt and the skat (the cards no hand was dealt); None where none count
    (a null game, a deal thrown in, a Ramsch).  ``dealt``: the hands dealt, masks by seat
    (:attr:`FinishedDeal.dealt`), without which a suit game or a grand cannot be scored.

    >>> from cardrules_skat.bidding import isko_contract
    >>> from cardrules_skat.values import Announcement
    >>> hands = ["JC JS 7C 8C 9C 10C QC KC AC 7D", "JH JD " + "8D 9D 10D QD KD AD 7H 8H",
    ...          "9H 10H QH KH AH 7S 8S 9S 10S QS"]
    >>> dealt = [DECK.mask_of(DECK.parse_cards(h)) for h in hands]   # KS AS in the skat
    >>> declarer_matadors(isko_contract(Announcement("C"), 0, 0, bid=18), dealt)
    2
    """
    if not isinstance(contract, IskoContract) or isinstance(contract, RamschContract):
        return None
    declarer, announced = contract.declarer, contract.announced
    if declarer is None or announced is None or announced.game == "null":
        return None
    if not dealt:
        raise CardrulesError(
            "the skat scorer counts the matadors in the hands dealt, which this deal lacks "
            "(FinishedDeal.dealt)"
        )
    held = 0
    for mask in dealt:
        held |= mask
    skat = DECK.all_mask & ~held
    return matadors(dealt[declarer] | skat, announced.game)


class SkatScorer(Scorer):
    """The International Skat Order's score of a deal (SK-7.x): the declarer wins the
    game's value or loses twice it (a hand game too); the defenders score nothing.  With
    ``seeger_fabian`` (the ISkO tournament's extra points, SK-7.3) the declarer also wins
    50 or loses 50, and each defender scores 40 when the declarer lost.  A deal thrown in
    scores nothing (SK-7.4).

    >>> from cardrules_skat.bidding import isko_contract
    >>> from cardrules_skat.values import Announcement
    >>> spades = isko_contract(Announcement("S"), 1, 0, bid=33)
    >>> taken = [DECK.mask_of(DECK.parse_cards("AC 10C KC")), 0, 0]  # the defenders' 25
    >>> scores = SkatScorer().score_taken(spades, (1, 9, 0), taken, matadors=2)
    >>> {k: str(v) for k, v in scores.items()}
    {0: '0', 1: '44', 2: '0'}
    >>> scores = SkatScorer(True).score_taken(spades, (1, 9, 0), taken, matadors=2)
    >>> {k: str(v) for k, v in scores.items()}
    {0: '0', 1: '94', 2: '0'}
    """

    reads_taken = True

    def __init__(self, seeger_fabian: bool = False) -> None:
        self.seeger_fabian = seeger_fabian

    def __repr__(self) -> str:
        return f"SkatScorer(seeger_fabian={self.seeger_fabian})"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` prints it."""
        extra = (
            "; tournament points (Seeger-Fabian): 50 more to a declarer who won, 50 less to "
            "one who lost, 40 to each defender of a lost game"
            if self.seeger_fabian
            else ""
        )
        return (
            "the declarer wins the game's value (base value times matadors, game, hand, "
            "schneider, schwarz, announcements, ouvert; null 23, 35, 46, 59) or loses twice "
            f"it; a game below the bid is lost{extra}"
        )

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Refused: Skat scores the card points each seat took, not the number of tricks."""
        raise CardrulesError(
            "Skat scores the card points each seat took, not the number of tricks: "
            "play the deal, or use score_taken(contract, tricks, taken, matadors=...)"
        )

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        """The scores of a deal of a game, from the cards each seat took and the matadors
        in the declarer's hand as dealt and the skat (SK-6.2)."""
        count = declarer_matadors(deal.contract, deal.dealt)
        return self.score_taken(deal.contract, deal.tricks, deal.taken, matadors=count)

    def settlement(
        self,
        contract: Contract,
        tricks: Sequence[int],
        taken: Sequence[int],
        matadors: int | None = None,
    ) -> Settlement | None:
        """The declarer's outcome (None for a deal thrown in): its points are 120 less the
        defenders' (its tricks and the skat, SK-4.2); ``matadors`` with or without, which
        a suit game or a grand needs (:func:`declarer_matadors`)."""
        if not isinstance(contract, IskoContract):
            raise CardrulesError(f"the skat scorer scores ISkO Skat contracts, not {contract!r}")
        declarer, announced = contract.declarer, contract.announced
        if declarer is None or announced is None:
            return None
        if matadors is None:
            if announced.game != "null":
                raise CardrulesError(
                    f"the value of a {announced.words()} game counts its matadors: "
                    "give matadors= (with or without, SK-6.2)"
                )
            matadors = 0
        seats = range(len(tricks))
        points = TOTAL - sum(card_points(taken[s]) for s in seats if s != declarer)
        return settle(
            announced,
            bid=contract.bid,
            matadors=matadors,
            points=points,
            tricks=tricks[declarer],
        )

    def score_deal(self, rules: Any, **given: object) -> dict[Side, Decimal]:
        """Scores of a deal described by hand (``rules.score_deal``): ``declarer=`` (a seat
        0-2), ``game=`` (as announced: ``"clubs hand schneider"``, ``"null ouvert"``),
        ``bid=`` (18 if left out), ``tricks=`` (the declarer's, 0-10) and, in a suit game or
        a grand, ``points=`` (the declarer's card points, the skat's included: 0-120) and
        ``matadors=`` (with or without, 1-11; 1-4 in a grand).

        >>> SkatScorer().score_deal(None, declarer=1, game="grand", matadors=2, points=70,
        ...                         tricks=6)
        {0: Decimal('0'), 1: Decimal('72'), 2: Decimal('0')}
        """
        announced, declarer, bid, took, points, count = _described(given)
        contract = isko_contract(announced, declarer, 0, bid=bid)
        outcome = settle(announced, bid=bid, matadors=count, points=points, tricks=took)
        return self._scores(contract, outcome)

    def score_taken(
        self,
        contract: Contract,
        tricks: Sequence[int],
        taken: Sequence[int],
        *,
        matadors: int | None = None,
    ) -> dict[Side, Decimal]:
        """The scores from the cards each seat took, the tricks and, in a suit game or a
        grand, the declarer's matadors (SK-7.1 .. SK-7.4; a Ramsch: SK-9.2 .. SK-9.4)."""
        if isinstance(contract, RamschContract):
            return ramsch_scores(tricks, [card_points(mask) for mask in taken])
        return self._scores(contract, self.settlement(contract, tricks, taken, matadors))

    def _scores(self, contract: Contract, outcome: Settlement | None) -> dict[Side, Decimal]:
        """Each seat's score of a deal's outcome (None: thrown in, SK-7.4)."""
        scores: dict[Side, Decimal] = {seat: Decimal(0) for seat in range(SEATS)}
        if outcome is None:
            return scores
        assert isinstance(contract, IskoContract) and contract.declarer is not None
        won = outcome.won
        declarer = Decimal(outcome.value if won else -2 * outcome.value)
        if self.seeger_fabian:
            declarer += WON_EXTRA if won else -WON_EXTRA
            if not won:
                for seat in scores:
                    if seat != contract.declarer:
                        scores[seat] = Decimal(DEFENDER_EXTRA)
        scores[contract.declarer] = declarer
        return scores


def _described(given: dict[str, object]) -> tuple[Announcement, int, int, int, int, int]:
    """A deal described by hand (:meth:`SkatScorer.score_deal`), checked: the game
    announced, the declarer, the bid, its tricks, its card points and its matadors."""
    allowed = {"declarer", "game", "bid", "tricks", "points", "matadors"}
    if not {"declarer", "game", "tricks"} <= set(given) <= allowed:
        raise CardrulesError(
            "invalid deal: give declarer= (a seat 0-2), game= (e.g. 'hearts hand'), tricks= "
            "(the declarer's, 0-10), bid= (18 if left out), and in a suit game or grand "
            "points= (0-120) and matadors= (score_deal(declarer=1, game='grand', "
            "matadors=2, points=70, tricks=6))"
        )
    game = given["game"]
    if not isinstance(game, str):
        raise CardrulesError(f"invalid deal: game {shown(game)} (expected e.g. 'hearts hand')")
    try:
        announced = announcement_of(game)
    except CardrulesError as exc:
        raise CardrulesError(f"invalid deal: game {shown(game)}: {exc}") from None
    declarer, bid, took = given["declarer"], given.get("bid", BIDS[0]), given["tricks"]
    if type(declarer) is not int or not 0 <= declarer < SEATS:
        raise CardrulesError(f"invalid deal: declarer {shown(declarer)} (expected a seat 0-2)")
    if type(bid) is not int or bid not in BIDS:
        raise CardrulesError(f"invalid deal: bid {shown(bid)} (expected a game value: 18, 20...)")
    if type(took) is not int or not 0 <= took <= TRICKS:
        raise CardrulesError(f"invalid deal: tricks {shown(took)} (expected 0 to {TRICKS})")
    if announced.game == "null":
        if "points" in given or "matadors" in given:
            raise CardrulesError("invalid deal: a null game counts no points and no matadors")
        return announced, declarer, bid, took, 0, 0
    points, count = given.get("points"), given.get("matadors")
    most = 4 if announced.game == "grand" else 11
    if type(count) is not int or not 1 <= count <= most:
        raise CardrulesError(f"invalid deal: matadors {shown(count)} (expected 1 to {most})")
    if type(points) is not int or not 0 <= points <= TOTAL:
        raise CardrulesError(f"invalid deal: points {shown(points)} (expected 0 to {TOTAL})")
    if (took == TRICKS and points != TOTAL) or (took == 0 and points > SKAT_MOST):
        raise CardrulesError(
            f"invalid deal: {points} points with {took} tricks (every trick takes all 120, no "
            f"trick leaves the skat's {SKAT_MOST} at most)"
        )
    return announced, declarer, bid, took, points, count


def ramsch_scores(tricks: Sequence[int], points: Sequence[int]) -> dict[Side, Decimal]:
    """A Ramsch's scores from each seat's tricks and card points in them (SK-9.2 .. SK-9.4):
    the most card points lose them and the skat's, doubled for each player who took no
    trick; equal most points lose alike, all three equal score nothing; every trick taken
    by one player scores it 120.

    >>> {k: str(v) for k, v in ramsch_scores((3, 7, 0), (20, 90, 0)).items()}
    {0: '0', 1: '-200', 2: '0'}
    """
    scores: dict[Side, Decimal] = {seat: Decimal(0) for seat in range(len(tricks))}
    for seat, took in enumerate(tricks):
        if took == TRICKS:  # Durchmarsch (SK-9.4)
            scores[seat] = Decimal(TOTAL)
            return scores
    most = max(points)
    losers = [seat for seat, p in enumerate(points) if p == most]
    if len(losers) == len(points):
        return scores  # all equal: no score (SK-9.2)
    skat = TOTAL - sum(points)
    doubled = 2 ** sum(took == 0 for took in tricks)  # each Jungfrau (SK-9.3)
    for seat in losers:
        scores[seat] = Decimal(-(most + skat) * doubled)
    return scores
