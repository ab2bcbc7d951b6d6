"""Two checkouts' throughput, measured side by side in one run.

Runs ``benchmarks/run.py`` of each checkout with that checkout's own code
(``PYTHONPATH`` = the checkout and its ``variants/``, ahead of anything the
interpreter has installed), alternating A, B, A, B ... for ``--rounds``
rounds so that load on the machine hits both alike, each round writing its
JSON; then prints one table: every row of either run with A's and B's median
and min over the rounds, the ratio B/A and a flag where B is slower beyond
the spread of the rounds.  Run by hand (not a test)::

    git worktree add /somewhere/base 97b6fee
    git worktree add --detach /somewhere/new main
    .venv/bin/python benchmarks/compare.py /somewhere/base /somewhere/new --rounds 4

Every run gets ``--no-openspiel --no-pure`` unless ``--openspiel`` or
``--pure`` asks for those rows; ``--quick``, ``--reps``, ``--profile``
and ``--no-batch`` are passed on.  Before the first round each checkout is
checked: its ``cardrules`` (and every ``cardrules*`` module its profiles
load) must come from inside it, not from an editable install elsewhere.

Numbers: a round's value of a row is the median of that run's repetitions;
the table shows the median and the min of those values over the rounds
(with one round, of the repetitions).  ``B/A`` is B's median over A's, in
deals per second (above 1: B is faster); ``paired`` is the range of the
per-round ratios (A and B of the same round ran back to back) and ``B<A``
the rounds in which B was the slower.  ``SLOWER`` marks a row whose every B
value is below every A value, ``faster`` the reverse; rows without a flag
differ by less than the rounds' spread.  Under the table, per kind of row,
the geometric mean of all the paired ratios.  ``--tabulate DIR`` prints the
table of the rounds an earlier ``--out DIR`` kept, measuring nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Run in each checkout's environment before the rounds: where its modules come from.
CHECK_CODE = r"""
import json, sys
from pathlib import Path
root = Path(sys.argv[1]).resolve()
import cardrules
loaded, failed = [], []
for name in cardrules.profiles():
    try:
        cardrules.load(name)
        loaded.append(name)
    except cardrules.CardrulesError:
        failed.append(name)
foreign = sorted(
    f"{name}: {module.__file__}"
    for name, module in list(sys.modules.items())
    if name.split(".")[0].startswith("cardrules")
    and getattr(module, "__file__", None)
    and not Path(module.__file__).resolve().is_relative_to(root)
)
print(json.dumps({
    "cardrules_file": cardrules.__file__,
    "version": cardrules.__version__,
    "profiles": loaded,
    "failed": failed,
    "foreign": foreign,
}))
"""


@dataclass
class Checkout:
    """One side of the comparison."""

    label: str
    root: Path
    commit: str = ""
    cardrules_file: str = ""
    #: One run.py JSON document per round.
    runs: list[dict[str, Any]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def where(self) -> str:
        """The checkout's path, and its commit when it is a git checkout."""
        return f"{self.root} {self.commit}" if self.commit else str(self.root)

    def env(self) -> dict[str, str]:
        paths = [str(self.root), str(self.root / "variants")]
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        env["PYTHONPATH"] = os.pathsep.join(paths)
        return env


def git_commit(root: Path) -> str:
    """The commit a checkout is at (with ``+changes`` when its tree differs), or ``""``."""
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""
    return head + ("+changes" if dirty else "")


def check(python: str, side: Checkout) -> dict[str, Any]:
    """Import the checkout's cardrules and load its profiles; refuse modules from elsewhere."""
    out = subprocess.run(
        [python, "-c", CHECK_CODE, str(side.root)],
        capture_output=True,
        text=True,
        env=side.env(),
        cwd=tempfile.gettempdir(),
    )
    if out.returncode:
        raise SystemExit(f"{side.label} ({side.root}): cardrules does not import:\n{out.stderr}")
    found: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    here = Path(found["cardrules_file"]).resolve()
    if not here.is_relative_to(side.root.resolve()):
        raise SystemExit(f"{side.label} imported cardrules from {here}, not from {side.root}")
    if found["foreign"]:
        raise SystemExit(
            f"{side.label} ({side.root}) loads modules from outside it:\n  "
            + "\n  ".join(found["foreign"])
        )
    side.cardrules_file = found["cardrules_file"]
    return found


