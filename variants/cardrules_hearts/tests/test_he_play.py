"""Hearts, section 3 and its house rules: the opening lead, following suit, no points on
the first trick, breaking hearts (HE-3.x, HE-6.3 .. HE-6.7, D-4), through the public API:
``rules.legal_cards`` and ``rules.explain`` for single positions, whole games with hands
dealt by hand, and random games checked card by card against the rule text."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import cardrules
from cardrules import Card, Game, Ruleset, Suit
from helpers import check_full_deal, names, refused

HEARTS = "hearts"
QS = Card.parse("QS")
TWO_CLUBS = Card.parse("2C")


def with_options(tmp_path: Path, body: str, name: str = "my-hearts") -> Ruleset:
    """The hearts rules with ``body`` under ``[options]``."""
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "My hearts"\nextends = "{HEARTS}"\n\n'
        f"[options]\n{body}\n",
        encoding="utf-8",
    )
    return cardrules.load(path)


def legal(rules: Ruleset, hand: str, trick: str | list[str] = "", **kw: object) -> list[str]:
    """The legal cards as texts, in the order of the hand as written."""
    allowed = set(rules.legal_cards(hand, trick, **kw))  # type: ignore[arg-type]
    return [c for c in hand.split() if Card.parse(c) in allowed]


def after_passing(rules: Ruleset, target: list[str], dealer: int = 3) -> Game:
    """A game whose first deal's passing (to the left, HE-2.2) leaves seat s holding
    ``target[s]``: each seat passes the three lowest cards of its left neighbour's target
    (D-1: seat s + 1), so it is dealt its target less the cards it receives plus those."""
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


def play(game: Game, *cards: str) -> None:
    for card in cards:
        game.apply(f"play {card}")


# -- single positions: rules.legal_cards and rules.explain ---------------------------------


def test_he_3_1_the_first_trick_is_led_with_the_two_of_clubs() -> None:
    """HE-3.1: the holder of the 2♣ leading to the first trick may lead only the 2♣; another
    club or a card of another suit is refused citing HE-3.1; later tricks are led freely."""
    rules = cardrules.load(HEARTS)
    hand = "2C 9C AC 7D QS"
    assert legal(rules, hand, first_trick=True) == ["2C"]
    for card in ("AC", "7D", "QS"):
        why = rules.explain(hand, [], card, first_trick=True)
        assert not why and why.rule == "HE-3.1"
    assert legal(rules, "9C AC 7D QS", played_before="2C 3C 4C 5C") == ["9C", "AC", "7D", "QS"]


def test_he_6_3_can_lead_any_club(tmp_path: Path) -> None:
    """HE-6.3: with can_lead_any_club the first trick may be led with any club the holder
    of the 2♣ holds, and with nothing but a club; off (hearts), with the 2♣ alone."""
    rules = with_options(tmp_path, "can_lead_any_club = true")
    assert legal(rules, "2C 9C AC 7D QS 5H", first_trick=True) == ["2C", "9C", "AC"]
    assert not rules.explain("2C 9C AC 7D QS 5H", [], "7D", first_trick=True)
    assert legal(cardrules.load(HEARTS), "2C 9C AC 7D", first_trick=True) == ["2C"]


def test_he_3_3_follow_suit_if_able_else_any_card() -> None:
    """HE-3.3: a player holding the suit led must follow it (another card is refused citing
    HE-3.3); a player void in it may play any card (after the first trick)."""
    rules = cardrules.load(HEARTS)
    before = "2C 3C 4C 5C"
    assert legal(rules, "2D 9D AS 3H QS", "KD", played_before=before) == ["2D", "9D"]
    why = rules.explain("2D 9D AS 3H QS", "KD", "AS", played_before=before)
    assert not why and why.rule == "HE-3.3"
    hand = "AS 3H QS 8C"
    assert legal(rules, hand, "KD", played_before=before) == hand.split()
    assert legal(rules, "AH 2H 7S", "5H 9H", played_before=before) == ["AH", "2H"]


def test_he_3_4_no_points_on_the_first_trick() -> None:
    """HE-3.4 (its example): void in clubs on the first trick, holding QS AH 7D 9S, only 7D
    and 9S may be played; the QS and the AH are refused citing HE-3.4. On a later trick
    the same hand may play any card."""
    rules = cardrules.load(HEARTS)
    hand = "QS AH 7D 9S"
    assert legal(rules, hand, ["5C"], first_trick=True) == ["7D", "9S"]
    for card in ("QS", "AH"):
        why = rules.explain(hand, ["5C"], card, first_trick=True)
        assert not why and why.rule == "HE-3.4"
    assert legal(rules, hand, ["5C"], played_before="2C 3C 4C 6C") == hand.split()


def test_he_3_4_a_hand_of_only_hearts_and_the_queen_may_play_any_card() -> None:
    """HE-3.4: a player void in clubs whose hand holds nothing but hearts and the QS may
    play any card to the first trick, the queen included (and so with hearts alone); a
    hand that can follow clubs must follow (HE-3.3)."""
    rules = cardrules.load(HEARTS)
    for hand in ("QS AH 2H 7H", "2H 3H KH", "QS"):
        assert legal(rules, hand, ["2C", "9C"], first_trick=True) == hand.split()
        assert rules.explain(hand, ["2C"], hand.split()[0], first_trick=True)
    assert legal(rules, "QS AH 4C", ["2C"], first_trick=True) == ["4C"]


def test_he_3_4_the_ban_is_only_for_a_player_who_cannot_follow() -> None:
    """HE-3.4, HE-3.3: the ban is on a player who cannot follow suit: a player following a
    spade led to the first trick may play the QS (as any spade)."""
    rules = cardrules.load(HEARTS)
    assert legal(rules, "QS 2S 3D", ["5S"], first_trick=True) == ["QS", "2S"]


def test_he_6_4_no_pts_on_first_trick_off(tmp_path: Path) -> None:
    """HE-6.4: with no_pts_on_first_trick off, a player void in clubs may play any card to
    the first trick, a heart or the QS included; following suit still holds (HE-3.3)."""
    rules = with_options(tmp_path, "no_pts_on_first_trick = false")
    assert legal(rules, "QS AH 7D 9S", ["5C"], first_trick=True) == ["QS", "AH", "7D", "9S"]
    assert legal(rules, "QS AH 4C", ["2C"], first_trick=True) == ["4C"]


def test_he_3_5_no_heart_lead_until_hearts_are_broken() -> None:
    """HE-3.5 (its example): after a trick of clubs only, a leader holding QS AH 7D may
    lead the QS (at any time) or the 7D but not the heart (refused citing HE-3.5)."""
    rules = cardrules.load(HEARTS)
    before = "2C 9C JC AC"
    assert legal(rules, "QS AH 7D", played_before=before) == ["QS", "7D"]
    why = rules.explain("QS AH 7D", [], "AH", played_before=before)
    assert not why and why.rule == "HE-3.5"


def test_he_3_5_a_heart_or_the_queen_played_earlier_breaks_hearts() -> None:
    """HE-3.5, HE-6.5: a heart discarded to an earlier trick breaks hearts, and so does the
    QS (qs_breaks_hearts is on in hearts): then a heart may be led."""
    rules = cardrules.load(HEARTS)
    assert rules.profile.flag("qs_breaks_hearts") is True
    for before in ("2C 9C JC AC 3D 5D 2H 8D", "2C 9C JC AC 3D 5D QS 8D"):
        assert legal(rules, "AH 7D 4S", played_before=before) == ["AH", "7D", "4S"]
    # a heart in the trick being played does not count: no lead is made to a begun trick
    assert legal(rules, "AH 7D", "3D 2H", played_before="2C 9C JC AC") == ["7D"]


def test_he_3_5_a_leader_holding_only_hearts_may_lead_one() -> None:
    """HE-3.5: a leader whose hand holds nothing but hearts may lead a heart though hearts
    are not broken."""
    rules = cardrules.load(HEARTS)
    assert legal(rules, "AH 7H 2H", played_before="2C 9C JC AC") == ["AH", "7H", "2H"]


def test_he_6_5_qs_breaks_hearts_off(tmp_path: Path) -> None:
    """HE-6.5: with qs_breaks_hearts off, the QS played to an earlier trick does not break
    hearts (a heart still does)."""
    rules = with_options(tmp_path, "qs_breaks_hearts = false")
    assert legal(rules, "AH 7D 4S", played_before="2C 9C JC AC 3D 5D QS 8D") == ["7D", "4S"]
    assert legal(rules, "AH 7D 4S", played_before="2C 9C JC AC 3D 5D 2H 8D") == [
        "AH",
        "7D",
        "4S",
    ]


def test_he_6_6_must_break_hearts_off(tmp_path: Path) -> None:
    """HE-6.6: with must_break_hearts off, hearts may be led at any time."""
    rules = with_options(tmp_path, "must_break_hearts = false")
    assert legal(rules, "QS AH 7D", played_before="2C 9C JC AC") == ["QS", "AH", "7D"]
    assert rules.explain("QS AH 7D", [], "AH", played_before="2C 9C JC AC")


def test_he_6_7_can_lead_hearts_instead_of_qs(tmp_path: Path) -> None:
    """HE-6.7: a leader before hearts are broken whose only card besides hearts is the QS
    may lead any card in hearts (the switch on, D-6); with can_lead_hearts_instead_of_qs
    off that leader must lead the queen. A leader holding another card than the QS still
    may not lead a heart."""
    before = "2C 9C JC AC"
    free = cardrules.load(HEARTS)
    assert free.profile.flag("can_lead_hearts_instead_of_qs") is True
    assert legal(free, "QS 2H 9H", played_before=before) == ["QS", "2H", "9H"]
    assert legal(free, "QS 2H 9H 4D", played_before=before) == ["QS", "4D"]
    assert free.explain("QS 2H 9H 4D", [], "9H", played_before=before).rule == "HE-3.5"
    strict = with_options(tmp_path, "can_lead_hearts_instead_of_qs = false")
    assert legal(strict, "QS 2H 9H", played_before=before) == ["QS"]
    assert strict.explain("QS 2H 9H", [], "9H", played_before=before).rule == "HE-3.5"


def test_he_d6_only_hearts_and_the_queen_lead_a_heart_or_the_queen() -> None:
    """hearts D-6 (HE-6.7 on, HE-3.5): QS AH 7H leading before hearts are broken, hearts
    offers the queen and both hearts, as its cited Yahoo! rules allow; hearts-openspiel
    keeps OpenSpiel's default and offers only the QS (HEO-1.4), refusing a heart citing
    HE-3.5."""
    before = "2C 9C JC AC"
    hearts = cardrules.load(HEARTS)
    assert legal(hearts, "QS AH 7H", played_before=before) == ["QS", "AH", "7H"]
    assert hearts.explain("QS AH 7H", [], "7H", played_before=before)
    openspiel = cardrules.load("hearts-openspiel")
    assert openspiel.profile.flag("can_lead_hearts_instead_of_qs") is False
    assert legal(openspiel, "QS AH 7H", played_before=before) == ["QS"]
    why = openspiel.explain("QS AH 7H", [], "7H", played_before=before)
    assert not why and why.rule == "HE-3.5"
    # once hearts are broken, or while a heart is not the only other card, nothing changes
    assert legal(openspiel, "QS AH 7H", played_before="2C 9C JC 2H") == ["QS", "AH", "7H"]
    assert legal(hearts, "QS AH 7H 2S", played_before=before) == ["QS", "2S"]


def test_he_3_2_no_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    """HE-3.2 (its example): 7D AS QD 2D led by seat 0: the QD wins (the spade does not
    trump); the ace is high in every suit."""
    rules = cardrules.load(HEARTS)
    assert rules.trump is None
    assert rules.trick_winner(["7D", "AS", "QD", "2D"]) == 2
    assert rules.trick_winner(["2H", "AC", "AD", "AS"]) == 0
    assert rules.trick_winner(["KS", "QS", "AS", "2S"]) == 2


# -- whole deals dealt by hand -------------------------------------------------------------

#: After the passing: N holds every club; E the QS and twelve hearts; S the 2H and twelve
#: diamonds; W the 2D and the twelve other spades.
VOIDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
    "2H AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
    "2D AS KS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
]


def test_he_3_1_the_holder_of_the_two_of_clubs_after_the_passing_leads_it() -> None:
    """HE-3.1, HE-2.1: the 2♣ passed to the left makes its receiver the first leader, who
    must lead it: another club is refused citing HE-3.1, nothing changed."""
    rules = cardrules.load(HEARTS)
    dealt = [
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
        "2H AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
        "QS AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        "2C AS KS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    ]
    game = rules.new_game(seed=0, dealer=2, hands=dealt)
    assert game.to_act == 3
    for card in ("2C", "3S", "2S"):  # W passes the 2♣ to N
        game.apply(f"pass {card}")
    while game.phase == "auction":
        game.apply(game.legal_actions()[-1])
    assert TWO_CLUBS in game.hand(0) and TWO_CLUBS not in game.hand(3)
    assert game.contract is not None and game.contract.leader == 0 and game.to_act == 0
    assert names(game.legal_actions()) == ["play 2C"]
    assert Card.parse("3C") in game.hand(0)
    assert refused(game, "play 3C").rule == "HE-3.1"
    game.apply("play 2C")


def test_he_6_3_any_club_may_open_in_a_game(tmp_path: Path) -> None:
    """HE-6.3: with can_lead_any_club, N (holding every club) may open with any of them."""
    game = after_passing(with_options(tmp_path, "can_lead_any_club = true"), VOIDS)
    assert game.to_act == 0 and len(game.legal_actions()) == 13
    game.apply("play AC")
    assert game.trick[0].card == Card.parse("AC")


def test_he_3_4_the_first_trick_in_a_game() -> None:
    """HE-3.4, HE-3.1, D-4: N leads the 2♣; E, void in clubs with only hearts and the QS,
    may play any card and plays the QS; S, void in clubs with the 2H and diamonds, may not
    play the heart (refused citing HE-3.4, nothing changed); W plays a spade."""
    game = after_passing(cardrules.load(HEARTS), VOIDS)
    assert game.to_act == 0
    assert refused(game, "play KC").rule == "HE-3.1"
    play(game, "2C")
    assert len(game.legal_actions()) == 13
    play(game, "QS")
    assert "play 2H" not in names(game.legal_actions()) and len(game.legal_actions()) == 12
    err = refused(game, "play 2H")
    assert err.rule == "HE-3.4" and err.seat == 2
    play(game, "3D", "2S")
    assert game.last_trick is not None and game.last_trick.winner == 0


#: After the passing: trick 1 is 2C 3C 4C AC (W wins); W leads 2D to trick 2, N follows,
#: E (void in diamonds) discards, S wins with the AD and leads to trick 3.
BREAK = [
    "2C 3D 4D 5D 2S 3S 4S 5S 6S 7S 8S 9S TS",
    "3C 5C 6C 7C 8C 9C QS 2H 3H 4H 5H 6H 7H",
    "4C TC AD KD QD JD 8H 9H TH JH JS KS AS",
    "AC KC QC JC 2D 6D 7D 8D 9D TD QH KH AH",
]


def _to_trick_two(game: Game) -> None:
    play(game, "2C", "3C", "4C", "AC")
    assert game.to_act == 3


def test_he_3_2_play_goes_clockwise_and_the_winner_leads() -> None:
    """HE-3.2, D-4: after the lead play goes clockwise; a card out of turn is refused citing
    HE-3.2, nothing changed; the highest club wins and its player leads next."""
    game = after_passing(cardrules.load(HEARTS), BREAK)
    play(game, "2C")
    assert game.to_act == 1
    err = refused(game, "play 4C", seat=2)
    assert err.rule == "HE-3.2" and err.seat == 2
    play(game, "3C", "4C", "AC")
    assert game.last_trick is not None and game.last_trick.winner == 3 and game.to_act == 3


def test_he_3_5_hearts_broken_by_a_discard_in_a_game() -> None:
    """HE-3.5, HE-3.3, D-4: W, holding clubs, diamonds and hearts, may not lead a heart
    (refused citing HE-3.5); N must follow diamonds (a spade refused citing HE-3.3); E,
    void, discards the 2H; S wins with the AD and may then lead a heart."""
    game = after_passing(cardrules.load(HEARTS), BREAK)
    _to_trick_two(game)
    assert not any(a.card.suit == Suit.H for a in game.legal_actions())  # type: ignore[attr-defined]
    assert refused(game, "play AH").rule == "HE-3.5"
    play(game, "2D")
    assert refused(game, "play 2S").rule == "HE-3.3"
    play(game, "3D", "2H", "AD")
    assert game.to_act == 2
    assert {"play 8H", "play JH"} <= set(names(game.legal_actions()))
    play(game, "JH")


@pytest.mark.parametrize("qs_breaks", [True, False])
def test_he_6_5_the_queen_of_spades_breaks_hearts_only_with_the_switch(
    tmp_path: Path, qs_breaks: bool
) -> None:
    """HE-6.5, HE-3.5: E discards the QS to trick 2; S, winning it, may lead a heart with
    qs_breaks_hearts on, and may not with it off (refused citing HE-3.5)."""
    rules = with_options(tmp_path, f"qs_breaks_hearts = {str(qs_breaks).lower()}")
    game = after_passing(rules, BREAK)
    _to_trick_two(game)
    play(game, "2D", "3D", "QS", "AD")
    assert game.to_act == 2
    hearts = {a for a in names(game.legal_actions()) if a.endswith("H")}
    if qs_breaks:
        assert hearts == {"play 8H", "play 9H", "play 10H", "play JH"}
        play(game, "8H")
    else:
        assert not hearts
        assert refused(game, "play 8H").rule == "HE-3.5"


def test_he_6_6_hearts_may_be_led_at_any_time_when_must_break_hearts_is_off(
    tmp_path: Path,
) -> None:
    """HE-6.6: with must_break_hearts off, W may lead the AH to trick 2, nothing broken."""
    game = after_passing(with_options(tmp_path, "must_break_hearts = false"), BREAK)
    _to_trick_two(game)
    play(game, "AH")
    assert game.trick[0].card == Card.parse("AH")


#: After the passing: E leads the 2♣; N wins trick 1 with the AC and then holds the QS and
#: eleven hearts.
QUEEN_ONLY = [
    "AC QS AH KH QH JH TH 9H 8H 7H 6H 5H 4H",
    "2C 3C 4C 5C 3H 2H 2D 3D 4D 5D 6D 7D 8D",
    "6C 7C 8C 9C 9D TD JD QD KD AD 2S 3S 4S",
    "TC JC QC KC 5S 6S 7S 8S 9S TS JS KS AS",
]


@pytest.mark.parametrize("instead", [False, True])
def test_he_6_7_a_leader_with_only_the_queen_and_hearts_in_a_game(
    tmp_path: Path, instead: bool
) -> None:
    """HE-6.7, HE-3.5: N, leading to trick 2 with the QS and eleven hearts, hearts not
    broken, must lead the QS in hearts (a heart refused citing HE-3.5); with
    can_lead_hearts_instead_of_qs, N may lead any card."""
    body = f"can_lead_hearts_instead_of_qs = {str(instead).lower()}"
    game = after_passing(with_options(tmp_path, body), QUEEN_ONLY)
    assert game.to_act == 1
    play(game, "2C", "6C", "TC", "AC")
    assert game.to_act == 0
    if instead:
        assert len(game.legal_actions()) == 12
        play(game, "4H")
    else:
        assert names(game.legal_actions()) == ["play QS"]
        assert refused(game, "play AH").rule == "HE-3.5"


def test_he_3_5_a_leader_with_only_hearts_leads_one_in_a_game() -> None:
    """HE-3.5: N wins trick 1 with the AC and holds nothing but hearts: N may lead any of
    them though no heart has been played."""
    hands = [
        "AC AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
        "2C 3C 4C 5C QS 2H 2D 3D 4D 5D 6D 7D 8D",
        *QUEEN_ONLY[2:],
    ]
    game = after_passing(cardrules.load(HEARTS), hands)
    play(game, "2C", "6C", "TC", "AC")
    assert game.to_act == 0 and len(game.legal_actions()) == 12
    play(game, "3H")


# -- random games checked against the rule text --------------------------------------------


class Text:
    """The cards section 3 allows, restated from the rule text with the house rules of
    section 6; ``why`` is the rule a card outside them breaks."""

    def __init__(self, rules: Ruleset) -> None:
        def opt(name: str) -> bool:
            return rules.profile.flag(name)

        self.any_club = opt("can_lead_any_club")
        self.no_points = opt("no_pts_on_first_trick")
        self.qs_breaks = opt("qs_breaks_hearts")
        self.must_break = opt("must_break_hearts")
        self.instead = opt("can_lead_hearts_instead_of_qs")

    def allowed(
        self, hand: list[Card], trick: list[Card], first: bool, before: list[Card]
    ) -> tuple[set[Card], str]:
        if trick:
            follow = {c for c in hand if c.suit == trick[0].suit}
            if follow:
                return follow, "HE-3.3"
            safe = {c for c in hand if c.suit != Suit.H and c != QS}
            if first and self.no_points and safe:
                return safe, "HE-3.4"
            return set(hand), ""
        if first:
            clubs = {c for c in hand if c.suit == Suit.C}
            return (clubs if self.any_club else {TWO_CLUBS}), "HE-3.1"
        broken = any(c.suit == Suit.H or (self.qs_breaks and c == QS) for c in before)
        others = {c for c in hand if c.suit != Suit.H}
        if not self.must_break or broken or not others or (self.instead and others == {QS}):
            return set(hand), ""
        return others, "HE-3.5"


def winner_by_text(cards: list[Card]) -> int:
    """HE-3.2: the highest card of the suit led."""
    led = [i for i, c in enumerate(cards) if c.suit == cards[0].suit]
    return max(led, key=lambda i: cards[i].rank)


def check_game(rules: Ruleset, seed: int) -> int:
    """Play a whole game at random, comparing at every card the legal cards with the rule
    text (the game, rules.legal_cards, rules.explain and a refusal); returns the cards."""
    text = Text(rules)
    rng = random.Random(seed)
    game = rules.new_game(seed=seed)
    checked = 0
    while game.phase != "finished":
        if game.phase == "auction":
            game.apply(rng.choice(game.legal_actions()))
            continue
        seat = game.to_act
        assert seat is not None
        hand = game.hand(seat)
        trick = [c for _, c in game.trick]
        first = not game.tricks
        before = [c for t in game.tricks for _, c in t.cards]
        expected, rule = text.allowed(hand, trick, first, before)
        assert {a.card for a in game.legal_actions()} == expected  # type: ignore[attr-defined]
        got = rules.legal_cards(hand, trick, first_trick=first, played_before=before)
        assert set(got) == expected
        illegal = sorted(set(hand) - expected)
        if illegal and checked % 5 == 0:
            card = rng.choice(illegal)
            why = rules.explain(hand, trick, card, first_trick=first, played_before=before)
            assert not why and why.rule == rule, str(why)
            assert refused(game, f"play {card}").rule == rule
        game.apply(f"play {rng.choice(sorted(expected))}")
        checked += 1
        done = game.last_trick  # None once a deal is over and the next one dealt
        if len(trick) == 3 and done is not None:
            cards = [c for _, c in done.cards]
            assert done.cards[winner_by_text(cards)].seat == done.winner
            assert game.to_act in (done.winner, None)
    return checked


HOUSE = [
    "",
    "can_lead_any_club = true\nno_pts_on_first_trick = false",
    "qs_breaks_hearts = false",
    "must_break_hearts = false",
    "can_lead_hearts_instead_of_qs = true",
    "can_lead_hearts_instead_of_qs = true\nqs_breaks_hearts = false\ncan_lead_any_club = true",
]


@pytest.mark.parametrize("house", HOUSE, ids=lambda h: h.replace("\n", ",") or "hearts")
def test_he_3_every_card_of_random_games_is_the_rule_texts(tmp_path: Path, house: str) -> None:
    """HE-3.1 .. HE-3.5, HE-6.3 .. HE-6.7: in random games of hearts and of house-rule
    variants, at every card the legal cards are those the rule text allows, any other card
    is refused citing the rule it breaks, and each trick goes to the highest card of the
    suit led, whose player leads next."""
    rules = with_options(tmp_path, house) if house else cardrules.load(HEARTS)
    assert sum(check_game(rules, seed) for seed in range(3)) > 300
