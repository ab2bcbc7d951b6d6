"""An outsider's audit of the Call Break family: CBS-*, CBC-*, APP-* and their decisions.

Each test drives the library only through the public API of DESIGN.md
(``cardrules.load``, ``rules.new_game``, ``game.apply`` / ``legal_actions`` /
``standings`` ..., ``rules.legal_cards`` / ``trick_winner`` / ``explain`` /
``score_deal``) and checks an edge case the rule texts name that the
per-section test files leave open.  The in-game checks compare the game with
re-statements of the rules written here from the rule texts, never with the
kernel's own duties or scorers.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
from cardrules import Card, Game, IllegalAction, Ruleset, Suit
from cardrules.cli import main
from helpers import (
    RANKS,
    calls_for_totals,
    hands_for,
    names,
    play_deal,
    play_with_calls,
    seat_after,
    tricks_by_deal,
)

STRICT = "callbreak-strict"
CLASSIC = "callbridge-classic"
APP = "callbreak-app"
SPADES = Suit.S


@pytest.fixture(scope="module")
def cbc() -> Ruleset:
    """The classic Call Bridge rules, loaded once."""
    return cardrules.load(CLASSIC)


@pytest.fixture(scope="module")
def app() -> Ruleset:
    """The app rules, loaded once."""
    return cardrules.load(APP)


def derived(tmp_path: Path, body: str, name: str = "audit-house") -> Ruleset:
    """The rules of a profile extending ``callbreak-app`` with ``body`` (TOML tables)."""
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "Audit house"\nextends = "{APP}"\n\n{body}',
        encoding="utf-8",
    )
    return cardrules.load(path)


def refused(game: Game, action: str) -> IllegalAction:
    """Apply an illegal action; return the refusal after checking the game did not change."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert game.to_json() == before
    return err.value


# ---------------------------------------------------------------------------
# Re-statements of the rule texts (independent of the kernel's duties)


def winner_by_text(trick: list[Card]) -> int:
    """CBS-3.8 / CBC-3.6 / APP-3.4: the highest spade, else the highest card of the suit led."""
    spades = [i for i, c in enumerate(trick) if c.suit == SPADES]
    if spades:
        return max(spades, key=lambda i: trick[i].rank)
    led = [i for i, c in enumerate(trick) if c.suit == trick[0].suit]
    return max(led, key=lambda i: trick[i].rank)


def beats_winner(trick: list[Card]) -> Callable[[Card], bool]:
    """Whether a card would beat the card winning ``trick`` at this moment (CBS D-3)."""
    winning = trick[winner_by_text(trick)]

    def beats(card: Card) -> bool:
        if card.suit == winning.suit:
            return card.rank > winning.rank
        return card.suit == SPADES

    return beats


def classic_legal(hand: list[Card], trick: list[Card], first_trick: bool) -> set[Card]:
    """CBC-3.2 .. CBC-3.5 with D-3, D-4: no duty to head; void, a winning spade or anything."""
    if not trick:
        return set(hand)  # CBC-3.2 / D-3: any card, spades included, even in trick 1
    same = [c for c in hand if c.suit == trick[0].suit]
    if same:
        return set(same)  # CBC-3.2 / CBC-3.3: any card of the suit led
    winners = {c for c in hand if beats_winner(trick)(c)}
    return winners or set(hand)  # CBC-3.4 / D-4, else CBC-3.5


def app_legal(hand: list[Card], trick: list[Card], first_trick: bool) -> set[Card]:
    """APP-3.1 .. APP-3.3 with D-2 .. D-4: beat if able; void, a spade (a higher one if held)."""
    if not trick:
        return set(hand)  # APP-3.1 / D-2
    beats = beats_winner(trick)
    same = [c for c in hand if c.suit == trick[0].suit]
    if same:
        return {c for c in same if beats(c)} or set(same)  # APP-3.2 / D-3
    spades = [c for c in hand if c.suit == SPADES]
    if spades:
        return {c for c in spades if beats(c)} or set(spades)  # APP-3.3 / D-4
    return set(hand)


def free_discard_legal(hand: list[Card], trick: list[Card], first_trick: bool) -> set[Card]:
    """D-4's other reading (``free_discard_when_void``): void, a winning spade or anything."""
    if not trick:
        return set(hand)
    beats = beats_winner(trick)
    same = [c for c in hand if c.suit == trick[0].suit]
    if same:
        return {c for c in same if beats(c)} or set(same)
    return {c for c in hand if beats(c)} or set(hand)


