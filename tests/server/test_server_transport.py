"""The table server's connections (:mod:`cardrules.server.transport`), over raw sockets on
loopback: a ping flood is closed and costs the server no memory, nor does a flood of
small messages; a client that stops short in a body, or sends text that is not UTF-8,
gets one log line and no traceback; a request's head must come in time and be of a sane
size.  The server keeps serving after each.
"""

from __future__ import annotations

import base64
import os
import socket
import struct
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

if not os.environ.get("CARDRULES_REQUIRE_EXTRAS"):  # CI installs the server extra: no skip
    for module in ("starlette", "uvicorn", "websockets", "sqlalchemy"):
        pytest.importorskip(module)

from cardrules.client import Client
from cardrules.server.transport import READ_SLICE
from serving import Server

HEADER_TIMEOUT = 1.0
PING = 0x9
PONG = 0xA
TEXT = 0x1
CLOSE = 0x8


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("transport")
    with Server(folder, "--header-timeout", str(HEADER_TIMEOUT), "--log-level", "info") as running:
        yield running


@pytest.fixture(scope="module")
def path(server: Server) -> str:
    """The socket path of a table."""
    client = Client(server.url, timeout=30)
    table = client.create_table("callbreak-strict", ["human", "bot:rule", "bot:rule", "bot:rule"])
    return f"/tables/{table['table']}/ws"


# -- helpers ---------------------------------------------------------------------------


def rss_kb(server: Server) -> int:
    """The server's resident memory, KiB (Linux: /proc)."""
    assert server.process is not None
    status = Path(f"/proc/{server.process.pid}/status")
    if not status.exists():
        pytest.skip("no /proc here")
    for line in status.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def serves(server: Server) -> bool:
    with urllib.request.urlopen(server.url + "/protocol.json", timeout=10) as answer:
        return bool(answer.status == 200)


def wait_for_log(server: Server, text: str, seconds: float = 5.0) -> str:
    deadline = time.monotonic() + seconds
    while text not in (log := server.log()):
        assert time.monotonic() < deadline, f"{text!r} not in the log:\n{log[-2000:]}"
        time.sleep(0.05)
    return log


