"""Audit of Minibridge (EBU stage) through the public API, filling what tests/test_mb_*.py leave.

How an outsider tests each rule, and where it is proved:

- MB-1.1 .. MB-1.4, D-1 .. D-3: seats, pairs, dealers, cut and deal order:
  test_mb_auction.py (test_mb_1_*); MB-1.5 and MB-2.1 / D-4 from the rule text
  itself (honour values counted here, not by the library): below.
- MB-2.2 / D-5 (20-20 under every dealer, 10/10/10/10 included), MB-2.3 (ties
  under every dealer): test_mb_auction.py; the declarer's control of dummy from
  the moment dummy is known (controller) and the rule ids of refused seats: below.
- MB-2.4 / D-7 views of all four seats before and after the contract, during
  play and at the end: test_mb_views.py; a whole-deal walk per seat role: below.
- MB-2.5, MB-3.1 .. MB-3.3, D-6: test_mb_auction.py; MB-3.4 (advice, not a
  rule: the engine accepts every one of the ten contracts whatever the points): below.
- MB-4.1 .. MB-4.6: test_mb_play.py; wrong seats on every turn of a trick,
  with the rule id each refusal names, and stateless helpers with ``trump=``: below.
- MB-3.5, MB-5.1 .. MB-5.6, MB-6.3, D-8, D-9: test_mb_scoring.py;
  ``rules.score_deal(contract=, declarer=, tricks=)`` for all ten contracts
  from the text, and pair totals summed by hand: below.
- MB-5.7: points are computed by the engine, never announced wrongly; an
  illegal card is refused and the game goes on unchanged: test_mb_play.py.
- MB-6.1 / MB-6.2: test_mb_play.py; MB-6.2 seen from each seat's view: below.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

import cardrules
from cardrules import Game, IllegalAction, Play, Ruleset

MB = "minibridge-ebu"
STRAINS = ("C", "D", "H", "S", "NT")
GOALS = ("partscore", "game")
HONOURS = {"A": 4, "K": 3, "Q": 2, "J": 1}

#: MB-6.1: N 12, E 8, S 14, W 6; S declares, N is dummy; N is void in hearts.
EXAMPLE = [
    "KS 6S 5S 4S AD KD 7D 5D 3D QC 4C 3C 2C",
    "8S 2S QH JH 4H 3H 2H JD 10D AC 9C 8C 6C",
    "AS QS 7S 3S KH 9H 8H QD 9D 8D 4D KC 5C",
    "JS 10S 9S AH 10H 7H 6H 5H 6D 2D JC 10C 7C",
]


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return cardrules.load(MB)


def points_by_text(hand: str) -> int:
    """MB-1.5 as written: A 4, K 3, Q 2, J 1, others 0."""
    return sum(HONOURS.get(card[:-1], 0) for card in hand.split())


def example(rules: Ruleset, dealer: int = 0) -> Game:
    return rules.new_game(seed=6, dealer=dealer, hands=EXAMPLE)


def refusal(game: Game, action: str, seat: int) -> IllegalAction:
    """The IllegalAction of ``apply(action, seat=seat)``, checking the game did not change."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action, seat=seat)
    assert game.to_json() == before
    return err.value


# -- MB-1.5 / MB-2.1 / D-4: points from the text, announced from the dealer --------------


@pytest.mark.parametrize("dealer", range(4))
def test_mb_1_5_mb_2_1_d_4_points_by_the_text_announced_from_the_dealer(
    rules: Ruleset, dealer: int
) -> None:
    """MB-1.5 / MB-2.1 / D-4: each hand's A-4 K-3 Q-2 J-1 count, announced dealer first."""
    game = example(rules, dealer)
    expected = [points_by_text(h) for h in EXAMPLE]
    assert expected == [12, 8, 14, 6] and sum(expected) == 40
    order = [(dealer + i) % 4 for i in range(4)]
    for seat in range(4):
        auction = game.view(seat).auction
        assert auction["points"] == expected
        assert auction["announcements"] == [[s, expected[s]] for s in order]
        assert auction["pairs"] == {"NS": 26, "EW": 14}


# -- MB-2.3 / MB-2.4 / D-7: declarer decides for dummy from the moment it is known ---------


@pytest.mark.parametrize("dealer", range(4))
def test_mb_2_4_d_7_declarer_decides_for_dummy_already_in_the_auction(
    rules: Ruleset, dealer: int
) -> None:
    """MB-2.4 / D-7: dummy never decides: controller(dummy) is declarer before and after."""
    game = example(rules, dealer)
    assert game.phase == "auction" and game.to_act == 2
    assert [game.controller(s) for s in range(4)] == [2, 1, 2, 3]
    game.apply("contract H partscore", seat=2)
    assert [game.controller(s) for s in range(4)] == [2, 1, 2, 3]


