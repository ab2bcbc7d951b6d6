"""The command-line reference, as reST: the ``--help`` of the program and of each subcommand."""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterable, Iterator

from cardrules.tools.rst import heading

__all__ = ["cli_lines"]


def cli_lines(parser: argparse.ArgumentParser, width: int = 88) -> Iterator[str]:
    """The command-line reference: the ``--help`` of the program and of each subcommand."""

    def helptext(p: argparse.ArgumentParser) -> str:
        with _columns(width):
            return p.format_help().rstrip()

    yield ".. code-block:: text"
    yield ""
    yield from _indent(helptext(parser).splitlines())
    yield ""
    for name, sub in _subparsers(parser).items():
        yield from heading(f"{parser.prog} {name}", "-")
        yield ".. code-block:: text"
        yield ""
        yield from _indent(helptext(sub).splitlines())
        yield ""


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


@contextlib.contextmanager
def _columns(width: int) -> Iterator[None]:
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old


def _indent(lines: Iterable[str], n: int = 3) -> Iterator[str]:
    pad = " " * n
    for line in lines:
        yield pad + line if line else ""
