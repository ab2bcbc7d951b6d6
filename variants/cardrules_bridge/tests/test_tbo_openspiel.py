"""Agreement with OpenSpiel 2.0.2's ``tiny_bridge_4p`` (skipped unless ``pyspiel`` is
importable).

Each deal of ``tiny-bridge-openspiel`` is fed to a fresh OpenSpiel state through its four
chance nodes (tiny-bridge-openspiel D-2: West's hand, then North's, East's and South's,
each the outcome OpenSpiel numbers ``a * (a - 1) / 2 + b`` for the cards ``a > b``; a card's
id is its index in the profile's deck, hearts J Q K A then spades J Q K A).  Both
programs are then driven with the same calls; at every decision the seat to act, the
legal calls (each mapped both ways, in the same order) and every seat's view of the cards
must agree, and at the end OpenSpiel's returns must be the deal's scores by side.  Two
runs: random deals with random calls, and every one of the 2,520 deals with twelve fixed
auctions (each strain declared from each seat, at either level, undoubled, doubled or
redoubled).  The counts are printed (``-s``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

import pytest

import cardrules
from cardrules import Game
from cardrules.rules.components import pair_of
from cardrules_bridge.tiny import TINY_CALLS, TinyCall, TinyContract, TinyPassedOut

pyspiel = pytest.importorskip("pyspiel")

#: Random deals played in both programs.
DEALS = 3_000
RULES = cardrules.load("tiny-bridge-openspiel")
OS_GAME = pyspiel.load_game("tiny_bridge_4p")
#: OpenSpiel's action ids of the calls: Pass 0, 1H .. 2NT 1..6, Dbl 7, RDbl 8.
OS_PASS, OS_DOUBLE, OS_REDOUBLE = 0, 7, 8


def seat_of(player: int) -> int:
    """D-2: OpenSpiel's players 0..3 are W N E S; here N is 0, E 1, S 2, W 3."""
    return (player + 3) % 4


def player_of(seat: int) -> int:
    return (seat + 1) % 4


#: OpenSpiel's id of each call.
OS_IDS: dict[TinyCall, int] = {call: i for i, call in enumerate(TINY_CALLS)}


def os_id(call: object) -> int:
    assert isinstance(call, TinyCall)
    return OS_IDS[call]


def os_outcome(mask: int) -> int:
    """OpenSpiel's chance outcome of a hand of two cards (``CardsToChanceOutcome``)."""
    high, low = sorted((i for i in range(8) if mask >> i & 1), reverse=True)
    return high * (high - 1) // 2 + low


def os_deal(game: Game) -> Any:
    """A fresh OpenSpiel state holding ``game``'s deal (D-2)."""
    state = OS_GAME.new_initial_state()
    for player in range(4):
        assert state.is_chance_node()
        state.apply_action(os_outcome(game.initial_hands[seat_of(player)]))
    assert not state.is_chance_node()
    return state


def os_hand(state: Any, player: int) -> set[int]:
    """The player's cards in OpenSpiel's observation tensor (its first eight entries)."""
    tensor = state.observation_tensor(player)
    return {c for c in range(8) if tensor[c]}


def check_step(game: Game, state: Any, counts: Counter[str], views: bool = True) -> list[int]:
    """Compare one decision (the seat, the legal calls both ways and, with ``views``,
    every seat's cards); the legal calls' OpenSpiel ids."""
    seat = game.to_act
    assert seat is not None and seat == seat_of(state.current_player())
    legal = game.legal_actions()
    ids = [os_id(a) for a in legal]
    assert ids == list(state.legal_actions()), ([str(a) for a in legal], state)
    assert [TINY_CALLS[i] for i in state.legal_actions()] == legal
    if views:
        check_views(game, state)
        counts["views compared"] += 5
    counts["decisions"] += 1
    counts["legal calls compared"] += len(ids)
    return ids


def check_views(game: Game, state: Any) -> None:
    """TBO-5.1: each seat's view holds its own two cards, as OpenSpiel's observation does,
    and no other seat's; the public view holds none."""
    for seat in range(4):
        view = game.view(seat)
        assert set(view.hands) == {seat}
        assert {c.index for c in view.hand} == os_hand(state, player_of(seat))
    assert not game.public_view().hands


def check_end(game: Game, state: Any, counts: Counter[str]) -> None:
    """The returns: OpenSpiel's (W, N, E, S) are the deal's scores of EW, NS, EW, NS."""
    assert game.phase == "finished" and state.is_terminal()
    check_views(game, state)
    counts["views compared"] += 5
    deal = game.deals[-1]
    returns = state.returns()
    for player in range(4):
        assert float(deal.scores[pair_of(seat_of(player))]) == returns[player], (
            state,
            dict(deal.scores),
        )
    contract = deal.contract
    counts["deals"] += 1
    if isinstance(contract, TinyPassedOut):
        counts["passed out"] += 1
    else:
        assert isinstance(contract, TinyContract)
        counts[f"{contract.level}{contract.strain}{'X' * contract.doubled}"] += 1
        counts["made" if deal.scores[pair_of(contract.declarer)] > 0 else "defeated"] += 1


