"""CBS-3.2 .. CBS-3.9, D-3, D-4, D-5 and the worked example CBS-7.1: which cards may be played.

The stateless helpers (``rules.legal_cards``, ``rules.explain``,
``rules.trick_winner``) and the Game API are both checked; refusals are
asserted as whole messages.
"""

from __future__ import annotations

import pytest

import cardrules
from cardrules import IllegalAction, Ruleset
from helpers import APP, RANKS, STRICT, hands_for, names, refused, seat_after

# ---------------------------------------------------------------------------
# helpers


def legal(rules: cardrules.Ruleset, hand: str, trick: list[str], *, first: bool = False) -> str:
    """The legal cards as one sorted string, e.g. ``"9S KS"``."""
    return " ".join(names(rules.legal_cards(hand, trick, first_trick=first)))


def why(rules: cardrules.Ruleset, hand: str, trick: list[str], card: str, *, first: bool = False):
    return rules.explain(hand, trick, card, first_trick=first)


def start_play(
    rules: cardrules.Ruleset, dealer: int, by_turn: list[str], seed: int = 1
) -> cardrules.Game:
    """A game with preset hands (given in order of play from the first leader), calls made."""
    game = rules.new_game(seed=seed, dealer=dealer, hands=hands_for(dealer, by_turn))
    for _ in range(4):
        game.apply("bid 2")
    assert game.phase == "play"
    assert game.to_act == seat_after(dealer)
    return game


# The CBS-7.1 table, by turn from the leader: the leader holds A♥ and more
# hearts; the second follows with 6♥; the third is void in hearts and trumps
# with 4♠; the fourth is void in hearts and holds 2♠ (no spade above 4♠) and K♦.
EXAMPLE_7_1 = [
    "AH KH QH JH 10H 9H 8H 2C 3C 4C 5C 6C 7C",
    "7H 6H 5H 4H 3H 2H 8C 9C 10C JC QC KC AC",
    "4S AS KS QS JS 10S 9S 8S 7S 6S 5S 3S 2D",
    "2S KD 3D 4D 5D 6D 7D 8D 9D 10D JD QD AD",
]


# ---------------------------------------------------------------------------
# CBS-3.2 / D-5: the first lead


def test_cbs_3_2_no_spade_lead_in_the_first_trick(strict: cardrules.Ruleset) -> None:
    """CBS-3.2: the leader of trick 1 holding another suit may not lead a spade."""
    hand = "AS KS 2C 9H"
    assert legal(strict, hand, [], first=True) == "2C 9H"
    assert str(why(strict, hand, [], "AS", first=True)) == (
        "CBS-3.2: no spade lead in the first trick while holding another suit (2♣)"
    )


def test_d_5_a_hand_of_only_spades_may_lead_one(strict: cardrules.Ruleset) -> None:
    """D-5 / CBS-3.2: a leader holding only spades may lead any of them in trick 1."""
    assert legal(strict, "2S 7S AS", [], first=True) == "2S 7S AS"


def test_d_5_from_the_second_trick_any_card_may_be_led(strict: cardrules.Ruleset) -> None:
    """D-5 / CBS-3.2: CBS-3.2 restricts trick 1 only; later any card may be led."""
    assert legal(strict, "AS KS 2C 9H", [], first=False) == "2C 9H KS AS"


def test_d_5_a_void_follower_in_trick_1_must_trump(strict: cardrules.Ruleset) -> None:
    """D-5 / CBS-3.6: CBS-3.2 does not free a void follower of trick 1 from trumping."""
    assert legal(strict, "2S 9D KC", ["AH"], first=True) == "2S"
    assert str(why(strict, "2S 9D KC", ["AH"], "KC", first=True)) == (
        "CBS-3.6: void in hearts and holding 2♠: must trump"
    )


