"""The app rules (``callbreak-app``): APP-1 .. APP-4, APP-6 and the decisions D-1 .. D-4, D-6, D-9.

Throw-ins (APP-1.2, D-5) are in ``test_app_throw_ins.py``, the house rules
(APP-5, D-7, D-8) in ``test_app_house_rules.py``.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import Card, Game, IllegalAction, Ruleset, Suit
from helpers import (
    APP,
    beats_winner,
    calls_for_totals,
    check_whole_game,
    derived,
    hands_for,
    names,
    play_deal,
    play_out,
    play_with_calls,
    seat_after,
    tricks_by_deal,
)

# -- APP-1: table --------------------------------------------------------------


def test_app_1_1_four_players_thirteen_cards_spades_trump(app: Ruleset) -> None:
    """APP-1.1: four players each for themselves, 13 cards each, ace high, spades always trump."""
    assert app.sides == (0, 1, 2, 3)
    assert not app.partnership
    assert app.trump == cardrules.Suit.S
    game = app.new_game(seed=6)
    hands = [set(names(game.hand(s))) for s in range(4)]
    assert [len(h) for h in hands] == [13, 13, 13, 13]
    assert len(set().union(*hands)) == 52
    assert app.trick_winner(["2H", "AH", "KH", "QH"]) == 1
    assert app.trick_winner(["AH", "KH", "2S", "QH"]) == 2
    game = play_out(game)
    assert all(sum(d.tricks) == 13 for d in game.deals)


# -- APP-2: calls --------------------------------------------------------------


def test_app_2_1_calls_are_1_to_8(app: Ruleset) -> None:
    """APP-2.1: each player calls from 1 to 8 tricks."""
    game = app.new_game(seed=2, dealer=0)
    assert names(game.legal_actions()) == [f"bid {n}" for n in range(1, 9)]
    before = game.to_json()
    for bad in (0, 9, 13):
        with pytest.raises(IllegalAction) as err:
            game.apply(f"bid {bad}")
        assert str(err.value) == (
            f"illegal action 'bid {bad}' by seat 3 (W): APP-2.1: a call must be 1 to 8 tricks "
            f"(got {bad})"
        )
        assert game.to_json() == before
    game.apply("bid 1")
    game.apply("bid 8")
    assert game.auction.public()["calls"][3] == 1
    assert game.auction.public()["calls"][2] == 8


@pytest.mark.parametrize("dealer", range(4))
def test_app_d1_calls_from_dealers_right_and_first_caller_leads(app: Ruleset, dealer: int) -> None:
    """D-1 / APP-3.1: counter-clockwise from the dealer's right; the first caller leads trick 1."""
    game = app.new_game(seed=30, dealer=dealer)
    callers = []
    while game.phase == "auction":
        callers.append(game.to_act)
        game.apply("bid 2")
    assert callers == [seat_after(dealer, k) for k in (1, 2, 3, 0)]
    assert game.to_act == callers[0]
    assert app.direction.name == "counterclockwise"


def test_app_d1_dealer_passes_to_the_right(app: Ruleset) -> None:
    """D-1: the deal passes to the right, as in callbreak-strict D-2."""
    game = play_out(app.new_game(seed=12, dealer=2))
    assert [d.dealer for d in game.deals] == [seat_after(2, k) for k in range(5)]


