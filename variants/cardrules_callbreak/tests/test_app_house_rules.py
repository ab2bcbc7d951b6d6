"""The app's house rules as switches: APP-5.1 .. APP-5.4 and the decisions D-4, D-5, D-6, D-7, D-8.

Each switch is set from TOML in a derived profile (``extends =
"callbreak-app"``) and tested on and off; the defaults match the rules file.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
import tomli_w

import cardrules
from cardrules import Card, ProfileError, Ruleset
from cardrules.cards import SUIT_MASKS, Suit
from cardrules_callbreak.house import PICTURES_MASK
from helpers import (
    APP,
    beats_winner,
    check_whole_game,
    deal_with,
    derived,
    hands_for,
    masks,
    names,
    play_deal,
    play_out,
    tricks_by_deal,
)

#: The switches, their defaults by the rules file (all off; five rounds) and their rule ids.
SWITCHES = {
    "target_score": (Decimal(0), "APP-5.1"),  # a number in tenths too (30.5)
    "big_call_8": (False, "APP-5.2"),
    "no_picture_redeal": (False, "APP-5.3"),
    "free_discard_when_void": (False, "APP-3.3"),
}


def with_options(tmp_path: Path, **options: object) -> Ruleset:
    return cardrules.load(derived(tmp_path, tomli_w.dumps({"options": options})))


def running_max(game: cardrules.Game) -> list[Decimal]:
    """The highest total after each deal."""
    totals = {s: Decimal(0) for s in range(4)}
    out = []
    for deal in game.deals:
        for s in range(4):
            totals[s] += deal.scores[s]
        out.append(max(totals.values()))
    return out


# -- defaults ------------------------------------------------------------------


def test_app_5_defaults_match_the_rules_file(app: Ruleset) -> None:
    """APP-5 / D-6 / D-8: every house rule is off by default; 5 rounds, 3 the other choice."""
    declared = app.components.options
    for name, (default, rule) in SWITCHES.items():
        spec = declared[name]
        assert (spec.default, spec.rule) == (default, rule)
        assert type(spec.default) is type(default)
        assert spec.description
        assert app.profile.option(name) == default
    assert dict(app.profile.options) == {}  # the profile restates no default
    assert (app.deals, app.profile.deal_choices) == (5, (3, 5))
    assert [t.rule for t in app.throw_ins] == ["APP-1.2"]
    assert [d.name for d in app.duties] == [
        "follow_suit",
        "head_when_following",
        "trump_when_void",
        "overtrump_when_void",
    ]


def test_app_5_all_switches_off_in_a_derived_profile_is_the_app(
    tmp_path: Path, app: Ruleset
) -> None:
    """APP-5: writing every switch at its default changes nothing: the same game, card for card."""
    off = with_options(tmp_path, **{k: v for k, (v, _) in SWITCHES.items()})
    a = play_out(app.new_game(seed=3, dealer=1))
    b = play_out(off.new_game(seed=3, dealer=1))
    assert a.actions == b.actions and a.totals == b.totals and len(b.deals) == 5


# -- APP-5.1 / D-7: target score -----------------------------------------------


@pytest.mark.parametrize("target", [3, 8])
def test_app_5_1_d7_target_score_ends_after_the_deal_reaching_it(
    tmp_path: Path, app: Ruleset, target: int
) -> None:
    """APP-5.1 / D-7: checked after each complete deal; ends when any total is at or above it."""
    rules = with_options(tmp_path, target_score=target)
    game = play_out(rules.new_game(seed=0, dealer=0))
    highs = running_max(game)
    assert highs[-1] >= target
    assert all(h < target for h in highs[:-1])
    assert game.over is not None and game.over.rule == "APP-5.1"
    top = max(game.totals.values())
    assert {s.side for s in game.standings() if s.winner} == {
        s for s, v in game.totals.items() if v == top
    }
    # Off, the same seed plays exactly the five rounds whatever the totals.
    off = play_out(app.new_game(seed=0, dealer=0))
    assert len(off.deals) == 5
    assert off.actions[: len(game.actions)] == game.actions[: len(off.actions)]
    if target == 3:
        assert len(game.deals) < 5  # ends early, instead of playing five rounds
    else:
        assert len(game.deals) > 5  # plays on past five rounds


def test_app_d7_target_ties_share_the_win(tmp_path: Path) -> None:
    """D-7: highest total wins, ties share (the standings rule is unchanged)."""
    rules = with_options(tmp_path, target_score=3)
    game = play_out(rules.new_game(seed=0, dealer=0))
    game.totals = {0: Decimal("3.1"), 1: Decimal("3.1"), 2: Decimal("1"), 3: Decimal("-2")}
    assert [(s.place, s.side, s.winner) for s in game.standings()] == [
        (1, 0, True),
        (1, 1, True),
        (3, 2, False),
        (4, 3, False),
    ]


def _exact_call_seed(app: Ruleset) -> tuple[int, int]:
    """A seed whose first deal (lowest legal cards) gives seat 0 from 2 to 8 tricks, others < 8."""
    for seed in range(200):
        first = tricks_by_deal(app, seed, 0)[0]
        if 2 <= first[0] <= 8 and max(first[1:]) < 8:
            return seed, first[0]
    raise AssertionError("no seed found")  # pragma: no cover


def test_app_d_7_a_total_exactly_at_the_target_ends_the_game(tmp_path: Path, app: Ruleset) -> None:
    """APP-5.1 / D-7: a total *at* the target ends the game after that deal; one below does not."""
    seed, took = _exact_call_seed(app)
    calls = {0: took, 1: 8, 2: 8, 3: 8}  # seat 0 makes its call exactly; the others fail

    at = cardrules.load(derived(tmp_path, f"[options]\ntarget_score = {took}\n", name="at-target"))
    game = at.new_game(seed=seed, dealer=0)
    play_deal(game, calls)
    assert game.totals[0] == Decimal(took) == max(game.totals.values())
    assert game.phase == "finished" and len(game.deals) == 1
    assert game.over is not None and game.over.rule == "APP-5.1"
    top = game.standings()[0]
    assert (top.side, top.place, top.winner) == (0, 1, True)

    above = cardrules.load(
        derived(tmp_path, f"[options]\ntarget_score = {took + 1}\n", name="above-target")
    )
    game = above.new_game(seed=seed, dealer=0)
    play_deal(game, calls)
    assert game.totals[0] == Decimal(took) < took + 1
    assert game.phase == "auction" and game.deal_number == 2


# -- APP-5.2 / D-8: big call 8 -------------------------------------------------

#: Dealer 0; by turn from the dealer's right: the first caller holds ten spades.
BIG = hands_for(
    0,
    [
        "AS KS QS JS 10S 9S 8S 7S 6S 5S AH AD AC",
        "4S KH QH JH 10H 9H 8H KD QD JD 10D 9D 8D",
        "3S 7H 6H 5H 4H 3H 2H 7D 6D 5D 4D 3D 2D",
        "2S KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    ],
)


def test_app_5_2_d8_big_call_8_made_wins_at_once(tmp_path: Path) -> None:
    """APP-5.2 / D-8: calling 8 and taking at least 8 wins the game after that deal is scored."""
    rules = with_options(tmp_path, big_call_8=True)
    game = rules.new_game(seed=1, dealer=0, hands=BIG)
    play_deal(game, calls={3: 8, 2: 1, 1: 1, 0: 1})
    assert game.deals[0].tricks[3] >= 8
    assert game.phase == "finished" and len(game.deals) == 1
    assert game.over is not None
    assert (game.over.rule, game.over.winners) == ("APP-5.2", (3,))
    assert game.totals[3] == Decimal(8) + Decimal(game.deals[0].tricks[3] - 8) / 10
    first = game.standings()[0]
    assert (first.place, first.side, first.winner) == (1, 3, True)
    assert [s.side for s in game.standings() if s.winner] == [3]


def test_app_5_2_big_call_8_off_plays_on(app: Ruleset) -> None:
    """APP-5.2 / D-8: off by default: the same made call of 8 just scores, and play goes on."""
    game = app.new_game(seed=1, dealer=0, hands=BIG)
    play_deal(game, calls={3: 8, 2: 1, 1: 1, 0: 1})
    assert game.deals[0].tricks[3] >= 8
    assert game.phase == "auction" and game.deal_number == 2


def test_app_d8_big_call_overrides_a_higher_total(tmp_path: Path) -> None:
    """D-8: the big caller wins the game even when another total is higher."""
    rules = with_options(tmp_path, big_call_8=True)
    game = rules.new_game(seed=1, dealer=0, hands=BIG)
    play_deal(game, calls={3: 8, 2: 1, 1: 1, 0: 1})
    # Pretend seat 1 had a big lead from earlier deals: the big call still wins.
    game.totals[1] = game.totals[3] + 5
    standings = game.standings()
    assert (standings[0].side, standings[0].winner) == (3, True)
    assert not any(s.winner for s in standings if s.side != 3)


def test_app_d8_failed_big_call_scores_minus_8_and_play_goes_on(tmp_path: Path) -> None:
    """D-8: a failed 8 scores -8 as usual and does not end the game."""
    rules = with_options(tmp_path, big_call_8=True)
    game = rules.new_game(seed=1, dealer=0, hands=BIG)
    play_deal(game, calls={3: 1, 2: 8, 1: 1, 0: 1})
    assert game.deals[0].tricks[2] < 8
    assert game.deals[0].scores[2] == Decimal(-8)
    assert game.phase == "auction" and game.deal_number == 2


def test_app_d8_a_call_below_8_does_not_end_the_game(tmp_path: Path) -> None:
    """D-8: only a call of 8 counts: calling 7 and taking 13 is an ordinary made call."""
    rules = with_options(tmp_path, big_call_8=True)
    game = rules.new_game(seed=1, dealer=0, hands=BIG)
    play_deal(game, calls={3: 7, 2: 1, 1: 1, 0: 1})
    assert game.deals[0].tricks[3] >= 8
    assert game.phase == "auction" and game.deal_number == 2


# -- APP-5.3 / D-5: redeal a hand without pictures -----------------------------

NO_PICTURE = "AS 10S 9S AH 10H 9H AD 10D 9D AC 10C 9C 8C"


def test_app_5_3_d5_no_picture_hand_is_redealt_when_on(tmp_path: Path) -> None:
    """APP-5.3 / D-5: switched on, a hand without J, Q, K is thrown in (an ace is no picture)."""
    rules = with_options(tmp_path, no_picture_redeal=True)
    assert sorted(t.rule for t in rules.throw_ins) == ["APP-1.2", "APP-5.3"]
    game = rules.new_game(seed=5, dealer=3, hands=deal_with(2, NO_PICTURE))
    first = game.throw_ins[0]
    assert (first.deal_number, first.dealer, first.seat, first.rule) == (1, 3, 2, "APP-5.3")
    assert game.deal_number == 1 and game.dealer == 3
    assert game.actions == []
    assert all(h & PICTURES_MASK and h & SUIT_MASKS[Suit.S] for h in masks(game))
    assert set(names(game.hand(2))) != set(NO_PICTURE.split())


def test_app_5_3_no_picture_hand_is_played_when_off(app: Ruleset) -> None:
    """APP-5.3: off by default: the same deal is played as dealt."""
    preset = deal_with(2, NO_PICTURE)
    game = app.new_game(seed=5, dealer=3, hands=preset)
    assert game.throw_ins == []
    assert [set(names(game.hand(s))) for s in range(4)] == [set(h.split()) for h in preset]


def test_app_d5_a_single_picture_keeps_the_hand(tmp_path: Path) -> None:
    """D-5: one jack is enough; the no-picture throw-in looks for J, Q and K only."""
    rules = with_options(tmp_path, no_picture_redeal=True)
    hand = "AS 10S 9S AH 10H 9H AD 10D 9D AC 10C 9C JC"
    preset = deal_with(0, hand)
    game = rules.new_game(seed=5, dealer=3, hands=preset)
    assert game.throw_ins == []


def test_app_5_3_no_picture_redeal_on_still_throws_in_no_spade(tmp_path: Path) -> None:
    """APP-5.3 adds to APP-1.2: with the switch on, a spadeless hand is still thrown in."""
    rules = with_options(tmp_path, no_picture_redeal=True)
    game = rules.new_game(
        seed=5, dealer=3, hands=deal_with(1, "AH KH QH JH 10H 9H 8H 7H AD KD QD JD 10D")
    )
    assert game.throw_ins[0].rule == "APP-1.2"


# -- APP-3.3 / D-4: the other reading of the void duty ---------------------------


def test_app_d4_other_reading_free_discard_when_on(tmp_path: Path, app: Ruleset) -> None:
    """D-4 other reading: void and unable to beat the spade in the trick, any card may be played."""
    rules = with_options(tmp_path, free_discard_when_void=True)
    assert [d.name for d in rules.duties] == [
        "follow_suit",
        "head_when_following",
        "trump_to_win_when_void",
    ]
    assert names(rules.legal_cards("2S 5S KD 4C", ["7H", "9S"])) == ["4C", "KD", "2S", "5S"]
    assert names(app.legal_cards("2S 5S KD 4C", ["7H", "9S"])) == ["2S", "5S"]


def test_app_d4_other_reading_still_trumps_and_overtrumps_to_win(tmp_path: Path) -> None:
    """D-4 other reading: a spade that wins is still compulsory (no spade yet, or a higher one)."""
    rules = with_options(tmp_path, free_discard_when_void=True)
    assert names(rules.legal_cards("2S KD 4C", ["7H"])) == ["2S"]
    assert names(rules.legal_cards("2S QS KD", ["7H", "9S"])) == ["QS"]
    why = rules.explain("2S QS KD", ["7H", "9S"], "KD")
    assert str(why) == "APP-3.3: void in hearts and holding Q♠, which beats 9♠: must overtrump"
    # following suit is untouched
    assert names(rules.legal_cards("AH 3H 2S", ["7H"])) == ["AH"]


def free_discard_legal(hand: list[Card], trick: list[Card], first_trick: bool) -> set[Card]:
    """D-4's other reading (``free_discard_when_void``): void, a winning spade or anything."""
    if not trick:
        return set(hand)
    beats = beats_winner(trick)
    same = [c for c in hand if c.suit == trick[0].suit]
    if same:
        return {c for c in same if beats(c)} or set(same)
    return {c for c in hand if beats(c)} or set(hand)


