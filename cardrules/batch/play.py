"""The play of a batch: the tricks of every deal at once under the random policy, hands as
bit masks in NumPy arrays, narrowed by the ruleset's duties."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.batch.narrow import TrickBatch, batch_narrow
from cardrules.batch.tables import OrderRows, pick
from cardrules.deck import Order
from cardrules.engine.ruleset import Ruleset
from cardrules.errors import CardrulesError
from cardrules.rules.components import Contract

if TYPE_CHECKING:
    from cardrules.batch.tables import I64, Tables

__all__ = ["deal_orders", "numpy_play", "order_not_batched"]


def numpy_play(
    rules: Ruleset,
    tab: Tables,
    hands: list[tuple[int, ...]],
    contracts: list[Contract],
    play_u: Any,
) -> tuple[I64, Any]:
    """Play the tricks of every deal at once under the random policy, each deal in the
    order of play of its contract (:meth:`~cardrules.Ruleset.order_of`).

    Returns the tricks taken (``[deal, seat]``) and the card indices played
    (``[deal, seats * trick + position]``).
    """
    np = tab.np
    count = len(hands)
    seats = rules.players
    step = rules.direction.step
    # hands and tables as flat arrays, read by flat index (take is cheaper than [rows, cols])
    flat_hands = np.array(hands, dtype=np.uint64).reshape(-1)
    at_seat = np.arange(count) * seats
    orders = deal_orders(rules, tab, contracts)
    row = orders.row
    trump = orders.trump.take(row)
    trump_mask = orders.trumps.take(row)
    place, follow, beats_of = (a.reshape(-1) for a in (orders.place, orders.follow, orders.beats))
    # where each deal's order starts in those (one order: they are its tables)
    by_card = row * tab.deck.size if len(orders.orders) > 1 else None
    leader = np.array([c.leader for c in contracts], dtype=np.int64)
    tricks = np.zeros((count, seats), dtype=np.int64)
    played = np.zeros(count, dtype=np.uint64)
    dealt = rules.hand_size(1)
    plays = np.zeros((count, seats * dealt), dtype=np.uint8)
    narrow_all = batch_narrow(rules.duties)
    one = np.uint64(1)
    none = np.full(count, -1, dtype=np.int64)
    zero = np.zeros(count, dtype=np.uint64)
    for trick in range(dealt):
        led = none
        led_mask = zero
        winner = none
        beats = zero
        win_seat = leader
        cards: list[Any] = []
        trick_bits = zero
        for pos in range(seats):
            seat = (leader + pos * step) % seats
            mine = at_seat + seat
            hand = flat_hands.take(mine)
            t = TrickBatch(
                pos == 0,
                trick == 0,
                led,
                led_mask,
                trump,
                trump_mask,
                winner,
                beats,
                played,
                cards,
                np.where,
                orders.orders,
                row,
            )
            legal = narrow_all(hand, t)
            card = pick(tab, legal, play_u[:, trick * seats + pos])
            shift = card.astype(np.uint64)
            bit = one << shift
            flat_hands[mine] = hand ^ bit
            trick_bits = trick_bits | bit
            plays[:, trick * seats + pos] = card
            if pos == 0:
                at = card if by_card is None else by_card + card
                led = place.take(at)
                led_mask = follow.take(at)
                better = np.ones(count, dtype=bool)
            else:
                better = ((beats >> shift) & one) != 0
            winner = np.where(better, card, winner)
            win_seat = np.where(better, seat, win_seat)
            beats = beats_of.take(winner if by_card is None else by_card + winner)
            cards = [*cards, card]
        tricks.reshape(-1)[at_seat + win_seat] += 1
        leader = win_seat
        played = played | trick_bits
    return tricks, plays


def deal_orders(rules: Ruleset, tab: Tables, contracts: Sequence[Contract]) -> OrderRows:
    """The order of play of each deal (its contract's trump and ranking), as rows; an
    order the engine cannot play is refused (see :func:`order_not_batched`)."""
    np = tab.np
    seen: dict[tuple[object, str], int] = {}
    orders: list[Order] = []
    row = []
    for c in contracts:
        if c.sitting_out:
            raise CardrulesError(
                "invalid engine: 'numpy' plays every seat to every trick (a contract of the "
                f"profile's auction sits out seat {min(c.sitting_out)}); use engine='game'"
            )
        key = (c.trump, c.ranking)
        at = seen.get(key)
        if at is None:
            order = rules.order_of(c)
            why = order_not_batched(order)
            if why:
                raise CardrulesError(f"invalid engine: 'numpy' {why}; use engine='game'")
            at = seen[key] = len(orders)
            orders.append(order)
        row.append(at)
    return OrderRows(np, orders, np.array(row, dtype=np.int64))


def order_not_batched(order: Order) -> str:
    """Why the NumPy engine cannot play a deal in ``order`` ("" when it can)."""
    if order.free:
        free = " ".join(c.text for c in order.deck.cards_of(order.free))
        return (
            "does not play cards that may always be played and never win "
            f"(the {order.ranking.name!r} order has {free})"
        )
    if order.combos:
        return (
            "does not play tricks that their cards together decide "
            f"(the {order.ranking.name!r} order has {len(order.combos)})"
        )
    return ""
