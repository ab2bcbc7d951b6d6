"""Scaffolding a variant: ``cardrules new NAME --from PROFILE [--plugin]``.

Without ``--plugin`` it writes one TOML profile, ``NAME.toml``, that extends
``PROFILE`` and lists the parent's house-rule switches under ``[options]`` at
their current values, ready to flip.  With ``--plugin`` it writes a minimal
installable package instead::

    NAME/
      pyproject.toml                    entry point NAME in the group "cardrules"
      src/cardrules_IDENT/__init__.py
      src/cardrules_IDENT/family.py     FAMILY: the family declared (its profiles, so far)
      src/cardrules_IDENT/components.py a scorer of its own, subclassing the kernel's base
      src/cardrules_IDENT/profiles/NAME.toml
      tests/test_IDENT.py               the entry point finds the profile; a game plays;
                                        the scorer scores

``pip install -e NAME`` makes ``cardrules.load("NAME")`` work.  Every TOML
file is written with tomli-w; a profile starts with a ``#:schema`` line, so
that editors (Taplo, Even Better TOML) check it against the JSON Schema of
profiles, which ``cardrules schema -o profile.schema.json`` writes beside it.

NAME is lower-case letters, digits and ``-``, starting with a letter, at most
:data:`MAX_NAME_CHARS` characters, and not a device name Windows reserves
(``con``, ``nul``, ``com1`` ...).  That is stricter than a profile name
(``^[a-z0-9][a-z0-9._-]*$`` in :mod:`cardrules.profile.schema`) because NAME also
becomes a directory, a Python package (``cardrules_NAME``) and a distribution.

Nothing is ever overwritten and no symbolic link is followed: every file and
directory is created exclusively, and if anything fails midway what was
created is removed again, so a failed ``cardrules new`` leaves nothing behind.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Any

import tomli_w

from cardrules.engine.ruleset import Ruleset, load
from cardrules.errors import CardrulesError, shown
from cardrules.rules.profile import OptionValue

__all__ = [
    "MAX_NAME_CHARS",
    "SCHEMA_HEADER",
    "cli_arguments",
    "cli_run",
    "new_variant",
    "package_name",
    "profile_table",
]

_NAME = re.compile(r"^[a-z][a-z0-9-]*$")

#: The longest variant name accepted.  The deepest file of a package holds the
#: name three times (``NAME/src/cardrules_NAME/profiles/NAME.toml``); 64 keeps
#: that well inside every file system's limits, and a name is for people to type.
MAX_NAME_CHARS = 64

#: Device names Windows reserves in every directory, whatever the case and the
#: extension: neither ``con.toml`` nor a directory ``con`` can exist there, so
#: a variant of that name could not be shared with Windows users.
_WINDOWS_DEVICE_NAMES = frozenset(
    {"con", "prn", "aux", "nul"} | {f"{port}{n}" for port in ("com", "lpt") for n in range(1, 10)}
)


#: The first lines of a new profile: where editors find the schema of profiles, and how
#: to write it there.
SCHEMA_HEADER = (
    "#:schema ./profile.schema.json\n"
    "# The JSON Schema of profiles, for editors: cardrules schema -o profile.schema.json\n"
)


def package_name(name: str) -> str:
    """The import package of a variant: ``my-house`` -> ``cardrules_my_house``."""
    return "cardrules_" + name.replace("-", "_")


def _check_name(name: str) -> None:
    """Refuse a name that cannot become files, a package and a plugin everywhere."""
    if not isinstance(name, str):
        raise CardrulesError(f"invalid variant name {shown(name)}: expected a string")
    if len(name) > MAX_NAME_CHARS:
        raise CardrulesError(
            f"invalid variant name {shown(name)}: longer than {MAX_NAME_CHARS} characters"
        )
    if not _NAME.fullmatch(name):
        raise CardrulesError(
            f"invalid variant name {shown(name)}: use lower-case letters, digits and '-', "
            "starting with a letter (e.g. 'my-house')"
        )
    if name.lower().partition(".")[0] in _WINDOWS_DEVICE_NAMES:
        raise CardrulesError(
            f"invalid variant name {name!r}: Windows reserves it for a device, "
            "so no file or directory can have that name there"
        )
    from cardrules.profile.registry import profile_paths
    from cardrules.rules.plugins import entry_points

    if name in profile_paths():
        raise CardrulesError(f"invalid variant name {name!r}: a profile of that name is installed")
    if name in entry_points():
        raise CardrulesError(f"invalid variant name {name!r}: a plugin of that name is installed")


def _parent_ref(parent: str | Path) -> str:
    """How the new profile names its parent: an installed name, or an absolute path."""
    text = str(parent)
    if isinstance(parent, Path) or text.endswith(".toml") or "/" in text or "\\" in text:
        return str(Path(text).resolve())
    return text


def profile_table(name: str, parent: Ruleset, parent_ref: str, *, plugin: bool) -> dict[str, Any]:
    """The TOML table of a new variant profile that extends ``parent``."""
    meta: dict[str, Any] = {
        "name": name,
        "title": f"{parent.title}: {name}",
        "version": "0.1",
        "summary": f"A variant of {parent.name}; change the settings below.",
        "extends": parent_ref,
    }
    if plugin:
        meta["plugins"] = [name]
    table: dict[str, Any] = {"profile": meta}
    options: dict[str, OptionValue] = {
        key: parent.profile.option(key) for key in sorted(parent.components.options)
    }
    if options:
        table["options"] = options
    return table


def new_variant(
    name: str, parent: str | Path, *, directory: str | Path = ".", plugin: bool = False
) -> list[Path]:
    """Write a new variant of ``parent`` (a profile name or path) into ``directory``.

    Returns the files written.  ``directory`` is created if missing.  Nothing is
    written when the name (see the module's docstring), the parent or the target
    is wrong, nothing existing is overwritten, and nothing is left behind when
    writing fails midway: a :class:`~cardrules.CardrulesError` says which path
    and why, so the command line shows one line instead of a traceback.
    """
    _check_name(name)
    rules = load(parent)
    ref = _parent_ref(parent)
    root = Path(directory)
    profile_text = SCHEMA_HEADER + tomli_w.dumps(profile_table(name, rules, ref, plugin=plugin))
    new = _NewFiles()
    try:
        if not plugin:
            target = new.file(root / f"{name}.toml", profile_text)
            load(target)  # what we wrote must load
            return [target]
        base = new.directory(root / name)
        pkg = package_name(name)
        files = {
            base / "pyproject.toml": tomli_w.dumps(_pyproject(name, pkg, rules)),
            base / "README.md": _README.format(name=name, parent=rules.name, pkg=pkg),
            base / "src" / pkg / "__init__.py": _INIT.format(name=name, parent=rules.name),
            base / "src" / pkg / "family.py": _FAMILY.format(name=name),
            base / "src" / pkg / "components.py": _COMPONENTS.format(name=name),
            base / "src" / pkg / "py.typed": "",
            base / "src" / pkg / "profiles" / f"{name}.toml": profile_text,
            base / "tests" / f"test_{pkg}.py": _TEST.format(name=name, pkg=pkg),
        }
        return [new.file(path, text) for path, text in files.items()]
    except BaseException:
        new.undo()
        raise


class _NewFiles:
    """The files and directories one scaffold creates, so that a failure can remove them.

    Each is created exclusively (``mkdir``; ``open`` with ``O_CREAT | O_EXCL``):
    an existing file, directory or symbolic link (dangling or not) at that path
    is an error, so nothing is overwritten, no link is followed, and everything
    listed here is ours to remove.
    """

    def __init__(self) -> None:
        self.made: list[tuple[Path, bool]] = []  # (path, is a directory), in creation order

    def directory(self, path: Path) -> Path:
        """Create the directory ``path``, and its missing parents."""
        self._parents(path)
        self._mkdir(path)
        return path

    def file(self, path: Path, text: str) -> Path:
        """Create the file ``path`` holding ``text``, and its missing parents."""
        self._parents(path)
        try:
            with open(path, "x", encoding="utf-8", opener=_open_no_follow) as out:
                self.made.append((path, False))
                out.write(text)
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
            raise _cannot_create(path, exc) from None
        return path

    def undo(self) -> None:
        """Remove what was created, newest first (a directory only if it is empty again)."""
        for path, is_dir in reversed(self.made):
            with contextlib.suppress(OSError):
                if is_dir:
                    path.rmdir()
                else:
                    path.unlink()
        self.made.clear()

    def _parents(self, path: Path) -> None:
        """Create the missing directories above ``path``, outermost first.

        An existing directory (or a link to one) above ``path`` is used as it
        is: the user chose it with ``--dir``.
        """
        for parent in reversed(path.parents):
            if os.path.isdir(parent):
                continue
            if os.path.lexists(parent):
                raise CardrulesError(f"cannot write into {parent}: it is not a directory")
            self._mkdir(parent)

    def _mkdir(self, path: Path) -> None:
        try:
            path.mkdir()
        except (OSError, ValueError) as exc:
            raise _cannot_create(path, exc) from None
        self.made.append((path, True))


def _open_no_follow(path: str, flags: int) -> int:
    """``os.open`` for ``open(path, "x")``: ``O_EXCL`` already refuses a symbolic
    link at ``path``; ``O_NOFOLLOW`` says so once more where the platform has it."""
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0), 0o666)


def _cannot_create(path: Path, exc: Exception) -> CardrulesError:
    """The error for a path that could not be created, the reason in words."""
    if os.path.islink(path):
        why = "a symbolic link is there (links are not followed)"
    elif isinstance(exc, FileExistsError):
        why = "it already exists"
    elif isinstance(exc, OSError) and exc.strerror:
        why = exc.strerror[:1].lower() + exc.strerror[1:]
    else:
        why = str(exc)
    return CardrulesError(f"cannot create {path}: {why}")


def _pyproject(name: str, pkg: str, parent: Ruleset) -> dict[str, Any]:
    return {
        "build-system": {"requires": ["hatchling>=1.21"], "build-backend": "hatchling.build"},
        "project": {
            "name": f"cardrules-{name}",
            "version": "0.1.0",
            "description": f"The {name} variant of {parent.name} for cardrules.",
            "readme": "README.md",
            "requires-python": ">=3.11",
            "dependencies": ["cardrules"],
            "entry-points": {"cardrules": {name: f"{pkg}.family:FAMILY"}},
        },
        "tool": {
            "hatch": {"build": {"targets": {"wheel": {"packages": [f"src/{pkg}"]}}}},
            "pytest": {"ini_options": {"testpaths": ["tests"]}},
        },
    }


_README = """\
# {name}

A variant of `{parent}` for cardrules.

```sh
pip install -e .          # registers the family `{name}` (entry-point group `cardrules`)
pytest                    # the entry point finds the profile; a game plays to the end
```

The rules are in `src/{pkg}/profiles/{name}.toml` (it `extends` `{parent}`);
what TOML cannot express (a duty, an auction, a scorer, an option, an action's words) is
declared in `FAMILY`, in `src/{pkg}/family.py`, and rule objects of your own (a scorer,
an auction, an end of the game) are written in `src/{pkg}/components.py`: each
subclasses the kernel's base in `cardrules.rules.components`.
"""

_INIT = '''\
"""The {name} variant of {parent} for cardrules (family ``{name}``)."""
'''

_FAMILY = '''\
"""The family ``{name}``: ``FAMILY``, named by its entry point.

``FAMILY`` says where this package's profiles are.  What TOML cannot express is
declared in it too; for example a duty of your own::

    from cardrules.rules.duties import Duty

    class NoAceLead(Duty):
        name = "no_ace_lead"
        summary = "An ace may not be led."

        def narrow(self, hand, legal, t):
            ...

    FAMILY = Family("{name}", profiles=PROFILES, duties=(NoAceLead,))

then list ``{{ name = "no_ace_lead", rule = "..." }}`` under ``[play] duties``.
A house-rule switch is declared once, with its default, and read typed::

    NO_ACE_LEAD = OptionSpec("no_ace_lead", False, "No ace led.", rule="...")
    FAMILY = Family(..., options=(NO_ACE_LEAD,))
    ...
    if profile.flag("no_ace_lead"):  # the declared default when the profile is silent
        ...

An auction, a scorer (with the end of its games), a ranking of the cards and the words
of new actions are declared the same way (``auctions=``, ``scorers=``, ``rankings=``,
``verbs=``: see :class:`cardrules.Family`).
"""

from __future__ import annotations

from pathlib import Path

from cardrules import Family

#: The directory of this family's profiles.
PROFILES = Path(__file__).resolve().parent / "profiles"

#: This family: its profiles (so that ``cardrules.load("{name}")`` finds
#: them), and what its profiles may name beyond their parent's.
FAMILY = Family("{name}", profiles=PROFILES)
'''

_COMPONENTS = '''\
"""Rule objects of this variant that TOML cannot express.

Each subclasses the kernel's base in ``cardrules.rules.components``: ``Auction``
(with its ``AuctionState``), ``Scorer`` or ``EndCondition``.  A base's abstract
methods are the ones to write; every other member has a default meaning "this
variant does not do that" (no seat exposed, no card passed, no deal scored by
hand...), to override where the rules say otherwise.  A scorer that reads more of
a deal than its contract and tricks (the cards each seat took, the game's earlier
deals) overrides ``score_finished``, which the game calls at the end of every deal.

Declare an object in ``FAMILY`` (``family.py``) and name it in the profile::

    FAMILY = Family(
        "{name}",
        profiles=PROFILES,
        scorers=(ScorerKind("{name}-tricks", lambda profile: TricksScorer()),),
    )

with ``[scoring] kind = "{name}-tricks"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from cardrules.rules.components import Contract, Scorer, Side


class TricksScorer(Scorer):
    """A point per trick taken, for each seat (an example: write your rules here)."""

    def __repr__(self) -> str:
        return "TricksScorer()"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` prints it."""
        return "a point per trick taken, for each seat"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """The scores of one deal by seat, from the tricks each seat took."""
        return {{seat: Decimal(took) for seat, took in enumerate(tricks)}}
'''

_TEST = '''\
"""The {name} variant is installed, found through its entry point, and plays."""

import importlib.metadata
from decimal import Decimal

import cardrules
from cardrules.rules.components import FinishedDeal

from {pkg}.components import TricksScorer
from {pkg}.family import FAMILY


def test_entry_point_is_registered() -> None:
    eps = importlib.metadata.entry_points(group="cardrules")
    found = [ep.value for ep in eps if ep.name == "{name}"]
    assert found == ["{pkg}.family:FAMILY"]


def test_the_family_lists_the_profile() -> None:
    assert (FAMILY.profile_dirs()[0] / "{name}.toml").is_file()


def test_profile_is_found_by_name() -> None:
    assert "{name}" in cardrules.profiles()
    rules = cardrules.load("{name}")
    assert rules.name == "{name}"
    assert "{name}" in rules.profile.plugins


def test_a_game_plays_to_the_end() -> None:
    game = cardrules.load("{name}").new_game(seed=1)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert game.deals


def test_the_scorer_scores_a_point_per_trick() -> None:
    contract = cardrules.Contract(None, 0)
    scores = TricksScorer().score_finished(FinishedDeal(contract, (5, 3, 3, 2)))
    assert scores == {{0: Decimal(5), 1: Decimal(3), 2: Decimal(3), 3: Decimal(2)}}
'''


def cli_arguments(p: Any) -> None:
    """Arguments of ``cardrules new`` (``p`` is an ``argparse`` parser)."""
    p.epilog = (
        f"NAME is lower-case letters, digits and '-', starting with a letter, at most "
        f"{MAX_NAME_CHARS} characters, and not a device name Windows reserves (con, nul, "
        "com1 ...). Existing files are never overwritten and symbolic links are never "
        "followed; if writing fails, nothing is left behind."
    )
    p.add_argument(
        "name",
        metavar="NAME",
        help=f"name of the new variant (e.g. my-house; at most {MAX_NAME_CHARS} characters)",
    )
    p.add_argument(
        "--from",
        dest="parent",
        required=True,
        metavar="PROFILE",
        help="the profile to extend (name or path to a .toml file)",
    )
    p.add_argument(
        "--plugin",
        action="store_true",
        help="write an installable package with a plugin, the profile and a test",
    )
    p.add_argument(
        "--dir",
        default=".",
        metavar="DIR",
        help="where to write, created if missing (default: current directory)",
    )


def cli_run(args: Any, con: Any) -> int:
    """Run ``cardrules new``: list the files written and what to do next."""
    written = new_variant(args.name, args.parent, directory=args.dir, plugin=args.plugin)
    for path in written:
        con.stdout.write(f"created {path}\n")
    if args.plugin:
        base = Path(args.dir) / args.name
        con.stdout.write(f"next: pip install -e {base} && cardrules show {args.name}\n")
    else:
        con.stdout.write(f"next: edit {written[0]}, then cardrules check {written[0]}\n")
    return 0
