"""twenty-nine's pair (TN-7.4) through the public API: the king and queen of trumps in one
hand, shown (``pair``) once the trump is revealed and the holder's side has won a trick
completed since, while the holder still has both, once a deal, never in a single hand;
refusals citing TN-7.4; the bid moved 4 down for the bidding side, 4 up for the other,
within the lowest and highest bid; the pair in every view, the record and undo; random
games and the bots with the pair.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import Game
from cardrules.engine.bots import MonteCarloBot, RuleBot, play_game
from cardrules.envs.encoding import Encoding
from cardrules.errors import ActionError
from cardrules.rules.components import FinishedDeal
from cardrules.server.messages import SeatView
from cardrules_twentynine import DECK, ShowPair, TwentyNineContract, TwentyNineScorer
from helpers import card_tokens, refused, write_profile

RULES = cardrules.load("twenty-nine")
PAIR = ShowPair()
RULE = "TN-7.4"
#: TN-1.3: the card points.
POINTS = {11: 3, 9: 2, 14: 1, 10: 1}

# N (0) deals, W (3) bids first and leads.  S (North/South) holds the king and queen of
# spades, the trump W lays down; S and N hold no heart.
OTHERS_PAIR = [
    "KC QC 7C KD QD 8D 8C 7D",  # N
    "JD 9D AD 10D 9H AH 10H KH",  # E
    "JC 9C AC 10C KS QS 8S 7S",  # S
    "JS 9S AS 10S JH 7H QH 8H",  # W
]
# The same, but W, the bidder, holds the king and queen of spades and S the jack and nine.
BIDDERS_PAIR = [
    "KC QC 7C KD QD 8D 8C 7D",  # N
    "JD 9D AD 10D 9H AH 10H KH",  # E
    "JC 9C AC 10C JS 9S 8S 7S",  # S
    "KS QS AS 10S JH 7H QH 8H",  # W
]


def one_deal(tmp_path: Path, options: str = "") -> cardrules.Ruleset:
    """twenty-nine stopped after one deal, so that its tricks stay to be read."""
    body = "[game]\ndeals = 1\n" + (f"[options]\n{options}\n" if options else "")
    return cardrules.load(write_profile(tmp_path, "tn-pair-one-deal", body, base="twenty-nine"))


def spades(hands: list[str], bid: int = 16, rules: cardrules.Ruleset = RULES) -> Game:
    """W bids ``bid``, the others pass, W lays spades down, no single hand."""
    game = rules.new_game(seed=1, dealer=0, hands=hands)
    for call in (f"bid {bid}", "pass", "pass", "pass", "conceal spades"):
        game.apply(call)
    while game.phase == "auction":
        game.apply("pass")
    return game


def texts(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def s_wins_the_reveal_trick(game: Game) -> None:
    """W leads a heart; S, holding none, asks and trumps with the seven: S wins trick 1."""
    game.apply("play 7H")
    game.apply("reveal trump")
    game.apply("play 7S")
    game.apply("play AH")
    game.apply("play 7C")
    assert game.tricks[-1].winner == 2 and game.to_act == 2


def test_tn_7_4_no_pair_before_the_trump_is_revealed() -> None:
    game = spades(OTHERS_PAIR)
    game.apply("play 7H")
    assert game.to_act == 2 and "pair" not in texts(game)  # S holds KS QS, trump concealed
    error = refused(game, "pair")
    assert error.rule == RULE and "once the trump has been revealed" in str(error)


def test_tn_7_4_no_pair_before_its_side_wins_a_trick_after_the_reveal() -> None:
    """S asks for the trump: not yet (no trick won since); N asks and E wins that trick:
    still not for S at its next turn, though its side won nothing before either."""
    game = spades(OTHERS_PAIR)
    game.apply("play 7H")
    game.apply("reveal trump")
    assert "pair" not in texts(game)
    error = refused(game, "pair")
    assert error.rule == RULE and "has won no trick since the trump was revealed" in str(error)

    game = spades(OTHERS_PAIR)
    for action in ("play 7H", "play 10C", "play KH", "reveal trump", "play 8C"):
        game.apply(action)  # S discards without asking; N asks; E's king wins
    assert game.revealed == (0, 0, 3) and game.tricks[-1].winner == 1
    game.apply("play JD")  # E leads
    game.apply("play 7D")  # N follows
    game.apply("play JH")  # W discards
    assert game.to_act == 2 and "pair" not in texts(game)
    assert refused(game, "pair").rule == RULE
    game.apply("play 7S")  # S trumps: S wins trick 2, completed after the reveal
    assert game.tricks[-1].winner == 2 and texts(game)[-1] == "pair"


def test_tn_7_4_the_pair_once_its_side_has_won_a_trick_since_the_reveal() -> None:
    game = spades(OTHERS_PAIR)
    s_wins_the_reveal_trick(game)  # (the trick of the reveal is completed after it)
    assert texts(game)[-1] == "pair" and texts(game).count("pair") == 1
    assert ShowPair.advise(game.view(2), game.legal_actions()) == PAIR
    assert RuleBot().choose(game.view(2)) == PAIR  # the rule bot shows it
    game.apply("pair")
    assert game.play_calls == ((2, PAIR),) and game.to_act == 2  # S still plays its card
    assert "pair" not in texts(game)
    error = refused(game, "pair")
    assert error.rule == RULE and "shown already" in str(error)
    assert ShowPair.advise(game.view(2), game.legal_actions()) is None


def test_tn_7_4_only_the_holder_of_both_and_only_while_it_holds_both() -> None:
    """E and W never hold the pair; S, once it has played the queen, no longer has it."""
    game = spades(OTHERS_PAIR)
    s_wins_the_reveal_trick(game)
    game.apply("play QS")  # S leads the queen instead of showing the pair
    while game.to_act != 2:
        assert "pair" not in texts(game)
        error = refused(game, "pair")
        assert error.rule == RULE and "does not hold both the king and the queen" in str(error)
        game.apply(game.legal_actions()[0])
    assert "pair" not in texts(game)
    assert "does not hold both" in str(refused(game, "pair"))


def test_tn_7_4_the_bidding_sides_pair() -> None:
    """W, the bidder, holds the pair: N asks in trick 1, which W's jack of hearts wins."""
    game = spades(BIDDERS_PAIR, bid=20)
    for action in ("play JH", "play 10C", "play KH", "reveal trump", "play 8C"):
        game.apply(action)
    assert game.tricks[-1].winner == 3 and game.to_act == 3
    assert texts(game)[-1] == "pair"
    game.apply("pair")
    assert game.play_calls == ((3, PAIR),)


