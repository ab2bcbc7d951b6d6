"""Finding profiles by name or path, and resolving ``extends``.

Every profile comes from a directory an installed plugin names through
``cardrules_profile_dirs``: the families shipped with cardrules keep theirs in
their own packages (``variants/cardrules_<family>/profiles/``), exactly as a
family installed beside cardrules does.  The shipped families' profiles come
first: an installed plugin cannot shadow them.  Finding a shipped profile by
name asks only the family the snapshot names for it (see
:func:`~cardrules.profile.files.snapshot_file`), not every installed plugin.

A profile's ``extends`` names its parent: an installed profile, or a path
ending in ``.toml`` (relative to the child).  Every problem of an extends
chain is reported against the file that was loaded, and a problem with a
value a parent set says which file set it.
"""

from __future__ import annotations

import functools
import importlib.metadata
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pluggy

from cardrules.deck import DeckSpec
from cardrules.errors import ProfileError, did_you_mean, shown
from cardrules.profile.files import (
    key_path,
    merge,
    read_profile_file,
    read_snapshot,
    snapshot_file,
)
from cardrules.rules.hookspecs import PROJECT

__all__ = [
    "MergedProfile",
    "earlier_versions",
    "family_decks",
    "find_profile",
    "installed_profile_path",
    "is_earlier_version",
    "profile_paths",
    "resolve_chain",
    "resolve_data",
    "rule_text_path",
    "shipped_plugins",
    "shipped_profile_names",
    "shipped_profiles",
]

#: How many parents an extends chain may have (a chain from outside must end).
MAX_EXTENDS = 16

#: The longest ``extends`` followed, in characters (a file's path is at most 4096 bytes).
MAX_EXTENDS_CHARS = 1024


#: The distribution whose plugins are the shipped families.
DISTRIBUTION = "cardrules"


def shipped_plugins() -> list[str]:
    """The installed plugins that ship with cardrules itself (its own families), by name."""
    from cardrules.rules.plugins import entry_points

    try:
        ours = importlib.metadata.distribution(DISTRIBUTION).entry_points
    except importlib.metadata.PackageNotFoundError:
        return []
    installed = entry_points()
    return sorted(ep.name for ep in ours.select(group=PROJECT) if installed.get(ep.name) == ep)


def _dirs_of(plugin: str) -> tuple[Path, ...]:
    """The profile directories the installed plugin ``plugin`` names (only it is loaded)."""
    from cardrules.rules.plugins import entry_points

    return _entry_point_dirs(entry_points()[plugin])


@functools.cache
def _entry_point_dirs(entry_point: importlib.metadata.EntryPoint) -> tuple[Path, ...]:
    """The profile directories of one entry point's plugin, asked once.

    A family (:class:`~cardrules.rules.family.Family`) says them; a plugin of hooks
    is asked its profile hook alone, of a manager holding that plugin alone and no
    specifications (the hook takes no argument): loading a shipped profile pays for
    no more.  The plugin is checked against the specifications when a ruleset naming
    it is loaded.
    """
    from cardrules.rules.family import Family

    plugin = entry_point.load()
    if isinstance(plugin, Family):
        return tuple(plugin.profile_dirs())
    pm = pluggy.PluginManager(PROJECT)
    pm.register(plugin, name=entry_point.name)
    hook = getattr(pm.hook, "cardrules_profile_dirs", None)
    if hook is None:  # without specifications, a hook no plugin implements is not there
        return ()
    try:
        return tuple(Path(folder) for result in hook() for folder in result)
    except pluggy.HookCallError as exc:
        raise ProfileError(
            entry_point.name, f"a plugin does not match the hook specifications: {exc}"
        ) from None


@functools.cache
def _shipped_dirs() -> tuple[tuple[str, Path], ...]:
    """The shipped families' profile directories, each with its plugin's name."""
    return tuple((plugin, folder) for plugin in shipped_plugins() for folder in _dirs_of(plugin))


