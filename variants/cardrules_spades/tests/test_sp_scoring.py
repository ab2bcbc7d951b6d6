"""Spades, sections 4 and 5: scoring by side with bags and nils (SP-4.x) and the end of the
game (SP-5.x, D-4), and OpenSpiel's single-deal scoring (SPO-2.1, SPO-2.2)."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules.cards import Suit
from cardrules.rules.components import DealResult
from cardrules_spades.auction import SpadesContract
from helpers import play_deal, play_out, random_policy

SPADES = cardrules.load("spades")
OPENSPIEL = cardrules.load("spades-openspiel")


def _contract(calls: tuple[int, int, int, int]) -> SpadesContract:
    return SpadesContract(Suit.S, 0, calls=calls)


def score(calls: tuple[int, int, int, int], tricks: tuple[int, int, int, int]) -> dict[str, int]:
    out = SPADES.scorer.score(_contract(calls), tricks)
    return {str(k): int(v) for k, v in out.items()}


def test_sp_4_1_a_contract_made_scores_ten_a_trick_and_a_point_a_bag() -> None:
    """SP-4.1: NS call 4 + 3 = 7 and take 9: 70 + 2 bags = 72."""
    assert score((4, 3, 3, 3), (5, 2, 4, 2))["NS"] == 72


def test_sp_4_2_a_failed_contract_loses_ten_a_trick() -> None:
    """SP-4.2: EW call 3 + 3 = 6 and take 4: -60."""
    assert score((4, 3, 3, 3), (5, 2, 4, 2))["EW"] == -60


def test_sp_4_4_nil_made_and_failed_the_nil_bidders_tricks_are_bags() -> None:
    """SP-4.4: E nil with no trick: +100 on EW's 5 made with W's 7 tricks (50 + 2 bags);
    N nil with 2 tricks: -100, S's 4 made with S's own 4, N's 2 tricks are bags."""
    out = score((0, 0, 4, 5), (2, 0, 4, 7))
    assert out["EW"] == 50 + 2 + 100
    assert out["NS"] == 40 + 2 - 100


#: A deal (dealer W, so N calls first) in which N, calling nil, takes one trick and S none
#: when every card is the lowest legal one and the calls are N nil, E 4, S 1, W 4.
FAILED_NIL = [
    "3C 4C JC 3D 10H JH QH KH 2S 5S 6S 8S 9S",
    "5C 10C 6D 7D QD AD 3H 6H 7H 10S JS KS AS",
    "2C 7C 9C 2D 4D 5D 8D JD 2H 4H 3S 4S QS",
    "6C 8C QC KC AC 9D 10D KD 5H 8H 9H AH 7S",
]


def _failed_nil(rules: cardrules.Ruleset) -> cardrules.DealResult:
    game = rules.new_game(seed=1, dealer=3, hands=FAILED_NIL)
    play_deal(game, {0: 0, 1: 4, 2: 1, 3: 4})
    return game.deals[0]


def test_sp_4_4_d_6_a_failed_nil_is_pagats_example_in_play() -> None:
    """SP-4.4, D-6 (pagat): N nil, S 1; N takes 1 trick, S none: -100 for the nil, -10 for
    S's 1 failed, +1 for N's trick as a bag: -109; S's contract is failed."""
    deal = _failed_nil(SPADES)
    assert (deal.tricks[0], deal.tricks[2]) == (1, 0)
    assert deal.scores["NS"] == -109
    assert deal.contract.made(deal.tricks)["NS"] is False
    assert deal.scores["EW"] == 80 + 4


def test_sp_4_7_nil_tricks_for_partner_switch_reads_openspiel_in_play() -> None:
    """SP-4.7: with ``nil_tricks_for_partner`` N's trick makes S's 1: -100 + 10 = -90."""
    rules = cardrules.load("spades", nil_tricks_for_partner=True)
    deal = _failed_nil(rules)
    assert deal.scores["NS"] == -90
    assert deal.contract.made(deal.tricks)["NS"] is True