def test_cbs_3_2_through_the_game(strict: cardrules.Ruleset) -> None:
    """CBS-3.2 / D-5: the game refuses a spade lead in trick 1 and allows one in trick 2."""
    game = start_play(
        strict,
        1,
        [
            "AC KC AS KS QS JS 10S 9S 8S 7S 6S 5S 4S",
            "2C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
            "3C AD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
            "4C 5C 6C 7C 8C 9C 10C JC QC KH AH 3S 2S",
        ],
    )
    leader = game.to_act
    assert leader == 0
    assert names(game.legal_actions()) == ["play KC", "play AC"]
    err = refused(game, "play AS")
    assert str(err) == (
        "illegal action 'play AS' by seat 0 (N): "
        "CBS-3.2: no spade lead in the first trick while holding another suit (K♣)"
    )
    assert err.rule == "CBS-3.2"
    assert err.seat == 0
    for card in ("AC", "2C", "3C", "9C"):
        game.apply(f"play {card}")
    assert game.tricks[0].winner == 0
    assert game.to_act == 0
    assert names(game.legal_actions()) == ["play KC"] + [
        f"play {r}S" for r in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    ]
    game.apply("play AS")
    assert str(game.trick[0]) == "AS"


def test_d_5_only_spades_leader_through_the_game(strict: cardrules.Ruleset) -> None:
    """D-5: in the game, a first leader holding thirteen spades may lead any spade."""
    game = start_play(
        strict,
        2,
        [
            "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
            "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        ],
    )
    assert len(game.legal_actions()) == 13
    game.apply("play 7S")
    # CBS-3.7: the next player holds only hearts (no spade to follow or trump): any card.
    assert game.to_act == 0
    assert names(game.legal_actions()) == [f"play {c}" for c in names(game.hand(0))]
    assert len(game.legal_actions()) == 13


#: Dealer 0; by turn from the first leader (seat 3).  The leader holds hearts and
#: clubs only; the next two players are void in hearts with spades; the dealer
#: holds the rest of the hearts and the four top spades.
TRICK_ONE = [
    "AH KH QH JH 2C 3C 4C 5C 6C 7C 8C 9C 10C",
    "2S 4S 5S 6S 7S JC QC KC AC 2D 3D 4D 5D",
    "3S 8S 9S 10S 6D 7D 8D 9D 10D JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JS QS KS AS",
]


def test_d_5_void_followers_at_trick_1_trump_and_overtrump_in_the_game(strict: Ruleset) -> None:
    """D-5 / CBS-3.6 / D-4 / CBS-3.5: CBS-3.2 frees no follower of trick 1 from its duties.

    The second player, void in hearts, must trump; the third must beat the
    spade in the trick (a lower spade is refused); the dealer must follow
    hearts although no heart can win the trumped trick.
    """
    game = strict.new_game(seed=1, dealer=0, hands=hands_for(0, TRICK_ONE))
    for _ in range(4):
        game.apply("bid 2")
    assert game.to_act == 3 and game.first_trick
    assert names(game.legal_actions()) == names(f"play {c}" for c in game.hand(3))
    game.apply("play AH")
    assert game.to_act == 2
    assert names(game.legal_actions()) == ["play 2S", "play 4S", "play 5S", "play 6S", "play 7S"]
    err = refused(game, "play 2D")
    assert str(err) == (
        "illegal action 'play 2D' by seat 2 (S): CBS-3.6: void in hearts and holding 2♠: must trump"
    )
    game.apply("play 7S")
    assert names(game.legal_actions()) == ["play 8S", "play 9S", "play 10S"]
    err = refused(game, "play 3S")
    assert str(err) == (
        "illegal action 'play 3S' by seat 1 (E): "
        "CBS-3.6: void in hearts and holding 8♠, which beats 7♠: must overtrump"
    )
    game.apply("play 8S")
    assert names(game.legal_actions()) == [f"play {r}H" for r in RANKS[:9]]
    err = refused(game, "play AS")
    assert str(err) == (
        "illegal action 'play AS' by seat 0 (N): "
        "CBS-3.3: hearts were led and you hold 2♥, 3♥, 4♥, ...: must follow suit"
    )
    game.apply("play 10H")
    assert game.tricks[0].winner == 1
    assert game.to_act == 1


# ---------------------------------------------------------------------------
# CBS-3.3 follow suit, CBS-3.4 / D-3 must win, CBS-3.5 after a trump


def test_cbs_3_3_must_follow_suit(strict: cardrules.Ruleset) -> None:
    """CBS-3.3: a player holding the suit led must play one of that suit."""
    hand = "2H 3H AS AD"
    assert legal(strict, hand, ["KH"]) == "2H 3H"
    assert str(why(strict, hand, ["KH"], "AS")) == (
        "CBS-3.3: hearts were led and you hold 2♥, 3♥: must follow suit"
    )
    assert str(why(strict, hand, ["KH"], "AD")) == (
        "CBS-3.3: hearts were led and you hold 2♥, 3♥: must follow suit"
    )


def test_cbs_3_4_example_on_7h_play_ah(strict: cardrules.Ruleset) -> None:
    """CBS-3.4: on 7♥, holding A♥ and 3♥, play A♥."""
    assert legal(strict, "AH 3H 2S KD", ["7H"]) == "AH"
    assert str(why(strict, "AH 3H 2S KD", ["7H"], "3H")) == (
        "CBS-3.4: holding A♥, which beats 7♥: must win the trick"
    )
    assert bool(why(strict, "AH 3H 2S KD", ["7H"], "AH"))


def test_d_3_every_winning_card_is_legal(strict: cardrules.Ruleset) -> None:
    """D-3 / CBS-3.4: every card that beats the winning card is legal, not only the highest."""
    assert legal(strict, "3H 8H QH AH", ["7H"]) == "8H QH AH"


def test_d_3_beat_the_card_winning_now(strict: cardrules.Ruleset) -> None:
    """D-3: 'wins the trick' means beats the card winning at the moment of playing."""
    assert legal(strict, "3H 8H QH AH", ["7H", "JH"]) == "QH AH"
    assert legal(strict, "3H 8H QH AH", ["JH", "7H"]) == "QH AH"
    assert str(why(strict, "3H 8H QH AH", ["7H", "JH"], "8H")) == (
        "CBS-3.4: holding Q♥, which beats J♥: must win the trick"
    )


def test_cbs_3_4_cannot_win_any_card_of_the_suit(strict: cardrules.Ruleset) -> None:
    """CBS-3.4: without a winning card, any card of the suit led may be played."""
    assert legal(strict, "3H 8H 5S", ["7H", "AH"]) == "3H 8H"


def test_d_3_must_win_on_a_spade_lead(strict: cardrules.Ruleset) -> None:
    """D-3: must-win applies to a spade lead too (CBS-3.4 states no exception)."""
    assert legal(strict, "3S 9S KS 2H", ["5S"]) == "9S KS"
    assert legal(strict, "3S 9S KS 2H", ["5S", "JS"]) == "KS"
    assert str(why(strict, "3S 9S KS 2H", ["5S"], "3S")) == (
        "CBS-3.4: holding 9♠, which beats 5♠: must win the trick"
    )
    assert legal(strict, "3S 4S 2H", ["5S"]) == "3S 4S"


def test_cbs_3_4_d_3_spade_lead_in_the_game(strict: Ruleset) -> None:
    """CBS-3.2 / CBS-3.4 / D-3 / CBS-3.7: a spade led at trick 2, followed as the rules say.

    The dealer must follow spades with a spade that wins (all of theirs do);
    the next player, holding no spade, any card (CBS-3.7); the last, holding
    only spades below the winning one, any spade but nothing else.
    """
    game = strict.new_game(seed=1, dealer=0, hands=hands_for(0, TRICK_ONE))
    for _ in range(4):
        game.apply("bid 2")
    for card in ("AH", "2S", "3S", "2H"):
        game.apply(f"play {card}")
    assert game.tricks[0].winner == 1 and game.to_act == 1
    game.apply("play 8S")  # CBS-3.2 binds trick 1 only
    assert names(game.legal_actions()) == ["play JS", "play QS", "play KS", "play AS"]
    err = refused(game, "play 3H")
    assert str(err) == (
        "illegal action 'play 3H' by seat 0 (N): "
        "CBS-3.3: spades were led and you hold J♠, Q♠, K♠, ...: must follow suit"
    )
    game.apply("play QS")
    assert game.to_act == 3
    assert names(game.legal_actions()) == names(f"play {c}" for c in game.hand(3))
    game.apply("play 2C")
    assert game.to_act == 2
    assert names(game.legal_actions()) == ["play 4S", "play 5S", "play 6S", "play 7S"]
    err = refused(game, "play 2D")
    assert str(err) == (
        "illegal action 'play 2D' by seat 2 (S): "
        "CBS-3.3: spades were led and you hold 4♠, 5♠, 6♠, ...: must follow suit"
    )
    game.apply("play 4S")
    assert game.tricks[1].winner == 0 and game.to_act == 0


def test_cbs_3_5_after_a_trump_any_card_of_the_suit_led(strict: cardrules.Ruleset) -> None:
    """CBS-3.5: once trumped, a card of the suit led cannot win; following is still compulsory."""
    assert legal(strict, "AH 3H AS", ["7H", "2S"]) == "3H AH"
    assert str(why(strict, "AH 3H AS", ["7H", "2S"], "AS")) == (
        "CBS-3.3: hearts were led and you hold 3♥, A♥: must follow suit"
    )
    assert strict.trick_winner(["7H", "2S", "AH"]) == 1


# ---------------------------------------------------------------------------
# CBS-3.6 / D-4 void in the suit led, CBS-3.7 free discard


def test_cbs_3_6_void_must_trump(strict: cardrules.Ruleset) -> None:
    """CBS-3.6: a player void in the suit led must trump; every spade wins, so any spade."""
    assert legal(strict, "2S KS 3D", ["AH", "6H"]) == "2S KS"
    assert str(why(strict, "2S KS 3D", ["AH", "6H"], "3D")) == (
        "CBS-3.6: void in hearts and holding 2♠: must trump"
    )


def test_cbs_3_6_must_overtrump_when_able(strict: cardrules.Ruleset) -> None:
    """CBS-3.6 / D-4: holding a spade above the one in the trick, it is compulsory."""
    assert legal(strict, "9S 2S KD", ["AH", "6H", "4S"]) == "9S"
    assert str(why(strict, "9S 2S KD", ["AH", "6H", "4S"], "2S")) == (
        "CBS-3.6: void in hearts and holding 9♠, which beats 4♠: must overtrump"
    )


def test_d_4_every_higher_spade_is_legal(strict: cardrules.Ruleset) -> None:
    """D-4 / D-3: any spade higher than the highest in the trick may be played."""
    assert legal(strict, "2S 5S 9S KD", ["AH", "4S"]) == "5S 9S"


def test_d_4_beat_the_highest_spade_in_the_trick(strict: cardrules.Ruleset) -> None:
    """D-4: the spade to beat is the highest in the trick, not the first one."""
    assert legal(strict, "5S JS 2D", ["AH", "4S", "9S"]) == "JS"
    assert str(why(strict, "5S JS 2D", ["AH", "4S", "9S"], "5S")) == (
        "CBS-3.6: void in hearts and holding J♠, which beats 9♠: must overtrump"
    )


def test_cbs_3_6_lower_spade_is_forced(strict: cardrules.Ruleset) -> None:
    """CBS-3.6 / D-4: without a higher spade, a lower spade, never a free discard."""
    assert legal(strict, "5S 3S 2D KC", ["AH", "4S", "9S"]) == "3S 5S"
    assert str(why(strict, "5S 3S 2D KC", ["AH", "4S", "9S"], "2D")) == (
        "CBS-3.6: void in hearts and holding 3♠: must trump"
    )


@pytest.mark.parametrize(("name", "rule"), [(STRICT, "CBS-3.6"), (APP, "APP-3.3")])
def test_cbs_3_6_app_3_3_refused_discard_names_a_spade_that_may_be_played(
    name: str, rule: str
) -> None:
    """CBS-3.6 / D-4 / APP-3.3: refusing a discard names a spade the player may then play.

    Void in hearts after a 4♠ ruff, holding 2♠ and 9♠: the refusal of K♦ names
    the 9♠ (the 2♠ would be refused in turn: a higher spade is compulsory).
    """
    rules = cardrules.load(name)
    hand, trick = "2S 9S KD", ["AH", "6H", "4S"]
    assert (
        str(rules.explain(hand, trick, "KD"))
        == f"{rule}: void in hearts and holding 9♠: must trump"
    )
    assert rules.explain(hand, trick, "9S")
    assert str(rules.explain(hand, trick, "2S")) == (
        f"{rule}: void in hearts and holding 9♠, which beats 4♠: must overtrump"
    )
    # Without a higher spade the lowest spade is named, and it may be played.
    assert str(rules.explain("2S 3S KD", trick, "KD")) == (
        f"{rule}: void in hearts and holding 2♠: must trump"
    )
    assert rules.explain("2S 3S KD", trick, "2S")


def test_cbs_3_7_no_suit_led_and_no_spade_any_card(strict: cardrules.Ruleset) -> None:
    """CBS-3.7: only a player with neither the suit led nor spades may play any card."""
    assert legal(strict, "2C 3D KD", ["AH"]) == "2C 3D KD"
    assert legal(strict, "2C 3D KD", ["AH", "4S"]) == "2C 3D KD"
    assert legal(strict, "2C 3D KD", ["5S", "JS"]) == "2C 3D KD"
    assert str(why(strict, "2C 3D KD", ["AH", "4S"], "2C")) == "2♣ may be played"


# ---------------------------------------------------------------------------
# CBS-3.8 the trick winner, CBS-3.9 thirteen tricks


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        (["2H", "AC", "3H", "KD"], 2),
        (["2H", "3S", "AS", "KH"], 2),
        (["KH", "AH", "QH", "2S"], 3),
        (["5S", "AH", "4S", "AD"], 0),
        (["9D", "8D", "7D", "6D"], 0),
        (["2C", "AD", "AH", "3C"], 3),
    ],
)
def test_cbs_3_8_trick_winner(strict: cardrules.Ruleset, trick: list[str], winner: int) -> None:
    """CBS-3.8: the highest spade wins; if none, the highest card of the suit led."""
    assert strict.trick_winner(trick) == winner


