"""Bots by name: one parser (``parse_bot``) reads every bot name, for the library, the
command line and the server; a spelling is either one canonical bot or refused, and no
budget beyond the library's maximum gets through, however it is written."""

from __future__ import annotations

import io
import types

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import CardrulesError
from cardrules.cli import main
from cardrules.engine import bots as bots_module
from cardrules.engine.bots import (
    DEFAULT_SAMPLES,
    MAX_NAME_CHARS,
    MAX_SAMPLES,
    MAX_SECONDS,
    BotSpec,
    MonteCarloBot,
    RandomBot,
    RuleBot,
    bots_by_name,
    make_bot,
    parse_bot,
    parse_bots,
)

STRICT = "callbreak-strict"
KNOWN = "known: mc, random, rule"
BUDGET = (
    "(the budget of mc is a number of worlds, 'mc:50', of milliseconds, 'mc:20ms', or "
    "both, 'mc:50:20ms'; at most 1,000,000 worlds and 3,600,000 ms)"
)


def run(*argv: str) -> tuple[int, str, str]:
    """Run the command line in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------------------
# Spellings


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        # The seats of the audit, less their "bot:": all were let through the server.
        ("MC:100000", BotSpec("mc", samples=100_000)),
        ("Mc:3600000ms", BotSpec("mc", seconds=3600.0)),
        (" mc:100000", BotSpec("mc", samples=100_000)),
        ("\tmc:5000", BotSpec("mc", samples=5000)),
        ("mC:201", BotSpec("mc", samples=201)),
        ("RULE", BotSpec("rule")),
        ("Random\n", BotSpec("random")),
        (" mc ", BotSpec("mc")),
        ("MC:20MS", BotSpec("mc", seconds=0.02)),
        ("mc:050:0020ms", BotSpec("mc", samples=50, seconds=0.02)),
    ],
)
def test_a_spelling_parses_as_its_lower_case_form(text: str, spec: BotSpec) -> None:
    """Surrounding whitespace and case make no other bot: every spelling of the audit
    is the bot its lower-case, stripped form names."""
    assert parse_bot(text) == spec
    assert parse_bot(text.strip().lower()) == spec
    assert parse_bot(spec.name) == spec


def test_canonical_names_and_reprs() -> None:
    """``name`` is the one spelling of a spec; ``repr`` is the call that rebuilds it."""
    cases = [
        ("rule", "BotSpec('rule')"),
        ("random", "BotSpec('random')"),
        ("mc", "BotSpec('mc')"),
        ("mc:50", "BotSpec('mc', samples=50)"),
        ("mc:20ms", "BotSpec('mc', seconds=0.02)"),
        ("mc:50:20ms", "BotSpec('mc', samples=50, seconds=0.02)"),
        ("mc:1000000:3600000ms", "BotSpec('mc', samples=1000000, seconds=3600.0)"),
    ]
    for name, shown in cases:
        spec = parse_bot(name)
        assert (spec.name, repr(spec)) == (name, shown)
        assert eval(shown, {"BotSpec": BotSpec}) == spec
    assert BotSpec("mc", seconds=2) == BotSpec("mc", seconds=2.0)
    assert repr(BotSpec("mc", seconds=2)) == "BotSpec('mc', seconds=2.0)"
    assert hash(parse_bot("MC:5")) == hash(parse_bot("mc:5"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("mc: 5", f"invalid bots: 'mc: 5' {BUDGET}"),
        ("m c", f"invalid bots: unknown bot 'm c'; {KNOWN}"),
        ("mc:", f"invalid bots: 'mc:' {BUDGET}"),
        ("mc:0", f"invalid bots: 'mc:0' {BUDGET}"),
        ("mc:0ms", f"invalid bots: 'mc:0ms' {BUDGET}"),
        ("mc:1e9", f"invalid bots: 'mc:1e9' {BUDGET}"),
        ("mc:-5", f"invalid bots: 'mc:-5' {BUDGET}"),
        ("mc:+5", f"invalid bots: 'mc:+5' {BUDGET}"),
        ("mc:5.0", f"invalid bots: 'mc:5.0' {BUDGET}"),
        ("mc:0.5ms", f"invalid bots: 'mc:0.5ms' {BUDGET}"),
        ("mc:nanms", f"invalid bots: 'mc:nanms' {BUDGET}"),
        ("mc:infms", f"invalid bots: 'mc:infms' {BUDGET}"),
        ("mc:1_000", f"invalid bots: 'mc:1_000' {BUDGET}"),
        ("mc:١٢", f"invalid bots: 'mc:١٢' {BUDGET}"),
        ("mc:１２", f"invalid bots: 'mc:１２' {BUDGET}"),
        ("mc:20mſ", f"invalid bots: 'mc:20mſ' {BUDGET}"),
        ("mc:1000001", f"invalid bots: 'mc:1000001' {BUDGET}"),
        ("mc:3600001ms", f"invalid bots: 'mc:3600001ms' {BUDGET}"),
        ("mc:20ms:50", f"invalid bots: 'mc:20ms:50' {BUDGET}"),
        ("mc::5", f"invalid bots: 'mc::5' {BUDGET}"),
        ("mc:5,rule", f"invalid bots: 'mc:5,rule' {BUDGET}"),
        ("rule:3", "invalid bots: 'rule:3' (only mc takes a budget, e.g. 'mc:50')"),
        ("random:", "invalid bots: 'random:' (only mc takes a budget, e.g. 'mc:50')"),
        ("mcc", f"invalid bots: unknown bot 'mcc'; {KNOWN}"),
        ("", f"invalid bots: unknown bot ''; {KNOWN}"),
        ("\xa0mc", f"invalid bots: unknown bot '\\xa0mc'; {KNOWN}"),
        ("ｍｃ", f"invalid bots: unknown bot 'ｍｃ'; {KNOWN}"),
        (
            " " * 30 + "mc:5",
            f"invalid bots: '{' ' * 30}mc:5' (a bot's name is at most 32 characters)",
        ),
        (
            "mc:" + "9" * 10_000,
            f"invalid bots: 'mc:{'9' * 56}... (10005 characters) (a bot's name is at most 32 "
            "characters)",
        ),
    ],
)
def test_other_spellings_are_refused_naming_the_text(text: str, message: str) -> None:
    with pytest.raises(CardrulesError) as err:
        parse_bot(text)
    assert str(err.value) == message


def test_a_refusal_names_the_seat_when_told() -> None:
    with pytest.raises(CardrulesError) as err:
        parse_bot("clever", seat=2)
    assert str(err.value) == f"invalid bots: unknown bot 'clever' at seat 2; {KNOWN}"
    with pytest.raises(CardrulesError) as err:
        parse_bot(5, seat=1)  # type: ignore[arg-type]
    assert str(err.value) == f"invalid bots: 5 at seat 1 (expected a name; {KNOWN})"


NEAR_NAMES = st.from_regex(
    r"[ \t\n]{0,2}(mc|Mc|MC|rule|RULE|random|x)(:[0-9]{1,8})?(:[0-9]{1,8}(ms|MS))?[ \t]{0,2}",
    fullmatch=True,
)


@given(st.one_of(st.text(), NEAR_NAMES))
def test_any_text_is_one_canonical_bot_or_refused(text: str) -> None:
    """For any text, parse_bot raises CardrulesError (nothing else) or gives a spec whose
    name reads back as the same spec, within the library's budget."""
    try:
        spec = parse_bot(text)
    except CardrulesError:
        return
    assert parse_bot(spec.name) == spec
    assert spec.name == spec.name.strip().lower() and len(text) <= MAX_NAME_CHARS
    assert spec.samples is None or 1 <= spec.samples <= MAX_SAMPLES
    assert spec.seconds is None or 0 < spec.seconds <= MAX_SECONDS


