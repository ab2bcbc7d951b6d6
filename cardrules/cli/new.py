"""``cardrules new``: scaffold a variant.

Its arguments and its run are ``cli_arguments`` and ``cli_run`` of
:mod:`cardrules.tools.scaffold`, next to the code they use; this module adapts them.
"""

from __future__ import annotations

import argparse

from cardrules.cli.console import Console
from cardrules.tools.scaffold import cli_arguments, cli_run

__all__ = ["arguments", "run"]


def arguments(p: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cardrules new`` to ``p``."""
    cli_arguments(p)


def run(args: argparse.Namespace, con: Console) -> int:
    """Run ``cardrules new``."""
    return cli_run(args, con)
