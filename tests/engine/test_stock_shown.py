"""Cards of the stock shown to every seat during the play (``Contract.stock_shown``,
``View.stock_shown``), exercised by a plugin of no family: each seat calls a number of
tricks, the stock of twelve cards stays face down, and once each of the first six tricks
is complete the stock's next card is turned up for all to see (the ``"top"`` auction: from
the stock's first card on; the ``"bottom"`` auction: from its last card back).  The cards
shown are in no hand and in every view, in the order shown; undo takes them back, the
record replays them, the worlds a bot draws give them to no hand and keep each at its
place in the stock.
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Card, CardrulesError, Contract, Game, View
from cardrules.engine.bots import MonteCarloBot, RandomBot, play_game
from cardrules.engine.worlds import inconsistency, sample_hands
from cardrules.rules.actions import Action
from cardrules.rules.components import Auction, AuctionState, CallAuction, DealInfo
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.server.messages import SeatView
from helpers import TricksEach, card_tokens, random_policy

#: Stock cards shown at most in a deal: one for each of the first six tricks.
SHOWN = 6
#: The stock's cards (four hands of ten from the 52: twelve left).
STOCK = 12


@dataclass(frozen=True, slots=True)
class _ShowContract(Contract):
    """The stock's places in the order they are turned up, one for each trick completed."""

    places: tuple[int, ...] = field(default=tuple(range(SHOWN)), kw_only=True)

    def stock_shown(self, tricks: int) -> tuple[int, ...]:
        return self.places[: max(tricks, 0)]


class _ShowState(AuctionState):
    """The calls auction, whose contract shows the stock's places ``places``."""

    def __init__(self, inner: AuctionState, places: tuple[int, ...]) -> None:
        self.inner = inner
        self.places = places

    def to_act(self) -> int | None:
        return self.inner.to_act()

    def legal_actions(self) -> list[Action]:
        return self.inner.legal_actions()

    def apply(self, seat: int, action: Action) -> None:
        self.inner.apply(seat, action)

    def result(self) -> Contract | None:
        called = self.inner.result()
        if called is None:
            return None
        return _ShowContract(called.trump, called.leader, places=self.places)

    def public(self) -> dict[str, Any]:
        return self.inner.public()


class _Show(Auction):
    def __init__(self, places: tuple[int, ...], turn_up: bool = False) -> None:
        self.calls = CallAuction(1, 3, None, turn_up=turn_up)
        self.places = places

    def every_action(self) -> tuple[Action, ...]:
        return self.calls.every_action()

    def start(self, deal: DealInfo) -> _ShowState:
        return _ShowState(self.calls.start(deal), self.places)


TOP = tuple(range(SHOWN))
BOTTOM = tuple(range(STOCK - 1, STOCK - 1 - SHOWN, -1))

FAMILY = Family(
    "show",
    auctions=(
        AuctionKind("top", lambda p, b: _Show(TOP), provides="none"),
        AuctionKind("bottom", lambda p, b: _Show(BOTTOM), provides="none"),
        AuctionKind("turned", lambda p, b: _Show(TOP, turn_up=True), provides="none"),
    ),
    scorers=(ScorerKind("tricks_each", lambda p: TricksEach()),),
)

PROFILE = """[profile]
name = "{name}"
title = "{name}"
extends = "callbreak-strict"
[deal]
hand_sizes = [10]
direction = "clockwise"
[auction]
kind = "{name}"
[play]
trump = "{trump}"
duties = [{{ name = "follow_suit", rule = "X-1" }}]
[scoring]
kind = "tricks_each"
[game]
deals = 2
"""

# Seat 0 deals; seat 1 calls first and leads.  Each hand is one suit's 2 to J; the stock
# is the queens, kings and aces, top first.
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
]
STOCK_CARDS = "QS KC QD KD AS QC KH QH AC AD KS AH"


def _load(tmp_path: Path, name: str) -> cardrules.Ruleset:
    path = tmp_path / f"{name}.toml"
    trump = "turn_up" if name == "turned" else "none"
    path.write_text(PROFILE.format(name=name, trump=trump), encoding="utf-8")
    return cardrules.load(path, plugins=[FAMILY])


@pytest.fixture
def rules(tmp_path: Path) -> cardrules.Ruleset:
    return _load(tmp_path, "top")


def _views(game: Game) -> list[View]:
    return [game.public_view(), *(game.view(s) for s in range(game.rules.players))]


def _stock(game: Game) -> set[Card]:
    """The deal's stock: the cards no hand was dealt."""
    dealt = 0
    for mask in game.initial_hands:
        dealt |= mask
    return {c for c in game.deck.cards if not dealt >> c.index & 1}


def _preset(rules: cardrules.Ruleset) -> Game:
    return rules.new_game(seed=1, dealer=0, hands=HANDS, stock=STOCK_CARDS)


def _to_play(game: Game) -> Game:
    while game.phase == "auction":
        game.apply("bid 1")
    return game


