"""The ``cardrules`` command line, driven in-process: profiles, show, check, play, replay."""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules import Bid, Game, Play, RecordError, cli
from cardrules.cli import COMMAND_GROUP, COMMANDS, contributed_commands, main
from cardrules.cli.play import read_action
from cardrules.cli.show import engine_lines
from cardrules.engine.bots import RuleBot, bots_by_name, play_game
from cardrules.engine.game import lowest_wins
from cardrules.profile.registry import profile_paths
from cardrules.profile.schema import AuctionModel, PlayModel
from cardrules.profile.validated import load_profile
from cardrules.rules.components import seat_name
from cardrules.rules.reading import expected_actions
from cardrules.tools.spec import describe, render_text
from cardrules_minibridge import ChooseContract
from helpers import SHIPPED_PROFILES

STRICT = "callbreak-strict"


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """Run the command line in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_commands_are_registered_in_one_table() -> None:
    assert list(COMMANDS)[:5] == ["profiles", "show", "check", "play", "replay"]
    code, out, _ = run("--help")
    assert code == 0
    for name, command in COMMANDS.items():
        assert name in out and command.help in out


def test_every_command_is_a_module_with_arguments_and_run() -> None:
    """Each entry of the table names a module of ``cardrules.cli`` with ``arguments(parser)``
    and ``run(args, console)``; ``cardrules COMMAND --help`` shows that command's arguments."""
    for name, command in COMMANDS.items():
        assert command.module == f"cardrules.cli.{name}"
        module = importlib.import_module(command.module)
        assert callable(module.arguments) and callable(module.run)
        parser = argparse.ArgumentParser()
        module.arguments(parser)
    code, out, err = run("play", "--help")
    assert code == 0 and err == ""
    assert out.startswith("usage: cardrules play [-h] [--seed SEED]")
    assert "--bots BOTS" in out and COMMANDS["play"].help in out
    assert run("schema", "--help")[1].startswith("usage: cardrules schema [-h] [-o FILE]")


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    probe = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))\n"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return set(out.split())


HEAVY = {"pydantic", "pydantic_core", "cardrules.tools.docgen", "cardrules.profile.schema"}


def test_importing_the_command_line_imports_no_command() -> None:
    """``import cardrules.cli`` (what the ``cardrules`` script does first) imports none of
    the commands, so neither pydantic nor the documentation generator."""
    modules = _modules_after("import cardrules.cli")
    assert not modules & HEAVY
    assert not modules & {command.module for command in COMMANDS.values()}
    assert not {m for m in modules if m.partition(".")[0] == "cardrules_dd"}


def test_play_imports_only_its_own_command() -> None:
    """``cardrules play`` imports its module and what it needs, never pydantic, docgen or
    the rules describer of ``show``; nor the modules of the other commands."""
    modules = _modules_after(
        "import io\n"
        "from cardrules.cli import main\n"
        "out = io.StringIO()\n"
        f"assert main(['play', {STRICT!r}, '--auto', '--seed', '1'], stdout=out) == 0\n"
        "assert 'Final standings' in out.getvalue()\n"
    )
    assert not modules & (HEAVY | {"cardrules.tools.spec"})
    commands = {command.module for command in COMMANDS.values()}
    assert modules & commands == {"cardrules.cli.play"}
    assert not {m for m in modules if m.partition(".")[0] == "cardrules_dd"}


def test_packages_add_commands_through_their_entry_point_group() -> None:
    """``cardrules analyse`` is the double-dummy package's, found through the group
    ``cardrules.commands`` as any installed package's command would be, and listed by
    ``--help`` after the built-in commands."""
    assert list(contributed_commands())[:2] == ["analyse", "analyze"]
    assert contributed_commands()["analyse"].value == "cardrules_dd.command:ANALYSE"
    out = run("--help")[1]
    listing = [line.split()[0] for line in out.splitlines() if line.startswith("    ")]
    assert listing == [*COMMANDS, *contributed_commands()]
    assert "analyse   double-dummy tables and par of PBN boards\n" in out
    assert "analyze   the same as analyse\n" in out
    assert run("analyse", "--help")[1].startswith("usage: cardrules analyse [-h] BOARD.pbn")


def _entry(name: str, value: str) -> importlib.metadata.EntryPoint:
    return importlib.metadata.EntryPoint(name, value, COMMAND_GROUP)


