"""Where the table server keeps its tables: every table's set-up and every action
taken, committed before the server acknowledges it.

SQLAlchemy Core over any database it speaks: SQLite in a file by default
(``sqlite:///cardrules-tables.sqlite3``, in the write-ahead-log mode with full
synchronisation, so that a committed action survives the process being
killed), PostgreSQL with ``postgresql://...`` (read as ``postgresql+psycopg://``:
``pip install 'psycopg[binary]'``).  A table is resumed by replaying its actions.

Calls are blocking: the server runs them on one thread of their own.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import SQLAlchemyError

from cardrules.errors import CardrulesError

__all__ = ["DEFAULT_DATABASE", "Store", "StoreConflict", "StoredTable"]

#: The database of ``cardrules serve`` when none is given: a file in the working directory.
DEFAULT_DATABASE = "sqlite:///cardrules-tables.sqlite3"

_metadata = MetaData()
_tables = Table(
    "cardrules_tables",
    _metadata,
    Column("id", String(32), primary_key=True),
    Column("profile", String(64), nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("deals", Integer, nullable=True),
    Column("seed", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),  # JSON list of seat descriptions
    Column("token_hashes", Text, nullable=False),  # JSON list: SHA-256 hex, or null for a bot
    Column("created", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    # Seconds each bot waits before acting; null: the server's --bot-delay.  (Added
    # after the first release of the server: an older database gets it at start-up.)
    Column("bot_delay", Float, nullable=True),
)
_actions = Table(
    "cardrules_actions",
    _metadata,
    Column("table_id", String(32), ForeignKey("cardrules_tables.id"), primary_key=True),
    # 0, 1, 2...: part of the key (a duplicate cannot be stored) and checked on write
    # (action n is stored only after action n - 1: no gap).
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(64), nullable=False),
)
#: One invitation a human seat: its SHA-256 hash, and whether it was claimed (an
#: invitation gives its seat's token once).
_invites = Table(
    "cardrules_invites",
    _metadata,
    Column("table_id", String(32), ForeignKey("cardrules_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("invite_hash", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False, default=False),
)
#: Columns added to a table after the server's first release, each with its type: a
#: database made before gets them when it is opened.
_ADDED_COLUMNS = {"cardrules_tables": ("bot_delay",)}


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as stored: its set-up and its actions in order, as (seat, text)."""

    id: str
    profile: str
    options: dict[str, Any]
    deals: int | None
    seed: int
    seats: list[str]
    token_hashes: list[str | None]
    finished: bool
    actions: list[tuple[int, str]]
    bot_delay: float | None = None


class StoreConflict(Exception):
    """An action that cannot be stored where it was asked to go: the place is taken, or
    an earlier action is missing (the store is ahead of, or behind, the caller)."""


