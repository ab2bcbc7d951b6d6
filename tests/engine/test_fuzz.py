"""Fuzzing the public API with hostile input (hypothesis): actions, records, profiles, cards.

For thousands of generated inputs per run, the only exception that leaves the
API is a :class:`cardrules.CardrulesError`, and a refused input leaves
``to_json()`` byte-identical.  The games are driven through a stateful
machine that mixes legal actions with hostile ones; records and profiles are
mutated from real ones, value by value and byte by byte.
"""

from __future__ import annotations

import contextlib
import json
import random
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import cardrules
from cardrules import Card, CardrulesError, Game, Ruleset
from cardrules.profile.registry import find_profile
from helpers import API_PROFILES

PROFILES = ("callbreak-strict", "callbridge-classic", "callbreak-app", "minibridge-ebu")
RULES = {name: cardrules.load(name) for name in PROFILES}
REPO = Path(__file__).resolve().parents[2]

#: Anything an app might be handed as an action, a seat or a card.
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.binary(max_size=20),
    st.text(max_size=30),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
#: Texts that look like actions: real verbs and cards, odd numbers and characters.
action_texts = st.one_of(
    st.text(max_size=40),
    st.builds(
        "{} {}".format,
        st.sampled_from(["bid", "BID", "call", "play", "contract", "pass", "double", ""]),
        st.one_of(
            st.integers(min_value=-20, max_value=200).map(str),
            st.sampled_from(["AH", "10♥", "TS", "1S", "99S", "S", "NT game", "♠ part", "３"]),
            st.text(max_size=8),
        ),
    ),
)


def refused_unchanged(game: Game, call: Callable[[], object]) -> None:
    """``call()`` either works or raises a CardrulesError leaving ``game`` as it was."""
    before = game.to_json()
    try:
        call()
    except CardrulesError:
        assert game.to_json() == before
    # any other exception fails the test as it propagates


class HostileTable(RuleBasedStateMachine):
    """A game that receives legal actions, hostile actions and hostile questions."""

    game: Game

    @initialize(name=st.sampled_from(PROFILES), seed=st.integers(0, 2**64 - 1))
    def deal(self, name: str, seed: int) -> None:
        self.game = RULES[name].new_game(seed=seed)

    @rule(choice=st.integers(min_value=0, max_value=2**16))
    def legal(self, choice: int) -> None:
        actions = self.game.legal_actions()
        if actions:
            self.game.apply(actions[choice % len(actions)])

    @rule(text=action_texts)
    def text_action(self, text: str) -> None:
        refused_unchanged(self.game, lambda: self.game.apply(text))

    @rule(thing=junk, seat=junk)
    def junk_action(self, thing: object, seat: object) -> None:
        refused_unchanged(self.game, lambda: self.game.apply(thing, seat=seat))

    @rule(seat=st.integers(min_value=-2, max_value=5), choice=st.integers(0, 100))
    def another_seat(self, seat: int, choice: int) -> None:
        actions = self.game.legal_actions()
        if actions:
            action = actions[choice % len(actions)]
            refused_unchanged(self.game, lambda: self.game.apply(action, seat=seat))

    @rule(thing=junk)
    def questions(self, thing: object) -> None:
        game = self.game
        for ask in (game.is_legal, game.view, game.hand, game.controller):
            refused_unchanged(game, lambda ask=ask: ask(thing))  # type: ignore[misc]

    @invariant()
    def views_hold_no_hidden_card(self) -> None:
        """A seat's view holds its own hand and exposed hands only (the view contract)."""
        game = getattr(self, "game", None)
        if game is None:
            return
        exposed = set(game.auction.exposed())
        for seat in range(4):
            view = game.view(seat)
            assert set(view.hands) <= {seat} | exposed
            for other, cards in view.hands.items():
                assert list(cards) == game.hand(other)


HostileTable.TestCase.settings = settings(max_examples=60, stateful_step_count=60, deadline=None)
TestHostileTable = pytest.mark.slow(HostileTable.TestCase)


