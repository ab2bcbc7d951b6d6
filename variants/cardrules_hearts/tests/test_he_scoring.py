"""Hearts, section 4 and its scoring house rules: penalty points from the cards taken,
shooting the moon, running totals (HE-4.x, HE-6.1, HE-6.2), through ``rules.score_deal``
and played games; and OpenSpiel's returns (HEO-1.3)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Card, CardrulesError, Game, Ruleset, Suit
from helpers import ALL_CARDS, check_full_deal

HEARTS = "hearts"
OPENSPIEL = "hearts-openspiel"
QS = Card.parse("QS")
JD = Card.parse("JD")

#: The rule text's example of HE-4.2: N takes every heart and the QS.
MOON_EXAMPLE = [
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS 2C 3C 4C 5C 6C 7C",
    "8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D",
    "7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S",
    "TS JS KS AS",
]


def cards_except(suits: str, out: str) -> str:
    """Every card of ``suits`` but those of ``out`` (texts)."""
    gone = {Card.parse(c) for c in out.split()}
    return " ".join(c for c in ALL_CARDS if c[-1] in suits and Card.parse(c) not in gone)


#: QS 2H 3H to N (15 points), AH KH JD to E (2), no point card to S, nine hearts to W.
FOUR_SEATS = [
    "QS 2H 3H 4C",
    "AH KH 2C 3C JD 5D 6D 7D",
    cards_except("CD", "4C 2C 3C JD 5D 6D 7D") + " 2S",
    cards_except("HS", "QS 2H 3H AH KH 2S"),
]


def with_options(tmp_path: Path, body: str, base: str = HEARTS) -> Ruleset:
    """The ``base`` rules with ``body`` under ``[options]``."""
    path = tmp_path / "my-hearts.toml"
    path.write_text(
        f'[profile]\nname = "my-hearts"\ntitle = "My hearts"\nextends = "{base}"\n\n'
        f"[options]\n{body}\n",
        encoding="utf-8",
    )
    return cardrules.load(path)


def ints(scores: Mapping[Any, Decimal]) -> list[int]:
    assert list(scores) == [0, 1, 2, 3]
    assert all(v == int(v) for v in scores.values())
    return [int(v) for v in scores.values()]


def points_by_text(
    taken: list[set[Card]], tricks: list[int], *, jack: bool = False, avoid: bool = False
) -> list[int]:
    """HE-4.1, HE-4.2, HE-6.1, HE-6.2 restated: a point a heart, 13 the QS; the moon; the
    J♦ -10 (no part in the moon); -5 for no trick unless the moon was shot."""
    points = [sum(1 for c in t if c.suit == Suit.H) + (13 if QS in t else 0) for t in taken]
    shooter = [s for s, p in enumerate(points) if p == 26]
    if shooter:
        points = [p - 26 if s == shooter[0] else p + 26 for s, p in enumerate(points)]
    if jack:
        points = [p - 10 if JD in t else p for p, t in zip(points, taken, strict=True)]
    if avoid and not shooter:
        points = [p - 5 if n == 0 else p for p, n in zip(points, tricks, strict=True)]
    return points


def random_taken(rng: random.Random, moon: bool = False) -> list[list[str]]:
    """The 52 cards split among the seats in whole tricks (a seat may take none); with
    ``moon`` one seat takes every heart and the QS."""
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    if moon:
        points = [c for c in cards if c.endswith("H") or c == "QS"]
        rest = [c for c in cards if c not in points]
        shooter = rng.randrange(4)
        counts = [0, 0, 0, 0]
        counts[shooter] = 16  # the 14 point cards and two more
        for _ in range(9):
            counts[rng.randrange(4)] += 4
        piles: list[list[str]] = [[] for _ in range(4)]
        piles[shooter] = points + rest[:2]
        rest = rest[2:]
        for seat in range(4):
            need = counts[seat] - len(piles[seat])
            piles[seat] += rest[:need]
            rest = rest[need:]
        return piles
    counts = [0, 0, 0, 0]
    for _ in range(13):
        counts[rng.randrange(4)] += 4
    piles = []
    for n in counts:
        piles.append(cards[:n])
        cards = cards[n:]
    return piles


def score(rules: Ruleset, taken: list[list[str]] | list[str]) -> list[int]:
    """The points of ``taken``: a text per seat, or a list of card texts per seat (given
    as texts)."""
    texts = [t if isinstance(t, str) else " ".join(t) for t in taken]
    return ints(rules.score_deal(taken=texts))


# -- section 4: rules.score_deal ------------------------------------------------------------


def test_he_4_1_a_point_a_heart_thirteen_for_the_queen() -> None:
    """HE-4.1: each heart taken is 1 point, the QS 13, no other card counts (the J♦ neither,
    in hearts); 26 points in every deal."""
    assert score(cardrules.load(HEARTS), FOUR_SEATS) == [15, 2, 0, 9]


@pytest.mark.parametrize("seed", range(4))
def test_he_4_1_he_4_2_random_deals_score_as_the_rule_text(seed: int) -> None:
    """HE-4.1, HE-4.2: for random splits of the pack in whole tricks (some with a moon), the
    points are those of the rule text: 26 in all without a moon, 78 with one."""
    rules = cardrules.load(HEARTS)
    rng = random.Random(seed)
    for k in range(60):
        taken = random_taken(rng, moon=k % 4 == 0)
        sets = [{Card.parse(c) for c in t} for t in taken]
        tricks = [len(t) // 4 for t in taken]
        got = score(rules, taken)
        assert got == points_by_text(sets, tricks)
        assert sum(got) == (78 if k % 4 == 0 else 26)


def test_he_4_2_shooting_the_moon() -> None:
    """HE-4.2 (its example): N takes all thirteen hearts and the QS: N scores 0 instead of
    26 and each other player 26."""
    assert score(cardrules.load(HEARTS), MOON_EXAMPLE) == [0, 26, 26, 26]


def test_he_4_2_all_but_one_point_card_is_no_moon() -> None:
    """HE-4.2: the moon needs every heart and the queen: twelve hearts and the QS score 25
    (the other heart 1); thirteen hearts without the QS score 13 (the QS 13)."""
    rules = cardrules.load(HEARTS)
    twelve = swapped(MOON_EXAMPLE, "2H", "TS")
    assert score(rules, twelve) == [25, 0, 0, 1]
    no_queen = swapped(MOON_EXAMPLE, "QS", "JS")
    assert score(rules, no_queen) == [13, 0, 0, 13]


def swapped(taken: list[str], mine: str, theirs: str, seats: tuple[int, int] = (0, 3)) -> list[str]:
    """``taken`` with the card ``mine`` of one seat and ``theirs`` of another exchanged."""
    out = [t.split() for t in taken]
    a, b = seats
    out[a][out[a].index(mine)] = theirs
    out[b][out[b].index(theirs)] = mine
    check_full_deal_by_tricks([" ".join(t) for t in out])
    return [" ".join(t) for t in out]


def check_full_deal_by_tricks(taken: list[str]) -> None:
    cards = [c for t in taken for c in t.split()]
    assert sorted(str(Card.parse(c)) for c in cards) == sorted(ALL_CARDS)
    assert all(len(t.split()) % 4 == 0 for t in taken)


def test_he_6_1_jd_bonus(tmp_path: Path) -> None:
    """HE-6.1: with jd_bonus the J♦ counts -10 to its taker; it plays no part in the moon:
    a moon is shot without it (its taker: 26 - 10), and a shooter who took it too scores
    0 - 10. Off (hearts), it counts nothing."""
    rules = with_options(tmp_path, "jd_bonus = true")
    assert score(rules, FOUR_SEATS) == [15, 2 - 10, 0, 9]
    assert score(cardrules.load(HEARTS), FOUR_SEATS) == [15, 2, 0, 9]
    # MOON_EXAMPLE: N shoots the moon, S holds the J♦
    assert score(rules, MOON_EXAMPLE) == [0, 26, 26 - 10, 26]
    assert score(rules, swapped(MOON_EXAMPLE, "7C", "JD", (0, 2))) == [-10, 26, 26, 26]


def test_he_6_2_avoid_all_tricks_bonus(tmp_path: Path) -> None:
    """HE-6.2: with avoid_all_tricks_bonus a player who took no trick scores -5; not when a
    player shot the moon (the player without a trick then scores 26). Off, no bonus."""
    rules = with_options(tmp_path, "avoid_all_tricks_bonus = true")
    taken = [
        "QS 2H 3H 4C",
        "",
        cards_except("CD", "4C 2C"),
        cards_except("HS", "QS 2H 3H") + " 2C",
    ]
    check_full_deal_by_tricks(taken)
    assert score(rules, taken) == [15, -5, 0, 11]
    assert score(cardrules.load(HEARTS), taken) == [15, 0, 0, 11]
    moon = [
        cards_except("H", "") + " QS 2C 3C",
        "",
        cards_except("CD", "2C 3C"),
        cards_except("S", "QS"),
    ]
    check_full_deal_by_tricks(moon)
    assert score(rules, moon) == [0, 26, 26, 26]


@pytest.mark.parametrize(
    ("given", "why"),
    [
        ({"tricks": [13, 0, 0, 0]}, "taken"),
        ({"taken": MOON_EXAMPLE, "tricks": [5, 3, 4, 1]}, "taken"),
        ({"taken": MOON_EXAMPLE[:3]}, "one entry per seat"),
        ({"taken": " ".join(MOON_EXAMPLE)}, "one entry per seat"),
        ({"taken": [*MOON_EXAMPLE[:3], "TS JS KS AS AS"]}, "twice"),
        ({"taken": [*MOON_EXAMPLE[:3], "TS JS KS 2C"]}, "two seats"),
        ({"taken": [*MOON_EXAMPLE[:3], "TS JS KS"]}, "tricks of 4"),
        ({"taken": [*MOON_EXAMPLE[:3], ""]}, "48 cards"),
        ({"taken": [*MOON_EXAMPLE[:3], "TS JS KS ZZ"]}, "taken[3]"),
        ({"taken": [*MOON_EXAMPLE[:3], 7]}, "taken[3]"),
    ],
)
def test_he_4_1_score_deal_refuses_what_is_not_a_played_deal(
    given: dict[str, object], why: str
) -> None:
    """HE-4.1: score_deal reads the cards each seat took, the whole pack in whole tricks of
    four; anything else is refused with a CardrulesError saying what is wrong."""
    with pytest.raises(CardrulesError) as err:
        cardrules.load(HEARTS).score_deal(**given)
    assert why in str(err.value)


def test_he_4_1_score_deal_reads_a_text_or_a_list_of_cards_per_seat() -> None:
    """HE-4.1: score_deal takes each seat's cards as one text or as a list of cards."""
    rules = cardrules.load(HEARTS)
    as_cards = [[Card.parse(c) for c in t.split()] for t in FOUR_SEATS]
    assert ints(rules.score_deal(taken=as_cards)) == score(rules, FOUR_SEATS) == [15, 2, 0, 9]


