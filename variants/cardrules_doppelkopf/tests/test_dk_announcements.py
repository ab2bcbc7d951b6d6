"""Announcements (DK-5): who may make which, when (the cards still held), the marriage's
delay, the reply, what they show of the parties, and their effect on the score (DK-6)."""

from __future__ import annotations

import random

import cardrules
from cardrules import Game
from cardrules_doppelkopf import Announce, DoppelkopfContract, re_party
from helpers import refused

RULES = cardrules.load("doppelkopf")

# Seat 3 deals; seat 0 leads.  Seats 0 and 2 hold a queen of clubs each (Re).
NORMAL = [
    "QC 9C 9C KC KC 10C 10C AC AC 9S 9S JD",
    "KS KS 10S 10S AS AS 9H 9H KH KH AH AH",
    "QC 10H 10H QS QS QH QH QD JC JC JS JS",
    "JH JH QD JD 9D 9D KD KD 10D 10D AD AD",
]
WEDDING = [
    "QC QC 9C 9C KC KC 10C 10C AC AC 9S 9S",
    "KS KS 10S 10S AS AS 9H 9H KH KH AH AH",
    "10H 10H QS QS QH QH QD QD JC JC JS JS",
    "JH JH JD JD 9D 9D KD KD 10D 10D AD AD",
]


def normal() -> Game:
    game = RULES.new_game(seed=1, dealer=3, hands=NORMAL)
    for _ in range(4):
        game.apply("healthy")
    return game


def calls(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions() if isinstance(a, Announce)]


def first_card(game: Game) -> None:
    game.apply(next(a for a in game.legal_actions() if not isinstance(a, Announce)))


def test_dk_5_1_each_party_announces_its_own_first() -> None:
    game = normal()
    assert calls(game) == ["re"]  # seat 0 holds a queen of clubs
    first_card(game)
    assert calls(game) == ["kontra"]  # seat 1 does not
    error = refused(game, "re")
    assert error.rule == "DK-5.3" and "its own party" in str(error)
    game.apply("kontra")
    assert game.to_act == 1 and calls(game) == ["kontra no 90"]  # DK-5.6: still to act
    assert game.view(0).sides == {0: "Re", 1: "Kontra"}
    assert game.public_view().sides == {1: "Kontra"}
    assert game.view(0).play_calls == ((1, "kontra"),)


def test_dk_5_1_the_first_announcement_needs_eleven_cards() -> None:
    game = normal()
    for _ in range(4):
        first_card(game)  # the first trick: every seat holds 11
    leader = game.to_act
    assert leader is not None and calls(game)
    for _ in range(4):
        first_card(game)
    # Ten cards each: no first announcement any more (nobody announced: no reply).
    for _ in range(4):
        assert calls(game) == []
        error = refused(game, "re" if game.to_act in (0, 2) else "kontra")
        assert error.rule == "DK-5.1" and "at least 11 cards" in str(error)
        first_card(game)


def test_dk_5_2_further_announcements_one_after_the_other_with_fewer_cards() -> None:
    game = normal()
    game.apply("re")
    error = refused(game, "re no 60")
    assert error.rule == "DK-5.2" and "'re no 90'" in str(error)
    game.apply("re no 90")
    game.apply("re no 60")
    game.apply("re no 30")
    game.apply("re black")
    assert calls(game) == []
    error = refused(game, "re black")
    assert error.rule == "DK-5.2" and "announced everything" in str(error)
    levels = [a.level for _, a in game.play_calls]
    assert levels == [0, 1, 2, 3, 4]


def test_dk_5_2_the_cards_each_further_announcement_needs() -> None:
    """'no 90' with 10 cards, 'no 60' with 9, 'no 30' with 8, 'black' with 7."""
    game = normal()
    game.apply("re")
    needs = {"re no 90": 10, "re no 60": 9, "re no 30": 8, "re black": 7}
    for text, cards in needs.items():
        while game.to_act != 0 or game.hands[0].bit_count() > cards:
            first_card(game)
        assert game.hands[0].bit_count() == cards and calls(game) == [text]
        game.apply(text)
    while game.to_act != 0:
        first_card(game)
    assert calls(game) == []


