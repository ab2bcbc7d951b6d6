"""Scoring boards for the sides NS and EW (BR-4.2, BR-5.1 .. BR-5.7), and the end of a
session of boards (BR-4.3).

The declaring side scores :func:`~cardrules_bridge.scoring.duplicate_score` of its
contract from the tricks its two seats took, the defenders the opposite (zero-sum, as
OpenSpiel's returns); a board passed out scores 0 for both.

>>> from decimal import Decimal
>>> score_contract("4S", "S", 10, vulnerable=True)
{'NS': Decimal('620'), 'EW': Decimal('-620')}
>>> score_contract("3NTX", "W", 7)  # two down, doubled, not vulnerable
{'NS': Decimal('300'), 'EW': Decimal('-300')}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final

from cardrules.errors import CardrulesError, shown
from cardrules.rules.components import (
    PAIRS,
    Contract,
    DealResult,
    EndCondition,
    GameOver,
    ScoreHelpers,
    Scorer,
    Side,
    pair_of,
    seat_of_letter,
)
from cardrules_bridge.contract import BridgeContract, PassedOut, parse_contract
from cardrules_bridge.scoring import PASSED_OUT_SCORE, duplicate_score, imps

if TYPE_CHECKING:
    from cardrules.engine.game import Game

__all__ = ["BoardsEnd", "DuplicateScorer", "DuplicateScoring", "score_board", "score_contract"]

#: What ``score_deal`` takes, and how to say so.
_GIVEN: Final = frozenset({"contract", "declarer", "tricks", "vulnerable"})
_HOW: Final = (
    "give the contract, its declarer, the declaring side's tricks and, if it is, "
    "vulnerable=True: score_deal(contract='4SX', declarer='S', tricks=10, vulnerable=True)"
)
_PASSED_OUT_WORDS: Final = frozenset({"pass", "passed out", "passed-out", "passout"})


def _by_side(declarer: int, score: int) -> dict[Side, Decimal]:
    """The board's score for the declaring side and its opposite for the defenders."""
    ours = pair_of(declarer)
    return {side: Decimal(score if side == ours else -score) for side in PAIRS}


def score_board(
    level: int, strain: str, doubled: int, declarer: int, vulnerable: bool, tricks: int
) -> dict[Side, Decimal]:
    """The scores of a board by side (BR-4.2): ``tricks`` the declaring side's.

    >>> score_board(6, "NT", 0, 1, False, 12)
    {'NS': Decimal('-990'), 'EW': Decimal('990')}
    """
    return _by_side(declarer, duplicate_score(level, strain, doubled, vulnerable, tricks))


def _seat(declarer: object) -> int:
    seat = seat_of_letter(declarer.strip()) if isinstance(declarer, str) else declarer
    if type(seat) is not int or not 0 <= seat <= 3:
        raise CardrulesError(
            f"invalid declarer: {shown(declarer)} (expected a seat 0..3 or N, E, S, W)"
        )
    return seat


def score_contract(
    contract: str, declarer: int | str, tricks: int, *, vulnerable: bool = False
) -> dict[Side, Decimal]:
    """The scores by side of ``contract`` (``"4SX"``) played by ``declarer`` (0..3, or
    N E S W) whose side took ``tricks``, ``vulnerable`` or not; ``"pass"`` scores a
    board passed out (0)."""
    if isinstance(contract, str) and contract.strip().lower() in _PASSED_OUT_WORDS:
        return dict.fromkeys(PAIRS, Decimal(PASSED_OUT_SCORE))
    level, strain, doubled = parse_contract(contract)
    seat = _seat(declarer)
    # duplicate_score checks the tricks (0..13) and that vulnerable is a bool
    return score_board(level, strain, doubled, seat, vulnerable, tricks)


