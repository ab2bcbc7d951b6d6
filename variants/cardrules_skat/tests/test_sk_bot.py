"""skat: the rule bot's choices in the bidding (IskoCall.advise): bids up to the value of
its best game (SK-2.2, SK-6.1 .. SK-6.3), holds while the value reaches the bid, takes the
skat up unless it holds eight trumps, lays away its weakest cards outside the trumps
(SK-5.1), and announces a game whose value reaches the bid (SK-5.4)."""

from __future__ import annotations

import cardrules
from cardrules import Game
from cardrules.engine.bots import RuleBot
from cardrules_skat import BIDS, DECK

RULES = cardrules.load("skat")
FOREHAND = "JH JD AS 10S KS QS 9S 8S AH 7D"  # spades, eight trumps: without 2, 11 x 3 = 33
MIDDLEHAND = "JC JS AC 10C KC 9C 8C 7H 8H 9D"  # clubs, seven trumps: with 2, 12 x 3 = 36
SKAT = "7C 7S"


def deal() -> Game:
    taken = DECK.mask_of(DECK.parse_cards(f"{FOREHAND} {MIDDLEHAND} {SKAT}"))
    rearhand = " ".join(str(c) for c in DECK.cards_of(DECK.all_mask & ~taken))
    hands = [DECK.parse_cards(h) for h in (FOREHAND, MIDDLEHAND, rearhand)]
    return RULES.new_game(seed=0, dealer=2, hands=hands, stock=DECK.parse_cards(SKAT))


def advised(game: Game) -> str:
    seat = game.to_act
    assert seat is not None
    action = RuleBot().choose(game.view(seat))
    game.apply(action)
    return str(action)


def test_the_rule_bot_bids_to_its_games_value_and_declares() -> None:
    """Middlehand bids up from 18, forehand holds up to 33 (its spades without 2), rearhand
    (five diamonds without 4: 45) outbids middlehand's 36 (clubs with 2), takes the skat
    up, lays away the two sevens outside its trumps and announces diamonds."""
    game = deal()
    said = [advised(game) for _ in range(26)]
    held = [v for v in BIDS if v <= 33]
    expected = [x for v in held for x in (f"bid {v}", "yes")]
    expected += ["bid 35", "pass", "bid 36", "yes", "bid 40", "pass", "take skat"]
    assert said[: len(expected)] == expected
    rest = said[len(expected) :]
    assert sorted(rest[:2]) == ["discard 7C", "discard 7S"]
    assert rest[2] == "announce diamonds"
    assert game.phase == "play"


def test_the_rule_bot_plays_eight_trumps_from_hand() -> None:
    """Forehand, left alone, plays at 18 (SK-2.4) and, with eight trumps, a hand game."""
    game = deal()
    game.apply("pass")
    game.apply("pass")
    assert advised(game) == "bid 18"
    assert advised(game) == "announce spades hand"


def test_the_rule_bot_lays_away_outside_the_game_it_will_announce() -> None:
    """SK-5.1: with the skat taken up the rule bot keeps its trumps for the game it will
    announce (hearts, its sevens and eights among them) and lays away its weakest other
    cards, the two queens; then announces hearts."""
    hands = [
        "AS 10S KS 9S 8S 7S AD 10D 9D 8D",
        "JC JS AH 10H KH 8H 7H AC 10C KD",
        "JH JD QH 9H 9C 8C 7C QD 7D KC",
    ]
    game = RULES.new_game(
        seed=0,
        dealer=2,
        hands=[DECK.parse_cards(h) for h in hands],
        stock=DECK.parse_cards("QS QC"),
    )
    for action in ("bid 18", "pass", "pass"):
        game.apply(action)
    assert advised(game) == "take skat"
    assert sorted(advised(game) for _ in range(2)) == ["discard QC", "discard QS"]
    assert advised(game) == "announce hearts"
