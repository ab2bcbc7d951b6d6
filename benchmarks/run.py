"""Throughput and memory of cardrules, measured side by side with OpenSpiel.

Run by hand (not a test)::

    .venv/bin/pip install -q -e '.[dev,bench]'
    .venv/bin/python benchmarks/run.py            # the full table, ~3 minutes
    .venv/bin/python benchmarks/run.py --quick --no-openspiel --no-pure   # a smoke run

Every row is measured in this one process, repetitions interleaved so that a
noisy neighbour slows all rows alike; start-up is measured in fresh
processes.  Rows:

* OpenSpiel ``oh_hell`` (4 players, 12 tricks) driven from Python
  (``legal_actions()`` / ``apply_action()``, chance nodes included) and in its
  own C++ loop (``pyspiel.evaluate_bots`` with uniform random bots);
* for every installed profile: random legal deals through the public API
  (``legal_actions()`` / ``apply()``) and through the batch path
  (``cardrules.batch.simulate``), each with the ratio to the matching OpenSpiel row;
* the API rows again on the pure-Python engine (``CARDRULES_ENGINE=pure``: what
  a machine without a C compiler installs), each repetition in a child process;
  the OpenSpiel reference is the same row of this run.  ``--no-pure`` leaves them
  out.  (The API rows above run on the native core where it was built: the report's
  first line names the engine.)
* start-up (``import cardrules`` + ``cardrules.load``) and memory (of the pure
  engine too, in a child process).

The random policy is the same everywhere: the choice is
``legal[int(rng.random() * len(legal))]``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: One repetition measures at least this many deals per row.
DEALS_PER_REP = {"quick": 40, "full": 400}
BATCH_DEALS = {"quick": 200, "full": 20_000}


@dataclass
class Row:
    """One measured row: deals/s of each repetition and decisions per deal."""

    name: str
    kind: str  # "api", "api-pure", "batch", "openspiel-python", "openspiel-cpp"
    profile: str = ""
    rates: list[float] = field(default_factory=list)
    us_per_decision: list[float] = field(default_factory=list)
    reference: str = ""  # name of the row the ratio is taken against

    @property
    def median(self) -> float:
        return statistics.median(self.rates) if self.rates else float("nan")


# -- OpenSpiel ---------------------------------------------------------------


#: The reference game of every profile without a twin: (OpenSpiel game, parameters,
#: decisions per deal).
REFERENCE = ("oh_hell", {"players": 4, "num_tricks_fixed": 12}, 4 + 4 * 12)
#: Profiles that play exactly an OpenSpiel game: their rows are compared like for like.
TWINS: dict[str, tuple[str, dict[str, Any], int]] = {
    "oh-hell-openspiel-4x5": ("oh_hell", {"players": 4, "num_tricks_fixed": 5}, 4 + 4 * 5),
    "spades-openspiel": ("spades", {}, 4 + 52),
    "hearts-openspiel": ("hearts", {}, 4 * 3 + 52),
}


def openspiel_game(name: str, params: dict[str, Any]) -> Any:
    import pyspiel

    return pyspiel.load_game(name, params)


def openspiel_python(game: Any, deals: int, seed: int, outcomes: bool) -> tuple[float, int]:
    """Random deals driven from Python; (seconds, decisions).

    Chance nodes are driven like decisions (``legal_actions()``, the faster drive,
    uniform over the cards left) or, with ``outcomes``, through ``chance_outcomes()``.
    """
    random = Random(seed).random
    decisions = 0
    start = time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                if outcomes:
                    chances = state.chance_outcomes()
                    state.apply_action(chances[int(random() * len(chances))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(random() * len(legal))])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(random() * len(legal))])
                decisions += 1
    return time.perf_counter() - start, decisions


def openspiel_cpp(game: Any, deals: int, seed: int, per_deal: int) -> tuple[float, int]:
    """Random deals in OpenSpiel's own C++ loop; (seconds, decisions)."""
    import pyspiel

    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(players)]
    start = time.perf_counter()
    for i in range(deals):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + i)
    elapsed = time.perf_counter() - start
    return elapsed, deals * per_deal


