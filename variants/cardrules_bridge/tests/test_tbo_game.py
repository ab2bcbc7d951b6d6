"""Tiny bridge through the public API (TBO-1, TBO-5, D-4): the table and the deal, what
each seat sees at every step, whole random games, records and undo, and the bots.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import cardrules
from cardrules import CardrulesError, Game
from cardrules.deck import Ranking, Suit
from cardrules.engine.bots import MonteCarloBot, RuleBot
from cardrules_bridge.tiny import (
    TINY_CALLS,
    TinyBid,
    TinyContract,
    TinyPass,
    TinyPassedOut,
    tiny_call_advice,
)
from helpers import card_tokens, write_profile

RULES = cardrules.load("tiny-bridge-openspiel")
DECK = RULES.deck
N, E, S, W = range(4)
#: Every score a deal may have (TBO-4.1 .. TBO-4.3): made 10..35, down -20 or -40, x2, x4.
POSSIBLE = {0} | {
    sign * base * factor
    for base in (10, 20, 30, 35, 40)
    for factor in (1, 2, 4)
    for sign in (1, -1)
}


def play_random(game: Game, rng: random.Random) -> None:
    """Random legal calls, a pass half the time (so that deals are passed out too)."""
    while game.phase != "finished":
        legal = game.legal_actions()
        game.apply(legal[0] if rng.random() < 0.5 else rng.choice(legal))


def test_tbo_1_2_the_pack_of_eight() -> None:
    """TBO-1.2: hearts and spades, jack to ace, each once; D-2: hearts J Q K A are cards
    0..3 and spades 4..7, OpenSpiel's card numbers."""
    assert DECK.size == 8 and DECK.suits == (Suit.H, Suit.S)
    assert [str(c) for c in DECK.cards] == ["JH", "QH", "KH", "AH", "JS", "QS", "KS", "AS"]
    order = DECK.order(Ranking("natural", None))
    assert order.winner([DECK.parse(t).index for t in ("QH", "AH", "KH", "JH")]) == 1


def test_tbo_1_3_two_cards_each_seen_by_no_one_else() -> None:
    """TBO-1.3: each seat holds two cards, the eight between them; TBO-5.1: its view holds
    them and no other seat's, and so does its view when the deal is over."""
    for seed in range(30):
        game = RULES.new_game(seed=seed)
        hands = [game.hand(s) for s in range(4)]
        assert [len(h) for h in hands] == [2, 2, 2, 2]
        assert sorted(c.index for h in hands for c in h) == list(range(8))
    with pytest.raises(CardrulesError):
        RULES.new_game(seed=1, hands=[["AH", "KH", "QH"], ["AS"], ["KS", "QS"], ["JS", "JH"]])


def test_tbo_5_1_every_view_at_every_step_holds_only_its_own_cards() -> None:
    """TBO-5.1 over 150 random games, every seat and the public view at every step and at
    the end: a seat's view shows its own two cards and every call, and names no card of
    another seat anywhere (its JSON included); the public view names no card at all."""
    card_texts = {str(c) for c in DECK.cards}
    for seed in range(150):
        game = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        own = {s: {str(c) for c in game.hand(s)} for s in range(4)}
        while True:
            for seat in range(4):
                view = game.view(seat)
                assert set(view.hands) == {seat}
                assert {str(c) for c in view.hand} == own[seat]
                named = card_tokens(view.to_dict()) & card_texts
                assert named <= own[seat], (seed, seat, named)
                assert view.auction["calls"] == game.auction.public()["calls"]
            public = game.public_view()
            assert not public.hands and not card_tokens(public.to_dict()) & card_texts
            if game.phase == "finished":
                break
            game.apply(rng.choice(game.legal_actions()))


def test_tbo_1_1_a_hundred_random_games_through_the_api() -> None:
    """TBO-1.1: each game is one deal, over when its auction is; the sides are NS and EW;
    TBO-4.4: the deal is zero-sum, its score one the table allows, the totals the deal's;
    the game names its winners (equal totals share first place)."""
    kinds = set()
    for seed in range(100):
        game = RULES.new_game(seed=seed)
        play_random(game, random.Random(seed))
        assert game.phase == "finished" and len(game.deals) == 1
        deal = game.deals[0]
        assert set(deal.scores) == {"NS", "EW"} and sum(deal.scores.values()) == 0
        assert deal.scores["NS"] in POSSIBLE and deal.tricks == (0, 0, 0, 0)
        assert game.totals == deal.scores
        assert game.over is not None and game.over.rule == "TBO-1.1"
        top = max(deal.scores.values())
        assert set(game.over.winners) == {s for s, v in deal.scores.items() if v == top}
        kinds.add(type(deal.contract))
        assert deal.contract.result_words(deal.tricks)
    assert kinds == {TinyContract, TinyPassedOut}


