"""``rules.scoring.play_double_dummy(game)``: a board's play replaced by its double-dummy
result (OpenSpiel's ``use_double_dummy_result=true``), entered as an agreed claim (BR-3.7).
The agreement with OpenSpiel is in test_br_openspiel.py; here, what it does to a game and
what it refuses."""

from __future__ import annotations

import json
import sys

import pytest

import cardrules
from cardrules import CardrulesError, Game

PROFILE = "bridge-duplicate"


def bid_to_play(seed: int) -> Game:
    """A game of one board whose auction ends in 1NT by the dealer (North) and three passes."""
    game = cardrules.load(PROFILE, deals=1).new_game(seed=seed, dealer=0)
    for call in ("1NT", "pass", "pass", "pass"):
        game.apply(call)
    assert game.phase == "play"
    return game


def test_br_3_7_the_double_dummy_result_is_an_agreed_claim() -> None:
    """BR-3.7, BR-5.x: the opening leader claims the defenders' double-dummy tricks, North
    and South accept, and the board is scored with North-South's double-dummy tricks."""
    pytest.importorskip("endplay", reason="the double-dummy result needs the analysis extra")
    game = bid_to_play(7)
    expected = game.rules.scoring.double_dummy(game).tricks[0]["NT"]
    took = game.rules.scoring.play_double_dummy(game)
    assert took == expected
    assert game.phase == "finished"
    deal = game.deals[-1]
    assert deal.tricks[0] + deal.tricks[2] == took
    assert deal.tricks[1] + deal.tricks[3] == 13 - took
    assert game.actions[4] == f"claim {13 - took}"  # the opening leader's, East's
    assert game.actions[5:] == ["accept claim"] * (len(game.actions) - 5)
    again = Game.from_json(game.to_json(), rules=game.rules)  # the record replays
    assert again.deals[-1].scores == deal.scores


@pytest.mark.parametrize("moment", ["auction", "after the lead"])
def test_br_play_double_dummy_only_replaces_a_whole_play(moment: str) -> None:
    """Asked during the auction, or once a card is played, it is refused and the game is
    left as it was."""
    game = cardrules.load(PROFILE, deals=1).new_game(seed=3, dealer=0)
    if moment == "after the lead":
        game = bid_to_play(3)
        game.apply(game.legal_actions()[0])
    before = json.loads(game.to_json())
    with pytest.raises(CardrulesError, match="before the opening lead"):
        game.rules.scoring.play_double_dummy(game)
    assert json.loads(game.to_json()) == before


def test_br_play_double_dummy_without_the_analysis_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without endplay it says which extra to install, and the game is left as it was."""
    for name in ("endplay", "endplay.dds", "endplay.types"):
        monkeypatch.setitem(sys.modules, name, None)
    game = bid_to_play(5)
    before = json.loads(game.to_json())
    with pytest.raises(CardrulesError, match="analysis"):
        game.rules.scoring.play_double_dummy(game)
    assert json.loads(game.to_json()) == before