def test_he_4_1_score_deal_reads_a_list_of_card_texts_per_seat() -> None:
    """HE-4.1: score_deal takes a seat's cards as a list of card texts too."""
    rules = cardrules.load(HEARTS)
    assert ints(rules.score_deal(taken=[t.split() for t in FOUR_SEATS])) == [15, 2, 0, 9]


def test_he_4_1_score_is_refused_hearts_needs_the_cards_taken() -> None:
    """HE-4.1: the points come from the cards taken, not from the tricks: rules.score
    (contract and tricks) is refused with a CardrulesError that names score_deal."""
    rules = cardrules.load(HEARTS)
    game = rules.new_game(seed=1, dealer=3)
    while game.phase == "auction":
        game.apply(game.legal_actions()[0])
    assert game.contract is not None
    with pytest.raises(CardrulesError, match=r"score_deal\(taken="):
        rules.score(game.contract, (4, 3, 3, 3))


# -- played deals ---------------------------------------------------------------------------

#: After the passing: E leads the 2♣, N wins trick 1 with the AC and then holds only
#: hearts; E holds the 2H, S the QS.
MOON_DEAL = [
    "AC AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
    "2C 3C 4C 5C 2H 2D 3D 4D 5D 6D 7D 8D 9D",
    "QS 6C 7C 8C TD JD QD KD AD 2S 3S 4S 5S",
    "9C TC JC QC KC 6S 7S 8S 9S TS JS KS AS",
]


