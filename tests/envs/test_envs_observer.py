"""The environments' observations are read from the game (``GameObserver``), not from a
view built and encoded per step: at every step of random games of every shipped profile,
for every seat, the observation and the action mask are array-equal (values and dtype) to
the encoding of the seat's view, which defines what a seat may see; through undo and new
deals too, where the observer's kept parts are worked out again.  The environment's
wrappers are PettingZoo's, reading the environment directly: they tell and refuse what
PettingZoo's own tell and refuse."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

if not os.environ.get("CARDRULES_REQUIRE_EXTRAS"):  # CI installs the extra: no skip
    pytest.importorskip("pettingzoo")  # (which brings Gymnasium and NumPy)

import numpy as np
from pettingzoo.utils import wrappers

import cardrules
from cardrules import CardrulesError
from cardrules.engine.bots import RandomBot
from cardrules.engine.game import Game
from cardrules.envs.encoding import Encoding, GameObserver
from cardrules.envs.pettingzoo import env, raw_env
from helpers import SHIPPED_PROFILES


def _same_as_the_views(enc: Encoding, observer: GameObserver, game: Game, where: str) -> None:
    for seat in range(enc.players):
        view = game.view(seat)
        expected, got = enc.observe(view), observer.observe(seat)
        assert got.dtype == expected.dtype and got.shape == expected.shape, where
        if not np.array_equal(got, expected):
            wrong = np.flatnonzero(got != expected)
            parts = sorted(
                {name for name, at, n in enc.segments() for i in wrong if at <= i < at + n}
            )
            pytest.fail(f"{where}, seat {seat}: the observation differs in {parts}")
        expected, got = enc.mask(view), observer.mask(seat)
        assert got.dtype == expected.dtype and got.shape == expected.shape, where
        assert np.array_equal(got, expected), f"{where}, seat {seat}: the mask differs"


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_the_observer_gives_the_views_encoding_at_every_step(name: str) -> None:
    rules = cardrules.load(name)
    enc = Encoding(rules)
    for seed in range(2):
        game = rules.new_game(seed=seed)
        observer = enc.observer(game)
        bot = RandomBot(seed)
        step = 0
        while True:
            _same_as_the_views(enc, observer, game, f"seed {seed}, step {step}")
            if game.to_act is None:
                break
            seat = game.controller(game.to_act)
            game.apply(bot.choose(game.view(seat)), seat=seat)
            step += 1


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_the_observer_follows_the_game_back_through_undo(name: str) -> None:
    """Undo takes tricks and auction actions back: the parts the observer keeps are worked
    out again (the same actions taken again, or others)."""
    rules = cardrules.load(name)
    enc = Encoding(rules)
    rng = random.Random(5)
    game = rules.new_game(seed=9)
    observer = enc.observer(game)
    bot = RandomBot(9)
    for step in range(300):
        if game.to_act is None:
            break
        if step and rng.random() < 0.15:
            for _ in range(rng.randrange(1, 6)):
                try:
                    game.undo()
                except CardrulesError:  # nothing left to take back in this deal
                    break
            _same_as_the_views(enc, observer, game, f"step {step}, after undo")
        seat = game.controller(game.to_act)
        game.apply(bot.choose(game.view(seat)), seat=seat)
        _same_as_the_views(enc, observer, game, f"step {step}")


# -- the wrappers: PettingZoo's, reading the environment directly ------------------------------


def _episode(e: Any, seed: int) -> list[Any]:
    """Everything an agent is told over an episode of random legal actions."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    told: list[Any] = []
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        told.append((agent, observation["observation"].tolist(), reward, terminated, info))
        told.append(observation["action_mask"].tolist())
        if terminated or truncated:
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    told.append((dict(e.rewards), dict(e.terminations), dict(e.truncations), e.agents))
    return told


@pytest.mark.parametrize("name", ["callbreak-strict", "bridge-duplicate", "twenty-nine"])
def test_the_wrapped_environment_tells_what_pettingzoos_wrappers_tell(name: str) -> None:
    ours = env(name)
    theirs = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env(name)))
    assert isinstance(ours, wrappers.OrderEnforcingWrapper)
    assert isinstance(ours.env, wrappers.AssertOutOfBoundsWrapper)
    assert str(ours) == str(theirs) == "cardrules_v0"
    for seed in range(2):
        assert _episode(ours, seed) == _episode(theirs, seed)


def test_the_wrapped_environment_refuses_what_pettingzoos_wrappers_refuse() -> None:
    for e in (
        env("callbreak-strict"),
        wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env())),
    ):
        with pytest.raises(AttributeError, match="cannot be accessed before reset"):
            e.last()
        with pytest.raises(AssertionError, match="before step"):
            e.step(0)
        with pytest.raises(AssertionError, match="before agent_iter"):
            e.agent_iter()
        e.reset(seed=1)
        for bad in (-1, 64, 2**70, 1.0, "1", None, np.int8(70)):
            with pytest.raises(AssertionError, match="not in action space"):
                e.step(bad)
        mask = e.last()[0]["action_mask"]
        e.step(np.int64(np.flatnonzero(mask)[0]))  # a NumPy int is in the space
        iterator = iter(e.agent_iter())
        next(iterator)
        with pytest.raises(AssertionError, match="need to call step"):
            next(iterator)
