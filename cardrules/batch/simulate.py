"""Simulate many deals fast: the batch path for bots and research.

>>> import cardrules
>>> sim = cardrules.simulate("callbreak-strict", deals=8, seed=1, engine="game")
>>> len(sim), sum(sum(d.tricks) for d in sim) == 8 * 13
(8, True)

The rules come from the same loaded :class:`~cardrules.Ruleset` as the game:
its auction objects, duties, direction and scorer.  Two engines play them:

* ``"numpy"`` (needs the ``fast`` extra: ``pip install cardrules[fast]``)
  plays thousands of deals at once, hands as 52-bit masks in NumPy arrays.
  Each auction runs through the ruleset's own auction object; the play
  narrows the hands with the ruleset's duties (their vectorised form, see
  :func:`batch_narrow`, or the duty's own ``narrow`` deal by deal).  Only
  the random policy plays here.
* ``"game"`` plays each deal through the public :class:`~cardrules.Game`
  API, with any bots (``"random"``, ``"rule"`` or objects with ``choose``).

The random policy is the same in both engines: the ``j``-th decision of a
deal takes ``legal[int(u[j] * len(legal))]`` with ``legal`` in the order of
``legal_actions()`` and ``u`` a seeded uniform stream (one for the auction,
one for the play).  Deal ``i`` depends only on ``seed`` and ``i`` (work is
split in fixed blocks, each with its own derived seed), so the results are
the same whatever the number of workers.  The two engines draw their
randomness differently, so a seed gives different deals in each.
"""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from cardrules.batch.backends import check_backend, run_ordered
from cardrules.cards import CARDS, SUIT_MASKS, cards_of
from cardrules.engine.game import lowest_wins
from cardrules.engine.ruleset import Ruleset
from cardrules.errors import CardrulesError
from cardrules.rules.actions import Action, Play
from cardrules.rules.components import (
    Contract,
    DealInfo,
    ExchangesCards,
    ScoresCardsTaken,
    Side,
    seat_name,
)
from cardrules.rules.duties import (
    BEATS,
    STEP_GUARD_TERMS,
    STEP_GUARDS,
    STEP_KEEP_TERMS,
    STEP_KEEPS,
    Duty,
    FastStep,
    NarrowsBatches,
    TrickState,
    duty_steps,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    U64 = npt.NDArray[np.uint64]
    I64 = npt.NDArray[np.int64]

__all__ = [
    "DealRecord",
    "Simulation",
    "SimulationInterrupted",
    "TrickBatch",
    "batch_narrow",
    "simulate",
]

#: Deals per block of the NumPy engine; block ``b`` draws from seed ``(seed, b)``.
NUMPY_BLOCK = 8192
#: Deals per block of the game engine.
GAME_BLOCK = 256
#: Uniforms drawn per deal for the auction (redeals reuse them).
AUCTION_DRAWS = 32
MAX_REDEALS = 10_000

Player = Any  # "random", a bot's name or BotSpec, or an object with ``choose(view)``


# ---------------------------------------------------------------------------
# Results


class DealRecord(NamedTuple):
    """One simulated deal (a named tuple: cheap to make by the thousand).

    ``hands`` are the dealt hands (masks by seat), ``cards`` the card indices
    in order of play (13 tricks of 4), ``tricks`` the tricks taken by seat,
    ``actions`` the auction's actions in order.  ``auction_u`` and ``play_u``
    are the random policy's uniforms, kept only with ``trace=True``.
    """

    deal: int
    dealer: int
    hands: tuple[int, ...]
    contract: Contract
    cards: bytes
    tricks: tuple[int, ...]
    scores: dict[Side, Decimal]
    actions: tuple[Action, ...] = ()
    auction_u: tuple[float, ...] = ()
    play_u: tuple[float, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The deal as :meth:`to_json` writes it: cards and actions as text, the scores
        as :class:`~decimal.Decimal` (by side: ``"0"``, ``"NS"``)."""
        out: dict[str, Any] = {
            "deal": self.deal,
            "dealer": self.dealer,
            "hands": [" ".join(str(c) for c in cards_of(h)) for h in self.hands],
            "contract": self.contract.to_dict(),
            "cards": " ".join(str(CARDS[c]) for c in self.cards),
            "tricks": list(self.tricks),
            "scores": {str(k): v for k, v in self.scores.items()},
        }
        if self.actions:
            out["auction"] = [str(a) for a in self.actions]
        return out

    def to_json(self) -> str:
        """One line of JSON (a line of ``cardrules simulate --out``); the scores are JSON
        numbers written as the decimals' text, so
        ``json.loads(line, parse_float=Decimal)`` gives them back exactly."""
        return json_text(self.to_dict())


@dataclass
class Simulation:
    """The deals of one :func:`simulate` run, in deal order."""

    profile: str
    seed: int
    players: tuple[str, ...]
    engine: str
    deals: list[DealRecord] = field(default_factory=list)
    decisions: int = 0
    #: True when the profile's lowest total wins (its points are penalties).
    lowest_wins: bool = False
    #: The ``[options]`` the ruleset was loaded with (:attr:`Ruleset.options_given`).
    options: dict[str, Any] = field(default_factory=dict)
    #: The deals asked for; fewer are in :attr:`deals` when the run was interrupted.
    asked: int = 0

    def __len__(self) -> int:
        return len(self.deals)

    def __iter__(self) -> Iterator[DealRecord]:
        return iter(self.deals)

    def __getitem__(self, i: int) -> DealRecord:
        return self.deals[i]

    @property
    def interrupted(self) -> bool:
        """Whether the run stopped before all the deals asked for were played."""
        return len(self.deals) < self.asked


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C (or a ``progress`` callback's ``KeyboardInterrupt``) during :func:`simulate`.

    The workers are stopped; :attr:`simulation` holds the deals done, the first
    ones in deal order.  A ``KeyboardInterrupt``, so code that stops on Ctrl-C
    still does.
    """

    def __init__(self, simulation: Simulation) -> None:
        super().__init__(f"{len(simulation):,} of {simulation.asked:,} deals done")
        self.simulation = simulation


def json_text(value: Any) -> str:
    """JSON text of ``value`` (dicts, lists, text, numbers), a :class:`~decimal.Decimal`
    written as a JSON number with the decimal's own text: ``Decimal("-2.5")`` is ``-2.5``,
    exact however many digits it has (``json.dumps`` would go through a float).

    >>> json_text({"scores": {"0": Decimal("3.10"), "1": Decimal(-2)}, "made": [True]})
    '{"scores": {"0": 3.10, "1": -2}, "made": [true]}'
    """
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"no JSON number for {value}")
        return str(value)  # [-]digits[.digits][E[+-]digits]: JSON's number grammar
    if isinstance(value, dict):
        items = (
            f"{json.dumps(str(k), ensure_ascii=False)}: {json_text(v)}" for k, v in value.items()
        )
        return "{" + ", ".join(items) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(json_text(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


# ---------------------------------------------------------------------------
# Vectorised duties


@dataclass(slots=True)
class TrickBatch:
    """The trick state of many deals at once (NumPy arrays, one entry per deal).

    ``leading`` and ``first_trick`` are the same for every deal of a batch
    (all deals are at the same card); ``led``/``trump``/``winner`` are suit or
    card numbers, -1 when none; the ``*_mask`` arrays are the cards of the led
    suit and of the trump suit (0 when none); ``beats`` the cards that beat
    the winning one; ``cards`` the card arrays already played to the trick.
    ``where`` is ``numpy.where``, so duties need not import NumPy.
    """

    leading: bool
    first_trick: bool
    led: I64
    led_mask: U64
    trump: I64
    trump_mask: U64
    winner: I64
    beats: U64
    played_before: U64
    cards: list[I64]
    where: Callable[..., Any]

    def state(self, i: int) -> TrickState:
        """The :class:`~cardrules.TrickState` of deal ``i``, for a duty's own ``narrow``."""
        return TrickState(
            int(self.led[i]),
            int(self.trump[i]),
            int(self.winner[i]),
            int(self.beats[i]),
            tuple(int(c[i]) for c in self.cards),
            self.first_trick,
            int(self.played_before[i]),
        )


BatchNarrow = Callable[[Duty, "U64", "U64", TrickBatch], "U64"]


def _batch_steps(steps: Sequence[FastStep]) -> BatchNarrow:
    """The vectorised form of a duty's fast steps (:class:`~cardrules.FastStep`).

    The same steps the game engine runs one deal at a time, over a batch:
    where the guard holds and some allowed card is ``keep``, keep those.
    tests/test_simulate.py checks the result against each duty's ``narrow``.
    """
    plan = tuple(
        (
            step.phase == "lead",
            step.guard,
            STEP_GUARD_TERMS[STEP_GUARDS[step.guard]].batch,
            STEP_KEEP_TERMS[STEP_KEEPS[step.keep]].batch,
        )
        for step in steps
    )

    def narrow_batch(d: Duty, hand: U64, legal: U64, t: TrickBatch) -> U64:
        for leading, name, guard, keep in plan:
            if leading != t.leading:
                continue
            if name == "first_trick_with_trumps" and not t.first_trick:
                continue  # the same for every deal of the batch: nothing to narrow
            kept = keep(hand, legal, t)
            ok = kept != 0
            if name != "always":  # (always: no test to make)
                ok &= guard(hand, legal, t)
            legal = t.where(ok, kept, legal)
        return legal

    return narrow_batch


def _scalar_narrow(d: Duty, hand: U64, legal: U64, t: TrickBatch) -> U64:
    out = legal.copy()
    for i in range(len(out)):
        out[i] = d.narrow(int(hand[i]), int(legal[i]), t.state(i))
    return out


def _batch_form(duty: Duty) -> BatchNarrow:
    """The vectorised narrow of a duty: its own ``narrow_batch``, its fast steps run
    over the batch, or its scalar ``narrow`` applied deal by deal."""
    if isinstance(duty, NarrowsBatches):
        own = duty.narrow_batch
        return lambda d, hand, legal, t: own(hand, legal, t)
    steps = duty_steps(duty)
    return _scalar_narrow if steps is None else _batch_steps(steps)


def batch_narrow(duties: Sequence[Duty]) -> Callable[[U64, TrickBatch], U64]:
    """Compile a ruleset's duties once into a function of (hands, trick batch) -> legal masks."""
    forms = [(d, _batch_form(d)) for d in duties]

    def narrow_all(hand: U64, t: TrickBatch) -> U64:
        legal = hand
        for duty, form in forms:
            legal = form(duty, hand, legal, t)
        return legal

    return narrow_all


# ---------------------------------------------------------------------------
# The NumPy engine


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:  # pragma: no cover - depends on the installation
        return None
    return numpy


class _Tables:
    """NumPy lookup tables, built once per process."""

    _made: _Tables | None = None

    def __init__(self, np: Any) -> None:
        self.np = np
        self.beats = np.array(BEATS, dtype=np.uint64)  # [trump or 4, card]
        self.suit = np.array((*SUIT_MASKS, 0), dtype=np.uint64)  # [suit or -1]
        # pop13[p]: cards in a 13-bit suit pattern; select[p, k]: the k-th lowest of them.
        self.pop13 = np.array([p.bit_count() for p in range(1 << 13)], dtype=np.int64)
        select = np.zeros((1 << 13, 13), dtype=np.int64)
        for p in range(1, 1 << 13):
            bits = [b for b in range(13) if p >> b & 1]
            select[p, : len(bits)] = bits
        self.select = select

    @classmethod
    def get(cls, np: Any) -> _Tables:
        if cls._made is None:
            cls._made = _Tables(np)
        return cls._made


def _pick(tab: _Tables, legal: U64, u: Any) -> I64:
    """The card index of the ``int(u * n)``-th lowest card of each mask (n cards in it)."""
    np = tab.np
    n = np.bitwise_count(legal).astype(np.int64)
    k = (u * n).astype(np.int64)
    card = np.zeros(len(legal), dtype=np.int64)
    for s in range(4):
        part = ((legal >> np.uint64(13 * s)) & np.uint64(8191)).astype(np.int64)
        cnt = tab.pop13[part]
        here = (k >= 0) & (k < cnt)
        card = np.where(here, tab.select[part, np.minimum(np.maximum(k, 0), 12)] + 13 * s, card)
        k = k - cnt
    return card  # type: ignore[no-any-return]


def _deal_numpy(
    tab: _Tables, rng: Any, dealers: Any, order: Sequence[Sequence[int]]
) -> list[tuple[int, ...]]:
    """Random hands (masks by seat) for each dealer; card ``j`` goes to ``order[dealer][j & 3]``."""
    np = tab.np
    count = len(dealers)
    perm = np.argsort(rng.random((count, 52)), axis=1).astype(np.uint64)
    bits = np.uint64(1) << perm
    by_pos = [np.bitwise_or.reduce(bits[:, p::4], axis=1) for p in range(4)]
    seat_of = np.array(order, dtype=np.int64)[dealers]  # [deal, position] -> seat
    hands = np.zeros((count, 4), dtype=np.uint64)
    rows = np.arange(count)
    for p in range(4):
        hands[rows, seat_of[:, p]] = by_pos[p]
    return [tuple(h) for h in hands.tolist()]


def _auction_random(
    rules: Ruleset, dealer: int, hands: tuple[int, ...], u: Sequence[float]
) -> tuple[Contract | None, list[Action], int]:
    """The ruleset's auction under the random policy: (contract or None, actions, decisions)."""
    state = rules.auction.start(DealInfo(dealer, hands, rules.direction))
    actions: list[Action] = []
    draws = len(u)
    while (seat := state.to_act()) is not None:
        legal = state.legal_actions()
        act = legal[int(u[len(actions) % draws] * len(legal))]  # u repeats after 32 calls
        state.apply(seat, act)
        actions.append(act)
    return state.result(), actions, len(actions)


def _numpy_block(
    rules: Ruleset, seed: int, block: int, size: int, start: int, stop: int, trace: bool
) -> tuple[list[DealRecord], int]:
    """Deals ``start..stop`` (global indices) of block ``block`` with the NumPy engine."""
    np = _numpy()
    tab = _Tables.get(np)
    entropy = [abs(seed), 1 if seed < 0 else 0, block]  # SeedSequence takes no negatives
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy)))
    first = block * size
    # Every block draws the same amounts whatever ``stop`` is, so deal i never
    # depends on how many deals were asked for.
    auction_u = rng.random((size, AUCTION_DRAWS))
    play_u = rng.random((size, 52))
    sel = slice(start - first, stop - first)
    auction_u = auction_u[sel]
    play_u = play_u[sel]
    count = stop - start
    dealers = (np.arange(start, stop, dtype=np.int64) * rules.direction.step) % 4
    if rules.first_dealer_reason is not None and rules.first_dealer is not None:
        dealers[:] = rules.first_dealer  # the rules fix the dealer (bridge's board)
    hands, contracts, all_actions, decisions = _numpy_auctions(
        rules, tab, rng, dealers, auction_u.tolist()
    )
    tricks, plays = _numpy_play(rules, tab, hands, contracts, play_u)

    scorer = rules.scorer
    dealer_list = dealers.tolist()
    out = []
    tricks_list = tricks.tolist()
    plays_bytes = [bytes(row) for row in plays]
    unplayed = 0
    for i in range(count):
        took = tuple(tricks_list[i])
        if not contracts[i].needs_play():  # the auction ended the deal: no card is played
            took = (0,) * len(took)
            plays_bytes[i] = b""
            unplayed += 1
        out.append(
            DealRecord(
                start + i,
                dealer_list[i],
                hands[i],
                contracts[i],
                plays_bytes[i],
                took,
                scorer.score(contracts[i], took),
                tuple(all_actions[i]),
                tuple(auction_u[i].tolist()) if trace else (),
                tuple(play_u[i].tolist()) if trace else (),
            )
        )
    return out, decisions + 52 * (count - unplayed)


