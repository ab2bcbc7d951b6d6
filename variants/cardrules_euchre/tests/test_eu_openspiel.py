"""Agreement with OpenSpiel 2.0.2's ``euchre`` (skipped unless ``pyspiel`` is importable).

Each deal of ``euchre-openspiel`` is fed to a fresh OpenSpiel state through its
chance nodes as ``design/euchre/openspiel.md`` (1.4) says: the dealer, then the 20
cards (the k-th to seat dealer + k), then the upcard, all of them the deal cardrules
dealt (EUO-1.2, EUO-1.3).  Both programs are then driven with the same random legal
actions; at every decision the seat to act, the legal actions (as sets of
OpenSpiel's texts, each cardrules action mapped to its id: openspiel.md 4) and each
seat's cards must agree, and at the end OpenSpiel's returns must be the deal's scores
(each seat its side's, EUO-4.1).  This runs under every combination of OpenSpiel's
two parameters, the options ``stick_the_dealer`` and ``allow_lone_defender``.

Deals of ``euchre`` itself are checked where the two rule sets coincide: the
same calls (going alone announced with the call, EU-4.1, is told to OpenSpiel
after the discard, D-5), the dealer's discards (OpenSpiel's, plus the upcard, D-4;
a deal whose dealer discards the upcard is left out), and every card of the play
and its result.  CI runs it in a venv with ``open-spiel`` (the ``peers`` extra);
the counts are printed (``-s``).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from decimal import Decimal
from typing import Any

import pytest

import cardrules
from cardrules import Game
from cardrules.deck import Card
from cardrules.rules.actions import Action, Play
from cardrules.rules.components import pair_of
from cardrules_euchre import DECK, Discard, GoAlone, NameTrump, OrderUp, PassCall, TakeUp

pyspiel = pytest.importorskip("pyspiel")

#: Deals played in both programs per combination of the parameters.
DEALS = 1_000
#: OpenSpiel's action ids (openspiel.md 1.3).
PASS_ID, CLUBS_ID, ALONE_ID, PARTNER_ID = 24, 25, 29, 30
SUITS = "CDHS"
COMBINATIONS = [
    {"allow_lone_defender": lone, "stick_the_dealer": stick}
    for lone, stick in itertools.product((False, True), (True, False))
]


def os_card(card: Card) -> int:
    """OpenSpiel's id of a card: rank * 4 + suit, ranks 9 10 J Q K A, suits C D H S."""
    assert card.suit is not None
    return (card.rank - 9) * 4 + SUITS.index(card.suit.name)


def os_action(action: Action, upcard: Card) -> int:
    """OpenSpiel's id of a cardrules action (openspiel.md 4); alone with a call is the
    call's id (OpenSpiel asks alone after it)."""
    if isinstance(action, PassCall):
        return PASS_ID
    if isinstance(action, OrderUp | TakeUp):
        assert upcard.suit is not None
        return CLUBS_ID + SUITS.index(upcard.suit.name)
    if isinstance(action, NameTrump):
        return CLUBS_ID + SUITS.index(action.suit.name)
    if isinstance(action, GoAlone):
        return ALONE_ID if action.alone else PARTNER_ID
    assert isinstance(action, Discard | Play), action
    return os_card(action.card)


def choose(rng: random.Random, ids: list[int]) -> int:
    """A random legal action, the same in both programs: a pass more often than the rest
    (six times in ten where one is legal), so that whole rounds pass, the dealer is
    stuck and deals are thrown in."""
    if PASS_ID in ids and rng.random() < 0.6:
        return PASS_ID
    return rng.choice(sorted(ids))


def upcard_of(game: Game) -> Card:
    return DECK.parse(game.view(0).auction["upcard"])


