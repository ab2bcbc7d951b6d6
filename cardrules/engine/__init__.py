"""The engine apps drive: a loaded ruleset, its games, their records and views, bots.

:mod:`~cardrules.engine.ruleset` (``load()`` and the stateless helpers),
:mod:`~cardrules.engine.game` (the state machine, on the core of
:mod:`~cardrules.engine.core`), :mod:`~cardrules.engine.records` (reading records
from outside), :mod:`~cardrules.engine.views` (what one seat may see) and
:mod:`~cardrules.engine.bots`.
"""

# The game module sets ``Ruleset.game_type`` (the ruleset's games are its games: the seam
# that keeps the ruleset below the game); importing any part of the engine wires it.
import cardrules.engine.game  # noqa: F401
from cardrules.engine.core import native


def build() -> str:
    """Which engine this process runs: ``"native (C)"``, the core built with the package,
    or ``"pure Python"`` (no C compiler at install, or ``CARDRULES_ENGINE=pure``);
    ``cardrules --version`` says it too."""
    return "pure Python" if native is None else "native (C)"
