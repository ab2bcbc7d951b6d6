"""The tables a server holds in memory: games, their seats, who watches them, and the
bots that play on the server.

One :class:`Hub` per server.  Every change of a table goes through
:meth:`Hub.act` under the table's lock: the rules check the action (a refusal
changes nothing), the store commits it, and only then is every socket told
(the acknowledgement is the next view).  The game in memory never holds an
action the store does not: if a commit fails, the action is taken back and the
table is read again from the store; if the store does not answer, the table is
closed to play (``unavailable``) until it does, then rebuilt from it and its
bots play on.  A table is rebuilt from the store by replaying its actions: at
start-up (a table whose actions do not replay is quarantined, and the others
are served), and whenever a commit failed.

Nothing is awaited under a table's lock but the store: a socket's messages go
to its own queue (:class:`Watcher`), which never waits.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from cardrules.engine.bots import Bot, BotSpec, make_bot, parse_bot
from cardrules.engine.game import Game
from cardrules.engine.ruleset import Ruleset, load
from cardrules.errors import CardrulesError, did_you_mean
from cardrules.profile.registry import profile_paths
from cardrules.rules.catalog import MAX_OPTION_TEXT, OptionSpec
from cardrules.server.messages import (
    SPECTATOR,
    CreateTable,
    ProfileInfo,
    ProfileOption,
    SeatClaimed,
    TableCreated,
    TableInfo,
    ViewMessage,
)
from cardrules.server.store import Store, StoredTable
from cardrules.server.thinking import Decision, Thinkers, server_bot

__all__ = ["Hub", "ServerError", "Table", "Watcher", "seat_kind"]

T = TypeVar("T")
log = logging.getLogger("cardrules.server")

#: Seconds between two tries to read a table again from a store that did not answer
#: (doubling up to the last).
RETRY_SECONDS = (0.25, 0.5, 1.0, 2.0, 4.0)


class ServerError(Exception):
    """A request the server refuses for a reason other than the rules of the game;
    ``code`` is the protocol's error code, ``retry_after`` (seconds) when it is
    worth asking again later."""

    def __init__(self, code: str, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after


def seat_kind(text: str) -> str | None:
    """The bot name of a seat description (``"bot:mc:50"`` -> ``"mc:50"``, in its
    one spelling: ``"bot:MC:50"`` is the same bot), or None for ``"human"``; raises
    :class:`~cardrules.CardrulesError` for anything else, and for an ``mc`` budget
    over the server's (:data:`~cardrules.server.thinking.MAX_MC_SAMPLES` worlds,
    :data:`~cardrules.server.thinking.MAX_MC_MS` ms)."""
    if text.strip().lower() == "human":
        return None
    kind, colon, name = text.partition(":")
    if kind.strip().lower() != "bot" or not colon:
        raise CardrulesError(
            f"invalid seat: {text[:64]!r} (expected 'human', 'bot:rule', 'bot:random', "
            "'bot:mc', 'bot:mc:N' or 'bot:mc:Tms')"
        )
    return server_bot(name).name


def _seat_bot(text: str) -> BotSpec | None:
    """The bot of a stored seat (as stored before: its budget is capped where it runs)."""
    if text.strip().lower() == "human":
        return None
    return parse_bot(text.partition(":")[2])


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_token(invite: str) -> str:
    """The token a seat's invitation is exchanged for.  Derived from the invitation, so
    that the server keeps neither (only their hashes) and yet can give the token
    when the invitation is claimed; the token does not tell the invitation."""
    digest = hashlib.sha256(b"cardrules seat token\x00" + invite.encode()).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


@dataclass(eq=False)
class Watcher:
    """One socket: its seat (None: a spectator), whether it wants pictures, and how
    to send it a message (which queues it and never waits: a socket too far behind
    is dropped by its sender)."""

    seat: int | None
    pictures: bool
    send: Callable[[str], None]


@dataclass(eq=False)
class Table:
    """A game being played on the server."""

    id: str
    rules: Ruleset
    options: dict[str, Any]
    deals: int | None
    seed: int
    seats: list[str]
    token_hashes: list[str | None]
    game: Game
    bots: dict[int, Bot]
    specs: dict[int, BotSpec]
    #: Seconds each bot waits before acting (the table's, else the server's).
    bot_delay: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    #: The store did not answer: closed to play until it is read again.
    down: bool = False
    recovery: asyncio.Task[None] | None = None
    #: What ``GET /tables/{id}`` answers: the table as stored, read without the lock.
    stored_info: TableInfo | None = None

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
        # Validated against the protocol's model of a view (SeatView) as it is built:
        # what a client reads is what the schema says, for every profile.
        return ViewMessage(
            table=self.id,
            seat=SPECTATOR if seat is None else seat,
            seq=self.seq,
            view=view.to_dict(),
            legal=[str(a) for a in view.legal_actions],
            picture=picture,
        ).model_dump_json()

    def info(self) -> TableInfo:
        """The table as stored (refreshed after every commit and every read from the
        store)."""
        return self.stored_info or self._info()

    def _info(self) -> TableInfo:
        return TableInfo(
            table=self.id,
            profile=self.rules.name,
            options=self.options,
            players=self.rules.players,
            seats=self.seats,
            seq=self.seq,
            phase=self.game.phase,
            phase_name=self.game.phase_name,
            finished=self.finished,
            direction=self.rules.direction.name,
            bot_delay=self.bot_delay,
        )

    def stored(self) -> None:
        """The game in memory is what the store holds: the info follows it."""
        self.stored_info = self._info()

    def decision(self, seat: int) -> Decision:
        """What a worker needs to decide for ``seat``'s bot."""
        return Decision(
            table=self.id,
            profile=self.rules.name,
            options=json.dumps(self.options, sort_keys=True),
            deals=self.deals,
            seed=self.seed,
            actions=tuple(self.game.actions),
            seat=seat,
            bot=self.specs[seat],
            bot_seed=f"{self.seed}/{seat}/{self.seq}",
        )


