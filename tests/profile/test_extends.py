"""Profiles extend profiles: merging, whole validation, errors, and the resolved TOML."""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

import cardrules
from cardrules import ProfileError
from cardrules.profile.validated import dump_resolved, load_profile
from cardrules.rules.profile import Profile
from helpers import names, play_out


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def head(name: str, parent: object) -> str:
    ref = f'"{parent}"' if isinstance(parent, str) else str(parent)
    return f'[profile]\nname = "{name}"\ntitle = "{name.title()}"\nextends = {ref}\n'


#: Fields of a profile that are rules (identity, file and raw data aside).
RULE_FIELDS = [
    f.name
    for f in fields(Profile)
    if f.name not in {"name", "title", "version", "summary", "source", "extends", "path", "data"}
]


def rules_of(profile: Profile) -> dict[str, object]:
    return {name: getattr(profile, name) for name in RULE_FIELDS}


# -- merging -------------------------------------------------------------------


def test_extends_overrides_key_by_key_and_keeps_the_rest(tmp_path: Path) -> None:
    """A child overrides single keys of a table; everything else comes from the parent."""
    path = write(
        tmp_path,
        "cw-strict",
        head("cw-strict", "callbreak-strict")
        + '[deal]\ndirection = "clockwise"\n[auction]\nmin_call = 1\n',
    )
    child = cardrules.load(path)
    parent = cardrules.load("callbreak-strict")
    assert child.name == "cw-strict"
    assert child.profile.extends == "callbreak-strict"
    assert child.direction.name == "clockwise"
    assert child.bounds == (1, 13)
    assert child.profile.auction_rule == parent.profile.auction_rule
    assert child.profile.cutter == parent.profile.cutter
    assert [repr(d) for d in child.duties] == [repr(d) for d in parent.duties]
    assert child.profile.plugins == ("callbreak",)
    game = play_out(child.new_game(seed=3, dealer=0))
    assert [d.dealer for d in game.deals] == [0, 1, 2, 3, 0]
    assert child.profile.summary == "" and child.profile.source == ""


def test_extends_lists_are_replaced_whole(tmp_path: Path) -> None:
    """A list (the duties) in the child replaces the parent's list, it is not appended to."""
    path = write(
        tmp_path,
        "lenient",
        head("lenient", "callbreak-strict")
        + '[play]\nduties = [{ name = "follow_suit", rule = "X-1" }]\n',
    )
    rules = cardrules.load(path)
    assert [(d.name, d.rule) for d in rules.duties] == [("follow_suit", "X-1")]
    assert rules.trump == cardrules.Suit.S  # the rest of [play] is inherited
    assert names(rules.legal_cards("AH 3H 2S", ["7H"])) == ["3H", "AH"]


def test_extends_options_merge_key_by_key(tmp_path: Path) -> None:
    """Options are a table: a child sets one switch and inherits the others."""
    path = write(tmp_path, "big", head("big", "callbreak-app") + "[options]\nbig_call_8 = true\n")
    profile = cardrules.load(path).profile
    parent = cardrules.load("callbreak-app").profile
    assert profile.options == {**parent.options, "big_call_8": True}


def test_extends_chain_of_three_and_relative_paths(tmp_path: Path) -> None:
    """A parent may itself extend; a path is read relative to the child's file."""
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "mid", head("mid", "callbreak-app") + "[game]\ndeals = 3\n")
    path = write(
        tmp_path, "leaf", head("leaf", "sub/mid.toml") + '[deal]\ndirection = "clockwise"\n'
    )
    rules = cardrules.load(path)
    assert (rules.deals, rules.direction.name, rules.bounds) == (3, "clockwise", (1, 8))


def test_extends_plugins_are_joined(tmp_path: Path) -> None:
    """The child's plugins are added to the parent's, not put in their place."""
    path = write(
        tmp_path,
        "plug",
        head("plug", "callbreak-strict").replace("extends", "plugins = []\nextends"),
    )
    assert cardrules.load(path).profile.plugins == ("callbreak",)


# -- the effective profile is validated as a whole -----------------------------


def test_extends_effective_profile_is_validated_as_a_whole(tmp_path: Path) -> None:
    """A child's value that only conflicts with an inherited one is still an error."""
    path = write(tmp_path, "low", head("low", "callbreak-strict") + "[auction]\nmax_call = 1\n")
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == (
        f"invalid profile {path}:\n  auction -> min_call (2) must not be above max_call (1)"
    )


def test_extends_unknown_key_in_child_is_an_error(tmp_path: Path) -> None:
    """Unknown keys stay errors in a child."""
    path = write(tmp_path, "typo", head("typo", "callbreak-strict") + "[auction]\nmin_cal = 1\n")
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == f"invalid profile {path}:\n  auction.min_cal -> unknown key"


def test_extends_child_must_name_itself(tmp_path: Path) -> None:
    """The name is never inherited: a child without one is refused."""
    path = write(tmp_path, "anon", '[profile]\ntitle = "Anon"\nextends = "callbreak-strict"\n')
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == f"invalid profile {path}:\n  profile.name -> required key is missing"


# -- bad extends ---------------------------------------------------------------


