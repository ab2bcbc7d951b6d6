"""Hands dealt in stages with an auction between them (``[deal] stages``: Twenty-Nine's
four cards each, an auction on them, four more), exercised by a plugin of no family: each
seat in turn calls a number up to the red cards it holds (so a call shows what the
auction let it see), the highest call leads.  A second auction of the same kind asks for
the second stage after a first round of calls (``AuctionState.stages_dealt``) and calls a
second round on the whole hands.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Bid, Contract, hookimpl
from cardrules.deck import Suit, named_deck
from cardrules.engine.bots import MonteCarloBot
from cardrules.engine.dealing import shuffle_and_cut
from cardrules.engine.worlds import sample_hands
from cardrules.errors import CardrulesError, IllegalAction
from cardrules.rules.actions import Action
from cardrules.rules.components import Auction, AuctionState, DealInfo
from cardrules.rules.plugins import Components
from helpers import TricksEach

BASE = "callbreak-strict"


class _RedState(AuctionState):
    """One round of calls (or ``rounds``), from the dealer's left: "bid N" with N at most
    the red cards of the caller's hand as dealt so far; the highest last call leads."""

    rounds = 1

    def __init__(self, deal: DealInfo) -> None:
        self.deal = deal
        direction = deal.direction
        self.order = direction.order(direction.next(deal.dealer))
        self.calls: list[int] = []

    def _dealt(self) -> int:
        return 1 + min(len(self.calls) // len(self.order), self.rounds - 1)

    def held(self, seat: int) -> int:
        """The caller's cards as far as the auction has them dealt (DealInfo.stages)."""
        stages = self.deal.stages or (self.deal.hands,)
        mask = 0
        for part in stages[: self._dealt()]:
            mask |= part[seat]
        return mask

    def to_act(self) -> int | None:
        if len(self.calls) == len(self.order) * self.rounds:
            return None
        return self.order[len(self.calls) % len(self.order)]

    def legal_actions(self) -> list[Action]:
        seat = self.to_act()
        if seat is None:
            return []
        deck = self.deal.deck
        red = self.held(seat) & (deck.suit_masks[Suit.H] | deck.suit_masks[Suit.D])
        return [Bid(n) for n in range(red.bit_count() + 1)]

    def apply(self, seat: int, action: Action) -> None:
        if seat != self.to_act() or action not in self.legal_actions():
            raise IllegalAction("X-1", "call up to your red cards", action=str(action), seat=seat)
        assert isinstance(action, Bid)
        self.calls.append(action.tricks)

    def result(self) -> Contract:
        last = self.calls[-len(self.order) :]
        best = max(range(len(last)), key=lambda i: (last[i], -i))
        return Contract(None, self.order[best])

    def public(self) -> dict[str, Any]:
        return {"calls": list(self.calls)}

    def exposed(self) -> frozenset[int]:
        return frozenset()


class _TwoRounds(_RedState):
    """Two rounds of calls, the second stage dealt between them."""

    rounds = 2

    def stages_dealt(self) -> int:
        return self._dealt()


class _Red(Auction):
    def __init__(self, state: type[_RedState]) -> None:
        self.state = state

    def start(self, deal: DealInfo) -> _RedState:
        return self.state(deal)


class _StagesPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_auction("red_calls", lambda p, b: _Red(_RedState), provides="none")
        components.add_auction("red_twice", lambda p, b: _Red(_TwoRounds), provides="none")
        components.add_scorer("tricks_each", lambda p: TricksEach())
        components.add_throw_in("no_red", "a hand without a red card", _no_red)


def _no_red(hand: int) -> bool:
    deck = named_deck("piquet-32")
    return not hand & (deck.suit_masks[Suit.H] | deck.suit_masks[Suit.D])


TABLE = """
[deck]
name = "piquet-32"
[deal]
throw_in = {throw_in}
{stages}
[auction]
kind = "{kind}"
min_call = 0
max_call = 8
[play]
trump = "none"
duties = [{{ name = "follow_suit", rule = "X-2" }}]
[scoring]
kind = "tricks_each"
[game]
deals = 2
"""


def load(
    folder: Path, *, stages: str = "stages = [4, 4]", kind: str = "red_calls", throw_in: str = "[]"
) -> cardrules.Ruleset:
    name = f"staged-{kind}-{abs(hash((stages, throw_in))) % 10_000}"
    path = folder / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "{name}"\nextends = "{BASE}"\n'
        + TABLE.format(stages=stages, kind=kind, throw_in=throw_in),
        encoding="utf-8",
    )
    return cardrules.load(path, plugins=[_StagesPlugin()])


