"""``--option NAME=VALUE``: a profile's ``[options]`` chosen on the command line.

Shared by the commands that load a profile to play it (``play``, ``simulate``)::

    from cardrules.cli.options import add_option_argument, options_given

    add_option_argument(parser)                       # in arguments(p)
    rules = load(args.profile, options=options_given(args.option))   # in run(...)

VALUE is read as a TOML value, as it would be written in the profile's
``[options]`` table (``true``, ``30``, ``30.5``, ``"text"``); a bare word that is
no TOML value is a string (``--option pass=left``).  ``load`` checks the values
as it checks a profile's.
"""

from __future__ import annotations

import argparse
import re
import tomllib
from collections.abc import Iterable
from typing import Any

from cardrules.cli.console import UsageError

__all__ = ["add_option_argument", "options_given", "parse_option"]

#: An option's name: a TOML bare key.
_NAME = re.compile(r"[A-Za-z0-9_-]+")
#: A value taken as a string when it is no TOML value: one word, no quotes nor brackets.
_BARE_WORD = re.compile(r"[^\s\"'\[\]{}=#,]+")


def parse_option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` as (name, value); an ``argparse`` type (its error is a usage error).

    >>> parse_option("big_call_8=true"), parse_option("target_score=30")
    (('big_call_8', True), ('target_score', 30))
    >>> parse_option("pass=left"), parse_option('name="Nord Ouest"')
    (('pass', 'left'), ('name', 'Nord Ouest'))
    """
    name, sep, value = text.partition("=")
    name, value = name.strip(), value.strip()
    if not sep or not _NAME.fullmatch(name):
        raise argparse.ArgumentTypeError(
            f"invalid option {text!r} (expected NAME=VALUE, e.g. big_call_8=true)"
        )
    try:
        doc = tomllib.loads(f"v = {value}")
    except tomllib.TOMLDecodeError:
        doc = {"v": value} if _BARE_WORD.fullmatch(value) else {}
    if set(doc) != {"v"}:  # not a value, or more than one line of TOML
        raise argparse.ArgumentTypeError(
            f"invalid option {text!r} (expected NAME=VALUE with VALUE a TOML value "
            'such as true, 30, 30.5 or "text", or a single word)'
        )
    return name, doc["v"]


def add_option_argument(p: argparse.ArgumentParser) -> None:
    """Add ``--option NAME=VALUE`` (repeatable) to a command's parser, as ``args.option``."""
    p.add_argument(
        "--option",
        type=parse_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set one of the profile's [options] (house rules), as in its TOML: "
        "--option big_call_8=true --option target_score=30 (repeat for each)",
    )


def options_given(pairs: Iterable[tuple[str, Any]] | None) -> dict[str, Any]:
    """The options of ``--option`` arguments as a dict for ``load(ref, options=...)``;
    a name given twice is a usage error."""
    out: dict[str, Any] = {}
    for name, value in pairs or ():
        if name in out:
            raise UsageError(f"--option {name} is given twice")
        out[name] = value
    return out