@functools.cache
def _plugin_dirs() -> tuple[Path, ...]:
    """The profile directories of the plugins installed beside cardrules."""
    from cardrules.rules.plugins import entry_points

    shipped = set(shipped_plugins())
    others = sorted(name for name in entry_points() if name not in shipped)
    return tuple(folder for plugin in others for folder in _dirs_of(plugin))


def family_decks(plugin: str) -> Mapping[str, DeckSpec]:
    """The decks the installed plugin ``plugin`` declares, by name (a family's
    :attr:`~cardrules.rules.family.Family.decks`; none for a plugin of hooks)."""
    from cardrules.rules.family import Family
    from cardrules.rules.plugins import entry_points

    found = entry_points().get(plugin)
    family = found.load() if found is not None else None
    return family.decks if isinstance(family, Family) else {}


def _profiles_in(directories: Iterable[Path]) -> Iterator[tuple[str, Path]]:
    """The profiles of ``directories``, in order: (name, file)."""
    for directory in directories:
        if directory.is_dir():
            for path in sorted(directory.glob("*.toml")):
                yield path.stem, path


def shipped_profiles() -> dict[str, tuple[str, Path]]:
    """The profiles of the families shipped with cardrules: name -> (plugin, file), sorted.

    The tests and the docs run over these: a profile of a plugin installed beside
    cardrules is that plugin's to test and document.
    """
    found: dict[str, tuple[str, Path]] = {}
    for plugin, directory in _shipped_dirs():
        for name, path in _profiles_in([directory]):
            found.setdefault(name, (plugin, path))
    return dict(sorted(found.items()))


def profile_paths() -> dict[str, Path]:
    """Installed profiles: name -> file, shipped ones first (a plugin cannot shadow them)."""
    found = {name: path for name, (_, path) in shipped_profiles().items()}
    for name, path in _profiles_in(_plugin_dirs()):
        found.setdefault(name, path)
    return found


def shipped_profile_names() -> list[str]:
    """The names of the shipped profiles, sorted, from the snapshot: no family is imported
    (without a snapshot, the families are asked: :func:`shipped_profiles`)."""
    index = read_snapshot(snapshot_file()).get("shipped")
    if isinstance(index, dict) and index:
        return sorted(index)
    return list(shipped_profiles())


def _shipped_file(name: str) -> Path | None:
    """The file of the shipped profile ``name``, asking only the family the snapshot names.

    None when the snapshot does not name it (or names a family not installed, or
    one that no longer ships it): the caller then asks every installed plugin.
    """
    from cardrules.rules.plugins import entry_points

    index = read_snapshot(snapshot_file()).get("shipped")
    plugin = index.get(name) if isinstance(index, dict) else None
    if not isinstance(plugin, str) or plugin not in entry_points():
        return None
    for directory in _dirs_of(plugin):
        path = directory / f"{name}.toml"
        if os.path.isfile(path):  # False, not OSError, for a name too long for a file
            return path
    return None


def installed_profile_path(name: str) -> Path | None:
    """The file of the installed profile ``name`` (never a path), or None."""
    return _shipped_file(name) or profile_paths().get(name)


def earlier_versions(name: str) -> tuple[Path, ...]:
    """The files of the earlier versions of the installed profile ``name``, oldest first.

    A profile whose rules change keeps its earlier file, unchanged, as
    ``earlier/<name>/<version>.toml`` beside the current one (in its family's
    profile directory): a record of a game played under it names the profile
    and the hash of those rules, and is replayed under them.  None for a name
    that is not an installed profile's.
    """
    path = installed_profile_path(name)
    if path is None:
        return ()
    folder = path.parent / "earlier" / name
    return tuple(sorted(folder.glob("*.toml"))) if folder.is_dir() else ()


def is_earlier_version(path: str | Path) -> bool:
    """Whether ``path`` is the file of an earlier version of a profile
    (``earlier/<name>/<version>.toml``, as :func:`earlier_versions` lists them)."""
    folder = Path(path).parent
    return folder.parent.name == "earlier" and Path(path).suffix == ".toml"


