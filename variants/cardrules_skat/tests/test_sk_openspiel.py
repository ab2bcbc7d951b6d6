"""Agreement with OpenSpiel 2.0.2's ``skat`` (skipped unless ``pyspiel`` is importable).

Each deal of ``skat-openspiel`` is fed to a fresh OpenSpiel state through its chance
nodes in OpenSpiel's order of dealing (D-2): the k-th card to the player or the skat
that OpenSpiel's deal round k fills, each from the hands and the skat dealt here.
Both programs are then driven with the same random legal actions; at every decision
the player to act, the legal actions (each cardrules action mapped to OpenSpiel's id)
and each player's cards must agree, and at the end OpenSpiel's returns must be the
deal's scores over 120 (SKO-4.3).  CI runs it in a venv with ``open-spiel`` (the
``peers`` extra); the counts are printed (``-s``).
"""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from typing import Any

import pytest

import cardrules
from cardrules import Game
from cardrules.deck import Card
from cardrules.rules.actions import Action, Play
from cardrules_skat import DECK, GAMES, Declare, Discard, PassCall, SkatOpenSpielBiddingState

pyspiel = pytest.importorskip("pyspiel")

#: Deals played in both programs.
DEALS = 3_000
#: OpenSpiel's suits (card id = suit * 8 + rank), its ranks in that order, the first
#: bidding action (pass; then diamonds, hearts, spades, clubs, grand, null).
OS_SUITS = "DHSC"
OS_RANKS = (7, 8, 9, 12, 13, 10, 14, 11)
BID_BASE = 32


def os_card(card: Card) -> int:
    assert card.suit is not None
    return OS_SUITS.index(card.suit.name) * 8 + OS_RANKS.index(card.rank)


def os_action(action: Action) -> int:
    if isinstance(action, PassCall):
        return BID_BASE
    if isinstance(action, Declare):
        return BID_BASE + 1 + GAMES.index(action.game)
    assert isinstance(action, Discard | Play), action
    return os_card(action.card)


def os_receiver(k: int) -> int:
    """Who OpenSpiel's deal round ``k`` deals to: a player, or -1 for the skat (3 each,
    2 to the skat, 4 each, 3 each)."""
    for start, stop, who in (
        (0, 3, 0), (3, 6, 1), (6, 9, 2), (9, 11, -1), (11, 15, 0), (15, 19, 1),
        (19, 23, 2), (23, 26, 0), (26, 29, 1), (29, 32, 2),
    ):  # fmt: skip
        if start <= k < stop:
            return who
    raise AssertionError(k)


def os_deal(game: Game, os_game: Any) -> Any:
    """A fresh OpenSpiel state holding the deal ``game`` is about to play (D-2)."""
    auction = game.auction
    assert isinstance(auction, SkatOpenSpielBiddingState)
    piles = {seat: list(game.hand(seat)) for seat in range(3)}
    piles[-1] = list(DECK.cards_of(auction.skat))
    state = os_game.new_initial_state()
    for k in range(32):
        state.apply_action(os_card(piles[os_receiver(k)].pop()))
    assert not state.is_chance_node()
    return state


def cards_held(game: Game, seat: int) -> set[int]:
    """The cards ``seat`` holds now, as its own view shows them: while the declarer lays
    cards away, the skat taken up is in its hand and the cards laid away are out."""
    view = game.view(seat)
    cards = {os_card(c) for c in view.hand}
    if game.phase == "auction":
        cards |= {os_card(DECK.parse(t)) for t in view.auction.get("skat", ())}
        cards -= {os_card(DECK.parse(t)) for t in view.auction.get("discarded", ())}
    return cards


def os_cards_held(state: Any, seat: int) -> set[int]:
    """The player's cards in OpenSpiel's observation tensor (after position and phase)."""
    tensor = state.observation_tensor(seat)
    return {c for c in range(32) if tensor[6 + c]}


def choose(rng: random.Random, ids: list[int]) -> int:
    """A random legal action, the same in both programs: a pass half the time where one is
    legal, so that deals are passed out by all three now and then."""
    if BID_BASE in ids and rng.random() < 0.5:
        return BID_BASE
    return rng.choice(sorted(ids))


def test_sko_every_decision_and_return_agrees_with_openspiel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """skat-openspiel D-1: OpenSpiel 2.0.2's behaviour is the reference, observed decision
    by decision; skat-openspiel D-2: OpenSpiel's chance nodes are given the hands and the
    skat dealt here.
    SKO-1.1 .. SKO-4.3: skat-openspiel and OpenSpiel's skat ask the same player (SKO-2.1:
    forehand first; SKO-2.2: the declarer lays two cards away; SKO-3.1: forehand leads, the
    winner of a trick next), offer the same actions (SKO-2.1: pass or six games; SKO-2.2:
    any of the twelve cards; SKO-3.2 .. SKO-3.5: following in suit games, grands and null
    games), show each player the same cards, stop a null game at the declarer's first trick
    (SKO-3.5), and return the same (SKO-4.1 .. SKO-4.3; SKO-2.3: all passed, 0s)."""
    rules = cardrules.load("skat-openspiel")
    os_game = pyspiel.load_game("skat")
    counts: Counter[str] = Counter()
    for seed in range(DEALS):
        game = rules.new_game(seed=seed)
        state = os_deal(game, os_game)
        rng = random.Random(seed)
        while game.phase != "finished":
            seat = game.to_act
            assert seat is not None and state.current_player() == seat, (game.phase, seat)
            legal = game.legal_actions()
            ids = {os_action(a): a for a in legal}
            assert len(ids) == len(legal)
            assert sorted(ids) == list(state.legal_actions()), (
                game.phase,
                seat,
                [str(a) for a in legal],
                [state.action_to_string(seat, i) for i in state.legal_actions()],
            )
            for s in range(3):
                assert cards_held(game, s) == os_cards_held(state, s), (game.phase, s)
            counts["decisions"] += 1
            chosen = choose(rng, list(ids))
            game.apply(ids[chosen])
            state.apply_action(chosen)
        assert state.is_terminal()
        deal = game.deals[-1]
        returns = state.returns()
        for s in range(3):
            assert abs(float(deal.scores[s] / Decimal(120)) - returns[s]) < 1e-12, (s, returns)
        game_kind = getattr(deal.contract, "game", "")
        counts["deals"] += 1
        counts[game_kind or "all passed"] += 1
        if game_kind == "null" and sum(deal.tricks) < 10:
            counts["null games stopped early"] += 1
    with capsys.disabled():
        print(
            f"\nskat-openspiel vs OpenSpiel skat: {dict(sorted(counts.items()))}; 0 disagreements"
        )
    assert counts["deals"] == DEALS
    assert all(counts[g] for g in (*GAMES, "all passed", "null games stopped early"))