# ---------------------------------------------------------------------------
# Specs


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kind": "clever"}, f"invalid bots: unknown bot 'clever'; {KNOWN}"),
        (
            {"kind": "rule", "samples": 3},
            "invalid bots: only mc takes a budget (got BotSpec('rule', samples=3))",
        ),
        (
            {"kind": "mc", "samples": MAX_SAMPLES + 1},
            "invalid samples: 1000001 (expected a whole number from 1 to 1,000,000)",
        ),
        (
            {"kind": "mc", "samples": True},
            "invalid samples: True (expected a whole number from 1 to 1,000,000)",
        ),
        (
            {"kind": "mc", "seconds": float("nan")},
            "invalid seconds: nan (expected a number above 0, at most 3,600)",
        ),
        (
            {"kind": "mc", "seconds": 0.0015},
            "invalid seconds: 0.0015 (a bot's name gives whole milliseconds: at least 0.001)",
        ),
    ],
)
def test_a_spec_is_checked_when_made(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(CardrulesError) as err:
        BotSpec(**kwargs)  # type: ignore[arg-type]
    assert str(err.value) == message


def test_capped_puts_a_hard_time_cap_on_a_budget() -> None:
    """A server's cap: the worlds asked for, and never more than the time; a bare mc keeps
    its default worlds rather than thinking the whole cap."""
    assert parse_bot("mc").capped(2) == BotSpec("mc", samples=DEFAULT_SAMPLES, seconds=2.0)
    assert parse_bot("mc:100000").capped(2).name == "mc:100000:2000ms"
    assert parse_bot("mc:3600000ms").capped(2).name == "mc:2000ms"
    assert parse_bot("mc:50:10ms").capped(2).name == "mc:50:10ms"
    assert parse_bot("rule").capped(2) == BotSpec("rule")


def test_parse_bots_reads_a_list() -> None:
    assert parse_bots("Rule, MC:50 ,random") == [
        BotSpec("rule"),
        BotSpec("mc", samples=50),
        BotSpec("random"),
    ]
    assert parse_bots(["rule", BotSpec("mc")]) == [BotSpec("rule"), BotSpec("mc")]
    for bad in ("rule,,rule", "rule, ,rule", "", []):
        with pytest.raises(CardrulesError, match="expected names separated by commas"):
            parse_bots(bad)
    with pytest.raises(CardrulesError) as err:
        parse_bots("rule,MC:0")
    assert str(err.value) == f"invalid bots: 'MC:0' {BUDGET}"


# ---------------------------------------------------------------------------
# Making bots


def test_make_bot_takes_a_name_or_a_spec() -> None:
    assert isinstance(make_bot(BotSpec("rule")), RuleBot)
    assert isinstance(make_bot(" Random ", 3), RandomBot)
    mc = make_bot(parse_bot("mc:50:20ms"), "s")
    assert isinstance(mc, MonteCarloBot)
    assert (mc.seed, mc.samples, mc.seconds) == ("s", 50, 0.02)
    given_budget = make_bot("mc", samples=9)  # a bare mc takes the budget given
    assert isinstance(given_budget, MonteCarloBot) and given_budget.samples == 9
    own = make_bot("mc:5", samples=9)  # a name's budget is its own
    assert isinstance(own, MonteCarloBot) and own.samples == 5
    bots = bots_by_name([BotSpec("mc", samples=3), "RULE"], seed=4)
    assert [type(b) for b in bots] == [MonteCarloBot, RuleBot]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"samples": MAX_SAMPLES + 1},
            "invalid samples: 1000001 (expected a whole number from 1 to 1,000,000)",
        ),
        (
            {"seconds": MAX_SECONDS + 1},
            "invalid seconds: 3601 (expected a number above 0, at most 3,600)",
        ),
        (
            {"seconds": float("inf")},
            "invalid seconds: inf (expected a number above 0, at most 3,600)",
        ),
    ],
)
def test_an_absurd_budget_is_refused_however_it_is_given(
    kwargs: dict[str, float], message: str
) -> None:
    """The library's maximum holds for a bot made directly, and for the budget given to
    a bare mc (the arena's ``--samples`` and ``--ms``), not only for names."""
    with pytest.raises(CardrulesError) as err:
        MonteCarloBot(1, **kwargs)  # type: ignore[arg-type]
    assert str(err.value) == message
    with pytest.raises(CardrulesError) as err:
        make_bot("mc", **kwargs)  # type: ignore[arg-type]
    assert str(err.value) == message


