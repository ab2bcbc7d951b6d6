"""``cardrules analyse`` (and ``analyze``): the double-dummy table and par of each board of
a PBN file.

Where the file publishes double-dummy results (``OptimumResultTable``,
``DoubleDummyTricks``, ``OptimumScore``, ``ParContract``) they are compared
with ours, and the command exits 1 if any differ.  The solver needs the
``analysis`` extra (``pip install 'cardrules[analysis]'``).  This package adds
the command to ``cardrules`` through the entry-point group
``cardrules.commands`` (:data:`ANALYSE`, :data:`ANALYZE`), as any installed
package may.
"""

from __future__ import annotations

import argparse

from cardrules.cli import Command
from cardrules.cli.console import Console
from cardrules.errors import CardrulesError
from cardrules.rules.components import SEAT_NAMES
from cardrules_dd.analysis import DDTable
from cardrules_dd.pbn import MAX_PBN_CHARS, Board, disagreements, read_boards, solve

__all__ = ["ANALYSE", "ANALYZE", "arguments", "run"]

#: ``cardrules analyse``, as the entry point ``analyse`` names it.
ANALYSE = Command("double-dummy tables and par of PBN boards", __name__)
#: ``cardrules analyze``: the same command, spelt the American way.
ANALYZE = Command("the same as analyse", __name__)


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("pbn", metavar="BOARD.pbn", help="a PBN file: each board with a [Deal] tag")


def run(args: argparse.Namespace, con: Console) -> int:
    """Print each board's double-dummy table and par; 1 if a published result differs."""
    try:
        with open(args.pbn, encoding="utf-8-sig") as f:
            text = f.read(MAX_PBN_CHARS + 1)
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else str(exc)
        raise CardrulesError(f"cannot read the PBN file {args.pbn!r}: {reason}") from None
    try:
        boards = read_boards(text)
    except CardrulesError as exc:
        raise CardrulesError(f"{args.pbn}: {exc}") from None
    if not boards:
        raise CardrulesError(f"{args.pbn}: no board with a [Deal] tag")
    solved: dict[tuple[object, ...], tuple[DDTable, str]] = {}
    agree = differ = 0
    for board in boards:
        key = (board.hands, board.dealer, board.vulnerable)
        name = f"Board {board.board}" if board.board else f"The board of line {board.line}"
        again = key in solved
        if not again:
            solved[key] = (solve(board), name)
        table, first = solved[key]
        con.say(f"{name} (dealer {SEAT_NAMES[board.dealer]}, vulnerable: {_vul(board)})")
        if again:
            con.say(f"  the deal of {first.lower()} above")
        else:
            for line in table.lines(symbols=con.symbols):
                con.say(line)
        for note in board.notes:
            con.say(f"  not compared: {note}")
        if board.publishes:
            problems = disagreements(board, table)
            if problems:
                differ += 1
                con.say(f"Published: {_sources(board)}: DISAGREE")
                for problem in problems:
                    con.say(f"  {problem}")
            else:
                agree += 1
                con.say(f"Published: {_sources(board)}: agree")
        con.say("")
    count = f"{len(boards)} board{'s' if len(boards) != 1 else ''}"
    if agree + differ == 0:
        con.say(f"{count}; no published double-dummy results to compare")
    else:
        con.say(f"{count}; published double-dummy results agree on {agree}, disagree on {differ}")
    return 1 if differ else 0


def _vul(board: Board) -> str:
    return {(False, False): "none", (True, False): "NS", (False, True): "EW"}.get(
        board.vulnerable, "both"
    )


def _sources(board: Board) -> str:
    """The tags a board's published results come from, in file order of kind."""
    names = list(dict.fromkeys(tag for tag, *_ in board.tricks))
    if board.score is not None:
        names.append("OptimumScore")
    if board.par_contract is not None:
        names.append("ParContract")
    return ", ".join(names)
