"""Where the server's bots think: never on the event loop, and never for long.

The ``rule`` and ``random`` bots decide in microseconds: they think on a thread
of their own.  An ``mc`` bot plays hundreds of deals out for one decision: it
thinks in a pool of worker processes (``processes``, by default one less than
the machine's cores), so that its thinking holds neither the event loop (the
sockets of every table) nor the interpreter's lock, and a table of ``mc`` bots
delays no other table's bots.

Each table has at most one decision in flight (its bot loop waits for it), and
every ``mc`` decision is capped where it runs: at most :data:`MAX_MC_SAMPLES`
worlds and at most :data:`MAX_MC_MS` milliseconds, whatever the seat's name
asked for.  The worker is given what the table's record holds (profile, seed,
actions) and hands the bot only the view of the seat that decides.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from cardrules.engine.bots import Bot, BotSpec, make_bot, parse_bot
from cardrules.engine.game import Game
from cardrules.engine.ruleset import Ruleset, load
from cardrules.engine.views import View
from cardrules.errors import CardrulesError

__all__ = ["MAX_MC_MS", "MAX_MC_SAMPLES", "Decision", "Thinkers", "capped", "server_bot"]

#: The largest budget a table may give an ``mc`` bot: worlds, or milliseconds.
MAX_MC_SAMPLES = 200
MAX_MC_MS = 2000


def server_bot(name: str) -> BotSpec:
    """The bot a seat's name asks for (``"mc:50"``, ``"MC:50"``, ``" rule"``: one parser,
    :func:`~cardrules.engine.bots.parse_bot`), refused with a
    :class:`~cardrules.CardrulesError` if its budget is over what this server gives."""
    spec = parse_bot(name)
    over_samples = spec.samples is not None and spec.samples > MAX_MC_SAMPLES
    over_time = spec.seconds is not None and spec.seconds * 1000 > MAX_MC_MS
    if over_samples or over_time:
        raise CardrulesError(
            f"invalid seat: 'bot:{name.strip()[:64]}' (an mc bot's budget is at most "
            f"{MAX_MC_SAMPLES} worlds or {MAX_MC_MS}ms here)"
        )
    return spec


def capped(spec: BotSpec) -> BotSpec:
    """``spec`` within the server's caps: an ``mc`` bot always gets a time limit too
    (the worlds it is given, or as many as :data:`MAX_MC_MS` allows)."""
    if spec.kind != "mc":
        return spec
    samples = None if spec.samples is None else min(spec.samples, MAX_MC_SAMPLES)
    limit = MAX_MC_MS / 1000
    seconds = limit if spec.seconds is None else min(spec.seconds, limit)
    return BotSpec(kind="mc", samples=samples, seconds=seconds)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision for a worker process: the table as its record holds it, the seat
    that decides, and its bot."""

    table: str
    profile: str
    options: str  # JSON
    deals: int | None
    seed: int
    actions: tuple[str, ...]
    seat: int
    bot: BotSpec
    bot_seed: str


# -- in a worker process ------------------------------------------------------------

#: Games a worker keeps, by table: the next decision of a table usually follows the
#: last one by a few actions.
_KEPT = 64
_games: OrderedDict[str, Game] = OrderedDict()
_rules: dict[tuple[str, str, int | None], Ruleset] = {}


def _position(job: Decision) -> Game:
    """The table's game after ``job.actions``: the worker's copy, moved on."""
    game = _games.pop(job.table, None)
    done = 0 if game is None else len(game.actions)
    if game is None or game.seed != job.seed or tuple(game.actions) != job.actions[:done]:
        key = (job.profile, job.options, job.deals)
        rules = _rules.get(key)
        if rules is None:
            rules = _rules[key] = load(
                job.profile, options=json.loads(job.options), deals=job.deals
            )
        game = rules.new_game(seed=job.seed)
        done = 0
    for action in job.actions[done:]:
        game.apply(action)
    _games[job.table] = game
    while len(_games) > _KEPT:
        _games.popitem(last=False)
    return game


def _watch_parent(parent: int) -> None:
    """In a worker: end when the server (process ``parent``) is gone, killed even, rather
    than linger as an orphan (it may be gone already, before this worker started)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="cardrules-parent-watch", daemon=True).start()


def think(job: Decision) -> str:
    """The action (as text) the bot takes from the seat's view: the bot sees the view
    only."""
    game = _position(job)
    bot = make_bot(capped(job.bot), job.bot_seed)
    return str(bot.choose(game.view(job.seat)))


# -- in the server ------------------------------------------------------------------


class Thinkers:
    """The server's pools: a thread for the quick bots, processes for ``mc``."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes if processes is not None else max(1, (os.cpu_count() or 2) - 1)
        self._quick = ThreadPoolExecutor(1, thread_name_prefix="cardrules-bots")
        self._pool: ProcessPoolExecutor | None = None

    def _processes(self) -> ProcessPoolExecutor:
        if self._pool is None:  # started on the first mc decision; spawned, never forked
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_watch_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def choose(
        self, bot: Bot, spec: BotSpec, view_of: Callable[[], View], job: Decision
    ) -> str:
        """The bot's action as text: ``bot.choose(view_of())`` on the quick thread, or
        :func:`think` on a process for an ``mc`` bot."""
        loop = asyncio.get_running_loop()
        if spec.kind != "mc":
            view = view_of()
            choice = await loop.run_in_executor(self._quick, bot.choose, view)
            return str(choice)
        try:
            return await loop.run_in_executor(self._processes(), think, job)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a new pool
            self._reset()
            return await loop.run_in_executor(self._processes(), think, job)

    def _reset(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            workers = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in workers:  # a decision in progress is not waited for
                worker.terminate()

    def close(self) -> None:
        """Stop thinking: queued decisions are dropped; one in progress ends within
        the cap."""
        self._quick.shutdown(wait=False, cancel_futures=True)
        self._reset()