def _complete_tricks(game: Game, count: int) -> Game:
    """Play the lowest legal card until ``count`` tricks of the deal are complete."""
    while len(game.tricks) < count:
        game.apply(game.legal_actions()[0])
    return game


def _seat_views_agree(game: Game, shown: tuple[Card, ...]) -> None:
    """Every seat's view and the public view show ``shown``, in JSON too, and the server's
    model of the view writes back exactly the library's JSON."""
    for view in _views(game):
        assert view.stock_shown == shown
        data = view.to_dict()
        if shown:
            assert data["stock_shown"] == [str(c) for c in shown]
        else:
            assert "stock_shown" not in data
        model = SeatView.model_validate(data)
        assert model.stock_shown == (data.get("stock_shown"))
        assert json.loads(model.model_dump_json()) == json.loads(view.to_json())


def test_nothing_is_shown_before_the_play_nor_before_the_first_trick_is_complete(
    rules: cardrules.Ruleset,
) -> None:
    game = _preset(rules)
    assert game.phase == "auction"
    _seat_views_agree(game, ())
    _to_play(game)
    _seat_views_agree(game, ())
    for _ in range(3):  # three cards of the first trick
        game.apply(game.legal_actions()[0])
        _seat_views_agree(game, ())
    assert game.stock_shown == ()


def test_after_each_trick_the_contracts_next_stock_card_is_in_every_view_in_order(
    rules: cardrules.Ruleset,
) -> None:
    stock = tuple(rules.deck.parse_cards(STOCK_CARDS))
    game = _to_play(_preset(rules))
    for done in range(1, 10):
        _complete_tricks(game, done)
        expected = stock[: min(done, SHOWN)]
        assert game.stock_shown == expected
        _seat_views_agree(game, expected)
    for _ in range(4):  # the last trick: the deal is scored, the next one's auction begins
        game.apply(game.legal_actions()[0])
    assert game.deal_number == 2 and game.phase == "auction"
    _seat_views_agree(game, ())


def test_the_contract_says_which_places_of_the_stock_in_which_order(
    tmp_path: Path,
) -> None:
    rules = _load(tmp_path, "bottom")
    stock = tuple(rules.deck.parse_cards(STOCK_CARDS))
    game = _complete_tricks(_to_play(_preset(rules)), 3)
    _seat_views_agree(game, (stock[11], stock[10], stock[9]))


def test_the_picture_shows_the_cards_shown(rules: cardrules.Ruleset) -> None:
    game = _complete_tricks(_to_play(_preset(rules)), 2)
    assert "Shown from the stock: Q♠ K♣" in str(game.view(0))
    assert "Shown from the stock: Q♠ K♣" in str(game)
    assert "Shown from the stock" not in str(_to_play(_preset(rules)).view(0))


def test_undo_takes_the_cards_shown_back(rules: cardrules.Ruleset) -> None:
    stock = tuple(rules.deck.parse_cards(STOCK_CARDS))
    game = _complete_tricks(_to_play(_preset(rules)), 2)
    _seat_views_agree(game, stock[:2])
    game.undo()  # the card that completed the second trick
    _seat_views_agree(game, stock[:1])
    while len(game.tricks) == 1 or game.trick:
        game.undo()
    _seat_views_agree(game, ())
    while game.phase == "play":
        game.undo()  # the auction's last call: back before the play
    assert game.phase == "auction"
    _seat_views_agree(game, ())
    _complete_tricks(_to_play(game), 4)
    _seat_views_agree(game, stock[:4])


def test_the_record_replays_the_cards_shown(rules: cardrules.Ruleset) -> None:
    game = rules.new_game(seed=7)
    policy = random_policy(random.Random(7))
    while game.phase != "play" or len(game.tricks) < 4:
        game.apply(policy(game))
    assert len(game.stock_shown) == 4
    again = Game.from_json(game.to_json(), rules=rules)
    assert [again.view(s) for s in range(4)] == [game.view(s) for s in range(4)]
    assert again.public_view() == game.public_view()
    preset = _complete_tricks(_to_play(_preset(rules)), 5)
    replayed = Game.from_json(preset.to_json(), rules=rules, allow_preset_hands=True)
    assert (
        replayed.stock_shown == preset.stock_shown == tuple(rules.deck.parse_cards(STOCK_CARDS))[:5]
    )