def test_app_d_4_other_reading_every_card_of_whole_games(tmp_path: Path) -> None:
    """D-4, the other reading as a setting: void and unable to win, any card, in whole games."""
    rules = cardrules.load(derived(tmp_path, "[options]\nfree_discard_when_void = true\n"))
    for seed in (2, 9):
        assert check_whole_game(rules, seed, free_discard_legal, {"APP-3.2", "APP-3.3"}) == 260


# -- D-6: number of rounds -----------------------------------------------------


def test_app_d6_three_rounds_from_toml(tmp_path: Path) -> None:
    """D-6: the number of rounds is set in TOML ([game] deals = 3) or by the app (deals=3)."""
    rules = cardrules.load(derived(tmp_path, "[game]\ndeals = 3\n"))
    assert rules.deals == 3
    assert len(play_out(rules.new_game(seed=4)).deals) == 3
    five = cardrules.load(derived(tmp_path, "[game]\ndeals = 5\n", name="five"))
    assert len(play_out(five.new_game(seed=4)).deals) == 5


def test_app_d6_four_rounds_is_a_profile_error(tmp_path: Path) -> None:
    """D-6: only 3 or 5 rounds: 4 is an error naming file and key."""
    path = derived(tmp_path, "[game]\ndeals = 4\n")
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == (
        f"invalid profile {path}:\n  game -> deals (4) must be one of deal_choices [3, 5]"
    )


