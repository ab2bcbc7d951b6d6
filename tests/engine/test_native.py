"""The native core (``cardrules/_native.c``) against the pure-Python engine.

The native core plays cards, lists the legal ones and shuffles; the Python methods it
falls back to are the reference.  Here: both engines play the same random games of
every shipped profile (the pure one in a child process, ``CARDRULES_ENGINE=pure``) and
must agree on every legal action, refusal, undo, record and score; the C step executor
and shuffle agree with the Python ones code by code and bit by bit; and bad input
reaching the native code gets a clear error, never a crash.  (The golden games,
``tests/engine/test_golden.py``, are checked by both engines: CI runs the suite on
each.)
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from hashlib import sha256
from pathlib import Path
from typing import Any, cast

import pytest

import cardrules
from cardrules.deck import named_deck
from cardrules.engine.core import native
from cardrules.engine.steps import run_steps
from cardrules.errors import CardrulesError, IllegalAction
from cardrules.rules.actions import Bid, Play
from cardrules.rules.duties import STEP_GUARD_TERMS, STEP_KEEP_TERMS

needs_native = pytest.mark.skipif(native is None, reason="the native core is not built")

ROOT = Path(__file__).resolve().parents[2]
SEEDS = tuple(range(1, 7))


def game_digest(name: str, seed: int) -> str:
    """A random game of ``name`` played through the public API with refusals and undos
    along the way: the digest of every legal-action list, every refusal's rule, the
    record and the scores; in the auction, calls refused (out of range, a card, another
    seat's) and what a seat's view shows of it."""
    rules = cardrules.load(name)
    game = rules.new_game(seed=seed)
    rng = random.Random(f"{name}/{seed}")
    seen = sha256()
    steps = 0
    while game.phase != "finished" and steps < 3000:
        steps += 1
        legal = game.legal_actions()
        seen.update("|".join(map(str, legal)).encode())
        if game.phase == "play" and rng.random() < 0.2:  # a card it may not play
            held = game.hand(game.to_act) if game.to_act is not None else []
            for card in held:
                if Play(card) not in legal:
                    try:
                        game.apply(Play(card))
                    except IllegalAction as exc:
                        seen.update(f"refused {card} {exc.rule}".encode())
                    break
        if game.phase not in ("play", "finished") and rng.random() < 0.3:
            # the auction: a call out of range, a card, a call by another seat (each refused
            # citing its rule), and what a seat's view shows of the auction so far
            seat = game.to_act if game.to_act is not None else 0
            for wrong in (Bid(99), Play(game.deck.cards[0]), None):
                try:
                    if wrong is None:
                        game.apply(legal[0], seat=(seat + 1) % game.rules.players)
                    else:
                        game.apply(wrong)
                except CardrulesError as exc:
                    seen.update(f"refused {wrong} {getattr(exc, 'rule', '')}".encode())
            seen.update(json.dumps(game.view(seat).auction, sort_keys=True, default=str).encode())
        if len(game.actions) > 1 and rng.random() < 0.05:
            seen.update(f"undo {game.undo()}".encode())
            continue
        game.apply(rng.choice(legal))
    seen.update(game.to_json().encode())
    seen.update(repr(game.scores).encode())
    return seen.hexdigest()


def digests() -> dict[str, str]:
    names = cardrules.profiles()
    return {f"{name}/{seed}": game_digest(name, seed) for name in names for seed in SEEDS}


@needs_native
def test_the_native_core_and_the_pure_engine_play_every_profile_alike() -> None:
    """Every shipped profile, random games with refusals and undos: the native core's
    legal actions, refusals (their rule ids), records and scores are the pure engine's."""
    code = (
        "import json, test_native, cardrules.engine as e; "
        "print(json.dumps(test_native.digests() if e.build() == 'pure Python' else {}))"
    )
    env = {**os.environ, "CARDRULES_ENGINE": "pure"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests" / "engine"), str(ROOT / "tests")])
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    pure = json.loads(out.stdout)
    assert pure.keys() == {f"{n}/{s}" for n in cardrules.profiles() for s in SEEDS}
    assert digests() == pure


def test_the_pure_engine_is_what_cardrules_engine_pure_asks_for() -> None:
    """``CARDRULES_ENGINE=pure`` turns the native core off: Game's methods are Python's."""
    code = (
        "import cardrules, cardrules.engine as e; "
        "print(e.build(), type(vars(cardrules.Game)['apply']).__name__)"
    )
    env = {**os.environ, "CARDRULES_ENGINE": "pure"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["pure", "Python", "function"]


@needs_native
def test_the_step_executor_in_c_is_the_python_one() -> None:
    """Every (guard, keep) code of the step tables, alone and in random programs, with
    random card sets, on random masks: the C executor's mask is ``run_steps``'
    (cardrules.engine.steps)."""
    assert native is not None
    rng = random.Random(28)
    guards = [term.code for term in STEP_GUARD_TERMS]
    keeps = [term.code for term in STEP_KEEP_TERMS]

    def cards() -> int:
        return rng.choice((0, rng.getrandbits(52), 1 << rng.randrange(52)))

    single = [(g, k, cards(), cards()) for g in guards for k in keeps]
    programs = list(single)
    for _ in range(300):  # programs of 1 to 6 steps
        steps = [rng.choice(single) for _ in range(rng.randint(1, 6))]
        programs.append(tuple(code for step in steps for code in step))
    for codes in programs:
        for _ in range(40):
            masks = [rng.getrandbits(rng.choice((8, 52, 64))) for _ in range(5)]
            first = rng.random() < 0.5
            args = (codes, masks[0], masks[1], masks[2], masks[3], first, masks[4])
            assert native.run_steps(*args) == run_steps(*args), args


@needs_native
def test_the_native_shuffle_is_random_shuffle_bit_for_bit() -> None:
    """The seeded shuffle and cut in C deal exactly what ``random.Random(text).shuffle``
    and ``randint`` deal: seeds of every size and sign, decks of 2 to 200 cards, and decks
    whose shuffle draws over several of MT19937's blocks of 624 words."""
    from cardrules.engine.dealing import _deck_indices

    rng = random.Random(7)
    for _ in range(3000):
        seed = rng.choice([rng.randrange(2**63), rng.randrange(100), -rng.randrange(2**80), 0])
        size = rng.choice([2, 3, 24, 32, 48, 52, 54, 78, 104, 200])
        deal, attempt = rng.randrange(1, 40), rng.randrange(3)
        reference = random.Random(f"{seed}/{deal}/{attempt}")
        deck = list(range(size))
        reference.shuffle(deck)
        cut = reference.randint(1, size - 1)
        assert _deck_indices(seed, deal, attempt, size) == deck[cut:] + deck[:cut]
    for size in (623, 624, 625, 1000, 1500, 4096):  # draws over one or more blocks of 624
        for seed in range(4):
            reference = random.Random(f"{seed}/1/0")
            deck = list(range(size))
            reference.shuffle(deck)
            cut = reference.randint(1, size - 1)
            assert _deck_indices(seed, 1, 0, size) == deck[cut:] + deck[:cut]


@needs_native
def test_bad_input_to_the_native_functions_is_an_error_not_a_crash() -> None:
    """The module's own functions refuse what they cannot take, with Python errors."""
    assert native is not None
    for key, size in ((b"k", 1), (b"k", 0), (b"k", -5), (b"k", 5000)):
        with pytest.raises(ValueError, match="a deck of 2 to 4096 cards"):
            native.deck_indices(key, size)
    with pytest.raises(TypeError):
        native.deck_indices("not bytes", 52)
    with pytest.raises(OverflowError):
        native.deck_indices(b"k", 2**80)
    for codes in ((99, 0, 0, 0), (0, 99, 0, 0), (0,), (0, 4, 0, 2**64), ((0, 1, 0, 0) * 17)):
        with pytest.raises(ValueError, match="unknown step code"):
            native.run_steps(codes, 1, 1, 1, 1, False)
    with pytest.raises(OverflowError):
        native.run_steps((0, 1, 0, 0), 2**64, 1, 1, 1, False)


def at_play(name: str = "callbreak-strict", seed: int = 5) -> cardrules.Game:
    """A game of ``name`` with a card on the table (the last call, the first card)."""
    game = cardrules.load(name).new_game(seed=seed)
    while not game.trick:
        legal = game.legal_actions()
        game.apply(legal[-1] if game.phase == "auction" else legal[0])
    return game


def test_a_card_of_another_deck_or_out_of_range_is_refused_and_changes_nothing() -> None:
    """A Play of a card the deck does not have (a tarot card, index 70: beyond the native
    core's 64-bit masks; a French card a Euchre deck lacks), and a card not held: a
    :class:`CardrulesError` naming it, the game as it was (CB-7.x: only a held card is
    played)."""
    tarot = named_deck("tarot-78")
    game = at_play()
    before = game.to_json()
    for card in (tarot.cards[70], tarot.cards[63]):
        with pytest.raises(CardrulesError):
            game.apply(Play(card))
        assert game.to_json() == before
    to_act = game.to_act
    assert to_act is not None
    other = next(c for c in game.hand((to_act + 1) % 4))
    with pytest.raises(IllegalAction, match="not in seat"):
        game.apply(Play(other))
    assert game.to_json() == before
    euchre = at_play("euchre", 3)
    before = euchre.to_json()
    with pytest.raises(CardrulesError):
        euchre.apply("play 2C")  # no twos in the Euchre deck
    assert euchre.to_json() == before


@needs_native
def test_members_of_the_wrong_kind_send_the_native_core_to_python_not_to_a_crash() -> None:
    """The state the native core reads is the game's members; whatever they hold (a
    forged mask, a tuple for a list, a deleted member), the core does not read past it:
    it hands the call to the Python methods, which raise or play as Python would."""
    for forge in (
        {"_legal": 2**70},
        {"_legal": "every card"},
        {"_trick_cards": (1, 2)},
        {"hands": None},
        {"_win": 10**30},
        {"_beats": ()},
        {"_follow": None},
        {"_codes": ((99, 99, 0, 0), (99, 99, 0, 0))},
        {"_codes": ((0, 4, 0, 2**70), (0, 4, -1, 0))},
        {"_played_cards": ()},
        {"_played_cards": ([], [], [], [])},
        {"_texts": ("play 2C",)},
        {"_next": ("north",) * 4},
        {"tricks_won": ()},
    ):
        for name in ("callbreak-strict", "spades-openspiel"):
            game = at_play(name)
            legal = game.legal_actions()
            for attribute, value in forge.items():
                setattr(game, attribute, value)
            try:
                game.legal_actions()
                game.apply(legal[0])
            except Exception as exc:  # a Python error, raised as Python raises it
                assert not isinstance(exc, SystemError), (forge, exc)
    for member in ("_trick_cards", "_legal", "hands", "phase"):
        game = at_play()
        legal = game.legal_actions()
        delattr(game, member)
        with pytest.raises(AttributeError):  # as the Python engine raises it
            game.legal_actions()
            game.apply(legal[0])


@needs_native
def test_free_calls_taken_in_the_core_reach_the_auction_state_before_it_is_read() -> None:
    """The calls an auction declares free (AuctionState.free_calls: every Oh Hell bid
    but the dealer's, OH-3.3 binding the dealer alone) are taken by the core without the
    state; whatever reads the state (a view, the hook on the dealer's bid, undo) finds
    every call in it."""
    game = cardrules.load("oh-hell-openspiel-4x5").new_game(seed=5)
    bids: Any = game.auction  # (the family's state: its order, bids and count)
    first, second, dealer = bids.order[0], bids.order[1], bids.order[-1]
    game.apply(game.legal_actions()[2])  # the bids handed out (the core knows them by identity)
    game.apply(game.legal_actions()[1])
    assert [seat for seat, _ in game._unsent] == [first, second]  # not sent yet
    assert game.to_act == bids.order[2]
    state: Any = game.auction
    assert game._unsent == []  # reading the state sent them
    assert state.bids[first] == 2 and state.bids[second] == 1
    game.apply(Bid(1))  # an equal bid of the caller's own: the state takes it
    view = game.view(dealer)
    assert sorted(b for b in view.auction["bids"] if b is not None) == [1, 1, 2]
    assert Bid(1) not in game.legal_actions()  # the hook: 2 + 1 + 1 + 1 = 5 tricks
    with pytest.raises(IllegalAction) as refused:
        game.apply(Bid(1))
    assert refused.value.rule == "OH-3.3"
    assert str(game.undo()) == "bid 1"
    state = game.auction
    assert game.to_act == state.order[2] and state.made == 2


@needs_native
def test_a_forged_free_call_declaration_is_an_error_never_a_crash() -> None:
    """``_free`` forged to anything: a shape the core does not take sends every call to
    the state; a declaration the state then refuses is the plugin's error (PluginError),
    raised when the state is read."""
    for forged in (None, (), ("x", "y", "z"), ((0, 1), (Bid(1),), ()), ((), (), ()), 7):
        game = cardrules.load("callbreak-strict").new_game(seed=2)
        before = game.to_json()
        game._free = cast(Any, forged)
        with pytest.raises(CardrulesError):
            game.apply(Bid(99))
        assert game.to_json() == before
        game.apply(game.legal_actions()[0])
    game = cardrules.load("callbreak-strict").new_game(seed=2)
    to_act = game.to_act
    assert to_act is not None
    bad = Bid(99)
    game._free = ((to_act, (to_act + 1) % 4), (bad,), ("bid 99",))
    game.apply(bad)  # taken on the forged declaration's word
    with pytest.raises(cardrules.PluginError):
        game.auction  # noqa: B018 - the state refuses it when it gets it


def test_actions_in_hands_out_a_table_s_actions_by_card_on_either_engine() -> None:
    """``actions_in(mask, table)`` (the legal passes of Hearts, the cards Spades gives):
    ``table[i]`` for every bit of the mask, lowest first, native or not; a mask wider than
    64 bits takes the Python loop; a bit beyond the table is an IndexError, a mask that is
    no int a TypeError, a negative one a ValueError."""
    from cardrules.engine.tricks import actions_in

    table: Any = tuple(f"action {i}" for i in range(70))
    rng = random.Random(7)
    for mask in [0, 1, 2**63, 2**64 - 1, 2**69 | 5, *(rng.getrandbits(70) for _ in range(200))]:
        assert actions_in(mask, table) == [table[i] for i in range(70) if mask >> i & 1]
    assert actions_in(0b101, list(table)) == [table[0], table[2]]
    with pytest.raises(IndexError):
        actions_in(1 << 12, table[:12])
    with pytest.raises(TypeError):
        actions_in(cast(int, "12"), table)
    with pytest.raises(ValueError):
        actions_in(-4, table)
    if native is not None:
        with pytest.raises(TypeError):
            native.actions_in(1, [1, 2])
        with pytest.raises(TypeError):
            native.actions_in(1)
        assert native.actions_in(-1, table) is None


@pytest.mark.parametrize("name", ["callbreak-strict", "oh-hell-openspiel-4x5", "skat"])
def test_copy_deepcopy_and_pickle_give_an_independent_game_on_either_engine(name: str) -> None:
    """``copy.copy``, ``copy.deepcopy`` and a pickle round trip are ``game.copy()``: the
    same record, and nothing shared that the copy changes (the auction's calls the
    core has not yet sent included)."""
    import copy
    import pickle

    game = cardrules.load(name).new_game(seed=3)
    for _ in range(2):  # (calls the core may take without the auction's state)
        game.apply(game.legal_actions()[-1])
    for take in (copy.copy, copy.deepcopy, lambda g: pickle.loads(pickle.dumps(g))):
        other = take(game)
        assert other is not game and other.to_json() == game.to_json()
        assert other.hands is not game.hands and other.actions is not game.actions
        other.apply(other.legal_actions()[0])
        assert other.to_json() != game.to_json()
        assert json.loads(game.to_json())["actions"] == game.actions


def test_apply_takes_its_arguments_as_documented_on_either_engine() -> None:
    """``apply(action, *, seat=None)``: the action by keyword too, the seat by keyword
    only (the native core hands any call but a bare card to the Python method)."""
    game = at_play()
    to_act = game.to_act
    legal = game.legal_actions()
    game.apply(action=legal[0], seat=to_act)
    assert game.actions[-1] == str(legal[0])
    with pytest.raises(TypeError):
        game.apply(game.legal_actions()[0], game.to_act)  # type: ignore[misc]


@needs_native
def test_the_native_dealer_draw_and_deal_are_python_s() -> None:
    """The first dealer (``random.Random(f"{seed}/dealer").randrange(n)``) and the hands
    dealt from a shuffled deck, card ``i`` to ``order[i % n]``: the native core's are the
    Python ones, and a deck with a card index of 64 or more is dealt by Python."""
    from cardrules.engine.dealing import _deal_masks, seeded_randrange

    assert native is not None
    rng = random.Random(11)
    for _ in range(5000):
        text = f"{rng.randrange(-(10**20), 10**20)}/dealer"
        n = rng.choice([1, 2, 3, 4, 5, 6, 2**31, 2**32 - 1])
        assert seeded_randrange(text, n) == random.Random(text).randrange(n)
    # a deal's own chance (DealInfo.chance), drawn once: Hearts' passing direction
    from cardrules.rules.components import DealInfo, Direction

    deal = DealInfo(0, (0,) * 4, Direction.named("clockwise"), seed=2**40 + 7, number=3)
    for label in ("passing", "hand size", "x" * 40):
        for n in (1, 4, 13, 2**31):
            assert seeded_randrange(deal.chance_key(label), n) == deal.chance(label).randrange(n)
    rules = cardrules.load("callbreak-strict")
    direction = rules.direction
    for size_of_deck in (24, 52, 64, 78):
        for _ in range(300):
            deck = list(range(size_of_deck))
            rng.shuffle(deck)
            dealer, size = rng.randrange(4), rng.randint(0, size_of_deck // 4)
            order = direction.order(direction.next(dealer))
            want = [0] * 4
            for i, card in enumerate(deck[: 4 * size]):
                want[order[i % 4]] |= 1 << card
            assert _deal_masks(deck, dealer, direction, size) == tuple(want)
    for bad in ((b"k", 0), (b"k", 2**32), ("text", 4)):
        with pytest.raises((ValueError, TypeError)):
            native.seeded_below(*bad)
    for args in (([1, 2], (0, 1), 2), ([0, 1, 2, 3], (0, 5), 2), ([-1, 2], (0, 1), 1)):
        with pytest.raises(ValueError):
            native.deal_masks(*args)
    with pytest.raises(TypeError):
        native.deal_masks((0, 1), (0, 1), 1)


@needs_native
def test_the_pure_core_has_the_native_core_s_members() -> None:
    """``PureCore``'s slots are the native core's members, name for name: the Python code
    reads and writes the same attributes on either engine."""
    import types

    from cardrules.engine.core import PureCore

    assert native is not None
    members = {
        name
        for name, value in vars(native.Core).items()
        if isinstance(value, types.MemberDescriptorType)
    }
    assert members == set(PureCore.__slots__)
