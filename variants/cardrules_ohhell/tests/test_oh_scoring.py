"""Oh Hell, sections 5 and 6: exact scoring, the end of the game, the standings
(OH-5.x, OH-6.x, OH-7.4, D-7, D-9), and the scorer's settings and refusals."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import CardrulesError, ProfileError
from oh_reference import OH, OH3, OH5, exact_score, finish_deal, play_out


def _profile(tmp_path: Path, body: str, name: str = "oh-hell-test") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "{name}"\nextends = "oh-hell"\n\n{body}',
        encoding="utf-8",
    )
    return path


def test_oh_5_1_an_exact_bid_scores_ten_plus_the_bid() -> None:
    """OH-5.1: exactly the tricks bid scores 10 plus the bid: a bid of 0 made scores 10, a
    bid of 3 made scores 13."""
    rules = cardrules.load(OH)
    scores = rules.score_deal(calls=[0, 3, 2, 4], tricks=[0, 3, 3, 4])
    assert scores == {0: Decimal(10), 1: Decimal(13), 2: Decimal(0), 3: Decimal(14)}
    assert all(type(v) is Decimal for v in scores.values())


def test_oh_5_2_more_or_fewer_tricks_score_nothing() -> None:
    """OH-5.2: a player who takes more or fewer tricks than they bid scores nothing; there
    are no minus points and nothing for tricks as such."""
    rules = cardrules.load(OH)
    scores = rules.score_calls([2, 2, 0, 5], [1, 3, 1, 5])
    assert scores == {0: Decimal(0), 1: Decimal(0), 2: Decimal(0), 3: Decimal(15)}


def test_oh_7_4_the_worked_example() -> None:
    """OH-7.4: five cards, bids 2, 0, 2, 0, tricks 2, 1, 2, 0: scores 12, 0, 12 and 10."""
    rules = cardrules.load(OH)
    scores = rules.score_deal(calls=[2, 0, 2, 0], tricks=[2, 1, 2, 0])
    assert [str(scores[s]) for s in range(4)] == ["12", "0", "12", "10"]


@pytest.mark.parametrize("name", [OH, OH3, OH5])
def test_oh_5_3_scores_add_up_from_deal_to_deal(name: str) -> None:
    """OH-5.1 .. OH-5.3: each deal of a game is scored by seat from its bids and tricks, and
    the totals are the sums of the deals' scores."""
    game = cardrules.load(name).new_game(seed=10)
    play_out(game, random.Random(10))
    n = game.rules.players
    for deal in game.deals:
        calls = deal.contract.calls  # type: ignore[attr-defined]
        assert deal.scores == {s: Decimal(exact_score(calls[s], deal.tricks[s])) for s in range(n)}
    assert game.totals == {s: sum((d.scores[s] for d in game.deals), Decimal(0)) for s in range(n)}


def test_oh_d7_other_schemes_are_settings_of_the_scorer(tmp_path: Path) -> None:
    """oh-hell D-7: one point per trick plus 10 for an exact bid, a bonus of 5, or a penalty
    for a missed bid are settings of the exact_bid scorer, not other rules."""
    calls, tricks = [2, 0, 2, 0], [2, 1, 2, 0]
    variants = {
        "bonus = 10, per_bid = 0, per_trick = 1": [12, 1, 12, 10],
        "bonus = 5, per_bid = 1, per_trick = 0": [7, 0, 7, 5],
        "bonus = 10, per_bid = 1, per_trick = 0, per_miss = 2": [12, -2, 12, 10],
    }
    for i, (params, expected) in enumerate(variants.items()):
        path = _profile(tmp_path, f"[scoring]\nparams = {{ {params} }}\n", f"oh-hell-d7-{i}")
        scores = cardrules.load(path).score_deal(calls=calls, tricks=tricks)
        assert [scores[s] for s in range(4)] == [Decimal(v) for v in expected], params


def test_oh_d7_the_scorer_refuses_unknown_or_bad_settings(tmp_path: Path) -> None:
    """oh-hell D-7: the scorer's settings are checked at load, every problem at once."""
    path = _profile(tmp_path, "[scoring]\nparams = { bonus = -1, per_trik = 1, per_bid = true }\n")
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    problems = dict(err.value.problems)
    assert problems["scoring.params.bonus"] == "must be >= 0 (got -1)"
    assert problems["scoring.params.per_trik"].startswith("unknown setting of scorer 'exact_bid'")
    assert problems["scoring.params.per_bid"] == "must be int (got True)"


