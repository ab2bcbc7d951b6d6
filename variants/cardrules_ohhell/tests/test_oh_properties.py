"""Properties of whole random games of the three Oh Hell tables (hypothesis).

For any seed, first dealer and choice of legal actions, a game of oh-hell, oh-hell-3
or oh-hell-5 plays its nineteen deals to the end; at every decision the legal actions
are those of the reference (OH-3.2, OH-3.3, OH-4.2, OH-4.3); the bids of a deal never
total its hand size (OH-3.3); every trick goes to the seat the reference's trick
winner names (OH-4.4) and its winner leads next (OH-4.5); each deal scores 10 plus the
bid for exactly the bid, else nothing (OH-5.1, OH-5.2).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import Bid, Play
from oh_reference import (
    OH,
    OH3,
    OH5,
    cards,
    exact_score,
    forbidden,
    legal_cards,
    schedule,
    trick_winner,
)

RULES = {name: cardrules.load(name) for name in (OH, OH3, OH5)}


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    name=st.sampled_from(sorted(RULES)),
    seed=st.integers(0, 2**63 - 1),
    dealer=st.integers(0, 4),
    choices=st.randoms(use_true_random=False),
)
def test_oh_random_games_follow_the_rules(
    name: str, seed: int, dealer: int, choices: random.Random
) -> None:
    """OH-3.3, OH-4.4, OH-4.5, OH-5.1, OH-6.1: random games end after 19 deals; the bids
    never total the hand size; every trick and score is the reference's."""
    rules = RULES[name]
    n = rules.players
    game = rules.new_game(seed=seed, dealer=dealer % n)
    sizes = schedule(n)
    trick: list[tuple[int, str]] = []
    leader = -1
    won = [0] * n
    while game.phase != "finished":
        deal_index = len(game.deals)
        h = sizes[deal_index]
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        if game.phase == "auction":
            bids = game.auction.public()["bids"]
            others = [b for b in bids if b is not None]
            banned = forbidden(h, others) if seat == game.dealer else None
            assert legal == [Bid(b) for b in range(h + 1) if b != banned]
            if not others:
                trick, leader, won = [], (game.dealer + 1) % n, [0] * n
        else:
            if not trick:
                assert seat == leader
            expected = legal_cards(cards(game, seat), [c for _, c in trick])
            assert {str(a)[5:] for a in legal} == expected
        action = choices.choice(legal)
        game.apply(action)
        if isinstance(action, Play):
            trick.append((seat, str(action.card)))
            if len(trick) == n:
                contract = (
                    game.deals[-1].contract if len(game.deals) > deal_index else game.contract
                )
                assert contract is not None
                trump = None if contract.trump is None else contract.trump.name
                leader = trick[trick_winner([c for _, c in trick], trump)][0]
                won[leader] += 1
                if len(game.deals) == deal_index:
                    assert game.last_trick is not None and game.last_trick.winner == leader
                    assert game.to_act == leader
                trick = []
        if len(game.deals) > deal_index:
            deal = game.deals[-1]
            calls = deal.contract.calls  # type: ignore[attr-defined]
            assert list(deal.tricks) == won and sum(won) == h
            assert sum(calls) != h
            assert deal.scores == {s: exact_score(calls[s], deal.tricks[s]) for s in range(n)}
    assert len(game.deals) == 19
    assert game.over is not None and game.over.rule == "OH-6.1"
