"""CBS-4.1 .. CBS-4.4 and the worked example CBS-7.2: scoring in exact tenths."""

from __future__ import annotations

from decimal import Decimal

import pytest

import cardrules
from cardrules import IllegalAction
from helpers import (
    APP,
    STRICT,
    calls_for_totals,
    deal_score_tenths,
    hands_for,
    lowest_legal,
    play_deal,
    play_out,
    play_with_calls,
    tricks_by_deal,
)

CLASSIC = "callbridge-classic"


def score_of(rules: cardrules.Ruleset, call: int, took: int) -> Decimal:
    """Seat 0's score for ``call`` and ``took`` (the other seats fill up to 13 tricks)."""
    rest = 13 - took
    tricks = (took, rest // 3 + rest % 3, rest // 3, rest // 3)
    return rules.score_calls((call, 2, 2, 2), tricks)[0]


def from_rule_text(call: int, took: int) -> Decimal:
    """CBS-4.1 / CBS-4.2 as written: call + 0.1 per extra trick, else minus the call."""
    if took >= call:
        return Decimal(call) + Decimal(took - call) * Decimal("0.1")
    return -Decimal(call)


# ---------------------------------------------------------------------------
# CBS-4.1 / CBS-4.2 / CBS-4.4


@pytest.mark.parametrize(
    ("call", "took", "expected"),
    [(3, 5, "3.2"), (4, 4, "4"), (2, 13, "3.1"), (13, 13, "13"), (2, 3, "2.1"), (5, 12, "5.7")],
)
def test_cbs_4_1_call_made_scores_call_plus_tenths(
    strict: cardrules.Ruleset, call: int, took: int, expected: str
) -> None:
    """CBS-4.1: at least the call scores the call plus 0.1 per trick over it."""
    assert score_of(strict, call, took) == Decimal(expected)


@pytest.mark.parametrize(("call", "took"), [(5, 4), (5, 0), (13, 12), (2, 1), (4, 3), (8, 0)])
def test_cbs_4_2_call_missed_scores_minus_the_call(
    strict: cardrules.Ruleset, call: int, took: int
) -> None:
    """CBS-4.2: fewer tricks than the call score minus the call, whatever the shortfall."""
    assert score_of(strict, call, took) == -call


def test_cbs_4_1_4_2_every_call_and_trick_count(strict: cardrules.Ruleset) -> None:
    """CBS-4.1 / CBS-4.2: the whole table of calls 2..13 and tricks 0..13."""
    for call in range(2, 14):
        for took in range(14):
            assert score_of(strict, call, took) == from_rule_text(call, took), (call, took)


def test_cbs_4_3_no_bonus_for_eight(strict: cardrules.Ruleset) -> None:
    """CBS-4.3: a call of 8 made scores 8 (plus tenths), no bonus."""
    assert score_of(strict, 8, 8) == Decimal(8)
    assert score_of(strict, 8, 9) == Decimal("8.1")
    assert score_of(strict, 8, 7) == Decimal(-8)


def test_cbs_4_3_no_bags(strict: cardrules.Ruleset) -> None:
    """CBS-4.3: overtricks are only tenths: ten overtricks are +1.0, never a penalty."""
    assert score_of(strict, 2, 12) == Decimal("3.0")
    assert score_of(strict, 3, 13) == Decimal("4.0")


def test_cbs_4_3_nil_is_not_possible(strict: cardrules.Ruleset) -> None:
    """CBS-4.3: no nil or zero contract: a call of 0 is refused."""
    game = strict.new_game(seed=1, dealer=0)
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply("bid 0")
    assert str(err.value) == (
        "illegal action 'bid 0' by seat 3 (W): CBS-2.4: a call must be 2 to 13 tricks (got 0)"
    )
    assert game.to_json() == before


def test_cbs_4_3_no_bonus_for_exact_calls_over_a_session(strict: cardrules.Ruleset) -> None:
    """CBS-4.3: a seat that calls exactly in all five deals scores the sum of its calls only."""
    for seed in range(200):
        tricks = tricks_by_deal(strict, seed, 0)
        if all(t[0] >= 2 for t in tricks):
            break
    calls = [{0: t[0], 1: 2, 2: 2, 3: 2} for t in tricks]
    game = play_with_calls(strict, seed, 0, calls)
    assert [d.tricks[0] for d in game.deals] == [c[0] for c in calls]
    assert game.totals[0] == sum(c[0] for c in calls)


@pytest.mark.parametrize(("call", "took"), [(3, 5), (2, 13), (7, 3), (4, 4)])
def test_cbs_4_4_scores_are_exact_decimals(strict: cardrules.Ruleset, call: int, took: int) -> None:
    """CBS-4.4: scores are exact Decimals (never floats) counted in whole tenths."""
    score = score_of(strict, call, took)
    assert type(score) is Decimal
    assert score * 10 == deal_score_tenths(call, took)
    assert (score * 10) == (score * 10).to_integral_value()


def test_cbs_4_4_tenths_add_up_exactly(strict: cardrules.Ruleset) -> None:
    """CBS-4.4: ten scores of 2.1 add up to exactly 21 (with floats they would not)."""
    scores = [score_of(strict, 2, 3) for _ in range(10)]
    assert sum(scores, Decimal(0)) == Decimal(21)
    assert sum([2.1] * 10) != 21.0  # the float trap the rule warns about


def test_cbs_4_4_totals_can_be_negative(strict: cardrules.Ruleset) -> None:
    """CBS-4.4: negative totals are allowed (every seat calls 13 and fails)."""
    game = strict.new_game(seed=3, dealer=0)
    for _ in range(5):
        play_deal(game, {s: 13 for s in range(4)})
    assert game.phase == "finished"
    assert all(max(d.tricks) < 13 for d in game.deals)
    assert game.totals == {s: Decimal(-65) for s in range(4)}
    assert [s.place for s in game.standings()] == [1, 1, 1, 1]


def test_cbs_4_4_game_totals_are_decimal_sums(strict: cardrules.Ruleset) -> None:
    """CBS-4.4: each total is the exact Decimal sum of the deal scores."""
    game = play_out(strict.new_game(seed=12, dealer=1), lowest_legal)
    for seat in range(4):
        deal_scores = [d.scores[seat] for d in game.deals]
        assert all(type(v) is Decimal for v in deal_scores)
        assert game.totals[seat] == sum(deal_scores, Decimal(0))
        assert type(game.totals[seat]) is Decimal


def test_score_calls_needs_four_seats(strict: cardrules.Ruleset) -> None:
    """A wrong number of calls or tricks is a CardrulesError naming both."""
    with pytest.raises(cardrules.CardrulesError) as err:
        strict.score_calls((3, 4, 2), (5, 3, 5))
    assert str(err.value) == (
        "invalid deal: calls [3, 4, 2] and tricks [5, 3, 5] need one number per seat (4 each)"
    )


# ---------------------------------------------------------------------------
# CBS-7.2: the worked example


def test_cbs_7_2_worked_example(strict: cardrules.Ruleset) -> None:
    """CBS-7.2: calls 3, 4, 2, 3 and tricks 5, 3, 2, 3 score 3.2, −4, 2, 3."""
    scores = strict.score_calls((3, 4, 2, 3), (5, 3, 2, 3))
    assert scores == {0: Decimal("3.2"), 1: Decimal(-4), 2: Decimal(2), 3: Decimal(3)}
    assert all(type(v) is Decimal for v in scores.values())


# Hands for the CBS-7.2 deal, in order of play from the first leader (the
# dealer's right).  With every card chosen as the lowest legal one, the four
# players take 5, 3, 2 and 3 tricks.
EXAMPLE_7_2 = [
    "4C 7C 9C 6D 9D AD 2H 2S 4S 5S 7S 9S JS",
    "2C 5D JD KD 4H 6H 7H 10H JH KH 6S 8S AS",
    "5C JC KC 2D 4D 8D 10D QD 3H 5H 10S QS KS",
    "3C 6C 8C 10C QC AC 3D 7D 8H 9H QH AH 3S",
]


@pytest.mark.parametrize("dealer", [1, 2])
def test_cbs_7_2_worked_example_through_the_game(strict: cardrules.Ruleset, dealer: int) -> None:
    """CBS-7.2: the deal played through the Game API; exact calls are not needed to score."""
    game = strict.new_game(seed=36, dealer=dealer, hands=hands_for(dealer, EXAMPLE_7_2))
    players = [(dealer + 3 * k) % 4 for k in range(1, 5)]
    calls = dict(zip(players, (3, 4, 2, 3), strict=True))
    play_deal(game, calls)
    deal = game.deals[0]
    assert [deal.tricks[p] for p in players] == [5, 3, 2, 3]
    assert sum(deal.tricks) == 13
    assert [deal.scores[p] for p in players] == [
        Decimal("3.2"),
        Decimal(-4),
        Decimal(2),
        Decimal(3),
    ]
    assert [game.totals[p] for p in players] == [
        Decimal("3.2"),
        Decimal(-4),
        Decimal(2),
        Decimal(3),
    ]
    assert deal.contract.calls == tuple(calls[s] for s in range(4))


def test_calls_for_totals_helper_is_sound(strict: cardrules.Ruleset) -> None:
    """The test helper that steers calls to wanted totals does reach them (CBS-4.1/4.2)."""
    tricks = tricks_by_deal(strict, 40, 2)
    calls = calls_for_totals(tricks, [Decimal("2.3"), Decimal(-10), Decimal("0.1"), Decimal(5)])
    assert calls is not None
    game = play_with_calls(strict, 40, 2, calls)
    assert [d.tricks for d in game.deals] == tricks
    assert game.totals == {0: Decimal("2.3"), 1: Decimal(-10), 2: Decimal("0.1"), 3: Decimal(5)}


def test_cbs_7_2_score_deal_from_calls_and_tricks_per_seat() -> None:
    """CBS-7.2: ``score_deal`` with calls and tricks per seat is the family's deal score."""
    rules = cardrules.load("callbreak-strict")
    scores = rules.score_deal(calls=[3, 4, 2, 3], tricks=[5, 3, 2, 3])
    assert scores == {0: Decimal("3.2"), 1: Decimal("-4"), 2: Decimal("2"), 3: Decimal("3")}


@pytest.mark.parametrize(
    ("name", "calls", "tricks", "expected"),
    [
        # CBS-4.1 / CBS-4.2: lowest and highest call; 13 and 0 tricks.
        (STRICT, [2, 13, 2, 2], [13, 0, 0, 0], ["3.1", "-13", "-2", "-2"]),
        (STRICT, [13, 2, 2, 2], [13, 0, 0, 0], ["13", "-2", "-2", "-2"]),
        (STRICT, [2, 2, 2, 2], [2, 2, 2, 7], ["2", "2", "2", "2.5"]),
        # APP-4.1 / APP-4.2: calls 1 and 8 at both ends.
        (APP, [1, 8, 1, 1], [0, 8, 5, 0], ["-1", "8", "1.4", "-1"]),
        (APP, [8, 1, 1, 1], [7, 1, 1, 4], ["-8", "1", "1", "1.3"]),
        # CBC-4.1 .. 4.3 / D-5: the window's edges (call, call+2, call+3) and 13.
        (CLASSIC, [13, 2, 2, 2], [13, 0, 0, 0], ["130", "-20", "-20", "-20"]),
        (CLASSIC, [2, 2, 2, 11], [4, 5, 2, 2], ["22", "-20", "20", "-110"]),
        (CLASSIC, [11, 2, 2, 2], [13, 0, 0, 0], ["112", "-20", "-20", "-20"]),
    ],
)
def test_cbs_4_app_4_cbc_4_score_deal_at_the_bounds(
    name: str, calls: list[int], tricks: list[int], expected: list[str]
) -> None:
    """CBS-4.1/4.2/4.4, APP-4.1/4.2, CBC-4.1..4.3: exact Decimal scores at boundary counts."""
    scores = cardrules.load(name).score_deal(calls=calls, tricks=tricks)
    assert [scores[s] for s in range(4)] == [Decimal(e) for e in expected]
    assert all(type(v) is Decimal for v in scores.values())


@pytest.mark.parametrize(
    ("calls", "tricks", "message"),
    [
        ([3, 4, 2], [5, 3, 2, 3], "need one number per seat (4 each)"),
        ([3, 4, 2, 3], [5, 3, 2, -1], "tricks [5, 3, 2, -1] must be whole numbers 0..13"),
        ([3, 4, 2, 14], [5, 3, 2, 3], "calls [3, 4, 2, 14] must be whole numbers 2..13 (CBS-2.4)"),
    ],
)
def test_cbs_4_score_of_a_malformed_deal_is_refused(
    calls: list[int], tricks: list[int], message: str
) -> None:
    """CBS-4.1/4.2 score real deals only: malformed numbers are a clear CardrulesError."""
    rules = cardrules.load("callbreak-strict")
    with pytest.raises(cardrules.CardrulesError) as info:
        rules.score_deal(calls=calls, tricks=tricks)
    assert str(info.value).endswith(message)
