"""The batch path (``cardrules.batch``) plays the same rules as the public API.

The batch engine takes its rules from the loaded ruleset (auction objects,
duties, direction, scorer); these tests replay its deals card for card
through ``Game.legal_actions()`` / ``Game.apply()`` with the same random
policy, for every shipped profile.
"""

from __future__ import annotations

import json
import random
from collections.abc import Generator
from decimal import Decimal

import pytest

import cardrules
import cardrules.rules.duties
from cardrules.batch.game_engine import deal_seed, play_deal
from cardrules.batch.narrow import TrickBatch, _batch_form, _scalar_narrow, batch_narrow
from cardrules.batch.results import DealRecord, SimulationInterrupted, json_text
from cardrules.batch.summary import summary, summary_dict
from cardrules.cards import CARDS, SUIT_MASKS
from cardrules.rules.actions import Play
from cardrules.rules.duties import BUILTIN_DUTIES, TrickState
from helpers import SHIPPED_PROFILES

np = pytest.importorskip("numpy")


#: Every shipped profile; each test loads its own, so one that does not load fails.
PROFILES = SHIPPED_PROFILES


def replay(rules: cardrules.Ruleset, rec: DealRecord, seed: int | None = None) -> cardrules.Game:
    """Play ``rec``'s deal through the public API with the same policy, checking every step.

    With the simulation's ``seed`` (the game engine), the deal is dealt again from its
    game seed, stock and turned card included; else the hands are dealt by hand.
    """
    if seed is not None:
        game = rules.new_game(seed=deal_seed(seed, rec.deal), dealer=rec.dealer)
    else:
        hands = [list(rules.deck.cards_of(h)) for h in rec.hands]
        game = rules.new_game(seed=0, dealer=rec.dealer, hands=hands)
    assert tuple(game.initial_hands) == rec.hands
    j = 0
    while game.phase == "auction":
        legal = game.legal_actions()
        act = legal[int(rec.auction_u[j] * len(legal))]
        assert act == rec.actions[j], f"deal {rec.deal}, call {j}"
        game.apply(act)
        j += 1
    assert j == len(rec.actions)
    assert game.contract == rec.contract
    k = 0
    for u in rec.play_u:  # a draw for each decision of the play: its cards, and any call
        if k == len(rec.cards):  # (a deal may play no card: the auction ended it)
            break
        legal = game.legal_actions()
        act = legal[int(u * len(legal))]
        if isinstance(act, Play):  # (a call besides the cards, Doppelkopf's 're', is no card)
            assert act.card.index == rec.cards[k], f"deal {rec.deal}, card {k}"
            k += 1
        game.apply(act)
    assert k == len(rec.cards)
    return game


@pytest.mark.parametrize("name", PROFILES)
def test_batch_and_api_agree_card_for_card(name: str) -> None:
    """Every card of many seeded batch deals is the card the API plays; the scores match."""
    rules = cardrules.load(name)
    try:
        sim = cardrules.simulate(rules, deals=300, seed=11, engine="numpy", trace=True)
    except cardrules.CardrulesError as exc:  # a table the NumPy engine does not play
        assert "invalid engine: 'numpy'" in str(exc)
        pytest.skip(str(exc))
    assert len(sim) == 300
    assert [d.deal for d in sim] == list(range(300))
    for rec in sim:
        game = replay(rules, rec)
        deal = game.deals[0]
        assert deal.tricks == rec.tricks
        assert dict(deal.scores) == rec.scores
        assert all(isinstance(v, Decimal) for v in rec.scores.values())


@pytest.mark.parametrize("name", PROFILES)
def test_game_engine_records_what_the_game_played(name: str) -> None:
    """The game engine's records replay through a fresh game to the same cards and scores."""
    rules = cardrules.load(name)
    sim = cardrules.simulate(rules, deals=20, seed=3, engine="game", trace=True)
    for rec in sim:
        game = replay(rules, rec, seed=3)
        assert game.deals[0].tricks == rec.tricks
        assert dict(game.deals[0].scores) == rec.scores


