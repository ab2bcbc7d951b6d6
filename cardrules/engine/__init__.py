"""The engine apps drive: a loaded ruleset, its games, their records and views, bots.

:mod:`~cardrules.engine.ruleset` (``load()`` and the stateless helpers),
:mod:`~cardrules.engine.game` (the state machine; the module the compiled
wheel compiles), :mod:`~cardrules.engine.records` (reading records from
outside), :mod:`~cardrules.engine.views` (what one seat may see) and
:mod:`~cardrules.engine.bots`.
"""

# The game module sets ``Ruleset.game_type`` (the ruleset's games are its games: the seam
# that keeps the ruleset below the game); importing any part of the engine wires it.
import cardrules.engine.game


def build() -> str:
    """Which build of the game engine this process runs: ``"pure Python"``, or
    ``"compiled (mypyc)"`` from the compiled wheel (``cardrules --version`` says it too)."""
    where = cardrules.engine.game.__file__ or ""
    return "pure Python" if where.endswith(".py") else "compiled (mypyc)"