def test_tn_7_4_no_pair_in_a_single_hand(tmp_path: Path) -> None:
    """TN-5.2: a single hand has no trumps, so no pair, whoever holds a king and queen."""
    game = RULES.new_game(seed=1, dealer=0, hands=OTHERS_PAIR)
    for call in ("bid 16", "pass", "pass", "pass", "conceal spades", "pass", "single hand"):
        game.apply(call)
    rng = random.Random(2)
    steps = 0
    while game.deal_number == 1 and game.phase == "play":
        assert "pair" not in texts(game)
        if steps % 3 == 0:
            error = refused(game, "pair")
            assert error.rule == RULE and "without trumps" in str(error)
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    assert steps == 24


def test_tn_7_4_other_actions_in_the_play_are_refused_citing_the_pair_rule() -> None:
    game = spades(OTHERS_PAIR)
    s_wins_the_reveal_trick(game)
    error = refused(game, "bid 17")
    assert error.rule == RULE and "'pair'" in str(error)


def _side_points(game: Game, seat: int) -> int:
    return sum(
        POINTS.get(card.rank, 0)
        for trick in game.tricks
        if trick.winner % 2 == seat % 2
        for _, card in trick.cards
    )


def test_tn_7_4_the_pair_moves_the_bid_in_whole_deals(tmp_path: Path) -> None:
    """S (the other side) shows the pair against bids of 16, 20 and 26: W's side must take
    20, 24 and 28 (not 30); W (the bidding side) shows it on bids of 18, 20 and 26: 16 (not
    14), 16 and 22.  Each deal is played out at random and scored against that target."""
    rules = one_deal(tmp_path)
    cases = [
        (OTHERS_PAIR, 16, 20),
        (OTHERS_PAIR, 20, 24),
        (OTHERS_PAIR, 26, 28),
        (BIDDERS_PAIR, 18, 16),
        (BIDDERS_PAIR, 20, 16),
        (BIDDERS_PAIR, 26, 22),
    ]
    outcomes = set()
    for number, (hands, bid, target) in enumerate(cases):
        for seed in range(6):
            game = spades(hands, bid, rules)
            if hands is OTHERS_PAIR:
                s_wins_the_reveal_trick(game)
            else:
                for action in ("play JH", "play 10C", "play KH", "reveal trump", "play 8C"):
                    game.apply(action)
            game.apply("pair")
            rng = random.Random(seed * 10 + number)
            while game.phase == "play":
                game.apply(rng.choice(game.legal_actions()))
            points = _side_points(game, 3)
            made = points >= target
            outcomes.add((made, points >= bid))
            assert game.deals[0].scores == {"EW": Decimal(1 if made else -1), "NS": Decimal(0)}
    assert any(made != unmoved for made, unmoved in outcomes)  # the pair decided some deal


