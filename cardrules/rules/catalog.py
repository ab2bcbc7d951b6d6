"""The named rule components a ruleset can be built from: duties, throw-ins, auctions,
scorers, rankings, decks and ``[options]`` settings, filled by the
``cardrules_setup_components`` hook.

A profile names its components (``[play] duties``, ``[auction] kind``...);
plugins register them here under those names, with what each needs from the
rest of the profile, so that a profile whose parts do not fit is refused at load.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from cardrules.deck import DECKS, DeckSpec, OrderBuilder, natural_order
from cardrules.errors import CardrulesError, shown
from cardrules.rules.components import Auction, EndCondition, Scorer
from cardrules.rules.duties import Duty
from cardrules.rules.profile import OptionValue, Profile

__all__ = [
    "CHOSEN_TRUMP",
    "DECIMAL_PLACES",
    "MAX_OPTION_NUMBER",
    "MAX_OPTION_TEXT",
    "OPTION_NAME",
    "AuctionFactory",
    "AuctionTraits",
    "Components",
    "EndFactory",
    "OptionSpec",
    "ScorerFactory",
    "ScorerTraits",
    "ThrowInSpec",
    "ThrowInTest",
    "option_text",
]

AuctionFactory = Callable[[Profile, tuple[int, int]], Auction]
ScorerFactory = Callable[[Profile], Scorer]
#: What makes a game's end condition: ``(profile, deals) -> EndCondition``.
EndFactory = Callable[[Profile, int], EndCondition]
ThrowInTest = Callable[[int], bool]

#: The ``[play] trump`` of a profile whose auction chooses each deal's trump.
CHOSEN_TRUMP = "contract"


#: The text of an exact decimal option value: ``30``, ``30.5``, ``-0.25``.
_DECIMAL = re.compile(r"-?[0-9]{1,9}(?:\.[0-9]{1,9})?")
#: The most digits a decimal option has after the point (the text above allows no more).
DECIMAL_PLACES: Final = 9

#: The name of an option, as a profile's ``[options]`` and a record's ``options`` hold it.
OPTION_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
#: The longest text an option's value may be (a record holds no longer one).
MAX_OPTION_TEXT: Final = 100
#: The bound of every number option, either way: nine digits, as a decimal's text has
#: before its point.  A plugin declares a narrower range (``minimum``, ``maximum``);
#: what it leaves out is this.  Records hold numbers of up to 24 digits, so whatever
#: ``load`` accepts is written and read back.
MAX_OPTION_NUMBER: Final = 999_999_999


def option_text(value: OptionValue) -> bool | int | str:
    """An option's value as a record and a profile's data hold it: a decimal as its plain
    text (``30.5``, ``0.0000001``, never ``1E-7``, which no option reads)."""
    return format(value, "f") if isinstance(value, Decimal) else value


def _places(number: Decimal) -> int:
    """How many digits a finite decimal has after its point, as written (``30.50``: 2)."""
    exponent = number.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _shown_number(value: int | Decimal) -> str:
    """A number for a message: a huge integer by its size (its digits would be megabytes,
    and Python refuses to write more than 4,300)."""
    if type(value) is int and value.bit_length() > 200:
        return "a number of more than 60 digits"
    return str(value)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A declared ``[options]`` setting: a house-rule switch or a plugin setting.

    The declaration is the one source of what the option accepts: its type (the
    default's), its ``choices``, and for a number its range, ``minimum`` to
    ``maximum`` (inclusive; a bound left out is :data:`MAX_OPTION_NUMBER` either
    way), and the one place its default is written: a profile that does not set
    the option reads it (``profile.flag(name)``, ``whole``, ``number``, ``text``),
    and a profile's value equal to it is left out of the rules hash.  ``load``
    checks a value against it, :meth:`json_schema` tells editors, and anything it
    accepts a game's record holds and reads back.  A declaration
    that breaks its own range (a default outside it, a bound beyond
    :data:`MAX_OPTION_NUMBER`) is refused with a :class:`~cardrules.CardrulesError`
    when it is made::

        OptionSpec("target", 100, "The game ends at this total.", rule="HE-5.1",
                   minimum=0, maximum=10_000)
    """

    name: str
    default: OptionValue
    description: str
    rule: str = ""
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if self.is_number:  # the range in full, so that every reader sees one bound
            low = -MAX_OPTION_NUMBER if self.minimum is None else self.minimum
            high = MAX_OPTION_NUMBER if self.maximum is None else self.maximum
            object.__setattr__(self, "minimum", low)
            object.__setattr__(self, "maximum", high)
        problem = self._declaration_problem()
        if problem:
            raise CardrulesError(f"invalid option declaration {shown(self.name)}: {problem}")

    @property
    def is_number(self) -> bool:
        """Whether the option is a number (a whole number, or a decimal such as 30.5)."""
        return type(self.default) in (int, Decimal)

    def _declaration_problem(self) -> str:
        if type(self.name) is not str or not OPTION_NAME.fullmatch(self.name):
            return "the name must be letters, digits and '_', not starting with a digit"
        if type(self.default) not in (bool, int, str, Decimal):
            return f"the default must be bool, int, str or Decimal (got {shown(self.default)})"
        if not self.is_number:
            if self.minimum is not None or self.maximum is not None:
                return "only a number option has a minimum and a maximum"
        else:
            low, high = self.minimum, self.maximum
            if type(low) is not int or type(high) is not int:
                return f"minimum and maximum must be int (got {shown(low)}, {shown(high)})"
            if not -MAX_OPTION_NUMBER <= low <= high <= MAX_OPTION_NUMBER:
                return (
                    f"the range must lie within -{MAX_OPTION_NUMBER} to {MAX_OPTION_NUMBER}, "
                    f"minimum first (got {low} to {high})"
                )
        for value in (self.default, *self.choices):
            what = self.check(value)
            if what is not None:
                return f"the default and every choice must be accepted: {shown(value)} {what}"
        return ""

    def check(self, value: object) -> str | None:
        """None if ``value`` is acceptable, else what was expected."""
        kind = type(self.default)
        if kind is Decimal:  # a number in fractions: a whole number or an exact decimal
            if type(value) is int and not self._in_range(value):
                return self._range_words(value)  # before Decimal(value): 10**10**6 takes seconds
            number = self.exact(value)
            if number is None:
                return f"must be a number such as 30 or 30.5 (got {shown(value)})"
            value = number
        elif type(value) is not kind:
            return f"must be {kind.__name__} (got {shown(value)})"
        if self.choices and value not in self.choices:
            return f"must be one of {', '.join(map(repr, self.choices))} (got {shown(value)})"
        if (
            isinstance(value, int | Decimal)
            and not isinstance(value, bool)
            and not self._in_range(value)
        ):
            return self._range_words(value)
        if isinstance(value, Decimal) and _places(value) > DECIMAL_PLACES:
            return f"must have at most {DECIMAL_PLACES} digits after the point (got {value})"
        if isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
            return f"must be text of at most {MAX_OPTION_TEXT} characters (got {shown(value)})"
        return None

    def _in_range(self, value: int | Decimal) -> bool:
        low = -MAX_OPTION_NUMBER if self.minimum is None else self.minimum
        high = MAX_OPTION_NUMBER if self.maximum is None else self.maximum
        return low <= value <= high

    def _range_words(self, value: int | Decimal) -> str:
        return f"must be from {self.minimum} to {self.maximum} (got {_shown_number(value)})"

    def exact(self, value: object) -> Decimal | None:
        """A decimal option's value as an exact :class:`~decimal.Decimal` (from a whole
        number, a decimal, a float as written, or its text); None if it is none of those."""
        if isinstance(value, bool):
            return None
        if isinstance(value, float):
            value = Decimal(repr(value))  # as written: 30.5, not 30.499999999999998...
        if isinstance(value, str):
            return Decimal(value) if _DECIMAL.fullmatch(value) else None
        if isinstance(value, int | Decimal):
            number = Decimal(value)
            return number if number.is_finite() else None
        return None

    def json_schema(self) -> dict[str, Any]:
        """The option's JSON Schema, for editors: its type, choices, range and default."""
        words = f"{self.description} ({self.rule})" if self.rule else self.description
        schema: dict[str, Any] = {"description": words}
        if isinstance(self.default, bool):
            schema["type"] = "boolean"
        elif isinstance(self.default, str):
            schema.update(type="string", maxLength=MAX_OPTION_TEXT)
        elif isinstance(self.default, int):
            schema.update(type="integer", minimum=self.minimum, maximum=self.maximum)
        else:  # a decimal: a TOML number, or its text
            schema["anyOf"] = [
                {"type": "number", "minimum": self.minimum, "maximum": self.maximum},
                {"type": "string", "pattern": f"^{_DECIMAL.pattern}$"},
            ]
        if self.choices:
            schema["enum"] = [_json_value(c) for c in self.choices]
        schema["default"] = _json_value(self.default)
        return schema


