"""Classic Call Bridge (``callbridge-classic``): CBC-1 .. CBC-5 and its decisions D-1 .. D-6."""

from __future__ import annotations

from decimal import Decimal

import pytest

import cardrules
from cardrules import Card, IllegalAction, Ruleset
from helpers import (
    beats_winner,
    check_whole_game,
    hands_for,
    names,
    play_deal,
    play_out,
    seat_after,
)

CBC = "callbridge-classic"


# -- CBC-1: cards ------------------------------------------------------------


def test_cbc_1_1_ranks_and_spades_are_permanent_trumps(cbc: Ruleset) -> None:
    """CBC-1.1: A K Q J 10 .. 2 in every suit; spades are permanent trumps."""
    assert cbc.trump == cardrules.Suit.S
    assert cbc.trick_winner(["KH", "AH", "10H", "JH"]) == 1
    assert cbc.trick_winner(["2H", "3H", "10H", "JH"]) == 3
    assert cbc.trick_winner(["AH", "KH", "2S", "QH"]) == 2
    assert cbc.trick_winner(["AD", "2S", "3S", "KD"]) == 2
    assert cbc.trick_winner(["9C", "AH", "AD", "10C"]) == 3
    assert cbc.profile.sides == "individual" and cbc.sides == (0, 1, 2, 3)


# -- CBC-2: calls --------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_cbc_2_1_d1_calls_from_dealers_right_counter_clockwise_ending_with_dealer(
    cbc: Ruleset, dealer: int
) -> None:
    """CBC-2.1 / D-1: calls go D+3, D+2, D+1 and end with the dealer D."""
    game = cbc.new_game(seed=11, dealer=dealer)
    callers = []
    while game.phase == "auction":
        callers.append(game.to_act)
        game.apply("bid 2")
    assert callers == [seat_after(dealer, k) for k in (1, 2, 3, 0)]
    assert callers[-1] == dealer


def test_cbc_2_1_call_of_one_is_refused(cbc: Ruleset) -> None:
    """CBC-2.1: a call is at least 2; a call of 1 is refused and the game is unchanged."""
    game = cbc.new_game(seed=3, dealer=0)
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply("bid 1")
    assert str(err.value) == (
        "illegal action 'bid 1' by seat 3 (W): CBC-2.1: a call must be 2 to 13 tricks (got 1)"
    )
    assert err.value.rule == "CBC-2.1"
    assert game.to_json() == before


def test_cbc_d2_calls_are_2_to_13(cbc: Ruleset) -> None:
    """D-2: calls 2..13; "maximum reasonable call 12" is advice, so 13 is allowed."""
    game = cbc.new_game(seed=4, dealer=1)
    assert names(game.legal_actions()) == [f"bid {n}" for n in range(2, 14)]
    game.apply("bid 13")
    assert game.auction.public()["calls"][seat_after(1)] == 13
    with pytest.raises(IllegalAction, match=r"CBC-2\.1: a call must be 2 to 13 tricks \(got 14\)"):
        game.apply("bid 14")


# -- CBC-3: play ---------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_cbc_3_1_dealers_right_leads_then_the_winner_leads(cbc: Ruleset, dealer: int) -> None:
    """CBC-3.1 / D-1: the player on the dealer's right leads first; each winner leads next."""
    game = cbc.new_game(seed=17, dealer=dealer)
    for _ in range(4):
        game.apply("bid 2")
    assert game.phase == "play"
    assert game.to_act == seat_after(dealer)
    for _ in range(3):
        for _ in range(4):
            game.apply(game.legal_actions()[0])
        last = game.last_trick
        assert last is not None
        assert game.to_act == last.winner