def _numpy_auctions(
    rules: Ruleset, tab: _Tables, rng: Any, dealers: I64, uniforms: list[list[float]]
) -> tuple[list[tuple[int, ...]], list[Contract], list[list[Action]], int]:
    """Deal and hold the auction of each deal, dealing again until each has a contract.

    Returns the hands that were played (masks by seat), the contracts, the
    auction's actions of each deal and the number of auction decisions.
    """
    direction = rules.direction
    order = [direction.order(direction.next(d)) for d in range(4)]
    hands = _deal_numpy(tab, rng, dealers, order)
    count = len(hands)
    contracts: list[Contract | None] = [None] * count
    all_actions: list[list[Action]] = [[] for _ in range(count)]
    decisions = 0
    throw_ins = rules.throw_ins
    dealer_list = dealers.tolist()
    pending: Sequence[int] = range(count)
    for _ in range(MAX_REDEALS):
        # Deals thrown in, or whose auction calls for a redeal, are dealt again
        # all at once, from the block's generator, until every deal has a contract.
        redeal = []
        for i in pending:
            h = hands[i]
            if throw_ins and any(t.applies(h) is not None for t in throw_ins):
                redeal.append(i)
                continue
            contract, actions, n = _auction_random(rules, dealer_list[i], h, uniforms[i])
            if contract is None:
                redeal.append(i)
                continue
            decisions += n
            contracts[i] = contract
            all_actions[i] = actions
        if not redeal:
            break
        for i, h in zip(redeal, _deal_numpy(tab, rng, dealers[redeal], order), strict=True):
            hands[i] = h
        pending = redeal
    else:  # pragma: no cover - astronomically unlikely
        raise CardrulesError(f"no playable deal after {MAX_REDEALS} redeals")
    return hands, [c for c in contracts if c is not None], all_actions, decisions