@pytest.mark.parametrize("name", ["top", "bottom", "turned"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_view_holds_a_stock_card_not_shown_at_any_step(
    tmp_path: Path, name: str, seed: int
) -> None:
    """Every seat's view and the public view, at every step of a whole game: the cards
    shown are stock cards, the first shown stay shown as more are, and no other stock card
    is named anywhere in the view (but the card turned up for trumps, shown to all)."""
    rules = _load(tmp_path, name)
    game = rules.new_game(seed=seed)
    policy = random_policy(random.Random(seed))
    before: tuple[Card, ...] = ()
    deal = game.deal_number
    steps = 0
    while game.phase != "finished":
        if game.deal_number != deal:
            deal, before = game.deal_number, ()
        stock = _stock(game)
        shown = game.stock_shown
        assert set(shown) <= stock and len(set(shown)) == len(shown)
        assert len(shown) == (min(len(game.tricks), SHOWN) if game.contract else 0)
        assert shown[: len(before)] == before
        before = shown
        public = {str(c) for c in shown}
        if game.turned_up is not None:
            public.add(str(game.turned_up))
        secret = {str(c) for c in stock} - public
        for view in _views(game):
            assert view.stock_shown == shown
            assert not card_tokens(view.to_dict()) & secret
            assert not {c for cards in view.hands.values() for c in cards} & set(shown)
        game.apply(policy(game))
        steps += 1
    assert steps == 2 * (4 + 40)


def _same_view(made: View, view: View) -> list[str]:
    return [
        f.name
        for f in dataclasses.fields(View)
        if f.compare and getattr(made, f.name) != getattr(view, f.name)
    ]


@pytest.mark.parametrize("name", ["top", "bottom", "turned"])
def test_a_world_gives_no_hand_a_card_shown_and_shows_the_same_view(
    tmp_path: Path, name: str
) -> None:
    """The worlds a bot draws: no hidden hand holds a card shown from the stock; a game made
    from the view keeps each at its place in the stock, so that the seat's view of it is
    the view it was made from, and the next trick shows the next card of its stock."""
    rules = _load(tmp_path, name)
    rng = random.Random(5)
    for seed in range(3):
        game = rules.new_game(seed=seed)
        policy = random_policy(random.Random(seed))
        while game.phase != "play" or len(game.tricks) < 3 or not game.trick:
            game.apply(policy(game))
        shown = game.stock_shown
        assert len(shown) == 3
        for seat in range(4):
            view = game.view(seat)
            for k in range(8):
                hands = sample_hands(view, rng)
                assert not {c for cards in hands.values() for c in cards} & set(shown)
                made = rules.game_from_view(view, hands, seed=k)
                assert _same_view(made.view(seat), view) == []
                assert made.stock_shown == shown
                _complete_tricks(made, 4)
                more = made.stock_shown
                assert more[:3] == shown and len(more) == 4
                assert more[3] not in shown and all(more[3] not in cs for cs in hands.values())
                play_game(made, [RandomBot(k)] * 4)
                assert made.phase == "finished"


def test_a_hand_holding_a_card_shown_contradicts_the_view(rules: cardrules.Ruleset) -> None:
    game = _complete_tricks(_to_play(_preset(rules)), 2)
    view = game.view(0)
    hands = {s: list(cs) for s, cs in sample_hands(view, random.Random(1)).items()}
    card = view.stock_shown[0]
    bad = {**hands, 1: [card, *hands[1][1:]]}
    assert "seen elsewhere" in str(inconsistency(view, bad))
    with pytest.raises(CardrulesError, match="seen elsewhere"):
        rules.game_from_view(view, bad)
    real = {s: game.hand(s) for s in (1, 2, 3)}
    made = rules.game_from_view(view, real, seed=3)
    assert made.view(0) == view


def test_the_order_of_the_stock_not_shown_is_drawn_in_each_world(
    rules: cardrules.Ruleset,
) -> None:
    """No seat knows the order of the stock's cards not shown yet: the games made from a
    view with the same hands turn up different cards next (each from the stock)."""
    game = _complete_tricks(_to_play(_preset(rules)), 2)
    view = game.view(0)
    real = {s: game.hand(s) for s in (1, 2, 3)}
    rest = set(rules.deck.parse_cards(STOCK_CARDS)) - set(view.stock_shown)
    following = set()
    for k in range(12):
        made = _complete_tricks(rules.game_from_view(view, real, seed=k), 3)
        assert made.stock_shown[:2] == view.stock_shown
        following.add(made.stock_shown[2])
    assert following <= rest and len(following) > 1


def test_a_view_whose_cards_shown_are_not_its_contracts_is_refused(
    rules: cardrules.Ruleset,
) -> None:
    game = _complete_tricks(_to_play(_preset(rules)), 2)
    view = game.view(0)
    hands = sample_hands(view, random.Random(2))
    one = dataclasses.replace(view, stock_shown=view.stock_shown[:1])
    with pytest.raises(CardrulesError, match="invalid view: it shows 1 cards of the stock"):
        rules.game_from_view(one, hands)


def test_a_bot_that_plans_plays_with_cards_shown(rules: cardrules.Ruleset) -> None:
    game = _to_play(_preset(rules))
    finished = play_game(game, [MonteCarloBot(seed=1, samples=4)] * 4)
    assert finished.phase == "finished"


def test_a_contract_that_shows_nothing_adds_nothing(strict: cardrules.Ruleset) -> None:
    game = strict.new_game(seed=3)
    play = random_policy(random.Random(3))
    for _ in range(30):
        game.apply(play(game))
        assert game.stock_shown == () and game.view(0).stock_shown == ()
        assert "stock_shown" not in game.view(0).to_dict()