def _build(stored: StoredTable, bot_delay: float) -> Table:
    """A table from the store: its rules, a new game of its seed, its actions replayed;
    its bots wait its own delay, else ``bot_delay``."""
    rules = load(stored.profile, options=stored.options, deals=stored.deals)
    game = rules.new_game(seed=stored.seed)
    for seat, action in stored.actions:
        game.apply(action, seat=seat)
    bots: dict[int, Bot] = {}
    specs: dict[int, BotSpec] = {}
    for seat, text in enumerate(stored.seats):
        spec = _seat_bot(text)
        if spec is not None:
            specs[seat] = spec
            bots[seat] = make_bot(spec, f"{stored.seed}/{seat}")
    table = Table(
        id=stored.id,
        rules=rules,
        options=stored.options,
        deals=stored.deals,
        seed=stored.seed,
        seats=stored.seats,
        token_hashes=stored.token_hashes,
        game=game,
        bots=bots,
        specs=specs,
        bot_delay=bot_delay if stored.bot_delay is None else stored.bot_delay,
    )
    table.stored()
    return table


def _option_value(value: object) -> bool | int | float | str:
    """An option's value as JSON holds it (a decimal as a number)."""
    if isinstance(value, bool | int | str):
        return value
    number = float(value)  # type: ignore[arg-type]  # a Decimal
    return int(number) if number.is_integer() else number


def _option(spec: OptionSpec, value: object) -> ProfileOption:
    if isinstance(spec.default, bool):
        kind = "boolean"
    elif isinstance(spec.default, str):
        kind = "text"
    elif isinstance(spec.default, int):
        kind = "integer"
    else:
        kind = "decimal"
    return ProfileOption(
        name=spec.name,
        type=kind,
        default=_option_value(value),
        choices=[_option_value(c) for c in spec.choices],
        minimum=spec.minimum if spec.is_number else None,
        maximum=spec.maximum if spec.is_number else None,
        max_length=MAX_OPTION_TEXT if kind == "text" else None,
        description=spec.description,
        rule=spec.rule,
    )