def test_cbc_3_2_d3_any_card_may_be_led_spades_included_at_trick_one(cbc: Ruleset) -> None:
    """CBC-3.2 / D-3: any card may be led, a spade even in the first trick with other suits held."""
    hand = "AS 2S 3H 4D 5C"
    assert names(cbc.legal_cards(hand, [], first_trick=True)) == ["5C", "4D", "3H", "2S", "AS"]
    dealer = 0
    hands = hands_for(
        dealer,
        [
            "AS KS QS 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C",
            "JS 10S 9S 6H 7H 8H 5D 6D 7D 5C 6C 7C 8C",
            "8S 7S 6S 9H 10H JH 8D 9D 10D 9C 10C JC QC",
            "5S 4S 3S 2S QH KH AH JD QD KD AD KC AC",
        ],
    )
    game = cbc.new_game(seed=1, dealer=dealer, hands=hands)
    for _ in range(4):
        game.apply("bid 2")
    game.apply("play AS")
    assert names(c for _, c in game.trick) == ["AS"]


def test_cbc_3_2_follow_suit_if_able(cbc: Ruleset) -> None:
    """CBC-3.2: the others must follow suit if able."""
    assert names(cbc.legal_cards("AH 3H 2S KD", ["7H"])) == ["3H", "AH"]
    why = cbc.explain("AH 3H 2S KD", ["7H"], "2S")
    assert not why
    assert str(why) == "CBC-3.2: hearts were led and you hold 3♥, A♥: must follow suit"


def test_cbc_3_3_no_duty_to_head_when_following(cbc: Ruleset) -> None:
    """CBC-3.3: a follower may play under the winning card: holding A♥ and 3♥ on 7♥, either."""
    assert names(cbc.legal_cards("AH 3H 2S KD", ["7H"])) == ["3H", "AH"]
    assert cbc.explain("AH 3H 2S KD", ["7H"], "3H")
    assert names(cbc.legal_cards("AH 3H", ["7H", "KH"])) == ["3H", "AH"]


def test_cbc_3_3_spade_lead_higher_or_lower_spade_as_they_like(cbc: Ruleset) -> None:
    """CBC-3.3: this holds when spades are led too: a higher or a lower spade as they like."""
    assert names(cbc.legal_cards("AS 3S KD", ["7S"])) == ["3S", "AS"]
    assert names(cbc.legal_cards("AS 3S KD", ["7S", "QS"])) == ["3S", "AS"]


def test_cbc_3_4_d4_void_with_no_spade_in_trick_must_play_a_spade(cbc: Ruleset) -> None:
    """CBC-3.4 / D-4: void in the led suit, no spade in the trick yet: any spade is compulsory."""
    assert names(cbc.legal_cards("2S 9S KD 4C", ["7H"])) == ["2S", "9S"]
    assert names(cbc.legal_cards("2S KD", ["7H", "AH"])) == ["2S"]
    why = cbc.explain("2S 9S KD 4C", ["7H"], "KD")
    assert str(why) == "CBC-3.4: void in hearts and holding 2♠, which beats 7♥: must trump"


def test_cbc_3_4_d4_void_must_overtrump_if_able(cbc: Ruleset) -> None:
    """CBC-3.4 / D-4: with a spade in the trick, a higher spade than the highest is compulsory."""
    assert names(cbc.legal_cards("2S QS KD", ["7H", "9S"])) == ["QS"]
    assert names(cbc.legal_cards("10S QS KD", ["7H", "9S", "JS"])) == ["QS"]
    why = cbc.explain("2S QS KD", ["7H", "9S"], "2S")
    assert str(why) == "CBC-3.4: void in hearts and holding Q♠, which beats 9♠: must overtrump"


def test_cbc_3_4_d4_only_lower_spades_may_waste_one_or_discard(cbc: Ruleset) -> None:
    """CBC-3.4 / D-4: with only lower spades, "waste" one of them or discard another suit."""
    assert names(cbc.legal_cards("2S 5S KD 4C", ["7H", "9S"])) == ["4C", "KD", "2S", "5S"]
    assert names(cbc.legal_cards("2S 10S KD", ["7H", "9S", "JS"])) == ["KD", "2S", "10S"]


def test_cbc_3_5_no_led_suit_and_no_spade_any_card(cbc: Ruleset) -> None:
    """CBC-3.5: without the led suit and without a spade high enough, any card may be played."""
    assert names(cbc.legal_cards("KD 4C 2D", ["7H"])) == ["4C", "2D", "KD"]
    assert names(cbc.legal_cards("KD 4C", ["7S", "AS"])) == ["4C", "KD"]


