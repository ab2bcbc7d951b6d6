"""Worlds a seat cannot tell from the real one (cardrules.engine.worlds) and games made
from a view (``rules.game_from_view``): what the Monte Carlo bot plans on.

A sampled world must be consistent with everything the view shows: the cards
played, the suits a seat showed it lacks (CBS-3.1's duty to follow, and every
profile's duties), Minibridge's points announced (MB-2.1), dummy's hand once
shown (MB-2.4, BR-3.3), the cards a Hearts player passed (HE-2.1).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import cardrules
from cardrules import Card, CardError, CardrulesError, Game, View
from cardrules.cards import high_card_points, mask_of
from cardrules.engine.bots import RandomBot, RuleBot
from cardrules.engine.worlds import inconsistency, knowledge, sample_hands, sample_masks
from helpers import SHIPPED_PROFILES


def _random_point(name: str, seed: int, *, rule: bool = False) -> tuple[Game, View]:
    """A game of ``name`` after a random number of actions, and the deciding seat's view."""
    rules = cardrules.load(name)
    rng = random.Random(seed)
    while True:
        game = rules.new_game(seed=rng.randrange(10**6))
        bot = RuleBot() if rule else RandomBot(rng.randrange(10**6))
        for _ in range(rng.randrange(0, 70)):
            if game.to_act is None:
                break
            seat = game.controller(game.to_act)
            game.apply(bot.choose(game.view(seat)), seat=seat)
        if game.to_act is not None:
            return game, game.view(game.controller(game.to_act))


def _real_hidden(game: Game, view: View) -> dict[int, list[Card]]:
    return {s: game.hand(s) for s in range(game.rules.players) if s not in view.hands}


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_sampled_worlds_are_consistent_with_the_view(name: str) -> None:
    """Every world drawn at random points of random games passes the full check, holds
    the hand sizes shown and none of the cards seen; the real world passes it too."""
    rng = random.Random(7)
    for point in range(12):
        game, view = _random_point(name, point)
        assert inconsistency(view, _real_hidden(game, view)) is None
        seen = {c for cards in view.hands.values() for c in cards}
        seen |= {c for _, cards, _ in view.tricks for c in cards}
        seen |= {c for _, c in view.trick}
        for _ in range(4):
            hands = sample_hands(view, rng)
            assert inconsistency(view, hands) is None, (name, point)
            assert sorted(hands) == [s for s in range(game.rules.players) if s not in view.hands]
            for seat, cards in hands.items():
                assert len(cards) == view.hand_sizes[seat]
                assert not seen & set(cards)
            every = [c for cards in hands.values() for c in cards]
            assert len(every) == len(set(every))


def _voids_shown(view: View) -> dict[int, set[int]]:
    """Suits each seat showed it lacks: it did not follow the suit led (seats in the
    profile's order of play)."""
    direction = cardrules.load(view.profile).direction
    out: dict[int, set[int]] = {}
    tricks = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.trick:
        tricks.append((view.trick[0].seat, tuple(c for _, c in view.trick)))
    for leader, cards in tricks:
        led = cards[0].suit
        for i, card in enumerate(cards[1:], 1):
            if card.suit != led:
                out.setdefault(direction.next(leader, i), set()).add(int(led))
    return out


@pytest.mark.parametrize("name", ["callbreak-strict", "spades", "hearts", "oh-hell"])
def test_a_seat_that_did_not_follow_suit_gets_none_of_it(name: str) -> None:
    """CBS-3.1 (and each family's duty to follow): no world gives a seat a card of a suit
    it failed to follow, and a world that does is refused naming the card played."""
    rng = random.Random(3)
    checked = 0
    for point in range(40):
        _game, view = _random_point(name, 100 + point)
        voids = {s: v for s, v in _voids_shown(view).items() if s not in view.hands}
        if not voids:
            continue
        checked += 1
        for _ in range(3):
            hands = sample_hands(view, rng)
            for seat, suits in voids.items():
                assert not {int(c.suit) for c in hands[seat]} & suits
        # Break it: give a void seat a card of its void suit from another hidden seat.
        hands = {s: list(cs) for s, cs in sample_hands(view, rng).items()}
        seat, suits = next(iter(voids.items()))
        donors = [
            (s, c) for s, cs in hands.items() if s != seat for c in cs if int(c.suit) in suits
        ]
        if not donors or not hands[seat]:
            continue
        donor, card = donors[0]
        swap = hands[seat][0]
        hands[seat][0], hands[donor][hands[donor].index(card)] = card, swap
        assert inconsistency(view, hands) is not None
    assert checked >= 5