def run_once(python: str, side: Checkout, passed: list[str], out: Path) -> None:
    """One run of the checkout's run.py; its JSON is appended to ``side.runs``."""
    log = out.with_suffix(".log")
    script = side.root / "benchmarks" / "run.py"
    if "--no-pure" not in script.read_text():  # a checkout from before the native core
        passed = ["--no-compiled" if arg == "--no-pure" else arg for arg in passed]
    start = time.perf_counter()
    with log.open("w") as sink:
        done = subprocess.run(
            [python, str(script), *passed, "--json", str(out)],
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=side.env(),
            cwd=side.root,
        )
    side.seconds.append(time.perf_counter() - start)
    if done.returncode:
        raise SystemExit(f"{side.label}'s run.py failed (exit {done.returncode}); see {log}")
    side.runs.append(json.loads(out.read_text()))


# -- the table ---------------------------------------------------------------


@dataclass
class Compared:
    """One row of the comparison: each side's per-round values (deals/s)."""

    name: str
    profile: str
    kind: str
    a: list[float]  # one value per round (the round's median), or the reps of a single round
    b: list[float]
    paired: list[float]  # B/A of each round

    @property
    def ratio(self) -> float:
        if not self.a or not self.b:
            return float("nan")
        return statistics.median(self.b) / statistics.median(self.a)

    @property
    def flag(self) -> str:
        if not self.a or not self.b:
            return "only " + ("A" if self.a else "B")
        if max(self.b) < min(self.a):
            return "SLOWER"
        if min(self.b) > max(self.a):
            return "faster"
        return ""


def row_values(runs: list[dict[str, Any]], key: str = "deals_per_s") -> dict[str, list[float]]:
    """Per row name: the median of each round's repetitions (a single round: its reps)."""
    values: dict[str, list[float]] = {}
    for run in runs:
        for row in run["rows"]:
            values.setdefault(row["name"], []).append(statistics.median(row[key]))
    if len(runs) == 1:
        for run in runs:
            for row in run["rows"]:
                values[row["name"]] = list(row[key])
    return values


def compare(a: Checkout, b: Checkout) -> list[Compared]:
    """Every row of either side, in the order run.py prints them (A's rows first)."""
    av, bv = row_values(a.runs), row_values(b.runs)
    meta: dict[str, tuple[str, str]] = {}
    for run in a.runs[:1] + b.runs[:1]:
        for row in run["rows"]:
            meta.setdefault(row["name"], (row["profile"], row["kind"]))
    rows = []
    for name, (profile, kind) in meta.items():
        rounds_a = [statistics.median(r["deals_per_s"]) for r in rows_named(a.runs, name)]
        rounds_b = [statistics.median(r["deals_per_s"]) for r in rows_named(b.runs, name)]
        paired = [y / x for x, y in zip(rounds_a, rounds_b, strict=False)]
        rows.append(Compared(name, profile, kind, av.get(name, []), bv.get(name, []), paired))
    return rows


def rows_named(runs: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [row for run in runs for row in run["rows"] if row["name"] == name]


def fmt(value: float | None, digits: int = 0) -> str:
    if value is None or value != value:  # NaN
        return "-"
    return f"{value:,.{digits}f}"


def grid(head: tuple[str, ...], lines: Sequence[tuple[str, ...]], left: set[int]) -> list[str]:
    """Markdown table lines; columns in ``left`` are left-aligned, the rest right-aligned."""
    cells = [head, *lines]
    widths = [max(len(line[i]) for line in cells) for i in range(len(head))]
    out = []
    for n, line in enumerate(cells):
        out.append(
            "| "
            + " | ".join(
                cell.ljust(w) if i in left else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(line, widths, strict=True))
            )
            + " |"
        )
        if n == 0:
            out.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return out


def paired_range(paired: list[float]) -> str:
    if not paired:
        return "-"
    low, high = min(paired), max(paired)
    return f"{low:.2f}" if len(paired) == 1 else f"{low:.2f}–{high:.2f}"


def throughput_table(rows: list[Compared]) -> list[str]:
    head = ("row", "A median", "A min", "B median", "B min", "B/A", "paired", "B<A", "flag")
    lines = [
        (
            row.name,
            fmt(statistics.median(row.a) if row.a else None),
            fmt(min(row.a) if row.a else None),
            fmt(statistics.median(row.b) if row.b else None),
            fmt(min(row.b) if row.b else None),
            fmt(row.ratio, 2),
            paired_range(row.paired),
            f"{sum(p < 1 for p in row.paired)}/{len(row.paired)}",
            row.flag,
        )
        for row in rows
    ]
    return grid(head, lines, left={0, 8})


