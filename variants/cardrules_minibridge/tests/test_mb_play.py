"""MB-4.1 .. MB-4.6, D-7 and the worked example MB-6.1 / MB-6.2: play with dummy."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import Card, IllegalAction, Play
from cardrules.cards import high_card_points, mask_of
from helpers import MB_EXAMPLE, mb_example_game

MB = "minibridge-ebu"


@pytest.fixture(scope="module")
def rules() -> cardrules.Ruleset:
    return cardrules.load(MB)


def refusal(game: cardrules.Game, action: str, seat: int) -> IllegalAction:
    """The IllegalAction of ``apply(action, seat=seat)``, checking the game did not change."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action, seat=seat)
    assert game.to_json() == before
    return err.value


def finish_deal(game: cardrules.Game, rng: random.Random) -> None:
    number = game.deal_number
    while game.phase != "finished" and game.deal_number == number:
        game.apply(rng.choice(game.legal_actions()))


# -- MB-6: the worked example -----------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_mb_6_1_points_declarer_and_spade_game(rules: cardrules.Ruleset, dealer: int) -> None:
    """MB-6.1: N 12, E 8, S 14, W 6; N/S 26; S declares, N is dummy; 8 spades; spade game of 10."""
    hands = [mask_of(Card.parse(c) for c in h.split()) for h in MB_EXAMPLE]
    assert [high_card_points(h) for h in hands] == [12, 8, 14, 6]
    assert ((hands[0] | hands[2]) >> 39).bit_count() == 8
    game = mb_example_game(rules, dealer)
    public = game.view(1).auction
    assert public["points"] == [12, 8, 14, 6]
    assert public["pairs"] == {"NS": 26, "EW": 14}
    assert (public["declarer"], public["dummy"]) == (2, 0)
    game.apply("contract S game")
    contract = game.contract
    assert contract is not None
    assert (contract.declarer, contract.dummy, contract.strain, contract.goal) == (
        2,
        0,
        "S",
        "game",
    )
    assert contract.target == 10


def test_mb_6_2_dummy_ruffs_the_heart_ace_and_leads_next(rules: cardrules.Ruleset) -> None:
    """MB-6.2 / MB-4.5: W leads A♥, dummy ruffs with 6♠, E 2♥, S 8♥; dummy wins and leads."""
    game = mb_example_game(rules)
    game.apply("contract S game")
    assert game.to_act == 3  # MB-4.1: the defender on declarer's left
    game.apply("play AH", seat=3)
    assert game.to_act == 0 and game.controller(0) == 2  # MB-4.1 / D-7: dummy second
    assert "play 6S" in [str(a) for a in game.legal_actions()]  # MB-4.3: void, may ruff
    game.apply("play 6S", seat=2)
    game.apply("play 2H", seat=1)
    game.apply("play 8H", seat=2)
    trick = game.tricks[-1]
    assert [(s, str(c)) for s, c in trick.cards] == [(3, "AH"), (0, "6S"), (1, "2H"), (2, "8H")]
    assert trick.winner == 0
    assert game.tricks_won == [1, 0, 0, 0]
    assert game.to_act == 0 and game.controller(0) == 2
    assert game.view(2).legal_actions and game.view(0).legal_actions == ()


# -- MB-4: play -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_mb_4_1_left_of_declarer_leads_dummy_second(rules: cardrules.Ruleset, seed: int) -> None:
    """MB-4.1: the defender on declarer's left leads, dummy plays second, then clockwise."""
    game = rules.new_game(seed=seed)
    declarer = game.to_act
    assert declarer is not None
    game.apply(random.Random(seed).choice(game.legal_actions()))
    assert game.contract is not None and game.contract.leader == (declarer + 1) % 4
    order = []
    for _ in range(4):
        order.append(game.to_act)
        game.apply(game.legal_actions()[0])
    assert order == [(declarer + 1) % 4, (declarer + 2) % 4, (declarer + 3) % 4, declarer]
    assert order[1] == game.contract.dummy


def test_mb_4_1_mb_4_2_wrong_seats_through_the_first_two_tricks(rules: cardrules.Ruleset) -> None:
    """MB-4.1 / MB-4.2 / MB-4.5: each turn accepts only its controller; others are refused.

    A defender out of turn breaks MB-4.1 (one card each, clockwise); dummy's
    seat acting, or anyone but declarer acting for dummy, breaks MB-4.2.
    """
    game = mb_example_game(rules)
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
            whose = (
                "seat 0 (N), decided by seat 2 (S)"
                if to_act == 0
                else f"seat {to_act} ({'NESW'[to_act]})"
            )
            head = f"illegal action 'play {card}' by seat {seat} ({'NESW'[seat]})"
            assert str(err) == f"{head}: {err.rule}: it is the turn of {whose}"
        game.apply(f"play {card}", seat=deciding)
    assert [t.winner for t in game.tricks] == [0, 0]  # dummy won both and leads again
    assert game.to_act == 0 and game.controller(0) == 2