def test_tn_7_4_the_scorer_reads_the_pair_from_the_calls() -> None:
    """The bidding side (E, bid 20) took 16 card points: made with its own pair (20 - 4),
    lost without; took 23: lost against the other side's pair (24), made without."""
    contract = TwentyNineContract(None, 0, bidder=1, bid=20)
    scorer = TwentyNineScorer()

    def took(points: int) -> list[int]:
        cards = [c for c in DECK.cards if POINTS.get(c.rank)]
        mine = 0
        for card in sorted(cards, key=lambda c: -POINTS[c.rank]):
            if POINTS[card.rank] <= points:
                mine |= card.mask
                points -= POINTS[card.rank]
        assert points == 0
        return [0, mine, DECK.all_mask & ~mine, 0]

    def score(taken: list[int], pair: int | None) -> Decimal:
        calls = () if pair is None else ((pair, PAIR),)
        deal = FinishedDeal(contract, (0, 4, 4, 0), taken, deck=DECK, calls=calls)
        return scorer.score_finished(deal)["EW"]

    assert [score(took(16), p) for p in (None, 3, 1, 0)] == [-1, 1, 1, -1]
    assert [score(took(23), p) for p in (None, 2, 3)] == [1, -1, 1]
    assert [score(took(24), p) for p in (None, 0)] == [1, 1]


def test_tn_7_4_the_bounds_of_the_moved_bid() -> None:
    """Not below the lowest bid (16, or the profile's min_bid), not above the highest (28,
    or 29 where the last trick counts: TN-1.4)."""
    low = TwentyNineScorer()
    bids = {n: TwentyNineContract(None, 0, bidder=0, bid=n) for n in (16, 18, 20, 24, 26, 28)}
    assert [low.target(bids[n], pair=2) for n in (16, 18, 20, 24)] == [16, 16, 16, 20]
    assert [low.target(bids[n], pair=1) for n in (16, 24, 26, 28)] == [20, 28, 28, 28]
    assert low.target(bids[20], pair=None) == 20
    last = TwentyNineScorer(last_trick=True)
    assert [last.target(bids[n], pair=3) for n in (24, 26, 28)] == [28, 29, 29]
    higher = cardrules.load("twenty-nine", options={"min_bid": 18}).scorer
    assert isinstance(higher, TwentyNineScorer)
    assert [higher.target(bids[n], pair=0) for n in (18, 20, 24)] == [18, 18, 20]
    assert "4 down for the bidding side" in RULES.scorer.summary


def test_tn_7_4_the_pair_in_every_view() -> None:
    game = spades(OTHERS_PAIR)
    s_wins_the_reveal_trick(game)
    for seat in (0, 1, 2, 3, None):
        view = game.public_view() if seat is None else game.view(seat)
        assert view.play_calls == ()
    game.apply("pair")
    for seat in (0, 1, 2, 3, None):
        view = game.public_view() if seat is None else game.view(seat)
        assert view.play_calls == ((2, "pair"),)
        data = view.to_dict()
        assert data["play_calls"] == [[2, "pair"]]
        SeatView.model_validate(data)
        if seat not in (2, None):  # the pair tells no other seat's cards
            assert {str(c) for c in view.hand} == {str(c) for c in DECK.cards_of(game.hands[seat])}
    assert json.loads(game.to_json())["state"]["play_calls"] == [[2, "pair"]]


