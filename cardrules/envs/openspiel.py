"""Every profile as an OpenSpiel python game (``pip install 'cardrules[openspiel]'``).

>>> import pyspiel
>>> from cardrules.envs.openspiel import register, game_name
>>> names = register()
>>> game = pyspiel.load_game(game_name("callbreak-strict"))
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions()
(True, 64)

A game is **one deal** of the profile, as OpenSpiel's own trick-taking games
are: chance nodes deal the profile's deck one card at a time (the chance
outcomes are the cards not dealt yet, by their index in the deck; card ``k``
dealt goes to seat ``k // hand_size``; where the profile turns up a trump
card, one more chance node turns it up from the rest), dealer seat 0 (the
``dealer`` parameter changes it).  Where the profile draws the hand size by
chance (``[deal] hand_size_range``), a first chance node draws it, each size
of the range alike (outcome ``k``: ``k`` cards each), as OpenSpiel's
``oh_hell`` draws its number of tricks.  A deal the rules throw in (a Call
Break hand without a spade, Minibridge at 20–20) is dealt again by chance
(the same size).  The players are the seats; the
player to move is the seat that decides (declarer for dummy).  Actions and the
observation and information-state tensors are those of
:mod:`cardrules.envs.encoding`; the strings are the seat's view as JSON (its
own cards, what is public, the deal's auction and tricks in order: perfect
recall within the deal).  Returns are each seat's side's score for the deal
(less its penalty points where the lowest total wins).

``state.resample_from_infostate(player, probability_sampler)`` draws the
hidden hands consistent with the player's view (:mod:`cardrules.engine.worlds`),
so that OpenSpiel's information-set MCTS can play; profiles whose auction
hides actions (the cards passed in Hearts) cannot be resampled.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from cardrules.deck import Deck
from cardrules.engine.game import Game, lowest_wins
from cardrules.engine.ruleset import Ruleset, load
from cardrules.engine.worlds import knowledge, sample_masks
from cardrules.envs.encoding import Encoding
from cardrules.errors import CardrulesError
from cardrules.profile.registry import profile_paths
from cardrules.rules.actions import plays_of

__all__ = ["CardrulesGame", "CardrulesState", "game_name", "register"]

_MAX_GAME_LENGTH = 600
_MAX_UTILITY = 10_000.0


def cardrules_profiles() -> list[str]:
    """The installed profiles, by name."""
    return sorted(profile_paths())


def game_name(profile: str) -> str:
    """The OpenSpiel short name of a profile: ``cardrules_`` and its name, ``-`` as ``_``."""
    return "cardrules_" + profile.replace("-", "_")


_REGISTERED: dict[str, str | Path] = {}


def register(profiles: Iterable[str | Path] | None = None) -> list[str]:
    """Register each profile (every installed one by default) with OpenSpiel; their
    short names.  A profile is a name, or a :class:`~pathlib.Path` to a profile file (its
    game named by the profile's own name); a name already registered for another file is
    refused."""
    names = []
    for profile in profiles if profiles is not None else cardrules_profiles():
        rules = load(profile) if isinstance(profile, Path) else None
        name = game_name(str(profile) if rules is None else rules.name)
        known = _REGISTERED.get(name)
        if known is not None and known != profile:
            raise CardrulesError(
                f"cannot register {str(profile)!r} with OpenSpiel: its game name {name!r} "
                f"is registered for {str(known)!r}"
            )
        if known is None:
            rules = rules or load(profile)
            encoding = Encoding(rules)
            game_type = pyspiel.GameType(
                short_name=name,
                long_name=f"cardrules {rules.name}",
                dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
                chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
                information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
                utility=pyspiel.GameType.Utility.GENERAL_SUM,
                reward_model=pyspiel.GameType.RewardModel.TERMINAL,
                max_num_players=rules.players,
                min_num_players=rules.players,
                provides_information_state_string=True,
                provides_information_state_tensor=True,
                provides_observation_string=True,
                provides_observation_tensor=True,
                parameter_specification={"dealer": 0},
            )

            # A class per profile, as OpenSpiel's own python games register theirs.
            cls = type(
                f"CardrulesGame_{name}",
                (CardrulesGame,),
                {"PROFILE": profile, "GAME_TYPE": game_type, "__module__": __name__},
            )
            pyspiel.register_game(game_type, cls)
            _REGISTERED[name] = profile
            del encoding
        names.append(name)
    return names


def _copy_words(deck: Deck, action: int) -> str:
    """Where the deck holds several copies of a card and ``action`` deals or plays one after
    the first, which (`` (copy 2)``): OpenSpiel wants each action's text its own."""
    if deck.copies == 1 or not 0 <= action < deck.size:
        return ""
    copy = deck.cards[action].copy
    return f" (copy {copy + 1})" if copy else ""


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of a profile, for OpenSpiel."""

    PROFILE: str | Path = ""
    GAME_TYPE: Any = None

    def __init__(self, params: Any = None) -> None:
        profile, game_type = self.PROFILE, self.GAME_TYPE
        self.rules: Ruleset = load(profile)
        self.encoding = Encoding(self.rules)
        params = dict(params or {})
        dealer = int(params.get("dealer", 0))
        if not 0 <= dealer < self.rules.players:
            raise CardrulesError(f"invalid dealer: {dealer} (expected 0..{self.rules.players - 1})")
        self.dealer = dealer
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions,
            max_chance_outcomes=self.rules.deck.size,
            num_players=self.rules.players,
            min_utility=-_MAX_UTILITY,
            max_utility=_MAX_UTILITY,
            utility_sum=None,
            max_game_length=_MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, {"dealer": dealer})

    def __deepcopy__(self, memo: dict[int, Any]) -> CardrulesGame:
        return self  # a game does not change: its states share it

    def new_initial_state(self) -> CardrulesState:
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        return CardrulesObserver(self)


class CardrulesState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: chance dealing the cards, then the seats deciding."""

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        self._osgame = game
        rules = game.rules
        span = rules.profile.hand_size_range
        #: The hand sizes the first chance node draws from, where the profile draws the
        #: size by chance (``[deal] hand_size_range``); else none, and the size is known.
        self._sizes = tuple(range(span[0], span[1] + 1)) if span else ()
        self._size = 0 if self._sizes else rules.hand_size(1)
        self._turn_up = rules.profile.trump == "turn_up"
        self._dealt: list[int] = []
        self._history: list[int] = []
        self._held = _Held(None)

    @property
    def game_(self) -> Game | None:
        """The cardrules game of the deal (None while the cards are dealt)."""
        return self._held.game

    @game_.setter
    def game_(self, game: Game | None) -> None:
        self._held = _Held(game)

    # -- chance -------------------------------------------------------------------

    def _to_deal(self) -> int:
        return self._osgame.rules.players * self._size + (1 if self._turn_up else 0)

    def current_player(self) -> int:
        game = self.game_
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.to_act is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return game.controller(game.to_act)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self._size:  # the hand size first: outcome k is k cards each
            p_size = 1.0 / len(self._sizes)
            return [(size, p_size) for size in self._sizes]
        dealt = set(self._dealt)
        left = [i for i in range(self._osgame.rules.deck.size) if i not in dealt]
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def _begin(self) -> None:
        """The cards are dealt: the deal begins (or is thrown in, and dealt again)."""
        game_ = self._osgame
        rules = game_.rules
        n = rules.players
        hands = [0] * n
        for k, index in enumerate(self._dealt[: n * self._size]):
            hands[k // self._size] |= 1 << index
        # (in the order dealt: a deal in stages takes each stage from a seat's first cards)
        dealt = [self._dealt[s * self._size : (s + 1) * self._size] for s in range(n)]
        stock = [i for i in range(rules.deck.size) if not any(h >> i & 1 for h in hands)]
        if self._turn_up:
            top = self._dealt[-1]
            stock.remove(top)
            stock.insert(0, top)
        game = Game.from_deal(rules, hands, stock, dealer=game_.dealer, dealt=dealt)
        if game is None:  # thrown in: chance deals again
            self._dealt = []
            return
        game.halt_after_deal = True  # one deal
        self.game_ = game

    # -- moves ----------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        game = self.game_
        assert game is not None
        return sorted(self._osgame.encoding.index(a) for a in game.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.game_ is None:
            if not self._size:
                self._size = int(action)
                return
            self._dealt.append(int(action))
            if len(self._dealt) == self._to_deal():
                self._begin()
            return
        game = self.game_
        seat = game.controller(game.to_act)
        game.apply(self._osgame.encoding.action(action), seat=seat)
        self._history.append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        deck = self._osgame.rules.deck
        if player == pyspiel.PlayerId.CHANCE:
            if not self._size:
                return f"hand size {action}"
            return f"deal {deck.cards[action]}{_copy_words(deck, action)}"
        return f"{self._osgame.encoding.action(action)}{_copy_words(deck, action)}"

    def is_terminal(self) -> bool:
        return self.game_ is not None and self.game_.to_act is None

    def returns(self) -> list[float]:
        game = self.game_
        rules = self._osgame.rules
        if game is None or not game.deals:
            return [0.0] * rules.players
        sign = -1.0 if lowest_wins(rules.end) else 1.0
        scores = game.deals[0].scores
        return [sign * float(scores.get(rules.side_of(s), 0)) for s in range(rules.players)]

    def __str__(self) -> str:
        return "dealing" if self.game_ is None else str(self.game_)

    # -- copies and worlds ------------------------------------------------------------

    def _replayed(self, dealt: list[int], history: list[int]) -> CardrulesState:
        state = CardrulesState(self._osgame)
        if self._sizes and self._size:
            state._apply_action(self._size)
        for index in dealt:
            state._apply_action(index)
        for action in history:
            state._apply_action(action)
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> CardrulesState:
        return self._replayed(list(self._dealt), list(self._history))

    def __getstate__(self) -> dict[str, Any]:  # (OpenSpiel copies a state's attributes)
        return self.__dict__

    def clone(self) -> CardrulesState:
        return copy.deepcopy(self)

    def resample_from_infostate(self, player: int, probability_sampler: Any = None) -> Any:
        """A state ``player`` cannot tell from this one: the hidden hands drawn again."""
        game = self.game_
        if game is None:
            return self.clone()
        view = game.view(player)
        if any(text is None for _, text in view.auction_actions):
            raise CardrulesError("this profile's auction hides actions: no resampling")
        rng = random.Random(
            int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        )
        know = knowledge(view, self._osgame.rules)
        masks = sample_masks(know, rng)
        if masks is None:
            return self.clone()
        n = self._osgame.rules.players
        start = [masks[s] | know.played[s] for s in range(n)]
        dealt: list[int] = []
        for seat in range(n):
            dealt += [c.index for c in self._osgame.rules.deck.cards_of(start[seat])]
        if self._turn_up:
            dealt.append(self._dealt[-1])
        return self._replayed(dealt, list(self._history))

    # -- what a player sees -------------------------------------------------------------

    def view_json(self, player: int) -> str:
        if self.game_ is None:
            mine = self._dealt[player * self._size : (player + 1) * self._size]
            cards = self._osgame.rules.deck.cards
            return json.dumps({"dealing": [str(cards[i]) for i in sorted(mine)]})
        return self.game_.view(player).to_json()

    def information_state_string(self, player: int | None = None) -> str:
        return self.view_json(self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        return self.view_json(self.current_player() if player is None else player)


class _Held:
    """A game held by a state: OpenSpiel copies a state by deep-copying its attributes,
    and a copy of this holder is a copy of the game (cardrules copies a game exactly)."""

    __slots__ = ("game",)

    def __init__(self, game: Game | None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        game = self.game
        if game is None:
            return _Held(None)
        again = _copy_game(game)
        return _Held(again)


def _copy_game(game: Game) -> Game:
    """An independent copy of a deal dealt by chance: the same deal, the same actions (and
    where the deck holds several copies of a card, the very copy each seat played: a card's
    text plays whichever the seat holds, and OpenSpiel numbers each copy its own)."""
    copy_ = Game.from_deal(
        game.rules,
        game.initial_hands,
        _stock_of(game),
        dealer=game.dealer,
        dealt=game.stage_order,
    )
    assert copy_ is not None
    copy_.halt_after_deal = True
    exact = None
    if game.deck.copies > 1:
        plays = plays_of(game.deck)
        played = [p.card for t in game.tricks for p in t.cards] + [p.card for p in game.trick]
        exact = iter([plays[card.index] for card in played])
    for text in game.actions:
        copy_.apply(next(exact) if exact is not None and text.startswith("play ") else text)
    return copy_


def _stock_of(game: Game) -> tuple[int, ...]:
    held = 0
    for mask in game.initial_hands:
        held |= mask
    stock = [c.index for c in game.deck.cards_of(game.deck.all_mask & ~held)]
    if game.turned_up is not None:
        stock.remove(game.turned_up.index)
        stock.insert(0, game.turned_up.index)
    return tuple(stock)


class CardrulesObserver:
    """OpenSpiel's observer: the encoding of a seat's view (zeros but the seat's own
    cards while the cards are dealt)."""

    def __init__(self, game: CardrulesGame) -> None:
        self._game = game
        self.tensor = np.zeros(game.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardrulesState, player: int) -> None:
        self.tensor.fill(0)
        if state.game_ is None:
            size = state._size
            for index in state._dealt[player * size : (player + 1) * size]:
                self.tensor[index] = 1
            return
        self.tensor[:] = self._game.encoding.observe(state.game_.view(player))

    def string_from(self, state: CardrulesState, player: int) -> str:
        return state.view_json(player)
