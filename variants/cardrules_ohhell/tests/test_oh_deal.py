"""Oh Hell, sections 1 and 2: the tables, the pack, the dealer, the hand sizes, the turned card.

Rule ids of ``profiles/oh-hell.rules.md`` (OH-1.x, OH-2.x, OH-7.5, D-1 .. D-4,
D-6, D-10; D-3 also for a first deal dealt by hand and its stock) and of the three-
and five-player tables (OHT-1.x, OHF-1.x),
checked through the public API against the reference in ``oh_reference``.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

import cardrules
from cardrules.engine.game import shuffle_and_cut
from oh_reference import (
    OH,
    OH3,
    OH5,
    cards,
    finish_deal,
    largest_hand,
    play_out,
    play_to_deal,
    schedule,
    trick_winner,
)

DATA = Path(__file__).resolve().parents[3] / "tests" / "data"


def _profile(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "{name}"\nextends = "oh-hell"\n\n{body}',
        encoding="utf-8",
    )
    return path


# -- 1. Players, cards and aim ------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), [(OH, 4), (OH3, 3), (OH5, 5)])
def test_oh_1_1_three_tables_each_player_on_their_own_account(name: str, players: int) -> None:
    """OH-1.1, OHT-1.1, OHF-1.1: the shipped tables seat 4, 3 and 5 players; every seat
    scores for itself (the totals are by seat); D-1: seats 0..n-1, the left of s is s + 1."""
    rules = cardrules.load(name)
    assert rules.players == players
    assert rules.profile.sides == "individual"
    game = rules.new_game(seed=1, dealer=0)
    assert sorted(game.totals) == list(range(players))
    assert rules.direction.order(0) == tuple(range(players))  # D-1: clockwise = s + 1
    assert game.to_act == 1  # the dealer's left is seat 0 + 1


@pytest.mark.parametrize("players", [6, 7])
def test_oh_1_1_six_and_seven_players_fit_the_kernel(tmp_path: Path, players: int) -> None:
    """OH-1.1: up to seven players; with H = min(10, floor(51/n)) (OH-2.2) a profile of six
    or seven players plays its 15 or 13 deals to the end."""
    sizes = schedule(players)
    assert len(sizes) == {6: 15, 7: 13}[players]
    path = _profile(
        tmp_path,
        f"oh-hell-{players}",
        f"[table]\nplayers = {players}\n\n[deal]\nhand_sizes = {sizes}\n\n"
        f"[game]\ndeals = {len(sizes)}\n",
    )
    game = cardrules.load(path).new_game(seed=players)
    rng = random.Random(players)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.deals) == len(sizes)
    assert [sum(d.tricks) for d in game.deals] == sizes


def test_oh_1_2_one_pack_of_52_ace_high() -> None:
    """OH-1.2: every deal comes from one 52-card pack (hands, the turned card and the stock
    are 52 different cards), and the ace is highest, the two lowest."""
    rules = cardrules.load(OH)
    game = rules.new_game(seed=4, dealer=2)
    deck = shuffle_and_cut(game.seed, 1)
    assert len({str(c) for c in deck}) == 52
    dealt = [c for s in range(4) for c in cards(game, s)]
    assert len(set(dealt)) == 40 and str(game.turned_up) not in dealt
    order = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    for high, low in itertools.pairwise(order):
        assert rules.trick_winner([f"{low}C", f"{high}C"], trump=None) == 1
        assert rules.trick_winner([f"{high}C", f"{low}C"], trump=None) == 0


def test_oh_1_3_the_aim_is_the_exact_number_of_tricks() -> None:
    """OH-1.3: one trick more is as bad as one trick fewer: a bid counts as made only with
    exactly that many tricks."""
    game = cardrules.load(OH).new_game(seed=2, dealer=3)
    finish_deal(game)
    deal = game.deals[0]
    made = deal.contract.made(deal.tricks)
    assert made == {f"seat {s}": deal.tricks[s] == deal.contract.calls[s] for s in range(4)}
    # A bid of 2 is missed with 1 trick and with 3 alike.
    contract = type(deal.contract)(None, 0, calls=(2, 2, 2, 3))
    assert contract.made((1, 3, 2, 3)) == {
        "seat 0": False,
        "seat 1": False,
        "seat 2": True,
        "seat 3": True,
    }


# -- 2. Dealer, deal and trumps ---------------------------------------------------------


def test_oh_2_1_chance_picks_the_first_dealer_then_the_deal_goes_clockwise() -> None:
    """OH-2.1, D-2: the seed picks the first dealer (several seeds give several dealers);
    deal k is dealt by (first dealer + k - 1) mod n."""
    firsts = {cardrules.load(OH).new_game(seed=s).dealer for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    for name, n in ((OH, 4), (OH3, 3), (OH5, 5)):
        game = cardrules.load(name).new_game(seed=9)
        first = game.first_dealer
        dealers = []
        rng = random.Random(9)
        while game.phase != "finished":
            if game.deal_number > len(dealers):
                dealers.append(game.dealer)
            game.apply(rng.choice(game.legal_actions()))
        assert dealers == [(first + k - 1) % n for k in range(1, 20)]
        assert [d.dealer for d in game.deals] == dealers


@pytest.mark.parametrize(("name", "players"), [(OH, 4), (OH3, 3), (OH5, 5)])
def test_oh_2_2_hands_go_down_to_one_and_back_up(name: str, players: int) -> None:
    """OH-2.2, D-4: H = min(10, floor(51/n)) = 10 for 3, 4 and 5 players; the hands are
    10, 9, ... 1, 2, ... 10 cards, 2H - 1 = 19 deals; OHT-1.2 and OHF-1.2 for the tables
    of three and five."""
    assert largest_hand(players) == 10
    rules = cardrules.load(name)
    assert [rules.hand_size(k) for k in range(1, 20)] == schedule(players)
    assert rules.deals == 19
    game = rules.new_game(seed=5)
    seen = []
    rng = random.Random(5)
    while game.phase != "finished":
        if game.deal_number > len(seen):
            sizes = {len(game.hand(s)) for s in range(players)}
            assert len(sizes) == 1
            seen.append(sizes.pop())
        game.apply(rng.choice(game.legal_actions()))
    assert seen == schedule(players)


def test_oh_7_5_nineteen_deals_with_four_and_with_three_players() -> None:
    """OH-7.5: four players play 10, 9, ..., 1, 2, ..., 10 cards; three players the same
    nineteen, H capped at 10 although 17 cards each would fit."""
    expected = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    for name in (OH, OH3):
        assert list(cardrules.load(name).profile.hand_sizes) == expected
    assert 51 // 3 == 17 and largest_hand(3) == 10


@pytest.mark.parametrize(("name", "players"), [(OH, 4), (OH3, 3), (OH5, 5)])
def test_oh_2_3_cards_one_at_a_time_clockwise_from_the_dealers_left(
    name: str, players: int
) -> None:
    """OH-2.3, D-3: after the shuffle and the cut, card i of the pack goes to seat
    (D + 1 + i) mod n for i < n*h, so the dealer gets the last card of each round; the
    player on the dealer's right cuts; card n*h is turned up (OH-2.4)."""
    rules = cardrules.load(name)
    for dealer in range(players):
        game = rules.new_game(seed=30 + dealer, dealer=dealer)
        play_to_deal(game, 3)  # a deal of 8 cards, not the first
        h = rules.hand_size(3)
        deck = [str(c) for c in shuffle_and_cut(game.seed, 3)]
        d = game.dealer
        for seat in range(players):
            mine = [deck[i] for i in range(players * h) if (d + 1 + i) % players == seat]
            assert sorted(mine) == sorted(cards(game, seat))
        assert game.cutter == (d - 1) % players
        assert str(game.turned_up) == deck[players * h]


