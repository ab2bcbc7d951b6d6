"""The table server's figures (docs/server-figures.rst): load, faults, bad input, slow
readers, bot budgets and admission, measured on loopback against ``cardrules serve``
in a child process.

Run by hand (not a test)::

    .venv/bin/pip install -q -e '.[dev]'     # or '.[server]'
    .venv/bin/python benchmarks/server.py --json server.json     # every part but outage
    .venv/bin/python benchmarks/server.py faults outage \
        --database postgresql://cardrules:cardrules@127.0.0.1/cardrules_bench \
        --pg-ctl "pg_ctlcluster 15 main"                         # on PostgreSQL
    .venv/bin/python benchmarks/server.py --quick                # a smoke run, about a minute
    .venv/bin/python benchmarks/server.py bots --ladder 50,100   # one part

Parts (every one unless some are named):

``bots``
    How many tables of four rule bots one server sustains at a human pace.  For
    each K of ``--ladder``, a fresh server (``--bot-delay``, 0.5 s) gets K tables
    of ``--profile`` with four ``bot:rule`` seats; after ``--warmup`` seconds the
    actions committed to its database are counted over ``--window`` seconds.
    A table's bots ask for one action every ``bot-delay`` seconds, so the demand
    is K / bot-delay actions a second; a rung is *sustained* when the committed
    rate is at least ``--threshold`` (90%) of it.  Spectator sockets on a few
    tables (``--probes``) time the gap between their views: the gap less the
    bot delay is how late each action came.  The ladder stops at the first rung
    not sustained.
``humans``
    ``--clients`` (200) human seats played by asyncio ``websockets`` clients in
    this process, ``--humans-per-table`` a table (4: 50 tables of 4 humans; 1: 200
    tables of a human and three rule bots, whose bots act at once).  Each client
    acts on its turn with a random legal action after ``--think`` seconds;
    a table that finishes is replaced.  After ``--warmup`` seconds, for
    ``--duration`` seconds: the actions a second acknowledged, and the latency
    from sending an act to receiving the view that acknowledges it.
``faults``
    ``--fault-games`` games (of ``--fault-profile``, two human seats played by
    clients and two rule bots), ``--in-flight`` at a time, while the server is
    SIGKILLed after a random ``--kill-after`` seconds and started again on the
    same database, over and over; the clients reconnect with their tokens
    and play on.  At the end every table must be finished, its record must
    replay (``Game.from_json``) to the length the server reports, every action
    a client saw acknowledged must be in the record at its position, no action
    of a seat may be in the record that its client did not send, and every
    view a client was shown must be the view of the record's prefix.
``bad``
    Each kind of hostile message or request, ``--tries`` times, against a
    server without ``--allow-seed``: the answer must be the expected refusal
    (or the socket closed, for floods and oversized frames), and nothing may
    change: the table's ``seq``, phase and public view, the rows of the
    database, and no view may reach a spectator.

``slow``
    A Hearts table of one human seat, played by a client as fast as the socket's
    rate allows (``--slow-pace``), and three rule bots, ``--slow-games`` games
    alone, beside a spectator that reads every view (with pictures), and beside
    three sockets that do not keep up (opened by hand with a small receive
    buffer, pictures on): a spectator that never reads, a socket of the human's
    seat that never reads, and a spectator that reads a byte a second.  The
    table's actions a second, the human's act latency and ``GET /tables/{id}``'s
    latency during the game; each of the three must be dropped (the server's
    log line), and the two that read after the game must find the close code
    1013.
``budget``
    Every spelling of an ``mc`` budget over the server's cap (the audit's and
    more) must be refused with 400, and the spellings at the cap accepted in
    one spelling.  Then a table of four rule bots is played at full speed alone
    and beside ``--mc-tables`` tables of four ``bot:mc:2000ms`` bots (its
    actions a second both ways, the mc bots' decisions a second), and the
    server is stopped with SIGTERM while the mc bots think: the seconds it
    takes, and no worker process may outlive it.
``admission``
    ``--admission-tables`` four-bot tables asked for one after the other (at the
    ``bots`` part's pace), after ``--admission-humans`` tables of one human and
    three bots were seated, from a server with the limits ``--admission-limits``
    (``--max-tables`` and ``--max-lag``) and one with limits too high to matter
    (``--no-limits``): how many were created (201) and refused (503, which must
    carry ``Retry-After`` and the code ``busy``), the lag the refusals report,
    then (as in ``bots``) the committed actions a second against the admitted
    tables' demand and (as in ``humans``) a human's act latency at 1 s think.
``outage``
    With ``--pg-ctl`` (``"pg_ctlcluster 15 main"``) and a PostgreSQL
    ``--database``: the cluster is stopped (``-m immediate``, then ``-m fast``,
    ``--outages`` times each) for ``--outage-seconds`` while tables of two
    clients and two bots (checked as in ``faults``; the clients send an act
    again when told ``unavailable``) and tables of four bots play, and started
    again: the seconds until each table takes an action again and until ``POST
    /tables`` creates one, then every game played out, nothing lost or
    duplicated, no gap in the stored actions, and the server stopped and
    started again cleanly.

``faults`` runs once on each ``--database`` (``sqlite``, the default: a SQLite
file in a folder of its own; or a ``postgresql://`` URL, whose database should
be empty: the server resumes what it holds).  Every part but ``outage`` runs
unless some are named; ``outage`` runs when ``--pg-ctl`` is given.

The JSON (``--json PATH``) holds every figure and the arguments.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import collections
import contextlib
import datetime
import itertools
import json
import os
import platform
import random
import re
import secrets
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http.client import HTTPException
from pathlib import Path
from typing import Any

from cardrules.server import testing

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("bots", "humans", "faults", "bad", "slow", "budget", "admission", "outage")

#: The full run and the ``--quick`` one (a smoke: about a minute in all).
DEFAULTS: dict[str, dict[str, Any]] = {
    "full": {
        "ladder": "25,50,100,200,400,800",
        "refine": 2,
        "warmup": 10.0,
        "window": 30.0,
        "clients": 200,
        "humans_per_table": "4,1",
        "think": "0,1",
        "duration": 30.0,
        "fault_games": 100,
        "in_flight": 10,
        "tries": 20,
        "slow_games": 3,
        "slow_setups": "alone,reader,non-readers",
        "rule_seconds": 20.0,
        "mc_tables": 4,
        "admission_tables": 1200,
        "admission_humans": 4,
        "admission_limits": "1000:0.5,500:0.5",
        "admission_concurrency": 4,
        "outages": 3,
        "outage_seconds": 5.0,
        "outage_tables": 8,
        "outage_bot_tables": 4,
    },
    "quick": {
        "ladder": "10,25",
        "refine": 0,
        "warmup": 2.0,
        # Half a bot delay (0.5 s) past whole delays: tables created together act in step, and
        # a window of whole delays may catch one action fewer of each (a false 87.5%).
        "window": 4.25,
        "clients": 20,
        "humans_per_table": "4",
        "think": "0,0.2",
        "duration": 4.0,
        "fault_games": 10,
        "in_flight": 5,
        "tries": 2,
        "slow_games": 1,
        "slow_setups": "alone,non-readers",
        "rule_seconds": 4.0,
        "mc_tables": 2,
        "admission_tables": 40,
        "admission_humans": 1,
        "admission_limits": "30:0.5",
        "admission_concurrency": 1,
        "outages": 1,
        "outage_seconds": 2.0,
        "outage_tables": 3,
        "outage_bot_tables": 2,
    },
}


# -- the server in a child process --------------------------------------------


class Server(testing.Server):
    """:class:`cardrules.server.testing.Server` (as in production: no ``--allow-seed``),
    with the process's CPU and memory."""

    def cpu_seconds(self) -> float | None:
        """User + system CPU seconds of the server process so far (Linux), or None."""
        if self.process is None:
            return None
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float | None:
        """The server's resident memory, MB (Linux), or None."""
        if self.process is None:
            return None
        with contextlib.suppress(OSError, ValueError, IndexError):
            for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return None

    def tracebacks(self) -> list[str]:
        """The last line of each traceback the server logged (none expected)."""
        out = []
        lines = self.log().splitlines()
        for i, line in enumerate(lines):
            if line.startswith("Traceback"):
                end = i + 1
                while end < len(lines) and (lines[end].startswith(" ") or not lines[end]):
                    end += 1
                out.append(lines[end] if end < len(lines) else line)
        return out

    def rows(self) -> tuple[int, int]:
        """(tables, actions) stored in the database now."""
        tables = self.query("SELECT count(*) FROM cardrules_tables")[0][0]
        actions = self.query("SELECT count(*) FROM cardrules_actions")[0][0]
        return int(tables), int(actions)

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        """Rows of ``sql`` read from the server's database (SQLite or PostgreSQL)."""
        if self.database.startswith("sqlite:"):
            with contextlib.closing(sqlite3.connect(self.path, timeout=30)) as db:
                return list(db.execute(sql))
        return query(self.database, sql)

    def children(self) -> list[int]:
        """The process ids of the server's descendants (its bot workers), Linux."""
        if self.process is None:
            return []
        parents: dict[int, list[int]] = collections.defaultdict(list)
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                fields = stat.read_text().rsplit(")", 1)[1].split()
                parents[int(fields[1])].append(int(stat.parent.name))
        out, todo = [], [self.process.pid]
        while todo:
            for child in parents.get(todo.pop(), []):
                out.append(child)
                todo.append(child)
        return out


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def sqlalchemy_url(url: str) -> str:
    """``postgresql://`` read as psycopg 3, as the server reads it."""
    scheme, sep, rest = url.partition("://")
    if sep and scheme in ("postgresql", "postgres"):
        return f"postgresql+psycopg://{rest}"
    return url


