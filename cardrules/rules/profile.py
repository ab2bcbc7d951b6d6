"""The profile as hooks and the engine see it: a frozen dataclass, no pydantic.

A profile file is read, merged over its ``extends`` chain and validated by
:mod:`cardrules.profile`; what comes out is the :class:`Profile` below, the one
object every hook receives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from cardrules.deck import DECKS, DeckSpec, Suit
from cardrules.errors import CardrulesError, ProfileError, shown

__all__ = ["ComponentRef", "OptionValue", "Profile"]

#: The value of an ``[options]`` setting or a scorer parameter: a decimal where an option
#: counts in fractions (a target score in tenths; a TOML number such as ``30.5`` is read
#: exactly, as written).
OptionValue = bool | int | str | Decimal


def exact_option(value: object) -> object:
    """An option's value as the engine keeps it: a float (TOML ``30.5``) becomes the
    :class:`~decimal.Decimal` of its shortest text, which is the number as written."""
    return Decimal(repr(value)) if isinstance(value, float) else value


@dataclass(frozen=True, slots=True)
class ComponentRef:
    """A named component and the rule id it implements."""

    name: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Profile:
    """A validated profile, as hooks and the engine see it (no pydantic)."""

    name: str
    title: str
    version: str
    summary: str
    source: str
    plugins: tuple[str, ...]
    extends: str | None
    players: int
    sides: str
    direction: str
    cutter: str
    throw_in: tuple[ComponentRef, ...]
    hand_sizes: tuple[int, ...]
    auction_kind: str
    min_call: int
    max_call: int
    auction_rule: str
    trump: str
    duties: tuple[ComponentRef, ...]
    play_turn_rule: str
    scoring_kind: str
    scoring_rule: str
    scoring_params: Mapping[str, OptionValue]
    deals: int
    deal_choices: tuple[int, ...]
    game_rule: str
    options: Mapping[str, OptionValue]
    rule_ids: Mapping[str, tuple[str, ...]]
    path: str
    data: Mapping[str, Any]
    #: Any number of deals in this range (inclusive) is allowed too; None: none.
    deal_range: tuple[int, int] | None = None
    #: The seat that deals first; None: chance picks it from the seed.
    first_dealer: int | None = None
    #: Whether a player may claim tricks (``[play] claims``), and the rule claims cite.
    claims: bool = False
    claim_rule: str = ""
    #: The cards played with (``[deck]``; the French 52-card pack by default).  A deck a
    #: family declares is named by :attr:`deck_name` until :func:`cardrules.load` resolves
    #: it with the profile's plugins: until then this is an empty spec of that name
    #: (:attr:`deck_pending`).
    deck: DeckSpec = DECKS["french-52"]
    #: ``[deck] name``: a built-in deck's, a family's, or that of the deck declared inline.
    deck_name: str = "french-52"
    #: The ranking of the cards in play (``[play] order``): ``"natural"`` or a plugin's.
    order: str = "natural"
    #: ``[deal] hand_size_range``: each deal's hand size drawn by chance, low to high.
    hand_size_range: tuple[int, int] | None = None
    #: ``[deal] turn_up``: the stock's top card is turned up for all to see (also where
    #: ``[play] trump`` is ``"turn_up"``).
    turn_up: bool = False
    #: ``[deal] stages``: the cards each seat receives at each stage of the deal, in order
    #: (an auction between them); empty: the whole hand at once.
    deal_stages: tuple[int, ...] = ()
    #: The default of every ``[options]`` setting the profile's plugins declare
    #: (:class:`~cardrules.rules.catalog.OptionSpec`), filled in when the rules are
    #: resolved: what :meth:`option` answers for a setting the profile leaves out.
    option_defaults: Mapping[str, OptionValue] = field(default_factory=dict)

    @classmethod
    def from_dump(
        cls,
        d: Mapping[str, Any],
        *,
        path: str,
        data: Mapping[str, Any],
        decks: Mapping[str, DeckSpec] | None = None,
    ) -> Profile:
        """The engine's profile from validated data (``model_dump(mode="json")`` of the schema).

        ``data`` is the merged table as written, kept for specs and diffs; ``decks`` the
        decks the profile's plugins declare (a name of none of them and no built-in is
        left to resolve: :attr:`deck_pending`).
        """
        meta, table, deal, auction = d["profile"], d["table"], d["deal"], d["auction"]
        play, scoring, game = d["play"], d["scoring"], d["game"]
        return cls(
            name=meta["name"],
            title=meta["title"],
            version=meta["version"],
            summary=meta["summary"],
            source=meta["source"],
            plugins=tuple(meta["plugins"]),
            extends=meta["extends"],
            players=table["players"],
            sides=table["sides"],
            direction=deal["direction"],
            cutter=deal["cutter"],
            throw_in=tuple(ComponentRef(c["name"], c["rule"]) for c in deal["throw_in"]),
            hand_sizes=tuple(deal.get("hand_sizes", ())),
            auction_kind=auction["kind"],
            min_call=auction["min_call"],
            max_call=auction["max_call"],
            auction_rule=auction["rule"],
            trump=play["trump"],
            duties=tuple(ComponentRef(c["name"], c["rule"]) for c in play["duties"]),
            play_turn_rule=play["turn_rule"],
            scoring_kind=scoring["kind"],
            scoring_rule=scoring["rule"],
            scoring_params=dict(scoring["params"]),
            deals=game["deals"],
            deal_choices=tuple(game["deal_choices"]),
            game_rule=game["rule"],
            options={k: exact_option(v) for k, v in d["options"].items()},  # type: ignore[misc]
            rule_ids={
                key: tuple(d[key]["rules"])
                for key in ("table", "deal", "auction", "play", "scoring", "game")
            },
            path=path,
            data=data,
            deal_range=(game["deal_range"][0], game["deal_range"][1])
            if game.get("deal_range")
            else None,
            first_dealer=deal.get("first_dealer"),
            claims=bool(play.get("claims", False)),
            claim_rule=str(play.get("claim_rule", "")),
            deck=_deck_of(d.get("deck"), decks or {}),
            deck_name=str((d.get("deck") or {}).get("name", "french-52")),
            order=str(play.get("order", "natural")),
            hand_size_range=(deal["hand_size_range"][0], deal["hand_size_range"][1])
            if deal.get("hand_size_range")
            else None,
            turn_up=bool(deal.get("turn_up", False)) or play["trump"] == "turn_up",
            deal_stages=tuple(deal.get("stages") or ()),
        )

    def allows_deals(self, deals: int) -> bool:
        """Whether a game of ``deals`` deals is played under this profile (``[game] deals``,
        ``deal_choices`` or ``deal_range``)."""
        if deals == self.deals or deals in self.deal_choices:
            return True
        return self.deal_range is not None and self.deal_range[0] <= deals <= self.deal_range[1]

    @property
    def deals_allowed(self) -> str:
        """The numbers of deals allowed, in words: ``"5"``, ``"one of 1, 2, 3"``,
        ``"1 to 1000"``."""
        listed = sorted({self.deals, *self.deal_choices})
        if self.deal_range is not None:
            low, high = self.deal_range
            listed = [n for n in listed if not low <= n <= high]
            span = f"{low} to {high}"
            return span if not listed else f"{span}, or one of {', '.join(map(str, listed))}"
        if len(listed) == 1:
            return str(listed[0])
        return "one of " + ", ".join(map(str, listed))

    def int_params(self, known: Mapping[str, tuple[int, int]]) -> dict[str, int]:
        """The scorer's settings under ``[scoring] params``, checked against ``known``
        (name -> (default, minimum)): whole numbers at or above the minimum, defaults
        for the rest; every problem at once as a :class:`~cardrules.ProfileError`."""
        problems = []
        values = {key: default for key, (default, _) in known.items()}
        for key, value in self.scoring_params.items():
            where = f"scoring.params.{key}"
            if key not in known:
                names = ", ".join(sorted(known)) or "(none)"
                problems.append(
                    (where, f"unknown setting of scorer {self.scoring_kind!r}; known: {names}")
                )
            elif type(value) is not int:
                problems.append((where, f"must be int (got {value!r})"))
            elif value < known[key][1]:
                problems.append((where, f"must be >= {known[key][1]} (got {value!r})"))
            else:
                values[key] = value
        if problems:
            raise ProfileError(self.path, problems)
        return values

    def refuse_call_bounds(self, why: str) -> None:
        """A :class:`~cardrules.ProfileError` if ``[auction]`` sets ``min_call`` or
        ``max_call``, for an auction whose calls have bounds of their own (``why``)."""
        auction = self.data.get("auction", {})
        fixed = [key for key in ("min_call", "max_call") if key in auction]
        if fixed:
            raise ProfileError(self.path, [(f"auction.{key}", why) for key in fixed])

    def option(self, name: str, default: OptionValue | None = None) -> OptionValue:
        """The value of a declared ``[options]`` setting: the profile's, else the default
        its declaration gives (the one place a default is written).

        The typed readers :meth:`flag`, :meth:`whole`, :meth:`number` and :meth:`text`
        also check its type.  A name no plugin of the profile declares answers
        ``default`` when one is given (the form of 0.1, which restated the default),
        else is a :class:`~cardrules.CardrulesError`: a plugin reading an option it
        did not declare.
        """
        if name in self.options:
            return self.options[name]
        if name in self.option_defaults:
            return self.option_defaults[name]
        if default is not None:
            return default
        known = ", ".join(sorted(self.option_defaults)) or "(none)"
        raise CardrulesError(
            f"unknown option {shown(name)} of profile {self.name!r}: no plugin of it "
            f"declares one; declared: {known}"
        )

    def flag(self, name: str) -> bool:
        """A declared switch (a ``bool`` option), as the profile sets it or by default."""
        value = self.option(name)
        if type(value) is not bool:
            raise self._not_a(name, "bool", value)
        return value

    def whole(self, name: str) -> int:
        """A declared whole-number option (an ``int`` default), as set or by default."""
        value = self.option(name)
        if type(value) is not int:
            raise self._not_a(name, "int", value)
        return value

    def number(self, name: str) -> Decimal:
        """A declared number option, exact (a decimal one, or a whole one as a decimal)."""
        value = self.option(name)
        if type(value) is not Decimal and type(value) is not int:
            raise self._not_a(name, "a number", value)
        return Decimal(value)

    def text(self, name: str) -> str:
        """A declared text option (a ``str`` default), as set or by default."""
        value = self.option(name)
        if type(value) is not str:
            raise self._not_a(name, "str", value)
        return value

    def _not_a(self, name: str, kind: str, value: OptionValue) -> CardrulesError:
        return CardrulesError(
            f"option {name!r} of profile {self.name!r} is read as {kind}, but its value "
            f"is {shown(value)}: the reader does not match the option's declaration"
        )

    @property
    def deck_pending(self) -> bool:
        """Whether :attr:`deck` is still to be resolved: a ``[deck] name`` neither built-in
        nor known when the profile was read (a family's, known once its plugins are)."""
        return not self.deck.suits and not self.deck.extras

    @property
    def fixed_trump(self) -> Suit | None:
        """The trump suit the profile fixes; None in no-trump or when the auction chooses it."""
        return Suit[self.trump] if self.trump in ("C", "D", "H", "S") else None


def _deck_of(table: Mapping[str, Any] | None, decks: Mapping[str, DeckSpec]) -> DeckSpec:
    """The deck of a validated ``[deck]`` table; for a name neither built-in nor in
    ``decks`` (a family's, not known yet), an empty spec of that name."""
    if table and not any(table.get(k) for k in ("suits", "ranks", "extras")):
        name = str(table.get("name", "french-52"))
        if name not in DECKS and name not in decks:
            return DeckSpec(name, (), ())
    return DeckSpec.from_table(table, decks)
