"""twenty-nine's play and scoring through the public API: following suit (TN-4.2), the trump
concealed until a player unable to follow asks for it (TN-4.3 .. TN-4.5), the single hand
(TN-5.2, TN-5.3), the game points (TN-6.1, TN-1.4) and the end of a game (TN-6.2).

Whole random deals are checked against a model written from the rule text: the cards each
player may play, when it may ask, who wins each trick, and the score.
"""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import Game
from cardrules.deck import Card
from cardrules_twentynine import TwentyNineContract, TwentyNineEnd, TwentyNineScorer
from helpers import refused, write_profile

RULES = cardrules.load("twenty-nine")
#: TN-1.2: the ranks from the lowest; TN-1.3: the card points.
LOW_FIRST = (7, 8, 12, 13, 10, 14, 9, 11)
POINTS = {11: 3, 9: 2, 14: 1, 10: 1}

# N (0) deals, W (3) bids, leads, and lays spades down.  S holds no heart, N neither.
HANDS = [
    "KC QC 7C KD QD 8D 8C 7D",  # N
    "JD 9D AD 10D 9H AH 10H KH",  # E
    "JC 9C AC 10C KS QS 8S 7S",  # S
    "JS 9S AS 10S JH 7H QH 8H",  # W
]


def spades_by_west(rules: cardrules.Ruleset = RULES) -> Game:
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    for call in ("bid 16", "pass", "pass", "pass", "conceal spades"):
        game.apply(call)
    while game.phase == "auction":  # no single hand
        game.apply("pass")
    return game


def one_deal(tmp_path: Path, options: str = "") -> cardrules.Ruleset:
    """twenty-nine stopped after one deal, so that its tricks stay to be read."""
    body = "[game]\ndeals = 1\n" + (f"[options]\n{options}\n" if options else "")
    return cardrules.load(write_profile(tmp_path, "tn-one-deal", body, base="twenty-nine"))


def test_tn_4_1_the_dealers_right_leads_and_play_goes_anticlockwise() -> None:
    game = spades_by_west()
    assert game.to_act == 3
    game.apply("play 7H")
    assert game.to_act == 2
    game.apply("play 7S")
    assert game.to_act == 1


def test_tn_4_2_follow_suit_if_able() -> None:
    game = spades_by_west()
    game.apply("play 7H")
    game.apply("play 7S")  # S holds no heart: any card
    assert sorted(str(a) for a in game.legal_actions()) == sorted(
        ["play 9H", "play AH", "play 10H", "play KH"]
    )
    error = refused(game, "play JD")
    assert error.rule == "TN-4.2"


def test_tn_4_3_before_the_reveal_no_card_is_a_trump() -> None:
    """W leads a heart; S discards a spade (the trump laid down) without asking: the
    highest heart wins."""
    game = spades_by_west()
    for card in ("7H", "7S", "KH", "7C"):
        game.apply(f"play {card}")
    assert game.tricks[-1].winner == 1 and game.trump_mask == 0 and game.revealed is None


def test_tn_4_3_only_a_player_unable_to_follow_may_ask() -> None:
    game = spades_by_west()
    error = refused(game, "reveal trump")  # nothing led yet
    assert error.rule == "TN-4.3"
    game.apply("play 7H")
    assert "reveal trump" in [str(a) for a in game.legal_actions()]  # S holds no heart
    game.apply("play 7S")
    error = refused(game, "reveal trump")  # E holds hearts
    assert error.rule == "TN-4.3" and "holds a card of the suit led" in str(error)
    assert "reveal trump" not in [str(a) for a in game.legal_actions()]


def test_tn_4_3_the_asker_must_trump_and_the_trump_wins() -> None:
    game = spades_by_west()
    game.apply("play 7H")
    game.apply("reveal trump")  # S asks
    assert game.revealed is not None and game.revealed.seat == 2
    assert sorted(str(a) for a in game.legal_actions()) == sorted(
        ["play KS", "play QS", "play 8S", "play 7S"]
    )
    error = refused(game, "play JC")
    assert error.rule == "TN-4.3" and "must play a trump" in str(error)
    for card in ("7S", "AH", "7C"):
        game.apply(f"play {card}")
    assert game.tricks[-1].winner == 2  # the seven of spades, a trump, over the ace of hearts
    error = refused(game, "reveal trump")
    assert error.rule == "TN-4.3" and "revealed already" in str(error)


