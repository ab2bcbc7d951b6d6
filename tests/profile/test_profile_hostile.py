"""Hostile input: profiles an app receives from outside.

One test per item of the issue (several for the item on reading files),
each citing its words.  Every refusal is one :class:`cardrules.ProfileError`
against the file that was loaded, in the project's words, and never repeats
what a file holds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules import ProfileError
from cardrules.profile.files import MAX_PROFILE_BYTES
from cardrules.profile.registry import find_profile, resolve_data, shipped_profile_names
from cardrules.profile.schema import validated_dump
from cardrules.profile.validated import snapshot_key, snapshot_path


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
    """A float in scoring.params (or any other wrong type there or in options) is one
    problem per value, not pydantic's union branches (three problems for one value).
    An option may be a number with a fraction (a target in tenths)."""
    body = (
        "[scoring]\nparams = { per_call = 1.5 }\n"
        "[options]\nbig_call_8 = [true]\ntarget_score = 2024-01-01\n"
    )
    path = write(tmp_path, "floats.toml", child("floats", "callbreak-app", body))
    assert problems(path) == (
        f"invalid profile {path}:\n"
        "  scoring.params.per_call -> must be true/false, a whole number or text (got 1.5)\n"
        "  options.big_call_8 -> must be true/false, a whole number, a number or text "
        "(got [True])\n"
        "  options.target_score -> must be true/false, a whole number, a number or text "
        "(got datetime.date(2024, 1, 1))"
    )


def test_a_hostile_key_cannot_forge_or_flood_the_message(tmp_path: Path) -> None:
    """A key of the profile is shown quoted and cut short when it is not a plain key:
    a newline in it cannot forge a line of the message, a long one cannot flood it."""
    body = '[options]\n"x\\n  game.deals -> fine" = [1]\n' + f"{'k' * 500} = [1]\n"
    path = write(tmp_path, "keys.toml", child("keys", "callbreak-app", body))
    lines = problems(path).split("\n")
    assert lines[1] == (
        "  options.'x\\n  game.deals -> fine' -> must be true/false, a whole number, a number "
        "or text (got [1])"
    )
    assert lines[2].startswith("  options.'kkkk")
    assert "... (502 characters)" in lines[2] and len(lines[2]) < 200
    assert len(lines) == 3


# -- 3. errors name the right file ---------------------------------------------


def test_a_parents_bad_value_names_the_parent(tmp_path: Path) -> None:
    """Errors name the right file: a bad value in a parent profile (reached through
    [profile] extends) says which file set it; the error stays the child's, with
    every problem in it."""
    parent = write(
        tmp_path,
        "parent.toml",
        child("parent", "callbreak-strict", "[game]\ndeals = 0\n[auction]\nmin_cal = 2\n"),
    )
    path = write(tmp_path, "child.toml", child("child", "parent.toml", '[deal]\ncutter = "up"\n'))
    assert problems(path) == (
        f"invalid profile {path}:\n"
        "  deal.cutter -> must be one of 'left' or 'right' (got 'up')\n"
        f"  auction.min_cal -> unknown key (set in {parent}, extended by child.toml)\n"
        f"  game.deals -> must be >= 1 (got 0) (set in {parent}, extended by child.toml)"
    )
    # Two levels up: the file whose extends names the parent is the one named.
    leaf = write(tmp_path, "leaf.toml", child("leaf", "child.toml", '[deal]\ncutter = "left"\n'))
    assert problems(leaf) == (
        f"invalid profile {leaf}:\n"
        f"  auction.min_cal -> unknown key (set in {parent}, extended by child.toml)\n"
        f"  game.deals -> must be >= 1 (got 0) (set in {parent}, extended by child.toml)"
    )


def test_a_value_the_child_overrides_is_the_childs(tmp_path: Path) -> None:
    """Errors name the right file: a key a parent set and the child set again is the
    child's; a problem of values from both files names no file."""
    write(tmp_path, "base.toml", child("base", "callbreak-strict", "[auction]\nmin_call = 5\n"))
    path = write(
        tmp_path,
        "over.toml",
        child("over", "base.toml", "[auction]\nmin_call = 14\n[game]\nmax_call = 3\n"),
    )
    assert problems(path) == (
        f"invalid profile {path}:\n"
        "  auction.min_call -> must be <= 13 (got 14)\n"
        "  game.max_call -> unknown key"
    )
    path = write(tmp_path, "mixed.toml", child("mixed", "base.toml", "[auction]\nmax_call = 3\n"))
    assert problems(path) == (
        f"invalid profile {path}:\n  auction -> min_call (5) must not be above max_call (3)"
    )