def test_cbs_3_8_winner_leads_the_next_trick(strict: cardrules.Ruleset) -> None:
    """CBS-3.8: the winner of each trick leads to the next."""
    game = strict.new_game(seed=17, dealer=3)
    for _ in range(4):
        game.apply("bid 2")
    checked = 0
    while len(game.tricks) < 12:
        if not game.trick and game.tricks:
            last = game.tricks[-1]
            assert game.to_act == last.winner
            cards = [str(c) for _, c in last.cards]
            assert last.cards[strict.trick_winner(cards)].seat == last.winner
            checked += 1
        game.apply(game.legal_actions()[-1])
    assert checked == 11
    assert [t.leader for t in game.tricks[1:]] == [t.winner for t in game.tricks[:-1]]


def test_cbs_3_9_thirteen_tricks_nobody_draws(strict: cardrules.Ruleset) -> None:
    """CBS-3.9: all 13 tricks are played; hands only shrink, one card a turn."""
    game = strict.new_game(seed=5, dealer=0)
    for _ in range(4):
        game.apply("bid 3")
    sizes = [13, 13, 13, 13]
    seen: list[str] = []
    while game.deal_number == 1:
        seat = game.to_act
        assert seat is not None
        action = game.legal_actions()[0]
        seen.append(str(action).split()[1])
        game.apply(action)
        sizes[seat] -= 1
        if game.deal_number == 1:
            assert [len(game.hand(s)) for s in range(4)] == sizes
    assert len(seen) == 52 == len(set(seen))
    assert sum(game.deals[0].tricks) == 13
    assert sizes == [0, 0, 0, 0]


