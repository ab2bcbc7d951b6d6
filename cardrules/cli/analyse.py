"""``cardrules analyse``: the double-dummy table and par of each board of a PBN file.

Where the file publishes double-dummy results (``OptimumResultTable``,
``DoubleDummyTricks``, ``OptimumScore``, ``ParContract``) they are compared
with ours, and the command exits 1 if any differ.  The solver and the PBN
reading live in the ``cardrules_dd`` package, imported when the command runs;
the solver needs the ``analysis`` extra (``pip install 'cardrules[analysis]'``).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from cardrules.cli.console import Console
from cardrules.errors import CardrulesError
from cardrules.rules.components import SEAT_NAMES

if TYPE_CHECKING:
    from cardrules_dd.analysis import DDTable
    from cardrules_dd.pbn import Board

__all__ = ["arguments", "run"]


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("pbn", metavar="BOARD.pbn", help="a PBN file: each board with a [Deal] tag")


def run(args: argparse.Namespace, con: Console) -> int:
    """Print each board's double-dummy table and par; 1 if a published result differs."""
    from cardrules_dd.pbn import MAX_PBN_CHARS, disagreements, read_boards, solve

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