#: Anything passed to apply(): junk, cards, bids and contracts, legal or not.
apply_inputs = st.one_of(
    st.none(),
    st.integers(-5, 60),
    st.floats(allow_nan=False),
    st.booleans(),
    st.text(max_size=12),
    st.builds(
        lambda c: f"play {c}",
        st.sampled_from([*(str(Card.from_index(i)) for i in range(52)), "1H", "ZZ"]),
    ),
    st.builds(lambda n: f"bid {n}", st.integers(-2, 15)),
    st.builds(
        lambda s, g: f"contract {s} {g}",
        st.sampled_from(["C", "D", "H", "S", "NT", "X"]),
        st.sampled_from(["partscore", "game", "slam"]),
    ),
)


@given(
    profile=st.sampled_from(API_PROFILES),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    junk=apply_inputs,
    seat=st.one_of(st.none(), st.integers(-1, 4)),
)
@settings(max_examples=80, deadline=None)
def test_any_input_is_applied_or_refused_unchanged(
    profile: str, seed: int, steps: int, junk: object, seat: int | None
) -> None:
    """Whatever is passed to apply(), the game either takes it legally or raises a
    CardrulesError and stays exactly as it was."""
    game = cardrules.load(profile).new_game(seed=seed)
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    before = game.to_json()
    legal = {str(a) for a in game.legal_actions()}
    controller = None if game.to_act is None else game.controller(game.to_act)
    try:
        game.apply(junk, seat=seat)  # type: ignore[arg-type]
    except CardrulesError:
        assert game.to_json() == before
    else:
        assert str(cardrules.parse_action(junk)) in legal  # type: ignore[arg-type]
        assert seat in (None, controller)


# -- records --------------------------------------------------------------------


def _records() -> list[str]:
    out = []
    for name in PROFILES:
        game = RULES[name].new_game(seed=11)
        rng = random.Random(11)
        for _ in range(70):
            game.apply(rng.choice(game.legal_actions()))
        out.append(game.to_json())
    return out


RECORDS = _records()
json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path in a JSON document."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


def _replace(doc: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = new
    return doc


def _read(text: str | bytes, **kwargs: Any) -> None:
    """from_json either refuses with a RecordError or gives a game that writes the same record."""
    try:
        game = Game.from_json(text, **kwargs)
    except CardrulesError:
        return
    again = Game.from_json(game.to_json(), rules=game.rules, allow_preset_hands=True)
    assert again.to_json() == game.to_json()


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(PROFILES) - 1), pick=st.integers(0, 10**6), new=json_values)
def test_a_record_with_any_value_changed(which: int, pick: int, new: Any) -> None:
    """Records: any value of a real record replaced by any JSON value is a RecordError or a
    faithful game, never another exception."""
    doc = json.loads(RECORDS[which])
    paths = _paths(doc)
    _read(json.dumps(_replace(doc, paths[pick % len(paths)], new)))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, len(PROFILES) - 1),
    edits=st.lists(st.tuples(st.integers(0, 10**6), st.binary(max_size=3)), min_size=1, max_size=4),
    signed=st.booleans(),
)
def test_a_record_with_bytes_changed(
    which: int, edits: list[tuple[int, bytes]], signed: bool
) -> None:
    """Records: bytes of a real record (signed or not) overwritten, inserted or deleted."""
    key = b"k"
    text = bytearray(
        (
            cardrules.Game.from_json(RECORDS[which]).to_json(key=key) if signed else RECORDS[which]
        ).encode()
    )
    for at, data in edits:
        at %= len(text)
        text[at : at + (len(data) or 1)] = data
    _read(bytes(text), key=key if signed else None)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=200), junk))
def test_anything_as_a_record(text: object) -> None:
    """Records: arbitrary text, bytes or objects are RecordErrors."""
    _read(text)  # type: ignore[arg-type]


# -- profiles --------------------------------------------------------------------