@pytest.mark.parametrize("name", [OH, OH3, OH5])
def test_oh_2_4_the_turned_card_names_trumps_and_is_never_played(name: str) -> None:
    """OH-2.4: the card turned up after the deal names the trump suit; it is nobody's card
    and is never played, and the rest of the stock takes no part (OHT-1.2: with three
    players 22 cards stay undealt from a deal of ten; OHF-1.2: with five, two)."""
    rules = cardrules.load(name)
    n = rules.players
    game = rules.new_game(seed=12)
    rng = random.Random(12)
    while game.phase != "finished":
        turned = game.turned_up
        assert turned is not None
        h = rules.hand_size(game.deal_number)
        held = {c for s in range(n) for c in cards(game, s)}
        assert len(held) == n * h and str(turned) not in held
        if h == 10:
            assert 52 - n * h == {3: 22, 4: 12, 5: 2}[n]
        assert game.state_dict()["turned_up"] == str(turned)
        scored = len(game.deals)
        while len(game.deals) == scored:
            legal = game.legal_actions()
            assert f"play {turned}" not in {str(a) for a in legal}
            game.apply(rng.choice(legal))
        deal = game.deals[-1]
        assert deal.contract.trump == turned.suit
        assert sum(deal.tricks) == h  # only the n*h cards dealt were played


