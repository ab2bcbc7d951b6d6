"""One seat learns, cardrules bots play the others: a Gymnasium environment
(``pip install 'cardrules[pettingzoo]'``, which brings Gymnasium).

>>> from cardrules.envs.gym import SeatEnv
>>> e = SeatEnv("callbreak-strict", bots="rule")
>>> observation, info = e.reset(seed=3)
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((696,), True)
>>> action = int(observation["action_mask"].argmax())
>>> observation, reward, terminated, truncated, info = e.step(action)

The observation is the learner's, as in :mod:`cardrules.envs.pettingzoo` (its
view encoded, and its action mask).  The other seats are bots chosen by name
(``random``, ``rule``, ``mc``, ``mc:N``, as :func:`~cardrules.engine.bots.parse_bot`
reads them; one name for all, or one per other seat), each given only its view.
``reward="deal"``: the learner's side's score as each deal is scored (less its
penalty points where the lowest total wins); ``"game"``: its share of the win at
the end.  An episode is a whole game.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium

from cardrules.engine.bots import Bot, make_bot, parse_bots
from cardrules.engine.game import Game
from cardrules.engine.ruleset import Ruleset, load
from cardrules.envs.encoding import Encoding
from cardrules.envs.rewards import check_reward, seat_rewards
from cardrules.errors import CardrulesError

__all__ = ["SeatEnv"]


class SeatEnv(gymnasium.Env[dict[str, Any], Any]):
    """A game of ``profile`` seen from ``seat``; bots play the other seats."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium.Env declares it so

    def __init__(
        self,
        profile: str | Ruleset = "callbreak-strict",
        *,
        seat: int = 0,
        bots: str = "rule",
        options: dict[str, Any] | None = None,
        deals: int | None = None,
        reward: str = "deal",
        render_mode: str | None = None,
    ) -> None:
        if isinstance(profile, Ruleset):
            self.rules = profile
        else:
            self.rules = load(profile, options=options or {}, deals=deals)
        n = self.rules.players
        if type(seat) is not int or not 0 <= seat < n:
            raise CardrulesError(f"invalid seat: {seat!r} (expected 0..{n - 1})")
        check_reward(reward)
        specs = parse_bots(bots)  # an unknown name is refused now
        if len(specs) == 1:
            specs = specs * (n - 1)
        if len(specs) != n - 1:
            raise CardrulesError(
                f"invalid bots: {bots!r} (one name, or one for each of the {n - 1} other seats)"
            )
        self.seat = seat
        self.bot_names = [spec.name for spec in specs]
        self._specs = specs
        self.reward_kind = reward
        self.render_mode = render_mode
        self.encoding = Encoding(self.rules)
        self.observation_space, self.action_space = self.encoding.spaces()
        self._seeds = random.Random()
        self.game: Game | None = None
        self._bots: dict[int, Bot] = {}

    def _observation(self) -> dict[str, Any]:
        assert self.game is not None
        view = self.game.view(self.seat)
        return {"observation": self.encoding.observe(view), "action_mask": self.encoding.mask(view)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game, played by the bots up to the learner's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        game_seed = self._seeds.randrange(2**62)
        self.game = self.rules.new_game(seed=game_seed)
        others = [s for s in range(self.rules.players) if s != self.seat]
        self._bots = {
            s: make_bot(spec, f"{game_seed}/{s}")
            for s, spec in zip(others, self._specs, strict=True)
        }
        reward = self._advance(0)
        return self._observation(), {"reward_before": reward}

    def _advance(self, scored: int) -> float:
        """The bots act until the learner decides or the game ends; the learner's reward
        for the deals scored from ``scored`` on (and the game, once over)."""
        game = self.game
        assert game is not None
        while game.to_act is not None:
            decider = game.controller(game.to_act)
            if decider == self.seat:
                break
            game.apply(self._bots[decider].choose(game.view(decider)), seat=decider)
        return seat_rewards(game, scored, self.reward_kind)[self.seat]

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner takes the action of index ``action``; the bots play on."""
        game = self.game
        if game is None:
            raise CardrulesError("call reset() before step()")
        if game.to_act is None:
            raise CardrulesError("the game is over: call reset()")
        scored = len(game.deals)
        game.apply(self.encoding.action(action), seat=self.seat)
        reward = self._advance(scored)
        return self._observation(), reward, game.phase == "finished", False, {}

    def render(self) -> str | None:
        """The game as the learner's seat sees it (text), with ``render_mode="ansi"``."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return str(self.game.view(self.seat))