def profile_info(name: str) -> ProfileInfo:
    """An installed profile as ``GET /profiles`` gives it: with each option a table of it
    may be given, from the option's declaration, its default the profile's value."""
    rules = load(name)
    specs = rules.components.options
    values = rules.profile.options
    return ProfileInfo(
        name=rules.name,
        title=rules.profile.title,
        players=rules.players,
        deals=rules.deals,
        direction=rules.direction.name,
        options=[_option(specs[o], values.get(o, specs[o].default)) for o in sorted(specs)],
    )


class Hub:
    """Every table of one server, and the store behind them.

    ``max_tables``: the unfinished tables it holds at most (a table more is refused
    with ``busy``); ``max_lag``: seconds the event loop may run late before new
    tables are refused (``busy``, with a time to retry); ``bot_processes``: the
    processes ``mc`` bots think in.
    """

    def __init__(
        self,
        store: Store,
        *,
        allow_seed: bool = False,
        bot_delay: float = 0.0,
        max_tables: int = 1000,
        max_lag: float = 0.5,
        bot_processes: int | None = None,
    ) -> None:
        self.store = store
        self.allow_seed = allow_seed
        self.bot_delay = bot_delay
        self.max_tables = max_tables
        self.max_lag = max_lag
        self.tables: dict[str, Table] = {}
        #: Tables whose stored actions do not replay, with why: never served.
        self.quarantined: dict[str, str] = {}
        #: How late the event loop ran, seconds (measured by :meth:`watch_lag`).
        self.lag = 0.0
        self.thinkers = Thinkers(bot_processes)
        # One thread writes to the store, in order.
        self._db = ThreadPoolExecutor(1, thread_name_prefix="cardrules-store")
        self._lag_task: asyncio.Task[None] | None = None
        #: Tables being created (admitted, not yet held in memory).
        self._creating = 0

    async def _in(self, pool: ThreadPoolExecutor, fn: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(pool, fn)

    # -- start and stop -------------------------------------------------------

    async def resume(self) -> int:
        """Rebuild every unfinished table from the store and let its bots play on;
        the number of tables resumed.  A table whose stored actions do not replay is
        quarantined (logged with its id): it never stops the others."""
        self._lag_task = asyncio.get_running_loop().create_task(self.watch_lag())
        ids = await self._in(self._db, partial(self.store.ids, finished=False))
        resumed = 0
        for table_id in ids:
            try:
                table = await self._rebuild(table_id)
            except Exception as exc:
                self._quarantine(table_id, exc)
                continue
            if table is not None:
                resumed += 1
                self._kick(table)
        return resumed

    def _quarantine(self, table_id: str, exc: BaseException) -> None:
        why = f"{type(exc).__name__}: {exc}"
        self.quarantined[table_id] = why
        self.tables.pop(table_id, None)
        log.error("table %s is quarantined: its stored actions do not replay (%s)", table_id, why)

    async def close(self) -> None:
        if self._lag_task is not None:
            self._lag_task.cancel()
        for table in self.tables.values():
            for task in (table.bot_task, table.recovery):
                if task is not None:
                    task.cancel()
        self.thinkers.close()
        self._db.shutdown(wait=True)

    async def watch_lag(self, every: float = 0.05) -> None:
        """Measure how late the event loop runs (a smoothed figure in :attr:`lag`)."""
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + every
            await asyncio.sleep(every)
            late = max(0.0, loop.time() - due)
            # Up at once, down over about a second: a busy loop is seen at once.
            self.lag = late if late > self.lag else self.lag * 0.9 + late * 0.1

    async def _rebuild(self, table_id: str) -> Table | None:
        """The table as the store holds it (in place, if held: sockets and bot loops
        keep the object), or None if the store has none.  Raises what the store
        or the replay raises."""
        stored = await self._in(self._db, partial(self.store.load, table_id))
        if stored is None:
            return None
        table = _build(stored, self.bot_delay)
        old = self.tables.get(table_id)
        if old is not None:
            old.game, old.bots, old.specs = table.game, table.bots, table.specs
            old.stored()
            return old
        self.tables[table_id] = table
        return table

    # -- tables ---------------------------------------------------------------

    def admit(self) -> None:
        """Refuse a new table the server cannot serve now (``busy``)."""
        live = self._creating + sum(1 for t in self.tables.values() if not t.finished)
        if live >= self.max_tables:
            raise ServerError(
                "busy",
                f"this server holds {live} tables, its limit: try again later",
                retry_after=30,
            )
        if self.lag > self.max_lag:
            raise ServerError(
                "busy",
                f"this server runs {self.lag:.2f} s late (its limit is {self.max_lag:g} s): "
                "try again later",
                retry_after=max(1, min(60, round(self.lag * 10))),
            )

    async def create(self, request: CreateTable) -> TableCreated:
        """A new table: checked, stored, and its bots started."""
        if request.seed is not None and not self.allow_seed:
            raise ServerError(
                "malformed", "this server deals its own seeds ('seed' is for test servers)"
            )
        installed = sorted(profile_paths())
        if request.profile not in installed:  # a name, never a path to open
            raise CardrulesError(
                f"invalid profile: {request.profile[:64]!r} is not installed here; "
                f"{did_you_mean(request.profile, installed)}"
                f"(GET /profiles lists them: {', '.join(installed)})"
            )
        rules = load(request.profile, options=dict(request.options), deals=request.deals)
        if len(request.seats) != rules.players:
            raise CardrulesError(
                f"invalid seats: {len(request.seats)} given, {rules.name!r} is for "
                f"{rules.players} players"
            )
        names = [seat_kind(text) for text in request.seats]
        seats = ["human" if n is None else f"bot:{n}" for n in names]  # one spelling
        self.admit()
        self._creating += 1  # counted from here: tables asked for at once cannot overshoot
        try:
            invites = {str(s): secrets.token_urlsafe(24) for s, n in enumerate(names) if n is None}
            tokens = {seat: seat_token(invite) for seat, invite in invites.items()}
            hashes = [
                token_hash(tokens[str(s)]) if str(s) in tokens else None for s in range(len(names))
            ]
            invite_hashes = [
                token_hash(invites[str(s)]) if str(s) in invites else None
                for s in range(len(names))
            ]
            table_id = secrets.token_urlsafe(9)
            seed = request.seed if request.seed is not None else secrets.randbits(62)
            try:
                await self._in(
                    self._db,
                    partial(
                        self.store.create,
                        table_id,
                        profile=rules.name,
                        options=dict(request.options),
                        deals=request.deals,
                        seed=seed,
                        seats=seats,
                        token_hashes=hashes,
                        invite_hashes=invite_hashes,
                        bot_delay=request.bot_delay,
                    ),
                )
                table = await self._rebuild(table_id)
            except Exception as exc:
                log.warning("a table could not be stored: %s", _short(exc))
                raise ServerError(
                    "unavailable", "the table could not be stored: try again", retry_after=5
                ) from exc
            assert table is not None
            self._kick(table)
            return TableCreated(
                table=table_id,
                profile=rules.name,
                players=rules.players,
                seats=seats,
                tokens=tokens,
                invites=invites,
            )

        finally:
            self._creating -= 1

    async def claim(self, table: Table, invite: str) -> SeatClaimed:
        """Exchange a seat's invitation for its token, once (``bad-invite`` after)."""
        try:
            seat = await self._in(self._db, partial(self.store.claim, table.id, token_hash(invite)))
        except Exception as exc:
            log.warning("table %s: an invitation could not be claimed: %s", table.id, _short(exc))
            raise ServerError(
                "unavailable", "the invitation could not be claimed: try again", retry_after=5
            ) from exc
        token = seat_token(invite)
        if seat is None or table.token_hashes[seat] != token_hash(token):
            raise ServerError(
                "bad-invite",
                "this invitation is not one of this table's, or it was used already "
                "(an invitation joins once: ask the table's creator)",
            )
        return SeatClaimed(table=table.id, seat=seat, token=token)

    async def table(self, table_id: str) -> Table:
        """A table held in memory, or loaded from the store (a finished one)."""
        if table_id in self.quarantined:
            raise ServerError(
                "quarantined",
                f"table {table_id[:40]!r} is out of service: its stored actions do not replay",
            )
        table = self.tables.get(table_id)
        if table is None and len(table_id) <= 32:
            try:
                table = await self._rebuild(table_id)
            except ServerError:
                raise
            except Exception as exc:
                log.warning("table %s could not be read: %s", table_id[:40], _short(exc))
                raise ServerError(
                    "unavailable", "the table could not be read: try again", retry_after=5
                ) from exc
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
        if table.down:
            raise ServerError(
                "unavailable", "the store does not answer: the table waits for it", retry_after=2
            )
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
            game.undo()  # never hold an action the store may not hold
            log.warning("table %s: action %d could not be stored: %s", table.id, seq, _short(exc))
            await self._reread(table)
            raise ServerError(
                "unavailable", "the action could not be stored: send it again", retry_after=1
            ) from exc
        table.stored()
        self.broadcast(table)
        return text

    async def _reread(self, table: Table) -> None:
        """After a failed commit (under the table's lock): the table as the store holds
        it (it may hold the action after all), or, if the store does not answer,
        closed to play until it does."""
        before = table.seq
        try:
            await self._rebuild(table.id)
        except Exception as exc:
            log.warning(
                "table %s is closed to play until the store answers: %s", table.id, _short(exc)
            )
            table.down = True
            table.recovery = asyncio.get_running_loop().create_task(self._recover(table))
            return
        if table.seq != before:
            self.broadcast(table)

    async def _recover(self, table: Table) -> None:
        """Read a table again from the store until it answers; then it plays on."""
        tries = 0
        while True:
            await asyncio.sleep(RETRY_SECONDS[min(tries, len(RETRY_SECONDS) - 1)])
            tries += 1
            async with table.lock:
                try:
                    await self._rebuild(table.id)
                except Exception as exc:
                    if tries == 1 or tries % 20 == 0:
                        log.warning(
                            "table %s: the store still does not answer: %s", table.id, _short(exc)
                        )
                    continue
                table.down = False
                table.recovery = None
                self.broadcast(table)
            log.info("table %s is served again (read from the store)", table.id)
            self._kick(table)
            return

    def broadcast(self, table: Table) -> None:
        """Queue every socket of the table its view (nothing waits: a socket too far
        behind is dropped by its own sender)."""
        cache: dict[tuple[int | None, bool], str] = {}
        for watcher in list(table.watchers):
            key = (watcher.seat, watcher.pictures)
            if key not in cache:
                cache[key] = table.message(*key)
            watcher.send(cache[key])

    # -- bots -----------------------------------------------------------------

    def _kick(self, table: Table) -> None:
        """Start the table's bot loop if a bot is to act and none runs."""
        idle = table.bot_task is None or table.bot_task.done()
        if idle and not table.down and self._bot_to_act(table) is not None:
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
            if seat is None or table.down:  # (the recovery starts the bots again)
                self.release(table)
                return
            if table.bot_delay:
                await asyncio.sleep(table.bot_delay)
            seq = table.seq
            choice = await self.thinkers.choose(
                table.bots[seat],
                table.specs[seat],
                partial(table.game.view, seat),
                table.decision(seat),
            )
            try:
                async with table.lock:
                    if table.seq != seq or table.down:  # someone acted meanwhile: think again
                        continue
                    await self._act_locked(table, seat, choice, seq)
            except ServerError:
                await asyncio.sleep(0.5)  # the store failed: the loop looks again


def _short(exc: BaseException) -> str:
    """An exception in one line."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"[:300]