def test_cbs_3_9_deal_ends_after_the_13th_trick(strict: cardrules.Ruleset) -> None:
    """CBS-3.9: after 12 tricks the deal goes on; the 13th ends it and the next deal starts."""
    game = strict.new_game(seed=6, dealer=0)
    for _ in range(4):
        game.apply("bid 2")
    for _ in range(12 * 4):
        game.apply(game.legal_actions()[0])
    assert len(game.tricks) == 12
    assert game.deal_number == 1
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    assert game.deal_number == 2
    assert len(game.deals) == 1
    assert game.phase == "auction"


# ---------------------------------------------------------------------------
# CBS-7.1: the worked example, through the Game API


@pytest.mark.parametrize("dealer", range(4))
def test_cbs_7_1_worked_example(strict: cardrules.Ruleset, dealer: int) -> None:
    """CBS-7.1: after A♥ 6♥ and a 4♠ ruff, the fourth player must play 2♠; 4♠ wins."""
    game = start_play(strict, dealer, EXAMPLE_7_1)
    first, second, third, fourth = (seat_after(dealer, k) for k in range(1, 5))
    assert fourth == dealer
    game.apply("play AH", seat=first)
    assert "play 6H" in names(game.legal_actions())
    game.apply("play 6H", seat=second)
    assert game.to_act == third
    assert "play 4S" in names(game.legal_actions())
    assert not any(str(a).endswith(("D", "C", "H")) for a in game.legal_actions())
    game.apply("play 4S", seat=third)
    assert game.to_act == fourth
    assert names(game.legal_actions()) == ["play 2S"]
    err = refused(game, "play KD")
    assert str(err) == (
        f"illegal action 'play KD' by seat {fourth} ({'NESW'[fourth]}): "
        "CBS-3.6: void in hearts and holding 2♠: must trump"
    )
    assert err.rule == "CBS-3.6"
    game.apply("play 2S", seat=fourth)
    trick = game.tricks[0]
    assert names(c for _, c in trick.cards) == ["AH", "6H", "4S", "2S"]
    assert trick.winner == third
    assert game.to_act == third
    assert game.tricks_won[third] == 1


