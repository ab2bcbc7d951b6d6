"""A family declared in one place (:class:`cardrules.Family`): what its entry point names.

A family of no real game ("knockers": each seat knocks or passes once, then the cards
are played; a point a trick, and a bonus for a knock the option sets) declares its
auction, scorer, option and the verb ``knock``; its games read the verb, no other
game does, and nothing is registered by importing its module.
"""

from __future__ import annotations

import importlib.metadata
import random
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import ActionError, Family, IllegalAction
from cardrules.profile.registry import shipped_profiles
from cardrules.rules.actions import Action, ActionVerb
from cardrules.rules.catalog import OptionSpec
from cardrules.rules.components import Auction, AuctionState, Contract, DealInfo, Scorer, Side
from cardrules.rules.family import AuctionKind, ScorerKind
from cardrules.rules.plugins import entry_points
from cardrules.rules.profile import Profile
from helpers import write_profile


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """A knock (``knock``), or a pass (``knock no``)."""

    knocks: bool

    def __str__(self) -> str:
        return "knock" if self.knocks else "knock no"


def _read_knock(text: str, words: list[str]) -> Action:
    if [w.lower() for w in words] not in ([], ["no"]):
        raise ActionError(f"invalid action: {text!r} (expected 'knock' or 'knock no')")
    return Knock(not words)


class _KnockState(AuctionState):
    def __init__(self, deal: DealInfo) -> None:
        self.order = deal.direction.order(deal.direction.next(deal.dealer))
        self.knocked: list[int] = []
        self.done = 0

    def to_act(self) -> int | None:
        return self.order[self.done] if self.done < len(self.order) else None

    def legal_actions(self) -> list[Action]:
        return [Knock(True), Knock(False)] if self.to_act() is not None else []

    def apply(self, seat: int, action: Action) -> None:
        if seat != self.to_act() or not isinstance(action, Knock):
            raise IllegalAction("KN-1", "each seat in turn knocks or not", action=str(action))
        if action.knocks:
            self.knocked.append(seat)
        self.done += 1

    def result(self) -> Contract | None:
        return _Knocked(None, self.order[0], knocked=frozenset(self.knocked))

    def public(self) -> dict[str, Any]:
        return {"knocked": self.knocked}

    def exposed(self) -> frozenset[int]:
        return frozenset()


@dataclass(frozen=True)
class _Knocked(Contract):
    knocked: frozenset[int] = frozenset()


class _Knocks(Auction):
    def start(self, deal: DealInfo) -> _KnockState:
        return _KnockState(deal)


class _KnockScorer(Scorer):
    """A point a trick; a seat that knocked scores the bonus if it took the most tricks."""

    def __init__(self, bonus: int) -> None:
        self.bonus = bonus

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        knocked = contract.knocked if isinstance(contract, _Knocked) else frozenset()
        best = max(tricks)
        return {
            seat: Decimal(took + (self.bonus if seat in knocked and took == best else 0))
            for seat, took in enumerate(tricks)
        }


def _scorer(profile: Profile) -> _KnockScorer:
    return _KnockScorer(profile.whole("knock_bonus"))


KNOCKERS = Family(
    "knockers",
    "Knockers (a family of no game)",
    auctions=(AuctionKind("knocks", lambda profile, bounds: _Knocks(), provides="knocks"),),
    scorers=(ScorerKind("knock_points", _scorer, needs="knocks", sides="individual"),),
    options=(
        OptionSpec("knock_bonus", 3, "What a knock earns.", rule="KN-2", minimum=0, maximum=9),
    ),
    verbs=(ActionVerb(("knock",), "knock", _read_knock, Knock),),
)

PROFILE = """
[auction]
kind = "knocks"
[play]
trump = "none"
duties = [{ name = "follow_suit", rule = "KN-3" }]
[scoring]
kind = "knock_points"
"""


@pytest.fixture
def knockers(tmp_path: Path) -> cardrules.Ruleset:
    return cardrules.load(write_profile(tmp_path, "knockers", PROFILE), plugins=[KNOCKERS])


