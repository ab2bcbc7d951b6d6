"""The tables a server holds in memory: games, their seats, who watches them, and the
bots that play on the server.

One :class:`Hub` per server.  Every change of a table goes through
:meth:`Hub.act` under the table's lock: the rules check the action (a refusal
changes nothing), the store commits it, and only then is every socket told
(the acknowledgement is the next view).  A table is rebuilt from the store by
replaying its actions: at start-up, and whenever a commit failed.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from cardrules.engine.bots import Bot, make_bot
from cardrules.engine.game import Game
from cardrules.engine.ruleset import Ruleset, load
from cardrules.errors import CardrulesError
from cardrules.profile.registry import profile_paths
from cardrules.server.messages import CreateTable, TableCreated, TableInfo, ViewMessage
from cardrules.server.store import Store, StoredTable

__all__ = ["Hub", "ServerError", "Table", "Watcher", "seat_kind"]

T = TypeVar("T")
log = logging.getLogger("cardrules.server")

#: The largest budget a table may give an ``mc`` bot: worlds, or milliseconds.
MAX_MC_SAMPLES = 200
MAX_MC_MS = 2000


class ServerError(Exception):
    """A request the server refuses for a reason other than the rules of the game;
    ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def seat_kind(text: str) -> str | None:
    """The bot name of a seat description (``"bot:mc:50"`` -> ``"mc:50"``), or None for
    ``"human"``; raises :class:`~cardrules.CardrulesError` for anything else."""
    if text == "human":
        return None
    kind, colon, name = text.partition(":")
    if kind != "bot" or not colon:
        raise CardrulesError(
            f"invalid seat: {text[:64]!r} (expected 'human', 'bot:rule', 'bot:random', "
            "'bot:mc', 'bot:mc:N' or 'bot:mc:Tms')"
        )
    make_bot(name)  # an unknown bot or budget is refused here
    base, _, budget = name.partition(":")
    if base == "mc" and budget:
        too_much = (
            float(budget[:-2]) > MAX_MC_MS
            if budget.endswith("ms")
            else int(budget) > MAX_MC_SAMPLES
        )
        if too_much:
            raise CardrulesError(
                f"invalid seat: {text!r} (an mc bot's budget is at most "
                f"{MAX_MC_SAMPLES} worlds or {MAX_MC_MS}ms here)"
            )
    return name


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Watcher:
    """One socket: its seat (None: a spectator), whether it wants pictures, and how
    to send it a message."""

    seat: int | None
    pictures: bool
    send: Callable[[str], Awaitable[None]]


@dataclass(eq=False)
class Table:
    """A game being played on the server."""

    id: str
    rules: Ruleset
    options: dict[str, Any]
    seed: int
    seats: list[str]
    token_hashes: list[str | None]
    game: Game
    bots: dict[int, Bot]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None

    @property
    def seq(self) -> int:
        return len(self.game.actions)

    @property
    def finished(self) -> bool:
        return self.game.phase == "finished"

    def seat_of(self, token: str) -> int:
        """The seat a token joins, comparing hashes in constant time."""
        digest = token_hash(token)
        seat = -1
        for s, known in enumerate(self.token_hashes):
            if known is not None and hmac.compare_digest(known, digest):
                seat = s
        if seat < 0:
            raise ServerError("bad-token", "this token joins no seat of this table")
        return seat

    def message(self, seat: int | None, pictures: bool) -> str:
        """The view message for a seat (None: the public view)."""
        view = self.game.public_view() if seat is None else self.game.view(seat)
        picture = None
        if pictures:
            from cardrules.svg import deal

            picture = deal(view)
        return ViewMessage(
            table=self.id,
            seat=seat,
            seq=self.seq,
            view=view.to_dict(),
            legal=[str(a) for a in view.legal_actions],
            picture=picture,
        ).model_dump_json()

    def info(self) -> TableInfo:
        return TableInfo(
            table=self.id,
            profile=self.rules.name,
            options=self.options,
            players=self.rules.players,
            seats=self.seats,
            seq=self.seq,
            phase=self.game.phase,
            finished=self.finished,
        )


def _build(stored: StoredTable) -> Table:
    """A table from the store: its rules, a new game of its seed, its actions replayed."""
    rules = load(stored.profile, options=stored.options, deals=stored.deals)
    game = rules.new_game(seed=stored.seed)
    for seat, action in stored.actions:
        game.apply(action, seat=seat)
    bots: dict[int, Bot] = {}
    for seat, text in enumerate(stored.seats):
        name = seat_kind(text)
        if name is not None:
            bots[seat] = make_bot(name, f"{stored.seed}/{seat}")
    return Table(
        id=stored.id,
        rules=rules,
        options=stored.options,
        seed=stored.seed,
        seats=stored.seats,
        token_hashes=stored.token_hashes,
        game=game,
        bots=bots,
    )