def test_tbo_1_1_no_parameters() -> None:
    """TBO-1.1: the profile reads no setting: the bridge family's first_board is taken and
    changes nothing (the same deals, dealer, calls and scores); another option is unknown."""
    boards = cardrules.load("tiny-bridge-openspiel", first_board=7)
    for seed in range(10):
        plain, other = RULES.new_game(seed=seed), boards.new_game(seed=seed)
        assert other.dealer == W and other.initial_hands == plain.initial_hands
        for game in (plain, other):
            play_random(game, random.Random(seed))
        assert other.actions == plain.actions and other.deals == plain.deals
    with pytest.raises(cardrules.ProfileError, match="unknown option"):
        cardrules.load("tiny-bridge-openspiel", target=3)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("[auction]\nmin_call = 1\n", "auction.min_call -> the 'tiny_bridge_calls' auction"),
        ("[scoring]\nparams = { bonus = 5 }\n", "scoring.params.bonus -> unknown setting"),
    ],
)
def test_tbo_1_1_no_call_bounds_and_no_scoring_settings(
    tmp_path: Path, body: str, words: str
) -> None:
    """TBO-1.1, TBO-2.2: the six bids have no bounds to set and the scores no settings: a
    profile that sets them is refused, naming the key."""
    path = write_profile(tmp_path, "tiny-set", body, base="tiny-bridge-openspiel")
    with pytest.raises(cardrules.ProfileError, match=words.replace(".", r"\.")):
        cardrules.load(path)


def test_records_replay_and_undo_at_every_step() -> None:
    """Each call undoes to the state before it, the last one (which scores the deal) among
    them, and a game's record replays to the same game at every step."""
    for seed in range(25):
        game = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            before = game.to_json()
            action = rng.choice(game.legal_actions())
            game.apply(action)
            after = game.to_json()
            game.undo()
            assert game.to_json() == before
            game.apply(action)
            assert game.to_json() == after
            assert Game.from_json(after, rules=RULES).to_json() == after
        record = json.loads(game.to_json())
        assert record["profile"] == "tiny-bridge-openspiel"
        assert Game.from_json(game.to_json()).deals == game.deals


def test_tbo_d4_the_rule_bots_calls() -> None:
    """D-4: two cards of a suit and 5 points bid it (7 points: at the two level), one of
    each suit and 6 points 1NT, weaker hands pass; over partner's one-level bid in a suit
    held, 4 points raise; over an opponent's bid, 6 points and a card of its suit double."""
    opening = list(TINY_CALLS[:7])
    assert tiny_call_advice([("S", 14), ("S", 13)], W, [], opening) == TinyBid(2, "S")
    assert tiny_call_advice([("H", 14), ("H", 11)], W, [], opening) == TinyBid(1, "H")
    assert tiny_call_advice([("H", 14), ("S", 12)], W, [], opening) == TinyBid(1, "NT")
    assert tiny_call_advice([("H", 12), ("S", 12)], W, [], opening) == TinyPass()
    game = RULES.new_game(seed=1, hands=[["JH", "KS"], ["QH", "QS"], ["KH", "JS"], ["AH", "AS"]])
    rule = RuleBot()
    assert str(rule.choose(game.view(W))) == "1NT"  # 8 points, one card of each suit
    game.apply("1NT")
    assert str(rule.choose(game.view(N))) == "pass"  # 4 points: no double
    game.apply("pass")
    game.apply("pass")  # East
    assert str(rule.choose(game.view(S))) == "pass"  # 4 points
    game = RULES.new_game(seed=1, hands=[["AH", "KS"], ["QH", "QS"], ["KH", "JS"], ["JH", "AS"]])
    game.apply("1S")
    assert str(rule.choose(game.view(N))) == "double"  # 7 points and a spade


def test_the_rule_bot_and_the_mc_bot_play_whole_games() -> None:
    """D-4 and the Monte Carlo bot: bots of both kinds finish games with legal calls only."""
    for seed in range(8):
        game = RULES.new_game(seed=seed)
        players: list[RuleBot | MonteCarloBot] = [RuleBot(), MonteCarloBot(samples=4, seed=seed)]
        while game.phase != "finished":
            seat = game.to_act
            assert seat is not None
            action = players[seat % 2].choose(game.view(seat))
            assert game.is_legal(action)
            game.apply(action)
        assert sum(game.deals[0].scores.values()) == 0


def test_the_contracts_read_and_write() -> None:
    """TBO-2.8: a contract's words, its JSON and its repr (the call that rebuilds it)."""
    contract = TinyContract(Suit.S, N, level=2, strain="S", doubled=1, declarer=E)
    assert contract.words() == "Contract: 2♠X by E"
    assert contract.to_dict() == {
        "trump": "S",
        "leader": 0,
        "contract": "2SX",
        "level": 2,
        "strain": "S",
        "doubled": 1,
        "declarer": 1,
    }
    assert eval(repr(contract)) == contract
    passed = TinyPassedOut(None, W)
    assert eval(repr(passed)) == passed and passed.to_dict()["passed_out"] is True


def test_tbo_d3_no_table_of_two(tmp_path: Path) -> None:
    """D-3: OpenSpiel's tiny_bridge_2p is a game of two players; a table of two is refused
    (tables seat 3 to 7), so only the four-player game is a profile."""
    body = "[table]\nplayers = 2\n"
    path = write_profile(tmp_path, "tiny-two", body, base="tiny-bridge-openspiel")
    with pytest.raises(cardrules.ProfileError, match="players"):
        cardrules.load(path)
