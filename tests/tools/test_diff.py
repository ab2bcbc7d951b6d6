"""``cardrules diff A B``: rule differences setting by setting, in words with rule ids.

Also the command-line wiring of ``diff``, ``show --toml`` and ``new``.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import cardrules
import cardrules.rules.duties
from cardrules import hookimpl
from cardrules.cards import SUIT_MASKS
from cardrules.cli import main
from cardrules.rules.duties import Duty, TrickState
from cardrules.rules.plugins import Components
from cardrules.tools.diff import Difference, _kernel_name, diff, diff_rules, format_diff, in_words


def child(tmp_path: Path, parent: str, body: str, name: str = "kid") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "Kid"\nextends = "{parent}"\n\n{body}',
        encoding="utf-8",
    )
    return path


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_diff_classic_call_bridge_against_the_app_rules() -> None:
    """CBC vs APP: calls, following, the void duty, the duty to win, throw-ins, scoring and
    length, with rule ids."""
    assert diff("callbridge-classic", "callbreak-app").splitlines() == [
        "callbridge-classic vs callbreak-app: 7 differences",
        "  throw-in and redeal: none vs a hand without a spade (— vs APP-1.2)",
        "  calls: 2–13 vs 1–8 (CBC-2.1 vs APP-2.1)",
        "  following suit: follow suit, any card of the suit (no duty to beat) vs "
        "follow suit and beat the winning card if able (CBC-3.2 vs APP-3.2)",
        "  void in the led suit: trump only to win, else any card vs "
        "must trump, with a higher spade if able (else a lower one) (CBC-3.4 vs APP-3.3)",
        "  winning the trick: only when void in the suit led (a player following suit need "
        "not win) vs must win the trick whenever able: by following suit with a higher card, "
        "or by trumping higher when void (CBC-3.4 vs APP-3.2, APP-3.3)",
        "  scoring: 10 × call + extra tricks with call to call+2 tricks, else −10 × call vs "
        "the call plus 0.1 per extra trick when made, else minus the call (CBC-4.1 vs APP-4.1)",
        "  length of the game: 12 deals vs 5 deals (or 3) (CBC-5.1 vs APP-3.5)",
    ]


def test_diff_strict_against_classic_names_the_first_trick_rule() -> None:
    """CBS vs CBC: the first-trick spade lead (CBS-3.2 vs D-3), heading, void duty, the
    compulsory win (CBS-1.4: by CBS-3.4 and CBS-3.6), scoring."""
    found = {
        d.setting: d
        for d in diff_rules(
            cardrules.load("callbreak-strict"), cardrules.load("callbridge-classic")
        )
    }
    assert set(found) == {
        "first lead",
        "following suit",
        "void in the led suit",
        "winning the trick",
        "scoring",
        "length of the game",
    }
    assert str(found["first lead"]) == (
        "first lead: no spade lead in the first trick while holding another suit vs any card "
        "(CBS-3.2 vs —)"
    )
    assert found["void in the led suit"].left_rules == ("CBS-3.6",)
    assert found["void in the led suit"].right_rules == ("CBC-3.4",)
    assert found["winning the trick"].left_rules == ("CBS-3.4", "CBS-3.6")


def test_diff_same_rules() -> None:
    """A profile against itself: no differences, said in words."""
    assert (
        diff("callbreak-app", "callbreak-app") == "callbreak-app and callbreak-app: the same rules"
    )


def test_diff_one_changed_setting_is_the_one_line(tmp_path: Path) -> None:
    """Which setting caused this? A child changing one thing shows exactly that one line."""
    path = child(tmp_path, "callbreak-strict", "[auction]\nmin_call = 1\n")
    found = diff_rules(cardrules.load("callbreak-strict"), cardrules.load(path))
    assert [str(d) for d in found] == ["calls: 2–13 vs 1–13 (CBS-2.4)"]


def test_diff_shows_house_rule_switches(tmp_path: Path) -> None:
    """A switched-on house rule shows as its option, with the rule id it serves (a target
    score also as the length of the game it sets)."""
    path = child(tmp_path, "callbreak-app", "[options]\nbig_call_8 = true\ntarget_score = 30\n")
    found = [str(d) for d in diff_rules(cardrules.load("callbreak-app"), cardrules.load(path))]
    assert found == [
        "length of the game: 5 deals (or 3) vs a game to 30 (APP-3.5 vs APP-5.1)",
        "option big_call_8: off vs on (APP-5.2)",
        "option target_score: 0 vs 30 (APP-5.1)",
    ]


def test_diff_void_duty_setting_shows_its_effect(tmp_path: Path) -> None:
    """The other reading of the void duty shows as the switch and as the duty it changes."""
    path = child(tmp_path, "callbreak-app", "[options]\nfree_discard_when_void = true\n")
    found = [str(d) for d in diff_rules(cardrules.load("callbreak-app"), cardrules.load(path))]
    assert found == [
        "void in the led suit: must trump, with a higher spade if able (else a lower one) vs "
        "trump only to win, else any card (APP-3.3)",
        "option free_discard_when_void: off vs on (APP-3.3)",
    ]


class _NoAceLead(Duty):
    name = "no_ace_lead"
    summary = "An ace may not be led while holding another card."
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        return legal


class _Plugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_duty(_NoAceLead)


def test_diff_plugin_duties_are_listed_with_their_summary(tmp_path: Path) -> None:
    """A duty the kernel does not ship is named with its summary and rule id."""
    path = child(
        tmp_path,
        "callbridge-classic",
        "[play]\nduties = [\n"
        '  { name = "follow_suit", rule = "CBC-3.2" },\n'
        '  { name = "trump_to_win_when_void", rule = "CBC-3.4" },\n'
        '  { name = "no_ace_lead", rule = "X-1" },\n]\n',
    )
    found = diff_rules(
        cardrules.load("callbridge-classic"), cardrules.load(path, plugins=[_Plugin()])
    )
    assert [str(d) for d in found] == [
        "other duties: none vs no_ace_lead: An ace may not be led while holding another card "
        "(— vs X-1)"
    ]


class _MyFollow(Duty):
    """A plugin's own follow-suit duty, declaring the kernel's fast form of following suit."""

    name = "my_follow"
    summary = "Follow suit if able (house wording)."
    fast_steps = cardrules.rules.duties.FollowSuit.fast_steps
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led < 0:
            return legal
        same = legal & SUIT_MASKS[t.led]
        return same or legal


class _MyFollowPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_duty(_MyFollow)


def test_diff_a_plugin_duty_with_a_kernel_duty_s_steps_reads_as_that_duty(
    tmp_path: Path,
) -> None:
    """CBC-3.2 through a plugin duty declaring follow_suit's FastSteps: the same rules in words
    (its rule id still shown), not an "other duty"; without the steps it is one."""
    body = (
        "[play]\nduties = [\n"
        '  { name = "my_follow", rule = "CBC-3.2" },\n'
        '  { name = "trump_to_win_when_void", rule = "CBC-3.4" },\n'
        "]\n"
    )
    mine = cardrules.load(child(tmp_path, "callbridge-classic", body), plugins=[_MyFollowPlugin()])
    classic = cardrules.load("callbridge-classic")
    assert diff_rules(classic, mine) == []
    words = {s.name: s for s in in_words(mine)}
    assert words["following suit"].value == "follow suit, any card of the suit (no duty to beat)"
    assert words["following suit"].rules == ("CBC-3.2",)
    assert words["other duties"].value == "none"

    class _Plain(_MyFollow):  # its own narrow, no steps of its own: not recognised
        name = "my_follow"
        fast_steps = None
        __slots__ = ()

        def narrow(self, hand: int, legal: int, t: TrickState) -> int:
            return super().narrow(hand, legal, t)

    assert _kernel_name(_Plain("X")) is None


def test_diff_in_words_covers_every_rule_setting() -> None:
    """Every rule setting has words; a profile describes the same way twice."""
    rules = cardrules.load("callbreak-app")
    settings = in_words(rules)
    assert [s.name for s in settings][:7] == [
        "sides",
        "direction of play",
        "cut",
        "throw-in and redeal",
        "auction",
        "calls",
        "trumps",
    ]
    assert all(s.value for s in settings)
    assert settings == in_words(cardrules.load("callbreak-app"))


def test_diff_difference_text() -> None:
    """A difference reads 'setting: A vs B (rules)', one rule list when both cite the same."""
    assert str(Difference("calls", "2–13", "1–8", ("X-1",), ("X-1",))) == "calls: 2–13 vs 1–8 (X-1)"
    assert str(Difference("calls", "2–13", "1–8")) == "calls: 2–13 vs 1–8"
    assert str(Difference("calls", "a", "b", (), ("Y-2",))) == "calls: a vs b (— vs Y-2)"


def test_format_diff_counts() -> None:
    """The heading counts the differences."""
    text = format_diff(cardrules.load("callbreak-strict"), cardrules.load("callbreak-app"))
    lines = text.splitlines()
    assert lines[0] == f"callbreak-strict vs callbreak-app: {len(lines) - 1} differences"


# -- the command line ----------------------------------------------------------


def test_cli_diff() -> None:
    """``cardrules diff A B`` prints the diff and exits 0."""
    code, out, err = run("diff", "callbridge-classic", "callbreak-app")
    assert (code, err) == (0, "")
    assert out == diff("callbridge-classic", "callbreak-app") + "\n"


def test_cli_diff_unknown_profile() -> None:
    """An unknown profile is the usual profile error on stderr, exit 1."""
    code, out, err = run("diff", "callbreak-app", "nope")
    assert (code, out) == (1, "")
    known = ", ".join(cardrules.profiles())
    assert f"invalid profile nope:\n  unknown profile 'nope'; known profiles: {known}" in err


def test_cli_show_toml_loads_back(tmp_path: Path) -> None:
    """``cardrules show NAME --toml`` prints the resolved profile; it loads to the same rules."""
    path = child(tmp_path, "callbreak-app", '[deal]\ndirection = "clockwise"\n')
    code, out, err = run("show", str(path), "--toml")
    assert (code, err) == (0, "")
    again = tmp_path / "again.toml"
    again.write_text(out, encoding="utf-8")
    assert diff(path, again) == "kid and kid: the same rules"
    assert "extends" not in out.split("\n", 1)[1]


@pytest.mark.parametrize("name", ["callbreak-strict", "callbridge-classic", "callbreak-app"])
def test_cli_show_toml_of_shipped_profiles(tmp_path: Path, name: str) -> None:
    """Every shipped profile round-trips through ``show --toml``."""
    code, out, _ = run("show", name, "--toml")
    assert code == 0
    again = tmp_path / f"{name}.toml"
    again.write_text(out, encoding="utf-8")
    assert diff(name, again) == f"{name} and {name}: the same rules"


def test_cli_new(tmp_path: Path) -> None:
    """``cardrules new NAME --from PROFILE --dir DIR`` writes the profile and says what next."""
    code, out, err = run("new", "house", "--from", "callbreak-app", "--dir", str(tmp_path))
    assert (code, err) == (0, "")
    path = tmp_path / "house.toml"
    assert out == (f"created {path}\nnext: edit {path}, then cardrules check {path}\n")
    assert run("check", str(path))[:2] == (0, "ok: house (Call Break (app rules): house)\n")
    code, out, err = run("new", "house", "--from", "callbreak-app", "--dir", str(tmp_path))
    assert (code, out) == (1, "")
    assert f"cannot create {path}: it already exists" in err


def test_cli_new_plugin(tmp_path: Path) -> None:
    """``cardrules new NAME --from PROFILE --plugin`` writes a package and how to install."""
    code, out, _ = run(
        "new", "pk", "--from", "callbreak-strict", "--plugin", "--dir", str(tmp_path)
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[-1] == f"next: pip install -e {tmp_path / 'pk'} && cardrules show pk"
    assert f"created {tmp_path / 'pk' / 'pyproject.toml'}" in lines


def test_cli_new_requires_from() -> None:
    """--from is required: a usage error, exit 2."""
    code, _, err = run("new", "house")
    assert code == 2
    assert "the following arguments are required: --from" in err
