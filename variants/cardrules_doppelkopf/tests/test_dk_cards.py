"""The Doppelkopf pack, its card points and the orders of play (DK-1.1, DK-1.2, DK-3.2 ..
DK-3.5), checked against a model written from the rule text, not from the plugin's tables."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import cardrules
from cardrules.deck import Card
from cardrules_doppelkopf import contract_for

RULES = cardrules.load("doppelkopf")
SOLOS = cardrules.load("doppelkopf", solos=True)

#: DK-3.3: the trumps of the normal game, from the highest.
NORMAL_TRUMPS = ["10H", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D"]
#: DK-3.3: a plain suit's ranks, from the highest (hearts without its ten).
PLAIN = ("A", "10", "K", "9")


def trumps_of(solo: str) -> list[str]:
    """The trumps of a game from the highest, as DK-3.3 and DK-3.4 list them."""
    high = NORMAL_TRUMPS[:9]
    if solo in ("", "D"):
        return NORMAL_TRUMPS
    if solo in ("C", "S", "H"):
        ranks = ("A", "K", "9") if solo == "H" else ("A", "10", "K", "9")
        return high + [f"{r}{solo}" for r in ranks]
    if solo == "queens":
        return [f"Q{s}" for s in "CSHD"]
    if solo == "jacks":
        return [f"J{s}" for s in "CSHD"]
    return []  # fleshless


def plain_ranks(solo: str) -> tuple[str, ...]:
    """A plain suit's ranks from the highest (DK-3.3, DK-3.4)."""
    if solo == "queens":
        return ("A", "10", "K", "J", "9")
    if solo == "jacks":
        return ("A", "10", "K", "Q", "9")
    if solo == "fleshless":
        return ("A", "10", "K", "Q", "J", "9")
    return PLAIN


def model_winner(cards: Sequence[Card], solo: str) -> int:
    """The index of the winning card of a trick, by the rule text (DK-3.5)."""
    trumps = trumps_of(solo)
    texts = [c.text for c in cards]
    in_trumps = [t for t in texts if t in trumps]
    if in_trumps:
        best = min(in_trumps, key=trumps.index)
        return texts.index(best)  # of two equal cards, the first
    led = cards[0].suit
    ranks = plain_ranks(solo)
    following = [t for t, c in zip(texts, cards, strict=True) if c.suit is led and t not in trumps]
    best = min(following, key=lambda t: ranks.index(t[:-1]))
    return texts.index(best)


def test_dk_1_1_two_copies_of_each_card_from_nine_to_ace() -> None:
    deck = RULES.deck
    assert deck.size == 48 and deck.copies == 2
    for suit in deck.suits:
        assert sorted(c.rank for c in deck.cards if c.suit is suit) == [
            r for r in range(9, 15) for _ in range(2)
        ]


def test_dk_1_2_card_points_total_240() -> None:
    deck = RULES.deck
    worth = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    for card in deck.cards:
        assert deck.points[card.index] == worth[card.text[:-1]]
    assert deck.points_of(deck.all_mask) == 240


@pytest.mark.parametrize("solo", ["", "C", "S", "H", "D", "queens", "jacks", "fleshless"])
def test_dk_3_3_and_3_4_the_trumps_of_each_game(solo: str) -> None:
    """The order's trumps, highest first, are the rule text's (each card's two copies)."""
    contract = contract_for("solo", 1, 0, solo) if solo else contract_for("normal", None, 0)
    order = RULES.order_of(contract)
    deck = RULES.deck
    expected = trumps_of(solo)
    if not expected:
        assert order.trumps == 0
        return
    ranked = [deck.cards[i].text for i in order.ranked[order.trump]]
    assert ranked == [t for t in expected for _ in range(2)]


def test_dk_3_5_random_tricks_are_won_as_the_rule_text_says() -> None:
    """Over random games of every kind, each trick's winner is the model's (DK-3.5)."""
    checked = 0
    for seed in range(30):
        rules = SOLOS if seed % 2 else RULES
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        done = 0
        while game.phase != "finished":
            game.apply(rng.choice(game.legal_actions()))
            if len(game.tricks) > done:  # a trick was completed
                done = len(game.tricks)
                trick = game.tricks[-1]
                solo = getattr(game.contract, "solo", "")
                cards = [c for _, c in trick.cards]
                seats = [s for s, _ in trick.cards]
                assert seats[model_winner(cards, solo)] == trick.winner, (solo, cards)
                checked += 1
            elif not game.tricks:
                done = 0
    assert checked > 1000


def test_dk_3_5_of_two_equal_cards_the_first_wins() -> None:
    hands = [
        "10H QC 9C 9C KC KC 10C 10C AC AC 9S 9S",
        "10H QC KS KS 10S 10S AS AS 9H 9H KH KH",
        "AH AH QS QS QH QH QD QD JC JC JS JS",
        "JH JH JD JD 9D 9D KD KD 10D 10D AD AD",
    ]
    game = RULES.new_game(seed=1, dealer=3, hands=hands)
    for _ in range(4):
        game.apply("healthy")
    game.apply("play 10H")  # forehand leads the first ten of hearts
    game.apply("play 10H")  # the second: equal, so the first still wins
    game.apply("play QS")
    game.apply("play JH")
    assert game.tricks[-1].winner == 0


def test_dk_3_2_a_trump_led_calls_for_trumps_and_hearts_for_plain_hearts() -> None:
    hands = [
        "QC 9H 9C 9C KC KC 10C 10C AC AC 9S 9S",
        "10H QC KS KS 10S 10S AS AS 9H KH KH AH",
        "10H AH QS QS QH QH QD QD JC JC JS JS",
        "JH JH JD JD 9D 9D KD KD 10D 10D AD AD",
    ]
    game = RULES.new_game(seed=1, dealer=3, hands=hands)
    for _ in range(4):
        game.apply("healthy")
    game.apply("play 9H")  # hearts led: the ten of hearts is a trump, not a heart
    legal = {str(a) for a in game.legal_actions() if str(a).startswith("play")}
    assert legal == {"play 9H", "play KH", "play AH"}
    game.apply("play AH")
    legal = {str(a) for a in game.legal_actions() if str(a).startswith("play")}
    assert legal == {"play AH"}  # seat 2 holds one plain heart; its ten is a trump
