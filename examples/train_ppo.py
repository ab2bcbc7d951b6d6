"""Train one seat of Call Break with PPO, against three ``rule`` bots.

The learner is Stable-Baselines3's maskable PPO (``sb3_contrib.MaskablePPO``, a
standard algorithm from a maintained library) on :class:`cardrules.envs.gym.SeatEnv`:
seat 0 of ``callbreak-strict`` learns, the ``rule`` bot plays the three other
seats, an episode is a game (five deals) and the reward is the learner's score
as each deal is scored.

Every ``--every`` steps the policy plays the same ``--eval-games`` games
(deterministically, from the same seeds), and so do the ``random``, ``rule`` and
``mc`` bots in its seat: the learning curve is its mean score per deal beside
theirs.  The figures go to ``OUT/training.json`` and the plot to
``OUT/training.svg``.

Set-up and a run (the figures in the docs come from the second command)::

    python3 -m venv .venv-train
    .venv-train/bin/pip install -e '.[pettingzoo]' sb3-contrib matplotlib
    .venv-train/bin/python examples/train_ppo.py --timesteps 200000 --out docs/_static

CI runs it at a tiny size (``--timesteps 512 --every 256 --eval-games 2``) to show
it still runs; that is no measure of strength.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

from cardrules.engine.bots import make_bot
from cardrules.envs.gym import SeatEnv

PROFILE = "callbreak-strict"
BASELINES = ("random", "rule", "mc")


class Learner(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The seat's encoded view as the observation; its legal actions through
    ``action_masks()``, the method MaskablePPO asks, which is SeatEnv's own (passed on
    here, since a Gymnasium wrapper does not pass on what it does not define)."""

    def __init__(self, env: SeatEnv) -> None:
        super().__init__(env)
        self.seat_env = env
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation: dict[str, Any]) -> Any:
        return observation["observation"]

    def action_masks(self) -> Any:
        return self.seat_env.action_masks()


def make_env(seed: int) -> Learner:
    env = Learner(SeatEnv(PROFILE, seat=0, bots="rule", reward="deal"))
    env.reset(seed=seed)
    return env


def evaluate(env: Learner, seeds: list[int], player: MaskablePPO | str) -> dict[str, float]:
    """Mean and 95% half-width of the seat's score per deal, over the games of ``seeds``
    played by the trained policy or by a cardrules bot of that name."""
    seat_env: SeatEnv = env.unwrapped  # type: ignore[assignment]
    scores = []
    for seed in seeds:
        observation, _ = env.reset(seed=seed)
        bot = None if isinstance(player, MaskablePPO) else make_bot(player, f"eval/{seed}")
        total, done = 0.0, False
        while not done:
            if bot is None:
                action, _ = player.predict(
                    observation, action_masks=env.action_masks(), deterministic=True
                )
            else:
                game = seat_env.game
                assert game is not None
                action = seat_env.encoding.index(bot.choose(game.view(seat_env.seat)))
            observation, reward, done, _, _ = env.step(int(action))
            total += float(reward)
        assert seat_env.game is not None
        scores.append(total / len(seat_env.game.deals))
    mean = sum(scores) / len(scores)
    var = sum((s - mean) ** 2 for s in scores) / max(1, len(scores) - 1)
    return {"mean": mean, "ci95": 1.96 * math.sqrt(var / len(scores))}


def plot(result: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "cardrules"  # the same figures give the same file
    fig, ax = plt.subplots(figsize=(7, 4))
    steps = [p["timesteps"] for p in result["curve"]]
    means = np.array([p["mean"] for p in result["curve"]])
    ci = np.array([p["ci95"] for p in result["curve"]])
    ax.plot(steps, means, marker="o", label="MaskablePPO (seat 0)")
    ax.fill_between(steps, means - ci, means + ci, alpha=0.2)
    styles = {"random": (":", "tab:grey"), "rule": ("--", "tab:orange"), "mc": ("-.", "tab:green")}
    for name, figure in result["baselines"].items():
        style, colour = styles[name]
        ax.axhline(figure["mean"], linestyle=style, color=colour, label=f"{name} bot in its seat")
    ax.set_xlabel("training steps (the learner's decisions)")
    ax.set_ylabel("score per deal, against three rule bots")
    ax.set_title(f"{result['profile']}: {result['eval_games']} evaluation games, same seeds")
    ax.legend(loc="center right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timesteps", type=int, default=200_000)
    parser.add_argument("--every", type=int, default=20_000, help="steps between evaluations")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--n-steps", type=int, default=2048, help="PPO's rollout length")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("training-out"))
    parser.add_argument(
        "--replot", action="store_true", help="only draw OUT/training.svg from OUT/training.json"
    )
    args = parser.parse_args()
    if args.replot:
        plot(json.loads((args.out / "training.json").read_text()), args.out / "training.svg")
        return
    torch.set_num_threads(1)

    train_env = make_env(args.seed)
    eval_env = make_env(args.seed + 1)
    seeds = [10_000 + i for i in range(args.eval_games)]
    model = MaskablePPO(
        "MlpPolicy",
        train_env,
        n_steps=args.n_steps,
        batch_size=min(256, args.n_steps),
        gamma=0.98,  # a deal is about 14 of the learner's decisions
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        verbose=0,
    )
    started = time.perf_counter()
    curve = [{"timesteps": 0, **evaluate(eval_env, seeds, model)}]
    while model.num_timesteps < args.timesteps:
        model.learn(args.every, reset_num_timesteps=False)
        curve.append({"timesteps": model.num_timesteps, **evaluate(eval_env, seeds, model)})
        point = curve[-1]
        print(f"{point['timesteps']:>8} steps: {point['mean']:+.3f} ± {point['ci95']:.3f} per deal")
    baselines = {name: evaluate(eval_env, seeds, name) for name in BASELINES}
    for name, figure in baselines.items():
        print(f"{name:>8} bot: {figure['mean']:+.3f} ± {figure['ci95']:.3f} per deal")
    result = {
        "profile": PROFILE,
        "algorithm": "sb3_contrib.MaskablePPO",
        "opponents": "rule",
        "timesteps": model.num_timesteps,
        "eval_games": args.eval_games,
        "seed": args.seed,
        "seconds": round(time.perf_counter() - started, 1),
        "curve": curve,
        "baselines": baselines,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "training.json").write_text(json.dumps(result, indent=1) + "\n")
    plot(result, args.out / "training.svg")
    print(f"wrote {args.out / 'training.json'} and {args.out / 'training.svg'}")


if __name__ == "__main__":
    main()