def test_dk_5_2_too_late_for_the_next() -> None:
    game = normal()
    game.apply("re")
    while game.to_act != 0 or game.hands[0].bit_count() > 9:
        first_card(game)
    error = refused(game, "re no 90")  # 9 cards: too late for no 90, so for the rest
    assert error.rule == "DK-5.2" and "at least 10 cards" in str(error)


def test_dk_5_5_a_reply_with_one_card_fewer() -> None:
    game = normal()
    game.apply("re")  # seat 0, 12 cards (needing 11)
    while not (game.to_act == 1 and game.hands[1].bit_count() == 10):
        first_card(game)
    assert calls(game) == ["kontra"]  # the reply: 11 - 1 cards
    game.apply("kontra")
    assert game.play_calls[-1][1] == Announce("kontra", 0)
    assert repr(game.play_calls[-1][1]) == "Announce('kontra', 0, late=True)"
    # A late reply: the party announces no more, though 10 cards would do for 'no 90'.
    assert calls(game) == []
    error = refused(game, "kontra no 90")
    assert error.rule == "DK-5.5" and "announces no more" in str(error)
    text = game.to_json()
    again = Game.from_json(text, rules=RULES, allow_preset_hands=True)
    assert again.play_calls[-1][1].late and again.to_json() == text


def test_dk_5_5_a_reply_in_time_lets_the_party_go_on() -> None:
    game = normal()
    game.apply("re")
    first_card(game)
    assert game.to_act == 1 and calls(game) == ["kontra"]  # 11 cards: in time anyway
    game.apply("kontra")
    assert not game.play_calls[-1][1].late
    assert calls(game) == ["kontra no 90"]


def test_dk_5_4_a_marriage_announces_after_its_clarifying_trick() -> None:
    game = RULES.new_game(seed=1, dealer=3, hands=WEDDING)
    game.apply("reservation")
    for _ in range(3):
        game.apply("healthy")
    game.apply("marriage")
    assert calls(game) == []
    error = refused(game, "re")
    assert error.rule == "DK-5.4"
    for card in ("AC", "KS", "QS", "JH"):  # seat 2 wins the first trick: clarified
        game.apply(f"play {card}")
    assert game.tricks[0].winner == 2
    # Clarified by the first trick: the counts are not lowered.
    while game.to_act != 0:
        first_card(game)
    assert calls(game) == ["re"]


def test_dk_5_4_counts_lowered_after_a_later_clarifying_trick() -> None:
    hands = [
        "QC QC 10H 10H QS QS AC AC 9S 9S KC KC",
        "KS KS 10S 10S AS AS 9H 9H KH KH AH AH",
        "9C 9C 10C 10C QH QH QD QD JC JC JS JS",
        "JH JH JD JD 9D 9D KD KD 10D 10D AD AD",
    ]
    game = RULES.new_game(seed=1, dealer=3, hands=hands)
    game.apply("reservation")
    for _ in range(3):
        game.apply("healthy")
    game.apply("marriage")
    for card in ("10H", "9H", "QH", "9D"):  # the marriage wins the first trick
        game.apply(f"play {card}")
    for card in ("9S", "KS", "QH", "JH"):  # seat 2 trumps the second: clarifying trick 2
        game.apply(f"play {card}")
    assert [t.winner for t in game.tricks] == [0, 2]
    assert game.view(1).sides == {0: "Re", 1: "Kontra", 2: "Re", 3: "Kontra"}
    assert game.to_act == 2 and game.hands[2].bit_count() == 10
    assert calls(game) == ["re"]  # 11 less one: 10 cards suffice
    game.apply("re")
    first_card(game)
    assert game.to_act == 3 and calls(game) == ["kontra"]
    first_card(game)
    first_card(game)
    first_card(game)  # the third trick done: 9 cards each
    while game.to_act != 2:
        first_card(game)
    assert game.hands[2].bit_count() == 9 and calls(game) == ["re no 90"]  # 10 less one