#: A first deal of ten each dealt by hand: N the clubs, E the diamonds, S the hearts, W the
#: spades, 2 to J; the twelve cards not dealt are the queens, kings and aces.
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J")
BY_HAND = [[f"{r}{suit}" for r in RANKS] for suit in "CDHS"]


def test_oh_2_4_d_3_a_deal_by_hand_turns_up_a_card_the_seed_draws() -> None:
    """OH-2.4 / D-3: a first deal dealt by hand, with no stock given, turns up the first of
    the cards not dealt in the order the seed's shuffle puts them: never a dealt card, the
    same card for the same seed, and not always the lowest card left (clubs are not trumps
    in every such deal)."""
    rules = cardrules.load(OH)
    turned = {}
    for seed in range(12):
        game = rules.new_game(seed=seed, dealer=3, hands=BY_HAND)
        card = game.turned_up
        assert card is not None and card.rank >= 12  # a queen, king or ace: not dealt
        assert rules.new_game(seed=seed, dealer=3, hands=BY_HAND).turned_up == card
        stock = game.preset_stock
        assert stock is not None and stock[0] == card and len(stock) == 12
        turned[seed] = card
        finish_deal(game, random.Random(seed))
        assert game.deals[0].contract.trump == card.suit
    assert len({c.suit for c in turned.values()}) > 1
    assert len(set(turned.values())) > 3


@pytest.mark.parametrize("card", ["AS", "QC", "KH"])
def test_oh_2_4_d_3_the_app_gives_the_turned_card(card: str) -> None:
    """OH-2.4 / D-3: ``turn_up=`` is the card turned up for trumps (the rest of the stock in
    the seed's order); ``stock=`` gives every card not dealt, top first. The record keeps
    the stock: it replays, undo keeps it, and a game dealt again from it is the same."""
    rules = cardrules.load(OH)
    game = rules.new_game(seed=7, dealer=3, hands=BY_HAND, turn_up=card)
    assert str(game.turned_up) == card
    game.apply("bid 1")
    text = game.to_json()
    assert json.loads(text)["preset_stock"][0] == card
    again = cardrules.Game.from_json(text, allow_preset_hands=True)
    assert again.to_json() == text and str(again.turned_up) == card
    game.undo()
    assert str(game.turned_up) == card and game.preset_stock == again.preset_stock
    stock = list(reversed(game.preset_stock or []))
    given = rules.new_game(seed=7, dealer=3, hands=BY_HAND, stock=stock)
    assert given.preset_stock == stock and given.turned_up == stock[0]
    both = rules.new_game(seed=2, dealer=3, hands=BY_HAND, stock=stock, turn_up=stock[0])
    assert both.preset_stock == stock
    finish_deal(given)
    assert given.deals[0].contract.trump == stock[0].suit


