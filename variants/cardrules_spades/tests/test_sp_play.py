"""Spades, sections 1 and 3: table, deal and play (SP-1.x, SP-3.x, D-1, D-2, D-5), and
OpenSpiel's lead rule (SPO-1.3, SPO-1.1), through the public API."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import Game
from helpers import ALL_CARDS, names, play_out, random_policy, refused

SPADES = "spades"
OPENSPIEL = "spades-openspiel"


def _suit(suit: str, ranks: str) -> list[str]:
    return [f"{rank}{suit}" for rank in ranks.split()]


#: N: A K of spades and eleven hearts; E: the clubs; S: the diamonds; W: the other eleven
#: spades and 3 2 of hearts.
UNBROKEN = [
    " ".join(_suit("S", "A K") + _suit("H", "A K Q J 10 9 8 7 6 5 4")),
    " ".join(_suit("C", "A K Q J 10 9 8 7 6 5 4 3 2")),
    " ".join(_suit("D", "A K Q J 10 9 8 7 6 5 4 3 2")),
    " ".join(_suit("S", "Q J 10 9 8 7 6 5 4 3 2") + _suit("H", "3 2")),
]
#: N: the hearts; E: the clubs; S: twelve diamonds and 2S; W: twelve spades and 2D.
DISCARD = [
    " ".join(_suit("H", "A K Q J 10 9 8 7 6 5 4 3 2")),
    " ".join(_suit("C", "A K Q J 10 9 8 7 6 5 4 3 2")),
    " ".join([*_suit("D", "A K Q J 10 9 8 7 6 5 4 3"), "2S"]),
    " ".join([*_suit("S", "A K Q J 10 9 8 7 6 5 4 3"), "2D"]),
]


def _bid(game: Game, call: int = 1) -> None:
    while game.phase == "auction":
        game.apply(f"bid {call}")


@pytest.mark.parametrize("name", [SPADES, OPENSPIEL])
def test_sp_1_1_sp_1_2_four_players_thirteen_cards_each_in_two_partnerships(name: str) -> None:
    """SP-1.1, D-1: four seats in the sides NS (0, 2) and EW (1, 3); SP-1.2: the whole pack is
    dealt, thirteen cards each; D-2: the same seed deals the same cards."""
    rules = cardrules.load(name)
    assert rules.players == 4 and tuple(rules.sides) == ("NS", "EW")
    game = rules.new_game(seed=11)
    hands = [names(game.hand(s)) for s in range(4)]
    assert [len(h) for h in hands] == [13] * 4
    assert sorted(c for h in hands for c in h) == sorted(ALL_CARDS)
    assert [names(rules.new_game(seed=11).hand(s)) for s in range(4)] == hands


def test_sp_1_3_the_deal_passes_to_the_left() -> None:
    """SP-1.3, D-2: chance picks the first dealer; each next deal is dealt by the seat on the
    previous dealer's left."""
    rules = cardrules.load(SPADES)
    assert {rules.new_game(seed=s).dealer for s in range(40)} == {0, 1, 2, 3}
    game = rules.new_game(seed=12, dealer=2)
    dealers = []
    while game.phase != "finished" and len(dealers) < 4:
        dealers.append(game.dealer)
        number = game.deal_number
        _bid(game, 3)
        while game.phase == "play" and game.deal_number == number:
            game.apply(game.legal_actions()[0])
    assert dealers[:2] == [2, 3]
    assert dealers == [(2 + i) % 4 for i in range(len(dealers))]


@pytest.mark.parametrize("name", [SPADES, OPENSPIEL])
def test_sp_3_1_the_dealers_left_leads_first_and_the_winner_leads_next(name: str) -> None:
    """SP-3.1: after the calls the dealer's left leads; the winner of a trick leads the next
    (SPO-1.1: with West dealing, North calls and leads first, as in OpenSpiel)."""
    rules = cardrules.load(name)
    for dealer in range(4):
        game = rules.new_game(seed=20 + dealer, dealer=dealer)
        _bid(game)
        assert game.contract is not None and game.contract.leader == (dealer + 1) % 4
        assert game.to_act == (dealer + 1) % 4
        for _ in range(4):
            game.apply(game.legal_actions()[0])
        assert game.last_trick is not None and game.to_act == game.last_trick.winner


def test_sp_3_2_spades_are_trumps() -> None:
    """SP-3.2: a spade played to another suit's trick wins it; otherwise the highest of the
    suit led wins."""
    rules = cardrules.load(SPADES)
    assert rules.trump == cardrules.Suit.S
    assert rules.trick_winner(["AH", "KH", "2S", "3H"]) == 2
    assert rules.trick_winner(["2H", "AD", "KH", "3C"]) == 2