class Hub:
    """Every table of one server, and the store behind them."""

    def __init__(self, store: Store, *, allow_seed: bool = False, bot_delay: float = 0.0) -> None:
        self.store = store
        self.allow_seed = allow_seed
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        # One thread writes to the store, in order; bots think on another.
        self._db = ThreadPoolExecutor(1, thread_name_prefix="cardrules-store")
        self._bots = ThreadPoolExecutor(1, thread_name_prefix="cardrules-bots")

    async def _in(self, pool: ThreadPoolExecutor, fn: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(pool, fn)

    # -- start and stop -------------------------------------------------------

    async def resume(self) -> int:
        """Rebuild every unfinished table from the store and let its bots play on;
        the number of tables resumed."""
        ids = await self._in(self._db, partial(self.store.ids, finished=False))
        for table_id in ids:
            table = await self._rebuild(table_id)
            if table is not None:
                self._kick(table)
        return len(ids)

    async def close(self) -> None:
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        self._bots.shutdown(wait=True, cancel_futures=True)
        self._db.shutdown(wait=True)

    async def _rebuild(self, table_id: str) -> Table | None:
        stored = await self._in(self._db, partial(self.store.load, table_id))
        if stored is None:
            return None
        table = _build(stored)
        old = self.tables.get(table_id)
        if old is not None:  # in place: sockets and bot loops hold this object
            old.game, old.bots = table.game, table.bots
            return old
        self.tables[table_id] = table
        return table

    # -- tables ---------------------------------------------------------------

    async def create(self, request: CreateTable) -> TableCreated:
        """A new table: checked, stored, and its bots started."""
        if request.seed is not None and not self.allow_seed:
            raise ServerError(
                "malformed", "this server deals its own seeds ('seed' is for test servers)"
            )
        installed = sorted(profile_paths())
        if request.profile not in installed:  # a name, never a path to open
            raise CardrulesError(
                f"invalid profile: {request.profile[:64]!r} is not installed here "
                f"(GET /profiles lists them: {', '.join(installed)})"
            )
        rules = load(request.profile, options=dict(request.options), deals=request.deals)
        if len(request.seats) != rules.players:
            raise CardrulesError(
                f"invalid seats: {len(request.seats)} given, {rules.name!r} is for "
                f"{rules.players} players"
            )
        names = [seat_kind(text) for text in request.seats]
        tokens = {str(s): secrets.token_urlsafe(24) for s, n in enumerate(names) if n is None}
        hashes = [
            None if n is not None else token_hash(tokens[str(s)]) for s, n in enumerate(names)
        ]
        table_id = secrets.token_urlsafe(9)
        seed = request.seed if request.seed is not None else secrets.randbits(62)
        await self._in(
            self._db,
            partial(
                self.store.create,
                table_id,
                profile=rules.name,
                options=dict(request.options),
                deals=request.deals,
                seed=seed,
                seats=list(request.seats),
                token_hashes=hashes,
            ),
        )
        table = await self._rebuild(table_id)
        assert table is not None
        self._kick(table)
        return TableCreated(
            table=table_id,
            profile=rules.name,
            players=rules.players,
            seats=list(request.seats),
            tokens=tokens,
        )

    async def table(self, table_id: str) -> Table:
        """A table held in memory, or loaded from the store (a finished one)."""
        table = self.tables.get(table_id)
        if table is None and len(table_id) <= 32:
            table = await self._rebuild(table_id)
        if table is None:
            raise ServerError("unknown-table", f"no table {table_id[:40]!r}")
        return table

    def release(self, table: Table) -> None:
        """Forget a finished table no socket watches (the store keeps it: it is read
        again when asked for)."""
        if table.finished and not table.watchers and self.tables.get(table.id) is table:
            del self.tables[table.id]

    # -- actions --------------------------------------------------------------

    async def act(self, table: Table, seat: int, action: str, seq: int) -> str:
        """Apply ``action`` for ``seat`` if ``seq`` is the table's, commit it, tell every
        socket; the action as the rules read it.  Raises
        :class:`~cardrules.IllegalAction` (or another :class:`~cardrules.CardrulesError`)
        or :class:`ServerError`, with the table unchanged."""
        async with table.lock:
            text = await self._act_locked(table, seat, action, seq)
        self._kick(table)
        return text

    async def _act_locked(self, table: Table, seat: int, action: str, seq: int) -> str:
        if seq != table.seq:
            raise ServerError(
                "stale", f"seq {seq} is not the table's ({table.seq}): act on the latest view"
            )
        game = table.game
        game.apply(action, seat=seat)  # a refusal leaves the game as it was
        text = game.actions[-1]
        try:
            await self._in(
                self._db,
                partial(
                    self.store.append,
                    table.id,
                    seq,
                    seat,
                    text,
                    finished=game.phase == "finished",
                ),
            )
        except Exception as exc:
            await self._rebuild(table.id)  # back to what the store holds
            raise ServerError(
                "unavailable", "the action could not be stored: send it again"
            ) from exc
        await self.broadcast(table)
        return text

    async def broadcast(self, table: Table) -> None:
        """Send every socket of the table its view."""
        cache: dict[tuple[int | None, bool], str] = {}
        for watcher in list(table.watchers):
            key = (watcher.seat, watcher.pictures)
            if key not in cache:
                cache[key] = table.message(*key)
            await watcher.send(cache[key])

    # -- bots -----------------------------------------------------------------

    def _kick(self, table: Table) -> None:
        """Start the table's bot loop if a bot is to act and none runs."""
        idle = table.bot_task is None or table.bot_task.done()
        if idle and self._bot_to_act(table) is not None:
            table.bot_task = asyncio.get_running_loop().create_task(self._play_bots(table))

    def _bot_to_act(self, table: Table) -> int | None:
        game = table.game
        if game.to_act is None:
            return None
        controller = game.controller(game.to_act)
        return controller if controller in table.bots else None

    async def _play_bots(self, table: Table) -> None:
        try:
            await self._bot_loop(table)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot's bug: logged, and the table waits for a restart
            log.exception("the bots of table %s stopped", table.id)

    async def _bot_loop(self, table: Table) -> None:
        while True:
            seat = self._bot_to_act(table)
            if seat is None:
                self.release(table)
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            view = table.game.view(seat)
            seq = table.seq
            choice = await self._in(self._bots, partial(table.bots[seat].choose, view))
            try:
                async with table.lock:
                    if table.seq != seq:  # someone acted meanwhile: think again
                        continue
                    await self._act_locked(table, seat, str(choice), seq)
            except ServerError:
                await asyncio.sleep(0.5)  # the store failed: try again