def test_cbc_3_6_highest_spade_else_highest_of_led_suit(cbc: Ruleset) -> None:
    """CBC-3.6: the highest spade wins the trick; otherwise the highest card of the suit led."""
    assert cbc.trick_winner(["7H", "2S", "AH", "3S"]) == 3
    assert cbc.trick_winner(["7H", "KD", "AH", "9H"]) == 2
    assert cbc.trick_winner(["7D", "AC", "AH", "AS"]) == 3
    assert cbc.trick_winner(["7D", "AC", "AH", "8D"]) == 3


def classic_legal(hand: list[Card], trick: list[Card], first_trick: bool) -> set[Card]:
    """CBC-3.2 .. CBC-3.5 with D-3, D-4: no duty to head; void, a winning spade or anything."""
    if not trick:
        return set(hand)  # CBC-3.2 / D-3: any card, spades included, even in trick 1
    same = [c for c in hand if c.suit == trick[0].suit]
    if same:
        return set(same)  # CBC-3.2 / CBC-3.3: any card of the suit led
    winners = {c for c in hand if beats_winner(trick)(c)}
    return winners or set(hand)  # CBC-3.4 / D-4, else CBC-3.5


@pytest.mark.parametrize("seed", [3, 11])
def test_cbc_3_2_to_3_6_d_3_d_4_every_card_of_whole_games(cbc: Ruleset, seed: int) -> None:
    """CBC-3.2 .. CBC-3.6 / D-3 / D-4: at every card the game allows exactly the text's cards."""
    assert check_whole_game(cbc, seed, classic_legal, {"CBC-3.2", "CBC-3.4"}) == 12 * 52


# -- CBC-4: scoring ------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "took", "expected"),
    [
        (4, 3, "-40"),
        (4, 4, "40"),
        (4, 5, "41"),
        (4, 6, "42"),
        (4, 7, "-40"),
        (4, 0, "-40"),
        (2, 2, "20"),
        (2, 4, "22"),
        (2, 5, "-20"),
        (13, 13, "130"),
        (11, 13, "112"),
        (10, 13, "-100"),
    ],
)
def test_cbc_4_1_4_2_4_3_window_call_to_call_plus_2(
    cbc: Ruleset, call: int, took: int, expected: str
) -> None:
    """CBC-4.1..4.3 / D-5: call..call+2 tricks score 10 x call + extra, else -10 x call."""
    others = [2, 2, 2]
    tricks = [took, *_spread(13 - took)]
    score = cbc.score_calls([call, *others], tricks)[0]
    assert score == Decimal(expected)
    assert isinstance(score, Decimal) and str(score) == expected


