"""CBS-1.1 .. CBS-1.4: the deck, the ranks, the trump suit, and how cards are read."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest

import cardrules
from cardrules import Card, CardError, Suit, parse_card, parse_cards
from cardrules.tools.ruletext import rule_text_of
from helpers import ALL_CARDS, APP, RANKS, STRICT, names

CLASSIC = "callbridge-classic"


def test_cbs_1_1_fifty_two_cards_no_jokers() -> None:
    """CBS-1.1: 52 cards, four suits of thirteen, and no joker can be read."""
    cards = [Card.parse(text) for text in ALL_CARDS]
    assert len(set(cards)) == 52
    assert sorted({c.suit for c in cards}) == [Suit.C, Suit.D, Suit.H, Suit.S]
    assert all(sum(1 for c in cards if c.suit == s) == 13 for s in Suit)
    with pytest.raises(CardError) as err:
        Card.parse("JOKER")
    assert str(err.value) == (
        "invalid card: 'JOKER' (expected rank 2-10, J, Q, K, A or T, "
        "then suit C, D, H, S or ♣ ♦ ♥ ♠, e.g. 'AH', '10♥')"
    )


def test_cbs_1_1_four_players_each_for_themselves(strict: cardrules.Ruleset) -> None:
    """CBS-1.1: four players, each scores for themselves (one side per seat)."""
    game = strict.new_game(seed=3)
    assert strict.sides == (0, 1, 2, 3)
    assert [strict.side_of(seat) for seat in range(4)] == [0, 1, 2, 3]
    assert sorted(game.totals) == [0, 1, 2, 3]
    assert [len(game.hand(seat)) for seat in range(4)] == [13, 13, 13, 13]


@pytest.mark.parametrize("suit", "CDH")
def test_cbs_1_2_rank_order_ace_high(strict: cardrules.Ruleset, suit: str) -> None:
    """CBS-1.2: in every suit A K Q J 10 9 8 7 6 5 4 3 2, ace high (suit led, no trump)."""
    for low, high in itertools.combinations(RANKS, 2):
        assert strict.trick_winner([low + suit, high + suit]) == 1, (low, high)
        assert strict.trick_winner([high + suit, low + suit]) == 0, (low, high)


def test_cbs_1_2_rank_order_in_spades(strict: cardrules.Ruleset) -> None:
    """CBS-1.2: the same order holds among spades."""
    for low, high in itertools.combinations(RANKS, 2):
        assert strict.trick_winner([low + "S", high + "S"]) == 1, (low, high)


@pytest.mark.parametrize("suit", "CDH")
def test_cbs_1_3_any_spade_beats_any_other_card(strict: cardrules.Ruleset, suit: str) -> None:
    """CBS-1.3: spades are permanent trumps: the 2♠ beats the ace of the suit led."""
    assert strict.trick_winner([f"A{suit}", "2S"]) == 1
    assert strict.trick_winner([f"A{suit}", f"K{suit}", "2S", f"Q{suit}"]) == 2
    assert strict.trump == Suit.S


def test_cbs_1_3_trump_is_fixed_for_every_deal(strict: cardrules.Ruleset) -> None:
    """CBS-1.3: the trump is spades in every deal, whatever the calls."""
    game = strict.new_game(seed=11, dealer=0)
    seen = []
    while game.phase != "finished":
        if game.phase == "play" and game.contract is not None:
            seen.append(game.contract.trump)
        game.apply(game.legal_actions()[-1 if game.phase == "auction" else 0])
    assert set(seen) == {Suit.S}


@pytest.mark.parametrize("name", [STRICT, CLASSIC, APP])
def test_cbs_1_2_cbc_1_1_app_1_1_every_rank_pair_and_spades_trump(name: str) -> None:
    """CBS-1.2 / CBS-1.3 / CBC-1.1 / APP-1.1: A high down to 2 in every suit; spades beat all."""
    rules = cardrules.load(name)
    for suit in "CDHS":
        for low in range(len(RANKS)):
            for high in range(low + 1, len(RANKS)):
                lo, hi = f"{RANKS[low]}{suit}", f"{RANKS[high]}{suit}"
                assert rules.trick_winner([lo, hi]) == 1, (lo, hi)
                assert rules.trick_winner([hi, lo]) == 0, (hi, lo)
    for suit in "CDH":
        # The lowest spade beats the ace of any other suit led; an off-suit ace never wins.
        assert rules.trick_winner([f"A{suit}", "2S"]) == 1
        assert rules.trick_winner([f"2{suit}", "AD" if suit != "D" else "AC"]) == 0
    assert rules.trick_winner(["2C", "AD", "AH", "3C"]) == 3


@pytest.mark.parametrize("name", [STRICT, CLASSIC, APP])
def test_cbs_1_3_spades_are_trumps_in_every_deal(name: str) -> None:
    """CBS-1.3 / CBC-1.1 / APP-1.1: every deal of a game is played with spades as trumps."""
    rules = cardrules.load(name)
    game = rules.new_game(seed=4)
    seen = 0
    while game.phase != "finished":
        if game.phase == "play" and not game.trick and len(game.tricks) == 0:
            assert game.contract is not None and game.contract.trump == Suit.S
            assert all(game.view(s).trump == "S" for s in range(4))
            seen += 1
        game.apply(game.legal_actions()[0])
    assert seen == rules.deals


def test_card_texts_all_parse_to_the_same_card() -> None:
    """Cards read as AH, 10H, TH, A♥, lower case; str() is ASCII and repr rebuilds the card."""
    assert Card.parse("10H") == Card.parse("TH") == Card.parse("10♥") == Card.parse("th")
    assert Card.parse("a♠") is Card.parse("AS")
    assert str(Card.parse("A♥")) == "AH"
    assert Card.parse("AH").symbol() == "A♥"
    assert repr(Card.parse("10D")) == "Card.parse('10D')"
    assert names(parse_cards("2C, AS 10D")) == ["2C", "AS", "10D"]
    assert parse_card(Card.parse("QS")) is Card.parse("QS")


def test_every_card_text_round_trips() -> None:
    """Each of the 52 cards reads back from its str() and its symbol()."""
    for text in ALL_CARDS:
        card = Card.parse(text)
        assert str(card) == text
        assert Card.parse(card.symbol()) is card
        assert Card.from_index(card.index) is card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "1H",
            "invalid card: '1H' (expected rank 2-10, J, Q, K, A or T, "
            "then suit C, D, H, S or ♣ ♦ ♥ ♠, e.g. 'AH', '10♥')",
        ),
        (
            "AX",
            "invalid card: 'AX' (expected rank 2-10, J, Q, K, A or T, "
            "then suit C, D, H, S or ♣ ♦ ♥ ♠, e.g. 'AH', '10♥')",
        ),
        ("", "invalid card: '' (expected rank then suit, e.g. 'AH', '10♥')"),
        ("H", "invalid card: 'H' (expected rank then suit, e.g. 'AH', '10♥')"),
        (None, "invalid card: None (expected text such as 'AH' or '10♥')"),
        (14, "invalid card: 14 (expected text such as 'AH' or '10♥')"),
    ],
)
def test_malformed_cards_are_refused(text: object, message: str) -> None:
    """A malformed card is a CardError (a CardrulesError) that quotes the input."""
    with pytest.raises(CardError) as err:
        Card.parse(text)  # type: ignore[arg-type]
    assert str(err.value) == message
    assert isinstance(err.value, cardrules.CardrulesError)


def test_cbs_1_4_the_profile_is_explicitly_strict(strict: cardrules.Ruleset) -> None:
    """CBS-1.4: calls 2-13, counter-clockwise play, must-win, five deals, tenths for extras."""
    assert strict.bounds == (2, 13)
    assert strict.direction.name == "counterclockwise"
    assert [d.name for d in strict.duties] == [
        "no_trump_lead_first_trick",
        "follow_suit",
        "head_when_following",
        "trump_when_void",
        "overtrump_when_void",
    ]
    assert strict.deals == 5
    assert strict.score_calls((3, 2, 2, 2), (5, 3, 3, 2))[0] == Decimal("3.2")


def test_the_profile_cites_every_rule_id(strict: cardrules.Ruleset) -> None:
    """Every normative rule id and decision of the rule text is served by a section of the
    profile (the worked examples CBS-7.x are not settings).  That every id is cited by a
    test is checked for every shipped profile in test_docs_meta.py."""
    text = rule_text_of("callbreak-strict")
    assert text is not None
    cited = {rule for ids in strict.profile.rule_ids.values() for rule in ids}
    normative = [r for r in text.ids if not r.startswith("CBS-7.")]
    assert len(normative) == 32
    assert [r for r in normative if r not in cited] == []