def _json_value(value: OptionValue) -> bool | int | float | str:
    """A value as JSON writes it: a decimal as a number (a whole one as an integer)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


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
    ``phase_name``
        The family's word for the phase its auctions fill (``"passing"``,
        ``"bidding"``), as the terminal heads it and the server reports it
        beside ``game.phase``, which stays ``"auction"``; empty: ``"auction"``.
    """

    name: str
    provides: str = ""
    chooses_trump: bool | None = None
    sides: tuple[str, ...] = ()
    phase_name: str = ""


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
        #: The end condition each scorer's games end by, where it declares one.
        self.ends: dict[str, EndFactory] = {}
        self.auction_specs: dict[str, AuctionTraits] = {}
        self.scorer_specs: dict[str, ScorerTraits] = {}
        self.options: dict[str, OptionSpec] = {}
        self.rankings: dict[str, OrderBuilder] = {"natural": natural_order}
        #: The decks the plugins declare, by the name a profile's ``[deck] name`` gives
        #: (the built-in decks, :data:`~cardrules.deck.DECKS`, are not among them).
        self.decks: dict[str, DeckSpec] = {}

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
        phase_name: str = "",
    ) -> None:
        """Register an auction factory ``(profile, bounds) -> Auction``.

        The keywords declare what it gives, so that a profile whose parts do
        not fit is refused at load rather than mid-game (see
        :class:`AuctionTraits`): ``provides`` the contract shape (``"calls"``,
        ``"declarer"``, ``"none"`` for the kernel's auction-less ``none``),
        ``chooses_trump`` whether it picks each deal's trump (``[play] trump
        = "contract"``), ``sides`` the ``[table] sides`` it plays with.
        Left out, each fits anything.  ``phase_name`` is the family's word for
        the phase (``"passing"``; left out, ``"auction"``)::

            components.add_auction(
                "my_auction", make, provides="declarer", chooses_trump=True, sides="partnership"
            )
        """
        self.auctions[name] = factory
        self.auction_specs[name] = AuctionTraits(
            name, provides, chooses_trump, _sides(sides), phase_name
        )

    def add_scorer(
        self,
        name: str,
        factory: ScorerFactory,
        *,
        needs: str = "",
        sides: str | Iterable[str] = (),
        end: EndFactory | None = None,
    ) -> None:
        """Register a scorer factory ``(profile) -> Scorer``.

        The keywords declare what it reads, checked at load like an auction's
        (see :class:`ScorerTraits`): ``needs`` the contract shape an auction
        ``provides`` (``"calls"``, ``"declarer"``), ``sides`` the
        ``[table] sides`` its scores are keyed by (seats for ``"individual"``,
        pairs for ``"partnership"``).  Left out, each fits anything.

        ``end`` makes the end condition of a game scored this way, ``(profile,
        deals) -> EndCondition`` (Hearts' target, where the lowest total wins);
        the kernel takes it for every profile whose ``[scoring] kind`` names
        this scorer.  Left out, a game ends after its number of deals::

            components.add_scorer("my_scorer", make, needs="calls", sides="individual")
            components.add_scorer("to_100", make, end=lambda profile, deals: ToTarget(deals))
        """
        self.scorers[name] = factory
        self.scorer_specs[name] = ScorerTraits(name, needs, _sides(sides))
        if end is None:
            self.ends.pop(name, None)  # a later registration replaces the whole scorer
        else:
            self.ends[name] = end

    def add_ranking(self, name: str, build: OrderBuilder) -> None:
        """Register a ranking of the cards in play: ``build(deck, ranking)`` returns the
        :class:`~cardrules.deck.OrderSpec` of a :class:`~cardrules.deck.Ranking` of this
        name (its trump suit in ``ranking.trump``).  A profile names it in ``[play] order``;
        a contract may name its own (``Contract.ranking``)."""
        self.rankings[name] = build

    def add_deck(self, name: str, spec: DeckSpec) -> None:
        """Declare a deck a profile may name in ``[deck] name`` (Doppelkopf's two copies of
        9..A: ``DeckSpec.of("doppelkopf-48", ranks="9 10 J Q K A".split(), copies=2)``).
        The spec takes ``name`` as its own; a built-in deck's name is refused with a
        :class:`~cardrules.CardrulesError` (a profile naming it would play another deck
        than the one it says)."""
        if type(name) is not str or not name:
            raise CardrulesError(f"invalid deck declaration: name {shown(name)} must be text")
        if not isinstance(spec, DeckSpec):
            raise CardrulesError(
                f"invalid deck declaration {shown(name)}: {shown(spec)} is not a DeckSpec"
            )
        if name in DECKS:
            raise CardrulesError(
                f"invalid deck declaration {name!r}: a built-in deck's name "
                f"(built-in: {', '.join(DECKS)}); give the deck a name of its own"
            )
        self.decks[name] = spec if spec.name == name else spec._replace(name=name)

    def add_option(self, spec: OptionSpec) -> None:
        """Declare an ``[options]`` setting (a house-rule switch)."""
        self.options[spec.name] = spec


def _sides(sides: str | Iterable[str]) -> tuple[str, ...]:
    """Sides as a tuple; one name alone is one side, not its letters."""
    return (sides,) if isinstance(sides, str) else tuple(sides)
