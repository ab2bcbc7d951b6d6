"""``cardrules simulate``: simulate many deals with bots.

Its arguments and its run are ``cli_arguments`` and ``cli_run`` of
:mod:`cardrules.batch.simulate`, next to the code they use; this module adapts them.
"""

from __future__ import annotations

import argparse

from cardrules.batch.simulate import cli_arguments, cli_run
from cardrules.cli.console import Console

__all__ = ["arguments", "run"]


def arguments(p: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cardrules simulate`` to ``p``."""
    cli_arguments(p)


def run(args: argparse.Namespace, con: Console) -> int:
    """Run ``cardrules simulate``."""
    return cli_run(args, con)
