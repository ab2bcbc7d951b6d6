"""MB-3.5, MB-5.1 .. MB-5.6, MB-6.3, D-8 and D-9: pair scoring and the session."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import CardrulesError
from cardrules_minibridge import ChooseContract, score_deal
from cardrules_minibridge.contracts import DeclarerContract

MB = "minibridge-ebu"
STRAINS = ("C", "D", "H", "S", "NT")
GOALS = ("partscore", "game")


@pytest.fixture(scope="module")
def rules() -> cardrules.Ruleset:
    return cardrules.load(MB)


def goal_tricks(strain: str, goal: str) -> int:
    """MB-3.2, from the text."""
    if goal == "partscore":
        return 7
    return {"NT": 9, "H": 10, "S": 10, "C": 11, "D": 11}[strain]


def by_the_text(strain: str, goal: str, tricks: int) -> tuple[int, int]:
    """(declaring pair, defence) points by MB-5.1 .. MB-5.4, one trick at a time."""
    target = goal_tricks(strain, goal)
    if tricks < target:
        return 0, 50 * (target - tricks)
    total = 0
    for k in range(1, tricks - 6 + 1):
        if strain == "NT":
            total += 40 if k == 1 else 30
        else:
            total += 20 if strain in ("C", "D") else 30
    return total + (300 if goal == "game" else 50), 0


def pair(seat: int) -> str:
    return "NS" if seat % 2 == 0 else "EW"


# -- MB-6.3: the worked example's three scores -------------------------------------


def test_mb_6_3_spade_game_ten_tricks_is_420(rules: cardrules.Ruleset) -> None:
    """MB-6.3: ten tricks in the spade game: 4 x 30 + 300 = 420 to N/S."""
    assert rules.score_contract("contract S game", 2, 10) == {
        "NS": Decimal(420),
        "EW": Decimal(0),
    }


def test_mb_6_3_d_9_spade_partscore_ten_tricks_is_170(rules: cardrules.Ruleset) -> None:
    """MB-6.3 / D-9 / MB-3.5: the same ten tricks in a spade part-score: 4 x 30 + 50 = 170."""
    assert rules.score_contract("contract S partscore", 2, 10) == {
        "NS": Decimal(170),
        "EW": Decimal(0),
    }


def test_mb_6_3_spade_game_nine_tricks_50_to_the_defence(rules: cardrules.Ruleset) -> None:
    """MB-6.3 / MB-5.4: a spade game with only nine tricks: 50 to the defence, 0 to N/S."""
    assert rules.score_contract("contract S game", 2, 9) == {"NS": Decimal(0), "EW": Decimal(50)}


def test_mb_6_3_through_the_scorer_with_tricks_per_seat(rules: cardrules.Ruleset) -> None:
    """MB-6.3 / MB-5.5: the scorer counts declarer's and dummy's tricks together."""
    contract = DeclarerContract(
        cardrules.Suit.S, 3, declarer=2, dummy=0, strain="S", goal="game", target=10
    )
    assert rules.score(contract, (4, 2, 6, 1)) == {"NS": Decimal(420), "EW": Decimal(0)}
    assert rules.score(contract, (3, 3, 6, 1)) == {"NS": Decimal(0), "EW": Decimal(50)}


# -- MB-5: the full tables ------------------------------------------------------------


@pytest.mark.parametrize("strain", STRAINS)
@pytest.mark.parametrize("goal", GOALS)
def test_mb_5_1_to_5_4_full_table(rules: cardrules.Ruleset, strain: str, goal: str) -> None:
    """MB-5.1 .. MB-5.4: every strain and goal, made and missed, from 0 to 13 tricks."""
    for tricks in range(14):
        for declarer in range(4):
            ours, theirs = by_the_text(strain, goal, tricks)
            got = rules.score_contract(f"contract {strain} {goal}", declarer, tricks)
            assert got == {
                pair(declarer): Decimal(ours),
                pair(declarer + 1): Decimal(theirs),
            }, (strain, goal, tricks, declarer)
            assert list(got) == ["NS", "EW"]


@pytest.mark.parametrize("strain", STRAINS)
def test_mb_5_1_trick_values_when_the_goal_is_reached(
    rules: cardrules.Ruleset, strain: str
) -> None:
    """MB-5.1: 20 a trick over six in minors, 30 in majors, no-trump 40 then 30."""
    first = rules.score_contract(f"{strain} partscore", 0, 7)["NS"] - 50
    second = rules.score_contract(f"{strain} partscore", 0, 8)["NS"] - 50 - first
    expected = {"C": (20, 20), "D": (20, 20), "H": (30, 30), "S": (30, 30), "NT": (40, 30)}
    assert (first, second) == tuple(Decimal(v) for v in expected[strain])


@pytest.mark.parametrize("strain", STRAINS)
def test_mb_5_2_premium_follows_the_declared_goal(rules: cardrules.Ruleset, strain: str) -> None:
    """MB-5.2 / D-9: 50 for a declared part-score, 300 for a declared game, same tricks."""
    tricks = goal_tricks(strain, "game")
    game = rules.score_contract(f"{strain} game", 2, tricks)["NS"]
    part = rules.score_contract(f"{strain} partscore", 2, tricks)["NS"]
    assert game - part == Decimal(250)


@pytest.mark.parametrize("strain", STRAINS)
@pytest.mark.parametrize("goal", GOALS)
def test_mb_5_3_overtricks_at_the_trick_rate(
    rules: cardrules.Ruleset, strain: str, goal: str
) -> None:
    """MB-5.3: each overtrick scores at the rate of the strain, up to 13 tricks."""
    rate = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    start = goal_tricks(strain, goal)
    for tricks in range(start, 13):
        now = rules.score_contract(f"{strain} {goal}", 1, tricks)["EW"]
        more = rules.score_contract(f"{strain} {goal}", 1, tricks + 1)["EW"]
        assert more - now == rate


@pytest.mark.parametrize("strain", STRAINS)
def test_mb_3_5_d_9_overtricks_never_make_a_game(rules: cardrules.Ruleset, strain: str) -> None:
    """MB-3.5 / D-9: a part-score with game tricks or more never gets the game premium."""
    for tricks in range(goal_tricks(strain, "game"), 14):
        ours, _ = by_the_text(strain, "partscore", tricks)
        assert rules.score_contract(f"{strain} partscore", 0, tricks)["NS"] == ours
        assert ours < by_the_text(strain, "game", tricks)[0]


@pytest.mark.parametrize("strain", STRAINS)
@pytest.mark.parametrize("goal", GOALS)
def test_mb_5_4_missed_goal_50_per_trick_short(
    rules: cardrules.Ruleset, strain: str, goal: str
) -> None:
    """MB-5.4: missed: 0 to the declaring pair, 50 per trick short to the defence, nothing else."""
    target = goal_tricks(strain, goal)
    for tricks in range(target):
        assert rules.score_contract(f"{strain} {goal}", 3, tricks) == {
            "NS": Decimal(50 * (target - tricks)),
            "EW": Decimal(0),
        }


@given(
    strain=st.sampled_from(STRAINS),
    goal=st.sampled_from(GOALS),
    declarer=st.integers(0, 3),
    tricks=st.integers(0, 13),
)
@settings(max_examples=150, deadline=None)
def test_mb_5_5_one_pair_scores_the_other_records_zero(
    strain: str, goal: str, declarer: int, tricks: int
) -> None:
    """MB-5.5: each pair's score is recorded separately, never as a transfer (no negatives)."""
    got = score_deal(f"{strain} {goal}", declarer, tricks)
    assert set(got) == {"NS", "EW"}
    assert all(isinstance(v, Decimal) and v >= 0 for v in got.values())
    assert sum(1 for v in got.values() if v > 0) == 1
    assert got == score_deal(f"contract {strain} {goal}", declarer, tricks)


