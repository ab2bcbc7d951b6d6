"""Worlds of a view after an auction took cards up from the stock and laid cards away
(``Auction.whereabouts``, ``Auction.as_dealt``), exercised by a plugin of no family: the
stock of four is turned up for all to see, in order; seat 1 takes its top card into its
hand and lays one of the five cards it was dealt away, which only seat 1 sees; seat 2
then makes a call, and the play begins.  The worlds a bot draws give no hand a card of
the stock the view shows (the four during the auction, the three left in the play) and
give seat 1 the card it took; a game made from a view deals the stock again in the order
shown, and in the play takes the hands dealt and the card laid away back from the hands
now.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Card, CardError, CardrulesError, Game, View
from cardrules.deck import Deck
from cardrules.engine.bots import RandomBot
from cardrules.engine.worlds import inconsistency, sample_hands
from cardrules.errors import IllegalAction
from cardrules.rules.actions import Action, Bid
from cardrules.rules.components import (
    Auction,
    AuctionState,
    Contract,
    DealInfo,
    Whereabouts,
)
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from helpers import TricksEach, write_profile

#: The seat that takes the stock's top card up, and the seat that calls after it.
TAKER, CALLER = 1, 2


class _TakeState(AuctionState):
    """Seat 1 takes the top card and lays away the N-th card it was dealt ("bid N",
    lowest first); seat 2 then calls "bid 1"."""

    def __init__(self, deal: DealInfo) -> None:
        self.deal = deal
        self.laid = -1
        self.called = False

    def to_act(self) -> int | None:
        if self.laid < 0:
            return TAKER
        return None if self.called else CALLER

    def legal_actions(self) -> list[Action]:
        if self.laid < 0:
            return [Bid(n) for n in range(self.deal.hands[TAKER].bit_count())]
        return [] if self.called else [Bid(1)]

    def apply(self, seat: int, action: Action) -> None:
        if seat != self.to_act() or action not in self.legal_actions():
            raise IllegalAction("X-1", "take the top card, then call", action=str(action))
        if self.laid < 0:
            assert isinstance(action, Bid)
            dealt = [c.index for c in self.deal.deck.cards_of(self.deal.hands[TAKER])]
            self.laid = dealt[action.tricks]
        else:
            self.called = True

    def hands_after(self) -> tuple[int, ...]:
        hands = list(self.deal.hands)
        hands[TAKER] = (hands[TAKER] | 1 << self.deal.stock[0]) & ~(1 << self.laid)
        return tuple(hands)

    def private(self, seat: int) -> dict[str, Any]:
        if seat != TAKER or self.laid < 0:
            return {}
        return {"laid_away": str(self.deal.deck.cards[self.laid])}

    def result(self) -> Contract | None:
        return Contract(None, 0) if self.called else None

    def public(self) -> dict[str, Any]:
        cards = self.deal.deck.cards
        return {"stock": [str(cards[i]) for i in self.deal.stock], "taken": self.laid >= 0}


class _Take(Auction):
    """The auction that says nothing of where cards lie (the kernel's defaults)."""

    def start(self, deal: DealInfo) -> _TakeState:
        return _TakeState(deal)


class _TakeTold(_Take):
    """The same auction, which tells the worlds where the stock's cards lie."""

    def whereabouts(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        actions: Sequence[tuple[int, str | None]],
        deck: Deck,
        play: bool,
    ) -> Whereabouts:
        stock = [deck.parse(text).index for text in auction["stock"]]
        every = sum(1 << i for i in stock)
        if not play:  # every hand as dealt: the stock is the four
            return Whereabouts(away=every)
        top = 1 << stock[0]
        laid = auction.get("laid_away")
        own = 0 if laid is None else 1 << deck.parse(laid).index
        others = {s: top for s in range(4) if s != TAKER}
        return Whereabouts(held={TAKER: top}, lacking=others, away=every & ~top | own)

    def as_dealt(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        hands: Sequence[int],
        stock: Sequence[int],
        deck: Deck,
        play: bool,
        rng: random.Random,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        shown = tuple(deck.parse(text).index for text in auction["stock"])
        every = sum(1 << i for i in shown)
        rest = sum(1 << i for i in stock)
        dealt = list(hands)
        if play:  # the top card taken up, a card dealt laid away
            dealt[TAKER] = hands[TAKER] & ~(1 << shown[0]) | rest & ~every
        elif rest != every:
            raise CardError("invalid hands: the stock turned up is not the cards left")
        return tuple(dealt), shown


class _MovedState(_TakeState):
    """The same, but the cards move as soon as seat 1 has laid its card away
    (``AuctionState.hands_moved``): seat 2 calls with the hands after the exchange."""

    def hands_moved(self) -> bool:
        return self.laid >= 0


class _TakeMoved(_TakeTold):
    """The auction that moves the hands before its end, and tells the worlds so: once the
    card is taken, a view's hands are the hands after the exchange, as in the play."""

    def start(self, deal: DealInfo) -> _MovedState:
        return _MovedState(deal)

    def whereabouts(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        actions: Sequence[tuple[int, str | None]],
        deck: Deck,
        play: bool,
    ) -> Whereabouts:
        moved = play or bool(auction["taken"])
        return _TakeTold.whereabouts(
            self, auction, seat=seat, actions=actions, deck=deck, play=moved
        )

    def as_dealt(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        hands: Sequence[int],
        stock: Sequence[int],
        deck: Deck,
        play: bool,
        rng: random.Random,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        moved = play or bool(auction["taken"])
        return _TakeTold.as_dealt(
            self, auction, seat=seat, hands=hands, stock=stock, deck=deck, play=moved, rng=rng
        )


FAMILY = Family(
    "take",
    auctions=(
        AuctionKind("take_told", lambda p, b: _TakeTold(), provides="none"),
        AuctionKind("take_untold", lambda p, b: _Take(), provides="none"),
        AuctionKind("take_moved", lambda p, b: _TakeMoved(), provides="none"),
    ),
    scorers=(ScorerKind("tricks_each", lambda p: TricksEach()),),
)

BODY = """
[deck]
name = "euchre-24"
[deal]
hand_sizes = [5]
[auction]
kind = "{kind}"
[play]
trump = "none"
duties = [{{ name = "follow_suit", rule = "X-2" }}]
[scoring]
kind = "tricks_each"
"""


def _load(tmp_path: Path, kind: str) -> cardrules.Ruleset:
    path = write_profile(tmp_path, kind, BODY.format(kind=kind))
    return cardrules.load(path, plugins=[FAMILY])


def _hidden(game: Game, view: View) -> dict[int, list[Card]]:
    return {s: game.hand(s) for s in range(game.rules.players) if s not in view.hands}


def _same_view(made: Game, view: View) -> list[str]:
    again = made.view(view.seat)
    return [
        f.name
        for f in dataclasses.fields(View)
        if f.compare and getattr(again, f.name) != getattr(view, f.name)
    ]


def _positions(rules: cardrules.Ruleset, seed: int) -> list[tuple[Game, View]]:
    """Every seat's view at every step of a deal after the top card was taken up, with a
    copy of the game then."""
    game = rules.new_game(seed=seed)
    bot = RandomBot(seed)
    out = []
    while not game.deals:
        if game.auction.public()["taken"]:
            out += [(game.copy(), game.view(s)) for s in range(rules.players)]
        seat = game.controller(game.to_act)
        game.apply(bot.choose(game.view(seat)), seat=seat)
    return out


def test_worlds_give_the_stock_shown_to_no_hand_and_the_card_taken_to_its_taker(
    tmp_path: Path,
) -> None:
    rules = _load(tmp_path, "take_told")
    rng = random.Random(4)
    checked = {"auction": 0, "play": 0}
    for seed in range(4):
        for game, view in _positions(rules, seed):
            top = view.auction["stock"][0]
            stock = set(view.auction["stock"])
            away = stock if view.phase == "auction" else stock - {top}
            played = {str(c) for _, cards, _ in view.tricks for c in cards}
            played |= {str(c) for _, c in view.trick}
            for hands in (_hidden(game, view), sample_hands(view, rng)):
                assert inconsistency(view, hands) is None
                for seat, cards in hands.items():
                    texts = {str(c) for c in cards}
                    assert not texts & away
                    if view.phase != "auction" and seat == TAKER and top not in played:
                        assert top in texts
                    elif view.phase != "auction":
                        assert top not in texts
                made = rules.game_from_view(view, hands, seed=rng.randrange(99))
                assert _same_view(made, view) == []
                checked[view.phase] += 1
    assert checked["auction"] >= 8 and checked["play"] >= 40


def test_a_game_made_in_the_play_with_the_real_hands_was_dealt_as_the_real_one(
    tmp_path: Path,
) -> None:
    """The hands dealt and the card laid away come back from the hands now."""
    rules = _load(tmp_path, "take_told")
    for seed in range(3):
        for game, view in _positions(rules, seed):
            if view.phase == "auction":
                continue
            made = rules.game_from_view(view, _hidden(game, view), seed=1)
            assert made.initial_hands == game.initial_hands
            assert made.discarded == game.discarded


def test_a_world_giving_a_stock_card_shown_to_a_hand_is_refused(tmp_path: Path) -> None:
    rules = _load(tmp_path, "take_told")
    game, view = next(
        (g, v) for g, v in _positions(rules, 2) if v.phase == "auction" and v.seat == 0
    )
    hands = {s: list(cs) for s, cs in _hidden(game, view).items()}
    card = rules.deck.parse(view.auction["stock"][1])
    hands[3][0] = card
    assert inconsistency(view, hands) == (
        f"seat 3 holds {card}, which the auction shows in no hand"
    )
    with pytest.raises(CardError, match="the stock turned up is not the cards left"):
        rules.game_from_view(view, hands, seed=1)


def test_an_auction_that_does_not_tell_cannot_be_replayed_after_the_stock_shown(
    tmp_path: Path,
) -> None:
    """The kernel's defaults (the cards did not move): the stock a world makes is not in the
    order the view shows, so the auction replayed differs from the view's."""
    rules = _load(tmp_path, "take_untold")
    refused = 0
    for game, view in _positions(rules, 1):
        if view.phase != "auction":
            continue
        try:
            rules.game_from_view(view, _hidden(game, view), seed=1)
        except CardrulesError as exc:
            assert "the auction the view shows differs" in str(exc)
            refused += 1
    assert refused


def test_hands_moved_before_the_auction_ends_are_every_views_hands(tmp_path: Path) -> None:
    """``AuctionState.hands_moved``: once seat 1 has laid its card away, the game takes the
    hands after the exchange at once; seat 2 calls with them, every view shows them (seat
    1's own: the top card in, the card laid away out; the others: its size), the card laid
    away is out of the deal; undo puts the hands as dealt back; the record replays; and a
    game made from a view then shows that seat the same view."""
    rules = _load(tmp_path, "take_moved")
    rng = random.Random(6)
    for seed in range(4):
        game = rules.new_game(seed=seed)
        dealt = list(game.hands)
        top = game.auction.deal.stock[0]
        game.apply(game.legal_actions()[seed % 5])
        laid = game.auction.laid
        assert game.phase == "auction" and game.to_act == CALLER
        assert game.hands[TAKER] == (dealt[TAKER] | 1 << top) & ~(1 << laid)
        assert {c.index for c in game.view(TAKER).hand} == {
            c.index for c in rules.deck.cards_of(game.hands[TAKER])
        }
        assert game.discarded[TAKER] == 1 << laid
        for seat in range(rules.players):
            view = game.view(seat)
            for hands in (_hidden(game, view), sample_hands(view, rng)):
                assert inconsistency(view, hands) is None
                made = rules.game_from_view(view, hands, seed=rng.randrange(99))
                assert _same_view(made, view) == []
        game.undo()
        assert list(game.hands) == dealt and game.discarded[TAKER] == 0
        game.apply(game.legal_actions()[seed % 5])
        bot = RandomBot(seed)
        while not game.deals:
            seat = game.controller(game.to_act)
            game.apply(bot.choose(game.view(seat)), seat=seat)
        again = Game.from_json(game.to_json(), rules=rules)
        assert again.to_json() == game.to_json()


def test_without_hands_moved_the_hands_move_when_the_auction_ends(tmp_path: Path) -> None:
    """The default (``hands_moved`` False): during seat 2's call the hands are as dealt."""
    rules = _load(tmp_path, "take_told")
    game = rules.new_game(seed=1)
    dealt = list(game.hands)
    game.apply(game.legal_actions()[0])
    assert game.phase == "auction" and list(game.hands) == dealt
