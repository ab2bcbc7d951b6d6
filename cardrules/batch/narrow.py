"""The ruleset's duties over NumPy arrays: the trick state of many deals at once, and each
duty's vectorised narrow (its own, its fast steps run over the batch, or its ``narrow``
deal by deal)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from cardrules.rules.duties import (
    STEP_GUARD_TERMS,
    STEP_GUARDS,
    STEP_KEEP_TERMS,
    STEP_KEEPS,
    Duty,
    FastStep,
    NarrowsBatches,
    StepTerm,
    TrickState,
    duty_steps,
)

if TYPE_CHECKING:
    from cardrules.batch.tables import I64, U64
    from cardrules.deck import Order

__all__ = ["BatchNarrow", "TrickBatch", "batch_narrow"]


@dataclass(slots=True)
class TrickBatch:
    """The trick state of many deals at once (NumPy arrays, one entry per deal).

    ``leading`` and ``first_trick`` are the same for every deal of a batch
    (all deals are at the same card); ``led``/``trump`` are suit places of the
    deal's order of play and ``winner`` a card number, -1 when none; the
    ``*_mask`` arrays are the cards of the led suit and the trumps (0 when none);
    ``beats`` the cards that beat the winning one; ``cards`` the card arrays
    already played to the trick.  ``where`` is ``numpy.where``, so duties need not
    import NumPy.  ``orders`` the orders of play met in the batch and ``order_row``
    each deal's (None: the French pack's natural orders), for :meth:`state`.
    """

    leading: bool
    first_trick: bool
    led: I64
    led_mask: U64
    trump: I64
    trump_mask: U64
    winner: I64
    beats: U64
    played_before: U64
    cards: list[I64]
    where: Callable[..., Any]
    orders: Sequence[Order] = ()
    order_row: I64 | None = None

    def state(self, i: int) -> TrickState:
        """The :class:`~cardrules.TrickState` of deal ``i``, for a duty's own ``narrow``."""
        return TrickState(
            int(self.led[i]),
            int(self.trump[i]),
            int(self.winner[i]),
            int(self.beats[i]),
            tuple(int(c[i]) for c in self.cards),
            self.first_trick,
            int(self.played_before[i]),
            None if self.order_row is None else self.orders[int(self.order_row[i])],
        )


BatchNarrow = Callable[[Duty, "U64", "U64", TrickBatch], "U64"]


def batch_narrow(duties: Sequence[Duty]) -> Callable[[U64, TrickBatch], U64]:
    """Compile a ruleset's duties once into a function of (hands, trick batch) -> legal masks."""
    forms = [(d, _batch_form(d)) for d in duties]

    def narrow_all(hand: U64, t: TrickBatch) -> U64:
        legal = hand
        for duty, form in forms:
            legal = form(duty, hand, legal, t)
        return legal

    return narrow_all


def _batch_form(duty: Duty) -> BatchNarrow:
    """The vectorised narrow of a duty: its own ``narrow_batch``, its fast steps run
    over the batch, or its scalar ``narrow`` applied deal by deal."""
    if isinstance(duty, NarrowsBatches):
        own = duty.narrow_batch
        return lambda d, hand, legal, t: own(hand, legal, t)
    steps = duty_steps(duty)
    return _scalar_narrow if steps is None else _batch_steps(steps)


def _term(term: StepTerm, cards: int) -> Callable[[U64, U64, TrickBatch], Any]:
    """A term's NumPy form, given its step's card set where it reads one."""
    if term.cards:
        return partial(term.batch, cards=cards)
    return term.batch


def _batch_steps(steps: Sequence[FastStep]) -> BatchNarrow:
    """The vectorised form of a duty's fast steps (:class:`~cardrules.FastStep`).

    The same steps the game engine runs one deal at a time, over a batch:
    where the guard holds and some allowed card is ``keep``, keep those.
    tests/batch/test_simulate.py checks the result against each duty's ``narrow``.
    """
    plan = tuple(
        (
            step.phase == "lead",
            step.guard,
            _term(STEP_GUARD_TERMS[STEP_GUARDS[step.guard]], step.guard_cards),
            _term(STEP_KEEP_TERMS[STEP_KEEPS[step.keep]], step.keep_cards),
        )
        for step in steps
    )

    def narrow_batch(d: Duty, hand: U64, legal: U64, t: TrickBatch) -> U64:
        for leading, name, guard, keep in plan:
            if leading != t.leading:
                continue
            if name == "first_trick_with_trumps" and not t.first_trick:
                continue  # the same for every deal of the batch: nothing to narrow
            kept = keep(hand, legal, t)
            ok = kept != 0
            if name != "always":  # (always: no test to make)
                ok &= guard(hand, legal, t)
            legal = t.where(ok, kept, legal)
        return legal

    return narrow_batch


def _scalar_narrow(d: Duty, hand: U64, legal: U64, t: TrickBatch) -> U64:
    out = legal.copy()
    for i in range(len(out)):
        out[i] = d.narrow(int(hand[i]), int(legal[i]), t.state(i))
    return out
