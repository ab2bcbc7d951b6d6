"""Every profile as a PettingZoo AEC environment (``pip install 'cardrules[pettingzoo]'``).

>>> from cardrules.envs.pettingzoo import env
>>> e = env("callbreak-strict", render_mode="ansi")
>>> e.reset(seed=1)
>>> e.agent_selection, e.observation_space("seat_0")["action_mask"].shape
('seat_0', (64,))

The agents are the seats, ``seat_0`` .. ``seat_{n-1}``; the agent selected is
the seat that decides (declarer for dummy).  Its observation is a dict: the
encoding of its view (:mod:`cardrules.envs.encoding`) under ``"observation"``
and the legal actions as a 0/1 mask under ``"action_mask"`` (all 0 for a seat
that does not decide).  An episode is a whole game (``deals`` shortens it).
``reward="deal"`` (default) gives each agent its side's score as each deal is
scored (less its penalty points where the lowest total wins); ``"game"`` gives
each agent its side's share of the win at the end (a shared win is split).
``reset()`` returns None, as PettingZoo's AEC API asks; after it every agent's
``infos`` entry is an empty dict, its reward 0, and the agent selected the
first to decide.

An action index in the action space that is not legal now (``action_mask``
0): with ``illegal="raise"`` (the default) it raises
:class:`~cardrules.IllegalAction` naming the rule, and the game is left as it
was; with ``illegal="penalty"`` it ends the episode for every agent, as
PettingZoo's ``TerminateIllegalWrapper`` does (its classic games wrap
themselves so, with -1): the offender's reward is ``illegal_penalty`` (-1.0
unless given), every other agent's 0, all are terminated (not truncated: the
game has ended, there is nothing to bootstrap), and each agent's ``infos``
holds ``"illegal_action"``: the offending agent, its seat, the index, the rule
id and the refusal in words.  An index outside the action space is refused in
either case (PettingZoo's ``AssertOutOfBoundsWrapper``).

``render()`` (``render_mode="ansi"``) returns the text picture of the game,
every hand shown: it is for watching, not for an agent.

>>> e = env("callbreak-strict", illegal="penalty")
>>> e.reset(seed=1)
>>> offender = e.agent_selection
>>> e.step(0)  # the two of clubs: a call is due, not a card
>>> sorted(e.rewards.values()), all(e.terminations.values())
([-1.0, 0.0, 0.0, 0.0], True)
>>> e.rewards[offender], e.infos["seat_3"]["illegal_action"]["agent"] == offender
(-1.0, True)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

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

__all__ = ["CardrulesEnv", "env", "raw_env"]


class CardrulesEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one profile (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "cardrules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        profile: str | Ruleset = "callbreak-strict",
        *,
        options: dict[str, Any] | None = None,
        deals: int | None = None,
        reward: str = "deal",
        illegal: str = "raise",
        illegal_penalty: float = ILLEGAL_PENALTY,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_reward(reward)
        self.illegal, self.illegal_penalty = check_illegal(illegal, illegal_penalty)
        if render_mode not in (None, "ansi"):
            raise CardrulesError(f"invalid render_mode: {render_mode!r} (expected 'ansi')")
        if isinstance(profile, Ruleset):
            self.rules = profile
        else:
            self.rules = load(profile, options=options or {}, deals=deals)
        self.encoding = Encoding(self.rules)
        self.reward_kind = reward
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self.agents = self.possible_agents[:]
        # A space each: an agent's space is seeded on its own.
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            a: self.encoding.spaces()[0] for a in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: self.encoding.spaces()[1] for a in self.possible_agents
        }
        self._seeds = random.Random()
        self.game: Game | None = None
        self._observer: GameObserver | None = None
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode -----------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: from ``seed``, or the next seed of the last one given.  Returns
        None; every agent's ``infos`` entry is then ``{}``."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = self.rules.new_game(seed=self._seeds.randrange(2**62))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        game = self.game
        assert game is not None
        if game.to_act is not None:
            self.agent_selection = self.possible_agents[game.controller(game.to_act)]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation: the encoding of its view, and its action mask."""
        game = self.game
        assert game is not None
        observer = self._observer
        if observer is None or observer.game is not game:  # (a game set by hand)
            observer = self._observer = self.encoding.observer(game)
        seat = self._seat_of.get(agent)
        if seat is None:
            seat = self.possible_agents.index(agent)  # (refused as before: a ValueError)
        return {"observation": observer.observe(seat), "action_mask": observer.mask(seat)}

    def step(self, action: Any) -> None:
        """The selected agent takes the action of index ``action``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        seat = self._seat_of[agent]
        scored = len(game.deals)
        chosen = self.encoding.action(action)
        try:
            game.apply(chosen, seat=seat)
        except IllegalAction as refused:
            if self.illegal == "raise":
                raise
            self._forfeit(agent, seat, self.encoding.index(chosen), refused)
            return
        self._cumulative_rewards[agent] = 0.0
        # (every agent's reward is set: what _clear_rewards() would clear first)
        rewards = seat_rewards(game, scored, self.reward_kind)
        for s, name in enumerate(self.possible_agents):
            self.rewards[name] = rewards[s]
        if game.phase == "finished":
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def _forfeit(self, agent: str, seat: int, index: int, refused: IllegalAction) -> None:
        """``illegal="penalty"``: the episode ends, ``agent`` rewarded the penalty."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = self.illegal_penalty
        self.terminations = dict.fromkeys(self.agents, True)
        info = {**illegal_info(seat, index, refused), "agent": agent}
        self.infos = {a: {"illegal_action": dict(info)} for a in self.agents}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The text picture of the game (every hand shown), with ``render_mode="ansi"``."""
        if self.render_mode is None or self.game is None:
            return None
        return str(self.game)

    def close(self) -> None:
        pass


#: PettingZoo's name for the unwrapped environment.
raw_env = CardrulesEnv


def env(profile: str | Ruleset = "callbreak-strict", **kwargs: Any) -> Any:
    """The environment of ``profile``, with PettingZoo's usual wrappers (an action out of
    bounds, or taken out of order, is refused)."""
    out: Any = CardrulesEnv(profile, **kwargs)
    out = _AssertOutOfBounds(out)
    return _OrderEnforcing(out)


# PettingZoo's wrappers reach each attribute of the environment through one __getattr__
# a wrapper (agent_selection, terminations, rewards...: a dozen a step, about a third of
# a step's time in a loop that drives the environment).  These subclasses make the same
# checks, in the same order, with the same errors, reading the environment directly.


def _in_space(space: spaces.Space[Any], action: Any) -> bool:
    """``space.contains(action)``, at once for an int in a Discrete space of int64 from 0
    (the spaces these environments declare)."""
    if (
        type(action) is int
        and type(space) is spaces.Discrete
        and space.dtype == np.int64
        and space.start == 0
    ):
        return 0 <= action < int(space.n)
    return bool(space.contains(action))


class _AssertOutOfBounds(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, reading the environment directly."""

    def __init__(self, env: CardrulesEnv) -> None:
        super().__init__(env)
        self._raw = env

    def step(self, action: Any) -> None:
        raw = self._raw
        agent = raw.agent_selection
        assert (
            action is None and (raw.terminations[agent] or raw.truncations[agent])
        ) or _in_space(raw.action_space(agent), action), "action is not in action space"
        raw.step(action)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` (the same checks, errors and warnings, and
    its iterator's), with ``last``, ``step`` and ``agent_iter`` reading the environment
    directly; ``str()`` as PettingZoo's gives it."""

    def __init__(self, env: _AssertOutOfBounds) -> None:
        super().__init__(env)
        self._raw = env._raw

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:  # (as reading agent_selection refuses it)
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self._raw.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self._raw.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _OrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _OrderEnforcingIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env) if hasattr(self, "metadata") else repr(self)


class _OrderEnforcingIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _OrderEnforcingIterator:
        return _OrderEnforcingIterator(self.env, self.max_iter)


class _OrderEnforcingIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's iterator of ``agent_iter``, reading the environment directly."""

    def __next__(self) -> str:
        env = self.env
        raw = env._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        agent: str = raw.agent_selection
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return agent