def _score_with(seed: int, announce: dict[int, list[str]]) -> tuple[dict[int, int], Game]:
    """One deal of ``seed`` played by the first legal card, each seat of ``announce``
    making its announcements at its first turn; the scores and the game."""
    game = RULES.new_game(seed=seed)
    game.halt_after_deal = True
    while game.phase == "auction":
        game.apply("healthy")
    done: set[int] = set()
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        if seat in announce and seat not in done:
            done.add(seat)
            for text in announce[seat]:
                game.apply(text)
        first_card(game)
    return {s: int(v) for s, v in game.deals[0].scores.items()}, game


def _points(game: Game, party: set[int] | frozenset[int]) -> int:
    """The card points of the tricks ``party`` won (DK-1.2)."""
    deck = game.deck
    return sum(
        deck.points_of(sum(1 << c.index for _, c in t.cards))
        for t in game.tricks
        if t.winner in party
    )


def test_dk_6_3_announcements_raise_the_value_by_the_rule_text() -> None:
    """'re' adds 2 to the winners' value (Re winning with 121 still, DK-6.1); 'kontra' 2
    more."""
    checked = 0
    for seed in range(40):
        base, game = _score_with(seed, {})
        contract = game.contract
        assert isinstance(contract, DoppelkopfContract)
        re, solo = re_party(contract, game.initial_hands, game.tricks)
        if solo:
            continue
        first_re, first_kontra = min(re), min(set(range(4)) - re)
        sign = 1 if _points(game, re) >= 121 else -1
        with_re, _ = _score_with(seed, {first_re: ["re"]})
        both, _ = _score_with(seed, {first_re: ["re"], first_kontra: ["kontra"]})
        assert with_re[first_re] == base[first_re] + 2 * sign, seed
        assert both[first_re] == base[first_re] + 4 * sign, seed
        assert sum(both.values()) == 0
        checked += 1
    assert checked > 20


def test_dk_6_2_an_announcement_not_made_loses_the_deal() -> None:
    """'re no 90' said: Re wins only with the others under 90 (DK-6.2)."""
    for seed in range(40):
        base, game = _score_with(seed, {})
        contract = game.contract
        assert isinstance(contract, DoppelkopfContract)
        re, solo = re_party(contract, game.initial_hands, game.tricks)
        if solo:
            continue
        kontra_points = 240 - _points(game, re)
        scores, again = _score_with(seed, {min(re): ["re", "re no 90"]})
        assert [t.cards for t in again.tricks] == [t.cards for t in game.tricks]
        # Made, the value is at least 1 + 1 + 2 + 1 less the extra points the others hold.
        assert (scores[min(re)] > base[min(re)]) == (kontra_points < 90), seed


def test_dk_5_random_games_with_announcements_replay_and_undo() -> None:
    announced = 0
    for seed in range(6):
        game = RULES.new_game(seed=seed)
        rng = random.Random(seed)
        while game.phase != "finished":
            legal = game.legal_actions()
            wanted = [a for a in legal if isinstance(a, Announce)]
            action = wanted[0] if wanted and rng.random() < 0.3 else rng.choice(legal)
            announced += isinstance(action, Announce)
            before = game.to_json()
            game.apply(action)
            after = game.to_json()
            game.undo()
            assert game.to_json() == before
            game.apply(action)
            assert game.to_json() == after
        text = game.to_json()
        assert Game.from_json(text, rules=RULES).to_json() == text
    assert announced > 10


def test_dk_d4_only_the_seat_to_act_announces() -> None:
    """doppelkopf D-4 (DK-5.6): an announcement is made at the announcer's turn; another
    seat's is refused as out of turn."""
    game = normal()
    assert game.to_act == 0
    error = refused(game, "kontra", seat=1)
    assert error.rule == "DK-3.1" and "turn" in str(error)
    assert calls(game) == ["re"] and game.view(1).legal_actions == ()
