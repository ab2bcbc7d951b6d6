"""The research adapters follow the profile's deck: the encoding, the PettingZoo and
Gymnasium environments and the OpenSpiel game of a profile that belongs to no family,
playing a deck of 24 cards (callbreak-strict's rules, six cards each).  The card parts of
the observation and the card actions are the deck's cards by index; the auction's actions
follow them; OpenSpiel's chance deals the deck's cards."""

from __future__ import annotations

import os
import random
import warnings
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import Bid, CardrulesError, Contract, hookimpl
from cardrules.deck import named_deck
from cardrules.envs.encoding import Encoding
from cardrules.errors import IllegalAction
from cardrules.rules.actions import Action, Play, plays_of
from cardrules.rules.components import Auction, AuctionState, DealInfo
from cardrules.rules.plugins import Components

if not os.environ.get("CARDRULES_REQUIRE_EXTRAS"):  # CI installs the extra: no skip
    pytest.importorskip("pettingzoo")  # (which brings Gymnasium and NumPy)

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cardrules.envs.gym import SeatEnv
from cardrules.envs.pettingzoo import env
from helpers import TricksEach

SHORT = """[profile]
name = "short-24"
title = "Short deck"
extends = "callbreak-strict"
[deck]
name = "euchre-24"
[deal]
hand_sizes = [6]
"""
DECK = named_deck("euchre-24")