def test_extends_cycle_is_an_error_naming_file_and_key(tmp_path: Path) -> None:
    """An extends cycle a -> b -> a is refused, naming the file loaded and profile.extends."""
    a = write(tmp_path, "a", head("a", "b.toml"))
    write(tmp_path, "b", head("b", "a.toml"))
    with pytest.raises(ProfileError) as err:
        cardrules.load(a)
    assert str(err.value) == (
        f"invalid profile {a}:\n  profile.extends -> extends cycle: a.toml -> b.toml -> a.toml"
    )


def test_extends_self_is_a_cycle(tmp_path: Path) -> None:
    """A profile extending itself is a cycle too."""
    me = write(tmp_path, "me", head("me", "me.toml"))
    with pytest.raises(ProfileError) as err:
        cardrules.load(me)
    assert str(err.value) == (
        f"invalid profile {me}:\n  profile.extends -> extends cycle: me.toml -> me.toml"
    )


def test_extends_unknown_parent_name(tmp_path: Path) -> None:
    """An unknown parent name is refused with the names that exist."""
    path = write(tmp_path, "orphan", head("orphan", "callbreak-strictt"))
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    known = ", ".join(cardrules.profiles())
    assert str(err.value) == (
        f"invalid profile {path}:\n  profile.extends -> cannot extend 'callbreak-strictt': "
        f"unknown profile 'callbreak-strictt'; did you mean 'callbreak-strict'? "
        f"known profiles: {known}"
    )


def test_extends_missing_parent_file(tmp_path: Path) -> None:
    """A parent path that does not exist is refused, naming the file looked for."""
    path = write(tmp_path, "lost", head("lost", "nowhere/base.toml"))
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == (
        f"invalid profile {path}:\n  profile.extends -> cannot extend 'nowhere/base.toml': "
        f"no such file {tmp_path / 'nowhere' / 'base.toml'}"
    )


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (
            "3",
            "profile.extends -> must be an installed profile name or a path ending in .toml "
            "(got 3)",
        ),
        (
            '["callbreak-strict"]',
            "profile.extends -> must be an installed profile name or a path ending in .toml "
            "(got ['callbreak-strict'])",
        ),
    ],
)
def test_extends_wrong_type(tmp_path: Path, value: str, problem: str) -> None:
    """``extends`` must be a string: a name or a path."""
    path = write(tmp_path, "odd", f'[profile]\nname = "odd"\ntitle = "Odd"\nextends = {value}\n')
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == f"invalid profile {path}:\n  {problem}"


def test_extends_child_plugins_of_wrong_type(tmp_path: Path) -> None:
    """A child's plugins that are not a list are reported by the schema, not split into letters."""
    path = write(
        tmp_path,
        "plugstr",
        '[profile]\nname = "plugstr"\ntitle = "P"\nplugins = "callbreak"\n'
        'extends = "callbreak-strict"\n',
    )
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == (
        f"invalid profile {path}:\n  profile.plugins -> must be a list (got 'callbreak')"
    )


def test_extends_bad_parent_toml_names_the_parent(tmp_path: Path) -> None:
    """A parent that is not valid TOML is reported against the child's profile.extends,
    naming the parent."""
    write(tmp_path, "bad", "[profile\n")
    path = write(tmp_path, "child", head("child", "bad.toml"))
    with pytest.raises(ProfileError) as err:
        cardrules.load(path)
    assert str(err.value) == (
        f"invalid profile {path}:\n  profile.extends -> cannot extend 'bad.toml': "
        "not valid TOML: Expected ']' at the end of a table declaration (at line 1, column 9)"
    )


# -- the resolved profile as TOML ----------------------------------------------


@pytest.mark.parametrize("name", ["callbreak-strict", "callbridge-classic", "callbreak-app"])
def test_extends_resolved_toml_loads_back_to_the_same_rules(tmp_path: Path, name: str) -> None:
    """``cardrules show NAME --toml``: the resolved profile, written with tomli-w, loads back."""
    profile = load_profile(name)
    text = dump_resolved(profile)
    data = tomllib.loads(text)
    assert "extends" not in data["profile"]
    path = write(tmp_path, name, text)
    again = load_profile(path)
    assert rules_of(again) == rules_of(profile)
    assert (again.name, again.title) == (profile.name, profile.title)


def test_extends_resolved_toml_of_a_child_stands_alone(tmp_path: Path) -> None:
    """The resolved text of a child needs no parent: same rules, and the same game card for card."""
    child = write(
        tmp_path,
        "house",
        head("house", "callbreak-app")
        + '[deal]\ndirection = "clockwise"\n[options]\nfree_discard_when_void = true\n',
    )
    profile = load_profile(child)
    text = dump_resolved(profile)
    assert text.startswith("# house: resolved from house.toml (extends callbreak-app)\n")
    out = tmp_path / "out"
    out.mkdir()
    path = write(out, "house", text)
    again = load_profile(path)
    assert again.extends is None
    assert rules_of(again) == rules_of(profile)
    a = play_out(cardrules.load(child).new_game(seed=5))
    b = play_out(cardrules.load(path).new_game(seed=5))
    assert a.actions == b.actions and a.totals == b.totals


def test_extends_cycle_names_the_file_as_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cycle found from a relative path is reported with that relative path."""
    write(tmp_path, "a", head("a", "b.toml"))
    write(tmp_path, "b", head("b", "a.toml"))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ProfileError) as err:
        cardrules.load("./a.toml")
    assert str(err.value) == (
        "invalid profile a.toml:\n  profile.extends -> extends cycle: a.toml -> b.toml -> a.toml"
    )
