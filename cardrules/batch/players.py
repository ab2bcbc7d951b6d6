"""The players of a run: bots by name or :class:`~cardrules.engine.bots.BotSpec`, or objects
with ``choose(view)``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.errors import CardrulesError

__all__ = ["Player", "is_random", "make_players", "player_name"]

Player = Any  # "random", a bot's name or BotSpec, or an object with ``choose(view)``


def make_players(players: Sequence[Player], seed: int) -> list[Any]:
    """The bots of one deal, seeded from ``seed``: ``"random"`` for the random player (the
    engines draw its choices themselves), a bot made from a name or spec, an object as given."""
    from cardrules.engine.bots import BotSpec, make_bot, parse_bot

    out: list[Any] = []
    for i, p in enumerate(players):
        if isinstance(p, str | BotSpec):
            spec = p if isinstance(p, BotSpec) else parse_bot(p, seat=i)
            out.append("random" if spec.kind == "random" else make_bot(spec, f"{seed}/{i}"))
        else:
            out.append(p)
    return out


def player_name(player: Player, seat: int) -> str:
    """How the summary names a player: a bot's canonical name (an unknown one is refused
    here, before any work), else the class of the object."""
    from cardrules.engine.bots import BotSpec, parse_bot

    if isinstance(player, str):
        player = parse_bot(player, seat=seat)
    return player.name if isinstance(player, BotSpec) else type(player).__name__


def is_random(player: Player) -> bool:
    """True for the random player, by name or spec (the NumPy engine plays only those)."""
    from cardrules.engine.bots import BotSpec, parse_bot

    if isinstance(player, str):
        try:
            player = parse_bot(player)
        except CardrulesError:  # refused, with its seat, by the engine that plays it
            return False
    return isinstance(player, BotSpec) and player.kind == "random"
