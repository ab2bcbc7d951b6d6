"""Two checkouts' instructions per deal, counted by valgrind's callgrind: a measure the
machine's load cannot blur.

Wall-clock rates (``compare.py``) are what users get, but on a shared or throttled machine
their rounds can spread by tens of percent, too wide to see a change of a few.  The
instructions a deal executes are the same at every run (with ``PYTHONHASHSEED=0``), so
this script counts them: for each checkout and profile, ``run.py``'s API loop
(``legal_actions()`` / ``apply()``, random legal games) under callgrind twice, with
``--deals`` deals and with none, each after the same warm-up; the difference over the
deals is that checkout's instructions per deal.  The table gives A's and B's counts and
B/A (below 1: B executes fewer).  Run by hand (not a test); valgrind must be installed::

    .venv/bin/python benchmarks/instructions.py /somewhere/base /somewhere/new \\
        --profile callbreak-strict --profile hearts

With ``--cache`` the runs are under cachegrind's cache simulation instead, and the table
adds each side's estimated cycles per deal: the L1 hits, 5 per access served by the last
level, 35 per access that misses it (the weights of the ``iai`` benchmark harness), so that
a change that runs fewer instructions but misses the caches more shows it; the machine's
load cannot blur this figure either.

Each checkout runs with its own code (``PYTHONPATH`` = the checkout and its ``variants/``),
as in ``compare.py``; ``--python`` names the interpreter (default: this one).  Instructions
are not time: a change that allocates more, or misses the caches more, can run slower in
fewer instructions; read this table beside ``compare.py``'s, not instead of it.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

#: Run under callgrind in each checkout: warm up, then play ``deals`` random games' deals.
PLAY = r"""
import sys
sys.path.insert(0, sys.argv[1] + "/benchmarks")
import cardrules
from run import api_deals
rules = cardrules.load(sys.argv[2])
api_deals(rules, 5, 0)
if int(sys.argv[3]):
    api_deals(rules, int(sys.argv[3]), 1)
"""
#: The profiles measured unless --profile names some: those every recent checkout ships.
PROFILES = (
    "bridge-duplicate",
    "callbreak-app",
    "callbreak-strict",
    "callbridge-classic",
    "hearts",
    "minibridge-ebu",
    "oh-hell",
    "spades",
)


#: cachegrind's summary lines (every process of a run prints its own), by what they count.
CACHE_LINES = {
    "ir": r"I\s+refs:\s+([\d,]+)",
    "dr": r"D\s+refs:\s+[\d,]+\s+\(\s*([\d,]+) rd",
    "dw": r"D\s+refs:\s+[\d,]+\s+\(\s*[\d,]+ rd\s+\+\s+([\d,]+) wr",
    "l1_miss": r"(?:I1|D1)\s+misses:\s+([\d,]+)",
    "ll_miss": r"LL[id]\s+misses:\s+([\d,]+)",
}


class Counts(NamedTuple):
    """What one run executed: instructions and, under ``--cache``, estimated cycles."""

    instructions: float
    cycles: float = 0.0

    def __sub__(self, other: object) -> Counts:
        assert isinstance(other, Counts)
        return Counts(self.instructions - other.instructions, self.cycles - other.cycles)


def _total(pattern: str, text: str) -> int:
    return sum(int(found.replace(",", "")) for found in re.findall(pattern, text))


def estimated_cycles(summary: str) -> Counts:
    """Instructions and estimated cycles from cachegrind's summaries (iai's weights: an L1
    hit 1, an access served by the last level 5, one that misses it 35)."""
    ir = _total(CACHE_LINES["ir"], summary)
    accesses = ir + _total(CACHE_LINES["dr"], summary) + _total(CACHE_LINES["dw"], summary)
    l1_miss = _total(CACHE_LINES["l1_miss"], summary)
    ll_miss = _total(CACHE_LINES["ll_miss"], summary)
    return Counts(ir, (accesses - l1_miss) + 5 * (l1_miss - ll_miss) + 35 * ll_miss)


def instructions(python: str, root: Path, profile: str, deals: int, cache: bool = False) -> Counts:
    """What one run executed (every process of it: an interpreter wrapper too)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = os.pathsep.join([str(root), str(root / "variants")])
    env["PYTHONHASHSEED"] = "0"
    with tempfile.TemporaryDirectory() as tmp:
        tool = (
            ["--tool=cachegrind", "--cache-sim=yes", f"--cachegrind-out-file={tmp}/cg.%p"]
            if cache
            else ["--tool=callgrind", f"--callgrind-out-file={tmp}/cg.%p"]
        )
        out = subprocess.run(
            [
                "valgrind",
                *tool,
                "--trace-children=yes",
                python,
                "-c",
                PLAY,
                str(root),
                profile,
                str(deals),
            ],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp,
        )
    if out.returncode:
        raise SystemExit(f"{root} {profile}: the run failed:\n{out.stderr[-2000:]}")
    if cache:
        counted = estimated_cycles(out.stderr)
        if not counted.instructions:
            raise SystemExit(f"{root} {profile}: no cachegrind count:\n{out.stderr[-2000:]}")
        return counted
    counts = re.findall(r"Collected : (\d+)", out.stderr)
    if not counts:
        raise SystemExit(f"{root} {profile}: callgrind printed no count:\n{out.stderr[-2000:]}")
    return Counts(sum(int(c) for c in counts))


def per_deal(python: str, root: Path, profile: str, deals: int, cache: bool = False) -> Counts:
    """Per deal: the run with ``deals`` deals less the run with none."""
    diff = instructions(python, root, profile, deals, cache) - instructions(
        python, root, profile, 0, cache
    )
    return Counts(diff.instructions / deals, diff.cycles / deals)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=Path, help="checkout A (the baseline)")
    parser.add_argument("b", type=Path, help="checkout B (the one measured against A)")
    parser.add_argument("--profile", action="append", help="only these profiles (repeatable)")
    parser.add_argument("--deals", type=int, default=40, help="deals per run (default 40)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="runs at once")
    parser.add_argument(
        "--cache", action="store_true", help="cachegrind's cache simulation: estimated cycles too"
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    if args.deals < 1:
        raise SystemExit("--deals must be 1 or more")
    profiles = args.profile or list(PROFILES)
    jobs = [(root, profile) for profile in profiles for root in (args.a, args.b)]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        counted = list(
            pool.map(
                lambda job: per_deal(args.python, job[0], job[1], args.deals, args.cache), jobs
            )
        )
    print(f"A: {args.a}\nB: {args.b}\ninstructions per deal, {args.deals} deals of random games\n")
    head = f"| {'row':<28} | {'A':>12} | {'B':>12} |   B/A |"
    rule = f"|{'-' * 30}|{'-' * 14}|{'-' * 14}|-------|"
    if args.cache:
        head += f" {'A cycles (est.)':>15} | {'B cycles (est.)':>15} |   B/A |"
        rule += f"{'-' * 17}|{'-' * 17}|-------|"
    print(head)
    print(rule)
    for index, profile in enumerate(profiles):
        a, b = counted[2 * index], counted[2 * index + 1]
        line = (
            f"| {profile + ': API':<28} | {a.instructions:>12,.0f} | {b.instructions:>12,.0f} "
            f"| {b.instructions / a.instructions:5.3f} |"
        )
        if args.cache:
            line += f" {a.cycles:>15,.0f} | {b.cycles:>15,.0f} | {b.cycles / a.cycles:5.3f} |"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
