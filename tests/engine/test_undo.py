"""Issue 13, item 5: ``game.undo()`` takes back the last action, restoring the state exactly
(python-chess's ``board.pop()``)."""

from __future__ import annotations

import random

import pytest

import cardrules


@pytest.mark.parametrize("name", ["callbreak-strict", "minibridge-ebu", "oh-hell-3", "hearts"])
def test_undo_restores_every_earlier_state(name: str) -> None:
    """Undoing actions one by one goes back through exactly the states the game passed,
    across tricks, auctions and the end of a deal, and returns each action taken."""
    rules = cardrules.load(name)
    game = rules.new_game(seed=17)
    rng = random.Random(17)
    states: list[str] = []
    taken = []
    while game.to_act is not None and len(states) < 150:
        states.append(game.to_json())
        action = rng.choice(game.legal_actions())
        taken.append(str(action))
        game.apply(action)
    for before, action in zip(reversed(states), reversed(taken), strict=True):
        assert str(game.undo()) == action
        assert game.to_json() == before
    assert game.actions == []


def test_undo_then_play_on_is_a_game_like_any_other() -> None:
    """After a take-back the game goes on; the same actions lead to the same state."""
    game = cardrules.load("callbreak-strict").new_game(seed=3)
    for call in ("bid 3", "bid 4", "bid 2"):
        game.apply(call)
    game.undo()
    game.apply("bid 5")
    fresh = cardrules.load("callbreak-strict").new_game(seed=3)
    for call in ("bid 3", "bid 4", "bid 5"):
        fresh.apply(call)
    assert game.to_json() == fresh.to_json()


def test_undo_a_finished_game_reopens_it() -> None:
    game = cardrules.load("hearts-openspiel").new_game(seed=2)
    while game.to_act is not None:
        game.apply(game.legal_actions()[0])
    assert game.phase == "finished"
    game.undo()
    assert game.phase == "play" and game.over is None and len(game.legal_actions()) == 1


def test_undo_with_hands_dealt_by_hand() -> None:
    rules = cardrules.load("callbreak-strict")
    deal = rules.new_game(seed=1)
    hands = [[str(c) for c in deal.hand(s)] for s in range(4)]
    game = rules.new_game(seed=5, hands=hands)
    game.apply(game.legal_actions()[0])
    game.undo()
    assert [[str(c) for c in game.hand(s)] for s in range(4)] == hands


def test_nothing_to_undo_is_a_clear_error() -> None:
    game = cardrules.load("callbreak-strict").new_game(seed=1)
    before = game.to_json()
    with pytest.raises(cardrules.CardrulesError, match="nothing to undo"):
        game.undo()
    assert game.to_json() == before