@pytest.mark.parametrize("seat", [0, 1, 3])
def test_mb_2_4_only_declarer_chooses_and_the_refusal_names_the_rule(
    rules: Ruleset, seat: int
) -> None:
    """MB-2.4: dummy (0) and the defenders (1, 3) cannot choose; the refusal cites MB-2.4."""
    game = example(rules)
    err = refusal(game, "contract NT partscore", seat)
    assert err.rule == "MB-2.4"
    assert str(err) == (
        f"illegal action 'contract NT partscore' by seat {seat}: MB-2.4: it is the turn of seat 2"
    )
    assert game.view(seat).legal_actions == ()
    assert [str(a) for a in game.view(2).legal_actions] == [
        f"contract {s} {g}" for s in STRAINS for g in GOALS
    ]


# -- MB-3.4: advice, not a rule ------------------------------------------------------------


@pytest.mark.parametrize("contract", [f"contract {s} {g}" for s in STRAINS for g in GOALS])
def test_mb_3_4_advice_only_any_contract_may_be_chosen(rules: Ruleset, contract: str) -> None:
    """MB-3.4 is advice: declarer may choose any of the ten, whatever the points or the fit."""
    game = example(rules)
    game.apply(contract)
    assert game.phase == "play" and game.view(1).auction["contract"] == contract


# -- MB-4.1 / MB-4.2 / MB-4.5: every wrong seat on every turn of a trick ------------------


def test_mb_4_1_mb_4_2_wrong_seats_through_the_first_two_tricks(rules: Ruleset) -> None:
    """MB-4.1 / MB-4.2 / MB-4.5: each turn accepts only its controller; others are refused.

    A defender out of turn breaks MB-4.1 (one card each, clockwise); dummy's
    seat acting, or anyone but declarer acting for dummy, breaks MB-4.2.
    """
    game = example(rules)
    game.apply("contract S game")
    script = ["AH", "6S", "2H", "8H", "AD", "JD", "4D", "2D"]  # MB-6.2, then dummy leads
    for card in script:
        to_act = game.to_act
        assert to_act is not None
        deciding = 2 if to_act == 0 else to_act
        for seat in range(4):
            if seat == deciding:
                continue
            err = refusal(game, f"play {card}", seat)
            dummy_involved = to_act == 0 or seat == 0
            assert err.rule == ("MB-4.2" if dummy_involved else "MB-4.1"), (card, seat)
            whose = "seat 0 (decided by seat 2)" if to_act == 0 else f"seat {to_act}"
            head = f"illegal action 'play {card}' by seat {seat}"
            assert str(err) == f"{head}: {err.rule}: it is the turn of {whose}"
        game.apply(f"play {card}", seat=deciding)
    assert [t.winner for t in game.tricks] == [0, 0]  # dummy won both and leads again
    assert game.to_act == 0 and game.controller(0) == 2


def test_mb_4_2_declarer_plays_own_card_only_in_own_turn(rules: Ruleset) -> None:
    """MB-4.2: in dummy's turn declarer plays dummy's card, not their own (and the reverse)."""
    game = example(rules)
    for action in ("contract NT game", "play AH"):
        game.apply(action)
    err = refusal(game, "play 9H", 2)  # declarer's heart on dummy's turn
    assert str(err) == "illegal action 'play 9H' by seat 0: 9♥ is not in seat 0's hand"
    game.apply("play 2C", seat=2)
    game.apply("play 2H", seat=1)
    err = refusal(game, "play 3C", 2)  # dummy's club on declarer's own turn
    assert str(err) == "illegal action 'play 3C' by seat 2: 3♣ is not in seat 2's hand"


# -- MB-4.3 / MB-4.4 with the stateless helpers ----------------------------------------------


def test_mb_4_4_stateless_default_is_no_trump(rules: Ruleset) -> None:
    """MB-4.4: the trump is the contract's, so the helpers' default is no-trump; trump= sets it."""
    trick = ["AH", "6S", "2H", "8H"]
    assert rules.trick_winner(trick) == 0
    assert rules.trick_winner(trick, trump=None) == 0
    assert rules.trick_winner(trick, trump="S") == 1
    assert rules.trick_winner(trick, trump="H") == 0
    assert rules.trick_winner(["5C", "6S", "QS", "AC"], trump="S") == 2


def test_mb_4_3_void_hand_may_trump_discard_or_underruff(rules: Ruleset) -> None:
    """MB-4.3: void, any card; no duty to overtrump even after an opponent trumped."""
    hand = "2S KS 4D 9D"
    every = ["4D", "9D", "2S", "KS"]
    assert [str(c) for c in rules.legal_cards(hand, ["AH"], trump="S")] == every
    assert [str(c) for c in rules.legal_cards(hand, ["AH", "QS"], trump="S")] == every
    assert [str(c) for c in rules.legal_cards(hand, ["AH", "QS"], trump=None)] == every
    assert [str(c) for c in rules.legal_cards(hand, ["3D"], trump="S")] == ["4D", "9D"]