def test_minibridge_worlds_hold_the_points_announced() -> None:
    """MB-2.1: every hand is announced; a world gives each hidden hand the points it
    announced (counted with the cards it played), and one that does not is refused."""
    rng = random.Random(5)
    for point in range(10):
        game, view = _random_point("minibridge-ebu", point, rule=True)
        points = view.auction["points"]
        played: dict[int, list[Card]] = {s: [] for s in range(4)}
        direction = game.rules.direction
        for leader, cards, _ in view.tricks:
            for i, card in enumerate(cards):
                played[direction.next(leader, i)].append(card)
        for seat, card in view.trick:
            played[seat].append(card)
        for _ in range(3):
            hands = sample_hands(view, rng)
            for seat, cards in hands.items():
                assert high_card_points(mask_of([*cards, *played[seat]])) == points[seat]
        # dummy (MB-2.4) is in the view: never sampled
        assert view.auction["dummy"] in view.hands
    game, view = _random_point("minibridge-ebu", 1, rule=True)
    hands = {s: list(cs) for s, cs in sample_hands(view, rng).items()}
    a, b = sorted(hands)
    honour = next(c for c in hands[a] if c.rank >= 9)
    low = next(c for c in hands[b] if c.rank < 9)
    hands[a][hands[a].index(honour)], hands[b][hands[b].index(low)] = low, honour
    why = inconsistency(view, hands)
    assert why is not None and "breaks what the auction showed" in why


def test_hearts_worlds_put_the_cards_passed_with_their_receiver() -> None:
    """HE-2.1: once the passing is over, a player knows its receiver holds the cards it
    passed (until played); every world puts them there and the view lists them."""
    rules = cardrules.load("hearts")
    rng = random.Random(2)
    found = 0
    for seed in range(12):
        game = rules.new_game(seed=seed)
        while game.phase == "auction":
            seat = game.controller(game.to_act)
            game.apply(RuleBot().choose(game.view(seat)), seat=seat)
        if game.deal_number != 1 or not game.view(0).known:
            continue  # no passing this deal
        view = game.view(game.to_act)
        known = view.known
        for seat, cards in known.items():
            assert set(cards) <= set(game.hand(seat))
        for _ in range(5):
            hands = sample_hands(view, rng)
            for seat, cards in known.items():
                assert set(cards) <= set(hands[seat])
        seat, cards = next(iter(known.items()))
        other = next(s for s in hands if s != seat)
        bad = {s: list(cs) for s, cs in hands.items()}
        card = cards[0]
        swap = bad[other][0]
        bad[seat][bad[seat].index(card)], bad[other][0] = swap, card
        assert "which it is known to hold" in str(inconsistency(view, bad))
        found += 1
    assert found >= 3


def _where_shown(view: View) -> tuple[set[str], dict[int, set[str]], dict[int, set[str]]]:
    """What ``view``'s auction shows of where cards lie, read as the rules say (Tarok's
    talon turned up, TKO-4.1, TKO-4.2; the skat the declarer took up, SK-5.1, SKO-2.2):
    the cards in no hand, and by seat the cards it holds and those it cannot hold (texts;
    the cards played since left out by the caller)."""
    auction = view.auction
    declarer = auction.get("declarer")
    away: set[str] = set()
    held: dict[int, set[str]] = {}
    barred: dict[int, set[str]] = {}
    play = view.phase != "auction"
    if auction.get("talon") and auction.get("part"):  # the exchange over: the hands moved
        play |= auction.get("laid_away") == len(auction["talon"]) // auction["parts"]
    if auction.get("talon"):  # Tarok, the talon turned up
        talon = list(auction["talon"])
        size = len(talon) // auction["parts"]
        part = auction.get("part") or 0
        taken = set(talon[(part - 1) * size : part * size]) if part else set()
        taroks = set(auction.get("taroks_laid_away", ()))
        if not play:
            away = set(talon)
            held[declarer] = taroks - away  # laid away from the hand dealt
        else:
            away = set(talon) - taken | taroks | set(auction.get("discarded", ()))
            # a tarok or a king of the part taken is laid away only where every seat sees
            held[declarer] = {c for c in taken if c.startswith("T") or c[0] == "K"} - taroks
            barred = {s: taken for s in range(len(view.hand_sizes)) if s != declarer}
    elif "skat" in auction:  # Skat: the declarer's own view, the skat taken up
        play |= auction.get("laid_away") == 2  # (two laid away: the hands moved)
        away = set(auction["discarded"] if play else auction["skat"])
    return away, held, barred


def _moved(view: View) -> bool:
    """Whether ``view`` is of a deal whose auction moved cards by now: Tarok's part of the
    talon taken, Skat's skat taken up (SKO-2.2: declaring takes it)."""
    auction = view.auction
    if "part" in auction:  # Tarok
        return bool(auction["part"])
    if "skat_taken" in auction:  # Skat by the International Skat Order
        return bool(auction["skat_taken"])
    return "passes" in auction and auction["declarer"] is not None  # OpenSpiel's skat


