"""Hearts' duties as data: their fast steps allow exactly what their ``narrow`` allows.

HE-3.3 (follow suit), HE-3.1 (the opening lead: the two of clubs; any club,
HE-6.3), HE-3.4 (no points on the first trick; off, HE-6.4) and HE-3.5 (no heart
led before hearts are broken; the queen of spades breaks them, HE-6.5; off,
HE-6.6) are steps over the step table's card sets, so every engine runs them
without calling the plugin: the Python engine's function written from them, the
step executor and the native core's.  HE-6.7 (hearts may be led when the queen of
spades is the only other card) is an exception no step says: with it the duty
declares none and its ``narrow`` runs.
"""

from __future__ import annotations

import itertools
import random

import pytest

import cardrules
from cardrules.cards import CARDS, SUIT_MASKS
from cardrules.engine.core import native
from cardrules.engine.steps import run_steps
from cardrules.rules.duties import (
    FollowSuit,
    TrickState,
    compile_narrow,
    narrow,
    step_codes,
    steps_of,
)
from cardrules_hearts.duties import HeartsBrokenBeforeLed, NoPointsFirstTrick, OpeningLead


def positions(rng: random.Random, count: int) -> list[tuple[int, TrickState, bool]]:
    """Random Hearts positions: a hand, the trick so far (0 to 3 cards), whether it is the
    first trick, the cards of earlier tricks (some hearts, the queen of spades or not)."""
    out = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        on_table = rng.randrange(4)
        first = rng.random() < 0.4
        trick = deck[:on_table]
        hand = sum(1 << c for c in deck[on_table : on_table + rng.randint(1, 13)])
        rest = deck[on_table + 13 :]
        played = 0 if first else sum(1 << c for c in rest[: rng.randint(0, 30)])
        state = TrickState.of(
            [CARDS[c] for c in trick], trump=-1, first_trick=first, played_before=played
        )
        out.append((hand, state, first))
    return out


@pytest.mark.parametrize(
    ("any_club", "points_first", "qs_breaks", "must_break"),
    list(itertools.product((False, True), repeat=4)),
)
def test_he_3_1_3_4_3_5_the_steps_are_the_duties(
    any_club: bool, points_first: bool, qs_breaks: bool, must_break: bool
) -> None:
    """Every setting of HE-6.3 to HE-6.6: the duties' steps, run by the Python function
    written from them, by the step executor and by the native core, allow at every
    random position exactly what the duties' ``narrow`` allows."""
    duties = [FollowSuit("HE-3.3"), OpeningLead("HE-3.1", any_club=any_club)]
    if points_first:
        duties.append(NoPointsFirstTrick("HE-3.4"))
    if must_break:
        duties.append(HeartsBrokenBeforeLed("HE-3.5", qs_breaks=qs_breaks))
    steps = steps_of(duties)
    assert steps is not None
    fast = compile_narrow(duties, "hearts")
    assert fast is not None
    codes = step_codes(steps)
    rng = random.Random(f"{any_club}{points_first}{qs_breaks}{must_break}")
    for hand, t, first in positions(rng, 2000):
        leading = t.led < 0
        lm = 0 if leading else SUIT_MASKS[t.led]
        want = narrow(duties, hand, t)
        played = t.played_before
        assert fast(hand, lm, 0, t.beats, first, leading, played) == want
        args = (codes[not leading], hand, lm, 0, t.beats, first, played)
        assert run_steps(*args) == want
        if native is not None:
            assert native.run_steps(*args) == want


def test_he_6_7_the_queen_of_spades_exception_runs_the_duty_itself() -> None:
    """HE-6.7 is no step: the duty declares none, the profile runs every duty's
    ``narrow`` (``cardrules show`` says which and why), and the OpenSpiel profile,
    without it, runs as steps."""
    duty = HeartsBrokenBeforeLed("HE-6.7", lead_hearts_instead_of_qs=True)
    assert duty.fast_steps is None
    assert steps_of([FollowSuit("HE-3.3"), duty]) is None
    house = cardrules.load("hearts")
    assert house.profile.flag("can_lead_hearts_instead_of_qs")
    assert "'hearts_broken_before_led' declares no fast steps" in house.off_fast_path
    peer = cardrules.load("hearts-openspiel")
    assert peer.off_fast_path == ""
    assert peer.fast_steps is not None