def _numpy_play(
    rules: Ruleset,
    tab: _Tables,
    hands: list[tuple[int, ...]],
    contracts: list[Contract],
    play_u: Any,
) -> tuple[I64, Any]:
    """Play the 13 tricks of every deal at once under the random policy.

    Returns the tricks taken (``[deal, seat]``) and the card indices played
    (``[deal, 4 * trick + position]``).
    """
    np = tab.np
    count = len(hands)
    step = rules.direction.step
    hand_arr = np.array(hands, dtype=np.uint64)
    rows = np.arange(count)
    trump = np.array([-1 if c.trump is None else int(c.trump) for c in contracts], dtype=np.int64)
    trump4 = np.where(trump < 0, 4, trump)
    trump_mask = tab.suit[trump]
    leader = np.array([c.leader for c in contracts], dtype=np.int64)
    tricks = np.zeros((count, 4), dtype=np.int64)
    played = np.zeros(count, dtype=np.uint64)
    plays = np.zeros((count, 52), dtype=np.uint8)
    narrow_all = batch_narrow(rules.duties)
    one = np.uint64(1)
    none = np.full(count, -1, dtype=np.int64)
    zero = np.zeros(count, dtype=np.uint64)
    for trick in range(13):
        led = none
        led_mask = zero
        winner = none
        beats = zero
        win_seat = leader
        cards: list[Any] = []
        trick_bits = zero
        for pos in range(4):
            seat = (leader + pos * step) % 4
            hand = hand_arr[rows, seat]
            t = TrickBatch(
                pos == 0,
                trick == 0,
                led,
                led_mask,
                trump,
                trump_mask,
                winner,
                beats,
                played,
                cards,
                np.where,
            )
            legal = narrow_all(hand, t)
            card = _pick(tab, legal, play_u[:, trick * 4 + pos])
            bit = one << card.astype(np.uint64)
            hand_arr[rows, seat] = hand ^ bit
            trick_bits = trick_bits | bit
            plays[:, trick * 4 + pos] = card
            if pos == 0:
                led = card // 13
                led_mask = tab.suit[led]
                better = np.ones(count, dtype=bool)
            else:
                better = ((beats >> card.astype(np.uint64)) & one) != 0
            winner = np.where(better, card, winner)
            win_seat = np.where(better, seat, win_seat)
            beats = tab.beats[trump4, winner]
            cards = [*cards, card]
        tricks[rows, win_seat] += 1
        leader = win_seat
        played = played | trick_bits
    return tricks, plays


