"""A family of games declared in one place: the object a family's entry point names.

A family (Call Break, Hearts, Euchre...) is one :class:`Family` value: its
name, where its profiles and their rule texts are, the auctions and scorers a
profile may name (each with what it gives and needs, and the end of the games
it scores), its duties, throw-ins, decks (named in ``[deck] name``), rankings of
the cards, ``[options]``
settings (each declared once, with its type, default, range, rule id and
description) and the words its actions are written in.  Its package names it
in the ``cardrules`` entry-point group::

    [project.entry-points.cardrules]
    mygame = "cardrules_mygame.family:FAMILY"

and the kernel reads it when a profile naming the family is loaded: the
components are registered in that ruleset's
:class:`~cardrules.rules.catalog.Components`, the action words join that
ruleset's :class:`~cardrules.rules.actions.Vocabulary` (nothing is registered by
importing a module).  What a declaration cannot say (a house rule that replaces
the duties or the end of any game) goes in ``hooks``: objects or modules with
pluggy hook implementations (:mod:`cardrules.rules.hookspecs`), registered with
the family.  A plugin of hooks alone (a module) may still be named by an entry
point: it adds house rules to a family and declares no game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cardrules.deck import DeckSpec, OrderBuilder
from cardrules.errors import CardrulesError
from cardrules.rules.actions import ActionForm, ActionVerb, Vocabulary
from cardrules.rules.catalog import (
    AuctionFactory,
    Components,
    EndFactory,
    OptionSpec,
    ScorerFactory,
    ThrowInSpec,
)
from cardrules.rules.duties import Duty

__all__ = ["AuctionKind", "Family", "ScorerKind"]


@dataclass(frozen=True, slots=True)
class AuctionKind:
    """An auction a profile names in ``[auction] kind``: its factory ``(profile, bounds)
    -> Auction`` and what it gives play and scoring
    (:class:`~cardrules.rules.catalog.AuctionTraits`)."""

    name: str
    make: AuctionFactory
    provides: str = ""
    chooses_trump: bool | None = None
    sides: str | tuple[str, ...] = ()
    phase_name: str = ""

    def __repr__(self) -> str:
        return f"AuctionKind({self.name!r})"


@dataclass(frozen=True, slots=True)
class ScorerKind:
    """A scorer a profile names in ``[scoring] kind``: its factory ``(profile) -> Scorer``,
    what it reads (:class:`~cardrules.rules.catalog.ScorerTraits`) and ``end``, the end of
    the games it scores ``(profile, deals) -> EndCondition`` (None: after the deals)."""

    name: str
    make: ScorerFactory
    needs: str = ""
    sides: str | tuple[str, ...] = ()
    end: EndFactory | None = None

    def __repr__(self) -> str:
        return f"ScorerKind({self.name!r})"


@dataclass(frozen=True)
class Family:
    """A family of games: everything the kernel needs of it, in one declaration.

    ``profiles`` is the directory of its ``*.toml`` profiles and their rule texts
    (shipped in its package); the other fields are what its profiles may name.
    Two families may declare the same word of an action (``pass``): a game reads
    the words of its own families only, a text read without a game
    (:func:`cardrules.parse_action`) every installed family's.

    ``decks`` are the decks its profiles may name in ``[deck] name`` besides the
    built-in ones (:data:`~cardrules.deck.DECKS`), by name: Doppelkopf's
    ``{"doppelkopf-48": DeckSpec.of("doppelkopf-48", ranks="9 10 J Q K A".split(),
    copies=2)}``.  A built-in deck's name may not be declared again (refused when a
    profile of the family is loaded).
    """

    name: str
    title: str = ""
    profiles: Path | None = None
    auctions: tuple[AuctionKind, ...] = ()
    scorers: tuple[ScorerKind, ...] = ()
    duties: tuple[type[Duty], ...] = ()
    throw_ins: tuple[ThrowInSpec, ...] = ()
    rankings: Mapping[str, OrderBuilder] = field(default_factory=dict)
    decks: Mapping[str, DeckSpec] = field(default_factory=dict)
    options: tuple[OptionSpec, ...] = ()
    verbs: tuple[ActionVerb, ...] = ()
    forms: tuple[ActionForm, ...] = ()
    hooks: tuple[object, ...] = ()

    def __repr__(self) -> str:
        parts = [repr(self.name)]
        for label, names in (
            ("auctions", [a.name for a in self.auctions]),
            ("scorers", [s.name for s in self.scorers]),
            ("duties", [d.name for d in self.duties]),
            ("rankings", list(self.rankings)),
            ("decks", list(self.decks)),
            ("options", [o.name for o in self.options]),
            ("verbs", [v.form for v in self.verbs] + [f.form for f in self.forms]),
        ):
            if names:
                parts.append(f"{label}={names!r}")
        return f"Family({', '.join(parts)})"

    def setup(self, components: Components) -> None:
        """Register this family's components in ``components`` (one ruleset's)."""
        for duty in self.duties:
            components.add_duty(duty)
        for throw_in in self.throw_ins:
            components.add_throw_in(throw_in.name, throw_in.description, throw_in.test)
        for name, build in self.rankings.items():
            components.add_ranking(name, build)
        for name, spec in self.decks.items():
            try:
                components.add_deck(name, spec)
            except CardrulesError as exc:
                raise CardrulesError(f"family {self.name!r}: {exc}") from None
        for auction in self.auctions:
            components.add_auction(
                auction.name,
                auction.make,
                provides=auction.provides,
                chooses_trump=auction.chooses_trump,
                sides=auction.sides,
                phase_name=auction.phase_name,
            )
        for scorer in self.scorers:
            components.add_scorer(
                scorer.name, scorer.make, needs=scorer.needs, sides=scorer.sides, end=scorer.end
            )
        for option in self.options:
            components.add_option(option)

    def profile_dirs(self) -> list[Path]:
        """The directories of this family's profiles (none, or its ``profiles``)."""
        return [] if self.profiles is None else [self.profiles]


def vocabulary_of(families: Iterable[Family]) -> Vocabulary:
    """The kernel's action words and those of ``families``, in that order."""
    vocabulary = Vocabulary.kernel()
    for family in families:
        vocabulary = vocabulary.with_words(family.verbs, family.forms)
    return vocabulary
