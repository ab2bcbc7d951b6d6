"""A session of boards started where the Laws say (BR-1.2, BR-1.4).

A game's first dealer is its first board's (``dealer_of(first_board)``, Law 2): the
kernel deals from there, and ``new_game(dealer=...)`` with another seat is refused.
:func:`new_session` is the same game, spelled out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from cardrules.cards import Card
from cardrules_bridge.scoring import dealer_of

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.ruleset import Ruleset

__all__ = ["first_board", "new_session"]


def first_board(rules: Ruleset) -> int:
    """The number of the first board of a game of ``rules`` (its ``first_board`` option)."""
    return rules.profile.whole("first_board")


def new_session(
    rules: Ruleset,
    seed: int | None = None,
    *,
    hands: Sequence[Iterable[Card | str] | str] | None = None,
) -> Game:
    """A new game of ``rules`` whose first board is dealt by that board's dealer (BR-1.2),
    as ``rules.new_game(seed, hands=hands)`` deals it.

    >>> import cardrules
    >>> game = new_session(cardrules.load("bridge-duplicate", first_board=6), seed=1)
    >>> game.dealer, game.auction.public()["board"], game.auction.public()["vulnerable"]
    (1, 6, 'EW')
    """
    return rules.new_game(seed, dealer=dealer_of(first_board(rules)), hands=hands)
