"""skat: the game's value and the scores (SK-4, SK-6, SK-7), checked against the rule
text's own arithmetic: the bids as the values some game can have, the matadors with and
without, every level of the multiplier, null's fixed values, overbidding, a lost game
counted double, and the tournament's extra points.

The expected values are worked out here from the rule text's words, not from the
plugin's tables."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules_skat import (
    DECK,
    Announcement,
    IskoContract,
    SkatScorer,
    card_points,
    isko_contract,
    matadors,
    settle,
)
from cardrules_skat.values import BIDS

#: SK-6.1's base values.
BASE = {"D": 9, "H": 10, "S": 11, "C": 12, "grand": 24}


def mask(cards: str) -> int:
    return DECK.mask_of(DECK.parse_cards(cards))


def test_sk_2_2_the_bids_are_every_game_value() -> None:
    """SK-2.2 with SK-6.1 .. SK-6.4: the values some game can have, starting 18, 20, 22, 23,
    24, 27, 30, 33, 35, 36, 40 as the ISkO lists them; the highest a grand ouvert with
    four (4 + 7 levels = 11, times 24: 264)."""
    first = (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60)
    assert BIDS[:20] == first
    expected = {23, 35, 46, 59}
    for game, base in BASE.items():
        tops = 4 if game == "grand" else 11
        expected |= {base * m for m in range(2, tops + 8)}
    assert set(BIDS) == expected
    assert max(BIDS) == 264 and 21 not in BIDS and 19 not in BIDS


@pytest.mark.parametrize(
    ("cards", "game", "count"),
    [
        ("JC 7H 8H 9H QH KH 7S 8S 9S 10S 7D 8D", "H", 1),  # with 1
        ("JC JS JH JD AH 10H KH QH 9H 8H 7H AS", "H", 11),  # with 11: every trump
        ("JS JH JD AH 10H 7S 8S 9S 10S QS 7D 8D", "H", 1),  # without 1
        ("JD AH 10H 7S 8S 9S 10S QS 7D 8D KD QD", "H", 3),  # without 3
        ("AH 10H 7S 8S 9S 10S QS 7D 8D KD QD AD", "H", 4),  # without 4 (no jack)
        ("7C 8S 9S 10S QS 7D 8D KD QD AD AC 10C", "H", 11),  # without 11: no trump at all
        ("JC JS JD AS 7H 8H 9H QH KH 7D 8D 9D", "grand", 2),  # with 2
        ("JD AS 7H 8H 9H QH KH 7D 8D 9D 10C AC", "grand", 3),  # without 3
    ],
)
def test_sk_6_2_matadors_with_and_without(cards: str, game: str, count: int) -> None:
    """SK-6.2: the run of the highest trumps held from the jack of clubs, or lacking it the
    run of the highest missing, over the declarer's ten cards and the skat."""
    assert matadors(mask(cards), game) == count


def levels(**kw: bool) -> int:
    """SK-6.3: 1 for the game and 1 for each level named."""
    return 1 + sum(kw.values())


def test_sk_6_3_every_level_of_the_multiplier() -> None:
    """SK-6.3, level by level, hearts with 2 (base 10): game; hand; schneider made; schneider
    announced (and made); schwarz made; schwarz announced (and made); ouvert."""
    h = "H"
    plain = settle(Announcement(h), bid=18, matadors=2, points=61, tricks=5)
    assert plain.won and plain.value == 10 * (2 + levels())
    hand = settle(Announcement(h, hand=True), bid=18, matadors=2, points=61, tricks=5)
    assert hand.value == 10 * (2 + levels(hand=True))
    schneider = settle(Announcement(h), bid=18, matadors=2, points=90, tricks=8)
    assert schneider.won and schneider.value == 10 * (2 + levels(schneider=True))
    announced = settle(
        Announcement(h, hand=True, schneider=True), bid=18, matadors=2, points=95, tricks=9
    )
    assert announced.won
    assert announced.value == 10 * (2 + levels(hand=True, schneider=True, announced=True))
    schwarz = settle(Announcement(h), bid=18, matadors=2, points=120, tricks=10)
    assert schwarz.value == 10 * (2 + levels(schneider=True, schwarz=True))
    schwarz_announced = settle(
        Announcement(h, hand=True, schneider=True, schwarz=True),
        bid=18,
        matadors=2,
        points=120,
        tricks=10,
    )
    assert schwarz_announced.won
    assert schwarz_announced.value == 10 * (2 + 6)  # game, hand, schneider, ann., schwarz, ann.
    ouvert = settle(
        Announcement(h, hand=True, schneider=True, schwarz=True, ouvert=True),
        bid=18,
        matadors=2,
        points=120,
        tricks=10,
    )
    assert ouvert.won and ouvert.value == 10 * (2 + 7)


