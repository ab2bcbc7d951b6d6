"""``cardrules.profiles()``, ``cardrules.load()`` and the Ruleset, for every profile of the
API tests: loading by name and by path, new games, and the stateless helpers.

Their refusals of bad input are in ``test_errors.py``.
"""

from __future__ import annotations

import decimal
import inspect
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import Card, CardrulesError, Ruleset
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


# -- the family's scoring helpers ------------------------------------------------------


def test_scoring_helpers_are_real_methods_of_a_typed_object() -> None:
    """``rules.scoring`` is the family's helper class bound to the rules: its methods are
    real (``dir()``, ``inspect`` and type checkers see them, with their signatures)."""
    from cardrules_bridge import DuplicateScoring
    from cardrules_callbreak import CallScoring
    from cardrules_minibridge import MinibridgeScoring
    from cardrules_ohhell import BidScoring
    from cardrules_spades import SpadesScoring

    expected = {
        "callbreak-strict": (CallScoring, ("score_calls",)),
        "callbridge-classic": (CallScoring, ("score_calls",)),
        "oh-hell": (BidScoring, ("score_calls",)),
        "minibridge-ebu": (MinibridgeScoring, ("score_contract", "double_dummy")),
        "bridge-duplicate": (
            DuplicateScoring,
            ("score_contract", "double_dummy", "play_double_dummy"),
        ),
        "hearts": (cardrules.ScoreHelpers, ()),
        "spades": (SpadesScoring, ("score_calls",)),
    }
    for name, (kind, names) in expected.items():
        rules = cardrules.load(name)
        scoring = rules.scoring
        assert type(scoring) is kind and scoring.rules is rules, name
        assert scoring.names == names and rules.scoring is scoring
        assert repr(scoring) == f"<{kind.__name__} of {name!r}>"
        for helper in names:
            assert helper in dir(scoring) and helper in dir(rules)
            assert getattr(rules, helper) == getattr(scoring, helper)  # the same bound method
    signature = inspect.signature(CallScoring.score_calls)
    assert list(signature.parameters) == ["self", "calls", "tricks"]
    assert "Sequence[int]" in str(signature.parameters["calls"].annotation)
    assert CallScoring.score_calls.__doc__ and CallScoring.score_calls.__name__ == "score_calls"


def test_the_helpers_as_the_rulesets_own_keep_working() -> None:
    """``rules.score_calls(...)`` (as the app guide showed it) is ``rules.scoring.score_calls``;
    a name the family does not offer is an AttributeError, as on any object."""
    strict = cardrules.load("callbreak-strict")
    scores = strict.score_calls([3, 4, 2, 3], [5, 3, 2, 3])
    assert scores == strict.scoring.score_calls([3, 4, 2, 3], [5, 3, 2, 3])
    assert scores == strict.score_deal(calls=[3, 4, 2, 3], tricks=[5, 3, 2, 3])
    assert str(scores[0]) == "3.2"
    bridge = cardrules.load("bridge-duplicate")
    assert bridge.score_contract("4S", "S", 10, vulnerable=True)["NS"] == Decimal(620)
    for rules, name in ((strict, "score_contract"), (bridge, "score_calls"), (strict, "nope")):
        with pytest.raises(AttributeError, match=f"'Ruleset' object has no attribute '{name}'"):
            getattr(rules, name)
        assert not hasattr(rules, name) and name not in dir(rules)


def test_scoring_as_types_the_helpers_or_says_what_they_are() -> None:
    from cardrules_bridge import DuplicateScoring
    from cardrules_callbreak import CallScoring

    strict = cardrules.load("callbreak-strict")
    assert strict.scoring_as(CallScoring) is strict.scoring
    assert strict.scoring_as(cardrules.ScoreHelpers) is strict.scoring
    with pytest.raises(CardrulesError) as caught:
        strict.scoring_as(DuplicateScoring)
    assert str(caught.value) == (
        "profile 'callbreak-strict' scores with CallScoring, not 'DuplicateScoring'"
    )


def test_the_helpers_compute_in_the_score_context_whatever_the_callers() -> None:
    """Each helper runs in SCORE_CONTEXT (wrapped when its class is made): a caller's
    one-digit context with rounding trapped changes nothing."""
    strict = cardrules.load("callbreak-strict")
    with decimal.localcontext(prec=1, traps=[decimal.Rounded, decimal.Inexact]):
        assert strict.scoring.score_calls([3, 2, 2, 2], [5, 3, 3, 2])[0] == Decimal("3.2")
        assert decimal.getcontext().prec == 1  # and the caller's context is left as it was


def test_a_scorer_naming_something_else_as_its_helpers_is_refused() -> None:
    """A plugin's scorer whose ``score_helpers`` is not a ScoreHelpers subclass: the
    message names the profile and the plugin."""
    rules = cardrules.load("callbreak-strict")
    rules.scorer = type("Odd", (), {"score_helpers": ("score_calls",), "__module__": "odd"})()
    with pytest.raises(CardrulesError) as caught:
        _ = rules.scoring
    assert str(caught.value) == (
        "profile 'callbreak-strict': the scorer of plugin 'odd' names score_helpers "
        "('score_calls',), not a subclass of cardrules.ScoreHelpers"
    )
    assert "score_calls" not in dir(rules)
