"""The example third-party variant in ``examples/``: outsiders extend, the kernel untouched.

The static checks run always; the rest needs the example installed
(``pip install ./examples/callbreak-clockwise``, as CI does) and is skipped
cleanly otherwise.
"""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import pytest

import cardrules
from cardrules import IllegalAction
from cardrules.tools.diff import diff_rules

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "callbreak-clockwise"
NAME = "callbreak-clockwise"

installed = pytest.mark.skipif(
    importlib.util.find_spec("cardrules_clockwise") is None,
    reason="the example variant is not installed (pip install ./examples/callbreak-clockwise)",
)


def test_example_is_its_own_package_with_an_entry_point() -> None:
    """The example declares its plugin in the 'cardrules' entry-point group, like a built-in one."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["name"] == "cardrules-example-clockwise"
    assert project["project"]["entry-points"]["cardrules"] == {
        "clockwise": "cardrules_clockwise.plugin"
    }
    package = EXAMPLE / "src" / "cardrules_clockwise"
    assert (package / "plugin.py").is_file()
    profile = tomllib.loads((package / "profiles" / f"{NAME}.toml").read_text(encoding="utf-8"))
    assert profile["profile"]["extends"] == "callbreak-app"
    assert profile["profile"]["plugins"] == ["clockwise"]
    assert profile["deal"]["direction"] == "clockwise"
    assert profile["auction"]["min_call"] == 1


def test_example_uses_only_public_kernel_modules() -> None:
    """The example imports the kernel, never ``variants`` (outsiders do not have it)."""
    sources = (EXAMPLE / "src").rglob("*.py")
    text = "\n".join(p.read_text(encoding="utf-8") for p in sources)
    assert "cardrules_callbreak" not in text
    assert "from cardrules" in text


@installed
def test_example_found_through_the_entry_point() -> None:
    """Installed, the plugin is an entry point and its profile is listed by name."""
    from cardrules.rules.plugins import entry_points

    assert entry_points()["clockwise"].value == "cardrules_clockwise.plugin"
    assert NAME in cardrules.profiles()
    module = importlib.util.find_spec("cardrules_clockwise")
    assert module is not None and module.origin is not None
    origin = Path(module.origin).resolve()
    for kernel_dir in (ROOT / "cardrules", ROOT / "variants"):
        assert not origin.is_relative_to(kernel_dir)


@installed
def test_example_rules_differ_from_the_app_only_where_it_says() -> None:
    """``cardrules diff callbreak-app callbreak-clockwise``: direction, cut and the new duty."""
    found = diff_rules(cardrules.load("callbreak-app"), cardrules.load(NAME))
    assert [d.setting for d in found] == [
        "direction of play",
        "cut",
        "other duties",
    ]
    assert found[2].right_rules == ("CW-3",)


@installed
def test_example_duty_refuses_an_unbroken_spade_lead() -> None:
    """CW-3 (the example's duty): a spade lead is refused by the game until spades are broken."""
    rules = cardrules.load(NAME)
    game = rules.new_game(seed=11, dealer=2)
    while game.phase == "auction":
        game.apply(game.legal_actions()[0])
    leader = game.to_act
    assert leader == 3  # clockwise: the dealer's left leads
    hand = game.hand(leader)
    spades = [c for c in hand if c.suit == cardrules.Suit.S]
    others = [c for c in hand if c.suit != cardrules.Suit.S]
    assert spades and others
    with pytest.raises(IllegalAction) as err:
        game.apply(f"play {spades[0]}")
    assert err.value.rule == "CW-3"
    assert all(str(a) != f"play {spades[0]}" for a in game.legal_actions())
