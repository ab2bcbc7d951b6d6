"""twenty-nine as a whole: what each seat may see at every step of whole games (the trump
laid face down: TN-3.1, TN-4.3; the cards not dealt yet: TN-2.1, TN-3.2), records and undo
(across the second stage and the reveal), the rule bot's advice, the mc bot, and 100
random games through the public API.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest

import cardrules
from cardrules import Game
from cardrules.engine.bots import MonteCarloBot, RuleBot, play_game
from cardrules.rules.actions import RevealTrump
from cardrules_twentynine import Conceal, PointBid, TwentyNineCall, TwentyNineContract
from helpers import card_tokens

RULES = cardrules.load("twenty-nine")
HANDS = [
    "KC QC 7C KD QD 8D 8C 7D",  # N, the dealer
    "JD 9D AD 10D 9H AH 10H KH",  # E
    "JC 9C AC 10C KS QS 8S 7S",  # S
    "JS 9S AS 10S JH 7H QH 8H",  # W: bids, lays spades down, leads
]


def _names(mask: int) -> set[str]:
    return {str(c) for c in RULES.deck.cards_of(mask)}


def _trump_named(data: dict[str, object], word: str) -> bool:
    """Whether a view's JSON names a trump: its trump, its contract's, the auction's
    private trump, or the text of the bidder's choice."""
    contract = data["contract"]
    auction = data["auction"]
    return (
        data["trump"] is not None
        or (isinstance(contract, dict) and contract.get("trump") is not None)
        or (isinstance(auction, dict) and "trump" in auction)
        or f"conceal {word}" in json.dumps(data)
    )


def check_views(game: Game) -> None:
    """Every seat's view and the public one, now: no card it may not see (another's hand,
    a card not dealt yet, its own included), and the trump only where it may be known."""
    played = game.played_mask() | sum(card.mask for _, card in game.trick)  # tricks, table
    contract = game.contract
    bidder = game.auction.public().get("bidder") if game.phase == "auction" else None
    suit = None
    if isinstance(contract, TwentyNineContract):
        bidder = contract.bidder
        suit = contract.trump
    elif game.phase == "auction" and bidder is not None and game.auction.private(bidder):
        suit = cardrules.deck.Suit[game.auction.private(bidder)["trump"]]
    concealed = (
        suit is not None
        and (
            game.phase == "auction"
            or (isinstance(contract, TwentyNineContract) and contract.concealed is not None)
        )
        and game.revealed is None
        and game.phase != "finished"
    )
    for seat in (0, 1, 2, 3, None):
        view = game.public_view() if seat is None else game.view(seat)
        data = view.to_dict()
        own = 0 if seat is None else game.hands[seat]
        shown = card_tokens(data)
        assert shown <= _names(own | played), (seat, shown - _names(own | played))
        if seat is not None:
            assert {str(c) for c in view.hand} == _names(own)
        assert view.to_deal == game.cards_to_deal
        assert json.loads(view.to_json()) == json.loads(json.dumps(data))
        if suit is None or game.phase == "finished":
            continue
        if concealed and seat != bidder:
            assert not _trump_named(data, suit.word), (seat, data)
            assert view.trump is None
            if game.phase == "play":
                assert view.trump_concealed
                line = str(view).split("Contract")[1].split("\n")[0]
                assert "concealed" in line and suit.word not in line
        elif game.phase == "play" and not (
            isinstance(contract, TwentyNineContract) and contract.single
        ):
            assert view.trump == suit.name  # the bidder's own view, or everyone's once revealed


@pytest.mark.parametrize(
    ("options", "games"),
    [({}, 12), ({"dealer_forced": False, "single_hand": False, "last_trick": True}, 6)],
)
def test_tn_3_1_no_view_of_any_step_of_whole_games_shows_what_it_may_not(
    options: dict[str, object], games: int
) -> None:
    """TN-2.1, TN-3.1, TN-3.2, TN-4.3: at every step of whole random games, for every seat
    and the public view: no card of another hand or not yet dealt, the trump only in the
    bidder's view until it is revealed, then in all."""
    rules = cardrules.load("twenty-nine", options=options)
    seen_concealed = seen_revealed = 0
    for seed in range(games):
        rng = random.Random(seed)
        game = rules.new_game(seed=seed)
        while game.phase != "finished":
            check_views(game)
            if game.phase == "play" and game.revealed is None and game.view(0).trump_concealed:
                seen_concealed += 1
            if game.revealed is not None:
                seen_revealed += 1
            game.apply(rng.choice(game.legal_actions()))
        check_views(game)
    assert seen_concealed and seen_revealed


def test_the_servers_view_message_takes_every_view_of_a_game() -> None:
    """The table server's SeatView (the protocol) accepts each seat's view at every step."""
    messages = pytest.importorskip("cardrules.server.messages")
    rng = random.Random(3)
    game = RULES.new_game(seed=3)
    while game.phase != "finished":
        for seat in range(4):
            sent = messages.SeatView.model_validate(game.view(seat).to_dict())
            assert sent.to_deal == list(game.cards_to_deal)
        game.apply(rng.choice(game.legal_actions()))


