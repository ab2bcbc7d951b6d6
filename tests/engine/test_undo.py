"""Issue 13, item 5: ``game.undo()`` takes back the last action, restoring the state exactly
(python-chess's ``board.pop()``); issue 26, item 5: by a saved state, not by replaying the
game from its seed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import cardrules
import cardrules.engine.game


def snapshot(game: cardrules.Game) -> tuple[object, ...]:
    """Everything a player, a spectator or a record sees of a game: its record, every
    seat's view, the public view and the actions legal now."""
    seats = range(game.rules.players)
    return (
        game.to_json(),
        [game.view(seat).to_json() for seat in seats],
        game.public_view().to_json(),
        [str(a) for a in game.legal_actions()],
        game.to_act,
        game.phase,
    )


def play_until(game: cardrules.Game, done: object, rng: random.Random) -> None:
    """Random legal actions until ``done(game)`` (or the game is over)."""
    while game.to_act is not None and not done(game):  # type: ignore[operator]
        game.apply(rng.choice(game.legal_actions()))


def assert_undo_takes_back(game: cardrules.Game, action: str) -> None:
    """``action`` then ``undo()``: the game is exactly as before, and ``undo`` returns it."""
    before = snapshot(game)
    game.apply(action)
    assert snapshot(game) != before
    assert str(game.undo()) == action
    assert snapshot(game) == before


@pytest.mark.parametrize("name", ["callbreak-strict", "minibridge-ebu", "oh-hell-3", "hearts"])
def test_undo_restores_every_earlier_state(name: str) -> None:
    """Undoing actions one by one goes back through exactly the states the game passed,
    across tricks, auctions and the end of a deal, and returns each action taken."""
    rules = cardrules.load(name)
    game = rules.new_game(seed=17)
    rng = random.Random(17)
    states: list[tuple[object, ...]] = []
    taken = []
    while game.to_act is not None and len(states) < 150:
        states.append(snapshot(game))
        action = rng.choice(game.legal_actions())
        taken.append(str(action))
        game.apply(action)
    for before, text in zip(reversed(states), reversed(taken), strict=True):
        assert str(game.undo()) == text
        assert snapshot(game) == before
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


@pytest.mark.parametrize("name", ["callbreak-strict", "hearts", "oh-hell", "bridge-duplicate"])
def test_undo_the_card_that_ends_a_deal(name: str) -> None:
    """The last card of a deal scores it and deals the next (a new auction, new hands):
    undo takes all of it back, and the same card again scores the deal the same way."""
    game = cardrules.load(name).new_game(seed=5)
    rng = random.Random(5)
    play_until(game, _last_card, rng)
    assert game.phase == "play" and game.deal_number == 1
    card = str(game.legal_actions()[0])
    assert_undo_takes_back(game, card)
    game.apply(card)
    assert len(game.deals) == 1 and game.deal_number == 2


def _last_card(game: cardrules.Game) -> bool:
    """Whether the seat to act plays the deal's last card."""
    return (
        game.phase == "play"
        and not any(game.hands[s] for s in range(game.rules.players) if s != game.to_act)
        and game.hands[game.to_act or 0].bit_count() == 1
    )


def test_undo_the_card_that_ends_the_game_then_each_deal_before() -> None:
    """Across the end of the game and every deal of it, undo goes back step by step to
    the first deal's first call (callbreak-strict: five deals)."""
    game = cardrules.load("callbreak-strict").new_game(seed=8)
    rng = random.Random(8)
    states = []
    while game.to_act is not None:
        states.append(snapshot(game))
        game.apply(rng.choice(game.legal_actions()))
    assert game.phase == "finished" and len(game.deals) == 5
    for before in reversed(states):
        game.undo()
        assert snapshot(game) == before


