"""Every option's range, declared once (:class:`cardrules.OptionSpec`): ``load`` takes
what lies inside it and refuses what lies outside, naming the option, the value and the
range; whatever loads, a game's record writes and reads back.

The property tests run over every option of every installed profile.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import Game, OptionSpec
from cardrules.engine.records import MAX_NUMBER_DIGITS
from cardrules.rules.catalog import DECIMAL_PLACES, MAX_OPTION_NUMBER, MAX_OPTION_TEXT
from cardrules.rules.profile import OptionValue

DATA = Path(__file__).parent.parent / "data"
PROFILES = cardrules.profiles()
SPECS = {name: cardrules.load(name).components.options for name in PROFILES}
PAIRS = [(name, option) for name in PROFILES for option in sorted(SPECS[name])]
WITH_OPTIONS = [name for name in PROFILES if SPECS[name]]
NUMBERS = [(name, option) for name, option in PAIRS if SPECS[name][option].is_number]


def inside(spec: OptionSpec) -> st.SearchStrategy[object]:
    """Values ``spec`` accepts, in every form ``load`` takes."""
    if spec.choices:
        return st.sampled_from(spec.choices)
    if isinstance(spec.default, bool):
        return st.booleans()
    if isinstance(spec.default, int):
        return st.integers(spec.minimum, spec.maximum)
    if isinstance(spec.default, Decimal):
        low, high = spec.minimum, spec.maximum
        decimals = st.integers(0, DECIMAL_PLACES).flatmap(
            lambda places: st.decimals(
                low, high, places=places, allow_nan=False, allow_infinity=False
            )
        )
        return st.integers(low, high) | decimals | decimals.map(lambda d: format(d, "f"))
    return st.text(max_size=MAX_OPTION_TEXT)


def outside(spec: OptionSpec) -> list[object]:
    """Values just outside what ``spec`` accepts (and two far outside, for numbers)."""
    if spec.is_number:
        assert spec.minimum is not None and spec.maximum is not None
        values: list[object] = [spec.minimum - 1, spec.maximum + 1, 10**30, -(10**25)]
        if isinstance(spec.default, Decimal):
            step = Decimal(1).scaleb(-DECIMAL_PLACES)
            values += [spec.minimum - step, spec.maximum + step, Decimal(1).scaleb(-10)]
        return values
    if isinstance(spec.default, bool):
        return [1, "true"]
    if spec.choices:
        return ["not one of them"]
    return ["x" * (MAX_OPTION_TEXT + 1)]


def replays(rules: cardrules.Ruleset, seed: int, steps: int) -> Game:
    """A game of ``rules`` played ``steps`` actions (or to its end), and read back from its
    record: the same state, the same options, the same record."""
    game = rules.new_game(seed=seed)
    for _ in range(steps):
        if game.phase == "finished":
            break
        game.apply(game.legal_actions()[0])
    text = game.to_json()
    again = Game.from_json(text)
    assert again.state_dict() == game.state_dict()
    assert dict(again.rules.options_given) == dict(rules.options_given)
    assert again.to_json() == text
    return again


@pytest.mark.parametrize(("profile", "option"), PAIRS)
@settings(max_examples=6, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_a_value_in_the_range_loads_and_its_record_replays(
    profile: str, option: str, data: st.DataObject, seed: int, steps: int
) -> None:
    """Any value an option accepts loads, and its game's record is read back."""
    value = data.draw(inside(SPECS[profile][option]), label=option)
    replays(cardrules.load(profile, options={option: value}), seed, steps)