# ---------------------------------------------------------------------------
# The game engine (any bots, through the public API)


def deal_seed(seed: int, index: int) -> int:
    """The game seed of deal ``index`` in the game engine."""
    return seed * 2**32 + index


def _make_players(players: Sequence[Player], seed: int) -> list[Any]:
    from cardrules.engine.bots import BotSpec, make_bot, parse_bot

    out: list[Any] = []
    for i, p in enumerate(players):
        if isinstance(p, str | BotSpec):
            spec = p if isinstance(p, BotSpec) else parse_bot(p, seat=i)
            out.append("random" if spec.kind == "random" else make_bot(spec, f"{seed}/{i}"))
        else:
            out.append(p)
    return out


def _player_name(player: Player, seat: int) -> str:
    """How the summary names a player: a bot's canonical name (an unknown one is refused
    here, before any work), else the class of the object."""
    from cardrules.engine.bots import BotSpec, parse_bot

    if isinstance(player, str):
        player = parse_bot(player, seat=seat)
    return player.name if isinstance(player, BotSpec) else type(player).__name__


def _is_random(player: Player) -> bool:
    """True for the random player, by name or spec (the NumPy engine plays only those)."""
    from cardrules.engine.bots import BotSpec, parse_bot

    if isinstance(player, str):
        try:
            player = parse_bot(player)
        except CardrulesError:  # refused, with its seat, by the engine that plays it
            return False
    return isinstance(player, BotSpec) and player.kind == "random"


