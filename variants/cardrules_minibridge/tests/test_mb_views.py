"""MB-2.4, D-7 and the issue's view rules: no view ever leaks a hidden hand.

Every view of every seat is compared with the full state at every step of
many random sessions: a defender sees their own hand and dummy's once
exposed; declarer sees both of their hands; dummy's seat sees dummy only;
every view carries the points announced, the contract and the tricks.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import cardrules
from cardrules import Card, Game
from cardrules.cards import cards_of
from helpers import mb_example_game

MB = "minibridge-ebu"
CARD_TEXT = re.compile(r"^(?:10|[2-9JQKA])[CDHS]$")


@pytest.fixture(scope="module")
def rules() -> cardrules.Ruleset:
    return cardrules.load(MB)


def card_texts(value: Any) -> set[str]:
    """Every card text anywhere in a JSON-ready value (words of strings included)."""
    found: set[str] = set()
    if isinstance(value, str):
        found.update(w for w in value.split() if CARD_TEXT.match(w))
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= card_texts(k) | card_texts(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= card_texts(v)
    return found


def expected_visible(game: Game, state: dict[str, Any], seat: int) -> set[int]:
    """The seats whose cards ``seat`` may see, from the full state (not from the view)."""
    if game.phase == "finished":
        return {seat}
    dummy = state["auction"]["dummy"]
    return {seat} if dummy is None else {seat, dummy}


def check_views(game: Game) -> None:
    state = game.state_dict()
    played = {str(c) for t in game.tricks for _, c in t.cards} | {str(c) for _, c in game.trick}
    for seat in range(4):
        view = game.view(seat)
        visible = expected_visible(game, state, seat)
        assert set(view.hands) == visible, (seat, game)
        for s in visible:
            assert view.hands[s] == tuple(game.hand(s))
        assert view.hand == tuple(game.hand(seat))
        hidden = {str(c) for s in set(range(4)) - visible for c in cards_of(game.hands[s])}
        data = view.to_dict()
        leaked = card_texts(data) & hidden
        assert not leaked, (seat, leaked)
        assert card_texts(data) <= played | {str(c) for s in visible for c in game.hand(s)}
        assert data == json.loads(view.to_json())
        # public facts: the points announced, the contract, the tricks
        assert view.auction == state["auction"]
        assert view.contract == state["contract"]
        assert [list(t) for t in view.trick] == [[s, c] for s, c in game.trick]
        assert [(lead, list(cs), win) for lead, cs, win in view.tricks] == [
            (t.leader, [c for _, c in t.cards], t.winner) for t in game.tricks
        ]
        assert list(view.tricks_won) == game.tricks_won
        assert view.hand_sizes == tuple(h.bit_count() for h in game.hands)
        assert (view.phase, view.deal_number, view.dealer, view.to_act) == (
            game.phase,
            game.deal_number,
            game.dealer,
            game.to_act,
        )
        assert view.totals == game.totals
        deciding = game.to_act is not None and game.controller(game.to_act) == seat
        assert view.legal_actions == (tuple(game.legal_actions()) if deciding else ())
        if game.phase == "finished":
            continue
        declarer, dummy = state["auction"]["declarer"], state["auction"]["dummy"]
        if seat == dummy:
            assert set(view.hands) == {dummy}
        elif seat == declarer:
            assert set(view.hands) == {declarer, dummy}
        else:
            assert set(view.hands) == {seat, dummy}


@pytest.mark.parametrize("seed", range(10))
def test_views_never_leak_a_hidden_hand(rules: cardrules.Ruleset, seed: int) -> None:
    """MB-2.4 / D-7: every view at every step of a whole session shows only what it may."""
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while game.phase != "finished":
        check_views(game)
        seat = game.controller(game.to_act or 0)
        action = rng.choice(game.view(seat).legal_actions)
        game.apply(action, seat=seat)
        steps += 1
    check_views(game)
    assert steps == 4 * 53


def test_dummy_seat_sees_nothing_of_the_others(rules: cardrules.Ruleset) -> None:
    """MB-2.4: dummy's seat view shows dummy's cards and none of the three other hands."""
    game = rules.new_game(seed=3)
    dummy = game.view(0).auction["dummy"]
    view = game.view(dummy)
    assert set(view.hands) == {dummy}
    others = {str(c) for s in range(4) if s != dummy for c in game.hand(s)}
    assert not card_texts(view.to_dict()) & others
    assert isinstance(view.hands[dummy][0], Card)


def test_mb_6_2_d_7_each_seat_sees_its_hand_and_dummy_only(rules: cardrules.Ruleset) -> None:
    """MB-2.4 / D-7: through MB-6.2 every seat sees dummy; only declarer also sees S's cards."""
    game = mb_example_game(rules)
    hidden_by_seat = {0: {1, 2, 3}, 1: {2, 3}, 2: {1, 3}, 3: {1, 2}}
    for action in ("contract S game", "play AH", "play 6S", "play 2H", "play 8H"):
        for seat, hidden in hidden_by_seat.items():
            view = game.view(seat)
            assert set(view.hands) == {seat, 0}
            shown = {str(c) for cards in view.hands.values() for c in cards}
            for other in hidden:
                assert not shown & {str(c) for c in game.hand(other)}
        game.apply(action)
    assert game.view(2).legal_actions and game.view(2).acting_hand == tuple(game.hand(0))
    assert all(game.view(s).legal_actions == () for s in (0, 1, 3))