def query(url: str, sql: str) -> list[tuple[Any, ...]]:
    """Rows of ``sql`` from the database at ``url`` (a connection of its own)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(sqlalchemy_url(url), poolclass=_null_pool())
    try:
        with engine.connect() as db:
            return [tuple(row) for row in db.execute(text(sql))]
    finally:
        engine.dispose()


def _null_pool() -> Any:
    from sqlalchemy.pool import NullPool

    return NullPool


def stored_ids(url: str) -> set[str]:
    """The tables a database holds already (none if it has no tables yet)."""
    try:
        return {row[0] for row in query(url, "SELECT id FROM cardrules_tables")}
    except Exception:
        return set()


# -- HTTP and sockets ----------------------------------------------------------


def http(
    method: str, url: str, body: bytes | None = None, timeout: float = 30
) -> tuple[int, bytes]:
    """(status, body); status 0 when the connection failed."""
    status, text, _ = http_headers(method, url, body, timeout)
    return status, text


def http_headers(
    method: str, url: str, body: bytes | None = None, timeout: float = 30
) -> tuple[int, bytes, dict[str, str]]:
    """(status, body, headers, their names in lower case); status 0 when the connection
    failed."""
    request = urllib.request.Request(
        url, data=body, method=method, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read(), _lower(response.headers.items())
    except urllib.error.HTTPError as exc:
        try:
            return exc.code, exc.read(), _lower(exc.headers.items())
        except (OSError, HTTPException):
            return 0, b"", {}
    except (OSError, HTTPException):  # refused, reset, cut short (a kill)
        return 0, b"", {}


def _lower(items: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in items}


def timed_get(url: str) -> tuple[int, float]:
    """(status, seconds) of a GET."""
    start = time.monotonic()
    status, _ = http("GET", url)
    return status, time.monotonic() - start


async def ahttp(method: str, url: str, body: object = None, timeout: float = 30) -> tuple[int, Any]:
    """``http`` off the event loop; a JSON body is read."""
    data = body if isinstance(body, bytes | None) else json.dumps(body).encode()
    status, text = await asyncio.to_thread(http, method, url, data, timeout)
    try:
        return status, json.loads(text) if text else None
    except ValueError:
        return status, text


async def create_table(server: Server, profile: str, seats: list[str]) -> dict[str, Any]:
    status, created = await ahttp(
        "POST", server.url + "/tables", {"profile": profile, "seats": seats}
    )
    if status != 201:
        raise RuntimeError(f"POST /tables: {status} {created}")
    result: dict[str, Any] = created
    return result


def connect(url: str) -> Any:
    from websockets.asyncio.client import connect as ws_connect

    return ws_connect(url, open_timeout=10, close_timeout=2, ping_interval=None, max_size=2**22)


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile (NaN of nothing)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def listed(text: str, kind: Callable[[str], Any] = float) -> list[Any]:
    return [kind(x) for x in text.split(",") if x.strip()]


# -- 1a: tables of bots ---------------------------------------------------------


async def _probe(server: Server, table: str, arrivals: list[tuple[float, int]]) -> None:
    """A spectator: the arrival time and seq of every view."""
    with contextlib.suppress(Exception):
        async with connect(server.ws(table)) as ws:
            await ws.send(json.dumps({"type": "join"}))
            async for text in ws:
                message = json.loads(text)
                if message["type"] == "view":
                    arrivals.append((time.monotonic(), message["seq"]))


async def bots_rung(k: int, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    server = Server(folder, "--bot-delay", str(args.bot_delay))
    await asyncio.to_thread(server.start)
    probes: list[asyncio.Task[None]] = []
    try:
        started = time.monotonic()
        ids = []
        for _ in range(k):
            ids.append((await create_table(server, args.profile, ["bot:rule"] * 4))["table"])
        create_seconds = time.monotonic() - started
        arrivals: list[list[tuple[float, int]]] = [[] for _ in range(min(args.probes, k))]
        probes = [
            asyncio.create_task(_probe(server, ids[i], arrivals[i])) for i in range(len(arrivals))
        ]
        await asyncio.sleep(args.warmup)
        count = "SELECT table_id, count(*) FROM cardrules_actions GROUP BY table_id"
        before = dict(await asyncio.to_thread(server.query, count))
        finished = "SELECT count(*) FROM cardrules_tables WHERE finished"
        finished_before = (await asyncio.to_thread(server.query, finished))[0][0]
        cpu0, t0 = server.cpu_seconds(), time.monotonic()
        await asyncio.sleep(args.window)
        after = dict(await asyncio.to_thread(server.query, count))
        cpu1, t1 = server.cpu_seconds(), time.monotonic()
        rss = server.rss_mb()
        finished_after = (await asyncio.to_thread(server.query, finished))[0][0]
    finally:
        for task in probes:
            task.cancel()
        await asyncio.gather(*probes, return_exceptions=True)
        await asyncio.to_thread(server.stop)
    seconds = t1 - t0
    per_table = [(after.get(t, 0) - before.get(t, 0)) / seconds for t in ids]
    rate = sum(per_table)
    demand = k / args.bot_delay
    lags = []
    for table_arrivals in arrivals:
        inside = [(t, s) for t, s in table_arrivals if t0 <= t <= t1]
        for (ta, sa), (tb, sb) in itertools.pairwise(inside):
            if sb == sa + 1:
                lags.append(tb - ta - args.bot_delay)
    cpu = None if cpu0 is None or cpu1 is None else (cpu1 - cpu0) / seconds
    return {
        "tables": k,
        "demand": demand,
        "rate": rate,
        "ratio": rate / demand,
        "sustained": rate >= args.threshold * demand,
        "per_table_min": min(per_table),
        "per_table_median": statistics.median(per_table),
        "stalled_tables": sum(1 for r in per_table if r == 0),
        "finished_before_window": finished_before,
        "finished_by_end": finished_after,
        "lag_p50_ms": percentile(lags, 50) * 1e3,
        "lag_p99_ms": percentile(lags, 99) * 1e3,
        "lag_max_ms": max(lags, default=float("nan")) * 1e3,
        "lag_samples": len(lags),
        "server_cpu": cpu,
        "server_rss_mb": rss,
        "create_seconds": create_seconds,
        "window_seconds": seconds,
        "server_tracebacks": server.tracebacks(),
    }


async def part_bots(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    rungs: list[dict[str, Any]] = []

    async def rung(k: int) -> bool:
        sub = folder / f"bots-{k}"
        sub.mkdir()
        result = await bots_rung(k, args, sub)
        rungs.append(result)
        print(
            f"  {k:>4} tables: {result['rate']:8.1f} actions/s of {result['demand']:7.1f} "
            f"demanded ({result['ratio']:6.1%}); lag p50 {result['lag_p50_ms']:7.1f} ms, "
            f"p99 {result['lag_p99_ms']:7.1f} ms; server CPU {(result['server_cpu'] or 0):.0%}",
            flush=True,
        )
        return bool(result["sustained"])

    low, high = 0, 0
    for k in listed(args.ladder, int):
        if not await rung(k):
            high = k
            break
        low = k
    # Between the last rung sustained and the first not: halve the gap --refine times.
    for _ in range(args.refine if high else 0):
        middle = round((low + high) / 2, -1 if high - low > 20 else 0)
        if not low < middle < high:
            break
        if await rung(int(middle)):
            low = int(middle)
        else:
            high = int(middle)
    sustained = [r["tables"] for r in rungs if r["sustained"]]
    return {
        "profile": args.profile,
        "bot_delay": args.bot_delay,
        "threshold": args.threshold,
        "warmup": args.warmup,
        "window": args.window,
        "rungs": rungs,
        "largest_sustained": max(sustained, default=0),
    }


# -- 1b: human clients ------------------------------------------------------------


@dataclass
class HumanStats:
    acks: list[tuple[float, float]] = field(default_factory=list)  # (when, latency)
    games: int = 0
    tables: int = 0
    answers: collections.Counter[str] = field(default_factory=collections.Counter)
    disconnects: int = 0
    accepted: int = 0


async def _human(
    server: Server,
    table: str,
    token: str,
    think: float,
    deadline: float,
    stats: HumanStats,
    rng: random.Random,
) -> None:
    try:
        async with connect(server.ws(table)) as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            pending: tuple[int, float] | None = None
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                try:
                    text = await asyncio.wait_for(ws.recv(), left)
                except TimeoutError:
                    return
                message = json.loads(text)
                if message["type"] == "accepted":  # (after the view that acknowledges)
                    stats.accepted += 1
                    continue
                if message["type"] != "view":
                    stats.answers[f"{message['type']}:{message.get('code', '')}"] += 1
                    continue
                now = time.monotonic()
                if pending is not None and message["seq"] > pending[0]:
                    stats.acks.append((now, now - pending[1]))
                    pending = None
                if message["view"]["phase"] == "finished":
                    return
                if message["legal"] and pending is None:
                    if think:
                        await asyncio.sleep(think)
                    pending = (message["seq"], time.monotonic())
                    act = {"type": "act", "action": rng.choice(message["legal"])}
                    await ws.send(json.dumps({**act, "seq": message["seq"]}))
    except Exception as exc:  # counted: none expected
        stats.disconnects += 1
        stats.answers[f"exception:{type(exc).__name__}"] += 1


async def _slot(
    server: Server,
    args: argparse.Namespace,
    humans: int,
    think: float,
    deadline: float,
    stats: HumanStats,
    rng: random.Random,
) -> None:
    seats = ["human"] * humans + ["bot:rule"] * (4 - humans)
    while time.monotonic() < deadline - 1:
        created = await create_table(server, args.profile, seats)
        stats.tables += 1
        await asyncio.gather(
            *(
                _human(server, created["table"], token, think, deadline, stats, rng)
                for token in created["tokens"].values()
            )
        )
        status, info = await ahttp("GET", f"{server.url}/tables/{created['table']}")
        if status == 200 and info["finished"]:
            stats.games += 1


async def humans_run(
    humans: int, think: float, args: argparse.Namespace, folder: Path
) -> dict[str, Any]:
    server = Server(folder, "--bot-delay", str(args.humans_bot_delay))
    await asyncio.to_thread(server.start)
    stats = HumanStats()
    rng = random.Random(1)
    tables = args.clients // humans
    try:
        deadline = time.monotonic() + args.warmup + args.duration
        slots = [
            asyncio.create_task(_slot(server, args, humans, think, deadline, stats, rng))
            for _ in range(tables)
        ]
        await asyncio.sleep(args.warmup)
        count = "SELECT count(*) FROM cardrules_actions"
        stored0 = (await asyncio.to_thread(server.query, count))[0][0]
        cpu0, client0, t0 = server.cpu_seconds(), time.process_time(), time.monotonic()
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        cpu1, client1, t1 = server.cpu_seconds(), time.process_time(), time.monotonic()
        stored1 = (await asyncio.to_thread(server.query, count))[0][0]
        rss = server.rss_mb()
        await asyncio.wait_for(asyncio.gather(*slots), 60)
    finally:
        await asyncio.to_thread(server.stop)
    inside = [latency for when, latency in stats.acks if t0 <= when <= t1]
    seconds = t1 - t0
    return {
        "clients": tables * humans,
        "tables": tables,
        "humans_per_table": humans,
        "bot_delay": args.humans_bot_delay if humans < 4 else None,
        "seats": ["human"] * humans + ["bot:rule"] * (4 - humans),
        "think": think,
        "actions_per_second": len(inside) / seconds,
        "acknowledged": len(inside),
        "stored_actions_per_second": (stored1 - stored0) / seconds,  # bots' too
        "latency_p50_ms": percentile(inside, 50) * 1e3,
        "latency_p99_ms": percentile(inside, 99) * 1e3,
        "latency_max_ms": max(inside, default=float("nan")) * 1e3,
        "games_finished": stats.games,
        "tables_created": stats.tables,
        "other_answers": dict(stats.answers),
        "disconnects": stats.disconnects,
        "accepted_messages": stats.accepted,
        "server_cpu": None if cpu0 is None or cpu1 is None else (cpu1 - cpu0) / seconds,
        "client_cpu": (client1 - client0) / seconds,
        "server_rss_mb": rss,
        "window_seconds": seconds,
        "server_tracebacks": server.tracebacks(),
    }


async def part_humans(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    runs = []
    for humans in listed(args.humans_per_table, int):
        for think in listed(args.think):
            sub = folder / f"humans-{humans}-{think:g}"
            sub.mkdir()
            run = await humans_run(humans, think, args, sub)
            runs.append(run)
            print(
                f"  {run['tables']} tables x {humans} human(s), think {think:g} s: "
                f"{run['actions_per_second']:7.1f} human actions/s acknowledged "
                f"({run['stored_actions_per_second']:.1f} stored in all), latency "
                f"p50 {run['latency_p50_ms']:6.1f} ms, p99 {run['latency_p99_ms']:6.1f} ms "
                f"(server CPU {(run['server_cpu'] or 0):.0%}, client CPU "
                f"{run['client_cpu']:.0%})",
                flush=True,
            )
    return {"profile": args.profile, "warmup": args.warmup, "duration": args.duration, "runs": runs}


# -- 2: faults ---------------------------------------------------------------------


@dataclass
class SeatLog:
    """What one human client sent and saw, across reconnections."""

    table: str
    seat: int
    sent: dict[int, str] = field(default_factory=dict)  # seq -> the last action sent at it
    acked: set[int] = field(default_factory=set)  # seqs sent, then seen passed
    accepted: dict[int, str] = field(default_factory=dict)  # from "accepted" messages
    views: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    sends: int = 0
    resends: int = 0  # acts sent again after ``unavailable``
    connections: int = 0
    went_back: int = 0  # a view older than one seen before: a lost action
    seqs: list[int | str] = field(default_factory=list)  # the views' seqs, "|" a reconnection
    same_seq_twice: int = 0  # two views in a row of the same seq on one connection
    answers: collections.Counter[str] = field(default_factory=collections.Counter)
    done: bool = False


async def _fault_seat(
    server: Server,
    log: SeatLog,
    token: str,
    think: float,
    deadline: float,
    rng: random.Random,
    resend: float | None = None,
) -> None:
    """Play one seat to the end of its game, reconnecting whenever the socket fails; with
    ``resend`` (seconds), an act answered ``unavailable`` is sent again that much later
    (the same action at the same seq), until a view shows the table moved on."""
    from websockets.exceptions import WebSocketException

    highest = -1
    while time.monotonic() < deadline:
        try:
            async with connect(server.ws(log.table)) as ws:
                log.connections += 1
                log.seqs.append("|")
                acted: set[int] = set()  # on this connection: each seq at most once
                waiting: tuple[int, str] | None = None  # the act sent, not yet passed
                again_at: float | None = None  # when to send it again
                await ws.send(json.dumps({"type": "join", "token": token}))
                while True:
                    now = time.monotonic()
                    left = deadline - now
                    if left <= 0:
                        return
                    if again_at is not None and waiting is not None and now >= again_at:
                        again_at = None
                        log.sends += 1
                        log.resends += 1
                        seq, action = waiting
                        await ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))
                        continue
                    wait = left if again_at is None else max(0.01, min(left, again_at - now))
                    try:
                        text = await asyncio.wait_for(ws.recv(), wait)
                    except TimeoutError:
                        if again_at is not None:
                            continue
                        raise
                    message = json.loads(text)
                    if message["type"] == "accepted":
                        log.accepted[message["seq"] - 1] = message["action"]
                        continue
                    if message["type"] != "view":
                        code = f"{message['type']}:{message.get('code', '')}"
                        log.answers[code] += 1
                        log.seqs.append(code)
                        if resend is not None and code == "error:unavailable" and waiting:
                            again_at = time.monotonic() + resend
                        continue
                    seq = message["seq"]
                    if log.seqs[-1] == seq:
                        log.same_seq_twice += 1
                    log.seqs.append(seq)
                    if seq < highest:
                        log.went_back += 1
                    highest = max(highest, seq)
                    log.views.append((seq, message["view"]))
                    log.acked.update(s for s in log.sent if s < seq)
                    if waiting is not None and seq > waiting[0]:
                        waiting, again_at = None, None
                    if message["view"]["phase"] == "finished":
                        log.done = True
                        return
                    if message["legal"] and seq not in acted:
                        acted.add(seq)
                        await asyncio.sleep(rng.uniform(0, think))
                        action = rng.choice(message["legal"])
                        log.sent[seq] = action
                        log.sends += 1
                        waiting = (seq, action)
                        await ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))
        except (OSError, TimeoutError, WebSocketException):
            await asyncio.sleep(0.05 + rng.uniform(0, 0.1))


async def _fault_game(
    server: Server,
    args: argparse.Namespace,
    deadline: float,
    rng: random.Random,
    logs: list[SeatLog],
    tables: list[str],
    counts: collections.Counter[str],
    spans: list[tuple[float, float]],
    profile: str | None = None,
    resend: float | None = None,
) -> None:
    seats = ["human", "bot:rule", "human", "bot:rule"]
    body = {"profile": profile or args.fault_profile, "seats": seats}
    while time.monotonic() < deadline:
        status, created = await ahttp("POST", server.url + "/tables", body, 10)
        if status == 201:
            break
        counts["create retries"] += 1
        await asyncio.sleep(0.1)
    else:
        return
    tables.append(created["table"])
    mine = [SeatLog(created["table"], int(seat)) for seat in created["tokens"]]
    logs.extend(mine)
    began = time.monotonic()
    await asyncio.gather(
        *(
            _fault_seat(
                server,
                log,
                created["tokens"][str(log.seat)],
                args.fault_think,
                deadline,
                rng,
                resend,
            )
            for log in mine
        )
    )
    spans.append((began, time.monotonic()))


async def _killer(
    server: Server,
    args: argparse.Namespace,
    done: asyncio.Event,
    rng: random.Random,
    kills: list[float],
    restarts: list[float],
) -> None:
    low, high = listed(args.kill_after)
    while not done.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), rng.uniform(low, high))
            return
        await asyncio.to_thread(server.kill)
        kills.append(time.monotonic())
        await asyncio.to_thread(server.start)
        restarts.append(time.monotonic() - kills[-1])  # until it answers again


def _check_table(
    record: str, info: dict[str, Any], logs: list[SeatLog], problems: list[str]
) -> dict[str, int]:
    """The record's faults, as counts (see the ``faults`` part); each described in
    ``problems``."""
    from cardrules import Game

    out = collections.Counter[str]()
    game = Game.from_json(record)  # re-checks every action and the final state
    actions = game.actions
    out["actions"] = len(actions)
    if len(actions) != info["seq"]:
        out["length differs from the server's seq"] += 1
    if not info["finished"] or game.phase != "finished":
        out["unfinished"] += 1
    # Replay, seat by seat, and the view each client seat had after each prefix.
    replay = game.rules.new_game(seed=game.seed, dealer=game.first_dealer)
    wanted: dict[int, dict[int, list[dict[str, Any]]]] = collections.defaultdict(
        lambda: collections.defaultdict(list)
    )
    for log in logs:
        for seq, view in log.views:
            wanted[seq][log.seat].append(view)
    by_seat: list[int] = []
    for n in range(len(actions) + 1):
        for seat, views in wanted.get(n, {}).items():
            expected = json.loads(json.dumps(replay.view(seat).to_dict()))
            out["views checked"] += len(views)
            out["views not on the record"] += sum(1 for v in views if v != expected)
        if n < len(actions):
            seat = replay.controller(replay.to_act)
            by_seat.append(seat)
            replay.apply(actions[n], seat=seat)
    for seq in wanted:
        if seq > len(actions):
            out["views beyond the record"] += 1
    for log in logs:
        where = f"table {log.table} seat {log.seat}"
        for seq, action in log.accepted.items():  # the server's word: stored at seq
            out["accepted messages"] += 1
            if seq >= len(actions) or by_seat[seq] != log.seat or actions[seq] != action:
                out["lost"] += 1
                problems.append(f"{where}: accepted {action!r} at {seq}, not in the record")
        for seq in log.acked:
            out["acknowledged"] += 1
            if seq >= len(actions) or by_seat[seq] != log.seat or actions[seq] != log.sent[seq]:
                out["lost"] += 1
                problems.append(
                    f"{where}: sent {log.sent[seq]!r} at {seq} and saw it passed; the record "
                    f"has {actions[seq] if seq < len(actions) else None!r} there"
                )
        # An action of this seat that its client never sent (a message applied twice).
        for n, seat in enumerate(by_seat):
            if seat == log.seat and n not in log.sent:
                out["duplicated"] += 1
                problems.append(f"{where}: {actions[n]!r} at {n} was never sent at {n}")
        if log.went_back:  # a view older than one seen before
            out["lost"] += log.went_back
            problems.append(f"{where}: views went back {log.went_back} time(s): {log.seqs}")
    return dict(out)


async def part_faults(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    runs = []
    for i, database in enumerate(args.database):
        sub = folder / f"faults-{i}"
        sub.mkdir()
        runs.append(await faults_run(args, sub, None if database == "sqlite" else database))
    return {"runs": runs}


def database_kind(url: str | None) -> str:
    return "SQLite" if url is None or url.startswith("sqlite") else url.partition(":")[0]


def shown_url(url: str | None) -> str:
    """A database URL without its password."""
    if url is None or url == "sqlite":
        return "sqlite (a file in the part's folder)"
    from sqlalchemy.engine import make_url

    return make_url(sqlalchemy_url(url)).render_as_string(hide_password=True)


async def faults_run(
    args: argparse.Namespace, folder: Path, database: str | None
) -> dict[str, Any]:
    server = Server(folder, "--bot-delay", str(args.fault_bot_delay), database=database)
    there_before = await asyncio.to_thread(stored_ids, server.database)
    await asyncio.to_thread(server.start)
    rng = random.Random(args.seed)
    logs: list[SeatLog] = []
    tables: list[str] = []
    kills: list[float] = []
    restarts: list[float] = []
    counts = collections.Counter[str]()
    spans: list[tuple[float, float]] = []  # each game's (first socket, last view)
    start = time.monotonic()
    deadline = start + args.fault_timeout
    done = asyncio.Event()
    killer = asyncio.create_task(_killer(server, args, done, rng, kills, restarts))
    try:
        queue = iter(range(args.fault_games))

        async def worker() -> None:
            for _ in queue:
                await _fault_game(server, args, deadline, rng, logs, tables, counts, spans)

        games = asyncio.gather(*(worker() for _ in range(args.in_flight)))
        await asyncio.wait({games, killer}, return_when=asyncio.FIRST_COMPLETED)
        if killer.done():  # the server did not start again
            games.cancel()
            await asyncio.gather(games, return_exceptions=True)
            killer.result()
        await games
        done.set()
        await killer
        elapsed = time.monotonic() - start
        # One more kill, after the games: every record is then read from the database.
        await asyncio.to_thread(server.kill)
        await asyncio.to_thread(server.start)
        # The check, on the running server (the last start replayed every table).
        checks = collections.Counter[str]()
        unreadable: list[str] = []
        problems: list[str] = []
        for table in tables:
            status, info = await ahttp("GET", f"{server.url}/tables/{table}")
            status_record, record = await asyncio.to_thread(
                http, "GET", f"{server.url}/tables/{table}/record"
            )
            if status != 200 or status_record != 200:
                checks["unfinished"] += 1
                continue
            try:
                mine = [g for g in logs if g.table == table]
                result = _check_table(record.decode(), info, mine, problems)
            except Exception as exc:  # a record that does not replay
                unreadable.append(f"{table}: {type(exc).__name__}: {exc}")
                continue
            checks.update(result)
        stored = await asyncio.to_thread(server.query, "SELECT id, finished FROM cardrules_tables")
    finally:
        done.set()
        killer.cancel()
        await asyncio.gather(killer, return_exceptions=True)
        await asyncio.to_thread(server.stop)
    known = set(tables) | there_before
    lived = [sum(1 for k in kills if a < k < b) for a, b in spans]
    print(
        f"  {database_kind(database)}: {len(tables)} games, {len(kills)} kills "
        f"({sum(1 for n in lived if n)} games through one or more), "
        f"{checks['acknowledged']} client actions acknowledged, "
        f"{checks['views checked']} views checked: lost={checks['lost']} "
        f"duplicated={checks['duplicated']} views not on the record="
        f"{checks['views not on the record'] + checks['views beyond the record']} "
        f"unfinished={checks['unfinished']}",
        flush=True,
    )
    answers: collections.Counter[str] = collections.Counter()
    for log in logs:
        answers.update(log.answers)
    return {
        "database": database_kind(database),
        "database_url": shown_url(database),
        "tables_there_before": len(there_before),
        "profile": args.fault_profile,
        "seats": ["human", "bot:rule", "human", "bot:rule"],
        "games": len(tables),
        "finished": len(tables) - checks["unfinished"],
        "kills": len(kills),  # while games were played (and one more before the check)
        "kills_during_a_game_mean": statistics.mean(lived) if lived else 0,
        "games_through_a_kill": sum(1 for n in lived if n),
        "games_through_3_kills": sum(1 for n in lived if n >= 3),
        "server_starts": server.starts,
        "restart_seconds_median": statistics.median(restarts) if restarts else None,
        "restart_seconds_max": max(restarts, default=None),
        "seconds": elapsed,
        "actions": checks["actions"],
        "client_actions_sent": sum(g.sends for g in logs),
        "client_actions_acknowledged": checks["acknowledged"],
        "accepted_messages": checks["accepted messages"],
        "reconnections": sum(max(0, g.connections - 1) for g in logs),
        "same_seq_views": sum(g.same_seq_twice for g in logs),
        "views_checked": checks["views checked"],
        "lost": checks["lost"],
        "duplicated": checks["duplicated"],
        "views_not_on_record": checks["views not on the record"]
        + checks["views beyond the record"],
        "length_mismatch": checks["length differs from the server's seq"],
        "records_not_replaying": unreadable,
        "problems": problems[:50],
        "unfinished": checks["unfinished"],
        "orphan_tables": sum(1 for table, _ in stored if table not in known),
        "orphans_unfinished": sum(1 for table, fin in stored if table not in known and not fin),
        "create_retries": counts["create retries"],
        "other_answers": dict(answers),
        "server_tracebacks": server.tracebacks(),
    }


# -- 3: bad input ------------------------------------------------------------------


class Bad:
    """The hostile messages, against one table of four human seats (``T``)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.t: dict[str, Any] = {}
        self.u: dict[str, Any] = {}
        self.d: dict[str, Any] = {}
        self.state: dict[str, Any] = {}  # of T: seq, to_act, legal, illegal, off, off_card

    # -- set-up

    async def join(self, table: str, token: str | None) -> tuple[Any, dict[str, Any]]:
        ws = await connect(self.server.ws(table))
        await ws.send(json.dumps({"type": "join", "token": token}))
        return ws, json.loads(await asyncio.wait_for(ws.recv(), 10))

    async def act_once(
        self, table: dict[str, Any], seat: int, pick: Callable[[list[str]], str]
    ) -> None:
        ws, view = await self.join(table["table"], table["tokens"][str(seat)])
        async with ws:
            action = pick(view["legal"])
            await ws.send(json.dumps({"type": "act", "action": action, "seq": view["seq"]}))
            while (answer := json.loads(await asyncio.wait_for(ws.recv(), 10)))["seq"] <= view[
                "seq"
            ]:
                pass
            assert answer["type"] == "view", answer

    async def public(self, table: str) -> dict[str, Any]:
        ws, view = await self.join(table, None)
        await ws.close()
        return view

    async def setup(self) -> None:
        """T, played on with first legal actions to a trick where the seat to act holds
        a card it may not play; U, another table; D, a table for the duplicate kind."""
        seats = ["human"] * 4
        self.t = await create_table(self.server, "callbreak-strict", seats)
        self.u = await create_table(self.server, "callbreak-strict", seats)
        self.d = await create_table(self.server, "callbreak-strict", seats)
        for _ in range(200):
            view = await self.public(self.t["table"])
            public = view["view"]
            seat = public["controller"]
            if public["phase"] == "play" and public["trick"]:
                ws, mine = await self.join(self.t["table"], self.t["tokens"][str(seat)])
                await ws.close()
                hand = mine["view"]["hands"][str(seat)]
                illegal = [c for c in hand if f"play {c}" not in mine["legal"]]
                if illegal:
                    off = (seat + 1) % 4
                    ws, theirs = await self.join(self.t["table"], self.t["tokens"][str(off)])
                    await ws.close()
                    self.state = {
                        "seq": view["seq"],
                        "seat": seat,
                        "token": self.t["tokens"][str(seat)],
                        "legal": mine["legal"][0],
                        "illegal": f"play {illegal[0]}",
                        "off": off,
                        "off_token": self.t["tokens"][str(off)],
                        "off_card": f"play {theirs['view']['hands'][str(off)][0]}",
                    }
                    return
            await self.act_once(self.t, seat, lambda legal: legal[0])
        raise RuntimeError("no position with an illegal card was reached")

    async def snapshot(self) -> tuple[Any, ...]:
        status, info = await ahttp("GET", f"{self.server.url}/tables/{self.t['table']}")
        public = await self.public(self.t["table"])
        rows = await asyncio.to_thread(self.server.rows)
        return status, info["seq"], info["phase"], json.dumps(public, sort_keys=True), rows

    # -- one try of a kind: the answer, as "error:CODE", "refused:RULE?", "closed:CODE"...

    @staticmethod
    async def answer(ws: Any, timeout: float = 5.0) -> str:
        """The first message that is not a view of the table as it was, or how the socket
        closed."""
        from websockets.exceptions import ConnectionClosed

        limit = time.monotonic() + timeout
        try:
            while True:
                text = await asyncio.wait_for(ws.recv(), max(0.01, limit - time.monotonic()))
                message = json.loads(text)
                if message["type"] == "error":
                    return f"error:{message['code']}"
                if message["type"] == "refused":
                    return "refused:rule" if message["rule"] else "refused:no-rule"
                if message["type"] == "accepted":
                    return f"accepted:{message['seq']}"
                return f"view:{message['seq']}"  # a change, or a view it did not ask for
        except ConnectionClosed as exc:
            return f"closed:{exc.rcvd.code if exc.rcvd else 'none'}"
        except TimeoutError:
            return "no answer"

    async def on_socket(self, token: str | None, *messages: str | bytes, join: bool = True) -> str:
        ws = await connect(self.server.ws(self.t["table"]))
        async with ws:
            if join:
                await ws.send(json.dumps({"type": "join", "token": token}))
                first = await self.answer(ws)
                if first != f"view:{self.state['seq']}":
                    return f"join answered {first}"
            for message in messages:
                await ws.send(message)
            return await self.answer(ws)

    def act(self, action: str, seq: int | None = None, **extra: Any) -> str:
        return json.dumps(
            {"type": "act", "action": action, "seq": self.state["seq"] if seq is None else seq}
            | extra
        )

    async def closing(self, token: str | None, *messages: str) -> str:
        """Send, then read until the socket closes: 'closed:CODE' (the errors seen before
        are kept: 'closed:1008 after error:flood')."""
        from websockets.exceptions import ConnectionClosed

        ws = await connect(self.server.ws(self.t["table"]))
        seen = []
        async with ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            await asyncio.wait_for(ws.recv(), 10)
            try:
                for message in messages:
                    await ws.send(message)
                limit = time.monotonic() + 15
                while time.monotonic() < limit:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 15))
                    if message["type"] == "error" and message["code"] != "stale":
                        seen.append(f"error:{message['code']}")
                    elif message["type"] == "view":
                        return f"view:{message['seq']}"
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd else "none"
                return f"closed:{code}" + (f" after {seen[-1]}" if seen else "")
            except TimeoutError:
                pass
        return "not closed"

    async def duplicate(self) -> tuple[str, int]:
        """D's seat to act sends a legal action (accepted: D changes), then the very same
        message again: (the answer to the second, actions stored by the pair)."""
        public = (await self.public(self.d["table"]))["view"]
        if public["phase"] == "finished":
            self.d = await create_table(self.server, "callbreak-strict", ["human"] * 4)
            public = (await self.public(self.d["table"]))["view"]
        seat = public["controller"]
        ws, view = await self.join(self.d["table"], self.d["tokens"][str(seat)])
        before = (await asyncio.to_thread(self.server.rows))[1]
        async with ws:
            message = json.dumps({"type": "act", "action": view["legal"][0], "seq": view["seq"]})
            await ws.send(message)
            first = await self.answer(ws)
            if first != f"view:{view['seq'] + 1}":
                return f"first answered {first}", 0
            await ws.send(message)
            second = await self.answer(ws)
            if second == f"accepted:{view['seq'] + 1}":  # of the first
                second = await self.answer(ws)
        return second, (await asyncio.to_thread(self.server.rows))[1] - before

    async def post(self, body: bytes) -> str:
        status, _ = await asyncio.to_thread(http, "POST", self.server.url + "/tables", body)
        return f"http:{status}"

    async def get(self, path: str) -> str:
        status, _ = await asyncio.to_thread(http, "GET", self.server.url + path)
        return f"http:{status}"


