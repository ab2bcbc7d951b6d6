"""MB-1.x, MB-2.x, MB-3.1 .. MB-3.3, MB-5.7, D-1 .. D-6: table, deal, points, declarer, contract."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import Card, IllegalAction
from cardrules.cards import high_card_points, mask_of
from cardrules.engine.game import deal_from_seed
from cardrules_minibridge import ChooseContract
from helpers import MB_EXAMPLE, mb_example_game

MB = "minibridge-ebu"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
HONOURS = {"A": 4, "K": 3, "Q": 2, "J": 1}
STRAINS = ("C", "D", "H", "S", "NT")
GOALS = ("partscore", "game")


@pytest.fixture(scope="module")
def rules() -> cardrules.Ruleset:
    return cardrules.load(MB)


def deal_with_points(points: Sequence[int], seed: int = 0) -> list[list[str]]:
    """Four hands by seat (N E S W) holding exactly ``points`` high-card points."""
    rng = random.Random(seed)
    honours = [f"{r}{s}" for r in "AKQJ" for s in "CDHS"]
    spots = [f"{r}{s}" for r in RANKS[:9] for s in "CDHS"]
    rng.shuffle(spots)

    def place(i: int, need: list[int], hands: list[list[str]]) -> bool:
        if i == len(honours):
            return not any(need)
        value = HONOURS[honours[i][0]]
        for seat in rng.sample(range(4), 4):
            if need[seat] >= value and len(hands[seat]) < 13:
                need[seat] -= value
                hands[seat].append(honours[i])
                if place(i + 1, need, hands):
                    return True
                hands[seat].pop()
                need[seat] += value
        return False

    hands: list[list[str]] = [[], [], [], []]
    assert place(0, list(points), hands), points
    for seat in range(4):
        while len(hands[seat]) < 13:
            hands[seat].append(spots.pop())
    assert [high_card_points(mask_of(Card.parse(c) for c in h)) for h in hands] == list(points)
    return hands


def announced(game: cardrules.Game) -> list[list[int]]:
    return list(game.view(0).auction["announcements"])


def points_by_text(hand: str) -> int:
    """MB-1.5 as written: A 4, K 3, Q 2, J 1, others 0."""
    return sum(HONOURS.get(card[:-1], 0) for card in hand.split())


# -- MB-1: table and deck ------------------------------------------------------


def test_mb_1_1_d_1_four_players_in_two_pairs(rules: cardrules.Ruleset) -> None:
    """MB-1.1 / D-1: 52 cards, 4 players, N/S (0, 2) against E/W (1, 3)."""
    assert rules.sides == ("NS", "EW")
    assert [rules.side_of(s) for s in range(4)] == ["NS", "EW", "NS", "EW"]
    game = rules.new_game(seed=3)
    cards = [c for s in range(4) for c in game.hand(s)]
    assert [len(game.hand(s)) for s in range(4)] == [13, 13, 13, 13]
    assert len(set(cards)) == 52
    assert set(game.totals) == {"NS", "EW"}


def test_d_1_seats_clockwise(rules: cardrules.Ruleset) -> None:
    """D-1 / MB-4.1: seats 0..3 clockwise; play goes N, E, S, W."""
    assert rules.direction.name == "clockwise"
    for seat in range(4):
        assert rules.direction.order(seat) == tuple((seat + i) % 4 for i in range(4))


def test_mb_1_2_rank_order(rules: cardrules.Ruleset) -> None:
    """MB-1.2: A K Q J 10 9 ... 2: the higher card of the led suit wins in no-trump."""
    for low, high in itertools.pairwise(RANKS):
        assert rules.trick_winner([f"{low}D", f"{high}D", "2C", "3C"], trump=None) == 1
        assert rules.trick_winner([f"{high}D", f"{low}D", "AC", "AS"], trump=None) == 0


@pytest.mark.parametrize("dealer", range(4))
def test_mb_1_3_d_2_first_dealer_then_clockwise(rules: cardrules.Ruleset, dealer: int) -> None:
    """MB-1.3 / D-2 / D-3: first dealer given (or from the seed); then the deal passes clockwise."""
    game = rules.new_game(seed=40 + dealer, dealer=dealer)
    dealers = []
    while game.phase != "finished":
        if not dealers or dealers[-1][0] != game.deal_number:
            dealers.append((game.deal_number, game.dealer))
        game.apply(game.legal_actions()[0])
    assert dealers == [(n + 1, (dealer + n) % 4) for n in range(4)]
    assert rules.new_game(seed=5).dealer == rules.new_game(seed=5).dealer
    assert {rules.new_game(seed=s).dealer for s in range(40)} == {0, 1, 2, 3}


@pytest.mark.parametrize("dealer", range(4))
def test_mb_1_4_d_3_right_hand_cuts_and_cards_go_clockwise(
    rules: cardrules.Ruleset, dealer: int
) -> None:
    """MB-1.4 / D-3: cutter (D+3); card i goes to (D+1+i); the dealer gets the last card."""
    game = rules.new_game(seed=77, dealer=dealer)
    assert game.cutter == (dealer + 3) % 4
    attempt = len(game.throw_ins)
    deck, hands = deal_from_seed(77, 1, attempt, dealer, rules.direction)
    for i, card in enumerate(deck):
        assert hands[(dealer + 1 + i) % 4] >> card.index & 1
    assert hands[dealer] >> deck[-1].index & 1
    assert tuple(game.initial_hands) == hands
    for seat in range(4):
        assert game.hand(seat) == sorted(game.hand(seat))


def test_mb_1_5_high_card_points() -> None:
    """MB-1.5: A 4, K 3, Q 2, J 1, others 0; 40 in all."""
    for rank in RANKS:
        card = Card.parse(f"{rank}S")
        assert high_card_points(card.mask) == HONOURS.get(rank, 0)
    assert high_card_points((1 << 52) - 1) == 40


# -- MB-2: points and dummy -----------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_mb_2_1_d_4_mb_5_7_points_announced_from_dealer(
    rules: cardrules.Ruleset, seed: int
) -> None:
    """MB-2.1 / D-4 / MB-5.7: the engine announces each hand's points, from the dealer clockwise."""
    game = rules.new_game(seed=seed)
    expected = [
        [seat, high_card_points(game.initial_hands[seat])]
        for seat in ((game.dealer + i) % 4 for i in range(4))
    ]
    assert announced(game) == expected
    assert sum(p for _, p in expected) == 40
    assert game.view(2).auction["points"] == [high_card_points(h) for h in game.initial_hands]


