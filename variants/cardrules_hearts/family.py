"""The Hearts family, declared once: ``FAMILY``, entry point ``hearts``.

It declares the auction ``hearts_passing`` (three cards passed in rotation,
HE-2.x; the holder of 2♣ leads, HE-3.1), the duties ``hearts_opening_lead``,
``no_points_first_trick`` and ``hearts_broken_before_led`` (HE-3.x), the
scorer ``hearts`` (penalty points from the cards taken, the moon: HE-4.x), the
``[options]`` below (every parameter of OpenSpiel's ``hearts`` is one, under
its OpenSpiel name: HE-6.x); the scorer declares the end of its games (a
target, the lowest total wins: HE-5.x).
"""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.catalog import OptionSpec
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_hearts.duties import HeartsBrokenBeforeLed, NoPointsFirstTrick, OpeningLead
from cardrules_hearts.passing import PASS_RULE, VERBS, HeartsPassing
from cardrules_hearts.scoring import HeartsEnd, HeartsScorer

#: The ``[options]`` settings this plugin declares, with their defaults (OpenSpiel's
#: parameter names; ``passing`` and ``target`` are ours).
OPTIONS = (
    OptionSpec(
        "pass_cards",
        True,
        "Cards are passed before the play (off: no passing in any deal).",
        rule="HE-6.8",
    ),
    OptionSpec(
        "passing",
        "rotation",
        "Which way the cards go: 'rotation' (left, right, across, none, deal by deal) or "
        "'chance' (drawn for each deal, as OpenSpiel does).",
        rule="HE-2.2",
        choices=("rotation", "chance"),
    ),
    OptionSpec(
        "no_pts_on_first_trick",
        True,
        "A player void on the first trick may not play a heart or the Q♠ unless holding "
        "nothing else.",
        rule="HE-6.4",
    ),
    OptionSpec(
        "can_lead_any_club",
        False,
        "The first trick may be led with any club, not only the 2♣.",
        rule="HE-6.3",
    ),
    OptionSpec("jd_bonus", False, "The jack of diamonds counts −10 points.", rule="HE-6.1"),
    OptionSpec(
        "avoid_all_tricks_bonus",
        False,
        "A player who took no trick scores −5 (not when the moon was shot).",
        rule="HE-6.2",
    ),
    OptionSpec(
        "qs_breaks_hearts", True, "Playing the Q♠ breaks hearts, as a heart does.", rule="HE-6.5"
    ),
    OptionSpec(
        "must_break_hearts",
        True,
        "Hearts may not be led until broken (off: hearts may be led at any time).",
        rule="HE-6.6",
    ),
    OptionSpec(
        "can_lead_hearts_instead_of_qs",
        False,
        "A leader whose only lead before hearts are broken would be the Q♠ may lead any card.",
        rule="HE-6.7",
    ),
    OptionSpec(
        "target",
        100,
        "The game ends after the deal in which a total reaches this; 0 = no target.",
        rule="HE-5.1",
        minimum=0,
        maximum=10_000,
    ),
)


def _passing(profile: Profile, bounds: tuple[int, int]) -> HeartsPassing:
    """The passing the options set; call bounds are refused (there are no calls)."""
    profile.refuse_call_bounds("the 'hearts_passing' auction takes no call bounds: no calls")
    passing = profile.text("passing") if profile.flag("pass_cards") else "none"
    return HeartsPassing(
        passing=passing,
        rule=profile.auction_rule or PASS_RULE,
        play_turn_rule=profile.play_turn_rule,
    )


def _end(profile: Profile, deals: int) -> HeartsEnd:
    """The end of a game scored by ``hearts``: a target (HE-5.1), the lowest total wins."""
    return HeartsEnd(deals, profile.game_rule, target=profile.whole("target"), target_rule="HE-5.1")


def _scorer(profile: Profile) -> HeartsScorer:
    """The scorer, with the J♦ and no-trick house rules as the options set them."""
    profile.int_params({})
    return HeartsScorer(
        jack=-10 if profile.flag("jd_bonus") else 0,
        avoid=-5 if profile.flag("avoid_all_tricks_bonus") else 0,
    )


FAMILY = Family(
    "hearts",
    "Hearts",
    profiles=Path(__file__).resolve().parent / "profiles",
    # No calls: the deal's contract is the plain one (no trumps, the 2♣ leads); each
    # seat scores for itself.
    auctions=(
        AuctionKind(
            "hearts_passing",
            _passing,
            provides="none",
            chooses_trump=False,
            sides="individual",
            phase_name="passing",
        ),
    ),
    scorers=(ScorerKind("hearts", _scorer, sides="individual", end=_end),),
    duties=(OpeningLead, NoPointsFirstTrick, HeartsBrokenBeforeLed),
    options=OPTIONS,
    verbs=VERBS,
)