def _kinds(bad: Bad) -> list[tuple[str, str, set[str], Callable[[int], Awaitable[str]]]]:
    """(kind, what is sent, the answers expected, one try)."""
    s = bad.state
    seats4 = ["human"] * 4
    nested = '{"type":"act","action":' + "[" * 1900 + "]" * 1900 + ',"seq":0}'
    bad_seats = [
        ["human", "robot", "human", "human"],
        ["human"] * 3,
        ["human", "bot:mc:100000", "human", "human"],
        ["human"] * 17,
        ["human", "bot:rule; DROP TABLE", "human", "human"],
    ]
    bad_options: list[dict[str, Any]] = [{"no_such_option": 1}, {"x" * 70: True}]
    return [
        (
            "malformed JSON",
            "'{not json'",
            {"error:malformed"},
            lambda i: bad.on_socket(s["token"], "{not json"),
        ),
        (
            "wrong types",
            "act with action 5, seq 'x'",
            {"error:malformed"},
            lambda i: bad.on_socket(s["token"], '{"type":"act","action":5,"seq":"x"}'),
        ),
        (
            "unknown type",
            '{"type":"chat"}',
            {"error:malformed"},
            lambda i: bad.on_socket(s["token"], '{"type":"chat","text":"hello"}'),
        ),
        (
            "extra fields",
            "a legal act with an extra field",
            {"error:malformed"},
            lambda i: bad.on_socket(s["token"], bad.act(s["legal"], admin=True)),
        ),
        (
            "binary frame",
            "a legal act as a binary frame",
            {"error:malformed"},
            lambda i: bad.on_socket(s["token"], bad.act(s["legal"]).encode()),
        ),
        (
            "oversized 5 KB text",
            "a legal act padded to 5 KB",
            {"error:too-large"},
            lambda i: bad.on_socket(s["token"], bad.act(s["legal"]) + " " * 5000),
        ),
        (
            "huge 100 KB frame",
            "100 KB of text",
            {"closed:1009"},
            lambda i: bad.on_socket(s["token"], "x" * 100_000),
        ),
        (
            "act before join",
            "a legal act, no join",
            {"error:not-joined"},
            lambda i: bad.on_socket(None, bad.act(s["legal"]), join=False),
        ),
        (
            "bad token",
            "join with a made-up token",
            {"error:bad-token"},
            lambda i: bad.on_socket(
                None, json.dumps({"type": "join", "token": secrets.token_urlsafe(24)}), join=False
            ),
        ),
        (
            "token of another table",
            "join with a token of table U",
            {"error:bad-token"},
            lambda i: bad.on_socket(
                None, json.dumps({"type": "join", "token": bad.u["tokens"][str(i % 4)]}), join=False
            ),
        ),
        (
            "not this seat's turn",
            "a card of its own hand, by a seat not to act",
            {"refused:rule"},
            lambda i: bad.on_socket(s["off_token"], bad.act(s["off_card"])),
        ),
        (
            "stale seq",
            "a legal act with seq - 1 or seq + 1",
            {"error:stale"},
            lambda i: bad.on_socket(
                s["token"], bad.act(s["legal"], s["seq"] + (1 if i % 2 else -1))
            ),
        ),
        (
            "spectator act",
            "a legal act from a spectator",
            {"error:spectator"},
            lambda i: bad.on_socket(None, bad.act(s["legal"])),
        ),
        (
            "flood of 500 messages",
            "500 stale acts at once",
            {"closed:1008 after error:flood"},
            lambda i: bad.closing(s["token"], *[bad.act(s["legal"], s["seq"] + 1)] * 500),
        ),
        (
            "illegal card",
            "a card of its hand it may not play",
            {"refused:rule"},
            lambda i: bad.on_socket(s["token"], bad.act(s["illegal"])),
        ),
        (
            "unknown action text",
            "'dance the tango'",
            {"refused:no-rule"},
            lambda i: bad.on_socket(s["token"], bad.act("dance the tango")),
        ),
        (
            "action over 64 chars",
            "'play ' + 100 letters",
            {"error:malformed"},
            lambda i: bad.on_socket(s["token"], bad.act("play " + "A" * 100)),
        ),
        (
            "deeply nested JSON",
            "1900 nested arrays in 4 KB",
            {"error:malformed"},
            lambda i: bad.on_socket(s["token"], nested),
        ),
        (
            "huge seq",
            "a legal act with seq 10**40",
            {"error:malformed", "error:stale"},
            lambda i: bad.on_socket(s["token"], bad.act(s["legal"], 10**40)),
        ),
        (
            "join twice",
            "a second join on a joined socket",
            {"error:already-joined"},
            lambda i: bad.on_socket(s["token"], json.dumps({"type": "join", "token": s["token"]})),
        ),
        (
            "unknown table",
            "a socket to /tables/<made up>/ws",
            {"error:unknown-table"},
            lambda i: _unknown_table(bad),
        ),
        (
            "POST body over 16 KB",
            "20 KB of JSON",
            {"http:413"},
            lambda i: bad.post(json.dumps({"profile": "x" * 20_000, "seats": seats4}).encode()),
        ),
        ("POST malformed JSON", "'{not json'", {"http:400"}, lambda i: bad.post(b"{not json")),
        (
            "POST bad profile",
            "profile 'no-such-game'",
            {"http:400"},
            lambda i: bad.post(json.dumps({"profile": "no-such-game", "seats": seats4}).encode()),
        ),
        (
            "POST bad options",
            "an unknown option",
            {"http:400"},
            lambda i: bad.post(
                json.dumps(
                    {"profile": "callbreak-strict", "seats": seats4, "options": bad_options[i % 2]}
                ).encode()
            ),
        ),
        (
            "POST bad seats",
            "'robot', 3 or 17 seats, bot:mc:100000...",
            {"http:400"},
            lambda i: bad.post(
                json.dumps(
                    {"profile": "callbreak-strict", "seats": bad_seats[i % len(bad_seats)]}
                ).encode()
            ),
        ),
        (
            "POST seed (not allowed)",
            "a seed, the server without --allow-seed",
            {"http:400"},
            lambda i: bad.post(
                json.dumps({"profile": "callbreak-strict", "seats": seats4, "seed": 1}).encode()
            ),
        ),
        (
            "GET record before the end",
            "GET /tables/T/record mid-game",
            {"http:409"},
            lambda i: bad.get(f"/tables/{bad.t['table']}/record"),
        ),
    ]


