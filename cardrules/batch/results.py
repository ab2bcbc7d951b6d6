"""What :func:`~cardrules.simulate` returns: a record per deal, the run's deals, and the
interruption that holds the deals done; a record's JSON, exact to the decimal."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, NamedTuple

from cardrules.cards import CARDS, cards_of
from cardrules.rules.actions import Action
from cardrules.rules.components import Contract, Side

__all__ = ["DealRecord", "Simulation", "SimulationInterrupted", "json_text"]


class DealRecord(NamedTuple):
    """One simulated deal (a named tuple: cheap to make by the thousand).

    ``hands`` are the dealt hands (masks by seat), ``cards`` the card indices
    (the deck's numbering) in order of play, trick by trick, ``tricks`` the tricks
    taken by seat, ``actions`` the auction's actions in order.  ``auction_u`` and
    ``play_u`` are the random policy's uniforms, kept only with ``trace=True``.
    """

    deal: int
    dealer: int
    hands: tuple[int, ...]
    contract: Contract
    cards: bytes
    tricks: tuple[int, ...]
    scores: dict[Side, Decimal]
    actions: tuple[Action, ...] = ()
    auction_u: tuple[float, ...] = ()
    play_u: tuple[float, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The deal as :meth:`to_json` writes it: cards and actions as text, the scores
        as :class:`~decimal.Decimal` (by side: ``"0"``, ``"NS"``)."""
        out: dict[str, Any] = {
            "deal": self.deal,
            "dealer": self.dealer,
            "hands": [" ".join(str(c) for c in cards_of(h)) for h in self.hands],
            "contract": self.contract.to_dict(),
            "cards": " ".join(str(CARDS[c]) for c in self.cards),
            "tricks": list(self.tricks),
            "scores": {str(k): v for k, v in self.scores.items()},
        }
        if self.actions:
            out["auction"] = [str(a) for a in self.actions]
        return out

    def to_json(self) -> str:
        """One line of JSON (a line of ``cardrules simulate --out``); the scores are JSON
        numbers written as the decimals' text, so
        ``json.loads(line, parse_float=Decimal)`` gives them back exactly."""
        return json_text(self.to_dict())


@dataclass
class Simulation:
    """The deals of one :func:`simulate` run, in deal order."""

    profile: str
    seed: int
    players: tuple[str, ...]
    engine: str
    deals: list[DealRecord] = field(default_factory=list)
    decisions: int = 0
    #: True when the profile's lowest total wins (its points are penalties).
    lowest_wins: bool = False
    #: The ``[options]`` the ruleset was loaded with (:attr:`Ruleset.options_given`).
    options: dict[str, Any] = field(default_factory=dict)
    #: The deals asked for; fewer are in :attr:`deals` when the run was interrupted.
    asked: int = 0

    def __len__(self) -> int:
        return len(self.deals)

    def __iter__(self) -> Iterator[DealRecord]:
        return iter(self.deals)

    def __getitem__(self, i: int) -> DealRecord:
        return self.deals[i]

    @property
    def interrupted(self) -> bool:
        """Whether the run stopped before all the deals asked for were played."""
        return len(self.deals) < self.asked


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C (or a ``progress`` callback's ``KeyboardInterrupt``) during :func:`simulate`.

    The workers are stopped; :attr:`simulation` holds the deals done, the first
    ones in deal order.  A ``KeyboardInterrupt``, so code that stops on Ctrl-C
    still does.
    """

    def __init__(self, simulation: Simulation) -> None:
        super().__init__(f"{len(simulation):,} of {simulation.asked:,} deals done")
        self.simulation = simulation


def json_text(value: Any) -> str:
    """JSON text of ``value`` (dicts, lists, text, numbers), a :class:`~decimal.Decimal`
    written as a JSON number with the decimal's own text: ``Decimal("-2.5")`` is ``-2.5``,
    exact however many digits it has (``json.dumps`` would go through a float).

    >>> json_text({"scores": {"0": Decimal("3.10"), "1": Decimal(-2)}, "made": [True]})
    '{"scores": {"0": 3.10, "1": -2}, "made": [true]}'
    """
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"no JSON number for {value}")
        return str(value)  # [-]digits[.digits][E[+-]digits]: JSON's number grammar
    if isinstance(value, dict):
        items = (
            f"{json.dumps(str(k), ensure_ascii=False)}: {json_text(v)}" for k, v in value.items()
        )
        return "{" + ", ".join(items) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(json_text(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)