def test_sp_3_3_follow_suit_if_able_else_any_card() -> None:
    """SP-3.3: W holds hearts and must follow a heart lead; a spade is refused citing SP-3.3.
    E and S, void in hearts, may play any card."""
    game = cardrules.load(SPADES).new_game(seed=1, dealer=3, hands=UNBROKEN)
    _bid(game)
    game.apply("play 4H")
    assert len(game.legal_actions()) == 13  # E: any club
    game.apply("play 2C")
    assert len(game.legal_actions()) == 13  # S: any diamond
    game.apply("play 2D")
    assert names(game.legal_actions()) == ["play 2H", "play 3H"]
    assert refused(game, "play 2S").rule == "SP-3.3"


def test_sp_3_4_no_spade_lead_until_broken() -> None:
    """SP-3.4: N holds spades and hearts, and no spade has been played: only hearts may be
    led; a spade lead is refused citing SP-3.4."""
    game = cardrules.load(SPADES).new_game(seed=1, dealer=3, hands=UNBROKEN)
    _bid(game)
    assert names(game.legal_actions()) == [
        f"play {c}" for c in _suit("H", "4 5 6 7 8 9 10 J Q K A")
    ]
    err = refused(game, "play AS")
    assert err.rule == "SP-3.4" and "not broken" in err.reason


def test_sp_3_4_a_leader_holding_only_spades_may_lead_one() -> None:
    """SP-3.4: E, leading with thirteen spades and spades unbroken, may lead any spade (and
    SPO-1.3 allows it too)."""
    hands = [
        " ".join(_suit("C", "A K Q J 10 9 8 7 6 5 4 3 2")),
        " ".join(_suit("S", "A K Q J 10 9 8 7 6 5 4 3 2")),
        " ".join(_suit("D", "A K Q J 10 9 8 7 6 5 4 3 2")),
        " ".join(_suit("H", "A K Q J 10 9 8 7 6 5 4 3 2")),
    ]
    for name in (SPADES, OPENSPIEL):
        game = cardrules.load(name).new_game(seed=1, dealer=0, hands=hands)
        _bid(game, 0)
        assert game.to_act == 1 and len(game.legal_actions()) == 13


def _broken(name: str) -> Game:
    """Trick 1: N leads a heart, E discards a club, S a diamond and W trumps with 3S (spades
    are broken by a discard); W leads to trick 2 holding spades and 2D."""
    game = cardrules.load(name).new_game(seed=1, dealer=3, hands=DISCARD)
    _bid(game)
    for card in ("2H", "2C", "3D", "3S"):
        game.apply(f"play {card}")
    assert game.to_act == 3 and game.last_trick is not None and game.last_trick.winner == 3
    return game


def test_sp_3_4_a_spade_discard_breaks_spades() -> None:
    """SP-3.4: once a spade was played to a heart trick, W may lead a spade."""
    game = _broken(SPADES)
    assert len(game.legal_actions()) == 12
    game.apply("play AS")


def test_spo_1_3_spades_are_never_broken_in_the_openspiel_profile() -> None:
    """SPO-1.3: after the same spade discard W, holding 2D, may lead only 2D; a spade lead is
    refused citing SPO-1.3."""
    game = _broken(OPENSPIEL)
    assert names(game.legal_actions()) == ["play 2D"]
    assert refused(game, "play AS").rule == "SPO-1.3"


def test_spo_1_3_the_openspiel_lead_rule_holds_at_every_trick() -> None:
    """SPO-1.3: in random deals of spades-openspiel, no spade is ever led by a leader holding
    another suit, spades played before or not."""
    rules = cardrules.load(OPENSPIEL)
    for seed in range(20):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            if game.phase == "play" and not game.trick:
                hand = game.hand(game.to_act)
                if any(c.suit != cardrules.Suit.S for c in hand):
                    assert all(a.card.suit != cardrules.Suit.S for a in game.legal_actions())  # type: ignore[attr-defined]
            game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name", [SPADES, OPENSPIEL])
def test_sp_d5_views_never_show_another_seats_hand(name: str) -> None:
    """D-5: each seat's view holds its own hand only, during the calls and the play."""
    rules = cardrules.load(name)
    game = rules.new_game(seed=31)
    rng = random.Random(31)
    while game.phase != "finished":
        for seat in range(4):
            view = game.view(seat)
            assert set(view.hands) == {seat}
            assert list(view.hand) == game.hand(seat)
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name", [SPADES, OPENSPIEL])
def test_sp_a_random_game_plays_to_the_end_legally(name: str) -> None:
    """SP-3.x, SP-5.x: random legal play always reaches the end; every card played was
    legal when played (the record replays)."""
    rules = cardrules.load(name)
    for seed in range(10):
        game = play_out(rules.new_game(seed=seed), random_policy(random.Random(seed)))
        assert game.phase == "finished" and game.over is not None
        again = cardrules.Game.from_json(game.to_json(), rules=rules)
        assert again.to_json() == game.to_json()
