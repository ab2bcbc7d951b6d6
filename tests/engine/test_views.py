"""CBS-2.3: each player sees only their own hand — hidden information in views.

At every step of several random games, ``game.view(seat)`` (and its
``to_dict()`` / ``to_json()``) holds exactly that seat's hand and no card of
another hand, except cards already played publicly; legal actions are given
only to the seat to act.
"""

from __future__ import annotations

import json
import random

import pytest

import cardrules
from cardrules import Game
from helpers import card_tokens, random_policy


def check_view(game: Game, seat: int) -> None:
    view = game.view(seat)
    own = game.hand(seat)
    assert view.seat == seat
    assert view.hand == tuple(own)
    assert set(view.hands) == {seat}
    hidden = {str(c) for s in range(4) if s != seat for c in game.hand(s)}
    data = view.to_dict()
    assert not card_tokens(data) & hidden
    assert not card_tokens(json.loads(view.to_json())) & hidden
    assert json.loads(view.to_json()) == data
    for word in ("seed", "dealt", "actions", "initial_hands"):
        assert word not in data
    if game.to_act == seat:
        assert list(view.legal_actions) == game.legal_actions()
        assert data["legal_actions"] == [str(a) for a in game.legal_actions()]
    else:
        assert view.legal_actions == ()
        assert data["legal_actions"] == []
    assert list(view.hand_sizes) == [len(game.hand(s)) for s in range(4)]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_cbs_2_3_views_show_only_the_own_hand_at_every_step(
    strict: cardrules.Ruleset, seed: int
) -> None:
    """CBS-2.3: at every step, each seat's view holds its own cards and nothing hidden."""
    game = strict.new_game(seed=seed)
    policy = random_policy(random.Random(seed))
    steps = 0
    while game.phase != "finished":
        for seat in range(4):
            check_view(game, seat)
        game.apply(policy(game))
        steps += 1
    assert steps == 5 * (4 + 52)
    for seat in range(4):
        check_view(game, seat)
        assert game.view(seat).hand == ()


def test_the_leak_detector_sees_hidden_cards(strict: cardrules.Ruleset) -> None:
    """The check above can fail: the server-side state holds every hand and is caught."""
    game = strict.new_game(seed=0)
    hidden = {str(c) for s in (1, 2, 3) for c in game.hand(s)}
    assert card_tokens(game.state_dict()) >= hidden
    assert card_tokens(json.loads(game.to_json())) >= hidden


def test_played_cards_are_public(strict: cardrules.Ruleset) -> None:
    """Cards played to the trick and to earlier tricks of the deal are in every view."""
    game = strict.new_game(seed=8, dealer=0)
    for _ in range(4):
        game.apply("bid 2")
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    played = {str(c) for t in game.tricks for _, c in t.cards} | {str(c) for _, c in game.trick}
    assert len(played) == 6
    for seat in range(4):
        view = game.view(seat)
        assert played <= card_tokens(view.to_dict())
        assert [str(c) for _, c in view.trick] == [str(c) for _, c in game.trick]
        assert len(view.tricks) == 1


def test_calls_and_scores_are_public(strict: cardrules.Ruleset) -> None:
    """CBS-2.5: the calls are public: every seat sees them; so are totals and deal scores."""
    game = strict.new_game(seed=8, dealer=0)
    for call in (3, 4, 5, 6):
        game.apply(f"bid {call}")
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    for seat in range(4):
        view = game.view(seat)
        assert view.deal_scores == (game.deals[0].scores,)
        assert view.totals == game.totals
    game.apply("bid 5")
    for seat in range(4):
        calls = game.view(seat).auction["calls"]
        assert sorted(c for c in calls if c is not None) == [5]


def test_view_of_the_seat_to_act_only_has_legal_actions(strict: cardrules.Ruleset) -> None:
    """Legal actions are given only to the seat to act, in the auction and in play."""
    game = strict.new_game(seed=12, dealer=1)
    for _ in range(6):
        to_act = game.to_act
        assert to_act is not None
        with_actions = [s for s in range(4) if game.view(s).legal_actions]
        assert with_actions == [to_act]
        game.apply(game.legal_actions()[0])


@pytest.mark.parametrize("name", cardrules.profiles())
def test_the_public_view_holds_what_every_seat_sees_and_no_more(name: str) -> None:
    """A spectator's view (``Game.public_view``): the hands every seat may see (MB-dummy
    once shown), no legal actions, no private call (Hearts' passes), nothing known alone."""
    game = cardrules.load(name).new_game(seed=5)
    policy = random_policy(random.Random(5))
    n = game.rules.players
    while True:
        view = game.public_view()
        assert view.seat == -1 and view.legal_actions == () and not view.known
        common = set.intersection(*(set(game.view(s).hands) for s in range(n)))
        assert set(view.hands) == common
        shown = {str(c) for s in common for c in game.hand(s)}
        if view.turned_up is not None:  # turned up for all to see, wherever it went since
            shown.add(str(view.turned_up))
        if game.deck.copies > 1:  # a card played reads as the copy another seat still holds
            shown.update(str(c) for _, c in view.trick)
            shown.update(str(c) for _, cards, _ in view.tricks for c in cards)
        hidden = {str(c) for s in range(n) if s not in common for c in game.hand(s)}
        data = view.to_dict()
        for key in ("auction", "auction_actions", "contract"):  # bridge's "4C" is a call
            data.pop(key, None)
        assert not card_tokens(data) & (hidden - shown)
        for seat, text in view.auction_actions:
            public = [t for s, t in game.view((seat + 1) % n).auction_actions if s == seat]
            assert text is None or text in public
        if game.phase == "finished":
            break
        game.apply(policy(game))