def test_cbs_7_1_stateless(strict: cardrules.Ruleset) -> None:
    """CBS-7.1: the same example through legal_cards and trick_winner."""
    assert legal(strict, "2S KD", ["AH", "6H", "4S"]) == "2S"
    assert strict.trick_winner(["AH", "6H", "4S", "2S"]) == 2


def test_cbs_3_6_under_trump_refused_in_the_game(strict: cardrules.Ruleset) -> None:
    """CBS-3.6: a fourth player holding 9♠ may not under-trump with 2♠ (exact refusal)."""
    by_turn = list(EXAMPLE_7_1)
    by_turn[2] = "4S AS KS QS JS 10S 8S 7S 6S 5S 3S 2D 3D"
    by_turn[3] = "2S 9S KD 4D 5D 6D 7D 8D 9D 10D JD QD AD"
    game = start_play(strict, 0, by_turn)
    for card in ("AH", "6H", "4S"):
        game.apply(f"play {card}")
    assert names(game.legal_actions()) == ["play 9S"]
    err = refused(game, "play 2S")
    assert str(err) == (
        "illegal action 'play 2S' by seat 0 (N): "
        "CBS-3.6: void in hearts and holding 9♠, which beats 4♠: must overtrump"
    )
    err = refused(game, "play KD")
    assert str(err) == (
        "illegal action 'play KD' by seat 0 (N): CBS-3.6: void in hearts and holding 9♠: must trump"
    )
    game.apply("play 9S")
    assert game.tricks[0].winner == 0