PICKUP_PROFILES = ("skat", "skat-openspiel", "tarok-openspiel", "tarok-openspiel-4", "tarok")


@pytest.mark.parametrize("name", PICKUP_PROFILES)
def test_worlds_after_the_stock_is_taken_up_keep_what_the_auction_showed(name: str) -> None:
    """After the declarer took up the stock (Skat's skat, SKO-2.2, SK-5.1; a part of Tarok's
    talon, TKO-4.1, TKO-4.2), at every step of the auction left and of the play, for every
    seat: the worlds drawn from its view give no hand a card the auction shows in no hand
    (the talon, during the auction; its parts not taken, the taroks laid away and the
    declarer's own cards laid away, during the play; the skat the declarer took, then the
    cards it laid away, in its own view), give the declarer the cards every seat knows it
    holds and no other seat a card of the part taken; and a game made from the view, with
    those worlds and with the real hidden hands, shows that seat the same view."""
    rules = cardrules.load(name)
    rng = random.Random(3)
    moved = 0
    for seed in range(3):
        game = rules.new_game(seed=seed)
        bot = RuleBot()
        while game.to_act is not None and not game.deals:
            for seat in range(rules.players):
                view = game.view(seat)
                if not _moved(view):
                    continue
                moved += 1
                away, held, barred = _where_shown(view)
                played = {str(c) for _, cards, _ in view.tricks for c in cards}
                played |= {str(c) for _, c in view.trick}
                real = _real_hidden(game, view)
                for hands in (real, sample_hands(view, rng)):
                    for s, cards in hands.items():
                        texts = {str(c) for c in cards}
                        assert not texts & away, (name, seed, seat, s)
                        assert held.get(s, set()) - played <= texts, (name, seed, seat, s)
                        assert not texts & barred.get(s, set()), (name, seed, seat, s)
                    made = rules.game_from_view(view, hands, seed=rng.randrange(99))
                    again = made.view(seat)
                    diff = [
                        f.name
                        for f in dataclasses.fields(View)
                        if f.compare and getattr(again, f.name) != getattr(view, f.name)
                    ]
                    assert diff == [], (name, seed, seat, view.phase)
                    if hands is real and view.phase != "auction" and away:
                        # what the view shows tells the hands dealt, and the cards laid away
                        assert made.initial_hands == game.initial_hands
                        assert made.discarded == game.discarded
            mover = game.controller(game.to_act)
            game.apply(bot.choose(game.view(mover)), seat=mover)
    assert moved >= 20, moved


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_a_game_from_a_view_shows_that_seat_the_same_view(name: str) -> None:
    """``rules.game_from_view(view, hands)``: the seat's view of the game made is the view
    it was made from, whatever hidden hands are given (a sampled world, or the real
    ones), and the game plays on to the end."""
    rules = cardrules.load(name)
    rng = random.Random(11)
    for point in range(8):
        game, view = _random_point(name, 200 + point)
        for hands in (_real_hidden(game, view), sample_hands(view, rng)):
            made = rules.game_from_view(view, hands, seed=rng.randrange(99))
            again = made.view(view.seat)
            diff = [
                f.name
                for f in dataclasses.fields(View)
                if f.compare and getattr(again, f.name) != getattr(view, f.name)
            ]
            assert diff == [], (name, point, view.phase)
            assert made.actions == []
            bot = RandomBot(point)
            while made.to_act is not None:
                seat = made.controller(made.to_act)
                made.apply(bot.choose(made.view(seat)), seat=seat)
            assert made.phase == "finished"


def test_game_from_view_with_the_real_hands_plays_on_like_the_game() -> None:
    """The same actions from the same position give the same tricks and deal score."""
    rules = cardrules.load("callbreak-strict")
    for seed in range(5):
        game, view = _random_point("callbreak-strict", 300 + seed, rule=True)
        if view.phase != "play":
            continue
        made = rules.game_from_view(view, _real_hidden(game, view))
        deal = len(game.deals)
        bot = RuleBot()
        while len(game.deals) == deal:
            seat = game.controller(game.to_act)
            action = bot.choose(game.view(seat))
            game.apply(action, seat=seat)
            made.apply(action, seat=seat)
        assert made.deals[-1].tricks == game.deals[-1].tricks
        assert made.deals[-1].scores == game.deals[-1].scores
        assert made.totals == game.totals