def after_passing(rules: Ruleset, target: list[str], dealer: int = 3) -> Game:
    """A game whose first deal's passing (to the left, HE-2.2) leaves seat s holding
    ``target[s]``: each seat passes the three lowest cards of its left neighbour's target
    (D-1: seat s + 1)."""
    check_full_deal(target)
    want = [set(cardrules.parse_cards(h)) for h in target]
    passes = [sorted(want[(s + 1) % 4])[:3] for s in range(4)]
    dealt = [(want[s] - set(passes[(s + 3) % 4])) | set(passes[s]) for s in range(4)]
    game = rules.new_game(seed=0, dealer=dealer, hands=[sorted(h) for h in dealt])
    while game.phase == "auction":
        seat = game.to_act
        assert seat is not None
        game.apply(f"pass {passes[seat][game.auction.public()['passed'][seat]]}")
    assert [set(game.hand(s)) for s in range(4)] == want
    return game


def shoot(game: Game) -> None:
    """Play the deal: N plays its highest card, the others the QS or the 2H when they may,
    else their lowest card."""
    number = game.deal_number
    while game.deal_number == number and game.phase == "play":
        cards = [a.card for a in game.legal_actions()]  # type: ignore[attr-defined]
        if game.to_act == 0:
            card = max(cards, key=lambda c: c.rank)
        else:
            card = next((c for c in cards if str(c) in ("QS", "2H")), cards[0])
        game.apply(f"play {card}")