# -- 4. extends reads only profiles --------------------------------------------


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("/etc/passwd", "'/etc/passwd'"),
        ("../secrets", "'../secrets'"),
        ("C:\\\\boot.ini", "'C:\\\\boot.ini'"),
        ("a\\u0000.toml", "'a\\x00.toml'"),
    ],
)
def test_extends_must_be_a_profile_name_or_a_toml_path(
    tmp_path: Path, written: str, shown: str
) -> None:
    """extends = "/etc/passwd" is refused as profile.extends against the child, nothing
    read: a parent must be an installed profile name, or a path ending in .toml."""
    path = write(tmp_path, "nosy.toml", child("nosy", written))
    assert problems(path) == (
        f"invalid profile {path}:\n"
        "  profile.extends -> must be an installed profile name or a path ending in .toml "
        f"(got {shown})"
    )


def test_an_unreadable_parent_is_the_childs_extends_problem(tmp_path: Path) -> None:
    """Any failure to read or parse the parent is reported against the child with key
    profile.extends and the parent named — never echoing the parent's content."""
    write(tmp_path, "x.toml", 'secret = "TOPSECRET\n')
    path = write(tmp_path, "child.toml", child("child", "x.toml"))
    message = problems(path)
    assert message == (
        f"invalid profile {path}:\n"
        "  profile.extends -> cannot extend 'x.toml': not valid TOML: "
        "Illegal character '\\n' (at line 1, column 20)"
    )
    assert "TOPSECRET" not in message
    (tmp_path / "bin.toml").write_bytes(b"title = '\xffTOPSECRET'\n")
    path = write(tmp_path, "child2.toml", child("child2", "bin.toml"))
    assert problems(path) == (
        f"invalid profile {path}:\n"
        "  profile.extends -> cannot extend 'bin.toml': not UTF-8 text (at byte 9)"
    )
    # A parent's own bad extends is the loaded file's problem too, saying where it was set.
    mid = write(tmp_path, "mid.toml", child("mid", "x.toml"))
    path = write(tmp_path, "top.toml", child("top", "mid.toml"))
    assert problems(path) == (
        f"invalid profile {path}:\n"
        "  profile.extends -> cannot extend 'x.toml': not valid TOML: "
        f"Illegal character '\\n' (at line 1, column 20) (set in {mid}, extended by top.toml)"
    )


def _load_in_child_process(path: Path) -> str:
    """The message loading ``path`` gives, from a process with a timeout and a memory cap.

    Reading a FIFO used to block and reading /dev/zero to fill memory: if that
    came back, this fails instead of hanging or exhausting the test machine.
    """
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
        "import cardrules\n"
        "try:\n"
        "    cardrules.load(sys.argv[1])\n"
        "except cardrules.ProfileError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.rstrip("\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_or_a_device_is_not_read(tmp_path: Path) -> None:
    """Special files: reading a FIFO or /dev/zero as a profile must not hang or exhaust
    memory — anything that is not a regular file is refused, before it is opened."""
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    assert _load_in_child_process(fifo) == f"invalid profile {fifo}:\n  not a regular file"
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    assert _load_in_child_process(zero) == f"invalid profile {zero}:\n  not a regular file"
    path = write(tmp_path, "child.toml", child("child", "zero.toml"))
    assert _load_in_child_process(path) == (
        f"invalid profile {path}:\n  profile.extends -> cannot extend 'zero.toml': "
        "not a regular file"
    )
    assert problems(tmp_path) == f"invalid profile {tmp_path}:\n  not a regular file"


def test_a_profile_larger_than_the_limit_is_refused(tmp_path: Path) -> None:
    """Special files: at most a documented size (1 MiB) is read; a larger profile
    is refused with a clear ProfileError."""
    assert MAX_PROFILE_BYTES == 1 << 20
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_PROFILE_BYTES + 1))
    assert problems(big) == (
        f"invalid profile {big}:\n  too large for a profile (more than 1048576 bytes, 1 MiB)"
    )


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 50_000,  # tomllib recurses once per level
        "a." * 50_000 + "a = 1",  # tomllib's time grows with the square of the parts
        "x = " + "{ a = " * 40 + "1" + " }" * 40,
    ],
)
def test_a_deeply_nested_profile_is_refused(tmp_path: Path, text: str) -> None:
    """Special files must not hang or exhaust memory: tables nested without end
    are refused with a ProfileError, not a RecursionError or minutes of parsing."""
    path = write(tmp_path, "deep.toml", text)
    assert problems(path) == (
        f"invalid profile {path}:\n  tables and arrays nest more than 32 levels deep"
    )


# -- 5. the snapshot stays current ---------------------------------------------


@pytest.mark.parametrize("name", shipped_profile_names())
def test_the_shipped_profiles_pass_the_strict_schema(name: str) -> None:
    """Keep profiles/_validated.json current: each shipped profile passes the strict
    schema, and its snapshot entry is what validation gives."""
    path = find_profile(name)
    data = resolve_data(path)
    entries = json.loads(snapshot_path().read_text(encoding="utf-8"))["profiles"]
    assert entries[snapshot_key(data)] == validated_dump(data, str(path))
