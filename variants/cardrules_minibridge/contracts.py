"""Minibridge contracts and their scoring (MB-3, MB-5, D-6, D-9).

A contract is one of ten: a strain (clubs, diamonds, hearts, spades or
no-trump) and a goal (part-score or game).  The declaring pair scores only
when it reaches the goal; otherwise the defence scores for each trick short.

>>> from cardrules_minibridge.contracts import score_deal
>>> {k: str(v) for k, v in score_deal("contract S game", 2, 10).items()}
{'NS': '420', 'EW': '0'}
>>> {k: str(v) for k, v in score_deal("S partscore", 2, 10).items()}
{'NS': '170', 'EW': '0'}
>>> {k: str(v) for k, v in score_deal("4S", 2, 9).items()}
{'NS': '0', 'EW': '50'}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from cardrules.cards import Suit
from cardrules.errors import ActionError, CardError, CardrulesError
from cardrules.rules.components import (
    Contract,
    Direction,
    ScoreHelpers,
    Scorer,
    Side,
    pair_of,
    seat_name,
    seat_of_letter,
)
from cardrules.rules.reading import parse_action
from cardrules_minibridge.actions import GOALS, STRAINS, ChooseContract

__all__ = [
    "CONTRACTS",
    "GAME_TARGETS",
    "PARTSCORE_TARGET",
    "MinibridgeScorer",
    "MinibridgeScoring",
    "contract_for",
    "contract_level",
    "parse_contract",
    "score_deal",
    "side_of",
    "target_of",
    "trick_score",
]

#: The ten contracts declarer may choose (D-6), clubs part-score first.
CONTRACTS: tuple[ChooseContract, ...] = tuple(
    ChooseContract(strain, goal) for strain in STRAINS for goal in GOALS
)

#: MB-3.2: a part-score needs 7 tricks.
PARTSCORE_TARGET = 7
#: MB-3.2: a game needs 9 in no-trump, 10 in hearts or spades, 11 in clubs or diamonds.
GAME_TARGETS = {"NT": 9, "S": 10, "H": 10, "D": 11, "C": 11}

#: Premiums for a declared goal that is reached (MB-5.2).
PARTSCORE_PREMIUM = 50
GAME_PREMIUM = 300
#: Points to the defence per trick short of the goal (MB-5.4).
UNDERTRICK = 50


def target_of(strain: str, goal: str) -> int:
    """Tricks needed for a contract (MB-3.2): ``target_of("S", "game") == 10``."""
    return GAME_TARGETS[strain] if goal == "game" else PARTSCORE_TARGET


def contract_level(choice: ChooseContract) -> int:
    """The bridge level of a contract (tricks over six): ``1S`` part-score, ``4S`` game."""
    return target_of(choice.strain, choice.goal) - 6


def trick_score(strain: str, tricks: int) -> int:
    """Trick points for ``tricks`` taken in ``strain`` (MB-5.1, MB-5.3): every trick over 6."""
    over = max(0, tricks - 6)
    if strain == "NT":
        return 40 + 30 * (over - 1) if over else 0
    return (20 if strain in ("C", "D") else 30) * over


def side_of(seat: int) -> Side:
    """The pair a seat belongs to (D-1): ``"NS"`` for 0 and 2, ``"EW"`` for 1 and 3."""
    return pair_of(seat)


def _parse_level(text: str) -> ChooseContract | None:
    """A contract in bridge notation (``1NT``, ``4S``), or None if it is not one."""
    raw = text.strip().upper()
    if len(raw) < 2 or not raw[0].isdigit():
        return None
    level, strain = int(raw[0]), raw[1:]
    if strain == "N":
        strain = "NT"
    if strain not in STRAINS:
        try:
            strain = Suit.parse(strain).name
        except CardError:
            return None
    for choice in CONTRACTS:
        if choice.strain == strain and contract_level(choice) == level:
            return choice
    raise CardrulesError(
        f"invalid contract: {text!r} is not a Minibridge contract (D-6: a part-score is "
        f"1C, 1D, 1H, 1S or 1NT; a game is 5C, 5D, 4H, 4S or 3NT)"
    )


def parse_contract(contract: ChooseContract | str) -> ChooseContract:
    """One of the ten contracts from its action, its text or its bridge level.

    Reads ``"contract S game"``, ``"S game"``, ``"NT partscore"`` and the
    bridge form ``"4S"`` / ``"1NT"``; anything else is a :class:`CardrulesError`.
    """
    if isinstance(contract, ChooseContract):
        choice = contract
    elif isinstance(contract, str):
        level = _parse_level(contract)
        if level is not None:
            return level
        text = contract.strip()
        if not text.lower().startswith("contract"):
            text = "contract " + text
        try:
            act = parse_action(text)
        except ActionError:
            raise CardrulesError(
                f"invalid contract: {contract!r} (expected e.g. 'contract S game', "
                f"'NT partscore' or '4S')"
            ) from None
        assert isinstance(act, ChooseContract)
        choice = act
    else:
        raise CardrulesError(f"invalid contract: {contract!r} (expected text such as 'S game')")
    if choice not in CONTRACTS:
        raise CardrulesError(
            f"invalid contract: {str(choice)!r} (D-6: strain C, D, H, S or NT and goal "
            f"'partscore' or 'game')"
        )
    return choice


@dataclass(frozen=True, slots=True)
class DeclarerContract(Contract):
    """A contract played by declarer, who also decides for dummy (MB-3, MB-4.2).

    ``strain`` ("S", "NT"...), ``goal`` ("game"/"partscore") and ``target``
    (the tricks the declaring pair needs).
    """

    declarer: int = 0
    dummy: int = 2
    strain: str = ""
    goal: str = ""
    target: int = 0

    def controller(self, seat: int) -> int:
        """Declarer decides for dummy (MB-4.2); every other seat for itself."""
        return self.declarer if seat == self.dummy else seat

    def needs_tricks(self, seat: int, won: Sequence[int]) -> bool:
        """The declaring pair wants tricks until it reaches the target, the defenders
        until they have beaten it."""
        pair = (self.declarer, self.dummy)
        taken = sum(won[s] for s in pair)
        if seat in pair:
            return taken < self.target
        return sum(won) - taken < 14 - self.target

    def made(self, tricks: Sequence[int]) -> dict[str, bool]:
        """The contract is made when declarer and dummy took the target (MB-5.5)."""
        return {"": tricks[self.declarer] + tricks[self.dummy] >= self.target}

    def words(self) -> str:
        """``"Contract: S game (spades) by W, dummy E, 10 tricks needed"``."""
        strain = "no-trump" if self.strain == "NT" else Suit[self.strain].word
        return (
            f"Contract: {self.strain} {self.goal} ({strain}) by {seat_name(self.declarer)}, "
            f"dummy {seat_name(self.dummy)}, {self.target} tricks needed"
        )

    def result_words(self, tricks: Sequence[int]) -> str | None:
        """``"Contract S game by W: 9 tricks of 10 needed, down 1"``."""
        took = tricks[self.declarer] + tricks[self.dummy]
        verdict = "made" if took >= self.target else f"down {self.target - took}"
        return (
            f"Contract {self.strain} {self.goal} by {seat_name(self.declarer)}: "
            f"{took} tricks of {self.target} needed, {verdict}"
        )

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        out.update(
            declarer=self.declarer,
            dummy=self.dummy,
            strain=self.strain,
            goal=self.goal,
            target=self.target,
        )
        return out


def contract_for(choice: ChooseContract, declarer: int, direction: Direction) -> Contract:
    """The :class:`DeclarerContract` of a chosen contract: declarer's left leads (MB-4.1)."""
    return DeclarerContract(
        choice.trump,
        direction.next(declarer),
        declarer=declarer,
        dummy=(declarer + 2) % 4,
        strain=choice.strain,
        goal=choice.goal,
        target=target_of(choice.strain, choice.goal),
        turn_rule="MB-4.1",  # one card each, clockwise
        control_rule="MB-4.2",  # declarer chooses dummy's card, only in dummy's turn
    )