# -- bad switches --------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ('big_call_8 = "yes"', "options.big_call_8 -> must be bool (got 'yes')"),
        ("big_call_8 = 1", "options.big_call_8 -> must be bool (got 1)"),
        ("target_score = -5", "options.target_score -> must be from 0 to 10000 (got -5)"),
        ("target_score = 10001", "options.target_score -> must be from 0 to 10000 (got 10001)"),
        (
            "target_score = true",
            "options.target_score -> must be a number such as 30 or 30.5 (got True)",
        ),
        ('no_picture_redeal = "on"', "options.no_picture_redeal -> must be bool (got 'on')"),
        (
            "free_discard_when_void = 0",
            "options.free_discard_when_void -> must be bool (got 0)",
        ),
    ],
)
def test_app_5_bad_switch_is_an_error_naming_file_and_key(
    tmp_path: Path, line: str, problem: str
) -> None:
    """APP-5: a switch of a wrong type or out of range is refused, naming file and key."""
    path = derived(tmp_path, f"[options]\n{line}\n")
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == f"invalid profile {path}:\n  {problem}"


def test_app_5_4_unknown_switch_lists_the_known_ones(tmp_path: Path) -> None:
    """APP-5.4: an unknown switch is refused with the list of declared ones."""
    path = derived(tmp_path, "[options]\nbig_call_9 = true\n")
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    known = ", ".join(sorted(cardrules.load(APP).components.options))
    assert str(err.value) == (
        f"invalid profile {path}:\n  options.big_call_9 -> unknown option; known: {known}"
    )