def test_sp_4_7_spades_openspiel_counts_nil_tricks_for_the_partner() -> None:
    """SP-4.7, SPO-2.1: spades-openspiel keeps OpenSpiel's reading (-90 in pagat's example)."""
    assert OPENSPIEL.profile.flag("nil_tricks_for_partner") is True
    assert SPADES.profile.flag("nil_tricks_for_partner") is False
    out = OPENSPIEL.scorer.score(_contract((0, 4, 1, 4)), (1, 5, 0, 7))
    assert out["NS"] == -90


def test_sp_4_5_both_partners_nil_every_trick_is_a_bag() -> None:
    """SP-4.5: N and S both nil: contract 0; N takes 1, S 0: 1 bag, +100 - 100."""
    out = score((0, 6, 0, 6), (1, 6, 0, 6))
    assert out["NS"] == 1 + 100 - 100
    assert score((0, 6, 0, 6), (0, 7, 0, 6))["NS"] == 200


def test_sp_4_3_bags_roll_over_ten_across_deals() -> None:
    """SP-4.3: NS take 4 bags, then 4, then 3 (11): the third deal costs 100 and 1 bag is
    carried; 9 more bags in the fourth deal reach 10 again and cost another 100."""
    scorer = SPADES.scorer
    deals: list[DealResult] = []
    got = []
    for tricks_ns, bags_out in ((7, 4), (7, 4), (6, 3), (12, 9)):
        calls = (tricks_ns - bags_out, 1, 0, 1)
        tricks = (tricks_ns, 13 - tricks_ns, 0, 0)
        contract = _contract(calls)
        out = scorer.score_in_game(contract, tricks, tuple(deals))
        got.append(int(out["NS"]))
        deals.append(DealResult(0, contract, tricks, out))
    # the nil of S (call 0, no trick) adds 100 in every deal
    assert got == [30 + 4 + 100, 30 + 4 + 100, 30 + 3 - 100 + 100, 30 + 9 - 100 + 100]
    assert scorer.bags_before(deals) == {"NS": 0, "EW": scorer.bags_before(deals)["EW"]}
    # a deal scored on its own carries no bags in (rules.score)
    assert int(scorer.score(deals[2].contract, deals[2].tricks)["NS"]) == 30 + 3 + 100


