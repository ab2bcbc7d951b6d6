"""The table from the profile: 3 to 7 players, a hand size per deal, a stock, a trump turned up.

A family states these in its profile (``[table] players``, ``[deal] hand_sizes``,
``[play] trump = "turn_up"``); the kernel deals, plays, records and shows them.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import CardrulesError, Components, Game, ProfileError, Ruleset, hookimpl
from cardrules.cards import mask_of
from cardrules.rules.components import Scorer

TABLE = """
[profile]
name = "five-seats"
title = "Five seats"
plugins = ["callbreak"]

[table]
players = {players}

[deal]
direction = "clockwise"
cutter = "right"
hand_sizes = {sizes}

[auction]
min_call = 0

[play]
trump = "turn_up"
duties = [{{ name = "follow_suit", rule = "T-1" }}]

[scoring]
kind = "call_tenths"

[game]
deals = {deals}
"""


def table(tmp_path: Path, players: int = 5, sizes: str = "[3, 2]", deals: int = 2) -> Ruleset:
    path = tmp_path / "five-seats.toml"
    path.write_text(TABLE.format(players=players, sizes=sizes, deals=deals), encoding="utf-8")
    return cardrules.load(path)


def play_out(game: Game, seed: int = 1) -> None:
    rng = random.Random(seed)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))


def test_five_players_are_dealt_the_hand_size_of_each_deal(tmp_path: Path) -> None:
    """[table] players and [deal] hand_sizes: five hands of 3 cards, then of 2; the rest is
    the stock, whose top card is turned up for trumps."""
    rules = table(tmp_path)
    assert rules.players == 5 and rules.direction.order(3) == (3, 4, 0, 1, 2)
    game = rules.new_game(seed=4, dealer=2)
    assert [len(game.hand(s)) for s in range(5)] == [3, 3, 3, 3, 3]
    dealt = mask_of(c for s in range(5) for c in game.hand(s))
    assert dealt.bit_count() == 15
    assert game.turned_up is not None and not dealt >> game.turned_up.index & 1
    assert game.to_act == 3  # the first call is the dealer's left (clockwise)
    for _ in range(5):
        game.apply("bid 1")
    assert game.contract is not None and game.contract.trump == game.turned_up.suit
    assert game.contract.to_dict()["calls"] == [1, 1, 1, 1, 1]
    rng = random.Random(1)
    while game.deal_number == 1:
        game.apply(rng.choice(game.legal_actions()))
    assert sum(game.deals[0].tricks) == 3
    assert [len(game.hand(s)) for s in range(5)] == [2, 2, 2, 2, 2]


def test_the_turned_up_card_is_public_and_recorded(tmp_path: Path) -> None:
    """The turned-up card is in every seat's view and in the record, which replays."""
    rules = table(tmp_path)
    game = rules.new_game(seed=9)
    card = game.turned_up
    assert card is not None
    assert all(game.view(s).turned_up == card for s in range(5))
    assert game.view(0).to_dict()["turned_up"] == str(card)
    assert set(game.view(0).hands) == {0}
    play_out(game)
    text = game.to_json()
    assert Game.from_json(text, rules=rules).to_json() == text
    assert len(game.deals) == 2 and [sum(d.tricks) for d in game.deals] == [3, 2]


def test_seats_beyond_the_table_are_refused(tmp_path: Path) -> None:
    """Seats are 0..n-1: a sixth seat of a five-seat table is refused, naming the range."""
    game = table(tmp_path).new_game(seed=1)
    with pytest.raises(CardrulesError, match=r"invalid seat: 5 \(expected 0\.\.4\)"):
        game.hand(5)
    with pytest.raises(CardrulesError, match=r"invalid dealer: 5 \(expected a seat 0\.\.4\)"):
        table(tmp_path).new_game(seed=1, dealer=5)