@pytest.mark.parametrize("profile", WITH_OPTIONS)
@settings(max_examples=8, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_every_option_of_a_profile_at_once_loads_and_replays(
    profile: str, data: st.DataObject, seed: int, steps: int
) -> None:
    """All of a profile's options set together, each in its range, load and replay."""
    chosen = {name: data.draw(inside(spec), label=name) for name, spec in SPECS[profile].items()}
    replays(cardrules.load(profile, options=chosen), seed, steps)


@pytest.mark.parametrize(("profile", "option"), NUMBERS)
def test_the_ends_of_a_range_load_and_replay(profile: str, option: str) -> None:
    """A number option's minimum and maximum themselves are inside its range."""
    spec = SPECS[profile][option]
    for value in (spec.minimum, spec.maximum):
        replays(cardrules.load(profile, options={option: value}), seed=1, steps=30)


@pytest.mark.parametrize(("profile", "option"), PAIRS)
def test_a_value_just_outside_the_range_is_refused_at_load_naming_the_option(
    profile: str, option: str
) -> None:
    """Just below, just above, far outside: refused by ``load``, never written."""
    spec = SPECS[profile][option]
    rule = f" ({spec.rule})" if spec.rule else ""
    for value in outside(spec):
        with pytest.raises(cardrules.ProfileError) as err:
            cardrules.load(profile, options={option: value})
        lines = str(err.value).splitlines()
        assert lines[0] == f"invalid profile {profile!r} (the options given to load):"
        assert lines[1].startswith(f"  option {option!r}{rule} -> must ")
        if spec.is_number and type(value) is int:
            assert lines[1].startswith(
                f"  option {option!r}{rule} -> must be from {spec.minimum} to {spec.maximum} "
                f"(got {value}); "
            )


@pytest.mark.parametrize(("profile", "option"), NUMBERS)
def test_a_range_lies_within_what_records_read(profile: str, option: str) -> None:
    """A record reads numbers of up to 24 digits; every range is far inside that, and the
    JSON Schema of the profile tells editors the same range."""
    spec = SPECS[profile][option]
    assert spec.minimum is not None and spec.maximum is not None
    assert -MAX_OPTION_NUMBER <= spec.minimum <= spec.maximum <= MAX_OPTION_NUMBER
    assert len(str(MAX_OPTION_NUMBER)) < MAX_NUMBER_DIGITS
    schema = spec.json_schema()
    number = schema["anyOf"][0] if "anyOf" in schema else schema
    assert (number["minimum"], number["maximum"]) == (spec.minimum, spec.maximum)


# The two cases of the audit.


def test_he_5_1_a_target_of_10_to_the_30_is_refused_at_load_not_written() -> None:
    """HE-5.1: ``target=10**30`` was loaded, played and written, then refused by
    ``from_json`` (a number of 31 digits); ``load`` refuses it now, with the range."""
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load("hearts", options={"target": 10**30})
    assert str(err.value) == (
        "invalid profile 'hearts' (the options given to load):\n"
        "  option 'target' (HE-5.1) -> must be from 0 to 10000 "
        "(got 1000000000000000000000000000000); "
        "The game ends after the deal in which a total reaches this; 0 = no target."
    )


@pytest.mark.parametrize("board", [10**30, -(10**25), 0, 1_000_001])
def test_br_1_4_a_first_board_outside_its_range_is_refused_either_way(board: int) -> None:
    """BR-1.4: ``first_board=10**30`` used to load and write a record no one could read,
    while ``-10**25`` was refused; both are refused now, by one range."""
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load("bridge-duplicate", first_board=board)
    assert (
        str(err.value)
        .splitlines()[1]
        .startswith(f"  option 'first_board' (BR-1.4) -> must be from 1 to 1000000 (got {board}); ")
    )


def test_br_1_4_the_last_first_board_plays_and_replays() -> None:
    """BR-1.4: a session may start at board 1,000,000; its boards follow in its record."""
    rules = cardrules.load("bridge-duplicate", first_board=1_000_000, deals=2)
    game = replays(rules, seed=5, steps=10_000)
    assert rules.new_game(seed=5).auction.public()["board"] == 1_000_000
    assert game.phase == "finished"
    assert game.state_dict()["auction"]["board"] == 1_000_001


def test_a_huge_number_is_refused_by_its_size_and_quickly() -> None:
    """``10**10**5`` is neither written out in the message (Python refuses to) nor made a
    Decimal (which takes seconds for a decimal option)."""
    for profile, option in [("hearts", "target"), ("callbreak-app", "target_score")]:
        with pytest.raises(cardrules.ProfileError) as err:
            cardrules.load(profile, options={option: 10**10**5})
        assert "(got a number of more than 60 digits); " in str(err.value)


# Decimal options: what loads is written as records read it.


@pytest.mark.parametrize(
    "value",
    [Decimal("1E+3"), "0.0000001", Decimal("0.000000001"), Decimal("-0"), 30.5, "9999.5"],
    ids=str,
)
def test_app_5_1_a_decimal_target_in_any_form_replays(value: object) -> None:
    """APP-5.1: ``Decimal('1E+3')`` and ``'0.0000001'`` (which Decimal writes ``1E-7``)
    loaded, then were refused on replay; records now write a decimal's plain text."""
    rules = cardrules.load("callbreak-app", target_score=value)
    replays(rules, seed=2, steps=20)
    assert json.loads(rules.new_game(seed=2).to_json())["options"]["target_score"] == format(
        rules.options_given["target_score"], "f"
    )


def test_app_5_1_a_decimal_target_has_at_most_nine_places() -> None:
    """APP-5.1: a tenth of a point is the game's unit; ten places are refused at load."""
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load("callbreak-app", target_score=Decimal("0.0000000001"))
    assert (
        str(err.value)
        .splitlines()[1]
        .startswith(
            "  option 'target_score' (APP-5.1) -> must have at most 9 digits after the point "
            "(got 1E-10); "
        )
    )


@pytest.mark.parametrize("path", sorted((DATA / "records-v2").glob("*.json")), ids=lambda p: p.stem)
def test_records_with_options_written_before_the_ranges_still_replay(path: Path) -> None:
    """Records written before the ranges (by 0.2 at f2e8860), with options given to
    ``load``, replay unchanged: same rules hash, same record."""
    text = path.read_text(encoding="utf-8")
    assert Game.from_json(text).to_json() + "\n" == text


# Declarations.


def test_a_number_option_without_bounds_gets_the_kernel_range() -> None:
    """A bound a plugin leaves out is nine digits either way: no option is unbounded."""
    spec = OptionSpec("rounds", 5, "Rounds to play.")
    assert (spec.minimum, spec.maximum) == (-MAX_OPTION_NUMBER, MAX_OPTION_NUMBER)
    assert spec.check(10**9) == "must be from -999999999 to 999999999 (got 1000000000)"
    assert OptionSpec("short", False, "Play short.").minimum is None


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        (
            {"name": "first-board", "default": 1},
            "the name must be letters, digits and '_', not starting with a digit",
        ),
        (
            {"name": "target", "default": 5, "minimum": 10},
            "the default and every choice must be accepted: 5 must be from 10 to 999999999 (got 5)",
        ),
        (
            {"name": "target", "default": 5, "maximum": 10**30},
            "the range must lie within -999999999 to 999999999, minimum first "
            "(got -999999999 to 1000000000000000000000000000000)",
        ),
        (
            {"name": "short", "default": False, "maximum": 3},
            "only a number option has a minimum and a maximum",
        ),
        (
            {"name": "name", "default": "x" * 101},
            "must be text of at most 100 characters (got 'xxxxx",
        ),
    ],
)
def test_a_declaration_that_breaks_its_own_range_is_refused_when_made(
    kwargs: dict[str, OptionValue], problem: str
) -> None:
    """A plugin's mistake shows where it is made, not in a game's record later."""
    with pytest.raises(cardrules.CardrulesError) as err:
        OptionSpec(description="A setting.", **kwargs)  # type: ignore[arg-type]
    said = str(err.value)
    assert said.startswith(f"invalid option declaration {kwargs['name']!r}: ")
    assert problem in said