Reference = Callable[[list[Card], list[Card], bool], set[Card]]


def check_whole_game(rules: Ruleset, seed: int, reference: Reference, rules_cited: set[str]) -> int:
    """Play a whole game at random; at every card compare the game with ``reference``.

    Also checks the stateless helpers agree, that every other card of the hand
    is refused by a rule of ``rules_cited`` with the game left unchanged (on a
    sample of steps), and each trick's winner.  Returns the number of cards checked.
    """
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
        expected = reference(hand, trick, first)
        assert {a.card for a in game.legal_actions()} == expected  # type: ignore[union-attr]
        assert set(rules.legal_cards(hand, trick, first_trick=first)) == expected
        illegal = [c for c in hand if c not in expected]
        if illegal and checked % 7 == 0:
            card = rng.choice(illegal)
            why = rules.explain(hand, trick, card, first_trick=first)
            assert not why and why.rule in rules_cited, str(why)
            err = refused(game, f"play {card}")
            assert err.rule == why.rule and err.seat == seat
            assert str(err) == f"illegal action 'play {card}' by seat {seat}: {why}"
        tricks_before = len(game.tricks) + len(game.deals) * 13
        game.apply(f"play {rng.choice(sorted(expected))}")
        checked += 1
        if len(game.tricks) + len(game.deals) * 13 > tricks_before:
            done = game.tricks[-1] if game.tricks else None
            if done is not None:
                cards = [c for _, c in done.cards]
                assert done.cards[winner_by_text(cards)].seat == done.winner
                assert rules.trick_winner(cards) == winner_by_text(cards)
    return checked


# ---------------------------------------------------------------------------
# Ranks and trumps: CBS-1.2, CBS-1.3, CBC-1.1, APP-1.1


@pytest.mark.parametrize("name", [STRICT, CLASSIC, APP])
def test_cbs_1_2_cbc_1_1_app_1_1_every_rank_pair_and_spades_trump(name: str) -> None:
    """CBS-1.2 / CBS-1.3 / CBC-1.1 / APP-1.1: A high down to 2 in every suit; spades beat all."""
    rules = cardrules.load(name)
    for suit in "CDHS":
        for low in range(len(RANKS)):
            for high in range(low + 1, len(RANKS)):
                lo, hi = f"{RANKS[low]}{suit}", f"{RANKS[high]}{suit}"
                assert rules.trick_winner([lo, hi]) == 1, (lo, hi)
                assert rules.trick_winner([hi, lo]) == 0, (hi, lo)
    for suit in "CDH":
        # The lowest spade beats the ace of any other suit led; an off-suit ace never wins.
        assert rules.trick_winner([f"A{suit}", "2S"]) == 1
        assert rules.trick_winner([f"2{suit}", "AD" if suit != "D" else "AC"]) == 0
    assert rules.trick_winner(["2C", "AD", "AH", "3C"]) == 3


@pytest.mark.parametrize("name", [STRICT, CLASSIC, APP])
def test_cbs_1_3_spades_are_trumps_in_every_deal(name: str) -> None:
    """CBS-1.3 / CBC-1.1 / APP-1.1: every deal of a game is played with spades as trumps."""
    rules = cardrules.load(name)
    game = rules.new_game(seed=4)
    seen = 0
    while game.phase != "finished":
        if game.phase == "play" and not game.trick and len(game.tricks) == 0:
            assert game.contract is not None and game.contract.trump == SPADES
            assert all(game.view(s).trump == "S" for s in range(4))
            seen += 1
        game.apply(game.legal_actions()[0])
    assert seen == rules.deals


def test_cbs_1_4_the_strict_profile_states_its_choices(strict: Ruleset) -> None:
    """CBS-1.4: calls 2-13, counter-clockwise, must win when possible, five deals, tenths."""
    assert strict.bounds == (2, 13)
    assert strict.direction.name == "counterclockwise"
    assert strict.deals == 5
    assert names(strict.legal_cards("AH 3H 2S KD", ["7H"])) == ["AH"]
    assert strict.score_deal(calls=[2, 2, 2, 2], tricks=[3, 3, 3, 4]) == {
        0: Decimal("2.1"),
        1: Decimal("2.1"),
        2: Decimal("2.1"),
        3: Decimal("2.2"),
    }


