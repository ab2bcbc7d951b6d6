"""Helpers shared by the rule tests: they drive games only through the public API.

``cardrules.load``, ``rules.new_game``, ``game.apply`` ...; test modules import
them with ``from helpers import ...`` (fixtures live in conftest.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal

import cardrules
from cardrules import Card, Game, Ruleset

STRICT = "callbreak-strict"

#: Rank names, lowest first (CBS-1.2).
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

#: All 52 card texts, clubs 2 first, spade ace last.
ALL_CARDS = tuple(f"{rank}{suit}" for suit in "CDHS" for rank in RANKS)


def names(cards: Iterable[object]) -> list[str]:
    """ASCII texts of cards or actions: ``["AH", "3H"]`` / ``["play AH"]``."""
    return [str(c) for c in cards]


def seat_after(seat: int, n: int = 1) -> int:
    """The seat ``n`` places counter-clockwise after ``seat`` (D-1: to the right is +3)."""
    return (seat + 3 * n) % 4


def hands_for(dealer: int, by_turn: Sequence[str]) -> list[str]:
    """Preset hands by seat from hands given in order of play from the first leader.

    ``by_turn[k]`` is the hand of the k-th player counter-clockwise from the
    dealer's right (D-2: the first lead is ``dealer + 3``).
    """
    hands = ["", "", "", ""]
    for k, hand in enumerate(by_turn):
        hands[seat_after(dealer, k + 1)] = hand
    check_full_deal(hands)
    return hands


def check_full_deal(hands: Sequence[str]) -> None:
    """Fail loudly if preset hands are not 4 x 13 different cards covering the deck."""
    cards = [Card.parse(c) for hand in hands for c in hand.split()]
    assert [len(h.split()) for h in hands] == [13, 13, 13, 13], hands
    assert sorted(str(c) for c in cards) == sorted(ALL_CARDS)


def lowest_legal(game: Game) -> cardrules.Action:
    """A fixed policy: the first legal action (lowest call, lowest card)."""
    return game.legal_actions()[0]


def random_policy(rng: random.Random) -> Callable[[Game], cardrules.Action]:
    """A reproducible random policy over the legal actions."""

    def choose(game: Game) -> cardrules.Action:
        return rng.choice(game.legal_actions())

    return choose


def steps(game: Game, policy: Callable[[Game], cardrules.Action]) -> Iterator[cardrules.Action]:
    """Play ``game`` to its end with ``policy``, yielding before each action is applied."""
    while game.phase != "finished":
        action = policy(game)
        yield action
        game.apply(action)


def play_out(game: Game, policy: Callable[[Game], cardrules.Action] = lowest_legal) -> Game:
    """Play ``game`` to its end with ``policy``."""
    for _ in steps(game, policy):
        pass
    return game


def play_deal(
    game: Game,
    calls: Mapping[int, int] | None = None,
    policy: Callable[[Game], cardrules.Action] = lowest_legal,
) -> None:
    """Finish the current deal: the given calls by seat (else the policy), then cards."""
    number = game.deal_number
    while game.phase != "finished" and game.deal_number == number:
        seat = game.to_act
        assert seat is not None
        if game.phase == "auction" and calls is not None:
            game.apply(f"bid {calls[seat]}")
        else:
            game.apply(policy(game))


def tricks_by_deal(rules: Ruleset, seed: int, dealer: int) -> list[tuple[int, ...]]:
    """Tricks per seat of each deal when every card is chosen by ``lowest_legal``.

    The cards played do not depend on the calls under that policy, so a test
    can first learn the tricks and then choose calls that give wanted scores.
    """
    game = play_out(rules.new_game(seed=seed, dealer=dealer))
    return [d.tricks for d in game.deals]


def deal_score_tenths(call: int, took: int) -> int:
    """CBS-4.1 / CBS-4.2 in whole tenths, from the rule text (independent of the scorer)."""
    return 10 * call + (took - call) if took >= call else -10 * call


def calls_for_totals(
    tricks: Sequence[tuple[int, ...]], targets: Sequence[Decimal], low: int = 2, high: int = 13
) -> list[dict[int, int]] | None:
    """Calls by deal and seat that make each seat's total exactly its target, or None."""
    chosen: list[dict[int, int]] = [{} for _ in tricks]
    for seat, target in enumerate(targets):
        want = int(target * 10)
        # reachable[k]: total in tenths after k deals -> the calls that reach it
        reachable: dict[int, tuple[int, ...]] = {0: ()}
        for deal in tricks:
            step: dict[int, tuple[int, ...]] = {}
            for total, calls in reachable.items():
                for call in range(low, high + 1):
                    step.setdefault(total + deal_score_tenths(call, deal[seat]), (*calls, call))
            reachable = step
        if want not in reachable:
            return None
        for k, call in enumerate(reachable[want]):
            chosen[k][seat] = call
    return chosen


def play_with_calls(
    rules: Ruleset, seed: int, dealer: int, calls: Sequence[Mapping[int, int]]
) -> Game:
    """A whole game: the given calls by deal and seat, cards by ``lowest_legal``."""
    game = rules.new_game(seed=seed, dealer=dealer)
    for deal_calls in calls:
        play_deal(game, deal_calls)
    assert game.phase == "finished"
    return game
