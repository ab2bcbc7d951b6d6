"""Shared fixtures and helpers of the rule tests.

Helpers here drive games only through the public API (``cardrules.load``,
``rules.new_game``, ``game.apply`` ...).  Test modules import them with
``from conftest import ...``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

import pytest

import cardrules
from cardrules import Card, Game, Ruleset

STRICT = "callbreak-strict"

#: Rank names, lowest first (CBS-1.2).
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

#: All 52 card texts, clubs 2 first, spade ace last.
ALL_CARDS = tuple(f"{rank}{suit}" for suit in "CDHS" for rank in RANKS)


@pytest.fixture(scope="session")
def strict() -> Ruleset:
    """The strict Call Break rules, loaded once."""
    return cardrules.load(STRICT)


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
