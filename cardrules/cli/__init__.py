"""The ``cardrules`` command line: list, show and check profiles; play and replay games.

Each subcommand is a module with two functions, ``arguments(parser)`` adding
its arguments and ``run(args, console) -> int`` running it, named by a
:class:`Command` with its help line.  The built-in commands are modules of this
package (``cardrules.cli.play`` ...), registered with one line in
:data:`COMMANDS`; an installed package adds its own through the entry-point
group :data:`COMMAND_GROUP`, each entry naming a :class:`Command` (the
double-dummy package adds ``analyse``).  Only the module of the command being
run is imported, so a command pays only for what it uses (``play`` never
imports pydantic, which only ``schema`` needs, nor any package's commands).
The streams are a :class:`~cardrules.cli.console.Console`;
:mod:`cardrules.cli.narrate` tells the story of a game for ``play`` and
``replay``.

:func:`main` runs in-process, so tests drive it with their own streams::

    main(["play", "callbreak-strict", "--seed", "3"], stdin=io.StringIO("3\\n"))

Errors a user can cause (:class:`~cardrules.CardrulesError`) print their
message on stderr and exit 1; usage errors exit 2.  ``cardrules`` alone prints
the help.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.metadata
import sys
from collections.abc import Collection, Sequence
from contextlib import redirect_stderr, redirect_stdout
from types import ModuleType
from typing import NamedTuple, TextIO

from cardrules.cli.console import Console, UsageError
from cardrules.errors import CardrulesError

__all__ = [
    "COMMANDS",
    "COMMAND_GROUP",
    "Command",
    "Console",
    "build_parser",
    "command_module",
    "contributed_commands",
    "main",
]


class Command(NamedTuple):
    """A subcommand: its help line and the module holding its ``arguments`` and ``run``."""

    help: str
    module: str


#: The subcommands, in the order ``--help`` lists them.  Add one with one line.
COMMANDS: dict[str, Command] = {
    "profiles": Command("list the installed profiles", "cardrules.cli.profiles"),
    "show": Command("print the rules of a profile, with rule ids", "cardrules.cli.show"),
    "check": Command("validate a profile file", "cardrules.cli.check"),
    "play": Command("play against bots in the terminal (or watch, --auto)", "cardrules.cli.play"),
    "replay": Command("re-check a game record and print the game", "cardrules.cli.replay"),
    "simulate": Command(
        "simulate many deals with bots: summary, JSON lines", "cardrules.cli.simulate"
    ),
    "arena": Command(
        "bots against bots in duplicate, with confidence intervals", "cardrules.cli.arena"
    ),
    "serve": Command(
        "serve tables over HTTP and WebSockets, and a browser table", "cardrules.cli.serve"
    ),
    "diff": Command("the rule differences between two profiles", "cardrules.cli.diff"),
    "new": Command("scaffold a variant: a profile, or --plugin a package", "cardrules.cli.new"),
    "schema": Command("the JSON Schema of profile files, for editors", "cardrules.cli.schema"),
}

#: The entry-point group of the commands installed packages add: each entry's name is
#: the command's, its object a :class:`Command` (``analyse = "cardrules_dd.command:ANALYSE"``).
COMMAND_GROUP = "cardrules.commands"


@functools.cache
def contributed_commands() -> dict[str, importlib.metadata.EntryPoint]:
    """The commands installed packages add, by name, in name order (not loaded yet); a
    built-in command's name is never taken over."""
    entries = importlib.metadata.entry_points(group=COMMAND_GROUP)
    return {
        ep.name: ep for ep in sorted(entries, key=lambda ep: ep.name) if ep.name not in COMMANDS
    }


def _command(name: str) -> Command:
    """The command ``name``: built in, or loaded from the entry point that adds it."""
    if name in COMMANDS:
        return COMMANDS[name]
    entry = contributed_commands()[name]
    where = f"the command {name!r} ({COMMAND_GROUP} entry point {entry.value!r})"
    try:
        command = entry.load()
    except (ImportError, AttributeError) as exc:
        raise CardrulesError(f"{where} cannot be loaded: {exc}") from exc
    if not isinstance(command, Command):
        raise CardrulesError(f"{where} is a {type(command).__name__}, not a cardrules.cli.Command")
    return command


def command_module(name: str) -> ModuleType:
    """The module of the command ``name`` (imported now if it was not yet)."""
    return importlib.import_module(_command(name).module)


def build_parser(commands: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser, one subparser per command.

    Every built-in command is listed with its help line, but only those in
    ``commands`` (all of them by default) get their arguments, importing their
    modules.  A command an installed package adds is listed too, unless
    ``commands`` names only others: running a built-in command loads no
    package's commands.
    """
    parser = argparse.ArgumentParser(
        prog="cardrules",
        description=(
            "Rules of trick-taking games (Call Break, Minibridge, Oh Hell, Spades, Hearts, bridge "
            "and any installed family): profiles, play, records."
        ),
    )
    parser.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        help="show the version and the engine's build, and exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    listed = [*COMMANDS, *(n for n in contributed_commands() if not commands or n in commands)]
    for name in listed:
        command = _command(name)
        p = sub.add_parser(name, help=command.help, description=command.help)
        if commands is None or name in commands:
            importlib.import_module(command.module).arguments(p)
    return parser


def _command_in(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names: its first word that is no option (the options
    before the command, ``-h`` and ``--version``, take no value); None if none."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS or word in contributed_commands() else None
    return None


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the command line; returns the exit status (0 ok, 1 error, 2 usage)."""
    con = Console(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    argv = sys.argv[1:] if argv is None else list(argv)
    named = _command_in(argv)
    try:
        parser = build_parser(() if named is None else (named,))
    except CardrulesError as exc:  # an installed package's command is broken
        con.error(str(exc))
        return 1
    try:
        with redirect_stdout(con.stdout), redirect_stderr(con.stderr):
            args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    if args.command is None:  # bare ``cardrules``: what it can do
        con.write(parser.format_help())
        return 0
    try:
        status: int = command_module(args.command).run(args, con)
    except UsageError as exc:
        con.stderr.write(f"cardrules {args.command}: error: {exc}\n")
        return 2
    except CardrulesError as exc:
        con.error(str(exc))
        return 1
    except BrokenPipeError:  # pragma: no cover - output piped into `head`
        return 1
    return status


class _Version(argparse.Action):
    """``--version``: the version, and which build of the engine runs (imported only when
    asked, so that building the parser stays cheap)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kw: object) -> None:
        from cardrules import __version__
        from cardrules.engine import build

        sys.stdout.write(f"cardrules {__version__} (engine: {build()})\n")
        parser.exit()
