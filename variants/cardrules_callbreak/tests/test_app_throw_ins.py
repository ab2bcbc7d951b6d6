"""Throw-ins of the app rules: APP-1.2 and D-5 (a hand without a spade)."""

from __future__ import annotations

import pytest

import cardrules
from cardrules import Card, Game, Ruleset
from cardrules.cards import SUIT_MASKS, Suit
from cardrules.engine.game import deal_from_seed
from helpers import deal_with, masks, names, play_deal, play_out, seat_after

SPADES = SUIT_MASKS[Suit.S]


NO_SPADE = "AH KH QH JH 10H 9H 8H 7H AD KD QD JD 10D"


def spadeless(hands: list[int] | tuple[int, ...]) -> list[int]:
    return [s for s, h in enumerate(hands) if not h & SPADES]


@pytest.mark.parametrize("seat", range(4))
def test_app_1_2_d5_preset_hand_without_spade_never_reaches_the_calls(
    app: Ruleset, seat: int
) -> None:
    """APP-1.2 / D-5: a hand with no spade is thrown in before any call and redealt."""
    preset = deal_with(seat, NO_SPADE)
    game = app.new_game(seed=7, dealer=2, hands=preset)
    assert game.phase == "auction"
    assert game.actions == []
    assert game.auction.public()["calls"] == [None, None, None, None]
    assert [set(names(game.hand(s))) for s in range(4)] != [set(h.split()) for h in preset]
    assert set(names(game.hand(seat))) != set(NO_SPADE.split())
    first = game.throw_ins[0]
    assert (first.deal_number, first.dealer, first.seat, first.rule) == (1, 2, seat, "APP-1.2")
    assert all(e.deal_number == 1 and e.dealer == 2 for e in game.throw_ins)
    assert spadeless(masks(game)) == []


def test_app_d5_same_dealer_and_round_count_unchanged(app: Ruleset) -> None:
    """D-5: the same dealer redeals; the round count does not change; 5 rounds still follow."""
    game = app.new_game(seed=7, dealer=1, hands=deal_with(3, NO_SPADE))
    assert (game.dealer, game.deal_number) == (1, 1)
    assert game.throw_ins and game.throw_ins[0].dealer == 1
    play_out(game)
    assert len(game.deals) == 5
    assert game.deals[0].dealer == 1
    assert [d.dealer for d in game.deals] == [seat_after(1, k) for k in range(5)]


def test_app_d5_redeal_is_the_seeded_deal_of_the_same_dealer(app: Ruleset) -> None:
    """D-5: the redeal is the next seeded deal of the same deal number, dealt by the same dealer."""
    game = app.new_game(seed=7, dealer=0, hands=deal_with(1, NO_SPADE))
    attempts = len(game.throw_ins)
    _, hands = deal_from_seed(7, 1, attempts, 0, app.direction)
    assert masks(game) == list(hands)


def test_app_d5_repeat_until_no_hand_qualifies(app: Ruleset) -> None:
    """D-5: throw-ins repeat until no hand qualifies: a redeal without a spade is thrown in too."""
    dealer = 3
    seed = next(
        s for s in range(5000) if spadeless(deal_from_seed(s, 1, 1, dealer, app.direction)[1])
    )
    game = app.new_game(seed=seed, dealer=dealer, hands=deal_with(0, NO_SPADE))
    assert len(game.throw_ins) >= 2
    assert [e.rule for e in game.throw_ins] == ["APP-1.2"] * len(game.throw_ins)
    assert {(e.deal_number, e.dealer) for e in game.throw_ins} == {(1, dealer)}
    for attempt in range(1, len(game.throw_ins)):
        _, hands = deal_from_seed(seed, 1, attempt, dealer, app.direction)
        assert spadeless(hands), attempt
    assert spadeless(masks(game)) == []
    assert game.deal_number == 1 and game.dealer == dealer


def test_app_1_2_throw_in_in_a_later_deal_keeps_the_deal_number(app: Ruleset) -> None:
    """APP-1.2 / D-5: a throw-in in deal 2 is recorded for deal 2 and its dealer; no round lost."""
    dealer = 0
    second = seat_after(dealer)
    seed = next(
        s for s in range(5000) if spadeless(deal_from_seed(s, 2, 0, second, app.direction)[1])
    )
    game = app.new_game(seed=seed, dealer=dealer)
    play_deal(game)
    assert game.deal_number == 2 and game.dealer == second
    later = [e for e in game.throw_ins if e.deal_number == 2]
    assert later and all(e.dealer == second for e in later)
    assert spadeless(masks(game)) == []
    play_out(game)
    assert len(game.deals) == 5


def test_app_d5_throw_ins_survive_the_json_round_trip(app: Ruleset) -> None:
    """D-5: a game with throw-ins replays exactly from its record."""
    game = app.new_game(seed=7, dealer=2, hands=deal_with(2, NO_SPADE))
    game.apply("bid 2")
    restored = cardrules.Game.from_json(game.to_json(), allow_preset_hands=True)
    assert restored.to_json() == game.to_json()
    assert len(restored.throw_ins) == len(game.throw_ins)


def test_app_1_2_d_5_three_throw_ins_in_a_row_same_dealer_same_round(app: Ruleset) -> None:
    """APP-1.2 / D-5: throw-ins repeat until no hand qualifies; dealer and round count stay.

    A deal thrown in three times in a row is still deal 1 of the same dealer;
    the next deal is deal 2, dealt by the seat on the dealer's right, and the
    game still has five rounds.
    """
    dealer = 2
    preset = deal_with(1, NO_SPADE)
    game = next(
        g
        for g in (app.new_game(seed=s, dealer=dealer, hands=preset) for s in range(5000))
        if len(g.throw_ins) >= 3
    )
    assert [(e.deal_number, e.dealer, e.rule) for e in game.throw_ins] == [
        (1, dealer, "APP-1.2")
    ] * len(game.throw_ins)
    assert (game.phase, game.deal_number, game.dealer, game.to_act) == (
        "auction",
        1,
        dealer,
        seat_after(dealer),
    )
    assert all(any(c.suit == Suit.S for c in game.hand(s)) for s in range(4))
    assert Game.from_json(game.to_json(), allow_preset_hands=True).to_json() == game.to_json()
    play_deal(game)
    assert (game.deal_number, game.dealer, len(game.deals)) == (2, seat_after(dealer), 1)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert [d.dealer for d in game.deals] == [seat_after(dealer, k) for k in range(5)]


def test_app_1_2_hand_with_one_spade_is_not_thrown_in(app: Ruleset) -> None:
    """APP-1.2: only a hand with no spade at all is thrown in; a single spade is enough."""
    hand = "2S AH KH QH JH 10H 9H 8H 7H AD KD QD JD"
    preset = deal_with(1, hand)
    game = app.new_game(seed=7, dealer=0, hands=preset)
    assert game.throw_ins == []
    assert [set(names(game.hand(s))) for s in range(4)] == [set(h.split()) for h in preset]


def test_cbs_strict_keeps_a_hand_without_spades() -> None:
    """The strict profile has no such throw-in (CBS D-6): the preset deal is played."""
    strict = cardrules.load("callbreak-strict")
    preset = deal_with(1, NO_SPADE)
    game = strict.new_game(seed=7, dealer=0, hands=preset)
    assert game.throw_ins == []
    assert names(game.hand(1)) == names(sorted(Card.parse(c) for c in NO_SPADE.split()))
