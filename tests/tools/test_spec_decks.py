"""The rule spec's words for a deck (issue 26): copies, ranks suit by suit, and the French
pack left unsaid."""

from __future__ import annotations

import cardrules
from cardrules.deck import named_deck
from cardrules.tools.spec import DeckDoc, describe, render_text


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