def finish_auction(game: cardrules.Game, rng: random.Random) -> None:
    deal = game.deal_number
    while game.phase == "auction" and game.deal_number == deal:
        game.apply(rng.choice(game.legal_actions()))


def play_out(game: cardrules.Game, rng: random.Random) -> None:
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))


def red_count(mask: int, rules: cardrules.Ruleset) -> int:
    deck = rules.deck
    return (mask & (deck.suit_masks[Suit.H] | deck.suit_masks[Suit.D])).bit_count()


# -- the deal --------------------------------------------------------------------------------


def test_the_stages_deal_the_hands_a_plain_deal_deals(tmp_path: Path) -> None:
    """The seed's shuffle decides the whole hands as without stages; the first stage is
    each seat's first four cards as dealt one at a time from the dealer's left (the deck's
    first 16 cards), the auction sees only those, and the rest is dealt before the lead."""
    staged = load(tmp_path)
    plain = load(tmp_path, stages="")
    assert staged.deal_stages == (4, 4) and plain.deal_stages == ()
    rng = random.Random(5)
    for seed in range(12):
        game = staged.new_game(seed=seed)
        same = plain.new_game(seed=seed)
        assert game.dealer == same.dealer
        assert game.initial_hands == same.initial_hands  # the whole deal, as without stages
        assert [len(game.hand(s)) for s in range(4)] == [4] * 4
        assert game.cards_to_deal == (4, 4, 4, 4) and same.cards_to_deal == (0, 0, 0, 0)
        deck = shuffle_and_cut(seed, 1, 0, staged.deck)
        first_sixteen = sum(card.mask for card in deck[:16])
        assert sum(game.hands) == first_sixteen
        for seat in range(4):
            assert game.hands[seat] & ~game.initial_hands[seat] == 0
        assert game.played_mask() == 0 and game.dealt_mask == first_sixteen
        finish_auction(game, rng)
        assert game.phase == "play" and tuple(game.hands) == same.initial_hands
        assert game.cards_to_deal == (0, 0, 0, 0) and game.dealt_mask == staged.deck.all_mask


def test_the_throw_ins_look_at_the_first_stage(tmp_path: Path) -> None:
    """A throw-in tests the hands dealt when the auction starts: no first stage without a
    red card is kept, and a deal whose whole hands all hold one is thrown in where a first
    stage holds none."""
    rules = load(tmp_path, throw_in='[{ name = "no_red", rule = "X-3" }]')
    plain = load(tmp_path, stages="", throw_in='[{ name = "no_red", rule = "X-3" }]')
    only_staged = 0
    for seed in range(40):
        game = rules.new_game(seed=seed)
        assert all(red_count(hand, rules) for hand in game.hands)
        if game.throw_ins and not plain.new_game(seed=seed).throw_ins:
            only_staged += 1  # the same whole hands, kept without stages
    assert only_staged


def test_the_auction_runs_on_the_first_stage(tmp_path: Path) -> None:
    """The calls allowed are those of the four cards dealt: a seat with no red card among
    them may call only 0, whatever its later cards (X-1)."""
    rules = load(tmp_path)
    seen_limited = False
    for seed in range(30):
        game = rules.new_game(seed=seed)
        seat = game.to_act
        assert seat is not None
        first = game.hands[seat]
        legal = game.legal_actions()
        assert legal == [Bid(n) for n in range(red_count(first, rules) + 1)]
        if red_count(first, rules) < red_count(game.initial_hands[seat], rules):
            seen_limited = True
            too_many = Bid(red_count(first, rules) + 1)
            before = game.to_json()
            with pytest.raises(IllegalAction, match="red cards"):
                game.apply(too_many)
            assert game.to_json() == before
    assert seen_limited