# ---------------------------------------------------------------------------
# Strict play in the game: D-5 void followers at trick 1, CBS-3.5, D-4


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
        "illegal action 'play 2D' by seat 2: CBS-3.6: void in hearts and holding 2♠: must trump"
    )
    game.apply("play 7S")
    assert names(game.legal_actions()) == ["play 8S", "play 9S", "play 10S"]
    err = refused(game, "play 3S")
    assert str(err) == (
        "illegal action 'play 3S' by seat 1: "
        "CBS-3.6: void in hearts and holding 8♠, which beats 7♠: must overtrump"
    )
    game.apply("play 8S")
    assert names(game.legal_actions()) == [f"play {r}H" for r in RANKS[:9]]
    err = refused(game, "play AS")
    assert str(err) == (
        "illegal action 'play AS' by seat 0: "
        "CBS-3.3: hearts were led and you hold 2♥, 3♥, 4♥, ...: must follow suit"
    )
    game.apply("play 10H")
    assert game.tricks[0].winner == 1
    assert game.to_act == 1


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
        "illegal action 'play 3H' by seat 0: "
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
        "illegal action 'play 2D' by seat 2: "
        "CBS-3.3: spades were led and you hold 4♠, 5♠, 6♠, ...: must follow suit"
    )
    game.apply("play 4S")
    assert game.tricks[1].winner == 0 and game.to_act == 0


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


# ---------------------------------------------------------------------------
# Classic and app duties through whole games


@pytest.mark.parametrize("seed", [3, 11])
def test_cbc_3_2_to_3_6_d_3_d_4_every_card_of_whole_games(cbc: Ruleset, seed: int) -> None:
    """CBC-3.2 .. CBC-3.6 / D-3 / D-4: at every card the game allows exactly the text's cards."""
    assert check_whole_game(cbc, seed, classic_legal, {"CBC-3.2", "CBC-3.4"}) == 12 * 52


@pytest.mark.parametrize("seed", [5, 8])
def test_app_3_1_to_3_4_d_2_to_d_4_every_card_of_whole_games(app: Ruleset, seed: int) -> None:
    """APP-3.1 .. APP-3.4 / D-2 .. D-4: at every card the game allows exactly the text's cards."""
    assert check_whole_game(app, seed, app_legal, {"APP-3.2", "APP-3.3"}) == 5 * 52


def test_app_d_4_other_reading_every_card_of_whole_games(tmp_path: Path) -> None:
    """D-4, the other reading as a setting: void and unable to win, any card, in whole games."""
    rules = derived(tmp_path, "[options]\nfree_discard_when_void = true\n")
    for seed in (2, 9):
        assert check_whole_game(rules, seed, free_discard_legal, {"APP-3.2", "APP-3.3"}) == 260


# ---------------------------------------------------------------------------
# Direction: APP D-1 (a clockwise app is a one-line derived profile)