def _refusal(**kw: object) -> str:
    with pytest.raises(cardrules.CardrulesError) as err:
        cardrules.load(OH).new_game(seed=7, dealer=3, **kw)  # type: ignore[arg-type]
    return str(err.value)


def test_oh_2_4_d_3_a_stock_or_turned_card_that_is_not_the_rest_is_refused() -> None:
    """OH-2.4 / D-3: a card in a hand, a card given twice, a missing card, something that
    is no card, a turned card not on top of the stock given, or either without hands= is
    refused with a CardError naming what and where."""
    queens = "QC QD QH QS KC KD KH KS AC AD AH"
    assert _refusal(hands=BY_HAND, turn_up="2C") == (
        "invalid turn_up: 2C is in the hand of seat 0 (N)"
    )
    assert _refusal(hands=BY_HAND, stock=queens + " 5H") == (
        "invalid stock: 5H is in the hand of seat 2 (S)"
    )
    assert _refusal(hands=BY_HAND, stock=queens + " QC") == "invalid stock: QC given twice"
    assert _refusal(hands=BY_HAND, stock=queens) == (
        "invalid stock: 11 cards, but 12 are not dealt (missing: AS)"
    )
    assert _refusal(hands=BY_HAND, stock=queens + " XS").startswith("invalid stock: 'XS' ")
    assert _refusal(hands=BY_HAND, stock=3) == (
        "invalid stock: 3 (expected the cards not dealt, top first, as text such as '7H 2C' "
        "or a list)"
    )
    assert _refusal(hands=BY_HAND, turn_up=["QC"]) == (
        "invalid turn_up: ['QC'] (expected one card, such as 'QC')"
    )
    assert _refusal(hands=BY_HAND, turn_up="ZZ").startswith("invalid turn_up: 'ZZ' ")
    assert _refusal(hands=BY_HAND, stock=queens + " AS", turn_up="AS") == (
        "invalid turn_up: AS is not the top of the stock given (QC)"
    )
    assert _refusal(turn_up="QC") == (
        "invalid turn_up: it goes with hands= (the first deal dealt by hand); a deal from "
        "the seed has its own"
    )
    strict = cardrules.load("callbreak-strict")
    whole = [[f"{r}{suit}" for r in (*RANKS, "Q", "K", "A")] for suit in "SHDC"]
    with pytest.raises(cardrules.CardrulesError) as err:
        strict.new_game(seed=1, hands=whole, turn_up="QC")
    assert str(err.value) == (
        "invalid turn_up: QC: the rules of 'callbreak-strict' turn no card up for trumps "
        "(give stock= for the order of the cards not dealt)"
    )
    assert strict.new_game(seed=1, hands=whole, stock=[]).preset_stock == []


def test_oh_2_4_d_3_a_record_dealt_by_hand_before_stock_replays_as_it_was() -> None:
    """OH-2.4 / D-3: a record that the engine wrote before stock= and turn_up= (its deal by
    hand left the cards not dealt in pack order, so the QC was turned) replays as it did:
    the same first deal, trump and scores; written again, it keeps that stock explicitly.
    A record's stock is checked as new_game checks it."""
    text = (DATA / "oh-hell-dealt-by-hand-before-stock.json").read_text(encoding="utf-8")
    old = json.loads(text)
    assert "preset_stock" not in old
    game = cardrules.Game.from_json(text, allow_preset_hands=True)
    assert json.loads(json.dumps(game.state_dict())) == old["state"]
    assert game.deals[0].contract.trump is not None and game.deals[0].contract.trump.name == "C"
    stock = game.preset_stock
    assert stock is not None and [str(c) for c in stock[:2]] == ["QC", "KC"]
    rewritten = game.to_json()
    assert json.loads(rewritten)["preset_stock"] == [str(c) for c in stock]
    assert cardrules.Game.from_json(rewritten, allow_preset_hands=True).to_json() == rewritten
    forged = json.loads(rewritten)
    forged["preset_stock"][0] = "2C"
    with pytest.raises(cardrules.RecordError) as err:
        cardrules.Game.from_json(json.dumps(forged), allow_preset_hands=True)
    assert str(err.value) == "invalid record: invalid stock: 2C is in the hand of seat 0 (N)"
    del forged["preset_hands"]
    forged["dealt_by_hand"] = False
    with pytest.raises(cardrules.RecordError) as err:
        cardrules.Game.from_json(json.dumps(forged))
    assert str(err.value) == (
        "invalid record: 'preset_stock' is given without 'preset_hands' (the stock of a first "
        "deal dealt by hand)"
    )


