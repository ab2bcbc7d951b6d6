"""``cardrules diff``: the rule differences between two profiles.

Its arguments and its run are ``cli_arguments`` and ``cli_run`` of
:mod:`cardrules.tools.diff`, next to the code they use; this module adapts them.
"""

from __future__ import annotations

import argparse

from cardrules.cli.console import Console
from cardrules.tools.diff import cli_arguments, cli_run

__all__ = ["arguments", "run"]


def arguments(p: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cardrules diff`` to ``p``."""
    cli_arguments(p)


def run(args: argparse.Namespace, con: Console) -> int:
    """Run ``cardrules diff``."""
    return cli_run(args, con)
