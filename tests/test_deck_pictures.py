"""Pictures, the CLI, the rule spec and the call bounds follow the profile's deck (issue 26).

A deck of no family: an inline ``[deck]`` of three suits and two jokers, written by
the test into a profile that extends ``callbreak-strict``; and the built-in decks
with copies (``pinochle-48``) and cards outside the suits (``tarot-78``).  The French
pack's pictures are the tests of :mod:`test_picture` and :mod:`test_cli`, unchanged.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import cardrules
import cardrules.svg
from cardrules import ActionError, CardError, ProfileError
from cardrules.cli import main
from cardrules.cli.console import Console, in_hand_order
from cardrules.cli.narrate import auction_lines
from cardrules.cli.play import read_action
from cardrules.deck import Deck, DeckSpec, Order, OrderSpec, Ranking, Suit, named_deck
from cardrules.engine.picture import Scene, auction_facts, hand_line, hand_rows, suit_ranks, text
from cardrules.profile.registry import resolve_chain
from cardrules.profile.schema import validate
from cardrules.rules.actions import Play
from cardrules.tools.spec import DeckDoc, describe, render_text

SVG = "{http://www.w3.org/2000/svg}"

#: A deck of no family: three suits of seven ranks and two jokers, 23 cards.
ODD = """\
[profile]
name = "odd-deck"
title = "Odd deck"
extends = "callbreak-strict"

[deck]
name = "odd-23"
suits = ["S", "H", "C"]
ranks = ["7", "8", "9", "J", "Q", "K", "A"]
extras = ["JK1", "JK2"]
points = {{ A = 11, JK2 = 5 }}

