"""Standings: the sides by total, best first, with competition ranking (1, 1, 3, 4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from cardrules.rules.components import EndCondition, GameOver, Side

__all__ = ["Standing", "leaders", "lowest_wins", "standings_of"]


@dataclass(frozen=True, slots=True)
class Standing:
    """One side's place in the standings (competition ranking: 1, 1, 3, 4)."""

    place: int
    side: Side
    total: Decimal
    winner: bool


def lowest_wins(end: EndCondition) -> bool:
    """Whether the lowest total wins under an end condition (its ``lowest_wins``)."""
    return bool(end.lowest_wins)


def leaders(totals: Mapping[Side, Decimal], end: EndCondition) -> tuple[Side, ...]:
    """The sides the standings of a finished game put first when the end condition names
    no winners (those of :func:`standings_of` marked ``winner``, in the same order),
    without making the standings."""
    best = min(totals.values()) if lowest_wins(end) else max(totals.values())
    return tuple(side for side, total in totals.items() if total == best)


def standings_of(
    totals: Mapping[Side, Decimal], ended: GameOver | None, end: EndCondition, finished: bool
) -> list[Standing]:
    """The standings of a game (:meth:`Game.standings <cardrules.engine.game.Game.standings>`):
    ``totals`` by side, the end as the end condition gave it (its winners, if any, come
    first), the end condition itself (whether the lowest total wins), and whether the
    game is finished (only then are there winners by total)."""
    winners = set(ended.winners) if ended is not None and ended.winners else set()
    lowest = lowest_wins(end)
    # A side's merit: the higher the better (its total, or minus its penalty points);
    # copy_negate is exact in any decimal context (the caller's may trap rounding).
    merit = {side: total.copy_negate() if lowest else total for side, total in totals.items()}
    items = sorted(
        totals.items(), key=lambda kv: (kv[0] not in winners, merit[kv[0]].copy_negate())
    )
    out = []
    top = max(merit.values())
    for side, total in items:
        mine = merit[side]
        if winners:
            if side in winners:
                place = 1
            else:
                place = (
                    1
                    + len(winners)
                    + sum(1 for s, v in merit.items() if s not in winners and v > mine)
                )
            winner = side in winners
        else:
            place = 1 + sum(1 for v in merit.values() if v > mine)
            winner = finished and mine == top
        out.append(Standing(place, side, total, winner))
    return out
