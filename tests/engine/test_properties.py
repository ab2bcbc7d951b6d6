"""Properties of strict Call Break over many seeded games (hypothesis).

Each example plays a whole game (five deals) with a random legal policy and
checks invariants at every step against independent re-statements of the
rules written here from the rule text (never by calling the kernel's own
duties or scorer).
"""

from __future__ import annotations

import json
import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import Card, Game, IllegalAction, Suit
from helpers import ALL_CARDS, random_policy

SETTINGS = settings(max_examples=40, deadline=None)

seeds = st.integers(min_value=0, max_value=2**63 - 1)
dealers = st.one_of(st.none(), st.integers(min_value=0, max_value=3))
choices = st.integers(min_value=0, max_value=2**32)

SPADES = Suit.S


def new_game(rules: cardrules.Ruleset, seed: int, dealer: int | None) -> Game:
    return rules.new_game(seed=seed, dealer=dealer)


# ---------------------------------------------------------------------------
# independent statements of the rules


def reference_winner(trick: list[Card]) -> int:
    """CBS-3.8: the highest spade wins; if none, the highest card of the suit led."""
    spades = [i for i, c in enumerate(trick) if c.suit == SPADES]
    if spades:
        return max(spades, key=lambda i: trick[i].rank)
    led = [i for i, c in enumerate(trick) if c.suit == trick[0].suit]
    return max(led, key=lambda i: trick[i].rank)


def reference_legal(hand: list[Card], trick: list[Card], first_trick: bool) -> set[Card]:
    """CBS-3.2 .. CBS-3.7 with D-3, D-4, D-5, written from the rule text."""
    if not trick:
        others = [c for c in hand if c.suit != SPADES]
        if first_trick and others:  # CBS-3.2 / D-5
            return set(others)
        return set(hand)
    winning = trick[reference_winner(trick)]

    def beats(card: Card) -> bool:
        if card.suit == winning.suit:
            return card.rank > winning.rank
        return card.suit == SPADES  # a spade beats a non-spade winner

    same = [c for c in hand if c.suit == trick[0].suit]
    if same:  # CBS-3.3, then CBS-3.4 / D-3 (CBS-3.5: after a ruff none of them wins)
        return {c for c in same if beats(c)} or set(same)
    spades = [c for c in hand if c.suit == SPADES]
    if spades:  # CBS-3.6 / D-4: beat the highest spade if able, else any spade
        return {c for c in spades if beats(c)} or set(spades)
    return set(hand)  # CBS-3.7


def reference_score(call: int, took: int) -> Decimal:
    """CBS-4.1 / CBS-4.2: call + 0.1 per extra trick if made, else minus the call."""
    if took >= call:
        return Decimal(call) + Decimal(took - call) / Decimal(10)
    return Decimal(-call)


# ---------------------------------------------------------------------------
# properties


@SETTINGS
@given(seed=seeds, dealer=dealers, choice=choices)
def test_every_deal_is_52_distinct_cards_13_each(
    strict: cardrules.Ruleset, seed: int, dealer: int | None, choice: int
) -> None:
    """CBS-1.1 / CBS-2.3: each deal gives out the 52 cards, 13 to each seat."""
    game = new_game(strict, seed, dealer)
    policy = random_policy(random.Random(choice))
    seen = 0
    while game.phase != "finished":
        if game.phase == "auction" and game.auction.public()["calls"] == [None] * 4:
            hands = [[str(c) for c in game.hand(s)] for s in range(4)]
            assert [len(h) for h in hands] == [13, 13, 13, 13]
            assert sorted(c for h in hands for c in h) == sorted(ALL_CARDS)
            seen += 1
        game.apply(policy(game))
    assert seen == 5


