"""The kernel's mechanisms for tables of other shapes, each exercised by a tiny plugin that
belongs to no family: a deck declared in the profile, a ranking a plugin declares
(``[play] order``), a seat that sits a deal out (``Contract.sitting_out``), a stock that a
seat picks up and lays cards away into (``hands_after`` with the stock), a hand size
drawn by chance (``[deal] hand_size_range``) and a card that may always be played and never
wins (``OrderSpec.free``), a play that stops once its contract is decided
(``Contract.decides_early``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

import cardrules
from cardrules import Bid, Contract, hookimpl
from cardrules.deck import Deck, OrderSpec, Ranking, Suit, named_deck
from cardrules.errors import ActionError, IllegalAction
from cardrules.rules.actions import Action
from cardrules.rules.components import Auction, AuctionState, DealInfo
from cardrules.rules.plugins import Components
from helpers import TricksEach, write_profile


def play_out(game: cardrules.Game, seed: int = 0) -> None:
    rng = random.Random(seed)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))


# -- a deck of 24 cards --------------------------------------------------------------------


def test_a_game_on_a_deck_of_24_cards(tmp_path: Path) -> None:
    """[deck] name = "euchre-24": six cards each, card text, refusals, records and undo in
    that deck's cards; a card of the French pack that the deck lacks is refused in words."""
    path = write_profile(
        tmp_path, "short", '[deck]\nname = "euchre-24"\n[deal]\nhand_sizes = [6]\n'
    )
    rules = cardrules.load(path)
    deck = named_deck("euchre-24")
    assert rules.deck is deck
    game = rules.new_game(seed=4)
    held = 0
    for seat in range(4):
        cards = game.hand(seat)
        assert len(cards) == 6 and all(c.deck is deck for c in cards)
        for card in cards:
            held |= card.mask
    assert held == deck.all_mask  # the whole deck is dealt, nothing else
    with pytest.raises(ActionError, match="'2C' is not in the euchre-24 deck"):
        game.apply("play 2C")
    game.apply("bid 2")
    record = game.to_json()
    game.undo()
    game.apply("bid 2")
    assert game.to_json() == record
    play_out(game, 1)
    again = cardrules.Game.from_json(game.to_json(), rules=rules)
    assert again.totals == game.totals and again.to_json() == game.to_json()
    assert all(len(deal.tricks) == 4 and sum(deal.tricks) == 6 for deal in game.deals)


def test_a_deck_declared_inline(tmp_path: Path) -> None:
    """[deck] with suits and ranks of its own: 3 suits of 5 cards, 3 players, 5 each."""
    body = (
        '[table]\nplayers = 3\n[deck]\nname = "fifteen"\nsuits = ["C", "H", "S"]\n'
        'ranks = ["10", "J", "Q", "K", "A"]\n[deal]\nhand_sizes = [5]\n'
    )
    rules = cardrules.load(write_profile(tmp_path, "fifteen", body))
    assert rules.deck.size == 15 and [str(c) for c in rules.deck.cards[:5]] == [
        "10C",
        "JC",
        "QC",
        "KC",
        "AC",
    ]
    game = rules.new_game(seed=2)
    play_out(game)
    assert all(sum(deal.tricks) == 5 for deal in game.deals)


def test_a_deck_a_profile_cannot_declare(tmp_path: Path) -> None:
    bad = write_profile(tmp_path, "bad", '[deck]\nname = "no-such-deck"\n')
    with pytest.raises(cardrules.ProfileError, match="unknown deck"):
        cardrules.load(bad)
    big = write_profile(tmp_path, "big", '[deck]\nname = "euchre-24"\n[deal]\nhand_sizes = [7]\n')
    with pytest.raises(cardrules.ProfileError, match="from 1 to 6"):
        cardrules.load(big)


# -- a ranking a plugin declares -------------------------------------------------------------