def test_sp_4_3_a_game_scores_each_deal_with_the_bags_of_the_deals_before() -> None:
    """SP-4.3, SP-4.1, SP-4.2, SP-4.4, SP-4.5: in random games every deal's scores are the
    rule text's, with the bags carried from the earlier deals, and the totals their sum."""
    for seed in range(8):
        game = play_out(SPADES.new_game(seed=seed), random_policy(random.Random(seed)))
        bags = {"NS": 0, "EW": 0}
        for deal in game.deals:
            calls = deal.contract.calls  # type: ignore[attr-defined]
            for side, seats in (("NS", (0, 2)), ("EW", (1, 3))):
                want = sum(calls[s] for s in seats)
                took = sum(deal.tricks[s] for s in seats if calls[s] != 0)
                nil_bags = sum(deal.tricks[s] for s in seats if calls[s] == 0)
                points = 10 * want + (took - want) if took >= want else -10 * want
                bags[side] += (took - want if took >= want else 0) + nil_bags
                points += nil_bags - 100 * (bags[side] // 10)
                bags[side] %= 10
                for s in seats:
                    if calls[s] == 0:
                        points += 100 if deal.tricks[s] == 0 else -100
                assert deal.scores[side] == points, (seed, side)
        for side in ("NS", "EW"):
            assert game.totals[side] == sum(d.scores[side] for d in game.deals)


def test_sp_4_3_the_bags_carried_are_those_of_the_deals_given_whatever_was_asked_before() -> None:
    """SP-4.3: the scorer carries on from the deals it counted last only where they begin
    the deals it is given: two games interleaved, a shorter history and one that differs
    in its last deal each get the bags of their own deals."""
    scorer = SPADES.scorer

    def counted(deals: list[DealResult]) -> dict[str, int]:  # from the rule text alone
        bags = {"NS": 0, "EW": 0}
        for deal in deals:
            calls = deal.contract.calls  # type: ignore[attr-defined]
            for side, seats in (("NS", (0, 2)), ("EW", (1, 3))):
                want = sum(calls[s] for s in seats)
                took = sum(deal.tricks[s] for s in seats if calls[s] != 0)
                nil_bags = sum(deal.tricks[s] for s in seats if calls[s] == 0)
                bags[side] = (bags[side] + (took - want if took >= want else 0) + nil_bags) % 10
        return bags

    games = [
        play_out(SPADES.new_game(seed=seed), random_policy(random.Random(seed))) for seed in (3, 4)
    ]
    histories = [list(game.deals) for game in games]
    assert all(len(h) >= 3 for h in histories)
    for k in range(max(len(h) for h in histories) + 1):
        for history in histories:
            assert scorer.bags_before(tuple(history[:k])) == counted(history[:k]), k
    first, second = histories
    mixed = first[:2] + second[2:3]  # the same length as first[:3], another last deal
    assert scorer.bags_before(tuple(first[:3])) == counted(first[:3])
    assert scorer.bags_before(tuple(mixed)) == counted(mixed)
    assert scorer.bags_before(tuple(first[:1])) == counted(first[:1])
    assert scorer.bags_before(()) == {"NS": 0, "EW": 0}


def _end(
    totals: dict[str, int], deals: int = 5, rules: cardrules.Ruleset = SPADES
) -> cardrules.GameOver | None:
    results = [DealResult(d % 4, _contract((3, 3, 3, 3)), (3, 3, 4, 3)) for d in range(deals)]
    out = rules.end.check(results, {k: Decimal(v) for k, v in totals.items()})
    rules.end.check([], {"NS": Decimal(0), "EW": Decimal(0)})  # leave nothing behind
    return out


def test_sp_5_1_a_side_reaching_500_wins() -> None:
    """SP-5.1: the game ends after the deal in which a side reaches 500; that side wins."""
    assert _end({"NS": 499, "EW": 300}) is None
    over = _end({"NS": 502, "EW": 300})
    assert over is not None and over.winners == ("NS",) and over.rule == "SP-5.1"


def test_sp_5_2_both_over_500_the_higher_wins_equal_plays_on() -> None:
    """SP-5.2: both at 500 or more: the higher total wins; equal totals play another deal."""
    over = _end({"NS": 510, "EW": 530})
    assert over is not None and over.winners == ("EW",)
    assert _end({"NS": 520, "EW": 520}) is None


def test_sp_5_3_d_7_no_mercy_rule_by_default() -> None:
    """SP-5.3, D-7: the mercy rule is a switch, off in spades: -200, even -1000, plays on."""
    assert "use_mercy" not in SPADES.profile.options  # the declared default: off
    assert SPADES.end.mercy is None  # type: ignore[attr-defined]
    assert _end({"NS": -200, "EW": 100}) is None
    assert _end({"NS": -1000, "EW": 100}) is None
    assert "falls to" not in SPADES.end.summary


def test_sp_5_3_mercy_at_minus_200_when_switched_on() -> None:
    """SP-5.3: with ``use_mercy`` a side at -200 or below loses and the game ends; -199
    plays on; the ``mercy`` score moves the line."""
    rules = cardrules.load("spades", use_mercy=True)
    assert _end({"NS": -199, "EW": 100}, rules=rules) is None
    over = _end({"NS": -200, "EW": 100}, rules=rules)
    assert over is not None and over.winners == ("EW",) and over.rule == "SP-5.3"
    deeper = cardrules.load("spades", use_mercy=True, mercy=-500)
    assert _end({"NS": -499, "EW": 100}, rules=deeper) is None
    assert _end({"NS": -500, "EW": 100}, rules=deeper) is not None


def test_sp_d4_the_game_stops_after_100_deals() -> None:
    """D-4: a game stops after 100 deals at the latest (the higher total wins)."""
    assert SPADES.deals == 100
    assert _end({"NS": 100, "EW": 120}, deals=99) is None
    over = _end({"NS": 100, "EW": 120}, deals=100)
    assert over is not None and over.rule == "D-4"


def test_sp_5_the_standings_name_the_winner_of_a_finished_game() -> None:
    """SP-5.1 .. SP-5.3: a finished game's standings put the winner first."""
    for seed in range(10):
        game = play_out(SPADES.new_game(seed=seed), random_policy(random.Random(seed)))
        assert game.over is not None
        first = game.standings()[0]
        assert first.winner and first.place == 1
        if game.over.winners:
            assert first.side in game.over.winners


def test_spo_2_1_one_deal_scored_per_side_with_nils() -> None:
    """SPO-2.1, SPO-1.1: one deal; each side 10 x contract + overtricks - 100 per ten
    overtricks, or -10 x contract, plus +-100 per nil."""
    assert OPENSPIEL.deals == 1
    out = OPENSPIEL.scorer.score(_contract((0, 0, 2, 0)), (0, 0, 12, 1))
    assert out["NS"] == 20 + 10 - 100 + 100
    assert out["EW"] == 0 + 1 + 100 - 100
    for seed in range(5):
        game = play_out(OPENSPIEL.new_game(seed=seed), random_policy(random.Random(seed)))
        assert len(game.deals) == 1 and game.over is not None


def test_spo_2_2_no_blind_nil_no_target_no_mercy() -> None:
    """SPO-2.2: the openspiel profile has no blind nil, no target and no mercy."""
    assert OPENSPIEL.end.target == 0 and OPENSPIEL.end.mercy is None  # type: ignore[attr-defined]
    game = OPENSPIEL.new_game(seed=1)
    assert "blind nil" not in [str(a) for a in game.legal_actions()]


# A deal described by hand (rules.score_deal, rules.scoring.score_calls).


def test_sp_4_4_d_6_score_deal_gives_pagats_example() -> None:
    """SP-4.4, D-6, SP-4.7: ``score_deal`` scores pagat's example as play does: -109 in
    spades, -90 with ``nil_tricks_for_partner`` and in spades-openspiel."""
    deal = {"calls": [0, 4, 1, 4], "tricks": [1, 5, 0, 7]}
    assert SPADES.score_deal(**deal) == {"NS": -109, "EW": 84}
    assert SPADES.score_deal(**deal) == _failed_nil(SPADES).scores
    switched = cardrules.load("spades", nil_tricks_for_partner=True)
    assert switched.score_deal(**deal) == {"NS": -90, "EW": 84}
    assert OPENSPIEL.score_deal(**deal) == {"NS": -90, "EW": 84}
    assert SPADES.score_calls([0, 4, 1, 4], [1, 5, 0, 7]) == {"NS": -109, "EW": 84}


def test_sp_4_6_score_deal_scores_a_blind_nil_where_blind_nil_is_played() -> None:
    """SP-4.6, SP-2.4: with the blind_nil switch on, ``nil=["blind", ...]`` marks a blind
    nil: +200 with no trick, -200 with one (its trick a bag, SP-4.4); a plain nil of the
    same deal scores 100; spades refuses the blind nil (the switch is off)."""
    blind = cardrules.load("spades", blind_nil=True)
    deal = {"calls": [0, 4, 1, 4], "tricks": [0, 6, 1, 6]}
    assert blind.score_deal(**deal, nil=["blind", None, None, None])["NS"] == 200 + 10
    assert blind.score_deal(**deal, nil=["nil", None, None, None])["NS"] == 100 + 10
    assert blind.score_deal(**deal)["NS"] == 100 + 10
    failed = {"calls": [0, 4, 1, 4], "tricks": [1, 5, 0, 7], "nil": ["blind", None, None, None]}
    assert blind.score_deal(**failed)["NS"] == -200 - 10 + 1
    with pytest.raises(cardrules.CardrulesError) as err:
        SPADES.score_deal(**failed)
    assert "blind nil is not offered in these rules (SP-2.4)" in str(err.value)


def test_sp_4_3_score_deal_with_the_bags_carried_in() -> None:
    """SP-4.3: NS carry 9 bags, call 7 and take 11: 70 + 4, and the 13th bag costs 100."""
    deal = {"calls": [4, 3, 3, 3], "tricks": [7, 2, 4, 0]}
    assert SPADES.score_deal(**deal)["NS"] == 74
    assert SPADES.score_deal(**deal, bags_before={"NS": 9})["NS"] == 74 - 100
    assert SPADES.score_deal(**deal, bags_before={"NS": 5, "EW": 0})["NS"] == 74


def test_sp_4_3_score_deal_agrees_with_every_deal_of_a_game() -> None:
    """SP-4.3, SP-4.4: each deal of a played game, described by hand with the bags carried
    in, scores as the game scored it."""
    game = play_out(SPADES.new_game(seed=4), random_policy(random.Random(4)))
    for k, deal in enumerate(game.deals):
        carried = SPADES.scorer.bags_before(game.deals[:k])  # type: ignore[attr-defined]
        calls = list(deal.contract.calls)  # type: ignore[attr-defined]
        got = SPADES.score_deal(calls=calls, tricks=list(deal.tricks), bags_before=carried)
        assert got == deal.scores, k


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (
            {"calls": [0, 4, 1, 4]},
            "invalid deal: missing 'tricks'; give calls and tricks per seat, and optionally "
            "nil and bags_before (score_deal(calls=[0, 4, 1, 4], tricks=[1, 5, 0, 7], "
            "bags_before={'NS': 3, 'EW': 0}))",
        ),
        (
            {"calls": [0, 4, 1, 4], "tricks": [1, 5, 0, 7], "bags": {"NS": 1}},
            "invalid deal: unknown keyword 'bags'; give calls and tricks per seat, and "
            "optionally nil and bags_before (score_deal(calls=[0, 4, 1, 4], tricks=[1, 5, 0, "
            "7], bags_before={'NS': 3, 'EW': 0}))",
        ),
        (
            {"calls": [0, 4, 1], "tricks": [1, 5, 0, 7]},
            "invalid deal: calls [0, 4, 1] must be a list of 4 whole numbers, one per seat",
        ),
        (
            {"calls": [0, 4, 1, 14], "tricks": [1, 5, 0, 7]},
            "invalid deal: calls [0, 4, 1, 14]: seat 3's 14 must be a whole number 0..13 (SP-2.2)",
        ),
        (
            {"calls": [0, 4, 1, 4], "tricks": [1, 5, 0, 6]},
            "invalid deal: tricks [1, 5, 0, 6] add up to 12, not the 13 tricks of a deal",
        ),
        (
            {"calls": [0, 4, 1, 4], "tricks": [1, 5, -1, 8]},
            "invalid deal: tricks [1, 5, -1, 8]: seat 2's -1 must be a whole number 0..13",
        ),
        (
            {"calls": [0, 4, 1, 4], "tricks": [1, 5, 0, 7], "nil": [None, "nil", None, None]},
            "invalid deal: nil [None, 'nil', None, None]: seat 1 called 4, not nil (SP-2.2)",
        ),
        (
            {"calls": [0, 4, 1, 4], "tricks": [1, 5, 0, 7], "nil": ["blind", None, None, None]},
            "invalid deal: nil ['blind', None, None, None]: seat 0's blind nil is not offered "
            "in these rules (SP-2.4)",
        ),
        (
            {"calls": [0, 4, 1, 4], "tricks": [1, 5, 0, 7], "bags_before": {"NS": 10}},
            "invalid deal: bags_before {'NS': 10}: NS must carry a whole number of bags 0..9 "
            "(SP-4.3)",
        ),
        (
            {"calls": [0, 4, 1, 4], "tricks": [1, 5, 0, 7], "bags_before": {"N": 1}},
            "invalid deal: bags_before {'N': 1}: unknown side 'N'; the sides are 'NS' and 'EW'",
        ),
    ],
)
def test_sp_4_score_deal_refuses_what_is_not_a_deal(given: dict[str, object], message: str) -> None:
    """SP-2.2, SP-2.4, SP-4.3: a deal described by hand that no game could give is refused,
    naming the keyword, the seat or side, and the rule."""
    with pytest.raises(cardrules.CardrulesError) as err:
        SPADES.score_deal(**given)
    assert str(err.value) == message