@pytest.mark.parametrize("dealer", range(4))
def test_mb_1_5_mb_2_1_d_4_points_by_the_text_announced_from_the_dealer(
    rules: cardrules.Ruleset, dealer: int
) -> None:
    """MB-1.5 / MB-2.1 / D-4: each hand's A-4 K-3 Q-2 J-1 count, announced dealer first."""
    game = mb_example_game(rules, dealer)
    expected = [points_by_text(h) for h in MB_EXAMPLE]
    assert expected == [12, 8, 14, 6] and sum(expected) == 40
    order = [(dealer + i) % 4 for i in range(4)]
    for seat in range(4):
        auction = game.view(seat).auction
        assert auction["points"] == expected
        assert auction["announcements"] == [[s, expected[s]] for s in order]
        assert auction["pairs"] == {"NS": 26, "EW": 14}


@pytest.mark.parametrize(
    "points", [(12, 8, 14, 6), (0, 19, 21, 0), (11, 10, 10, 9), (3, 17, 5, 15), (6, 9, 4, 21)]
)
def test_mb_2_2_pair_over_20_plays(rules: cardrules.Ruleset, points: tuple[int, ...]) -> None:
    """MB-2.2: the pair with more than 20 points plays; declarer and dummy are that pair."""
    game = rules.new_game(seed=1, dealer=0, hands=deal_with_points(points))
    public = game.view(1).auction
    pair = (0, 2) if points[0] + points[2] > 20 else (1, 3)
    assert {public["declarer"], public["dummy"]} == set(pair)
    assert public["declaring_side"] == rules.side_of(pair[0])
    assert game.to_act == public["declarer"]
    assert game.throw_ins == []


