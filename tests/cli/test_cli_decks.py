"""The CLI with decks other than the French pack (issue 26): hands sorted by the deal's
order, typed cards read in the deck, ``show`` and ``diff`` of a profile with an inline deck.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cardrules import ActionError, CardError
from cardrules.cli import main
from cardrules.cli.console import Console
from cardrules.cli.play import read_action
from cardrules.deck import named_deck
from cardrules.rules.actions import Play
from helpers import deck_cards, euchre_hearts, odd_profile


def test_the_console_sorts_a_hand_by_the_deals_order() -> None:
    """``Console.hand``: the left bower among the trumps, whole; without suit symbols the
    suits read as letters."""
    order = euchre_hearts()
    hand = deck_cards(order.deck, "JD JH AH AD 9C")
    con = Console(io.StringIO(), io.StringIO(), io.StringIO())
    assert con.hand(hand, order) == "♠ -  ♥ J J♦ A  ♦ A  ♣ 9"
    con.symbols = False
    assert con.hand(hand, order) == "S -  H J JD A  D A  C 9"
    assert con.hand(deck_cards(named_deck("tarot-78"), "T2 EX 1S")) == "S 1  H -  D -  C -  EX T2"


def test_a_typed_card_is_one_of_the_deck() -> None:
    """A card typed at the table is read in the deck of the legal cards (or the one
    given): a card the deck lacks is refused in words, naming the deck and its ranks."""
    deck = named_deck("euchre-24")
    legal = [Play(c) for c in deck_cards(deck, "9S AH")]
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


def test_diff_names_the_deck(tmp_path: Path) -> None:
    """``cardrules diff`` says which deck each profile plays with, and its card points."""
    code, out, err = run("diff", "callbreak-strict", str(odd_profile(tmp_path)))
    assert (code, err) == (0, "")
    assert "  deck: french-52, 52 cards vs odd-23, 23 cards; card points A 11, JK2 5\n" in out
    assert "  calls: 2–13 vs 2–5 (CBS-2.4)\n" in out


def test_a_game_of_a_deck_of_no_family_plays_and_replays(tmp_path: Path) -> None:
    """``play --auto`` deals the profile's deck (no diamonds; the jokers by their text,
    after the suits) and ``replay`` of its record tells the same deal."""
    profile, record = odd_profile(tmp_path), tmp_path / "odd.json"
    code, out, err = run("play", str(profile), "--auto", "--seed", "3", "--record", str(record))
    assert (code, err) == (0, "")
    hands = out.splitlines()[5:9]
    assert hands == [
        "  N: ♠ A K 7  ♥ -  ♣ Q  JK1",
        "  E: ♠ 9  ♥ K 7  ♣ K  JK2",
        "  S: ♠ Q J 8  ♥ 9  ♣ A",
        "  W: ♠ -  ♥ A J 8  ♣ J 7",
    ]
    assert "  Trick 2: N K♠  W 8♥  S J♠  E JK2  -> E" in out.splitlines()
    code, again, err = run("replay", str(record), "--profile", str(profile))
    assert (code, err) == (0, "")
    assert again.splitlines()[5:20] == out.splitlines()[5:20]