def play_deal(
    rules: Ruleset,
    index: int,
    seed: int,
    players: Sequence[Player],
    *,
    trace: bool = False,
) -> tuple[DealRecord, int]:
    """One deal through the public API; (its record, decisions made)."""
    dealer = (index * rules.direction.step) % rules.players
    if rules.first_dealer_reason is not None and rules.first_dealer is not None:
        dealer = rules.first_dealer  # the rules fix the dealer (bridge's board)
    game = rules.new_game(seed=deal_seed(seed, index), dealer=dealer)
    bots = _make_players(players, deal_seed(seed, index))
    rng = random.Random(deal_seed(seed, index)).random
    hands = tuple(game.initial_hands)
    actions: list[Action] = []
    cards = bytearray()
    auction_u: list[float] = []
    play_u: list[float] = []
    decisions = 0
    while not game.deals:
        seat = game.to_act
        assert seat is not None
        bot = bots[game.controller(seat)]
        if bot == "random":
            legal = game.legal_actions()
            u = rng()
            (play_u if game.phase == "play" else auction_u).append(u)
            act: Action = legal[int(u * len(legal))]
        else:
            act = bot.choose(game.view(game.controller(seat)))
        phase = game.phase
        if phase == "auction":
            actions.append(act)
        elif isinstance(act, Play):
            cards.append(act.card.index)
        game.apply(act)
        decisions += 1
    deal = game.deals[0]
    return (
        DealRecord(
            index,
            deal.dealer,
            hands,
            deal.contract,
            bytes(cards),
            deal.tricks,
            dict(deal.scores),
            tuple(actions),
            tuple(auction_u) if trace else (),
            tuple(play_u) if trace else (),
        ),
        decisions,
    )


def _game_block(
    rules: Ruleset, seed: int, players: Sequence[Player], start: int, stop: int, trace: bool
) -> tuple[list[DealRecord], int]:
    out = []
    decisions = 0
    for i in range(start, stop):
        rec, n = play_deal(rules, i, seed, players, trace=trace)
        out.append(rec)
        decisions += n
    return out, decisions


