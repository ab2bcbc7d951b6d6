"""``cardrules simulate``, driven in-process through ``main(argv)``: the options, the bots,
the summary (table and ``--json``), the deals as JSON lines, the progress bar, the
errors in the command line's words, and Ctrl-C."""

from __future__ import annotations

import argparse
import inspect
import io
import json
import multiprocessing
import re
import sys
import time
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
import cardrules.batch.simulate
import cardrules.cli.simulate
from cardrules.cli import main
from cardrules.cli.options import options_given, parse_option

pytest.importorskip("numpy")

STRICT = "callbreak-strict"

needs_load_options = pytest.mark.skipif(
    "options" not in inspect.signature(cardrules.load).parameters,
    reason="cardrules.load(ref, options=...) is not there yet",
)


def run(*argv: str) -> tuple[int, str, str]:
    """Run the command line in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# -- --option -------------------------------------------------------------------


def test_option_values_are_read_as_toml() -> None:
    """``--option NAME=VALUE``: VALUE as in the profile's TOML; a bare word is a string."""
    assert parse_option("big_call_8=true") == ("big_call_8", True)
    assert parse_option("target_score=30") == ("target_score", 30)
    assert parse_option(" target_score = 30.5 ") == ("target_score", 30.5)
    assert parse_option('name="two words"') == ("name", "two words")
    assert parse_option("pass=left") == ("pass", "left")
    assert parse_option("sizes=[1, 2]") == ("sizes", [1, 2])
    for bad in ("big_call_8", "=true", "a b=1", "x=", "x=two words", "x=1\ny = 2", "x=[1"):
        with pytest.raises(argparse.ArgumentTypeError) as exc:
            parse_option(bad)
        assert str(exc.value).startswith(f"invalid option {bad!r} (expected NAME=VALUE")
    assert options_given([("a", 1), ("b", True)]) == {"a": 1, "b": True}


@needs_load_options
def test_simulate_with_options_loads_the_profile_with_them(tmp_path: Path) -> None:
    """``cardrules simulate callbreak-app --option big_call_8=true --option target_score=30``
    plays the profile with those house rules, named in the summary's first line; the
    workers play with them too: 1 or 2 workers write the same deals, other deals than
    without the option."""
    code, out, err = run(
        "simulate", "callbreak-app", "--option", "big_call_8=true",
        "--option", "target_score=30", "--deals", "20", "--workers", "2",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out.startswith(
        "callbreak-app (big_call_8=true, target_score=30): 20 deals, seed 0, players "
        "random,random,random,random (numpy engine)\n"
    )
    written = []
    house = ["--option", "free_discard_when_void=true"]
    for workers, option in (("1", house), ("2", house), ("2", [])):
        path = tmp_path / f"{workers}{len(option)}.jsonl"
        code, out, err = run(
            "simulate", "callbreak-app", *option, "--deals", "300", "--engine", "game",
            "--workers", workers, "--seed", "4", "--out", str(path),
        )  # fmt: skip
        assert (code, err) == (0, "")
        written.append(path.read_text())
    assert written[0] == written[1] != written[2]


@needs_load_options
def test_option_mistakes() -> None:
    """A malformed ``--option`` and one given twice are usage errors (exit 2); an option the
    profile does not have is the profile's error, naming it (exit 1)."""
    code, out, err = run("simulate", "callbreak-app", "--option", "big_call_8")
    assert (code, out) == (2, "")
    assert err.endswith(
        "cardrules simulate: error: argument --option: invalid option 'big_call_8' "
        "(expected NAME=VALUE, e.g. big_call_8=true)\n"
    )
    code, out, err = run(
        "simulate", "callbreak-app", "--option", "big_call_8=true", "--option", "big_call_8=no"
    )
    assert (code, out, err) == (
        2, "", "cardrules simulate: error: --option big_call_8 is given twice\n"
    )  # fmt: skip
    code, out, err = run("simulate", "callbreak-app", "--option", "big_call_9=true")
    assert (code, out) == (1, "")
    assert err.startswith("error: ") and "big_call_9" in err and "big_call_8" in err


# -- the table --------------------------------------------------------------------


def test_table_names_seats_by_letter_and_pairs_by_name() -> None:
    """The sides are seats N, E, S, W (pairs stay NS and EW), in the trick rows too."""
    code, out, _ = run("simulate", STRICT, "--deals", "30", "--workers", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[2] == "side   mean score/deal   95% CI"
    assert [line.split()[0] for line in lines[3:7]] == ["N", "E", "S", "W"]
    assert [line.split()[1] for line in lines[-4:]] == ["N", "E", "S", "W"]
    assert lines[8].startswith("calls made: seat N ")
    code, out, _ = run("simulate", "minibridge-ebu", "--deals", "30", "--workers", "1")
    assert [line.split()[0] for line in out.splitlines()[3:5]] == ["NS", "EW"]


# -- --bots, --workers, --deals, --engine ----------------------------------------------


def test_one_bot_name_for_every_seat() -> None:
    """``--bots rule`` puts the rule bot at every seat, as ``play`` does; the default is
    random at every seat, however many seats the table has."""
    code, out, err = run("simulate", STRICT, "--deals", "4", "--bots", "rule", "--workers", "1")
    assert (code, err) == (0, "")
    assert "players rule,rule,rule,rule (game engine)" in out.splitlines()[0]
    code, out, err = run("simulate", "oh-hell-3", "--deals", "4", "--workers", "1")
    assert (code, err) == (0, "")
    assert "players random,random,random (game engine)" in out.splitlines()[0]
    code, out, err = run("simulate", STRICT, "--bots", "rule,random")
    assert (code, out, err) == (
        2, "", "cardrules simulate: error: --bots: give one name (every seat) or 4 "
        "(one per seat), got 2\n",
    )  # fmt: skip


def test_cli_refuses_an_unknown_bot() -> None:
    """An unknown bot name is a usage error of ``--bots`` naming it and the known bots
    (exit 2, as ``play`` and ``arena`` answer it)."""
    code, out, err = run("simulate", STRICT, "--deals", "2", "--bots", "rule,rule,smart,random")
    assert (code, out) == (2, "")
    assert err == (
        "cardrules simulate: error: --bots: invalid bots: unknown bot 'smart'; "
        "known: mc, random, rule\n"
    )


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--workers", "0", "invalid workers: '0' (expected a whole number >= 1)"),
        ("--workers", "-2", "invalid workers: '-2' (expected a whole number >= 1)"),
        ("--workers", "two", "invalid workers: 'two' (expected a whole number >= 1)"),
        ("--deals", "-1", "invalid deals: '-1' (expected a whole number >= 0)"),
    ],
)
def test_workers_and_deals_must_be_whole_numbers(option: str, value: str, words: str) -> None:
    """``--workers 0`` and negative counts are refused as usage errors, not run on one worker."""
    code, out, err = run("simulate", STRICT, option, value)
    assert (code, out) == (2, "")
    assert err.endswith(f"cardrules simulate: error: argument {option}: {words}\n")