def test_tn_4_4_a_trump_played_before_the_reveal_counts_in_its_trick() -> None:
    """S discards the seven of spades; N, unable to follow, asks: the seven is a trump and
    wins (pagat: asking "turns the card you played into a trump")."""
    game = spades_by_west()
    game.apply("play 7H")
    game.apply("play 7S")
    game.apply("play KH")
    game.apply("reveal trump")  # N, no heart and no spade: any card after asking
    assert len(game.legal_actions()) == 8
    game.apply("play 7C")
    assert game.tricks[-1].winner == 2


def test_tn_4_5_the_bidder_may_ask_too() -> None:
    game = spades_by_west()
    for card in ("7H", "7S", "KH", "7C"):  # E wins
        game.apply(f"play {card}")
    game.apply("play JD")  # E leads a diamond
    game.apply("play 7D")
    assert game.to_act == 3  # W, the bidder, holds no diamond
    game.apply("reveal trump")
    assert {str(a) for a in game.legal_actions()} == {"play JS", "play 9S", "play AS", "play 10S"}


def test_tn_5_2_a_single_hand_plays_alone_without_trumps(tmp_path: Path) -> None:
    """TN-5.2, TN-5.3: S plays alone and leads; N lays its cards down; no trumps; every
    trick won scores 3, any trick lost -3."""
    rules = one_deal(tmp_path)
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    for call in ("bid 16", "pass", "pass", "pass", "conceal spades", "pass", "single hand"):
        game.apply(call)
    assert game.to_act == 2 and game.trump_mask == 0
    contract = game.contract
    assert isinstance(contract, TwentyNineContract) and contract.words().startswith(
        "Contract: single hand by S"
    )
    rng = random.Random(1)
    while game.phase != "finished":
        assert game.to_act != 0  # N sits out
        assert "reveal trump" not in [str(a) for a in game.legal_actions()]
        game.apply(rng.choice(game.legal_actions()))
    assert all(len(t.cards) == 3 for t in game.tricks)
    won = game.deals[0].tricks[2] == 8
    assert game.deals[0].scores == {"NS": Decimal(3 if won else -3), "EW": Decimal(0)}


def _winner(cards: list[tuple[int, Card]], trump: str | None) -> int:
    """TN-4.3, TN-4.4: the highest trump (where one counts), else the highest of the suit led."""
    led = cards[0][1].suit

    def key(card: Card) -> tuple[int, int]:
        if trump is not None and card.suit is not None and card.suit.name == trump:
            return (2, LOW_FIRST.index(card.rank))
        if card.suit == led:
            return (1, LOW_FIRST.index(card.rank))
        return (0, 0)

    return max(cards, key=lambda sc: key(sc[1]))[0]


def _play_checked(game: Game, rng: random.Random) -> None:
    """Play the deal out at random, checking each choice the rules leave (TN-4.2 .. TN-4.5,
    the pair: TN-7.4)."""
    contract = game.contract
    assert isinstance(contract, TwentyNineContract)
    trump = None if contract.trump is None else contract.trump.name
    asked_now: int | None = None
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        hand = game.hand(seat)
        trick = [card for _, card in game.trick]
        legal = {str(a) for a in game.legal_actions()}
        follow = [c for c in hand if trick and c.suit == trick[0].suit]
        trumps = [
            c for c in hand if trump is not None and c.suit is not None and c.suit.name == trump
        ]
        may_ask = (
            contract.concealed is not None and game.revealed is None and bool(trick) and not follow
        )
        revealed = game.revealed
        may_pair = (
            revealed is not None
            and not game.play_calls
            and {f"K{trump}", f"Q{trump}"} <= {str(c) for c in hand}
            and any(t.winner % 2 == seat % 2 for t in game.tricks[revealed.trick :])
        )
        if follow:
            cards = follow
        elif asked_now == seat and trumps:
            cards = trumps
        else:
            cards = list(hand)
        expected = {f"play {c}" for c in cards} | ({"reveal trump"} if may_ask else set())
        expected |= {"pair"} if may_pair else set()
        assert legal == expected, (game.trick, hand)
        action = "pair" if may_pair else rng.choice(sorted(legal))
        asked_now = seat if action == "reveal trump" else None
        game.apply(action)