def write_short(folder: Path) -> Path:
    path = folder / "short-24.toml"
    path.write_text(SHORT, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def short_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_short(tmp_path_factory.mktemp("deck"))


@pytest.fixture
def short(short_path: Path) -> cardrules.Ruleset:
    return cardrules.load(short_path)


def test_the_spaces_are_sized_by_the_deck(short: cardrules.Ruleset) -> None:
    """24 card parts and 24 card actions, then the same auction actions as the French-pack
    profile it extends, in the same order; the trump part: the deck's four suits and none."""
    french = Encoding(cardrules.load("callbreak-strict"))
    enc = Encoding(short)
    assert short.deck is DECK and enc.deck is DECK
    assert [str(a) for a in enc.extra] == [str(a) for a in french.extra]
    assert enc.actions == 24 + len(french.extra)
    lengths = {name: length for name, _, length in enc.segments()}
    assert lengths == {
        "hand": 24,
        "shown": 3 * 24,
        "played": 4 * 24,
        "trick": 4 * 24,
        "auction": 4 * len(french.extra),
        "trump": 5,
        "tricks": 4,
        "totals": 4,
        "to_act": 4,
        "dealer": 4,
        "phase": 3,
    }
    assert enc.size == sum(lengths.values()) == french.size - 12 * 28
    assert enc.most_tricks == 6 and enc.tricks_scale == 6
    low, high = enc.bounds()
    start = {name: at for name, at, _ in enc.segments()}["tricks"]
    assert list(high[start : start + 4]) == [1.0] * 4 and low.shape == (enc.size,)


def test_card_actions_are_the_decks_cards_by_index(short: cardrules.Ruleset) -> None:
    enc = Encoding(short)
    for index, card in enumerate(DECK.cards):
        action = enc.action(index)
        assert action == Play(card) and action is plays_of(DECK)[index]
        assert enc.index(action) == index
    assert str(enc.action(24)) == str(enc.extra[0]) and enc.index(enc.extra[0]) == 24
    last = enc.actions - 1
    assert enc.action(last) is enc.extra[-1] and enc.index(enc.extra[-1]) == last
    with pytest.raises(CardrulesError, match=rf"invalid action index: {enc.actions} "):
        enc.action(enc.actions)
    with pytest.raises(
        CardrulesError,
        match=r"^action 'play 9C' is not in the action space: 9C is no card of the euchre-24 deck$",
    ):
        enc.index(Play(cardrules.Card.parse("9C")))  # the French pack's nine, not the deck's


def test_the_observation_holds_the_seats_cards_by_deck_index(short: cardrules.Ruleset) -> None:
    enc = Encoding(short)
    game = short.new_game(seed=5)
    for seat in range(4):
        vector = enc.observe(game.view(seat))
        assert vector.shape == (enc.size,)
        assert sorted(np.flatnonzero(vector[:24])) == [c.index for c in game.hand(seat)]
    # one card into the play, seen by every seat in its trick part
    while game.phase == "auction":
        game.apply(game.legal_actions()[0])
    leader = game.to_act
    assert leader is not None
    card = game.legal_actions()[0]
    game.apply(card)
    starts = {name: at for name, at, _ in enc.segments()}
    for seat in range(4):
        vector = enc.observe(game.view(seat))
        at = starts["trick"] + (leader - seat) % 4 * 24
        assert np.flatnonzero(vector[starts["trick"] : starts["auction"]]).tolist() == [
            at - starts["trick"] + card.card.index  # type: ignore[attr-defined]
        ]
        assert vector[starts["trump"] + 3] == 1  # spades, callbreak's trumps


def _play_randomly(e: Any, seed: int) -> int:
    """Random legal actions through a PettingZoo environment to the end, each observation
    in its space and the encoding of the agent's view, and each legal card action a card
    of the deck in the hand to play from; the steps taken."""
    rng = random.Random(seed)
    steps = 0
    game, enc = e.unwrapped.game, e.unwrapped.encoding
    for agent in e.agent_iter():
        observation, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        assert e.observation_space(agent).contains(observation)
        view = game.view(e.possible_agents.index(agent))  # (the encoding of its view)
        assert np.array_equal(observation["observation"], enc.observe(view))
        assert np.array_equal(observation["action_mask"], enc.mask(view))
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        assert legal
        for index in legal:
            action = enc.action(index)
            if isinstance(action, Play):
                assert action.card.deck is game.deck and action.card in game.hand(game.to_act)
        e.step(rng.choice(legal))
        steps += 1
    return steps


def test_pettingzoo_plays_the_short_deck_to_the_end(short: cardrules.Ruleset) -> None:
    """Random legal play through every deal of the game: every observation in its space,
    every legal card action a card of the deck in the hand to play from."""
    e = env(short)
    assert e.observation_space("seat_0")["observation"].shape == (Encoding(short).size,)
    assert e.action_space("seat_0").n == Encoding(short).actions
    e.reset(seed=2)
    game = e.unwrapped.game
    steps = _play_randomly(e, 2)
    assert game.phase == "finished"
    deals = len(game.deals)
    assert deals == short.deals and steps == deals * (4 + 24)  # four calls, 24 cards a deal
    assert all(sum(deal.tricks) == 6 for deal in game.deals)


def test_pettingzoo_api_and_seed_tests_pass_on_the_short_deck(short: cardrules.Ruleset) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (a dict space, as every profile's)
        api_test(env(short), num_cycles=200)
        seed_test(lambda: env(short), num_cycles=200)


def test_gymnasium_seat_env_on_the_short_deck(short: cardrules.Ruleset) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # (the checker steps random actions: illegal="penalty")
        check_env(SeatEnv(short, bots="random", illegal="penalty"), skip_render_check=True)
    e = SeatEnv(short, bots="random")
    observation, _ = e.reset(seed=7)
    assert observation["observation"].shape == (Encoding(short).size,)
    rng = random.Random(7)
    terminated = False
    while not terminated:
        legal = np.flatnonzero(e.action_masks()).tolist()
        for index in legal:
            action = e.encoding.action(index)
            if isinstance(action, Play):
                assert action.card.deck is DECK and action.card in e.game.hand(0)  # type: ignore[union-attr]
        observation, _, terminated, truncated, _ = e.step(rng.choice(legal))
        assert not truncated and e.observation_space.contains(observation)
    assert e.game is not None and e.game.phase == "finished"


@pytest.mark.parametrize(
    ("deck", "size"), [("piquet-32", 8), ("pinochle-48", 12), ("tarok-54", 13), ("tarot-78", 18)]
)
def test_every_built_in_deck_plays_through_pettingzoo(tmp_path: Path, deck: str, size: int) -> None:
    """Two copies of each card (Pinochle), cards outside the suits (the Tarot decks): the
    spaces sized by the deck, random legal play to the end of a deal."""
    body = SHORT.replace("euchre-24", deck).replace("[6]", f"[{size}]") + "[game]\ndeals = 1\n"
    path = tmp_path / "other.toml"
    path.write_text(body, encoding="utf-8")
    rules = cardrules.load(path)
    enc = Encoding(rules)
    cards = named_deck(deck).size
    assert enc.actions == cards + len(enc.extra) and enc.segments()[0] == ("hand", 0, cards)
    e = env(rules)
    e.reset(seed=4)
    steps = _play_randomly(e, 4)
    assert e.unwrapped.game.phase == "finished" and steps == 4 + 4 * size


# -- a seat sitting the deal out -----------------------------------------------------------


class _AloneState(AuctionState):
    """Seat 0 plays with its partner ("bid 0") or alone ("bid 1": seat 2 sits out)."""

    def __init__(self) -> None:
        self.call: int | None = None

    def to_act(self) -> int | None:
        return 0 if self.call is None else None

    def legal_actions(self) -> list[Action]:
        return [Bid(0), Bid(1)] if self.call is None else []

    def apply(self, seat: int, action: Action) -> None:
        if not isinstance(action, Bid) or action not in self.legal_actions():
            raise IllegalAction("X-1", "bid 0 or bid 1", action=str(action), seat=seat)
        self.call = action.tricks

    def result(self) -> Contract:
        return Contract(None, 0, sitting_out=frozenset({2} if self.call else ()))

    def public(self) -> dict[str, object]:
        return {"alone": bool(self.call)}


class _Alone(Auction):
    def start(self, deal: DealInfo) -> _AloneState:
        return _AloneState()

    def every_action(self) -> tuple[Action, ...]:
        return (Bid(0), Bid(1))


class _AlonePlugin:
    @hookimpl
    def cardrules_setup_components(self, components: Components) -> None:
        components.add_auction("alone", lambda p, b: _Alone(), provides="none")
        components.add_scorer("tricks_each", lambda p: TricksEach())


ALONE = """[profile]
name = "alone-24"
title = "Alone"
extends = "callbreak-strict"
[deck]
name = "euchre-24"
[deal]
hand_sizes = [5]
[auction]
kind = "alone"
[play]
trump = "none"
duties = [{ name = "follow_suit", rule = "X-2" }]
[scoring]
kind = "tricks_each"
"""


def test_the_played_part_passes_over_a_seat_sitting_out(tmp_path: Path) -> None:
    """Each seat's played part holds, for each seat relative to it, the cards that seat
    played to the completed tricks: with seat 2 sitting out, a trick's third card is the
    fourth seat's, not seat 2's."""
    path = tmp_path / "alone-24.toml"
    path.write_text(ALONE, encoding="utf-8")
    rules = cardrules.load(path, plugins=[_AlonePlugin()])
    enc = Encoding(rules)
    start = {name: at for name, at, _ in enc.segments()}["played"]
    rng = random.Random(3)
    for call, size in (("bid 1", 3), ("bid 0", 4)):
        game = rules.new_game(seed=11)
        observer = enc.observer(game)  # (what the environments read: the same vectors)
        game.apply(call)
        while True:
            game.apply(rng.choice(game.legal_actions()))
            if game.phase != "play":
                break
            assert all(len(t.cards) == size for t in game.tricks)
            for me in range(4):
                vector = enc.observe(game.view(me))
                assert np.array_equal(observer.observe(me), vector)
                assert np.array_equal(observer.mask(me), enc.mask(game.view(me)))
                for seat in range(4):
                    at = start + (seat - me) % 4 * 24
                    cards = [c.card.index for t in game.tricks for c in t.cards if c.seat == seat]
                    assert np.flatnonzero(vector[at : at + 24]).tolist() == sorted(cards)
        first = game.deals[0]
        assert sum(first.tricks) == 5 and (first.tricks[2] == 0 or size == 4)


# -- OpenSpiel ------------------------------------------------------------------------------


def test_openspiel_deals_the_decks_cards(short_path: Path) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.envs.openspiel import register

    (name,) = register([short_path])
    assert name == "cardrules_short_24"
    game = pyspiel.load_game(name)
    assert game.max_chance_outcomes() == 24
    assert game.num_distinct_actions() == Encoding(cardrules.load(short_path)).actions
    state = game.new_initial_state()
    assert [i for i, _ in state.chance_outcomes()] == list(range(24))
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal 9C"
    order = list(range(23, -1, -1))
    for index in order:
        state.apply_action(index)
    assert not state.is_chance_node()
    for seat in range(4):
        assert [c.index for c in state.game_.hand(seat)] == sorted(order[6 * seat : 6 * seat + 6])
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.returns()) == 4


def test_openspiel_random_simulation_test_passes_on_the_short_deck(short_path: Path) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.envs.openspiel import register

    (name,) = register([short_path])
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=False, verbose=False)


