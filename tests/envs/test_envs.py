"""Research adapters (cardrules.envs): every profile as a PettingZoo AEC environment that
passes PettingZoo's own api_test and seed_test, a Gymnasium environment for one seat
against bots (registered, so that ``gymnasium.make`` and Gymnasium's checker take it),
bounded observation spaces, an illegal index that raises or ends the episode with a
penalty, and an encoding of views that holds no card its seat may not see."""

from __future__ import annotations

import dataclasses
import math
import os
import random
import warnings
from decimal import Decimal

import numpy as np
import pytest

import cardrules
from cardrules import CardrulesError, IllegalAction
from cardrules.engine.bots import RandomBot
from cardrules.engine.worlds import sample_hands
from cardrules.envs.encoding import Encoding
from helpers import SHIPPED_PROFILES

if not os.environ.get("CARDRULES_REQUIRE_EXTRAS"):
    pytest.importorskip("pettingzoo")
import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cardrules.envs.encoding import TOTALS_CLIP
from cardrules.envs.gym import SeatEnv, env_id
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
            cards = enc.deck.size
            shown = vector[start : start + length].reshape(-1, cards)
            for slot, row in enumerate(shown, 1):
                other = (seat + slot) % rules.players
                allowed = {c.index for c in view.hands.get(other, ())}
                allowed |= {c.index for c in view.known.get(other, ())}
                assert set(np.flatnonzero(row)) <= allowed
            assert set(np.flatnonzero(vector[:cards])) == {c.index for c in view.hand}
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
    """Every bound is finite (0..1 but the tricks, up to the largest hand over the longest
    suit's length (13 in the French pack), and the
    totals, clipped to ±TOTALS_CLIP); a whole game's observations lie in the space."""
    e = SeatEnv(name, seat=1, bots="random")
    box = e.observation_space["observation"]
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    assert box.is_bounded() and e.observation_space["action_mask"].is_bounded()
    enc = e.encoding
    parts = {part: (start, length) for part, start, length in enc.segments()}
    start, length = parts["tricks"]
    assert box.high[start] == np.float32(enc.most_tricks / enc.tricks_scale)
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


# -- an illegal index: raise (the default), or end the episode with a penalty -----------------


def _illegal_index(mask: np.ndarray) -> int:
    """An index in the action space that the mask says is not legal now."""
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize(
    "name", ["callbreak-strict", "minibridge-ebu", "hearts", "bridge-duplicate"]
)
def test_pettingzoo_illegal_index_raises_by_default_and_the_game_is_unchanged(name: str) -> None:
    e = env(name)
    e.reset(seed=4)
    for _ in range(6):  # into the deal a little
        observation, *_ = e.last()
        e.step(int(np.flatnonzero(observation["action_mask"])[0]))
    before = e.unwrapped.game.to_json()
    observation, *_ = e.last()
    with pytest.raises(IllegalAction):
        e.step(_illegal_index(observation["action_mask"]))
    assert e.unwrapped.game.to_json() == before
    assert not any(e.terminations.values())


@pytest.mark.parametrize(
    "name", ["callbreak-strict", "minibridge-ebu", "hearts", "bridge-duplicate"]
)
def test_pettingzoo_illegal_index_under_penalty_ends_the_episode(name: str) -> None:
    """As PettingZoo's TerminateIllegalWrapper: every agent terminated, the offender
    rewarded the penalty and the others 0, ``infos`` saying why; then each agent steps
    out with None and the episode is over."""
    e = env(name, illegal="penalty", illegal_penalty=-5.0)
    e.reset(seed=4)
    for _ in range(6):
        observation, *_ = e.last()
        e.step(int(np.flatnonzero(observation["action_mask"])[0]))
    offender = e.agent_selection
    observation, *_ = e.last()
    index = _illegal_index(observation["action_mask"])
    e.step(index)
    assert all(e.terminations.values()) and not any(e.truncations.values())
    assert e.rewards == {a: (-5.0 if a == offender else 0.0) for a in e.possible_agents}
    seat = e.possible_agents.index(offender)
    for agent in e.possible_agents:
        why = e.infos[agent]["illegal_action"]
        assert (why["agent"], why["seat"], why["action"]) == (offender, seat, index)
        assert why["error"].startswith("illegal action ") and isinstance(why["rule"], str)
    got = {}
    for agent in e.agent_iter():
        _, reward, terminated, truncated, info = e.last()
        assert terminated and not truncated and "illegal_action" in info
        got[agent] = reward
        e.step(None)
    assert got == {a: (-5.0 if a == offender else 0.0) for a in e.possible_agents}
    assert e.agents == []
    e.reset(seed=4)  # a new episode plays as usual
    assert not any(e.terminations.values()) and all(i == {} for i in e.infos.values())