@SETTINGS
@given(seed=seeds, dealer=dealers, choice=choices)
def test_legal_cards_match_the_rule_text_at_every_step(
    strict: cardrules.Ruleset, seed: int, dealer: int | None, choice: int
) -> None:
    """CBS-3.2 .. CBS-3.7, D-3 .. D-5: the game's legal cards are exactly the rules' ones."""
    game = new_game(strict, seed, dealer)
    policy = random_policy(random.Random(choice))
    while game.phase != "finished":
        actions = game.legal_actions()
        assert actions, "no legal action before the end"
        if game.phase == "play":
            seat = game.to_act
            assert seat is not None
            hand = game.hand(seat)
            trick = [c for _, c in game.trick]
            expected = reference_legal(hand, trick, first_trick=not game.tricks)
            assert {a.card for a in actions} == expected  # type: ignore[union-attr]
            stateless = strict.legal_cards(hand, trick, first_trick=not game.tricks)
            assert set(stateless) == expected
        else:
            assert [str(a) for a in actions] == [f"bid {n}" for n in range(2, 14)]
        game.apply(policy(game))
    assert game.legal_actions() == []


@SETTINGS
@given(seed=seeds, dealer=dealers, choice=choices)
def test_thirteen_tricks_every_card_once_winner_leads(
    strict: cardrules.Ruleset, seed: int, dealer: int | None, choice: int
) -> None:
    """CBS-3.8 / CBS-3.9: 13 tricks a deal, every card played once, the winner leads next."""
    game = new_game(strict, seed, dealer)
    policy = random_policy(random.Random(choice))
    played: list[list[Card]] = [[] for _ in range(5)]
    while game.phase != "finished":
        action = policy(game)
        if game.phase == "play":
            number = game.deal_number
            played[number - 1].append(action.card)  # type: ignore[union-attr]
            if len(game.trick) == 3:
                cards = [c for _, c in game.trick] + [action.card]  # type: ignore[union-attr]
                seats = [s for s, _ in game.trick] + [game.to_act]
                winner = seats[reference_winner(cards)]
                tricks_before = len(game.tricks)
                game.apply(action)
                if tricks_before < 12:
                    assert game.deal_number == number
                    assert len(game.tricks) == tricks_before + 1
                    assert game.tricks[-1].winner == winner
                    assert game.to_act == winner
                else:
                    assert tricks_before == 12
                    assert game.deals[number - 1].tricks[winner] >= 1
                    assert len(game.deals) == number
                continue
        game.apply(action)
    for deal_cards, deal in zip(played, game.deals, strict=True):
        assert len(deal_cards) == 52
        assert len(set(deal_cards)) == 52
        assert sum(deal.tricks) == 13


@SETTINGS
@given(seed=seeds, dealer=dealers, choice=choices)
def test_scores_match_an_independent_recomputation(
    strict: cardrules.Ruleset, seed: int, dealer: int | None, choice: int
) -> None:
    """CBS-4.1 .. CBS-4.4: deal scores and totals recomputed from calls and tricks."""
    rng = random.Random(choice)
    game = new_game(strict, seed, dealer)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    totals = dict.fromkeys(range(4), Decimal(0))
    for deal in game.deals:
        calls = deal.contract.calls
        assert all(2 <= c <= 13 for c in calls)
        for seat in range(4):
            expected = reference_score(calls[seat], deal.tricks[seat])
            assert deal.scores[seat] == expected
            assert type(deal.scores[seat]) is Decimal
            totals[seat] += expected
    assert game.totals == totals
    top = max(totals.values())
    for standing in game.standings():
        assert standing.place == 1 + sum(1 for v in totals.values() if v > standing.total)
        assert standing.winner == (standing.total == top)


