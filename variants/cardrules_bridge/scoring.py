"""Duplicate bridge scoring: the score of one board, IMPs, matchpoints, the board cycle.

Everything here is a pure function of ints and strings, exact (no floats), from
the Laws of Duplicate Bridge (WBF 2017): Law 77 (the scoring table, BR-5.1 ..
BR-5.7), Law 78 (matchpoints and the IMP scale, BR-5.8, BR-5.9) and Law 2 (the
dealer and vulnerability of each board, BR-1.2).  Scores are the declaring
side's, negative when the contract is defeated; anything that cannot happen at
the table is refused with a :class:`~cardrules.errors.CardrulesError`.

>>> duplicate_score(4, "S", 0, vulnerable=True, tricks=10)
620
>>> duplicate_score(3, "NT", 1, vulnerable=False, tricks=6)
-500
>>> imps(620 - 170)
10
>>> [str(mp) for mp in matchpoints([620, 170, 620, -100])]
['5', '2', '5', '0']
>>> vulnerability(2), dealer_of(2)
((True, False), 1)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from decimal import Decimal
from types import MappingProxyType
from typing import Final

from cardrules.errors import CardrulesError, shown

__all__ = [
    "DOUBLED",
    "GAME_BONUS",
    "GAME_THRESHOLD",
    "GRAND_SLAM_BONUS",
    "IMP_SCALE",
    "INSULT",
    "OVERTRICK_VALUES",
    "PARTSCORE_BONUS",
    "PASSED_OUT_SCORE",
    "REDOUBLED",
    "SMALL_SLAM_BONUS",
    "STRAINS",
    "TRICK_VALUES",
    "UNDERTRICK_PENALTIES",
    "UNDOUBLED",
    "dealer_of",
    "duplicate_score",
    "imps",
    "matchpoint_percentages",
    "matchpoints",
    "passed_out_score",
    "trick_score",
    "vulnerability",
]

# ---------------------------------------------------------------------------
# The scoring table (Law 77)

#: The strains, lowest first.
STRAINS: Final = ("C", "D", "H", "S", "NT")
#: The values of ``doubled``: the contract is undoubled, doubled or redoubled.
UNDOUBLED: Final = 0
DOUBLED: Final = 1
REDOUBLED: Final = 2

#: BR-5.1: points per odd trick bid and made, undoubled; no-trump's first trick is 40.
TRICK_VALUES: Final[Mapping[str, int]] = MappingProxyType(
    {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
)
_NT_FIRST_TRICK_EXTRA: Final = 10
#: BR-5.1: doubling multiplies the contract points by 2, redoubling by 4.
_MULTIPLIERS: Final = (1, 2, 4)

#: BR-5.2: contract points of at least this much make a game.
GAME_THRESHOLD: Final = 100
#: BR-5.2: the premium for a part-score made, vulnerable or not.
PARTSCORE_BONUS: Final = 50
#: BR-5.2: the premium for a game made, by vulnerability.
GAME_BONUS: Final[Mapping[bool, int]] = MappingProxyType({False: 300, True: 500})
#: BR-5.3: the premium for a small slam (level 6) made, by vulnerability.
SMALL_SLAM_BONUS: Final[Mapping[bool, int]] = MappingProxyType({False: 500, True: 750})
#: BR-5.3: the premium for a grand slam (level 7) made, by vulnerability.
GRAND_SLAM_BONUS: Final[Mapping[bool, int]] = MappingProxyType({False: 1000, True: 1500})
#: BR-5.4: the premium for making a doubled (50) or redoubled (100) contract, by ``doubled``.
INSULT: Final = (0, 50, 100)
#: BR-5.5: each overtrick of a doubled or redoubled contract by ``(doubled, vulnerable)``;
#: an undoubled overtrick scores the trick value of the strain (30 in no-trump).
OVERTRICK_VALUES: Final[Mapping[tuple[int, bool], int]] = MappingProxyType(
    {
        (DOUBLED, False): 100,
        (DOUBLED, True): 200,
        (REDOUBLED, False): 200,
        (REDOUBLED, True): 400,
    }
)

#: BR-5.6: the penalty per undertrick by ``(doubled, vulnerable)``, as
#: ``(first, second and third, fourth and each after)``.
UNDERTRICK_PENALTIES: Final[Mapping[tuple[int, bool], tuple[int, int, int]]] = MappingProxyType(
    {
        (UNDOUBLED, False): (50, 50, 50),
        (UNDOUBLED, True): (100, 100, 100),
        (DOUBLED, False): (100, 200, 300),
        (DOUBLED, True): (200, 300, 300),
        (REDOUBLED, False): (200, 400, 600),
        (REDOUBLED, True): (400, 600, 600),
    }
)

#: BR-5.7: a board passed out scores 0 for both sides.
PASSED_OUT_SCORE: Final = 0

# ---------------------------------------------------------------------------
# IMPs and matchpoints (Law 78)

#: BR-5.8: the WBF IMP scale as the smallest difference worth each number of
#: IMPs: ``IMP_SCALE[n]`` is where ``n`` IMPs start (20 for 1 IMP ... 4000 for 24).
IMP_SCALE: Final = (
    0, 20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

#: BR-5.9: matchpoints for each score beaten and for each score tied (Law 78A).
_MP_PER_WIN: Final = 2
_MP_PER_TIE: Final = 1

# ---------------------------------------------------------------------------
# The 16-board cycle (Law 2)

_VUL_NONE, _VUL_NS, _VUL_EW, _VUL_ALL = (False, False), (True, False), (False, True), (True, True)
#: BR-1.2: (NS vulnerable, EW vulnerable) of boards 1 .. 16, then again from board 17.
_CYCLE_VULNERABILITY: Final = (
    _VUL_NONE, _VUL_NS, _VUL_EW, _VUL_ALL,
    _VUL_NS, _VUL_EW, _VUL_ALL, _VUL_NONE,
    _VUL_EW, _VUL_ALL, _VUL_NONE, _VUL_NS,
    _VUL_ALL, _VUL_NONE, _VUL_NS, _VUL_EW,
)  # fmt: skip
#: BR-1.2: board 1 is dealt by North (seat 0), board 2 by East, and so on clockwise.
_SEATS: Final = 4


# ---------------------------------------------------------------------------
# Checking the arguments


def _check_range(name: str, value: object, low: int, high: int) -> int:
    # bool is an int, but True is no level, trick count or board number
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise CardrulesError(f"invalid {name}: {shown(value)} (expected {low}..{high})")


def _check_int(name: str, value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise CardrulesError(f"invalid {name}: {shown(value)} (expected an int)")


def _check_strain(strain: object) -> str:
    if isinstance(strain, str) and strain in STRAINS:
        return strain
    raise CardrulesError(f"invalid strain: {shown(strain)} (expected C, D, H, S or NT)")


def _check_doubled(doubled: object) -> int:
    if isinstance(doubled, int) and not isinstance(doubled, bool) and 0 <= doubled <= 2:
        return doubled
    raise CardrulesError(
        f"invalid doubled: {shown(doubled)} (expected 0 undoubled, 1 doubled or 2 redoubled)"
    )


def _check_vulnerable(vulnerable: object) -> bool:
    if isinstance(vulnerable, bool):
        return vulnerable
    raise CardrulesError(f"invalid vulnerable: {shown(vulnerable)} (expected True or False)")


def _check_board(board: object) -> int:
    if isinstance(board, int) and not isinstance(board, bool) and board >= 1:
        return board
    raise CardrulesError(f"invalid board: {shown(board)} (expected 1 or more)")


# ---------------------------------------------------------------------------
# The score of one board


def trick_score(level: int, strain: str, doubled: int) -> int:
    """The contract points of a contract made (BR-5.1): its odd tricks only, never overtricks.

    20 per trick in clubs and diamonds, 30 in hearts and spades, in no-trump 40
    for the first and 30 for each after; twice that doubled, four times redoubled.

    >>> trick_score(3, "NT", 0), trick_score(4, "S", 1), trick_score(1, "NT", 2)
    (100, 240, 160)
    """
    level = _check_range("level", level, 1, 7)
    strain = _check_strain(strain)
    doubled = _check_doubled(doubled)
    points = TRICK_VALUES[strain] * level
    if strain == "NT":
        points += _NT_FIRST_TRICK_EXTRA
    return points * _MULTIPLIERS[doubled]


def _made(level: int, strain: str, doubled: int, vulnerable: bool, overtricks: int) -> int:
    """BR-5.1 .. BR-5.5: what the declaring side scores for a contract made."""
    contract_points = trick_score(level, strain, doubled)
    score = contract_points
    if contract_points >= GAME_THRESHOLD:
        score += GAME_BONUS[vulnerable]
    else:
        score += PARTSCORE_BONUS
    if level == 6:
        score += SMALL_SLAM_BONUS[vulnerable]
    elif level == 7:
        score += GRAND_SLAM_BONUS[vulnerable]
    score += INSULT[doubled]
    if doubled == UNDOUBLED:
        per_overtrick = TRICK_VALUES[strain]
    else:
        per_overtrick = OVERTRICK_VALUES[doubled, vulnerable]
    return score + per_overtrick * overtricks


def _defeated(doubled: int, vulnerable: bool, undertricks: int) -> int:
    """BR-5.6: the penalty the defenders score for ``undertricks`` (1 .. 13) tricks short."""
    first, second_third, after = UNDERTRICK_PENALTIES[doubled, vulnerable]
    penalty = first
    penalty += second_third * min(undertricks - 1, 2)
    penalty += after * max(undertricks - 3, 0)
    return penalty


def duplicate_score(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int) -> int:
    """The declaring side's score on one board (BR-5.1 .. BR-5.6), negative when defeated.

    ``level`` 1..7, ``strain`` one of :data:`STRAINS`, ``doubled`` 0, 1 or 2,
    ``vulnerable`` the declaring side's vulnerability, ``tricks`` the tricks
    the declaring side took (0..13).  A contract made scores its contract
    points, the part-score (50) or game (300 / 500) premium, the slam premium,
    50 / 100 for making it doubled / redoubled and its overtricks; a contract
    defeated loses the undertrick penalty.

    >>> duplicate_score(7, "NT", 2, vulnerable=True, tricks=13)
    2980
    >>> duplicate_score(2, "H", 1, vulnerable=False, tricks=5)
    -500
    """
    level = _check_range("level", level, 1, 7)
    strain = _check_strain(strain)
    doubled = _check_doubled(doubled)
    vulnerable = _check_vulnerable(vulnerable)
    tricks = _check_range("tricks", tricks, 0, 13)
    needed = level + 6
    if tricks >= needed:
        return _made(level, strain, doubled, vulnerable, tricks - needed)
    return -_defeated(doubled, vulnerable, needed - tricks)


def passed_out_score() -> int:
    """The score of a board all four players passed (BR-5.7): 0 for both sides."""
    return PASSED_OUT_SCORE


# ---------------------------------------------------------------------------
# Comparing scores


def imps(difference: int) -> int:
    """The IMPs for a difference of two scores on one board (BR-5.8, the WBF scale), signed.

    A difference between two bands of the scale (15, or 45 against a datum)
    counts in the lower band: the bands start at 20, 50, 90 ...

    >>> imps(10), imps(20), imps(490), imps(500), imps(-620), imps(5000)
    (0, 1, 10, 11, -12, 24)
    """
    difference = _check_int("difference", difference)
    won = bisect_right(IMP_SCALE, abs(difference)) - 1
    return won if difference >= 0 else -won


def _check_scores(scores: object) -> list[int]:
    if isinstance(scores, str | bytes) or not isinstance(scores, Sequence):
        raise CardrulesError(
            f"invalid scores: {shown(scores)} (expected a sequence of ints, one per table)"
        )
    if not scores:
        raise CardrulesError("invalid scores: [] (expected at least one table's score)")
    return [_check_int(f"scores[{table}]", score) for table, score in enumerate(scores)]


def matchpoints(scores: Sequence[int]) -> list[Decimal]:
    """The matchpoints of each table's NS score on one board (BR-5.9, Law 78A).

    Each score earns 2 for every other table's score it beats and 1 for every
    score it ties, so the top on a board played ``n`` times is ``2 × (n − 1)``
    and the matchpoints of a board add up to ``n × (n − 1)``.  EW's matchpoints
    are the top minus NS's.  Decimals (always whole under this convention) so
    they add with adjusted scores.

    >>> [str(mp) for mp in matchpoints([420, 420, 450, -50])]
    ['3', '3', '6', '0']
    """
    checked = _check_scores(scores)
    return [
        Decimal(
            sum(
                _MP_PER_WIN if score > other else _MP_PER_TIE if score == other else 0
                for other in checked
            )
            - _MP_PER_TIE  # the score's own table ties with itself
        )
        for score in checked
    ]


def matchpoint_percentages(scores: Sequence[int], *, places: int = 2) -> list[Decimal]:
    """Each table's NS matchpoints on one board as a percentage of the top (BR-5.9).

    Computed exactly and rounded half up to ``places`` decimal places (a third
    of the top is ``33.33``); a board played at one table only has no score to
    compare with and gives that table 50%.

    >>> [str(p) for p in matchpoint_percentages([420, 420, 450, -50])]
    ['50.00', '50.00', '100.00', '0.00']
    >>> [str(p) for p in matchpoint_percentages([100, 90, 80, 70], places=1)]
    ['100.0', '66.7', '33.3', '0.0']
    """
    points = matchpoints(scores)
    places = _check_range("places", places, 0, 20)
    top = _MP_PER_WIN * (len(points) - 1)
    scale = 10**places
    if top == 0:
        return [Decimal(f"{50 * scale}E-{places}")]
    # rounded half up in integers and read back exactly: no decimal context can change it
    return [Decimal(f"{(200 * scale * int(mp) + top) // (2 * top)}E-{places}") for mp in points]


# ---------------------------------------------------------------------------
# The board cycle


def vulnerability(board: int) -> tuple[bool, bool]:
    """Whether NS and EW are vulnerable on ``board`` (BR-1.2): the 16-board cycle of Law 2.

    Boards 1 .. 16 run none, NS, EW, all; NS, EW, all, none; EW, all, none,
    NS; all, none, NS, EW; board 17 is as board 1.

    >>> vulnerability(1), vulnerability(4), vulnerability(17)
    ((False, False), (True, True), (False, False))
    """
    board = _check_board(board)
    return _CYCLE_VULNERABILITY[(board - 1) % len(_CYCLE_VULNERABILITY)]


def dealer_of(board: int) -> int:
    """The seat that deals ``board`` (BR-1.2): 0 (N) for board 1, then clockwise.

    >>> [dealer_of(board) for board in (1, 2, 3, 4, 5, 16, 17)]
    [0, 1, 2, 3, 0, 3, 0]
    """
    board = _check_board(board)
    return (board - 1) % _SEATS