def _random_batch(rng: random.Random, count: int, first_trick: bool, pos: int) -> tuple:
    """Random trick positions: hands disjoint from the trick cards, per deal."""
    hands, states = [], []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        trump = rng.choice([-1, 0, 1, 2, 3])
        trick = deck[:pos]
        size = rng.randint(1, 13)
        hand = 0
        for c in deck[pos : pos + size]:
            hand |= 1 << c
        played = 0  # some cards of earlier tricks (none in the first trick)
        for c in deck[pos + size : pos + size + (0 if first_trick else rng.randint(0, 30))]:
            played |= 1 << c
        states.append(
            TrickState.of(
                [CARDS[c] for c in trick],
                trump=trump,
                first_trick=first_trick,
                played_before=played,
            )
        )
        hands.append(hand)
    return hands, states


@pytest.mark.parametrize("pos", [0, 1, 2, 3])
@pytest.mark.parametrize("first_trick", [True, False])
def test_vectorised_duties_agree_with_narrow(pos: int, first_trick: bool) -> None:
    """Each kernel duty's vectorised form (its fast steps over a batch) allows exactly what
    its ``narrow`` allows."""
    rng = random.Random(pos * 2 + first_trick)
    hands, states = _random_batch(rng, 400, first_trick, pos)
    u64 = np.uint64
    t = TrickBatch(
        pos == 0,
        first_trick,
        np.array([s.led for s in states], dtype=np.int64),
        np.array([SUIT_MASKS[s.led] if s.led >= 0 else 0 for s in states], dtype=u64),
        np.array([s.trump for s in states], dtype=np.int64),
        np.array([SUIT_MASKS[s.trump] if s.trump >= 0 else 0 for s in states], dtype=u64),
        np.array([s.winner for s in states], dtype=np.int64),
        np.array([s.beats for s in states], dtype=u64),
        np.zeros(len(states), dtype=u64),
        [np.array([s.cards[i] for s in states], dtype=np.int64) for i in range(pos)],
        np.where,
    )
    hand_arr = np.array(hands, dtype=u64)
    for cls in BUILTIN_DUTIES:
        duty = cls("X-1")
        assert _batch_form(duty) is not _scalar_narrow, cls.name  # vectorised, from its steps
        got = batch_narrow([duty])(hand_arr, t)
        want = [duty.narrow(h, h, s) for h, s in zip(hands, states, strict=True)]
        assert got.tolist() == want, cls.name


def test_scalar_fallback_for_a_duty_without_a_vectorised_form() -> None:
    """A plugin duty with only ``narrow`` is applied deal by deal, with the same result."""

    class LowestOnly(cardrules.Duty):
        name = "lowest_only"
        summary = "Play your lowest card."
        __slots__ = ()

        def narrow(self, hand: int, legal: int, t: TrickState) -> int:
            return legal & -legal

    rng = random.Random(5)
    hands, states = _random_batch(rng, 50, False, 2)
    t = TrickBatch(
        False,
        False,
        np.array([s.led for s in states], dtype=np.int64),
        np.array([SUIT_MASKS[s.led] for s in states], dtype=np.uint64),
        np.array([s.trump for s in states], dtype=np.int64),
        np.array([SUIT_MASKS[s.trump] if s.trump >= 0 else 0 for s in states], dtype=np.uint64),
        np.array([s.winner for s in states], dtype=np.int64),
        np.array([s.beats for s in states], dtype=np.uint64),
        np.zeros(len(states), dtype=np.uint64),
        [np.array([s.cards[i] for s in states], dtype=np.int64) for i in range(2)],
        np.where,
    )
    got = batch_narrow([LowestOnly("X-2")])(np.array(hands, dtype=np.uint64), t)
    assert got.tolist() == [h & -h for h in hands]

    class StrictFollow(cardrules.rules.duties.FollowSuit):
        __slots__ = ()

        def narrow(self, hand: int, legal: int, t: TrickState) -> int:
            return super().narrow(hand, legal, t) & ~1

    from cardrules.rules.duties import compile_narrow

    assert compile_narrow([LowestOnly("X-2")]) is None
    assert compile_narrow([StrictFollow("X-3")]) is None


@pytest.mark.parametrize("engine", ["numpy", "game"])
def test_workers_do_not_change_the_results(engine: str) -> None:
    """``workers=1`` and ``workers=2`` give identical deals for the same seed."""
    kwargs = dict(deals=24, seed=9, engine=engine, block_size=5)
    one = cardrules.simulate("callbreak-strict", workers=1, **kwargs)
    two = cardrules.simulate("callbreak-strict", workers=2, **kwargs)
    assert one.deals == two.deals
    assert one.decisions == two.decisions