def _looks_like_path(ref: str) -> bool:
    return ref.endswith(".toml") or "/" in ref or "\\" in ref


def find_profile(ref: str | Path, *, relative_to: Path | None = None) -> Path:
    """The file of a profile given by name or path; the error lists known names."""
    if isinstance(ref, Path) or _looks_like_path(ref):
        path = Path(ref)
        if relative_to is not None and not path.is_absolute():
            path = relative_to / path
        return path
    # A shipped profile wins over plugins' ones (see profile_paths), so it is
    # found without importing every installed plugin.
    shipped = _shipped_file(ref)
    if shipped is not None:
        return shipped
    paths = profile_paths()
    if ref in paths:
        return paths[ref]
    hint = did_you_mean(ref, paths)
    raise ProfileError(
        ref,
        f"unknown profile {shown(ref)}; {hint}"
        f"known profiles: {', '.join(sorted(paths)) or '(none)'}",
    )


def resolve_data(path: Path) -> dict[str, Any]:
    """The profile table of ``path`` merged over its ``extends`` chain (cycles refused)."""
    return resolve_chain(path).data


def resolve_chain(path: Path) -> MergedProfile:
    """The profile of ``path`` merged over its ``extends`` chain, with the chain itself.

    Every error is against ``path`` as given: a parent that cannot be found,
    read or parsed is a problem of ``profile.extends``, naming the parent and,
    when it is further up the chain, the file whose ``extends`` named it.
    """
    chain = [path]
    tables = [read_profile_file(path)]
    while (ref := _extends_of(tables[-1])) is not None:
        parent = _parent_file(ref, chain)
        try:
            tables.append(read_profile_file(parent))
        except ProfileError as exc:
            raise _extends_error(
                chain, f"cannot extend {shown(ref)}: {exc.problems[0][1]}"
            ) from None
        chain.append(parent)
    data = dict(tables[-1])
    for child in reversed(tables[:-1]):
        data = _merge_child(data, child)
    return MergedProfile(data, tuple(chain), tuple(tables))


def _extends_of(table: Mapping[str, Any]) -> object:
    """The ``extends`` of a raw table, None if it has none (or no ``[profile]`` table)."""
    meta = table.get("profile")
    return meta.get("extends") if isinstance(meta, Mapping) else None


def _parent_file(ref: object, chain: Sequence[Path]) -> Path:
    """The file of the parent ``ref`` names (``ref`` is the last of ``chain``'s extends).

    Only an installed profile's name or a path ending in ``.toml`` is
    followed: ``extends = "/etc/passwd"`` is refused before anything is read.
    """
    expected = "must be an installed profile name or a path ending in .toml"
    if not isinstance(ref, str) or "\0" in ref:
        raise _extends_error(chain, f"{expected} (got {shown(ref)})")
    if not ref.endswith(".toml") and ("/" in ref or "\\" in ref):
        raise _extends_error(chain, f"{expected} (got {shown(ref)})")
    if len(ref) > MAX_EXTENDS_CHARS:
        raise _extends_error(
            chain, f"{expected} of at most {MAX_EXTENDS_CHARS} characters (got {shown(ref)})"
        )
    try:
        parent = find_profile(ref, relative_to=chain[-1].parent)
    except ProfileError as exc:
        raise _extends_error(chain, f"cannot extend {shown(ref)}: {exc.problems[0][1]}") from None
    # os.path.realpath, unlike Path.resolve, does not raise on a loop of symlinks.
    real = Path(os.path.realpath(parent))
    if real in {Path(os.path.realpath(p)) for p in chain}:
        names = " -> ".join(p.name for p in (*chain, real))
        raise ProfileError(str(chain[0]), [("profile.extends", f"extends cycle: {names}")])
    if len(chain) > MAX_EXTENDS:
        raise _extends_error(
            chain, f"cannot extend {shown(ref)}: more than {MAX_EXTENDS} parents in a chain"
        )
    if not os.path.exists(parent):  # False, not OSError, for a name too long for a file
        raise _extends_error(chain, f"cannot extend {shown(ref)}: no such file {parent}")
    return parent


