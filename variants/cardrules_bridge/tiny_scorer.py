"""Scoring tiny bridge (TBO-3, TBO-4): the double-dummy result of the final contract, scored
for the sides NS and EW as OpenSpiel's ``tiny_bridge_4p`` returns it.

No card is played (TBO-3.1): the scorer reads the hands dealt (``FinishedDeal.dealt``) and
works out the tricks the declaring side takes when all four play their best with every
card seen, from the lead of declarer's right-hand opponent (:func:`double_dummy_tricks`),
then scores them (:func:`tiny_score`).

>>> tiny_score(2, "NT", 0, 2), tiny_score(1, "H", 2, 0), tiny_score(1, "S", 1, 2)
(35, -80, 40)
>>> score_tiny_contract("2SX", "W", 1)  # one down, doubled, West declaring
{'NS': Decimal('40'), 'EW': Decimal('-40')}
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Any, Final

from cardrules.deck import Deck, Ranking, Suit
from cardrules.errors import CardrulesError, shown
from cardrules.rules.components import (
    PAIRS,
    Contract,
    FinishedDeal,
    Scorer,
    Side,
    pair_of,
    seat_of_letter,
)
from cardrules_bridge.tiny import TinyContract, TinyPassedOut

__all__ = [
    "TinyBridgeScorer",
    "double_dummy_tricks",
    "score_tiny_contract",
    "tiny_score",
]

#: The tricks of a deal: two cards each (TBO-1.3).
TRICKS: Final = 2
_CONTRACT: Final = re.compile(r"([12])\s*(NT|N|H|S|♥|♠)\s*(X{0,2})", re.IGNORECASE)
_SIGNS: Final = {"♥": "H", "♠": "S", "N": "NT"}
_PASSED_OUT_WORDS: Final = frozenset({"pass", "passed out", "passed-out", "passout"})
_GIVEN: Final = frozenset({"contract", "declarer", "tricks"})
_HOW: Final = (
    "give the contract, its declarer and the declaring side's tricks: "
    "score_deal(contract='2SX', declarer='W', tricks=1)"
)


def tiny_score(level: int, strain: str, doubled: int, taken: int) -> int:
    """The declaring side's score of a contract of ``level`` (1 or 2) in ``strain``,
    ``doubled`` 0, 1 or 2, when it took ``taken`` tricks of the two: made, 10 a trick
    taken, 10 more at the two level and 5 more in 2NT (TBO-4.1); down, 20 a trick short
    (TBO-4.2); twice that doubled, four times redoubled (TBO-4.3)."""
    factor = (1, 2, 4)[doubled]
    if taken < level:
        return -20 * (level - taken) * factor
    score = 10 * taken
    if level == 2:
        score += 15 if strain == "NT" else 10
    return score * factor


def _by_side(declarer: int, score: int) -> dict[Side, Decimal]:
    """The declaring side's score and its opposite for the defenders (TBO-4.4)."""
    ours = pair_of(declarer)
    return {side: Decimal(score if side == ours else -score) for side in PAIRS}


def double_dummy_tricks(
    deck: Deck, hands: Sequence[int], trump: Suit | None, leader: int, declarer: int
) -> int:
    """The tricks ``declarer``'s side takes from ``hands`` (masks by seat) when every seat
    plays its best with all cards seen (TBO-3.5): ``leader`` leads to the first trick,
    play goes clockwise (TBO-3.2), each follows suit if able (TBO-3.3), and a trick goes
    to its highest trump, else to the highest card of the suit led (TBO-3.4), in
    ``trump`` (None: no trumps).  Every line of play is tried (two tricks: a few dozen).

    >>> from cardrules.deck import DeckSpec
    >>> deck = Deck(DeckSpec.of("tiny", suits="HS", ranks="J Q K A".split()))
    >>> hands = [deck.mask_of(deck.parse_cards(h)) for h in ("AH KH", "QH JS", "JH QS", "KS AS")]
    >>> double_dummy_tricks(deck, hands, Suit.H, 3, 0), double_dummy_tricks(deck, hands, None, 3, 0)
    (2, 0)
    """
    order = deck.order(Ranking("natural", trump))
    players = len(hands)
    side = pair_of(declarer)

    def best(held: tuple[int, ...], seat: int, trick: tuple[tuple[int, int], ...]) -> int:
        """The declaring side's tricks from here on, with ``seat`` to play to ``trick``."""
        hand = held[seat]
        if not hand:
            return 0
        choices = hand & order.follow[trick[0][1]] if trick else 0
        choices = choices or hand
        ours = pair_of(seat) == side
        # (the tricks left, this one among them, bound the result: a side that reaches
        # its best needs to look no further)
        enough = hand.bit_count() if ours else 0
        results = []
        while choices:
            low = choices & -choices
            choices ^= low
            card = low.bit_length() - 1
            after = (*held[:seat], hand ^ low, *held[seat + 1 :])
            played = (*trick, (seat, card))
            if len(played) < players:
                result = best(after, (seat + 1) % players, played)
            else:
                winner = played[order.winner([c for _, c in played])][0]
                result = (1 if pair_of(winner) == side else 0) + best(after, winner, ())
            if result == enough:
                return result
            results.append(result)
        return max(results) if ours else min(results)

    return best(tuple(hands), leader, ())