@pytest.mark.parametrize(
    "points", [(10, 10, 10, 10), (20, 0, 0, 20), (0, 20, 20, 0), (13, 7, 7, 13), (15, 12, 5, 8)]
)
@pytest.mark.parametrize("dealer", range(4))
def test_mb_2_2_d_5_twenty_twenty_is_redealt_by_the_same_dealer(
    rules: cardrules.Ruleset, points: tuple[int, ...], dealer: int
) -> None:
    """MB-2.2 / D-5: any 20-20 split is redealt by the same dealer and is not counted as a deal."""
    hands = deal_with_points(points, seed=dealer)
    game = rules.new_game(seed=9, dealer=dealer, hands=hands)
    assert game.deal_number == 1
    assert game.dealer == dealer
    assert len(game.throw_ins) >= 1
    event = game.throw_ins[0]
    assert (event.deal_number, event.dealer, event.rule) == (1, dealer, "MB-2.2")
    ns = points[0] + points[2]
    assert event.reason == (
        f"no pair has more than 20 points (NS {ns}, EW {40 - ns}): redeal by the same dealer"
    )
    assert [game.hand(s) for s in range(4)] != [sorted(Card.parse(c) for c in h) for h in hands]
    pairs = game.view(0).auction["pairs"]
    assert pairs["NS"] != 20
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert len(game.deals) == 4
    assert [d.dealer for d in game.deals] == [(dealer + i) % 4 for i in range(4)]


def test_d_5_random_twenty_twenty_deals_never_count(rules: cardrules.Ruleset) -> None:
    """D-5: over many seeded games, every 20-20 deal is thrown in and 4 deals are still played."""
    redeals = 0
    for seed in range(15):
        game = rules.new_game(seed=seed)
        while game.phase != "finished":
            pub = game.view(0).auction
            assert pub["pairs"]["NS"] != 20 and not pub["redeal"]
            game.apply(game.legal_actions()[0])
        assert len(game.deals) == 4 and game.deal_number == 4
        redeals += len(game.throw_ins)
    assert redeals > 0  # 20-20 happens about one deal in ten


def earlier(order: Sequence[int], a: int, b: int) -> int:
    return a if order.index(a) < order.index(b) else b


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize(
    "points", [(12, 8, 12, 8), (8, 12, 8, 12), (11, 9, 11, 9), (5, 15, 5, 15), (14, 3, 14, 9)]
)
def test_mb_2_3_equal_points_earlier_announcer_declares(
    rules: cardrules.Ruleset, dealer: int, points: tuple[int, ...]
) -> None:
    """MB-2.3 / D-4: on equal points in the playing pair, the one who announced first declares."""
    game = rules.new_game(seed=2, dealer=dealer, hands=deal_with_points(points, seed=dealer))
    order = [(dealer + i) % 4 for i in range(4)]
    pair = (0, 2) if points[0] + points[2] > 20 else (1, 3)
    declarer = earlier(order, *pair)
    public = game.view(0).auction
    assert public["declarer"] == declarer
    assert public["dummy"] == (declarer + 2) % 4
    assert game.to_act == declarer


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("points", [(12, 8, 14, 6), (14, 8, 12, 6), (2, 19, 6, 13), (3, 13, 7, 17)])
def test_mb_2_3_more_points_declares(
    rules: cardrules.Ruleset, dealer: int, points: tuple[int, ...]
) -> None:
    """MB-2.3: within the playing pair the player with more points declares, whoever dealt."""
    game = rules.new_game(seed=2, dealer=dealer, hands=deal_with_points(points))
    pair = (0, 2) if points[0] + points[2] > 20 else (1, 3)
    declarer = max(pair, key=lambda s: points[s])
    assert game.view(3).auction["declarer"] == declarer
    assert game.to_act == declarer