def test_views_hide_the_cards_not_dealt(tmp_path: Path) -> None:
    """A seat's view (and the public one) holds no card of a later stage before it is
    dealt, and says how many cards each seat still has to be dealt."""
    rules = load(tmp_path)
    game = rules.new_game(seed=3)
    later = [game.initial_hands[s] & ~game.hands[s] for s in range(4)]
    later_cards = [str(c) for s in range(4) for c in rules.deck.cards_of(later[s])]
    assert len(later_cards) == 16
    for seat in (0, 1, 2, 3, -1):
        view = game.public_view() if seat < 0 else game.view(seat)
        assert view.to_deal == (4, 4, 4, 4) and view.hand_sizes == (4, 4, 4, 4)
        doc = view.to_dict()
        assert doc["to_deal"] == [4, 4, 4, 4]
        shown_cards = set(json.dumps(doc["hands"]).replace('"', " ").replace(",", " ").split())
        assert not shown_cards & set(later_cards)
        if seat >= 0:
            assert [c.mask for c in view.hand] == [
                c.mask for c in rules.deck.cards_of(game.hands[seat])
            ]
        assert "Still to deal: N 4, E 4, S 4, W 4" in str(view)  # its picture says so
    assert "Still to deal: N 4, E 4, S 4, W 4" in str(game)
    finish_auction(game, random.Random(1))
    view = game.view(0)
    assert view.to_deal == (0, 0, 0, 0) and len(view.hand) == 8
    assert "Still to deal" not in str(view) and "Still to deal" not in str(game)
    assert "to_deal" in view.to_dict()  # the profile deals in stages: said every time
    plain = load(tmp_path, stages="")
    assert "to_deal" not in plain.new_game(seed=3).view(0).to_dict()  # as before


def test_a_deal_by_hand_is_dealt_in_the_order_given(tmp_path: Path) -> None:
    """new_game(hands=...): each seat's first four cards listed are its first stage; the
    record keeps them in that order and replays."""
    rules = load(tmp_path)
    hands = [
        "AH KH QH JH 7C 8C 9C 10C",
        "AD KD QD JD 7S 8S 9S 10S",
        "AC KC QC JC 7H 8H 9H 10H",
        "AS KS QS JS 7D 8D 9D 10D",
    ]
    game = rules.new_game(seed=1, hands=hands, dealer=3)

    def mask(cards: list[str]) -> int:
        return sum(c.mask for c in rules.deck.parse_cards(cards))

    assert game.hands == [mask(h.split()[:4]) for h in hands]
    seat = game.to_act
    assert seat is not None  # four red cards first (seats 0 and 1) or none (2 and 3)
    assert game.legal_actions() == [Bid(n) for n in range(5 if seat < 2 else 1)]
    record = json.loads(game.to_json())
    for given, kept in zip(hands, record["preset_hands"], strict=True):
        assert mask(kept[:4]) == mask(given.split()[:4])
        assert mask(kept[4:]) == mask(given.split()[4:])
    play_out(game, random.Random(2))
    again = cardrules.Game.from_json(game.to_json(), rules=rules, allow_preset_hands=True)
    assert again.to_json() == game.to_json()


# -- undo and records --------------------------------------------------------------------------


def test_undo_across_the_stage(tmp_path: Path) -> None:
    """The auction's last call deals the second stage; undo takes it back exactly (the
    hands of four cards, the cards still to deal), and the call again deals the same."""
    rules = load(tmp_path)
    game = rules.new_game(seed=9)
    rng = random.Random(4)
    for _ in range(3):
        game.apply(rng.choice(game.legal_actions()))
    before = game.to_json()
    hands, view = list(game.hands), game.view(0)
    last = game.legal_actions()[-1]
    game.apply(last)
    after = game.to_json()
    assert game.phase == "play" and game.cards_to_deal == (0,) * 4
    assert game.undo() == last
    assert game.to_json() == before and game.hands == hands and game.view(0) == view
    assert game.cards_to_deal == (4,) * 4 and game.played_mask() == 0
    game.apply(last)
    assert game.to_json() == after
    game.apply(game.legal_actions()[0])  # the first lead, then back to the auction
    game.undo()
    game.undo()
    assert game.to_json() == before


