"""``cardrules arena``: bots against bots in duplicate, with 95% intervals (and SPRT).

The work is :func:`cardrules.batch.arena.arena`.  This module reads the
command line, shows a progress bar (games), and prints the table or, with
``--json``, one JSON object.  Ctrl-C stops the workers and reports the games
done (exit status 130).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable

from cardrules.batch.arena import Arena, arena, parse_lineup, rotations
from cardrules.cli.console import Console, UsageError
from cardrules.cli.options import add_option_argument, options_given
from cardrules.cli.simulate import INTERRUPTED, add_backend_argument, progress_bar
from cardrules.engine.ruleset import load

__all__ = ["arguments", "run"]


def _positive(kind: type[int] | type[float], what: str) -> Callable[[str], int | float]:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not value > 0:
            raise argparse.ArgumentTypeError(f"invalid {what}: {text!r} (expected a number > 0)")
        return value

    return parse


def arguments(p: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cardrules arena`` to ``p``."""
    p.add_argument("profile", metavar="NAME", help="profile name or path to a .toml file")
    p.add_argument(
        "--bots",
        default="mc,rule",
        metavar="B[,B...]",
        help="the line-up: a bot per seat; fewer names repeat round the table in a game of "
        "pairs, else the last fills the seats left (default mc,rule: one mc against rule "
        "bots, or an mc pair against a rule pair). Bots: random, rule, mc, mc:N (N worlds "
        "a decision), mc:Tms (T milliseconds), mc:N:Tms (whichever comes first)",
    )
    p.add_argument(
        "--games",
        type=_positive(int, "games"),
        default=100,
        metavar="N",
        help="games to play at least, in duplicate sets (100)",
    )
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the run (0)")
    p.add_argument(
        "--workers",
        type=_positive(int, "workers"),
        default=os.cpu_count() or 1,
        metavar="K",
        help="processes (or Ray CPUs) to use (default: all cores); results do not depend on it",
    )
    budget = p.add_mutually_exclusive_group()
    budget.add_argument(
        "--samples",
        type=_positive(int, "samples"),
        metavar="N",
        help="the budget of each mc bot: N worlds a decision (default 20)",
    )
    budget.add_argument(
        "--ms",
        type=_positive(float, "ms"),
        metavar="T",
        help="the budget of each mc bot: T milliseconds a decision (not reproducible)",
    )
    p.add_argument(
        "--sprt",
        type=_positive(float, "sprt"),
        metavar="DELTA",
        help="stop once the first bot's share of wins is shown to be DELTA above or below "
        "parity, or within it (a sequential test, 5%% errors; e.g. 0.05)",
    )
    add_backend_argument(p)
    add_option_argument(p)
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def run(args: argparse.Namespace, con: Console) -> int:
    """Run ``cardrules arena``: the table (or ``--json``) on stdout."""
    rules = load(args.profile, options=options_given(args.option))
    try:
        lineup = parse_lineup(args.bots, rules)
    except Exception as exc:
        raise UsageError(f"--bots: {exc}") from None
    if args.sprt is not None and not args.sprt < 1:
        raise UsageError(f"--sprt: {args.sprt} (expected a share of wins below 1, e.g. 0.05)")
    turns = len(rotations(lineup))
    total = -(-args.games // turns) * turns
    bar = None if args.no_progress else progress_bar(total, con.stderr, unit="games")
    interrupted = False
    done: list[Arena] = []

    def progress(n: int) -> None:
        if bar is not None:
            bar.update(n)

    try:
        result = arena(
            rules,
            lineup,
            games=args.games,
            seed=args.seed,
            workers=args.workers,
            backend=args.backend,
            samples=args.samples,
            seconds=None if args.ms is None else args.ms / 1000,
            sprt=args.sprt,
            progress=progress,
            keep=done,
        )
    except KeyboardInterrupt:
        interrupted = True
        if not done or not done[0].games:
            con.write("interrupted: no game finished\n", con.stderr)
            return INTERRUPTED
        result = done[0]
    finally:
        if bar is not None:
            bar.close()
    if interrupted:
        con.write(f"interrupted: {len(result.games):,} games done\n", con.stderr)
    if args.json:
        con.say(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        for line in result.summary():
            con.say(line)
    return INTERRUPTED if interrupted else 0