# -- cardrules ---------------------------------------------------------------


def api_deals(rules: Any, deals: int, seed: int) -> tuple[float, int, int]:
    """Random legal games through ``legal_actions()`` / ``apply()``; (seconds, decisions, deals)."""
    random = Random(seed).random
    decisions = 0
    played = 0
    game_seed = seed * 1_000_003
    start = time.perf_counter()
    while played < deals:
        game = rules.new_game(seed=game_seed)
        game_seed += 1
        legal_actions = game.legal_actions
        apply = game.apply
        while game.phase != "finished":
            legal = legal_actions()
            apply(legal[int(random() * len(legal))])
            decisions += 1
        played += len(game.deals)
    return time.perf_counter() - start, decisions, played


def batch_deals(name: str, deals: int, seed: int) -> tuple[float, int, int]:
    """Random deals through ``cardrules.batch.simulate``; (seconds, decisions, deals)."""
    import cardrules

    start = time.perf_counter()
    result = cardrules.simulate(name, deals=deals, seed=seed, engine="numpy")
    elapsed = time.perf_counter() - start
    return elapsed, result.decisions, len(result)


# -- the pure engine ---------------------------------------------------------


def in_pure(*argv: str) -> list[str]:
    """Run this script's child side (``--child ...``) on the pure engine; its words."""
    out = subprocess.run(
        [sys.executable, __file__, "--child", *argv],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "CARDRULES_ENGINE": "pure"},
        cwd=ROOT,
    ).stdout.split()
    if out[:2] != ["pure", "Python"]:
        raise SystemExit(f"the child ran the {' '.join(out[:2])} engine, not the pure one")
    return out[2:]


def pure_api(name: str, deals: int, seed: int) -> tuple[float, int, int]:
    """:func:`api_deals` on the pure engine, in a child process (warmed up first)."""
    seconds, decisions, played = in_pure("api", name, str(deals), str(seed))
    return float(seconds), int(decisions), int(played)


def pure_memory(name: str, live: int) -> tuple[int, int]:
    """:func:`memory` on the pure engine, in a child process."""
    single, many = in_pure("memory", name, str(live))
    return int(single), int(many)


def child(argv: list[str]) -> None:
    """The child side of :func:`in_pure`: the engine it runs, then the numbers."""
    import cardrules
    from cardrules.engine import build

    kind, name, *numbers = argv
    if kind == "api":
        rules = cardrules.load(name)
        api_deals(rules, 2, 0)  # warm-up, as in the parent
        result: tuple[object, ...] = api_deals(rules, int(numbers[0]), int(numbers[1]))
    else:
        result = memory(name, int(numbers[0]))
    print(build(), *result)


# -- start-up and memory -----------------------------------------------------

STARTUP_CODE = """
import time
t0 = time.perf_counter()
import cardrules
t1 = time.perf_counter()
cardrules.load("callbreak-strict")
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def startup(reps: int) -> tuple[list[float], list[float]]:
    """Seconds for ``import cardrules`` and for ``load()``, each in a fresh process.

    Measured as an installed package runs: with its bytecode cached (a first,
    unmeasured run writes the ``.pyc`` files even where the environment says
    ``PYTHONDONTWRITEBYTECODE``).
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    imports, loads = [], []
    for rep in range(reps + 1):
        out = subprocess.run(
            [sys.executable, "-c", STARTUP_CODE],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env=env,
        ).stdout.split()
        if rep:
            imports.append(float(out[0]))
            loads.append(float(out[1]))
    return imports, loads


def memory(name: str, live: int) -> tuple[int, int]:
    """Bytes of one game in the middle of a deal, and of ``live`` such games."""
    import cardrules

    rules = cardrules.load(name)

    def mid_game(seed: int) -> Any:
        game = rules.new_game(seed=seed)
        random = Random(seed).random
        for _ in range(30):  # the calls and a few tricks
            legal = game.legal_actions()
            game.apply(legal[int(random() * len(legal))])
        return game

    mid_game(0)  # warm every cache first
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    one = mid_game(1)
    single = tracemalloc.get_traced_memory()[0] - base
    del one
    gc.collect()
    base = tracemalloc.get_traced_memory()[0]
    games = [mid_game(i) for i in range(live)]
    many = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    del games
    return single, many