[deal]
hand_sizes = [5]
{auction}"""


def odd_profile(tmp_path: Path, auction: str = "[auction]\nmax_call = 5\n") -> Path:
    path = tmp_path / "odd-deck.toml"
    path.write_text(ODD.format(auction=auction), encoding="utf-8")
    return path


def odd_deck() -> Deck:
    return Deck(
        DeckSpec.of(
            "odd-23",
            suits="SHC",
            ranks=["7", "8", "9", "J", "Q", "K", "A"],
            extras=["JK1", "JK2"],
            points={"A": 11, "JK2": 5},
        )
    )


def bowers(deck: Deck, ranking: Ranking) -> OrderSpec:
    """Euchre's order with hearts trumps, written here: the jack of diamonds (the left
    bower) counts as a heart, below the jack of hearts and above the ace."""
    assert ranking.trump is Suit.H
    left, right = deck.parse("JD").index, deck.parse("JH").index
    rows = []
    for suit in deck.suits:
        row = [
            c.index for c in deck.cards_of(deck.suit_masks[suit]) if c.index not in (left, right)
        ]
        if suit is Suit.H:
            row += [left, right]
        rows.append(tuple(row))
    return OrderSpec(tuple(rows), trump=deck.suits.index(Suit.H))


def euchre_hearts() -> Order:
    deck = named_deck("euchre-24")
    return deck.order(Ranking("test-bowers", Suit.H), bowers)


def cards(deck: Deck, texts: str) -> tuple[cardrules.Card, ...]:
    return tuple(deck.parse_cards(texts))


# -- hands by the deal's order ----------------------------------------------------------


def test_the_left_bower_sits_with_the_trumps() -> None:
    """Under an order where the jack of diamonds is a trump, a hand shows it among the
    hearts, whole (``J♦``), between the jack of hearts and the ace; the diamonds lose it."""
    order = euchre_hearts()
    hand = cards(order.deck, "JD JH AH 9H AD 10D 9C")
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
    hand = cards(deck, "AS AS 10H KD KD 9C")
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
    hand = cards(deck, "T21 EX T3 CH 1S")
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
        {2: cards(deck, "JK2 AS 7S QH JK1")},
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
        {2: cards(deck, "JK2 AS 7S QH JK1")},
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


# -- the CLI ------------------------------------------------------------------------------


def test_the_console_sorts_a_hand_by_the_deals_order() -> None:
    """``Console.hand``: the left bower among the trumps, whole; without suit symbols the
    suits read as letters."""
    order = euchre_hearts()
    hand = cards(order.deck, "JD JH AH AD 9C")
    con = Console(io.StringIO(), io.StringIO(), io.StringIO())
    assert con.hand(hand, order) == "♠ -  ♥ J J♦ A  ♦ A  ♣ 9"
    con.symbols = False
    assert con.hand(hand, order) == "S -  H J JD A  D A  C 9"
    assert con.hand(cards(named_deck("tarot-78"), "T2 EX 1S")) == "S 1  H -  D -  C -  EX T2"


def test_a_typed_card_is_one_of_the_deck() -> None:
    """A card typed at the table is read in the deck of the legal cards (or the one
    given): a card the deck lacks is refused in words, naming the deck and its ranks."""
    deck = named_deck("euchre-24")
    legal = [Play(c) for c in cards(deck, "9S AH")]
    assert read_action("9s", legal) == Play(deck.parse("9S"))
    assert read_action("play ah", legal) == Play(deck.parse("AH"))
    with pytest.raises(CardError) as exc:
        read_action("2H", legal)
    assert str(exc.value) == "invalid card: '2H' is not in the euchre-24 deck (ranks 9 10 J Q K A)"
    with pytest.raises(ActionError) as typed:
        read_action("play 2H", deck=deck)
    assert str(typed.value) == (
        "invalid action: 'play 2H': invalid card: '2H' is not in the euchre-24 deck "
        "(ranks 9 10 J Q K A)"
    )


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_show_names_a_deck_of_no_family(tmp_path: Path) -> None:
    """``cardrules show`` of a profile with an inline deck: a Deck section with its
    suits, ranks, cards outside the suits and points; the French pack goes unsaid."""
    code, out, err = run("show", str(odd_profile(tmp_path)))
    assert (code, err) == (0, "")
    start = out.index("\nDeck: ")
    assert out[start : out.index("\n\nDuties of play")] == (
        "\nDeck: odd-23, 23 cards\n"
        "  suits: ♠ spades, ♥ hearts, ♣ clubs\n"
        "  ranks, lowest first: 7 8 9 J Q K A\n"
        "  outside the suits, lowest first: JK1 JK2\n"
        "  card points: A 11, JK2 5"
    )
    code, out, _ = run("show", "callbreak-strict")
    assert code == 0 and "\nDeck: " not in out


def test_the_deck_in_words_of_decks_with_copies_and_ranks_by_suit() -> None:
    """Copies are said; a deck whose suits have ranks of their own lists them suit by suit."""
    pinochle = list(DeckDoc.of(named_deck("pinochle-48")).lines())
    assert pinochle[1:3] == [
        "ranks, lowest first: 9 10 J Q K A",
        "copies: 2 of each card of a suit",
    ]
    tarok = list(DeckDoc.of(named_deck("tarok-54")).lines())
    assert tarok[1:3] == [
        "ranks of clubs, lowest first: 7 8 9 10 J C Q K",
        "ranks of diamonds, lowest first: 4 3 2 1 J C Q K",
    ]
    spec = describe(cardrules.load("callbreak-strict"))
    assert spec.deck is not None and spec.deck.default
    assert "Deck:" not in render_text(spec)


# -- the call bounds ----------------------------------------------------------------------


def test_call_bounds_are_at_most_the_tricks_of_a_deal(tmp_path: Path) -> None:
    """A call above the deck's size over the players (23 // 4 = 5) is refused at its key;
    a highest call left out is that many."""
    path = odd_profile(tmp_path, "[auction]\nmax_call = 6\n")
    with pytest.raises(ProfileError) as exc:
        cardrules.load(path)
    assert str(exc.value) == f"invalid profile {path}:\n  auction.max_call -> must be <= 5 (got 6)"
    # callbreak-strict's own max_call (13) does not fit a deck of 23 cards either
    path = odd_profile(tmp_path, "")
    with pytest.raises(ProfileError) as exc:
        cardrules.load(path)
    assert "auction.max_call -> must be <= 5 (got 13) (set in " in str(exc.value)
    path = tmp_path / "euchre-calls.toml"
    path.write_text(
        '[profile]\nname = "euchre-calls"\ntitle = "E"\nextends = "callbreak-strict"\n'
        '[deck]\nname = "euchre-24"\n',
        encoding="utf-8",
    )
    data = resolve_chain(path).data
    del data["auction"]["max_call"]
    assert validate(data, str(path)).auction.max_call == 6


def test_diff_names_the_deck(tmp_path: Path) -> None:
    """``cardrules diff`` says which deck each profile plays with, and its card points."""
    code, out, err = run("diff", "callbreak-strict", str(odd_profile(tmp_path)))
    assert (code, err) == (0, "")
    assert "  deck: french-52, 52 cards vs odd-23, 23 cards; card points A 11, JK2 5\n" in out
    assert "  calls: 2–13 vs 2–5 (CBS-2.4)\n" in out
