"""``cardrules simulate``: simulate many deals with bots; a summary, the deals as JSON lines.

The work is :func:`cardrules.simulate` (:mod:`cardrules.batch.simulate`).  This
module reads the command line, words the errors in its terms (``--engine game``,
not ``engine='game'``), shows a progress bar (tqdm's, with the rate and the time
left, when it is installed: ``pip install 'cardrules[cli]'``) and stops cleanly
on Ctrl-C: the workers are stopped, the deals done are summed up (and written
with ``--out``), and the exit status is 130.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TextIO

from cardrules.batch.engines import Wording, choose_engine
from cardrules.batch.results import Simulation, SimulationInterrupted, json_text
from cardrules.batch.simulate import simulate
from cardrules.batch.summary import summary, summary_dict
from cardrules.cli.console import Console, UsageError
from cardrules.cli.options import add_option_argument, options_given
from cardrules.engine.bots import BOTS, parse_bots
from cardrules.engine.ruleset import load
from cardrules.errors import CardrulesError

__all__ = ["PROGRESS_FROM", "add_backend_argument", "arguments", "progress_bar", "run"]

#: Runs of at least this many deals show a progress bar on stderr.
PROGRESS_FROM = 2_000

#: The exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
INTERRUPTED = 130


class Bar(Protocol):
    """What the command asks of a progress bar (tqdm's, or the plain :class:`Progress`)."""

    def update(self, n: int) -> object: ...

    def close(self) -> None: ...


class Progress:
    """A plain-text progress bar on a stream (stderr), redrawn in place."""

    def __init__(
        self, total: int, stream: TextIO | None = None, width: int = 30, unit: str = "deals"
    ) -> None:
        self.total = total
        self.unit = unit
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.width = width

    def update(self, n: int) -> None:
        """Count ``n`` more deals done and redraw."""
        self.done += n
        filled = self.width * self.done // max(self.total, 1)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {self.done:,}/{self.total:,} "
            f"{self.unit}"
        )
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line if it stopped short (an interrupted run)."""
        if 0 < self.done < self.total:
            self.stream.write("\n")
            self.stream.flush()


def _whole_number(minimum: int, what: str) -> Callable[[str], int]:
    """An ``argparse`` type: a whole number at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < minimum:
            raise argparse.ArgumentTypeError(
                f"invalid {what}: {text!r} (expected a whole number >= {minimum})"
            )
        return value

    return parse


def arguments(p: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cardrules simulate`` to ``p``."""
    p.add_argument("profile", metavar="NAME", help="profile name or path to a .toml file")
    p.add_argument(
        "--deals",
        type=_whole_number(0, "deals"),
        default=1_000,
        metavar="N",
        help="deals to play (1000)",
    )
    p.add_argument(
        "--bots",
        default="random",
        metavar="B[,B...]",
        help="bots, comma-separated: one name for every seat, or one per seat "
        f"(known: {', '.join(sorted(BOTS))}; default random)",
    )
    p.add_argument(
        "--workers",
        type=_whole_number(1, "workers"),
        default=os.cpu_count() or 1,
        metavar="K",
        help="processes to use (default: all cores); the results do not depend on it",
    )
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the run (0)")
    add_backend_argument(p)
    p.add_argument(
        "--engine",
        default="auto",
        choices=("auto", "numpy", "game"),
        help="numpy: many deals at once (random bots only); game: deal by deal through "
        "the API; auto (default): numpy when every bot is random and NumPy is installed",
    )
    add_option_argument(p)
    p.add_argument("--out", type=Path, metavar="FILE.jsonl", help="write every deal as JSON lines")
    p.add_argument(
        "--json",
        action="store_true",
        help="print the summary as one JSON object (exact numbers) instead of the table",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def add_backend_argument(p: argparse.ArgumentParser) -> None:
    """``--backend``: local processes or Ray tasks."""
    p.add_argument(
        "--backend",
        default="local",
        choices=("local", "ray"),
        help="local: --workers processes here (default); ray: Ray tasks, on the cluster "
        "RAY_ADDRESS names, else on a Ray started here (pip install 'cardrules[ray]')",
    )


def _bot_names(text: str, players: int) -> list[str]:
    """One canonical bot name per seat from ``--bots``: one name for every seat, or one
    per seat."""
    try:
        names = [spec.name for spec in parse_bots(text)]
    except CardrulesError as exc:
        raise UsageError(f"--bots: {exc}") from None
    if len(names) == 1:
        return names * players
    if len(names) == players:
        return names
    raise UsageError(
        f"--bots: give one name (every seat) or {players} (one per seat), got {len(names)}"
    )


def progress_bar(total: int, stream: TextIO, unit: str = "deals") -> Bar:
    """A progress bar of ``total`` deals (or other ``unit``) on ``stream``: tqdm's, with
    the rate and the time left, when tqdm is installed; else the plain :class:`Progress`."""
    try:
        tqdm = importlib.import_module("tqdm").tqdm  # imported only when a bar is shown
    except ImportError:
        return Progress(total, stream, unit=unit)
    bar: Bar = tqdm(total=total, file=stream, unit=f" {unit}", mininterval=0.2, smoothing=0.1)
    return bar


def _open_out(path: Path | None) -> TextIO | None:
    """The ``--out`` file, opened before the work so that a wrong path costs no wait."""
    if path is None:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"--out: cannot write {path}: {exc.strerror or exc}") from None


def run(args: argparse.Namespace, con: Console) -> int:
    """Run ``cardrules simulate``: a summary on stdout, the deals as JSON lines in ``--out``."""
    rules = load(args.profile, options=options_given(args.option))
    bots = _bot_names(args.bots, rules.players)
    words = Wording(
        asked=lambda engine: f"--engine {engine}",
        instead=lambda engine: f"--engine {engine}",
        players=lambda _: f"--bots {args.bots}",
    )
    engine = choose_engine(rules, bots, args.engine, words)
    out = _open_out(args.out)
    bar = None
    if not args.no_progress and args.deals >= PROGRESS_FROM:
        bar = progress_bar(args.deals, con.stderr)
    try:
        try:
            sim = simulate(
                rules,
                deals=args.deals,
                seed=args.seed,
                players=bots,
                engine=engine,
                workers=args.workers,
                progress=None if bar is None else bar.update,
                backend=args.backend,
            )
        except SimulationInterrupted as exc:
            sim = exc.simulation
        finally:
            if bar is not None:
                bar.close()
        if sim.interrupted:
            con.write(f"interrupted: {len(sim):,} of {sim.asked:,} deals done\n", con.stderr)
        if out is not None:
            _write_deals(sim, out, args.out)
    finally:
        if out is not None:
            out.close()
    _report(sim, args, con)
    return INTERRUPTED if sim.interrupted else 0


def _write_deals(sim: Simulation, out: TextIO, path: Path) -> None:
    try:
        for rec in sim:
            out.write(rec.to_json() + "\n")
    except OSError as exc:
        raise CardrulesError(f"cannot write {path}: {exc.strerror or exc}") from None


def _report(sim: Simulation, args: argparse.Namespace, con: Console) -> None:
    """The summary: the table, or one JSON object with ``--json``."""
    if args.json:
        data = summary_dict(sim)
        if args.out is not None:
            data["out"] = str(args.out)
        con.say(json_text(data))
        return
    for line in summary(sim):
        con.say(line)
    if args.out is not None:
        con.say(f"\n{len(sim):,} deals written to {args.out}")