@pytest.mark.parametrize("house", ["", "jd_bonus = true\navoid_all_tricks_bonus = true"])
def test_he_4_2_a_moon_shot_in_a_played_deal(tmp_path: Path, house: str) -> None:
    """HE-4.2, HE-4.3, HE-6.1, HE-6.2: N takes all thirteen tricks, every heart and the QS
    among them: N scores 0 and the others 26 each, added to the totals (with jd_bonus N,
    who took the J♦, scores -10, and the moon leaves no -5 for the others)."""
    rules = with_options(tmp_path, house) if house else cardrules.load(HEARTS)
    game = after_passing(rules, MOON_DEAL)
    shoot(game)
    assert len(game.deals) == 1 and game.deals[0].tricks == (13, 0, 0, 0)
    jack = -10 if house else 0
    assert ints(game.deals[0].scores) == [0 + jack, 26, 26, 26]
    assert ints(game.totals) == [0 + jack, 26, 26, 26]


def play_scored(rules: Ruleset, seed: int, jack: bool = False, avoid: bool = False) -> Game:
    """A random game; each deal's scores checked against the cards each seat took, by
    tricks won as the rule text says (HE-3.2), and the totals against the deals."""
    rng = random.Random(seed)
    game = rules.new_game(seed=seed)
    totals = [0, 0, 0, 0]
    while game.phase != "finished":
        number = game.deal_number
        taken: list[set[Card]] = [set(), set(), set(), set()]
        tricks = [0, 0, 0, 0]
        trick: list[tuple[int, Card]] = []
        while game.deal_number == number and game.phase != "finished":
            action = rng.choice(game.legal_actions())
            if game.phase == "play":
                assert game.to_act is not None
                trick.append((game.to_act, action.card))  # type: ignore[attr-defined]
            game.apply(action)
            if len(trick) == 4:
                led = trick[0][1].suit
                winner = max((p for p in trick if p[1].suit == led), key=lambda p: p[1].rank)[0]
                taken[winner] |= {c for _, c in trick}
                tricks[winner] += 1
                trick = []
        deal = game.deals[number - 1]
        assert list(deal.tricks) == tricks
        points = points_by_text(taken, tricks, jack=jack, avoid=avoid)
        assert ints(deal.scores) == points, (seed, number)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        assert ints(game.totals) == totals
    return game


@pytest.mark.parametrize("seed", range(4))
def test_he_4_3_every_deal_of_a_random_game_scores_the_cards_taken(seed: int) -> None:
    """HE-4.1, HE-4.2, HE-4.3: in random games each deal's points are those of the cards
    each seat took, and each total the sum of the seat's points."""
    play_scored(cardrules.load(HEARTS), seed)


def test_he_6_1_he_6_2_random_games_with_both_bonuses(tmp_path: Path) -> None:
    """HE-6.1, HE-6.2, HE-4.3: with jd_bonus and avoid_all_tricks_bonus on, each deal of
    random games scores the J♦ -10 and -5 for a seat without a trick (no moon)."""
    rules = with_options(tmp_path, "jd_bonus = true\navoid_all_tricks_bonus = true")
    for seed in range(3):
        play_scored(rules, seed, jack=True, avoid=True)


# -- OpenSpiel's returns --------------------------------------------------------------------


def test_heo_1_3_the_points_are_26_minus_openspiels_returns() -> None:
    """HEO-1.3, HE-4.1: OpenSpiel returns 26 minus a player's points, so the one deal of
    hearts-openspiel scores the points themselves: 26 minus each is a return between 0
    and 26 (a moon: the shooter's return 26, the others' 0)."""
    rules = cardrules.load(OPENSPIEL)
    assert score(rules, MOON_EXAMPLE) == [0, 26, 26, 26]
    assert [26 - p for p in score(rules, MOON_EXAMPLE)] == [26, 0, 0, 0]
    for seed in range(5):
        game = play_scored(rules, seed)
        assert len(game.deals) == 1
        returns = [26 - p for p in ints(game.deals[0].scores)]
        assert all(0 <= r <= 26 for r in returns)
        assert sum(returns) in (78, 26)
