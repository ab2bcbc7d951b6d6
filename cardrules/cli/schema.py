"""``cardrules schema``: the JSON Schema of profile files.

Its arguments and its run are ``schema_cli_arguments`` and ``schema_cli_run`` of
:mod:`cardrules.tools.schemaref`, next to the JSON Schema they print; this module adapts them.
"""

from __future__ import annotations

import argparse

from cardrules.cli.console import Console
from cardrules.tools.schemaref import schema_cli_arguments, schema_cli_run

__all__ = ["arguments", "run"]


def arguments(p: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cardrules schema`` to ``p``."""
    schema_cli_arguments(p)


def run(args: argparse.Namespace, con: Console) -> int:
    """Run ``cardrules schema``."""
    return schema_cli_run(args, con)
