"""Scaffolding a variant: ``cardrules new NAME --from PROFILE [--plugin]``.

Without ``--plugin`` it writes one TOML profile, ``NAME.toml``, that extends
``PROFILE`` and lists the parent's house-rule switches under ``[options]`` at
their current values, ready to flip.  With ``--plugin`` it writes a minimal
installable package instead::

    NAME/
      pyproject.toml                    entry point NAME in the group "cardrules"
      src/cardrules_IDENT/__init__.py
      src/cardrules_IDENT/plugin.py     one hook: cardrules_profile_dirs
      src/cardrules_IDENT/profiles/NAME.toml
      tests/test_IDENT.py               the entry point finds the profile; a game plays

``pip install -e NAME`` makes ``cardrules.load("NAME")`` work.  Every TOML
file is written with tomli-w.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import tomli_w

from cardrules.errors import CardrulesError
from cardrules.profile import OptionValue
from cardrules.ruleset import Ruleset, load

__all__ = ["cli_arguments", "cli_run", "new_variant", "package_name", "profile_table"]

_NAME = re.compile(r"^[a-z][a-z0-9-]*$")


def package_name(name: str) -> str:
    """The import package of a variant: ``my-house`` -> ``cardrules_my_house``."""
    return "cardrules_" + name.replace("-", "_")


def _check_name(name: str) -> None:
    if not _NAME.fullmatch(name):
        raise CardrulesError(
            f"invalid variant name {name!r}: use lower-case letters, digits and '-', "
            "starting with a letter (e.g. 'my-house')"
        )
    from cardrules.plugins import entry_points
    from cardrules.registry import profile_paths

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
        key: parent.profile.options.get(key, spec.default)
        for key, spec in sorted(parent.components.options.items())
    }
    if options:
        table["options"] = options
    return table


def _write(path: Path, text: str) -> Path:
    if path.exists():
        raise CardrulesError(f"cannot create {path}: it already exists")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def new_variant(
    name: str, parent: str | Path, *, directory: str | Path = ".", plugin: bool = False
) -> list[Path]:
    """Write a new variant of ``parent`` (a profile name or path) into ``directory``.

    Returns the files written.  Nothing is written when the name, the parent
    or the target is wrong (a :class:`~cardrules.CardrulesError` says which).
    """
    _check_name(name)
    rules = load(parent)
    ref = _parent_ref(parent)
    root = Path(directory)
    profile_text = tomli_w.dumps(profile_table(name, rules, ref, plugin=plugin))
    if not plugin:
        target = root / f"{name}.toml"
        if target.exists():
            raise CardrulesError(f"cannot create {target}: it already exists")
        written = [_write(target, profile_text)]
        load(target)  # what we wrote must load
        return written
    base = root / name
    if base.exists():
        raise CardrulesError(f"cannot create {base}: it already exists")
    pkg = package_name(name)
    files = {
        base / "pyproject.toml": tomli_w.dumps(_pyproject(name, pkg, rules)),
        base / "README.md": _README.format(name=name, parent=rules.name, pkg=pkg),
        base / "src" / pkg / "__init__.py": _INIT.format(name=name, parent=rules.name),
        base / "src" / pkg / "plugin.py": _PLUGIN.format(name=name),
        base / "src" / pkg / "py.typed": "",
        base / "src" / pkg / "profiles" / f"{name}.toml": profile_text,
        base / "tests" / f"test_{pkg}.py": _TEST.format(name=name, pkg=pkg),
    }
    return [_write(path, text) for path, text in files.items()]


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
            "entry-points": {"cardrules": {name: f"{pkg}.plugin"}},
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
pip install -e .          # registers the plugin `{name}` (entry-point group `cardrules`)
pytest                    # the entry point finds the profile; a game plays to the end
```

The rules are in `src/{pkg}/profiles/{name}.toml` (it `extends` `{parent}`);
code that TOML cannot express goes in `src/{pkg}/plugin.py`.
"""

_INIT = '''\
"""The {name} variant of {parent} for cardrules (plugin ``{name}``)."""
'''

_PLUGIN = '''\
"""Hook implementations of this variant, found through its entry point.

This is the plugin ``{name}`` (entry-point group ``cardrules``).
The one hook below tells cardrules where this package's profiles are.
A rule that TOML cannot express is another hook from
``cardrules.hookspecs``; for example a duty of your own::

    from cardrules.duties import Duty

    class NoAceLead(Duty):
        name = "no_ace_lead"
        summary = "An ace may not be led."

        def narrow(self, hand, legal, t):
            ...

    @hookimpl
    def cardrules_setup_components(components):
        components.add_duty(NoAceLead)

then list ``{{ name = "no_ace_lead", rule = "..." }}`` under ``[play] duties``.
"""

from __future__ import annotations

from pathlib import Path

from cardrules import hookimpl

#: The directory of this variant's profiles.
PROFILES = Path(__file__).resolve().parent / "profiles"


@hookimpl
def cardrules_profile_dirs() -> list[Path]:
    """This package's profiles, so that ``cardrules.load("{name}")`` finds them."""
    return [PROFILES]
'''

_TEST = '''\
"""The {name} variant is installed, found through its entry point, and plays."""

import importlib.metadata

import cardrules

from {pkg} import plugin


def test_entry_point_is_registered() -> None:
    eps = importlib.metadata.entry_points(group="cardrules")
    found = [ep.value for ep in eps if ep.name == "{name}"]
    assert found == ["{pkg}.plugin"]


def test_hook_lists_the_profile() -> None:
    assert (plugin.cardrules_profile_dirs()[0] / "{name}.toml").is_file()


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
'''


def cli_arguments(p: Any) -> None:
    """Arguments of ``cardrules new`` (``p`` is an ``argparse`` parser)."""
    p.add_argument("name", metavar="NAME", help="name of the new variant (e.g. my-house)")
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
        "--dir", default=".", metavar="DIR", help="where to write (default: current directory)"
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