def _twin_jack(deck: Deck, ranking: Ranking) -> OrderSpec:
    """A ranking of no family: the jack of the trump suit's twin (same colour) is the
    second-highest trump; the jack of trumps the highest."""
    trump = ranking.trump
    if trump is None:
        plain = tuple(tuple(c.index for c in deck.cards_of(deck.suit_masks[s])) for s in deck.suits)
        return OrderSpec(plain)
    twin = next(s for s in deck.suits if s is not trump and s.red == trump.red)
    right, left = deck.card(trump, 11).index, deck.card(twin, 11).index
    rows: list[tuple[int, ...]] = []
    for suit in deck.suits:
        row = [
            c.index for c in deck.cards_of(deck.suit_masks[suit]) if c.index not in (left, right)
        ]
        rows.append((*row, left, right) if suit is trump else tuple(row))
    return OrderSpec(tuple(rows), deck.suits.index(trump))


class _RankingPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_ranking("twin_jack", _twin_jack)


def test_a_ranking_declared_by_a_plugin(tmp_path: Path) -> None:
    """[play] order names the plugin's ranking: with spades trumps the jack of clubs is a
    spade (it follows spades, not clubs) and beats the ace of spades."""
    body = '[deck]\nname = "euchre-24"\n[deal]\nhand_sizes = [6]\n[play]\norder = "twin_jack"\n'
    rules = cardrules.load(write_profile(tmp_path, "twin", body), plugins=[_RankingPlugin()])
    assert rules.trick_winner(["AS", "JC"]) == 1
    assert rules.trick_winner(["AC", "JC"]) == 1  # the jack of clubs is a trump: it ruffs
    assert [str(c) for c in rules.legal_cards("JC 9C KH", "AC")] == ["9C"]
    assert [str(c) for c in rules.legal_cards("JC 9C KH", "10S")] == ["JC"]
    game = rules.new_game(seed=1)
    play_out(game)
    for deal in game.deals:
        assert sum(deal.tricks) == 6


# -- sitting out, picking up the stock -------------------------------------------------------


class _LoneState(AuctionState):
    """Seat 1 takes the stock's top card into its hand and lays one card away ("bid N":
    the N-th card of its hand, lowest first); seat 3 sits the deal out."""

    def __init__(self, deal: DealInfo) -> None:
        self.deal = deal
        self.hands = deal.hands
        self.done = False

    def to_act(self) -> int | None:
        return None if self.done else 1

    def legal_actions(self) -> list[Action]:
        return [] if self.done else [Bid(n) for n in range(self.hands[1].bit_count() + 1)]

    def apply(self, seat: int, action: Action) -> None:
        if not isinstance(action, Bid) or action not in self.legal_actions():
            raise IllegalAction("X-1", "lay a card away", action=str(action), seat=seat)
        self.laid = action.tricks
        self.done = True

    def _after(self) -> tuple[int, ...]:
        top = 1 << self.deal.stock[0]
        hand = self.hands[1] | top
        cards = [c.index for c in self.deal.deck.cards_of(hand)]
        hand ^= 1 << cards[self.laid]
        return (self.hands[0], hand, self.hands[2], self.hands[3])

    def hands_after(self) -> tuple[int, ...]:
        return self._after()

    def private(self, seat: int) -> dict[str, Any]:
        if seat != 1 or not self.done:
            return {}
        laid = (self.hands[1] | 1 << self.deal.stock[0]) & ~self._after()[1]
        return {"laid_away": [str(c) for c in self.deal.deck.cards_of(laid)]}

    def result(self) -> Contract:
        return Contract(None, 0, sitting_out=frozenset({3}))

    def public(self) -> dict[str, Any]:
        return {"turned": str(self.deal.turned_up)}


class _Lone(Auction):
    def start(self, deal: DealInfo) -> _LoneState:
        return _LoneState(deal)


class _LonePlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_auction("lone", lambda p, b: _Lone(), provides="none")
        components.add_scorer("tricks_each", lambda p: TricksEach())