# -- MB-2.4 / MB-6.2 / D-7: the worked trick seen by each seat ------------------------------


def test_mb_6_2_d_7_each_seat_sees_its_hand_and_dummy_only(rules: Ruleset) -> None:
    """MB-2.4 / D-7: through MB-6.2 every seat sees dummy; only declarer also sees S's cards."""
    game = example(rules)
    hidden_by_seat = {0: {1, 2, 3}, 1: {2, 3}, 2: {1, 3}, 3: {1, 2}}
    for action in ("contract S game", "play AH", "play 6S", "play 2H", "play 8H"):
        for seat, hidden in hidden_by_seat.items():
            view = game.view(seat)
            assert set(view.hands) == {seat, 0}
            shown = {str(c) for cards in view.hands.values() for c in cards}
            for other in hidden:
                assert not shown & {str(c) for c in game.hand(other)}
        game.apply(action)
    assert game.view(2).legal_actions and game.view(2).acting_hand == tuple(game.hand(0))
    assert all(game.view(s).legal_actions == () for s in (0, 1, 3))


# -- MB-5 / D-8 / D-9 through score_deal and the session ------------------------------------


def by_the_text(strain: str, goal: str, tricks: int) -> tuple[int, int]:
    """MB-3.2 and MB-5.1 .. MB-5.4 as written: (declaring pair, defence)."""
    games = {"NT": 9, "H": 10, "S": 10, "C": 11, "D": 11}
    target = 7 if goal == "partscore" else games[strain]
    if tricks < target:
        return 0, 50 * (target - tricks)
    over = tricks - 6
    rate = {"C": 20, "D": 20, "H": 30, "S": 30}
    points = 40 + 30 * (over - 1) if strain == "NT" else rate[strain] * over
    return points + (300 if goal == "game" else 50), 0


@pytest.mark.parametrize("strain", STRAINS)
@pytest.mark.parametrize("goal", GOALS)
@pytest.mark.parametrize("declarer", range(4))
def test_mb_5_d_9_score_deal_contract_strings(
    rules: Ruleset, strain: str, goal: str, declarer: int
) -> None:
    """MB-5.1 .. MB-5.5 / D-9: score_deal(contract="contract NT partscore", ...) by the text."""
    pair, other = ("NS", "EW") if declarer % 2 == 0 else ("EW", "NS")
    for tricks in range(14):
        ours, theirs = by_the_text(strain, goal, tricks)
        got = rules.score_deal(
            contract=f"contract {strain} {goal}", declarer=declarer, tricks=tricks
        )
        assert got == {pair: Decimal(ours), other: Decimal(theirs)}
        assert all(type(v) is Decimal for v in got.values())


@pytest.mark.parametrize("seed", range(3))
def test_mb_5_5_mb_5_6_d_8_totals_are_each_pairs_own_sum(rules: Ruleset, seed: int) -> None:
    """MB-5.5 / MB-5.6 / D-8: totals add each pair's deal scores; standings follow the totals."""
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.deals) == 4
    for side in ("NS", "EW"):
        assert game.totals[side] == sum((d.scores[side] for d in game.deals), Decimal(0))
    ns, ew = game.totals["NS"], game.totals["EW"]
    places = {s.side: (s.place, s.winner) for s in game.standings()}
    if ns == ew:
        assert places == {"NS": (1, True), "EW": (1, True)}
    else:
        best, worst = ("NS", "EW") if ns > ew else ("EW", "NS")
        assert places == {best: (1, True), worst: (2, False)}
    for seat in range(4):
        view = game.view(seat)
        assert view.totals == game.totals and view.phase == "finished"
        assert all(cards == () for cards in view.hands.values())


def test_mb_4_6_played_cards_are_public_in_every_view(rules: Ruleset) -> None:
    """MB-4.6: cards played stay on the table for everyone; tricks won count per seat."""
    game = example(rules)
    for action in ("contract S game", "play AH", "play 6S", "play 2H", "play 8H", "play AD"):
        game.apply(action)
    for seat in range(4):
        view = game.view(seat)
        assert [str(c) for _, c in view.trick] == ["AD"]
        assert [[str(c) for c in cards] for _, cards, _ in view.tricks] == [
            ["AH", "6S", "2H", "8H"]
        ]
        assert view.tricks_won == (1, 0, 0, 0)
    assert isinstance(game.legal_actions()[0], Play)