def test_app_5_4_adding_a_switch_is_a_small_plugin_change(tmp_path: Path) -> None:
    """APP-5.4: a new switch is one OptionSpec plus the hook reading it (the documented recipe)."""
    from cardrules import hookimpl
    from cardrules.rules.components import ThrowIn
    from cardrules.rules.plugins import Components, OptionSpec
    from cardrules.rules.profile import Profile

    aces = sum(1 << (13 * s + 12) for s in range(4))

    class NoAceRedeal:
        @hookimpl
        def cardrules_setup_components(self, components: Components) -> None:
            components.add_option(
                OptionSpec("no_ace_redeal", False, "Redeal a hand without an ace.")
            )

        @hookimpl
        def cardrules_deal_throw_ins(self, profile: Profile) -> list[ThrowIn]:
            if not profile.flag("no_ace_redeal"):
                return []
            return [ThrowIn("no_ace", "X-1", "a hand without an ace", lambda h: not h & aces)]

    hand = "KS QS JS KH QH JH KD QD JD KC QC JC 10C"
    on = cardrules.load(
        derived(tmp_path, "[options]\nno_ace_redeal = true\n"), plugins=[NoAceRedeal()]
    )
    game = on.new_game(seed=2, dealer=0, hands=deal_with(1, hand))
    assert [(e.seat, e.rule) for e in game.throw_ins[:1]] == [(1, "X-1")]
    off = cardrules.load(APP, plugins=[NoAceRedeal()])
    assert off.new_game(seed=2, dealer=0, hands=deal_with(1, hand)).throw_ins == []
    assert "cardrules_setup_components" in (cardrules_callbreak_plugin_doc := _plugin_doc())
    assert "Adding a house-rule switch (APP-5.4)" in cardrules_callbreak_plugin_doc


