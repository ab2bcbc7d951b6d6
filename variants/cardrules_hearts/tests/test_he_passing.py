"""Hearts, sections 1 and 2: table, deal and the passing (HE-1.x, HE-2.x, HE-6.8, D-1 ..
D-4), and OpenSpiel's passing drawn by chance (HEO-1.2, HEO-1.1), through the public API."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import cardrules
import cardrules.rules.actions
from cardrules import Card, Game, Ruleset
from cardrules_hearts import PassCard
from helpers import ALL_CARDS, lowest_legal, names, refused

HEARTS = "hearts"
OPENSPIEL = "hearts-openspiel"

#: D-1: how many seats clockwise a passed card travels (left s+1, right s+3, across s+2).
SHIFT = {"left": 1, "right": 3, "across": 2}
#: HE-2.2: the passing of deals 1 .. 8 (None: no passing).
ROTATION = ["left", "right", "across", None, "left", "right", "across", None]

_CARD = re.compile(r"^(?:10|[2-9TJQKA])[CDHS]$")


def with_options(tmp_path: Path, body: str, base: str = HEARTS) -> Ruleset:
    """The ``base`` rules with ``body`` under ``[options]``."""
    path = tmp_path / "my-hearts.toml"
    path.write_text(
        f'[profile]\nname = "my-hearts"\ntitle = "My hearts"\nextends = "{base}"\n\n'
        f"[options]\n{body}\n",
        encoding="utf-8",
    )
    return cardrules.load(path)


def hands(game: Game) -> list[set[Card]]:
    return [set(game.hand(s)) for s in range(4)]


def pass_all(game: Game, rng: random.Random) -> list[set[Card]]:
    """Every seat passes three cards of its choice (at random); the cards chosen by seat."""
    chosen: list[set[Card]] = [set(), set(), set(), set()]
    while game.phase == "auction":
        seat = game.to_act
        assert seat is not None
        action = rng.choice(game.legal_actions())
        chosen[seat].add(action.card)  # type: ignore[attr-defined]
        game.apply(action)
    return chosen


def finish_deal(game: Game) -> None:
    number = game.deal_number
    while game.phase != "finished" and game.deal_number == number:
        game.apply(lowest_legal(game))


def card_texts(value: Any) -> set[str]:
    """Every card text anywhere in a JSON-ready value (the words of actions included)."""
    if isinstance(value, dict):
        return set().union(*(card_texts(v) for v in [*value.keys(), *value.values()]))
    if isinstance(value, list | tuple):
        return set().union(*(card_texts(v) for v in value))
    if isinstance(value, str):
        return {w for w in value.split() if _CARD.match(w)}
    return set()


# -- section 1: players, cards and deal ---------------------------------------------------


@pytest.mark.parametrize("name", [HEARTS, OPENSPIEL])
def test_he_1_1_he_1_2_four_players_each_for_themselves_thirteen_cards_each(name: str) -> None:
    """HE-1.1, D-1: four seats 0..3, each a side of its own; HE-1.2: the whole pack is
    dealt, thirteen cards each, ace high and two low in every suit; D-2: the same seed
    deals the same cards, and no hand is ever thrown in."""
    rules = cardrules.load(name)
    assert rules.players == 4 and tuple(rules.sides) == (0, 1, 2, 3)
    assert not rules.throw_ins
    for seed in range(5):
        game = rules.new_game(seed=seed)
        dealt = [names(game.hand(s)) for s in range(4)]
        assert [len(h) for h in dealt] == [13] * 4
        assert sorted(c for h in dealt for c in h) == sorted(ALL_CARDS)
        assert [names(rules.new_game(seed=seed).hand(s)) for s in range(4)] == dealt
    for suit in "CDHS":
        assert rules.trick_winner([f"2{suit}", f"A{suit}", f"K{suit}", f"3{suit}"]) == 1
        assert rules.trick_winner([f"3{suit}", f"Q{suit}", f"2{suit}", f"J{suit}"]) == 1


def test_he_1_3_chance_picks_the_first_dealer_and_the_deal_passes_left() -> None:
    """HE-1.3, D-2: chance (the seed) picks the first dealer, each dealer as likely to
    come up; the same seed, the same dealer; after each deal the seat on the dealer's
    left (D-1: s + 1) deals."""
    rules = cardrules.load(HEARTS)
    first = Counter(rules.new_game(seed=s).dealer for s in range(400))
    assert set(first) == {0, 1, 2, 3} and min(first.values()) > 60
    assert all(rules.new_game(seed=s).dealer == rules.new_game(seed=s).dealer for s in range(20))
    game = rules.new_game(seed=7, dealer=2)
    dealers: list[int] = []
    while game.phase != "finished" and len(dealers) < 6:
        dealers.append(game.dealer)
        finish_deal(game)
    assert len(dealers) == 6, "the game ended too early for this check: pick another seed"
    assert dealers == [(2 + i) % 4 for i in range(6)]


# -- section 2: passing -------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "dealer"), [(1, 0), (2, 1), (3, 2), (4, 3)])
def test_he_2_2_the_passing_goes_left_right_across_none_then_left_again(
    seed: int, dealer: int
) -> None:
    """HE-2.2, HE-2.1, D-1: on deal 1 each player's three cards go to the left (s + 1), on
    deal 2 to the right (s + 3), on deal 3 across (s + 2), on deal 4 nothing is passed
    (play starts at once, hands as dealt), on deal 5 to the left again (and so on):
    after the passing each hand is the hand dealt less the three cards passed plus the
    three received."""
    rules = cardrules.load(HEARTS)
    game = rules.new_game(seed=seed, dealer=dealer)
    rng = random.Random(seed)
    for number, passing in enumerate(ROTATION[:6], start=1):
        assert game.phase != "finished", "the game ended too early for this check"
        assert game.deal_number == number
        dealt = hands(game)
        if passing is None:
            assert game.phase == "play"
            assert all(type(a) is cardrules.Play for a in game.legal_actions())
            state = game.state_dict()
            assert state["hands"] == state["dealt"]
        else:
            assert game.phase == "auction"
            chosen = pass_all(game, rng)
            assert [len(c) for c in chosen] == [3, 3, 3, 3]
            shift = SHIFT[passing]
            for seat in range(4):
                giver = (seat - shift) % 4
                assert game.hand(seat) == sorted((dealt[seat] - chosen[seat]) | chosen[giver])
        finish_deal(game)


@pytest.mark.parametrize("dealer", range(4))
def test_he_2_3_passing_goes_in_turn_from_the_dealers_left_three_each(dealer: int) -> None:
    """HE-2.3, HE-2.1: the dealer's left passes first, three cards one at a time, then round
    clockwise to the dealer; twelve cards in all, then the play begins."""
    game = cardrules.load(HEARTS).new_game(seed=10 + dealer, dealer=dealer)
    order = []
    while game.phase == "auction":
        order.append(game.to_act)
        game.apply(game.legal_actions()[0])
    assert order == [(dealer + 1 + i) % 4 for i in range(4) for _ in range(3)]
    assert game.phase == "play"


@pytest.mark.parametrize("seed", range(6))
def test_he_2_3_no_card_is_received_before_every_player_has_passed(seed: int) -> None:
    """HE-2.3: a player chooses their three cards from their own hand as dealt: a later
    passer's choices never include a card passed to them; hands change only once the
    twelfth card has been passed."""
    rules = cardrules.load(HEARTS)
    rng = random.Random(seed)
    game = rules.new_game(seed=seed)
    for _ in range(3):  # deals 1 .. 3: left, right, across
        dealt = hands(game)
        chosen: list[set[Card]] = [set(), set(), set(), set()]
        while game.phase == "auction":
            seat = game.to_act
            assert seat is not None
            offered = {a.card for a in game.legal_actions()}  # type: ignore[attr-defined]
            assert offered == dealt[seat] - chosen[seat]
            assert not offered & set().union(*(chosen[s] for s in range(4) if s != seat))
            assert hands(game) == dealt
            action = rng.choice(game.legal_actions())
            chosen[seat].add(action.card)  # type: ignore[attr-defined]
            game.apply(action)
        assert hands(game) != dealt
        finish_deal(game)


def test_he_2_3_a_pass_out_of_turn_is_refused_and_nothing_changes() -> None:
    """HE-2.3, D-4: while N (the dealer's left) is passing, E passing a card of E's hand is
    refused citing HE-2.3; so is N passing a fourth card once N's three are passed."""
    game = cardrules.load(HEARTS).new_game(seed=21, dealer=3)
    assert game.to_act == 0
    err = refused(game, f"pass {game.hand(1)[0]}", seat=1)
    assert err.rule == "HE-2.3" and err.seat == 1
    assert "turn of seat 0 (N)" in err.reason
    for card in game.hand(0)[:3]:
        game.apply(f"pass {card}", seat=0)
    assert game.to_act == 1
    err = refused(game, f"pass {game.hand(0)[5]}", seat=0)
    assert err.rule == "HE-2.3"


def test_he_2_1_passing_a_card_not_held_or_twice_is_refused() -> None:
    """HE-2.1, D-4: a player may pass only cards they hold, each card once: a card of
    another hand is refused citing HE-2.1, and so is the same card a second time; a card
    played during the passing is refused citing HE-2.1 too; nothing changes."""
    game = cardrules.load(HEARTS).new_game(seed=22, dealer=3)
    other = game.hand(2)[0]
    err = refused(game, f"pass {other}")
    assert err.rule == "HE-2.1" and "not in seat 0's hand" in err.reason
    mine = game.hand(0)[4]
    game.apply(f"pass {mine}")
    err = refused(game, f"pass {mine}")
    assert err.rule == "HE-2.1" and "already" in err.reason
    assert refused(game, f"play {game.hand(0)[0]}").rule == "HE-2.1"
    assert game.view(0).to_dict()["auction"]["chosen"] == [str(mine)]


def test_he_2_1_pass_reads_and_writes_its_text() -> None:
    """HE-2.1: a pass is written ``pass QS``; parse_action reads it back; a pass of no card
    or two cards is not an action."""
    action = cardrules.parse_action("pass QS")
    assert str(action) == "pass QS" and action.card == Card.parse("QS")  # type: ignore[attr-defined]
    assert cardrules.parse_action("PASS 10h") == PassCard(Card.parse("TH"))
    for bad in ("pass QS KS", "pass 1S"):
        with pytest.raises(cardrules.CardrulesError):
            cardrules.parse_action(bad)
    # "pass" alone is another family's action among every installed family's words
    from cardrules.rules.reading import expected_actions

    assert "'pass/x/xx'" in expected_actions()
    assert not isinstance(cardrules.parse_action("pass"), PassCard)
    # a Hearts game reads "pass QS" in its own words, which have no bare "pass"
    words = cardrules.load(HEARTS).vocabulary
    assert words.read("pass QS") == PassCard(Card.parse("QS"))
    with pytest.raises(cardrules.CardrulesError):
        words.read("pass")


def test_he_2_2_no_pass_is_taken_in_a_deal_without_passing() -> None:
    """HE-2.2, D-4: in the fourth deal no card is passed: a pass is refused, nothing
    changes, and the play has begun."""
    rules = cardrules.load(HEARTS)
    game = rules.new_game(seed=1, dealer=0)
    for _ in range(3):
        pass_all(game, random.Random(0))
        finish_deal(game)
    assert game.deal_number == 4 and game.phase == "play"
    refused(game, f"pass {game.hand(game.to_act)[0]}")


def test_he_6_8_pass_cards_off_no_card_is_passed_in_any_deal(tmp_path: Path) -> None:
    """HE-6.8: with pass_cards off there is no passing in any deal: the play begins at once
    and each hand is the hand dealt."""
    rules = with_options(tmp_path, "pass_cards = false")
    game = rules.new_game(seed=3, dealer=1)
    assert hands(game) == hands(cardrules.load(HEARTS).new_game(seed=3, dealer=1))
    for number in range(1, 5):
        assert game.deal_number == number and game.phase == "play"
        assert all(type(a) is cardrules.Play for a in game.legal_actions())
        state = game.state_dict()
        assert state["hands"] == state["dealt"]
        finish_deal(game)


# -- D-3: hidden information --------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_he_d3_a_view_shows_own_passes_only_and_received_cards_after_all_passed(
    seed: int,
) -> None:
    """D-3: during the passing a seat's view holds its own hand and its own chosen cards,
    never a card another seat chose or holds; how many cards each seat has passed is
    public; once all have passed (not before) the view shows the cards passed to it (by
    the seat whose cards reach it, D-1) and no other seat's hand."""
    rules = cardrules.load(HEARTS)
    rng = random.Random(seed)
    game = rules.new_game(seed=seed)
    for passing in ROTATION[:3]:
        assert passing is not None
        shift = SHIFT[passing]
        dealt = hands(game)
        chosen: list[set[Card]] = [set(), set(), set(), set()]
        while game.phase == "auction":
            for seat in range(4):
                view = game.view(seat).to_dict()
                seen = card_texts(view)
                assert seen <= {str(c) for c in dealt[seat]}
                for other in range(4):
                    if other != seat:
                        assert not seen & {str(c) for c in chosen[other]}
                auction = view["auction"]
                assert sorted(auction["chosen"]) == sorted(str(c) for c in chosen[seat])
                assert "received" not in auction
                assert auction["passed"] == [len(c) for c in chosen]
                assert auction["passing_to"] == (seat + shift) % 4
            passer = game.to_act
            assert passer is not None
            action = rng.choice(game.legal_actions())
            chosen[passer].add(action.card)  # type: ignore[attr-defined]
            game.apply(action)
        for seat in range(4):
            view = game.view(seat).to_dict()
            giver = (seat - shift) % 4
            auction = view["auction"]
            assert sorted(auction["received"]) == sorted(str(c) for c in chosen[giver])
            assert sorted(auction["chosen"]) == sorted(str(c) for c in chosen[seat])
            assert set(view["hands"]) == {str(seat)}
            assert card_texts(view) <= {str(c) for c in dealt[seat] | chosen[giver]}
            json.dumps(view)
        finish_deal(game)