def test_mb_2_4_dummy_exposed_to_everyone_before_the_contract(rules: cardrules.Ruleset) -> None:
    """MB-2.4 / D-7: every seat sees dummy's 13 cards before the contract; the rest stay hidden."""
    game = rules.new_game(seed=4, dealer=0, hands=deal_with_points((12, 8, 14, 6)))
    assert game.phase == "auction" and game.contract is None
    declarer, dummy = 2, 0
    dummy_cards = tuple(game.hand(dummy))
    for seat in range(4):
        view = game.view(seat)
        assert view.hands[dummy] == dummy_cards
        expected = {seat, dummy}
        assert set(view.hands) == expected
        assert view.hands[seat] == tuple(game.hand(seat))
    assert set(game.view(declarer).hands) == {declarer, dummy}
    assert set(game.view(dummy).hands) == {dummy}
    assert game.view(declarer).legal_actions
    assert game.view(dummy).legal_actions == ()
    game.apply("contract S game")
    for seat in range(4):
        assert game.view(seat).hands[dummy] == dummy_cards


def test_mb_2_4_dummy_and_defenders_do_not_choose(rules: cardrules.Ruleset) -> None:
    """MB-2.4 / MB-2.5: only declarer chooses; dummy does not advise, defenders do not bid."""
    game = rules.new_game(seed=4, dealer=0, hands=deal_with_points((12, 8, 14, 6)))
    before = game.to_json()
    for seat in (0, 1, 3):
        with pytest.raises(IllegalAction) as exc:
            game.apply("contract NT game", seat=seat)
        assert str(exc.value) == (
            f"illegal action 'contract NT game' by seat {seat} ({'NESW'[seat]}): "
            "MB-2.4: it is the turn of seat 2 (S)"
        )
        assert game.to_json() == before
    game.apply("contract NT game", seat=2)
    assert game.contract is not None and game.contract.declarer == 2


@pytest.mark.parametrize("dealer", range(4))
def test_mb_2_4_d_7_declarer_decides_for_dummy_already_in_the_auction(
    rules: cardrules.Ruleset, dealer: int
) -> None:
    """MB-2.4 / D-7: dummy never decides: controller(dummy) is declarer before and after."""
    game = mb_example_game(rules, dealer)
    assert game.phase == "auction" and game.to_act == 2
    assert [game.controller(s) for s in range(4)] == [2, 1, 2, 3]
    game.apply("contract H partscore", seat=2)
    assert [game.controller(s) for s in range(4)] == [2, 1, 2, 3]


def test_mb_2_5_no_bidding_no_doubles(rules: cardrules.Ruleset) -> None:
    """MB-2.5 / D-6: no bids and no doubles: only the ten contracts are offered or accepted."""
    game = rules.new_game(seed=4, dealer=0, hands=deal_with_points((12, 8, 14, 6)))
    before = game.to_json()
    with pytest.raises(IllegalAction) as exc:
        game.apply("bid 4")
    assert exc.value.rule == "MB-2.5"
    assert str(exc.value) == (
        "illegal action 'bid 4' by seat 2 (S): MB-2.5: there is no bidding in Minibridge: declarer "
        "chooses one of ten contracts (e.g. 'contract S game' or 'contract NT partscore')"
    )
    for odd in (ChooseContract("S", "slam"), ChooseContract("X", "game")):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction) as exc:
            game.apply(odd)
        assert exc.value.rule == "D-6"
    with pytest.raises(IllegalAction) as exc:
        game.apply("double")  # bridge's double: no contract of Minibridge
    assert exc.value.rule == "D-6"
    assert game.to_json() == before
    assert all(isinstance(a, ChooseContract) for a in game.legal_actions())