@pytest.mark.parametrize("dealer", range(4))
def test_app_d_1_clockwise_is_one_line_of_a_derived_profile(tmp_path: Path, dealer: int) -> None:
    """APP D-1: ``direction = "clockwise"`` turns calls, play and the deal round the other way."""
    rules = cardrules.load(derived(tmp_path, '[deal]\ndirection = "clockwise"\n'))
    game = rules.new_game(seed=6, dealer=dealer)
    callers = []
    while game.phase == "auction":
        callers.append(game.to_act)
        game.apply("bid 2")
    assert callers == [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    leader = (dealer + 1) % 4
    order = []
    for _ in range(4):
        order.append(game.to_act)
        game.apply(game.legal_actions()[0])
    assert order == [(leader + k) % 4 for k in range(4)]
    play_deal(game)
    assert (game.deal_number, game.dealer) == (2, (dealer + 1) % 4)
    # The counter-clockwise app itself goes the other way.
    assert cardrules.load(APP).new_game(seed=6, dealer=dealer).to_act == seat_after(dealer)


# -- APP-3: play ---------------------------------------------------------------


def test_app_3_1_d2_first_lead_any_card_spades_included(app: Ruleset) -> None:
    """APP-3.1 / D-2: the first trick may be led with any card, a spade included."""
    hand = "AS 2S 3H 4D 5C"
    assert names(app.legal_cards(hand, [], first_trick=True)) == ["5C", "4D", "3H", "2S", "AS"]
    hands = hands_for(
        1,
        [
            "AS KS QS 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C",
            "JS 10S 9S 6H 7H 8H 5D 6D 7D 5C 6C 7C 8C",
            "8S 7S 6S 9H 10H JH 8D 9D 10D 9C 10C JC QC",
            "5S 4S 3S 2S QH KH AH JD QD KD AD KC AC",
        ],
    )
    game = app.new_game(seed=1, dealer=1, hands=hands)
    for _ in range(4):
        game.apply("bid 1")
    assert game.first_trick and game.to_act == seat_after(1)
    game.apply("play KS")
    assert names(c for _, c in game.trick) == ["KS"]


def test_app_3_2_follow_suit(app: Ruleset) -> None:
    """APP-3.2: follow the led suit."""
    assert names(app.legal_cards("AH 3H 2S KD", ["7H", "9H"])) == ["AH"]
    assert names(app.legal_cards("4H 3H 2S KD", ["7H", "9H"])) == ["3H", "4H"]
    why = app.explain("4H 3H 2S KD", ["7H"], "2S")
    assert str(why) == "APP-3.2: hearts were led and you hold 3♥, 4♥: must follow suit"


def test_app_3_2_d3_beat_the_winning_card_if_able(app: Ruleset) -> None:
    """APP-3.2 / D-3: following suit, beat the winning card if you can: on 7♥ with A♥ 3♥, A♥."""
    assert names(app.legal_cards("AH 3H 2S KD", ["7H"])) == ["AH"]
    assert names(app.legal_cards("AH QH 3H", ["7H", "JH"])) == ["QH", "AH"]
    why = app.explain("AH 3H 2S KD", ["7H"], "3H")
    assert str(why) == "APP-3.2: holding A♥, which beats 7♥: must win the trick"


def test_app_d3_beat_also_on_a_spade_lead(app: Ruleset) -> None:
    """D-3: the duty to beat holds on a spade lead too."""
    assert names(app.legal_cards("AS 3S KD", ["7S"])) == ["AS"]
    assert names(app.legal_cards("AS 3S KD", ["7S", "QS"])) == ["AS"]
    assert names(app.legal_cards("4S 3S KD", ["7S", "QS"])) == ["3S", "4S"]


def test_app_d3_after_the_trick_is_trumped_any_card_of_the_led_suit(app: Ruleset) -> None:
    """D-3: once the trick is trumped a card of the led suit cannot win: any card of it."""
    assert names(app.legal_cards("AH 3H 2S", ["7H", "2S"])) == ["3H", "AH"]


def test_app_3_3_d4_void_spade_is_compulsory(app: Ruleset) -> None:
    """APP-3.3 / D-4: without the led suit a spade is compulsory if held."""
    assert names(app.legal_cards("2S 9S KD 4C", ["7H"])) == ["2S", "9S"]
    why = app.explain("2S 9S KD 4C", ["7H"], "KD")
    assert str(why) == "APP-3.3: void in hearts and holding 2♠: must trump"


def test_app_3_3_d4_void_higher_spade_if_held(app: Ruleset) -> None:
    """APP-3.3 / D-4: a spade higher than the highest spade in the trick, if held."""
    assert names(app.legal_cards("2S QS KD", ["7H", "9S"])) == ["QS"]
    assert names(app.legal_cards("10S QS AS KD", ["7H", "9S", "JS"])) == ["QS", "AS"]
    why = app.explain("2S QS KD", ["7H", "9S"], "2S")
    assert str(why) == "APP-3.3: void in hearts and holding Q♠, which beats 9♠: must overtrump"


def test_app_d4_only_lower_spades_a_lower_spade(app: Ruleset) -> None:
    """D-4: with only lower spades, a lower spade (no free discard in the default reading)."""
    assert names(app.legal_cards("2S 5S KD 4C", ["7H", "9S"])) == ["2S", "5S"]
    why = app.explain("2S 5S KD 4C", ["7H", "9S"], "KD")
    assert str(why) == "APP-3.3: void in hearts and holding 2♠: must trump"


def test_app_3_3_no_led_suit_no_spade_any_card(app: Ruleset) -> None:
    """APP-3.3: a player with neither the led suit nor a spade may play any card."""
    assert names(app.legal_cards("KD 4C 2D", ["7H", "9S"])) == ["4C", "2D", "KD"]


def test_app_3_4_highest_spade_wins_and_winner_leads(app: Ruleset) -> None:
    """APP-3.4: the highest spade wins; with none, the highest of the led suit; the winner leads."""
    assert app.trick_winner(["7H", "2S", "AH", "3S"]) == 3
    assert app.trick_winner(["7H", "KD", "AH", "9H"]) == 2
    game = app.new_game(seed=44, dealer=3)
    play_deal(game)  # finishes deal 1, then deal 2 starts
    assert game.deal_number == 2
    tricks = game.deals[0].tricks
    assert sum(tricks) == 13


def test_app_3_4_winner_leads_next_in_play(app: Ruleset) -> None:
    """APP-3.4: the winner of each trick leads to the next."""
    game = app.new_game(seed=45, dealer=0)
    for _ in range(4):
        game.apply("bid 1")
    for _ in range(6):
        for _ in range(4):
            game.apply(game.legal_actions()[0])
        last = game.last_trick
        assert last is not None
        assert (
            game.to_act
            == last.winner
            == last.cards[app.trick_winner([c for _, c in last.cards])][0]
        )


def app_legal(hand: list[Card], trick: list[Card], first_trick: bool) -> set[Card]:
    """APP-3.1 .. APP-3.3 with D-2 .. D-4: beat if able; void, a spade (a higher one if held)."""
    if not trick:
        return set(hand)  # APP-3.1 / D-2
    beats = beats_winner(trick)
    same = [c for c in hand if c.suit == trick[0].suit]
    if same:
        return {c for c in same if beats(c)} or set(same)  # APP-3.2 / D-3
    spades = [c for c in hand if c.suit == Suit.S]
    if spades:
        return {c for c in spades if beats(c)} or set(spades)  # APP-3.3 / D-4
    return set(hand)


@pytest.mark.parametrize("seed", [5, 8])
def test_app_3_1_to_3_4_d_2_to_d_4_every_card_of_whole_games(app: Ruleset, seed: int) -> None:
    """APP-3.1 .. APP-3.4 / D-2 .. D-4: at every card the game allows exactly the text's cards."""
    assert check_whole_game(app, seed, app_legal, {"APP-3.2", "APP-3.3"}) == 5 * 52


def test_app_3_5_d6_five_rounds(app: Ruleset) -> None:
    """APP-3.5 / D-6: after 13 tricks the round is scored; five rounds by default."""
    assert app.deals == 5
    game = play_out(app.new_game(seed=8))
    assert len(game.deals) == 5
    assert all(sum(d.tricks) == 13 for d in game.deals)
    assert game.over is not None and game.over.rule == "APP-3.5"


def test_app_3_5_d6_three_rounds_is_the_other_choice(app: Ruleset) -> None:
    """APP-3.5 / D-6: three rounds is the other allowed choice; four is not."""
    three = cardrules.load(APP, deals=3)
    game = play_out(three.new_game(seed=8))
    assert len(game.deals) == 3
    restored = cardrules.Game.from_json(game.to_json())
    assert restored.rules.deals == 3 and len(restored.deals) == 3
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load(APP, deals=4)
    assert str(err.value) == (
        "invalid profile 'callbreak-app' (as loaded):\n"
        "  deals (APP-3.5) -> must be one of 3, 5 under these rules (got 4)"
    )


@pytest.mark.parametrize("deals", [3, 5])
def test_app_3_5_d_6_game_ends_after_exactly_the_chosen_rounds(deals: int) -> None:
    """APP-3.5 / D-6: ``load(..., deals=3)`` plays exactly three rounds, the default five."""
    rules = cardrules.load(APP, deals=deals) if deals == 3 else cardrules.load(APP)
    assert rules.deals == deals
    game = rules.new_game(seed=15, dealer=1)
    for number in range(1, deals):
        play_deal(game)
        assert (game.phase, game.deal_number) == ("auction", number + 1)
    play_deal(game)
    assert (game.phase, len(game.deals), game.deal_number) == ("finished", deals, deals)
    assert [d.dealer for d in game.deals] == [seat_after(1, k) for k in range(deals)]
    assert game.over is not None and game.over.rule == "APP-3.5"
    restored = Game.from_json(game.to_json())
    assert restored.rules.deals == deals and restored.to_json() == game.to_json()


# -- APP-4: scoring ------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "took", "tenths"),
    [(4, 6, 42), (4, 4, 40), (4, 13, 49), (4, 3, -40), (4, 0, -40), (1, 1, 10), (8, 7, -80)],
)
def test_app_4_1_4_2_call_plus_tenths_or_minus_call(
    app: Ruleset, call: int, took: int, tenths: int
) -> None:
    """APP-4.1 / APP-4.2: the call plus 0.1 per extra trick when made, else minus the call."""
    score = app.score_calls([call, 1, 1, 1], [took, 13 - took, 0, 0])[0]
    assert score == Decimal(tenths) / 10
    assert isinstance(score, Decimal)
    assert score == Decimal(call) + Decimal(took - call) / 10 if took >= call else -Decimal(call)


