"""Options declared once: a profile that leaves an option out reads its declared default,
typed; the rules hash does not depend on whether a profile restates a default; and records
written before the shipped profiles stopped restating defaults replay."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import CardrulesError, Game
from cardrules.engine.records import profile_hash
from cardrules.profile.registry import earlier_versions

DATA = Path(__file__).resolve().parents[1] / "data"


def write(folder: Path, name: str, parent: str, body: str = "") -> Path:
    path = folder / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "{name}"\nextends = "{parent}"\n{body}',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("path", sorted((DATA / "records-v3").glob("*.json")), ids=lambda p: p.stem)
def test_records_written_while_profiles_restated_defaults_replay(path: Path) -> None:
    """Records written when the shipped profiles restated their options' defaults replay
    unchanged: the same rules hash, the same record."""
    text = path.read_text(encoding="utf-8")
    assert Game.from_json(text).to_json() + "\n" == text


def test_an_option_left_out_reads_its_declared_default() -> None:
    """HE-5.1, SP-5.3, APP-5.1: the shipped profiles set no default again; each option
    reads its declaration's, typed."""
    hearts = cardrules.load("hearts").profile
    assert "target" not in hearts.options
    assert hearts.option("target") == 100 and hearts.whole("target") == 100
    assert hearts.flag("pass_cards") is True and hearts.text("passing") == "rotation"
    spades = cardrules.load("spades").profile
    assert dict(spades.options) == {}
    assert (spades.whole("mercy"), spades.flag("use_mercy")) == (-200, False)
    app = cardrules.load("callbreak-app", target_score=30.5).profile
    assert app.number("target_score") == Decimal("30.5")
    assert cardrules.load("callbreak-app").profile.number("target_score") == 0


def test_reading_an_undeclared_or_mistyped_option_is_an_error() -> None:
    """A plugin reading an option no plugin declares, or reading it as another type, is
    told which option and which profile."""
    hearts = cardrules.load("hearts").profile
    with pytest.raises(CardrulesError) as err:
        hearts.option("tagret")
    assert str(err.value).startswith(
        "unknown option 'tagret' of profile 'hearts': no plugin of it declares one; "
        "declared: avoid_all_tricks_bonus, can_lead_any_club, "
    )
    with pytest.raises(CardrulesError) as err:
        hearts.flag("target")
    assert str(err.value) == (
        "option 'target' of profile 'hearts' is read as bool, but its value is 100: "
        "the reader does not match the option's declaration"
    )
    with pytest.raises(CardrulesError):
        hearts.whole("passing")
    with pytest.raises(CardrulesError):
        hearts.text("jd_bonus")
    with pytest.raises(CardrulesError):
        hearts.number("jd_bonus")


def test_the_rules_hash_does_not_depend_on_restating_a_default(tmp_path: Path) -> None:
    """HE-5.1: a profile that writes ``target = 100`` (the default) and one that leaves it
    out are the same rules, with the same hash; another target is another hash."""
    folders = [tmp_path / "a", tmp_path / "b", tmp_path / "c"]
    for folder in folders:
        folder.mkdir()
    quiet = cardrules.load(write(folders[0], "house", "hearts"))
    restated = "[options]\ntarget = 100\npass_cards = true\n"
    loud = cardrules.load(write(folders[1], "house", "hearts", restated))
    assert quiet.profile.data != loud.profile.data
    assert quiet.profile_hash == loud.profile_hash == profile_hash(quiet.profile.data)
    other = cardrules.load(write(folders[2], "house", "hearts", "[options]\ntarget = 50\n"))
    assert other.profile_hash != quiet.profile_hash


@pytest.mark.parametrize(
    "name",
    [
        "bridge-duplicate",
        "callbreak-app",
        "hearts",
        "hearts-openspiel",
        "spades",
        "spades-openspiel",
    ],
)
def test_an_earlier_version_is_hashed_as_it_was_written(name: str) -> None:
    """The profiles that restated defaults keep the file they were shipped as, hashed as
    written (restated defaults and all), so that the records played under it replay."""
    before = cardrules.load(earlier_versions(name)[-1])
    assert before.profile_hash == profile_hash(before.profile.data)
    assert before.profile_hash != cardrules.load(name).profile_hash
    record = (DATA / "records-v3" / f"{name}-seed-3.json").read_text(encoding="utf-8")
    assert f'"profile_hash": "{before.profile_hash}"' in record