class DuplicateScoring(ScoreHelpers):
    """Duplicate bridge's scoring helpers (``rules.scoring``): a board described by its
    contract, declarer, the declaring side's tricks and vulnerability, and the
    double-dummy analysis of a deal.

    >>> import cardrules
    >>> rules = cardrules.load("bridge-duplicate")
    >>> rules.scoring_as(DuplicateScoring).score_contract("4S", "S", 10, vulnerable=True)
    {'NS': Decimal('620'), 'EW': Decimal('-620')}
    """

    def score_contract(
        self, contract: str, declarer: int | str, tricks: int, *, vulnerable: bool = False
    ) -> dict[Side, Decimal]:
        """The scores by side of ``contract`` (``"4SX"``) played by ``declarer`` (0..3, or
        N E S W) whose side took ``tricks``, ``vulnerable`` or not; ``"pass"`` scores a
        board passed out (0)."""
        return score_contract(contract, declarer, tricks, vulnerable=vulnerable)

    def double_dummy(self, deal: object, **options: Any) -> Any:
        """The double-dummy table and par of a deal (``rules.scoring.double_dummy(deal)``): a game
        (its current board as dealt, with the board's vulnerability), 4 hands by seat, or
        a PBN deal text; ``dealer=`` and ``vulnerable=(NS, EW)`` as
        :func:`cardrules_dd.analysis.double_dummy` takes them.  Needs the ``analysis``
        extra (``pip install 'cardrules[analysis]'``)."""
        from cardrules_dd.analysis import double_dummy

        public = getattr(getattr(deal, "auction", None), "public", None)
        if callable(public) and "vulnerable" not in options:
            vul = public().get("vulnerable")
            if isinstance(vul, str):
                options["vulnerable"] = (vul in ("NS", "All"), vul in ("EW", "All"))
        return double_dummy(deal, **options)  # type: ignore[arg-type]

    def play_double_dummy(self, game: Game) -> int:
        """Replace the play of ``game``'s board by its double-dummy result, as OpenSpiel's
        ``bridge`` does with ``use_double_dummy_result=true``; the declaring side's tricks.

        Once the auction is over and before the opening lead, the opening leader claims
        the tricks the defenders take when every seat plays double dummy, and the declaring
        side accepts (a claim, BR-3.7): the board is scored as if played so, and the game
        goes on to its next board, if any.  Refused with a
        :class:`~cardrules.CardrulesError` at any other moment, or where the profile allows
        no claims; needs the ``analysis`` extra (``pip install 'cardrules[analysis]'``).
        """
        contract = game.contract
        if game.phase != "play" or game.tricks or game.trick:
            raise CardrulesError(
                "the double-dummy result replaces the whole play of a board: ask for it "
                "when the auction is over, before the opening lead"
            )
        if not isinstance(contract, BridgeContract):
            raise CardrulesError(f"no bridge contract to play double dummy: {shown(contract)}")
        if not game.rules.profile.claims:
            raise CardrulesError(
                f"profile {game.rules.name!r} allows no claims: the double-dummy result is "
                "entered as an agreed claim"
            )
        declarer_tricks = self.double_dummy(game).tricks[contract.declarer][contract.strain]
        leader = game.to_act
        assert leader is not None  # (the play of a board: a seat is to lead)
        tricks = len(game.hand(leader))  # the tricks of the board, every one still to play
        game.apply(f"claim {tricks - declarer_tricks}")  # the opening leader's, for the defence
        while game.phase == "claim":
            game.apply("accept claim")
        return int(declarer_tricks)


