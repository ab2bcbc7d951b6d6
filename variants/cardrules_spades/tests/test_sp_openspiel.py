"""Agreement with OpenSpiel's ``spades`` (skipped unless ``pyspiel`` is importable).

Each deal of ``spades-openspiel`` is fed to a fresh OpenSpiel state through its
chance nodes (card k of the chance sequence to player k mod 4, so the hands are
ours), with West dealing so that North calls and leads first as in OpenSpiel.
Both programs are then driven with the same random legal actions; at every
decision the seat to act and the sets of legal actions (calls and cards, mapped
one for one) must be equal, and at the end OpenSpiel's returns must be the
deal's scores here (each partner receives the side's score).  CI runs it in a
venv with ``open-spiel`` (the ``peers`` extra); the counts are printed.
"""

from __future__ import annotations

import random
from decimal import Decimal
from functools import partial
from typing import Any

import pytest

import cardrules
from cardrules import Game
from helpers import openspiel_action, openspiel_card

pyspiel = pytest.importorskip("pyspiel")

PROFILE = "spades-openspiel"
#: Deals played in both programs per configuration.
DEALS = 1_000
NUM_CARDS = 52
#: The side each seat scores for: partners sit opposite.
SIDE = ("NS", "EW", "NS", "EW")


#: OpenSpiel's card id in ``spades`` (helpers.py numbers every game's cards once).
os_card = partial(openspiel_card, "spades")
#: A call of N tricks is 52 + N (nil is 52); a card is its id.
os_action = partial(openspiel_action, "spades")


def os_deal(game: Game, os_game: Any) -> Any:
    """A fresh OpenSpiel state holding the hands of the deal ``game`` is about to bid."""
    hands = [game.hand(seat) for seat in range(4)]
    state = os_game.new_initial_state()
    for k in range(NUM_CARDS):  # card k of the chance sequence goes to player k mod 4
        assert state.is_chance_node()
        state.apply_action(os_card(hands[k % 4][k // 4]))
    assert not state.is_chance_node()
    return state


class Counts:
    def __init__(self) -> None:
        self.deals = 0
        self.decisions = 0

    def __str__(self) -> str:
        return f"{self.deals} deals, {self.decisions} decisions compared"


def play_in_both(game: Game, os_game: Any, rng: random.Random, counts: Counts) -> list[float]:
    """Play the deal ``game`` is at in both programs, comparing every decision."""
    state = os_deal(game, os_game)
    scored = len(game.deals)
    while len(game.deals) == scored:
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
    return list(state.returns())


def test_spo_every_decision_and_score_agrees_with_openspiel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """SPO-*: spades-openspiel and OpenSpiel's spades (default parameters) offer the same
    calls (the partners' cap included) and the same cards (no spade led while another suit
    is held) in every state of 1,000 deals, and score every deal alike (contract, bags,
    nil made and failed)."""
    rules = cardrules.load(PROFILE)
    os_game = pyspiel.load_game("spades")
    counts = Counts()
    nils = made = failed = 0
    for seed in range(DEALS):
        game = rules.new_game(seed=seed, dealer=3)
        returns = play_in_both(game, os_game, random.Random(seed), counts)
        assert game.phase == "finished"
        deal = game.deals[-1]
        assert [Decimal(int(r)) for r in returns] == [deal.scores[SIDE[s]] for s in range(4)]
        assert all(r == int(r) for r in returns)
        calls = deal.contract.calls
        nils += calls.count(0)
        for side in (0, 1):
            contract = calls[side] + calls[side + 2]
            took = deal.tricks[side] + deal.tricks[side + 2]
            if took >= contract:
                made += 1
            else:
                failed += 1
    with capsys.disabled():
        print(
            f"\n{PROFILE} vs OpenSpiel spades: {counts}; {made} contracts made, "
            f"{failed} failed, {nils} nil calls; 0 disagreements"
        )
    assert counts.deals == DEALS
    assert made and failed and nils  # the random calls reach every kind of score