def test_oh_3_2_the_bidding_takes_no_call_bounds(tmp_path: Path) -> None:
    """OH-3.2: bids run from 0 to each deal's hand size, so a profile that sets call bounds
    for the oh_hell_bids auction is refused at load."""
    path = _profile(tmp_path, "[auction]\nmin_call = 1\n")
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert [p for p, _ in err.value.problems] == ["auction.min_call"]


def test_oh_3_3_a_deal_described_by_hand_must_be_possible() -> None:
    """OH-3.3, OH-3.2, OH-2.2: rules.score_deal refuses bids that total the tricks (the hook
    forbids them), tricks that add up to no hand size of the profile, bids above the hand
    size and lists of the wrong length."""
    rules = cardrules.load(OH)
    with pytest.raises(CardrulesError, match=r"add up to 5, .*hook forbids \(OH-3.3\)"):
        rules.score_deal(calls=[2, 1, 2, 0], tricks=[2, 1, 2, 0])
    with pytest.raises(CardrulesError, match="add up to 11"):
        rules.score_deal(calls=[2, 1, 2, 0], tricks=[5, 1, 5, 0])
    with pytest.raises(CardrulesError, match="must be 0 to 3"):
        rules.score_deal(calls=[4, 0, 0, 0], tricks=[1, 1, 1, 0])
    with pytest.raises(CardrulesError, match="list of 4 whole numbers"):
        rules.score_deal(calls=[1, 0, 0], tricks=[1, 0, 0])
    with pytest.raises(CardrulesError, match="give the bids and the tricks"):
        rules.score_deal(calls=[1, 0, 0, 0])
    assert cardrules.load(OH3).score_deal(calls=[1, 0, 1], tricks=[1, 1, 1])[0] == 11


@pytest.mark.parametrize("name", [OH, OH3, OH5])
def test_oh_6_1_the_game_ends_after_the_nineteenth_deal(name: str) -> None:
    """OH-6.1: the game is over when the second deal of ten cards has been scored."""
    game = cardrules.load(name).new_game(seed=11)
    rng = random.Random(11)
    while len(game.deals) < 18:
        finish_deal(game, rng)
        assert game.phase != "finished"
    assert game.deal_number == 19 and len(game.hand(0)) == 10
    finish_deal(game, rng)
    assert game.phase == "finished" and game.to_act is None
    assert len(game.deals) == 19
    assert game.over is not None and game.over.rule == "OH-6.1"
    assert game.legal_actions() == []


def test_oh_6_2_and_d9_highest_total_wins_equal_totals_share_a_place() -> None:
    """OH-6.2, oh-hell D-9: the highest total wins; equal totals share their place with
    competition ranking (1, 1, 3, 4), every player on the top total is a winner, and no
    extra deal is played."""
    tied = None
    for seed in range(200):
        game = cardrules.load("oh-hell-openspiel-4x5").new_game(seed=seed)
        play_out(game, random.Random(seed))
        totals = sorted(game.totals.values(), reverse=True)
        if totals[0] == totals[1] > totals[2] > totals[3]:
            tied = game
            break
    assert tied is not None
    standings = tied.standings()
    assert [s.place for s in standings] == [1, 1, 3, 4]
    assert [s.winner for s in standings][:2] == [True, True]
    assert not any(s.winner for s in standings[2:])
    assert len(tied.deals) == 1
    for name in (OH, OH3, OH5):
        game = cardrules.load(name).new_game(seed=5)
        play_out(game, random.Random(5))
        top = max(game.totals.values())
        for st in game.standings():
            assert st.place == 1 + sum(1 for v in game.totals.values() if v > st.total)
            assert st.winner == (st.total == top)


def test_oh_6_3_an_illegal_action_leaves_the_game_as_it_was() -> None:
    """OH-6.3: an illegal bid or card is refused and the state stays exactly as it was; the
    game then goes on with a legal one."""
    game = cardrules.load(OH).new_game(seed=3, dealer=0)
    record = game.to_json()
    for action in ("bid 11", "bid -1", "play 2C", "pass", "bid x"):
        with pytest.raises(CardrulesError):
            game.apply(action)
        assert game.to_json() == record
    game.apply("bid 2")
    assert game.actions == ["bid 2"]