def test_a_package_command_never_takes_a_built_in_name(monkeypatch: pytest.MonkeyPatch) -> None:
    found = [_entry("play", "cardrules_dd.command:ANALYSE"), _entry("zz", "cardrules.cli:Command")]
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: found)
    contributed_commands.cache_clear()
    try:
        assert list(contributed_commands()) == ["zz"]
    finally:
        monkeypatch.undo()
        contributed_commands.cache_clear()


def test_a_broken_package_command_is_named_and_spares_the_built_in_commands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A command that cannot be loaded, or is no ``Command``, is a CardrulesError naming
    its entry point where it is needed (``--help``, the command itself); the built-in
    commands run without loading it."""
    broken = {
        "gone": _entry("gone", "no_such_module:GONE"),
        "odd": _entry("odd", "cardrules.cli:COMMANDS"),
    }
    monkeypatch.setattr(cli, "contributed_commands", lambda: broken)
    assert run("--help") == (
        1,
        "",
        "error: the command 'gone' (cardrules.commands entry point 'no_such_module:GONE') "
        "cannot be loaded: No module named 'no_such_module'\n",
    )
    assert run("odd") == (
        1,
        "",
        "error: the command 'odd' (cardrules.commands entry point 'cardrules.cli:COMMANDS') "
        "is a dict, not a cardrules.cli.Command\n",
    )
    code, out, err = run("profiles")
    assert (code, err) == (0, "") and STRICT in out


def test_no_command_shows_the_help() -> None:
    """Bare ``cardrules`` prints what ``cardrules --help`` prints, and succeeds."""
    code, out, err = run()
    assert (code, err) == (0, "")
    assert out == run("--help")[1]
    assert out.startswith("usage: cardrules [-h] [--version] COMMAND ...\n")


def test_show_says_which_engines_play_the_profile_and_why_not() -> None:
    """``cardrules show`` ends with the engines: the game engine's build and whether the
    duties run as fast steps, and whether the NumPy batch engine plays the profile, else
    why not (its reason, as ``simulate(engine='numpy')`` refuses it)."""
    from cardrules.batch.engines import not_batched
    from cardrules.engine import build
    from cardrules.engine.core import native

    code, out, _ = run("show", STRICT)
    assert code == 0
    native_lines = (
        "    cards played: in the native core, and which are legal (a card refused, a claim, "
        "a call: in Python)\n"
        "    auction calls: the calls the auction declares free, in the native core (3 at the "
        "start of a deal), the others in Python\n"
        "    the deal, the rest of the auction, the end of a deal and its score: the shuffle "
        "in the native core, the rest in Python (the family's objects)\n"
    )
    assert out.endswith(
        f"Engines:\n  game engine: {build()}, the duties' fast steps\n"
        + (native_lines if native else "")
        + "  NumPy batch engine (simulate, engine='numpy'): plays it\n"
    )
    if native:  # where the native core does not work out the legal cards, why
        out = run("show", "hearts")[1]
        assert (
            "    cards played: in the native core; which are legal, in Python: the duty "
            "'hearts_broken_before_led' declares no fast steps\n" in out
        )
        # an auction that declares no free calls
        assert (
            "    auction calls: in Python: the family's auction declares no free "
            in run("show", "bridge-duplicate")[1]
        )
    for name in ("oh-hell-3", "tarok", "hearts"):
        rules = cardrules.load(name)
        out = run("show", name)[1]
        why = not_batched(rules)
        assert why and f"NumPy batch engine (simulate, engine='numpy'): cannot: it {why}\n" in out
        duties = "each duty's narrow()" if rules.off_fast_path else "the duties' fast steps"
        assert f"  game engine: {build()}, {duties}\n" in out


def test_version_says_which_build_of_the_engine_runs() -> None:
    """``cardrules --version``: the version and the engine (``cardrules.engine.build``: the
    native core where it was built, pure Python in CI's step without a compiler)."""
    from cardrules.engine import build
    from cardrules.engine.core import native

    code, out, err = run("--version")
    assert (code, err) == (0, "")
    assert out == f"cardrules {cardrules.__version__} (engine: {build()})\n"
    assert build() == ("pure Python" if native is None else "native (C)")
    # the native core's apply() is Game's, else the Python one is
    assert (
        (vars(cardrules.Game)["apply"] is vars(native.Core)["apply"])
        if native
        else (vars(cardrules.Game)["apply"].__module__ == "cardrules.engine.game")
    )


# ---------------------------------------------------------------------------
# profiles, show


def test_profiles_lists_every_profile_with_its_title() -> None:
    code, out, err = run("profiles")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == cardrules.profiles()
    for line, name in zip(lines, cardrules.profiles(), strict=True):
        assert line.split(None, 1)[1] == load_profile(name).title


def test_show_prints_the_rules_with_rule_ids() -> None:
    """``show`` renders every duty with its rule id (CBS-3.6 ...) and the schema's
    field descriptions, from the same rule objects the engine plays with."""
    rules = cardrules.load(STRICT)
    code, out, err = run("show", STRICT)
    assert code == 0 and err == ""
    assert out == render_text(describe(rules)) + "\n".join(engine_lines(rules)) + "\n"
    assert out.startswith(f"{rules.title} ({STRICT}, version {rules.profile.version})\n")
    assert "CBS-3.6" in out and "CBS-2.4" in out
    for i, duty in enumerate(rules.duties, 1):
        assert f"  {i}. {type(duty).name} [{duty.rule}]\n" in out
    assert f"  min_call = {rules.profile.min_call}\n" in out
    assert AuctionModel.model_fields["min_call"].description in out
    assert f"Auction: calls, calls {rules.bounds[0]} to {rules.bounds[1]} [CBS-2.4]" in out
    assert f"End of the game: {rules.deals} deals [CBS-5.1]" in out


def test_show_accepts_a_path() -> None:
    path = profile_paths()[STRICT]
    assert run("show", str(path))[1] == run("show", STRICT)[1]


def test_show_unknown_profile_exits_1() -> None:
    code, out, err = run("show", "nope")
    assert code == 1 and out == ""
    known = ", ".join(cardrules.profiles())
    assert (
        err == f"error: invalid profile nope:\n  unknown profile 'nope'; known profiles: {known}\n"
    )


def show(profile: str) -> str:
    """The output of ``cardrules show PROFILE``."""
    code, out, err = run("show", profile)
    assert code == 0
    assert err == ""
    return out


@pytest.mark.parametrize(
    ("name", "head"),
    [
        (STRICT, "End of the game: 5 deals [CBS-5.1]"),
        ("callbridge-classic", "End of the game: 12 deals [CBC-5.1]"),
        ("callbreak-app", "End of the game: 5 deals (allowed: 3, 5) [APP-3.5]"),
    ],
)
def test_cbs_5_1_cbc_5_1_app_3_5_show_states_the_end_of_the_game(name: str, head: str) -> None:
    """CBS-5.1 / CBS-5.2 / CBC-5.1 / D-6 / APP-3.5 / D-9: ``show`` says when the game ends.

    A fixed number of deals, the highest total wins, ties share; no target
    score is mentioned where the profile has none.
    """
    deals = head.split(": ")[1].split()[0]
    text = show(name)
    assert (
        f"{head}\n  the game ends after {deals} deals; the highest total wins, "
        "equal totals share a place\n"
    ) in text
    assert "target" not in text.split("End of the game:")[1].split("Options")[0]


def test_app_5_1_5_2_show_states_the_switched_on_end_of_the_game(tmp_path: Path) -> None:
    """APP-5.1 / D-7 / APP-5.2 / D-8: switched on, ``show`` names the target and the big call."""
    path = tmp_path / "to-30.toml"
    path.write_text(
        '[profile]\nname = "to-30"\ntitle = "To 30"\nextends = "callbreak-app"\n\n'
        "[options]\ntarget_score = 30\nbig_call_8 = true\n",
        encoding="utf-8",
    )
    end = show(str(path)).split("End of the game:")[1].split("\n\n")[0]
    assert " ".join(end.split()) == (
        "until a total reaches 30 [APP-5.1] the game ends after the deal in which a total "
        "reaches 30; the highest total wins, equal totals share a place; a seat that calls 8 "
        "and takes 8 or more wins at once"
    )


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_spec_describes_every_setting_from_the_profile(name: str) -> None:
    """The spec's settings carry the profile's values, the schema's descriptions and the
    rule ids their section serves; duties come in the order they apply."""
    rules = cardrules.load(name)
    spec = describe(rules)
    assert (spec.name, spec.title) == (rules.name, rules.title)
    by_key = {(s.section, s.key): s for s in spec.settings}
    assert by_key["auction", "min_call"].value == rules.profile.min_call
    assert by_key["play", "trump"].value == rules.profile.trump
    assert by_key["play", "trump"].description == PlayModel.model_fields["trump"].description
    assert by_key["play", "trump"].rules == rules.profile.rule_ids["play"]
    assert by_key["game", "deals"].value == rules.profile.deals
    assert [(d.name, d.rule) for d in spec.duties] == [(type(d).name, d.rule) for d in rules.duties]
    assert [t.name for t in spec.throw_ins] == [t.name for t in rules.throw_ins]
    assert (spec.auction.low, spec.auction.high) == rules.bounds
    summary = getattr(rules.scorer, "summary", "")
    assert spec.scoring.summary == (summary if isinstance(summary, str) else "")
    assert spec.scoring.params == rules.profile.scoring_params
    assert {o.name for o in spec.options} == set(rules.components.options)
    for option in spec.options:
        assert option.value == rules.profile.options.get(option.name, option.default)
        assert f"  {option.name} = " in render_text(spec)
    for ids in rules.profile.rule_ids.values():
        assert set(ids) <= set(spec.rule_ids)


# ---------------------------------------------------------------------------
# check


def test_check_a_good_profile(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    shutil.copy(profile_paths()[STRICT], path)
    code, out, err = run("check", str(path))
    assert (code, out, err) == (0, "ok: callbreak-strict (Call Break (strict))\n", "")


BAD = """\
[profile]
name = "bad-one"
title = "Bad"
plugins = ["callbreak"]

[deal]
direction = "sideways"
cutter = "left"

[auction]
min_call = -1
colour = "red"

[play]
trump = "S"
duties = [{ name = "follow_suit" }]

[scoring]
kind = "call_tenths"

[game]
deals = 0
"""


def test_check_lists_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BAD, encoding="utf-8")
    code, out, err = run("check", str(path))
    assert code == 1 and out == ""
    assert err == (
        f"error: invalid profile {path}:\n"
        "  deal.direction -> must be one of 'clockwise' or 'counterclockwise' (got 'sideways')\n"
        "  auction.min_call -> must be >= 0 (got -1)\n"
        "  auction.colour -> unknown key\n"
        "  game.deals -> must be >= 1 (got 0)\n"
    )


def test_check_lists_unknown_components(tmp_path: Path) -> None:
    path = tmp_path / "names.toml"
    text = BAD.replace("sideways", "clockwise").replace('min_call = -1\ncolour = "red"', "")
    text = text.replace("deals = 0", "deals = 1").replace("follow_suit", "follow_sute")
    path.write_text(text.replace("call_tenths", "no_such_scorer"), encoding="utf-8")
    code, _, err = run("check", str(path))
    lines = err.splitlines()
    assert code == 1 and lines[0] == f"error: invalid profile {path}:"
    assert [line.split(" -> ")[0] for line in lines[1:]] == [
        "  play.duties[0].name",
        "  scoring.kind",
    ]
    assert lines[1].startswith("  play.duties[0].name -> unknown duty 'follow_sute'; known: ")
    assert lines[2].startswith("  scoring.kind -> unknown scorer 'no_such_scorer'; known: ")


def test_check_missing_file() -> None:
    code, out, err = run("check", "/no/such/profile.toml")
    assert (code, out) == (1, "")
    assert err == "error: invalid profile /no/such/profile.toml:\n  file not found\n"


# ---------------------------------------------------------------------------
# play


def test_read_action_accepts_the_usual_spellings() -> None:
    contracts = (ChooseContract("S", "game"),)
    assert read_action("3") == Bid(3)
    assert read_action("bid 3") == Bid(3)
    assert (
        read_action("AH")
        == read_action("play AH")
        == read_action("a♥")
        == Play(cardrules.Card.parse("AH"))
    )
    assert read_action("10♥") == read_action("TH") == Play(cardrules.Card.parse("10H"))
    assert read_action("contract S game") == ChooseContract("S", "game")
    assert read_action("s game", contracts) == ChooseContract("S", "game")
    with pytest.raises(cardrules.ActionError):
        read_action("s game")
    with pytest.raises(cardrules.ActionError):
        read_action("xyz")


def _human_lines(name: str, seed: int, human: int) -> tuple[list[str], Game]:
    """The lines a human at ``human`` types to play as a rule bot would, and that game."""
    game = cardrules.load(name).new_game(seed=seed)
    bot = RuleBot()
    lines = []
    while game.to_act is not None:
        seat = game.controller(game.to_act)
        action = bot.choose(game.view(seat))
        if seat == human:
            if isinstance(action, Bid):
                lines.append(str(action.tricks))
            elif isinstance(action, Play):
                lines.append(action.card.symbol() if len(lines) % 2 else str(action.card))
            else:
                lines.append(str(action))
        game.apply(action)
    return lines, game


@pytest.mark.parametrize("name", SHIPPED_PROFILES)
def test_play_a_whole_game_from_typed_input(name: str, tmp_path: Path) -> None:
    """A person at South typing calls, cards ('AH', 'A♥') and contracts plays a whole
    game against rule bots; the record holds exactly the game the rule bots would play."""
    lines, expected = _human_lines(name, 6, 2)
    record = tmp_path / "game.json"
    code, out, err = run(
        "play",
        name,
        "--seed",
        "6",
        "--seat",
        "S",
        "--record",
        str(record),
        stdin="\n".join(lines) + "\n",
    )
    assert (code, err) == (0, ""), err
    game = Game.from_json(record.read_text(encoding="utf-8"))
    assert game.actions == expected.actions and game.phase == "finished"
    lowest = " (the lowest total wins)" if lowest_wins(game.rules.end) else ""
    assert f"Final standings{lowest}:\n" in out
    for st in expected.standings():
        side = seat_name(st.side) if isinstance(st.side, int) else st.side
        you = " (you)" if game.rules.side_of(2) == st.side else ""
        mark = "  winner" if st.winner else ""
        assert f"  {st.place}. {side}{you}  {st.total}{mark}\n" in out


def _first_refusal(seed: int) -> tuple[str, str, str] | None:
    """For a strict game at ``seed`` with South calling 3: an illegal card of South's
    first turn, the refusal the engine gives for it, and a legal card."""
    rules = cardrules.load(STRICT)
    game = rules.new_game(seed=seed)
    bots = {0: RuleBot(), 1: RuleBot(), 3: RuleBot()}
    while game.controller(game.to_act) != 2:  # type: ignore[arg-type]
        game.apply(bots[game.to_act].choose(game.view(game.to_act)))  # type: ignore[index, arg-type]
    game.apply("bid 3")
    while game.phase == "auction" or game.to_act != 2:
        game.apply(bots[game.to_act].choose(game.view(game.to_act)))  # type: ignore[index, arg-type]
    legal = game.legal_actions()
    illegal = [c for c in game.hand(2) if Play(c) not in legal]
    if not illegal:
        return None
    try:
        game.apply(Play(illegal[0]))
    except cardrules.IllegalAction as exc:
        first = legal[0]
        assert isinstance(first, Play)
        return str(illegal[0]), str(exc), str(first.card)
    raise AssertionError("the card should have been refused")


def test_play_refuses_an_illegal_card_and_asks_again(tmp_path: Path) -> None:
    """CBS-5.3: an illegal card is refused with its rule id and reason, the state is
    unchanged and the same seat is asked again; help lists the legal actions."""
    seed, found = next((s, f) for s in range(40) if (f := _first_refusal(s)) is not None)
    illegal, refusal, legal = found
    record = tmp_path / "r.json"
    script = f"3\n?\n{illegal}\nnonsense\n{legal}\nquit\n"
    code, out, err = run("play", STRICT, "--seed", str(seed), "--record", str(record), stdin=script)
    assert (code, err) == (0, "")
    assert refusal.startswith(f"illegal action 'play {illegal}' by seat 2 (S): ")
    shown = refusal.replace("by seat 2 (S)", "by you")
    assert f"  Refused: {shown}\n" in out
    rule = refusal.split(": ")[1]
    assert rule.startswith("CBS-3.")
    after = out.split(f"  Refused: {shown}\n", 1)[1]
    assert after.startswith("Your card (")
    with pytest.raises(cardrules.CardError) as card_error:
        cardrules.Card.parse("nonsense")
    assert f"  Not understood: {card_error.value}; type ? for help\n" in after
    assert expected_actions() not in out  # only this game's actions: cards here
    assert "  Legal now: " in out
    assert out.endswith(f"You left the game.\nRecord saved to {record}\n")
    game = Game.from_json(record.read_text(encoding="utf-8"))
    mine = [a for a in game.actions if a in ("bid 3", f"play {legal}")]
    assert mine == ["bid 3", f"play {legal}"]
    assert f"play {illegal}" not in game.actions[: game.actions.index(f"play {legal}")]


def test_play_end_of_input_saves_the_record_and_exits_1(tmp_path: Path) -> None:
    """Input that ends mid-game leaves it unfinished: said on stderr, exit status 1 (a
    script that fed too few lines is told so), and the record is saved."""
    record = tmp_path / "eof.json"
    code, out, err = run("play", STRICT, "--seed", "1", "--record", str(record), stdin="4\n")
    assert (code, err) == (1, "error: end of input: the game is left unfinished\n")
    assert out.endswith(f"? for help): \nRecord saved to {record}\n")
    game = Game.from_json(record.read_text(encoding="utf-8"))
    assert "bid 4" in game.actions and game.phase != "finished"


def test_play_auto_finishes_and_prints_standings() -> None:
    """``--auto``: four rule bots play; every call, trick and the final standings print."""
    code, out, err = run("play", STRICT, "--auto", "--seed", "3")
    assert (code, err) == (0, "")
    expected = play_game(cardrules.load(STRICT).new_game(seed=3), [RuleBot()] * 4)
    assert out.count("  Trick 13: ") == len(expected.deals)
    assert out.count(": bid ") == 4 * len(expected.deals)
    final = out.split("Final standings:\n", 1)[1]
    want = "".join(
        f"  {st.place}. {'NESW'[st.side]}  {st.total}{'  winner' if st.winner else ''}\n"  # type: ignore[index]
        for st in expected.standings()
    )
    assert final == want
    assert f"Game over: {expected.over.reason} [CBS-5.1]\n" in out  # type: ignore[union-attr]


def test_play_auto_with_named_bots_is_reproducible() -> None:
    first = run("play", STRICT, "--auto", "--seed", "8", "--bots", "random,rule,random,rule")
    again = run("play", STRICT, "--auto", "--seed", "8", "--bots", "random,rule,random,rule")
    assert first == again and first[0] == 0
    expected = play_game(
        cardrules.load(STRICT).new_game(seed=8), bots_by_name("random,rule,random,rule", seed=8)
    )
    assert first[1].count("  Trick 13: ") == len(expected.deals)


def test_play_keeps_a_random_seed_secret_until_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --seed the seed is drawn from the engine's whole range (below 2**63) and
    told only when the game is over: with it and one's own hand, the bots' hands
    could be worked out.  Playing again with that --seed deals the same game."""
    import random

    drawn: list[int] = []
    system_randrange = random.SystemRandom.randrange

    def spy(self: random.SystemRandom, stop: int) -> int:
        drawn.append(stop)
        return system_randrange(self, stop)

    monkeypatch.setattr(random.SystemRandom, "randrange", spy)
    record = tmp_path / "auto.json"
    code, out, err = run("play", STRICT, "--auto", "--record", str(record))
    assert (code, err) == (0, "")
    assert drawn == [2**63]
    seed = Game.from_json(record.read_text(encoding="utf-8")).seed
    header, body = out.split("\n", 1)
    assert header.startswith(f"{cardrules.load(STRICT).title}: random seed, told at the end, ")
    story, told = body.split("Final standings:\n", 1)
    assert str(seed) not in header + story
    last = f"The seed was {seed}: play these deals again with --seed {seed}\n"
    assert told.endswith(last + f"Record saved to {record}\n")
    again = run("play", STRICT, "--auto", "--seed", str(seed))[1]
    assert again.startswith(f"{cardrules.load(STRICT).title}: seed {seed}, ")
    assert again.split("\n", 1)[1] + last + f"Record saved to {record}\n" == body


def test_play_tells_a_random_seed_when_the_player_leaves() -> None:
    """A person who leaves (or whose input ends) learns the random seed only then."""
    for stdin, goodbye, status, error in (
        ("quit\n", "You left the game.\n", 0, ""),
        ("", "? for help): \n", 1, "error: end of input: the game is left unfinished\n"),
    ):
        code, out, err = run("play", STRICT, stdin=stdin)
        assert (code, err) == (status, error)
        before, after = out.split(goodbye)
        assert "seed" not in before.split("\n", 1)[1] and "random seed, told at the end" in before
        seed = after.removeprefix("The seed was ").split(":")[0]
        assert seed.isdigit() and seed not in before
        assert after == f"The seed was {seed}: play these deals again with --seed {seed}\n"


def test_play_tells_a_random_seed_when_interrupted() -> None:
    """Ctrl-C ends the game with exit status 130, and the random seed is told then."""

    class CtrlC(io.StringIO):
        def readline(self, size: int | None = -1, /) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    code = main(["play", STRICT], stdin=CtrlC(), stdout=out, stderr=io.StringIO())
    assert code == 130
    before, after = out.getvalue().split("\nInterrupted.\n")
    assert "random seed, told at the end" in before
    seed = after.removeprefix("The seed was ").split(":")[0]
    assert seed.isdigit() and seed not in before
    assert after == f"The seed was {seed}: play these deals again with --seed {seed}\n"


def test_play_bots_by_seat() -> None:
    """--bots: one name for every bot, three for the other seats, or four by seat."""
    header = {
        bots: run("play", STRICT, *extra, "--seed", "1", "--bots", bots)[1].splitlines()[0]
        for bots, extra in (
            ("random", ("--auto",)),
            ("random,rule,random", ("--auto", "--seat", "E")),
            ("random,rule,random,rule", ()),
        )
    }
    assert header["random"].endswith("bots: N random, E random, S random, W random")
    assert header["random,rule,random"].endswith("bots: N random, E rule, S rule, W random")
    assert header["random,rule,random,rule"].endswith("bots: N random, E rule, W rule; you are S")


def test_play_usage_errors() -> None:
    code, _, err = run("play", STRICT, "--bots", "rule,clever")
    assert code == 2
    assert err.endswith(
        "cardrules play: error: argument --bots: invalid bots: unknown bot 'clever'; "
        "known: mc, random, rule\n"
    )
    code, _, err = run("play", STRICT, "--bots", "rule,rule")
    assert code == 2
    assert err == (
        "cardrules play: error: --bots: give one name (every bot), 3 (the seats other "
        "than yours) or 4 (one per seat), got 2\n"
    )
    code, _, err = run("play", STRICT, "--seat", "X")
    assert code == 2 and "invalid seat 'X' (expected 0..3 or N, E, S, W)" in err


def test_play_deals_must_be_allowed_by_the_profile() -> None:
    code, out, err = run("play", STRICT, "--deals", "3", "--auto")
    assert (code, out) == (1, "")
    assert err == (
        "error: invalid profile 'callbreak-strict' (as loaded):\n"
        "  deals (CBS-5.1) -> must be 5 under these rules (got 3)\n"
    )


# ---------------------------------------------------------------------------
# replay


def test_record_and_replay_round_trip(tmp_path: Path) -> None:
    record = tmp_path / "auto.json"
    code, auto_out, _ = run("play", STRICT, "--auto", "--seed", "3", "--record", str(record))
    assert code == 0
    code, replay_out, err = run("replay", str(record))
    assert (code, err) == (0, "")
    # Same story, line for line, after the header line.
    auto_body = auto_out.split("\n", 1)[1].replace(f"Record saved to {record}\n", "")
    assert replay_out.split("\n", 1)[1] == auto_body
    assert replay_out.split("\n", 1)[0].endswith("(replay)")


def test_replay_of_an_unfinished_record_says_where_it_ends(tmp_path: Path) -> None:
    record = tmp_path / "part.json"
    run("play", STRICT, "--seed", "1", "--record", str(record), stdin="4\n")
    code, out, _ = run("replay", str(record))
    assert code == 0
    assert out.endswith("\nThe record ends here, during deal 1 (play).\n")


def test_replay_of_a_corrupt_record_exits_1(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    code, out, err = run("replay", str(broken))
    assert (code, out) == (1, "")
    assert err.startswith(f"error: {broken}: invalid record: not JSON (")

    good = tmp_path / "good.json"
    run("play", STRICT, "--auto", "--seed", "3", "--record", str(good))
    doc = json.loads(good.read_text(encoding="utf-8"))
    doc["actions"][4], doc["actions"][5] = doc["actions"][5], doc["actions"][4]
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(RecordError) as exc:
        Game.from_json(tampered.read_text(encoding="utf-8"))
    code, out, err = run("replay", str(tampered))
    assert (code, out) == (1, "")
    assert err == f"error: {tampered}: {exc.value}\n"


def test_replay_missing_file() -> None:
    code, _, err = run("replay", "/no/such/record.json")
    assert code == 1
    assert err == (
        "error: cannot read the record '/no/such/record.json': No such file or directory\n"
    )


def test_mb_2_4_play_minibridge_shows_dummy_after_the_contract() -> None:
    """MB-2.4 / D-7: playing Minibridge at South, dummy's cards are shown to everyone
    once exposed; when South declares, South also plays dummy's cards (MB-4.2)."""
    name = "minibridge-ebu"
    from cardrules.cli import Console

    con = Console(io.StringIO(), io.StringIO(), io.StringIO())
    lines, expected = _human_lines(name, 2, 2)
    code, out, _ = run("play", name, "--seed", "2", stdin="\n".join(lines) + "\n")
    assert code == 0
    replay = Game(expected.rules, seed=2, dealer=expected.first_dealer)
    shown = declared = 0
    for action in expected.actions:
        before = replay.phase
        replay.apply(action)
        contract = replay.contract
        if before == "auction" and replay.phase == "play" and contract is not None:
            dummy = contract.dummy
            assert dummy is not None
            if dummy != 2:
                hand = con.hand(replay.hand(dummy))
                assert f"  Exposed hand of {'NESW'[dummy]}: {hand}\n" in out
                shown += 1
            if contract.declarer == 2:
                declared += 1
    assert shown >= 1 and declared >= 1  # seed 2: South defends, declares and is dummy
    assert out.count("Card for N (") >= 13 * declared


def test_terminal_without_suit_symbols_gets_ascii_cards() -> None:
    """On an ASCII-only terminal cards print as ``AS``, ``10H`` and nothing fails."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", newline="\n")
    code = main(["play", STRICT, "--auto", "--seed", "1"], stdout=out, stderr=io.StringIO())
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert code == 0
    hand = cardrules.load(STRICT).new_game(seed=1).hand(0)
    spades = " ".join(c.symbol()[:-1] for c in sorted(hand, reverse=True) if c.suit.name == "S")
    assert f"  N: S {spades or '-'}  H " in text
    assert "Final standings:\n" in text


def test_play_auto_minibridge_reports_each_contract_made_or_down(tmp_path: Path) -> None:
    """MB-3.2 / MB-5.4: each deal's end names the contract, the tricks needed and the result."""
    record = tmp_path / "mb.json"
    code, out, _ = run("play", "minibridge-ebu", "--auto", "--seed", "3", "--record", str(record))
    assert code == 0
    assert out.startswith("Minibridge (EBU stage): seed 3, 4 deals; bots:")
    game = cardrules.Game.from_json(record.read_text(encoding="utf-8"))
    expected = []
    for deal in game.deals:
        c = deal.contract
        assert c.declarer is not None
        took = deal.tricks[c.declarer] + deal.tricks[(c.declarer + 2) % 4]
        verdict = "made" if took >= c.target else f"down {c.target - took}"
        who = "NESW"[c.declarer]
        expected.append(
            f"Contract {c.strain} {c.goal} by {who}: {took} tricks of {c.target} needed, {verdict}"
        )
    found = [line.strip() for line in out.splitlines() if "tricks of" in line]
    assert found == expected


def test_play_oh_hell_shows_the_card_turned_up_for_trumps() -> None:
    """OH-2.4: the card turned up for trumps is shown at the start of every deal."""
    code, out, _ = run("play", "oh-hell", "--auto", "--seed", "3")
    assert code == 0
    game = cardrules.load("oh-hell").new_game(seed=3)
    assert game.turned_up is not None
    first = out.split("== Deal 2 of 19")[0]
    assert f"  Turned up for trumps: {game.turned_up.symbol()}" in first
    assert out.count("Turned up for trumps:") == 19