@pytest.mark.parametrize("strain", STRAINS)
@pytest.mark.parametrize("goal", GOALS)
@pytest.mark.parametrize("declarer", range(4))
def test_mb_5_d_9_score_deal_contract_strings(
    rules: cardrules.Ruleset, strain: str, goal: str, declarer: int
) -> None:
    """MB-5.1 .. MB-5.5 / D-9: score_deal(contract="contract NT partscore", ...) by the text."""
    pair, other = ("NS", "EW") if declarer % 2 == 0 else ("EW", "NS")
    for tricks in range(14):
        ours, theirs = by_the_text(strain, goal, tricks)
        got = rules.score_deal(
            contract=f"contract {strain} {goal}", declarer=declarer, tricks=tricks
        )
        assert got == {pair: Decimal(ours), other: Decimal(theirs)}
        assert all(type(v) is Decimal for v in got.values())


def test_contract_forms_and_errors(rules: cardrules.Ruleset) -> None:
    """D-6: the contract is read as an action, short text or bridge level; others are refused."""
    assert (
        score_deal("4S", 2, 10) == score_deal("S game", 2, 10) == score_deal("spades game", 2, 10)
    )
    assert score_deal("1NT", 0, 7) == score_deal(ChooseContract("NT", "partscore"), 0, 7)
    assert score_deal("5D", 1, 11) == score_deal("contract D game", 1, 11)
    assert score_deal("4♠", "S", 10) == score_deal("4S", 2, 10)
    assert score_deal("3N", "w", 9) == score_deal("NT game", 3, 9)
    with pytest.raises(CardrulesError) as exc:
        score_deal("2S", 2, 8)
    assert str(exc.value) == (
        "invalid contract: '2S' is not a Minibridge contract (D-6: a part-score is 1C, 1D, 1H, "
        "1S or 1NT; a game is 5C, 5D, 4H, 4S or 3NT)"
    )
    with pytest.raises(CardrulesError) as exc:
        score_deal("S slam", 2, 12)
    assert str(exc.value) == (
        "invalid contract: 'S slam' (expected e.g. 'contract S game', 'NT partscore' or '4S')"
    )
    with pytest.raises(CardrulesError) as exc:
        rules.score_contract("S game", 2, 14)
    assert str(exc.value) == "invalid tricks: 14 (expected the declaring pair's tricks, 0..13)"
    with pytest.raises(CardrulesError) as exc:
        rules.score_contract("S game", 4, 10)
    assert str(exc.value) == "invalid declarer: 4 (expected a seat 0..3 or N, E, S, W)"


