"""Euchre, section 1: the pack and the bowers (EU-1.2 .. EU-1.5), and the worked examples
of following and winning (EU-8.1 .. EU-8.4), on the tables of play the ``bowers`` ranking
builds."""

from __future__ import annotations

import pytest

from cardrules.deck import Order, Ranking, Suit
from cardrules_euchre import DECK, bowers, left_bower_suit
from cardrules_euchre.actions import trumps_held


def order(trump: Suit | None) -> Order:
    return DECK.order(Ranking("bowers", trump), bowers)


def idx(text: str) -> int:
    return DECK.parse(text).index


def texts(mask: int) -> list[str]:
    return [str(c) for c in DECK.cards_of(mask)]


def by_strength(o: Order, mask: int) -> list[str]:
    return [str(c) for c in sorted(DECK.cards_of(mask), key=lambda c: o.strength[c.index])]


def test_eu_1_2_the_pack_has_24_cards_nine_to_ace() -> None:
    """EU-1.2: A K Q J 10 9 of each suit, no joker."""
    assert DECK.size == 24 and not DECK.extras_mask
    assert {c.rank for c in DECK.cards} == {9, 10, 11, 12, 13, 14}
    assert [str(c) for c in DECK.cards[:6]] == ["9C", "10C", "JC", "QC", "KC", "AC"]


@pytest.mark.parametrize("trump", list(Suit))
def test_eu_1_4_trumps_rank_right_bower_left_bower_then_ace_down(trump: Suit) -> None:
    """EU-1.4: J of trumps, J of the same colour, A K Q 10 9 (shown lowest first)."""
    o = order(trump)
    left = left_bower_suit(trump)
    assert by_strength(o, o.trumps) == [f"{r}{trump.name}" for r in ("9", "10", "Q", "K", "A")] + [
        f"J{left.name}",
        f"J{trump.name}",
    ]


def test_eu_1_4_the_colour_pairs() -> None:
    """EU-1.4: clubs and spades, hearts and diamonds; with hearts trumps JD is the left bower."""
    assert [left_bower_suit(s) for s in Suit] == [Suit.S, Suit.H, Suit.D, Suit.C]


@pytest.mark.parametrize("trump", list(Suit))
def test_eu_1_3_plain_suits_rank_a_k_q_j_10_9_without_the_left_bower(trump: Suit) -> None:
    """EU-1.3, EU-1.5: the left bower is no card of its printed suit; that suit has five
    cards, the trump suit seven, the others six in natural order."""
    o = order(trump)
    for suit in Suit:
        if suit is trump:
            continue
        place = int(suit)
        cards = by_strength(o, o.suit_masks[place])
        if suit is left_bower_suit(trump):
            assert cards == [f"{r}{suit.name}" for r in ("9", "10", "Q", "K", "A")]
        else:
            assert cards == [f"{r}{suit.name}" for r in ("9", "10", "J", "Q", "K", "A")]
    assert o.trumps.bit_count() == 7


def test_eu_1_5_the_left_bower_is_a_trump_for_every_purpose() -> None:
    """EU-1.5: it follows to trump leads, a lead of it is a trump lead, and it does not
    follow its printed suit; the left bower is not a diamond when hearts are trumps."""
    o = order(Suit.H)
    jd = idx("JD")
    assert o.suit_of[jd] == int(Suit.H)
    assert o.follow[idx("9H")] >> jd & 1  # follows hearts
    assert not o.follow[idx("AD")] >> jd & 1  # not a diamond
    assert o.follow[jd] == o.trumps  # led, it asks for trumps
    assert order(None).suit_of[jd] == int(Suit.D)  # no trumps: a plain diamond


def test_eu_8_1_the_left_bower_does_not_follow_its_printed_suit() -> None:
    """EU-8.1: hearts trumps, diamonds led; JD, 9D, AS held: only 9D follows."""
    o = order(Suit.H)
    hand = DECK.mask_of(DECK.parse_cards("JD 9D AS"))
    assert texts(hand & o.follow[idx("KD")]) == ["9D"]


def test_eu_8_2_the_left_bower_alone_must_follow_a_trump_lead() -> None:
    """EU-8.2: hearts trumps, a heart led; JD, AC, KS held: JD must be played."""
    o = order(Suit.H)
    hand = DECK.mask_of(DECK.parse_cards("JD AC KS"))
    assert texts(hand & o.follow[idx("QH")]) == ["JD"]


def test_eu_8_3_the_left_bower_beats_the_ace_of_trumps() -> None:
    """EU-8.3: spades trumps, AS JC KS 9D led by seat 1: the jack of clubs (seat 2) wins."""
    o = order(Suit.S)
    trick = [idx(c) for c in ("AS", "JC", "KS", "9D")]
    assert (1 + o.winner(trick)) % 4 == 2


def test_eu_8_4_another_plain_suit_never_wins() -> None:
    """EU-8.4, EU-5.4: clubs trumps, AD JD 9C AH led by seat 0: the nine of clubs wins; the
    ace of hearts never wins a diamond lead, and without a trump AD wins."""
    o = order(Suit.C)
    assert o.winner([idx(c) for c in ("AD", "JD", "9C", "AH")]) == 2
    assert o.winner([idx(c) for c in ("JD", "AD", "AH", "KD")]) == 1
    right = order(Suit.D)
    assert right.winner([idx(c) for c in ("AD", "JH", "JD", "KD")]) == 2  # EU-1.4


def test_trumps_held_counts_the_left_bower() -> None:
    assert [str(c) for c in trumps_held(DECK.parse_cards("JD 9H AS JH"), Suit.H)] == [
        "9H",
        "JD",
        "JH",
    ]
