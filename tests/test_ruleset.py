"""``cardrules.profiles()``, ``cardrules.load()`` and the Ruleset, for every profile of the
API tests: loading by name and by path, new games, and the stateless helpers.

Their refusals of bad input are in ``test_errors.py``.
"""

from __future__ import annotations

from pathlib import Path

import cardrules
from cardrules import Card, Ruleset
from cardrules.profile.registry import profile_paths
from helpers import API_PROFILES, deck_hands


def test_profiles_sorted_and_every_one_loads_by_name_and_by_path() -> None:
    """profiles() is sorted; load() takes a name, a path string or a Path."""
    names = cardrules.profiles()
    assert names == sorted(names)
    assert set(API_PROFILES) <= set(names)
    for name in API_PROFILES:
        path = profile_paths()[name]
        assert cardrules.load(name).name == name
        assert cardrules.load(str(path)).name == name
        assert cardrules.load(Path(path)).name == name


def test_new_game_with_preset_hands(rules: Ruleset) -> None:
    """new_game(seed=7, dealer=0, hands=...) deals exactly those hands; deal_number is 1."""
    hands = deck_hands()
    game = rules.new_game(seed=7, dealer=0, hands=hands)
    if game.throw_ins:  # a profile may throw this deal in (20-20, no spade ...)
        assert game.deal_number == 1 and game.dealer == 0
        return
    assert [[str(c) for c in game.hand(s)] for s in range(4)] == [
        [str(c) for c in sorted(Card.parse(c) for c in h)] for h in hands
    ]
    assert (game.dealer, game.deal_number, game.phase) == (0, 1, "auction")
    assert game.to_act is not None


def test_trump_defaults_to_the_profile_and_none_means_no_trump(rules: Ruleset) -> None:
    """trump= defaults to the profile's fixed trump (spades in Call Break); None is no-trump."""
    trick = ["AH", "2S", "KH", "3H"]
    fixed = rules.profile.trump in ("C", "D", "H", "S")
    assert rules.trick_winner(trick) == (1 if fixed else 0)
    assert rules.trick_winner(trick, trump=None) == 0
    assert rules.trick_winner(trick, trump="S") == 1
    assert rules.trick_winner(trick, trump=cardrules.Suit.S) == 1
    assert rules.trick_winner(trick, trump="NT") == 0
