"""The table server against a hostile client and a failing database.

- A socket that never reads (a spectator, a seat) or reads a byte a second is
  dropped (1013) and holds up nobody: the table plays on at full speed and
  ``GET /tables/{id}`` answers at once.
- A bot's budget is read by one parser: no spelling passes the server's cap, and
  the cap holds where the bot thinks; ``mc`` bots think off the event loop.
- A store that fails: the game in memory never holds an action the store does
  not, the store cannot hold a gap, a table whose log does not replay is
  quarantined while the others are served, and bots play on once the store
  answers again (SQLite with a store made to fail here; PostgreSQL stopped and
  started for real where CI gives one).
- Admission: a server at its limit of tables, or running late, answers 503 with
  ``Retry-After``.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import sqlite3
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

if not os.environ.get("CARDRULES_REQUIRE_EXTRAS"):  # CI installs the server extra: no skip
    for module in ("starlette", "uvicorn", "websockets", "sqlalchemy"):
        pytest.importorskip(module)

import cardrules
from cardrules.client import Client, ClientError
from cardrules.errors import CardrulesError
from serving import Server, free_port

BOTS = ["bot:rule"] * 4
#: A PostgreSQL database for the tests (CI starts one), and the command that stops
#: and starts its cluster (``pg_ctlcluster 15 main``).
POSTGRES = os.environ.get("CARDRULES_TEST_POSTGRES")
POSTGRES_CTL = os.environ.get("CARDRULES_TEST_POSTGRES_CTL")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("faults")) as running:
        yield running


def timed_get(url: str) -> float:
    """Seconds a GET takes."""
    start = time.monotonic()
    with urllib.request.urlopen(url, timeout=30) as response:
        response.read()
    return time.monotonic() - start


# -- raw WebSocket clients (a small receive buffer, reading as slowly as asked) --------


def raw_socket(port: int, path: str, *, rcvbuf: int = 2048) -> socket.socket:
    """A WebSocket opened by hand on a TCP socket with a small receive buffer."""
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
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def send_text(sock: socket.socket, text: str) -> None:
    """One masked text frame (short)."""
    data = text.encode()
    assert len(data) < 126
    mask = os.urandom(4)
    sock.sendall(
        bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))
    )


def close_code(sock: socket.socket, deadline: float = 60.0) -> int | None:
    """Read everything the server sent until it closes: the close frame's code (None if
    the connection ended without one)."""
    sock.settimeout(deadline)
    data = bytearray()
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            chunk = sock.recv(65536)
        except (TimeoutError, ConnectionResetError):
            break
        if not chunk:
            break
        data += chunk
    i = 0
    while i + 2 <= len(data):  # walk the frames
        opcode, length = data[i] & 0x0F, data[i + 1] & 0x7F
        i += 2
        if length == 126:
            length = int.from_bytes(data[i : i + 2], "big")
            i += 2
        elif length == 127:
            length = int.from_bytes(data[i : i + 8], "big")
            i += 8
        if opcode == 0x8 and length >= 2:
            return int.from_bytes(data[i : i + 2], "big")
        i += length
    return None


# -- 1. slow readers --------------------------------------------------------------------


@pytest.mark.slow
def test_sockets_that_do_not_read_hold_up_nobody(server: Server) -> None:
    """A spectator that never reads, a seat's socket that never reads and one that reads a
    byte a second, all asking for pictures (the largest views): the table plays on at
    full speed to the end of a whole Hearts game, GET answers at once throughout, and
    all three are dropped with 1013."""
    client = Client(server.url)
    table = client.create_table("hearts", ["human", *BOTS[1:]], seed=5)
    table_id, token = table["table"], table["tokens"]["0"]
    path = f"/tables/{table_id}/ws"
    spectator = raw_socket(server.port, path)
    send_text(spectator, json.dumps({"type": "join", "pictures": True}))
    idle_seat = raw_socket(server.port, path)
    send_text(idle_seat, json.dumps({"type": "join", "token": token, "pictures": True}))
    trickle = raw_socket(server.port, path)
    send_text(trickle, json.dumps({"type": "join", "pictures": True}))
    stop = threading.Event()

    def read_a_byte_a_second() -> None:
        while not stop.wait(1.0):
            try:
                trickle.recv(1)
            except OSError:
                return

    reader = threading.Thread(target=read_a_byte_a_second, daemon=True)
    reader.start()
    seat = client.join(table_id, token)
    slowest = 0.0
    started = time.monotonic()
    actions = 0
    while seat.wait_turn(timeout=30)["view"]["phase"] != "finished":
        time.sleep(0.025)  # within the socket's rate (50 a second)
        assert seat.act(seat.view["legal"][0])["type"] == "accepted"
        actions += 1
        if actions % 20 == 0:
            slowest = max(slowest, timed_get(f"{server.url}/tables/{table_id}"))
        assert time.monotonic() - started < 180, "the table stopped"
    stop.set()
    info = client.table(table_id)
    game = cardrules.Game.from_json(client.record(table_id))
    assert info["finished"] and info["seq"] == len(game.actions) > 500
    assert slowest < 1.0, f"GET /tables/{{id}} took {slowest:.2f} s"
    # all three: a byte a second is far too slow for views with pictures
    assert server.log().count(f"a socket of {path} is dropped (1013)") == 3, server.log()
    codes: dict[str, int | None] = {}
    readers = [
        threading.Thread(target=lambda s=s, k=k: codes.__setitem__(k, close_code(s)))
        for k, s in (("spectator", spectator), ("seat", idle_seat))
    ]
    for thread in readers:
        thread.start()
    for thread in readers:
        thread.join(90)
    assert codes == {"spectator": 1013, "seat": 1013}
    trickle.close()
    reader.join(5)
    assert "Traceback" not in server.log()


# -- 2. the bot budget ------------------------------------------------------------------


@pytest.mark.parametrize(
    "seat",
    [
        "bot:MC:100000",
        "bot:Mc:3600000ms",
        "bot: mc:100000",
        "bot:\tmc:5000",
        "bot:mC:201",
        "bot:mc:2001ms",
        "BOT:mc:100000",
        "bot:mc:1e9",
    ],
)
def test_no_spelling_passes_the_bot_budget(server: Server, seat: str) -> None:
    client = Client(server.url)
    with pytest.raises(ClientError) as refused:
        client.create_table("callbreak-strict", ["human", seat, "bot:rule", "bot:rule"])
    assert refused.value.status == 400 and refused.value.code == "invalid"


def test_a_bot_is_stored_in_one_spelling(server: Server) -> None:
    created = Client(server.url).create_table(
        "callbreak-strict", ["Human", " bot:MC:5", "bot:RULE", "bot:rule "]
    )
    assert created["seats"] == ["human", "bot:mc:5", "bot:rule", "bot:rule"]
    assert Client(server.url).table(created["table"])["seats"] == created["seats"]


def test_the_cap_holds_where_the_bot_thinks() -> None:
    """A seat stored before the cap (or written into the database by hand) still thinks
    within it: worlds and milliseconds."""
    from cardrules.engine.bots import parse_bot
    from cardrules.server.thinking import MAX_MC_MS, MAX_MC_SAMPLES, capped

    worlds = capped(parse_bot("mc:100000"))
    assert worlds.samples == MAX_MC_SAMPLES and worlds.seconds == MAX_MC_MS / 1000
    timed = capped(parse_bot("mc:3600000ms"))
    assert timed.seconds == MAX_MC_MS / 1000
    assert capped(parse_bot("mc:20")).samples == 20
    assert capped(parse_bot("rule")) == parse_bot("rule")


def test_mc_bots_think_off_the_event_loop(tmp_path: Path) -> None:
    """Tables of mc bots at the server's largest budget do not stop a table of rule bots,
    and the server stops promptly on SIGTERM while they think."""
    with Server(tmp_path, "--bot-processes", "1") as running:
        client = Client(running.url)
        for i in range(3):
            client.create_table("callbreak-strict", ["bot:mc:2000ms"] * 4, seed=10 + i)
        time.sleep(1.0)  # the mc tables are thinking
        rules_table = client.create_table("callbreak-strict", BOTS, seed=9)
        deadline = time.monotonic() + 60
        while not client.table(rules_table["table"])["finished"]:
            assert time.monotonic() < deadline, "the rule bots were held up"
            time.sleep(0.2)
        slowest = max(timed_get(f"{running.url}/tables/{rules_table['table']}") for _ in range(5))
        assert slowest < 1.0
        assert running.process is not None
        start = time.monotonic()
        running.stop()
        assert time.monotonic() - start < 15


def _children(pid: int) -> set[int]:
    """The processes ``pid`` started (and theirs)."""
    found: set[int] = set()
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return found
    for child in map(int, text.split()):
        found |= {child, *_children(child)}
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.parametrize("how", ["stop", "kill"])
def test_the_bots_processes_end_with_the_server(tmp_path: Path, how: str) -> None:
    """Stopped (SIGTERM) or killed (SIGKILL) while mc bots think: no worker is left behind."""
    running = Server(tmp_path, "--bot-processes", "1").start()
    try:
        Client(running.url).create_table("callbreak-strict", ["bot:mc:2000ms"] * 4, seed=1)
        assert running.process is not None
        deadline = time.monotonic() + 30
        while not (workers := _children(running.process.pid)):
            assert time.monotonic() < deadline, "no worker process started"
            time.sleep(0.1)
        running.kill() if how == "kill" else running.stop()
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < deadline, "a worker outlived the server"
            time.sleep(0.1)
    finally:
        running.stop()


# -- 3. a store that fails --------------------------------------------------------------


def test_the_store_refuses_a_gap_and_a_duplicate(tmp_path: Path) -> None:
    from cardrules.server.store import Store, StoreConflict

    store = Store(f"sqlite:///{tmp_path / 's.sqlite3'}")
    store.create(
        "t",
        profile="callbreak-strict",
        options={},
        deals=None,
        seed=1,
        seats=BOTS,
        token_hashes=[None] * 4,
    )
    store.append("t", 0, 0, "bid 3", finished=False)
    with pytest.raises(StoreConflict):
        store.append("t", 2, 1, "bid 3", finished=False)  # action 1 is missing
    with pytest.raises(StoreConflict):
        store.append("t", 0, 1, "bid 3", finished=False)  # action 0 is stored
    store.append("t", 1, 1, "bid 3", finished=False)
    stored = store.load("t")
    assert stored is not None and stored.actions == [(0, "bid 3"), (1, "bid 3")]
    store.close()


def test_a_database_made_before_table_bot_delays_is_read_and_gets_them(tmp_path: Path) -> None:
    """A database of the first release (no ``bot_delay`` column, no invitations) opens,
    its tables load (their bots at the server's delay), and new tables keep theirs."""
    from cardrules.server.store import Store

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(
            """
            CREATE TABLE cardrules_tables (id VARCHAR(32) PRIMARY KEY, profile VARCHAR(64)
              NOT NULL, options TEXT NOT NULL, deals INTEGER, seed BIGINT NOT NULL, seats TEXT
              NOT NULL, token_hashes TEXT NOT NULL, created FLOAT NOT NULL, finished BOOLEAN
              NOT NULL);
            CREATE TABLE cardrules_actions (table_id VARCHAR(32) NOT NULL REFERENCES
              cardrules_tables (id), n INTEGER NOT NULL, seat INTEGER NOT NULL, action
              VARCHAR(64) NOT NULL, PRIMARY KEY (table_id, n));
            INSERT INTO cardrules_tables VALUES ('old', 'callbreak-strict', '{}', NULL, 1,
              '["bot:rule", "bot:rule", "bot:rule", "bot:rule"]', '[null, null, null, null]',
              0, 0);
            """
        )
    store = Store(f"sqlite:///{path}")
    old = store.load("old")
    assert old is not None and old.bot_delay is None and old.actions == []
    store.create(
        "new",
        profile="callbreak-strict",
        options={},
        deals=None,
        seed=2,
        seats=["human", *BOTS[1:]],
        token_hashes=["a" * 64, None, None, None],
        invite_hashes=["b" * 64, None, None, None],
        bot_delay=0.5,
    )
    new = store.load("new")
    assert new is not None and new.bot_delay == 0.5
    assert store.claim("new", "c" * 64) is None
    assert store.claim("old", "b" * 64) is None
    assert store.claim("new", "b" * 64) == 0
    assert store.claim("new", "b" * 64) is None  # once
    store.close()
    Store(f"sqlite:///{path}").close()  # opened again: nothing to add


class Outage:
    """A store made to fail (every call raises) while ``down`` is set: a database that
    does not answer."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from cardrules.server import store as store_module

        self.down = threading.Event()
        for name in ("append", "load", "ids", "create"):
            original = getattr(store_module.Store, name)
            monkeypatch.setattr(store_module.Store, name, self._failing(original))

    def _failing(self, original: Any) -> Any:
        def call(store: Any, *args: Any, **kw: Any) -> Any:
            if self.down.is_set():
                raise OSError("the database does not answer")
            return original(store, *args, **kw)

        return call


class InProcess:
    """The server in a thread of the test (so that its store can be made to fail)."""

    def __init__(self, database: str, **kw: Any) -> None:
        import uvicorn

        from cardrules.server.app import create_app

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            create_app(database, allow_seed=True, **kw),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> InProcess:
        self.thread.start()
        deadline = time.monotonic() + 30
        while True:
            try:
                Client(self.url).profiles()
                return self
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.05)

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)


def stored_actions(database: str, table_id: str) -> list[int]:
    from cardrules.server.store import Store

    store = Store(database)
    try:
        stored = store.load(table_id)
        assert stored is not None
        return list(range(len(stored.actions)))
    finally:
        store.close()


def _outage_then_back(url: str, stop: Any, start: Any) -> None:
    """The store stops while a seat acts: the seat is told ``unavailable`` (the socket
    stays open), GET and a new spectator show the stored seq, the table takes no
    action until the store answers; then play goes on with no gap, bots included."""
    client = Client(url)
    human = client.create_table("callbreak-strict", ["human"] * 4, seed=3)
    bots = client.create_table("callbreak-strict", BOTS, seed=4, deals=None)
    seats = {s: client.join(human["table"], token) for s, token in human["tokens"].items()}

    def act_once() -> dict[str, Any]:
        for _ in range(100):
            for seat in seats.values():
                seat.view = _latest(seat)
                if seat.view["legal"]:
                    answer: dict[str, Any] = seat.act(seat.view["legal"][0])
                    return answer
        raise AssertionError("nobody to act")

    for _ in range(7):
        assert act_once()["type"] == "accepted"
    stop()
    answer = act_once()
    assert answer == {**answer, "type": "error", "code": "unavailable"}, answer
    assert client.table(human["table"])["seq"] == 7
    assert client.join(human["table"], None).view["seq"] == 7
    again = act_once()  # closed to play while the store does not answer
    assert again["type"] == "error" and again["code"] == "unavailable"
    bots_seq = client.table(bots["table"])["seq"]
    time.sleep(0.5)
    assert client.table(bots["table"])["seq"] == bots_seq  # bots wait for the store too
    start()
    deadline = time.monotonic() + 60
    while True:  # served again within seconds of the store's return
        answer = act_once()
        if answer["type"] == "accepted":
            break
        assert answer["code"] == "unavailable" and time.monotonic() < deadline
        time.sleep(0.5)
    assert answer["seq"] == 8
    while not client.table(human["table"])["finished"]:
        assert act_once()["type"] == "accepted"
    while not client.table(bots["table"])["finished"]:  # the bots played on
        assert time.monotonic() < deadline + 120
        time.sleep(0.2)
    for created in (human, bots):
        game = cardrules.Game.from_json(client.record(created["table"]))  # no gap: it replays
        assert client.table(created["table"])["seq"] == len(game.actions)


def _latest(seat: Any) -> dict[str, Any]:
    """The seat's latest view (every message waiting read)."""
    try:
        while True:
            message = seat.receive(timeout=0.005)
            if message["type"] == "view":
                seat.view = message
    except TimeoutError:
        pass
    view: dict[str, Any] = seat.view
    return view


@pytest.mark.slow
def test_an_outage_of_the_store_leaves_no_ghost_and_no_gap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outage = Outage(monkeypatch)
    database = f"sqlite:///{tmp_path / 't.sqlite3'}"
    with InProcess(database, bot_delay=0.02) as running:  # the bots' game outlasts the outage
        _outage_then_back(running.url, outage.down.set, outage.down.clear)


@pytest.mark.skipif(
    not (POSTGRES and POSTGRES_CTL), reason="CARDRULES_TEST_POSTGRES(_CTL) is not set"
)
@pytest.mark.parametrize("mode", ["immediate", "fast"])
def test_postgres_stopped_and_started_mid_game(tmp_path: Path, mode: str) -> None:
    """PostgreSQL stopped (``-m immediate``, or ``-m fast``) while a seat acts and bots
    play; started again: nothing lost, no gap, bots resume, the server restarts."""
    assert POSTGRES and POSTGRES_CTL
    ctl = POSTGRES_CTL.split()

    def stop() -> None:
        subprocess.run([*ctl, "stop", "-m", mode], check=True)

    def start() -> None:
        subprocess.run([*ctl, "start"], check=True)

    server = Server(tmp_path, "--bot-delay", "0.02", database=POSTGRES).start()
    try:
        _outage_then_back(server.url, stop, start)
        server.stop()
        server.start()  # a restart over what the outage left
        assert "Traceback" not in server.log()
    finally:
        subprocess.run([*ctl, "start"], check=False, capture_output=True)
        server.stop()


def test_a_table_whose_log_does_not_replay_is_quarantined(tmp_path: Path) -> None:
    """Start-up never fails because of one table: the table is logged with its id and
    out of service (409), and the others are served."""
    server = Server(tmp_path).start()
    try:
        client = Client(server.url)
        good = client.create_table("callbreak-strict", ["human", *BOTS[1:]], seed=1)
        bad = client.create_table("callbreak-strict", ["human", *BOTS[1:]], seed=2)
    finally:
        server.stop()
    with sqlite3.connect(server.path) as db:  # a row no game accepts, after the others
        (n,) = db.execute(
            "SELECT count(*) FROM cardrules_actions WHERE table_id = ?", (bad["table"],)
        ).fetchone()
        db.execute(
            "INSERT INTO cardrules_actions (table_id, n, seat, action) VALUES (?, ?, 0, ?)",
            (bad["table"], n, "play ZZ"),
        )
    server.start()
    try:
        client = Client(server.url)
        assert client.table(good["table"])["seq"] >= 0
        seat = client.join(good["table"], good["tokens"]["0"])
        assert seat.view["seq"] == client.table(good["table"])["seq"]
        with pytest.raises(ClientError) as out:
            client.table(bad["table"])
        assert out.value.status == 409 and out.value.code == "quarantined"
        assert bad["table"] in server.log() and "quarantined" in server.log()
    finally:
        server.stop()


def test_a_locked_database_file_does_not_hold_up_reads_of_tables_in_memory(
    tmp_path: Path,
) -> None:
    """Another process holds the SQLite file's write lock while a seat's action waits to
    be committed: GET of the table (in memory) answers at once, with the table as
    stored; once the lock is let go, the action is stored and acknowledged."""
    with Server(tmp_path) as running:
        client = Client(running.url)
        table = client.create_table("callbreak-strict", ["human", *BOTS[1:]], seed=3)
        seat = client.join(table["table"], table["tokens"]["0"])
        view = seat.wait_turn()
        with sqlite3.connect(running.path, timeout=1, isolation_level=None) as other:
            other.execute("BEGIN EXCLUSIVE")
            try:
                seat.send({"type": "act", "action": view["legal"][0], "seq": view["seq"]})
                time.sleep(0.3)  # the commit waits for the lock, under the table's lock
                start = time.monotonic()
                info = client.table(table["table"])
                took = time.monotonic() - start
            finally:
                other.execute("ROLLBACK")
        assert took < 1.0, f"GET waited {took:.2f} s on the store"
        assert info["seq"] == view["seq"]  # as stored: not the action being committed
        answer = seat.receive(timeout=15)
        while answer["type"] == "view":
            answer = seat.receive(timeout=15)
        assert answer["type"] == "accepted", answer


def test_a_read_only_database_is_said_in_words(tmp_path: Path) -> None:
    from cardrules.server.store import Store

    path = tmp_path / "ro.sqlite3"
    Store(f"sqlite:///{path}").close()
    with pytest.raises(CardrulesError, match=r"(?i)read-?only"):
        Store(f"sqlite:///file:{path}?mode=ro&uri=true")
    from cardrules.cli import main

    missing = tmp_path / "no-such-folder" / "t.sqlite3"
    code = main(["serve", "--database", f"sqlite:///{missing}", "--port", str(free_port())])
    assert code == 1


# -- 7. admission -----------------------------------------------------------------------


def test_a_server_at_its_limit_answers_503_with_retry_after(tmp_path: Path) -> None:
    with Server(tmp_path, "--max-tables", "3") as running:
        client = Client(running.url)
        for _ in range(3):
            client.create_table("callbreak-strict", ["human", *BOTS[1:]])
        request = urllib.request.Request(
            running.url + "/tables",
            data=json.dumps({"profile": "callbreak-strict", "seats": BOTS}).encode(),
            method="POST",
        )
        with pytest.raises(urllib.error.HTTPError) as busy:
            urllib.request.urlopen(request, timeout=30)
        assert busy.value.code == 503
        assert int(busy.value.headers["Retry-After"]) >= 1
        assert json.loads(busy.value.read())["code"] == "busy"


def test_a_late_event_loop_refuses_new_tables() -> None:
    """The lag the server measures decides: past ``max_lag``, ``busy`` with a retry time."""
    from cardrules.server.store import Store
    from cardrules.server.tables import Hub, ServerError

    hub = Hub(Store("sqlite://"), max_lag=0.25)
    hub.admit()
    hub.lag = 0.8
    with pytest.raises(ServerError) as busy:
        hub.admit()
    assert busy.value.code == "busy" and busy.value.retry_after is not None


def test_tables_asked_for_at_once_do_not_overshoot_the_limit(tmp_path: Path) -> None:
    """Eight POSTs at once to a server that holds three tables: three are created, every
    other one is refused 503 (a table being stored counts)."""
    from concurrent.futures import ThreadPoolExecutor

    with Server(tmp_path, "--max-tables", "3") as running:
        client = Client(running.url)

        def ask(_: int) -> int:
            try:
                client.create_table("callbreak-strict", ["human", *BOTS[1:]])
            except ClientError as exc:
                return exc.status
            return 201

        with ThreadPoolExecutor(8) as pool:
            answers = sorted(pool.map(ask, range(8)))
        assert answers == [201, 201, 201] + [503] * 5, answers