def test_pettingzoo_api_test_passes_under_the_penalty_option() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("spades", illegal="penalty"), num_cycles=200)


def test_seat_env_illegal_index_raises_by_default_or_terminates_with_the_penalty() -> None:
    e = SeatEnv("callbreak-strict", seat=0, bots="rule")
    observation, _ = e.reset(seed=3)
    assert e.game is not None
    before = e.game.to_json()
    index = _illegal_index(observation["action_mask"])
    with pytest.raises(IllegalAction, match="illegal action 'play "):
        e.step(index)
    assert e.game.to_json() == before
    e = SeatEnv("callbreak-strict", seat=0, bots="rule", illegal="penalty")
    observation, _ = e.reset(seed=3)
    observation, reward, terminated, truncated, info = e.step(index)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    why = info["illegal_action"]
    assert (why["seat"], why["action"], why["rule"]) == (0, index, "CBS-2.4")
    assert why["error"].startswith("illegal action 'play ")
    assert e.observation_space.contains(observation)
    assert not e.action_masks().any()
    with pytest.raises(CardrulesError, match=r"the game is over: call reset\(\)"):
        e.step(int(np.flatnonzero(observation["action_mask"])[0]))
    observation, info = e.reset(seed=3)
    assert info == {"reward_before": 0.0} and e.action_masks().any()
    with pytest.raises(CardrulesError, match="invalid action index: 999"):
        e.step(999)  # outside the space: refused under either option


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"illegal": "ignore"}, "invalid illegal: 'ignore' (expected 'raise' or 'penalty')"),
        ({"illegal_penalty": "x"}, "invalid illegal_penalty: 'x' (expected a number)"),
        ({"illegal_penalty": True}, "invalid illegal_penalty: True (expected a number)"),
        ({"illegal_penalty": math.inf}, "invalid illegal_penalty: inf (expected a finite number)"),
    ],
)
def test_the_illegal_option_is_checked(kwargs: dict[str, object], message: str) -> None:
    for make in (SeatEnv, env):
        with pytest.raises(CardrulesError) as caught:
            make("callbreak-strict", **kwargs)
        assert str(caught.value) == message


# -- SeatEnv.action_masks and reset's info ------------------------------------------------


def test_seat_env_action_masks_are_the_observations_mask_as_booleans() -> None:
    e = SeatEnv("minibridge-ebu", seat=2, bots="random")
    with pytest.raises(CardrulesError, match=r"call reset\(\) before action_masks\(\)"):
        e.action_masks()
    observation, info = e.reset(seed=8)
    assert info == {"reward_before": 0.0}
    done = False
    while not done:
        masks = e.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (e.encoding.actions,)
        assert np.array_equal(masks, observation["action_mask"].astype(bool)) and masks.any()
        observation, _, done, _, _ = e.step(int(np.flatnonzero(masks)[-1]))
    assert not e.action_masks().any()


def test_pettingzoo_reset_gives_every_agent_an_empty_info() -> None:
    e = env("oh-hell")
    assert e.reset(seed=1) is None
    assert e.infos == {agent: {} for agent in e.possible_agents}


# -- gymnasium.make -------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_gymnasium_make_makes_every_profile_and_its_checker_passes(name: str) -> None:
    """``gymnasium.make("cardrules/<profile>")`` after ``import cardrules.envs.gym``;
    Gymnasium's own checker (which steps random actions: illegal="penalty") finds nothing,
    and make's passive checker neither."""
    assert env_id(name) == f"cardrules/{name}" and env_id(name) in gymnasium.registry
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        e = gymnasium.make(env_id(name), illegal="penalty", bots="random")
        assert isinstance(e.unwrapped, SeatEnv) and e.unwrapped.rules.name == name
        check_env(e.unwrapped)
        observation, _ = e.reset(seed=1)
        rng = np.random.default_rng(1)
        for _ in range(30):
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, truncated, _ = e.step(action)
            if terminated or truncated:
                break


def test_gymnasium_make_passes_keywords_and_takes_the_module_form() -> None:
    e = gymnasium.make("cardrules.envs.gym:cardrules/spades", seat=3, bots="mc:2", reward="game")
    seat_env = e.unwrapped
    assert isinstance(seat_env, SeatEnv)
    assert (seat_env.seat, seat_env.bot_names, seat_env.reward_kind) == (3, ["mc:2"] * 3, "game")
    with pytest.raises(gymnasium.error.Error, match="nope"):  # its words are its own
        gymnasium.make("cardrules/nope")
