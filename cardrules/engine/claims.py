"""Claims: the side of the seat to act claims some of the tricks left, and the seats of
the other side answer in turn (every answer yes ends the deal as claimed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from cardrules.engine.ruleset import Ruleset
from cardrules.errors import IllegalAction
from cardrules.rules.actions import Claim, ClaimAnswer

_CLAIM_KIND: Final = frozenset({ClaimAnswer})
_ACCEPT: Final = ClaimAnswer(True)
_REFUSE: Final = ClaimAnswer(False)


class Claimed(NamedTuple):
    """A claim pending: the seat whose turn it was (its side claims), the tricks claimed,
    and the seats of the other side still to answer, in turn."""

    seat: int
    tricks: int
    waiting: tuple[int, ...]


def tricks_left(hands: Sequence[int], trick: Sequence[int], players: int) -> int:
    """The tricks of the deal still to play, the one in progress (``trick``) included."""
    cards = sum(h.bit_count() for h in hands) + len(trick)
    return cards // players


def open_claim(
    rules: Ruleset, to_act: int, act: Claim, left: int, controller: Callable[[int], int]
) -> Claimed:
    """The claim ``act`` of the seat to act, with ``left`` tricks to play: the seats of the
    other side that decide for themselves answer, in turn; a claim the rules do not
    play, or of more tricks than are left, is refused (:class:`IllegalAction`)."""
    rule = rules.profile.claim_rule
    if not rules.profile.claims:
        raise IllegalAction(rule, "claims are not played in these rules", action=str(act))
    if not 0 <= act.tricks <= left:
        raise IllegalAction(
            rule,
            f"a claim is of 0 to {left} tricks, the tricks left (got {act.tricks})",
            action=str(act),
            seat=controller(to_act),
        )
    side = rules.side_of(to_act)
    order = rules.direction.order(to_act)
    waiting = tuple(s for s in order if rules.side_of(s) != side and controller(s) == s)
    return Claimed(to_act, act.tricks, waiting)