def _spread(total: int) -> list[int]:
    """Three trick counts adding up to ``total``."""
    return [total // 3 + (1 if i < total % 3 else 0) for i in range(3)]


def test_cbc_4_3_example_call_4_scores_40_to_42(cbc: Ruleset) -> None:
    """CBC-4.3: a call of 4 succeeds with 4 to 6 tricks (40 to 42); 3 or fewer or 7+ score -40."""
    scores = {took: cbc.score_calls([4, 2, 2, 2], [took, 13 - took, 0, 0])[0] for took in range(14)}
    assert [t for t, s in scores.items() if s > 0] == [4, 5, 6]
    assert [scores[t] for t in (4, 5, 6)] == [Decimal(40), Decimal(41), Decimal(42)]
    assert {scores[t] for t in scores if t not in (4, 5, 6)} == {Decimal(-40)}


def test_cbc_d5_three_overtricks_fail(cbc: Ruleset) -> None:
    """D-5: scoring as the seed says: 3 or more overtricks are a failure, not +call+1."""
    assert cbc.score_calls([2, 3, 3, 3], [5, 3, 3, 2]) == {
        0: Decimal(-20),
        1: Decimal(30),
        2: Decimal(30),
        3: Decimal(-30),
    }


def test_cbc_4_1_scored_in_a_played_deal(cbc: Ruleset) -> None:
    """CBC-4.1 / CBC-4.2: the game adds each deal's window scores to the totals."""
    game = cbc.new_game(seed=5, dealer=2)
    play_deal(game, calls={0: 3, 1: 2, 2: 4, 3: 2})
    deal = game.deals[0]
    calls = deal.contract.calls
    for seat in range(4):
        extra = deal.tricks[seat] - calls[seat]
        want = 10 * calls[seat] + extra if 0 <= extra <= 2 else -10 * calls[seat]
        assert deal.scores[seat] == Decimal(want)
        assert game.totals[seat] == Decimal(want)


def test_cbc_4_bad_scorer_params_are_profile_errors(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """CBC-4.1: the window scorer's settings are checked, naming file and key."""
    path = tmp_path / "bad-window.toml"
    path.write_text(
        '[profile]\nname = "bad-window"\ntitle = "Bad"\nextends = "callbridge-classic"\n'
        '[scoring]\nparams = { per_call = "ten", window = -1, bonus = 3 }\n'
    )
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == (
        f"invalid profile {path}:\n"
        "  scoring.params.per_call -> must be int (got 'ten')\n"
        "  scoring.params.window -> must be >= 0 (got -1)\n"
        "  scoring.params.bonus -> unknown setting of scorer 'call_window'; "
        "known: per_call, per_extra, window"
    )


# -- CBC-5: end ----------------------------------------------------------------


def test_cbc_5_1_d6_twelve_deals_and_dealer_passes_right(cbc: Ruleset) -> None:
    """CBC-5.1 / D-1 / D-6: the game ends after 12 deals; the deal passes to the right."""
    assert cbc.deals == 12
    game = play_out(cbc.new_game(seed=9, dealer=1))
    assert len(game.deals) == 12
    assert [d.dealer for d in game.deals] == [seat_after(1, k) for k in range(12)]
    assert game.over is not None and game.over.rule == "CBC-5.1"
    totals = {s: sum((d.scores[s] for d in game.deals), Decimal(0)) for s in range(4)}
    assert game.totals == totals
    top = max(totals.values())
    assert {s.side for s in game.standings() if s.winner} == {
        s for s, v in totals.items() if v == top
    }


def test_cbc_5_1_d_6_not_over_after_11_deals_over_after_12(cbc: Ruleset) -> None:
    """CBC-5.1 / D-6: eleven deals leave the game running; the twelfth ends it."""
    game = cbc.new_game(seed=21, dealer=2)
    for number in range(1, 12):
        play_deal(game)
        assert (game.phase, game.deal_number, len(game.deals)) == ("auction", number + 1, number)
    play_deal(game)
    assert (game.phase, game.deal_number, len(game.deals)) == ("finished", 12, 12)
    assert game.over is not None and game.over.rule == "CBC-5.1"
    assert game.legal_actions() == [] and game.to_act is None


def test_cbc_5_1_other_deal_counts_are_refused(cbc: Ruleset) -> None:
    """CBC-5.1: twelve rounds, no other choice."""
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load(CBC, deals=5)
    assert str(err.value) == (
        "invalid profile 'callbridge-classic' (as loaded):\n"
        "  deals (CBC-5.1) -> must be 12 under these rules (got 5)"
    )


def test_cbc_d6_equal_totals_share_a_place(cbc: Ruleset) -> None:
    """D-6: equal totals share a place (competition ranking 1, 1, 3, 4); both top sides win."""
    game = play_out(cbc.new_game(seed=2, dealer=0))
    game.totals = {0: Decimal(52), 1: Decimal(-3), 2: Decimal(52), 3: Decimal(10)}
    table = [(s.place, s.side, s.total, s.winner) for s in game.standings()]
    assert table == [
        (1, 0, Decimal(52), True),
        (1, 2, Decimal(52), True),
        (3, 3, Decimal(10), False),
        (4, 1, Decimal(-3), False),
    ]