def test_a_second_round_after_the_second_stage(tmp_path: Path) -> None:
    """AuctionState.stages_dealt: the auction asks for the second stage after a first round
    of calls; the second round's calls are up to the red cards of the whole hand; undo across the
    stage dealt in the middle of the auction restores it exactly."""
    rules = load(tmp_path, kind="red_twice")
    game = rules.new_game(seed=11)
    rng = random.Random(3)
    for _ in range(3):
        game.apply(rng.choice(game.legal_actions()))
    before = game.to_json()
    view = game.view(1)
    game.apply(game.legal_actions()[0])  # the first round's last call: the second stage
    assert game.phase == "auction" and game.cards_to_deal == (0,) * 4
    assert [len(game.hand(s)) for s in range(4)] == [8] * 4
    seat = game.to_act
    assert seat is not None
    assert game.legal_actions() == [
        Bid(n) for n in range(red_count(game.initial_hands[seat], rules) + 1)
    ]
    assert game.view(seat).to_deal == (0,) * 4
    game.undo()
    assert game.to_json() == before and game.view(1) == view
    assert game.cards_to_deal == (4,) * 4
    play_out(game, rng)
    again = cardrules.Game.from_json(game.to_json(), rules=rules)
    assert again.to_json() == game.to_json()


def test_records_replay_and_copies(tmp_path: Path) -> None:
    rules = load(tmp_path)
    game = rules.new_game(seed=21)
    rng = random.Random(8)
    game.apply(rng.choice(game.legal_actions()))
    mid = cardrules.Game.from_json(game.to_json(), rules=rules)
    assert mid.to_json() == game.to_json() and mid.cards_to_deal == (4,) * 4
    play_out(game, rng)
    assert len(game.deals) == 2
    again = cardrules.Game.from_json(game.to_json(), rules=rules)
    assert again.to_json() == game.to_json() and again.totals == game.totals
    assert game.copy().to_json() == game.to_json()


# -- hostile profiles --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stages", "words"),
    [
        ("stages = [4, 3]", "add up to 7, but a hand holds 8"),
        ("stages = [4, 5]", "add up to 9, but a hand holds 8"),
        ("stages = [0, 8]", "at least 1 card"),
        ("stages = [-4, 12]", "at least 1 card"),
        ("stages = [4.0, 4.0]", "whole number"),
        ('stages = ["4", "4"]', "whole number"),
        ("stages = 8", "list"),
        ("stages = []", "deal.stages"),
        ("stages = [8]\nhand_sizes = [7]", "a hand holds 7"),
        ("stages = [4, 4]\nhand_sizes = []\nhand_size_range = [6, 8]", "hand_size_range"),
    ],
)
def test_hostile_stages_are_refused_naming_the_key(tmp_path: Path, stages: str, words: str) -> None:
    with pytest.raises(cardrules.ProfileError, match=r"deal\.stages") as refused:
        load(tmp_path, stages=stages)
    assert words in str(refused.value)


def test_stages_matching_the_hand_sizes_are_allowed(tmp_path: Path) -> None:
    rules = load(tmp_path, stages="stages = [2, 3, 1]\nhand_sizes = [6]")
    game = rules.new_game(seed=2)
    assert game.cards_to_deal == (4,) * 4 and len(game.hand(0)) == 2
    play_out(game, random.Random(1))
    assert all(sum(deal.tricks) == 6 for deal in game.deals)


# -- bots, worlds, positions ---------------------------------------------------------------------


def test_worlds_treat_the_cards_not_dealt_as_unknown(tmp_path: Path) -> None:
    """Worlds drawn during the auction give each hidden seat four cards; a game made from
    the view holds the view's cards and draws the cards still to deal, the viewer's own
    included, from the cards it cannot see."""
    rules = load(tmp_path)
    game = rules.new_game(seed=6)
    view = game.view(0)
    own_later = game.initial_hands[0] & ~game.hands[0]
    drawn_later = set()
    for k in range(8):
        hands = sample_hands(view, random.Random(k))
        assert sorted(hands) == [1, 2, 3] and all(len(h) == 4 for h in hands.values())
        world = rules.game_from_view(view, hands, seed=k)
        assert world.hand(0) == game.hand(0) and world.cards_to_deal == (4,) * 4
        assert world.view(0).hand == view.hand and world.view(0).to_deal == view.to_deal
        later = world.initial_hands[0] & ~world.hands[0]
        assert later.bit_count() == 4 and not later & mask_seen(view)
        drawn_later.add(later)
    assert len(drawn_later) > 1 and drawn_later != {own_later}