def test_cbs_3_3_and_3_4_refusals_in_the_game(strict: cardrules.Ruleset) -> None:
    """CBS-3.3 / CBS-3.4: the game names the rule and says why, and stays unchanged."""
    game = start_play(strict, 0, EXAMPLE_7_1)
    game.apply("play 7C")
    # Seat 2 holds the 8♣..A♣: must follow and must beat 7♣; every higher club is legal.
    assert names(game.legal_actions()) == [
        f"play {r}C" for r in ("8", "9", "10", "J", "Q", "K", "A")
    ]
    err = refused(game, "play 2H")
    assert str(err) == (
        "illegal action 'play 2H' by seat 2 (S): "
        "CBS-3.3: clubs were led and you hold 8♣, 9♣, 10♣, ...: must follow suit"
    )
    game.apply("play 8C")
    # Seat 1 is void in clubs and must trump; any spade wins.
    assert len(game.legal_actions()) == 12
    err = refused(game, "play 2D")
    assert str(err) == (
        "illegal action 'play 2D' by seat 1 (E): CBS-3.6: void in clubs and holding 3♠: must trump"
    )


@pytest.mark.parametrize(
    ("name", "call_rule", "play_rule"),
    [
        ("callbreak-strict", "CBS-2.4", "CBS-3.3"),
        ("callbridge-classic", "CBC-2.1", "D-1"),
        ("callbreak-app", "APP-2.1", "D-1"),
    ],
)
def test_cbs_3_3_cbc_d1_app_d1_out_of_turn_refusals_cite_the_turn_rule(
    name: str, call_rule: str, play_rule: str
) -> None:
    """CBS-2.4/3.3, CBC-2.1/D-1, APP-2.1/D-1: a call or a card out of turn names the order rule."""
    rules = cardrules.load(name)
    game = rules.new_game(seed=4, dealer=0)
    first = game.to_act
    assert first == 3  # the dealer's right calls first (counter-clockwise)
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(game.legal_actions()[0], seat=0)
    assert (err.value.rule, err.value.reason) == (call_rule, "it is the turn of seat 3 (W)")
    assert game.to_json() == before
    while game.phase == "auction":
        game.apply(game.legal_actions()[0])
    assert game.to_act == 3
    card = game.hand(1)[0]
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(f"play {card}", seat=1)
    assert (err.value.rule, err.value.reason) == (play_rule, "it is the turn of seat 3 (W)")
    assert game.to_json() == before
