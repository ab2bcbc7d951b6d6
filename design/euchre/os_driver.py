#!/usr/bin/env python3
"""Random games of OpenSpiel 2.0.2's ``euchre`` and ``oh_hell``, recorded step by step.

A standalone driver: it needs only ``pyspiel`` (``pip install open-spiel==2.0.2``) and
the standard library, not cardrules.  From a seed it plays random games and writes one
JSON object per game (JSON Lines) in a neutral form, so that a cardrules driver can
replay the same chance outcomes and compare every decision:

- ``game``, ``params`` (the OpenSpiel parameters, all of them spelled out) and ``seed``;
- ``chance``: the chance outcomes in order, as text (``"dealer 2"``, ``"tricks 5"``,
  ``"deal 9H to 3"``, ``"upcard JD"``, ``"trump 7C"``) with the ``id`` OpenSpiel applied
  and the number of outcomes that node offered (``of``);
- ``steps``: one per decision: ``player``, ``phase`` (``bid1``, ``bid2``, ``discard``,
  ``alone``, ``play`` for euchre; ``bid``, ``play`` for oh_hell), ``legal`` (texts, in
  OpenSpiel's order of ids), ``action`` (the text chosen), and ``hands``: every seat's
  cards at that moment (each seat sees only its own; the driver records all four so
  that a comparison can check them all);
- ``returns``: OpenSpiel's returns at the end, and for euchre ``declarer``, ``trump``,
  ``alone`` (who went alone, the declarer first) and ``tricks`` (the winner of each).

Card texts are cardrules' (rank then suit: ``9H``, ``10H``, ``JH``, ``AS``); euchre's
bids are ``pass``, ``order up`` (the first round, the dealer included, where OpenSpiel
prints "Pick up!"), ``name C``/``name D``/``name H``/``name S`` (the second round),
``alone`` and ``partner``; oh_hell's bids are ``bid N``.

Usage::

    python os_driver.py euchre --seed 1 --games 100 > euchre.jsonl
    python os_driver.py oh_hell --seed 1 --games 20 > oh_hell.jsonl
    python os_driver.py euchre --games 1 --pretty          # one game, indented
    python os_driver.py selftest                           # the checks of openspiel.md
    python os_driver.py replay euchre.jsonl                # re-feed from the hands, compare

``euchre`` plays ``--games`` games for each of the four combinations of
``allow_lone_defender`` and ``stick_the_dealer``; ``oh_hell`` plays them for each point
of the grid ``OH_HELL_GRID`` (players, num_suits, num_cards_per_suit, num_tricks_fixed,
off_bid_penalty, points_per_trick), skipping the points OpenSpiel refuses.  The random
choices come from ``random.Random(f"{seed}:{game}:{params}:{index}")``, so a game's
record depends only on the seed, the parameters and its index.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections.abc import Callable
from typing import Any

import pyspiel

# ---------------------------------------------------------------- euchre (euchre.h)

#: euchre.h: a card id is rank * 4 + suit, ranks "9TJQKA", suits "CDHS".
EU_RANKS = ("9", "10", "J", "Q", "K", "A")
EU_SUITS = "CDHS"
EU_PASS, EU_CLUBS, EU_ALONE, EU_PARTNER = 24, 25, 29, 30


def eu_card(card: int) -> str:
    """cardrules' text of euchre card ``card`` (0 = 9C, 1 = 9D, ... 23 = AS)."""
    return EU_RANKS[card // 4] + EU_SUITS[card % 4]


def eu_phase(state: Any) -> str:
    phase = state.current_phase()
    P = pyspiel.euchre.Phase
    if phase == P.BIDDING:
        return "bid1" if state.num_passes() < 4 else "bid2"
    return {P.DISCARD: "discard", P.GO_ALONE: "alone", P.PLAY: "play"}[phase]


def eu_text(state: Any, action: int) -> str:
    if action < 24:
        return eu_card(action)
    if action == EU_PASS:
        return "pass"
    if action < EU_ALONE:
        suit = EU_SUITS[action - EU_CLUBS]
        return "order up" if state.num_passes() < 4 else f"name {suit}"
    return "alone" if action == EU_ALONE else "partner"


def eu_hands(state: Any) -> list[list[str]]:
    holder = state.card_holder()
    return [[eu_card(c) for c in range(24) if holder[c] == seat] for seat in range(4)]


def eu_hand_from_infostate(text: str) -> list[str]:
    """The cards listed under "Hand:" in an information state string (S, H, D, C lines)."""
    lines = text.split("Hand:\n", 1)[1].splitlines()[:4]
    cards = []
    for line in lines:
        suit, _, ranks = line.partition(" ")
        if ranks != "none":
            cards += [("10" if r == "T" else r) + suit for r in ranks]
    return cards


def play_euchre(params: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    game = pyspiel.load_game("euchre", params)
    state = game.new_initial_state()
    chance: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            ids = [a for a, _ in outcomes]
            probs = {p for _, p in outcomes}
            assert len(probs) == 1, "every euchre chance node is uniform"
            action = rng.choice(ids)
            dealt = state.num_cards_dealt()
            if not state.history():
                text = f"dealer {action}"
            elif dealt < 20:
                text = f"deal {eu_card(action)} to {(state.dealer() + dealt) % 4}"
            else:
                text = f"upcard {eu_card(action)}"
            chance.append({"text": text, "id": action, "of": len(ids)})
            state.apply_action(action)
            continue
        player = state.current_player()
        legal = state.legal_actions()
        hands = eu_hands(state)
        for seat in range(4):  # each seat's information state shows exactly its hand
            assert sorted(eu_hand_from_infostate(state.information_state_string(seat))) == sorted(
                hands[seat]
            ), (seat, hands[seat])
        action = rng.choice(legal)
        steps.append(
            {
                "player": player,
                "phase": eu_phase(state),
                "legal": [eu_text(state, a) for a in legal],
                "action": eu_text(state, action),
                "hands": hands,
            }
        )
        state.apply_action(action)
    record: dict[str, Any] = {
        "game": "euchre",
        "params": params,
        "chance": chance,
        "steps": steps,
        "returns": list(state.returns()),
    }
    if state.declarer() >= 0:
        record["declarer"] = state.declarer()
        record["trump"] = EU_SUITS[state.trump_suit()]
        alone = []
        if state.declarer_go_alone():
            alone.append(state.declarer())
        if state.lone_defender() >= 0:
            alone.append(state.lone_defender())
        record["alone"] = alone
        record["discard"] = eu_card(state.discard()) if state.discard() >= 0 else None
        record["tricks"] = [t.winner() for t in state.tricks()]
        assert record["returns"] == eu_returns(
            record["declarer"], record["tricks"], alone, bool(state.lone_defender() >= 0)
        ), record
    else:
        assert record["returns"] == [0.0] * 4  # eight passes: nothing scored
    return record


def eu_returns(
    declarer: int, tricks: list[int], alone: list[int], lone_defender: bool
) -> list[float]:
    """openspiel.md 1.9: the returns of a deal from the trick winners."""
    makers = {declarer, (declarer + 2) % 4}
    taken = sum(1 for w in tricks if w in makers)
    if taken <= 2:
        points = -4 if lone_defender else -2
    elif taken <= 4:
        points = 1
    else:
        points = 4 if declarer in alone else 2
    return [float(points if s in makers else -points) for s in range(4)]


# ------------------------------------------------------------- oh_hell (oh_hell.h)

#: oh_hell.h: a card id is rank * num_suits + suit, ranks from the two, suits "CDSH".
OH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
OH_SUITS = "CDSH"


def oh_card(card: int, num_suits: int) -> str:
    return OH_RANKS[card // num_suits] + OH_SUITS[card % num_suits]


def play_oh_hell(params: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    game = pyspiel.load_game("oh_hell", params)
    n, ns = params["players"], params["num_suits"]
    ncards = ns * params["num_cards_per_suit"]
    state = game.new_initial_state()
    chance: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    hands: list[list[int]] = [[] for _ in range(n)]
    tricks = dealer = dealt = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            ids = [a for a, _ in outcomes]
            assert len({p for _, p in outcomes}) == 1, "every oh_hell chance node is uniform"
            action = rng.choice(ids)
            if len(state.history()) == 0:
                tricks, text = action, f"tricks {action}"
            elif len(state.history()) == 1:
                dealer, text = action, f"dealer {action}"
            elif dealt < n * tricks:
                hands[dealt % n].append(action)
                text = f"deal {oh_card(action, ns)} to {dealt % n}"
                dealt += 1
            else:
                text = f"trump {oh_card(action, ns)}"
            chance.append({"text": text, "id": action, "of": len(ids)})
            state.apply_action(action)
            continue
        player = state.current_player()
        legal = state.legal_actions()
        bidding = legal[0] >= ncards
        texts = [f"bid {a - ncards}" if bidding else oh_card(a, ns) for a in legal]
        action = rng.choice(legal)
        steps.append(
            {
                "player": player,
                "phase": "bid" if bidding else "play",
                "legal": texts,
                "action": texts[legal.index(action)],
                "hands": [[oh_card(c, ns) for c in sorted(h)] for h in hands],
            }
        )
        for seat in range(n):  # each seat's information state shows exactly its hand
            assert oh_hand_from_infostate(state.information_state_string(seat), ns) == sorted(
                oh_card(c, ns) for c in hands[seat]
            )
        if not bidding:
            hands[player].remove(action)
        state.apply_action(action)
    bid_of = {s["player"]: int(s["action"].split()[1]) for s in steps if s["phase"] == "bid"}
    bids = [bid_of[seat] for seat in range(n)]
    won = [int(x) for x in state.information_state_string(0).split("Tricks Won:")[1].split()[:n]]
    assert list(state.returns()) == oh_returns(bids, won, params), (bids, won, state.returns())
    return {
        "game": "oh_hell",
        "params": params,
        "tricks": tricks,
        "dealer": dealer,
        "chance": chance,
        "steps": steps,
        "returns": list(state.returns()),
    }


def oh_hand_from_infostate(text: str, num_suits: int) -> list[str]:
    """The cards of the "Player: p" block of an information state string (C D S H lines)."""
    block = text.split("Player: ", 1)[1].splitlines()[1 : 1 + num_suits]
    cards = []
    for line in block:
        suit, _, ranks = line.strip().partition(":")
        cards += [("10" if r == "T" else r) + suit for r in ranks.strip()]
    return sorted(cards)


def oh_returns(bids: list[int], won: list[int], params: dict[str, Any]) -> list[float]:
    """openspiel.md 2.5: the returns of a deal from the bids and the tricks won."""
    p = params["points_per_trick"]
    out = []
    for b, w in zip(bids, won, strict=True):
        if params["off_bid_penalty"]:
            out.append(float(p * w + 10 if w == b else -(p * abs(w - b))))
        else:
            out.append(float(p * w + (10 if w == b else 0)))
    return out


#: The oh_hell grid: every combination, less those OpenSpiel refuses (fewer than
#: players + 1 cards, or a fixed trick count above (cards - 1) // players).
OH_HELL_GRID = {
    "players": (3, 4, 5, 7),
    "num_suits": (1, 2, 4),
    "num_cards_per_suit": (2, 6, 13),
    "num_tricks_fixed": (-1, 1, 3),
    "off_bid_penalty": (False, True),
    "points_per_trick": (1, 0, -2),
}


def oh_hell_grid() -> list[dict[str, Any]]:
    names = list(OH_HELL_GRID)
    points = []
    for values in itertools.product(*OH_HELL_GRID.values()):
        p = dict(zip(names, values, strict=True))
        cards = p["num_suits"] * p["num_cards_per_suit"]
        if p["players"] > cards - 1:
            continue
        if p["num_tricks_fixed"] > (cards - 1) // p["players"]:
            continue
        points.append(p)
    return points


EUCHRE_GRID = [
    {"allow_lone_defender": ald, "stick_the_dealer": std}
    for ald in (False, True)
    for std in (True, False)
]


def games(name: str, seed: int, count: int) -> Any:
    grid = EUCHRE_GRID if name == "euchre" else oh_hell_grid()
    play = play_euchre if name == "euchre" else play_oh_hell
    for params in grid:
        for index in range(count):
            key = json.dumps(params, sort_keys=True)
            record = play(params, random.Random(f"{seed}:{name}:{key}:{index}"))
            record["seed"], record["index"] = seed, index
            yield record


# ---------------------------------------------------------------- replay


def eu_id(text: str, upcard: str) -> int:
    """The OpenSpiel id of a euchre step text (openspiel.md section 4)."""
    if text == "pass":
        return EU_PASS
    if text == "order up":
        return EU_CLUBS + EU_SUITS.index(upcard[-1])
    if text.startswith("name "):
        return EU_CLUBS + EU_SUITS.index(text[-1])
    if text in ("alone", "partner"):
        return EU_ALONE if text == "alone" else EU_PARTNER
    return EU_RANKS.index(text[:-1]) * 4 + EU_SUITS.index(text[-1])


def oh_id(text: str, params: dict[str, Any]) -> int:
    ns: int = params["num_suits"]
    if text.startswith("bid "):
        return ns * int(params["num_cards_per_suit"]) + int(text[4:])
    return OH_RANKS.index(text[:-1]) * ns + OH_SUITS.index(text[-1])


def replay(record: dict[str, Any]) -> int:
    """Play a record again from its hands alone, as a cardrules driver would feed
    OpenSpiel (openspiel.md section 4), checking every step; returns the steps checked."""
    params = record["params"]
    state = pyspiel.load_game(record["game"], params).new_initial_state()
    texts = [c["text"] for c in record["chance"]]
    if record["game"] == "euchre":
        dealer = int(texts[0].split()[1])
        hands: list[list[str]] = [[] for _ in range(4)]
        for text in texts[1:21]:
            _, card, _, seat = text.split()
            hands[int(seat)].append(card)
        upcard = texts[21].split()[1]
        for hand in hands:  # the order within a hand does not matter, only the hands
            hand.sort()
        state.apply_action(dealer)
        for k in range(20):
            state.apply_action(eu_id(hands[(dealer + k) % 4][k // 4], upcard))
        state.apply_action(eu_id(upcard, upcard))
        to_id: Callable[[str], int] = lambda text: eu_id(text, upcard)  # noqa: E731
    else:
        n = params["players"]
        tricks, dealer = record["tricks"], record["dealer"]
        hands = [[] for _ in range(n)]
        for text in texts[2:-1]:
            _, card, _, seat = text.split()
            hands[int(seat)].append(card)
        for hand in hands:
            hand.sort()
        state.apply_action(tricks)
        state.apply_action(dealer)
        for k in range(n * tricks):
            state.apply_action(oh_id(hands[k % n][k // n], params))
        state.apply_action(oh_id(texts[-1].split()[1], params))
        to_id = lambda text: oh_id(text, params)  # noqa: E731
    for step in record["steps"]:
        assert state.current_player() == step["player"]
        assert state.legal_actions() == [to_id(x) for x in step["legal"]], step
        state.apply_action(to_id(step["action"]))
    assert state.is_terminal() and list(state.returns()) == record["returns"]
    return len(record["steps"])


# ---------------------------------------------------------------- selftest


def selftest() -> None:
    """The facts design/euchre/openspiel.md states, checked on OpenSpiel itself."""
    g = pyspiel.load_game("euchre")
    assert g.get_type().parameter_specification == {
        "allow_lone_defender": False,
        "stick_the_dealer": True,
    }
    assert g.num_distinct_actions() == 31 and g.max_game_length() == 29
    s = g.new_initial_state()
    assert [s.action_to_string(c) for c in range(4)] == ["N", "E", "S", "W"]
    s.apply_action(1)  # East deals
    assert [s.action_to_string(c) for c in (0, 1, 8, 11, 23)] == ["C9", "D9", "CJ", "SJ", "SA"]
    for k in range(20):
        s.apply_action(k)  # card k of the deal goes to (dealer + k) % 4
    holder = s.card_holder()
    assert all(holder[k] == (1 + k) % 4 for k in range(20))
    assert [a for a, _ in s.chance_outcomes()] == [20, 21, 22, 23]
    s.apply_action(21)  # upcard: the ace of diamonds
    assert s.current_player() == 2 and s.legal_actions() == [24, 26]
    for _ in range(3):
        s.apply_action(24)
    assert s.current_player() == 1 and s.legal_actions() == [24, 26]  # the dealer
    s.apply_action(24)
    assert s.current_player() == 2 and s.legal_actions() == [24, 25, 27, 28]
    for _ in range(3):
        s.apply_action(24)
    assert s.legal_actions() == [25, 27, 28]  # stick the dealer: no pass
    # Without stick_the_dealer, eight passes end the game with nothing scored.
    s2 = pyspiel.load_game("euchre", {"stick_the_dealer": False}).new_initial_state()
    for a in [0, *range(20), 20]:
        s2.apply_action(a)
    for _ in range(8):
        s2.apply_action(24)
    assert s2.is_terminal() and s2.returns() == [0.0, 0.0, 0.0, 0.0]
    # The dealer's discard: never the upcard; the discard is in no one's information state.
    s3 = pyspiel.load_game("euchre").new_initial_state()
    for a in [0, *range(20), 20]:
        s3.apply_action(a)  # North deals; the upcard is id 20, the ace of clubs
    s3.apply_action(25)  # East orders up clubs
    assert s3.current_player() == 0 and 20 not in s3.legal_actions()
    s3.apply_action(0)  # North (dealer) discards the nine of clubs
    assert "9C" not in eu_hand_from_infostate(s3.information_state_string(0))
    for p in range(4):
        assert "discard" not in s3.information_state_string(p).lower()
    assert s3.current_player() == 1 and s3.legal_actions() == [29, 30]  # the maker: alone?
    # oh_hell: parameters, the drawn trick count, the small decks, the deal, the bids.
    g = pyspiel.load_game("oh_hell")
    assert g.get_type().parameter_specification == {
        "players": 3,
        "num_suits": 4,
        "num_cards_per_suit": 13,
        "num_tricks_fixed": -1,
        "off_bid_penalty": False,
        "points_per_trick": 1,
    }
    assert g.num_distinct_actions() == 52 + 17 + 1
    assert not g.get_type().provides_observation_string
    s = g.new_initial_state()
    assert s.chance_outcomes() == [(t, 1 / 17) for t in range(1, 18)]
    g = pyspiel.load_game("oh_hell", {"players": 3, "num_suits": 2, "num_cards_per_suit": 3})
    s = g.new_initial_state()
    assert s.chance_outcomes() == [(1, 1.0)]  # (6 - 1) // 3 = 1 trick at most
    s.apply_action(1)
    s.apply_action(2)  # seat 2 deals
    assert [s.action_to_string(a) for a, _ in s.chance_outcomes()] == [
        "C2",
        "D2",
        "C3",
        "D3",
        "C4",
        "D4",
    ]
    for card in (5, 4, 3):  # card k to seat k mod 3, whatever the dealer
        s.apply_action(card)
    assert oh_hand_from_infostate(s.information_state_string(0), 2) == ["4D"]
    s.apply_action(0)  # the trump card: the two of clubs
    assert "Trump: C2" in s.information_state_string(1)
    assert s.current_player() == 0 and s.legal_actions() == [6, 7]  # bid b is 6 + b
    try:
        pyspiel.load_game("oh_hell", {"players": 3, "num_suits": 1, "num_cards_per_suit": 3})
        raise AssertionError("3 players on 3 cards should be refused")
    except pyspiel.SpielError:
        pass
    # A fixed trick count too large for the deck is accepted, and the deal gets stuck.
    g = pyspiel.load_game(
        "oh_hell", {"players": 3, "num_suits": 1, "num_cards_per_suit": 4, "num_tricks_fixed": 5}
    )
    s = g.new_initial_state()
    for a in (5, 0, 0, 1, 2, 3):
        s.apply_action(a)
    assert s.is_chance_node() and s.chance_outcomes() == []
    print("selftest: ok")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=("euchre", "oh_hell", "selftest", "replay"))
    ap.add_argument("file", nargs="?", help="replay: a JSON Lines file this driver wrote")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=10, help="games per parameter combination")
    ap.add_argument("--pretty", action="store_true", help="indented JSON instead of JSON Lines")
    args = ap.parse_args()
    if args.game == "selftest":
        selftest()
        return
    if args.game == "replay":
        with open(args.file, encoding="utf-8") as lines:
            counts = [replay(json.loads(line)) for line in lines]
        print(f"replay: {len(counts)} games, {sum(counts)} steps agree")
        return
    for record in games(args.game, args.seed, args.games):
        sys.stdout.write(json.dumps(record, indent=2 if args.pretty else None) + "\n")


if __name__ == "__main__":
    main()
