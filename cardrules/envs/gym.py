"""One seat learns, cardrules bots play the others: a Gymnasium environment
(``pip install 'cardrules[pettingzoo]'``, which brings Gymnasium).

>>> from cardrules.envs.gym import SeatEnv
>>> e = SeatEnv("callbreak-strict", bots="rule")
>>> observation, info = e.reset(seed=3)
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((696,), True)
>>> info
{'reward_before': 0.0}
>>> action = int(e.action_masks().argmax())
>>> observation, reward, terminated, truncated, info = e.step(action)

The observation is the learner's, as in :mod:`cardrules.envs.pettingzoo` (its
view encoded, and its action mask); :meth:`SeatEnv.action_masks` gives the mask
as booleans too, the method maskable learners (``sb3_contrib.MaskablePPO``)
ask.  The other seats are bots chosen by name (``random``, ``rule``, ``mc``,
``mc:N``, as :func:`~cardrules.engine.bots.parse_bot` reads them; one name for
all, or one per other seat), each given only its view.  ``reward="deal"``: the
learner's side's score as each deal is scored (less its penalty points where
the lowest total wins); ``"game"``: its share of the win at the end.  An
episode is a whole game; it is never truncated.

``reset()``'s ``info`` is ``{"reward_before": r}``: the learner's reward for
what happened before its first decision (the bots play up to it), 0.0 unless
a deal was scored, or the game ended, without it; ``step()``'s ``info`` is
``{}``, but for an illegal action under ``illegal="penalty"``.

An action index in the action space that is not legal now: with
``illegal="raise"`` (the default) it raises :class:`~cardrules.IllegalAction`
naming the rule and the game is left as it was; with ``illegal="penalty"`` the
episode ends, ``terminated=True`` with the reward ``illegal_penalty`` (-1.0
unless given), and ``info["illegal_action"]`` holds the seat, the index, the
rule id and the refusal in words (what Gymnasium's environment checker, which
steps random actions, expects).  An index outside the action space raises
:class:`~cardrules.CardrulesError` in either case.

Every installed profile is registered with Gymnasium when this module is
imported, as ``cardrules/<profile>``; keywords go to :class:`SeatEnv`:

>>> import gymnasium
>>> e = gymnasium.make("cardrules/spades", seat=1, bots="random", illegal="penalty")
>>> e.unwrapped.rules.name, e.unwrapped.seat
('spades', 1)

(``gymnasium.make("cardrules.envs.gym:cardrules/spades")`` imports this module
itself.)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Final

import gymnasium
import numpy as np

from cardrules.engine.bots import Bot, make_bot, parse_bots
from cardrules.engine.game import Game
from cardrules.engine.ruleset import Ruleset, load
from cardrules.envs.encoding import Encoding, GameObserver
from cardrules.envs.rewards import (
    ILLEGAL_PENALTY,
    check_illegal,
    check_reward,
    illegal_info,
    seat_rewards,
)
from cardrules.errors import CardrulesError, IllegalAction
from cardrules.profile.registry import profile_paths

__all__ = ["ENV_PREFIX", "SeatEnv", "env_id", "register"]

#: The namespace of the ids under which :func:`register` registers the profiles.
ENV_PREFIX: Final = "cardrules"


class SeatEnv(gymnasium.Env[dict[str, Any], Any]):
    """A game of ``profile`` seen from ``seat``; bots play the other seats."""

    #: (``render_fps``: Gymnasium's checker asks for it; a text picture a decision.)
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - gymnasium.Env declares it so

    def __init__(
        self,
        profile: str | Ruleset = "callbreak-strict",
        *,
        seat: int = 0,
        bots: str = "rule",
        options: dict[str, Any] | None = None,
        deals: int | None = None,
        reward: str = "deal",
        illegal: str = "raise",
        illegal_penalty: float = ILLEGAL_PENALTY,
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
        self.illegal, self.illegal_penalty = check_illegal(illegal, illegal_penalty)
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
        self._observer: GameObserver | None = None
        #: Whether an illegal action ended the episode (``illegal="penalty"``).
        self.forfeited = False

    def _observing(self) -> GameObserver:
        """The observer of the game in play (a new one for a new game)."""
        game = self.game
        assert game is not None
        observer = self._observer
        if observer is None or observer.game is not game:
            observer = self._observer = self.encoding.observer(game)
        return observer

    def _observation(self) -> dict[str, Any]:
        observer = self._observing()
        return {"observation": observer.observe(self.seat), "action_mask": observer.mask(self.seat)}

    def action_masks(self) -> Any:
        """The learner's legal actions now, as a ``bool`` vector over the action space
        (all False once the game is over): the method ``sb3_contrib.MaskablePPO`` asks."""
        if self.game is None:
            raise CardrulesError("call reset() before action_masks()")
        if self.forfeited:
            return np.zeros(self.encoding.actions, dtype=bool)
        return self._observing().mask(self.seat).astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game, played by the bots up to the learner's first decision: the
        learner's observation and ``{"reward_before": r}``, its reward for what happened
        before that decision (0.0 unless a deal was scored without it)."""
        super().reset(seed=seed)
        self.forfeited = False
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
        """The learner takes the action of index ``action``; the bots play on.  The
        episode terminates when the game is over (or, under ``illegal="penalty"``, at an
        illegal action); it is never truncated."""
        game = self.game
        if game is None:
            raise CardrulesError("call reset() before step()")
        if game.to_act is None or self.forfeited:
            raise CardrulesError("the game is over: call reset()")
        scored = len(game.deals)
        chosen = self.encoding.action(action)
        try:
            game.apply(chosen, seat=self.seat)
        except IllegalAction as refused:
            if self.illegal == "raise":
                raise
            self.forfeited = True
            info = {"illegal_action": illegal_info(self.seat, self.encoding.index(chosen), refused)}
            return self._observation(), self.illegal_penalty, True, False, info
        reward = self._advance(scored)
        return self._observation(), reward, game.phase == "finished", False, {}

    def render(self) -> str | None:
        """The game as the learner's seat sees it (text), with ``render_mode="ansi"``."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return str(self.game.view(self.seat))


def env_id(profile: str) -> str:
    """The Gymnasium id of an installed profile: ``"cardrules/callbreak-strict"``."""
    return f"{ENV_PREFIX}/{profile}"


def register(profiles: Iterable[str] | None = None) -> list[str]:
    """Register ``profiles`` (every installed profile unless given) with Gymnasium, as
    :func:`env_id` names them, and return their ids; done when this module is imported.
    ``gymnasium.make(env_id(name), **kwargs)`` then makes ``SeatEnv(name, **kwargs)``."""
    ids = []
    for name in sorted(profile_paths()) if profiles is None else profiles:
        ident = env_id(name)
        if ident not in gymnasium.registry:  # registering again would only warn
            gymnasium.register(
                id=ident, entry_point="cardrules.envs.gym:SeatEnv", kwargs={"profile": name}
            )
        ids.append(ident)
    return ids


register()
