"""cardrules: the rules of trick-taking games (Call Break, Minibridge, Oh Hell, Spades, Hearts,
contract bridge, Euchre, Skat, Tarok, Twenty-Nine, Doppelkopf), as a library.

``import cardrules`` is light: each public name below is imported from its module the
first time a program uses it (``cardrules.load`` loads the engine and the profiles).

>>> import cardrules
>>> "callbreak-strict" in cardrules.profiles()
True
>>> game = cardrules.load("callbreak-strict").new_game(seed=1)
>>> game.phase
'auction'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardrules.errors import (
    ActionError,
    CardError,
    CardrulesError,
    IllegalAction,
    PluginError,
    ProfileError,
    RecordError,
)

if TYPE_CHECKING:
    from cardrules.batch.simulate import simulate
    from cardrules.cards import Card, Suit, parse_card, parse_cards
    from cardrules.engine.game import Game, PlayedCard, Standing, Trick
    from cardrules.engine.ruleset import Explanation, Ruleset, load
    from cardrules.engine.views import View
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

#: Where each public name lives: imported the first time it is asked for, so that
#: ``import cardrules`` costs only the errors (the engine, the profiles, the entry points
#: and the batch engine load when a program first uses them).
_LAZY: dict[str, str] = {
    "simulate": "cardrules.batch.simulate",
    **dict.fromkeys(("Card", "Suit", "parse_card", "parse_cards"), "cardrules.cards"),
    **dict.fromkeys(("Game", "PlayedCard", "Standing", "Trick"), "cardrules.engine.game"),
    **dict.fromkeys(("Explanation", "Ruleset", "load"), "cardrules.engine.ruleset"),
    "View": "cardrules.engine.views",
    **dict.fromkeys(("Action", "Bid", "Play", "Vocabulary"), "cardrules.rules.actions"),
    **dict.fromkeys(
        ("CallsContract", "Contract", "Direction", "GameOver", "ScoreHelpers", "ThrowIn"),
        "cardrules.rules.components",
    ),
    **dict.fromkeys(("Duty", "FastStep", "TrickState"), "cardrules.rules.duties"),
    **dict.fromkeys(("AuctionKind", "Family", "ScorerKind"), "cardrules.rules.family"),
    **dict.fromkeys(("hookimpl", "hookspec"), "cardrules.rules.hookspecs"),
    **dict.fromkeys(("Components", "OptionSpec"), "cardrules.rules.plugins"),
    "parse_action": "cardrules.rules.reading",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'cardrules' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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