async def _unknown_table(bad: Bad) -> str:
    async with connect(bad.server.ws(secrets.token_urlsafe(9))) as ws:
        return await bad.answer(ws)


async def part_bad(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    server = Server(folder)  # as in production: no --allow-seed
    await asyncio.to_thread(server.start)
    rows = []
    try:
        bad = Bad(server)
        await bad.setup()
        watcher = await connect(server.ws(bad.t["table"]))
        await watcher.send(json.dumps({"type": "join"}))
        await watcher.recv()
        for name, sent, expected, one in _kinds(bad):
            before = await bad.snapshot()
            answers = collections.Counter[str]()
            for i in range(args.tries):
                try:
                    answers[await one(i)] += 1
                except Exception as exc:
                    answers[f"exception:{type(exc).__name__}"] += 1
            after = await bad.snapshot()
            seen = []
            with contextlib.suppress(TimeoutError):
                while True:
                    seen.append(await asyncio.wait_for(watcher.recv(), 0.05))
            ok = sum(n for a, n in answers.items() if a in expected)
            rows.append(
                {
                    "kind": name,
                    "sent": sent,
                    "expected": sorted(expected),
                    "tries": args.tries,
                    "refused": ok,
                    "other": {a: n for a, n in answers.items() if a not in expected},
                    "answers": dict(answers),
                    "table_unchanged": before == after and not seen,
                }
            )
        # The duplicate (replayed) message, on table D: the first is accepted.
        before, answers, stored = await bad.snapshot(), collections.Counter[str](), 0
        for _ in range(args.tries):
            answer, added = await bad.duplicate()
            answers[answer] += 1
            stored += added
        after = await bad.snapshot()
        rows.append(
            {
                "kind": "replayed (duplicate) message",
                "sent": "a legal act (accepted), then the same message again",
                "expected": ["error:stale"],
                "tries": args.tries,
                "refused": answers["error:stale"],
                "other": {a: n for a, n in answers.items() if a != "error:stale"},
                "answers": dict(answers),
                # T unchanged; D took exactly one action a try.
                "table_unchanged": before[:4] == after[:4] and stored == args.tries,
            }
        )
        await watcher.close()
        status, _ = await ahttp("GET", server.url + "/protocol.json")
    finally:
        await asyncio.to_thread(server.stop)
    for row in rows:
        mark = "" if row["refused"] == row["tries"] and row["table_unchanged"] else "   <-- !"
        print(
            f"  {row['kind']:<30} {row['refused']:>3}/{row['tries']:<3} "
            f"{'unchanged' if row['table_unchanged'] else 'CHANGED':<9} "
            f"{', '.join(f'{a} x{n}' for a, n in row['answers'].items())}{mark}",
            flush=True,
        )
    return {
        "tries": args.tries,
        "table": "callbreak-strict, four human seats, mid-trick",
        "kinds": rows,
        "server_alive_after": status == 200,
        "server_tracebacks": server.tracebacks(),
    }


# -- 4: sockets that do not keep up -------------------------------------------------


def raw_socket(port: int, path: str, *, rcvbuf: int = 2048) -> socket.socket:
    """A WebSocket opened by hand on a TCP socket with a small receive buffer (as
    tests/test_server_faults.py does)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    if not answer.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"no WebSocket: {answer[:80]!r}")
    return sock


def send_text(sock: socket.socket, text: str) -> None:
    """One masked text frame (short)."""
    data = text.encode()
    assert len(data) < 126
    mask = os.urandom(4)
    sock.sendall(
        bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))
    )


def read_close(sock: socket.socket, seconds: float = 60.0) -> int | None:
    """Read what the server sent until its close frame: the frame's code (None if the
    connection ended, or ``seconds`` passed, without one)."""
    sock.settimeout(1.0)
    data = bytearray()
    i = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while i + 2 <= len(data):  # the frames received whole
            opcode, length, head = data[i] & 0x0F, data[i + 1] & 0x7F, 2
            if length == 126:
                length, head = int.from_bytes(data[i + 2 : i + 4], "big"), 4
            elif length == 127:
                length, head = int.from_bytes(data[i + 2 : i + 10], "big"), 10
            if i + head + length > len(data):
                break
            if opcode == 0x8:
                return int.from_bytes(data[i + head : i + head + 2], "big") if length >= 2 else None
            i += head + length
        if i > 1 << 20:
            del data[:i]
            i = 0
        try:
            chunk = sock.recv(1 << 16)
        except TimeoutError:
            continue
        except OSError:
            return None
        if not chunk:
            return None
        data += chunk
    return None


def read_to_end(sock: socket.socket, seconds: float) -> bool:
    """Read until the connection ends (True) or ``seconds`` pass (False)."""
    sock.settimeout(1.0)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if not sock.recv(1 << 16):
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


async def _paced_seat(
    server: Server, table: str, token: str, pace: float, latencies: list[float]
) -> tuple[int, float]:
    """Play a seat with its first legal action, ``pace`` seconds after each view that
    asks for one, to the end: (the game's length, seconds from the first view)."""
    async with connect(server.ws(table)) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        pending: tuple[int, float] | None = None
        started = time.monotonic()
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if message["type"] == "accepted":
                continue
            if message["type"] != "view":
                raise RuntimeError(f"the seat was answered {message}")
            now = time.monotonic()
            if pending is not None and message["seq"] > pending[0]:
                latencies.append(now - pending[1])
                pending = None
            if message["view"]["phase"] == "finished":
                return message["seq"], now - started
            if message["legal"] and pending is None:
                await asyncio.sleep(pace)
                pending = (message["seq"], time.monotonic())
                act = {"type": "act", "action": message["legal"][0], "seq": message["seq"]}
                await ws.send(json.dumps(act))


async def _poll(url: str, stop: asyncio.Event, out: list[float], every: float = 0.05) -> None:
    """GET ``url`` until ``stop``: the seconds each took (an error counts as infinite)."""
    while not stop.is_set():
        status, seconds = await asyncio.to_thread(timed_get, url)
        out.append(seconds if status == 200 else float("inf"))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)


