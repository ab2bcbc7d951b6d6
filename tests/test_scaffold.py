"""``cardrules new NAME --from PROFILE [--plugin]``: scaffolding a variant."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import cardrules
from cardrules import CardrulesError, ProfileError
from cardrules.scaffold import new_variant, package_name
from conftest import play_out


def test_new_profile_extends_the_parent_with_its_switches(tmp_path: Path) -> None:
    """A new profile is TOML (tomli-w) extending the parent, the switches listed at their values."""
    written = new_variant("my-house", "callbreak-app", directory=tmp_path)
    assert written == [tmp_path / "my-house.toml"]
    data = tomllib.loads(written[0].read_text(encoding="utf-8"))
    assert data["profile"]["name"] == "my-house"
    assert data["profile"]["extends"] == "callbreak-app"
    parent = cardrules.load("callbreak-app")
    assert data["options"] == dict(parent.profile.options)
    child = cardrules.load(written[0])
    assert child.name == "my-house"
    a = play_out(parent.new_game(seed=4, dealer=2))
    b = play_out(child.new_game(seed=4, dealer=2))
    assert a.actions == b.actions and a.totals == b.totals


def test_new_profile_switch_is_one_edit(tmp_path: Path) -> None:
    """Flipping a listed switch in the new file changes the rules it names."""
    path = new_variant("cw", "callbreak-app", directory=tmp_path)[0]
    text = path.read_text(encoding="utf-8").replace(
        "free_discard_when_void = false", "free_discard_when_void = true"
    )
    path.write_text(text, encoding="utf-8")
    rules = cardrules.load(path)
    assert [str(c) for c in rules.legal_cards("2S KD", ["7H", "9S"])] == ["KD", "2S"]


def test_new_profile_from_a_path(tmp_path: Path) -> None:
    """The parent may be a file; the new profile refers to it by absolute path."""
    parent = tmp_path / "base.toml"
    parent.write_text(
        '[profile]\nname = "base"\ntitle = "Base"\nextends = "callbridge-classic"\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    path = new_variant("kid", parent, directory=out)[0]
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["profile"]["extends"] == str(parent.resolve())
    assert cardrules.load(path).deals == 12


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "My House",
            "invalid variant name 'My House': use lower-case letters, digits and '-', "
            "starting with a letter (e.g. 'my-house')",
        ),
        (
            "callbreak-app",
            "invalid variant name 'callbreak-app': a profile of that name is installed",
        ),
        ("callbreak", "invalid variant name 'callbreak': a plugin of that name is installed"),
    ],
)
def test_new_bad_name(tmp_path: Path, name: str, message: str) -> None:
    """A bad or taken name is refused and nothing is written."""
    with pytest.raises(CardrulesError) as err:
        new_variant(name, "callbreak-app", directory=tmp_path)
    assert str(err.value) == message
    assert list(tmp_path.iterdir()) == []


def test_new_unknown_parent(tmp_path: Path) -> None:
    """An unknown parent is the usual profile error; nothing is written."""
    with pytest.raises(ProfileError) as err:
        new_variant("kid", "no-such-profile", directory=tmp_path)
    assert str(err.value).startswith(
        "invalid profile no-such-profile:\n  unknown profile 'no-such-profile'; known profiles: "
    )
    assert list(tmp_path.iterdir()) == []


def test_new_never_overwrites(tmp_path: Path) -> None:
    """An existing file or package directory is left alone."""
    new_variant("kid", "callbreak-app", directory=tmp_path)
    with pytest.raises(CardrulesError) as err:
        new_variant("kid", "callbreak-app", directory=tmp_path)
    assert str(err.value) == f"cannot create {tmp_path / 'kid.toml'}: it already exists"
    (tmp_path / "pkg").mkdir()
    with pytest.raises(CardrulesError) as err:
        new_variant("pkg", "callbreak-app", directory=tmp_path, plugin=True)
    assert str(err.value) == f"cannot create {tmp_path / 'pkg'}: it already exists"


def test_new_plugin_package_layout(tmp_path: Path) -> None:
    """--plugin writes a package: pyproject with the entry point, one hook, a profile, a test."""
    files = new_variant("my-plug", "callbreak-strict", directory=tmp_path, plugin=True)
    base = tmp_path / "my-plug"
    pkg = package_name("my-plug")
    assert pkg == "cardrules_my_plug"
    assert {p.relative_to(base).as_posix() for p in files} == {
        "pyproject.toml",
        "README.md",
        f"src/{pkg}/__init__.py",
        f"src/{pkg}/plugin.py",
        f"src/{pkg}/py.typed",
        f"src/{pkg}/profiles/my-plug.toml",
        f"tests/test_{pkg}.py",
    }
    project = tomllib.loads((base / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["cardrules"] == {"my-plug": f"{pkg}.plugin"}
    profile = tomllib.loads(
        (base / "src" / pkg / "profiles" / "my-plug.toml").read_text(encoding="utf-8")
    )
    assert profile["profile"]["plugins"] == ["my-plug"]
    assert profile["profile"]["extends"] == "callbreak-strict"
    plugin_src = (base / "src" / pkg / "plugin.py").read_text(encoding="utf-8")
    assert plugin_src.count("\n@hookimpl\n") == 1  # one hook implementation
    for path in files:
        if path.suffix == ".py":
            compile(path.read_text(encoding="utf-8"), str(path), "exec")


@pytest.mark.skipif(
    importlib.util.find_spec("hatchling") is None, reason="hatchling is needed to build offline"
)
def test_new_plugin_installs_with_pip_and_is_found_through_the_entry_point(
    tmp_path: Path,
) -> None:
    """The scaffolded package installs with pip, and its own tests pass against the entry point."""
    new_variant("pip-check", "callbreak-app", directory=tmp_path, plugin=True)
    site = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(site),
            str(tmp_path / "pip-check"),
        ],
        check=True,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert (site / "cardrules_pip_check" / "profiles" / "pip-check.toml").is_file()
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"],
        cwd=tmp_path / "pip-check",
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 passed" in done.stdout


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed")
def test_new_plugin_package_is_lint_clean(tmp_path: Path) -> None:
    """The scaffolded code passes ruff with its defaults (a good first commit for an author)."""
    new_variant("lint-check", "callbreak-app", directory=tmp_path, plugin=True)
    base = tmp_path / "lint-check"
    for args in (["check", "--select", "E,F,W,I,B,UP,SIM,RUF", "."], ["format", "--check", "."]):
        done = subprocess.run(
            [sys.executable, "-m", "ruff", *args, "--no-cache"],
            cwd=base,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stdout + done.stderr