def os_deal(game: Game, os_game: Any) -> Any:
    """A fresh OpenSpiel state holding the deal ``game`` is about to play (openspiel.md 1.4)."""
    dealer = game.dealer
    hands = [game.hand(seat) for seat in range(4)]
    state = os_game.new_initial_state()
    state.apply_action(dealer)
    for k in range(20):
        state.apply_action(os_card(hands[(dealer + k) % 4][k // 4]))
    state.apply_action(os_card(upcard_of(game)))
    assert not state.is_chance_node()
    return state


def cards_held(game: Game, seat: int) -> set[str]:
    """The cards ``seat`` holds now, as its own view shows them: during the making, the
    upcard the dealer took in is told to the dealer alone and the discard is out."""
    view = game.view(seat)
    cards = {str(c) for c in view.hand}
    if game.phase == "auction":
        if "picked_up" in view.auction:
            cards.add(view.auction["picked_up"])
        cards.discard(view.auction.get("discarded", ""))
    return cards


def os_cards_held(state: Any, seat: int) -> set[str]:
    holder = state.card_holder()
    ranks = ("9", "10", "J", "Q", "K", "A")
    return {ranks[c // 4] + SUITS[c % 4] for c in range(24) if holder[c] == seat}


class Counts(Counter[str]):
    def __str__(self) -> str:
        return ", ".join(f"{v} {k}" for k, v in sorted(self.items()))


def play_in_both(game: Game, state: Any, rng: random.Random, counts: Counts) -> list[float]:
    """Play the deal ``game`` is at in both programs, comparing every decision."""
    upcard = upcard_of(game)
    scored = len(game.deals)
    while len(game.deals) == scored:
        seat = game.to_act
        assert state.current_player() == seat, (game.phase, seat, state.current_player())
        assert seat is not None
        legal = game.legal_actions()
        ids = {os_action(a, upcard): a for a in legal}
        assert len(ids) == len(legal), [str(a) for a in legal]
        mine = {state.action_to_string(seat, i) for i in ids}
        theirs = {state.action_to_string(seat, i) for i in state.legal_actions()}
        assert mine == theirs, (game.phase, seat, [str(a) for a in legal], sorted(theirs))
        for s in range(4):
            assert cards_held(game, s) == os_cards_held(state, s), (game.phase, s)
        counts["decisions"] += 1
        chosen = choose(rng, list(ids))
        game.apply(ids[chosen])
        state.apply_action(chosen)
    assert state.is_terminal()
    counts["deals"] += 1
    return list(state.returns())


@pytest.mark.parametrize(
    "params", COMBINATIONS, ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items())
)
def test_euo_every_decision_and_return_agrees_with_openspiel(
    params: dict[str, bool], capsys: pytest.CaptureFixture[str]
) -> None:
    """EUO-1.1 .. EUO-6.1: euchre-openspiel and OpenSpiel's euchre offer the same calls
    (EUO-2.1: the upcard's suit in round 1, the three others in round 2; EUO-2.2: the
    stuck dealer), the same discards (EUO-2.4: never the upcard), the same alone and
    lone-defender choices in the same order (EUO-3.1, EUO-3.2), the same cards from the
    same leader (EUO-3.3, EU-5.x with the bowers), show each seat the same cards
    (EUO-5.1, EUO-5.2: the discard gone), and return the same (EUO-4.1, EUO-4.2; EUO-2.3:
    eight passes end the game with 0s)."""
    rules = cardrules.load("euchre-openspiel", options=params)
    os_game = pyspiel.load_game("euchre", params)
    counts = Counts()
    outcome: Counter[str] = Counter()
    for seed in range(DEALS):
        game = rules.new_game(seed=seed)
        returns = play_in_both(game, os_deal(game, os_game), random.Random(seed), counts)
        assert game.phase == "finished"
        deal = game.deals[-1]
        assert [Decimal(int(r)) for r in returns] == [deal.scores[pair_of(s)] for s in range(4)]
        contract = deal.contract
        maker = getattr(contract, "maker", None)
        if maker is None:
            outcome["thrown in"] += 1
            continue
        outcome[f"{int(abs(returns[0]))} points"] += 1
        outcome["alone"] += bool(getattr(contract, "alone", False))
        outcome["lone defender"] += getattr(contract, "lone_defender", None) is not None
    with capsys.disabled():
        print(
            f"\neuchre-openspiel {params} vs OpenSpiel euchre: {counts}; {dict(outcome)}; "
            "0 disagreements"
        )
    assert counts["deals"] == DEALS
    assert outcome["1 points"] and outcome["2 points"] and outcome["alone"]
    assert bool(outcome["thrown in"]) == (not params["stick_the_dealer"])
    assert bool(outcome["lone defender"]) == params["allow_lone_defender"]


def test_eu_deals_agree_with_openspiel_where_the_rules_coincide(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """euchre's deals in OpenSpiel (stick_the_dealer off, as EU-3.6 by default): the same
    seat acts; the calls are OpenSpiel's (EU-3.1, EU-3.3), each also alone (EU-4.1, told
    to OpenSpiel after the discard: euchre D-5); the dealer's discards are OpenSpiel's
    and the upcard (euchre D-4); the cards of the play are the same (EU-5.1 .. EU-5.5),
    and OpenSpiel's return to North is the difference of the points here (EU-6.1 ..
    EU-6.4: one side scores); eight passes throw the deal in (EU-3.7)."""
    rules = cardrules.load("euchre")
    os_game = pyspiel.load_game("euchre", {"stick_the_dealer": False})
    counts = Counts()
    for seed in range(DEALS):
        game = rules.new_game(seed=seed)
        state = os_deal(game, os_game)
        upcard = upcard_of(game)
        rng = random.Random(seed)
        alone_pending: bool | None = None
        while not game.deals:
            seat = game.to_act
            assert seat is not None and state.current_player() == seat
            legal = game.legal_actions()
            mine = {os_action(a, upcard) for a in legal}
            theirs = set(state.legal_actions())
            if any(isinstance(a, Discard) for a in legal):
                assert mine == theirs | {os_card(upcard)}
            else:
                assert mine == theirs, (game.phase, [str(a) for a in legal])
            for s in range(4):
                assert cards_held(game, s) == os_cards_held(state, s), (game.phase, s)
            counts["decisions"] += 1
            passes = [a for a in legal if isinstance(a, PassCall)]
            action: Action
            if passes and rng.random() < 0.6:
                action = passes[0]
            else:  # "order up" and "order up alone" are two actions here, one in OpenSpiel
                action = rng.choice(sorted(legal, key=lambda a: (os_action(a, upcard), str(a))))
            game.apply(action)
            if isinstance(action, Discard) and action.card == upcard:
                counts["deals left out (the upcard discarded, D-4)"] += 1
                break
            state.apply_action(os_action(action, upcard))
            if isinstance(action, OrderUp | TakeUp | NameTrump):
                alone_pending = action.alone
            if state.current_phase() == pyspiel.euchre.Phase.GO_ALONE:
                assert alone_pending is not None
                state.apply_action(ALONE_ID if alone_pending else PARTNER_ID)
        else:
            assert state.is_terminal()
            scores = game.deals[0].scores
            assert Decimal(int(state.returns()[0])) == scores["NS"] - scores["EW"]
            counts["deals"] += 1
    with capsys.disabled():
        print(f"\neuchre vs OpenSpiel euchre (where the rules coincide): {counts}; 0 disagreements")
    assert counts["deals"] > DEALS // 2