def test_mb_4_2_d_7_declarer_decides_for_dummy_only_in_dummys_turn(
    rules: cardrules.Ruleset,
) -> None:
    """MB-4.2 / D-7: on dummy's turn to_act is dummy's seat and the decision is declarer's."""
    game = mb_example_game(rules)
    game.apply("contract S game")
    assert game.controller(0) == 2 and game.controller(2) == 2
    assert game.controller(1) == 1 and game.controller(3) == 3
    game.apply("play AH", seat=3)
    before = game.to_json()
    with pytest.raises(IllegalAction) as exc:
        game.apply("play 6S", seat=0)
    assert str(exc.value) == (
        "illegal action 'play 6S' by seat 0 (N): MB-4.2: "
        "it is the turn of seat 0 (N), decided by seat 2 (S)"
    )
    with pytest.raises(IllegalAction) as exc:
        game.apply("play 8H", seat=2)  # declarer's own card in dummy's turn
    assert (
        str(exc.value) == "illegal action 'play 8H' by seat 0 (N): 8♥ is not in seat 0's hand (N)"
    )
    assert game.to_json() == before
    view = game.view(2)
    assert view.to_act == 0 and view.controller == 2
    assert view.acting_hand == tuple(game.hand(0))
    game.apply("play 6S", seat=2)
    game.apply("play 2H", seat=1)
    with pytest.raises(IllegalAction) as exc:
        game.apply("play 5S", seat=2)  # dummy's card in declarer's own turn
    assert (
        str(exc.value) == "illegal action 'play 5S' by seat 2 (S): 5♠ is not in seat 2's hand (S)"
    )
    game.apply("play 8H", seat=2)


def test_mb_4_3_follow_suit_else_any_card(rules: cardrules.Ruleset) -> None:
    """MB-4.3: follow suit if able; void: discard or trump at will; no duty to win or overtrump."""
    hand = "AS 2S KH 3H 5D"
    assert [str(c) for c in rules.legal_cards(hand, ["QH"], trump="S")] == ["3H", "KH"]
    void = [str(c) for c in rules.legal_cards(hand, ["QC"], trump="S")]
    assert void == ["5D", "3H", "KH", "2S", "AS"]
    assert [str(c) for c in rules.legal_cards(hand, ["QC", "KS"], trump="S")] == void
    assert [str(c) for c in rules.legal_cards(hand, ["10H", "AH"], trump="S")] == ["3H", "KH"]
    assert len(rules.legal_cards(hand, [], trump="S")) == 5
    why = rules.explain(hand, ["QH"], "AS", trump="S")
    assert not why and str(why) == "MB-4.3: hearts were led and you hold 3♥, K♥: must follow suit"


def test_mb_4_3_revoke_refused_and_state_kept(rules: cardrules.Ruleset) -> None:
    """MB-4.3 / MB-5.7: a revoke is refused with the rule, and play continues as before."""
    game = mb_example_game(rules)
    game.apply("contract S game")
    game.apply("play AH")
    game.apply("play 6S")
    before = game.to_json()
    with pytest.raises(IllegalAction) as exc:
        game.apply("play 8S")
    assert str(exc.value) == (
        "illegal action 'play 8S' by seat 1 (E): MB-4.3: hearts were led and you hold "
        "2♥, 3♥, 4♥, ...: must follow suit"
    )
    assert game.to_json() == before


def test_mb_4_4_highest_trump_else_highest_of_led_suit(rules: cardrules.Ruleset) -> None:
    """MB-4.4: the highest trump wins; with none, the highest card of the suit led."""
    assert rules.trick_winner(["AH", "6S", "2H", "8H"], trump="S") == 1
    assert rules.trick_winner(["AH", "6S", "2H", "8H"], trump=None) == 0
    assert rules.trick_winner(["5C", "6S", "QS", "AC"], trump="S") == 2
    assert rules.trick_winner(["5C", "6S", "QS", "AC"], trump="H") == 3
    assert rules.trick_winner(["5C", "AD", "AH", "7C"], trump=None) == 3


def test_mb_4_4_stateless_default_is_no_trump(rules: cardrules.Ruleset) -> None:
    """MB-4.4: the trump is the contract's, so the helpers' default is no-trump; trump= sets it."""
    trick = ["AH", "6S", "2H", "8H"]
    assert rules.trick_winner(trick) == 0
    assert rules.trick_winner(trick, trump=None) == 0
    assert rules.trick_winner(trick, trump="S") == 1
    assert rules.trick_winner(trick, trump="H") == 0
    assert rules.trick_winner(["5C", "6S", "QS", "AC"], trump="S") == 2