LONE = """
[deck]
name = "euchre-24"
[deal]
hand_sizes = [5]
[auction]
kind = "lone"
[play]
trump = "none"
duties = [{ name = "follow_suit", rule = "X-2" }]
[scoring]
kind = "tricks_each"
"""


def test_a_seat_sits_out_and_a_stock_card_is_picked_up(tmp_path: Path) -> None:
    """Contract.sitting_out: seat 3 is never to act and tricks have three cards; the stock's
    top card is picked up by seat 1, the card it lays away is in ``game.discarded``, in no
    hand, never played, and in no other seat's view."""
    rules = cardrules.load(write_profile(tmp_path, "lone", LONE), plugins=[_LonePlugin()])
    game = rules.new_game(seed=8, dealer=0)
    top = game.rules.deck.cards[game.auction.deal.stock[0]]  # type: ignore[attr-defined]
    before = game.hands[1]
    game.apply("bid 0")  # lays away the lowest card of the six
    laid = (before | top.mask) & ~game.hands[1]
    assert laid.bit_count() == 1 and game.discarded == [0, laid, 0, 0]
    assert top.mask & game.hands[1] or laid == top.mask
    laid_card = next(rules.deck.cards_of(laid))
    for seat in (0, 2, 3):
        assert str(laid_card) not in game.view(seat).to_json()
    assert game.view(1).to_dict()["auction"]  # the table's public part
    seen_by_one = game.view(1).to_json()
    assert str(laid_card) in seen_by_one  # what it laid away, told to seat 1 alone
    hand_three = game.hands[3]
    acted = set()
    while game.phase == "play":
        assert game.to_act != 3
        acted.add(game.to_act)
        game.apply(random.Random(len(game.actions)).choice(game.legal_actions()))
        if game.phase == "play" and game.tricks and not game.trick:
            assert all(len(t.cards) == 3 for t in game.tricks)
    assert acted == {0, 1, 2}
    first = game.deals[0]
    assert first.tricks[3] == 0 and sum(first.tricks) == 5
    assert hand_three.bit_count() == 5  # its cards stayed in its hand
    for trick in game.tricks if game.deal_number == 1 else []:
        assert all(c.card != laid_card for c in trick.cards)


def test_sitting_out_and_picking_up_undo_and_replay(tmp_path: Path) -> None:
    rules = cardrules.load(write_profile(tmp_path, "lone", LONE), plugins=[_LonePlugin()])
    game = rules.new_game(seed=3, dealer=2)
    start = game.to_json()
    game.apply("bid 2")
    after = game.to_json()
    game.undo()
    assert game.to_json() == start and game.discarded == [0, 0, 0, 0]
    game.apply("bid 2")
    assert game.to_json() == after
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    again = cardrules.Game.from_json(game.to_json(), rules=rules)
    assert again.to_json() == game.to_json() and again.discarded == game.discarded


# -- a hand size drawn by chance -------------------------------------------------------------


def test_a_hand_size_drawn_by_chance(tmp_path: Path) -> None:
    """[deal] hand_size_range: each deal's size from the seed, every size of the range seen,
    the same game dealing the same sizes; hands given by hand may have any size of the range."""
    body = "[deal]\nhand_sizes = []\nhand_size_range = [1, 4]\n[game]\ndeals = 5\n"
    rules = cardrules.load(write_profile(tmp_path, "chance", body))
    sizes = set()
    for seed in range(40):
        game = rules.new_game(seed=seed)
        size = len(game.hand(0))
        assert 1 <= size <= 4 and size == len(rules.new_game(seed=seed).hand(0))
        sizes.add(size)
    assert sizes == {1, 2, 3, 4}
    given = rules.new_game(seed=1, hands=["AS 2S", "AH 2H", "AD 2D", "AC 2C"])
    assert len(given.hand(0)) == 2
    bad = write_profile(tmp_path, "toobig", "[deal]\nhand_sizes = []\nhand_size_range = [1, 14]\n")
    with pytest.raises(cardrules.ProfileError, match="hand_size_range"):
        cardrules.load(bad)


