"""twenty-nine's cards and auction through the public API: the ranking and the card points
(TN-1.x), the deal in two stages (TN-2.1, TN-3.2), the bids and passes and their refusals
(TN-2.2 .. TN-2.5), the dealer's forced bid (TN-2.4), the trump laid face down (TN-3.1)
and the single hand (TN-5.x), each checked against the rule text, not the plugin's tables.
"""

from __future__ import annotations

import itertools
import random

import pytest

import cardrules
from cardrules import Game
from cardrules.deck import Ranking, Suit
from cardrules_twentynine import (
    DECK,
    Conceal,
    PassCall,
    PointBid,
    SingleHand,
    TwentyNineAuction,
    TwentyNineContract,
    card_points,
    jack_nine,
)
from helpers import refused

RULES = cardrules.load("twenty-nine")
#: TN-1.2: every suit from the highest: J 9 A 10 K Q 8 7 (rank numbers, A = 14).
FROM_THE_TOP = (11, 9, 14, 10, 13, 12, 8, 7)
#: TN-1.3: the card points by rank.
POINTS = {11: 3, 9: 2, 14: 1, 10: 1}

# Seat 0 (N) deals; W (3) speaks first and leads.  The first four cards of each are the
# first stage (TN-2.1).
HANDS = [
    "KC QC 7C KD QD 8D 8C 7D",  # N, the dealer
    "JD 9D AD 10D 9H AH 10H KH",  # E
    "JC 9C AC 10C KS QS 8S 7S",  # S
    "JS 9S AS 10S JH 7H QH 8H",  # W
]


def deal(rules: cardrules.Ruleset = RULES) -> Game:
    return rules.new_game(seed=1, dealer=0, hands=HANDS)