@pytest.mark.parametrize("seed", range(10))
def test_mb_4_5_winner_leads_from_the_same_hand(rules: cardrules.Ruleset, seed: int) -> None:
    """MB-4.5: the trick's winner leads next from the hand that won it, dummy included."""
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    game.apply(rng.choice(game.legal_actions()))
    contract = game.contract
    assert contract is not None
    while len(game.tricks) < 12:
        game.apply(rng.choice(game.legal_actions()))
        if not game.trick and game.tricks:
            assert game.to_act == game.tricks[-1].winner
            assert game.controller(game.to_act) == contract.controller(game.to_act)


def test_mb_4_5_dummy_leads_are_chosen_by_declarer(rules: cardrules.Ruleset) -> None:
    """MB-4.5: after dummy wins, dummy's card leads and only declarer may choose it."""
    game = mb_example_game(rules)
    for action in ("contract S game", "play AH", "play 6S", "play 2H", "play 8H"):
        game.apply(action)
    assert game.to_act == 0
    assert [str(a) for a in game.view(2).legal_actions] == [f"play {c}" for c in game.hand(0)]
    game.apply("play AD", seat=2)
    assert game.trick[0] == (0, Card.parse("AD"))


@pytest.mark.parametrize("seed", range(6))
def test_mb_4_6_thirteen_tricks_kept_by_each_player(rules: cardrules.Ruleset, seed: int) -> None:
    """MB-4.6: 13 tricks; each keeps the card they played and whether their pair won it."""
    rules1 = cardrules.load(MB, deals=1)
    game = rules1.new_game(seed=seed)
    rng = random.Random(seed)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.tricks) == 13
    assert sum(game.tricks_won) == 13
    for seat in range(4):
        played = [c for t in game.tricks for s, c in t.cards if s == seat]
        assert sorted(played) == sorted(
            Card.from_index(i) for i in range(52) if game.initial_hands[seat] >> i & 1
        )
        won = sum(1 for t in game.tricks if t.winner % 2 == seat % 2)
        assert won == game.tricks_won[seat] + game.tricks_won[(seat + 2) % 4]
    assert list(game.deals[0].tricks) == game.tricks_won


def test_mb_4_6_played_cards_are_public_in_every_view(rules: cardrules.Ruleset) -> None:
    """MB-4.6: cards played stay on the table for everyone; tricks won count per seat."""
    game = mb_example_game(rules)
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


def test_d_7_views_hold_decisions_for_the_controller_only(rules: cardrules.Ruleset) -> None:
    """D-7: on dummy's turn only declarer's view offers actions; those are dummy's cards."""
    game = mb_example_game(rules)
    game.apply("contract NT partscore")
    game.apply("play AH")
    assert game.to_act == 0
    views = [game.view(s) for s in range(4)]
    assert [bool(v.legal_actions) for v in views] == [False, False, True, False]
    assert {a.card for a in views[2].legal_actions if isinstance(a, Play)} <= set(game.hand(0))


@pytest.mark.parametrize("seed", range(4))
def test_records_replay_exactly_with_dummy_and_redeals(rules: cardrules.Ruleset, seed: int) -> None:
    """D-5 / D-7: a saved session (contracts, dummy's cards, 20-20 redeals) replays exactly."""
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(60, 4 * 53)):
        game.apply(rng.choice(game.legal_actions()))
    copy = cardrules.Game.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    assert [copy.view(s).to_dict() for s in range(4)] == [game.view(s).to_dict() for s in range(4)]


def play_example_to(rules1: cardrules.Ruleset, contract: str, ns_tricks: int) -> cardrules.Game:
    """The MB-6 deal played from the ruffed first trick until N/S take exactly ``ns_tricks``."""
    for attempt in range(3000):
        game = rules1.new_game(seed=6, dealer=0, hands=MB_EXAMPLE)
        for action in (contract, "play AH", "play 6S", "play 2H", "play 8H"):
            game.apply(action)
        rng = random.Random(attempt)
        while game.phase != "finished":
            game.apply(rng.choice(game.legal_actions()))
        if game.deals[0].tricks[0] + game.deals[0].tricks[2] == ns_tricks:
            return game
    raise AssertionError(f"no play-out gave N/S {ns_tricks} tricks")


@pytest.mark.parametrize(
    ("contract", "ns_tricks", "ns", "ew"),
    [
        ("contract S game", 10, 420, 0),
        ("contract S partscore", 10, 170, 0),
        ("contract S game", 9, 0, 50),
    ],
)
def test_mb_6_3_the_example_deal_scored_by_the_game(
    contract: str, ns_tricks: int, ns: int, ew: int
) -> None:
    """MB-6.3: the worked deal played out: 420 for ten tricks in the spade game, 170 in the
    part-score, and 50 to the defence (0 to N/S) when the game takes only nine."""
    game = play_example_to(cardrules.load(MB, deals=1), contract, ns_tricks)
    assert game.deals[0].scores == {"NS": ns, "EW": ew}
    assert game.totals == {"NS": ns, "EW": ew}
    top = game.standings()[0]
    assert (top.side, top.winner) == ("NS" if ns else "EW", True)