# -- a card that never wins -------------------------------------------------------------------


def _with_fool(deck: Deck, ranking: Ranking) -> OrderSpec:
    """Suits natural; the card outside the suits ("FOOL") may always be played, never wins."""
    rows = tuple(tuple(c.index for c in deck.cards_of(deck.suit_masks[s])) for s in deck.suits)
    trump = deck.suits.index(ranking.trump) if ranking.trump in deck.suits else -1
    return OrderSpec(rows, trump, (deck.parse("FOOL").index,))


class _FoolPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_ranking("fool", _with_fool)


def test_a_card_that_never_wins_and_sets_no_suit(tmp_path: Path) -> None:
    """OrderSpec.free: the fool led, the next card sets the suit to follow; the fool never
    wins a trick."""
    body = (
        '[table]\nplayers = 3\n[deck]\nname = "fool-16"\nsuits = ["C", "D", "H"]\n'
        'ranks = ["J", "Q", "K", "A", "10"]\nextras = ["FOOL"]\n[deal]\nhand_sizes = [5]\n'
        '[play]\norder = "fool"\ntrump = "none"\n'
        'duties = [{ name = "follow_suit", rule = "X-2" }]\n'
    )
    rules = cardrules.load(write_profile(tmp_path, "fool", body), plugins=[_FoolPlugin()])
    assert rules.trick_winner(["FOOL", "JC", "AD"]) == 1
    assert rules.trick_winner(["AC", "FOOL", "JC"]) == 0
    for seed in range(5):
        game = rules.new_game(seed=seed)
        while game.phase != "finished":
            if game.trick and game.trick[0].card.text == "FOOL" and len(game.trick) == 2:
                led = game.trick[1].card.suit
                seat = game.to_act
                assert seat is not None
                hand = game.hand(seat)
                if any(c.suit == led for c in hand):
                    assert all(
                        a.card.suit in (led, None)  # type: ignore[attr-defined]
                        for a in game.legal_actions()
                    )
            game.apply(random.Random(seed + len(game.actions)).choice(game.legal_actions()))
        for deal in game.deals:
            assert sum(deal.tricks) == 5
    assert Suit.C in rules.deck.suits


def test_a_card_turned_up_for_all_to_see(tmp_path: Path) -> None:
    """[deal] turn_up: the stock's top card is in every seat's view (and the public one)
    whatever the trump; while it lies in the stock the worlds a bot imagines never put it
    in a hand; once an auction that may take the stock up is over, it is no longer known to
    lie there (the auction says where it went, if anything: ``known_to``)."""
    from cardrules.engine.worlds import sample_hands

    body = LONE.replace("hand_sizes = [5]", "hand_sizes = [5]\nturn_up = true")
    rules = cardrules.load(write_profile(tmp_path, "upcard", body), plugins=[_LonePlugin()])
    game = rules.new_game(seed=6, dealer=0)
    top = game.turned_up
    assert top is not None
    for seat in (0, 1, 2, 3, -1):
        view = game.public_view() if seat < 0 else game.view(seat)
        assert view.turned_up == top and view.turned_up_in_stock
    rng = random.Random(1)
    for seat in (0, 2):
        for _ in range(20):
            assert all(top not in cards for cards in sample_hands(game.view(seat), rng).values())
    game.apply("bid 0")
    assert game.turned_up == top and not game.view(0).turned_up_in_stock
    rules_plain = cardrules.load(write_profile(tmp_path, "plain", LONE), plugins=[_LonePlugin()])
    assert rules_plain.new_game(seed=6, dealer=0).turned_up is None


