"""twenty-nine's table and this project's choices through the public API: the partnerships
(TN-1.1), the seats and the first dealer (TN-7.1), the stages of the deal (TN-7.2), the
choices where pagat leaves a detail open (TN-7.3) and pagat's variations not played
(TN-7.5).
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

import pytest

import cardrules
from cardrules import Game
from cardrules.errors import CardrulesError
from cardrules.rules.components import seat_name
from cardrules_twentynine import DECK, TwentyNineContract
from helpers import refused

RULES = cardrules.load("twenty-nine")
POINTS = {11: 3, 9: 2, 14: 1, 10: 1}
HANDS = [
    "KC QC 7C KD QD 8D 8C 7D",  # N, the dealer
    "JD 9D AD 10D 9H AH 10H KH",  # E
    "JC 9C AC 10C KS QS 8S 7S",  # S
    "JS 9S AS 10S JH 7H QH 8H",  # W
]


def texts(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def _names(mask: int) -> set[str]:
    return {str(c) for c in DECK.cards_of(mask)}


# -- TN-1.1 -----------------------------------------------------------------------------


def test_tn_1_1_partnerships_north_south_against_east_west_facing() -> None:
    """TN-1.1: four players, 32 cards; N (0) and S (2) against E (1) and W (3), partners
    facing: the tricks a partner wins count for its side's card points, and the side's
    game point goes to NS or EW."""
    assert RULES.players == 4 and RULES.deck.size == 32 and RULES.sides == ("NS", "EW")
    ranks = {c.rank for c in RULES.deck.cards}
    assert ranks == {7, 8, 9, 10, 11, 12, 13, 14} and len(RULES.deck.suits) == 4
    for bidder, side in ((0, "NS"), (1, "EW"), (2, "NS"), (3, "EW")):
        scores = RULES.score_deal(bidder=bidder, bid=16, points=16)
        other = "EW" if side == "NS" else "NS"
        assert scores == {side: Decimal(1), other: Decimal(0)}
    # A whole deal: E (partner of W, the bidder) wins tricks that count for W's side.
    game = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    for call in ("bid 16", "pass", "pass", "pass", "conceal spades", *["pass"] * 4):
        game.apply(call)
    rng = random.Random(1)
    while game.deal_number == 1:
        game.apply(rng.choice(game.legal_actions()))
    result = game.deals[0]
    assert result.tricks[1] + result.tricks[3] > 0  # E or W won some
    assert set(result.scores) == {"NS", "EW"} and result.scores["NS"] == 0


def test_tn_1_1_play_goes_round_the_table_so_partners_face_each_other() -> None:
    """Anticlockwise, W, S, E, N: each seat's partner plays second after it (across)."""
    game = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    for call in ("bid 16", "pass", "pass", "pass", "conceal spades", *["pass"] * 4):
        game.apply(call)
    order = []
    for _ in range(4):
        order.append(game.to_act)
        game.apply(game.legal_actions()[0])
    assert order == [3, 2, 1, 0]
    assert all((order[i] + 2) % 4 == order[(i + 2) % 4] for i in range(4))


# -- TN-7.1 -----------------------------------------------------------------------------


def test_tn_7_1_seats_are_numbered_north_east_south_west() -> None:
    assert [seat_name(s) for s in range(4)] == ["N", "E", "S", "W"]
    game = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    assert str(game.view(3)).count("W") >= 1 and game.view(3).seat == 3


def test_tn_7_1_the_first_dealer_is_the_seeds_draw_as_in_every_profile() -> None:
    """The first dealer follows from the seed alone: the same seed, the same dealer, as a
    four-player profile of another family draws it; over seeds, every seat deals first."""
    other = cardrules.load("callbreak-strict")
    dealers = []
    for seed in range(40):
        dealer = RULES.new_game(seed=seed).dealer
        assert RULES.new_game(seed=seed).dealer == dealer
        assert other.new_game(seed=seed).dealer == dealer
        dealers.append(dealer)
    assert set(dealers) == {0, 1, 2, 3}
    assert RULES.new_game(seed=1, dealer=2).dealer == 2  # unless given


# -- TN-7.2 -----------------------------------------------------------------------------