def test_spo_1_2_score_deal_refuses_calls_over_the_partner_cap() -> None:
    """SPO-1.2: in spades-openspiel the partners' calls may not total more than 13."""
    with pytest.raises(cardrules.CardrulesError) as err:
        OPENSPIEL.score_deal(calls=[7, 0, 7, 0], tricks=[7, 0, 6, 0])
    assert str(err.value) == (
        "invalid deal: calls [7, 0, 7, 0]: NS's calls total more than 13 (SPO-1.2)"
    )


def test_d_6_d_7_a_record_played_under_the_former_spades_rules_is_refused() -> None:
    """D-6, D-7, D-8: a spades record written before these decisions (main at 0a99ae2,
    profile hash 709608d0...) was played under other rules (a failed nil's tricks toward
    the partner, the mercy rule on, blind nil offered): it is refused, not scored anew."""
    records = Path(__file__).resolve().parents[3] / "tests" / "data" / "records-v2"
    path = records / "spades-target-1000.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["profile_hash"] = (
        "sha256:709608d057567895f1419fa94f640c1f9a78ddbe2f87f8c92bd1db231fccd2af"
    )
    with pytest.raises(cardrules.RecordError) as err:
        cardrules.Game.from_json(json.dumps(record))
    assert str(err.value) == (
        "invalid record: 'profile_hash' does not match the rules of 'spades' "
        "(the game was played under other rules of that name)"
    )


