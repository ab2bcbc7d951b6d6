"""BR-5.1 .. BR-5.9 and BR-1.2: duplicate bridge scoring, IMPs, matchpoints, the board cycle."""

from __future__ import annotations

import itertools
from decimal import Decimal, localcontext

import pytest

from cardrules import CardrulesError
from cardrules_bridge.scoring import (
    IMP_SCALE,
    PASSED_OUT_SCORE,
    STRAINS,
    dealer_of,
    duplicate_score,
    imps,
    matchpoint_percentages,
    matchpoints,
    passed_out_score,
    trick_score,
    vulnerability,
)

NV, VUL = False, True
X, XX = 1, 2


def by_the_text(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int) -> int:
    """The score by BR-5.1 .. BR-5.6 as written, one trick at a time."""
    needed = level + 6
    if tricks < needed:
        penalty = 0
        for nth in range(1, needed - tricks + 1):
            if doubled == 0:
                step = 100 if vulnerable else 50
            elif vulnerable:
                step = 200 if nth == 1 else 300
            else:
                step = 100 if nth == 1 else 200 if nth <= 3 else 300
            penalty += step * (2 if doubled == 2 else 1)
        return -penalty
    per_trick = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    contract_points = sum(
        (40 if strain == "NT" and odd == 1 else per_trick) * (1, 2, 4)[doubled]
        for odd in range(1, level + 1)
    )
    score = contract_points
    score += (500 if vulnerable else 300) if contract_points >= 100 else 50
    if level == 6:
        score += 750 if vulnerable else 500
    if level == 7:
        score += 1500 if vulnerable else 1000
    score += (0, 50, 100)[doubled]
    for _ in range(tricks - needed):
        score += per_trick if doubled == 0 else (100 if not vulnerable else 200) * doubled
    return score


# ---------------------------------------------------------------------------
# BR-5.1 contract points


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "expected"),
    [
        (1, "C", 0, 20),
        (3, "D", 0, 60),
        (5, "C", 0, 100),
        (2, "H", 0, 60),
        (4, "S", 0, 120),
        (1, "NT", 0, 40),
        (3, "NT", 0, 100),
        (7, "NT", 0, 220),
        (2, "S", X, 120),
        (1, "NT", X, 80),
        (2, "NT", X, 140),
        (1, "NT", XX, 160),
        (1, "C", XX, 80),
        (7, "NT", XX, 880),
    ],
)
def test_br_5_1_contract_points_by_strain_doubled_redoubled(
    level: int, strain: str, doubled: int, expected: int
) -> None:
    """BR-5.1: 20 a trick in C/D, 30 in H/S, NT 40 then 30; ×2 doubled, ×4 redoubled."""
    assert trick_score(level, strain, doubled) == expected


def test_br_5_1_every_contract_matches_the_rule_text() -> None:
    """BR-5.1: the contract points of all 105 contracts, from the text trick by trick."""
    for level, strain, doubled in itertools.product(range(1, 8), STRAINS, (0, 1, 2)):
        first = 40 if strain == "NT" else 20 if strain in "CD" else 30
        rest = 20 if strain in ("C", "D") else 30
        assert trick_score(level, strain, doubled) == (first + rest * (level - 1)) * 2**doubled


