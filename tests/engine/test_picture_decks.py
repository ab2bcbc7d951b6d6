"""Pictures of decks other than the French pack (issue 26): a hand by the deal's order
(Euchre's left bower with the trumps), copies twice, cards outside the suits by their
text, the text and the SVG of a hand of a deck of no family; the French pack's pictures
are test_picture's, unchanged.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import cardrules
import cardrules.svg
from cardrules.cli.console import in_hand_order
from cardrules.cli.narrate import auction_lines
from cardrules.deck import Suit, named_deck
from cardrules.engine.picture import Scene, auction_facts, hand_line, hand_rows, suit_ranks, text
from helpers import deck_cards, euchre_hearts, odd_deck, odd_profile

SVG = "{http://www.w3.org/2000/svg}"


def test_the_left_bower_sits_with_the_trumps() -> None:
    """Under an order where the jack of diamonds is a trump, a hand shows it among the
    hearts, whole (``J♦``), between the jack of hearts and the ace; the diamonds lose it."""
    order = euchre_hearts()
    hand = deck_cards(order.deck, "JD JH AH 9H AD 10D 9C")
    assert hand_rows(hand, order) == [
        ("♠", "—"),
        ("♥", "J J♦ A 9"),
        ("♦", "A 10"),
        ("♣", "9"),
    ]
    assert [str(c) for c in in_hand_order(hand, order)] == [
        "JH", "JD", "AH", "9H", "AD", "10D", "9C"
    ]  # fmt: skip
    # Without the deal's order, the natural one: the jack of diamonds is a diamond.
    assert hand_line(hand) == "♠ —  ♥ A J 9  ♦ A J 10  ♣ 9"


def test_copies_are_drawn_twice() -> None:
    """Pinochle's two copies of a card are two cards of the hand, side by side."""
    deck = named_deck("pinochle-48")
    hand = deck_cards(deck, "AS AS 10H KD KD 9C")
    assert [c.copy for c in hand] == [0, 0, 0, 0, 0, 0]  # parse names the first copy
    hand = (
        deck.card(Suit.S, 14, 0),
        deck.card(Suit.S, 14, 1),
        *hand[2:4],
        deck.card(Suit.D, 13, 1),
    )
    assert suit_ranks(hand) == [
        (Suit.S, "A A"),
        (Suit.H, "10"),
        (Suit.D, "K K"),
        (Suit.C, "—"),
    ]


def test_cards_outside_the_suits_are_drawn_with_their_text() -> None:
    """Tarot's trumps and the Excuse are a row of their own after the suits, by text, in
    the deck's natural order, strongest first; a knight reads ``C``."""
    deck = named_deck("tarot-78")
    hand = deck_cards(deck, "T21 EX T3 CH 1S")
    assert hand_rows(hand) == [
        ("♠", "1"),
        ("♥", "C"),
        ("♦", "—"),
        ("♣", "—"),
        ("", "EX T21 T3"),
    ]


def test_the_picture_of_a_hand_of_a_deck_of_no_family() -> None:
    """The text picture of a 23-card deck: its three suits only (no diamonds row), its
    jokers by their text, the other hands as counts."""
    deck = odd_deck()
    scene = Scene(
        4,
        "odd",
        {2: deck_cards(deck, "JK2 AS 7S QH JK1")},
        hand_sizes=(5, 5, 5, 5),
        trick=((0, deck.parse("JK1")), (1, deck.parse("8C"))),
        deck=deck,
    )
    assert text(scene) == (
        "odd\n"
        "          N\n"
        "          5 cards\n"
        "W             N JK1       E\n"
        "5 cards   W       E 8♣    5 cards\n"
        "                S\n"
        "          S\n"
        "          ♠ A 7\n"
        "          ♥ Q\n"
        "          ♣ —\n"
        "          JK2 JK1"
    )


def test_the_svg_of_a_hand_of_a_deck_of_no_family() -> None:
    """The SVG draws the same rows (a joker by its text, no diamonds row), each hidden
    hand's backs up to a hand of the deck shared out (23 cards over four: 5)."""
    deck = odd_deck()
    scene = Scene(
        4,
        "odd",
        {2: deck_cards(deck, "JK2 AS 7S QH JK1")},
        hand_sizes=(7, 5, 5, 5),
        deck=deck,
    )
    root = ET.fromstring(str(cardrules.svg.deal(scene)))
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert texts[-5:] == ["S", "♠ A 7", "♥ Q", "♣ —", "JK2 JK1"]  # S's hand, below the table
    assert "7 cards" in texts and not any("♦" in t for t in texts)
    backs = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == cardrules.svg.BACK]
    assert len(backs) == 5 + 5 + 5  # N's seven cards show as five backs, E and W five each


def test_auction_cards_are_read_in_the_deck() -> None:
    """A list of card texts among the auction's facts is shown as cards of the deck (a
    joker by its text); read in the French pack it would be no list of cards at all."""
    deck = odd_deck()
    facts = {"kitty": ["JK1", "AS"]}
    assert auction_facts(facts, 4, deck) == ["kitty: JK1 A♠"]
    assert auction_facts(facts, 4) == []
    assert auction_lines(facts, deck=deck) == ["kitty: JK1 A♠"]


def test_the_picture_of_a_game_dealt_from_a_deck_of_no_family(tmp_path: Path) -> None:
    """``str(game)`` and a seat's view of a game of the inline deck: three suits, the
    jokers by their text; the view shows its own hand only."""
    game = cardrules.load(odd_profile(tmp_path)).new_game(seed=3)
    assert str(game).splitlines()[1:6] == [
        "          N",
        "          ♠ A K 7",
        "          ♥ —",
        "          ♣ Q",
        "          JK1",
    ]
    view = str(game.view(1)).splitlines()
    assert view[1:3] == ["          N", "          5 cards"]
    assert [line[26:] for line in view[3:8]] == ["E (you)", "♠ 9", "♥ K 7", "♣ K", "JK2"]
    svg = str(cardrules.svg.deal(game))
    assert "JK1" in svg and "♦" not in svg
