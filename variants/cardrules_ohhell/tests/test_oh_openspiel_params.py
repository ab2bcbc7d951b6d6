"""Agreement with OpenSpiel's ``oh_hell`` over its whole parameter space (skipped unless
``pyspiel`` is importable).

OpenSpiel's parameters, each expressed in a cardrules profile that extends
``oh-hell-openspiel-4x5`` (OSP-1.1 .. OSP-2.2):

- ``players`` 3..7: ``[table] players``;
- ``num_suits`` 1..4 and ``num_cards_per_suit`` 2..13: an inline ``[deck]`` of the first
  suits of OpenSpiel's order (clubs, diamonds, spades, hearts) and the lowest ranks from the
  two up (OSP-1.2);
- ``num_tricks_fixed = -1`` (its default: the number of tricks drawn by chance, each of 1 ..
  (cards - 1) // players as likely): ``[deal] hand_size_range``; a fixed number:
  ``[deal] hand_sizes``;
- ``off_bid_penalty`` and ``points_per_trick`` (negative values too): the exact-bid
  scorer's ``[scoring] params`` (OSP-2.1, OSP-2.2).

Each deal cardrules deals is fed to OpenSpiel through its chance nodes (the number of
tricks, the dealer, card k to player k mod n, the trump card); both are then driven with
the same random legal actions and compared at every decision (the seat to act, the legal
actions, each seat's hand) and at the end (the returns).  CI prints the counts.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Bid, Card, Game, Play
from oh_reference import OPENSPIEL

pyspiel = pytest.importorskip("pyspiel")

#: OpenSpiel's suit order in a card id (oh_hell.h): clubs, diamonds, spades, hearts.
OS_SUITS = "CDSH"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
#: Deals per configuration (every configuration below; a few hundred configurations).
DEALS = 12
COMPARED: dict[str, list[int]] = {"oh_hell parameter grid": [0, 0, 0]}


@pytest.fixture(scope="module", autouse=True)
def _print_counts() -> Iterator[None]:
    yield
    for name, (configs, deals, decisions) in COMPARED.items():
        print(
            f"\n{name} vs OpenSpiel oh_hell: {configs} configurations, {deals} deals, "
            f"{decisions} decisions compared, 0 disagreements"
        )


def _grid() -> list[tuple[int, int, int, int, bool, int]]:
    """(players, suits, ranks, tricks (-1: by chance), off_bid_penalty, points_per_trick):
    every deck size and player count, each with the trick count by chance, and a spread of
    fixed counts and scorings."""
    out = []
    rng = random.Random(2026)
    for suits in range(1, 5):
        for ranks in range(2, 14):
            cards = suits * ranks
            for players in range(3, 8):
                if players > cards - 1:
                    continue  # OpenSpiel refuses the game
                most = (cards - 1) // players
                penalty = rng.random() < 0.5
                ppt = rng.choice([1, 1, 2, 0, -1, -3])
                out.append((players, suits, ranks, -1, penalty, ppt))
                if rng.random() < 0.25:
                    out.append((players, suits, ranks, rng.randint(1, most), not penalty, ppt))
    return out


GRID = _grid()


def _body(players: int, suits: int, ranks: int, tricks: int, penalty: bool, ppt: int) -> str:
    most = (suits * ranks - 1) // players
    suit_list = ", ".join(f'"{s}"' for s in OS_SUITS[:suits])
    rank_list = ", ".join(f'"{r}"' for r in RANKS[:ranks])
    deal = (
        f"hand_sizes = []\nhand_size_range = [1, {most}]"
        if tricks < 0
        else f"hand_sizes = [{tricks}]"
    )
    if penalty:
        params = f"{{ bonus = 10, per_bid = {ppt}, per_trick = 0, per_miss = {ppt} }}"
    else:
        params = f"{{ bonus = 10, per_bid = 0, per_trick = {ppt} }}"
    return (
        f"[table]\nplayers = {players}\n\n"
        f'[deck]\nname = "openspiel-{suits}x{ranks}"\nsuits = [{suit_list}]\n'
        f"ranks = [{rank_list}]\n\n"
        f"[deal]\n{deal}\n\n[scoring]\nparams = {params}\n"
    )


@cache
def os_game(players: int, suits: int, ranks: int, tricks: int, penalty: bool, ppt: int) -> Any:
    return pyspiel.load_game(
        "oh_hell",
        {
            "players": players,
            "num_suits": suits,
            "num_cards_per_suit": ranks,
            "num_tricks_fixed": tricks,
            "off_bid_penalty": penalty,
            "points_per_trick": ppt,
        },
    )


def os_card(card: Card, suits: int) -> int:
    """OpenSpiel's card id: rank index (0 for the two) * num_suits + suit (CDSH)."""
    assert card.suit is not None
    return RANKS.index(card.text[:-1]) * suits + OS_SUITS.index(card.suit.name)


