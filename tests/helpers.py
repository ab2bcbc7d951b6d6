"""Helpers shared by the rule tests: they drive games only through the public API.

``cardrules.load``, ``rules.new_game``, ``game.apply`` ...; test modules import
them with ``from helpers import ...`` (fixtures live in conftest.py).
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from pathlib import Path

import pytest

import cardrules
import cardrules.profile.registry
from cardrules import Card, CardrulesError, Game, IllegalAction, Ruleset, Suit
from cardrules.deck import Deck, DeckSpec, Order, OrderSpec, Ranking, named_deck
from cardrules.rules.components import Contract, Scorer, Side

STRICT = "callbreak-strict"
APP = "callbreak-app"

#: The profiles the API tests run against, one after the other (conftest's ``rules``).
API_PROFILES = ("callbreak-app", "callbreak-strict", "callbridge-classic", "minibridge-ebu")

#: The profiles shipped with cardrules (in its families' ``profiles/``), for the tests that
#: run over every profile: a profile of a plugin installed beside cardrules (``cardrules new
#: --plugin`` and ``pip install``) is not one of them, so the tests stay the same wherever
#: they run.
SHIPPED_PROFILES = tuple(cardrules.profile.registry.shipped_profile_names())


#: Rank names, lowest first (CBS-1.2).
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

#: All 52 card texts, clubs 2 first, spade ace last.
ALL_CARDS = tuple(f"{rank}{suit}" for suit in "CDHS" for rank in RANKS)


class TricksEach(Scorer):
    """A point a trick, each seat for itself: the scorer of the tests' plugins of no family."""

    def __repr__(self) -> str:
        return "TricksEach()"

    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        return {seat: Decimal(took) for seat, took in enumerate(tricks)}


def write_profile(folder: Path, name: str, body: str, base: str = "callbreak-strict") -> Path:
    """A profile ``name`` in ``folder`` that extends ``base`` with the TOML ``body``."""
    path = folder / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "{name}"\nextends = "{base}"\n{body}',
        encoding="utf-8",
    )
    return path


