"""Agreement with OpenSpiel's ``oh_hell`` (skipped unless ``pyspiel`` is importable).

Every deal cardrules deals is fed to a fresh OpenSpiel state through its chance nodes
(OSP-1.3: the number of tricks, the dealer, the n*h cards with card k to player
k mod n, then the turned card); both are then driven with the same random legal
actions, and at every decision the seat to act and the sets of legal actions must be
the same.  At the end of a deal OpenSpiel's returns must equal this profile's scores
(OSP-2.1; OSP-2.2 for the off-bid penalty), and, for the reference rule set oh-hell,
the legal actions of every deal of whole games must agree and an exact bidder's
score (10 + bid) must be OpenSpiel's return (tricks + 10).

CI runs it in a venv with ``open-spiel`` (the ``peers`` extra), 1,000 deals per
configuration, and prints the counts of deals and decisions compared.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from decimal import Decimal
from functools import cache, partial
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Game
from helpers import openspiel_action, openspiel_card
from oh_reference import OH, OH3, OH5, OPENSPIEL

pyspiel = pytest.importorskip("pyspiel")

#: OpenSpiel's card id in ``oh_hell``, spades before hearts (helpers.py numbers every
#: game's cards once).
os_card = partial(openspiel_card, "oh_hell")
#: ``bid N`` is 52 + N; ``play C`` is the card's id.
os_action = partial(openspiel_action, "oh_hell")


@cache
def os_game(players: int, tricks: int, penalty: bool = False, ppt: int = 1) -> Any:
    return pyspiel.load_game(
        "oh_hell",
        {
            "players": players,
            "num_tricks_fixed": tricks,
            "off_bid_penalty": penalty,
            "points_per_trick": ppt,
        },
    )


def os_deal(game: Game, penalty: bool = False, ppt: int = 1) -> Any:
    """A fresh OpenSpiel state holding the deal ``game`` is about to bid (OSP-1.3)."""
    n = game.rules.players
    hands = [list(game.hand(s)) for s in range(n)]
    h = len(hands[0])
    state = os_game(n, h, penalty, ppt).new_initial_state()
    state.apply_action(h)  # the number of tricks comes first ...
    state.apply_action(game.dealer)  # ... then the dealer
    for k in range(n * h):  # card k to player k mod n, whatever the dealer
        state.apply_action(os_card(hands[k % n][k // n]))
    assert game.turned_up is not None
    state.apply_action(os_card(game.turned_up))
    assert not state.is_chance_node()
    suit, rank = game.turned_up.suit.name, "23456789TJQKA"[game.turned_up.rank - 2]
    for seat in range(n):
        assert f"Trump: {suit}{rank}" in state.information_state_string(seat)
    return state


#: Deals played in both programs per configuration.
DEALS = 1_000
#: Decisions compared, by configuration (printed at the end of the module).
COMPARED: dict[str, list[int]] = {}


@pytest.fixture(scope="module", autouse=True)
def _print_counts() -> Iterator[None]:
    yield
    for name, (deals, decisions) in COMPARED.items():
        print(f"\n{name} vs OpenSpiel oh_hell: {deals} deals, {decisions} decisions compared")


def play_deal_in_both(
    game: Game, rng: random.Random, penalty: bool = False, ppt: int = 1, label: str = ""
) -> tuple[list[float], Any]:
    """Play the deal ``game`` is at in both programs, comparing every decision; returns
    OpenSpiel's returns and the deal's result here."""
    state = os_deal(game, penalty, ppt)
    scored = len(game.deals)
    counts = COMPARED.setdefault(label or game.rules.name, [0, 0])
    counts[0] += 1
    while len(game.deals) == scored:
        counts[1] += 1
        assert state.current_player() == game.to_act
        ours = sorted(os_action(a) for a in game.legal_actions())
        assert ours == sorted(state.legal_actions()), (game.phase, game.to_act)
        action = rng.choice(game.legal_actions())
        game.apply(action)
        state.apply_action(os_action(action))
    assert state.is_terminal()
    return list(state.returns()), game.deals[-1]


def _profile(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "{name}"\nextends = "{OPENSPIEL}"\n\n{body}',
        encoding="utf-8",
    )
    return path


def _same_returns(rules_of: Callable[[], cardrules.Ruleset], penalty: bool, ppt: int) -> None:
    rules = rules_of()
    label = f"{rules.name} (players={rules.players}, tricks={rules.hand_size(1)}"
    label += f", off_bid_penalty, points_per_trick={ppt})" if penalty else ")"
    for seed in range(DEALS):
        game = rules.new_game(seed=seed)
        returns, deal = play_deal_in_both(game, random.Random(seed), penalty, ppt, label)
        assert game.phase == "finished"
        assert [Decimal(int(r)) for r in returns] == [deal.scores[s] for s in range(rules.players)]
        assert returns == [float(game.totals[s]) for s in range(rules.players)]


def test_osp_2_1_the_shipped_profile_agrees_with_openspiel() -> None:
    """OSP-1.1 .. OSP-2.1: oh-hell-openspiel-4x5 and OpenSpiel's oh_hell with players=4,
    num_tricks_fixed=5: the same legal actions in every state, the same returns."""
    _same_returns(lambda: cardrules.load(OPENSPIEL), False, 1)


@pytest.mark.parametrize(
    ("players", "tricks"),
    [(3, 17), (3, 1), (3, 7), (4, 12), (4, 1), (5, 10), (5, 3), (6, 8), (7, 7)],
)
def test_osp_1_1_other_tables_and_hand_sizes_agree(
    tmp_path: Path, players: int, tricks: int
) -> None:
    """OSP-1.1, OSP-1.3: the profile with other players and a fixed number of tricks (up to
    OpenSpiel's largest, floor(51/n)) agrees with OpenSpiel as well."""
    path = _profile(
        tmp_path,
        f"os-{players}x{tricks}",
        f"[table]\nplayers = {players}\n\n[deal]\nhand_sizes = [{tricks}]\n",
    )
    _same_returns(lambda: cardrules.load(path), False, 1)


@pytest.mark.parametrize("ppt", [1, 2])
def test_osp_2_2_the_off_bid_penalty_agrees_with_openspiel(tmp_path: Path, ppt: int) -> None:
    """OSP-2.2: exact_bid with bonus 10, per_bid = per_miss = points_per_trick and
    per_trick 0 gives OpenSpiel's returns with off_bid_penalty."""
    path = _profile(
        tmp_path,
        f"os-penalty-{ppt}",
        f"[scoring]\nparams = {{ bonus = 10, per_bid = {ppt}, per_trick = 0, per_miss = {ppt} }}\n",
    )
    _same_returns(lambda: cardrules.load(path), True, ppt)


@pytest.mark.parametrize("name", [OH, OH3, OH5])
def test_oh_3_3_every_deal_of_the_reference_rules_agrees_with_openspiel(name: str) -> None:
    """OH-3.1 .. OH-4.5 against OpenSpiel: every deal of whole games of oh-hell (and its
    three- and five-player tables) offers the same bids, the hook included, and the same
    cards in every state; a seat that made its bid scores 10 + bid here and tricks + 10
    there (OH-5.1), which are equal."""
    rules = cardrules.load(name)
    for seed in range(-(-DEALS // 19)):  # whole games of 19 deals: at least DEALS deals
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            returns, deal = play_deal_in_both(game, rng)
            calls = deal.contract.calls
            for seat in range(rules.players):
                if calls[seat] == deal.tricks[seat]:
                    assert Decimal(int(returns[seat])) == deal.scores[seat]
                else:
                    assert deal.scores[seat] == 0
                    assert returns[seat] == deal.tricks[seat]
        assert len(game.deals) == 19
