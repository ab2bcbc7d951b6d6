"""Every profile as an OpenSpiel python game (cardrules.envs.openspiel): OpenSpiel's own
random simulation test passes for each, its information-set MCTS plays a whole deal,
and the cards chance deals are the deal the library plays."""

from __future__ import annotations

import numpy as np
import pytest

import cardrules
from helpers import SHIPPED_PROFILES

pyspiel = pytest.importorskip("pyspiel")

from cardrules.envs.openspiel import game_name, register  # noqa: E402

register(list(SHIPPED_PROFILES))


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_openspiel_random_simulation_test_passes(name: str) -> None:
    game = pyspiel.load_game(game_name(name))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_openspiel_ismcts_plays_a_whole_deal() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(game_name("callbreak-strict"))
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), 1.5, max_simulations=10, random_state=rng
    )
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        if state.current_player() == 0:
            action = bot.step(state)
            moves += 1
        else:
            action = state.legal_actions()[0]
        state.apply_action(action)
    assert moves >= 13
    assert len(state.returns()) == 4


def test_the_cards_chance_deals_are_the_deal_played() -> None:
    game = pyspiel.load_game(game_name("callbreak-strict"))
    state = game.new_initial_state()
    order = list(range(51, -1, -1))
    for index in order:
        state.apply_action(index)
    assert not state.is_chance_node()
    hands = [sorted(order[13 * s : 13 * s + 13]) for s in range(4)]
    for seat in range(4):
        assert [c.index for c in state.game_.hand(seat)] == hands[seat]
    view = cardrules.load("callbreak-strict").new_game(
        hands=[[cardrules.cards.CARDS[i] for i in h] for h in hands], dealer=0
    )
    assert [str(a) for a in view.legal_actions()] == [
        str(game_action) for game_action in state.game_.legal_actions()
    ]