def test_deal_i_does_not_depend_on_the_number_of_deals() -> None:
    """The first deals of a longer run are the deals of a shorter one (same seed)."""
    short = cardrules.simulate("callbreak-strict", deals=7, seed=2, block_size=4)
    long = cardrules.simulate("callbreak-strict", deals=13, seed=2, block_size=4)
    assert long.deals[:7] == short.deals


def test_seeds_are_reproducible_and_distinct() -> None:
    """The same seed gives the same deals; another seed gives other deals."""
    a = cardrules.simulate("callbreak-strict", deals=10, seed=1)
    b = cardrules.simulate("callbreak-strict", deals=10, seed=1)
    c = cardrules.simulate("callbreak-strict", deals=10, seed=2)
    assert a.deals == b.deals
    assert [d.hands for d in a] != [d.hands for d in c]
    negative = cardrules.simulate("callbreak-strict", deals=10, seed=-1)
    assert [d.hands for d in negative] != [d.hands for d in a]


def test_rule_bots_play_through_the_game_engine() -> None:
    """Named bots other than random play through the API; every deal has 13 tricks."""
    sim = cardrules.simulate(
        "callbreak-strict", deals=6, seed=4, players=["rule", "rule", "random", "random"]
    )
    assert sim.engine == "game"
    assert all(sum(d.tricks) == 13 and len(d.cards) == 52 for d in sim)
    rec, decisions = play_deal(
        cardrules.load("callbreak-strict"), 0, 4, ["rule", "rule", "random", "random"]
    )
    assert rec == sim[0]
    assert decisions == 56


def test_invalid_arguments_are_refused_with_clear_messages() -> None:
    """Bad arguments raise CardrulesError naming what was wrong."""
    with pytest.raises(cardrules.CardrulesError) as exc:
        cardrules.simulate("callbreak-strict", deals=-1)
    assert str(exc.value) == "invalid deals: -1 (expected a whole number >= 0)"
    with pytest.raises(cardrules.CardrulesError) as exc:
        cardrules.simulate("callbreak-strict", deals=1, players=["random"] * 3)
    assert str(exc.value) == (
        "invalid players: ['random', 'random', 'random'] (expected one per seat, 4 in all)"
    )
    with pytest.raises(cardrules.CardrulesError) as exc:
        cardrules.simulate("callbreak-strict", deals=1, players=["rule", "x", "rule", "rule"])
    assert str(exc.value) == "invalid bots: unknown bot 'x' at seat 1; known: mc, random, rule"
    with pytest.raises(cardrules.CardrulesError) as exc:
        cardrules.simulate("callbreak-strict", deals=1, engine="numpy", players=["rule"] * 4)
    assert str(exc.value) == (
        "invalid engine: 'numpy' plays only random players "
        "(got ['rule', 'rule', 'rule', 'rule']); use engine='game'"
    )


def test_summary_reports_scores_calls_and_tricks() -> None:
    """CBS-4.1: the summary's mean score per seat is the exact mean of the deal scores."""
    sim = cardrules.simulate("callbreak-strict", deals=50, seed=8)
    lines = summary(sim)
    mean0 = sum((d.scores[0] for d in sim), Decimal(0)) / 50
    row = next(line for line in lines if line.startswith("N "))
    assert row.split()[1] == f"{mean0:.3f}"
    made = sum(d.tricks[2] >= d.contract.calls[2] for d in sim)
    assert f"seat S {100 * made / 50:.1f}%" in next(ln for ln in lines if ln.startswith("calls"))


def test_summary_names_seats_by_letter_and_pairs_by_name() -> None:
    """The table's sides and trick rows name seats N, E, S, W; partnerships NS, EW."""
    lines = summary(cardrules.simulate("callbreak-strict", deals=20, seed=1))
    assert [line.split()[0] for line in lines[3:7]] == ["N", "E", "S", "W"]
    assert [line[:8] for line in lines[-4:]] == ["seat N  ", "seat E  ", "seat S  ", "seat W  "]
    assert lines[8].startswith("calls made: seat N ")
    lines = summary(cardrules.simulate("minibridge-ebu", deals=20, seed=1))
    assert [line.split()[0] for line in lines[3:5]] == ["NS", "EW"]


