"""CBS-2.1 .. CBS-2.5, CBS-3.1 and D-1, D-2, D-6: the deal, the calls, the first lead."""

from __future__ import annotations

import pytest

import cardrules
from cardrules import Card, IllegalAction
from cardrules.engine.game import deal_cards, deal_from_seed, shuffle_and_cut
from cardrules.rules.components import Direction
from cardrules.rules.reading import expected_actions
from helpers import ALL_CARDS, APP, STRICT, check_full_deal, names, play_deal, seat_after

CLASSIC = "callbridge-classic"


def hand_of(mask: int) -> set[str]:
    return {text for text in ALL_CARDS if mask >> Card.parse(text).index & 1}


def test_d_1_seats_and_counter_clockwise_order(strict: cardrules.Ruleset) -> None:
    """D-1: seats 0..3 clockwise; play goes to the right: from L it is L, L+3, L+2, L+1."""
    assert strict.direction.name == "counterclockwise"
    for leader in range(4):
        expected = (leader, (leader + 3) % 4, (leader + 2) % 4, (leader + 1) % 4)
        assert strict.direction.order(leader) == expected
        assert strict.direction.next(leader) == (leader + 3) % 4


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("seed", [0, 1, 99, 2**40 + 7])
def test_d_2_card_i_goes_to_seat_dealer_plus_3_minus_i(dealer: int, seed: int) -> None:
    """D-2 / CBS-2.3: after the cut, card i goes to seat (D+3-i) mod 4; the dealer gets the last."""
    deck, hands = deal_from_seed(seed, 1, 0, dealer, Direction.named("counterclockwise"))
    assert sorted(map(str, deck)) == sorted(ALL_CARDS)
    for i, card in enumerate(deck):
        seat = (dealer + 3 - i % 4) % 4
        assert hands[seat] >> card.index & 1, (i, card, seat)
    assert hands[dealer] >> deck[-1].index & 1
    assert hands[(dealer + 3) % 4] >> deck[0].index & 1
    assert [h.bit_count() for h in hands] == [13, 13, 13, 13]
    assert deal_cards(deck, dealer, Direction.named("counterclockwise")) == hands


def test_d_2_deal_is_the_shuffled_and_cut_deck() -> None:
    """D-2 / CBS-2.2: the deck is shuffled then cut; the same seed gives the same deck."""
    deck = shuffle_and_cut(5, 1)
    assert deck == shuffle_and_cut(5, 1)
    assert deck != shuffle_and_cut(5, 2)
    assert deck != shuffle_and_cut(6, 1)
    assert len(set(deck)) == 52
    assert deal_from_seed(5, 1, 0, 2, Direction.named("counterclockwise"))[0] == deck


@pytest.mark.parametrize("dealer", range(4))
def test_d_2_game_deals_by_the_rule(strict: cardrules.Ruleset, dealer: int) -> None:
    """D-2: every deal of a game is the seeded deck dealt from the dealer's right."""
    game = strict.new_game(seed=1234, dealer=dealer)
    for number in range(1, 6):
        assert game.deal_number == number
        deck, hands = deal_from_seed(1234, number, 0, game.dealer, strict.direction)
        assert [set(names(game.hand(s))) for s in range(4)] == [hand_of(h) for h in hands]
        for i, card in enumerate(deck):
            assert card in game.hand((game.dealer + 3 - i) % 4)
        play_deal(game)


@pytest.mark.parametrize("dealer", range(4))
def test_d_2_cutter_is_the_dealers_left(strict: cardrules.Ruleset, dealer: int) -> None:
    """D-2 / CBS-2.2: the player on the dealer's left, seat (D+1) mod 4, cuts."""
    game = strict.new_game(seed=8, dealer=dealer)
    assert strict.profile.cutter == "left"
    assert game.cutter == (dealer + 1) % 4


@pytest.mark.parametrize("dealer", range(4))
def test_d_2_calls_go_from_the_dealers_right_to_the_dealer(
    strict: cardrules.Ruleset, dealer: int
) -> None:
    """D-2 / CBS-2.4: calls go D+3, D+2, D+1, D, then D+3 leads (CBS-3.1)."""
    game = strict.new_game(seed=21, dealer=dealer)
    callers = []
    while game.phase == "auction":
        callers.append(game.to_act)
        game.apply("bid 3")
    assert callers == [(dealer + 3) % 4, (dealer + 2) % 4, (dealer + 1) % 4, dealer]
    assert game.phase == "play"
    assert game.to_act == (dealer + 3) % 4