def test_tn_3_2_the_second_four_cards_are_in_no_view_before_the_trump() -> None:
    game = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    for call in ("bid 16", "pass", "pass", "pass"):
        game.apply(call)
        later = {c for seat, hand in enumerate(HANDS) for c in hand.split()[4:]}
        for seat in (0, 1, 2, 3):
            data = game.view(seat).to_dict()
            assert not card_tokens(data) & later and data["to_deal"] == [4, 4, 4, 4]
        assert not card_tokens(game.public_view().to_dict()) & later
    game.apply("conceal spades")
    assert {str(c) for c in game.view(2).hand} == set(HANDS[2].split())
    assert game.view(2).auction_actions[-1] == (3, None)  # the choice, without its text
    assert game.view(3).auction_actions[-1] == (3, "conceal spades")


def test_undo_across_the_second_stage_and_the_reveal() -> None:
    """Undo puts back the hands of four cards (the trump laid down deals the rest) and the
    trump concealed (the reveal); redoing gives the same record."""
    game = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    for call in ("bid 16", "pass", "pass", "pass"):
        game.apply(call)
    before = game.to_json()
    views = [game.view(s).to_json() for s in range(4)]
    game.apply("conceal spades")
    after = game.to_json()
    assert game.undo() == Conceal(cardrules.deck.Suit.S)
    assert game.to_json() == before and [game.view(s).to_json() for s in range(4)] == views
    assert game.cards_to_deal == (4, 4, 4, 4)
    game.apply("conceal spades")
    assert game.to_json() == after
    for _ in range(4):
        game.apply("pass")
    game.apply("play 7H")
    before = game.to_json()
    views = [game.view(s).to_json() for s in range(4)]
    game.apply("reveal trump")
    assert game.revealed is not None and game.view(0).trump == "S"
    revealed = game.to_json()
    assert game.undo() == RevealTrump()
    assert game.to_json() == before and game.revealed is None and game.trump_mask == 0
    assert [game.view(s).to_json() for s in range(4)] == views
    assert game.view(0).trump is None and game.view(3).trump == "S"
    game.apply("reveal trump")
    assert game.to_json() == revealed


def test_records_round_trip_at_every_step_and_undo_to_the_start() -> None:
    reveals = 0
    for seed in (3, 4, 5, 6):
        rng = random.Random(seed)
        game = RULES.new_game(seed=seed)
        while game.phase != "finished":
            text = game.to_json()
            again = Game.from_json(text)
            assert again.to_json() == text and again.state_dict() == game.state_dict()
            game.apply(rng.choice(game.legal_actions()))
        record = game.to_json()
        assert Game.from_json(record).to_json() == record
        reveals += "reveal trump" in game.actions
        played = list(game.actions)
        while game.actions:
            game.undo()
        assert game.to_json() == RULES.new_game(seed=seed).to_json()
        for text in played:
            game.apply(text)
        assert game.to_json() == record
    assert reveals


def test_a_hundred_random_games_through_the_api() -> None:
    """100 games, each action chosen among the legal ones and applied by its text."""
    for seed in range(100):
        rng = random.Random(seed)
        game = RULES.new_game(seed=seed)
        while game.phase != "finished":
            game.apply(str(rng.choice(game.legal_actions())))
        assert game.over is not None
        assert any(abs(v) >= 6 for v in game.totals.values())
        totals = {"NS": Decimal(0), "EW": Decimal(0)}
        for result in game.deals:
            assert sum(result.tricks) == 8
            for side, value in result.scores.items():
                totals[side] += value
        assert game.totals == totals


def test_the_rule_bot_bids_from_points_and_jacks() -> None:
    """The rule bot's calls: bid the lowest bid while it is at most 14 + card points +
    jacks of its four cards and its partner does not hold the highest bid; lay down the
    suit it holds most of; a dealer forced to bid bids the lowest."""
    game = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    bot = RuleBot()
    # W, S and E each hold 7 points and a jack (at most 22); N no point (at most 14).
    for seat, advice in ((3, "bid 16"), (2, "bid 17"), (1, "bid 18"), (0, "pass")):
        assert game.to_act == seat and str(bot.choose(game.view(seat))) == advice
        game.apply(advice)
    assert str(bot.choose(game.view(3))) == "pass"  # W: its partner E holds the bid
    game.apply("pass")
    assert str(bot.choose(game.view(2))) == "bid 19"
    game.apply("pass")
    assert game.to_act == 1  # N, W, S passed after E's 18
    assert bot.choose(game.view(1)) == Conceal(cardrules.deck.Suit.D)  # four diamonds
    forced = RULES.new_game(seed=1, dealer=0, hands=HANDS)
    for call in ("pass", "pass", "pass"):
        forced.apply(call)
    assert bot.choose(forced.view(0)) == PointBid(16)  # the dealer forced (TN-2.4)
    assert TwentyNineCall.advise(forced.view(0), []) is None


def test_the_rule_bot_and_the_mc_bot_play_whole_games() -> None:
    """Four rule bots, then two mc bots (North and South) against rule bots: whole games
    to +/-6, the mc bots deciding their own calls, trumps, asks and cards."""
    for bots in (
        [RuleBot(), RuleBot(), RuleBot(), RuleBot()],
        [
            MonteCarloBot(1, samples=2, candidates=2),
            RuleBot(),
            MonteCarloBot(3, samples=2),
            RuleBot(),
        ],
    ):
        game = play_game(RULES.new_game(seed=6), bots)
        assert game.phase == "finished" and game.over is not None
        assert any(abs(v) >= 6 for v in game.totals.values())
        assert len(game.deals) >= 3 and all(sum(d.tricks) == 8 for d in game.deals)