# ---------------------------------------------------------------------------
# BR-5.2 part-score and game


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "vulnerable", "tricks", "expected"),
    [
        (3, "NT", 0, NV, 9, 400),
        (3, "NT", 0, NV, 10, 430),
        (3, "NT", 0, VUL, 9, 600),
        (4, "S", 0, NV, 10, 420),
        (4, "H", 0, VUL, 10, 620),
        (5, "D", 0, VUL, 11, 600),
        (4, "D", 0, NV, 10, 130),  # 80 contract points: a part-score
        (2, "S", 0, NV, 8, 110),
        (2, "NT", 0, VUL, 9, 150),  # the overtrick does not make 2NT a game
        (1, "C", 0, NV, 13, 190),
        (2, "S", X, NV, 8, 470),  # doubled into game: 120 contract points
        (1, "NT", X, VUL, 7, 180),  # 80 contract points doubled stay a part-score
        (1, "NT", XX, NV, 8, 760),
    ],
)
def test_br_5_2_part_score_and_game_bonuses(
    level: int, strain: str, doubled: int, vulnerable: bool, tricks: int, expected: int
) -> None:
    """BR-5.2: 50 for a part-score; 300 / 500 for a game, contract points of 100 or more."""
    assert duplicate_score(level, strain, doubled, vulnerable, tricks) == expected


# ---------------------------------------------------------------------------
# BR-5.3 slams


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "vulnerable", "tricks", "expected"),
    [
        (6, "C", 0, VUL, 12, 1370),
        (6, "H", 0, NV, 12, 980),
        (6, "NT", 0, VUL, 13, 1470),
        (7, "D", 0, NV, 13, 1440),
        (7, "NT", 0, NV, 13, 1520),
        (7, "S", 0, VUL, 13, 2210),
        (7, "NT", XX, VUL, 13, 2980),
        (5, "NT", 0, VUL, 13, 720),  # twelve or thirteen tricks without a slam bid: no premium
    ],
)
def test_br_5_3_slam_bonuses(
    level: int, strain: str, doubled: int, vulnerable: bool, tricks: int, expected: int
) -> None:
    """BR-5.3: a small slam bid and made earns 500 / 750, a grand slam 1000 / 1500."""
    assert duplicate_score(level, strain, doubled, vulnerable, tricks) == expected


# ---------------------------------------------------------------------------
# BR-5.4 making a doubled or redoubled contract


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "vulnerable", "tricks", "expected"),
    [
        (4, "S", X, VUL, 10, 790),
        (4, "S", X, NV, 10, 590),
        (4, "S", XX, NV, 10, 880),
        (1, "C", X, NV, 7, 140),
        (1, "C", XX, NV, 7, 230),
        (3, "NT", X, VUL, 9, 750),
    ],
)
def test_br_5_4_making_a_doubled_or_redoubled_contract(
    level: int, strain: str, doubled: int, vulnerable: bool, tricks: int, expected: int
) -> None:
    """BR-5.4: making a doubled contract earns 50 more, a redoubled one 100."""
    assert duplicate_score(level, strain, doubled, vulnerable, tricks) == expected


# ---------------------------------------------------------------------------
# BR-5.5 overtricks


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "vulnerable", "tricks", "expected"),
    [
        (1, "NT", XX, NV, 8, 760),
        (1, "NT", XX, VUL, 8, 1160),
        (1, "C", X, VUL, 13, 1340),
        (2, "H", X, NV, 10, 670),
        (2, "H", X, VUL, 10, 1070),
        (1, "NT", 0, NV, 9, 150),
        (1, "D", 0, VUL, 10, 130),
        (1, "S", 0, VUL, 10, 170),
    ],
)
def test_br_5_5_overtricks(
    level: int, strain: str, doubled: int, vulnerable: bool, tricks: int, expected: int
) -> None:
    """BR-5.5: an overtrick scores the trick value undoubled; 100 / 200 doubled, 200 / 400
    redoubled (not vulnerable / vulnerable)."""
    assert duplicate_score(level, strain, doubled, vulnerable, tricks) == expected


