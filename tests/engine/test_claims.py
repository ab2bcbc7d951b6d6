"""Claims: ``[play] claims = true`` lets the side to play claim some of the tricks left
(``claim N``), the other side's players answering in turn (``accept claim`` /
``refuse claim``).  The kernel knows no family: the test uses Minibridge with claims
switched on, where dummy's hand is decided by declarer and so never answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardrules
from cardrules import IllegalAction
from cardrules.rules.actions import Claim, ClaimAnswer


@pytest.fixture
def rules(tmp_path: Path) -> cardrules.Ruleset:
    path = tmp_path / "claims.toml"
    path.write_text(
        '[profile]\nname = "claims"\ntitle = "Claims"\nextends = "minibridge-ebu"\n'
        '[play]\nclaims = true\nclaim_rule = "X-9"\n',
        encoding="utf-8",
    )
    return cardrules.load(path)


def in_play(rules: cardrules.Ruleset) -> cardrules.Game:
    game = rules.new_game(seed=3, dealer=1)
    game.apply("contract H game")  # W declares, E is dummy; N leads
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    return game


def test_a_claim_accepted_by_the_other_side_ends_the_deal_as_claimed(
    rules: cardrules.Ruleset,
) -> None:
    """The side to play claims N of the tricks left; once every player of the other side
    (who decides for themselves) accepts, that side gets N, the other the rest, and the
    deal is scored."""
    game = in_play(rules)
    claimer = game.to_act
    assert claimer is not None
    side = rules.side_of(claimer)
    before = {
        s: sum(game.tricks_won[x] for x in range(4) if rules.side_of(x) == s) for s in ("NS", "EW")
    }
    left = 13 - len(game.tricks)
    game.apply(f"claim {left - 2}", seat=game.controller(claimer))
    assert game.phase == "claim"
    waiting = game.claim["waiting"]  # type: ignore[index]
    assert waiting and all(rules.side_of(s) != side and game.controller(s) == s for s in waiting)
    assert game.legal_actions() == [ClaimAnswer(True), ClaimAnswer(False)]
    for seat in waiting:
        assert game.to_act == seat
        game.apply("accept claim")
    deal = game.deals[-1]
    other = "EW" if side == "NS" else "NS"
    took = {s: sum(deal.tricks[x] for x in range(4) if rules.side_of(x) == s) for s in ("NS", "EW")}
    assert took[side] == before[side] + left - 2
    assert took[other] == before[other] + 2
    assert sum(deal.tricks) == 13


def test_a_refused_claim_lets_play_go_on_where_it_was(rules: cardrules.Ruleset) -> None:
    game = in_play(rules)
    to_act, legal = game.to_act, game.legal_actions()
    game.apply("claim 3", seat=game.controller(to_act))  # type: ignore[arg-type]
    game.apply("refuse claim")
    assert game.phase == "play" and game.to_act == to_act and game.legal_actions() == legal
    assert game.claim is None


def test_claims_are_refused_where_the_rules_have_none_and_out_of_range(
    rules: cardrules.Ruleset,
) -> None:
    plain = in_play(cardrules.load("minibridge-ebu"))
    before = plain.to_json()
    with pytest.raises(IllegalAction, match="claims are not played in these rules"):
        plain.apply("claim 3")
    assert plain.to_json() == before
    assert not plain.is_legal("claim 3")
    game = in_play(rules)
    with pytest.raises(IllegalAction, match=r"X-9: a claim is of 0 to 12 tricks"):
        game.apply("claim 13")
    assert game.is_legal("claim 12") and not game.is_legal("claim 13")
    game.apply("claim 12")
    with pytest.raises(IllegalAction, match="a claim is pending"):
        game.apply(f"play {game.hand(game.to_act)[0]}")  # type: ignore[arg-type]


def test_claims_are_public_replay_and_undo(rules: cardrules.Ruleset) -> None:
    """The claim pending is in every view and in the record; records replay; undo takes
    back an answer or the claim."""
    game = in_play(rules)
    game.apply("claim 5")
    for seat in range(4):
        assert game.view(seat).to_dict()["claim"] == game.claim
    text = game.to_json()
    assert json.loads(text)["state"]["claim"] == game.claim
    assert cardrules.Game.from_json(text, rules=rules).to_json() == text
    assert game.undo() == Claim(5)
    assert game.phase == "play" and game.claim is None
    assert "claim" not in json.loads(game.to_json())["state"]