def test_mc_stops_at_whichever_budget_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """With both ``samples`` and ``seconds``, a decision ends at the first one reached
    (the clock here ticks one second each time it is read)."""
    ticks = iter(range(1_000))
    monkeypatch.setattr(
        bots_module, "time", types.SimpleNamespace(perf_counter=lambda: next(ticks))
    )
    game = cardrules.load(STRICT).new_game(seed=4)
    view = game.view(game.to_act)
    for samples, seconds, worlds in [(2, 3, 2), (10, 3, 3), (MAX_SAMPLES, 5, 5), (4, None, 4)]:
        bot = MonteCarloBot(seed=1, samples=samples, seconds=seconds)
        bot.choose(view)
        assert bot.worlds == worlds, (samples, seconds)


# ---------------------------------------------------------------------------
# The command line


def test_cli_refuses_a_bad_bot_name_in_its_own_words() -> None:
    """``play``, ``simulate`` and ``arena`` read ``--bots`` with the one parser, and a
    bad name is a usage error quoting it (exit 2)."""
    code, out, err = run("play", STRICT, "--auto", "--bots", "MC:0")
    assert (code, out) == (2, "")
    assert err.endswith(f"cardrules play: error: argument --bots: invalid bots: 'MC:0' {BUDGET}\n")
    code, out, err = run("simulate", STRICT, "--deals", "1", "--bots", "rule,\tmc:1e9")
    assert (code, out) == (2, "")
    assert err == f"cardrules simulate: error: --bots: invalid bots: '\\tmc:1e9' {BUDGET}\n"
    code, out, err = run("arena", STRICT, "--bots", "mc:2000000,rule", "--no-progress")
    assert (code, out) == (2, "")
    assert err == f"cardrules arena: error: --bots: invalid bots: 'mc:2000000' {BUDGET}\n"


def test_cli_names_bots_canonically() -> None:
    """A spelling the parser takes is shown as its canonical name."""
    code, out, err = run("play", STRICT, "--auto", "--seed", "1", "--bots", " RULE")
    assert (code, err) == (0, "")
    assert out.splitlines()[0].endswith("bots: N rule, E rule, S rule, W rule")