def test_a_record_on_a_deck_of_two_copies_replays(tmp_path: Path) -> None:
    """A deck of two copies of each card (pinochle-48): ``play 10C`` plays whichever ten of
    clubs the seat holds, so a record, which writes a card's text, replays; undo too."""
    body = '[deck]\nname = "pinochle-48"\n[deal]\nhand_sizes = [12]\n'
    rules = cardrules.load(write_profile(tmp_path, "twins", body))
    game = rules.new_game(seed=5)
    rng = random.Random(5)
    second_copies = 0
    while game.phase != "finished":
        legal = game.legal_actions()
        action = rng.choice(legal)
        if isinstance(action, cardrules.Play) and action.card.copy:
            second_copies += 1
            assert game.is_legal(str(action))  # the text names this copy too
        game.apply(action)
    assert second_copies  # the game played second copies, which the record writes as text
    again = cardrules.Game.from_json(game.to_json(), rules=rules)
    assert again.to_json() == game.to_json()
    assert again.standings() == game.standings()
    for _ in range(20):
        again.undo()
    assert len(again.actions) == len(game.actions) - 20


# -- a play that stops once the contract is decided ------------------------------------------


@dataclass(frozen=True, slots=True)
class _Misere(Contract):
    """Seat 0 undertakes to take no trick: the play stops at its first (Skat's null game)."""

    decides_early: ClassVar[bool] = True

    def play_decided(self, tricks: Sequence[int]) -> bool:
        return tricks[0] > 0


class _MisereState(AuctionState):
    def __init__(self, deal: DealInfo) -> None:
        self.deal = deal

    def to_act(self) -> int | None:
        return None

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, seat: int, action: Action) -> None:
        raise IllegalAction("X-1", "there is no auction", action=str(action), seat=seat)

    def result(self) -> Contract:
        return _Misere(None, (self.deal.dealer + 1) % 3)

    def public(self) -> dict[str, Any]:
        return {}


class _MiserePlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        class _Auction(Auction):
            def start(self, deal: DealInfo) -> _MisereState:
                return _MisereState(deal)

        components.add_auction("misere", lambda p, b: _Auction(), provides="none")
        components.add_scorer("tricks_each", lambda p: TricksEach())


MISERE = """
[table]
players = 3
[deck]
name = "piquet-32"
[deal]
hand_sizes = [10]
[auction]
kind = "misere"
[play]
trump = "none"
duties = [{ name = "follow_suit", rule = "X-2" }]
[scoring]
kind = "tricks_each"
[game]
deals = 6
"""


def test_a_play_that_stops_once_the_contract_is_decided(tmp_path: Path) -> None:
    """Contract.decides_early: the deal is scored after the trick in which seat 0 takes its
    first, the cards left staying in the hands, and the next deal is dealt; a deal in which
    seat 0 takes none is played out.  The card that ends a deal is undone like any other,
    and the record replays."""
    rules = cardrules.load(write_profile(tmp_path, "misere", MISERE), plugins=[_MiserePlugin()])
    stopped = played_out = 0
    for seed in range(12):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            deals = len(game.deals)
            held = sum(len(game.hand(s)) for s in range(3))
            before = game.to_json()
            game.apply(rng.choice(game.legal_actions()))
            if len(game.deals) > deals:
                deal = game.deals[-1]
                if deal.tricks[0]:
                    assert deal.tricks[0] == 1 or sum(deal.tricks) == 10
                    stopped += sum(deal.tricks) < 10
                    assert held - 1 == 3 * (10 - sum(deal.tricks))  # the cards left unplayed
                else:
                    assert sum(deal.tricks) == 10
                    played_out += 1
                if seed < 3:  # the card that ended the deal is undone like any other
                    game.undo()
                    assert game.to_json() == before
                    game.apply(rng.choice(game.legal_actions()))
                    assert len(game.deals) == deals + 1
        for deal in game.deals:
            if 0 < sum(deal.tricks) < 10:
                assert deal.tricks[0] == 1
        again = cardrules.Game.from_json(game.to_json(), rules=rules)
        assert again.to_json() == game.to_json()
    assert stopped and played_out
