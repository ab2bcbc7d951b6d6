"""What the research environments reward: a deal's score, or a share of the win.

``"deal"``: each seat gets its side's score in each deal as the deal is scored
(less its penalty points where the lowest total wins, so that more is always
better); ``"game"``: each seat gets its side's share of the win when the game
ends (a win shared by two sides is half each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.engine.game import lowest_wins
from cardrules.errors import CardrulesError

if TYPE_CHECKING:
    from cardrules.engine.game import Game

__all__ = ["REWARDS", "check_reward", "seat_rewards"]

#: The kinds of reward.
REWARDS: Final = ("deal", "game")


def check_reward(kind: object) -> str:
    """``kind`` if it is a kind of reward; else a :class:`~cardrules.CardrulesError`."""
    if kind not in REWARDS:
        raise CardrulesError(f"invalid reward: {kind!r} (expected 'deal' or 'game')")
    return str(kind)


def seat_rewards(game: Game, scored: int, kind: str) -> list[float]:
    """Each seat's reward for what happened since ``scored`` deals had been scored."""
    rules = game.rules
    n = rules.players
    out = [0.0] * n
    if kind == "deal":
        sign = -1.0 if lowest_wins(rules.end) else 1.0
        for deal in game.deals[scored:]:
            for seat in range(n):
                out[seat] += sign * float(deal.scores.get(rules.side_of(seat), 0))
    elif game.phase == "finished":
        winners = [st.side for st in game.standings() if st.winner]
        for seat in range(n):
            if rules.side_of(seat) in winners:
                out[seat] = 1.0 / len(winners)
    return out