def test_options_of_a_ruleset_reach_the_workers() -> None:
    """A ruleset loaded with ``[options]`` plays the same deals with 1 or 2 workers (each
    worker loads the profile again with them), not the deals of the profile as written."""
    plain = cardrules.load("callbreak-app")
    house = cardrules.load("callbreak-app", options={"free_discard_when_void": True})
    for engine in ("game", "numpy"):
        kwargs = dict(deals=60, seed=1, engine=engine, block_size=7)
        one = cardrules.simulate(house, workers=1, **kwargs)
        two = cardrules.simulate(house, workers=2, **kwargs)
        assert one.deals == two.deals
        assert one.options == {"free_discard_when_void": True}
        assert cardrules.simulate(plain, workers=2, **kwargs).deals != one.deals


class _StopAfterFirstBlock:
    """A progress callback that is Ctrl-C once the first block is in."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def __call__(self, n: int) -> None:
        self.calls.append(n)
        raise KeyboardInterrupt


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_the_workers_and_keeps_the_deals_done(workers: int) -> None:
    """A KeyboardInterrupt while collecting stops at once, kills the workers, and raises
    SimulationInterrupted (a KeyboardInterrupt) holding the deals done, in deal order."""
    import multiprocessing
    import time

    stop = _StopAfterFirstBlock()
    began = time.monotonic()
    with pytest.raises(SimulationInterrupted) as exc:
        cardrules.simulate(
            "callbreak-strict",
            deals=400,
            seed=3,
            engine="game",
            players=["rule"] * 4,
            workers=workers,
            block_size=4,
            progress=stop,
        )
    assert time.monotonic() - began < 20  # not the 100 blocks asked for
    assert isinstance(exc.value, KeyboardInterrupt)
    sim = exc.value.simulation
    assert stop.calls == [4] and sim.interrupted and (len(sim), sim.asked) == (4, 400)
    assert str(exc.value) == "4 of 400 deals done"
    whole = cardrules.simulate(
        "callbreak-strict", deals=4, seed=3, engine="game", players=["rule"] * 4
    )
    assert sim.deals == whole.deals
    assert multiprocessing.active_children() == []
    assert summary(sim)[0].startswith("callbreak-strict: 4 of 400 deals (interrupted), seed 3")


#: Imports every module of ``cardrules.batch``, watching every import asked for from the
#: start (so a guarded ``import tqdm`` counts even where tqdm is not installed); prints the
#: modules, then the imports asked for and the modules loaded.
_BATCH_IMPORTS = """
import importlib, pkgutil, sys
asked = []
class Watch:
    def find_spec(self, name, path=None, target=None):
        asked.append(name)
        return None
sys.meta_path.insert(0, Watch())
import cardrules.batch
names = sorted(m.name for m in pkgutil.iter_modules(cardrules.batch.__path__))
for name in names:
    importlib.import_module("cardrules.batch." + name)
print(" ".join(names))
print(" ".join(asked + sorted(sys.modules)))
"""


def test_the_batch_modules_import_no_progress_bar() -> None:
    """The library's batch modules never import tqdm, nor the command line: the progress
    bar is ``cardrules simulate``'s; ``simulate`` only calls its ``progress(n)``."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", _BATCH_IMPORTS], capture_output=True, text=True, check=True
    )
    names, imported = (line.split() for line in out.stdout.splitlines())
    assert {"simulate", "numpy_engine", "play", "narrow", "tables", "results"} <= set(names)
    assert "cardrules.batch.numpy_engine" in imported
    assert [m for m in imported if m.split(".")[0] == "tqdm" or m.startswith("cardrules.cli")] == []


