"""Which core the game engine runs on: the native one (``cardrules/_native.c``,
built with the package where a C compiler is there) or the pure-Python engine.

:class:`Core` is the base of :class:`~cardrules.engine.game.Game`: the state a card
played changes, as attributes the game's Python code reads and writes the same way
under either core.  The native core's are members of its C type, with
``legal_actions()`` and ``apply()`` for a card run in C; the pure one's are slots.
``CARDRULES_ENGINE=pure`` in the environment turns the native core off (the tests
compare the two with it).
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import TYPE_CHECKING


def _load_native() -> ModuleType | None:
    if os.environ.get("CARDRULES_ENGINE", "").strip().lower() == "pure":
        return None
    try:
        import cardrules._native as _native
    except ImportError:  # not built (no C compiler when installed): the pure engine
        return None
    return _native


#: The native core's module (None: the pure-Python engine runs).
native: ModuleType | None = _load_native()


class PureCore:
    """The pure-Python engine's base of Game: the native core's members, as slots."""

    __slots__ = (
        "_active",
        "_beats",
        "_calls",
        "_codes",
        "_dealt",
        "_follow",
        "_free",
        "_legal",
        "_next",
        "_plain",
        "_played_cards",
        "_plays",
        "_texts",
        "_to_act",
        "_trick_cards",
        "_unsent",
        "_win",
        "actions",
        "contract",
        "hands",
        "leader",
        "order",
        "phase",
        "trick",
        "tricks",
        "tricks_won",
        "trump_mask",
        "winning_seat",
    )


if TYPE_CHECKING:
    Core = PureCore
else:
    Core = PureCore if native is None else native.Core