def _plugin_doc() -> str:
    import cardrules_callbreak.house_plugin

    return cardrules_callbreak.house_plugin.__doc__ or ""


@pytest.mark.parametrize(
    ("option", "value", "changed"),
    [
        ("target_score", 30, ["length of the game", "option target_score"]),
        ("big_call_8", True, ["option big_call_8"]),
        ("no_picture_redeal", True, ["throw-in and redeal", "option no_picture_redeal"]),
        ("free_discard_when_void", True, ["void in the led suit", "option free_discard_when_void"]),
    ],
)
def test_app_5_each_switch_changes_only_what_it_names(
    tmp_path: Path, app: Ruleset, option: str, value: object, changed: list[str]
) -> None:
    """APP-5: switching one house rule on changes that setting and nothing else."""
    from cardrules.tools.diff import diff_rules

    rules = with_options(tmp_path, **{option: value})
    assert [d.setting for d in diff_rules(app, rules)] == changed
    assert rules.bounds == app.bounds and rules.deals == app.deals
    assert type(rules.scorer) is type(app.scorer)


def test_app_5_switches_that_do_not_trigger_leave_the_game_alone(
    tmp_path: Path, app: Ruleset
) -> None:
    """APP-5.2 / APP-5.3: switched on but never triggered, the game is the app's, card for card."""
    rules = with_options(tmp_path, big_call_8=True, no_picture_redeal=True)
    compared = 0
    for seed in range(3):
        a = play_out(app.new_game(seed=seed, dealer=0))
        b = play_out(rules.new_game(seed=seed, dealer=0))
        if any(e.rule == "APP-5.3" for e in b.throw_ins):
            continue  # the switch triggered: a different deal, as it should be
        assert all(8 not in d.contract.calls for d in b.deals)
        assert a.actions == b.actions and a.totals == b.totals
        compared += 1
    assert compared >= 2