def os_action(action: object, suits: int, cards: int) -> int:
    if isinstance(action, Bid):
        return cards + action.tricks
    assert isinstance(action, Play)
    return os_card(action.card, suits)


def _hand_ids(state: Any, seat: int) -> set[int]:
    """The cards OpenSpiel deals ``seat`` and it still holds, as ids."""
    held = set()
    for card_id, holder in enumerate(_holders(state)):
        if holder == seat:
            held.add(card_id)
    return held


def _holders(state: Any) -> list[int | None]:
    """Each card id's holder now, read from OpenSpiel's history (dealt, minus played)."""
    game = state.get_game()
    params = game.get_parameters()
    n, suits, ranks = params["players"], params["num_suits"], params["num_cards_per_suit"]
    cards = suits * ranks
    history = state.history()
    tricks = history[0]
    holders: list[int | None] = [None] * cards
    for k, card_id in enumerate(history[2 : 2 + n * tricks]):
        holders[card_id] = k % n
    for action in history[3 + n * tricks :]:
        if action < cards:
            holders[action] = None
    return holders


def play_in_both(game: Game, config: tuple[int, int, int, int, bool, int], seed: int) -> None:
    players, suits, ranks, tricks, _, _ = config
    cards = suits * ranks
    rng = random.Random(seed)
    state = os_game(*config).new_initial_state()
    hands = [list(game.hand(s)) for s in range(players)]
    size = len(hands[0])
    if tricks < 0:
        most = (cards - 1) // players
        outcomes = [a for a, _ in state.chance_outcomes()]
        assert outcomes == list(range(1, most + 1))  # the count drawn, each as likely
        assert 1 <= size <= most
    state.apply_action(size)
    state.apply_action(game.dealer)
    for k in range(players * size):  # card k to player k mod n, whatever the dealer
        state.apply_action(os_card(hands[k % players][k // players], suits))
    assert game.turned_up is not None
    state.apply_action(os_card(game.turned_up, suits))
    counts = COMPARED["oh_hell parameter grid"]
    counts[1] += 1
    while game.phase != "finished":
        counts[2] += 1
        seat = game.to_act
        assert state.current_player() == seat
        ours = sorted(os_action(a, suits, cards) for a in game.legal_actions())
        assert ours == sorted(state.legal_actions()), (config, game.phase, seat)
        for s in range(players):
            assert {os_card(c, suits) for c in game.hand(s)} == _hand_ids(state, s)
        action = rng.choice(game.legal_actions())
        game.apply(action)
        state.apply_action(os_action(action, suits, cards))
    assert state.is_terminal()
    returns = state.returns()
    assert [Decimal(int(r)) for r in returns] == [game.totals[s] for s in range(players)], config


def test_osp_the_whole_parameter_space_agrees_with_openspiel(tmp_path: Path) -> None:
    """OSP-1.1, OSP-1.2, OSP-1.3, OSP-2.1, OSP-2.2: every deck OpenSpiel's oh_hell deals
    (1 to 4 suits of 2 to 13 cards), every table of 3 to 7 that fits it, the number of
    tricks drawn by chance and fixed, with and without the off-bid penalty, points per
    trick from -3 to 2: the same decisions, hands and returns."""
    counts = COMPARED["oh_hell parameter grid"]
    for number, config in enumerate(GRID):
        name = f"os-grid-{number}"
        path = tmp_path / f"{name}.toml"
        path.write_text(
            f'[profile]\nname = "{name}"\ntitle = "{name}"\nextends = "{OPENSPIEL}"\n\n'
            + _body(*config),
            encoding="utf-8",
        )
        rules = cardrules.load(path)
        counts[0] += 1
        for seed in range(DEALS):
            play_in_both(rules.new_game(seed=seed), config, seed)
    assert counts[0] == len(GRID) > 200


def test_osp_a_trick_count_openspiel_would_get_stuck_on_is_refused(tmp_path: Path) -> None:
    """OpenSpiel accepts any positive num_tricks_fixed and then has no card to turn up; a
    profile asking for more tricks than the deck allows is refused at load."""
    path = tmp_path / "too-many.toml"
    path.write_text(
        f'[profile]\nname = "too-many"\ntitle = "t"\nextends = "{OPENSPIEL}"\n\n'
        + _body(3, 1, 4, 5, False, 1),
        encoding="utf-8",
    )
    with pytest.raises(cardrules.ProfileError, match="hand_sizes"):
        cardrules.load(path)
