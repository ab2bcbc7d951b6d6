"""Types of the native core (``cardrules/_native.c``)."""

from collections.abc import Callable
from typing import Any

class Core:
    """The state a card played changes, and the card played: the base of Game."""

    hands: Any
    _trick_cards: Any
    trick: Any
    tricks: Any
    tricks_won: Any
    actions: Any
    leader: Any
    winning_seat: Any
    _to_act: Any
    _legal: Any
    _win: Any
    _beats: Any
    _follow: Any
    trump_mask: Any
    _texts: Any
    _played_cards: Any
    _plays: Any
    _next: Any
    _active: Any
    phase: Any
    _plain: Any
    _codes: Any
    _dealt: Any
    order: Any
    contract: Any
    _calls: Any
    _unsent: Any
    _free: Any
    def legal_actions(self) -> list[Any]: ...
    def apply(self, action: object, *, seat: object = None) -> None: ...

def setup(
    play_type: type, trick_type: type, legal_actions: Callable[..., Any], apply: Callable[..., Any]
) -> None: ...
def deck_indices(key: bytes, size: int, /) -> list[int]: ...
def run_steps(
    codes: tuple[int, ...],
    hand: int,
    lm: int,
    tm: int,
    beats: int,
    first: bool,
    played: int = 0,
    /,
) -> int: ...
def seeded_below(key: bytes, n: int, /) -> int: ...
def deal_masks(deck: list[int], order: tuple[int, ...], size: int, /) -> tuple[int, ...] | None: ...
def actions_in(mask: int, table: tuple[Any, ...], /) -> list[Any] | None: ...