def test_oh_2_5_every_deal_of_the_schedule_has_a_turned_card() -> None:
    """OH-2.5: the largest hand leaves at least one card over, so every deal of the three
    tables has a turned card and a trump suit (the deal of ten with five players leaves two,
    OHF-1.2)."""
    for name in (OH, OH3, OH5):
        rules = cardrules.load(name)
        assert all(rules.players * rules.hand_size(k) < 52 for k in range(1, rules.deals + 1)), name
        game = rules.new_game(seed=21)
        rng = random.Random(21)
        while game.phase != "finished":
            assert game.turned_up is not None
            finish_deal(game, rng)
        assert all(d.contract.trump is not None for d in game.deals)


def test_oh_d6_a_deal_of_the_whole_pack_is_played_without_trumps(tmp_path: Path) -> None:
    """oh-hell D-6: a rule set dealing 13 cards to each of four players has no card to turn
    up: the deal is played without trumps."""
    path = _profile(tmp_path, "oh-hell-13", "[deal]\nhand_sizes = [13]\n\n[game]\ndeals = 1\n")
    game = cardrules.load(path).new_game(seed=3)
    assert game.turned_up is None
    assert "turned_up" not in game.state_dict()
    finish_deal(game)
    assert game.deals[0].contract.trump is None
    assert sum(game.deals[0].tricks) == 13


def test_oh_d10_a_seat_sees_its_hand_the_turned_card_and_the_bids_only() -> None:
    """oh-hell D-10: each player sees only their own cards, the turned card, every bid and
    every card played; a hand is never redealt (no throw-ins)."""
    rules = cardrules.load(OH)
    assert rules.throw_ins == ()
    game = rules.new_game(seed=8, dealer=1)
    game.apply("bid 3")
    for seat in range(4):
        view = game.view(seat)
        assert set(view.hands) == {seat}
        assert view.turned_up == game.turned_up
        assert view.auction["bids"] == [None, None, 3, None]
        assert view.to_dict()["turned_up"] == str(game.turned_up)


@pytest.mark.parametrize(("name", "text"), [(OH3, "OHT-1.3"), (OH5, "OHF-1.3")])
def test_oht_1_3_and_ohf_1_3_the_hook_and_scores_as_with_four(name: str, text: str) -> None:
    """OHT-1.3, OHF-1.3: with three or five players the bids of a deal never total the hand
    size, an exact bid scores 10 plus the bid, and (OHF-1.3) every trick, of three or five
    cards, goes to the highest trump, else the highest card of the suit led."""
    rules = cardrules.load(name)
    n = rules.players
    game = rules.new_game(seed=17)
    tricks: list[int] = []

    def check(played: list[tuple[int, str]], winner: int, trump: str | None) -> None:
        assert len(played) == n
        assert played[trick_winner([c for _, c in played], trump)][0] == winner, text
        tricks.append(winner)

    play_out(game, random.Random(17), check)
    assert len(tricks) == sum(schedule(n))
    for deal in game.deals:
        assert sum(deal.contract.calls) != sum(deal.tricks), text
        for seat, (bid, took) in enumerate(zip(deal.contract.calls, deal.tricks, strict=True)):
            assert deal.scores[seat] == (10 + bid if bid == took else 0)