# -- OpenSpiel: one deal, the passing drawn by chance ---------------------------------------


def _passing_seen(game: Game) -> str | None:
    """Which way the cards of the deal went, found by passing and looking at the hands."""
    if game.phase == "play":
        return None
    dealt = hands(game)
    chosen = pass_all(game, random.Random(0))
    for name, shift in SHIFT.items():
        if all(chosen[(s - shift) % 4] <= set(game.hand(s)) for s in range(4)):
            assert all(not chosen[s] & set(game.hand(s)) for s in range(4))
            assert all(len(set(game.hand(s)) - dealt[s]) == 3 for s in range(4))
            return name
    raise AssertionError("the cards passed went nowhere the rules name")


def test_heo_1_2_the_passing_is_drawn_by_chance_each_way_as_likely() -> None:
    """HEO-1.2: in hearts-openspiel the passing of the deal is drawn from the seed: no
    passing, left, across and right all come up, each about as often, whatever the
    dealer (no rotation: deal 1 need not pass left); the same seed draws the same."""
    rules = cardrules.load(OPENSPIEL)
    seen = Counter(_passing_seen(rules.new_game(seed=s, dealer=3)) for s in range(400))
    assert set(seen) == {None, "left", "across", "right"}
    assert all(60 <= n <= 140 for n in seen.values()), seen
    for seed in range(12):
        again = [_passing_seen(rules.new_game(seed=seed, dealer=d)) for d in (3, 3)]
        assert again[0] == again[1]


def test_heo_1_2_pass_cards_off_no_passing_in_the_openspiel_profile(tmp_path: Path) -> None:
    """HEO-1.2, HE-6.8: with pass_cards off, no deal of hearts-openspiel passes cards."""
    rules = with_options(tmp_path, "pass_cards = false", base=OPENSPIEL)
    assert all(rules.new_game(seed=s).phase == "play" for s in range(40))


def test_heo_1_1_north_passes_first_when_west_deals() -> None:
    """HEO-1.1, HE-2.3: with West (seat 3) dealing, North (seat 0) passes first."""
    rules = cardrules.load(OPENSPIEL)
    passing = [rules.new_game(seed=s, dealer=3) for s in range(12)]
    passing = [g for g in passing if g.phase == "auction"]
    assert passing and all(g.to_act == 0 for g in passing)
