"""Decks declared in a profile and the tables of play per ranking (cardrules.deck)."""

from __future__ import annotations

import pickle

import pytest

import cardrules
from cardrules.deck import (
    DECKS,
    FRENCH_52,
    Card,
    Deck,
    DeckSpec,
    OrderSpec,
    Ranking,
    Suit,
    named_deck,
)
from cardrules.errors import CardError, ProfileError


def test_the_french_pack_keeps_its_numbering() -> None:
    """Seeds and records rely on index = suit * 13 + rank - 2 for the default deck."""
    assert FRENCH_52.size == len(FRENCH_52.cards) == 4 * 13
    for card in FRENCH_52.cards:
        assert card.index == int(card.suit) * 13 + card.rank - 2  # type: ignore[arg-type]
    assert Card(Suit.S, 14) is Card.parse("AS") is FRENCH_52.parse("A♠")


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("french-52", 52),
        ("piquet-32", 32),
        ("euchre-24", 24),
        ("pinochle-48", 48),
        ("tarot-78", 78),
        ("tarok-54", 54),
    ],
)
def test_the_built_in_decks(name: str, size: int) -> None:
    deck = named_deck(name)
    assert deck.size == size and deck.all_mask == (1 << size) - 1
    assert [c.index for c in deck.cards] == list(range(size))
    # every card's text reads back as that card (the first copy, where there are two)
    for card in deck.cards:
        assert deck.parse(card.text).text == card.text
        assert deck.parse(card.text).copy == 0
    assert repr(deck) == f"named_deck({name!r})"


def test_copies_are_distinct_cards_with_one_text() -> None:
    deck = named_deck("pinochle-48")
    first, second = deck.cards[34], deck.cards[35]
    assert str(first) == str(second) == "AH"
    assert (first.copy, second.copy) == (0, 1) and first != second
    assert deck.card(Suit.H, 14, 1) is second


def test_cards_of_other_decks_are_not_french_cards() -> None:
    euchre = named_deck("euchre-24")
    nine = euchre.parse("9C")
    assert nine.index == 0 and nine != Card.parse("9C")
    with pytest.raises(CardError, match="not in the euchre-24 deck"):
        euchre.parse("2C")
    with pytest.raises(CardError, match=r"rank 8 \(expected 9..14"):
        euchre.card(Suit.C, 8)


def test_cards_and_decks_pickle_to_the_same_objects() -> None:
    for deck in (FRENCH_52, named_deck("tarok-54"), named_deck("pinochle-48")):
        card = deck.cards[-1]
        assert pickle.loads(pickle.dumps(card)) is card
        assert pickle.loads(pickle.dumps(deck)) is deck


