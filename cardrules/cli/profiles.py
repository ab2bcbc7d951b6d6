"""``cardrules profiles``: list the installed profiles with their titles."""

from __future__ import annotations

import argparse

from cardrules.cli.console import Console
from cardrules.errors import CardrulesError

__all__ = ["arguments", "run"]


def arguments(p: argparse.ArgumentParser) -> None:
    """``cardrules profiles`` takes no arguments."""


def run(args: argparse.Namespace, con: Console) -> int:
    """List the installed profiles with their titles."""
    from cardrules import profiles
    from cardrules.profile.validated import load_profile

    names = profiles()
    width = max((len(n) for n in names), default=0)
    for name in names:
        try:
            title = load_profile(name).title
        except CardrulesError as exc:
            title = f"(invalid: {str(exc).splitlines()[0]})"
        con.say(f"{name.ljust(width)}  {title}")
    return 0