def _score(strain: str, goal: str, target: int, declarer: int, taken: int) -> dict[Side, Decimal]:
    us, them = side_of(declarer), side_of(declarer + 1)
    if taken >= target:
        premium = GAME_PREMIUM if goal == "game" else PARTSCORE_PREMIUM
        return {us: Decimal(trick_score(strain, taken) + premium), them: Decimal(0)}
    return {us: Decimal(0), them: Decimal(UNDERTRICK * (target - taken))}


def _ordered(scores: dict[Side, Decimal]) -> dict[Side, Decimal]:
    return {"NS": scores["NS"], "EW": scores["EW"]}


def score_deal(
    contract: ChooseContract | str, declarer: int | str, tricks: int
) -> dict[Side, Decimal]:
    """Scores of one Minibridge deal by pair, from the contract, declarer and their pair's tricks.

    ``declarer`` is a seat (0..3, or its letter N E S W); ``tricks`` is the
    number of tricks taken by declarer and dummy together (0..13).  Each
    pair's score is recorded separately (MB-5.5).
    """
    choice = parse_contract(contract)
    seat = seat_of_letter(declarer.strip()) if isinstance(declarer, str) else None
    if seat is not None:
        declarer = seat
    if not isinstance(declarer, int) or isinstance(declarer, bool) or not 0 <= declarer <= 3:
        raise CardrulesError(f"invalid declarer: {declarer!r} (expected a seat 0..3 or N, E, S, W)")
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 13:
        raise CardrulesError(
            f"invalid tricks: {tricks!r} (expected the declaring pair's tricks, 0..13)"
        )
    target = target_of(choice.strain, choice.goal)
    return _ordered(_score(choice.strain, choice.goal, target, declarer, tricks))


