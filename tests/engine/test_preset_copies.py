"""Hands dealt by hand from a deck of several copies of each card (``pinochle-48``): a card's
text deals the first copy no hand holds yet, so that ``"QC QC"`` deals both queens of
clubs, a third is refused, and a record's hands (written as texts) deal the same again."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules import CardError, Game
from helpers import play_out, write_profile

HANDS = [
    "QC QC 9C 9C KC KC 10C 10C AC AC 9S 9S",
    "KS KS 10S 10S AS AS 9H 9H KH KH AH AH",
    "10H 10H QS QS QH QH QD QD JC JC JS JS",
    "JH JH JD JD 9D 9D KD KD 10D 10D AD AD",
]


@pytest.fixture
def rules(tmp_path: Path) -> cardrules.Ruleset:
    body = '[deck]\nname = "pinochle-48"\n[deal]\nhand_sizes = [12]\n[game]\ndeals = 1\n'
    return cardrules.load(write_profile(tmp_path, "copies", body))


def test_a_text_given_twice_deals_both_copies(rules: cardrules.Ruleset) -> None:
    game = rules.new_game(seed=1, dealer=3, hands=HANDS)
    queens = [c for c in game.hand(0) if c.text == "QC"]
    assert [c.copy for c in queens] == [0, 1]
    tens = [c for c in game.hand(2) if c.text == "10H"]
    assert [c.copy for c in tens] == [0, 1]


def test_a_copy_dealt_to_another_seat_deals_the_next(rules: cardrules.Ruleset) -> None:
    hands = list(HANDS)
    hands[0] = hands[0].replace("QC QC", "QC JD")
    hands[3] = hands[3].replace("JH JH JD JD", "JH JH JD QC")
    game = rules.new_game(seed=1, dealer=3, hands=hands)
    assert [c.copy for c in game.hand(0) if c.text in ("QC", "JD")] == [0, 0]
    assert [c.copy for c in game.hand(3) if c.text in ("QC", "JD")] == [1, 1]


def test_a_third_copy_is_refused(rules: cardrules.Ruleset) -> None:
    hands = list(HANDS)
    hands[0] = hands[0].replace("9S 9S", "9S QC")
    with pytest.raises(CardError, match="QC given twice"):
        rules.new_game(seed=1, dealer=3, hands=hands)


def test_a_record_of_hands_dealt_by_hand_replays(rules: cardrules.Ruleset) -> None:
    game = play_out(rules.new_game(seed=1, dealer=3, hands=HANDS))
    text = game.to_json()
    again = Game.from_json(text, rules=rules, allow_preset_hands=True)
    assert again.to_json() == text


def test_the_stateless_helpers_read_equal_cards_as_copies(rules: cardrules.Ruleset) -> None:
    """``rules.trick_winner`` and ``rules.legal_cards`` read a text given twice as the two
    copies (a trick of two equal cards: the first wins)."""
    assert rules.trick_winner(["10C", "10C", "9C", "AC"], trump=None) == 3
    assert rules.trick_winner(["AC", "AC", "9C", "KC"], trump=None) == 0
    legal = rules.legal_cards("QC QC 9S", ["10C", "10C"], trump=None)
    assert sorted(c.copy for c in legal) == [0, 1]


def test_openspiel_plays_a_deck_of_copies(tmp_path: Path) -> None:
    """The OpenSpiel adapter on a deck of two copies: each copy's deal and play has a text of
    its own (``deal QC (copy 2)``), and a state's copy plays the very copies played (a
    card's text would play whichever the seat holds first); OpenSpiel's random simulation
    test passes."""
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.envs.openspiel import game_name, register

    body = '[deck]\nname = "pinochle-48"\n[deal]\nhand_sizes = [11]\n[game]\ndeals = 1\n'
    path = write_profile(tmp_path, "copies-os", body)
    register([path])
    game = pyspiel.load_game(game_name("copies-os"))
    state = game.new_initial_state()
    assert state.action_to_string(-1, 0) == "deal 9C"
    assert state.action_to_string(-1, 1) == "deal 9C (copy 2)"
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