def test_tn_7_4_undo_and_the_record_across_the_pair() -> None:
    game = spades(OTHERS_PAIR)
    s_wins_the_reveal_trick(game)
    before = game.to_json()
    views = [game.view(s).to_json() for s in range(4)]
    game.apply("pair")
    after = game.to_json()
    assert Game.from_json(after, allow_preset_hands=True).to_json() == after
    assert Game.from_json(after, allow_preset_hands=True).play_calls == ((2, PAIR),)
    assert game.undo() == PAIR
    assert game.to_json() == before and game.play_calls == ()
    assert [game.view(s).to_json() for s in range(4)] == views
    assert texts(game)[-1] == "pair"
    game.apply("pair")
    assert game.to_json() == after
    rng = random.Random(4)
    while game.deal_number == 1:
        game.apply(rng.choice(game.legal_actions()))
    record = game.to_json()
    assert Game.from_json(record, allow_preset_hands=True).to_json() == record
    assert game.play_calls == ()  # a new deal, no pair yet


def test_tn_7_4_a_hundred_random_games_with_pairs() -> None:
    """100 random games through the API by the actions' texts, the pair shown whenever it
    is offered: every pair shown by a seat holding the king and queen of trumps.  (A
    single hand is taken one time in ten: random players would take it at every deal.)"""
    pairs = 0
    for seed in range(100):
        rng = random.Random(seed)
        game = RULES.new_game(seed=seed)
        while game.phase != "finished":
            legal = texts(game)
            if "pair" in legal:
                contract = game.contract
                assert isinstance(contract, TwentyNineContract) and contract.trump is not None
                held = {str(c) for c in game.hand(game.to_act or 0)}
                trump = contract.trump.name
                assert {f"K{trump}", f"Q{trump}"} <= held and game.revealed is not None
                pairs += 1
                game.apply("pair")
                assert not game.is_legal("pair")
                played = game.played_mask() | sum(card.mask for _, card in game.trick)
                for seat in range(4):  # the pair shows no card to another seat's view
                    data = game.view(seat).to_dict()
                    assert data["play_calls"] == [[game.to_act, "pair"]]
                    assert card_tokens(data) <= {
                        str(c) for c in DECK.cards_of(game.hands[seat] | played)
                    }
                continue
            if "single hand" in legal and rng.random() < 0.9:
                game.apply("pass")
            else:
                game.apply(rng.choice(legal))
        assert game.over is not None and any(abs(v) >= 6 for v in game.totals.values())
    assert pairs >= 5


def test_tn_7_4_the_adapters_action_space_holds_the_pair() -> None:
    encoding = Encoding(RULES)
    index = encoding.index(PAIR)
    assert encoding.action(index) == PAIR and index >= 32


def test_tn_7_4_the_bots_play_games_with_the_pair() -> None:
    """The rule bot and mc bots play whole games; the mc bot decides at a position where
    the pair is offered."""
    game = spades(OTHERS_PAIR)
    s_wins_the_reveal_trick(game)
    choice = MonteCarloBot(5, samples=2, candidates=3).choose(game.view(2))
    assert game.is_legal(choice)
    game = play_game(
        RULES.new_game(seed=11),
        [
            MonteCarloBot(1, samples=2, candidates=2),
            RuleBot(),
            MonteCarloBot(3, samples=2),
            RuleBot(),
        ],
    )
    assert game.phase == "finished" and game.over is not None


def test_tn_7_4_the_pairs_text_and_repr() -> None:
    """``pair`` reads as the one ShowPair; extra words are refused; its repr rebuilds it."""
    game = spades(OTHERS_PAIR)
    assert game.parse("pair") == PAIR and str(PAIR) == "pair"
    assert eval(repr(PAIR), {"ShowPair": ShowPair}) == PAIR
    with pytest.raises(ActionError, match="expected 'pair'"):
        game.parse("pair of kings")
    assert RULES.auction.every_play_call() == (PAIR,)


def test_tn_7_4_score_deal_by_hand_with_the_pair() -> None:
    """``pair=`` the seat that showed it: E's side bid 20 and took 17, made with W's pair
    (16), lost without or against S's (24); a bad seat is refused."""
    assert RULES.score_deal(bidder=1, bid=20, points=17) == {"NS": 0, "EW": -1}
    assert RULES.score_deal(bidder=1, bid=20, points=17, pair=3) == {"NS": 0, "EW": 1}
    assert RULES.score_deal(bidder=1, bid=20, points=23, pair=2) == {"NS": 0, "EW": -1}
    assert RULES.score_deal(bidder=1, bid=20, points=24, pair=0) == {"NS": 0, "EW": 1}
    for bad in ({"pair": 4}, {"pair": "S"}, {"pairs": 1}):
        with pytest.raises(cardrules.CardrulesError, match="invalid deal"):
            RULES.score_deal(bidder=1, bid=20, points=20, **bad)
