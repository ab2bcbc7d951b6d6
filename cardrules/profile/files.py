"""Reading profile files: bounded, strict TOML, merged table over table.

A profile may come from outside (an app loads what a user sent it), so reading
one is bounded: only a regular file is opened (never a FIFO or a device, which
could block or never end), at most :data:`MAX_PROFILE_BYTES` of it is read,
and tables and arrays nest at most :data:`MAX_NESTING` deep.  Messages never
repeat a file's content, and show a value given only cut short.
"""

from __future__ import annotations

import functools
import json
import os
import re
import stat
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import tomli_w

from cardrules.errors import SHOWN_CHARS, ProfileError, shown

__all__ = [
    "MAX_NESTING",
    "MAX_PROFILE_BYTES",
    "SNAPSHOT_FORMAT",
    "SNAPSHOT_NAME",
    "dump_profile",
    "key_path",
    "merge",
    "read_profile_file",
    "read_snapshot",
    "snapshot_file",
]

#: The largest profile file read, in bytes (1 MiB; the shipped ones are a few KiB).
MAX_PROFILE_BYTES = 1 << 20

#: How deep tables and arrays may nest in a profile (the schema needs 4 levels).
MAX_NESTING = 32

#: The ``format`` of the snapshot file, and its name.
SNAPSHOT_FORMAT = "cardrules-validated-profiles/1"
SNAPSHOT_NAME = "_validated.json"

_TOO_DEEP = f"tables and arrays nest more than {MAX_NESTING} levels deep"


def snapshot_file() -> Path:
    """The snapshot of the shipped families' profiles, validated (``_validated.json``).

    The profiles ship in their families' packages (each family's
    ``cardrules_profile_dirs``); the snapshot of their validation is the
    distribution's, one file: in the wheel ``cardrules/_profiles/_validated.json``,
    in a source checkout the repository's ``profiles/_validated.json``.
    """
    package = Path(__file__).resolve().parent.parent
    packaged = package / "_profiles" / SNAPSHOT_NAME
    if packaged.is_file():
        return packaged
    return package.parent / "profiles" / SNAPSHOT_NAME


@functools.cache
def read_snapshot(path: Path) -> dict[str, Any]:
    """The snapshot document at ``path``; empty when missing, not JSON or of another format."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(doc, dict) or doc.get("format") != SNAPSHOT_FORMAT:
        return {}
    return doc


#: A bare TOML key (one that needs no quotes).
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def key_path(parts: Iterable[str | int]) -> str:
    """A key path as messages write it: ``play.duties[2].name``.

    A key that is not a short bare TOML key is shown quoted and cut short: a
    key may hold a newline (which would forge a line of the message) or a megabyte.
    """
    path = ""
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            bare = len(part) <= SHOWN_CHARS and _BARE_KEY.fullmatch(part)
            text = part if bare else shown(part)
            path += ("." if path else "") + text
    return path


#: One part of a dotted TOML key: bare, "basic" or 'literal'.
_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')"""

#: A dotted key of more than MAX_NESTING parts (which would nest too deep anyway),
#: looked for in one line where a key may start: at its start, in a table's
#: [header], in an { inline table }.  The pattern never backtracks, so the search
#: takes time linear in the line.
_DEEP_KEY = re.compile(
    rf"(?:^|[\[{{,])[ \t]*+(?:{_KEY_PART}[ \t]*+\.[ \t]*+){{{MAX_NESTING}}}{_KEY_PART}"
)


def read_profile_file(path: Path) -> dict[str, Any]:
    """The raw TOML table of a profile file; :class:`ProfileError` if unreadable.

    The messages say what is wrong with the file, never what it holds:
    tomllib's own messages give only a line and a column.
    """
    text = _profile_text(path)
    if _has_deep_key(text):
        # tomllib takes time quadratic in the parts of a dotted key: refuse first.
        raise ProfileError(str(path), _TOO_DEEP)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(str(path), f"not valid TOML: {exc}") from None
    except RecursionError:
        # Python 3.11's tomllib recurses once per nested array or inline table.
        raise ProfileError(str(path), _TOO_DEEP) from None
    except ValueError:
        # Such as an integer of more than 4300 digits (int()'s own limit).
        raise ProfileError(str(path), "not valid TOML: a value is too large") from None
    if _nests_too_deep(data):
        raise ProfileError(str(path), _TOO_DEEP)
    return data


def _has_deep_key(text: str) -> bool:
    """Whether ``text`` has a dotted key of more than MAX_NESTING parts.

    A key is on one line (TOML's lines end at "\\n"), so only the lines with
    enough dots are searched.
    """
    return any(
        line.count(".") >= MAX_NESTING and _DEEP_KEY.search(line) for line in text.split("\n")
    )


def _profile_text(path: Path) -> str:
    """The text of a profile file: a regular file of at most MAX_PROFILE_BYTES, in UTF-8."""
    source = str(path)
    try:
        content = _read_regular_file(path, MAX_PROFILE_BYTES + 1)
    except FileNotFoundError:
        raise ProfileError(source, "file not found") from None
    except OSError as exc:
        raise ProfileError(source, f"cannot read the file: {exc.strerror or exc}") from None
    except ValueError:  # os.stat refuses a path with a NUL character in it
        raise ProfileError(source, "cannot read the file: not a valid path") from None
    if content is None:
        raise ProfileError(source, "not a regular file")
    if len(content) > MAX_PROFILE_BYTES:
        raise ProfileError(
            source, f"too large for a profile (more than {MAX_PROFILE_BYTES} bytes, 1 MiB)"
        )
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProfileError(source, f"not UTF-8 text (at byte {exc.start})") from None


def _read_regular_file(path: Path, limit: int) -> bytes | None:
    """At most ``limit`` bytes of ``path``; None if it is not a regular file.

    The file is checked before it is opened (opening a FIFO blocks, a device
    such as ``/dev/zero`` never ends), opened without blocking, checked again
    (it may have been swapped meanwhile) and read no further than the limit.
    """
    if not stat.S_ISREG(os.stat(path).st_mode):
        return None
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks: list[bytes] = []
        size = 0
        while size < limit:
            chunk = os.read(fd, limit - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


#: The types of tomllib's tables and arrays.
_CONTAINERS = (dict, list)


def _nests_too_deep(table: dict[str, Any]) -> bool:
    """Whether tables and arrays nest more than MAX_NESTING deep in ``table`` (no recursion)."""
    stack: list[tuple[dict[str, Any] | list[Any], int]] = [(table, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_NESTING:
            return True
        for value in item.values() if isinstance(item, dict) else item:
            if type(value) in _CONTAINERS:
                stack.append((value, depth + 1))
    return False


def merge(parent: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    """Child settings over parent ones, table by table; lists are replaced whole."""
    out = dict(parent)
    for key, value in child.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def dump_profile(data: Mapping[str, Any]) -> str:
    """TOML text of a profile table (written with tomli-w)."""
    return tomli_w.dumps(dict(data))
