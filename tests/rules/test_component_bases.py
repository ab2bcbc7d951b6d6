"""The bases of the rule objects (:mod:`cardrules.rules.components`): an auction, its
state, a scorer and an end condition that define only their required members play a whole
game on the defaults of the others; a scorer that overrides ``score_finished`` is handed
the cards each seat took and the game's earlier deals.  The plugins belong to no family."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Bid, CardrulesError, Contract, hookimpl
from cardrules.errors import IllegalAction
from cardrules.rules.actions import Action
from cardrules.rules.components import (
    Auction,
    AuctionState,
    DealInfo,
    DealResult,
    EndCondition,
    FinishedDeal,
    GameOver,
    ScoreHelpers,
    Scorer,
    Side,
)
from cardrules.rules.plugins import Components
from helpers import play_out


class _OneCallState(AuctionState):
    """The dealer's left-hand neighbour says "bid 1" and leads; no trump."""

    def __init__(self, deal: DealInfo) -> None:
        self.first = deal.direction.next(deal.dealer)
        self.done = False

    def to_act(self) -> int | None:
        return None if self.done else self.first

    def legal_actions(self) -> list[Action]:
        return [] if self.done else [Bid(1)]

    def apply(self, seat: int, action: Action) -> None:
        if action != Bid(1):
            raise IllegalAction("", "say 'bid 1'", action=str(action), seat=seat)
        self.done = True

    def result(self) -> Contract | None:
        return Contract(None, self.first)

    def public(self) -> dict[str, Any]:
        return {"done": self.done}


class _OneCall(Auction):
    def start(self, deal: DealInfo) -> _OneCallState:
        return _OneCallState(deal)


class _PerTrick(Scorer):
    """A point per trick, by seat."""

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        return {seat: Decimal(took) for seat, took in enumerate(tricks)}


class _TwoDeals(EndCondition):
    def check(self, deals: Sequence[DealResult], totals: Mapping[Side, Decimal]) -> GameOver | None:
        return GameOver("two deals played") if len(deals) >= 2 else None


class _DealsAndCards(Scorer):
    """Each seat scores the number of earlier deals of the game plus the cards it took."""

    reads_taken = True

    def __init__(self) -> None:
        self.seen: list[FinishedDeal] = []

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        raise AssertionError("the game calls score_finished")

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        self.seen.append(deal)
        earlier = len(deal.before)
        return {seat: Decimal(earlier + m.bit_count()) for seat, m in enumerate(deal.taken)}


class _Plugin:
    def __init__(self, scorer: Scorer) -> None:
        self.scorer = scorer

    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_auction("one_call", lambda p, b: _OneCall(), provides="none")
        components.add_scorer("bases", lambda p: self.scorer, end=lambda p, d: _TwoDeals())


BODY = """
[auction]
kind = "one_call"

[play]
trump = "none"
duties = [{ name = "follow_suit", rule = "X-1" }]

[scoring]
kind = "bases"
"""


def _rules(tmp_path: Path, scorer: Scorer) -> cardrules.Ruleset:
    path = tmp_path / "bases.toml"
    path.write_text(
        '[profile]\nname = "bases"\ntitle = "bases"\nextends = "callbreak-strict"\n' + BODY,
        encoding="utf-8",
    )
    return cardrules.load(path, plugins=[_Plugin(scorer)])


def test_objects_defining_only_their_required_members_play_a_whole_game(tmp_path: Path) -> None:
    """The defaults mean "not done here": no seat exposed, no card moved, nothing told one
    seat alone, no seat deciding for another, no first dealer fixed, no deal scored by hand,
    no tables compared, the highest total wins; the game plays to its end and every deal is
    scored by ``score``."""
    rules = _rules(tmp_path, _PerTrick())
    assert rules.first_dealer_reason is None and rules.auction.every_action() == ()
    game = rules.new_game(seed=7, dealer=0)
    first = rules.direction.next(0)
    assert game.phase == "auction" and game.to_act == first
    assert game.controller(3) == 3 and game.view(first).auction == {"done": False}
    dealt = [game.hand(s) for s in range(4)]
    game.apply("bid 1")
    assert [game.hand(s) for s in range(4)] == dealt  # no card moved
    assert all(sorted(game.view(s).hands) == [s] for s in range(4))
    assert game.view(2).known == {}
    play_out(game)
    assert game.phase == "finished" and len(game.deals) == 2
    assert game.over is not None and game.over.reason == "two deals played"
    for result in game.deals:
        assert result.scores == {s: Decimal(t) for s, t in enumerate(result.tricks)}
    standings = game.standings()
    assert standings[0].total == max(game.totals.values())  # the highest total first
    assert type(rules.scoring) is ScoreHelpers
    with pytest.raises(CardrulesError, match="does not score a deal described by hand"):
        rules.score_deal(tricks=[4, 3, 3, 3])
    with pytest.raises(CardrulesError, match="compares no tables"):
        rules.scorer.compare_deal(game.deals[0], game.deals[1])
    assert rules.scorer.comparison_unit == "" and rules.end.summary == ""


def test_score_finished_gets_the_cards_taken_and_the_earlier_deals(tmp_path: Path) -> None:
    """A scorer that overrides ``score_finished`` scores from ``FinishedDeal``: the cards
    each seat took (a mask by seat, four a trick, every card once) and the results of the
    game's earlier deals, with the deck played with."""
    scorer = _DealsAndCards()
    rules = _rules(tmp_path, scorer)
    game = play_out(rules.new_game(seed=3, dealer=2))
    assert len(scorer.seen) == len(game.deals) == 2
    for n, (deal, result) in enumerate(zip(scorer.seen, game.deals, strict=True)):
        assert list(deal.before) == game.deals[:n]
        assert deal.tricks == result.tricks and deal.contract == result.contract
        assert deal.deck is rules.deck
        taken = list(deal.taken)
        assert [m.bit_count() for m in taken] == [4 * t for t in result.tricks]
        union = 0
        for mask in taken:
            assert not mask & union
            union |= mask
        assert union == rules.deck.all_mask
        assert result.scores == {s: Decimal(n + 4 * t) for s, t in enumerate(result.tricks)}
    last = [0] * 4
    for trick in game.tricks:  # the last deal's tricks are still the game's
        for _, card in trick.cards:
            last[trick.winner] |= 1 << card.index
    assert list(scorer.seen[-1].taken) == last


def test_score_finished_scores_with_score_by_default() -> None:
    """The base's ``score_finished`` is ``score`` of the deal's contract and tricks."""
    deal = FinishedDeal(Contract(None, 0), (5, 3, 3, 2))
    assert _PerTrick().score_finished(deal) == {0: 5, 1: 3, 2: 3, 3: 2}


class _NotAScorer:
    """Scores like a scorer, without subclassing the base."""

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        return {seat: Decimal(took) for seat, took in enumerate(tricks)}


def test_a_scorer_that_does_not_subclass_the_base_is_refused_at_load(tmp_path: Path) -> None:
    """The game reads the bases' members directly, so a rule object that is not a subclass
    of its base is refused when the profile is loaded, naming the plugin and the base."""
    with pytest.raises(CardrulesError) as err:
        _rules(tmp_path, _NotAScorer())  # type: ignore[arg-type]
    message = str(err.value)
    assert "profile 'bases': the scorer of plugin" in message
    assert message.endswith("not a subclass of cardrules.rules.components.Scorer")