def _parse_contract(text: object) -> tuple[int, str, int]:
    match = _CONTRACT.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise CardrulesError(
            f"invalid contract: {shown(text)} (expected a level 1 or 2, a strain H, S or NT, "
            "and X if doubled or XX if redoubled: '1H', '2NTX', '2SXX')"
        )
    strain = match[2].upper()
    return int(match[1]), _SIGNS.get(strain, strain), len(match[3])


def score_tiny_contract(contract: str, declarer: int | str, tricks: int) -> dict[Side, Decimal]:
    """The scores by side of ``contract`` (``"2SX"``) declared by ``declarer`` (0..3, or
    N E S W) whose side took ``tricks`` (0..2); ``"pass"`` scores a deal passed out (0)."""
    if isinstance(contract, str) and contract.strip().lower() in _PASSED_OUT_WORDS:
        return dict.fromkeys(PAIRS, Decimal(0))
    level, strain, doubled = _parse_contract(contract)
    seat = seat_of_letter(declarer.strip()) if isinstance(declarer, str) else declarer
    if type(seat) is not int or not 0 <= seat <= 3:
        raise CardrulesError(
            f"invalid declarer: {shown(declarer)} (expected a seat 0..3 or N, E, S, W)"
        )
    if type(tricks) is not int or not 0 <= tricks <= TRICKS:
        raise CardrulesError(
            f"invalid tricks: {shown(tricks)} (expected the declaring side's tricks, 0..2)"
        )
    return _by_side(seat, tiny_score(level, strain, doubled, tricks))


class TinyBridgeScorer(Scorer):
    """Tiny bridge by side, zero-sum: the declaring side scores its contract on the tricks
    it takes double dummy (TBO-3, TBO-4), the defenders the opposite; a deal passed out
    scores 0 (TBO-2.7)."""

    #: The rule in words, as ``cardrules show``, ``cardrules diff`` and the docs print it.
    summary = (
        "no card is played: the declaring side takes the tricks it makes double dummy, "
        "declarer's right-hand opponent leading; made, 10 a trick taken, 10 more at the two "
        "level and 5 more in 2NT; down, 20 a trick short; doubled ×2, redoubled ×4; the "
        "defenders score the opposite, a deal passed out 0"
    )

    def __repr__(self) -> str:
        return "TinyBridgeScorer()"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """The scores by side of ``contract`` when each seat took ``tricks`` (as if the two
        tricks had been played: the declaring side's are declarer's and its partner's)."""
        if isinstance(contract, TinyPassedOut):
            return dict.fromkeys(PAIRS, Decimal(0))
        if not isinstance(contract, TinyContract):
            raise CardrulesError(
                f"invalid contract for tiny bridge scoring: {contract.to_dict()} "
                "(expected a tiny bridge contract or a deal passed out)"
            )
        if len(tricks) != 4 or min(tricks) < 0 or sum(tricks) > TRICKS:
            raise CardrulesError(
                f"invalid tricks: {list(tricks)!r} (expected 4 counts, one per seat, 2 at most)"
            )
        declarer = contract.declarer
        taken = tricks[declarer] + tricks[(declarer + 2) % 4]
        score = tiny_score(contract.level, contract.strain, contract.doubled, taken)
        return _by_side(declarer, score)

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        """The scores of a deal of a game: its contract on the double-dummy result of the
        hands dealt (TBO-3.1), which the game hands over in ``deal.dealt``."""
        contract = deal.contract
        if isinstance(contract, TinyPassedOut):
            return dict.fromkeys(PAIRS, Decimal(0))
        if not isinstance(contract, TinyContract):
            return self.score(contract, deal.tricks)  # (refused there)
        if len(deal.dealt) != 4:
            raise CardrulesError(
                "tiny bridge is scored from the hands dealt (the double-dummy result, "
                "TBO-3.1): this deal has none (the NumPy batch engine does not hand them "
                "over: use engine='game')"
            )
        taken = double_dummy_tricks(
            deal.deck, deal.dealt, contract.trump, contract.leader, contract.declarer
        )
        return _by_side(
            contract.declarer,
            tiny_score(contract.level, contract.strain, contract.doubled, taken),
        )

    def score_deal(self, rules: Any, **given: object) -> dict[Side, Decimal]:
        """Scores from ``contract=`` (``"2SX"``, or ``"pass"`` for a deal passed out),
        ``declarer=`` (0..3 or N, E, S, W) and the declaring side's ``tricks=`` (0..2)."""
        if not set(given) <= _GIVEN or not {"contract", "declarer", "tricks"} <= set(given):
            raise CardrulesError(f"invalid deal: {_HOW}")
        return score_tiny_contract(
            given["contract"],  # type: ignore[arg-type]  # each is checked where it is read
            given["declarer"],  # type: ignore[arg-type]
            given["tricks"],  # type: ignore[arg-type]
        )
