"""The auctions of a batch: each deal's auction run through the ruleset's own auction
object under the random policy, the deals without a contract dealt again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.batch.dealing import deal_hands
from cardrules.engine.ruleset import Ruleset
from cardrules.errors import CardrulesError
from cardrules.rules.actions import Action
from cardrules.rules.components import Contract, DealInfo

if TYPE_CHECKING:
    from cardrules.batch.tables import I64, Tables

__all__ = ["MAX_REDEALS", "numpy_auctions"]

#: Times a block deals again before it gives up (a deal without a contract).
MAX_REDEALS = 10_000


def numpy_auctions(
    rules: Ruleset, tab: Tables, rng: Any, dealers: I64, uniforms: list[list[float]]
) -> tuple[list[tuple[int, ...]], list[Contract], list[list[Action]], int]:
    """Deal and hold the auction of each deal, dealing again until each has a contract.

    Returns the hands that were played (masks by seat), the contracts, the
    auction's actions of each deal and the number of auction decisions.
    """
    direction = rules.direction
    order = [direction.order(direction.next(d)) for d in range(rules.players)]
    size = rules.hand_size(1)  # each deal of a batch is the first of its game
    hands, stocks = deal_hands(tab, rng, dealers, order, size)
    count = len(hands)
    contracts: list[Contract | None] = [None] * count
    all_actions: list[list[Action]] = [[] for _ in range(count)]
    decisions = 0
    throw_ins = rules.throw_ins
    dealer_list = dealers.tolist()
    pending: Sequence[int] = range(count)
    for _ in range(MAX_REDEALS):
        # Deals thrown in, or whose auction calls for a redeal, are dealt again
        # all at once, from the block's generator, until every deal has a contract.
        redeal = []
        for i in pending:
            h = hands[i]
            if throw_ins and any(t.applies(h) is not None for t in throw_ins):
                redeal.append(i)
                continue
            info = DealInfo(dealer_list[i], h, rules.direction, stocks[i], deck=rules.deck)
            contract, actions, n = _auction_random(rules, info, uniforms[i])
            if contract is None:
                redeal.append(i)
                continue
            if contract.concealed is not None:  # (not_batched says so of a declared one)
                raise CardrulesError(
                    "invalid engine: 'numpy' does not conceal a trump (the profile's auction "
                    "made a contract that does); use engine='game'"
                )
            if contract.decides_early:  # the engine plays every trick of every deal
                raise CardrulesError(
                    "invalid engine: 'numpy' plays every deal to its last trick (the profile's "
                    "auction made a contract whose play may stop before); use engine='game'"
                )
            decisions += n
            contracts[i] = contract
            all_actions[i] = actions
        if not redeal:
            break
        again, rest = deal_hands(tab, rng, dealers[redeal], order, size)
        for i, h, stock in zip(redeal, again, rest, strict=True):
            hands[i] = h
            stocks[i] = stock
        pending = redeal
    else:  # pragma: no cover - astronomically unlikely
        raise CardrulesError(f"no playable deal after {MAX_REDEALS} redeals")
    return hands, [c for c in contracts if c is not None], all_actions, decisions


def _auction_random(
    rules: Ruleset, info: DealInfo, u: Sequence[float]
) -> tuple[Contract | None, list[Action], int]:
    """The ruleset's auction under the random policy: (contract or None, actions, decisions)."""
    state = rules.auction.start(info)
    actions: list[Action] = []
    draws = len(u)
    while (seat := state.to_act()) is not None:
        legal = state.legal_actions()
        act = legal[int(u[len(actions) % draws] * len(legal))]  # u repeats after 32 calls
        state.apply(seat, act)
        actions.append(act)
    return state.result(), actions, len(actions)