@pytest.mark.parametrize("dealer", range(4))
def test_app_d_1_clockwise_is_one_line_of_a_derived_profile(tmp_path: Path, dealer: int) -> None:
    """APP D-1: ``direction = "clockwise"`` turns calls, play and the deal round the other way."""
    rules = derived(tmp_path, '[deal]\ndirection = "clockwise"\n')
    game = rules.new_game(seed=6, dealer=dealer)
    callers = []
    while game.phase == "auction":
        callers.append(game.to_act)
        game.apply("bid 2")
    assert callers == [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    leader = (dealer + 1) % 4
    order = []
    for _ in range(4):
        order.append(game.to_act)
        game.apply(game.legal_actions()[0])
    assert order == [(leader + k) % 4 for k in range(4)]
    play_deal(game)
    assert (game.deal_number, game.dealer) == (2, (dealer + 1) % 4)
    # The counter-clockwise app itself goes the other way.
    assert cardrules.load(APP).new_game(seed=6, dealer=dealer).to_act == seat_after(dealer)


# ---------------------------------------------------------------------------
# Game ends: CBC-5.1 after exactly 12, APP D-6 exactly 3 or 5, D-7 target at or above


def test_cbc_5_1_d_6_not_over_after_11_deals_over_after_12(cbc: Ruleset) -> None:
    """CBC-5.1 / D-6: eleven deals leave the game running; the twelfth ends it."""
    game = cbc.new_game(seed=21, dealer=2)
    for number in range(1, 12):
        play_deal(game)
        assert (game.phase, game.deal_number, len(game.deals)) == ("auction", number + 1, number)
    play_deal(game)
    assert (game.phase, game.deal_number, len(game.deals)) == ("finished", 12, 12)
    assert game.over is not None and game.over.rule == "CBC-5.1"
    assert game.legal_actions() == [] and game.to_act is None


@pytest.mark.parametrize("deals", [3, 5])
def test_app_3_5_d_6_game_ends_after_exactly_the_chosen_rounds(deals: int) -> None:
    """APP-3.5 / D-6: ``load(..., deals=3)`` plays exactly three rounds, the default five."""
    rules = cardrules.load(APP, deals=deals) if deals == 3 else cardrules.load(APP)
    assert rules.deals == deals
    game = rules.new_game(seed=15, dealer=1)
    for number in range(1, deals):
        play_deal(game)
        assert (game.phase, game.deal_number) == ("auction", number + 1)
    play_deal(game)
    assert (game.phase, len(game.deals), game.deal_number) == ("finished", deals, deals)
    assert [d.dealer for d in game.deals] == [seat_after(1, k) for k in range(deals)]
    assert game.over is not None and game.over.rule == "APP-3.5"
    restored = Game.from_json(game.to_json())
    assert restored.rules.deals == deals and restored.to_json() == game.to_json()


def _exact_call_seed(app: Ruleset) -> tuple[int, int]:
    """A seed whose first deal (lowest legal cards) gives seat 0 from 2 to 8 tricks, others < 8."""
    for seed in range(200):
        first = tricks_by_deal(app, seed, 0)[0]
        if 2 <= first[0] <= 8 and max(first[1:]) < 8:
            return seed, first[0]
    raise AssertionError("no seed found")  # pragma: no cover


def test_app_d_7_a_total_exactly_at_the_target_ends_the_game(tmp_path: Path, app: Ruleset) -> None:
    """APP-5.1 / D-7: a total *at* the target ends the game after that deal; one below does not."""
    seed, took = _exact_call_seed(app)
    calls = {0: took, 1: 8, 2: 8, 3: 8}  # seat 0 makes its call exactly; the others fail

    at = derived(tmp_path, f"[options]\ntarget_score = {took}\n", name="at-target")
    game = at.new_game(seed=seed, dealer=0)
    play_deal(game, calls)
    assert game.totals[0] == Decimal(took) == max(game.totals.values())
    assert game.phase == "finished" and len(game.deals) == 1
    assert game.over is not None and game.over.rule == "APP-5.1"
    top = game.standings()[0]
    assert (top.side, top.place, top.winner) == (0, 1, True)

    above = derived(tmp_path, f"[options]\ntarget_score = {took + 1}\n", name="above-target")
    game = above.new_game(seed=seed, dealer=0)
    play_deal(game, calls)
    assert game.totals[0] == Decimal(took) < took + 1
    assert game.phase == "auction" and game.deal_number == 2


# ---------------------------------------------------------------------------
# Standings from real play: APP D-9 (as CBS D-7)


def test_app_d_9_competition_ranking_from_real_play(app: Ruleset) -> None:
    """APP D-9 / CBS D-7: totals 5.2, 5.2, 1.0, -0.3 reached in play rank 1, 1, 3, 4."""
    wanted = [Decimal("5.2"), Decimal("1.0"), Decimal("-0.3"), Decimal("5.2")]
    for seed in range(60):
        calls = calls_for_totals(tricks_by_deal(app, seed, 1), wanted, low=1, high=8)
        if calls is not None:
            break
    else:  # pragma: no cover
        raise AssertionError("no seed reaches the totals")
    game = play_with_calls(app, seed, 1, calls)
    assert [game.totals[s] for s in range(4)] == wanted
    table = [(s.place, s.side, s.total, s.winner) for s in game.standings()]
    assert table == [
        (1, 0, Decimal("5.2"), True),
        (1, 3, Decimal("5.2"), True),
        (3, 1, Decimal("1.0"), False),
        (4, 2, Decimal("-0.3"), False),
    ]


# ---------------------------------------------------------------------------
# Scores of one deal through score_deal, at the bounds of calls and tricks


@pytest.mark.parametrize(
    ("name", "calls", "tricks", "expected"),
    [
        # CBS-4.1 / CBS-4.2: lowest and highest call; 13 and 0 tricks.
        (STRICT, [2, 13, 2, 2], [13, 0, 0, 0], ["3.1", "-13", "-2", "-2"]),
        (STRICT, [13, 2, 2, 2], [13, 0, 0, 0], ["13", "-2", "-2", "-2"]),
        (STRICT, [2, 2, 2, 2], [2, 2, 2, 7], ["2", "2", "2", "2.5"]),
        # APP-4.1 / APP-4.2: calls 1 and 8 at both ends.
        (APP, [1, 8, 1, 1], [0, 8, 5, 0], ["-1", "8", "1.4", "-1"]),
        (APP, [8, 1, 1, 1], [7, 1, 1, 4], ["-8", "1", "1", "1.3"]),
        # CBC-4.1 .. 4.3 / D-5: the window's edges (call, call+2, call+3) and 13.
        (CLASSIC, [13, 2, 2, 2], [13, 0, 0, 0], ["130", "-20", "-20", "-20"]),
        (CLASSIC, [2, 2, 2, 11], [4, 5, 2, 2], ["22", "-20", "20", "-110"]),
        (CLASSIC, [11, 2, 2, 2], [13, 0, 0, 0], ["112", "-20", "-20", "-20"]),
    ],
)
def test_cbs_4_app_4_cbc_4_score_deal_at_the_bounds(
    name: str, calls: list[int], tricks: list[int], expected: list[str]
) -> None:
    """CBS-4.1/4.2/4.4, APP-4.1/4.2, CBC-4.1..4.3: exact Decimal scores at boundary counts."""
    scores = cardrules.load(name).score_deal(calls=calls, tricks=tricks)
    assert [scores[s] for s in range(4)] == [Decimal(e) for e in expected]
    assert all(type(v) is Decimal for v in scores.values())


@pytest.mark.parametrize(
    ("name", "calls", "message"),
    [
        (STRICT, [1, 2, 2, 2], "calls [1, 2, 2, 2] must be whole numbers 2..13 (CBS-2.4)"),
        (STRICT, [0, 2, 2, 2], "calls [0, 2, 2, 2] must be whole numbers 2..13 (CBS-2.4)"),
        (STRICT, [2, 2, 2, 14], "calls [2, 2, 2, 14] must be whole numbers 2..13 (CBS-2.4)"),
        (CLASSIC, [2, 1, 2, 2], "calls [2, 1, 2, 2] must be whole numbers 2..13 (CBC-2.1)"),
        (APP, [0, 1, 1, 1], "calls [0, 1, 1, 1] must be whole numbers 1..8 (APP-2.1)"),
        (APP, [1, 1, 9, 1], "calls [1, 1, 9, 1] must be whole numbers 1..8 (APP-2.1)"),
    ],
)
def test_cbs_2_4_cbc_2_1_app_2_1_score_deal_refuses_calls_the_auction_refuses(
    name: str, calls: list[int], message: str
) -> None:
    """CBS-2.4 / CBS-4.3 / CBC-2.1 / APP-2.1: a deal's calls are calls the profile allows.

    No nil or zero call (CBS-4.3), nothing below the minimum or above the
    maximum: ``score_deal`` refuses them as the game does, naming the rule.
    """
    with pytest.raises(cardrules.CardrulesError) as err:
        cardrules.load(name).score_deal(calls=calls, tricks=[4, 3, 3, 3])
    assert str(err.value) == f"invalid deal: {message}"


# ---------------------------------------------------------------------------
# What a reader cites: ``cardrules show`` states the end of the game as the rules do


def show(profile: str) -> str:
    """The output of ``cardrules show PROFILE``."""
    out, err = io.StringIO(), io.StringIO()
    assert main(["show", profile], stdin=io.StringIO(), stdout=out, stderr=err) == 0
    assert err.getvalue() == ""
    return out.getvalue()


@pytest.mark.parametrize(
    ("name", "head"),
    [
        (STRICT, "End of the game: 5 deals [CBS-5.1]"),
        (CLASSIC, "End of the game: 12 deals [CBC-5.1]"),
        (APP, "End of the game: 5 deals (allowed: 3, 5) [APP-3.5]"),
    ],
)
def test_cbs_5_1_cbc_5_1_app_3_5_show_states_the_end_of_the_game(name: str, head: str) -> None:
    """CBS-5.1 / CBS-5.2 / CBC-5.1 / D-6 / APP-3.5 / D-9: ``show`` says when the game ends.

    A fixed number of deals, the highest total wins, ties share; no target
    score is mentioned where the profile has none.
    """
    deals = head.split(": ")[1].split()[0]
    text = show(name)
    assert (
        f"{head}\n  the game ends after {deals} deals; the highest total wins, "
        "equal totals share a place\n"
    ) in text
    assert "target" not in text.split("End of the game:")[1].split("Options")[0]


def test_app_5_1_5_2_show_states_the_switched_on_end_of_the_game(tmp_path: Path) -> None:
    """APP-5.1 / D-7 / APP-5.2 / D-8: switched on, ``show`` names the target and the big call."""
    path = tmp_path / "to-30.toml"
    path.write_text(
        f'[profile]\nname = "to-30"\ntitle = "To 30"\nextends = "{APP}"\n\n'
        "[options]\ntarget_score = 30\nbig_call_8 = true\n",
        encoding="utf-8",
    )
    end = show(str(path)).split("End of the game:")[1].split("\n\n")[0]
    assert " ".join(end.split()) == (
        "until a total reaches 30 [APP-5.1] the game ends after the deal in which a total "
        "reaches 30; the highest total wins, equal totals share a place; a seat that calls 8 "
        "and takes 8 or more wins at once"
    )


# ---------------------------------------------------------------------------
# Throw-ins: APP-1.2 / D-5 repeated several times


NO_SPADE = "AH KH QH JH 10H 9H 8H 7H AD KD QD JD 10D"


def spadeless_deal(seat: int) -> list[str]:
    """Preset hands in which ``seat`` holds no spade (the rest dealt round the others)."""
    rest = [f"{r}{s}" for s in "CDHS" for r in RANKS if f"{r}{s}" not in NO_SPADE.split()]
    others = [s for s in range(4) if s != seat]
    hands: list[list[str]] = [[], [], [], []]
    hands[seat] = NO_SPADE.split()
    for i, card in enumerate(rest):
        hands[others[i % 3]].append(card)
    return [" ".join(h) for h in hands]


def test_app_1_2_d_5_three_throw_ins_in_a_row_same_dealer_same_round(app: Ruleset) -> None:
    """APP-1.2 / D-5: throw-ins repeat until no hand qualifies; dealer and round count stay.

    A deal thrown in three times in a row is still deal 1 of the same dealer;
    the next deal is deal 2, dealt by the seat on the dealer's right, and the
    game still has five rounds.
    """
    dealer = 2
    preset = spadeless_deal(1)
    game = next(
        g
        for g in (app.new_game(seed=s, dealer=dealer, hands=preset) for s in range(5000))
        if len(g.throw_ins) >= 3
    )
    assert [(e.deal_number, e.dealer, e.rule) for e in game.throw_ins] == [
        (1, dealer, "APP-1.2")
    ] * len(game.throw_ins)
    assert (game.phase, game.deal_number, game.dealer, game.to_act) == (
        "auction",
        1,
        dealer,
        seat_after(dealer),
    )
    assert all(any(c.suit == SPADES for c in game.hand(s)) for s in range(4))
    assert Game.from_json(game.to_json(), allow_preset_hands=True).to_json() == game.to_json()
    play_deal(game)
    assert (game.deal_number, game.dealer, len(game.deals)) == (2, seat_after(dealer), 1)
    while game.phase != "finished":
        game.apply(game.legal_actions()[0])
    assert [d.dealer for d in game.deals] == [seat_after(dealer, k) for k in range(5)]


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
    assert (err.value.rule, err.value.reason) == (call_rule, "it is the turn of seat 3")
    assert game.to_json() == before
    while game.phase == "auction":
        game.apply(game.legal_actions()[0])
    assert game.to_act == 3
    card = game.hand(1)[0]
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(f"play {card}", seat=1)
    assert (err.value.rule, err.value.reason) == (play_rule, "it is the turn of seat 3")
    assert game.to_json() == before
