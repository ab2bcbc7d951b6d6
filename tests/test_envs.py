"""Research adapters (cardrules.envs): every profile as a PettingZoo AEC environment that
passes PettingZoo's own api_test and seed_test, a Gymnasium environment for one seat
against bots, and an encoding of views that holds no card its seat may not see."""

from __future__ import annotations

import dataclasses
import os
import random
import warnings
from decimal import Decimal

import numpy as np
import pytest

import cardrules
from cardrules import CardrulesError
from cardrules.engine.bots import RandomBot
from cardrules.engine.worlds import sample_hands
from cardrules.envs.encoding import Encoding
from helpers import SHIPPED_PROFILES

if not os.environ.get("CARDRULES_REQUIRE_EXTRAS"):
    pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test

from cardrules.envs.encoding import TOTALS_CLIP
from cardrules.envs.gym import SeatEnv
from cardrules.envs.pettingzoo import env


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_pettingzoo_api_and_seed_tests_pass(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(name), num_cycles=200)
        seed_test(lambda: env(name), num_cycles=200)


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_observations_hold_only_what_the_seat_may_see(name: str) -> None:
    """The encoding reads the view alone: the same view in another world (other hidden
    hands) encodes the same; the hand and shown parts hold only cards the seat sees."""
    rules = cardrules.load(name)
    enc = Encoding(rules)
    parts = {part: (start, length) for part, start, length in enc.segments()}
    rng = random.Random(4)
    for seed in range(5):
        game = rules.new_game(seed=seed)
        for _ in range(rng.randrange(0, 60)):
            if game.to_act is None:
                break
            seat = game.controller(game.to_act)
            game.apply(RandomBot(seed).choose(game.view(seat)), seat=seat)
        if game.to_act is None:
            continue
        for seat in range(rules.players):
            view = game.view(seat)
            vector = enc.observe(view)
            start, length = parts["shown"]
            shown = vector[start : start + length].reshape(-1, 52)
            for slot, row in enumerate(shown, 1):
                other = (seat + slot) % rules.players
                allowed = {c.index for c in view.hands.get(other, ())}
                allowed |= {c.index for c in view.known.get(other, ())}
                assert set(np.flatnonzero(row)) <= allowed
            assert set(np.flatnonzero(vector[:52])) == {c.index for c in view.hand}
            world = rules.game_from_view(view, sample_hands(view, rng), seed=1)
            assert np.array_equal(enc.observe(world.view(seat)), vector)


def test_the_same_seed_gives_the_same_episode_in_the_adapter_and_the_library() -> None:
    e = env("callbreak-strict")
    e.reset(seed=7)
    chosen = []
    for _agent in e.agent_iter():
        observation, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        action = int(np.flatnonzero(observation["action_mask"])[0])
        chosen.append(action)
        e.step(action)
    game = e.unwrapped.game
    again = cardrules.load("callbreak-strict").new_game(seed=random.Random(7).randrange(2**62))
    enc = Encoding(again.rules)
    for action in chosen:
        again.apply(enc.action(action))
    assert again.to_json() == game.to_json()


def test_rewards_per_deal_sum_to_the_totals() -> None:
    e = env("callbreak-strict", reward="deal")
    e.reset(seed=3)
    got = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        got[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    totals = e.unwrapped.game.totals
    assert got == pytest.approx({f"seat_{s}": float(totals[s]) for s in range(4)})


def test_the_gymnasium_seat_plays_against_bots() -> None:
    e = SeatEnv("spades", seat=2, bots="rule", reward="game")
    observation, _ = e.reset(seed=5)
    rng = np.random.default_rng(1)
    done, total = False, 0.0
    while not done:
        assert e.observation_space.contains(observation)
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, done, _, _ = e.step(action)
        total += reward
    assert total in (0.0, 0.5, 1.0)
    with pytest.raises(CardrulesError, match="invalid bots"):
        SeatEnv("spades", bots="rule,clever,rule")
    with pytest.raises(CardrulesError, match="invalid seat"):
        SeatEnv("spades", seat=4)


def test_encoding_refuses_indexes_out_of_its_space() -> None:
    enc = Encoding(cardrules.load("bridge-duplicate"))
    assert str(enc.action(52)) == "pass" and enc.index(enc.action(60)) == 60
    assert enc.actions == 52 + 38 + 2  # the calls, and the answers to a claim
    for bad in (-1, enc.actions, "x", 2.5, None):
        with pytest.raises(CardrulesError, match="invalid action index"):
            enc.action(bad)


# -- bounded observation spaces ----------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_observation_spaces_are_bounded_and_hold_every_observation(name: str) -> None:
    """Every bound is finite (0..1 but the tricks, up to the largest hand over 13, and the
    totals, clipped to ±TOTALS_CLIP); a whole game's observations lie in the space."""
    e = SeatEnv(name, seat=1, bots="random")
    box = e.observation_space["observation"]
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    assert box.is_bounded() and e.observation_space["action_mask"].is_bounded()
    enc = e.encoding
    parts = {part: (start, length) for part, start, length in enc.segments()}
    start, length = parts["tricks"]
    assert box.high[start] == np.float32(enc.most_tricks / 13)
    start, length = parts["totals"]
    assert (box.low[start : start + length] == -TOTALS_CLIP).all()
    observation, _ = e.reset(seed=2)
    rng = np.random.default_rng(2)
    done, steps = False, 0
    while not done and steps < 400:  # a few deals (a whole game where it is short)
        assert e.observation_space.contains(observation), steps
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, done, _, _ = e.step(action)
        steps += 1
    assert e.observation_space.contains(observation)
    assert e.game is not None and len(e.game.deals) >= 1


def test_totals_beyond_the_clip_read_as_the_clip() -> None:
    """A total of ±10,000 points or more is clipped, so the observation stays in its space."""
    rules = cardrules.load("bridge-duplicate")
    enc = Encoding(rules)
    start, _ = {part: (s, n) for part, s, n in enc.segments()}["totals"]
    view = rules.new_game(seed=1).view(0)
    totals = {"NS": Decimal(123_456), "EW": Decimal(-123_456)}
    vector = enc.observe(dataclasses.replace(view, totals=totals))
    assert list(vector[start : start + 4]) == [TOTALS_CLIP, -TOTALS_CLIP] * 2
    low, high = enc.bounds()
    assert (low <= vector).all() and (vector <= high).all()
    ordinary = enc.observe(dataclasses.replace(view, totals={"NS": Decimal(420), "EW": -420}))
    assert list(ordinary[start : start + 4]) == pytest.approx([4.2, -4.2] * 2)
