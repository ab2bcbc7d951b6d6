"""Issue 13, items 1-3: house rules and the number of deals chosen at load time.

``cardrules.load(name, options={...}, **switches, deals=n)`` sets a profile's
``[options]`` as a profile file would, checked the same way; a mistake names the
option, what it allows and its rule id (never a file path), with a did-you-mean;
the record carries the options so that ``from_json`` restores the same rules.
"""

from __future__ import annotations

import decimal
import json
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules

APP = "callbreak-app"


def play_out(game: cardrules.Game) -> None:
    while game.to_act is not None:
        game.apply(game.legal_actions()[0])


def test_app_5_options_at_load_are_the_switches_of_a_profile_file(tmp_path: Path) -> None:
    """APP-5.1, APP-5.2, APP-3.3: switches given to load() play exactly as the same
    switches written in a profile file that extends the profile."""
    given = cardrules.load(APP, target_score=30, big_call_8=True, deals=3)
    path = tmp_path / "house.toml"
    path.write_text(
        '[profile]\nname = "house"\ntitle = "House"\nextends = "callbreak-app"\n'
        "[game]\ndeals = 3\n[options]\ntarget_score = 30\nbig_call_8 = true\n",
        encoding="utf-8",
    )
    written = cardrules.load(path)
    assert given.deals == written.deals == 3
    assert given.options_given == {"target_score": Decimal(30), "big_call_8": True}
    assert repr(given.end) == repr(written.end)
    for seed in range(5):
        a, b = given.new_game(seed=seed), written.new_game(seed=seed)
        play_out(a)
        play_out(b)
        assert a.standings() == b.standings() and a.over == b.over


def test_options_as_a_mapping_and_as_keywords_are_the_same() -> None:
    """``options={...}`` and keyword switches set the same options."""
    a = cardrules.load(APP, options={"free_discard_when_void": True})
    b = cardrules.load(APP, free_discard_when_void=True)
    assert a.profile_hash == b.profile_hash != cardrules.load(APP).profile_hash
    assert [d.name for d in a.duties] == [d.name for d in b.duties]


def test_a_misspelt_option_is_named_with_a_did_you_mean() -> None:
    """An unknown option names itself, the closest known one and every known one; no
    file path is shown."""
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load(APP, big_call8=True)
    assert str(err.value) == (
        "invalid profile 'callbreak-app' (the options given to load):\n"
        "  option 'big_call8' -> unknown option; did you mean 'big_call_8'? known: "
        "big_call_8, free_discard_when_void, no_picture_redeal, target_score"
    )
    assert "/" not in str(err.value)


def test_a_wrong_value_names_the_option_what_it_allows_and_its_rule() -> None:
    """A value of the wrong kind names the option, its rule id and what it allows;
    every problem is listed at once; nothing is loaded."""
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load(APP, options={"big_call_8": "yes", "target_score": -1})
    lines = str(err.value).splitlines()
    assert lines[0] == "invalid profile 'callbreak-app' (the options given to load):"
    assert lines[1].startswith("  option 'big_call_8' (APP-5.2) -> must be bool (got 'yes'); ")
    assert lines[2].startswith(
        "  option 'target_score' (APP-5.1) -> must be from 0 to 10000 (got -1); "
    )
    assert len(lines) == 3


def test_a_deal_count_the_profile_does_not_offer_reads_as_a_choice_not_a_broken_file() -> None:
    """An unoffered number of deals says what the rules allow, not 'game.deals' of a file."""
    with pytest.raises(cardrules.ProfileError) as err:
        cardrules.load("callbreak-strict", deals=3)
    assert str(err.value) == (
        "invalid profile 'callbreak-strict' (as loaded):\n"
        "  deals (CBS-5.1) -> must be 5 under these rules (got 3)"
    )


def test_a_misspelt_profile_name_gets_a_did_you_mean() -> None:
    with pytest.raises(cardrules.ProfileError, match="did you mean 'minibridge-ebu'"):
        cardrules.load("minibridge-eb")


@pytest.mark.parametrize("deals", [1, 9, 10, 13, 100, 1000])
def test_mb_5_6_any_agreed_number_of_deals(deals: int) -> None:
    """MB-5.6, D-8: Minibridge players agree any number of deals (``deal_range``)."""
    rules = cardrules.load("minibridge-ebu", deals=deals)
    assert rules.deals == deals
    game = rules.new_game(seed=1)
    assert cardrules.Game.from_json(game.to_json()).rules.deals == deals