# -- MB-5.5 / MB-5.6 / D-8: the session ---------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_mb_5_5_game_totals_add_each_pairs_scores(rules: cardrules.Ruleset, seed: int) -> None:
    """MB-5.5 / MB-1.5: each deal scores by contract and tricks only; totals add up per pair."""
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    totals = {"NS": Decimal(0), "EW": Decimal(0)}
    for deal in game.deals:
        c = deal.contract
        assert c.declarer is not None and c.dummy == (c.declarer + 2) % 4
        taken = deal.tricks[c.declarer] + deal.tricks[c.dummy]
        ours, theirs = by_the_text(c.strain, c.goal, taken)
        assert deal.scores == {pair(c.declarer): Decimal(ours), pair(c.declarer + 1): theirs}
        for side, value in deal.scores.items():
            totals[str(side)] += value
    assert game.totals == totals


@pytest.mark.parametrize("seed", range(3))
def test_mb_5_5_mb_5_6_d_8_totals_are_each_pairs_own_sum(
    rules: cardrules.Ruleset, seed: int
) -> None:
    """MB-5.5 / MB-5.6 / D-8: totals add each pair's deal scores; standings follow the totals."""
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.deals) == 4
    for side in ("NS", "EW"):
        assert game.totals[side] == sum((d.scores[side] for d in game.deals), Decimal(0))
    ns, ew = game.totals["NS"], game.totals["EW"]
    places = {s.side: (s.place, s.winner) for s in game.standings()}
    if ns == ew:
        assert places == {"NS": (1, True), "EW": (1, True)}
    else:
        best, worst = ("NS", "EW") if ns > ew else ("EW", "NS")
        assert places == {best: (1, True), worst: (2, False)}
    for seat in range(4):
        view = game.view(seat)
        assert view.totals == game.totals and view.phase == "finished"
        assert all(cards == () for cards in view.hands.values())


def test_mb_5_6_d_8_four_deals_by_default_and_the_higher_total_wins(
    rules: cardrules.Ruleset,
) -> None:
    """MB-5.6 / D-8: a session is 4 deals (one round of dealers); the higher pair total wins."""
    assert rules.deals == 4
    game = rules.new_game(seed=21)
    rng = random.Random(21)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.deals) == 4
    assert sorted(d.dealer for d in game.deals) == [0, 1, 2, 3]
    assert game.over is not None and game.over.rule == "MB-5.6"
    standings = game.standings()
    assert game.totals["NS"] != game.totals["EW"]
    best = max(game.totals, key=lambda side: game.totals[side])
    assert [(s.place, s.side, s.winner) for s in standings] == [
        (1, best, True),
        (2, "EW" if best == "NS" else "NS", False),
    ]


def test_d_8_the_profile_sets_the_number_of_deals() -> None:
    """D-8: another agreed number of deals is a profile setting."""
    game = cardrules.load(MB, deals=8).new_game(seed=2)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert len(game.deals) == 8


def test_d_8_equal_totals_share_first_place() -> None:
    """D-8: equal pair totals share the win."""
    rules2 = cardrules.load(MB, deals=2)
    game = rules2.new_game(seed=11)
    rng = random.Random(11)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    assert game.totals["NS"] == game.totals["EW"] > 0
    assert [(s.place, s.winner) for s in game.standings()] == [(1, True), (1, True)]


def test_mb_6_3_score_deal_from_contract_declarer_and_tricks() -> None:
    """MB-6.3 through ``Ruleset.score_deal``: 420, 170 and 50 to the defence."""
    rules = cardrules.load("minibridge-ebu")
    game = rules.score_deal(contract="contract S game", declarer=2, tricks=10)
    part = rules.score_deal(contract="contract S partscore", declarer=2, tricks=10)
    down = rules.score_deal(contract="contract S game", declarer=2, tricks=9)
    assert game == {"NS": Decimal(420), "EW": Decimal(0)}
    assert part == {"NS": Decimal(170), "EW": Decimal(0)}
    assert down == {"NS": Decimal(0), "EW": Decimal(50)}
    with pytest.raises(
        CardrulesError, match="give a contract, its declarer and the declaring side's tricks"
    ):
        rules.score_deal(contract="contract S game", tricks=10)