def test_app_4_1_example_call_4_take_6_scores_4_2(app: Ruleset) -> None:
    """APP-4.1 / APP-4.2: the seed's examples, printed exactly."""
    scores = app.score_calls([4, 4, 2, 1], [6, 3, 2, 2])
    assert [str(scores[s]) for s in range(4)] == ["4.2", "-4.0", "2.0", "1.1"]


def test_app_4_3_d9_highest_total_wins_ties_share(app: Ruleset) -> None:
    """APP-4.3 / D-9: after the last round the highest total wins; equal totals share a place."""
    game = play_out(app.new_game(seed=13))
    top = max(game.totals.values())
    assert {s.side for s in game.standings() if s.winner} == {
        s for s, v in game.totals.items() if v == top
    }
    game.totals = {0: Decimal("5.2"), 1: Decimal("-0.3"), 2: Decimal("5.2"), 3: Decimal("1.0")}
    table = [(s.place, s.side, s.winner) for s in game.standings()]
    assert table == [(1, 0, True), (1, 2, True), (3, 3, False), (4, 1, False)]


def test_app_d_9_competition_ranking_from_real_play(app: Ruleset) -> None:
    """APP D-9 / CBS D-7: totals 5.2, 5.2, 1.0, -0.3 reached in play rank 1, 1, 3, 4."""
    wanted = [Decimal("5.2"), Decimal("1.0"), Decimal("-0.3"), Decimal("5.2")]
    for seed in range(60):
        calls = calls_for_totals(tricks_by_deal(app, seed, 1), wanted, low=1, high=8)
        if calls is not None:
            break
    else:  # pragma: no cover
        raise AssertionError("no seed reaches the totals")
    game = play_with_calls(app, seed, 1, calls)
    assert [game.totals[s] for s in range(4)] == wanted
    table = [(s.place, s.side, s.total, s.winner) for s in game.standings()]
    assert table == [
        (1, 0, Decimal("5.2"), True),
        (1, 3, Decimal("5.2"), True),
        (3, 1, Decimal("1.0"), False),
        (4, 2, Decimal("-0.3"), False),
    ]


# -- APP-6: computer players see only their own cards --------------------------


def _strings(value: object) -> set[str]:
    """Every string inside a JSON-like value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return set().union(set(), *(_strings(v) for v in value))
    return set()


def test_app_6_1_each_seat_sees_only_its_own_cards(app: Ruleset) -> None:
    """APP-6.1: computer players see only their own cards, in the view and in its JSON."""
    game = app.new_game(seed=21)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    for seat in range(4):
        view = game.view(seat)
        assert set(view.hands) == {seat}
        assert names(view.hand) == names(game.hand(seat))
        seen = _strings(json.loads(view.to_json()))
        for other in range(4):
            if other != seat:
                assert not set(names(game.hand(other))) & seen, (seat, other)
        assert set(names(game.hand(seat))) <= seen