def test_game_from_view_during_the_auction_replays_what_the_view_shows() -> None:
    """A call auction (CBS-2.1): the calls made so far are replayed in the game made."""
    rules = cardrules.load("callbreak-strict")
    game = rules.new_game(seed=4)
    game.apply("bid 2")
    game.apply("bid 5")
    view = game.view(game.to_act)
    made = rules.game_from_view(view, sample_hands(view, random.Random(1)))
    assert made.phase == "auction" and made.to_act == game.to_act
    assert made.view(view.seat) == view
    assert [t for _, t in view.auction_actions] == ["bid 2", "bid 5"]


def test_hearts_passes_not_shown_are_chosen_in_the_game_made() -> None:
    """HE-2.1: the cards other players chose to pass are hidden from this seat (the view
    lists those actions without text); the game made chooses some for them."""
    rules = cardrules.load("hearts")
    game = rules.new_game(seed=1)
    while game.phase == "auction" and len(game.view(0).auction_actions) < 5:
        seat = game.controller(game.to_act)
        game.apply(RuleBot().choose(game.view(seat)), seat=seat)
    if game.phase != "auction":
        pytest.skip("no passing in this deal")
    view = game.view(game.to_act)
    texts = [t for _, t in view.auction_actions]
    mine = [t for s, t in view.auction_actions if s == view.seat]
    assert all(t is not None for t in mine)
    assert any(t is None for t in texts)
    for other in range(4):
        if other == view.seat:
            continue
        shown = game.view(other).to_dict().get("auction_actions", [])
        assert all(t is None for s, t in shown if s != other)
    made = rules.game_from_view(view, sample_hands(view, random.Random(3)))
    assert made.view(view.seat) == view


def test_game_from_view_refuses_hands_that_contradict_the_view() -> None:
    """Bad input gets a CardrulesError naming what is wrong; the view is not changed."""
    rules = cardrules.load("callbreak-strict")
    _game, view = _random_point("callbreak-strict", 9)
    hands = {s: list(cs) for s, cs in sample_hands(view, random.Random(1)).items()}
    seats = sorted(hands)
    before = view.to_dict()
    with pytest.raises(CardError, match="seen elsewhere"):
        bad = dict(hands)
        bad[seats[0]] = [view.hand[0], *hands[seats[0]][1:]]
        rules.game_from_view(view, bad)
    with pytest.raises(CardError, match="different cards"):
        rules.game_from_view(view, {**hands, seats[0]: hands[seats[0]][1:]})
    with pytest.raises(CardError, match="no cards for seat"):
        rules.game_from_view(view, {s: hands[s] for s in seats[1:]})
    with pytest.raises(CardError, match="not hidden by the view"):
        rules.game_from_view(view, {**hands, view.seat: list(view.hand)})
    with pytest.raises(CardError, match="invalid hands"):
        rules.game_from_view(view, "AS KS")
    with pytest.raises(CardrulesError, match="invalid view"):
        Game.from_view("not a view", hands)  # type: ignore[arg-type]
    assert view.to_dict() == before
    assert rules.game_from_view(view, hands).view(view.seat) == view


def test_inconsistency_names_each_kind_of_contradiction() -> None:
    _game, view = _random_point("callbreak-strict", 2)
    hands = {s: list(cs) for s, cs in sample_hands(view, random.Random(4)).items()}
    seats = sorted(hands)
    assert "hidden are" in str(inconsistency(view, {seats[0]: hands[seats[0]]}))
    short = {**hands, seats[0]: hands[seats[0]][1:]}
    assert "the view shows" in str(inconsistency(view, short))
    twice = {**hands, seats[1]: [hands[seats[0]][0], *hands[seats[1]][1:]]}
    assert "given to another seat too" in str(inconsistency(view, twice))
    seen = {**hands, seats[0]: [view.hand[0], *hands[seats[0]][1:]]}
    assert "seen elsewhere" in str(inconsistency(view, seen))


def test_sampling_is_reproducible_from_the_random_source() -> None:
    _game, view = _random_point("spades", 4)
    a = sample_hands(view, random.Random(9))
    b = sample_hands(view, random.Random(9))
    assert a == b
    know = knowledge(view)
    masks = sample_masks(know, random.Random(9))
    assert masks is not None
    assert {s: masks[s] for s in know.hidden} == {s: mask_of(cs) for s, cs in a.items()}
    assert "hidden seats" in repr(know)


def test_the_view_lists_the_auction_actions_as_json() -> None:
    """CBS-2.1: calls are public; the view lists each with its seat."""
    rules = cardrules.load("callbreak-strict")
    game = rules.new_game(seed=2)
    first = game.to_act
    game.apply("bid 3")
    assert game.view(0).to_dict()["auction_actions"] == [[first, "bid 3"]]
    assert game.view(0).auction_actions == ((first, "bid 3"),)