SLOW_SETUPS = {
    "alone": "no other socket",
    "reader": "a spectator that reads every view (pictures on)",
    "non-readers": "a spectator that never reads, a socket of the human's seat that never "
    "reads, a spectator that reads a byte a second (pictures on, 2 KB receive buffers)",
}


async def slow_game(server: Server, args: argparse.Namespace, setup: str) -> dict[str, Any]:
    status, created = await ahttp(
        "POST",
        server.url + "/tables",
        {
            "profile": args.slow_profile,
            "seats": ["human"] + ["bot:rule"] * 3,
            "options": json.loads(args.slow_options),
        },
    )
    if status != 201:
        raise RuntimeError(f"POST /tables: {status} {created}")
    table, token = created["table"], created["tokens"]["0"]
    path = f"/tables/{table}/ws"
    port = server.port
    sockets: dict[str, socket.socket] = {}
    readers: list[asyncio.Task[Any]] = []
    stop_trickle = threading.Event()
    if setup == "non-readers":
        joins = {
            "spectator": {"type": "join", "pictures": True},
            "seat": {"type": "join", "token": token, "pictures": True},
            "trickle": {"type": "join", "pictures": True},
        }
        for name, join in joins.items():
            sockets[name] = await asyncio.to_thread(raw_socket, port, path)
            send_text(sockets[name], json.dumps(join))

        def a_byte_a_second() -> None:
            while not stop_trickle.wait(1.0):
                try:
                    sockets["trickle"].recv(1)
                except OSError:
                    return

        trickle = threading.Thread(target=a_byte_a_second, daemon=True)
        trickle.start()
    elif setup == "reader":
        views: list[int] = []

        async def read_all() -> None:
            async with connect(server.ws(table)) as ws:
                await ws.send(json.dumps({"type": "join", "pictures": True}))
                async for text in ws:
                    views.append(len(text))

        readers.append(asyncio.create_task(read_all()))
    latencies: list[float] = []
    gets: list[float] = []
    stop = asyncio.Event()
    poller = asyncio.create_task(_poll(f"{server.url}/tables/{table}", stop, gets))
    line = f"a socket of {path} is dropped (1013)"
    drops: list[float] = []  # seconds into the game when each drop was logged
    closing: list[asyncio.Future[list[int | None]]] = []
    started = time.monotonic()

    async def watch_log() -> None:
        # The two that never read wake up once the server has dropped all three, as a
        # client back from a stall would, and read what is left: the close frame last.
        while len(drops) < 3:
            await asyncio.sleep(0.2)
            count = server.log().count(line)
            drops.extend([time.monotonic() - started] * (count - len(drops)))
        closing.append(
            asyncio.gather(
                *(
                    asyncio.to_thread(read_close, sockets[n], args.slow_close_seconds)
                    for n in ("spectator", "seat")
                )
            )
        )

    watcher = asyncio.create_task(watch_log()) if sockets else None
    try:
        actions, seconds = await asyncio.wait_for(
            _paced_seat(server, table, token, args.slow_pace, latencies), args.slow_timeout
        )
        if watcher is not None:  # (the last drop may be logged a moment after the end)
            await asyncio.wait({watcher}, timeout=10)
    finally:
        stop.set()
        await poller
        for task in readers:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        if watcher is not None:
            watcher.cancel()
            await asyncio.gather(watcher, return_exceptions=True)
    codes: dict[str, int | str | None] = {}
    if sockets:
        if not closing:  # not all dropped: read them now
            closing.append(
                asyncio.gather(
                    *(
                        asyncio.to_thread(read_close, sockets[n], args.slow_close_seconds)
                        for n in ("spectator", "seat")
                    )
                )
            )
        spectator, seat = await closing[0]
        stop_trickle.set()
        # The one reading a byte a second, read out now (long after its drop; its
        # frames cannot be told apart any more): whether the server ended it.
        ended = await asyncio.to_thread(read_to_end, sockets["trickle"], 10.0)
        codes = {"spectator": spectator, "seat": seat, "trickle": "ended" if ended else "open"}
        for sock in sockets.values():
            sock.close()
    status, record = await asyncio.to_thread(http, "GET", f"{server.url}/tables/{table}/record")
    replays = False
    with contextlib.suppress(Exception):
        from cardrules import Game

        replays = status == 200 and len(Game.from_json(record.decode()).actions) == actions
    human = len(latencies)
    return {
        "setup": setup,
        "actions": actions,
        "human_actions": human,
        "seconds": seconds,
        "actions_per_second": actions / seconds,
        "human_actions_per_second": human / seconds,
        "act_latency_p50_ms": percentile(latencies, 50) * 1e3,
        "act_latency_max_ms": max(latencies, default=float("nan")) * 1e3,
        "get_p50_ms": percentile(gets, 50) * 1e3,
        "get_max_ms": max(gets, default=float("nan")) * 1e3,
        "gets": len(gets),
        "dropped_logged": server.log().count(line),
        "drops_at_seconds": drops,
        "close_codes": codes,
        "record_replays": replays,
    }