@pytest.mark.parametrize("dealer", range(4))
def test_cbs_3_1_dealers_right_leads_the_first_trick(
    strict: cardrules.Ruleset, dealer: int
) -> None:
    """CBS-3.1 / D-2: the first lead is seat (D+3) mod 4, and play goes counter-clockwise."""
    game = strict.new_game(seed=4, dealer=dealer)
    for _ in range(4):
        game.apply("bid 2")
    leader = (dealer + 3) % 4
    order = []
    for _ in range(4):
        order.append(game.to_act)
        game.apply(game.legal_actions()[0])
    assert order == [leader, seat_after(leader), seat_after(leader, 2), seat_after(leader, 3)]
    assert game.tricks[0].leader == leader


def test_d_2_next_dealer_is_dealers_right_five_deals(strict: cardrules.Ruleset) -> None:
    """D-2 / CBS-2.1: the deal passes to the right; first dealer 0 deals 0, 3, 2, 1, 0."""
    game = strict.new_game(seed=77, dealer=0)
    dealers = []
    while game.phase != "finished":
        dealers.append(game.dealer)
        play_deal(game)
    assert dealers == [0, 3, 2, 1, 0]
    assert [d.dealer for d in game.deals] == [0, 3, 2, 1, 0]


@pytest.mark.parametrize("first", range(4))
def test_d_2_dealer_rotation_from_any_first_dealer(strict: cardrules.Ruleset, first: int) -> None:
    """D-2: the next dealer is always D+3; the first dealer deals the first and fifth deal."""
    game = strict.new_game(seed=first, dealer=first)
    dealers = []
    while game.phase != "finished":
        dealers.append(game.dealer)
        play_deal(game)
    assert dealers == [(first + 3 * k) % 4 for k in range(5)]
    assert dealers[0] == dealers[4] == first


def test_cbs_2_1_first_dealer_is_chosen_at_random_from_the_seed(strict: cardrules.Ruleset) -> None:
    """CBS-2.1: without a given dealer, the first dealer is random (reproducible from the seed)."""
    dealers = [strict.new_game(seed=s).dealer for s in range(40)]
    assert set(dealers) == {0, 1, 2, 3}
    assert dealers == [strict.new_game(seed=s).dealer for s in range(40)]


def test_cbs_2_3_thirteen_each_no_stock(strict: cardrules.Ruleset) -> None:
    """CBS-2.3: all 52 cards are dealt, 13 to each player; nothing is left over."""
    for seed in range(10):
        game = strict.new_game(seed=seed)
        hands = [names(game.hand(s)) for s in range(4)]
        assert [len(h) for h in hands] == [13, 13, 13, 13]
        assert sorted(c for h in hands for c in h) == sorted(ALL_CARDS)


def test_cbs_2_4_calls_are_two_to_thirteen(strict: cardrules.Ruleset) -> None:
    """CBS-2.4: each player calls once, 2 to 13 tricks; the legal calls are exactly those."""
    game = strict.new_game(seed=2, dealer=1)
    assert names(game.legal_actions()) == [f"bid {n}" for n in range(2, 14)]
    assert strict.bounds == (2, 13)


@pytest.mark.parametrize("call", [0, 1, 14, -1])
def test_cbs_2_4_call_out_of_bounds_is_refused(strict: cardrules.Ruleset, call: int) -> None:
    """CBS-2.4 / CBS-4.3: no zero (nil), no 1, nothing above 13; the game is unchanged."""
    game = strict.new_game(seed=2, dealer=1)
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(f"bid {call}")
    assert str(err.value) == (
        f"illegal action 'bid {call}' by seat 0 (N): "
        f"CBS-2.4: a call must be 2 to 13 tricks (got {call})"
    )
    assert err.value.rule == "CBS-2.4"
    assert game.to_json() == before