class DuplicateScorer(Scorer):
    """Duplicate bridge by side: the declaring side scores its contract by Law 77 (trick
    points, part-score or game, slams, doubled and redoubled premiums, overtricks) or loses
    the undertrick penalty, and the defenders score the opposite; a board passed out
    scores 0."""

    #: The rule in words, as ``cardrules show``, ``cardrules diff`` and the docs print it.
    summary = (
        "by side, zero-sum: the declaring side scores its contract as Law 77 counts it "
        "(trick points 20 a minor trick, 30 a major, no-trump 40 then 30, doubled ×2, "
        "redoubled ×4; 50 for a part-score, 300 or 500 vulnerable for a game; slams 500/750 "
        "and 1000/1500; 50 or 100 for making it doubled or redoubled; overtricks) or loses "
        "its undertricks, and the defenders score the opposite; a board passed out scores 0"
    )

    #: ``rules.scoring.score_contract(contract, declarer, tricks, vulnerable=...)`` and,
    #: with the ``analysis`` extra, ``rules.scoring.double_dummy(deal)``.
    score_helpers: type[ScoreHelpers] = DuplicateScoring

    #: The same board at two tables is compared in IMPs (BR-5.8): what the terminal says
    #: when a session ends (the game's own totals stay total points, D-8).
    comparison_unit = "IMPs"
    comparison_rule = "BR-5.8"

    def __repr__(self) -> str:
        return "DuplicateScorer()"

    def compare_deal(self, here: DealResult, there: DealResult) -> dict[Side, Decimal]:
        """The IMPs each side wins at ``here`` against ``there``, the same board played at
        another table (BR-5.8): the difference of the two NS scores on the WBF scale.

        >>> from cardrules_bridge.contract import PassedOut
        >>> ours = DealResult(0, PassedOut(None, 1, board=1), (0, 0, 0, 0), {"NS": Decimal(620)})
        >>> theirs = DealResult(0, PassedOut(None, 1, board=1), (0, 0, 0, 0), {"NS": Decimal(170)})
        >>> DuplicateScorer().compare_deal(ours, theirs)
        {'NS': Decimal('10'), 'EW': Decimal('-10')}
        """
        won = imps(int(here.scores.get("NS", 0) - there.scores.get("NS", 0)))
        return {"NS": Decimal(won), "EW": Decimal(-won)}

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """The scores of a board by side, from its contract and the tricks of each seat."""
        if isinstance(contract, PassedOut):
            return dict.fromkeys(PAIRS, Decimal(PASSED_OUT_SCORE))
        if not isinstance(contract, BridgeContract):
            raise CardrulesError(
                f"invalid contract for duplicate scoring: {contract.to_dict()} "
                "(expected a bridge contract or a board passed out)"
            )
        if len(tricks) != 4 or min(tricks) < 0 or sum(tricks) > 13:
            raise CardrulesError(
                f"invalid tricks: {list(tricks)!r} (expected 4 counts, one per seat, 13 at most)"
            )
        return score_board(
            contract.level,
            contract.strain,
            contract.doubled,
            contract.declarer,
            contract.vulnerable,
            contract.taken(tricks),
        )

    def score_deal(self, rules: Any, **given: object) -> dict[Side, Decimal]:
        """Scores from ``contract=`` (``"4SX"``, or ``"pass"`` for a board passed out),
        ``declarer=`` (0..3 or N, E, S, W), the declaring side's ``tricks=`` and, when
        it is, ``vulnerable=True``."""
        if not set(given) <= _GIVEN or not {"contract", "declarer", "tricks"} <= set(given):
            raise CardrulesError(f"invalid deal: {_HOW}")
        return score_contract(
            given["contract"],  # type: ignore[arg-type]  # each is checked where it is read
            given["declarer"],  # type: ignore[arg-type]
            given["tricks"],  # type: ignore[arg-type]
            vulnerable=given.get("vulnerable", False),  # type: ignore[arg-type]
        )


class BoardsEnd(EndCondition):
    """The session ends after ``deals`` boards; each side's total is the sum of its board
    scores (total points) and the higher total wins, equal totals sharing first place."""

    def __init__(self, deals: int, rule: str = "") -> None:
        self.deals = deals
        self.rule = rule

    def __repr__(self) -> str:
        return f"BoardsEnd({self.deals}, {self.rule!r})"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and ``cardrules diff`` print it."""
        boards = f"{self.deals} board{'s' if self.deals != 1 else ''}"
        return (
            f"the session ends after {boards}; each side's total is the sum of its scores "
            "(total points), the higher total wins, equal totals share first place"
        )

    def check(self, deals: Sequence[DealResult], totals: Mapping[Side, Decimal]) -> GameOver | None:
        """Over once every board of the session has been played (passed out ones too)."""
        if len(deals) >= self.deals:
            played = len(deals)
            return GameOver(f"{played} board{'s' if played != 1 else ''} played", self.rule)
        return None
