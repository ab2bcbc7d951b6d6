"""``cardrules check``: validate a profile file."""

from __future__ import annotations

import argparse

from cardrules.cli.console import Console
from cardrules.engine.ruleset import load

__all__ = ["arguments", "run"]


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("profile", metavar="FILE", help="profile file (or name) to validate")


def run(args: argparse.Namespace, con: Console) -> int:
    """Validate a profile: ``ok: NAME (TITLE)``, or every problem and exit 1."""
    rules = load(args.profile)
    con.say(f"ok: {rules.name} ({rules.title})")
    return 0