def mask_seen(view: cardrules.View) -> int:
    return sum(c.mask for cards in view.hands.values() for c in cards)


def test_the_monte_carlo_bot_plays_a_game_dealt_in_stages(tmp_path: Path) -> None:
    for kind in ("red_calls", "red_twice"):
        rules = load(tmp_path, kind=kind)
        game = rules.new_game(seed=4)
        bot = MonteCarloBot(seed=1, samples=2, candidates=2)
        while game.phase != "finished":
            seat = game.to_act
            assert seat is not None
            game.apply(bot.choose(game.view(game.controller(seat))))
        assert len(game.deals) == 2 and all(sum(d.tricks) == 8 for d in game.deals)


def test_a_game_made_from_a_view_in_the_play(tmp_path: Path) -> None:
    rules = load(tmp_path)
    game = rules.new_game(seed=13)
    rng = random.Random(2)
    finish_auction(game, rng)
    for _ in range(5):
        game.apply(rng.choice(game.legal_actions()))
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    world = rules.game_from_view(view, sample_hands(view, random.Random(1)), seed=1)
    assert world.hand(seat) == game.hand(seat) and world.cards_to_deal == (0,) * 4
    assert world.legal_actions() == game.legal_actions()


# -- the engines that refuse it --------------------------------------------------------------


def test_the_numpy_engine_refuses_and_the_game_engine_plays(tmp_path: Path) -> None:
    from cardrules.batch.engines import not_batched

    rules = load(tmp_path)
    assert "stages" in not_batched(rules)
    result = cardrules.simulate(rules, deals=3, seed=1, engine="game")
    assert len(result) == 3 and result.engine == "game"
    for record in result:  # the whole hands, as dealt by the stages
        assert all(hand.bit_count() == 8 for hand in record.hands)
    with pytest.raises(CardrulesError, match="stages"):
        cardrules.simulate(rules, deals=3, seed=1, engine="numpy")


def test_a_deal_made_by_its_dealer_keeps_the_stages_in_the_order_dealt(tmp_path: Path) -> None:
    """Game.from_deal (the OpenSpiel adapter's chance nodes deal the cards one by one)
    takes each seat's first cards dealt as its first stage; ``stage_order`` gives a game's
    cards stage by stage, so that a copy deals the same stages; without an order, each
    hand's lowest cards come first."""
    rules = load(tmp_path)
    for seed in range(6):
        game = rules.new_game(seed=seed)
        order = game.stage_order
        assert order is not None and [len(cards) for cards in order] == [8] * 4
        for seat, cards in enumerate(order):
            assert sum(1 << i for i in cards[:4]) == game.hands[seat]
            assert sum(1 << i for i in cards) == game.initial_hands[seat]
        copy = cardrules.Game.from_deal(
            rules, game.initial_hands, (), dealer=game.dealer, dealt=order
        )
        assert copy is not None and copy.hands == game.hands and copy.stage_order == order
        lowest = cardrules.Game.from_deal(rules, game.initial_hands, (), dealer=game.dealer)
        assert lowest is not None
        for seat in range(4):
            assert lowest.hands[seat] == sum(sorted(1 << i for i in order[seat])[:4])
    assert load(tmp_path, stages="").new_game(seed=1).stage_order is None


def test_the_adapters_play_a_deal_in_stages(tmp_path: Path) -> None:
    """The adapters' observation of a seat holds its first stage only, while the auction
    runs on it, then the whole hand."""
    pytest.importorskip("numpy")
    from cardrules.envs.encoding import Encoding

    rules = load(tmp_path)
    encoding = Encoding(rules)
    game = rules.new_game(seed=2)
    assert int(encoding.observe(game.view(0))[: rules.deck.size].sum()) == 4
    finish_auction(game, random.Random(1))
    assert int(encoding.observe(game.view(0))[: rules.deck.size].sum()) == 8


def test_the_server_protocol_carries_the_cards_to_deal(tmp_path: Path) -> None:
    messages = pytest.importorskip("cardrules.server.messages")
    rules = load(tmp_path)
    game = rules.new_game(seed=3)
    doc = game.view(1).to_dict()
    seat_view = messages.SeatView.model_validate(doc)
    assert seat_view.to_deal == [4, 4, 4, 4]
    assert seat_view.model_dump(mode="json")["to_deal"] == [4, 4, 4, 4]