def by_kind(rows: list[Compared]) -> list[str]:
    """Per kind of row (API, batch ...): the geometric mean of every row's paired B/A."""
    lines = []
    for kind in dict.fromkeys(row.kind for row in rows):
        paired = [p for row in rows if row.kind == kind for p in row.paired]
        if paired:
            mean = math.exp(statistics.fmean(math.log(p) for p in paired))
            below = sum(p < 1 for p in paired)
            lines.append(
                f"{kind} rows: paired B/A geometric mean {mean:.2f}; "
                f"B slower in {below} of {len(paired)} row-rounds"
            )
    return lines


def startup_ms(runs: list[dict[str, Any]]) -> list[float]:
    """Per round, the median start-up (import cardrules + load) in ms."""
    return [
        statistics.median(
            (i + lo) * 1e3 for i, lo in zip(r["startup_import_s"], r["startup_load_s"], strict=True)
        )
        for r in runs
    ]


def others(a: Checkout, b: Checkout) -> list[tuple[str, list[float], list[float]]]:
    """Start-up and memory: (name, A's values per round, B's), lower is better."""
    return [
        ("start-up: import + load, ms", startup_ms(a.runs), startup_ms(b.runs)),
        (
            "memory: one game in progress, KiB",
            [r["memory_one_game_bytes"] / 1024 for r in a.runs],
            [r["memory_one_game_bytes"] / 1024 for r in b.runs],
        ),
        (
            "memory: the live games, MiB",
            [r["memory_live_games_bytes"] / 2**20 for r in a.runs],
            [r["memory_live_games_bytes"] / 2**20 for r in b.runs],
        ),
    ]


def others_table(items: list[tuple[str, list[float], list[float]]]) -> list[str]:
    head = ("lower is better", "A median", "A min", "B median", "B min", "B/A", "flag")
    lines = []
    for name, av, bv in items:
        ratio = statistics.median(bv) / statistics.median(av)
        flag = "SLOWER" if min(bv) > max(av) else "faster" if max(bv) < min(av) else ""
        if name.startswith("memory"):
            flag = "more" if flag == "SLOWER" else "less" if flag == "faster" else ""
        lines.append(
            (
                name,
                fmt(statistics.median(av), 1),
                fmt(min(av), 1),
                fmt(statistics.median(bv), 1),
                fmt(min(bv), 1),
                fmt(ratio, 2),
                flag,
            )
        )
    return grid(head, lines, left={0, 6})


def load_average() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.1f} {five:.1f} {fifteen:.1f} on {os.cpu_count()} CPUs"