def test_sk_4_2_sixty_one_wins_sixty_loses() -> None:
    """SK-4.2: 61 card points win a suit game or a grand, 60 lose."""
    assert settle(Announcement("grand"), bid=18, matadors=1, points=61, tricks=3).won
    lost = settle(Announcement("grand"), bid=18, matadors=1, points=60, tricks=3)
    assert not lost.won and lost.value == 24 * 2


def test_sk_4_3_schneider_and_schwarz_announced_made_or_missed() -> None:
    """SK-4.3 and SK-6.3: schneider announced needs 90 points, schwarz announced every trick;
    missed, the game is lost at the value with the announced levels counted."""
    schneider = Announcement("S", hand=True, schneider=True)
    missed = settle(schneider, bid=18, matadors=1, points=89, tricks=8)
    assert not missed.won and missed.value == 11 * (1 + levels(hand=True, s=True, a=True))
    made = settle(schneider, bid=18, matadors=1, points=90, tricks=8)
    assert made.won and made.value == missed.value
    schwarz = Announcement("S", hand=True, schneider=True, schwarz=True)
    one_trick_lost = settle(schwarz, bid=18, matadors=1, points=118, tricks=9)
    assert not one_trick_lost.won and one_trick_lost.value == 11 * (1 + 6)
    assert settle(schwarz, bid=18, matadors=1, points=120, tricks=10).won


def test_sk_4_3_the_declarer_schneider_or_schwarz_counts_against_it() -> None:
    """SK-4.3, SK-6.3: a declarer with 30 points or fewer is schneider, one with no trick
    schwarz, and those levels count in the value it loses."""
    schneidered = settle(Announcement("C"), bid=18, matadors=1, points=30, tricks=2)
    assert not schneidered.won and schneidered.value == 12 * (1 + levels(schneider=True))
    assert settle(Announcement("C"), bid=18, matadors=1, points=31, tricks=2).value == 12 * 2
    black = settle(Announcement("C"), bid=18, matadors=1, points=0, tricks=0)
    assert black.value == 12 * (1 + levels(schneider=True, schwarz=True))


def test_sk_6_4_null_values() -> None:
    """SK-6.4: null 23, hand 35, ouvert 46, ouvert hand 59; won with no trick (SK-4.4)."""
    for hand, ouvert, value in ((0, 0, 23), (1, 0, 35), (0, 1, 46), (1, 1, 59)):
        announced = Announcement("null", hand=bool(hand), ouvert=bool(ouvert))
        won = settle(announced, bid=18, matadors=0, points=0, tricks=0)
        assert won.won and won.value == value and won.multiplier == 0
        lost = settle(announced, bid=18, matadors=0, points=0, tricks=1)
        assert not lost.won and lost.value == value


def test_sk_6_5_an_overbid_game_is_lost_at_the_lowest_multiple_reaching_the_bid() -> None:
    """SK-6.5: hearts with 1 (20) at a bid of 24, all points won: lost, at 30 (the lowest
    multiple of 10 reaching 24); diamonds with 1 at 27: lost at 27.  A game whose levels
    reach the bid (schneider made) is not overbid."""
    over = settle(Announcement("H"), bid=24, matadors=1, points=80, tricks=7)
    assert over.overbid and not over.won and over.value == 30
    exact = settle(Announcement("D"), bid=27, matadors=1, points=70, tricks=6)
    assert exact.overbid and exact.value == 27
    saved = settle(Announcement("H"), bid=30, matadors=1, points=95, tricks=9)
    assert not saved.overbid and saved.won and saved.value == 30


