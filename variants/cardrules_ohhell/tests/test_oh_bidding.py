"""Oh Hell, section 3: the bidding and the dealer's hook (OH-3.x, OH-7.1 .. OH-7.3, D-5,
OH-6.3), through the public API."""

from __future__ import annotations

import json
import random

import pytest

import cardrules
from cardrules import Game, IllegalAction
from oh_reference import OH, OH3, OH5, forbidden, play_to_deal, texts


def _game(deal_number: int, *, seed: int = 1, dealer: int = 3, name: str = OH) -> Game:
    """A game of ``name`` at the start of deal ``deal_number`` (earlier deals played out)."""
    game = cardrules.load(name).new_game(seed=seed, dealer=dealer)
    play_to_deal(game, deal_number, random.Random(seed))
    assert game.phase == "auction" and game.deal_number == deal_number
    return game


def _bids(game: Game) -> list[int | None]:
    return list(game.auction.public()["bids"])


def _refused(game: Game, action: str, seat: int | None = None) -> IllegalAction:
    """The refusal of ``action``; the game's record is byte-identical before and after."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action, seat=seat)
    assert game.to_json() == before
    return err.value


@pytest.mark.parametrize("name", [OH, OH3, OH5])
def test_oh_3_1_bidding_goes_clockwise_from_the_dealers_left_dealer_last(name: str) -> None:
    """OH-3.1: the dealer's left bids first, then clockwise; the dealer bids last; each
    player bids once, and then play begins (no second round)."""
    rules = cardrules.load(name)
    n = rules.players
    for dealer in range(n):
        game = rules.new_game(seed=dealer, dealer=dealer)
        order = []
        while game.phase == "auction":
            order.append(game.to_act)
            game.apply(game.legal_actions()[-1])
        assert order == [(dealer + 1 + i) % n for i in range(n)]
        assert order[-1] == dealer
        assert game.phase == "play"
        assert None not in game.contract.calls  # type: ignore[union-attr]


def test_oh_3_1_a_bid_out_of_turn_is_refused_citing_the_order() -> None:
    """OH-3.1: a seat that bids out of turn is refused, citing OH-3.1; nothing changes
    (OH-6.3)."""
    game = _game(1, dealer=3)
    assert game.to_act == 0
    err = _refused(game, "bid 2", seat=2)
    assert err.rule == "OH-3.1"
    assert "it is the turn of seat 0 (N)" in str(err)


def test_oh_3_2_a_bid_is_zero_to_the_hand_size() -> None:
    """OH-3.2: any whole number of tricks from 0 to the cards each player holds; more is
    refused citing OH-3.2, and a card is not a bid."""
    for deal_number, size in ((1, 10), (4, 7), (10, 1)):
        game = _game(deal_number)
        assert texts(game.legal_actions()) == [f"bid {b}" for b in range(size + 1)]
        err = _refused(game, f"bid {size + 1}")
        assert err.rule == "OH-3.2"
        assert f"a bid must be 0 to {size} tricks" in err.reason
        card = game.hand(game.to_act)[0]
        assert _refused(game, f"play {card}").rule == "OH-3.2"


def test_oh_3_3_the_dealer_may_not_make_the_bids_total_the_tricks() -> None:
    """OH-3.3: the one bid that makes the total equal the tricks is left out of the dealer's
    legal bids and refused with a message citing OH-3.3; the game is unchanged (OH-6.3)."""
    game = _game(1, dealer=3)
    for bid in (3, 4, 1):
        assert game.is_legal(f"bid {bid}")
        game.apply(f"bid {bid}")
    assert game.to_act == 3 and forbidden(10, [3, 4, 1]) == 2
    assert "bid 2" not in texts(game.legal_actions())
    assert not game.is_legal("bid 2")
    before = json.loads(game.to_json())
    err = _refused(game, "bid 2")
    assert err.rule == "OH-3.3" and err.seat == 3
    assert str(err) == (
        "illegal action 'bid 2' by seat 3 (W): OH-3.3: the dealer may not bid 2: the bids would "
        "total 10, the tricks of the deal (the others bid 8)"
    )
    assert json.loads(game.to_json()) == before
    assert game.auction.public()["dealer_may_not_bid"] == 2
    game.apply("bid 3")
    assert game.phase == "play" and sum(game.contract.calls) == 11  # type: ignore[union-attr]


def test_oh_3_3_only_the_dealer_is_bound() -> None:
    """OH-3.3, D-5: the hook binds only the dealer: the players before may bring the total
    to the number of tricks and beyond."""
    game = _game(2, dealer=3)  # nine cards; the dealer is now seat 0
    assert game.dealer == 0
    game.apply("bid 9")
    assert texts(game.legal_actions()) == [f"bid {b}" for b in range(10)]
    game.apply("bid 0")
    game.apply("bid 0")
    assert game.to_act == 0
    assert "bid 0" not in texts(game.legal_actions())


def test_oh_3_4_bids_are_public_for_the_rest_of_the_deal() -> None:
    """OH-3.4: every bid is known to every player, in the auction and once play begins."""
    game = _game(1, dealer=1)
    for bid in (2, 0, 5, 1):
        game.apply(f"bid {bid}")
    assert game.phase == "play"
    for seat in range(4):
        view = game.view(seat)
        assert view.auction["bids"] == [5, 1, 2, 0]  # seats 2, 3, 0, 1 bid 2, 0, 5, 1
        assert view.contract is not None and view.contract["calls"] == [5, 1, 2, 0]
    game.apply(game.legal_actions()[0])
    assert game.view(2).auction["bids"] == [5, 1, 2, 0]


def test_oh_7_1_five_cards_bids_2_0_1_the_dealer_may_not_bid_2() -> None:
    """OH-7.1: four players, five cards each; bids 2, 0 and 1: the dealer may bid 0, 1, 3, 4
    or 5, not 2."""
    game = _game(6, seed=7)
    assert len(game.hand(0)) == 5
    for bid in (2, 0, 1):
        game.apply(f"bid {bid}")
    assert game.to_act == game.dealer
    assert texts(game.legal_actions()) == ["bid 0", "bid 1", "bid 3", "bid 4", "bid 5"]
    assert _refused(game, "bid 2").rule == "OH-3.3"


def test_oh_7_2_bids_already_over_the_tricks_leave_the_dealer_free() -> None:
    """OH-7.2: ten cards each, bids 6, 3 and 2 (eleven): any bid from 0 to 10 is allowed."""
    game = _game(1, seed=8)
    for bid in (6, 3, 2):
        game.apply(f"bid {bid}")
    assert game.to_act == game.dealer
    assert texts(game.legal_actions()) == [f"bid {b}" for b in range(11)]
    assert game.auction.public()["dealer_may_not_bid"] is None


def test_oh_7_3_one_card_three_zeros_the_dealer_must_bid_zero() -> None:
    """OH-7.3, D-5: one card each, three bids of 0: the dealer must bid 0, as 1 would make
    the total the single trick; the hook holds in the one-card deal too."""
    game = _game(10, seed=9)
    assert {len(game.hand(s)) for s in range(4)} == {1}
    for _ in range(3):
        game.apply("bid 0")
    assert texts(game.legal_actions()) == ["bid 0"]
    err = _refused(game, "bid 1")
    assert err.rule == "OH-3.3"
    game.apply("bid 0")
    assert game.phase == "play"


@pytest.mark.parametrize("name", [OH, OH3, OH5])
def test_oh_d5_the_dealer_always_keeps_a_legal_bid(name: str) -> None:
    """oh-hell D-5: the hook forbids at most one number, so the dealer always has a legal
    bid: in every deal of random games, the dealer's legal bids are 0..h less at most one."""
    rules = cardrules.load(name)
    for seed in range(3):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            if game.phase == "auction" and game.to_act == game.dealer:
                h = rules.hand_size(game.deal_number)
                others = [b for b in _bids(game) if b is not None]
                legal = [a.tricks for a in game.legal_actions()]  # type: ignore[attr-defined]
                banned = forbidden(h, others)
                assert legal == [b for b in range(h + 1) if b != banned]
                assert len(legal) >= h
            game.apply(rng.choice(game.legal_actions()))