# -- the run -----------------------------------------------------------------


def measure(
    rows: list[Row], runners: dict[str, Callable[[int], tuple[float, int, int]]], reps: int
) -> None:
    """Interleave the repetitions of every row."""
    for rep in range(reps):
        for row in rows:
            seconds, decisions, deals = runners[row.name](rep)
            row.rates.append(deals / seconds)
            row.us_per_decision.append(seconds / decisions * 1e6)
        print(f"  repetition {rep + 1}/{reps} done", file=sys.stderr)


def fmt_rate(value: float) -> str:
    return f"{value:,.0f}"


def table(rows: list[Row]) -> list[str]:
    """The report, as Markdown-ish table lines (also valid reST ``grid``-free text)."""
    by_name = {r.name: r for r in rows}
    head = ("row", "deals/s median", "min", "max", "µs/decision", "ratio")
    lines = [head]
    for row in rows:
        ref = by_name.get(row.reference)
        ratio = f"{row.median / ref.median:.2f}× {ref.name}" if ref else ""
        lines.append(
            (
                row.name,
                fmt_rate(row.median),
                fmt_rate(min(row.rates)),
                fmt_rate(max(row.rates)),
                f"{statistics.median(row.us_per_decision):.2f}",
                ratio,
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    out = []
    for n, line in enumerate(lines):
        out.append(
            "| "
            + " | ".join(
                cell.ljust(w) if i in (0, 5) else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(line, widths, strict=True))
            )
            + " |"
        )
        if n == 0:
            out.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="few deals: a smoke run")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel rows")
    parser.add_argument("--reps", type=int, default=5, help="repetitions per row (default 5)")
    parser.add_argument("--profile", action="append", help="only these profiles (repeatable)")
    parser.add_argument("--no-batch", action="store_true", help="skip the batch rows")
    parser.add_argument("--json", type=Path, help="also write the numbers to this JSON file")
    parser.add_argument("--no-pure", action="store_true", help="skip the pure-Python engine's rows")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child)
        return 0

    import cardrules
    from cardrules.batch.engines import not_batched
    from cardrules.engine import build

    size = "quick" if args.quick else "full"
    per_rep = DEALS_PER_REP[size]
    batch_n = BATCH_DEALS[size]
    reps = args.reps
    names = args.profile or cardrules.profiles()

    rows: list[Row] = []
    runners: dict[str, Callable[[int], tuple[float, int, int]]] = {}
    skipped: list[str] = []

    def add_row(
        name: str,
        kind: str,
        profile: str,
        reference: str,
        runner: Callable[[int], tuple[float, int, int]],
    ) -> None:
        """A cardrules row, compared with an OpenSpiel row when those are measured."""
        row = Row(name, kind, profile)
        if have_openspiel:
            row.reference = reference
        rows.append(row)
        runners[name] = runner

    have_openspiel = not args.no_openspiel
    names = list(names)
    #: OpenSpiel's rows of each game measured: (from Python, C++ loop) row names.
    peer_rows: dict[tuple[str, str], tuple[str, str]] = {}

    def add_peer(game_name: str, params: dict[str, Any], per_deal: int) -> tuple[str, str]:
        """OpenSpiel's rows for one game (two drives from Python, its C++ loop)."""
        key = (game_name, json.dumps(params, sort_keys=True))
        if key in peer_rows:
            return peer_rows[key]
        game = openspiel_game(game_name, params)
        label = game_name + "".join(f" {k}={v}" for k, v in params.items())

        def os_py(rep: int, outcomes: bool = False) -> tuple[float, int, int]:
            seconds, decisions = openspiel_python(game, per_rep, rep, outcomes)
            return seconds, decisions, per_rep

        def os_cpp(rep: int) -> tuple[float, int, int]:
            n = per_rep * 4
            seconds, decisions = openspiel_cpp(game, n, rep, per_deal)
            return seconds, decisions, n

        python_row = f"OpenSpiel {label}, from Python"
        rows.append(Row(python_row, "openspiel-python"))
        runners[python_row] = os_py
        rows.append(Row(f"OpenSpiel {label}, from Python (chance_outcomes)", "openspiel-python"))
        runners[rows[-1].name] = lambda rep: os_py(rep, outcomes=True)
        cpp_row = f"OpenSpiel {label}, C++ loop"
        rows.append(Row(cpp_row, "openspiel-cpp"))
        runners[cpp_row] = os_cpp
        peer_rows[key] = (python_row, cpp_row)
        return peer_rows[key]

    if have_openspiel:
        try:
            reference = add_peer(*REFERENCE)
        except ImportError:
            print("OpenSpiel is not installed: pip install -e '.[bench]'", file=sys.stderr)
            return 2
    for name in names:
        try:
            rules = cardrules.load(name)
        except cardrules.CardrulesError as exc:
            skipped.append(f"skipped {name}: " + " ".join(str(exc).split()))
            continue
        api_deals(rules, 2, 0)  # warm-up

        def api(rep: int, rules: Any = rules) -> tuple[float, int, int]:
            return api_deals(rules, per_rep, rep)

        peer = reference if have_openspiel else ("", "")
        if have_openspiel and name in TWINS:
            peer = add_peer(*TWINS[name])  # the same game in both programs
        add_row(f"{name}: API", "api", name, peer[0], api)
        if not args.no_pure:

            def api_pure(rep: int, name: str = name) -> tuple[float, int, int]:
                return pure_api(name, per_rep, rep)

            add_row(f"{name}: API, pure Python", "api-pure", name, peer[0], api_pure)
        unbatched = not_batched(rules)
        if unbatched and not args.no_batch:
            skipped.append(f"no batch row for {name}: the NumPy engine {unbatched}")
        if not args.no_batch and not unbatched:

            def batch(rep: int, name: str = name) -> tuple[float, int, int]:
                return batch_deals(name, batch_n, rep)

            add_row(f"{name}: batch", "batch", name, peer[1], batch)
            batch(0)  # warm-up

    print(f"measuring {len(rows)} rows x {reps} repetitions ...", file=sys.stderr)
    live = 1_000 if args.quick else 10_000
    pure_single = pure_many = None
    measure(rows, runners, reps)
    if not args.no_pure:
        pure_single, pure_many = pure_memory("callbreak-strict", live)
    imports, loads = startup(reps)
    together = [a + b for a, b in zip(imports, loads, strict=True)]
    single, many = memory("callbreak-strict", live)
    memory_pure = (
        ""
        if pure_single is None or pure_many is None
        else f" (pure Python: {pure_single / 1024:.1f} KiB; {pure_many / 2**20:.1f} MiB)"
    )

    report = [
        f"cardrules {cardrules.__version__} (engine: {build()}"
        f"{', and the pure-Python engine' if not args.no_pure else ''}), "
        f"Python {platform.python_version()}, {platform.machine()}, {size} run, "
        f"{reps} repetitions",
        "",
        *table(rows),
        *skipped,
        "",
        f"start-up (fresh process, median of {reps}): import cardrules "
        f"{statistics.median(imports) * 1e3:.0f} ms + load('callbreak-strict') "
        f"{statistics.median(loads) * 1e3:.0f} ms = "
        f"{statistics.median(together) * 1e3:.0f} ms (target < 150 ms)",
        f"memory: one callbreak-strict game in progress {single / 1024:.1f} KiB; "
        f"{live:,} live games {many / 2**20:.1f} MiB{memory_pure}",
    ]
    print("\n".join(report))
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "rows": [
                        {
                            "name": r.name,
                            "kind": r.kind,
                            "profile": r.profile,
                            "deals_per_s": r.rates,
                            "us_per_decision": r.us_per_decision,
                            "reference": r.reference,
                        }
                        for r in rows
                    ],
                    "startup_import_s": imports,
                    "startup_load_s": loads,
                    "memory_one_game_bytes": single,
                    "memory_live_games_bytes": many,
                    "memory_one_game_bytes_pure": pure_single,
                    "memory_live_games_bytes_pure": pure_many,
                    "live_games": live,
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
