"""The table server's figures (docs/server-figures.rst): load, faults and bad input,
measured on loopback against ``cardrules serve`` in a child process.

Run by hand (not a test)::

    .venv/bin/pip install -q -e '.[dev]'     # or '.[server]'
    .venv/bin/python benchmarks/server.py --json server.json     # every part, ~12 minutes
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
    same SQLite file, over and over; the clients reconnect with their tokens
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

The JSON (``--json PATH``) holds every figure and the arguments.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import datetime
import itertools
import json
import os
import platform
import random
import secrets
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardrules.server import testing

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("bots", "humans", "faults", "bad")

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
    },
    "quick": {
        "ladder": "10,25",
        "refine": 0,
        "warmup": 2.0,
        "window": 4.0,
        "clients": 20,
        "humans_per_table": "4",
        "think": "0,0.2",
        "duration": 4.0,
        "fault_games": 10,
        "in_flight": 5,
        "tries": 2,
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
        with contextlib.closing(sqlite3.connect(self.path, timeout=30)) as db:
            tables = db.execute("SELECT count(*) FROM cardrules_tables").fetchone()[0]
            actions = db.execute("SELECT count(*) FROM cardrules_actions").fetchone()[0]
        return int(tables), int(actions)

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        with contextlib.closing(sqlite3.connect(self.path, timeout=30)) as db:
            return list(db.execute(sql))


# -- HTTP and sockets ----------------------------------------------------------


def http(
    method: str, url: str, body: bytes | None = None, timeout: float = 30
) -> tuple[int, bytes]:
    """(status, body); status 0 when the connection failed."""
    request = urllib.request.Request(
        url, data=body, method=method, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()
    except OSError:
        return 0, b""


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
) -> None:
    from websockets.exceptions import WebSocketException

    highest = -1
    while time.monotonic() < deadline:
        try:
            async with connect(server.ws(log.table)) as ws:
                log.connections += 1
                log.seqs.append("|")
                acted: set[int] = set()  # on this connection: each seq at most once
                await ws.send(json.dumps({"type": "join", "token": token}))
                while True:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return
                    message = json.loads(await asyncio.wait_for(ws.recv(), left))
                    if message["type"] == "accepted":
                        log.accepted[message["seq"] - 1] = message["action"]
                        continue
                    if message["type"] != "view":
                        log.answers[f"{message['type']}:{message.get('code', '')}"] += 1
                        log.seqs.append(f"{message['type']}:{message.get('code', '')}")
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
                    if message["view"]["phase"] == "finished":
                        log.done = True
                        return
                    if message["legal"] and seq not in acted:
                        acted.add(seq)
                        await asyncio.sleep(rng.uniform(0, think))
                        action = rng.choice(message["legal"])
                        log.sent[seq] = action
                        log.sends += 1
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
) -> None:
    seats = ["human", "bot:rule", "human", "bot:rule"]
    while time.monotonic() < deadline:
        status, created = await ahttp(
            "POST", server.url + "/tables", {"profile": args.fault_profile, "seats": seats}, 10
        )
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
                server, log, created["tokens"][str(log.seat)], args.fault_think, deadline, rng
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
    server = Server(folder, "--bot-delay", str(args.fault_bot_delay))
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
    known = set(tables)
    lived = [sum(1 for k in kills if a < k < b) for a, b in spans]
    print(
        f"  {len(tables)} games, {len(kills)} kills ({sum(1 for n in lived if n)} games through "
        f"one or more), {checks['acknowledged']} client actions acknowledged, "
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

    return {
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


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {"machine": machine(), "arguments": vars(args), "parts": {}}
    runners = {"bots": part_bots, "humans": part_humans, "faults": part_faults, "bad": part_bad}
    folder = Path(tempfile.mkdtemp(prefix="cardrules-server-bench-"))
    try:
        for part in args.parts or PARTS:
            print(f"== {part} ==", flush=True)
            sub = folder / part
            sub.mkdir()
            started, load = time.monotonic(), os.getloadavg()
            results["parts"][part] = await runners[part](args, sub)
            results["parts"][part]["load_average_at_start"] = load
            results["parts"][part]["run_seconds"] = time.monotonic() - started
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
    if "faults" in parts:
        f = parts["faults"]
        if f["lost"] or f["duplicated"] or f["views_not_on_record"] or f["unfinished"]:
            failures.append("faults: an action lost or duplicated, or a game unfinished")
        if f["records_not_replaying"] or f["length_mismatch"]:
            failures.append(f"faults: records not replaying: {f['records_not_replaying']}")
    if "bad" in parts:
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
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("parts", nargs="*", help=f"some of {', '.join(PARTS)} (all)")
    parser.add_argument("--quick", action="store_true", help="a smoke run of about a minute")
    parser.add_argument("--json", metavar="PATH", help="write every figure there")
    parser.add_argument("--keep", action="store_true", help="keep the servers' folders (logs)")
    parser.add_argument("--seed", type=int, default=1, help="of the clients' choices (1)")
    parser.add_argument("--profile", default="callbreak-strict", help="of bots and humans")
    group = parser.add_argument_group("bots")
    group.add_argument("--ladder", help="table counts (25,50,100,200,400,800; quick 10,25)")
    group.add_argument("--bot-delay", type=float, default=0.5, help="seconds (0.5)")
    group.add_argument("--threshold", type=float, default=0.9, help="of the demand (0.9)")
    group.add_argument("--warmup", type=float, help="seconds before measuring (10; quick 2)")
    group.add_argument("--window", type=float, help="seconds measured (30; quick 4)")
    group.add_argument("--probes", type=int, default=8, help="tables timed by a spectator (8)")
    group.add_argument(
        "--refine", type=int, help="rungs halving the gap after the first failure (2; quick 0)"
    )
    group = parser.add_argument_group("humans")
    group.add_argument("--clients", type=int, help="human seats played at once (200; quick 20)")
    group.add_argument("--humans-per-table", help="the layouts: 4 and/or 1 (4,1; quick 4)")
    group.add_argument("--think", help="think times, seconds (0,1; quick 0,0.2)")
    group.add_argument("--duration", type=float, help="seconds measured (30; quick 4)")
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
    group = parser.add_argument_group("bad")
    group.add_argument("--tries", type=int, help="of each kind (20; quick 2)")
    args = parser.parse_args()
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
