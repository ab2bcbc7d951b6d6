"""The DDV's scoring (DK-6): who wins, the game points, the announcements' points, the extra
points, a solo's threefold score; unit cases worked out from the rule text, and whole deals
scored against a model of the rule text."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

import cardrules
from cardrules.engine.tricks import PlayedCard, Trick
from cardrules_doppelkopf import DECK, DealFacts, extra_points

RULES = cardrules.load("doppelkopf")
RE = frozenset({0, 2})
WORTH = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def facts(re_points: int, **kw: object) -> DealFacts:
    """A normal game of Re {0, 2} with ``re_points`` card points, six tricks each."""
    given: dict[str, object] = {"re_tricks": 6, "kontra_tricks": 6, "solo": False, "re": RE}
    given.update(kw)
    return DealFacts(re_points=re_points, **given)  # type: ignore[arg-type]


def re_score(f: DealFacts) -> int:
    scores = f.scores()
    assert sum(scores.values()) == 0
    return int(scores[min(f.re)])


@pytest.mark.parametrize(
    ("re_points", "expected"),
    [
        (121, 1),  # DK-6.1: Re wins with 121
        (120, -2),  # Kontra wins with 120, and against the old ones (DK-6.4)
        (151, 2),  # the losers under 90 (DK-6.3)
        (181, 3),
        (211, 4),
        (89, -3),  # Kontra wins, Re under 90, against the old ones
    ],
)
def test_dk_6_1_and_6_3_the_win_and_the_levels(re_points: int, expected: int) -> None:
    assert re_score(facts(re_points)) == expected


def test_dk_6_3_a_party_with_every_trick() -> None:
    assert re_score(facts(240, re_tricks=12, kontra_tricks=0)) == 1 + 3 + 1


def test_dk_6_1_kontra_announced_alone_draws_the_game_to_itself() -> None:
    assert re_score(facts(120, kontra_level=0)) == 1 + 2  # Re wins with 120; kontra said
    assert re_score(facts(119, kontra_level=0)) == -(1 + 2 + 1)  # Kontra wins with 121
    # Both said: the normal rule, Kontra wins with 120.
    assert re_score(facts(120, re_level=0, kontra_level=0)) == -(1 + 2 + 2 + 1)
    assert re_score(facts(121, re_level=0)) == 1 + 2


def test_dk_6_2_an_announcement_not_made_loses_and_is_paid_for() -> None:
    # Re announced no 90 and took 140: Kontra (100) reached 90 and wins.
    lost = facts(140, re_level=1)
    assert not lost.reaches("re") and lost.reaches("kontra")
    assert re_score(lost) == -(1 + 2 + 1 + 1)  # won, re, no 90, against the old ones
    # Kontra reached 120 against the no 90 as well: one more.
    assert re_score(facts(120, re_level=1)) == -(1 + 2 + 1 + 1 + 1)
    # Made: Kontra stayed under 90.
    assert re_score(facts(160, re_level=1)) == 1 + 1 + 2 + 1


def test_dk_6_2_black_announced_and_made() -> None:
    made = facts(240, re_level=4, re_tricks=12, kontra_tricks=0)
    assert re_score(made) == 1 + 3 + 1 + 2 + 4
    # One trick to Kontra defeats it, whatever its points.
    lost = facts(238, re_level=4, re_tricks=11, kontra_tricks=1)
    assert lost.reaches("kontra") and not lost.reaches("re")


def test_dk_6_2_neither_party_makes_its_announcement() -> None:
    both = facts(130, re_level=1, kontra_level=1)
    assert not both.reaches("re") and not both.reaches("kontra")
    assert re_score(both) == 1  # Re reached 120 against Kontra's no 90; nothing else


def test_dk_6_5_a_soloist_scores_three_times() -> None:
    solo = DealFacts(frozenset({1}), True, 121, 7, 5)
    scores = solo.scores()
    assert scores == {0: Decimal(-1), 1: Decimal(3), 2: Decimal(-1), 3: Decimal(-1)}
    lost = DealFacts(frozenset({1}), True, 100, 7, 5)  # no against the old ones in a solo
    assert lost.scores()[1] == Decimal(-3)


def _trick(leader: int, texts: str, winner: int) -> Trick:
    cards = DECK.parse_cards(texts)
    seats = [(leader + i) % 4 for i in range(4)]
    return Trick(leader, tuple(PlayedCard(s, c) for s, c in zip(seats, cards, strict=True)), winner)


def test_dk_6_4_extra_points() -> None:
    doppelkopf = _trick(0, "AC AC 10C 10C", 0)  # 42 card points to Re
    fox = _trick(1, "AD 9D KD 10D", 0)  # Kontra's (seat 1) diamond ace caught by Re
    own_fox = _trick(0, "AD 9D KD 10D", 2)  # Re's own fox: nothing
    charlie = _trick(3, "9D JC 9D 9D", 0)  # the club jack wins the last trick for Re
    assert extra_points(RE, [doppelkopf, fox, own_fox, charlie], DECK) == {"re": 3, "kontra": 0}
    lost_charlie = _trick(0, "JC QS 9D 9D", 1)  # a club jack beaten: no Charlie
    assert extra_points(RE, [lost_charlie], DECK) == {"re": 0, "kontra": 0}
    kontra_charlie = _trick(0, "9D JC 9D 9D", 1)
    assert extra_points(RE, [kontra_charlie], DECK) == {"re": 0, "kontra": 1}
    # Extra points set off against the game value: Re wins (1), Kontra has one extra.
    assert re_score(facts(121, extras={"re": 0, "kontra": 1})) == 0
    assert re_score(facts(121, extras={"re": 2, "kontra": 0})) == 3


def _model(deal_tricks: list[Trick], dealt: list[list[str]], game: str) -> dict[int, int]:
    """The scores of a deal without announcements, by the rule text alone (DK-1.4, DK-2,
    DK-6): normal games and silent marriages only."""
    holders = [s for s in range(4) for c in dealt[s] if c == "QC"]
    re = set(holders)
    solo = len(re) == 1
    points = {s: 0 for s in range(4)}
    for trick in deal_tricks:
        points[trick.winner] += sum(WORTH[c.text[:-1]] for _, c in trick.cards)
    re_points = sum(points[s] for s in re)
    kontra_points = 240 - re_points
    re_tricks = sum(t.winner in re for t in deal_tricks)
    re_wins = re_points >= 121
    loser_points = kontra_points if re_wins else re_points
    loser_tricks = (12 - re_tricks) if re_wins else re_tricks
    value = 1 + sum(loser_points < x for x in (90, 60, 30)) + (loser_tricks == 0)
    extras = 0
    if not solo:
        if not re_wins:
            extras -= 1  # against the old ones
        for trick in deal_tricks:
            sign = 1 if trick.winner in re else -1
            if sum(WORTH[c.text[:-1]] for _, c in trick.cards) >= 40:
                extras += sign
            for s, c in trick.cards:
                if c.text == "AD" and (s in re) != (trick.winner in re):
                    extras += sign
        last = deal_tricks[-1]
        if next(c for s, c in last.cards if s == last.winner).text == "JC":
            extras += 1 if last.winner in re else -1
    re_value = (value if re_wins else -value) + extras
    return {s: re_value * (3 if solo else 1) if s in re else -re_value for s in range(4)}


def test_dk_6_whole_deals_score_as_the_rule_text_says() -> None:
    checked = 0
    for seed in range(300):
        game = RULES.new_game(seed=seed)
        game.halt_after_deal = True
        rng = random.Random(seed)
        while game.phase == "auction":
            legal = game.legal_actions()
            game.apply("healthy" if "healthy" in map(str, legal) else legal[0])
        while game.phase == "play":
            cards = [a for a in game.legal_actions() if str(a).startswith("play")]
            game.apply(rng.choice(cards))
        dealt = [[c.text for c in DECK.cards_of(mask)] for mask in game.initial_hands]
        expected = _model(list(game.tricks), dealt, "normal")
        assert {s: int(v) for s, v in game.deals[0].scores.items()} == expected, seed
        checked += 1
    assert checked == 300


def test_dk_d5_where_the_rule_text_chooses() -> None:
    """doppelkopf D-5: a further announcement made by both parties counts once for each;
    extra points beyond the winners' game points turn the value against them."""
    both = facts(130, re_level=1, kontra_level=1)  # neither made it: no announcement points
    assert re_score(both) == 1
    made = facts(160, re_level=1, kontra_level=0)  # Re made no 90; Kontra said kontra
    assert re_score(made) == 1 + 1 + 2 + 2 + 1
    assert re_score(facts(121, extras={"re": 0, "kontra": 3})) == 1 - 3