def test_engine_errors_speak_of_command_line_options() -> None:
    """The command line says ``--engine game`` and ``--bots``; the API keeps ``engine='game'``."""
    code, out, err = run("simulate", STRICT, "--engine", "numpy", "--bots", "rule")
    assert (code, out, err) == (
        1, "", "error: invalid engine: --engine numpy plays only random players "
        "(got --bots rule); use --engine game\n",
    )  # fmt: skip
    code, out, err = run("simulate", "oh-hell-3", "--engine", "numpy")
    assert (code, out, err) == (
        1, "", "error: invalid engine: --engine numpy plays four players (the profile has 3); "
        "use --engine game\n",
    )  # fmt: skip
    with pytest.raises(cardrules.CardrulesError) as exc:
        cardrules.simulate("oh-hell-3", deals=1, engine="numpy")
    assert str(exc.value) == (
        "invalid engine: 'numpy' plays four players (the profile has 3); use engine='game'"
    )


# -- output: JSON lines, --json, --out -----------------------------------------------


def test_cli_workers_1_and_2_write_identical_results(tmp_path: Path) -> None:
    """``cardrules simulate --workers 1`` and ``--workers 2`` give the same summary and deals."""
    outputs = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.jsonl"
        code, stdout, stderr = run(
            "simulate", STRICT, "--deals", "300", "--bots", "rule,rule,random,random",
            "--workers", workers, "--seed", "5", "--out", str(out),
        )  # fmt: skip
        assert code == 0, stderr
        outputs.append((stdout.replace(str(out), "FILE"), out.read_text()))
    assert outputs[0] == outputs[1]
    lines = outputs[0][1].splitlines()
    assert len(lines) == 300
    first = json.loads(lines[0])
    assert first["deal"] == 0 and sum(first["tricks"]) == 13
    assert len(first["cards"].split()) == 52


def test_json_lines_hold_the_exact_scores(tmp_path: Path) -> None:
    """``--out`` writes the scores as JSON numbers: read with ``parse_float=Decimal`` they
    are the simulation's decimals exactly."""
    path = tmp_path / "deals.jsonl"
    code, out, _ = run("simulate", STRICT, "--deals", "50", "--seed", "6", "--out", str(path))
    assert code == 0 and out.endswith(f"\n50 deals written to {path}\n")
    sim = cardrules.simulate(STRICT, deals=50, seed=6)
    lines = path.read_text(encoding="utf-8").splitlines()
    for line, rec in zip(lines, sim, strict=True):
        scores = json.loads(line, parse_float=Decimal)["scores"]
        assert scores == {str(k): v for k, v in rec.scores.items()}
        assert all(type(v) is Decimal for v in scores.values())
        assert '"scores": {"0": ' + str(rec.scores[0]) + ", " in line


