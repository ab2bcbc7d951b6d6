"""Agreement with OpenSpiel's ``hearts`` (skipped unless ``pyspiel`` is importable).

Each deal of ``hearts-openspiel`` (and of the profile under every combination of
the eight OpenSpiel switches) is fed to a fresh OpenSpiel state through its chance
nodes: first the deal's passing (ours, drawn from the game's seed: none, left,
across or right is OpenSpiel's chance action 0..3), then card k of the chance
sequence to player k mod 4, so that the hands are ours.  West deals, so that North
passes first as in OpenSpiel.  Both programs are then driven with the same random
legal actions; at every decision the seat to act and the sets of legal actions
(passes and cards, mapped one for one) must be equal, and at the end OpenSpiel's
returns must be 26 minus the deal's points here.  CI runs it in a venv with
``open-spiel`` (the ``peers`` extra); the counts are printed.
"""

from __future__ import annotations

import random
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Game
from helpers import openspiel_action, openspiel_card

pyspiel = pytest.importorskip("pyspiel")

PROFILE = "hearts-openspiel"
#: Deals played in both programs per configuration.
DEALS = 1_000
#: OpenSpiel's chance action for each passing.
PASSING = {"none": 0, "left": 1, "across": 2, "right": 3}
#: The eight boolean parameters of OpenSpiel's hearts, each an option of our profile.
SWITCHES = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "qs_breaks_hearts",
    "must_break_hearts",
    "can_lead_hearts_instead_of_qs",
)


#: OpenSpiel's card id in ``hearts`` (helpers.py numbers every game's cards once).
os_card = partial(openspiel_card, "hearts")
#: A pass and a play are both the card's id.
os_action = partial(openspiel_action, "hearts")


def os_deal(game: Game, os_game: Any) -> Any:
    """A fresh OpenSpiel state at the deal ``game`` has just dealt: its passing, its hands."""
    state = os_game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(PASSING[game.auction.public()["passing"]])
    hands = [game.hand(seat) for seat in range(4)]
    for k in range(52):  # card k of the chance sequence goes to player k mod 4
        assert state.is_chance_node()
        state.apply_action(os_card(hands[k % 4][k // 4]))
    assert not state.is_chance_node()
    return state


class Counts:
    def __init__(self) -> None:
        self.deals = 0
        self.decisions = 0
        self.moons = 0
        self.passings: dict[str, int] = dict.fromkeys(PASSING, 0)

    def __str__(self) -> str:
        passed = ", ".join(f"{k} {v}" for k, v in self.passings.items())
        return (
            f"{self.deals} deals, {self.decisions} decisions compared, {self.moons} moons "
            f"(passing {passed})"
        )


def play_in_both(game: Game, os_game: Any, rng: random.Random, counts: Counts) -> None:
    """Play the deal ``game`` is at in both programs, comparing every decision and the
    scores."""
    state = os_deal(game, os_game)
    counts.passings[game.auction.public()["passing"]] += 1
    while game.to_act is not None:
        assert state.current_player() == game.to_act, (game.phase, game.to_act)
        legal = game.legal_actions()
        assert sorted(os_action(a) for a in legal) == sorted(state.legal_actions()), (
            game.phase,
            game.to_act,
            [str(a) for a in legal],
        )
        counts.decisions += 1
        action = rng.choice(legal)
        game.apply(action)
        state.apply_action(os_action(action))
    assert state.is_terminal()
    counts.deals += 1
    deal = game.deals[-1]
    returns = state.returns()
    assert [Decimal(26) - Decimal(int(r)) for r in returns] == [deal.scores[s] for s in range(4)]
    assert all(r == int(r) for r in returns)
    if any(score == 26 for score in deal.scores.values()) and min(deal.scores.values()) <= 0:
        counts.moons += 1


def _agree(rules: cardrules.Ruleset, os_game: Any, deals: int) -> Counts:
    counts = Counts()
    for seed in range(deals):
        game = rules.new_game(seed=seed, dealer=3)
        play_in_both(game, os_game, random.Random(seed), counts)
        assert game.phase == "finished"
    assert counts.deals == deals
    return counts


def test_heo_every_decision_and_score_agrees_with_openspiel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HEO-1.1 .. HEO-1.3, HE-2.1 .. HE-4.2: hearts-openspiel and OpenSpiel's hearts
    (default parameters) offer the same passes and the same cards in every state of
    1,000 deals (every passing direction drawn), and score every deal alike."""
    counts = _agree(cardrules.load(PROFILE), pyspiel.load_game("hearts"), DEALS)
    with capsys.disabled():
        print(f"\n{PROFILE} vs OpenSpiel hearts: {counts}; 0 disagreements")
    assert all(counts.passings.values())  # every direction, no passing included


def _settings(bits: int) -> dict[str, bool]:
    return {name: bool(bits >> i & 1) for i, name in enumerate(SWITCHES)}


@pytest.mark.parametrize(
    "bits",
    range(2 ** len(SWITCHES)),
    # Two shards (CI runs them side by side): -k shard0, -k shard1.
    ids=lambda bits: f"shard{bits % 2}-{bits:08b}",
)
def test_heo_every_combination_of_the_switches_agrees(
    tmp_path: Path, bits: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """HE-6.1 .. HE-6.8: each of the 256 combinations of OpenSpiel's eight hearts
    parameters, as the options of our profile, agrees with OpenSpiel under the same
    parameters over 1,000 deals."""
    settings = _settings(bits)
    options = "\n".join(f"{k} = {str(v).lower()}" for k, v in settings.items())
    path = tmp_path / f"he-{bits}.toml"
    path.write_text(
        f'[profile]\nname = "he-{bits}"\ntitle = "he-{bits}"\nextends = "{PROFILE}"\n\n'
        f"[options]\n{options}\n",
        encoding="utf-8",
    )
    os_game = pyspiel.load_game("hearts", settings)
    counts = _agree(cardrules.load(path), os_game, DEALS)
    label = ", ".join(k for k, v in settings.items() if v) or "all off"
    with capsys.disabled():
        print(f"\nhearts ({label}) vs OpenSpiel hearts: {counts}; 0 disagreements")
