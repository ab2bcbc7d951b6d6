"""Simulate many deals fast: the batch path for bots and research.

>>> import cardrules
>>> sim = cardrules.simulate("callbreak-strict", deals=8, seed=1, engine="game")
>>> len(sim), sum(sum(d.tricks) for d in sim)
(8, 104)

The rules come from the same loaded :class:`~cardrules.Ruleset` as the game:
its auction objects, duties, direction and scorer.  Two engines play them:

* ``"numpy"`` (needs the ``fast`` extra: ``pip install cardrules[fast]``)
  plays thousands of deals at once, hands as bit masks of the deck (up to 64
  cards) in NumPy arrays
  (:mod:`cardrules.batch.numpy_engine`).  Each auction runs through the
  ruleset's own auction object; the play narrows the hands with the ruleset's
  duties (their vectorised form, see :func:`~cardrules.batch.narrow.batch_narrow`,
  or the duty's own ``narrow`` deal by deal).  Only the random policy plays here.
* ``"game"`` plays each deal through the public :class:`~cardrules.Game`
  API, with any bots (``"random"``, ``"rule"`` or objects with ``choose``):
  :mod:`cardrules.batch.game_engine`.

The random policy is the same in both engines: the ``j``-th decision of a
deal takes ``legal[int(u[j] * len(legal))]`` with ``legal`` in the order of
``legal_actions()`` and ``u`` a seeded uniform stream (one for the auction,
one for the play).  Deal ``i`` depends only on ``seed`` and ``i`` (work is
split in fixed blocks, each with its own derived seed), so the results are
the same whatever the number of workers.  The two engines draw their
randomness differently, so a seed gives different deals in each.

This module checks the arguments, picks the engine (:mod:`cardrules.batch.engines`),
splits the deals in blocks and runs them, here or on workers
(:mod:`cardrules.batch.backends`); what it returns is in :mod:`cardrules.batch.results`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardrules.batch.backends import check_backend, run_ordered
from cardrules.batch.engines import choose_engine
from cardrules.batch.game_engine import game_block
from cardrules.batch.numpy_engine import numpy_block
from cardrules.batch.players import Player, player_name
from cardrules.batch.results import DealRecord, Simulation, SimulationInterrupted
from cardrules.engine.game import lowest_wins
from cardrules.engine.ruleset import Ruleset
from cardrules.errors import CardrulesError

__all__ = ["GAME_BLOCK", "NUMPY_BLOCK", "simulate"]

#: Deals per block of the NumPy engine; block ``b`` draws from seed ``(seed, b)``.
NUMPY_BLOCK = 8192
#: Deals per block of the game engine.
GAME_BLOCK = 256


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
    names = tuple(player_name(p, seat) for seat, p in enumerate(players))
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
        return numpy_block(rules, job.seed, job.block, job.size, job.start, job.stop, job.trace)
    return game_block(rules, job.seed, job.players, job.start, job.stop, job.trace)


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
