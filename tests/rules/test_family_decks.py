"""Named decks a family declares (:attr:`cardrules.Family.decks`), named by its profiles.

A family of no real game ("twins") declares one deck, ``twins-48``: two copies of 9..A in
the four suits, as Doppelkopf plays.  A profile extending Call Break names it in
``[deck] name``; ``load`` resolves the name once the family's components are set up.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules import Family
from cardrules.deck import DECKS, DeckSpec
from cardrules.rules.catalog import Components
from cardrules.tools.spec import describe, render_text
from helpers import play_out, write_profile

TWINS = DeckSpec.of("twins-48", ranks=["9", "10", "J", "Q", "K", "A"], copies=2)
SIXES = DeckSpec.of("sixes", ranks=["6", "7", "8", "9", "10", "J", "Q", "K", "A"])
FAMILY = Family("twins", decks={"twins-48": TWINS, "sixes-36": SIXES})


def _twins_profile(folder: Path, name: str = "twins", more: str = "") -> Path:
    return write_profile(folder, name, f'[deck]\nname = "twins-48"\n{more}')


def test_a_profile_plays_the_deck_its_family_declares(tmp_path: Path) -> None:
    rules = cardrules.load(_twins_profile(tmp_path), plugins=[FAMILY])
    assert rules.deck.spec == TWINS and rules.profile.deck == TWINS
    assert rules.deck.name == "twins-48" and rules.deck.size == 48
    assert rules.profile.deck_name == "twins-48" and not rules.profile.deck_pending
    # Checked against the family's deck: the highest call defaults to a hand's 12 tricks
    # only where the profile leaves it out; Call Break's 13 is within the 48 cards.
    assert rules.profile.max_call == 13 and rules.hand_size(1) == 12
    first, second = rules.deck.parse_cards(["9C", rules.deck.cards[1]])
    assert str(first) == str(second) == "9C" and first.index != second.index
    game = rules.new_game(seed=5)
    assert game.deck is rules.deck
    hands = [list(game.view(seat).hand) for seat in range(4)]
    assert sum(len(hand) for hand in hands) == 48
    assert all(card.deck is rules.deck for hand in hands for card in hand)
    play_out(game)
    assert game.phase == "finished" and all(sum(deal.tricks) == 12 for deal in game.deals)
    texts = [str(card) for card in rules.deck.cards]
    assert all(texts.count(text) == 2 for text in texts)


def test_the_deck_is_shown_and_its_size_checked(tmp_path: Path) -> None:
    rules = cardrules.load(_twins_profile(tmp_path), plugins=[FAMILY])
    assert "Deck: twins-48, 48 cards" in render_text(describe(rules))
    too_many = _twins_profile(tmp_path, "too-many", "[deal]\nhand_sizes = [13]\n")
    with pytest.raises(cardrules.ProfileError, match="from 1 to 12"):
        cardrules.load(too_many, plugins=[FAMILY])
    points = cardrules.load(
        _twins_profile(tmp_path, "points", "points = { A = 11 }\n"), plugins=[FAMILY]
    )
    assert points.deck.spec == TWINS._replace(points=(("A", 11),))  # as a built-in's points
    calls = _twins_profile(tmp_path, "calls", "[auction]\nmin_call = 13\n")
    with pytest.raises(cardrules.ProfileError, match=r"auction\.min_call"):
        cardrules.load(calls, plugins=[FAMILY])


@pytest.mark.parametrize(("name", "size"), [("sixes-36", 36), ("twins-48", 48)])
def test_a_record_replays_on_the_family_deck(tmp_path: Path, name: str, size: int) -> None:
    """A record names a card by its text; on two copies it plays the copy the seat holds."""
    path = write_profile(tmp_path, "decked", f'[deck]\nname = "{name}"\n')
    rules = cardrules.load(path, plugins=[FAMILY])
    assert rules.deck.name == name and rules.deck.size == size  # the name declared
    game = play_out(rules.new_game(seed=3))
    again = cardrules.Game.from_json(game.to_json(), rules=rules)
    assert again.deck is rules.deck and again.scores == game.scores


def test_an_unknown_deck_name_lists_the_names_known(tmp_path: Path) -> None:
    path = write_profile(tmp_path, "typo", '[deck]\nname = "twins-84"\n')
    with pytest.raises(cardrules.ProfileError) as caught:
        cardrules.load(path, plugins=[FAMILY])
    (where, what), *_ = caught.value.problems
    assert where == "deck.name"
    assert "did you mean 'twins-48'?" in what
    assert all(name in what for name in [*DECKS, "twins-48", "sixes-36"])


def test_without_the_family_its_deck_is_unknown(tmp_path: Path) -> None:
    with pytest.raises(cardrules.ProfileError, match="unknown deck 'twins-48'") as caught:
        cardrules.load(_twins_profile(tmp_path))
    assert caught.value.problems[0][0] == "deck.name"
    assert "twins-48" not in caught.value.problems[0][1].split("known:")[1]


def test_a_family_may_not_redefine_a_built_in_deck(tmp_path: Path) -> None:
    rogue = Family("rogue", decks={"pinochle-48": TWINS})
    with pytest.raises(cardrules.CardrulesError, match=r"family 'rogue'.*pinochle-48"):
        cardrules.load(_twins_profile(tmp_path), plugins=[rogue])
    with pytest.raises(cardrules.CardrulesError, match="built-in deck's name"):
        Components().add_deck("french-52", TWINS)


def test_an_inline_deck_still_works_beside_a_family(tmp_path: Path) -> None:
    body = (
        '[deck]\nname = "short-32"\nsuits = ["C", "D", "H", "S"]\n'
        'ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"]\n'
    )
    rules = cardrules.load(write_profile(tmp_path, "short", body), plugins=[FAMILY])
    assert rules.deck.name == "short-32" and rules.deck.size == 32
    assert rules.profile.max_call == 13 and rules.hand_size(1) == 8
    play_out(rules.new_game(seed=1))
    # An inline deck may not take the name of the family's: it would name one, play another.
    clash = write_profile(tmp_path, "clash", body.replace("short-32", "twins-48"))
    with pytest.raises(cardrules.ProfileError, match=r"deck\.name"):
        cardrules.load(clash, plugins=[FAMILY])


def test_a_built_in_deck_is_untouched_by_a_family(tmp_path: Path) -> None:
    rules = cardrules.load("callbreak-strict", plugins=[FAMILY])
    assert rules.deck.spec == DECKS["french-52"]
    assert rules.profile_hash == cardrules.load("callbreak-strict").profile_hash
    assert "decks=['twins-48', 'sixes-36']" in repr(FAMILY)