def test_sk_7_1_and_7_2_won_scores_the_value_lost_twice_it() -> None:
    """SK-7.1, SK-7.2: the declarer scores the value won or twice it lost, a hand game too;
    the defenders score nothing; SK-4.2: the skat's points are the declarer's."""
    scorer = SkatScorer()
    hand = isko_contract(Announcement("S", hand=True), 1, 0, bid=18)
    # The defenders took 60: the declarer's 60 (the skat's among them) lose.
    taken = [mask("AC 10C AD 10D AH 7S"), 0, mask("KC QC 7C")]
    assert card_points(taken[0] | taken[2]) == 60
    scores = scorer.score_taken(hand, (2, 6, 2), taken, matadors=1)
    assert scores == {0: 0, 1: Decimal(-2 * 11 * 3), 2: 0}  # with 1, game 2, hand 3
    taken = [mask("AC 10C AD 10D AH"), 0, mask("KC")]
    won = scorer.score_taken(hand, (2, 6, 2), taken, matadors=1)
    assert won == {0: 0, 1: Decimal(11 * 3), 2: 0}


def test_sk_7_3_the_tournament_points() -> None:
    """SK-7.3: with Seeger-Fabian, 50 more to a winning declarer, 50 less to a losing one,
    and 40 to each defender of a game lost."""
    scorer = SkatScorer(seeger_fabian=True)
    null = isko_contract(Announcement("null"), 2, 0, bid=23)
    assert scorer.score_taken(null, (5, 5, 0), [0, 0, 0]) == {0: 0, 1: 0, 2: Decimal(23 + 50)}
    lost = scorer.score_taken(null, (4, 5, 1), [0, 0, 0])
    assert lost == {0: Decimal(40), 1: Decimal(40), 2: Decimal(-46 - 50)}


def test_sk_7_3_the_tournament_scorer_is_a_profile_away(tmp_path: Path) -> None:
    """SK-7.3 (D-7): a profile extending skat with the scorer skat_seeger_fabian plays with the
    tournament's points; skat itself plays without them."""
    path = tmp_path / "skat-tournament.toml"
    path.write_text(
        '[profile]\nname = "skat-tournament"\ntitle = "Skat (tournament)"\n'
        'extends = "skat"\n\n[scoring]\nkind = "skat_seeger_fabian"\nrule = "SK-7.3"\n',
        encoding="utf-8",
    )
    assert repr(cardrules.load(path).scorer) == "SkatScorer(seeger_fabian=True)"
    assert repr(cardrules.load("skat").scorer) == "SkatScorer(seeger_fabian=False)"


def test_sk_7_4_a_deal_thrown_in_scores_nothing() -> None:
    """SK-7.4: no declarer, no score, with or without the tournament's points."""
    for scorer in (SkatScorer(), SkatScorer(seeger_fabian=True)):
        assert scorer.score_taken(IskoContract(None, 0), (0, 0, 0), [0, 0, 0]) == {0: 0, 1: 0, 2: 0}


def test_sk_4_1_the_card_points() -> None:
    """SK-4.1: A 11, 10 10, K 4, Q 3, J 2, the rest nothing: 30 a suit, 120 in all."""
    assert card_points(mask("AH 10H KH QH JH 9H 8H 7H")) == 30
    assert card_points(DECK.all_mask) == 120


def test_sk_7_a_deal_described_by_hand_scores_as_played() -> None:
    """SK-6.3, SK-7.1, SK-7.2 through rules.score_deal: the worked deal of clubs hand with 9
    (109 points, nine tricks) scores 144, schwarz announced -360; null ouvert lost -92;
    each setting out of its range refused, naming it."""
    rules = cardrules.load("skat")
    deal = {"declarer": 0, "matadors": 9, "points": 109, "tricks": 9}
    assert rules.score_deal(game="clubs hand", **deal) == {0: 144, 1: 0, 2: 0}
    assert rules.score_deal(game="clubs hand schwarz", **deal)[0] == -360
    assert rules.score_deal(declarer=2, game="null ouvert", tricks=1)[2] == -92
    assert rules.score_deal(declarer=2, game="hearts", bid=24, matadors=1, points=80, tricks=7)[
        2
    ] == Decimal(-60)  # overbid: lost at 30 (SK-6.5)
    bad: list[tuple[dict[str, object], str]] = [
        ({"game": "clubs schneider"}, "no such game"),
        ({"declarer": 3}, "declarer 3"),
        ({"matadors": 12}, "matadors 12"),
        ({"points": 121}, "points 121"),
        ({"bid": 19}, "bid 19"),
        ({"tricks": 10}, "109 points with 10 tricks"),
    ]
    for change, words in bad:
        given = {"game": "clubs hand", **deal, **change}
        with pytest.raises(cardrules.CardrulesError, match=words):
            rules.score_deal(**given)