# ---------------------------------------------------------------------------
# BR-5.6 undertricks


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "vulnerable", "tricks", "expected"),
    [
        (4, "S", 0, NV, 9, -50),
        (4, "S", 0, VUL, 7, -300),
        (2, "H", X, NV, 7, -100),
        (2, "H", X, NV, 6, -300),
        (2, "H", X, NV, 5, -500),
        (2, "H", X, NV, 4, -800),
        (2, "H", X, NV, 3, -1100),
        (3, "NT", X, VUL, 8, -200),
        (3, "NT", X, VUL, 7, -500),
        (3, "NT", X, VUL, 6, -800),
        (3, "NT", X, VUL, 5, -1100),
        (3, "NT", XX, NV, 6, -1000),
        (3, "NT", XX, NV, 5, -1600),
        (3, "NT", XX, VUL, 7, -1000),
        (7, "NT", X, VUL, 0, -3800),
        (7, "NT", X, NV, 0, -3500),
        (7, "NT", XX, VUL, 0, -7600),
        (7, "NT", XX, NV, 0, -7000),
        (7, "C", 0, NV, 0, -650),
        (7, "C", 0, VUL, 0, -1300),
    ],
)
def test_br_5_6_undertricks(
    level: int, strain: str, doubled: int, vulnerable: bool, tricks: int, expected: int
) -> None:
    """BR-5.6: undoubled 50 / 100 each; doubled not vulnerable 100, 200, 200, then 300 each;
    doubled vulnerable 200, then 300 each; redoubled twice doubled."""
    assert duplicate_score(level, strain, doubled, vulnerable, tricks) == expected


def test_br_5_1_to_5_6_every_result_matches_the_rule_text() -> None:
    """BR-5.1 .. BR-5.6: all 5880 results (contract, doubling, vulnerability, tricks)."""
    for level, strain, doubled, vulnerable, tricks in itertools.product(
        range(1, 8), STRAINS, (0, 1, 2), (False, True), range(14)
    ):
        expected = by_the_text(level, strain, doubled, vulnerable, tricks)
        assert duplicate_score(level, strain, doubled, vulnerable, tricks) == expected


# ---------------------------------------------------------------------------
# BR-5.7 passed out


def test_br_5_7_a_passed_out_board_scores_zero() -> None:
    """BR-5.7: a board all four players pass scores 0."""
    assert passed_out_score() == PASSED_OUT_SCORE == 0


# ---------------------------------------------------------------------------
# Refused arguments


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((8, "S", 0, NV, 10), "invalid level: 8 (expected 1..7)"),
        ((0, "S", 0, NV, 10), "invalid level: 0 (expected 1..7)"),
        ((True, "S", 0, NV, 10), "invalid level: True (expected 1..7)"),
        ((4, "s", 0, NV, 10), "invalid strain: 's' (expected C, D, H, S or NT)"),
        ((4, "N", 0, NV, 10), "invalid strain: 'N' (expected C, D, H, S or NT)"),
        (
            (4, "S", 3, NV, 10),
            "invalid doubled: 3 (expected 0 undoubled, 1 doubled or 2 redoubled)",
        ),
        (
            (4, "S", False, NV, 10),
            "invalid doubled: False (expected 0 undoubled, 1 doubled or 2 redoubled)",
        ),
        ((4, "S", 0, 1, 10), "invalid vulnerable: 1 (expected True or False)"),
        ((4, "S", 0, NV, 14), "invalid tricks: 14 (expected 0..13)"),
        ((4, "S", 0, NV, -1), "invalid tricks: -1 (expected 0..13)"),
        ((4, "S", 0, NV, 10.0), "invalid tricks: 10.0 (expected 0..13)"),
    ],
)
def test_br_5_impossible_results_are_refused(args: tuple[object, ...], message: str) -> None:
    """BR-5.1 .. BR-5.6: a score for something that cannot happen at the table is an error."""
    with pytest.raises(CardrulesError) as caught:
        duplicate_score(*args)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_br_5_1_trick_score_refuses_an_impossible_contract() -> None:
    """BR-5.1: the contract points exist only for levels 1..7 in the five strains."""
    with pytest.raises(CardrulesError, match=r"^invalid level: 8 \(expected 1\.\.7\)$"):
        trick_score(8, "NT", 0)
    with pytest.raises(CardrulesError, match=r"^invalid strain: 'Z'"):
        trick_score(1, "Z", 0)