def test_a_deck_declared_inline_is_interned_by_its_spec() -> None:
    spec = DeckSpec.of("tiny", suits="CD", ranks=["Q", "K", "A"], points={"A": 11})
    deck = Deck(spec)
    assert Deck(DeckSpec.of("tiny", suits="CD", ranks=["Q", "K", "A"], points={"A": 11})) is deck
    assert [str(c) for c in deck.cards] == ["QC", "KC", "AC", "QD", "KD", "AD"]
    assert deck.points == (0, 0, 11, 0, 0, 11)
    assert deck.points_of(deck.all_mask) == 22


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"suits": "CC", "ranks": [2]}, "a suit is named twice"),
        ({"suits": "C", "ranks": []}, "a suit has no ranks"),
        ({"suits": "C", "ranks": ["A", "A"]}, "a rank is named twice"),
        ({"suits": "C", "ranks": ["Z"]}, "rank 'Z'"),
        ({"suits": "C", "ranks": [2], "copies": 0}, "copies 0"),
        ({"suits": "C", "ranks": [2], "extras": ["X", "X"]}, "distinct"),
        ({"suits": "C", "ranks": [2], "extras": ["JOKER 1"]}, "1 to 12 letters and digits"),
        ({"suits": "C", "ranks": [2], "extras": ["<b>"]}, "1 to 12 letters and digits"),
        ({"suits": "C", "ranks": [2], "extras": [""]}, "1 to 12 letters and digits"),
    ],
)
def test_a_bad_deck_declaration_is_refused_in_words(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(CardError, match=words):
        DeckSpec.of("bad", **kwargs)  # type: ignore[arg-type]


def test_the_natural_order_with_trumps() -> None:
    order = FRENCH_52.order(Ranking("natural", Suit.S))
    two_spades, ace_hearts = Card.parse("2S").index, Card.parse("AH").index
    assert order.trump == 3 and order.trumps == FRENCH_52.suit_masks[Suit.S]
    assert order.beats[ace_hearts] >> two_spades & 1  # any trump beats a plain card
    assert order.winner([Card.parse(t).index for t in ("KH", "AH", "2S", "3D")]) == 2
    assert order.follow[ace_hearts] == FRENCH_52.suit_masks[Suit.H]


def _left_bower(deck: Deck, ranking: Ranking) -> OrderSpec:
    """A ranking of no family: the jack of the trump suit's twin counts as the lowest trump."""
    assert ranking.trump is not None
    twin = {Suit.C: Suit.S, Suit.S: Suit.C, Suit.D: Suit.H, Suit.H: Suit.D}[ranking.trump]
    jack = deck.card(twin, 11).index
    rows = []
    for suit in deck.suits:
        row = tuple(c.index for c in deck.cards_of(deck.suit_masks[suit]) if c.index != jack)
        rows.append((jack, *row) if suit is ranking.trump else row)
    return OrderSpec(tuple(rows), deck.suits.index(ranking.trump))


def test_a_card_can_change_suit_in_a_ranking() -> None:
    deck = named_deck("euchre-24")
    order = deck.order(Ranking("left", Suit.H), _left_bower)
    jd, ad, nh = (deck.parse(t).index for t in ("JD", "AD", "9H"))
    assert order.suit_of[jd] == int(Suit.H)  # the jack of diamonds is a heart here
    assert order.follow[ad] >> jd & 1 == 0  # ... so it does not follow diamonds
    assert order.follow[nh] >> jd & 1 == 1  # ... it follows hearts
    assert order.winner([ad, jd]) == 1 and order.winner([jd, nh]) == 1
    assert deck.order(Ranking("left", Suit.H), _left_bower) is order  # built once


def test_of_two_equal_cards_the_first_played_wins() -> None:
    deck = named_deck("pinochle-48")
    order = deck.order(Ranking("natural", None))
    first, second = deck.cards[34].index, deck.cards[35].index  # the two aces of hearts
    assert order.strength[first] == order.strength[second]
    assert order.winner([first, second]) == 0 and order.winner([second, first]) == 0


def test_a_free_card_never_wins_and_does_not_set_the_suit() -> None:
    deck = named_deck("tarot-78")
    excuse = deck.parse("EX").index

    def with_excuse(deck: Deck, ranking: Ranking) -> OrderSpec:
        rows = [tuple(c.index for c in deck.cards_of(deck.suit_masks[s])) for s in deck.suits]
        trumps = tuple(c.index for c in deck.cards_of(deck.extras_mask) if c.index != excuse)
        return OrderSpec((*rows, trumps), 4, (excuse,))

    order = deck.order(Ranking("excuse", None), with_excuse)
    low_club = deck.parse("1C").index
    assert order.free >> excuse & 1 and order.follow[excuse] == 0
    assert order.winner([excuse, low_club]) == 1
    assert order.led_place([excuse, low_club]) == int(Suit.C)


def test_an_order_that_misses_a_card_is_refused() -> None:
    deck = named_deck("euchre-24")
    with pytest.raises(CardError, match="has no place"):
        deck.order(Ranking("broken", None), lambda d, r: OrderSpec(((0, 1),)))


def test_a_profile_declares_its_deck(tmp_path: object) -> None:
    """[deck] by name, or inline; hand sizes are checked against the deck's size."""
    rules = cardrules.load("callbreak-strict")
    assert rules.deck is FRENCH_52
    assert set(DECKS) >= {"french-52", "piquet-32", "euchre-24", "tarot-78"}


def test_an_unknown_ranking_is_a_profile_error(tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "odd.toml"
    path.write_text(
        '[profile]\nname = "odd"\ntitle = "odd"\nextends = "callbreak-strict"\n'
        '[play]\norder = "sideways"\n',
        encoding="utf-8",
    )
    with pytest.raises(ProfileError, match="unknown ranking 'sideways'"):
        cardrules.load(str(path))