@pytest.mark.parametrize(
    ("name", "calls", "message"),
    [
        (STRICT, [1, 2, 2, 2], "calls [1, 2, 2, 2] must be whole numbers 2..13 (CBS-2.4)"),
        (STRICT, [0, 2, 2, 2], "calls [0, 2, 2, 2] must be whole numbers 2..13 (CBS-2.4)"),
        (STRICT, [2, 2, 2, 14], "calls [2, 2, 2, 14] must be whole numbers 2..13 (CBS-2.4)"),
        (CLASSIC, [2, 1, 2, 2], "calls [2, 1, 2, 2] must be whole numbers 2..13 (CBC-2.1)"),
        (APP, [0, 1, 1, 1], "calls [0, 1, 1, 1] must be whole numbers 1..8 (APP-2.1)"),
        (APP, [1, 1, 9, 1], "calls [1, 1, 9, 1] must be whole numbers 1..8 (APP-2.1)"),
    ],
)
def test_cbs_2_4_cbc_2_1_app_2_1_score_deal_refuses_calls_the_auction_refuses(
    name: str, calls: list[int], message: str
) -> None:
    """CBS-2.4 / CBS-4.3 / CBC-2.1 / APP-2.1: a deal's calls are calls the profile allows.

    No nil or zero call (CBS-4.3), nothing below the minimum or above the
    maximum: ``score_deal`` refuses them as the game does, naming the rule.
    """
    with pytest.raises(cardrules.CardrulesError) as err:
        cardrules.load(name).score_deal(calls=calls, tricks=[4, 3, 3, 3])
    assert str(err.value) == f"invalid deal: {message}"


def test_cbs_2_4_pass_is_not_a_call(strict: cardrules.Ruleset) -> None:
    """CBS-2.4: pass is not allowed: read as bridge's call, it is refused citing CBS-2.4."""
    game = strict.new_game(seed=2, dealer=1)
    before = game.to_json()
    assert "'pass/x/xx'" in expected_actions()  # (every installed family's verbs are read)
    with pytest.raises(IllegalAction) as err:
        game.apply("pass")
    assert str(err.value) == (
        "illegal action 'pass' by seat 0 (N): CBS-2.4: the auction is on: make a call of 2 to "
        "13 tricks (e.g. 'bid 2')"
    )
    assert game.to_json() == before


def test_cbs_2_4_each_player_calls_exactly_once(strict: cardrules.Ruleset) -> None:
    """CBS-2.4: after four calls the auction is over; a fifth call is refused."""
    game = strict.new_game(seed=2, dealer=1)
    for call in (3, 4, 5, 6):
        game.apply(f"bid {call}")
    assert game.phase == "play"
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply("bid 2")
    assert str(err.value) == (
        "illegal action 'bid 2' by seat 0 (N): the auction is over: play a card (e.g. 'play AH')"
    )
    assert game.to_json() == before


@pytest.mark.parametrize("calls", [(2, 2, 2, 2), (13, 13, 13, 13), (2, 3, 2, 3)])
def test_cbs_2_5_calls_are_public_final_and_need_not_add_to_13(
    strict: cardrules.Ruleset, calls: tuple[int, int, int, int]
) -> None:
    """CBS-2.5: calls are public and final; any total is played, no redeal for a low total."""
    game = strict.new_game(seed=9, dealer=2)
    dealt = [names(game.hand(s)) for s in range(4)]
    by_seat = {}
    for call in calls:
        seat = game.to_act
        assert seat is not None
        by_seat[seat] = call
        game.apply(f"bid {call}")
    assert game.phase == "play"
    assert game.deal_number == 1
    assert [names(game.hand(s)) for s in range(4)] == dealt
    assert game.contract is not None
    assert game.contract.calls == tuple(by_seat[s] for s in range(4))
    for seat in range(4):
        assert game.view(seat).auction["calls"] == [by_seat[s] for s in range(4)]


def test_d_6_no_redeal_for_a_hand_without_spades(strict: cardrules.Ruleset) -> None:
    """D-6: a hand without spades is played as dealt; the profile has no throw-in."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    ]
    check_full_deal(hands)
    game = strict.new_game(seed=1, dealer=0, hands=hands)
    assert strict.throw_ins == ()
    assert game.throw_ins == []
    assert game.phase == "auction"
    assert game.deal_number == 1
    assert [" ".join(names(game.hand(s))) for s in range(4)] == hands


def test_d_2_preset_hands_are_dealt_as_given(strict: cardrules.Ruleset) -> None:
    """D-2: preset hands replace the first deal only; the next deals come from the seed."""
    game = strict.new_game(seed=31)
    hands = [" ".join(names(game.hand(s))) for s in (1, 2, 3, 0)]
    preset = strict.new_game(seed=31, dealer=2, hands=hands)
    assert [" ".join(names(preset.hand(s))) for s in range(4)] == hands
    play_deal(preset)
    assert preset.deal_number == 2
    assert preset.dealer == 1
    _, second = deal_from_seed(31, 2, 0, 1, strict.direction)
    assert [set(names(preset.hand(s))) for s in range(4)] == [hand_of(h) for h in second]