def test_tn_7_2_the_first_stage_is_the_first_four_cards_of_each_hand_as_dealt() -> None:
    """From the seed: each seat's four cards in the bidding are its first four as dealt
    (``stage_order``), the eight after the trump is laid down its whole hand; the seed
    alone decides the deal, whatever is bid and laid down."""
    for seed in range(10):
        hands = []
        for trump in ("clubs", "hearts"):
            game = RULES.new_game(seed=seed)
            stages = game.stage_order
            assert stages is not None and all(len(order) == 8 for order in stages)
            for seat in range(4):
                first = {str(DECK.cards[i]) for i in stages[seat][:4]}
                assert {str(c) for c in game.view(seat).hand} == first
            game.apply(f"bid {16 + seed}")
            for _ in range(3):
                game.apply("pass")
            game.apply(f"conceal {trump}")
            for seat in range(4):
                whole = {str(DECK.cards[i]) for i in stages[seat]}
                assert _names(game.hands[seat]) == whole
            hands.append([_names(game.hands[seat]) for seat in range(4)])
        assert hands[0] == hands[1]


def test_tn_7_2_hands_given_deal_their_first_four_cards_first() -> None:
    game = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    for seat in range(4):
        assert _names(game.hands[seat]) == set(HANDS[seat].split()[:4])


# -- TN-7.3 -----------------------------------------------------------------------------


def test_tn_7_3_a_pass_does_not_bar_a_later_bid_and_a_partner_may_be_overcalled() -> None:
    game = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    game.apply("pass")  # W
    game.apply("bid 16")  # S
    game.apply("bid 17")  # E
    game.apply("pass")  # N
    assert game.to_act == 3 and "bid 18" in texts(game)  # W, who passed, bids again
    game.apply("bid 18")  # over its partner E
    assert game.auction.public()["bidder"] == 3


def test_tn_7_3_without_the_forced_dealer_all_pass_is_a_throw_in_and_the_deal_passes() -> None:
    rules = cardrules.load("twenty-nine", options={"dealer_forced": False})
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    for _ in range(4):
        game.apply("pass")
    assert game.deal_number == 2 and game.dealer == 3  # to the right (TN-2.1)
    assert game.deals[0].scores == {"NS": Decimal(0), "EW": Decimal(0)}


def test_tn_7_3_the_single_hand_is_offered_from_the_dealers_right_each_once() -> None:
    game = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    for call in ("bid 16", "pass", "pass", "pass", "conceal spades"):
        game.apply(call)
    asked = []
    while game.phase == "auction":
        assert texts(game) == ["pass", "single hand"]
        asked.append(game.to_act)
        game.apply("pass")
    assert asked == [3, 2, 1, 0] and game.phase == "play"
    contract = game.contract
    assert isinstance(contract, TwentyNineContract) and not contract.single


# -- TN-7.5 -----------------------------------------------------------------------------

ALLOWED = re.compile(
    r"pass|bid (1[6-9]|2[0-8])|conceal (clubs|diamonds|hearts|spades)|single hand|"
    r"play (10|[2-9JQKA])[CDHS]|reveal trump|pair"
)


def test_tn_7_5_no_action_offers_a_variation_not_played() -> None:
    """No seventh card as trump, no game without trumps (the suit laid down is one of the
    four), no doubling: over random games, every action offered is one of the rule text's;
    the texts of those variations are refused."""
    seen = set()
    for seed in range(30):
        rng = random.Random(seed)
        game = RULES.new_game(seed=seed)
        while game.phase != "finished":
            legal = texts(game)
            for text in legal:
                assert ALLOWED.fullmatch(text), text
                seen.add(text.split()[0])
            game.apply(rng.choice(legal))
    assert {"pass", "bid", "conceal", "single", "play", "reveal"} <= seen
    game = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    for text in ("double", "redouble"):
        assert refused(game, text).rule == "TN-2.2"
    game.apply("bid 16")
    for text in ("double", "redouble"):
        assert refused(game, text).rule == "TN-2.2"
    for _ in range(3):
        game.apply("pass")
    for text in ("seventh card", "conceal no trumps", "conceal seventh", "no trumps"):
        with pytest.raises(CardrulesError):
            game.apply(text)
    assert len(texts(game)) == 4


def test_tn_7_5_no_redeal_for_a_first_player_without_points() -> None:
    """W, first to speak, holds no card point in its four cards (K Q 8 7): it bids or
    passes; the deal stands."""
    hands = [
        "JC 9C AC 10C KD QD 8D 7D",  # N
        "JD 9D AD 10D JH 9H AH 10H",  # E
        "KC QC 8C 7C KS QS 8S 7S",  # S
        "KH QH 8H 7H JS 9S AS 10S",  # W
    ]
    game = RULES.new_game(seed=1, dealer=0, hands=hands)
    held = sum(POINTS.get(c.rank, 0) for c in DECK.cards_of(game.hands[3]))
    assert held == 0 and game.to_act == 3 and texts(game)[:2] == ["pass", "bid 16"]
    game.apply("pass")
    assert game.deal_number == 1 and game.to_act == 2 and not game.throw_ins
