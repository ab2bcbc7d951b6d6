"""cardrules: the rules of trick-taking games (Call Break, Minibridge, Oh Hell, Spades, Hearts,
contract bridge), as a library.

>>> import cardrules
>>> "callbreak-strict" in cardrules.profiles()
True
>>> game = cardrules.load("callbreak-strict").new_game(seed=1)
>>> game.phase
'auction'
"""

from __future__ import annotations

from cardrules.batch.simulate import simulate
from cardrules.cards import Card, Suit, parse_card, parse_cards
from cardrules.engine.game import Game, PlayedCard, Standing, Trick
from cardrules.engine.ruleset import Explanation, Ruleset, load
from cardrules.engine.views import View
from cardrules.errors import (
    ActionError,
    CardError,
    CardrulesError,
    IllegalAction,
    PluginError,
    ProfileError,
    RecordError,
)
from cardrules.rules.actions import Action, Bid, Play, Vocabulary
from cardrules.rules.components import (
    CallsContract,
    Contract,
    Direction,
    GameOver,
    ScoreHelpers,
    ThrowIn,
)
from cardrules.rules.duties import Duty, FastStep, TrickState
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.hookspecs import hookimpl, hookspec
from cardrules.rules.plugins import Components, OptionSpec
from cardrules.rules.reading import parse_action

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionError",
    "AuctionKind",
    "Bid",
    "CallsContract",
    "Card",
    "CardError",
    "CardrulesError",
    "Components",
    "Contract",
    "Direction",
    "Duty",
    "Explanation",
    "Family",
    "FastStep",
    "Game",
    "GameOver",
    "IllegalAction",
    "OptionSpec",
    "Play",
    "PlayedCard",
    "PluginError",
    "ProfileError",
    "RecordError",
    "Ruleset",
    "ScoreHelpers",
    "ScorerKind",
    "Standing",
    "Suit",
    "ThrowIn",
    "Trick",
    "TrickState",
    "View",
    "Vocabulary",
    "hookimpl",
    "hookspec",
    "load",
    "parse_action",
    "parse_card",
    "parse_cards",
    "profiles",
    "simulate",
]


def profiles() -> list[str]:
    """Sorted names of the installed profiles."""
    from cardrules.profile.registry import profile_paths

    return sorted(profile_paths())