def played_to(game: Game, rng: random.Random, stop: int) -> Game:
    """``game`` after up to ``stop`` random legal actions (fewer if it ends first)."""
    for _ in range(stop):
        if game.phase == "finished":
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@SETTINGS
@given(seed=seeds, dealer=dealers, choice=choices, stop=st.integers(0, 279))
def test_json_round_trip_at_any_point(
    strict: cardrules.Ruleset, seed: int, dealer: int | None, choice: int, stop: int
) -> None:
    """to_json -> from_json is exact at any point, and the restored game plays on identically."""
    rng = random.Random(choice)
    game = played_to(new_game(strict, seed, dealer), rng, stop)
    text = game.to_json()
    restored = Game.from_json(text)
    assert restored.to_json() == text
    assert json.loads(text)["actions"] == restored.actions
    state = rng.getstate()
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))
    rng.setstate(state)
    while restored.phase != "finished":
        restored.apply(rng.choice(restored.legal_actions()))
    assert restored.to_json() == game.to_json()


@SETTINGS
@given(seed=seeds, dealer=dealers, choice=choices)
def test_replay_from_the_seed_reproduces_the_game(
    strict: cardrules.Ruleset, seed: int, dealer: int | None, choice: int
) -> None:
    """The seed and the list of actions reproduce the whole game, byte for byte."""
    rng = random.Random(choice)
    game = new_game(strict, seed, dealer)
    actions = []
    while game.phase != "finished":
        action = rng.choice(game.legal_actions())
        actions.append(str(action))
        game.apply(action)
    again = new_game(strict, seed, dealer)
    for action in actions:
        again.apply(action)
    assert again.to_json() == game.to_json()
    assert again.totals == game.totals


@SETTINGS
@given(seed=seeds, dealer=dealers, choice=choices, stop=st.integers(0, 279))
def test_an_illegal_action_changes_nothing(
    strict: cardrules.Ruleset, seed: int, dealer: int | None, choice: int, stop: int
) -> None:
    """CBS-5.3: at any point, illegal actions are refused and to_json is byte-identical."""
    rng = random.Random(choice)
    game = played_to(new_game(strict, seed, dealer), rng, stop)
    before = game.to_json()
    legal = {str(a) for a in game.legal_actions()}
    candidates = [f"play {c}" for c in ALL_CARDS] + [f"bid {n}" for n in (0, 1, 2, 7, 13, 14)]
    illegal = [a for a in candidates if a not in legal]
    assert illegal
    for action in rng.sample(illegal, min(len(illegal), 8)):
        assert not game.is_legal(action)
        try:
            game.apply(action)
        except IllegalAction as exc:
            assert exc.action == action
        else:  # pragma: no cover - the assertion below explains
            raise AssertionError(f"{action!r} was accepted")
        assert game.to_json() == before
    if game.to_act is not None:
        for seat in range(4):
            if seat != game.to_act and legal:
                action = next(iter(sorted(legal)))
                try:
                    game.apply(action, seat=seat)
                except IllegalAction:
                    pass
                else:  # pragma: no cover
                    raise AssertionError(f"seat {seat} played out of turn")
                assert game.to_json() == before


@SETTINGS
@given(
    players=st.integers(2, 6),
    size=st.integers(1, 40),
    first=st.sampled_from([0, 100, 300]),
    clockwise=st.booleans(),
    dealer_seed=st.integers(0, 10**6),
)
def test_hands_dealt_are_the_cards_given_one_at_a_time(
    players: int, size: int, first: int, clockwise: bool, dealer_seed: int
) -> None:
    """CBS-2.3's deal, for any deck: card i of the shuffled deck goes to the seat i + 1
    after the dealer (the kernel's hands are sums of card bits: checked against one card
    at a time, for card indices beyond every deck dealt before too)."""
    from cardrules.engine.dealing import _deal_masks
    from cardrules.rules.components import Direction

    rng = random.Random(dealer_seed)
    deck = list(range(first, first + players * size + rng.randrange(3)))  # and a stock left
    rng.shuffle(deck)
    direction = Direction.named("clockwise" if clockwise else "counterclockwise", players)
    dealer = rng.randrange(players)
    expected = [0] * players
    for i, index in enumerate(deck[: players * size]):
        expected[direction.next(dealer, i + 1)] |= 1 << index
    assert _deal_masks(deck, dealer, direction, size) == tuple(expected)
