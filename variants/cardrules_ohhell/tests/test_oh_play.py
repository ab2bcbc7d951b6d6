"""Oh Hell, section 4: the play of the cards (OH-4.x, D-8, OH-6.3), through the public API
and against the reference in ``oh_reference``."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import Game, IllegalAction
from oh_reference import OH, OH3, OH5, cards, legal_cards, play_out, texts, trick_winner

#: A first deal of ten cards each, dealt by hand: N holds the clubs, E the diamonds,
#: S the hearts and W the spades (2 to J each); the games turn up the QC (``turn_up``,
#: OH-2.4): clubs are trumps.
HANDS = [
    [f"{r}{suit}" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J")] for suit in "CDHS"
]


def _bid_out(game: Game, bids: tuple[int, ...] = (0, 0, 0, 0)) -> None:
    for bid in bids:
        if not game.is_legal(f"bid {bid}"):
            bid += 1
        game.apply(f"bid {bid}")
    assert game.phase == "play"


def _refused(game: Game, action: str, seat: int | None = None) -> IllegalAction:
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action, seat=seat)
    assert game.to_json() == before  # OH-6.3: refused, nothing changed
    return err.value


@pytest.mark.parametrize("name", [OH, OH3, OH5])
def test_oh_4_1_the_dealers_left_leads_any_card(name: str) -> None:
    """OH-4.1, D-8: the player on the dealer's left leads to the first trick and may lead any
    card, a trump included."""
    rules = cardrules.load(name)
    n = rules.players
    for dealer in range(n):
        game = rules.new_game(seed=40 + dealer, dealer=dealer)
        _bid_out(game, (1,) * n)
        assert game.to_act == (dealer + 1) % n
        assert game.contract is not None and game.contract.leader == (dealer + 1) % n
        hand = cards(game, game.to_act)
        assert sorted(texts(game.legal_actions())) == sorted(f"play {c}" for c in hand)


def test_oh_4_1_a_trump_may_be_led_at_the_first_trick() -> None:
    """OH-4.1: clubs are trumps (the turned QC); N, on the dealer's left, may lead a club."""
    game = cardrules.load(OH).new_game(seed=1, dealer=3, hands=HANDS, turn_up="QC")
    assert str(game.turned_up) == "QC"
    _bid_out(game)
    assert game.to_act == 0 and game.contract is not None
    assert game.contract.trump is not None and game.contract.trump.name == "C"
    game.apply("play 2C")
    assert [str(c) for _, c in game.trick] == ["2C"]


def test_oh_4_2_follow_suit_if_able() -> None:
    """OH-4.2: a player holding the suit led must play it; another card is refused citing
    OH-4.2 and the game stays as it was (OH-6.3)."""
    hands = [
        ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "2H"],
        ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JC"],
        ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"],
        ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"],
    ]
    game = cardrules.load(OH).new_game(seed=1, dealer=3, hands=hands, turn_up="QC")
    _bid_out(game)
    assert str(game.turned_up) == "QC"  # the card given to turn up: clubs are trumps
    game.apply("play 5C")  # N leads a club
    assert texts(game.legal_actions()) == ["play JC"]  # E must follow with the jack
    err = _refused(game, "play 2D")
    assert err.rule == "OH-4.2"
    assert "must follow suit" in err.reason


def test_oh_4_2_a_card_out_of_turn_is_refused_citing_the_order_of_play() -> None:
    """OH-4.2: the others play one card each, clockwise; a card out of turn is refused,
    citing OH-4.2 (the profile's turn rule)."""
    game = cardrules.load(OH).new_game(seed=1, dealer=3, hands=HANDS, turn_up="QC")
    _bid_out(game)
    err = _refused(game, "play 2D", seat=1)
    assert err.rule == "OH-4.2"


def test_oh_4_3_void_in_the_suit_led_any_card_no_duty_to_trump() -> None:
    """OH-4.3: with no card of the suit led, any card may be played: a trump or another
    suit; nobody has to trump, overtrump or win."""
    game = cardrules.load(OH).new_game(seed=1, dealer=3, hands=HANDS, turn_up="QC")
    _bid_out(game)
    game.apply("play 2C")  # N leads a trump; E, S and W hold no club
    for seat in (1, 2, 3):
        assert sorted(texts(game.legal_actions())) == sorted(f"play {c}" for c in cards(game, seat))
        game.apply(game.legal_actions()[0])
    # The stateless helper says the same with hearts trumps and a club led.
    rules = cardrules.load(OH)
    legal = [str(c) for c in rules.legal_cards(["AH", "3H", "QD"], ["9C"], trump="H")]
    assert sorted(legal) == ["3H", "AH", "QD"]


def test_oh_4_4_highest_trump_else_highest_of_the_suit_led() -> None:
    """OH-4.4: a trick with a trump goes to the highest trump; otherwise to the highest card
    of the suit led; a card of another non-trump suit never wins."""
    rules = cardrules.load(OH)
    assert rules.trick_winner(["AS", "KS", "2D", "3D"], trump="D") == 3
    assert rules.trick_winner(["9C", "AH", "KC", "2C"], trump="S") == 2
    assert rules.trick_winner(["9C", "AH", "KC", "2S"], trump="S") == 3
    assert rules.trick_winner(["2H", "AS", "AD", "AC"], trump="H") == 0
    game = cardrules.load(OH).new_game(seed=1, dealer=3, hands=HANDS, turn_up="QC")
    _bid_out(game)
    for card in ("JC", "JD", "JH", "JS"):  # clubs are trumps: N's jack wins
        game.apply(f"play {card}")
    assert game.tricks[-1].winner == 0
    game.apply("play 2C")
    for card in ("10D", "10H", "10S"):
        game.apply(f"play {card}")
    assert game.tricks[-1].winner == 0


@pytest.mark.parametrize("name", [OH, OH3, OH5])
def test_oh_4_5_the_winner_leads_and_a_deal_has_as_many_tricks_as_cards(name: str) -> None:
    """OH-4.5: the winner of a trick leads to the next; a deal has as many tricks as each
    player had cards; OH-4.2 and OH-4.4 against the reference at every card."""
    rules = cardrules.load(name)
    game = rules.new_game(seed=6)
    rng = random.Random(6)
    while game.phase != "finished":
        h = rules.hand_size(game.deal_number)
        scored = len(game.deals)
        while len(game.deals) == scored:
            if game.phase == "play":
                trick = [str(c) for _, c in game.trick]
                seat = game.to_act
                assert seat is not None
                if not trick:  # the leader is the last trick's winner (or the dealer's left)
                    last = game.last_trick
                    expected = last.winner if last else game.contract.leader  # type: ignore[union-attr]
                    assert seat == expected
                assert {str(a)[5:] for a in game.legal_actions()} == legal_cards(
                    cards(game, seat), trick
                )
            game.apply(rng.choice(game.legal_actions()))
        assert sum(game.deals[-1].tricks) == h


def test_oh_4_4_every_trick_of_random_games_is_won_by_the_rules() -> None:
    """OH-4.4: every trick of random games of the three tables, checked with the
    reference's trick winner."""
    for name in (OH, OH3, OH5):
        game = cardrules.load(name).new_game(seed=2)

        def check(played: list[tuple[int, str]], winner: int, trump: str | None) -> None:
            assert played[trick_winner([c for _, c in played], trump)][0] == winner

        play_out(game, random.Random(2), check)
        assert game.phase == "finished"
