"""Sides the contract keeps from the players (``Contract.sides_known``, ``View.sides``) and
what a scorer reads of a deal's cards (``FinishedDeal.dealt``, ``FinishedDeal.played``),
exercised by a plugin of no family: the seat dealt the ace of spades is the "seeker", the
others "hiders".  Each seat knows its own side from its hand; every seat learns the
seeker's once the ace is played, and with it that the others hide.  The seeker scores two
points a trick, a hider one, and the last trick's winner one more.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Contract
from cardrules.cards import Card
from cardrules.engine.bots import MonteCarloBot, play_game
from cardrules.engine.tricks import Trick
from cardrules.engine.worlds import sample_hands
from cardrules.rules.actions import Action
from cardrules.rules.components import (
    Auction,
    AuctionState,
    DealInfo,
    FinishedDeal,
    Scorer,
    Side,
)
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.server.messages import SeatView
from helpers import play_out, random_policy

ACE = Card.parse("AS")


@dataclass(frozen=True, slots=True)
class _HideContract(Contract):
    """The seeker (the seat dealt the ace of spades) against the hiders."""

    def sides_known(
        self,
        seat: int,
        dealt: int,
        tricks: Sequence[Trick],
        trick: Sequence[tuple[int, Card]],
        calls: Sequence[tuple[int, Action]] = (),
    ) -> dict[int, str]:
        played = [(s, c) for t in tricks for s, c in t.cards] + list(trick)
        seeker = next((s for s, c in played if c == ACE), None)
        if seeker is None and dealt >> ACE.index & 1:
            seeker = seat
        if seeker is not None:
            return {s: "seeker" if s == seeker else "hider" for s in range(4)}
        return {} if seat < 0 else {seat: "hider"}


@dataclass(frozen=True, slots=True)
class _ToldContract(_HideContract):
    """The seeker's seat told to all (but not its cards): the worlds a bot draws give it
    the ace of spades."""

    seeker: int = 0

    def sides_known(
        self,
        seat: int,
        dealt: int,
        tricks: Sequence[Trick],
        trick: Sequence[tuple[int, Card]],
        calls: Sequence[tuple[int, Action]] = (),
    ) -> dict[int, str]:
        known = _HideContract.sides_known(self, seat, dealt, tricks, trick, calls)
        if seat == self.seeker and not dealt >> ACE.index & 1:
            return known  # (a world in which the seat told is not the seeker)
        return {**known, self.seeker: "seeker"}


class _HideState(AuctionState):
    def __init__(self, deal: DealInfo, told: bool = False) -> None:
        self.deal = deal
        self.told = told

    def to_act(self) -> int | None:
        return None

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, seat: int, action: Action) -> None:  # pragma: no cover - never asked
        raise AssertionError(action)

    def result(self) -> Contract:
        leader = self.deal.direction.next(self.deal.dealer)
        if self.told:
            seeker = next(s for s, h in enumerate(self.deal.hands) if h >> ACE.index & 1)
            return _ToldContract(None, leader, seeker=seeker)
        return _HideContract(None, leader)

    def public(self) -> dict[str, Any]:
        return {}


class _Hide(Auction):
    def __init__(self, told: bool = False) -> None:
        self.told = told

    def start(self, deal: DealInfo) -> _HideState:
        return _HideState(deal, self.told)


class _HideScorer(Scorer):
    """Two a trick for the seeker, one for a hider, one more for the last trick."""

    def __repr__(self) -> str:
        return "_HideScorer()"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        return {seat: Decimal(took) for seat, took in enumerate(tricks)}

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        seeker = next(s for s, mask in enumerate(deal.dealt) if mask >> ACE.index & 1)
        scores = {s: Decimal(t * (2 if s == seeker else 1)) for s, t in enumerate(deal.tricks)}
        scores[deal.played[-1].winner] += 1
        return scores


FAMILY = Family(
    "hide",
    auctions=(
        AuctionKind("hide", lambda p, b: _Hide(), provides="none"),
        AuctionKind("told", lambda p, b: _Hide(told=True), provides="none"),
    ),
    scorers=(ScorerKind("hide", lambda p: _HideScorer()),),
)

PROFILE = """[profile]
name = "hide"
title = "hide"
extends = "callbreak-strict"
[deal]
hand_sizes = [4]
direction = "clockwise"
[auction]
kind = "hide"
[play]
trump = "none"
duties = [{ name = "follow_suit", rule = "X-1" }]
[scoring]
kind = "hide"
[game]
deals = 1
"""

# Seat 0 deals, seat 1 leads; seat 3 holds the ace of spades.
HANDS = ["2C 3C 4C 5C", "6C 7C 8C 9C", "10C JC QC KC", "AS 4S 2D 3D"]


@pytest.fixture
def rules(tmp_path: Path) -> cardrules.Ruleset:
    path = tmp_path / "hide.toml"
    path.write_text(PROFILE, encoding="utf-8")
    return cardrules.load(path, plugins=[FAMILY])


def test_each_seat_knows_its_own_side_and_no_other_until_the_ace_is_played(
    rules: cardrules.Ruleset,
) -> None:
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    assert game.phase == "play"
    for seat in range(3):
        assert game.view(seat).sides == {seat: "hider"}
        assert json.loads(game.view(seat).to_json())["sides"] == {str(seat): "hider"}
    everyone = {0: "hider", 1: "hider", 2: "hider", 3: "seeker"}
    assert game.view(3).sides == everyone  # the seeker knows it from its hand
    assert game.public_view().sides == {} and "sides" not in game.public_view().to_dict()
    game.apply("play 6C")
    game.apply("play 10C")
    assert game.view(0).sides == {0: "hider"}
    game.apply("play AS")  # the ace shows the seeker to every seat, on the table already
    for seat in range(4):
        assert game.view(seat).sides == everyone
    assert game.public_view().sides == everyone
    model = SeatView.model_validate(game.view(0).to_dict())  # the protocol describes it
    assert model.sides == {str(s): side for s, side in everyone.items()}
    game.undo()
    assert game.view(0).sides == {0: "hider"} and game.public_view().sides == {}


def test_the_scorer_reads_the_hands_dealt_and_the_tricks_in_order(
    rules: cardrules.Ruleset,
) -> None:
    game = play_out(rules.new_game(seed=1, dealer=0, hands=HANDS))
    tricks = game.deals[0].tricks
    expected = {s: Decimal(t * (2 if s == 3 else 1)) for s, t in enumerate(tricks)}
    state = json.loads(game.to_json())["state"]
    last = state["tricks"][-1][2]
    expected[last] += 1
    assert game.deals[0].scores == expected


def test_a_family_that_keeps_no_sides_shows_none(strict: cardrules.Ruleset) -> None:
    game = strict.new_game(seed=3)
    play = random_policy(random.Random(3))
    for _ in range(20):
        game.apply(play(game))
        assert game.view(0).sides == {} and "sides" not in game.view(0).to_dict()


def test_worlds_and_bots_play_with_sides_kept(rules: cardrules.Ruleset) -> None:
    """A bot that plans draws worlds from a view with sides: each world's scorer reads its
    own hands dealt."""
    game = rules.new_game(seed=4, dealer=0, hands=HANDS)
    bot = MonteCarloBot(seed=1, samples=4)
    finished = play_game(game, [bot] * 4)
    assert finished.phase == "finished"


def test_worlds_give_each_seat_the_side_the_view_knows(tmp_path: Path) -> None:
    """The worlds drawn from a view hold, for each hidden seat whose side the view knows,
    a hand that tells that seat the same side (``Contract.sides_known``)."""
    path = tmp_path / "told.toml"
    path.write_text(PROFILE.replace('kind = "hide"\n[play]', 'kind = "told"\n[play]', 1))
    rules = cardrules.load(path, plugins=[FAMILY])
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    view = game.view(0)
    assert view.sides == {0: "hider", 3: "seeker"}
    rng = random.Random(2)
    for _ in range(30):
        world = sample_hands(view, rng)
        assert ACE in world[3]
    hider = rules.new_game(seed=1, dealer=0, hands=HANDS).view(1)
    assert all(ACE in sample_hands(hider, rng)[3] for _ in range(10))


def test_the_picture_labels_each_seat_with_the_side_its_viewer_knows(
    rules: cardrules.Ruleset,
) -> None:
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    assert "N (you, hider)" in str(game.view(0)) and "seeker" not in str(game.view(0))
    assert "W (you, seeker)" in str(game.view(3))
    assert "hider" not in str(game) and "seeker" not in str(game)  # (no side public yet)