def strings(value: object) -> Iterator[str]:
    """Every string (keys included) inside a JSON-ready value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def card_tokens(value: object) -> set[str]:
    """Every word of every string in ``value`` that reads as a card."""
    found = set()
    for text in strings(value):
        for word in text.split():
            with contextlib.suppress(cardrules.CardError):
                found.add(str(cardrules.Card.parse(word)))
    return found


def view_card_texts(game: Game, seat: int) -> Iterator[str]:
    """The texts of the cards of ``game.deck`` that ``seat``'s view names anywhere (the
    public view for ``seat`` -1), each time it names one: for hidden-information tests."""
    view = game.public_view() if seat < 0 else game.view(seat)
    texts = {c.text for c in game.deck.cards}
    text = json.dumps(view.to_dict())
    for word in text.replace('"', " ").replace(",", " ").replace("[", " ").split():
        if word.rstrip("]}:") in texts:
            yield word.rstrip("]}:")


def names(cards: Iterable[object]) -> list[str]:
    """ASCII texts of cards or actions: ``["AH", "3H"]`` / ``["play AH"]``."""
    return [str(c) for c in cards]


def seat_after(seat: int, n: int = 1) -> int:
    """The seat ``n`` places counter-clockwise after ``seat`` (D-1: to the right is +3)."""
    return (seat + 3 * n) % 4


def hands_for(dealer: int, by_turn: Sequence[str]) -> list[str]:
    """Preset hands by seat from hands given in order of play from the first leader.

    ``by_turn[k]`` is the hand of the k-th player counter-clockwise from the
    dealer's right (D-2: the first lead is ``dealer + 3``).
    """
    hands = ["", "", "", ""]
    for k, hand in enumerate(by_turn):
        hands[seat_after(dealer, k + 1)] = hand
    check_full_deal(hands)
    return hands


def check_full_deal(hands: Sequence[str]) -> None:
    """Fail loudly if preset hands are not 4 x 13 different cards covering the deck."""
    cards = [Card.parse(c) for hand in hands for c in hand.split()]
    assert [len(h.split()) for h in hands] == [13, 13, 13, 13], hands
    assert sorted(str(c) for c in cards) == sorted(ALL_CARDS)


def deal_with(seat: int, hand: str) -> list[str]:
    """Preset hands: ``seat`` holds ``hand``; the rest of the pack goes round the others in turn."""
    mine = set(hand.split())
    rest = [c for c in ALL_CARDS if c not in mine]
    others = [s for s in range(4) if s != seat]
    hands: list[list[str]] = [[], [], [], []]
    hands[seat] = hand.split()
    for i, card in enumerate(rest):
        hands[others[i % 3]].append(card)
    out = [" ".join(h) for h in hands]
    check_full_deal(out)
    return out


def masks(game: Game) -> list[int]:
    """The hand of each seat as a 52-bit mask."""
    return [sum(c.mask for c in game.hand(s)) for s in range(4)]


def lowest_legal(game: Game) -> cardrules.Action:
    """A fixed policy: the first legal action (lowest call, lowest card)."""
    return game.legal_actions()[0]


def random_policy(rng: random.Random) -> Callable[[Game], cardrules.Action]:
    """A reproducible random policy over the legal actions."""

    def choose(game: Game) -> cardrules.Action:
        return rng.choice(game.legal_actions())

    return choose


def steps(game: Game, policy: Callable[[Game], cardrules.Action]) -> Iterator[cardrules.Action]:
    """Play ``game`` to its end with ``policy``, yielding before each action is applied."""
    while game.phase != "finished":
        action = policy(game)
        yield action
        game.apply(action)


def play_out(game: Game, policy: Callable[[Game], cardrules.Action] = lowest_legal) -> Game:
    """Play ``game`` to its end with ``policy``."""
    for _ in steps(game, policy):
        pass
    return game


def play_deal(
    game: Game,
    calls: Mapping[int, int] | None = None,
    policy: Callable[[Game], cardrules.Action] = lowest_legal,
) -> None:
    """Finish the current deal: the given calls by seat (else the policy), then cards."""
    number = game.deal_number
    while game.phase != "finished" and game.deal_number == number:
        seat = game.to_act
        assert seat is not None
        if game.phase == "auction" and calls is not None:
            game.apply(f"bid {calls[seat]}")
        else:
            game.apply(policy(game))


def tricks_by_deal(rules: Ruleset, seed: int, dealer: int) -> list[tuple[int, ...]]:
    """Tricks per seat of each deal when every card is chosen by ``lowest_legal``.

    The cards played do not depend on the calls under that policy, so a test
    can first learn the tricks and then choose calls that give wanted scores.
    """
    game = play_out(rules.new_game(seed=seed, dealer=dealer))
    return [d.tricks for d in game.deals]


def deal_score_tenths(call: int, took: int) -> int:
    """CBS-4.1 / CBS-4.2 in whole tenths, from the rule text (independent of the scorer)."""
    return 10 * call + (took - call) if took >= call else -10 * call


def calls_for_totals(
    tricks: Sequence[tuple[int, ...]], targets: Sequence[Decimal], low: int = 2, high: int = 13
) -> list[dict[int, int]] | None:
    """Calls by deal and seat that make each seat's total exactly its target, or None."""
    chosen: list[dict[int, int]] = [{} for _ in tricks]
    for seat, target in enumerate(targets):
        want = int(target * 10)
        # reachable[k]: total in tenths after k deals -> the calls that reach it
        reachable: dict[int, tuple[int, ...]] = {0: ()}
        for deal in tricks:
            step: dict[int, tuple[int, ...]] = {}
            for total, calls in reachable.items():
                for call in range(low, high + 1):
                    step.setdefault(total + deal_score_tenths(call, deal[seat]), (*calls, call))
            reachable = step
        if want not in reachable:
            return None
        for k, call in enumerate(reachable[want]):
            chosen[k][seat] = call
    return chosen


def play_with_calls(
    rules: Ruleset, seed: int, dealer: int, calls: Sequence[Mapping[int, int]]
) -> Game:
    """A whole game: the given calls by deal and seat, cards by ``lowest_legal``."""
    game = rules.new_game(seed=seed, dealer=dealer)
    for deal_calls in calls:
        play_deal(game, deal_calls)
    assert game.phase == "finished"
    return game


