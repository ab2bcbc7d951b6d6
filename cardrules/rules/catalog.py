"""The named rule components a ruleset can be built from: duties, throw-ins, auctions,
scorers and ``[options]`` settings, filled by the ``cardrules_setup_components`` hook.

A profile names its components (``[play] duties``, ``[auction] kind``...);
plugins register them here under those names, with what each needs from the
rest of the profile, so that a profile whose parts do not fit is refused at load.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal

from cardrules.errors import shown
from cardrules.rules.components import Auction, Scorer
from cardrules.rules.duties import Duty
from cardrules.rules.profile import OptionValue, Profile

__all__ = [
    "CHOSEN_TRUMP",
    "AuctionFactory",
    "AuctionTraits",
    "Components",
    "OptionSpec",
    "ScorerFactory",
    "ScorerTraits",
    "ThrowInSpec",
    "ThrowInTest",
]

AuctionFactory = Callable[[Profile, tuple[int, int]], Auction]
ScorerFactory = Callable[[Profile], Scorer]
ThrowInTest = Callable[[int], bool]

#: The ``[play] trump`` of a profile whose auction chooses each deal's trump.
CHOSEN_TRUMP = "contract"


#: The text of an exact decimal option value: ``30``, ``30.5``, ``-0.25``.
_DECIMAL = re.compile(r"-?[0-9]{1,9}(?:\.[0-9]{1,9})?")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A declared ``[options]`` setting: a house-rule switch or a plugin setting."""

    name: str
    default: OptionValue
    description: str
    rule: str = ""
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: object) -> str | None:
        """None if ``value`` is acceptable, else what was expected."""
        kind = type(self.default)
        if kind is Decimal:  # a number in fractions: a whole number or an exact decimal
            number = self.exact(value)
            if number is None:
                return f"must be a number such as 30 or 30.5 (got {shown(value)})"
            value = number
        elif type(value) is not kind:
            return f"must be {kind.__name__} (got {shown(value)})"
        if self.choices and value not in self.choices:
            return f"must be one of {', '.join(map(repr, self.choices))} (got {value!r})"
        if isinstance(value, int | Decimal) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                return f"must be >= {self.minimum} (got {value})"
            if self.maximum is not None and value > self.maximum:
                return f"must be <= {self.maximum} (got {value})"
        return None

    def exact(self, value: object) -> Decimal | None:
        """A decimal option's value as an exact :class:`~decimal.Decimal` (from a whole
        number, a decimal, a float as written, or its text); None if it is none of those."""
        if isinstance(value, bool):
            return None
        if isinstance(value, float):
            value = repr(value)
        text = isinstance(value, str) and _DECIMAL.fullmatch(value) is not None
        if isinstance(value, int | Decimal) or text:
            number = Decimal(value)  # type: ignore[arg-type]
        else:
            return None
        return number if number.is_finite() else None


@dataclass(frozen=True, slots=True)
class ThrowInSpec:
    """A named throw-in test a profile can list under ``[deal] throw_in``."""

    name: str
    description: str
    test: ThrowInTest


@dataclass(frozen=True, slots=True)
class AuctionTraits:
    """What a registered auction gives play and scoring, checked against a profile at load.

    Without these a profile could name parts that validate one by one and
    still do not fit: its games would break at the first scoring, or quietly
    play other rules.  Every field defaults to "not declared", which fits
    anything (the auctions of plugins written before the check).

    ``provides``
        The shape of the :class:`~cardrules.rules.components.Contract` it makes:
        ``"calls"`` (``calls`` holds one call per seat) or ``"declarer"``
        (``declarer``, ``dummy``, ``strain``, ``goal`` and ``target`` are
        set); a plugin may coin another name for another shape.
    ``chooses_trump``
        True when each deal's contract carries a trump the auction chose (the
        profile then says ``[play] trump = "contract"``); False when it
        carries the profile's fixed trump or no-trump.
    ``sides``
        The ``[table] sides`` it works with (``"individual"``,
        ``"partnership"``); empty for any.
    """

    name: str
    provides: str = ""
    chooses_trump: bool | None = None
    sides: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ScorerTraits:
    """What a registered scorer needs of the auction and the table, checked at load.

    ``needs`` is the contract shape it reads (the ``provides`` of
    :class:`AuctionTraits`; empty: only what every contract has), ``sides`` the
    ``[table] sides`` whose keys its scores use (empty for any).  See
    :class:`AuctionTraits` for why.
    """

    name: str
    needs: str = ""
    sides: tuple[str, ...] = ()