# ---------------------------------------------------------------------------
# Blocks, workers


@dataclass(frozen=True, slots=True)
class _Job:
    ref: str
    deals_setting: int
    #: The options the ruleset was loaded with: a worker loads it again with them.
    options: tuple[tuple[str, Any], ...]
    engine: str
    seed: int
    players: tuple[Any, ...]
    block: int
    size: int
    start: int
    stop: int
    trace: bool


_RULES_CACHE: dict[tuple[str, int, str], Ruleset] = {}


def _run_job(job: _Job, rules: Ruleset | None = None) -> tuple[list[DealRecord], int]:
    if rules is None:
        key = (job.ref, job.deals_setting, repr(job.options))
        rules = _RULES_CACHE.get(key)
        if rules is None:
            from cardrules.engine.ruleset import load

            rules = load(job.ref, deals=job.deals_setting, options=dict(job.options))
            _RULES_CACHE[key] = rules
    if job.engine == "numpy":
        return _numpy_block(rules, job.seed, job.block, job.size, job.start, job.stop, job.trace)
    return _game_block(rules, job.seed, job.players, job.start, job.stop, job.trace)


def _jobs(
    ref: str,
    rules: Ruleset,
    engine: str,
    seed: int,
    players: tuple[Any, ...],
    deals: int,
    trace: bool,
    size: int,
) -> list[_Job]:
    options = tuple(rules.options_given.items())
    jobs = []
    for block in range(0, (deals + size - 1) // size):
        start = block * size
        stop = min(deals, start + size)
        jobs.append(
            _Job(ref, rules.deals, options, engine, seed, players, block, size, start, stop, trace)
        )
    return jobs


def _run_in_pool(
    sim: Simulation,
    jobs: list[_Job],
    workers: int,
    progress: Callable[[int], object] | None,
    backend: str = "local",
) -> None:
    """Run ``jobs`` on ``workers`` processes (or Ray), collecting into ``sim`` in deal order.

    When the collecting stops early (Ctrl-C, or a ``progress`` callback that
    raises), the blocks not started are cancelled and the running ones killed:
    the caller does not wait for work it will not use.
    """
    results = run_ordered(_run_job, jobs, backend=backend, workers=workers)
    try:
        _collect(sim, results, progress)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()


def not_batched(rules: Ruleset) -> str:
    """Why the NumPy engine cannot play ``rules`` ("" when it can).

    It plays four seats dealt the whole pack, with the trump the contract names.
    """
    if rules.players != 4:
        return f"plays four players (the profile has {rules.players})"
    if rules.profile.hand_sizes and set(rules.profile.hand_sizes) != {13}:
        return "deals the whole pack (the profile has [deal] hand_sizes)"
    if rules.profile.trump == "turn_up":
        return "does not turn up a trump card"
    if rules.fast_needs_played:
        return "does not keep the cards of earlier tricks (a duty of the profile reads them)"
    if isinstance(rules.scorer, ScoresCardsTaken):
        return "counts the tricks, not the cards taken (the profile's scorer reads them)"
    hands = tuple(sum(1 << i for i in range(s, 52, 4)) for s in range(4))
    if isinstance(rules.auction.start(DealInfo(0, hands, rules.direction)), ExchangesCards):
        return "does not move cards between hands before the play (the profile's auction does)"
    return ""


class Wording(NamedTuple):
    """How an engine error names an engine and the players: the API's words
    (:data:`API_WORDS`: ``use engine='game'``) or a command line's (``use --engine game``)."""

    #: The engine asked for, as the subject of the message: ``'numpy'``.
    asked: Callable[[str], str]
    #: The engine to use instead: ``engine='game'``.
    instead: Callable[[str], str]
    #: The players: ``['rule', 'random', ...]``.
    players: Callable[[Sequence[Player]], str]


API_WORDS = Wording(repr, lambda engine: f"engine={engine!r}", lambda p: repr(list(p)))


def choose_engine(
    rules: Ruleset, players: Sequence[Player], engine: str = "auto", words: Wording = API_WORDS
) -> str:
    """The engine that plays ``players`` (one per seat) under ``rules``: ``"numpy"`` or
    ``"game"``; ``engine="auto"`` picks NumPy when it can.  An engine that cannot is
    refused with the reason, in ``words``."""
    all_random = all(_is_random(p) for p in players)
    unbatched = not_batched(rules)
    if engine == "auto":
        return "numpy" if all_random and not unbatched and _numpy() is not None else "game"
    if engine == "numpy":
        numpy, game = words.asked("numpy"), words.instead("game")
        if unbatched:
            raise CardrulesError(f"invalid engine: {numpy} {unbatched}; use {game}")
        if not all_random:
            raise CardrulesError(
                f"invalid engine: {numpy} plays only random players "
                f"(got {words.players(players)}); use {game}"
            )
        if _numpy() is None:  # pragma: no cover - depends on the installation
            raise CardrulesError(
                f"invalid engine: {numpy} needs NumPy: pip install 'cardrules[fast]'"
            )
        return engine
    if engine == "game":
        _make_players(players, 0)  # refuse unknown names before any work
        return engine
    raise CardrulesError(f"invalid engine: {engine!r} (expected 'auto', 'numpy' or 'game')")


def simulate(
    profile: str | Path | Ruleset,
    *,
    deals: int,
    seed: int = 0,
    players: Sequence[Player] | None = None,
    engine: str = "auto",
    workers: int = 1,
    trace: bool = False,
    progress: Callable[[int], object] | None = None,
    block_size: int | None = None,
    backend: str = "local",
) -> Simulation:
    """Play ``deals`` independent deals of a profile with bots; reproducible from ``seed``.

    ``players`` has one entry per seat: a bot's name (``"random"``, ``"rule"``,
    ``"mc:20"``: :func:`~cardrules.engine.bots.parse_bot`) or
    :class:`~cardrules.engine.bots.BotSpec`, or a bot object
    (``choose(view) -> action``).  ``engine`` is ``"numpy"``,
    ``"game"`` or ``"auto"`` (NumPy when every player is random and NumPy is
    installed).  ``workers`` > 1 spreads the blocks of deals over processes,
    which load the profile again by name or path, with the ruleset's
    ``[options]`` (:attr:`Ruleset.options_given`); a :class:`Ruleset` loaded
    with extra ``plugins`` is therefore for ``workers=1`` only.  The results
    do not depend on ``workers``.  ``trace`` keeps the random
    policy's uniforms in each record.  ``progress(n)`` is called as blocks of
    ``n`` deals finish.  ``block_size`` changes the blocks work is split in
    (and so the deals of the NumPy engine); the default suits most runs.
    ``backend="ray"`` runs the blocks as Ray tasks (:mod:`cardrules.batch.backends`:
    on the cluster ``RAY_ADDRESS`` names, else on a local Ray of ``workers``
    CPUs), with the same results.

    Ctrl-C (a ``KeyboardInterrupt``, from ``progress`` too) stops the workers
    and raises :class:`SimulationInterrupted`, which holds the deals done.
    """
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 0:
        raise CardrulesError(f"invalid deals: {deals!r} (expected a whole number >= 0)")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CardrulesError(f"invalid seed: {seed!r} (expected an integer)")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise CardrulesError(f"invalid workers: {workers!r} (expected a whole number >= 1)")
    check_backend(backend)
    if isinstance(profile, Ruleset):
        rules = profile
        ref = rules.profile.path or rules.name
    else:
        from cardrules.engine.ruleset import load

        rules = load(profile)
        ref = str(profile)
    if players is None:
        players = ("random",) * rules.players
    if isinstance(players, str) or len(players) != rules.players:
        raise CardrulesError(
            f"invalid players: {players!r} (expected one per seat, {rules.players} in all)"
        )
    engine = choose_engine(rules, players, engine)
    names = tuple(_player_name(p, seat) for seat, p in enumerate(players))
    sim = Simulation(
        rules.name,
        seed,
        names,
        engine,
        lowest_wins=lowest_wins(rules.end),
        options=dict(rules.options_given),
        asked=deals,
    )
    size = block_size or (NUMPY_BLOCK if engine == "numpy" else GAME_BLOCK)
    if not isinstance(size, int) or size < 1:
        raise CardrulesError(f"invalid block_size: {block_size!r} (expected a whole number >= 1)")
    jobs = _jobs(ref, rules, engine, seed, tuple(players), deals, trace, size)
    try:
        if backend == "local" and (workers == 1 or len(jobs) <= 1):
            _collect(sim, (_run_job(j, rules) for j in jobs), progress)
        else:
            _run_in_pool(sim, jobs, workers, progress, backend)
    except KeyboardInterrupt:
        raise SimulationInterrupted(sim) from None
    return sim


def _collect(
    sim: Simulation,
    results: Iterator[tuple[list[DealRecord], int]],
    progress: Callable[[int], object] | None,
) -> None:
    for records, decisions in results:
        sim.deals.extend(records)
        sim.decisions += decisions
        if progress is not None:
            progress(len(records))


# ---------------------------------------------------------------------------
# Summary


def _mean_ci(values: Sequence[Decimal]) -> tuple[Decimal, Decimal]:
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.mean(values)
    if len(values) < 2:
        return mean, Decimal(0)
    sd = statistics.stdev(values)
    return mean, Decimal("1.96") * sd / Decimal(len(values)).sqrt()


def _side_name(side: Side) -> str:
    """A side as the table shows it: a seat's letter (``N``), a pair's name (``NS``)."""
    return seat_name(side) if isinstance(side, int) else side


def _made_label(label: str) -> str:
    """A label of ``Contract.made`` as the table shows it: ``"seat 0"`` is ``"seat N"``."""
    word, _, number = label.rpartition(" ")
    return f"{word} {seat_name(int(number))}" if word == "seat" and number.isdigit() else label


def _option_text(value: Any) -> str:
    """An option's value as its TOML: ``true``, ``30``, ``"left"``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value) if isinstance(value, str) else str(value)


def _headline(sim: Simulation) -> str:
    """``callbreak-app (big_call_8=true): 1,000 deals, seed 0, players ... (game engine)``."""
    options = ", ".join(f"{k}={_option_text(v)}" for k, v in sim.options.items())
    profile = f"{sim.profile} ({options})" if options else sim.profile
    done = f"{len(sim):,} deals"
    if sim.interrupted:
        done = f"{len(sim):,} of {sim.asked:,} deals (interrupted)"
    return (
        f"{profile}: {done}, seed {sim.seed}, players {','.join(sim.players)} ({sim.engine} engine)"
    )


def summary(sim: Simulation) -> list[str]:
    """The summary table of a run: mean score per deal by side (95% CI), calls made, tricks.

    Seats are named by their letters (``N``, ``E``, ``S``, ``W``), pairs by theirs
    (``NS``, ``EW``).
    """
    lines = [_headline(sim)]
    if not sim.deals:
        return lines
    sides = list(sim.deals[0].scores)
    lines.append("")
    lines.append("side   mean score/deal   95% CI")
    for side in sides:
        mean, half = _mean_ci([d.scores[side] for d in sim.deals])
        lines.append(f"{_side_name(side):<6} {mean:>15.3f}   ±{half:.3f}")
    if sim.lowest_wins:
        lines.append("(the scores are penalty points: the lowest wins)")
    first = sim.deals[0].contract
    made = [d.contract.made(d.tricks) for d in sim.deals]
    labels = list(made[0]) if made else []
    if labels:
        rates = {k: 100 * sum(m.get(k, False) for m in made) / len(sim) for k in labels}
        what = ", ".join(
            f"{_made_label(k)} {rate:.1f}%" if k else f"{rate:.1f}%" for k, rate in rates.items()
        )
        lines.append("")
        lines.append(f"{first.made_label}: {what}")
    lines.append("")
    most = max((sum(d.tricks) for d in sim.deals), default=13)
    lines.append("tricks  " + " ".join(f"{n:>5}" for n in range(most + 1)) + "   (% of deals)")
    for seat, counts in enumerate(_trick_counts(sim, most)):
        row = " ".join(f"{100 * c / len(sim):5.1f}" for c in counts)
        lines.append(f"{'seat ' + seat_name(seat):<8}{row}")
    return lines


def _trick_counts(sim: Simulation, most: int) -> list[list[int]]:
    """By seat, how many deals it took 0, 1 .. ``most`` tricks in."""
    seats = len(sim.deals[0].tricks) if sim.deals else 0
    counts = [[0] * (most + 1) for _ in range(seats)]
    for d in sim.deals:
        for seat, took in enumerate(d.tricks):
            counts[seat][took] += 1
    return counts


def summary_dict(sim: Simulation) -> dict[str, Any]:
    """The summary of a run for programs (``cardrules simulate --json``, see :func:`json_text`).

    Sides and seats are keyed as in the deals' scores (``"0"``, ``"NS"``); the
    means and their 95% intervals are exact :class:`~decimal.Decimal`; ``made``
    counts the deals in which each undertaking (``Contract.made``) was made;
    ``tricks[seat][n]`` counts the deals in which the seat took ``n`` tricks.
    """
    out: dict[str, Any] = {
        "profile": sim.profile,
        "options": dict(sim.options),
        "seed": sim.seed,
        "players": list(sim.players),
        "engine": sim.engine,
        "deals": len(sim),
        "asked": sim.asked,
        "interrupted": sim.interrupted,
        "decisions": sim.decisions,
        "lowest_wins": sim.lowest_wins,
    }
    if not sim.deals:
        return out
    out["scores"] = {}
    for side in sim.deals[0].scores:
        mean, half = _mean_ci([d.scores[side] for d in sim.deals])
        out["scores"][str(side)] = {"mean": mean, "ci95": half}
    made = [d.contract.made(d.tricks) for d in sim.deals]
    out["made_label"] = sim.deals[0].contract.made_label
    out["made"] = {k: sum(m.get(k, False) for m in made) for k in made[0]}
    most = max(sum(d.tricks) for d in sim.deals)
    out["tricks"] = {str(s): c for s, c in enumerate(_trick_counts(sim, most))}
    return out