class MinibridgeScoring(ScoreHelpers):
    """Minibridge's scoring helpers (``rules.scoring``): a deal described by its contract,
    declarer and the declaring pair's tricks, and the double-dummy analysis of a deal.

    >>> import cardrules
    >>> rules = cardrules.load("minibridge-ebu")
    >>> scores = rules.scoring_as(MinibridgeScoring).score_contract("S game", 2, 10)
    >>> {side: str(score) for side, score in scores.items()}
    {'NS': '420', 'EW': '0'}
    """

    def score_contract(
        self, contract: ChooseContract | str, declarer: int | str, tricks: int
    ) -> dict[Side, Decimal]:
        """Scores by pair of ``contract`` (``"contract S game"``, ``"S game"``, ``"4S"``)
        played by ``declarer`` (0..3, or N E S W) whose pair took ``tricks`` (0..13)."""
        return score_deal(contract, declarer, tricks)

    def double_dummy(self, deal: object, **options: Any) -> Any:
        """The double-dummy table and par of a deal: a game (its current deal as dealt),
        4 hands by seat, or a PBN deal text (``"N:AKQ.J4.T98.7654 ..."``); ``dealer=`` and
        ``vulnerable=(NS, EW)`` as :func:`cardrules_dd.analysis.double_dummy` takes them.
        Needs the ``analysis`` extra (``pip install 'cardrules[analysis]'``)."""
        from cardrules_dd.analysis import double_dummy

        return double_dummy(deal, **options)  # type: ignore[arg-type]


class MinibridgeScorer(Scorer):
    """Pair scores: trick points and a premium for the declared goal, or 50 a trick short.

    Scores a finished Minibridge deal by pair (MB-5.1 .. MB-5.5, D-9): the
    premium follows the declared goal (part-score 50, game 300), overtricks
    score at the trick rate, and each pair's score is recorded separately.
    """

    #: The rule in words, as ``cardrules diff`` and the docs show it.
    summary = (
        "goal reached: 20 (minors) or 30 (majors) a trick over six, no-trump 40 then 30, "
        "plus 50 for a declared part-score or 300 for a declared game; "
        "goal missed: 50 a trick short to the defence"
    )

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Scores by pair from the contract and the tricks taken by each seat."""
        if not isinstance(contract, DeclarerContract) or contract.goal not in GOALS:
            raise CardrulesError(
                f"invalid contract for Minibridge scoring: {contract.to_dict()} "
                f"(expected a declarer, a strain and a goal)"
            )
        if len(tricks) != 4 or sum(tricks) > 13 or min(tricks) < 0:
            raise CardrulesError(
                f"invalid tricks: {list(tricks)!r} (expected 4 counts, one per seat, 13 at most)"
            )
        declarer = contract.declarer
        taken = tricks[declarer] + tricks[(declarer + 2) % 4]
        target = contract.target or target_of(contract.strain, contract.goal)
        return _ordered(_score(contract.strain, contract.goal, target, declarer, taken))

    def __repr__(self) -> str:
        return "MinibridgeScorer()"

    #: ``rules.scoring.score_contract(contract, declarer, tricks)`` and, with the
    #: ``analysis`` extra, ``rules.scoring.double_dummy(deal)``.
    score_helpers: type[ScoreHelpers] = MinibridgeScoring

    def score_deal(self, rules: Any, **given: object) -> dict[Side, Decimal]:
        """Scores from ``contract=``, ``declarer=`` and the declaring side's ``tricks=``."""
        if set(given) != {"contract", "declarer", "tricks"} or type(given["tricks"]) is not int:
            raise CardrulesError(
                "invalid deal: give a contract, its declarer and the declaring side's tricks "
                "(score_deal(contract='contract S game', declarer=2, tricks=10))"
            )
        return score_deal(given["contract"], given["declarer"], given["tricks"])  # type: ignore[arg-type]