class Components:
    """The named rule components of one ruleset, filled by ``cardrules_setup_components``."""

    def __init__(self) -> None:
        self.duties: dict[str, type[Duty]] = {}
        self.throw_ins: dict[str, ThrowInSpec] = {}
        self.auctions: dict[str, AuctionFactory] = {}
        self.scorers: dict[str, ScorerFactory] = {}
        self.auction_specs: dict[str, AuctionTraits] = {}
        self.scorer_specs: dict[str, ScorerTraits] = {}
        self.options: dict[str, OptionSpec] = {}

    def add_duty(self, cls: type[Duty]) -> None:
        """Register a :class:`~cardrules.rules.duties.Duty` subclass under its ``name``."""
        self.duties[cls.name] = cls

    def add_throw_in(self, name: str, description: str, test: ThrowInTest) -> None:
        """Register a throw-in test: ``test(hand_mask)`` true forces a redeal."""
        self.throw_ins[name] = ThrowInSpec(name, description, test)

    def add_auction(
        self,
        name: str,
        factory: AuctionFactory,
        *,
        provides: str = "",
        chooses_trump: bool | None = None,
        sides: str | Iterable[str] = (),
    ) -> None:
        """Register an auction factory ``(profile, bounds) -> Auction``.

        The keywords declare what it gives, so that a profile whose parts do
        not fit is refused at load rather than mid-game (see
        :class:`AuctionTraits`): ``provides`` the contract shape (``"calls"``,
        ``"declarer"``, ``"none"`` for the kernel's auction-less ``none``),
        ``chooses_trump`` whether it picks each deal's trump (``[play] trump
        = "contract"``), ``sides`` the ``[table] sides`` it plays with.
        Left out, each fits anything::

            components.add_auction(
                "my_auction", make, provides="declarer", chooses_trump=True, sides="partnership"
            )
        """
        self.auctions[name] = factory
        self.auction_specs[name] = AuctionTraits(name, provides, chooses_trump, _sides(sides))

    def add_scorer(
        self,
        name: str,
        factory: ScorerFactory,
        *,
        needs: str = "",
        sides: str | Iterable[str] = (),
    ) -> None:
        """Register a scorer factory ``(profile) -> Scorer``.

        The keywords declare what it reads, checked at load like an auction's
        (see :class:`ScorerTraits`): ``needs`` the contract shape an auction
        ``provides`` (``"calls"``, ``"declarer"``), ``sides`` the
        ``[table] sides`` its scores are keyed by (seats for ``"individual"``,
        pairs for ``"partnership"``).  Left out, each fits anything::

            components.add_scorer("my_scorer", make, needs="calls", sides="individual")
        """
        self.scorers[name] = factory
        self.scorer_specs[name] = ScorerTraits(name, needs, _sides(sides))

    def add_option(self, spec: OptionSpec) -> None:
        """Declare an ``[options]`` setting (a house-rule switch)."""
        self.options[spec.name] = spec


def _sides(sides: str | Iterable[str]) -> tuple[str, ...]:
    """Sides as a tuple; one name alone is one side, not its letters."""
    return (sides,) if isinstance(sides, str) else tuple(sides)


# The names these two classes had before 0.2 (the rule specs of cardrules.tools.spec
# have an AuctionSpec of their own, which these were too easily taken for).
AuctionSpec = AuctionTraits
ScorerSpec = ScorerTraits
