"""Playing a deal out fast, for bots that plan: the rest of a deal in an imagined world.

A rollout plays every card by the rule bot's card policy (:class:`RuleBot
<cardrules.engine.bots.RuleBot>`), worked on the game's 52-bit masks rather
than on views: it is the imagined world of one bot, where every hand is its own
guess, so nothing hidden is read.  Any other decision (a call in a later seat,
an answer to a claim) is left to a function the caller gives.

>>> import cardrules
>>> rules = cardrules.load("callbreak-strict")
>>> game = rules.new_game(seed=2)
>>> for seat in range(4):
...     game.apply("bid 3")
>>> play_out(game, lambda g: g.legal_actions()[0])
>>> game.deal_number, len(game.deals)
(2, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from cardrules.engine.game import lowest_wins
from cardrules.rules.actions import Action

if TYPE_CHECKING:
    from cardrules.engine.game import Game

__all__ = ["card_policy", "outcome", "play_out"]

#: The weight of a game won in :func:`outcome`, above any score of one deal.
WIN: Final = 10_000.0


def _lowest(mask: int, trumps: int, levels: tuple[int, ...]) -> int:
    """The index of the lowest card of ``mask``, trumps kept (the rule bot's order:
    non-trumps first, then by rank in its suit (``levels``: the deal's order's), then by
    index)."""
    side = mask & ~trumps
    if side:
        mask = side
    for rank_cards in levels:
        bits = mask & rank_cards
        if bits:
            return (bits & -bits).bit_length() - 1
    raise ValueError("no card")  # pragma: no cover - callers pass a non-empty mask


def _highest_master(game: Game, seat: int, legal: int) -> int:
    """A side-suit card of ``legal`` that no card left outside ``seat``'s hand beats in
    its suit (the highest such), or -1."""
    hand = game.hands[seat]
    out = game.dealt_mask & ~game.played_mask()
    order = game.order
    higher, position, suit_of = order.higher, order.position, order.suit_of
    best = -1
    best_key = (-1, -1)
    bits = legal & ~game.trump_mask
    while bits:
        low = bits & -bits
        bits ^= low
        index = low.bit_length() - 1
        if not higher[index] & out & ~hand:
            key = (position[index], suit_of[index])
            if key > best_key:
                best, best_key = index, key
    return best


def card_policy(game: Game, seat: int, legal: int) -> int:
    """The card (an index) the rule bot's play policy picks from the mask ``legal``.

    While ``seat``'s side still needs tricks: lead a master card if it holds
    one, else its lowest; follow with the cheapest card that wins the trick
    (its lowest when its partner already wins it).  Otherwise its lowest card,
    keeping trumps.
    """
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    trumps = game.trump_mask
    levels = game.order.levels
    contract = game.contract
    if contract is not None and not contract.needs_tricks(seat, game.tricks_won):
        return _lowest(legal, trumps, levels)
    if not game.trick:  # a lead
        master = _highest_master(game, seat, legal)
        return master if master >= 0 else _lowest(legal, trumps, levels)
    rules = game.rules
    win_seat = game.winning_seat
    if win_seat != seat and rules.side_of(win_seat) == rules.side_of(seat):
        return _lowest(legal, trumps, levels)
    winners = legal & game.beating_mask()
    return _lowest(winners if winners else legal, trumps, levels)


def play_out(game: Game, decide: Callable[[Game], Action], *, halt: bool = False) -> None:
    """Play ``game`` on until its current deal is scored (or the game is over): cards by
    :func:`card_policy`, anything else by ``decide(game)``.  ``halt``: the game then
    stops (its phase ``"scored"``, no seat to act) rather than deal again, which a
    bot that only wants the score saves.  The cards are played unrecorded
    (:meth:`Game.play_cards <cardrules.engine.game.Game.play_cards>` with
    ``record=False``): the game is a playout then, not a record."""
    game.halt_after_deal = halt
    deal = game.deal_number
    while game.deal_number == deal:
        seat = game.to_act
        if seat is None:
            return
        if game.phase == "play":
            game.play_cards(card_policy, record=False)  # (a playout wants only the score)
        else:
            game.apply(decide(game))


def outcome(game: Game, seat: int, deal_index: int) -> float:
    """What the deal ``deal_index`` (0-based) brought ``seat``'s side: its score in that
    deal (less its penalty points, where the lowest total wins), plus :data:`WIN` times
    its share of the win if the game is over (a win
    shared by two sides is half each)."""
    side = game.rules.side_of(seat)
    lowest = lowest_wins(game.rules.end)
    value = float(game.deals[deal_index].scores.get(side, Decimal(0)))
    if lowest:  # penalty points: fewer is better
        value = -value
    if game.over is not None:
        totals = game.totals
        best = min(totals.values()) if lowest else max(totals.values())
        winners = [s for s, total in totals.items() if total == best]
        if side in winners:
            value += WIN / len(winners)
    return value