def test_json_lines_write_scores_as_exact_numbers() -> None:
    """A deal's JSON line writes each score as a JSON number with the decimal's own
    text: read back with ``parse_float=Decimal`` it is the same decimal, digit for digit."""
    sim = cardrules.simulate("callbreak-strict", deals=30, seed=2)
    for rec in sim:
        line = rec.to_json()
        data = json.loads(line, parse_float=Decimal)
        rest = {**rec.to_dict(), "scores": None}
        assert {**data, "scores": None} == json.loads(json.dumps(rest, ensure_ascii=False))
        assert data["scores"] == {str(k): v for k, v in rec.scores.items()}
        for v in data["scores"].values():
            assert isinstance(v, Decimal) and str(v) in line
    long = Decimal("-0.1000000000000000000000000001")  # more digits than a float holds
    assert json.loads(json_text({"x": [long]}), parse_float=Decimal)["x"][0].as_tuple() == (
        long.as_tuple()
    )
    assert json_text({"n": Decimal("1E+2"), "t": "N♠", "b": None}) == (
        '{"n": 1E+2, "t": "N♠", "b": null}'
    )
    with pytest.raises(ValueError, match="no JSON number for NaN"):
        json_text(Decimal("NaN"))


def test_summary_dict_is_the_table_in_numbers() -> None:
    """``summary_dict`` (``--json``) holds the exact means, the counts of calls made and
    of tricks taken."""
    sim = cardrules.simulate("callbreak-strict", deals=40, seed=5)
    data = summary_dict(sim)
    assert data["scores"]["0"]["mean"] == sum((d.scores[0] for d in sim), Decimal(0)) / 40
    assert data["made"]["seat 1"] == sum(d.tricks[1] >= d.contract.calls[1] for d in sim)
    assert data["tricks"]["3"][2] == sum(d.tricks[3] == 2 for d in sim)
    assert (data["deals"], data["asked"], data["interrupted"]) == (40, 40, False)


def test_fast_shuffle_is_random_shuffle() -> None:
    """D-2: the game's written-out shuffle and cut give the deck ``random.shuffle`` gives."""
    from cardrules.engine.game import _deck_indices, shuffle_and_cut

    for seed in (0, 1, 7, 2**40 + 3, -5):
        for deal_number, attempt in ((1, 0), (2, 0), (3, 1)):
            rng = random.Random(f"{seed}/{deal_number}/{attempt}")
            deck = list(range(52))
            rng.shuffle(deck)
            cut = rng.randint(1, 51)
            want = deck[cut:] + deck[:cut]
            assert _deck_indices(seed, deal_number, attempt) == want
            assert shuffle_and_cut(seed, deal_number, attempt) == tuple(CARDS[i] for i in want)


@pytest.mark.parametrize("name", PROFILES)
def test_game_deals_are_deal_cards_of_the_shuffled_deck(name: str) -> None:
    """D-2: each deal of a game is ``deal_cards`` of ``shuffle_and_cut`` for its seed and dealer."""
    from cardrules.engine.game import deal_cards, shuffle_and_cut

    rules = cardrules.load(name)
    for seed in range(5):
        game = rules.new_game(seed=seed)
        if game.throw_ins:  # redealt: the first attempt was thrown in
            continue
        deck = shuffle_and_cut(seed, 1, 0, rules.deck)
        size = rules.hand_size(1)
        assert tuple(game.initial_hands) == deal_cards(deck, game.dealer, rules.direction, size)


@pytest.mark.parametrize("pos", [0, 1, 2, 3])
@pytest.mark.parametrize("first_trick", [True, False])
def test_compiled_duties_agree_with_narrow(pos: int, first_trick: bool) -> None:
    """Both fast forms of the duties' steps allow exactly what ``narrow`` allows, duty by
    duty and for each profile's duty list: the function written by ``compile_narrow``
    (the interpreted engine) and the step loop of the compiled engine (``run_steps``,
    written from the step table)."""
    from cardrules.engine.steps import run_steps
    from cardrules.rules.duties import (
        compile_narrow,
        narrow,
        step_codes,
        steps_need_played,
        steps_of,
    )

    rng = random.Random(100 + pos * 2 + first_trick)
    reads_played = False
    hands, states = _random_batch(rng, 300, first_trick, pos)
    lists = [[cls("X-1")] for cls in BUILTIN_DUTIES]
    lists += [list(cardrules.load(name).duties) for name in PROFILES]
    for duties in lists:
        fast = compile_narrow(duties)
        if steps_of(duties) is not None:
            reads_played |= steps_need_played(steps_of(duties) or ())
        steps = steps_of(duties)
        if fast is None:
            assert steps is None
            continue
        assert steps is not None
        codes = step_codes(steps)[pos != 0]
        for hand, t in zip(hands, states, strict=True):
            lm = SUIT_MASKS[t.led] if t.led >= 0 else 0
            tm = SUIT_MASKS[t.trump] if t.trump >= 0 else 0
            want = narrow(duties, hand, t)
            played = t.played_before
            got = fast(hand, lm, tm, t.beats, first_trick, pos == 0, played)
            assert got == want, (duties, hand, t)
            assert run_steps(codes, hand, lm, tm, t.beats, first_trick, played) == want
    assert all(compile_narrow(d) is not None for d in lists[: len(BUILTIN_DUTIES)])
    assert reads_played  # a shipped profile's duty reads the cards of earlier tricks


