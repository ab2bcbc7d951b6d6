"""The table server (``cardrules serve``), started by the tests on loopback.

Tables by profile name; each seat's socket gets only that seat's view (checked
frame by frame against the library's own view at the same point of the game,
and for hidden cards); refusals cite the rule and change nothing; hostile
messages are refused or dropped; a server killed at any moment resumes every
table from its database with no action lost or repeated.
"""

from __future__ import annotations

import json
import os
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

if not os.environ.get("CARDRULES_REQUIRE_EXTRAS"):  # CI installs the server extra: no skip
    for module in ("starlette", "uvicorn", "websockets", "sqlalchemy"):
        pytest.importorskip(module)

import cardrules
from cardrules.client import Client, ClientError, Seat
from serving import Server

STRICT_SEATS = ["human", "bot:rule", "bot:rule", "bot:rule"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with Server(tmp_path_factory.mktemp("server")) as running:
        yield running


@pytest.fixture
def client(server: Server) -> Client:
    return Client(server.url, timeout=30)


def drain(seat: Seat, wait: float = 0.05) -> list[dict[str, Any]]:
    """Every message waiting on the socket."""
    got = []
    try:
        while True:
            got.append(seat.receive(timeout=wait))
    except TimeoutError:
        return got


def replayed(rules: cardrules.Ruleset, seed: int, actions: list[str], upto: int) -> cardrules.Game:
    game = rules.new_game(seed=seed)
    for action in actions[:upto]:
        game.apply(action)
    return game


def card_words(value: object) -> set[str]:
    """The cards named anywhere in the hands of a view dict (and what it knows)."""
    found: set[str] = set()
    for key in ("hands", "known"):
        for cards in (value.get(key) or {}).values():  # type: ignore[union-attr]
            found.update(cards)
    return found


def check_frames(
    frames: list[dict[str, Any]], rules: cardrules.Ruleset, seed: int, actions: list[str]
) -> int:
    """Every view frame equals the library's view of its seat at its point of the game, and
    holds no card of a hand that seat may not see; the number of frames checked."""
    checked = 0
    for frame in frames:
        if frame["type"] != "view":
            continue
        game = replayed(rules, seed, actions, frame["seq"])
        seat = frame["seat"]
        expected = game.public_view() if seat == -1 else game.view(seat)
        assert frame["view"] == json.loads(expected.to_json())
        assert frame["legal"] == [str(a) for a in expected.legal_actions]
        visible = set(expected.hands)
        hidden = {str(c) for s in range(rules.players) if s not in visible for c in game.hand(s)}
        hidden -= {str(c) for cards in expected.known.values() for c in cards}  # HE: passed
        # A deck of two copies (Doppelkopf): the text of a card the seat sees is not a leak
        # of the other copy (the frame is the library's view, checked above).
        hidden -= {str(c) for s in visible for c in game.hand(s)}
        assert not card_words(frame["view"]) & hidden
        if frame.get("picture"):
            assert not {f">{c}<" for c in hidden} & set(frame["picture"].split())
        checked += 1
    return checked


class Recorder(Seat):
    """A seat that keeps every frame it receives."""

    frames: list[dict[str, Any]]

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        message = super().receive(timeout)
        self.frames.append(message)
        return message


def join(client: Client, table: str, token: str | None, **kw: Any) -> Recorder:
    seat = client.join(table, token, **kw)
    seat.__class__ = Recorder
    assert isinstance(seat, Recorder)
    seat.frames = [seat.view]
    return seat


def play_out(
    seats: list[Recorder], rng: random.Random, deadline: float = 120, wait: float = 0.01
) -> int:
    """Every human seat plays a random legal action on its turn until the game ends
    (``wait``: how long each seat's socket is read for more frames, each round)."""
    limit = time.monotonic() + deadline
    acted = 0
    while seats[0].view["view"]["phase"] != "finished":
        assert time.monotonic() < limit, "the game did not end"
        moved = False
        for seat in seats:
            drain(seat, wait)
            if seat.view["legal"] and seat.view["view"]["phase"] != "finished":
                answer = seat.act(rng.choice(seat.view["legal"]))
                assert answer["type"] == "accepted", answer
                acted += 1
                moved = True
        if not moved:
            drain(seats[0], 0.2)
    return acted


# -- tables ------------------------------------------------------------------


def test_a_whole_callbreak_game_with_bots_and_its_record(client: Client) -> None:
    """A table by profile name: one human seat and three rule bots play a whole game;
    the record is the library's and replays; every frame is the library's view."""
    rules = cardrules.load("callbreak-strict")
    table = client.create_table("callbreak-strict", STRICT_SEATS, seed=11)
    assert set(table["tokens"]) == {"0"} and table["players"] == 4
    seat = join(client, table["table"], table["tokens"]["0"], pictures=True)
    watcher = join(client, table["table"], None)
    acted = play_out([seat], random.Random(1))
    assert acted == 5 * (1 + 13)  # CBS: five deals, a call and 13 cards each
    drain(watcher, 0.3)
    record = client.record(table["table"])
    game = cardrules.Game.from_json(record)
    assert game.phase == "finished" and len(game.deals) == 5
    info = client.table(table["table"])
    assert info["finished"] and info["seq"] == len(game.actions)
    assert check_frames(seat.frames, rules, 11, game.actions) >= acted
    assert check_frames(watcher.frames, rules, 11, game.actions) >= len(game.actions) // 2
    assert all(f["picture"].startswith("<svg") for f in seat.frames if f["type"] == "view")


def test_a_minibridge_deal_declarer_plays_dummy(client: Client) -> None:
    """MB: two human partners; whoever declares plays dummy's cards from its own socket,
    and dummy's hand shows in every view once it is down."""
    rules = cardrules.load("minibridge-ebu", deals=1)
    table = client.create_table(
        "minibridge-ebu", ["human", "bot:rule", "human", "bot:rule"], deals=1, seed=5
    )
    seats = [join(client, table["table"], table["tokens"][s]) for s in ("0", "2")]
    play_out(seats, random.Random(2))
    game = cardrules.Game.from_json(client.record(table["table"]))
    assert game.phase == "finished"
    for seat in seats:
        assert check_frames(seat.frames, rules, 5, game.actions) > 0
    if game.deals[0].contract.declarer in (0, 2):  # type: ignore[attr-defined]
        dummy = game.deals[0].contract.dummy  # type: ignore[attr-defined]
        declarer_frames = [f for s in seats for f in s.frames if f.get("seat") != dummy]
        assert any(str(dummy) in f["view"]["hands"] for f in declarer_frames if f["type"] == "view")


#: House rules that end a game of random players soon, for a profile whose game they may
#: not end (each frame is checked against a replay: the check grows with the square of
#: the game's length): Spades to 500 without its mercy rule (D-7) runs to 100 deals.
ENDING: dict[str, dict[str, Any]] = {"spades": {"use_mercy": True}}


def _short(name: str) -> int | None:
    """The fewest deals ``name`` allows, for a short game (None: its own number)."""
    for deals in (1, 2, 3, 4):
        try:
            cardrules.load(name, deals=deals)
        except cardrules.CardrulesError:
            continue
        return deals
    return None


@pytest.mark.parametrize(
    "name",  # two quick profiles in the fast run, every one under -m slow
    [
        pytest.param(
            n, marks=[] if n in ("minibridge-ebu", "hearts-openspiel") else pytest.mark.slow
        )
        for n in cardrules.profiles()
    ],
)
def test_every_frame_of_bot_games_shows_only_what_its_seat_may_see(
    client: Client, name: str
) -> None:
    """The traffic of a game of every profile (bots at half the seats, a human seat
    played at random, a spectator) recorded frame by frame: each view is the library's
    view of that seat at that point, and holds no card of a hand it may not see."""
    deals = _short(name)
    options = ENDING.get(name, {})
    rules = cardrules.load(name, deals=deals, options=options)
    n = rules.players
    seats = [
        "human" if s % 2 == 0 else ("bot:rule" if s % 4 == 1 else "bot:random") for s in range(n)
    ]
    table = client.create_table(name, seats, options=options, deals=deals, seed=31)
    humans = [join(client, table["table"], table["tokens"][str(s)]) for s in range(0, n, 2)]
    watcher = join(client, table["table"], None)
    play_out(humans, random.Random(31), deadline=240)
    drain(watcher, 0.3)
    game = cardrules.Game.from_json(client.record(table["table"]))
    frames = sum(check_frames(h.frames, rules, 31, game.actions) for h in humans)
    frames += check_frames(watcher.frames, rules, 31, game.actions)
    assert frames > len(game.actions)


@pytest.mark.parametrize(
    "body, words",
    [
        ({"profile": "no-such-game", "seats": ["human"] * 4}, "no-such-game"),
        ({"profile": "../../etc/passwd", "seats": ["human"] * 4}, "not installed"),
        ({"profile": "/etc/hostname", "seats": ["human"] * 4}, "not installed"),
        ({"profile": "x.toml", "seats": ["human"] * 4}, "not installed"),
        ({"profile": "callbreak-strict", "seats": ["human"] * 3}, "4 players"),
        (
            {"profile": "callbreak-strict", "seats": ["human", "bot:genius", "human", "human"]},
            "genius",
        ),
        (
            {"profile": "callbreak-strict", "seats": ["human", "bot:mc:100000", "human", "human"]},
            "budget",
        ),
        ({"profile": "callbreak-strict", "seats": ["robot"] * 4}, "robot"),
        ({"profile": "callbreak-strict", "seats": ["human"] * 4, "options": {"nope": 1}}, "nope"),
        ({"profile": "callbreak-strict", "seats": ["human"] * 4, "deals": 2}, "deals"),
    ],
)
def test_a_table_the_library_refuses_is_a_clear_error(
    client: Client, body: dict[str, Any], words: str
) -> None:
    with pytest.raises(ClientError) as caught:
        client._request("POST", "/tables", body)
    assert caught.value.status == 400 and caught.value.code == "invalid"
    assert words in str(caught.value)


def test_a_mistyped_profile_is_answered_with_the_closest_name(client: Client) -> None:
    """As the CLI does (``cardrules play --profile callbreak-strikt``)."""
    with pytest.raises(ClientError) as caught:
        client.create_table("callbreak-strikt", ["human"] * 4)
    assert caught.value.status == 400 and caught.value.code == "invalid"
    installed = ", ".join(sorted(cardrules.profiles()))
    assert str(caught.value) == (
        "POST /tables: 400: invalid profile: 'callbreak-strikt' is not installed here; "
        f"did you mean 'callbreak-strict'? (GET /profiles lists them: {installed})"
    )


def test_an_invitation_gives_its_seat_token_once(client: Client, server: Server) -> None:
    """The browser table's invitations: each human seat has one, exchanged once (in a
    request's body, never an address) for the seat's token; the tokens of
    ``POST /tables`` are unchanged for the clients that use them."""
    table = client.create_table(
        "callbreak-strict", ["human", "bot:rule", "human", "bot:rule"], seed=5
    )
    assert set(table["invites"]) == set(table["tokens"]) == {"0", "2"}
    assert table["invites"]["2"] not in table["tokens"].values()
    claimed = client.claim(table["table"], table["invites"]["2"])
    assert claimed == {"table": table["table"], "seat": 2, "token": table["tokens"]["2"]}
    with client.join(table["table"], claimed["token"]) as seat:
        assert seat.view["seat"] == 2
    other = client.create_table("callbreak-strict", STRICT_SEATS, seed=6)
    for invite in (table["invites"]["2"], other["invites"]["0"], "x" * 32):
        with pytest.raises(ClientError) as caught:
            client.claim(table["table"], invite)
        assert (caught.value.status, caught.value.code) == (409, "bad-invite")
    with pytest.raises(ClientError) as caught:
        client.claim("no-such-table", table["invites"]["0"])
    assert caught.value.status == 404
    for raw in (b"{", b'{"invite": 3}', b'{"invite": "a", "seat": 0}', b"x" * 2000):
        request = urllib.request.Request(
            f"{server.url}/tables/{table['table']}/claim", data=raw, method="POST"
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code in (400, 413)
    # Seat 0's invitation still works once, and its token is the one POST /tables gave.
    assert client.claim(table["table"], table["invites"]["0"])["token"] == table["tokens"]["0"]


def test_a_table_has_its_own_bot_delay(client: Client) -> None:
    paced = client.create_table("callbreak-strict", STRICT_SEATS, seed=7, bot_delay=0.25)
    assert client.table(paced["table"])["bot_delay"] == 0.25
    plain = client.table(client.create_table("callbreak-strict", STRICT_SEATS, seed=7)["table"])
    assert plain["bot_delay"] == 0 and plain["direction"] == "counterclockwise"
    with pytest.raises(ClientError) as caught:
        client.create_table("callbreak-strict", STRICT_SEATS, bot_delay=60)
    assert caught.value.code == "malformed"


def test_profiles_give_each_option_as_its_family_declares_it(client: Client) -> None:
    """``GET /profiles`` lists what the browser table's house-rules form is made from:
    each option's type, the profile's value, its range or choices, words and rule."""
    listed = {p["name"]: p for p in client.profiles()}
    assert set(listed) == set(cardrules.profiles())
    for name, profile in listed.items():
        rules = cardrules.load(name)
        specs = rules.components.options
        assert [o["name"] for o in profile["options"]] == sorted(specs)
        assert (profile["players"], profile["deals"]) == (rules.players, rules.deals)
        assert profile["direction"] == rules.direction.name
        for option in profile["options"]:
            spec = specs[option["name"]]
            assert (option["description"], option["rule"]) == (spec.description, spec.rule)
            if spec.is_number:
                assert (option["minimum"], option["maximum"]) == (spec.minimum, spec.maximum)
    target = {o["name"]: o for o in listed["callbreak-app"]["options"]}["target_score"]
    assert target == {
        "name": "target_score",
        "type": "decimal",
        "default": 0,
        "choices": [],
        "minimum": 0,
        "maximum": 10000,
        "max_length": None,
        "description": target["description"],
        "rule": "APP-5.1",
    }


def test_protocol_json_is_the_messages_schemas(client: Client, server: Server) -> None:
    from cardrules.server.messages import schemas

    with urllib.request.urlopen(server.url + "/protocol.json", timeout=10) as response:
        served = json.loads(response.read())
    assert served == json.loads(json.dumps(schemas()))
    view = served["ViewMessage"]["$defs"]["SeatView"]["properties"]
    assert {"hands", "totals", "deal_number", "trump", "known"} <= set(view)


def test_malformed_and_oversized_create_requests(client: Client, server: Server) -> None:
    for raw in (
        b"{",
        b"[]",
        b'{"profile": 3, "seats": []}',
        b'{"profile":"x","seats":["human"],"x":1}',
    ):
        request = urllib.request.Request(server.url + "/tables", data=raw, method="POST")
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(request, timeout=10)
        assert caught.value.code == 400
        assert json.loads(caught.value.read())["code"] == "malformed"
    big = json.dumps({"profile": "callbreak-strict", "seats": ["human"] * 4, "pad": "x" * 20_000})
    request = urllib.request.Request(server.url + "/tables", data=big.encode(), method="POST")
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(request, timeout=10)
    assert caught.value.code == 413


def test_the_record_is_given_only_once_the_game_is_over(client: Client) -> None:
    """An unfinished table's record would show every hand."""
    table = client.create_table("callbreak-strict", STRICT_SEATS, seed=2)
    with pytest.raises(ClientError) as caught:
        client.record(table["table"])
    assert caught.value.status == 409
    with pytest.raises(ClientError) as caught:
        client.table("no-such-table")
    assert caught.value.status == 404


# -- refusals and hostile messages ---------------------------------------------


def table_state(client: Client, table: str) -> tuple[int, dict[str, Any]]:
    watcher = client.join(table, None)
    try:
        return watcher.view["seq"], watcher.view["view"]
    finally:
        watcher.close()


def test_an_illegal_card_is_refused_with_its_rule_and_changes_nothing(client: Client) -> None:
    """CBS-3.3 (follow suit) and the other duties: the refusal names the rule, and the
    table stays as it was."""
    for seed in range(40):
        table = client.create_table("callbreak-strict", STRICT_SEATS, seed=seed)
        seat = client.join(table["table"], table["tokens"]["0"])
        seat.act(seat.wait_turn()["legal"][0])  # the call
        view = seat.wait_turn()
        hand = view["view"]["hands"]["0"]
        illegal = [c for c in hand if f"play {c}" not in view["legal"]]
        if illegal:
            break
        seat.close()
    else:
        pytest.fail("no position with an illegal card in 40 deals")
    before = table_state(client, table["table"])
    answer = seat.act(f"play {illegal[0]}")
    assert answer["type"] == "refused", answer
    assert answer["rule"].startswith("CBS-") and answer["seq"] == view["seq"]
    assert f"play {illegal[0]}" in answer["message"]
    assert table_state(client, table["table"]) == before
    for text, words in (("play 1Z", "1Z"), ("dance", "dance"), ("bid 3", "")):
        answer = seat.act(text)
        assert answer["type"] == "refused" and words in answer["message"]
    assert table_state(client, table["table"]) == before


def test_stale_replayed_and_foreign_messages_change_nothing(client: Client, server: Server) -> None:
    table = client.create_table(
        "callbreak-strict", ["human", "human", "bot:rule", "bot:rule"], seed=3
    )
    tokens = table["tokens"]
    north = client.join(table["table"], tokens["0"])
    east = client.join(table["table"], tokens["1"])
    view = north.wait_turn()
    seq = view["seq"]
    # East acts on North's turn: refused (out of turn), nothing changes.
    answer = east.act(view["legal"][0].replace("bid", "bid"), seq=seq)
    assert answer["type"] == "refused"
    assert table_state(client, table["table"])[0] == seq
    # North's call is taken once; the same message again is stale.
    accepted = north.act(view["legal"][0])
    assert accepted["type"] == "accepted" and accepted["seq"] == seq + 1
    again = north.act(view["legal"][0], seq=seq)
    assert again["type"] == "error" and again["code"] == "stale"
    assert table_state(client, table["table"])[0] >= seq + 1
    # A token joins only its own table's seat; a bad token is refused and closed.
    other = client.create_table("callbreak-strict", STRICT_SEATS, seed=4)
    with pytest.raises(ClientError) as caught:
        client.join(table["table"], other["tokens"]["0"])
    assert caught.value.code == "bad-token"
    with pytest.raises(ClientError) as caught:
        client.join(table["table"], "x" * 40)
    assert caught.value.code == "bad-token"
    # A spectator cannot act.
    spectator = client.join(table["table"], None)
    assert spectator.view["seat"] == -1 == spectator.view["view"]["seat"]
    assert spectator.view["legal"] == []
    answer = spectator.act("bid 3")
    assert answer["type"] == "error" and answer["code"] == "spectator"


@pytest.mark.parametrize(
    "raw, code",
    [
        ("not json", "malformed"),
        ("[]", "malformed"),
        ('{"type": "dance"}', "malformed"),
        ('{"type": "act", "action": 3, "seq": 0}', "malformed"),
        ('{"type": "act", "action": "bid 3", "seq": -1}', "malformed"),
        ('{"type": "act", "action": "bid 3", "seq": 0, "seat": 2}', "malformed"),
        ('{"type": "act", "action": "' + "x" * 100 + '", "seq": 0}', "malformed"),
        ('{"type": "join", "token": null}', "already-joined"),
        ("x" * 5000, "too-large"),
        (b"\x00\x01binary", "malformed"),
    ],
)
def test_hostile_socket_messages_are_refused_and_change_nothing(
    client: Client, raw: str | bytes, code: str
) -> None:
    table = client.create_table("callbreak-strict", ["human"] * 4, seed=6)
    before = table_state(client, table["table"])
    seat = client.join(table["table"], table["tokens"]["0"])
    seat.send(raw)
    answer = seat.receive()
    assert answer["type"] == "error" and answer["code"] == code, answer
    assert table_state(client, table["table"]) == before
    assert seat.act(seat.view["legal"][0])["type"] == "accepted"  # the socket still works


def test_act_before_join_and_a_huge_frame(client: Client, server: Server) -> None:
    from websockets.exceptions import ConnectionClosed

    table = client.create_table("callbreak-strict", ["human"] * 4, seed=7)
    before = table_state(client, table["table"])
    ws_url = server.url.replace("http", "ws") + f"/tables/{table['table']}/ws"
    raw = Seat(ws_url)
    raw.send({"type": "act", "action": "bid 3", "seq": 0})
    assert raw.receive()["code"] == "not-joined"
    raw.send("y" * 200_000)  # over the socket's frame limit: the server closes it
    with pytest.raises(ConnectionClosed):
        for _ in range(5):
            raw.receive(timeout=5)
    assert table_state(client, table["table"]) == before


def test_a_flood_is_dropped_then_closed(client: Client) -> None:
    from websockets.exceptions import ConnectionClosed

    table = client.create_table("callbreak-strict", ["human"] * 4, seed=8)
    before = table_state(client, table["table"])
    idle = (before[1]["to_act"] + 1) % 4
    seat = client.join(table["table"], table["tokens"][str(idle)])  # not its turn
    codes: list[str | None] = []
    reasons = []
    try:
        for _ in range(1000):
            seat.send({"type": "act", "action": "bid 3", "seq": 0})
    except ConnectionClosed as exc:  # closed while still sending
        reasons.append(exc.rcvd.reason if exc.rcvd else "")
    with pytest.raises(ConnectionClosed) as caught:
        while True:
            codes.append(seat.receive(timeout=10).get("code"))
    reasons.append(caught.value.rcvd.reason if caught.value.rcvd else "")
    assert "flood" in codes or "flood" in reasons, (codes, reasons)
    assert table_state(client, table["table"]) == before


def test_reconnecting_with_the_token_resumes_the_seat(client: Client) -> None:
    table = client.create_table("callbreak-strict", STRICT_SEATS, seed=9)
    seat = client.join(table["table"], table["tokens"]["0"])
    for _ in range(3):
        seat.act(seat.wait_turn()["legal"][0])
    last = seat.wait_turn()
    seat.close()
    again = client.join(table["table"], table["tokens"]["0"])
    assert again.view["seq"] == last["seq"] and again.view["view"] == last["view"]
    assert again.act(again.view["legal"][0])["type"] == "accepted"


# -- nothing lost ------------------------------------------------------------------


#: A PostgreSQL database for the tests (CI starts one): postgresql://user:password@host/db.
POSTGRES = os.environ.get("CARDRULES_TEST_POSTGRES")


@pytest.mark.parametrize(
    "database",
    [
        "sqlite",
        pytest.param(
            "postgres",
            marks=pytest.mark.skipif(not POSTGRES, reason="CARDRULES_TEST_POSTGRES is not set"),
        ),
    ],
)
@pytest.mark.slow
def test_a_killed_server_resumes_every_table_exactly(tmp_path: Path, database: str) -> None:
    """SIGKILL at random moments: every acknowledged action is still there after the
    restart, nothing is repeated, bots play on, and each game ends as the library says."""
    rng = random.Random(17)
    url = POSTGRES if database == "postgres" else None
    server = Server(tmp_path, "--bot-delay", "0.005", database=url).start()
    try:
        client = Client(server.url)
        tables = [
            client.create_table("callbreak-strict", STRICT_SEATS, deals=None, seed=100 + i)
            for i in range(3)
        ]
        bots_only = client.create_table("callbreak-strict", ["bot:rule"] * 4, seed=200)
        acknowledged: dict[str, list[str]] = {t["table"]: [] for t in tables}
        seen: dict[str, int] = {}
        for _life in range(4):
            seats = {t["table"]: client.join(t["table"], t["tokens"]["0"]) for t in tables}
            for table_id, seat in seats.items():
                assert seat.view["seq"] >= seen.get(table_id, 0)  # nothing acknowledged is lost
                for _ in range(rng.randrange(3, 12)):
                    view = seat.wait_turn()
                    if view["view"]["phase"] == "finished":
                        break
                    answer = seat.act(rng.choice(view["legal"]))
                    assert answer["type"] == "accepted"
                    acknowledged[table_id].append(answer["seq"])
                seen[table_id] = seat.view["seq"]
            time.sleep(rng.random() * 0.2)
            server.kill()
            server.start()
        for table_id, seat in {
            t["table"]: client.join(t["table"], t["tokens"]["0"]) for t in tables
        }.items():
            assert seat.view["seq"] >= seen[table_id]
            while seat.wait_turn()["view"]["phase"] != "finished":
                assert seat.act(seat.view["legal"][0])["type"] == "accepted"
        deadline = time.monotonic() + 120
        while not client.table(bots_only["table"])["finished"]:
            assert time.monotonic() < deadline, server.log()
            time.sleep(0.2)
        for created in [*tables, bots_only]:
            game = cardrules.Game.from_json(client.record(created["table"]))
            info = client.table(created["table"])
            assert info["finished"] and info["seq"] == len(game.actions)
            fresh = cardrules.load("callbreak-strict").new_game(seed=game.seed)
            for action in game.actions:  # the record is one game, start to end
                fresh.apply(action)
            assert fresh.totals == game.totals
        assert server.starts == 5
    finally:
        server.stop()


def test_nobody_sees_an_action_before_it_is_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A commit that is slow and then fails (a disk gone, a process killed): a socket
    joining and a GET meanwhile see the table as stored, the actor is told
    ``unavailable``, and the table stays where it was."""
    import threading

    import uvicorn

    from cardrules.server import store as store_module
    from cardrules.server.app import create_app
    from serving import free_port

    original = store_module.Store.append
    in_commit = threading.Event()

    def slow_failing_append(self: Any, table_id: str, n: int, *args: Any, **kw: Any) -> None:
        if n == 0:
            in_commit.set()
            time.sleep(1.0)
            raise OSError("disk gone")
        original(self, table_id, n, *args, **kw)

    monkeypatch.setattr(store_module.Store, "append", slow_failing_append)
    port = free_port()
    config = uvicorn.Config(
        create_app(f"sqlite:///{tmp_path / 't.sqlite3'}"),
        host="127.0.0.1",
        port=port,
        log_level="warning",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        client = Client(f"http://127.0.0.1:{port}")
        deadline = time.monotonic() + 30
        while True:
            try:
                client.profiles()
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.05)
        table = client.create_table("callbreak-strict", ["human"] * 4)
        first = table_state(client, table["table"])[1]["to_act"]
        seat = client.join(table["table"], table["tokens"][str(first)])
        seat.send({"type": "act", "action": seat.view["legal"][0], "seq": 0})
        assert in_commit.wait(10)
        late = client.join(table["table"], None)
        assert late.view["seq"] == 0 and client.table(table["table"])["seq"] == 0
        answer = seat.receive()
        assert answer["type"] == "error" and answer["code"] == "unavailable", answer
        assert client.table(table["table"])["seq"] == 0
        assert drain(late, 0.3) == []  # no view of an action that never was
    finally:
        server.should_exit = True
        thread.join(30)


def test_he_2_1_table_info_names_the_phase_as_the_family_does(client: Client) -> None:
    """HE-2.1: ``GET /tables/{id}`` says ``phase`` as the library's ``game.phase`` and
    ``phase_name`` as the family names it: the Hearts auction is the passing."""
    table = client.create_table("hearts", ["human"] * 4, seed=3)
    info = client.table(table["table"])
    assert (info["phase"], info["phase_name"]) == ("auction", "passing")
    table = client.create_table("callbreak-strict", ["human"] * 4, seed=3)
    assert client.table(table["table"])["phase_name"] == "calls"


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    [
        "skat-openspiel",
        "skat",
        "tarok-openspiel",
        "tarok-openspiel-4",
        "tarok",
        "twenty-nine",
        "tiny-bridge-openspiel",
        "doppelkopf",
    ],
)
def test_a_new_family_plays_100_random_games_through_the_server(client: Client, name: str) -> None:
    """Issue 27's check of a new family: 100 games of its profile played through the
    server, every seat a human socket playing at random; each record is the library's
    (it replays, every deal scored for every side) and the last frames of each seat hold
    only what its seat may see."""
    rules = cardrules.load(name)
    n = rules.players
    for seed in range(100):
        table = client.create_table(name, ["human"] * n, seed=seed)
        seats = [join(client, table["table"], table["tokens"][str(s)]) for s in range(n)]
        play_out(seats, random.Random(seed), wait=0.002)
        game = cardrules.Game.from_json(client.record(table["table"]))
        assert game.phase == "finished" and game.deals
        assert all(len(deal.scores) == len(rules.sides) for deal in game.deals)
        if seed < 10:
            for seat in seats:
                assert check_frames(seat.frames, rules, seed, game.actions) > 0
        for seat in seats:
            seat.close()