# -- MB-3: contract -------------------------------------------------------------


def test_mb_3_1_d_6_ten_contracts_offered(rules: cardrules.Ruleset) -> None:
    """MB-3.1 / D-6: clubs, diamonds, hearts, spades or no-trump, each as part-score or game."""
    game = rules.new_game(seed=8)
    expected = [f"contract {s} {g}" for s in STRAINS for g in ("partscore", "game")]
    assert [str(a) for a in game.legal_actions()] == expected
    assert [str(a) for a in game.view(game.to_act or 0).legal_actions] == expected
    assert all(game.is_legal(a) for a in expected)
    assert not game.is_legal("contract S slam")


@pytest.mark.parametrize("strain", STRAINS)
@pytest.mark.parametrize("goal", ["partscore", "game"])
def test_mb_3_2_goal_tricks(rules: cardrules.Ruleset, strain: str, goal: str) -> None:
    """MB-3.2: part-score 7 tricks; game 9 in no-trump, 10 in hearts/spades, 11 in minors."""
    game = rules.new_game(seed=4, dealer=0, hands=deal_with_points((12, 8, 14, 6)))
    game.apply(f"contract {strain} {goal}")
    contract = game.contract
    assert contract is not None
    games = {"NT": 9, "H": 10, "S": 10, "C": 11, "D": 11}
    assert contract.target == (games[strain] if goal == "game" else 7)
    assert (contract.strain, contract.goal) == (strain, goal)
    assert contract.trump == (None if strain == "NT" else cardrules.Suit[strain])
    assert game.view(1).trump == (None if strain == "NT" else strain)
    assert game.view(1).contract == contract.to_dict()


def test_mb_3_3_contract_before_the_opening_lead(rules: cardrules.Ruleset) -> None:
    """MB-3.3: no card is played before declarer has chosen the contract."""
    game = rules.new_game(seed=4, dealer=0, hands=deal_with_points((12, 8, 14, 6)))
    card = game.hand(2)[0]
    before = game.to_json()
    with pytest.raises(IllegalAction) as exc:
        game.apply(f"play {card}")
    assert str(exc.value) == (
        f"illegal action 'play {card}' by seat 2 (S): MB-3.3: the contract is chosen before the "
        f"opening lead (e.g. 'contract S game' or 'contract NT partscore')"
    )
    assert game.to_json() == before
    assert game.phase == "auction"
    game.apply("contract H partscore")
    assert game.phase == "play"
    with pytest.raises(IllegalAction) as exc:
        game.apply("contract S game")
    assert game.phase == "play"


@pytest.mark.parametrize("contract", [f"contract {s} {g}" for s in STRAINS for g in GOALS])
def test_mb_3_4_advice_only_any_contract_may_be_chosen(
    rules: cardrules.Ruleset, contract: str
) -> None:
    """MB-3.4 is advice: declarer may choose any of the ten, whatever the points or the fit."""
    game = mb_example_game(rules)
    game.apply(contract)
    assert game.phase == "play" and game.view(1).auction["contract"] == contract


@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
@settings(max_examples=120, deadline=None)
def test_mb_2_2_mb_2_3_declarer_of_any_deal(seed: int, dealer: int) -> None:
    """MB-2.2 / MB-2.3 / D-4 on random deals: pair over 20, more points, else first announcer."""
    game = cardrules.load(MB).new_game(seed=seed, dealer=dealer)
    points = [high_card_points(h) for h in game.initial_hands]
    assert points[0] + points[2] != 20
    pair = (0, 2) if points[0] + points[2] > 20 else (1, 3)
    order = [(dealer + i) % 4 for i in range(4)]
    first = earlier(order, *pair)
    second = (first + 2) % 4
    declarer = second if points[second] > points[first] else first
    assert game.to_act == declarer
    assert game.view(declarer).auction["dummy"] == (declarer + 2) % 4
