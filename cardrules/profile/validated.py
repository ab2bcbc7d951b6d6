"""Validated profiles: from the snapshot of the shipped ones, else by the schema.

Every profile is validated as a whole by the pydantic models of
:mod:`cardrules.profile.schema` (unknown keys are errors, every field has a
description) and turned into the frozen :class:`~cardrules.rules.profile.Profile`
the hooks see.  Errors name the file, the key path and the expectation, all
problems at once::

    invalid profile profiles/my-house.toml:
      auction.min_call -> must be >= 0 (got -1)
      play.duties[2].name -> unknown duty 'must_overtrumpp'; known: follow_suit, ...

The validation results of the shipped families' profiles are kept in one
snapshot (``_validated.json``, see :func:`~cardrules.profile.files.snapshot_file`:
the validated data of each, by a hash of its merged table (and a table naming its
family's deck also as validated with that deck), and the family that ships each
name).  A profile whose merged table is in the snapshot is built from it
without importing pydantic (about half of ``import cardrules`` + ``load()``);
any other table, or any change to a shipped file, is validated.  A test checks
that the snapshot is exactly what validation gives; ``python -m
cardrules.profile`` rewrites it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardrules.deck import DeckSpec
from cardrules.errors import ProfileError
from cardrules.profile.files import SNAPSHOT_FORMAT, dump_profile, read_snapshot, snapshot_file
from cardrules.profile.registry import (
    family_decks,
    find_profile,
    resolve_chain,
    resolve_data,
    shipped_profiles,
)
from cardrules.rules.profile import Profile

__all__ = [
    "SNAPSHOT_FORMAT",
    "deck_key",
    "dump_resolved",
    "load_profile",
    "snapshot_key",
    "snapshot_path",
    "snapshot_text",
    "validated_profile",
]


def load_profile(ref: str | Path, decks: Mapping[str, DeckSpec] | None = None) -> Profile:
    """A validated :class:`Profile` from a name or a path, ``extends`` resolved.

    The merged table is validated as a whole; a problem with a value that a
    parent set says which file set it.  ``decks`` are the decks the profile's
    plugins declare, which its ``[deck] name`` may name (without them, such a
    name is left to resolve: :attr:`Profile.deck_pending`).
    """
    path = find_profile(ref)
    merged = resolve_chain(path)
    try:
        return validated_profile(merged.data, str(path), decks)
    except ProfileError as exc:
        raise ProfileError(exc.source, merged.annotate(exc.problems)) from None


def snapshot_path() -> Path:
    """The snapshot of the shipped families' profiles' validation."""
    return snapshot_file()


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
    entries = read_snapshot(snapshot_path()).get("profiles")
    return entries if isinstance(entries, dict) else {}


def validated_profile(
    data: Mapping[str, Any], source: str, decks: Mapping[str, DeckSpec] | None = None
) -> Profile:
    """The :class:`Profile` of a merged table: from the snapshot, else validated now.

    A table naming one of ``decks`` (a family's deck) is validated with them: the
    snapshot holds it as validated without its plugins, its deck not yet known.
    """
    key = snapshot_key(data)
    dump = _snapshot().get(key) if key is not None else None
    if dump is not None:
        profile = Profile.from_dump(dump, path=source, data=data)
        if not (decks and profile.deck_pending):
            return profile
        spec = decks.get(profile.deck_name)
        assert key is not None
        with_deck = _snapshot().get(deck_key(key, spec)) if spec is not None else None
        if with_deck is not None:  # a shipped family's deck, as the family declares it now
            return Profile.from_dump(with_deck, path=source, data=data, decks=decks)
    from cardrules.profile.schema import validated_dump

    dump = validated_dump(data, source, decks)
    return Profile.from_dump(dump, path=source, data=data, decks=decks)


def deck_key(key: str, spec: DeckSpec) -> str:
    """The snapshot's key of a table (``key``) validated with a family's deck ``spec``: the
    spec is part of it, so that a family that changes its deck is validated again."""
    digest = hashlib.sha256(repr(spec).encode("utf-8")).hexdigest()[:16]
    return f"{key}/{spec.name}/{digest}"


def dump_resolved(profile: Profile, decks: Mapping[str, DeckSpec] | None = None) -> str:
    """TOML text of a loaded profile with ``extends`` resolved and every default written out.

    The text stands alone (no ``extends``): loading it gives the same rules.  ``decks``:
    those its plugins declare (``rules.components.decks``), for the defaults that hang on
    a family's deck (the highest call).
    """
    from cardrules.profile.schema import validate

    valid = validate(profile.data, profile.path, decks)
    data = valid.model_dump(mode="json", exclude_none=True)
    data["profile"].pop("extends", None)
    head = f"# {profile.name}: resolved from {Path(profile.path).name}"
    if profile.extends:
        head += f" (extends {profile.extends})"
    return f"{head}\n\n{dump_profile(data)}"


def snapshot_text() -> str:
    """The snapshot of the shipped families' profiles, as written to ``_validated.json``.

    ``profiles``: the validated data of each, by the hash of its merged table;
    ``shipped``: the family (plugin) that ships each profile, by name, so that
    loading one by name asks only that family where it is.
    """
    from cardrules.profile.schema import validated_dump

    entries = {}
    shipped = {}
    for name, (plugin, path) in shipped_profiles().items():
        data = resolve_data(path)
        key = snapshot_key(data)
        if key is not None:
            entries[key] = validated_dump(data, str(path))
            # A table naming its family's deck: also as validated with that deck.
            deck_name = Profile.from_dump(entries[key], path=str(path), data=data).deck_name
            spec = family_decks(plugin).get(deck_name)
            if spec is not None:
                entries[deck_key(key, spec)] = validated_dump(data, str(path), {deck_name: spec})
        shipped[name] = plugin
    doc = {
        "format": SNAPSHOT_FORMAT,
        "profiles": dict(sorted(entries.items())),
        "shipped": shipped,
    }
    return json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
