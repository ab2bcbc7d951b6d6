"""Which optional members a plugin's objects have (the optional protocols of
:mod:`cardrules.rules.components`), worked out once per class."""

from __future__ import annotations

from typing import Final, TypeGuard

from cardrules.rules.components import (
    DealsStages,
    DecidesForOthers,
    ExchangesCards,
    ExplainsRedeal,
    NamesTurnRule,
    ScoresCardsTaken,
    ScoresInGame,
)

#: (class, protocol) -> whether the class's objects have the protocol's members.
_CONFORMS: Final[dict[tuple[type, object], bool]] = {}


def _conforms(obj: object, protocol: object) -> bool:
    """``isinstance(obj, protocol)`` for a protocol of optional members, worked out once
    per class (a runtime protocol check looks up every member each time)."""
    key = (type(obj), protocol)
    known = _CONFORMS.get(key)
    if known is None:
        known = _CONFORMS[key] = isinstance(obj, protocol)  # type: ignore[arg-type]
    return known


def _explains_redeal(state: object) -> TypeGuard[ExplainsRedeal]:
    return _conforms(state, ExplainsRedeal)


def _decides_for_others(state: object) -> TypeGuard[DecidesForOthers]:
    return _conforms(state, DecidesForOthers)


def _names_turn_rule(state: object) -> TypeGuard[NamesTurnRule]:
    return _conforms(state, NamesTurnRule)


def _scores_in_game(scorer: object) -> TypeGuard[ScoresInGame]:
    return _conforms(scorer, ScoresInGame)


def _scores_cards_taken(scorer: object) -> TypeGuard[ScoresCardsTaken]:
    return _conforms(scorer, ScoresCardsTaken)


def _exchanges_cards(state: object) -> TypeGuard[ExchangesCards]:
    return _conforms(state, ExchangesCards)


def _deals_stages(state: object) -> TypeGuard[DealsStages]:
    return _conforms(state, DealsStages)
