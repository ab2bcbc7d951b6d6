"""Agreement with OpenSpiel 2.0.2's ``tarok`` at three and four players (skipped unless
``pyspiel`` is importable).

OpenSpiel deals from its own generator (an ``rng_seed`` parameter): each deal here is
OpenSpiel's, read from its state after its one chance node (the hands, and the talon in
the order it lies) and dealt in cardrules by hand, the dealer the last seat (D-2).  Both
programs are then driven with the same random actions; at every decision the player to
act, the legal actions (each cardrules action mapped to OpenSpiel's id, both ways), each
player's cards, and the cards each player's view names against those its information
state names (klop's talon cards given out among them: ``View.stock_shown``) must agree,
and at the end
OpenSpiel's returns must be the deal's scores.  The counts are printed (``-s``).
"""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from typing import Any

import pytest

import cardrules
from cardrules import Game
from cardrules.deck import Card
from cardrules.rules.actions import Action, Play
from cardrules_tarok import (
    DECK,
    CallKing,
    Discard,
    PassCall,
    TakePart,
    TarokBid,
    TarokContract,
)

pyspiel = pytest.importorskip("pyspiel")

#: Deals played in both programs, by number of players (the default run: well under a
#: minute for both); the slow test plays more.
DEALS = {3: 600, 4: 600}
SLOW_DEALS = {3: 3_000, 4: 3_000}
#: OpenSpiel's card ids: T1..T22, then hearts, diamonds, spades, clubs, eight each, in the
#: order of the tarok-54 deck's suits (lowest first); the deck numbers clubs, diamonds,
#: hearts, spades, then the taroks.
OS_SUIT_BASE = {"H": 22, "D": 30, "S": 38, "C": 46}
PROFILES = {3: "tarok-openspiel", 4: "tarok-openspiel-4"}


def os_card(card: Card) -> int:
    """OpenSpiel's id of a card of the tarok-54 deck."""
    if card.suit is None:
        return card.rank - 1  # the taroks: T1 is 0
    first = DECK.suit_masks[card.suit] & -DECK.suit_masks[card.suit]
    return OS_SUIT_BASE[card.suit.name] + card.index - (first.bit_length() - 1)


#: cardrules' card by OpenSpiel's id.
CARD_OF: dict[int, Card] = {os_card(c): c for c in DECK.cards}


def os_action(action: Action) -> int:
    """OpenSpiel's id of a cardrules action (D-2)."""
    if isinstance(action, PassCall):
        return 0
    if isinstance(action, TarokBid):
        return action.number
    if isinstance(action, TakePart):
        return action.part - 1
    assert isinstance(action, CallKing | Discard | Play), action
    return os_card(action.card)


def deal_both(rules: cardrules.Ruleset, players: int, seed: int) -> tuple[Game, Any]:
    """OpenSpiel's deal ``seed`` in both programs (D-2)."""
    os_game = pyspiel.load_game("tarok", {"players": players, "rng_seed": seed})
    state = os_game.new_initial_state()
    state.apply_action(0)  # OpenSpiel's one chance node: it deals from its generator
    hands = [[CARD_OF[i] for i in state.player_cards(p)] for p in range(players)]
    talon = [CARD_OF[i] for i in state.talon()]
    game = rules.new_game(seed=seed, dealer=players - 1, hands=hands, stock=talon)
    return game, state


def cards_held(game: Game, seat: int) -> set[int]:
    """The cards ``seat`` holds now as its own view shows them: during the exchange the
    declarer's hand with the part taken and the cards laid away out."""
    view = game.view(seat)
    cards = {os_card(c) for c in view.hand}
    auction = view.auction
    if game.phase == "auction" and auction.get("part") and auction.get("declarer") == seat:
        size = len(auction["talon"]) // (6 // _exchanges(game))
        part = auction["talon"][(auction["part"] - 1) * size : auction["part"] * size]
        cards |= {os_card(DECK.parse(t)) for t in part}
        cards -= {os_card(DECK.parse(t)) for t in auction.get("discarded", ())}
    return cards


def _exchanges(game: Game) -> int:
    name = game.view(0).auction.get("contract")
    return {"three": 3, "two": 2, "one": 1}[str(name).replace("solo ", "")]


def os_seen(info: str, name: str, players: int) -> tuple[set[int], set[int]]:
    """The cards OpenSpiel's information state names (its hand as dealt, the king called,
    the talon, the cards laid away it may see, the cards played, klop's talon cards given
    out), and klop's talon cards among them: segments split by ';', the bids and the part
    taken not cards, a card laid away another may not see written 'd'."""
    segments = info.split(";")
    skip = {1}  # the bids
    at = 2
    if players == 4 and name in ("three", "two", "one"):
        at += 1  # the king
    if name.replace("solo ", "") in ("three", "two", "one"):
        skip.add(at + 1)  # the talon, then the part taken
    seen: set[int] = set()
    given: set[int] = set()
    for number, segment in enumerate(segments):
        if number in skip:
            continue
        tokens = [int(t) for t in segment.split(",") if t.isdigit()]
        seen.update(tokens)
        if name == "klop" and number > 1 and len(tokens) == players + 1:
            given.add(tokens[-1])
    return seen, given


def view_seen(game: Game, seat: int) -> set[int]:
    """The cards ``seat``'s view names: its hand, the cards played, the talon turned up, the
    cards laid away it may see, the king called."""
    view = game.view(seat)
    seen = {os_card(c) for c in view.hand}
    seen |= {os_card(p.card) for trick in game.tricks for p in trick.cards}
    seen |= {os_card(p.card) for p in game.trick}
    auction = view.auction
    texts = [*auction.get("discarded", ()), *auction.get("taroks_laid_away", ())]
    if auction.get("part"):  # (OpenSpiel shows the talon once a part is taken: D-5)
        texts += auction["talon"]
    if auction.get("king"):
        texts.append(auction["king"])
    seen |= {os_card(c) for c in view.stock_shown}  # klop's talon cards given out
    return seen | {os_card(DECK.parse(t)) for t in texts}


