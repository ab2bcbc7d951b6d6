"""Euchre, section 6: the points of a deal (EU-6.1 .. EU-6.4, D-8, EU-8.5), and OpenSpiel's
zero-sum returns (EUO-4.1, EUO-4.2), on the scorers themselves."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cardrules.deck import Suit
from cardrules.errors import CardrulesError
from cardrules.rules.components import Contract
from cardrules_euchre import EuchreContract, EuchreScorer, makers_points

ONE_SIDE = EuchreScorer()
ZERO_SUM = EuchreScorer(zero_sum=True)


def contract(maker: int, alone: bool = False, lone_defender: int | None = None) -> EuchreContract:
    return EuchreContract(Suit.H, 0, maker=maker, alone=alone, lone_defender=lone_defender)


def tricks_for(maker: int, taken: int) -> tuple[int, ...]:
    """The maker takes ``taken`` tricks, the defender on the maker's left the rest."""
    out = [0, 0, 0, 0]
    out[maker], out[(maker + 1) % 4] = taken, 5 - taken
    return tuple(out)


def scores(scorer: EuchreScorer, c: EuchreContract, tricks: tuple[int, ...]) -> dict[str, int]:
    return {str(k): int(v) for k, v in scorer.score(c, tricks).items()}


@pytest.mark.parametrize(("taken", "points"), [(3, 1), (4, 1), (5, 2)])
def test_eu_6_1_eu_6_2_makers_score_1_or_2_for_a_march(taken: int, points: int) -> None:
    """EU-6.1: three or four tricks score 1; EU-6.2: all five, a march, 2."""
    assert scores(ONE_SIDE, contract(0), tricks_for(0, taken)) == {"NS": points, "EW": 0}
    assert scores(ONE_SIDE, contract(1), tricks_for(1, taken)) == {"NS": 0, "EW": points}


def test_eu_6_1_eu_6_2_a_lone_maker_scores_1_or_4() -> None:
    """EU-6.1: alone, three or four tricks still score 1; EU-6.2: a lone march scores 4."""
    assert scores(ONE_SIDE, contract(2, alone=True), tricks_for(2, 4)) == {"NS": 1, "EW": 0}
    assert scores(ONE_SIDE, contract(2, alone=True), tricks_for(2, 5)) == {"NS": 4, "EW": 0}


@pytest.mark.parametrize("taken", [0, 1, 2])
def test_eu_6_3_d_8_euchred_makers_give_the_defenders_2(taken: int) -> None:
    """EU-6.3, D-8: two to the defenders, alone or not, no more for no trick at all."""
    for alone in (False, True):
        assert scores(ONE_SIDE, contract(3, alone), tricks_for(3, taken)) == {"NS": 2, "EW": 0}


def test_eu_6_4_only_one_side_scores_and_a_thrown_in_deal_scores_nothing() -> None:
    """EU-6.4: one side scores in a deal; a deal thrown in (no maker) scores nothing."""
    for taken in range(6):
        got = scores(ONE_SIDE, contract(0), tricks_for(0, taken))
        assert sorted(got.values())[0] == 0
    assert scores(ONE_SIDE, EuchreContract(None, 1), (0, 0, 0, 0)) == {"NS": 0, "EW": 0}
    assert scores(ZERO_SUM, EuchreContract(None, 1), (0, 0, 0, 0)) == {"NS": 0, "EW": 0}


def test_eu_8_5_east_alone_takes_four() -> None:
    """EU-8.5: East alone takes four tricks: 1 to East and West; five: 4; two: 2 to N-S."""
    east = contract(1, alone=True)
    assert scores(ONE_SIDE, east, (1, 4, 0, 0)) == {"NS": 0, "EW": 1}
    assert scores(ONE_SIDE, east, (0, 5, 0, 0)) == {"NS": 0, "EW": 4}
    assert scores(ONE_SIDE, east, (3, 2, 0, 0)) == {"NS": 2, "EW": 0}


@pytest.mark.parametrize(
    ("taken", "alone", "lone", "points"),
    [
        (0, False, False, -2),
        (2, True, False, -2),
        (1, False, True, -4),
        (2, True, True, -4),
        (3, False, True, 1),
        (4, True, False, 1),
        (5, False, False, 2),
        (5, True, False, 4),
        (5, False, True, 2),
    ],
)
def test_euo_4_1_euo_4_2_zero_sum_returns(taken: int, alone: bool, lone: bool, points: int) -> None:
    """EUO-4.1: each side gets the makers' figure or its negative; EUO-4.2: euchred
    against a lone defender, 4; no super euchre."""
    assert makers_points(taken, alone, lone) == points
    c = contract(0, alone, 1 if lone else None)
    assert scores(ZERO_SUM, c, tricks_for(0, taken)) == {"NS": points, "EW": -points}


def test_score_deal_by_hand_and_its_refusals() -> None:
    assert ONE_SIDE.score_deal(None, maker=1, tricks=5, alone=True) == {
        "NS": Decimal(0),
        "EW": Decimal(4),
    }
    assert ZERO_SUM.score_deal(None, maker=0, tricks=2, lone_defender=True)["NS"] == -4
    for bad in ({"maker": 4, "tricks": 3}, {"maker": 0, "tricks": 6}, {"tricks": 3}):
        with pytest.raises(CardrulesError):
            ONE_SIDE.score_deal(None, **bad)
    with pytest.raises(CardrulesError):
        ONE_SIDE.score_deal(None, maker=0, tricks=3, alone="yes")
    with pytest.raises(CardrulesError, match="Euchre contract"):
        ONE_SIDE.score(Contract(Suit.H, 0), (1, 1, 1, 2))


def test_contract_words_and_record_form() -> None:
    c = EuchreContract(Suit.S, 1, maker=0, alone=True, sitting_out=frozenset({2}))
    assert c.words() == "Contract: trumps spades, made by N alone"
    assert c.result_words((5, 0, 0, 0)) == "Makers took 5 tricks: a march"
    assert c.result_words((2, 3, 0, 0)) == "Makers took 2 tricks: euchred"
    assert c.made((3, 2, 0, 0)) == {"": True}
    assert c.to_dict() == {
        "trump": "S",
        "leader": 1,
        "sitting_out": [2],
        "maker": 0,
        "alone": True,
    }
    assert "zero_sum=True" in repr(ZERO_SUM) and "each side receives" in ZERO_SUM.summary