@pytest.mark.parametrize("players", [3, 4, 6, 7])
def test_every_table_size_plays_to_the_end(tmp_path: Path, players: int) -> None:
    """3 to 7 players, the whole pack shared out when hand_sizes is empty (52 // n each)."""
    rules = table(tmp_path, players=players, sizes="[]", deals=1)
    game = rules.new_game(seed=players)
    assert [len(game.hand(s)) for s in range(players)] == [52 // players] * players
    play_out(game, players)
    assert sum(game.deals[0].tricks) == 52 // players


def test_table_settings_that_do_not_fit_are_refused(tmp_path: Path) -> None:
    """Hand sizes from 1 to the pack shared out; a partnership needs four players."""
    with pytest.raises(ProfileError, match=r"each must be from 1 to 10, the cards of a pack"):
        table(tmp_path, sizes="[11]")
    path = tmp_path / "pairs.toml"
    path.write_text(
        '[profile]\nname = "pairs"\ntitle = "Pairs"\nextends = "minibridge-ebu"\n'
        "[table]\nplayers = 5\n",
        encoding="utf-8",
    )
    with pytest.raises(ProfileError, match=r"'partnership' needs 4 players \(players is 5\)"):
        cardrules.load(path)


def test_the_batch_engine_plays_only_the_whole_pack_at_four(tmp_path: Path) -> None:
    """The NumPy engine refuses another table; the default engine then plays the game engine."""
    rules = table(tmp_path)
    with pytest.raises(CardrulesError, match=r"'numpy' plays four players \(the profile has 5\)"):
        cardrules.simulate(rules, deals=2, seed=1, engine="numpy")
    sim = cardrules.simulate(rules, deals=4, seed=1)
    assert sim.engine == "game" and len(sim) == 4
    assert json.loads(json.dumps([d.tricks for d in sim.deals]))


def test_stateless_helpers_take_a_trick_of_the_table_size(tmp_path: Path) -> None:
    """At five seats a trick holds five cards: the helpers read up to four played before."""
    rules = table(tmp_path)
    assert [str(c) for c in rules.legal_cards("AH 2C", ["3H", "4H", "5H", "6H"], trump=None)] == [
        "AH"
    ]
    assert rules.trick_winner(["3H", "4H", "5H", "6H", "2S"], trump="S") == 4
    with pytest.raises(CardrulesError, match=r"5 cards already played \(at most 4\)"):
        rules.legal_cards("AH", ["3H", "4H", "5H", "6H", "7H"])


class _PerTrick(Scorer):
    """A point a trick: a scorer for a family without an auction."""

    def score(self, contract: object, tricks: list[int]) -> dict[int, Decimal]:
        return {seat: Decimal(n) for seat, n in enumerate(tricks)}


class _PerTrickPlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_scorer("per_trick", lambda profile: _PerTrick())


def test_a_family_without_an_auction_plays_at_once(tmp_path: Path) -> None:
    """[auction] kind = "none": the auction is optional; play begins as soon as the cards
    are dealt, the dealer's left leads, and a bid is refused."""
    path = tmp_path / "no-auction.toml"
    path.write_text(
        '[profile]\nname = "no-auction"\ntitle = "No auction"\n'
        '[deal]\ndirection = "clockwise"\ncutter = "right"\n'
        '[auction]\nkind = "none"\n'
        '[play]\ntrump = "none"\nduties = [{ name = "follow_suit", rule = "T-1" }]\n'
        '[scoring]\nkind = "per_trick"\n[game]\ndeals = 2\n',
        encoding="utf-8",
    )
    rules = cardrules.load(path, plugins=[_PerTrickPlugin()])
    game = rules.new_game(seed=3, dealer=1)
    assert game.phase == "play" and game.to_act == 2 and game.contract is not None
    assert game.contract.trump is None and repr(rules.auction) == "NoAuction(None, turn_up=False)"
    before = game.to_json()
    with pytest.raises(cardrules.IllegalAction):
        game.apply("bid 3")
    assert game.to_json() == before
    play_out(game)
    assert [sum(d.tricks) for d in game.deals] == [13, 13]
    assert sum(game.totals.values()) == 26