# -- the run -----------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=Path, help="checkout A (the baseline)")
    parser.add_argument("b", type=Path, help="checkout B (the one measured against A)")
    parser.add_argument("--rounds", type=int, default=3, help="A, B rounds (default 3)")
    parser.add_argument(
        "--max-minutes",
        type=float,
        help="start no round that would end after this many minutes (at least one runs)",
    )
    parser.add_argument("--quick", action="store_true", help="passed on: few deals")
    parser.add_argument("--reps", type=int, help="passed on: repetitions per row")
    parser.add_argument("--profile", action="append", help="passed on: only these profiles")
    parser.add_argument("--no-batch", action="store_true", help="passed on: no batch rows")
    parser.add_argument("--openspiel", action="store_true", help="measure the OpenSpiel rows too")
    parser.add_argument("--pure", action="store_true", help="measure the pure engine's rows too")
    parser.add_argument(
        "--python", default=sys.executable, help="the interpreter of both (default: this one)"
    )
    parser.add_argument("--out", type=Path, help="keep each round's JSON and log here")
    parser.add_argument("--json", type=Path, help="also write the table to this JSON file")
    parser.add_argument(
        "--tabulate",
        type=Path,
        metavar="DIR",
        help="measure nothing: the table of the rounds an earlier --out DIR kept",
    )
    args = parser.parse_args(argv)

    passed: list[str] = []
    if args.quick:
        passed.append("--quick")
    if args.reps is not None:
        passed += ["--reps", str(args.reps)]
    for name in args.profile or []:
        passed += ["--profile", name]
    if args.no_batch:
        passed.append("--no-batch")
    if not args.openspiel:
        passed.append("--no-openspiel")
    if not args.pure:
        passed.append("--no-pure")

    sides = [Checkout("A", args.a.resolve()), Checkout("B", args.b.resolve())]
    if args.tabulate:
        return tabulate(args, sides, passed)
    for side in sides:
        if not (side.root / "benchmarks" / "run.py").is_file():
            raise SystemExit(f"{side.root} has no benchmarks/run.py")
        side.commit = git_commit(side.root)
        found = check(args.python, side)
        print(
            f"{side.label}: {side.where()} imports {found['cardrules_file']} "
            f"(cardrules {found['version']}, {len(found['profiles'])} profiles)",
            file=sys.stderr,
        )
    out = args.out or Path(tempfile.mkdtemp(prefix="bench-compare-"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "run-args.json").write_text(json.dumps(passed))
    load_before = load_average()
    started = time.perf_counter()
    a, b = sides
    try:
        for n in range(args.rounds):
            if n and args.max_minutes is not None:
                per_round = (time.perf_counter() - started) / n
                if time.perf_counter() - started + per_round > args.max_minutes * 60:
                    print(f"stopping after {n} rounds (--max-minutes)", file=sys.stderr)
                    break
            for side in sides:
                print(f"round {n + 1}/{args.rounds}: {side.label} ...", file=sys.stderr, flush=True)
                run_once(args.python, side, passed, out / f"round{n + 1}-{side.label}.json")
                print(f"  {side.seconds[-1]:.0f} s", file=sys.stderr)
    except KeyboardInterrupt:
        del a.runs[len(b.runs) :]  # a round is both sides or nothing
        if not b.runs:
            return 130
        print(f"interrupted: the table of the {len(b.runs)} whole rounds", file=sys.stderr)
    elapsed = time.perf_counter() - started
    how = (
        f"{elapsed / 60:.1f} min; Python {platform.python_version()} ({args.python}), "
        f"{platform.machine()}; load average {load_before} before, {load_average()} after"
    )
    return report(args, sides, passed, how, out, elapsed, [load_before, load_average()])


def tabulate(args: argparse.Namespace, sides: list[Checkout], passed: list[str]) -> int:
    """The table of the whole rounds kept in ``args.tabulate``."""
    for side in sides:
        side.commit = git_commit(side.root)
    kept_args = args.tabulate / "run-args.json"
    if kept_args.is_file():
        passed = json.loads(kept_args.read_text())
    else:
        passed = ["(options not recorded)"]
    n = 1
    while all((args.tabulate / f"round{n}-{side.label}.json").is_file() for side in sides):
        for side in sides:
            kept = args.tabulate / f"round{n}-{side.label}.json"
            side.runs.append(json.loads(kept.read_text()))
        n += 1
    if not sides[0].runs:
        raise SystemExit(f"{args.tabulate} holds no whole round (round1-A.json, round1-B.json)")
    return report(args, sides, passed, f"tabulated from {args.tabulate}", args.tabulate, None, [])


def report(
    args: argparse.Namespace,
    sides: list[Checkout],
    passed: list[str],
    how: str,
    out: Path,
    elapsed: float | None,
    load: list[str],
) -> int:
    """Print the tables (and write ``args.json``)."""
    a, b = sides
    rounds = len(a.runs)
    rows = compare(a, b)
    extra = others(a, b)
    lines = [
        f"A: {a.where()}",
        f"B: {b.where()}",
        f"run.py {' '.join(passed)}; {rounds} rounds (A, B alternating), {how}",
        "deals/s: median and min over the rounds of each round's median"
        + (" (one round: of its repetitions)" if rounds == 1 else "")
        + "; B/A above 1 is B faster; paired: the rounds' own B/A (B<A: rounds B was slower)",
        "",
        *throughput_table(rows),
        "",
        *by_kind(rows),
        "",
        *others_table(extra),
    ]
    slower = [row.name for row in rows if row.flag == "SLOWER"]
    lines += [
        "",
        f"B slower beyond the rounds' spread: {', '.join(slower)}"
        if slower
        else "B slower beyond the rounds' spread: no row",
        f"each round's JSON and log: {out}",
    ]
    print("\n".join(lines))
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "a": {"root": str(a.root), "commit": a.commit, "cardrules": a.cardrules_file},
                    "b": {"root": str(b.root), "commit": b.commit, "cardrules": b.cardrules_file},
                    "run_args": passed,
                    "rounds": rounds,
                    "seconds": elapsed,
                    "load_average": load,
                    "rows": [
                        {
                            "name": row.name,
                            "profile": row.profile,
                            "kind": row.kind,
                            "a_deals_per_s": row.a,
                            "b_deals_per_s": row.b,
                            "a_median": statistics.median(row.a) if row.a else None,
                            "b_median": statistics.median(row.b) if row.b else None,
                            "ratio": None if row.ratio != row.ratio else row.ratio,
                            "paired": row.paired,
                            "flag": row.flag,
                        }
                        for row in rows
                    ],
                    "lower_is_better": [{"name": name, "a": av, "b": bv} for name, av, bv in extra],
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
