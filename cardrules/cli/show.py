"""``cardrules show``: print the rules of a profile, with rule ids."""

from __future__ import annotations

import argparse

from cardrules.cli.console import Console
from cardrules.engine.ruleset import load

__all__ = ["arguments", "run"]


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("profile", metavar="NAME", help="profile name or path to a .toml file")
    p.add_argument(
        "--toml", action="store_true", help="print the resolved profile as TOML (extends applied)"
    )


def run(args: argparse.Namespace, con: Console) -> int:
    """Print the rules of a profile, with rule ids (or, with --toml, the resolved profile)."""
    from cardrules.tools.spec import describe, render_text

    rules = load(args.profile)
    if args.toml:
        from cardrules.profile.validated import dump_resolved

        con.write(dump_resolved(rules.profile))
        return 0
    con.write(render_text(describe(rules)))
    return 0
