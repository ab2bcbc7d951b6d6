"""Finding profiles by name or path, and resolving ``extends``.

Shipped profiles live in the wheel (``cardrules/_profiles``; in a source
checkout, the repository's ``profiles/``).  Installed plugins add directories
through ``cardrules_profile_dirs``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from cardrules.errors import ProfileError
from cardrules.profile import Profile, merge, read_profile_file, validated_profile

__all__ = [
    "builtin_profile_dir",
    "find_profile",
    "load_profile",
    "profile_paths",
    "rule_text_path",
]


def builtin_profile_dir() -> Path:
    """The directory of the profiles shipped with cardrules."""
    here = Path(__file__).resolve().parent
    packaged = here / "_profiles"
    if packaged.is_dir():
        return packaged
    return here.parent / "profiles"


@functools.cache
def _plugin_dirs() -> tuple[Path, ...]:
    from cardrules.plugins import all_plugins_manager, profile_dirs

    return tuple(profile_dirs(all_plugins_manager()))


def profile_paths() -> dict[str, Path]:
    """Installed profiles: name -> file, shipped ones first (a plugin cannot shadow them)."""
    found: dict[str, Path] = {}
    for directory in (builtin_profile_dir(), *_plugin_dirs()):
        if directory.is_dir():
            for path in sorted(directory.glob("*.toml")):
                found.setdefault(path.stem, path)
    return found


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
    shipped = builtin_profile_dir() / f"{ref}.toml"
    if shipped.is_file():
        return shipped
    paths = profile_paths()
    if ref in paths:
        return paths[ref]
    raise ProfileError(
        ref, f"unknown profile {ref!r}; known profiles: {', '.join(sorted(paths)) or '(none)'}"
    )


def resolve_data(
    path: Path, seen: tuple[Path, ...] = (), *, top: Path | None = None
) -> dict[str, Any]:
    """The profile table of ``path`` merged over its ``extends`` chain (cycles refused).

    ``top`` is the file first asked for, as given: a cycle is reported there.
    """
    real = path.resolve()
    if real in seen:
        chain = " -> ".join(p.name for p in (*seen, real))
        where = str(top if top is not None else seen[0])
        raise ProfileError(where, [("profile.extends", f"extends cycle: {chain}")])
    data = read_profile_file(path)
    meta = data.get("profile")
    parent_ref = meta.get("extends") if isinstance(meta, dict) else None
    if parent_ref is None:
        return data
    if not isinstance(parent_ref, str):
        raise ProfileError(
            str(path), [("profile.extends", f"must be a profile name or path (got {parent_ref!r})")]
        )
    try:
        parent_path = find_profile(parent_ref, relative_to=path.parent)
        if not parent_path.is_file():
            raise ProfileError(str(path), f"no such file {parent_path}")
    except ProfileError as exc:
        raise ProfileError(
            str(path), [("profile.extends", f"cannot extend {parent_ref!r}: {exc.problems[0][1]}")]
        ) from None
    parent = resolve_data(parent_path, (*seen, real), top=top if top is not None else path)
    child_meta = dict(data["profile"])
    merged = merge(parent, data)
    # Identity is never inherited: the child names itself; plugins are joined.
    merged_meta = dict(merged["profile"])
    for key in ("name", "summary", "source"):
        if key not in child_meta:
            merged_meta.pop(key, None)
    parent_meta = parent.get("profile")
    parent_plugins = parent_meta.get("plugins", []) if isinstance(parent_meta, dict) else []
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


def load_profile(ref: str | Path) -> Profile:
    """A validated :class:`Profile` from a name or a path, ``extends`` resolved."""
    path = find_profile(ref)
    data = resolve_data(path)
    return validated_profile(data, str(path))


def rule_text_path(ref: str | Path) -> Path | None:
    """The rule text kept beside a profile (``<name>.rules.md``), or None if it has none."""
    path = find_profile(ref)
    text = path.with_name(path.name.removesuffix(".toml") + ".rules.md")
    return text if text.is_file() else None
