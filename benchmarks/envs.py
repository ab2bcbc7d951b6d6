"""Environment steps per second: cardrules' PettingZoo environments beside PettingZoo's
classic card environments and RLCard's own, measured in the same run.

Run by hand (not a test)::

    .venv/bin/pip install -q -e '.[bench,pettingzoo]'
    .venv/bin/python benchmarks/envs.py            # about half a minute
    .venv/bin/python benchmarks/envs.py --seconds 1
    .venv/bin/python benchmarks/envs.py --profiles all   # every shipped profile's row

Every row plays uniformly random legal actions for about ``--seconds`` seconds
(whole episodes, resets included) and counts the steps, the way an agent would
drive the environment: PettingZoo's AEC loop (``agent_iter``, ``last``, the
action mask, ``step``) for the PettingZoo rows, RLCard's ``env.step`` with the
state's legal actions for the RLCard rows.  The rates are best of three.  The cardrules
rows are three profiles' unless ``--profiles`` names others (``all``: every shipped
profile).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def _pettingzoo(make: Callable[[], Any], seconds: float) -> float:
    env = make()
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=int(rng.integers(1 << 30)))
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
    return steps / (time.perf_counter() - start)


def _rlcard(name: str, seconds: float) -> float:
    import rlcard

    env = rlcard.make(name, config={"seed": 0})
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
    return steps / (time.perf_counter() - start)


#: The cardrules rows unless ``--profiles`` names others.
PROFILES = ("callbreak-strict", "hearts", "bridge-duplicate")


def rows(profiles: tuple[str, ...] = PROFILES) -> list[tuple[str, Callable[[float], float]]]:
    from cardrules.envs.pettingzoo import env as cardrules_env

    out: list[tuple[str, Callable[[float], float]]] = []
    for profile in profiles:
        out.append(
            (
                f"cardrules {profile} (PettingZoo AEC)",
                lambda s, p=profile: _pettingzoo(lambda: cardrules_env(p), s),
            )
        )
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

        out.append(("PettingZoo leduc_holdem_v4", lambda s: _pettingzoo(leduc_holdem_v4.env, s)))
        out.append(("PettingZoo texas_holdem_v4", lambda s: _pettingzoo(texas_holdem_v4.env, s)))
    except ImportError as exc:  # RLCard or pygame missing
        print(f"(PettingZoo classic card environments skipped: {exc})")
    try:
        import rlcard  # noqa: F401

        for name in ("bridge", "gin-rummy", "leduc-holdem"):
            out.append((f"RLCard {name} (env.step)", lambda s, n=name: _rlcard(n, s)))
    except ImportError:
        print("(RLCard skipped: pip install rlcard)")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per repetition (2)")
    parser.add_argument(
        "--profiles",
        default=",".join(PROFILES),
        help="the cardrules rows: profile names, comma-separated, or all (%(default)s)",
    )
    args = parser.parse_args()
    if args.profiles == "all":
        import cardrules

        profiles = tuple(cardrules.profiles())
    else:
        profiles = tuple(name.strip() for name in args.profiles.split(",") if name.strip())
    print(f"{'environment':<48} {'steps/s':>10}")
    for name, run in rows(profiles):
        rate = max(run(args.seconds) for _ in range(3))
        print(f"{name:<48} {rate:>10,.0f}", flush=True)


if __name__ == "__main__":
    main()
