"""``cardrules serve``: the table server on uvicorn (``pip install 'cardrules[server]'``).

The tables are kept in ``--database`` (a SQLAlchemy URL; by default a SQLite file in
the working directory) and resumed from it when the server starts again.
"""

from __future__ import annotations

import argparse
import copy

from cardrules.cli.console import Console, UsageError
from cardrules.server.limits import Limits

__all__ = ["arguments", "run"]


def arguments(p: argparse.ArgumentParser) -> None:
    """Add the arguments of ``cardrules serve`` to ``p``."""
    limits = Limits()
    p.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)"
    )
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="where tables are kept: a SQLAlchemy URL (default sqlite:///cardrules-tables.sqlite3; "
        "postgresql+psycopg://user:password@host/db with psycopg installed)",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="a pause before each bot action, so that people can follow (default 0)",
    )
    p.add_argument(
        "--allow-seed",
        action="store_true",
        help="let POST /tables choose the seed (for tests: whoever picks it knows every hand)",
    )
    p.add_argument(
        "--rate",
        type=float,
        default=50.0,
        help="messages a second a socket may send (bursts of twice that); more are dropped "
        "(pings have a budget of the same size, past which the socket is closed)",
    )
    p.add_argument(
        "--max-tables",
        type=int,
        default=1000,
        metavar="N",
        help="unfinished tables held at most; POST /tables answers 503 past it (default 1000)",
    )
    p.add_argument(
        "--max-lag",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="how late the event loop may run before POST /tables answers 503 (default 0.5)",
    )
    p.add_argument(
        "--bot-processes",
        type=int,
        default=None,
        metavar="N",
        help="processes the mc bots think in (default: one less than the cores, at least 1)",
    )
    p.add_argument(
        "--header-timeout",
        type=float,
        default=limits.header_timeout,
        metavar="SECONDS",
        help="seconds a connection has to send a request's headers before it is closed "
        f"(default {limits.header_timeout:g})",
    )
    p.add_argument(
        "--log-level", default="info", help="the log level of uvicorn and the server (default info)"
    )


def run(args: argparse.Namespace, console: Console) -> int:
    """Serve until interrupted."""
    try:
        import uvicorn
        import uvicorn.config

        from cardrules.server.app import create_app
        from cardrules.server.store import DEFAULT_DATABASE, Store
        from cardrules.server.transport import protocols
    except ImportError as exc:
        raise UsageError(
            f"cardrules serve needs the server extra: pip install 'cardrules[server]' ({exc})"
        ) from exc
    if args.bot_delay < 0:
        raise UsageError("--bot-delay must be 0 or more")
    if not args.rate > 0:
        raise UsageError("--rate must be more than 0")
    if args.max_tables < 1:
        raise UsageError("--max-tables must be 1 or more")
    if not args.max_lag > 0:
        raise UsageError("--max-lag must be more than 0")
    if args.bot_processes is not None and args.bot_processes < 1:
        raise UsageError("--bot-processes must be 1 or more")
    if not args.header_timeout > 0:
        raise UsageError("--header-timeout must be more than 0")
    burst = max(1, int(args.rate * 2))
    database = args.database or DEFAULT_DATABASE
    Store(database).close()  # a database that cannot be written is said here, in words
    app = create_app(
        database,
        allow_seed=args.allow_seed,
        bot_delay=args.bot_delay,
        rate=args.rate,
        burst=burst,
        max_tables=args.max_tables,
        max_lag=args.max_lag,
        bot_processes=args.bot_processes,
    )
    limits = Limits(header_timeout=args.header_timeout, control_rate=args.rate, control_burst=burst)
    http, ws = protocols(limits)
    # The server's own lines (cardrules.server) as uvicorn's, at the same level.
    log_config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    log_config["loggers"]["cardrules"] = {
        "handlers": ["default"],
        "level": args.log_level.upper(),
        "propagate": False,
    }
    console.say(f"cardrules: serving http://{args.host}:{args.port}/ (Ctrl-C stops)")
    console.stdout.flush()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        log_config=log_config,
        http=http,
        ws=ws,
        h11_max_incomplete_event_size=limits.max_head,
        ws_max_size=65_536,  # larger frames close the socket; the app reads at most 4 KiB
        ws_ping_interval=20,
        # SIGTERM: sockets that do not read their close are let go of after 5 s
        timeout_graceful_shutdown=5,
    )
    return 0