def test_random_deals_follow_the_rule_text(tmp_path: Path) -> None:
    """Over many random deals: the legal cards, asks and pairs, each trick's winner and the
    score, each restated from the rule text (TN-4.2 .. TN-4.5, TN-1.3, TN-6.1, TN-7.4)."""
    reveals = pairs = 0
    for last_trick in (False, True):
        rules = one_deal(tmp_path, f"last_trick = {str(last_trick).lower()}\nsingle_hand = false")
        for seed in range(60):
            rng = random.Random(seed)
            game = rules.new_game(seed=seed)
            while game.phase == "auction":
                game.apply(rng.choice(game.legal_actions()))
            contract = game.contract
            assert isinstance(contract, TwentyNineContract) and contract.bidder is not None
            trump = None if contract.trump is None else contract.trump.name
            _play_checked(game, rng)
            revealed = game.revealed
            reveals += revealed is not None
            points = 0
            for number, trick in enumerate(game.tricks):
                counts = revealed is not None and revealed.trick <= number
                assert trick.winner == _winner(list(trick.cards), trump if counts else None)
                if trick.winner % 2 == contract.bidder % 2:
                    points += sum(POINTS.get(card.rank, 0) for _, card in trick.cards)
            if last_trick and game.tricks[-1].winner % 2 == contract.bidder % 2:
                points += 1
            side = "NS" if contract.bidder % 2 == 0 else "EW"
            other = "EW" if side == "NS" else "NS"
            target = contract.bid
            for seat, _ in game.play_calls:  # the pair (TN-7.4)
                pairs += 1
                mine = seat % 2 == contract.bidder % 2
                target = max(16, target - 4) if mine else min(29 if last_trick else 28, target + 4)
            expected = Decimal(1 if points >= target else -1)
            assert game.deals[0].scores == {side: expected, other: Decimal(0)}
    assert 30 < reveals < 120  # the trump was revealed in some deals, not in others
    assert pairs  # and the pair shown in some


def test_tn_1_4_the_last_trick_point_allows_bids_to_29() -> None:
    rules = cardrules.load("twenty-nine", options={"last_trick": True})
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    assert [str(a) for a in game.legal_actions()][-1] == "bid 29"
    assert "last trick counts a point" in rules.scorer.summary
    assert "bid 29" not in [str(a) for a in spades_by_west().legal_actions()]


def test_tn_6_1_score_deal_by_hand() -> None:
    assert RULES.score_deal(bidder=1, bid=18, points=18) == {"NS": 0, "EW": 1}
    assert RULES.score_deal(bidder=2, bid=18, points=17) == {"NS": -1, "EW": 0}
    for bad in (
        {"bidder": 4, "bid": 18, "points": 18},
        {"bidder": 1, "bid": 30, "points": 18},
        {"bidder": 1, "bid": 18, "points": 29},
        {"bidder": 1, "bid": 18},
    ):
        with pytest.raises(cardrules.CardrulesError, match="invalid deal"):
            RULES.score_deal(**bad)
    with pytest.raises(cardrules.CardrulesError, match="card points"):
        TwentyNineScorer().score(TwentyNineContract(None, 0, bidder=1, bid=16), (2, 2, 2, 2))
    assert repr(RULES.scorer) == "TwentyNineScorer(last_trick=False, min_bid=16)"


def test_the_scorer_and_the_end_read_as_the_calls_that_make_them() -> None:
    for thing in (RULES.scorer, RULES.end, TwentyNineScorer(last_trick=True)):
        namespace = {"TwentyNineScorer": TwentyNineScorer, "TwentyNineEnd": TwentyNineEnd}
        assert repr(eval(repr(thing), namespace)) == repr(thing)
    assert RULES.end.summary.startswith("the game ends when a side reaches 6 game points")


def test_tn_6_2_the_game_ends_at_plus_or_minus_six() -> None:
    """TN-6.2: the game ends after the deal in which a side reaches 6 (it wins) or -6 (the
    other side wins), not before."""
    for seed in range(40):
        rng = random.Random(seed)
        game = RULES.new_game(seed=seed)
        while game.phase != "finished":
            game.apply(rng.choice(game.legal_actions()))
        totals = {"NS": Decimal(0), "EW": Decimal(0)}
        for number, result in enumerate(game.deals):
            for side, value in result.scores.items():
                totals[side] += value
            ended = any(abs(v) >= 6 for v in totals.values())
            assert ended == (number == len(game.deals) - 1)
        assert game.totals == totals
        over = game.over
        assert over is not None and over.rule == "TN-6.2"
        winners = {s for s, v in totals.items() if v >= 6} or {
            s for s in totals if totals["EW" if s == "NS" else "NS"] <= -6
        }
        assert set(over.winners) == winners
