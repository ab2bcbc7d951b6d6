"""The play of a batch: the tricks of every deal at once under the random policy, hands as
bit masks in NumPy arrays, narrowed by the ruleset's duties."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.batch.narrow import TrickBatch, batch_narrow
from cardrules.batch.tables import pick
from cardrules.engine.ruleset import Ruleset
from cardrules.rules.components import Contract

if TYPE_CHECKING:
    from cardrules.batch.tables import I64, Tables

__all__ = ["numpy_play"]


def numpy_play(
    rules: Ruleset,
    tab: Tables,
    hands: list[tuple[int, ...]],
    contracts: list[Contract],
    play_u: Any,
) -> tuple[I64, Any]:
    """Play the 13 tricks of every deal at once under the random policy.

    Returns the tricks taken (``[deal, seat]``) and the card indices played
    (``[deal, 4 * trick + position]``).
    """
    np = tab.np
    count = len(hands)
    step = rules.direction.step
    hand_arr = np.array(hands, dtype=np.uint64)
    rows = np.arange(count)
    trump = np.array([-1 if c.trump is None else int(c.trump) for c in contracts], dtype=np.int64)
    trump4 = np.where(trump < 0, 4, trump)
    trump_mask = tab.suit[trump]
    leader = np.array([c.leader for c in contracts], dtype=np.int64)
    tricks = np.zeros((count, 4), dtype=np.int64)
    played = np.zeros(count, dtype=np.uint64)
    plays = np.zeros((count, 52), dtype=np.uint8)
    narrow_all = batch_narrow(rules.duties)
    one = np.uint64(1)
    none = np.full(count, -1, dtype=np.int64)
    zero = np.zeros(count, dtype=np.uint64)
    for trick in range(13):
        led = none
        led_mask = zero
        winner = none
        beats = zero
        win_seat = leader
        cards: list[Any] = []
        trick_bits = zero
        for pos in range(4):
            seat = (leader + pos * step) % 4
            hand = hand_arr[rows, seat]
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
            )
            legal = narrow_all(hand, t)
            card = pick(tab, legal, play_u[:, trick * 4 + pos])
            bit = one << card.astype(np.uint64)
            hand_arr[rows, seat] = hand ^ bit
            trick_bits = trick_bits | bit
            plays[:, trick * 4 + pos] = card
            if pos == 0:
                led = card // 13
                led_mask = tab.suit[led]
                better = np.ones(count, dtype=bool)
            else:
                better = ((beats >> card.astype(np.uint64)) & one) != 0
            winner = np.where(better, card, winner)
            win_seat = np.where(better, seat, win_seat)
            beats = tab.beats[trump4, winner]
            cards = [*cards, card]
        tricks[rows, win_seat] += 1
        leader = win_seat
        played = played | trick_bits
    return tricks, plays