PROFILE_TABLES = {name: tomllib.loads(find_profile(name).read_text()) for name in PROFILES}
toml_values = st.recursive(
    st.one_of(
        st.booleans(),
        st.integers(min_value=-(2**63), max_value=2**63 - 1),
        st.floats(allow_nan=False),
        st.text(max_size=12),
        st.sampled_from(["C", "S", "none", "contract", "calls", "points", "partnership", "0"]),
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=5,
)


def _load_and_play(text: str | bytes, seed: int) -> None:
    """Loading either refuses with a ProfileError or gives rules that play a game to the end."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzzed.toml"
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        try:
            rules = cardrules.load(path)
        except CardrulesError:
            return
    _play_out(rules, seed)


def _play_out(rules: Ruleset, seed: int) -> None:
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    while game.phase != "finished":
        game.apply(rng.choice(game.legal_actions()))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(PROFILES),
    changes=st.lists(st.tuples(st.integers(0, 10**6), toml_values), min_size=1, max_size=3),
    seed=st.integers(0, 2**32),
)
def test_a_profile_with_values_changed(
    name: str, changes: list[tuple[int, Any]], seed: int
) -> None:
    """Profiles: any values of a shipped profile replaced by any TOML values: a ProfileError
    at load, or rules that play a whole game."""
    table = json.loads(json.dumps(PROFILE_TABLES[name]))
    table["profile"].pop("extends", None)
    for pick, new in changes:
        paths = [p for p in _paths(table) if p]
        table = _replace(table, paths[pick % len(paths)], new)
        if not isinstance(table, dict):
            return
    try:
        text = tomli_w.dumps(table)
    except (TypeError, ValueError):
        return  # not expressible in TOML: no file could hold it
    _load_and_play(text, seed)


@settings(max_examples=200, deadline=None)
@given(text=st.one_of(st.text(max_size=300), st.binary(max_size=300)), seed=st.integers(0, 9))
def test_anything_as_a_profile_file(text: str | bytes, seed: int) -> None:
    """Profiles: arbitrary text or bytes in a profile file are ProfileErrors."""
    _load_and_play(text, seed)


# -- cards and the stateless helpers ---------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(suit=junk, rank=junk, text=st.one_of(st.text(max_size=6), junk))
def test_cards_from_anything(suit: object, rank: object, text: object) -> None:
    """Cards: only the deck's 52 cards can be made or parsed; anything else is a CardError."""
    for make in (lambda: Card(suit, rank), lambda: Card.parse(text)):  # type: ignore[arg-type]
        try:
            card = make()
        except CardrulesError:
            continue
        assert card in cardrules.cards.CARDS


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(PROFILES),
    hand=st.one_of(junk, st.lists(st.sampled_from([*map(str, cardrules.cards.CARDS), "1S"]))),
    trick=st.one_of(junk, st.lists(st.sampled_from(["AH", "2S", "KD", "10C", "ZZ"]), max_size=5)),
    calls=st.one_of(junk, st.lists(st.integers(-3, 20), max_size=5)),
    tricks=st.one_of(junk, st.lists(st.integers(-3, 20), max_size=5)),
)
def test_stateless_helpers_with_anything(
    name: str, hand: object, trick: object, calls: object, tricks: object
) -> None:
    """Stateless helpers: legal_cards, trick_winner, explain and score_deal refuse bad input
    with a CardrulesError."""
    rules = RULES[name]
    for ask in (
        lambda: rules.legal_cards(hand, trick),  # type: ignore[arg-type]
        lambda: rules.trick_winner(trick),  # type: ignore[arg-type]
        lambda: rules.explain(hand, trick, "AH"),  # type: ignore[arg-type]
        lambda: rules.score_deal(calls=calls, tricks=tricks),  # type: ignore[arg-type]
        lambda: rules.score_deal(contract=calls, declarer=2, tricks=tricks),  # type: ignore[arg-type]
    ):
        with contextlib.suppress(CardrulesError):
            ask()


@pytest.mark.parametrize("name", PROFILES)
def test_fuzzed_tables_start_from_profiles_that_play(name: str) -> None:
    """The fuzzers' starting points are sound: each shipped table, as written, plays."""
    table = dict(PROFILE_TABLES[name])
    _load_and_play(tomli_w.dumps(table), 1)