# ---------------------------------------------------------------------------
# BR-5.8 IMPs

#: The WBF scale as printed: (lowest difference, highest difference, IMPs).
WBF_SCALE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
]  # fmt: skip


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (490, 10), (500, 11), (3990, 23), (4000, 24),
     (7600, 24), (-620, -12), (-20, -1), (-10, 0), (-4000, -24), (15, 0), (45, 1)],
)  # fmt: skip
def test_br_5_8_imp_scale_boundaries(difference: int, expected: int) -> None:
    """BR-5.8: the WBF IMP scale, signed; a difference between bands counts in the lower."""
    assert imps(difference) == expected


def test_br_5_8_every_band_of_the_wbf_scale() -> None:
    """BR-5.8: each band of the printed scale, at every multiple of 10, both signs."""
    assert len(IMP_SCALE) == 25
    for low, high, expected in WBF_SCALE:
        for difference in range(low, high + 1, 10):
            assert imps(difference) == expected
            assert imps(-difference) == -expected
    for difference in range(4000, 20001, 10):
        assert imps(difference) == 24


def test_br_5_8_imps_refuses_what_is_not_an_int() -> None:
    """BR-5.8: IMPs are read from a difference of two scores, an int."""
    with pytest.raises(CardrulesError) as caught:
        imps("620")  # type: ignore[arg-type]
    assert str(caught.value) == "invalid difference: '620' (expected an int)"


# ---------------------------------------------------------------------------
# BR-5.9 matchpoints


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([420, 420, 450, -50], [3, 3, 6, 0]),
        ([620, 170, 620, -100], [5, 2, 5, 0]),
        ([100, 100, 100], [2, 2, 2]),
        ([-200, 90, 110, 140, 140, 140, 400], [0, 2, 4, 8, 8, 8, 12]),
        ([0, 0], [1, 1]),
        ([50], [0]),
    ],
)
def test_br_5_9_matchpoints_with_ties(scores: list[int], expected: list[int]) -> None:
    """BR-5.9: 2 matchpoints per score beaten, 1 per score tied; the top is 2 × (n − 1)."""
    points = matchpoints(scores)
    assert points == [Decimal(p) for p in expected]
    assert all(isinstance(p, Decimal) for p in points)
    n = len(scores)
    assert sum(points) == n * (n - 1)


@pytest.mark.parametrize(
    ("scores", "places", "expected"),
    [
        ([420, 420, 450, -50], 2, ["50.00", "50.00", "100.00", "0.00"]),
        ([100, 90, 80, 70], 2, ["100.00", "66.67", "33.33", "0.00"]),
        ([100, 90, 80, 70], 0, ["100", "67", "33", "0"]),
        ([100, 90, 80, 80, 70, 60, 50, 40, 30], 3, ["100.000", "87.500", "68.750",
                                                    "68.750", "50.000", "37.500",
                                                    "25.000", "12.500", "0.000"]),
        ([10, 20, 20, 20, 20, 20, 20, 20, 20], 0, ["0", "56", "56", "56", "56", "56", "56",
                                                   "56", "56"]),  # 56.25: rounds down
        ([1, 2, 2, 3, 3, 3, 3, 3, 3], 1, ["0.0", "18.8", "18.8", "68.8", "68.8", "68.8",
                                          "68.8", "68.8", "68.8"]),  # 18.75: half up
        ([50], 2, ["50.00"]),
    ],
)  # fmt: skip
def test_br_5_9_matchpoint_percentages(scores: list[int], places: int, expected: list[str]) -> None:
    """BR-5.9: matchpoints as a percentage of the top, rounded half up to ``places``."""
    assert [str(p) for p in matchpoint_percentages(scores, places=places)] == expected