class Store:
    """The tables of one database (created on first use).

    A database that cannot be opened for writing is a
    :class:`~cardrules.CardrulesError` naming it (and the file, for SQLite: whether it
    is missing, read-only, or on a read-only file system).
    """

    def __init__(self, url: str = DEFAULT_DATABASE) -> None:
        scheme, sep, rest = url.partition("://")
        if sep and scheme in ("postgresql", "postgres"):  # psycopg 3, not SQLAlchemy's default
            url = f"postgresql+psycopg://{rest}"
        self.url = url
        try:
            self.engine: Engine = create_engine(url, pool_pre_ping=True)
        except (SQLAlchemyError, ValueError, ImportError) as exc:
            raise CardrulesError(f"invalid database: {_shown_url(url)}: {exc}") from exc
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        try:
            _metadata.create_all(self.engine)
            _add_columns(self.engine)
            if self.engine.dialect.name == "sqlite":
                _probe_write(self.engine)
        except SQLAlchemyError as exc:
            self.engine.dispose()
            raise CardrulesError(_open_failure(url, self.engine, exc)) from exc

    def create(
        self,
        table_id: str,
        *,
        profile: str,
        options: dict[str, Any],
        deals: int | None,
        seed: int,
        seats: list[str],
        token_hashes: list[str | None],
        invite_hashes: Sequence[str | None] = (),
        bot_delay: float | None = None,
    ) -> None:
        """Store a new table (before its id is given out), with the hash of each human
        seat's invitation (None for a bot's seat)."""
        with self.engine.begin() as db:
            db.execute(
                insert(_tables).values(
                    id=table_id,
                    profile=profile,
                    options=json.dumps(options),
                    deals=deals,
                    seed=seed,
                    seats=json.dumps(seats),
                    token_hashes=json.dumps(token_hashes),
                    created=time.time(),
                    finished=False,
                    bot_delay=bot_delay,
                )
            )
            rows = [
                {"table_id": table_id, "seat": seat, "invite_hash": digest, "claimed": False}
                for seat, digest in enumerate(invite_hashes)
                if digest is not None
            ]
            if rows:
                db.execute(insert(_invites), rows)

    def claim(self, table_id: str, invite_hash: str) -> int | None:
        """The seat of a table's invitation of this hash, marked claimed; None if the table
        has no such invitation, or it was claimed before (once only, even when two
        servers race: the update is conditional)."""
        with self.engine.begin() as db:
            seat = db.execute(
                select(_invites.c.seat).where(
                    _invites.c.table_id == table_id, _invites.c.invite_hash == invite_hash
                )
            ).scalar_one_or_none()
            if seat is None:
                return None
            taken = db.execute(
                update(_invites)
                .where(
                    _invites.c.table_id == table_id,
                    _invites.c.seat == seat,
                    _invites.c.claimed == False,  # noqa: E712 (SQL, not Python)
                )
                .values(claimed=True)
            )
            return int(seat) if taken.rowcount == 1 else None

    def append(self, table_id: str, n: int, seat: int, action: str, *, finished: bool) -> None:
        """Commit action number ``n`` of a table (and whether it ended the game).

        Raises :class:`StoreConflict` unless exactly ``n`` actions are stored before it
        (nothing is stored twice, and no number is skipped), and the database's error
        if it does not answer.
        """
        with self.engine.begin() as db:
            stored = db.execute(
                select(func.count()).select_from(_actions).where(_actions.c.table_id == table_id)
            ).scalar_one()
            if stored != n:
                raise StoreConflict(
                    f"table {table_id}: action {n} cannot be stored after {stored} actions"
                )
            db.execute(insert(_actions).values(table_id=table_id, n=n, seat=seat, action=action))
            if finished:
                db.execute(update(_tables).where(_tables.c.id == table_id).values(finished=True))

    def load(self, table_id: str) -> StoredTable | None:
        """One table, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(_tables).where(_tables.c.id == table_id)).first()
            if row is None:
                return None
            return self._stored(db, row)

    def ids(self, *, finished: bool | None = None) -> list[str]:
        """The ids of the stored tables (only those finished or not, if given)."""
        query = select(_tables.c.id).order_by(_tables.c.created)
        if finished is not None:
            query = query.where(_tables.c.finished == finished)
        with self.engine.connect() as db:
            return [row[0] for row in db.execute(query)]

    def _stored(self, db: Any, row: Any) -> StoredTable:
        actions = db.execute(
            select(_actions.c.seat, _actions.c.action)
            .where(_actions.c.table_id == row.id)
            .order_by(_actions.c.n)
        )
        return StoredTable(
            id=row.id,
            profile=row.profile,
            options=json.loads(row.options),
            deals=row.deals,
            seed=row.seed,
            seats=json.loads(row.seats),
            token_hashes=json.loads(row.token_hashes),
            finished=bool(row.finished),
            actions=[(seat, action) for seat, action in actions],
            bot_delay=row.bot_delay,
        )

    def close(self) -> None:
        self.engine.dispose()


def _add_columns(engine: Engine) -> None:
    """Add the columns of :data:`_ADDED_COLUMNS` a database made before them lacks."""
    found = inspect(engine)
    for table_name, names in _ADDED_COLUMNS.items():
        have = {column["name"] for column in found.get_columns(table_name)}
        for name in names:
            if name in have:
                continue
            column = _metadata.tables[table_name].c[name]
            kind = column.type.compile(dialect=engine.dialect)
            with engine.begin() as db:
                db.exec_driver_sql(f"ALTER TABLE {table_name} ADD COLUMN {name} {kind}")


def _probe_write(engine: Engine) -> None:
    """Write to a SQLite file (its header's user version, to the same value), so that a
    file opened read-only is found at start-up, not at the first action."""
    with engine.begin() as db:
        version = db.exec_driver_sql("PRAGMA user_version").scalar_one()
        db.exec_driver_sql(f"PRAGMA user_version = {int(version)}")


def _shown_url(url: str) -> str:
    """The URL without its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "the database URL"


def _open_failure(url: str, engine: Engine, exc: SQLAlchemyError) -> str:
    """Why a database could not be opened for writing, in words naming it."""
    detail = str(getattr(exc, "orig", None) or exc).splitlines()[0]
    if engine.dialect.name != "sqlite":
        return f"invalid database: {_shown_url(url)} cannot be used ({detail})"
    path = engine.url.database or ""
    if not path or path == ":memory:" or path.startswith("file:"):
        return f"invalid database: {_shown_url(url)} cannot be opened for writing ({detail})"
    file = os.path.abspath(path)
    folder = os.path.dirname(file)
    if not os.path.isdir(folder):
        why = f"its folder {folder} does not exist"
    elif _read_only_mount(folder):
        why = f"it is on a read-only file system ({folder})"
    elif os.path.exists(file) and not os.access(file, os.W_OK):
        why = "the file is read-only"
    elif not os.access(folder, os.W_OK):
        why = f"its folder {folder} is read-only (SQLite writes a journal beside the file)"
    elif "readonly" in detail or "read-only" in detail:
        why = "it is read-only"
    else:
        why = "it cannot be opened"
    return f"invalid database: the SQLite file {file} cannot be written: {why} ({detail})"


def _read_only_mount(folder: str) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()
