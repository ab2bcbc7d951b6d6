"""The OpenSpiel-matching profile ``oh-hell-openspiel-4x5`` (OSP-x.y), without OpenSpiel.

``test_oh_openspiel.py`` plays the same deals in OpenSpiel when ``pyspiel`` is
installed; these tests check the profile's own rules through the public API.
"""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import IllegalAction
from cardrules.engine.game import shuffle_and_cut
from oh_reference import OPENSPIEL, cards, play_out


def _openspiel_return(bid: int, took: int, *, penalty: bool = False, ppt: int = 1) -> int:
    """OpenSpiel's ComputeScore (oh_hell.cc:438-456), written out."""
    if penalty:
        return ppt * took + 10 if took == bid else -ppt * abs(took - bid)
    return ppt * took + (10 if took == bid else 0)


def test_osp_1_1_one_deal_of_five_cards_to_four_players() -> None:
    """OSP-1.1: a single deal of five cards each to four players; the game ends when its five
    tricks have been scored."""
    rules = cardrules.load(OPENSPIEL)
    assert (rules.players, rules.deals, rules.hand_size(1)) == (4, 1, 5)
    game = rules.new_game(seed=3)
    assert {len(game.hand(s)) for s in range(4)} == {5}
    play_out(game, random.Random(3))
    assert game.phase == "finished" and len(game.deals) == 1
    assert sum(game.deals[0].tricks) == 5
    assert game.over is not None and game.over.rule == "OSP-1.1"


def test_osp_1_2_chance_picks_the_dealer() -> None:
    """OSP-1.2: the seed picks the dealer, each seat for some seed; the dealer's left bids
    and leads first, as in OpenSpiel."""
    rules = cardrules.load(OPENSPIEL)
    dealers = {rules.new_game(seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    for dealer in range(4):
        assert rules.new_game(seed=1, dealer=dealer).to_act == (dealer + 1) % 4


def test_osp_1_3_the_hands_and_the_turned_card_come_from_the_dealers_left() -> None:
    """OSP-1.3: this profile deals card i to seat (D + 1 + i) mod 4 (D-3); what OpenSpiel
    is fed are the four hands, as sets, and the turned card n*h of the pack."""
    rules = cardrules.load(OPENSPIEL)
    for seed in range(5):
        game = rules.new_game(seed=seed)
        deck = [str(c) for c in shuffle_and_cut(seed, 1)]
        d = game.dealer
        for seat in range(4):
            assert sorted(cards(game, seat)) == sorted(
                deck[i] for i in range(20) if (d + 1 + i) % 4 == seat
            )
        assert str(game.turned_up) == deck[20]


def test_osp_2_1_a_point_per_trick_and_ten_for_an_exact_bid() -> None:
    """OSP-2.1: a point per trick taken, 10 more for exactly the bid (OpenSpiel's default
    returns), in games and in a deal described by hand."""
    rules = cardrules.load(OPENSPIEL)
    scores = rules.score_deal(calls=[2, 0, 2, 0], tricks=[2, 1, 2, 0])
    assert [scores[s] for s in range(4)] == [Decimal(12), Decimal(1), Decimal(12), Decimal(10)]
    for seed in range(20):
        game = rules.new_game(seed=seed)
        play_out(game, random.Random(seed))
        deal = game.deals[0]
        calls = deal.contract.calls  # type: ignore[attr-defined]
        assert deal.scores == {
            s: Decimal(_openspiel_return(calls[s], deal.tricks[s])) for s in range(4)
        }


def test_osp_2_2_the_off_bid_penalty_is_a_setting_of_the_scorer(tmp_path: Path) -> None:
    """OSP-2.2: OpenSpiel's off_bid_penalty (10 plus the tricks when exact, else minus the
    difference) is exact_bid with bonus 10, per_bid 1, per_trick 0 and per_miss 1; with
    points_per_trick 2, per_bid and per_miss 2."""
    for ppt in (1, 2):
        path = tmp_path / f"penalty-{ppt}.toml"
        path.write_text(
            f'[profile]\nname = "penalty-{ppt}"\ntitle = "p"\nextends = "{OPENSPIEL}"\n\n'
            f"[scoring]\nparams = {{ bonus = 10, per_bid = {ppt}, per_trick = 0, "
            f"per_miss = {ppt} }}\n",
            encoding="utf-8",
        )
        rules = cardrules.load(path)
        for bid in range(6):
            for took in range(6):
                others = 5 - took
                tricks = [took, others, 0, 0]
                calls = [bid, 0, 0, 1 if bid == 5 else 0]  # never a total of 5 (OH-3.3)
                got = rules.score_deal(calls=calls, tricks=tricks)[0]
                assert got == Decimal(_openspiel_return(bid, took, penalty=True, ppt=ppt))


def test_osp_3_1_an_illegal_bid_or_card_is_refused_here() -> None:
    """OSP-3.1: where OpenSpiel's apply_action takes a bid the hook forbids or a revoke, this
    profile refuses them and the game stays as it was (OH-6.3)."""
    hands = [
        ["2C", "3C", "4C", "5C", "6C"],
        ["7C", "2D", "3D", "4D", "5D"],
        ["2H", "3H", "4H", "5H", "6H"],
        ["2S", "3S", "4S", "5S", "6S"],
    ]
    game = cardrules.load(OPENSPIEL).new_game(seed=4, dealer=3, hands=hands)
    for bid in (1, 1, 1):
        game.apply(f"bid {bid}")
    record = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply("bid 2")
    assert err.value.rule == "OH-3.3" and game.to_json() == record
    game.apply("bid 0")
    game.apply("play 2C")
    record = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply("play 2D")  # a revoke: seat 1 holds the 7C
    assert err.value.rule == "OH-4.2" and game.to_json() == record
    game.apply("play 7C")
