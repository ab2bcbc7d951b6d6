"""Hostile input: profiles an app receives from outside.

One test per item of the issue, each citing its words.  Every refusal is
one :class:`cardrules.ProfileError` against the file that was loaded, in the
project's words, and never repeats what a file holds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardrules
from cardrules import ProfileError
from cardrules.profile import snapshot_key, snapshot_path
from cardrules.registry import builtin_profile_dir, resolve_data
from cardrules.schema import validated_dump


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def child(name: str, parent: str, body: str = "") -> str:
    """A profile named ``name`` extending ``parent``, with ``body`` (TOML tables) under it."""
    return f'[profile]\nname = "{name}"\ntitle = "T"\nextends = "{parent}"\n{body}'


def problems(path: Path) -> str:
    """The message of the ProfileError loading ``path`` raises."""
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert err.value.source == str(path)
    return str(err.value)


# -- 1. schema strictness ------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ('[game]\ndeals = "5"\n', "game.deals -> must be a whole number (got '5')"),
        ("[game]\ndeals = true\n", "game.deals -> must be a whole number (got True)"),
        ('[game]\ndeals = "5_0"\n', "game.deals -> must be a whole number (got '5_0')"),
        ("[game]\ndeals = 5.0\n", "game.deals -> must be a whole number (got 5.0)"),
        ('[auction]\nmin_call = "2"\n', "auction.min_call -> must be a whole number (got '2')"),
        ("[table]\nplayers = true\n", "table.players -> must be a whole number (got True)"),
        ("version = 2\n", "profile.version -> must be text (got 2)"),  # in [profile]
        ("[deal]\nthrow_in = {}\n", "deal.throw_in -> must be a list (got {})"),
        ("[play]\nduties = [1]\n", "play.duties[0] -> must be a table (got 1)"),
    ],
)
def test_schema_values_are_never_coerced(tmp_path: Path, body: str, problem: str) -> None:
    """Schema strictness: no coercion — deals = "5", true as 1, "5_0" as 50 and
    min_call = "2" are refused: TOML's own types are required."""
    path = write(tmp_path, "strict.toml", child("strict", "callbreak-strict", body))
    assert problems(path) == f"invalid profile {path}:\n  {problem}"


def test_deal_choices_are_counts_of_deals(tmp_path: Path) -> None:
    """Schema strictness: deal_choices = [0, -1] is refused — each deal choice
    must be 1..1000 like deals (no game of "0 deals played")."""
    path = write(
        tmp_path, "none.toml", child("none", "callbreak-app", "[game]\ndeal_choices = [0, -1]\n")
    )
    assert problems(path) == (
        f"invalid profile {path}:\n  game.deal_choices -> each must be from 1 to 1000 (got [0, -1])"
    )
    path = write(
        tmp_path, "many.toml", child("many", "callbreak-app", "[game]\ndeal_choices = [5, 1001]\n")
    )
    assert problems(path) == (
        f"invalid profile {path}:\n  game.deal_choices -> each must be from 1 to 1000 (got [1001])"
    )
    path = write(
        tmp_path, "flag.toml", child("flag", "callbreak-app", "[game]\ndeal_choices = [5, true]\n")
    )
    assert problems(path) == (
        f"invalid profile {path}:\n  game.deal_choices[1] -> must be a whole number (got True)"
    )


# -- 2. one problem per value in params and options ----------------------------


def test_a_wrong_option_or_param_value_is_one_problem(tmp_path: Path) -> None:
    """A float (or any other wrong type) in scoring.params or options is one problem
    per value, not pydantic's union branches (three problems for one value)."""
    body = (
        "[scoring]\nparams = { per_call = 1.5 }\n"
        "[options]\nbig_call_8 = [true]\ntarget_score = 2024-01-01\n"
    )
    path = write(tmp_path, "floats.toml", child("floats", "callbreak-app", body))
    assert problems(path) == (
        f"invalid profile {path}:\n"
        "  scoring.params.per_call -> must be true/false, a whole number or text (got 1.5)\n"
        "  options.target_score -> must be true/false, a whole number or text "
        "(got datetime.date(2024, 1, 1))\n"
        "  options.big_call_8 -> must be true/false, a whole number or text (got [True])"
    )


def test_a_hostile_key_cannot_forge_or_flood_the_message(tmp_path: Path) -> None:
    """A key of the profile is shown quoted and cut short when it is not a plain key:
    a newline in it cannot forge a line of the message, a long one cannot flood it."""
    body = '[options]\n"x\\n  game.deals -> fine" = 1.5\n' + f"{'k' * 500} = 1.5\n"
    path = write(tmp_path, "keys.toml", child("keys", "callbreak-app", body))
    lines = problems(path).split("\n")
    assert lines[1] == (
        "  options.'x\\n  game.deals -> fine' -> must be true/false, a whole number or text "
        "(got 1.5)"
    )
    assert lines[2].startswith("  options.'kkkk")
    assert "... (502 characters)" in lines[2] and len(lines[2]) < 200
    assert len(lines) == 3


# -- 5. the snapshot stays current ---------------------------------------------


@pytest.mark.parametrize("path", sorted(builtin_profile_dir().glob("*.toml")), ids=str)
def test_the_shipped_profiles_pass_the_strict_schema(path: Path) -> None:
    """Keep profiles/_validated.json current: each shipped profile passes the strict
    schema, and its snapshot entry is what validation gives."""
    data = resolve_data(path)
    entries = json.loads(snapshot_path().read_text(encoding="utf-8"))["profiles"]
    assert entries[snapshot_key(data)] == validated_dump(data, str(path))