@pytest.mark.parametrize("deals", [0, 1001])
def test_mb_5_6_the_range_has_bounds(deals: int) -> None:
    with pytest.raises(cardrules.ProfileError, match=r"must be 1 to 1000 under these rules"):
        cardrules.load("minibridge-ebu", deals=deals)


def test_a_profile_may_give_a_range_of_deals(tmp_path: Path) -> None:
    """``[game] deal_range = [low, high]``: any number in it, besides deals and deal_choices."""
    path = tmp_path / "ranged.toml"
    path.write_text(
        '[profile]\nname = "ranged"\ntitle = "R"\nextends = "callbreak-strict"\n'
        "[game]\ndeals = 5\ndeal_range = [2, 7]\n",
        encoding="utf-8",
    )
    assert [cardrules.load(path, deals=n).deals for n in (2, 5, 7)] == [2, 5, 7]
    with pytest.raises(cardrules.ProfileError, match=r"must be 2 to 7 under these rules \(got 8\)"):
        cardrules.load(path, deals=8)
    path.write_text(path.read_text().replace("[2, 7]", "[7, 2]"), encoding="utf-8")
    with pytest.raises(cardrules.ProfileError, match=r"game.deal_range -> must be \[low, high\]"):
        cardrules.load(path)


@pytest.mark.parametrize("target", [Decimal("30.5"), 30.5, "30.5"])
def test_app_5_1_a_target_in_tenths_is_exact(target: object) -> None:
    """APP-5.1: the target score may be a decimal (totals move in tenths), kept exact
    whatever the caller's decimal context."""
    with decimal.localcontext(prec=2):
        rules = cardrules.load(APP, target_score=target)
    assert rules.options_given["target_score"] == Decimal("30.5")
    assert rules.end.target == Decimal("30.5")  # type: ignore[attr-defined]
    game = rules.new_game(seed=4)
    play_out(game)
    assert game.over is not None and "30.5" in game.over.reason
    top = max(game.totals.values())
    assert top >= Decimal("30.5")
    # the deal before the last did not reach it: the game ended at the first deal that did
    before = {s: game.totals[s] - game.deals[-1].scores[s] for s in game.totals}
    assert max(before.values()) < Decimal("30.5")


def test_app_5_1_a_target_in_tenths_from_a_profile_file(tmp_path: Path) -> None:
    """APP-5.1: ``target_score = 30.5`` in TOML is read as written (exact)."""
    path = tmp_path / "tenths.toml"
    path.write_text(
        '[profile]\nname = "tenths"\ntitle = "T"\nextends = "callbreak-app"\n'
        "[options]\ntarget_score = 30.1\n",
        encoding="utf-8",
    )
    assert cardrules.load(path).end.target == Decimal("30.1")  # type: ignore[attr-defined]


def test_the_record_carries_the_options_and_restores_the_same_rules() -> None:
    """The options given are in the record; ``from_json`` without rules reloads the
    profile with them (same hash), and the game replays exactly."""
    rules = cardrules.load(APP, target_score=Decimal("20.5"), big_call_8=True, deals=3)
    game = rules.new_game(seed=9)
    for _ in range(30):
        game.apply(game.legal_actions()[-1])
    text = game.to_json()
    assert json.loads(text)["options"] == {"target_score": "20.5", "big_call_8": True}
    again = cardrules.Game.from_json(text)
    assert again.rules.profile_hash == rules.profile_hash
    assert again.rules.options_given == rules.options_given
    assert again.to_json() == text
    # without the options the rules differ, and the record says so
    with pytest.raises(cardrules.RecordError, match="profile_hash"):
        cardrules.Game.from_json(text, rules=cardrules.load(APP, deals=3))


def test_a_record_with_a_bad_option_is_refused() -> None:
    """A record's options are checked like any option given to load."""
    doc = json.loads(cardrules.load(APP, big_call_8=True).new_game(seed=1).to_json())
    doc["options"] = {"big_call_8": "maybe"}
    with pytest.raises(cardrules.RecordError, match="option 'big_call_8'"):
        cardrules.Game.from_json(json.dumps(doc))
    doc["options"] = {"bad name": 1}
    with pytest.raises(cardrules.RecordError, match="bad name"):
        cardrules.Game.from_json(json.dumps(doc))
