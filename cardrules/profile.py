"""Profiles: TOML in, validated once, frozen dataclasses out.

A profile is one TOML file per named rule set.  It is read with ``tomllib``,
merged over its ``extends`` parent, validated as a whole by the pydantic
models of :mod:`cardrules.schema` (unknown keys are errors, every field has a
description) and turned into the frozen :class:`Profile` the engine and the
hooks see.  Hooks never see pydantic models.

Errors name the file, the key path and the expectation, all problems at once::

    invalid profile profiles/my-house.toml:
      auction.min_call -> must be >= 0 (got -1)
      play.duties[2].name -> unknown duty 'must_overtrumpp'; known: follow_suit, ...

The validation results of the shipped profiles are kept in a snapshot beside them
(``_validated.json``: the validated data of each, by a hash of its merged
table).  A profile whose merged table is in the snapshot is built from it
without importing pydantic (about half of ``import cardrules`` +
``load()``); any other table, or any change to a shipped file, is
validated.  A test checks that the snapshot is exactly what validation gives.

A profile may come from outside (an app loads what a user sent it), so reading
one is bounded: only a regular file is opened (never a FIFO or a device, which
could block or never end), at most :data:`MAX_PROFILE_BYTES` of it is read,
and tables and arrays nest at most :data:`MAX_NESTING` deep.  Messages never
repeat a file's content, and show a value given only cut short.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import stat
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from cardrules.cards import Suit
from cardrules.errors import SHOWN_CHARS, ProfileError, shown

__all__ = [
    "ComponentRef",
    "Profile",
    "dump_profile",
    "dump_resolved",
    "key_path",
    "read_profile_file",
    "validated_profile",
]

OptionValue = bool | int | str

#: The ``format`` of the snapshot file.
SNAPSHOT_FORMAT = "cardrules-validated-profiles/1"

#: The largest profile file read, in bytes (1 MiB; the shipped ones are a few KiB).
MAX_PROFILE_BYTES = 1 << 20

#: How deep tables and arrays may nest in a profile (the schema needs 4 levels).
MAX_NESTING = 32

_TOO_DEEP = f"tables and arrays nest more than {MAX_NESTING} levels deep"

#: The schema's names, still importable from here (``cardrules.profile.ProfileModel``):
#: they live in :mod:`cardrules.schema`, imported on first use with pydantic.
_SCHEMA_NAMES = frozenset(
    {
        "AuctionModel",
        "ComponentRefModel",
        "DealModel",
        "GameModel",
        "PlayModel",
        "ProfileMetaModel",
        "ProfileModel",
        "ScoringModel",
        "TableModel",
        "format_validation_error",
        "validate",
    }
)


def __getattr__(name: str) -> Any:
    if name in _SCHEMA_NAMES:
        from cardrules import schema

        return getattr(schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ---------------------------------------------------------------------------
# The engine's view: frozen dataclasses.


@dataclass(frozen=True, slots=True)
class ComponentRef:
    """A named component and the rule id it implements."""

    name: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Profile:
    """A validated profile, as hooks and the engine see it (no pydantic)."""

    name: str
    title: str
    version: str
    summary: str
    source: str
    plugins: tuple[str, ...]
    extends: str | None
    sides: str
    direction: str
    cutter: str
    throw_in: tuple[ComponentRef, ...]
    auction_kind: str
    min_call: int
    max_call: int
    auction_rule: str
    trump: str
    duties: tuple[ComponentRef, ...]
    play_turn_rule: str
    scoring_kind: str
    scoring_rule: str
    scoring_params: Mapping[str, OptionValue]
    deals: int
    deal_choices: tuple[int, ...]
    game_rule: str
    options: Mapping[str, OptionValue]
    rule_ids: Mapping[str, tuple[str, ...]]
    path: str
    data: Mapping[str, Any]

    @classmethod
    def from_dump(cls, d: Mapping[str, Any], *, path: str, data: Mapping[str, Any]) -> Profile:
        """The engine's profile from validated data (``model_dump(mode="json")`` of the schema).

        ``data`` is the merged table as written, kept for specs and diffs.
        """
        meta, table, deal, auction = d["profile"], d["table"], d["deal"], d["auction"]
        play, scoring, game = d["play"], d["scoring"], d["game"]
        return cls(
            name=meta["name"],
            title=meta["title"],
            version=meta["version"],
            summary=meta["summary"],
            source=meta["source"],
            plugins=tuple(meta["plugins"]),
            extends=meta["extends"],
            sides=table["sides"],
            direction=deal["direction"],
            cutter=deal["cutter"],
            throw_in=tuple(ComponentRef(c["name"], c["rule"]) for c in deal["throw_in"]),
            auction_kind=auction["kind"],
            min_call=auction["min_call"],
            max_call=auction["max_call"],
            auction_rule=auction["rule"],
            trump=play["trump"],
            duties=tuple(ComponentRef(c["name"], c["rule"]) for c in play["duties"]),
            play_turn_rule=play["turn_rule"],
            scoring_kind=scoring["kind"],
            scoring_rule=scoring["rule"],
            scoring_params=dict(scoring["params"]),
            deals=game["deals"],
            deal_choices=tuple(game["deal_choices"]),
            game_rule=game["rule"],
            options=dict(d["options"]),
            rule_ids={
                key: tuple(d[key]["rules"])
                for key in ("table", "deal", "auction", "play", "scoring", "game")
            },
            path=path,
            data=data,
        )

    def option(self, name: str, default: OptionValue) -> OptionValue:
        """The value of a house-rule switch or plugin setting."""
        return self.options.get(name, default)

    @property
    def fixed_trump(self) -> Suit | None:
        """The trump suit the profile fixes; None in no-trump or when the auction chooses it."""
        return Suit[self.trump] if self.trump in ("C", "D", "H", "S") else None


# ---------------------------------------------------------------------------
# Reading, merging, validating.


def snapshot_path() -> Path:
    """The snapshot of the shipped profiles' validation (beside them)."""
    from cardrules.registry import builtin_profile_dir

    return builtin_profile_dir() / "_validated.json"


def snapshot_key(data: Mapping[str, Any]) -> str | None:
    """The snapshot's key of a merged profile table (None: not JSON data, never cached)."""
    try:
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return None
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@functools.cache
def _snapshot() -> dict[str, Any]:
    """The snapshot's entries; empty when the file is missing or not a snapshot."""
    try:
        doc = json.loads(snapshot_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(doc, dict) or doc.get("format") != SNAPSHOT_FORMAT:
        return {}
    entries = doc.get("profiles")
    return entries if isinstance(entries, dict) else {}


def validated_profile(data: Mapping[str, Any], source: str) -> Profile:
    """The :class:`Profile` of a merged table: from the snapshot, else validated now."""
    key = snapshot_key(data)
    dump = _snapshot().get(key) if key is not None else None
    if dump is None:
        from cardrules.schema import validated_dump

        dump = validated_dump(data, source)
    return Profile.from_dump(dump, path=source, data=data)


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


def dump_resolved(profile: Profile) -> str:
    """TOML text of a loaded profile with ``extends`` resolved and every default written out.

    The text stands alone (no ``extends``): loading it gives the same rules.
    """
    from cardrules.schema import validate

    data = validate(profile.data, profile.path).model_dump(mode="json", exclude_none=True)
    data["profile"].pop("extends", None)
    head = f"# {profile.name}: resolved from {Path(profile.path).name}"
    if profile.extends:
        head += f" (extends {profile.extends})"
    return f"{head}\n\n{dump_profile(data)}"
