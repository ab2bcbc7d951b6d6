"""The environments' observations are read from the game (``GameObserver``), not from a
view built and encoded per step: at every step of random games of every shipped profile,
for every seat, the observation and the action mask are array-equal (values and dtype) to
the encoding of the seat's view, which defines what a seat may see; through undo and new
deals too, where the observer's kept parts are worked out again."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardrules
from cardrules import CardrulesError
from cardrules.engine.bots import RandomBot
from cardrules.engine.game import Game
from cardrules.envs.encoding import Encoding, GameObserver
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