def test_br_5_9_matchpoint_percentages_are_the_familys_own() -> None:
    """BR-5.9: ``from cardrules_bridge import matchpoint_percentages``, beside matchpoints."""
    import cardrules_bridge

    assert cardrules_bridge.matchpoint_percentages is matchpoint_percentages
    assert {"matchpoints", "matchpoint_percentages", "imps"} <= set(cardrules_bridge.__all__)


def test_br_5_9_percentages_ignore_the_callers_decimal_context() -> None:
    """BR-5.9: the percentages are the same whatever decimal context the caller set."""
    with localcontext(prec=2):
        got = matchpoint_percentages([100, 90, 80, 70])
    assert [str(p) for p in got] == ["100.00", "66.67", "33.33", "0.00"]


@pytest.mark.parametrize(
    ("scores", "message"),
    [
        ([], "invalid scores: [] (expected at least one table's score)"),
        ("420", "invalid scores: '420' (expected a sequence of ints, one per table)"),
        ([420, "450"], "invalid scores[1]: '450' (expected an int)"),
        ([420, 4.5], "invalid scores[1]: 4.5 (expected an int)"),
    ],
)
def test_br_5_9_matchpoints_refuse_bad_scores(scores: object, message: str) -> None:
    """BR-5.9: matchpoints compare the ints of the tables that played the board."""
    with pytest.raises(CardrulesError) as caught:
        matchpoints(scores)  # type: ignore[arg-type]
    assert str(caught.value) == message


# ---------------------------------------------------------------------------
# BR-1.2 dealer and vulnerability

#: Law 2's table: board -> (dealer, NS vulnerable, EW vulnerable).
N, E, S, W = 0, 1, 2, 3
CYCLE = {
    1: (N, False, False), 2: (E, True, False), 3: (S, False, True), 4: (W, True, True),
    5: (N, True, False), 6: (E, False, True), 7: (S, True, True), 8: (W, False, False),
    9: (N, False, True), 10: (E, True, True), 11: (S, False, False), 12: (W, True, False),
    13: (N, True, True), 14: (E, False, False), 15: (S, True, False), 16: (W, False, True),
}  # fmt: skip


@pytest.mark.parametrize("board", range(1, 17))
def test_br_1_2_dealer_and_vulnerability_of_the_16_board_cycle(board: int) -> None:
    """BR-1.2: the dealer and vulnerability of boards 1 .. 16."""
    dealer, ns, ew = CYCLE[board]
    assert dealer_of(board) == dealer
    assert vulnerability(board) == (ns, ew)


def test_br_1_2_the_cycle_repeats_from_board_17() -> None:
    """BR-1.2: board 17 is as board 1, board 32 as board 16, and so on."""
    assert vulnerability(17) == vulnerability(1) == (False, False)
    assert dealer_of(17) == dealer_of(1) == N
    for board in range(1, 17):
        for later in (board + 16, board + 32, board + 160):
            assert vulnerability(later) == vulnerability(board)
            assert dealer_of(later) == dealer_of(board)


def test_br_1_2_each_set_of_four_boards_has_every_vulnerability_once() -> None:
    """BR-1.2: in boards 1-4, 5-8, 9-12 and 13-16 each of none, NS, EW, all appears once."""
    for first in (1, 5, 9, 13):
        assert {vulnerability(b) for b in range(first, first + 4)} == {
            (False, False),
            (True, False),
            (False, True),
            (True, True),
        }


@pytest.mark.parametrize("board", [0, -3, True, "1", 1.0])
def test_br_1_2_board_numbers_start_at_1(board: object) -> None:
    """BR-1.2: boards are numbered from 1."""
    message = f"invalid board: {board!r} (expected 1 or more)"
    with pytest.raises(CardrulesError) as caught:
        vulnerability(board)  # type: ignore[arg-type]
    assert str(caught.value) == message
    with pytest.raises(CardrulesError) as caught:
        dealer_of(board)  # type: ignore[arg-type]
    assert str(caught.value) == message