async def part_slow(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    server = Server(folder)  # bots at once: the table goes as fast as its human
    await asyncio.to_thread(server.start)
    games = []
    try:
        for _ in range(args.slow_games):
            for setup in listed(args.slow_setups, str):
                game = await slow_game(server, args, setup)
                games.append(game)
                print(
                    f"  {setup:<12} {game['actions']:>4} actions in {game['seconds']:5.1f} s: "
                    f"{game['actions_per_second']:6.1f} actions/s "
                    f"({game['human_actions_per_second']:4.1f} of the human); act p50 "
                    f"{game['act_latency_p50_ms']:5.1f} ms; GET p50 {game['get_p50_ms']:5.1f} "
                    f"ms, max {game['get_max_ms']:6.1f} ms; dropped {game['dropped_logged']}, "
                    f"close codes {game['close_codes'] or '-'}",
                    flush=True,
                )
    finally:
        await asyncio.to_thread(server.stop)

    def summed(setup: str) -> dict[str, Any]:
        mine = [g for g in games if g["setup"] == setup]
        actions = sum(g["actions"] for g in mine)
        seconds = sum(g["seconds"] for g in mine)
        return {
            "setup": setup,
            "sockets": SLOW_SETUPS[setup],
            "games": len(mine),
            "actions": actions,
            "actions_per_second": actions / seconds,
            "human_actions_per_second": sum(g["human_actions"] for g in mine) / seconds,
            "act_latency_p50_ms": statistics.median(g["act_latency_p50_ms"] for g in mine),
            "act_latency_max_ms": max(g["act_latency_max_ms"] for g in mine),
            "get_p50_ms": statistics.median(g["get_p50_ms"] for g in mine),
            "get_max_ms": max(g["get_max_ms"] for g in mine),
            "dropped_logged": sum(g["dropped_logged"] for g in mine),
            "close_codes": {
                name: collections.Counter(str(g["close_codes"][name]) for g in mine)
                for name in ("spectator", "seat", "trickle")
                if all(g["close_codes"] for g in mine)
            },
        }

    return {
        "profile": args.slow_profile,
        "seats": ["human"] + ["bot:rule"] * 3,
        "pace": args.slow_pace,
        "options": json.loads(args.slow_options),
        "setups": [summed(setup) for setup in listed(args.slow_setups, str)],
        "games": games,
        "server_tracebacks": server.tracebacks(),
    }


# -- 5: the bot budget ---------------------------------------------------------------

#: Seats over the server's cap (200 worlds, 2000 ms), or not bots at all: 400 each.
OVER_THE_CAP = [
    "bot:MC:100000",
    "bot:Mc:3600000ms",
    "bot: mc:100000",
    "bot:\tmc:5000",
    "bot:mC:201",
    "bot:mc:2001ms",
    "BOT:mc:100000",
    "bot:mc:1e9",
    "bot:mc:201:10ms",
    "bot:mc:10:2001ms",
    "bot:mc:3s",
    "bot:mc:2.5s",
    "bot:mc:1h",
    "bot:mc:inf",
    "bot:mc:-1",
    "bot:mc:0",
    "bot:mc:+300",
    "bot:mc:0x1000",
    "bot:mc:100_000",
    "bot:mc:1e3ms",
    "bot:mc:300ms:20",
    "bot:mc::300",
    "bot:mc:300:",
    "bot:mc:99999999999999999999999999",
    "bot:mc:\u0663\u0660\u0660",  # Arabic-Indic digits: int() reads 300
    "bot:mc:\uff13\uff10\uff10",  # full-width digits: int() reads 300
    "bot:\uff4d\uff43:300",  # a full-width "mc"
    "bot:mc:\u00a0300",
    "bot:mc:300\x00",
    "bot:mc :300",
    "bot:mc:1000000000000ms",
]
#: Seats at the cap, with the one spelling they are stored in: 201 each.
AT_THE_CAP = [
    ("bot:mc:200", "bot:mc:200"),
    ("bot:MC:2000ms", "bot:mc:2000ms"),
    (" Bot:mc:200:2000ms ", "bot:mc:200:2000ms"),
    ("bot:mc:2000MS", "bot:mc:2000ms"),
    ("bot:mc", "bot:mc"),
]


async def _rule_games(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Games of four rule bots, one after the other, for ``--rule-seconds``: their actions
    a second, and GET's latency meanwhile."""
    actions, games, gets = 0, 0, []
    started = time.monotonic()
    while time.monotonic() - started < args.rule_seconds:
        created = await create_table(server, args.profile, ["bot:rule"] * 4)
        url = f"{server.url}/tables/{created['table']}"
        games += 1
        while True:
            asked = time.monotonic()
            status, info = await ahttp("GET", url)
            gets.append(time.monotonic() - asked if status == 200 else float("inf"))
            if status == 200 and (info["finished"] or asked - started >= args.rule_seconds):
                break
            if time.monotonic() - started > args.rule_seconds + args.slow_timeout:
                raise RuntimeError(f"the rule table {created['table']} stopped")
            await asyncio.sleep(0.02)
        actions += info["seq"]
    seconds = time.monotonic() - started
    return {
        "games": games,
        "actions": actions,
        "seconds": seconds,
        "actions_per_second": actions / seconds,
        "get_p50_ms": percentile(gets, 50) * 1e3,
        "get_max_ms": max(gets) * 1e3,
    }


async def part_budget(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    spellings = []
    first = Server(folder / "spellings")
    (folder / "spellings").mkdir()
    await asyncio.to_thread(first.start)
    try:
        for seat, stored in [(s, None) for s in OVER_THE_CAP] + AT_THE_CAP:
            seats = ["human", seat, "bot:rule", "bot:rule"]
            status, answer = await ahttp(
                "POST", first.url + "/tables", {"profile": args.profile, "seats": seats}
            )
            got = answer.get("seats", [None, None])[1] if isinstance(answer, dict) else None
            spellings.append(
                {
                    "seat": seat,
                    "expected": 400 if stored is None else 201,
                    "status": status,
                    "code": answer.get("code") if isinstance(answer, dict) else None,
                    "stored": got,
                    "ok": (status == 400 and answer.get("code") == "invalid")
                    if stored is None
                    else (status == 201 and got == stored),
                }
            )
    finally:
        await asyncio.to_thread(first.stop)
    refused = sum(1 for s in spellings if s["expected"] == 400 and s["ok"])
    accepted = sum(1 for s in spellings if s["expected"] == 201 and s["ok"])
    print(
        f"  spellings over the cap refused (400): {refused}/{len(OVER_THE_CAP)}; at the cap "
        f"accepted in one spelling (201): {accepted}/{len(AT_THE_CAP)}",
        flush=True,
    )
    for s in spellings:
        if not s["ok"]:
            print(f"    {s['seat']!r}: {s['status']} {s['code']} {s['stored']}   <-- !")
    (folder / "timing").mkdir()
    extra = () if args.bot_processes is None else ("--bot-processes", str(args.bot_processes))
    server = Server(folder / "timing", *extra)
    await asyncio.to_thread(server.start)
    try:
        await create_table(server, args.profile, ["bot:rule"] * 4)  # a warm-up game
        await asyncio.sleep(2.0)
        alone = await _rule_games(server, args)
        mc_tables = [
            (await create_table(server, args.profile, ["bot:mc:2000ms"] * 4))["table"]
            for _ in range(args.mc_tables)
        ]
        await asyncio.sleep(1.0)  # the mc bots are thinking
        workers = server.children()
        mc0 = [(await ahttp("GET", f"{server.url}/tables/{t}"))[1]["seq"] for t in mc_tables]
        t0 = time.monotonic()
        cpu0 = server.cpu_seconds()
        beside = await _rule_games(server, args)
        cpu1 = server.cpu_seconds()
        mc1 = [(await ahttp("GET", f"{server.url}/tables/{t}"))[1]["seq"] for t in mc_tables]
        mc_seconds = time.monotonic() - t0
        workers = sorted(set(workers) | set(server.children()))
        stop_started = time.monotonic()
        await asyncio.to_thread(server.stop)
        stop_seconds = time.monotonic() - stop_started
        await asyncio.sleep(2.0)
        left = [pid for pid in workers if alive(pid)]
    finally:
        await asyncio.to_thread(server.stop)
    decisions = sum(mc1) - sum(mc0)
    print(
        f"  {args.profile}, four rule bots: {alone['actions_per_second']:.0f} actions/s alone, "
        f"{beside['actions_per_second']:.0f} beside {args.mc_tables} tables of bot:mc:2000ms "
        f"({decisions} mc decisions in {mc_seconds:.0f} s); SIGTERM stopped the server in "
        f"{stop_seconds:.2f} s, {len(left)} of {len(workers)} child processes left",
        flush=True,
    )
    return {
        "profile": args.profile,
        "spellings": spellings,
        "refused": refused,
        "over_the_cap": len(OVER_THE_CAP),
        "accepted": accepted,
        "at_the_cap": len(AT_THE_CAP),
        "bot_processes": args.bot_processes,
        "mc_tables": args.mc_tables,
        "rule_alone": alone,
        "rule_beside_mc": beside,
        "rule_beside_mc_server_cpu": None
        if cpu0 is None or cpu1 is None
        else (cpu1 - cpu0) / beside["seconds"],
        "mc_decisions": decisions,
        "mc_seconds": mc_seconds,
        "mc_decisions_per_second": decisions / mc_seconds,
        "child_processes": len(workers),
        "sigterm_seconds": stop_seconds,
        "children_left": len(left),
        "server_tracebacks": first.tracebacks() + server.tracebacks(),
    }


# -- 6: admission -------------------------------------------------------------------

_LATE = re.compile(r"runs ([0-9.]+) s late")


async def admission_run(
    label: str, limits: tuple[int, float], args: argparse.Namespace, folder: Path
) -> dict[str, Any]:
    max_tables, max_lag = limits
    server = Server(
        folder,
        "--bot-delay",
        str(args.bot_delay),
        "--max-tables",
        str(max_tables),
        "--max-lag",
        f"{max_lag:g}",
    )
    await asyncio.to_thread(server.start)
    probes: list[asyncio.Task[None]] = []
    humans: list[asyncio.Task[None]] = []
    stats = HumanStats()
    try:
        # The players seated before the rush; they start to play when it is over.
        seated = []
        limit = time.monotonic() + 60
        while len(seated) < args.admission_humans:  # (a server just started may run late)
            try:
                seated.append(
                    await create_table(server, args.profile, ["human", *["bot:rule"] * 3])
                )
            except RuntimeError:
                if time.monotonic() > limit:
                    raise
                await asyncio.sleep(0.5)
        body = json.dumps({"profile": args.profile, "seats": ["bot:rule"] * 4}).encode()
        created: list[str] = []
        answers = collections.Counter[str]()
        reasons = collections.Counter[str]()
        retry_after = collections.Counter[str]()
        lags: list[float] = []
        took: list[float] = []
        bad_refusals = 0
        started = time.monotonic()
        asks = iter(range(args.admission_tables))

        async def ask() -> None:
            nonlocal bad_refusals
            for _ in asks:
                if time.monotonic() - started > args.admission_seconds:
                    answers["not asked (out of time)"] += 1
                    continue
                t = time.monotonic()
                status, text, headers = await asyncio.to_thread(
                    http_headers, "POST", server.url + "/tables", body, 60
                )
                took.append(time.monotonic() - t)
                answers[str(status)] += 1
                if status == 201:
                    created.append(json.loads(text)["table"])
                elif status == 503:
                    answer = json.loads(text)
                    late = _LATE.search(answer.get("message", ""))
                    reasons["late" if late else "tables"] += 1
                    if late:
                        lags.append(float(late[1]))
                    retry_after[headers.get("retry-after", "none")] += 1
                    if answer.get("code") != "busy" or not headers.get("retry-after", "").isdigit():
                        bad_refusals += 1

        await asyncio.gather(*(ask() for _ in range(args.admission_concurrency)))
        create_seconds = time.monotonic() - started
        # As in the bots part: spectators on the tables created last time the gaps between
        # views, the store counts.
        arrivals: list[list[tuple[float, int]]] = [
            [] for _ in range(min(args.probes, len(created)))
        ]
        probes = [
            asyncio.create_task(_probe(server, created[-1 - i], arrivals[i]))
            for i in range(len(arrivals))
        ]
        rng = random.Random(args.seed)
        deadline = time.monotonic() + args.warmup + args.window
        humans = [
            asyncio.create_task(
                _human(
                    server, t["table"], t["tokens"]["0"], args.admission_think, deadline, stats, rng
                )
            )
            for t in seated
        ]
        await asyncio.sleep(args.warmup)
        count = "SELECT table_id, count(*) FROM cardrules_actions GROUP BY table_id"
        before = dict(await asyncio.to_thread(server.query, count))
        cpu0, t0 = server.cpu_seconds(), time.monotonic()
        await asyncio.sleep(args.window)
        after = dict(await asyncio.to_thread(server.query, count))
        cpu1, t1 = server.cpu_seconds(), time.monotonic()
        rss = server.rss_mb()
        done = "SELECT id FROM cardrules_tables WHERE finished"
        finished = {row[0] for row in await asyncio.to_thread(server.query, done)}
        await asyncio.wait_for(asyncio.gather(*humans), 60)
    finally:
        for task in probes + humans:
            task.cancel()
        await asyncio.gather(*probes, *humans, return_exceptions=True)
        await asyncio.to_thread(server.stop)
    seconds = t1 - t0
    # The tables that played all through the window (not those whose game was over).
    live = [t for t in created if t not in finished]
    rate = sum(after.get(t, 0) - before.get(t, 0) for t in live) / seconds
    demand = len(live) / args.bot_delay
    gaps = []
    for table_arrivals in arrivals:
        inside = [(t, s) for t, s in table_arrivals if t0 <= t <= t1]
        for (ta, sa), (tb, sb) in itertools.pairwise(inside):
            if sb == sa + 1:
                gaps.append(tb - ta - args.bot_delay)
    latencies = [latency for when, latency in stats.acks if t0 <= when <= t1]
    result = {
        "label": label,
        "max_tables": max_tables,
        "max_lag": max_lag,
        "asked": args.admission_tables,
        "answers": dict(answers),
        "created": len(created),
        "refused": answers["503"],
        "refused_tables": reasons["tables"],
        "refused_late": reasons["late"],
        "refusals_malformed": bad_refusals,
        "retry_after": dict(retry_after),
        "reported_lag_median_s": statistics.median(lags) if lags else None,
        "reported_lag_max_s": max(lags, default=None),
        "post_p50_ms": percentile(took, 50) * 1e3,
        "post_max_ms": max(took, default=float("nan")) * 1e3,
        "create_seconds": create_seconds,
        "concurrency": args.admission_concurrency,
        "finished_by_end": len(created) - len(live),
        "live_tables": len(live),
        "demand": demand,
        "rate": rate,
        "ratio": rate / demand if demand else None,
        "lag_p50_ms": percentile(gaps, 50) * 1e3,
        "lag_p99_ms": percentile(gaps, 99) * 1e3,
        "human_tables": len(seated),
        "human_think": args.admission_think,
        "human_acts": len(latencies),
        "human_latency_p50_ms": percentile(latencies, 50) * 1e3,
        "human_latency_p99_ms": percentile(latencies, 99) * 1e3,
        "human_latency_max_ms": max(latencies, default=float("nan")) * 1e3,
        "human_other_answers": dict(stats.answers),
        "server_cpu": None if cpu0 is None or cpu1 is None else (cpu1 - cpu0) / seconds,
        "server_rss_mb": rss,
        "window_seconds": seconds,
        "server_tracebacks": server.tracebacks(),
    }
    print(
        f"  {label} (--max-tables {max_tables} --max-lag {max_lag:g}): "
        f"{len(created)} of {args.admission_tables} created, {answers['503']} refused "
        f"({reasons['tables']} at the table limit, {reasons['late']} late: lag reported up to "
        f"{max(lags, default=0):.2f} s) in {create_seconds:.0f} s; {len(live)} playing: "
        f"{rate:.0f} actions/s of {demand:.0f} demanded ({result['ratio'] or 0:.1%}), "
        f"lag p50 {result['lag_p50_ms']:.0f} ms, p99 {result['lag_p99_ms']:.0f} ms; human act p50 "
        f"{result['human_latency_p50_ms']:.0f} ms, p99 {result['human_latency_p99_ms']:.0f} ms "
        f"({len(latencies)} acts)",
        flush=True,
    )
    return result


async def part_admission(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    runs = []
    limits = [(f"limits {x}", x) for x in listed(args.admission_limits, str)]
    for i, (label, pair) in enumerate([*limits, ("no limits", args.no_limits)]):
        sub = folder / f"run-{i}"
        sub.mkdir()
        max_tables, max_lag = pair.split(":")
        runs.append(await admission_run(label, (int(max_tables), float(max_lag)), args, sub))
    return {
        "profile": args.profile,
        "bot_delay": args.bot_delay,
        "warmup": args.warmup,
        "window": args.window,
        "runs": runs,
    }


# -- 7: PostgreSQL stopped and started -----------------------------------------------


def _pg(ctl: list[str], *words: str) -> float:
    """Run ``pg_ctlcluster ... words``: the seconds it took."""
    started = time.monotonic()
    subprocess.run([*ctl, *words], check=True, capture_output=True, timeout=120)
    return time.monotonic() - started


async def _bot_slot(
    server: Server,
    args: argparse.Namespace,
    done: asyncio.Event,
    tables: list[str],
    counts: collections.Counter[str],
    deadline: float,
) -> None:
    """Tables of four rule bots, one after another, until ``done`` (the last one is played
    out)."""
    while not done.is_set() and time.monotonic() < deadline:
        body = {"profile": args.outage_bot_profile, "seats": ["bot:rule"] * 4}
        status, created = await ahttp("POST", server.url + "/tables", body, 10)
        if status != 201:
            counts["create retries"] += 1
            await asyncio.sleep(0.1)
            continue
        tables.append(created["table"])
        url = f"{server.url}/tables/{created['table']}"
        while time.monotonic() < deadline:
            status, info = await ahttp("GET", url, timeout=10)
            if status == 200 and info["finished"]:
                break
            await asyncio.sleep(0.25)


async def _seqs(server: Server, tables: list[str]) -> dict[str, tuple[int, bool]]:
    """Each table's (seq, finished) as ``GET /tables/{id}`` gives it."""
    out = {}
    for table in tables:
        status, info = await ahttp("GET", f"{server.url}/tables/{table}", timeout=10)
        if status == 200:
            out[table] = (info["seq"], info["finished"])
    return out


async def _one_outage(
    server: Server,
    args: argparse.Namespace,
    ctl: list[str],
    mode: str,
    humans: list[str],
    bots: list[str],
    extra: list[str],
) -> dict[str, Any]:
    """Stop the cluster, wait, start it: how the server fared."""
    stop_seconds = await asyncio.to_thread(_pg, ctl, "stop", "-m", mode)
    down_at = time.monotonic()
    # While it is down: GET answers what is stored, POST /tables is refused.
    await asyncio.sleep(min(1.0, args.outage_seconds / 2))
    some = (humans or bots)[-1]
    get_status, get_seconds = await asyncio.to_thread(timed_get, f"{server.url}/tables/{some}")
    body = json.dumps({"profile": args.outage_bot_profile, "seats": ["bot:rule"] * 4}).encode()
    asked = time.monotonic()
    post_status, _, post_headers = await asyncio.to_thread(
        http_headers, "POST", server.url + "/tables", body, 30
    )
    post_seconds = time.monotonic() - asked
    # The tables held in memory (the stored seq does not move while the store is down).
    watched = {"human": list(humans), "bot": list(bots)}
    base = await _seqs(server, humans + bots)
    await asyncio.sleep(max(0.0, args.outage_seconds - (time.monotonic() - down_at)))
    up_at = time.monotonic()  # served again: counted from the start command, polled meanwhile
    starting = asyncio.create_task(asyncio.to_thread(_pg, ctl, "start"))
    down_seconds = up_at - down_at
    pending = {t for t, (_, finished) in base.items() if not finished}
    served: dict[str, float] = {}
    created_after = None
    while (pending or created_after is None) and time.monotonic() - up_at < args.outage_wait:
        if starting.done():
            starting.result()  # (raises if the cluster did not start)
        now = await _seqs(server, sorted(pending))
        for table, (seq, finished) in now.items():
            if seq > base[table][0] or finished:
                served[table] = time.monotonic() - up_at
                pending.discard(table)
        if created_after is None:
            status, text, _ = await asyncio.to_thread(
                http_headers, "POST", server.url + "/tables", body, 30
            )
            if status == 201:
                created_after = time.monotonic() - up_at
                extra.append(json.loads(text)["table"])
        await asyncio.sleep(0.1)
    start_seconds = await starting

    def times(kind: str) -> list[float]:
        return [served[t] for t in watched[kind] if t in served]

    return {
        "mode": mode,
        "stop_seconds": stop_seconds,
        "start_seconds": start_seconds,
        "down_seconds": down_seconds,
        "get_while_down": get_status,
        "get_while_down_ms": get_seconds * 1e3,
        "post_while_down": post_status,
        "post_while_down_retry_after": post_headers.get("retry-after"),
        "post_while_down_ms": post_seconds * 1e3,
        "tables_playing": len(base) - sum(1 for _, f in base.values() if f),
        "served_again": len(served),
        "not_served_again": sorted(pending),
        "human_served_median_s": statistics.median(times("human")) if times("human") else None,
        "human_served_max_s": max(times("human"), default=None),
        "bot_served_median_s": statistics.median(times("bot")) if times("bot") else None,
        "bot_served_max_s": max(times("bot"), default=None),
        "created_again_s": created_after,
    }


def _gaps(server: Server, tables: set[str]) -> tuple[int, int]:
    """(tables whose stored actions are not 0, 1, ..., n - 1; actions stored in all)."""
    rows = server.query(
        "SELECT table_id, count(*), min(n), max(n) FROM cardrules_actions GROUP BY table_id"
    )
    gaps, actions = 0, 0
    for table, count, low, high in rows:
        if table in tables:
            actions += count
            if low != 0 or high != count - 1:
                gaps += 1
    return gaps, actions


async def part_outage(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    urls = [u for u in args.database if u.startswith(("postgresql:", "postgres:"))]
    if not args.pg_ctl or not urls:
        raise RuntimeError("the outage part needs --pg-ctl and a postgresql:// --database")
    ctl, url = args.pg_ctl.split(), urls[0]
    there_before = await asyncio.to_thread(stored_ids, url)
    server = Server(folder, "--bot-delay", str(args.fault_bot_delay), database=url)
    await asyncio.to_thread(server.start)
    rng = random.Random(args.seed)
    logs: list[SeatLog] = []
    humans: list[str] = []
    bots: list[str] = []
    extra: list[str] = []  # created to time POST's return
    counts = collections.Counter[str]()
    spans: list[tuple[float, float]] = []
    outages: list[dict[str, Any]] = []
    start = time.monotonic()
    deadline = start + args.fault_timeout
    done = asyncio.Event()

    async def human_slot() -> None:
        while not done.is_set() and time.monotonic() < deadline:
            await _fault_game(
                server,
                args,
                deadline,
                rng,
                logs,
                humans,
                counts,
                spans,
                profile=args.fault_profile,
                resend=args.outage_resend,
            )

    try:
        slots = [asyncio.create_task(human_slot()) for _ in range(args.outage_tables)]
        slots += [
            asyncio.create_task(_bot_slot(server, args, done, bots, counts, deadline))
            for _ in range(args.outage_bot_tables)
        ]
        try:
            for mode in ("immediate", "fast"):
                for _ in range(args.outages):
                    await asyncio.sleep(rng.uniform(*listed(args.outage_play)))
                    outage = await _one_outage(server, args, ctl, mode, humans, bots, extra)
                    outages.append(outage)
                    print(
                        f"  -m {mode}: down {outage['down_seconds']:.1f} s, GET "
                        f"{outage['get_while_down']} POST {outage['post_while_down']} while "
                        f"down; {outage['served_again']}/{outage['tables_playing']} tables served "
                        f"again (human tables median {outage['human_served_median_s'] or 0:.2f} "
                        f"s, max {outage['human_served_max_s'] or 0:.2f} s; bot tables "
                        f"{outage['bot_served_median_s'] or 0:.2f} s, "
                        f"{outage['bot_served_max_s'] or 0:.2f} s), POST 201 after "
                        f"{outage['created_again_s'] or float('nan'):.2f} s",
                        flush=True,
                    )
        finally:
            done.set()
            # (started again already, unless an outage failed half-way)
            subprocess.run([*ctl, "start"], check=False, capture_output=True, timeout=120)
        await asyncio.wait_for(asyncio.gather(*slots), args.fault_timeout)
        played = time.monotonic() - start
        # Every extra table played out too, then a clean stop and start.
        limit = time.monotonic() + 120
        while time.monotonic() < limit:
            states = await _seqs(server, extra)
            if all(finished for _, finished in states.values()):
                break
            await asyncio.sleep(0.5)
        stop_started = time.monotonic()
        await asyncio.to_thread(server.stop)
        sigterm_seconds = time.monotonic() - stop_started
        await asyncio.to_thread(server.start)
        checks = collections.Counter[str]()
        unreadable: list[str] = []
        problems: list[str] = []
        for table in humans + bots + extra:
            status, info = await ahttp("GET", f"{server.url}/tables/{table}")
            status_record, record = await asyncio.to_thread(
                http, "GET", f"{server.url}/tables/{table}/record"
            )
            if status != 200 or status_record != 200:
                checks["unfinished"] += 1
                continue
            try:
                mine = [g for g in logs if g.table == table]
                checks.update(_check_table(record.decode(), info, mine, problems))
            except Exception as exc:
                unreadable.append(f"{table}: {type(exc).__name__}: {exc}")
        ours = set(humans + bots + extra)
        gaps, stored_actions = await asyncio.to_thread(_gaps, server, ours)
        stored = await asyncio.to_thread(server.query, "SELECT id, finished FROM cardrules_tables")
    finally:
        done.set()
        subprocess.run([*ctl, "start"], check=False, capture_output=True, timeout=120)
        await asyncio.to_thread(server.stop)
    known = ours | there_before
    answers: collections.Counter[str] = collections.Counter()
    for log in logs:
        answers.update(log.answers)
    result = {
        "database_url": shown_url(url),
        "tables_there_before": len(there_before),
        "profile": args.fault_profile,
        "bot_profile": args.outage_bot_profile,
        "outages": outages,
        "games": len(humans),
        "bot_games": len(bots) + len(extra),
        "seconds": played,
        "actions": checks["actions"],
        "stored_actions": stored_actions,
        "client_actions_sent": sum(g.sends for g in logs),
        "client_resends": sum(g.resends for g in logs),
        "client_actions_acknowledged": checks["acknowledged"],
        "reconnections": sum(max(0, g.connections - 1) for g in logs),
        "views_checked": checks["views checked"],
        "lost": checks["lost"],
        "duplicated": checks["duplicated"],
        "views_not_on_record": checks["views not on the record"]
        + checks["views beyond the record"],
        "length_mismatch": checks["length differs from the server's seq"],
        "gaps": gaps,
        "records_not_replaying": unreadable,
        "problems": problems[:50],
        "unfinished": checks["unfinished"],
        "orphan_tables": sum(1 for table, _ in stored if table not in known),
        "create_retries": counts["create retries"],
        "other_answers": dict(answers),
        "sigterm_seconds": sigterm_seconds,
        "restarted": server.starts,
        "server_tracebacks": server.tracebacks(),
    }
    print(
        f"  {len(humans)} games of clients and {result['bot_games']} of bots through "
        f"{len(outages)} outages: {checks['acknowledged']} client actions acknowledged "
        f"({result['client_resends']} sent again after 'unavailable'), lost={checks['lost']} "
        f"duplicated={checks['duplicated']} gaps={gaps} unfinished={checks['unfinished']} "
        f"not replaying={len(unreadable)}; stopped (SIGTERM) in {sigterm_seconds:.2f} s and "
        f"started again",
        flush=True,
    )
    return result


# -- main ---------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    model = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    import starlette
    import uvicorn
    import websockets

    import cardrules

    source = Path(cardrules.__file__).resolve().parent.parent
    commit = subprocess.run(
        ["git", "-C", str(source), "rev-parse", "HEAD"], capture_output=True, text=True
    )
    changed = subprocess.run(
        ["git", "-C", str(source), "status", "--porcelain", "--", "cardrules", "variants"],
        capture_output=True,
        text=True,
    )
    return {
        "cardrules_source": str(source),
        "commit": commit.stdout.strip() or None,
        "changed_files": changed.stdout.split("\n")[:-1] if commit.stdout else None,
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "cpu_model": model,
        "load_average_at_start": os.getloadavg(),
        "uvicorn": uvicorn.__version__,
        "starlette": starlette.__version__,
        "websockets": websockets.__version__,
    }


def busy_jiffies() -> int:
    """Clock ticks the machine's cores have spent busy since boot (Linux; 0 elsewhere)."""
    with contextlib.suppress(OSError, ValueError):
        ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
        return sum(ticks[:3]) + ticks[5] + ticks[6]  # user, nice, system, irq, softirq
    return 0


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {
        "machine": machine(),
        "note": args.note,
        "arguments": {**vars(args), "database": [shown_url(u) for u in args.database]},
        "parts": {},
    }
    runners: dict[str, Callable[[argparse.Namespace, Path], Awaitable[dict[str, Any]]]] = {
        "bots": part_bots,
        "humans": part_humans,
        "faults": part_faults,
        "bad": part_bad,
        "slow": part_slow,
        "budget": part_budget,
        "admission": part_admission,
        "outage": part_outage,
    }
    folder = Path(tempfile.mkdtemp(prefix="cardrules-server-bench-"))
    default = [p for p in PARTS if p != "outage" or args.pg_ctl]
    try:
        for part in args.parts or default:
            print(f"== {part} ==", flush=True)
            sub = folder / part
            sub.mkdir()
            started, load, busy = time.monotonic(), os.getloadavg(), busy_jiffies()
            client = time.process_time()
            try:
                results["parts"][part] = await runners[part](args, sub)
            except Exception as exc:  # the other parts still run; the run fails
                traceback.print_exc()
                results["parts"][part] = {"error": f"{type(exc).__name__}: {exc}"}
            seconds = time.monotonic() - started
            results["parts"][part]["load_average_at_start"] = load
            results["parts"][part]["load_average_at_end"] = os.getloadavg()
            # Cores busy on the whole machine (this script, its servers and anything else).
            results["parts"][part]["machine_busy_cores"] = (
                (busy_jiffies() - busy) / os.sysconf("SC_CLK_TCK") / seconds
            )
            results["parts"][part]["client_cpu"] = (time.process_time() - client) / seconds
            results["parts"][part]["run_seconds"] = seconds
            print(f"  ({time.monotonic() - started:.0f} s)", flush=True)
    finally:
        if args.keep:
            print(f"(server folders kept in {folder})")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    return results


def summary(results: dict[str, Any]) -> list[str]:
    """The verdicts, one a line; the exit status is 1 if any failed."""
    parts, failures = results["parts"], []
    if "bots" in parts and not parts["bots"]["largest_sustained"]:
        failures.append("bots: not even the first rung was sustained")
    for name, part in parts.items():
        if "error" in part:
            failures.append(f"{name}: {part['error']}")
    faults = [(f"faults ({f['database']})", f) for f in parts.get("faults", {}).get("runs", [])]
    if "outage" in parts and "error" not in parts["outage"]:
        faults.append(("outage", parts["outage"]))
    for name, f in faults:
        if f["lost"] or f["duplicated"] or f["views_not_on_record"] or f["unfinished"]:
            failures.append(f"{name}: an action lost or duplicated, or a game unfinished")
        if f["records_not_replaying"] or f["length_mismatch"]:
            failures.append(f"{name}: records not replaying: {f['records_not_replaying']}")
    if "outage" in parts and "error" not in parts["outage"]:
        o = parts["outage"]
        if o["gaps"] or o["stored_actions"] != o["actions"]:
            failures.append(f"outage: {o['gaps']} tables with a gap in the store")
        if o["orphan_tables"]:  # a table stored though its POST was refused
            failures.append(f"outage: {o['orphan_tables']} tables nobody was given")
        for one in o["outages"]:
            if one["not_served_again"] or one["created_again_s"] is None:
                failures.append(f"outage (-m {one['mode']}): tables not served again")
            if one["get_while_down"] != 200 or one["post_while_down"] != 503:
                failures.append(
                    f"outage (-m {one['mode']}): while down GET answered "
                    f"{one['get_while_down']}, POST {one['post_while_down']}"
                )
    if "slow" in parts and "error" not in parts["slow"]:
        for game in parts["slow"]["games"]:
            readers = game["setup"] == "non-readers"
            if game["dropped_logged"] != (3 if readers else 0):
                failures.append(f"slow: {game['dropped_logged']} sockets dropped ({game['setup']})")
            codes = game["close_codes"]
            if readers and (codes["spectator"], codes["seat"]) != (1013, 1013):
                failures.append(f"slow: the non-readers found {game['close_codes']}")
            if not game["record_replays"]:
                failures.append(f"slow: a record ({game['setup']}) does not replay")
            if game["get_max_ms"] > 1000:
                failures.append(f"slow: GET took {game['get_max_ms']:.0f} ms ({game['setup']})")
        rates = {r["setup"]: r["actions_per_second"] for r in parts["slow"]["setups"]}
        if rates.get("non-readers", 1) < 0.5 * rates.get("alone", 0):
            failures.append(f"slow: the table was held up by the non-readers: {rates}")
    if "budget" in parts and "error" not in parts["budget"]:
        b = parts["budget"]
        for one in b["spellings"]:
            if not one["ok"]:
                failures.append(f"budget: {one['seat']!r} answered {one['status']} {one['code']}")
        # Held up by the mc bots' thinking (2 s a decision), the rule table would take a
        # fraction of an action a second; sharing the cores with their workers, it plays on.
        beside = b["rule_beside_mc"]
        if beside["actions_per_second"] < 0.1 * b["rule_alone"]["actions_per_second"]:
            failures.append(f"budget: the mc tables held the rule table up: {beside}")
        if beside["get_max_ms"] > 1000:
            failures.append(f"budget: GET took {beside['get_max_ms']:.0f} ms beside the mc tables")
        if b["sigterm_seconds"] > 15 or b["children_left"]:
            failures.append(
                f"budget: SIGTERM took {b['sigterm_seconds']:.1f} s, "
                f"{b['children_left']} processes left"
            )
    if "admission" in parts and "error" not in parts["admission"]:
        for run in parts["admission"]["runs"]:
            if run["refusals_malformed"]:
                failures.append(f"admission: {run['refusals_malformed']} 503s without Retry-After")
            unanswered = run["asked"] - run["created"] - run["refused"]
            if unanswered:
                failures.append(f"admission ({run['label']}): {unanswered} POSTs not answered")
            held = run["created"] + run["human_tables"]
            if held > run["max_tables"]:
                failures.append(
                    f"admission ({run['label']}): {held} tables held, over --max-tables "
                    f"{run['max_tables']}"
                )
    if "bad" in parts and "error" not in parts["bad"]:
        for row in parts["bad"]["kinds"]:
            if row["refused"] != row["tries"] or not row["table_unchanged"]:
                failures.append(f"bad: {row['kind']}: {row['answers']}")
        if not parts["bad"]["server_alive_after"]:
            failures.append("bad: the server stopped answering")
    for name, part in parts.items():
        for run in [part, *part.get("rungs", []), *part.get("runs", [])]:
            if run.get("server_tracebacks"):
                failures.append(f"{name}: the server logged {run['server_tracebacks'][:3]}")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(
        description="The table server's figures (docs/server-figures.rst).",
        epilog=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "parts", nargs="*", help=f"some of {', '.join(PARTS)} (all; outage with --pg-ctl)"
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run of about a minute")
    parser.add_argument("--json", metavar="PATH", help="write every figure there")
    parser.add_argument("--keep", action="store_true", help="keep the servers' folders (logs)")
    parser.add_argument("--seed", type=int, default=1, help="of the clients' choices (1)")
    parser.add_argument("--note", help="words kept in the JSON (the commit measured...)")
    parser.add_argument("--profile", default="callbreak-strict", help="of bots and humans")
    group = parser.add_argument_group("bots")
    group.add_argument("--ladder", help="table counts (25,50,100,200,400,800; quick 10,25)")
    group.add_argument("--bot-delay", type=float, default=0.5, help="seconds (0.5)")
    group.add_argument("--threshold", type=float, default=0.9, help="of the demand (0.9)")
    group.add_argument("--warmup", type=float, help="seconds before measuring (10; quick 2)")
    group.add_argument("--window", type=float, help="seconds measured (30; quick 4.25)")
    group.add_argument("--probes", type=int, default=8, help="tables timed by a spectator (8)")
    group.add_argument(
        "--refine", type=int, help="rungs halving the gap after the first failure (2; quick 0)"
    )
    group = parser.add_argument_group("humans")
    group.add_argument("--clients", type=int, help="human seats played at once (200; quick 20)")
    group.add_argument("--humans-per-table", help="the layouts: 4 and/or 1 (4,1; quick 4)")
    group.add_argument("--think", help="think times, seconds (0,1; quick 0,0.2)")
    group.add_argument("--duration", type=float, help="seconds measured (30; quick 4.25)")
    group.add_argument(
        "--humans-bot-delay", type=float, default=0.5, help="of the bots beside them (0.5)"
    )
    group = parser.add_argument_group("faults")
    group.add_argument("--fault-games", type=int, help="games (100; quick 10)")
    group.add_argument("--in-flight", type=int, help="games at once (10; quick 5)")
    group.add_argument("--fault-profile", default="spades-openspiel", help="(spades-openspiel)")
    group.add_argument("--kill-after", default="0.2,1.5", help="seconds, uniform (0.2,1.5)")
    group.add_argument("--fault-think", type=float, default=0.1, help="at most, seconds (0.1)")
    group.add_argument("--fault-bot-delay", type=float, default=0.05, help="seconds (0.05)")
    group.add_argument("--fault-timeout", type=float, default=1200.0, help="seconds (1200)")
    group.add_argument(
        "--database",
        action="append",
        metavar="URL",
        help="a database to run on: 'sqlite' (a file of its own) or a postgresql:// URL of an "
        "empty database; again for more (sqlite)",
    )
    group = parser.add_argument_group("bad")
    group.add_argument("--tries", type=int, help="of each kind (20; quick 2)")
    group = parser.add_argument_group("slow")
    group.add_argument("--slow-profile", default="hearts", help="(hearts)")
    group.add_argument(
        "--slow-options", default='{"target": 200}', help="the table's, JSON (target 200)"
    )
    group.add_argument("--slow-games", type=int, help="games of each set-up (3; quick 1)")
    group.add_argument(
        "--slow-setups",
        help=f"some of {', '.join(SLOW_SETUPS)} (all; quick alone,non-readers)",
    )
    group.add_argument(
        "--slow-pace", type=float, default=0.025, help="seconds before each act (0.025)"
    )
    group.add_argument("--slow-timeout", type=float, default=300.0, help="a game's, s (300)")
    group.add_argument(
        "--slow-close-seconds", type=float, default=60.0, help="to read the close code (60)"
    )
    group = parser.add_argument_group("budget")
    group.add_argument(
        "--rule-seconds", type=float, help="four rule bots play for, each way (20; quick 4)"
    )
    group.add_argument("--mc-tables", type=int, help="of four bot:mc:2000ms (4; quick 2)")
    group.add_argument(
        "--bot-processes", type=int, help="the server's --bot-processes (its default)"
    )
    group = parser.add_argument_group("admission")
    group.add_argument("--admission-tables", type=int, help="asked for (1200; quick 40)")
    group.add_argument(
        "--admission-humans", type=int, help="tables of a human, seated first (4; quick 1)"
    )
    group.add_argument(
        "--admission-limits",
        help="servers' --max-tables:--max-lag, by commas (1000:0.5,500:0.5; quick 30:0.5)",
    )
    group.add_argument(
        "--no-limits", default="100000:1000", help="one more, too high to matter (100000:1000)"
    )
    group.add_argument(
        "--admission-think", type=float, default=1.0, help="the humans', seconds (1)"
    )
    group.add_argument(
        "--admission-concurrency", type=int, help="POSTs in flight at once (4; quick 1)"
    )
    group.add_argument(
        "--admission-seconds", type=float, default=900.0, help="to ask in, at most (900)"
    )
    group = parser.add_argument_group("outage (PostgreSQL)")
    group.add_argument(
        "--pg-ctl", metavar="COMMAND", help="stops and starts the cluster: 'pg_ctlcluster 15 main'"
    )
    group.add_argument("--outages", type=int, help="of each mode, immediate and fast (3; quick 1)")
    group.add_argument("--outage-seconds", type=float, help="down each time (5; quick 2)")
    group.add_argument("--outage-play", default="2,4", help="seconds between, uniform (2,4)")
    group.add_argument(
        "--outage-tables", type=int, help="tables of two clients and two bots (8; quick 3)"
    )
    group.add_argument("--outage-bot-tables", type=int, help="tables of four bots (4; quick 2)")
    group.add_argument(
        "--outage-bot-profile", default="callbreak-strict", help="theirs (callbreak-strict)"
    )
    group.add_argument(
        "--outage-resend", type=float, default=0.25, help="an act refused unavailable, s (0.25)"
    )
    group.add_argument(
        "--outage-wait", type=float, default=120.0, help="for tables served again, s (120)"
    )
    args = parser.parse_args()
    args.database = args.database or ["sqlite"]
    for part in args.parts:
        if part not in PARTS:
            parser.error(f"no part {part!r}: the parts are {', '.join(PARTS)}")
    for name, value in DEFAULTS["quick" if args.quick else "full"].items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    started = time.monotonic()
    results = asyncio.run(main_async(args))
    results["run_seconds"] = time.monotonic() - started
    failures = summary(results)
    for failure in failures:
        print(f"FAILED {failure}")
    print(f"({results['run_seconds']:.0f} s in all)")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, default=str) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