def _bonus_scores(calls: tuple[int, ...], tricks: tuple[int, ...], **bonus: int) -> dict[str, str]:
    """A deal's scores by spades-openspiel's scorer with OpenSpiel's bonus settings."""
    from cardrules_spades.scoring import SpadesScorer

    scorer = SpadesScorer(nil_tricks_for_partner=True, **bonus)
    scores = scorer.score(SpadesContract(Suit.S, 0, calls=calls), tricks)
    return {side: str(value) for side, value in scores.items()}


def test_spo_2_3_openspiel_bonus_is_read_from_the_deal_scores() -> None:
    """SPO-2.3: NS 9 called and made (90), EW 4 made (40).  A side at win_threshold or more
    and above the other gains the bonus; one at mercy_threshold or less and below the other
    loses it; a mercy threshold of 0 is none; no bonus (the default) leaves the scores."""
    made = ((5, 2, 4, 2), (5, 2, 4, 2))
    assert _bonus_scores(*made) == {"NS": "90", "EW": "40"}
    assert _bonus_scores(*made, win_threshold=50, win_or_loss_bonus=200) == {
        "NS": "290",
        "EW": "40",
    }
    assert _bonus_scores(*made, win_threshold=100, win_or_loss_bonus=200) == {
        "NS": "90",
        "EW": "40",
    }
    failed = ((6, 1, 5, 1), (5, 2, 4, 2))  # NS 11 called, 9 taken: -110; EW 2 called: 22
    assert _bonus_scores(*failed) == {"NS": "-110", "EW": "22"}
    assert _bonus_scores(*failed, mercy_threshold=-50, win_or_loss_bonus=200) == {
        "NS": "-310",
        "EW": "22",
    }
    assert _bonus_scores(*failed, mercy_threshold=0, win_or_loss_bonus=200) == {
        "NS": "-110",
        "EW": "22",
    }


def test_spo_2_3_east_west_is_compared_with_north_south_as_the_bonus_left_it() -> None:
    """SPO-2.3: with a negative bonus, NS's 90 (at win_threshold 20 and above EW's 40) drops
    to 30, so that EW's 40 is now above it and takes the bonus too, as OpenSpiel 2.0.2
    compares them one after the other."""
    scores = _bonus_scores((5, 2, 4, 2), (5, 2, 4, 2), win_threshold=20, win_or_loss_bonus=-60)
    assert scores == {"NS": "30", "EW": "-20"}