def test_json_summary_is_machine_readable(tmp_path: Path) -> None:
    """``--json`` prints one JSON object instead of the table: exact means by side, counts
    of calls made and of tricks, and the ``--out`` file."""
    path = tmp_path / "d.jsonl"
    code, out, err = run(
        "simulate", "minibridge-ebu", "--deals", "40", "--seed", "2", "--json",
        "--out", str(path), "--workers", "1",
    )  # fmt: skip
    assert (code, err) == (0, "")
    data = json.loads(out, parse_float=Decimal)
    assert out.count("\n") == 1
    deals = [json.loads(line, parse_float=Decimal) for line in path.read_text().splitlines()]
    mean_ns = sum((Decimal(d["scores"]["NS"]) for d in deals), Decimal(0)) / 40
    assert data["scores"]["NS"]["mean"] == mean_ns
    assert set(data["scores"]) == {"NS", "EW"}
    assert {k: data[k] for k in ("profile", "deals", "asked", "interrupted", "engine", "out")} == {
        "profile": "minibridge-ebu",
        "deals": 40,
        "asked": 40,
        "interrupted": False,
        "engine": "numpy",
        "out": str(path),
    }
    assert data["made_label"] == "contracts made" and set(data["made"]) == {""}
    assert [sum(row) for row in data["tricks"].values()] == [40] * 4


def test_out_is_checked_before_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--out`` in a folder that does not exist fails at once, before any deal is played,
    as a usage error with the reason (exit 2, no traceback)."""

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("simulated before checking --out")

    monkeypatch.setattr(cardrules.cli.simulate, "simulate", no_work)
    code, out, err = run("simulate", STRICT, "--deals", "100000", "--out", "/nonexist/x.jsonl")
    assert (code, out, err) == (
        2, "", "cardrules simulate: error: --out: cannot write /nonexist/x.jsonl: "
        "No such file or directory\n",
    )  # fmt: skip


# -- the progress bar --------------------------------------------------------------


def test_progress_bar_shows_the_rate_and_the_time_left() -> None:
    """With tqdm installed (the ``cli`` extra) the bar tells deals per second and the
    time left (``elapsed<left``)."""
    pytest.importorskip("tqdm")
    code, _, err = run("simulate", STRICT, "--deals", "2000", "--workers", "1")
    assert code == 0
    last = err.rstrip("\n").rsplit("\r", 1)[-1]
    assert last.startswith("100%|") and "2000/2000 [" in last and " deals/s]" in last
    assert "<" in last


def test_progress_bar_without_tqdm_is_the_plain_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without tqdm the plain bar shows; ``--no-progress`` shows none."""
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm fails
    code, _, err = run("simulate", STRICT, "--deals", "2000", "--workers", "1")
    assert (code, err) == (0, f"\r[{'#' * 30}] 2,000/2,000 deals\n")
    code, _, err = run("simulate", STRICT, "--deals", "2000", "--no-progress")
    assert (code, err) == (0, "")


def test_importing_cardrules_imports_no_progress_bar_nor_numpy() -> None:
    """``import cardrules`` stays light: tqdm (and NumPy) only when a command needs them."""
    import subprocess

    probe = "import sys, cardrules\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert not set(out.stdout.split()) & {"tqdm", "numpy", "rich", "concurrent.futures"}


# -- Ctrl-C --------------------------------------------------------------------------


class _CtrlCBar:
    """A progress bar that is Ctrl-C as soon as the first block of deals is in."""

    closed = False

    def __init__(self, total: int, stream: object) -> None:
        self.total = total

    def update(self, n: int) -> None:
        raise KeyboardInterrupt

    def close(self) -> None:
        _CtrlCBar.closed = True


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_the_workers_and_prints_what_was_done(
    workers: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during ``simulate``: no traceback; the workers are stopped, the deals done are
    summed up and written, and the exit status is 130."""
    monkeypatch.setattr(cardrules.batch.simulate, "GAME_BLOCK", 10)
    monkeypatch.setattr(cardrules.cli.simulate, "PROGRESS_FROM", 0)
    monkeypatch.setattr(cardrules.cli.simulate, "progress_bar", _CtrlCBar)
    _CtrlCBar.closed = False
    path = tmp_path / "d.jsonl"
    code, out, err = run(
        "simulate", STRICT, "--deals", "2000", "--bots", "rule", "--seed", "8",
        "--workers", workers, "--out", str(path),
    )  # fmt: skip
    assert code == 130
    # The first block of 10 raised; with two workers the other block may have finished
    # at the same moment: whole blocks, in order, are what was done.
    said = re.fullmatch(r"interrupted: ([0-9]+) of 2,000 deals done\n", err)
    assert said is not None, err
    n = int(said.group(1))
    assert n == 10 if workers == "1" else (n % 10 == 0 and 10 <= n < 2000)
    assert out.startswith(
        f"callbreak-strict: {n} of 2,000 deals (interrupted), seed 8, players rule,rule,rule,rule"
    )
    assert out.endswith(f"\n{n} deals written to {path}\n")
    assert _CtrlCBar.closed
    for _ in range(50):  # the killed workers are reaped promptly, not at the next run
        if not multiprocessing.active_children():
            break
        time.sleep(0.1)
    assert multiprocessing.active_children() == []
    done = cardrules.simulate(STRICT, deals=n, seed=8, players=["rule"] * 4)
    assert path.read_text().splitlines() == [rec.to_json() for rec in done]