@pytest.fixture
def claims(tmp_path: Path) -> cardrules.Ruleset:
    """Minibridge with claims switched on (``[play] claims``)."""
    path = tmp_path / "claims.toml"
    path.write_text(
        '[profile]\nname = "claims"\ntitle = "Claims"\nextends = "minibridge-ebu"\n'
        '[play]\nclaims = true\nclaim_rule = "X-9"\n',
        encoding="utf-8",
    )
    return cardrules.load(path)


def test_undo_a_claim_and_its_answers(claims: cardrules.Ruleset) -> None:
    """A claim, a refusal, and the answers that accept it and end the deal are each taken
    back exactly."""
    game = claims.new_game(seed=3, dealer=1)
    game.apply("contract H game")
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    before_claim = snapshot(game)
    assert_undo_takes_back(game, "claim 4")
    game.apply("claim 4")
    assert_undo_takes_back(game, "refuse claim")
    waiting = list(game.claim["waiting"])  # type: ignore[index]
    for _ in waiting[:-1]:
        game.apply("accept claim")
    assert_undo_takes_back(game, "accept claim")  # the last yes: the deal is scored
    game.apply("accept claim")
    assert len(game.deals) == 1
    for _ in waiting:
        game.undo()
    game.undo()
    assert snapshot(game) == before_claim


def test_undo_in_the_hearts_passing() -> None:
    """HE-2: each card chosen to pass is taken back; the last one, which moves the cards
    between the hands and begins the play, too."""
    game = cardrules.load("hearts").new_game(seed=4)
    assert game.phase_name == "passing"
    rng = random.Random(4)
    states = []
    while game.phase == "auction":
        states.append(snapshot(game))
        game.apply(rng.choice(game.legal_actions()))
    assert game.phase == "play"
    for before in reversed(states):
        game.undo()
        assert snapshot(game) == before


def test_undo_in_the_bridge_auction() -> None:
    """Bridge bidding: each call is taken back, the pass that ends the auction (and begins
    the play) too, and the auction goes on as it would have."""
    game = cardrules.load("bridge-duplicate").new_game(seed=6)
    for call in ("1H", "pass", "2H", "pass", "pass"):
        assert_undo_takes_back(game, call)
        game.apply(call)
    assert_undo_takes_back(game, "pass")
    game.apply("pass")
    assert game.phase == "play"
    assert_undo_takes_back(game, str(game.legal_actions()[0]))


def test_an_action_refused_leaves_undo_as_it_was() -> None:
    """A call refused (and a card refused) saves nothing: undo then takes back the action
    before it."""
    game = cardrules.load("bridge-duplicate").new_game(seed=6)
    game.apply("1H")
    before = snapshot(game)
    game.apply("2C")
    with pytest.raises(cardrules.IllegalAction):
        game.apply("1S")  # insufficient
    assert str(game.undo()) == "2C"
    assert snapshot(game) == before


def test_undo_deals_nothing_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo puts back a saved state: the deck is not shuffled again, however long the game
    (it used to replay the game from its seed)."""
    game = cardrules.load("callbreak-strict").new_game(seed=9)
    rng = random.Random(9)
    play_until(game, lambda g: g.deal_number == 3 and g.phase == "play" and len(g.tricks) == 2, rng)

    def no_shuffle(*args: object) -> list[int]:
        raise AssertionError("undo dealt again")

    monkeypatch.setattr(cardrules.engine.game, "_deck_indices", no_shuffle)
    while game.deal_number == 3:
        game.undo()
    game.undo()  # the last card of deal 2
    assert game.deal_number == 2 and game.phase == "play"


def test_a_claim_refused_before_the_last_card_leaves_undo_as_it_was(
    claims: cardrules.Ruleset,
) -> None:
    """A claim of more tricks than are left is refused and saves nothing: the card that
    then ends the deal is still taken back exactly."""
    game = claims.new_game(seed=3, dealer=1)
    game.apply("contract H game")
    play_until(game, _last_card, random.Random(3))
    with pytest.raises(cardrules.IllegalAction, match="the tricks left"):
        game.apply("claim 5", seat=game.controller(game.to_act))
    assert_undo_takes_back(game, str(game.legal_actions()[0]))