def test_a_family_declares_its_components_options_and_words(
    knockers: cardrules.Ruleset,
) -> None:
    """The ruleset holds the family (after Call Break's, whose profile it extends), its
    option's declared default read typed, and the family's verb in its vocabulary,
    beside the kernel's."""
    assert [f.name for f in knockers.families] == ["callbreak", "knockers"]
    assert knockers.families[-1] is KNOCKERS
    assert knockers.profile.whole("knock_bonus") == 3
    assert "'knock'" in knockers.vocabulary.expected()
    assert "'play CARD'" in knockers.vocabulary.expected()
    assert repr(KNOCKERS) == (
        "Family('knockers', auctions=['knocks'], scorers=['knock_points'], "
        "options=['knock_bonus'], verbs=['knock'])"
    )


def test_a_familys_game_reads_its_verb_and_scores_with_its_scorer(
    knockers: cardrules.Ruleset,
) -> None:
    game = knockers.new_game(seed=4, dealer=0)
    assert game.legal_actions() == [Knock(True), Knock(False)]
    game.apply("knock")
    game.apply("KNOCK no")
    game.apply("knock no")
    game.apply("knock")
    assert game.actions[:4] == ["knock", "knock no", "knock no", "knock"]
    rng = random.Random(4)
    while game.deal_number == 1 and game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    deal = game.deals[0]
    best = max(deal.tricks)
    for seat, took in enumerate(deal.tricks):
        bonus = 3 if seat in (1, 0) and took == best else 0  # seats 1 and 0 knocked
        assert deal.scores[seat] == took + bonus
    # the record replays through the family's words
    assert cardrules.Game.from_json(game.to_json(), rules=knockers).to_json() == game.to_json()


def test_the_option_is_set_at_load_and_refused_out_of_range(tmp_path: Path) -> None:
    path = write_profile(tmp_path, "knockers", PROFILE)
    assert cardrules.load(path, plugins=[KNOCKERS], knock_bonus=5).profile.whole("knock_bonus") == 5
    with pytest.raises(cardrules.ProfileError, match="knock_bonus"):
        cardrules.load(path, plugins=[KNOCKERS], knock_bonus=10)


def test_no_other_game_reads_the_verb(knockers: cardrules.Ruleset) -> None:
    """The verb is the family's games' alone: a Call Break game does not read it, nor does
    ``parse_action`` (the installed families' words: this family is not installed)."""
    strict = cardrules.load("callbreak-strict").new_game(seed=1)
    before = strict.to_json()
    with pytest.raises(ActionError, match="expected 'bid N'"):
        strict.apply("knock")
    assert strict.to_json() == before
    with pytest.raises(ActionError):
        cardrules.parse_action("knock")


def test_a_text_two_families_read_is_read_as_the_games_own() -> None:
    """``pass``: a pass in Euchre's making, a card passed in Hearts; each game reads it in
    its own family's words, whatever was loaded or imported first."""
    hearts = cardrules.load("hearts").new_game(seed=2)
    euchre = cardrules.load("euchre").new_game(seed=2)
    assert type(hearts.parse("pass QS")).__name__ == "PassCard"
    assert type(euchre.parse("pass")).__name__ == "PassCall"
    # a bare "pass" is no Hearts action: read as another family's, refused by Hearts' rule
    before = hearts.to_json()
    with pytest.raises(IllegalAction, match="HE-2"):
        hearts.apply("pass")
    assert hearts.to_json() == before


def test_every_shipped_family_entry_point_names_a_family_with_its_profiles() -> None:
    """Each entry point of a shipped family names its :class:`Family`, whose ``profiles``
    directory holds the profiles the family ships (through the same mechanism a
    third-party family uses); a plugin of hooks alone (house rules) declares no family."""
    shipped = shipped_profiles()
    families = {}
    for name, ep in entry_points().items():
        if ep.dist is not None and ep.dist.name != "cardrules":
            continue
        plugin = ep.load()
        if isinstance(plugin, Family):
            assert ep.value.endswith(".family:FAMILY")
            families[name] = plugin
    assert {"callbreak", "hearts", "spades", "ohhell", "bridge", "minibridge", "euchre"} <= set(
        families
    )
    for profile, (plugin, path) in shipped.items():
        family = families.get(plugin)
        assert family is not None, f"{profile} is shipped by {plugin}, which declares no family"
        assert family.profiles == path.parent
    assert importlib.metadata.entry_points(group="cardrules")
