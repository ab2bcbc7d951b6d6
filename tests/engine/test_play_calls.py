"""Actions during the play besides the cards, declared by a family's contract
(``Contract.has_play_calls``, ``play_calls``, ``play_call_refusal``): exercised by a plugin of
no family whose seats may ``knock`` once each, at their turn, while they hold at least three
cards; a knock doubles the knocker's tricks in the score.  A knock is listed after the cards,
recorded (``game.play_calls``, every view's ``play_calls``, the record), undone, handed to the
scorer (``FinishedDeal.calls``) and to ``Contract.sides_known``; a refused one cites the
contract's rule and changes nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, ClassVar

import pytest

import cardrules
from cardrules import Contract, Game
from cardrules.batch.engines import not_batched
from cardrules.cards import Card
from cardrules.engine.bots import MonteCarloBot, play_game
from cardrules.engine.tricks import Trick
from cardrules.envs.encoding import Encoding
from cardrules.errors import ActionError
from cardrules.rules.actions import Action, ActionVerb, Play
from cardrules.rules.components import (
    Auction,
    AuctionState,
    DealInfo,
    FinishedDeal,
    PlayState,
    Scorer,
    Side,
)
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.server.messages import SeatView
from helpers import refused

RULE = "X-4"


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """A knock (the plugin's call during the play); ``held``, the cards the knocker held
    then, is kept by the knock the contract lists and not written in its text."""

    held: int = field(default=0, compare=False)

    prompt: ClassVar[str] = "Your card, or a knock"

    def __str__(self) -> str:
        return "knock"


KNOCK = Knock()


def _read_knock(text: str, words: list[str]) -> Action:
    if words:
        raise ActionError(f"invalid action: {text!r} (expected 'knock')")
    return KNOCK


@dataclass(frozen=True, slots=True)
class _KnockContract(Contract):
    has_play_calls: ClassVar[bool] = True

    def play_calls(self, state: PlayState) -> list[Action]:
        knocked = any(seat == state.seat for seat, _ in state.calls)
        held = state.held.bit_count()
        return [] if knocked or held < 3 else [Knock(held)]

    def play_call_refusal(self, state: PlayState, action: Action) -> tuple[str, str]:
        if not isinstance(action, Knock):
            return RULE, "only a card or a knock"
        if any(seat == state.seat for seat, _ in state.calls):
            return RULE, "a seat knocks once"
        return RULE, "a knock needs three cards in hand"

    def sides_known(
        self,
        seat: int,
        dealt: int,
        tricks: Sequence[Trick],
        trick: Sequence[tuple[int, Card]],
        calls: Sequence[tuple[int, Action]] = (),
    ) -> dict[int, str]:
        return {s: "knocker" for s, _ in calls}


class _State(AuctionState):
    def __init__(self, deal: DealInfo) -> None:
        self.deal = deal

    def to_act(self) -> int | None:
        return None

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, seat: int, action: Action) -> None:  # pragma: no cover - never asked
        raise AssertionError(action)

    def result(self) -> Contract:
        return _KnockContract(None, self.deal.direction.next(self.deal.dealer))

    def public(self) -> dict[str, Any]:
        return {}


class _Auction(Auction):
    def start(self, deal: DealInfo) -> _State:
        return _State(deal)

    def every_play_call(self) -> tuple[Action, ...]:
        return (KNOCK,)


class _KnockScorer(Scorer):
    """A point a trick, two for a seat that knocked."""

    def __repr__(self) -> str:
        return "_KnockScorer()"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        return {seat: Decimal(took) for seat, took in enumerate(tricks)}

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        knocked = {seat for seat, call in deal.calls if isinstance(call, Knock)}
        return {s: Decimal(t * (2 if s in knocked else 1)) for s, t in enumerate(deal.tricks)}


FAMILY = Family(
    "knock",
    auctions=(AuctionKind("knock", lambda p, b: _Auction(), provides="none"),),
    scorers=(ScorerKind("knock", lambda p: _KnockScorer()),),
    verbs=(ActionVerb(("knock",), "knock", _read_knock, Knock),),
)

PROFILE = """[profile]
name = "knock"
title = "knock"
extends = "callbreak-strict"
[deal]
hand_sizes = [4]
direction = "clockwise"
[auction]
kind = "knock"
[play]
trump = "none"
duties = [{ name = "follow_suit", rule = "X-1" }]
[scoring]
kind = "knock"
[game]
deals = 2
"""

# Seat 0 deals, seat 1 leads.
HANDS = ["2C 3C 4C 5C", "6C 7C 8C 9C", "10C JC QC KC", "AS AC 2D 3D"]


@pytest.fixture
def rules(tmp_path: Path) -> cardrules.Ruleset:
    path = tmp_path / "knock.toml"
    path.write_text(PROFILE, encoding="utf-8")
    return cardrules.load(path, plugins=[FAMILY])


def test_a_call_is_listed_after_the_cards_and_recorded_in_every_view(
    rules: cardrules.Ruleset,
) -> None:
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    legal = game.legal_actions()
    assert [type(a) for a in legal] == [Play] * 4 + [Knock]
    assert game.is_legal("knock") and game.view(1).legal_actions[-1] == KNOCK
    game.apply("knock")
    assert game.to_act == 1 and game.play_calls == ((1, KNOCK),)
    assert game.play_calls[0][1].held == 4  # the knock as the contract listed it
    assert KNOCK not in game.legal_actions() and not game.is_legal("knock")
    for seat in (*range(4), -1):
        view = game.public_view() if seat < 0 else game.view(seat)
        assert view.play_calls == ((1, "knock"),)
        assert view.to_dict()["play_calls"] == [[1, "knock"]]
        assert view.sides == {1: "knocker"}  # (Contract.sides_known reads the calls)
        SeatView.model_validate(view.to_dict())
    assert json.loads(game.to_json())["state"]["play_calls"] == [[1, "knock"]]
    assert "play_calls" not in rules.new_game(seed=1).view(0).to_dict()


def test_a_refused_call_cites_the_contracts_rule_and_changes_nothing(
    rules: cardrules.Ruleset,
) -> None:
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    game.apply("knock")
    error = refused(game, "knock")
    assert error.rule == RULE and "a seat knocks once" in str(error)
    for card in ("6C", "10C", "AC", "2C", "AS", "3C", "7C", "JC"):
        game.apply(f"play {card}")
    assert game.to_act == 3 and game.hands[3].bit_count() == 2
    assert KNOCK not in game.legal_actions()
    error = refused(game, "knock")
    assert error.rule == RULE and "three cards" in str(error)
    error = refused(game, "bid 3")
    assert error.rule == RULE and "only a card or a knock" in str(error)


def test_undo_takes_a_call_back(rules: cardrules.Ruleset) -> None:
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    before = game.to_json()
    game.apply("knock")
    assert str(game.undo()) == "knock"
    assert game.to_json() == before and game.play_calls == ()
    assert game.view(2).play_calls == ()


def test_the_scorer_reads_the_calls_and_records_replay(rules: cardrules.Ruleset) -> None:
    game = rules.new_game(seed=3)
    rng = random.Random(3)
    knocks = 0
    while game.phase != "finished":
        legal = game.legal_actions()
        action = KNOCK if KNOCK in legal and rng.random() < 0.5 else rng.choice(legal)
        knocks += action == KNOCK
        before = game.to_json()
        game.apply(action)
        after = game.to_json()
        game.undo()
        assert game.to_json() == before
        game.apply(action)
        assert game.to_json() == after
    assert knocks
    text = game.to_json()
    assert Game.from_json(text, rules=rules).to_json() == text
    for deal in game.deals:
        assert sum(deal.scores.values()) >= sum(deal.tricks)


def test_a_knock_doubles_the_knockers_tricks(rules: cardrules.Ruleset) -> None:
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    game.apply("knock")  # seat 1
    while game.deal_number == 1:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Play)))
    deal = game.deals[0]
    assert deal.scores == {s: Decimal(t * (2 if s == 1 else 1)) for s, t in enumerate(deal.tricks)}


def test_the_adapters_action_space_holds_the_calls(rules: cardrules.Ruleset) -> None:
    """``Auction.every_play_call``: the encoding's actions hold the knock after the cards;
    the NumPy batch engine, which plays cards only, refuses the profile."""
    encoding = Encoding(rules)
    assert encoding.actions == 52 + 1 and encoding.action(52) == KNOCK
    assert encoding.index(KNOCK) == 52
    assert "takes no action in the play but the cards" in not_batched(rules)


def test_bots_and_worlds_play_with_calls(rules: cardrules.Ruleset) -> None:
    game = rules.new_game(seed=4, dealer=0, hands=HANDS)
    game.apply("knock")
    view = game.view(2)
    world = Game.from_view(view, {0: "2C 3C 4C 5C", 1: "6C 7C 8C 9C", 3: "AS AC 2D 3D"}, seed=1)
    assert world.play_calls == ((1, KNOCK),) and world.view(2).play_calls == view.play_calls
    finished = play_game(game, [MonteCarloBot(seed=1, samples=3)] * 4)
    assert finished.phase == "finished"


def test_the_picture_shows_the_calls(rules: cardrules.Ruleset) -> None:
    game = rules.new_game(seed=1, dealer=0, hands=HANDS)
    assert "Called:" not in str(game.view(2))
    game.apply("knock")
    assert "Called: E knock" in str(game.view(2)) and "Called: E knock" in str(game)
    assert "E (knocker)" in str(game.view(2))  # the side the view knows, by its seat