# -- games and refusals through the public API --------------------------------------


def deck_hands() -> list[list[str]]:
    """A full deal by seat: seat s holds every card whose index is s modulo 4."""
    cards = [str(Card.from_index(i)) for i in range(52)]
    return [cards[s::4] for s in range(4)]


def to_play(game: Game) -> Game:
    """Take the first legal action until the game is in the play phase."""
    while game.phase == "auction":
        game.apply(game.legal_actions()[0])
    return game


def undo_every_step(game: Game, rng: random.Random, *, replay: bool = False) -> Game:
    """Play ``game`` to its end with random legal actions, checking at every step that
    :meth:`Game.undo` puts the record back as it was before the action, byte for byte, and
    that the action taken again gives the same record as the first time (and, ``replay``,
    that this record replays to itself); the game played out."""
    while game.phase != "finished":
        before = game.to_json()
        action = rng.choice(game.legal_actions())
        game.apply(action)
        after = game.to_json()
        game.undo()
        assert game.to_json() == before
        game.apply(action)
        assert game.to_json() == after
        if replay:
            assert Game.from_json(after, rules=game.rules).to_json() == after
    return game


def refused(game: Game, action: str, seat: int | None = None) -> IllegalAction:
    """Apply an illegal action (by ``seat``, if given); return the refusal after checking
    the game did not change: its record is byte-identical before and after."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action, seat=seat)
    assert game.to_json() == before
    return err.value


def refusal_message(
    game: Game, kind: type[Exception], call: Callable[..., object], *args: object, **kw: object
) -> str:
    """Run a bad ``call(*args, **kw)``; return its message after checking nothing changed."""
    before = game.to_json()
    with pytest.raises(kind) as err:
        call(*args, **kw)
    assert isinstance(err.value, CardrulesError)
    assert game.to_json() == before
    return str(err.value)


def derived(tmp_path: Path, body: str, name: str = "my-house") -> Path:
    """A profile extending the app rules with ``body`` (TOML tables) under it."""
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'[profile]\nname = "{name}"\ntitle = "My house"\nextends = "{APP}"\n\n{body}',
        encoding="utf-8",
    )
    return path


# -- the Call Break family's play, restated from the rule texts -------------------------


def winner_by_text(trick: list[Card]) -> int:
    """CBS-3.8 / CBC-3.6 / APP-3.4: the highest spade, else the highest card of the suit led."""
    spades = [i for i, c in enumerate(trick) if c.suit == Suit.S]
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
        return card.suit == Suit.S

    return beats


#: The cards a rule text allows: ``reference(hand, trick, first_trick)``.
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
            assert (
                str(err) == f"illegal action 'play {card}' by seat {seat} ({'NESW'[seat]}): {why}"
            )
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


# -- Minibridge: the worked example MB-6 ------------------------------------------------

#: MB-6.1: N 12, E 8, S 14, W 6; N/S hold 8 spades; N is void in hearts and holds 6♠.
MB_EXAMPLE = [
    "KS 6S 5S 4S AD KD 7D 5D 3D QC 4C 3C 2C",  # N, dummy
    "8S 2S QH JH 4H 3H 2H JD 10D AC 9C 8C 6C",  # E
    "AS QS 7S 3S KH 9H 8H QD 9D 8D 4D KC 5C",  # S, declarer
    "JS 10S 9S AH 10H 7H 6H 5H 6D 2D JC 10C 7C",  # W
]


def mb_example_game(rules: Ruleset, dealer: int = 0) -> Game:
    """The MB-6.1 deal, dealt by hand by ``dealer``."""
    return rules.new_game(seed=6, dealer=dealer, hands=MB_EXAMPLE)


# -- OpenSpiel's ids of cards and actions, for the agreement tests ----------------------

#: How each OpenSpiel game numbers the 52 cards, the two being rank 0: its suits in
#: order, and whether an id is ``rank * 4 + suit`` (True) or ``suit * 13 + rank``.
OPENSPIEL_DECKS: dict[str, tuple[str, bool]] = {
    "bridge": ("CDHS", True),
    "hearts": ("CDHS", True),
    "oh_hell": ("CDSH", True),  # oh_hell.h:72-74, 98-100: spades before hearts
    "spades": ("CDHS", False),
}

#: OpenSpiel's id of a bid of N tricks in ``oh_hell`` and ``spades`` is this plus N
#: (nil is 52).
OPENSPIEL_FIRST_BID = 52

#: OpenSpiel's ``bridge`` call ids: pass, double, redouble, then the bids 1C .. 7NT from 55.
OPENSPIEL_BRIDGE_CALLS = {"pass": 52, "double": 53, "redouble": 54} | {
    f"{level}{strain}": 55 + 5 * (level - 1) + s
    for level in range(1, 8)
    for s, strain in enumerate(("C", "D", "H", "S", "NT"))
}


def openspiel_card(game: str, card: Card) -> int:
    """OpenSpiel's id of ``card`` in the OpenSpiel game ``game`` (see OPENSPIEL_DECKS)."""
    suits, rank_major = OPENSPIEL_DECKS[game]
    suit, rank = suits.index(card.suit.name), card.rank - 2
    return rank * 4 + suit if rank_major else suit * 13 + rank


