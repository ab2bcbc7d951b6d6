"""CBS-5.1 .. CBS-5.3 and D-7: the end of the game, standings, refusals, records."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

import cardrules
from cardrules import Game, IllegalAction
from helpers import (
    calls_for_totals,
    lowest_legal,
    play_deal,
    play_out,
    play_with_calls,
    random_policy,
    steps,
    tricks_by_deal,
)


def steered_game(rules: cardrules.Ruleset, targets: list[str]) -> Game:
    """A finished game (played through the API) whose totals are exactly ``targets``."""
    wanted = [Decimal(t) for t in targets]
    for seed in range(100):
        tricks = tricks_by_deal(rules, seed, 0)
        calls = calls_for_totals(tricks, wanted)
        if calls is not None:
            game = play_with_calls(rules, seed, 0, calls)
            assert [game.totals[s] for s in range(4)] == wanted
            return game
    raise AssertionError(f"no seed reaches {targets}")  # pragma: no cover


def places(game: Game) -> dict[object, int]:
    return {s.side: s.place for s in game.standings()}


# ---------------------------------------------------------------------------
# CBS-5.1 five deals


def test_cbs_5_1_game_ends_after_five_complete_deals(strict: cardrules.Ruleset) -> None:
    """CBS-5.1: four deals do not end the game; the fifth complete deal does."""
    game = strict.new_game(seed=10, dealer=2)
    for number in range(1, 5):
        play_deal(game)
        assert game.phase == "auction"
        assert game.deal_number == number + 1
    play_deal(game)
    assert game.phase == "finished"
    assert len(game.deals) == 5
    assert game.deal_number == 5
    assert game.to_act is None
    assert game.legal_actions() == []
    assert game.over is not None
    assert game.over.rule == "CBS-5.1"
    assert strict.deals == 5


def test_cbs_5_1_nothing_can_be_played_after_the_end(strict: cardrules.Ruleset) -> None:
    """CBS-5.1 / CBS-5.3: after the fifth deal every action is refused, nothing changes."""
    game = play_out(strict.new_game(seed=10, dealer=2))
    before = game.to_json()
    for action in ("play AH", "bid 3"):
        with pytest.raises(IllegalAction) as err:
            game.apply(action)
        assert str(err.value) == f"illegal action {action!r}: the game is over"
    assert game.to_json() == before


def test_cbs_5_1_highest_total_wins(strict: cardrules.Ruleset) -> None:
    """CBS-5.1: after five deals the highest total wins (here one clear winner)."""
    game = steered_game(strict, ["7.3", "2", "-4", "1.1"])
    standings = game.standings()
    assert [s.side for s in standings] == [0, 1, 3, 2]
    assert [s.place for s in standings] == [1, 2, 3, 4]
    assert [s.winner for s in standings] == [True, False, False, False]
    assert [s.total for s in standings] == [Decimal("7.3"), 2, Decimal("1.1"), -4]


# ---------------------------------------------------------------------------
# CBS-5.2 / D-7 shared places


def test_d_7_competition_ranking_example(strict: cardrules.Ruleset) -> None:
    """D-7 / CBS-5.2: totals 5.2, 5.2, 1.0, −0.3 rank 1, 1, 3, 4; both top players win."""
    game = steered_game(strict, ["5.2", "1.0", "5.2", "-0.3"])
    assert len(game.deals) == 5  # CBS-5.2: no tie-break deal
    assert game.phase == "finished"
    assert places(game) == {0: 1, 2: 1, 1: 3, 3: 4}
    standings = game.standings()
    assert len(standings) == 4
    assert [s.place for s in standings] == [1, 1, 3, 4]
    assert {s.side for s in standings if s.winner} == {0, 2}
    assert [s.total for s in standings] == [
        Decimal("5.2"),
        Decimal("5.2"),
        Decimal("1.0"),
        Decimal("-0.3"),
    ]


def test_cbs_5_2_all_four_equal_share_first_place(strict: cardrules.Ruleset) -> None:
    """CBS-5.2: exactly equal totals share the place; all four stay in the ranking."""
    game = steered_game(strict, ["3", "3", "3", "3"])
    assert places(game) == {0: 1, 1: 1, 2: 1, 3: 1}
    assert all(s.winner for s in game.standings())
    assert len(game.deals) == 5


def test_d_7_shared_place_below_the_top(strict: cardrules.Ruleset) -> None:
    """D-7: a tie lower down shares the place and the next place is skipped (1, 2, 2, 4)."""
    game = steered_game(strict, ["-1.1", "4", "-1.1", "-6"])
    assert places(game) == {1: 1, 0: 2, 2: 2, 3: 4}
    assert [s.winner for s in game.standings()] == [True, False, False, False]


def test_cbs_5_2_only_exactly_equal_totals_share(strict: cardrules.Ruleset) -> None:
    """CBS-5.2: 2.1 and 2.0 are not equal: tenths separate the places."""
    game = steered_game(strict, ["2.1", "2", "2", "-2"])
    assert places(game) == {0: 1, 1: 2, 2: 2, 3: 4}
    assert {s.side for s in game.standings() if s.winner} == {0}


def test_standings_before_the_end_have_no_winner(strict: cardrules.Ruleset) -> None:
    """CBS-5.1: during the game the ranking is shown, but nobody has won yet."""
    game = strict.new_game(seed=4, dealer=0)
    play_deal(game)
    standings = game.standings()
    assert len(standings) == 4
    assert not any(s.winner for s in standings)
    top = max(game.totals.values())
    assert [s.side for s in standings if s.place == 1] == [
        s for s in range(4) if game.totals[s] == top
    ]


# ---------------------------------------------------------------------------
# CBS-5.3 illegal actions are refused and change nothing


def test_cbs_5_3_illegal_play_refused_state_unchanged(strict: cardrules.Ruleset) -> None:
    """CBS-5.3: at every card of a deal, every illegal card is refused and nothing changes."""
    game = strict.new_game(seed=8, dealer=1)
    for _ in range(4):
        game.apply("bid 2")
    refusals = 0
    while game.deal_number == 1:
        seat = game.to_act
        assert seat is not None
        legal = {str(a) for a in game.legal_actions()}
        before = game.to_json()
        for card in game.hand(seat):
            if f"play {card}" not in legal:
                assert not game.is_legal(f"play {card}")
                with pytest.raises(IllegalAction) as err:
                    game.apply(f"play {card}")
                assert err.value.rule.startswith("CBS-3.")
                assert game.to_json() == before
                refusals += 1
        game.apply(sorted(legal)[0])
    assert refusals > 20


def test_cbs_5_3_legal_play_accepted_after_a_refusal(strict: cardrules.Ruleset) -> None:
    """CBS-5.3: after a refusal the same player replaces it by a legal card."""
    game = strict.new_game(seed=8, dealer=1)
    for _ in range(4):
        game.apply("bid 2")
    game.apply(game.legal_actions()[0])
    seat = game.to_act
    illegal = next(
        c for c in game.hand(seat or 0) if f"play {c}" not in map(str, game.legal_actions())
    )
    with pytest.raises(IllegalAction):
        game.apply(f"play {illegal}")
    assert game.to_act == seat
    game.apply(game.legal_actions()[0])
    assert game.to_act != seat


# ---------------------------------------------------------------------------
# records: exact round trip, replay


def test_record_round_trip_at_every_step(strict: cardrules.Ruleset) -> None:
    """to_json -> from_json gives back exactly the same game at any point of a deal."""
    game = strict.new_game(seed=19, dealer=3)
    for _ in range(4):
        game.apply("bid 4")
    while game.deal_number == 1:
        text = game.to_json()
        restored = Game.from_json(text)
        assert restored.to_json() == text
        assert restored.legal_actions() == game.legal_actions()
        game.apply(game.legal_actions()[-1])


def test_record_round_trip_of_a_finished_game(strict: cardrules.Ruleset) -> None:
    """A finished game round-trips with its totals and standings."""
    game = play_out(strict.new_game(seed=23), random_policy(random.Random(1)))
    restored = Game.from_json(game.to_json())
    assert restored.to_json() == game.to_json()
    assert restored.totals == game.totals
    assert restored.standings() == game.standings()


def test_replay_from_the_seed_reproduces_the_game(strict: cardrules.Ruleset) -> None:
    """The same seed and the same actions give the same game, byte for byte."""
    game = strict.new_game(seed=99)
    actions = [str(a) for a in steps(game, lowest_legal)]
    again = strict.new_game(seed=99)
    for action in actions:
        again.apply(action)
    assert again.to_json() == game.to_json()
    assert game.copy().to_json() == game.to_json()


def test_preset_hands_round_trip(strict: cardrules.Ruleset) -> None:
    """A game started from preset hands keeps them in its record."""
    source = strict.new_game(seed=50)
    hands = [[str(c) for c in source.hand(s)] for s in range(4)]
    game = strict.new_game(seed=3, dealer=0, hands=hands)
    assert [[str(c) for c in game.hand(s)] for s in range(4)] == hands
    play_deal(game)
    restored = Game.from_json(game.to_json(), allow_preset_hands=True)
    assert restored.to_json() == game.to_json()
    assert restored.preset == game.preset