def _extends_error(chain: Sequence[Path], what: str) -> ProfileError:
    """A problem with the ``extends`` of the last file of ``chain``, against the first."""
    where = _set_in(chain, len(chain) - 1)
    return ProfileError(str(chain[0]), [("profile.extends", what + where)])


def _merge_child(parent: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    """A child's table over its parent's: identity is never inherited, plugins are joined."""
    child_meta = dict(child["profile"])
    merged = merge(parent, child)
    merged_meta = dict(merged["profile"])
    for key in ("name", "summary", "source"):
        if key not in child_meta:
            merged_meta.pop(key, None)
    parent_meta = parent.get("profile")
    parent_plugins = parent_meta.get("plugins", []) if isinstance(parent_meta, Mapping) else []
    child_plugins = child_meta.get("plugins", [])
    # Anything but two lists is left as written, for the schema to report.
    if isinstance(parent_plugins, list) and isinstance(child_plugins, list):
        plugins = list(parent_plugins)
        for name in child_plugins:
            if name not in plugins:
                plugins.append(name)
        if plugins:
            merged_meta["plugins"] = plugins
    merged["profile"] = merged_meta
    return merged


@dataclass(frozen=True, slots=True)
class MergedProfile:
    """A profile table merged over its extends chain, and the tables it was merged from.

    ``chain`` is the file loaded, then its parent, and so on; ``tables`` are
    their raw tables, in the same order.  They are kept to tell, when a value
    is refused, which file set it (worked out only then).
    """

    data: dict[str, Any]
    chain: tuple[Path, ...]
    tables: tuple[Mapping[str, Any], ...]

    def annotate(self, problems: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """``problems`` of the merged table, each about a parent's value saying where it was set.

        A problem about a table whose values came from several files (``auction
        -> min_call (9) must not be above max_call (3)``) is left as it is.
        """
        if len(self.chain) == 1:
            return problems
        origins = {key_path(leaf): self._setter(leaf) for leaf in _leaves(self.data)}
        return [
            (path, what + _set_in(self.chain, _origin(path, origins))) for path, what in problems
        ]

    def _setter(self, leaf: tuple[str, ...]) -> int | None:
        """The index in ``chain`` of the file whose value the merged table holds at ``leaf``.

        Merging keeps the child's value wherever it has one, so that is the
        first file, from the child up, that holds a value (not a table) there.
        """
        for index, table in enumerate(self.tables):
            value: object = table
            for key in leaf:
                value = value.get(key) if isinstance(value, Mapping) else None
            if value is not None and not isinstance(value, Mapping):
                return index
        return None


def _leaves(table: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The key paths of the values (not tables) of ``table``; a list is one value."""
    for key, value in table.items():
        if isinstance(value, Mapping):
            yield from _leaves(value, (*prefix, key))
        else:
            yield (*prefix, key)


def _origin(path: str, origins: Mapping[str, int | None]) -> int | None:
    """The file that set what ``path`` names: its own value, the list it is in, or the
    one file that set every value under it; None if unknown or several files did."""
    if path in origins:
        return origins[path]
    for leaf, index in origins.items():
        if path.startswith((f"{leaf}.", f"{leaf}[")):
            return index
    under = {index for leaf, index in origins.items() if leaf.startswith((f"{path}.", f"{path}["))}
    return under.pop() if len(under) == 1 else None


def _set_in(chain: Sequence[Path], index: int | None) -> str:
    """`` (set in PARENT, extended by CHILD)`` for a parent's value; empty for the file loaded."""
    if not index:
        return ""
    return f" (set in {chain[index]}, extended by {chain[index - 1].name})"


def rule_text_path(ref: str | Path) -> Path | None:
    """The rule text kept beside a profile (``<name>.rules.md``), or None if it has none."""
    path = find_profile(ref)
    text = path.with_name(path.name.removesuffix(".toml") + ".rules.md")
    return text if text.is_file() else None