def openspiel_action(game: str, action: object) -> int:
    """OpenSpiel's id of ``action`` in ``game``: a card played or passed is the card's id,
    a bid of N tricks is 52 + N, a bridge call its call id (``pass``, ``1C`` .. ``7NT``)."""
    card = getattr(action, "card", None)
    if isinstance(card, Card):
        return openspiel_card(game, card)
    if game == "bridge":
        return OPENSPIEL_BRIDGE_CALLS[str(action)]
    tricks = getattr(action, "tricks", None)
    assert game in ("oh_hell", "spades") and isinstance(tricks, int), (game, action)
    return OPENSPIEL_FIRST_BID + tricks


# -- decks other than the French pack (issue 26) -----------------------------------------

#: A deck of no family: three suits of seven ranks and two jokers, 23 cards.
ODD = """\
[profile]
name = "odd-deck"
title = "Odd deck"
extends = "callbreak-strict"

[deck]
name = "odd-23"
suits = ["S", "H", "C"]
ranks = ["7", "8", "9", "J", "Q", "K", "A"]
extras = ["JK1", "JK2"]
points = {{ A = 11, JK2 = 5 }}

[deal]
hand_sizes = [5]
{auction}"""


def odd_profile(tmp_path: Path, auction: str = "[auction]\nmax_call = 5\n") -> Path:
    """A profile extending callbreak-strict with the deck of no family (:func:`odd_deck`)."""
    path = tmp_path / "odd-deck.toml"
    path.write_text(ODD.format(auction=auction), encoding="utf-8")
    return path


def odd_deck() -> Deck:
    """The deck of the profile :func:`odd_profile` writes, built directly."""
    return Deck(
        DeckSpec.of(
            "odd-23",
            suits="SHC",
            ranks=["7", "8", "9", "J", "Q", "K", "A"],
            extras=["JK1", "JK2"],
            points={"A": 11, "JK2": 5},
        )
    )


def bowers(deck: Deck, ranking: Ranking) -> OrderSpec:
    """Euchre's order with hearts trumps, written here: the jack of diamonds (the left
    bower) counts as a heart, below the jack of hearts and above the ace."""
    assert ranking.trump is Suit.H
    left, right = deck.parse("JD").index, deck.parse("JH").index
    rows = []
    for suit in deck.suits:
        row = [
            c.index for c in deck.cards_of(deck.suit_masks[suit]) if c.index not in (left, right)
        ]
        if suit is Suit.H:
            row += [left, right]
        rows.append(tuple(row))
    return OrderSpec(tuple(rows), trump=deck.suits.index(Suit.H))


def euchre_hearts() -> Order:
    """Euchre's deck under :func:`bowers`, hearts trumps."""
    deck = named_deck("euchre-24")
    return deck.order(Ranking("test-bowers", Suit.H), bowers)


def deck_cards(deck: Deck, texts: str) -> tuple[Card, ...]:
    """The cards of ``deck`` some texts name, in the order given."""
    return tuple(deck.parse_cards(texts))