def choose(rng: random.Random, game: Game) -> Action:
    """A random legal action, skewed so that every contract is played now and then: a pass
    two times in three where one is legal, else a bid drawn towards the lowest."""
    legal = game.legal_actions()
    if game.phase == "auction" and any(isinstance(a, TarokBid) for a in legal):
        if any(isinstance(a, PassCall) for a in legal) and rng.random() < 0.67:
            return next(a for a in legal if isinstance(a, PassCall))
        bids = sorted((a for a in legal if isinstance(a, TarokBid)), key=lambda a: a.number)
        return bids[min(int(rng.expovariate(0.6)), len(bids) - 1)]
    return rng.choice(legal)


def play_both(players: int, deals: int) -> Counter[str]:
    """Play ``deals`` deals in both programs; the counts of what was seen."""
    rules = cardrules.load(PROFILES[players])
    counts: Counter[str] = Counter()
    for seed in range(deals):
        game, state = deal_both(rules, players, seed)
        rng = random.Random(seed)
        laid_taroks: set[int] = set()
        while game.phase != "finished":
            seat = game.to_act
            assert seat is not None and state.current_player() == seat, (game.phase, seat)
            legal = game.legal_actions()
            ids = {os_action(a): a for a in legal}
            assert len(ids) == len(legal)
            assert sorted(ids) == sorted(state.legal_actions()), (
                seed,
                game.phase,
                seat,
                [str(a) for a in legal],
                [state.action_to_string(seat, i) for i in state.legal_actions()],
            )
            for s in range(players):
                assert cards_held(game, s) == set(state.player_cards(s)), (seed, game.phase, s)
                auction = game.view(s).auction
                sets = state.talon_sets()
                if sets and not auction.get("part"):  # the talon turned up, in its parts
                    assert [os_card(DECK.parse(t)) for t in auction["talon"]] == [
                        c for part in sets for c in part
                    ]
                laid = {os_card(DECK.parse(t)) for t in auction.get("taroks_laid_away", ())}
                assert laid == laid_taroks, (seed, s)
                name = str(auction.get("contract") or "")
                seen, given = os_seen(state.information_state_string(s), name, players)
                assert view_seen(game, s) == seen, (seed, s, game.phase)
                if given and s == 0:
                    counts["decisions where klop's talon cards given out are shown"] += 1
            counts["decisions"] += 1
            action = choose(rng, game)
            if isinstance(action, Discard) and action.card.suit is None:
                laid_taroks.add(os_card(action.card))
            if isinstance(action, Play) and len(game.trick) == players - 1:
                cards = {c.card.text for c in game.trick} | {action.card.text}
                if {"T1", "T21", "T22"} <= cards:
                    counts["emperor's tricks"] += 1
            game.apply(action)
            state.apply_action(os_action(action))
        assert state.is_terminal(), seed
        deal = game.deals[-1]
        returns = state.returns()
        assert [deal.scores[s] for s in range(players)] == [Decimal(int(r)) for r in returns], (
            seed,
            deal.scores,
            returns,
        )
        contract = deal.contract
        assert isinstance(contract, TarokContract)
        counts["deals"] += 1
        counts[contract.name] += 1
        if any(state.captured_mond_penalties()):
            counts["mond captured"] += 1
        if sum(deal.tricks) < 48 // players:
            counts["play stopped early"] += 1
        if contract.king >= 0 and contract.king in contract.talon:
            counts["king in the talon"] += 1
    return counts


@pytest.mark.parametrize("players", [3, 4])
def test_tko_every_decision_and_return_agrees_with_openspiel(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """tarok-openspiel D-1: OpenSpiel 2.0.2's behaviour is the reference, observed decision
    by decision; tarok-openspiel D-2: OpenSpiel's deals, dealt here by hand.
    TKO-1.1 .. TKO-6.6: the two programs ask the same player (TKO-2.2: the player after
    forehand bids first; TKO-3.1, TKO-4.1, TKO-4.2: the declarer calls, takes a part and
    lays cards away; TKO-6.1: the leader), offer the same actions (TKO-2.1, TKO-2.3: the
    contracts and forehand's privileges; TKO-4.2: what may be laid away; TKO-6.2, TKO-6.3:
    the duties of play), show each player the same cards and talon (TKO-4.1, TKO-7.1; the
    cards each view names, those of OpenSpiel's information state, klop's talon cards
    given out included: TKO-5.3),
    give each trick to the same player (TKO-1.2, TKO-6.4, TKO-6.5), stop the beggars and
    valats as OpenSpiel does (TKO-6.6) and return the same (TKO-5.1 .. TKO-5.6).
    tarok-openspiel-4 TKF-1.1 .. TKF-1.3: the same at four players."""
    counts = play_both(players, DEALS[players])
    with capsys.disabled():
        print(
            f"\n{PROFILES[players]} vs OpenSpiel tarok(players={players}): "
            f"{dict(sorted(counts.items()))}; 0 disagreements"
        )
    assert counts["deals"] == DEALS[players]
    assert counts["klop"] and counts["three"] and counts["valat without"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_tko_many_more_deals_agree_with_openspiel(players: int) -> None:
    """TKO-1.1 .. TKO-6.6 over thousands of OpenSpiel's deals (D-1, D-2)."""
    counts = play_both(players, SLOW_DEALS[players])
    assert counts["deals"] == SLOW_DEALS[players]
