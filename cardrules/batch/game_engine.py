"""The game engine of :func:`~cardrules.simulate`: each deal played through the public
:class:`~cardrules.Game` API, with any bots."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules.batch.players import Player, make_players
from cardrules.batch.results import DealRecord
from cardrules.engine.ruleset import Ruleset
from cardrules.rules.actions import Action, Play

__all__ = ["deal_seed", "game_block", "play_deal"]


def game_block(
    rules: Ruleset, seed: int, players: Sequence[Player], start: int, stop: int, trace: bool
) -> tuple[list[DealRecord], int]:
    """Deals ``start..stop`` with the game engine; (their records, decisions made)."""
    out = []
    decisions = 0
    for i in range(start, stop):
        rec, n = play_deal(rules, i, seed, players, trace=trace)
        out.append(rec)
        decisions += n
    return out, decisions


def play_deal(
    rules: Ruleset,
    index: int,
    seed: int,
    players: Sequence[Player],
    *,
    trace: bool = False,
) -> tuple[DealRecord, int]:
    """One deal through the public API; (its record, decisions made)."""
    dealer = (index * rules.direction.step) % rules.players
    if rules.first_dealer_reason is not None and rules.first_dealer is not None:
        dealer = rules.first_dealer  # the rules fix the dealer (bridge's board)
    game = rules.new_game(seed=deal_seed(seed, index), dealer=dealer)
    bots = make_players(players, deal_seed(seed, index))
    rng = random.Random(deal_seed(seed, index)).random
    hands = tuple(game.initial_hands)
    actions: list[Action] = []
    cards = bytearray()
    auction_u: list[float] = []
    play_u: list[float] = []
    decisions = 0
    while not game.deals:
        seat = game.to_act
        assert seat is not None
        bot = bots[game.controller(seat)]
        if bot == "random":
            legal = game.legal_actions()
            u = rng()
            (play_u if game.phase == "play" else auction_u).append(u)
            act: Action = legal[int(u * len(legal))]
        else:
            act = bot.choose(game.view(game.controller(seat)))
        phase = game.phase
        if phase == "auction":
            actions.append(act)
        elif isinstance(act, Play):
            cards.append(act.card.index)
        game.apply(act)
        decisions += 1
    deal = game.deals[0]
    return (
        DealRecord(
            index,
            deal.dealer,
            hands,
            deal.contract,
            bytes(cards),
            deal.tricks,
            dict(deal.scores),
            tuple(actions),
            tuple(auction_u) if trace else (),
            tuple(play_u) if trace else (),
        ),
        decisions,
    )


def deal_seed(seed: int, index: int) -> int:
    """The game seed of deal ``index`` in the game engine."""
    return seed * 2**32 + index