def frame(opcode: int, payload: bytes) -> bytes:
    """A client's frame (masked)."""
    mask = os.urandom(4)
    n = len(payload)
    if n < 126:
        head = bytes([0x80 | opcode, 0x80 | n])
    else:
        head = bytes([0x80 | opcode, 0x80 | 126]) + struct.pack("!H", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def ws_open(server: Server, path: str, *, rcvbuf: int | None = None) -> socket.socket:
    """A raw socket past the WebSocket handshake."""
    sock = socket.socket()
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    head = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    sock.sendall(head.encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(4096)
        assert chunk, answer
        answer += chunk
    assert answer.startswith(b"HTTP/1.1 101"), answer
    assert answer.endswith(b"\r\n\r\n"), "no frame comes before the client speaks"
    return sock


def read_all(sock: socket.socket, seconds: float = 5.0, limit: int = 1 << 22) -> bytes:
    """What the server sends until it closes (or ``seconds`` pass)."""
    data = b""
    deadline = time.monotonic() + seconds
    sock.settimeout(0.5)
    while len(data) < limit and time.monotonic() < deadline:
        try:
            chunk = sock.recv(65_536)
        except TimeoutError:
            continue
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    return data


def frames(data: bytes) -> list[tuple[int, bytes]]:
    """The server's frames (unmasked) in ``data``: (opcode, payload)."""
    out = []
    i = 0
    while i + 2 <= len(data):
        opcode, n = data[i] & 0x0F, data[i + 1] & 0x7F
        i += 2
        if n == 126:
            (n,) = struct.unpack("!H", data[i : i + 2])
            i += 2
        elif n == 127:
            (n,) = struct.unpack("!Q", data[i : i + 8])
            i += 8
        out.append((opcode, data[i : i + n]))
        i += n
    return out


def close_code(frame: tuple[int, bytes]) -> int:
    opcode, payload = frame
    assert opcode == CLOSE, frame
    code: int = struct.unpack("!H", payload[:2])[0]
    return code


def where(sock: socket.socket) -> str:
    """How the server's log names this client."""
    return f"127.0.0.1:{sock.getsockname()[1]} - "


def http_answer(sock: socket.socket, seconds: float = 5.0) -> bytes:
    """An HTTP answer's status line and headers (or what came before the server closed)."""
    data = b""
    deadline = time.monotonic() + seconds
    sock.settimeout(0.5)
    while b"\r\n\r\n" not in data and time.monotonic() < deadline:
        try:
            chunk = sock.recv(65_536)
        except TimeoutError:
            continue
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    return data


def http_response(sock: socket.socket) -> bytes:
    """A whole HTTP response with a ``content-length``, leaving the connection open."""
    data = http_answer(sock)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.lower().split(b"\r\n")
        if line.startswith(b"content-length:")
    )
    while len(body) < length:
        chunk = sock.recv(65_536)
        assert chunk
        body += chunk
    return data


# -- WebSocket: control frames, memory ---------------------------------------------------


def test_a_ping_flood_is_closed_1008(server: Server, path: str) -> None:
    """Pings spend a budget (as many as the messages': a burst of 100 by default); past it
    the socket is closed with 1008, after the pongs of the pings within it."""
    with ws_open(server, path) as sock:
        sock.sendall(frame(PING, b"p" * 125) * 300)
        got = frames(read_all(sock))
        pongs = [payload for opcode, payload in got if opcode == PONG]
        assert 100 <= len(pongs) <= 100 + READ_SLICE // 131 + 1
        assert set(pongs) == {b"p" * 125}
        assert close_code(got[-1]) == 1008
        assert got[-1][1][2:] == b"too many pings"
        log = wait_for_log(server, where(sock) + "WebSocket too many pings: closed (1008)")
        assert log.count(where(sock) + "WebSocket too many pings") == 1
    assert "Traceback" not in server.log()
    assert serves(server)


def test_a_ping_flood_from_a_client_that_reads_nothing_costs_no_memory(
    server: Server, path: str
) -> None:
    """24 MB of pings from a client that reads nothing (it grew the server by 21 MB): the
    socket is closed at once and the server's memory stays within a few MB."""
    before = rss_kb(server)
    with ws_open(server, path, rcvbuf=4096) as sock:
        block = frame(PING, b"x" * 125) * 8000  # 1 MB
        sent = 0
        deadline = time.monotonic() + 10
        sock.settimeout(2)
        with pytest.raises(OSError):  # the server stops reading, closes, resets
            while sent < 24_000_000 and time.monotonic() < deadline:
                sock.sendall(block)
                sent += len(block)
        wait_for_log(server, where(sock) + "WebSocket too many pings: closed (1008)")
    assert sent < 24_000_000
    assert rss_kb(server) - before < 4096
    assert serves(server)


def test_a_flood_of_small_messages_costs_no_memory(server: Server, path: str) -> None:
    """A read of 256 KiB of 8-byte messages (32,000 of them) is parsed a slice at a time,
    not past a message the app has not taken: eight such sockets leave the server's
    memory within a few MB (each grew it by 2 MB)."""
    before = rss_kb(server)
    socks = []
    try:
        for _ in range(8):
            sock = ws_open(server, path)
            sock.sendall(frame(TEXT, b"{}") * 32_000)
            socks.append(sock)
        time.sleep(0.5)
        assert rss_kb(server) - before < 4096
    finally:
        for sock in socks:
            sock.close()
    assert serves(server)


# -- client misbehaviour: one line, no traceback -----------------------------------------


def test_a_body_cut_short_logs_one_line(server: Server) -> None:
    """A POST that sends 10 of 100 declared bytes logged a ClientDisconnect traceback."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(
            b"POST /tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n0123456789"
        )
        time.sleep(0.2)
    line = "POST /tables: the client left after 10 of 100 bytes"
    log = wait_for_log(server, line)
    assert log.count(line) == 1
    assert "Traceback" not in log
    assert "ClientDisconnect" not in log
    assert serves(server)


def test_text_that_is_not_utf8_closes_1007(server: Server, path: str) -> None:
    """A text frame with invalid UTF-8 logged a UnicodeDecodeError traceback."""
    with ws_open(server, path) as sock:
        sock.sendall(frame(TEXT, b'{"type": "join", "token": "\xff\xfe"}'))
        got = frames(read_all(sock))
        assert len(got) == 1
        assert close_code(got[0]) == 1007
        line = where(sock) + "WebSocket invalid UTF-8: closed (1007)"
        log = wait_for_log(server, line)
        assert log.count(line) == 1
    assert "Traceback" not in log
    assert "UnicodeDecodeError" not in log
    assert serves(server)
    with ws_open(server, path) as sock:  # the table's sockets still open
        sock.sendall(frame(TEXT, b'{"type": "join"}'))
        opcode, payload = frames(sock.recv(65_536))[0]
        assert (opcode, payload[:15]) == (TEXT, b'{"type":"view",')


# -- HTTP: a request's head --------------------------------------------------------------


def test_a_head_not_finished_in_time_is_closed(server: Server) -> None:
    """Connections that send part of a head, or nothing, or part of a second request's
    head after a first, are closed ``--header-timeout`` seconds on (they stayed open past
    45 s); a head that takes less is answered."""
    socks = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(20)]
    try:
        for sock in socks[:10]:
            sock.sendall(b"GET /protocol.json HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        second = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        socks.append(second)
        second.sendall(b"GET /tables/none HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert http_response(second).startswith(b"HTTP/1.1 404")
        second.sendall(b"GET /tables/none HTTP/1.1\r\n")  # on the kept-alive connection
        started = time.monotonic()
        for sock in socks:
            assert http_answer(sock, seconds=HEADER_TIMEOUT + 3) == b""
        elapsed = time.monotonic() - started
        assert HEADER_TIMEOUT * 0.8 < elapsed < HEADER_TIMEOUT + 3
    finally:
        for sock in socks:
            sock.close()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as slow:
        for piece in (b"GET /protocol.json HTTP/1.1\r\n", b"Host: 127.0.0.1\r\n", b"\r\n"):
            slow.sendall(piece)
            time.sleep(HEADER_TIMEOUT / 4)
        assert http_answer(slow).startswith(b"HTTP/1.1 200")


def test_a_socket_outlives_the_header_timeout(server: Server, path: str) -> None:
    """The timeout is on a request's head: a WebSocket, once upgraded, is not timed."""
    with ws_open(server, path) as sock:
        sock.sendall(frame(TEXT, b'{"type": "join"}'))
        assert frames(sock.recv(65_536))[0][1].startswith(b'{"type":"view",')
        time.sleep(HEADER_TIMEOUT * 1.5)
        sock.sendall(frame(TEXT, b'{"type": "join"}'))
        answer = b'{"type":"error","code":"already-joined"'
        got = b""
        deadline = time.monotonic() + 5
        while answer not in got and time.monotonic() < deadline:  # views may come first
            got += sock.recv(65_536)
        assert answer in got


@pytest.mark.parametrize("pieces", [1, 10], ids=["one-write", "ten-writes"])
def test_a_100_kb_header_is_refused_431(server: Server, pieces: int) -> None:
    """A 100 KB header line was answered 200: a head is at most 16 KiB, whether it comes
    in one read or in many."""
    head = b"GET /protocol.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 100_000
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        if pieces == 1:
            sock.sendall(head + b"\r\n\r\n")
        else:
            size = len(head) // pieces
            for start in range(0, 2 * size, size):  # more than 16 KiB, then no more
                sock.sendall(head[start : start + size])
                time.sleep(0.1)
        assert http_answer(sock).startswith(b"HTTP/1.1 431 Request Header Fields Too Large")
    assert "Traceback" not in server.log()
    assert serves(server)


def test_a_head_under_the_cap_is_answered(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(
            b"GET /protocol.json HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: "
            + b"c" * 12_000
            + b"\r\n\r\n"
        )
        assert http_answer(sock).startswith(b"HTTP/1.1 200")
