"""Profiles by name: each shipped family ships its own, found through its profile hook.

The shipped families keep their profiles, rule texts and earlier versions in
their own packages (``variants/cardrules_<family>/profiles/``) and name them
through ``cardrules_profile_dirs``, as a family installed beside cardrules
does; loading one by name asks only the family that ships it.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.profile.registry import (
    earlier_versions,
    find_profile,
    installed_profile_path,
    rule_text_path,
    shipped_profile_names,
    shipped_profiles,
)
from cardrules.rules.plugins import entry_points


def _package_of(plugin: str) -> Path:
    """The folder of the package whose module the entry point ``plugin`` names."""
    top = entry_points()[plugin].value.split(".")[0]
    return Path(importlib.import_module(top).__file__ or "").resolve().parent


@pytest.mark.parametrize("name", shipped_profile_names())
def test_a_shipped_profile_and_its_rule_text_are_in_its_familys_package(name: str) -> None:
    """The file found by name is the one its family's hook names, in the family's package."""
    plugin, path = shipped_profiles()[name]
    assert find_profile(name) == path == installed_profile_path(name)
    assert path.parent == _package_of(plugin) / "profiles"
    assert rule_text_path(name) == path.with_name(f"{name}.rules.md")


def test_the_snapshot_names_the_shipped_profiles() -> None:
    """The snapshot's list of names is the families' own (python -m cardrules.profile)."""
    assert shipped_profile_names() == sorted(shipped_profiles())


def test_earlier_versions_are_kept_beside_the_current_file() -> None:
    """``earlier/<name>/`` in the family's profile folder; none for an unknown name."""
    earlier = earlier_versions("hearts")
    assert [path.name for path in earlier] == ["1.0.toml", "1.1.toml"]  # oldest first
    assert {path.parent for path in earlier} == {
        find_profile("hearts").parent / "earlier" / "hearts"
    }
    assert earlier_versions("no-such-profile") == () == earlier_versions("..")
    assert installed_profile_path("no-such-profile") is None


def test_loading_a_shipped_profile_by_name_imports_no_other_family() -> None:
    """Start-up: ``load("hearts-openspiel")`` (which extends ``hearts``) asks Hearts alone."""
    code = (
        "import sys, cardrules\n"
        "cardrules.load('hearts-openspiel')\n"
        "print(sorted(m for m in sys.modules if m.endswith(('.family', '.plugin'))"
        " and m.startswith('cardrules_')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "['cardrules_hearts.family']"
