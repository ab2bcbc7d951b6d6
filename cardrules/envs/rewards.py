"""What the research environments reward: a deal's score, or a share of the win; and
what an illegal action costs.

``"deal"``: each seat gets its side's score in each deal as the deal is scored
(less its penalty points where the lowest total wins, so that more is always
better); ``"game"``: each seat gets its side's share of the win when the game
ends (a win shared by two sides is half each).

An action index in the action space that is not legal now: ``illegal="raise"``
(the default, as everywhere in the library) raises
:class:`~cardrules.IllegalAction` naming the rule and leaves the game as it
was; ``illegal="penalty"`` ends the episode instead, the offender rewarded
``illegal_penalty`` (``-1.0`` unless given) and every other seat 0, as
PettingZoo's ``TerminateIllegalWrapper`` does.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from cardrules.engine.game import lowest_wins
from cardrules.errors import CardrulesError, IllegalAction

if TYPE_CHECKING:
    from cardrules.engine.game import Game

__all__ = [
    "ILLEGAL",
    "ILLEGAL_PENALTY",
    "REWARDS",
    "check_illegal",
    "check_reward",
    "illegal_info",
    "seat_rewards",
]

#: The kinds of reward.
REWARDS: Final = ("deal", "game")
#: What an illegal action index does: raise, or end the episode with a penalty.
ILLEGAL: Final = ("raise", "penalty")
#: The offender's reward for an illegal action under ``illegal="penalty"`` (PettingZoo's
#: classic games give -1 too).
ILLEGAL_PENALTY: Final = -1.0


def check_reward(kind: object) -> str:
    """``kind`` if it is a kind of reward; else a :class:`~cardrules.CardrulesError`."""
    if kind not in REWARDS:
        raise CardrulesError(f"invalid reward: {kind!r} (expected 'deal' or 'game')")
    return str(kind)


def check_illegal(kind: object, penalty: object) -> tuple[str, float]:
    """``(kind, penalty)`` if ``kind`` is ``"raise"`` or ``"penalty"`` and ``penalty`` a
    finite number; else a :class:`~cardrules.CardrulesError`."""
    if kind not in ILLEGAL:
        raise CardrulesError(f"invalid illegal: {kind!r} (expected 'raise' or 'penalty')")
    if isinstance(penalty, bool) or not isinstance(penalty, int | float):
        raise CardrulesError(f"invalid illegal_penalty: {penalty!r} (expected a number)")
    if not math.isfinite(penalty):
        raise CardrulesError(f"invalid illegal_penalty: {penalty!r} (expected a finite number)")
    return str(kind), float(penalty)


def illegal_info(seat: int, action: int, error: IllegalAction) -> dict[str, object]:
    """What ``info["illegal_action"]`` says of an episode an illegal action ended: the
    seat, the action's index, the rule id that forbids it (``""`` when no rule of the
    profile is involved: a card not in the hand) and the library's refusal in words."""
    return {"seat": seat, "action": action, "rule": error.rule, "error": str(error)}


def seat_rewards(game: Game, scored: int, kind: str) -> list[float]:
    """Each seat's reward for what happened since ``scored`` deals had been scored."""
    rules = game.rules
    n = rules.players
    out = [0.0] * n
    if kind == "deal" and len(game.deals) == scored:  # no deal scored: nothing (most steps)
        return out
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