def test_openspiel_ismcts_plays_a_deal_of_the_short_deck(short_path: Path) -> None:
    """Information-set MCTS resamples the hidden hands from the deck's cards."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts

    from cardrules.envs.openspiel import register

    (name,) = register([short_path])
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), 1.5, max_simulations=10, random_state=rng
    )
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        if state.current_player() == 0:
            world = state.resample_from_infostate(0, rng.random_sample)
            assert world.game_.hand(0) == state.game_.hand(0)
            held = [c for seat in range(4) for c in world.game_.hand(seat)]
            assert all(c.deck is DECK for c in held) and len(set(held)) == len(held)
            action = bot.step(state)
            moves += 1
        else:
            action = state.legal_actions()[0]
        state.apply_action(action)
    assert moves >= 6 and len(state.returns()) == 4


def test_openspiel_refuses_a_second_file_of_the_same_name(tmp_path: Path, short_path: Path) -> None:
    pytest.importorskip("pyspiel")
    from cardrules.envs.openspiel import register

    register([short_path])
    other = write_short(tmp_path)
    with pytest.raises(
        CardrulesError,
        match=r"its game name 'cardrules_short_24' is registered for ",
    ):
        register([other])


def test_openspiel_draws_the_hand_size_first_where_the_profile_draws_it(tmp_path: Path) -> None:
    """[deal] hand_size_range: the first chance node draws the size (outcome k: k cards each,
    every size alike, as OpenSpiel's oh_hell numbers them), then the deck's cards are dealt,
    that many each."""
    pyspiel = pytest.importorskip("pyspiel")
    from cardrules.envs.openspiel import register

    path = tmp_path / "drawn-24.toml"
    path.write_text(
        SHORT.replace("short-24", "drawn-24").replace(
            "hand_sizes = [6]", "hand_sizes = []\nhand_size_range = [2, 5]"
        ),
        encoding="utf-8",
    )
    (name,) = register([path])
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(k, 0.25) for k in (2, 3, 4, 5)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "hand size 3"
    state.apply_action(3)
    assert [i for i, _ in state.chance_outcomes()] == list(range(24))
    for index in range(12):
        assert state.is_chance_node()
        state.apply_action(index)
    assert not state.is_chance_node()
    assert [len(state.game_.hand(seat)) for seat in range(4)] == [3, 3, 3, 3]
    copied = state.clone()
    assert [len(copied.game_.hand(seat)) for seat in range(4)] == [3, 3, 3, 3]
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert sum(state.game_.deals[0].tricks) == 3
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