def texts(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def test_tn_1_2_every_suit_ranks_jack_nine_ace_ten() -> None:
    """TN-1.2: J 9 A 10 K Q 8 7 in every suit, in the trump suit too; a trump beats all."""
    for trump in (None, Suit.H):
        order = DECK.order(Ranking("jack_nine", trump), jack_nine)
        for suit in DECK.suits:
            cards = [DECK.card(suit, rank) for rank in FROM_THE_TOP]
            for higher, lower in itertools.pairwise(cards):  # beats[c]: what beats c
                assert order.beats[lower.index] >> higher.index & 1
                assert not order.beats[higher.index] >> lower.index & 1
        if trump is not None:
            seven = DECK.card(Suit.H, 7)
            assert all(order.beats[DECK.card(Suit.S, r).index] >> seven.index & 1 for r in POINTS)
    assert RULES.trick_winner(DECK.parse_cards("9C JC AC 10C"), trump=None) == 1


def test_tn_1_3_card_points_total_28() -> None:
    """TN-1.3: J 3, 9 2, A 1, 10 1, the rest nothing: 28 in the pack."""
    for card in DECK.cards:
        assert card_points(card.mask) == POINTS.get(card.rank, 0)
    assert card_points(DECK.all_mask) == 28


def test_tn_2_1_four_cards_first_the_rest_after_the_trump() -> None:
    """TN-2.1, TN-3.2: four cards each until the bidder lays the trump down; then eight."""
    game = deal()
    assert [len(game.hand(s)) for s in range(4)] == [4] * 4
    assert game.cards_to_deal == (4, 4, 4, 4)
    for seat, hand in enumerate(HANDS):
        assert sorted(map(str, game.hand(seat))) == sorted(hand.split()[:4])
    for call in ("bid 16", "pass", "pass", "pass"):
        game.apply(call)
        assert game.cards_to_deal == (4, 4, 4, 4)
    game.apply("conceal spades")
    assert game.cards_to_deal == (0, 0, 0, 0)
    for seat, hand in enumerate(HANDS):
        assert sorted(map(str, game.hand(seat))) == sorted(hand.split())


def test_tn_2_2_the_dealers_right_speaks_first_and_bids_rise() -> None:
    """TN-2.2: from the dealer's right, anticlockwise; 16 to 28, each bid higher."""
    game = deal()
    assert game.to_act == 3
    assert texts(game) == ["pass"] + [f"bid {n}" for n in range(16, 29)]
    game.apply("bid 18")
    assert game.to_act == 2
    assert texts(game) == ["pass"] + [f"bid {n}" for n in range(19, 29)]
    for seat, dealer in ((0, 0), (1, 2)):  # the dealer's right is the seat before it
        other = RULES.new_game(seed=seat + 5, dealer=dealer, hands=HANDS)
        assert other.to_act == (dealer - 1) % 4


def test_tn_2_3_three_passes_after_a_bid_end_it_and_a_pass_may_bid_again() -> None:
    """TN-2.3: the bidding goes round until a bid is followed by three passes; a player who
    passed may bid at its next turn; partners may bid over each other."""
    game = deal()
    for call in ("pass", "bid 16", "pass", "pass"):  # W passes, S bids
        game.apply(call)
    assert game.to_act == 3 and game.phase == "auction"
    game.apply("bid 17")  # W passed before and bids now
    for call in ("bid 18", "pass", "pass"):  # S, partner of W, bids over it
        game.apply(call)
    assert game.to_act == 3 and "bid 19" in texts(game)
    game.apply("pass")  # three passes after S's 18
    assert game.to_act == 2 and texts(game) == [f"conceal {s.word}" for s in DECK.suits]


def test_tn_2_2_a_bid_of_28_ends_the_bidding() -> None:
    game = deal()
    game.apply("bid 28")
    assert game.to_act == 3 and all(t.startswith("conceal") for t in texts(game))


def test_tn_2_4_the_dealer_must_bid_after_three_passes() -> None:
    """TN-2.4 (dealer_forced on): the first three pass; the dealer may not pass, and its
    bid ends the bidding."""
    game = deal()
    for call in ("pass", "pass", "pass"):
        game.apply(call)
    assert game.to_act == 0 and texts(game) == [f"bid {n}" for n in range(16, 29)]
    error = refused(game, "pass")
    assert error.rule == "TN-2.4" and "the dealer must bid" in str(error)
    game.apply("bid 17")
    assert game.to_act == 0 and texts(game)[0] == "conceal clubs"


def test_tn_2_4_without_the_forced_bid_a_deal_all_pass_is_thrown_in() -> None:
    rules = cardrules.load("twenty-nine", options={"dealer_forced": False})
    game = deal(rules)
    for call in ("pass", "pass", "pass"):
        game.apply(call)
    assert texts(game)[0] == "pass"
    game.apply("pass")
    assert game.deal_number == 2 and game.dealer == 3 and game.phase == "auction"
    result = game.deals[0]
    assert isinstance(result.contract, TwentyNineContract) and result.contract.bidder is None
    assert result.scores == {"NS": 0, "EW": 0} and sum(result.tricks) == 0


def test_tn_2_2_the_lowest_bid_is_an_option() -> None:
    rules = cardrules.load("twenty-nine", options={"min_bid": 20})
    assert texts(deal(rules)) == ["pass"] + [f"bid {n}" for n in range(20, 29)]
    with pytest.raises(cardrules.ProfileError, match="min_bid"):
        cardrules.load("twenty-nine", options={"min_bid": 29})


def test_tn_2_5_bad_calls_are_refused_citing_the_rule() -> None:
    """TN-2.5: a bid too low, not higher than the last, too high, a call out of turn, a
    card or a trump during the bidding: refused, the game unchanged."""
    game = deal()
    assert refused(game, "bid 15").rule == "TN-2.2"
    assert "the lowest bid is 16" in str(refused(game, "bid 15"))
    game.apply("bid 20")
    error = refused(game, "bid 20")
    assert error.rule == "TN-2.2" and "a bid must be higher than 20" in str(error)
    assert refused(game, "bid 29").rule == "TN-2.2"
    assert refused(game, "pass", seat=1).rule == "TN-2.2"  # S (2) is to bid
    assert refused(game, "conceal hearts").rule == "TN-2.2"  # the bidding is not over
    assert refused(game, "play JC").rule == "TN-2.2"
    with pytest.raises(cardrules.ActionError, match="bid N"):
        game.apply("bid many")
    with pytest.raises(cardrules.ActionError, match="conceal SUIT"):
        game.apply("conceal trumps")


def test_tn_3_1_the_bidder_lays_a_suit_down() -> None:
    """TN-3.1: only the bidder chooses, one of the four suits; nothing else is taken."""
    game = deal()
    for call in ("bid 16", "pass", "pass", "pass"):
        game.apply(call)
    assert game.to_act == 3
    assert refused(game, "conceal hearts", seat=2).rule == "TN-3.1"
    error = refused(game, "pass")
    assert error.rule == "TN-3.1" and "lays a trump face down" in str(error)
    assert refused(game, "bid 17").rule == "TN-3.1"
    game.apply("conceal S")
    assert game.auction.private(3) == {"trump": "S"}
    assert all(game.auction.private(s) == {} for s in (0, 1, 2))
    assert game.auction.public()["trump_laid"] is True


def test_the_auction_in_words() -> None:
    """The calls and the bidder as players say them (what the terminal narrates)."""
    game = deal()
    for call in ("bid 16", "pass", "bid 17", "pass", "pass", "pass", "conceal hearts"):
        game.apply(call)
    words = game.auction.public_words()
    assert words["calls"] == "W 16, S pass, E 17, N pass, W pass, S pass"
    assert words["bidder"] == "E" and words["trump_laid"] == "face down"
    assert words["dealer"] == "" and words["single_hand"] == ""
    assert "hearts" not in " ".join(words.values())


def test_tn_5_1_each_may_undertake_a_single_hand_in_turn() -> None:
    """TN-5.1: once the hands are whole, from the dealer's right, each in turn says
    'single hand' or 'pass'; the first to undertake it plays it."""
    game = deal()
    for call in ("bid 16", "pass", "pass", "pass", "conceal spades"):
        game.apply(call)
    assert game.phase == "auction" and game.to_act == 3
    assert texts(game) == ["pass", "single hand"]
    game.apply("pass")
    assert refused(game, "bid 17").rule == "TN-5.1"
    game.apply("single hand")  # S (2)
    assert game.phase == "play" and game.to_act == 2
    contract = game.contract
    assert isinstance(contract, TwentyNineContract)
    assert contract.single and contract.bidder == 2 and contract.trump is None
    assert contract.sitting_out == frozenset({0}) and contract.concealed is None


def test_tn_5_1_all_pass_the_single_hand_and_the_bid_is_played() -> None:
    game = deal()
    for call in ("bid 16", "pass", "pass", "pass", "conceal spades"):
        game.apply(call)
    for _ in range(4):
        game.apply("pass")
    assert game.phase == "play" and game.to_act == 3  # TN-4.1: the dealer's right leads
    contract = game.contract
    assert isinstance(contract, TwentyNineContract) and not contract.single
    assert contract.concealed is not None and contract.concealed.chooser == 3


def test_tn_5_1_no_single_hand_without_the_option() -> None:
    rules = cardrules.load("twenty-nine", options={"single_hand": False})
    game = deal(rules)
    for call in ("bid 16", "pass", "pass", "pass", "conceal spades"):
        game.apply(call)
    assert game.phase == "play"


def test_the_auctions_repr_and_summary() -> None:
    auction = RULES.auction
    assert isinstance(auction, TwentyNineAuction)
    again = eval(repr(auction), {"TwentyNineAuction": TwentyNineAuction})
    assert repr(again) == repr(auction)
    assert "16 to 28" in auction.summary and "dealer must bid" in auction.summary
    for action in (PassCall(), PointBid(17), Conceal(Suit.H), SingleHand()):
        rebuilt = eval(repr(action), {**globals(), "Suit": Suit})
        assert rebuilt == action
    with pytest.raises(cardrules.ActionError):
        PointBid(30)
    with pytest.raises(cardrules.ActionError):
        Conceal("H")  # type: ignore[arg-type]


def test_random_auctions_obey_the_bidding_rules() -> None:
    """TN-2.2 .. TN-2.4 against a model of the rule text over many random auctions: who
    speaks, the calls allowed, when the bidding ends and who lays the trump down."""
    rng = random.Random(7)
    for seed in range(150):
        game = RULES.new_game(seed=seed)
        dealer = game.dealer
        high, passes, bidder, ended_by_force = 0, 0, None, False
        seat = (dealer - 1) % 4  # TN-2.2: the dealer's right
        while not all(t.startswith("conceal") for t in texts(game)):
            assert game.to_act == seat
            forced = bidder is None and passes == 3
            expected = [] if forced else ["pass"]
            expected += [f"bid {n}" for n in range(max(16, high + 1), 29)]
            assert texts(game) == expected
            call = rng.choice(game.legal_actions())
            game.apply(call)
            if isinstance(call, PointBid):
                high, bidder, passes, ended_by_force = call.points, seat, 0, forced
                assert not forced or seat == dealer
            else:
                passes += 1
            seat = (seat - 1) % 4
        assert bidder is not None and game.to_act == bidder
        assert passes == 3 or high == 28 or ended_by_force
