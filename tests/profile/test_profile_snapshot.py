"""The snapshot of the shipped profiles' validation (``profiles/_validated.json``).

Loading a shipped profile builds it from the snapshot instead of importing
pydantic (start-up, issue 6); anything else is validated.  These tests keep
the snapshot honest: it must be exactly what validation gives now.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules
from cardrules.deck import DeckSpec
from cardrules.errors import ProfileError
from cardrules.profile import validated as profile_module
from cardrules.profile.registry import find_profile, resolve_data, shipped_profile_names
from cardrules.profile.schema import validated_dump
from cardrules.profile.validated import (
    deck_key,
    snapshot_key,
    snapshot_path,
    snapshot_text,
    validated_profile,
)
from cardrules.rules.profile import Profile

SHIPPED = shipped_profile_names()


def test_the_snapshot_is_what_validation_gives_now() -> None:
    """Every shipped profile's entry is its validated data today, and nothing else is in it.

    If this fails after a profile or the schema changed: ``python -m cardrules.profile``.
    """
    stale = "the snapshot is stale: python -m cardrules.profile rewrites it"
    assert snapshot_path().read_text(encoding="utf-8") == snapshot_text(), stale
    entries = json.loads(snapshot_text())["profiles"]
    assert len([key for key in entries if "/" not in key]) == len(SHIPPED) == 23
    # Doppelkopf names its family's deck: its table also as validated with that deck.
    assert len(entries) == len(SHIPPED) + 1


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_profile_from_the_snapshot_equals_the_validated_one(name: str) -> None:
    """The Profile built from the snapshot is the Profile built by validating the file."""
    path = find_profile(name)
    data = resolve_data(path)
    validated = Profile.from_dump(validated_dump(data, str(path)), path=str(path), data=data)
    assert validated_profile(data, str(path)) == validated
    rules = cardrules.load(name)
    if validated.deck_pending:  # a family's deck: load() validates the table knowing it
        decks = rules.components.decks
        dump = validated_dump(data, str(path), decks)
        validated = Profile.from_dump(dump, path=str(path), data=data, decks=decks)
        assert validated_profile(data, str(path), decks) == validated
    # What load adds: the defaults of the options the profile's plugins declare.
    assert dataclasses.replace(rules.profile, option_defaults={}) == validated
    declared = rules.components.options
    assert rules.profile.option_defaults == {key: spec.default for key, spec in declared.items()}


def test_a_changed_table_is_validated_not_taken_from_the_snapshot() -> None:
    """A shipped table with one value changed is not in the snapshot: it is validated."""
    path = find_profile("callbreak-strict")
    data = resolve_data(path)
    data["profile"] = {**data["profile"], "title": "Call Break, my way"}
    assert validated_profile(data, "mine.toml").title == "Call Break, my way"
    data["auction"] = {**data["auction"], "min_call": -1}
    with pytest.raises(ProfileError) as err:
        validated_profile(data, "mine.toml")
    assert (
        str(err.value) == "invalid profile mine.toml:\n  auction.min_call -> must be >= 0 (got -1)"
    )


@pytest.fixture
def other_snapshot(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """Point the snapshot at a file of the test's own, with the cache cleared around it."""
    target = tmp_path / "_validated.json"
    monkeypatch.setattr(profile_module, "snapshot_path", lambda: target)
    profile_module._snapshot.cache_clear()
    yield target
    profile_module._snapshot.cache_clear()


@pytest.mark.parametrize(
    "text", ["", "{not json", "[]", '{"format": "other", "profiles": {}}', '{"format": 1}']
)
def test_a_missing_or_corrupt_snapshot_only_costs_time(other_snapshot: Path, text: str) -> None:
    """A snapshot that is missing, not JSON or of another format is ignored: profiles validate."""
    if text:
        other_snapshot.write_text(text, encoding="utf-8")
    assert profile_module._snapshot() == {}
    path = find_profile("callbreak-strict")
    data = resolve_data(path)
    assert validated_profile(data, str(path)).name == "callbreak-strict"


def test_loading_shipped_profiles_does_not_import_pydantic() -> None:
    """``import cardrules`` and loading and playing every shipped profile leave pydantic out."""
    code = (
        "import sys, cardrules\n"
        f"for name in {SHIPPED!r}:\n"
        "    game = cardrules.load(name).new_game(seed=1)\n"
        "    game.apply(game.legal_actions()[0])\n"
        "names = ('pydantic', 'pydantic_core')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in names))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_a_family_deck_is_taken_from_the_snapshot_only_as_the_family_declares_it() -> None:
    """A shipped table naming its family's deck is in the snapshot as validated with that
    deck; with a deck of that name declared otherwise (other card points) it is validated
    again, and plays the deck it was given."""
    path = find_profile("doppelkopf")
    data = resolve_data(path)
    decks = cardrules.load("doppelkopf").components.decks
    spec = decks["doppelkopf-48"]
    key = snapshot_key(data)
    assert key is not None and deck_key(key, spec) in json.loads(snapshot_text())["profiles"]
    assert validated_profile(data, str(path), decks).deck == spec
    ranks = ["9", "10", "J", "Q", "K", "A"]
    other = DeckSpec.of("doppelkopf-48", ranks=ranks, copies=2, points={"A": 1})
    assert deck_key(key, other) != deck_key(key, spec)
    assert validated_profile(data, str(path), {"doppelkopf-48": other}).deck == other