def test_a_fast_step_outside_the_vocabulary_is_refused() -> None:
    """A duty declaring a fast step with an unknown guard is refused by name, not run."""
    from cardrules.rules.duties import FastStep, steps_of

    class Odd(cardrules.rules.duties.Duty):
        name = "odd"
        fast_steps = (FastStep("follow", "sometimes", "beaters"),)
        __slots__ = ()

        def narrow(self, hand: int, legal: int, t: TrickState) -> int:
            return legal

    message = (
        "invalid fast step of duty Odd: FastStep(phase='follow', guard='sometimes', keep='beaters')"
    )
    with pytest.raises(cardrules.CardrulesError) as err:
        steps_of([Odd("X-1")])
    assert str(err.value) == message

    class AddsOdd:  # a plugin that appends the duty to a profile's duties: refused at load
        @cardrules.hookimpl(wrapper=True)
        def cardrules_play_duties(
            self, profile: object, components: object
        ) -> Generator[None, list[cardrules.Duty], list[cardrules.Duty]]:
            duties = yield
            return [*duties, Odd("X-1")]

    with pytest.raises(cardrules.CardrulesError) as err:
        cardrules.load("callbreak-strict", plugins=[AddsOdd()])
    assert str(err.value) == message


def test_mb_1_5_high_card_points_counts_a4_k3_q2_j1() -> None:
    """MB-1.5: high-card points (A 4, K 3, Q 2, J 1, 40 in all) of a mask sum its cards."""
    from cardrules.cards import cards_of, high_card_points

    rng = random.Random(3)
    for _ in range(2000):
        mask = rng.getrandbits(52)
        assert high_card_points(mask) == sum(c.points for c in cards_of(mask))
    assert high_card_points((1 << 52) - 1) == 40


def test_the_written_function_is_named_after_the_profile_and_shows_its_source() -> None:
    """The interpreted engine's function is written per profile from the one step table:
    its name says which profile, and its source is what a traceback shows."""
    import inspect

    from cardrules.rules.duties import STEP_GUARD_TERMS, STEP_KEEP_TERMS

    fast = cardrules.load("callbridge-classic").fast_narrow
    assert fast is not None and fast.__name__ == "fast_callbridge_classic"
    source = inspect.getsource(fast)
    assert source.startswith(
        "def fast_callbridge_classic(hand, lm, tm, beats, first, leading, played=0):"
    )
    assert "x = legal & lm" in source  # follow suit, written from its keep's source
    assert [t.code for t in STEP_GUARD_TERMS] == list(range(len(STEP_GUARD_TERMS)))
    assert [t.code for t in STEP_KEEP_TERMS] == list(range(len(STEP_KEEP_TERMS)))


def test_a_deal_the_auction_ends_is_not_played_by_the_numpy_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """BR-2.8, BR-5.7 in the batch path: a board passed out (``needs_play()`` False) has no
    card played and no trick, scores 0, and its decisions are the four passes only."""
    pytest.importorskip("numpy")
    from cardrules_bridge.actions import PASS
    from cardrules_bridge.auction import BridgeAuctionState

    monkeypatch.setattr(BridgeAuctionState, "legal_actions", lambda self: [PASS])
    sim = cardrules.simulate("bridge-duplicate", deals=8, seed=3, engine="numpy")
    assert len(sim) == 8 and sim.decisions == 8 * 4
    for rec in sim.deals:
        assert not rec.contract.needs_play()
        assert rec.tricks == (0, 0, 0, 0) and rec.cards == b""
        assert all(v == 0 for v in rec.scores.values())