def play(
    game: Game,
    state: Any,
    calls: Iterator[int] | None,
    rng: random.Random | None,
    counts: Counter[str],
    every_view: bool = True,
) -> None:
    """Drive both programs to the end: the ``calls`` given (OpenSpiel ids), else random
    ones (a pass half the time); the views compared at every decision, or (not
    ``every_view``) at the first and at the end."""
    first = True
    while game.phase != "finished":
        ids = check_step(game, state, counts, views=every_view or first)
        first = False
        if calls is not None:
            chosen = next(calls)
        else:
            assert rng is not None
            chosen = OS_PASS if rng.random() < 0.5 else rng.choice(ids)
        assert chosen in ids
        game.apply(TINY_CALLS[chosen])
        state.apply_action(chosen)
    check_end(game, state, counts)


def fixed_auction(bidder: int, bid: int, doubled: int) -> list[int]:
    """OpenSpiel ids of an auction from West in which OpenSpiel player ``bidder`` alone
    bids ``bid``, its next opponent doubles (``doubled`` 1 or 2) and its partner then
    redoubles (2); passes to the end."""
    calls = [OS_PASS] * bidder + [bid]
    if doubled:
        calls += [OS_DOUBLE, OS_REDOUBLE if doubled == 2 else OS_PASS]
    return calls + [OS_PASS] * 3


def every_deal() -> Iterator[list[list[int]]]:
    """The 2,520 deals, as card indices by seat (N E S W): West's hand, North's, East's,
    the rest South's."""
    cards = range(8)
    for west in combinations(cards, 2):
        rest = [c for c in cards if c not in west]
        for north in combinations(rest, 2):
            rest2 = [c for c in rest if c not in north]
            for east in combinations(rest2, 2):
                south = [c for c in rest2 if c not in east]
                yield [list(north), list(east), south, list(west)]


def texts(hands: Sequence[Sequence[int]]) -> list[list[str]]:
    return [[str(RULES.deck.cards[i]) for i in hand] for hand in hands]


def test_tbo_random_deals_and_calls_agree_with_openspiel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """tiny-bridge-openspiel D-1, D-2: OpenSpiel 2.0.2's behaviour is the reference,
    observed decision by decision on random deals with random calls.
    TBO-1.3 (West calls first), TBO-2.1 .. TBO-2.8 (the seat to call, the legal calls in
    OpenSpiel's order, the end of the auction, the contract), TBO-3.1 .. TBO-3.5 and
    TBO-4.1 .. TBO-4.4 (the returns: the double-dummy result scored by side), TBO-5.1
    (each seat's cards)."""
    counts: Counter[str] = Counter()
    for seed in range(DEALS):
        game = RULES.new_game(seed=seed)
        play(game, os_deal(game), None, random.Random(seed), counts)
    with capsys.disabled():
        print(
            f"\ntiny-bridge-openspiel vs OpenSpiel tiny_bridge_4p, random: "
            f"{dict(sorted(counts.items()))}; 0 disagreements"
        )
    assert counts["deals"] == DEALS
    assert counts["passed out"] and counts["2NTXX"] and counts["1HX"]
    assert counts["made"] and counts["defeated"]


def test_tbo_every_deal_with_fixed_auctions_agrees_with_openspiel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """TBO-1.3, TBO-2.1 .. TBO-2.8, TBO-3.1 .. TBO-3.5, TBO-4.1 .. TBO-4.4, TBO-5.1, D-2:
    all 2,520 deals, each with each strain declared from each seat (twelve auctions: the
    double-dummy result of every trump, leader and declaring side of the deal), at the one
    or the two level, undoubled, doubled or redoubled in turn; every decision and return
    compared as in the random run (each seat's view at the first call and at the end: no
    card moves during the auction, and the random run compares them at every call)."""
    counts: Counter[str] = Counter()
    for k, hands in enumerate(every_deal()):
        dealt = texts(hands)
        state0 = os_deal(RULES.new_game(seed=k, hands=dealt))
        for strain in range(3):
            for bidder in range(4):
                level = 1 + (k + bidder) % 2
                doubled = (k // 2 + strain + bidder) % 3
                game = RULES.new_game(seed=k, hands=dealt)
                calls = fixed_auction(bidder, 3 * (level - 1) + strain + 1, doubled)
                play(game, state0.clone(), iter(calls), None, counts, every_view=False)
    with capsys.disabled():
        print(
            f"\ntiny-bridge-openspiel vs OpenSpiel tiny_bridge_4p, every deal: "
            f"{dict(sorted(counts.items()))}; 0 disagreements"
        )
    assert counts["deals"] == 2_520 * 12
