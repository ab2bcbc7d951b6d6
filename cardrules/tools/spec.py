"""The readable rules of a loaded ruleset, from the same sources as the engine.

:func:`describe` gathers, from a :class:`~cardrules.Ruleset`, the profile's
identity, every setting with its value, the field description of the profile
schema and the rule ids its section serves, the duties in the order they
apply, throw-ins, the auction, the scorer, the end of the game and the
house-rule switches.  :func:`render_text` prints it for ``cardrules show``;
the docs build their rule pages from the same data, so the spec cannot drift
from the engine.

>>> import cardrules
>>> spec = describe(cardrules.load("callbreak-strict"))
>>> [(d.name, d.rule) for d in spec.duties][:2]
[('no_trump_lead_first_trick', 'CBS-3.2'), ('follow_suit', 'CBS-3.3')]
>>> spec.auction.low, spec.auction.high, spec.auction.rule
(2, 13, 'CBS-2.4')
>>> spec.auction.calls, spec.auction.redeals
((2, 13), '')
"""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from pydantic import BaseModel

from cardrules.deck import DECKS, RANK_NAMES, Deck
from cardrules.engine.ruleset import Ruleset
from cardrules.profile.schema import ComponentRefModel, ProfileModel
from cardrules.rules.components import Auction, EndCondition, Scorer
from cardrules.rules.profile import OptionValue
from cardrules.tools.diff import call_range, end_target, redeal_words

__all__ = [
    "AuctionSpec",
    "DeckDoc",
    "DutySpec",
    "EndSpec",
    "OptionDoc",
    "RulesSpec",
    "ScoringSpec",
    "Section",
    "Setting",
    "ThrowInDoc",
    "describe",
    "format_value",
    "render_text",
]

#: Profile keys shown in the header rather than as settings.
_HEADER_KEYS = frozenset({"name", "title", "summary"})


@dataclass(frozen=True, slots=True)
class Setting:
    """One profile setting: where it lives, its value, what it means, the rules it serves.

    ``note`` says how the engine reads the value where that is not what it seems (a
    bound on calls that the auction does not use, or narrows).
    """

    section: str
    key: str
    value: Any
    text: str
    description: str
    rules: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Section:
    """One table of the profile (``[deal]``, ``[play]`` ...) and its settings."""

    key: str
    description: str
    rules: tuple[str, ...]
    settings: tuple[Setting, ...]


@dataclass(frozen=True, slots=True)
class DutySpec:
    """A duty of play, in the order the duties apply."""

    position: int
    name: str
    rule: str
    summary: str


@dataclass(frozen=True, slots=True)
class ThrowInDoc:
    """A reason to throw the cards in and redeal before any call."""

    name: str
    rule: str
    description: str


@dataclass(frozen=True, slots=True)
class AuctionSpec:
    """The auction: its kind, the call bounds, the rule cited when an action is refused.

    ``summary`` is the rule in words when the auction states it (as for
    :class:`ScoringSpec`), ``description`` the first paragraph of its class docstring.
    ``low`` and ``high`` are the profile's call bounds; ``calls`` the lowest and highest
    call the auction offers (:func:`~cardrules.tools.diff.call_range`), None when it
    makes no call of tricks, and ``calls_follow_hand`` whether the highest is the
    number of cards in hand.  ``redeals`` says when the auction calls for a redeal by
    the same dealer (:attr:`~cardrules.rules.components.Auction.redeals`), "" if never.
    """

    kind: str
    low: int
    high: int
    rule: str
    description: str
    rules: tuple[str, ...]
    summary: str = ""
    calls: tuple[int, int] | None = None
    calls_follow_hand: bool = False
    redeals: str = ""

    @property
    def bounds_text(self) -> str:
        """``", calls 2 to 13"`` for an auction of calls, else nothing."""
        if self.calls is None:
            return ""
        hand = " (at most the cards in hand)" if self.calls_follow_hand else ""
        return f", calls {self.calls[0]} to {self.calls[1]}{hand}"


@dataclass(frozen=True, slots=True)
class ScoringSpec:
    """The scorer of a deal and its settings.

    ``summary`` is the rule in words when the scorer states it (its ``summary``
    attribute), ``description`` the first paragraph of its class docstring.
    """

    kind: str
    rule: str
    summary: str
    description: str
    params: Mapping[str, OptionValue]
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EndSpec:
    """When a game of several deals ends (``summary`` as for :class:`ScoringSpec`)."""

    deals: int
    deal_choices: tuple[int, ...]
    rule: str
    summary: str
    description: str
    rules: tuple[str, ...]
    #: The total that ends the game instead of the number of deals (a target score), if any.
    target: Decimal | None = None
    #: With a target: whether the number of deals still ends a game that has not reached it.
    capped: bool = False
    #: Any number of deals in this range is allowed too (``[game] deal_range``).
    deal_range: tuple[int, int] | None = None

    @property
    def deals_text(self) -> str:
        """``"5 deals (allowed: 3, 5)"``: the length of the game and the other lengths allowed;
        ``"until a total reaches 30"`` when a target score ends it instead (``"... (at most
        100 deals)"`` when the deals still end a game that does not reach it)."""
        if self.target is not None:
            cap = f" (at most {self.deals} deal{'s' if self.deals != 1 else ''})"
            return f"until a total reaches {self.target}{cap if self.capped else ''}"
        choices = sorted({self.deals, *self.deal_choices})
        other = f" (allowed: {', '.join(map(str, choices))})" if len(choices) > 1 else ""
        if self.deal_range is not None:
            other = f" (allowed: any number from {self.deal_range[0]} to {self.deal_range[1]})"
        return f"{self.deals} deal{'s' if self.deals != 1 else ''}{other}"


@dataclass(frozen=True, slots=True)
class OptionDoc:
    """A declared house-rule switch or plugin setting, with its value in this profile."""

    name: str
    value: OptionValue
    default: OptionValue
    description: str
    rule: str
    choices: tuple[OptionValue, ...]
    #: A number option's range, inclusive (None for the others).
    minimum: int | None = None
    maximum: int | None = None

    @property
    def range_text(self) -> str:
        """``"0 to 10000"``: the values a number option takes; "" for the others."""
        if self.minimum is None or self.maximum is None:
            return ""
        return f"{self.minimum} to {self.maximum}"


@dataclass(frozen=True, slots=True)
class DeckDoc:
    """The cards played with (``[deck]``), in words.

    ``suits`` each suit's symbol and name, in the deck's order; ``ranks`` each suit's ranks
    lowest first in their natural order (the same row for every suit, or one a suit);
    ``copies`` of each card; ``extras`` the cards outside the suits, lowest first;
    ``points`` the card points as declared (by rank, card or extra card).
    """

    name: str
    size: int
    suits: tuple[str, ...]
    ranks: tuple[tuple[str, tuple[str, ...]], ...]
    copies: int
    extras: tuple[str, ...]
    points: tuple[tuple[str, int], ...]
    #: Whether this is the French 52-card pack with no card points: the default.
    default: bool = False

    @classmethod
    def of(cls, deck: Deck) -> DeckDoc:
        """The words of a deck."""
        rows = tuple(
            (suit.word, tuple(RANK_NAMES[c.rank] for c in deck.cards_of(mask) if c.copy == 0))
            for suit, mask in deck.suit_masks.items()
        )
        same = len({ranks for _, ranks in rows}) <= 1
        return cls(
            deck.name,
            deck.size,
            tuple(f"{suit.symbol} {suit.word}" for suit in deck.suits),
            rows[:1] if same else rows,
            deck.copies,
            deck.spec.extras,
            deck.spec.points,
            deck.spec == DECKS["french-52"],
        )

    def lines(self) -> Iterator[str]:
        """The deck in a few lines: suits, ranks, copies, cards outside the suits, points."""
        if self.suits:
            yield f"suits: {', '.join(self.suits)}"
        for suit, ranks in self.ranks:
            which = "" if len(self.ranks) == 1 else f" of {suit}"
            yield f"ranks{which}, lowest first: {' '.join(ranks)}"
        if self.copies > 1:
            yield f"copies: {self.copies} of each card of a suit"
        if self.extras:
            yield f"outside the suits, lowest first: {' '.join(self.extras)}"
        if self.points:
            yield "card points: " + ", ".join(f"{key} {value}" for key, value in self.points)


@dataclass(frozen=True, slots=True)
class RulesSpec:
    """The readable rules of one profile."""

    name: str
    title: str
    version: str
    summary: str
    source: str
    extends: str | None
    path: str
    sections: tuple[Section, ...]
    duties: tuple[DutySpec, ...]
    throw_ins: tuple[ThrowInDoc, ...]
    auction: AuctionSpec
    scoring: ScoringSpec
    end: EndSpec
    options: tuple[OptionDoc, ...]
    #: Why the duties run off the fast path, or "" when they run on it.
    off_fast_path: str = ""
    #: The cards played with (None: not described).
    deck: DeckDoc | None = None

    @property
    def settings(self) -> tuple[Setting, ...]:
        """Every setting of every section, in file order."""
        return tuple(s for section in self.sections for s in section.settings)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule id the profile cites, first mention first, without repeats."""
        seen: dict[str, None] = {}
        for section in self.sections:
            seen.update(dict.fromkeys(section.rules))
        rules = [d.rule for d in self.duties] + [t.rule for t in self.throw_ins]
        rules += [self.auction.rule, self.scoring.rule, self.end.rule]
        rules += [o.rule for o in self.options]
        seen.update(dict.fromkeys(rules))
        seen.pop("", None)
        return tuple(seen)


def format_value(value: object) -> str:
    """A setting's value as a reader sees it (TOML-like)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "(none)"
    if isinstance(value, str):
        return repr(value) if value else "''"
    if isinstance(value, ComponentRefModel):
        return f"{value.name} ({value.rule})" if value.rule else value.name
    if isinstance(value, list | tuple):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {format_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def _summary(obj: Auction | Scorer | EndCondition) -> str:
    """The rule in words, from a rule object's ``summary`` ("" when it has none)."""
    summary = obj.summary
    return summary if isinstance(summary, str) else ""


def _doc(obj: object) -> str:
    """The first paragraph of the docstring of ``obj``'s class, on one line."""
    doc = inspect.getdoc(type(obj)) or ""
    return " ".join(doc.split("\n\n")[0].split())


def _bound_note(key: str, value: object, auction: AuctionSpec) -> str:
    """How the auction reads a call bound of ``[auction]``: unused, or narrowed."""
    if key not in ("min_call", "max_call"):
        return ""
    if auction.calls is None:
        return f"not used: the {auction.kind!r} auction makes no call of tricks"
    if key == "min_call":
        offered, words = auction.calls[0], f"calls from {auction.calls[0]}"
    else:
        offered, words = auction.calls[1], f"calls up to {auction.calls[1]}"
        if auction.calls_follow_hand:
            words += ", at most the cards in hand"
    return "" if value == offered else f"the {auction.kind!r} auction offers {words}"


def _sections(rules: Ruleset, model: ProfileModel, auction: AuctionSpec) -> Iterator[Section]:
    rule_ids = rules.profile.rule_ids
    for key, field in ProfileModel.model_fields.items():
        part = getattr(model, key)
        if not isinstance(part, BaseModel):
            continue  # [options] is described through its declarations
        ids = tuple(rule_ids.get(key, ()))
        settings = []
        for name, info in type(part).model_fields.items():
            if name == "rules" or (key == "profile" and name in _HEADER_KEYS):
                continue
            value = getattr(part, name)
            note = _bound_note(name, value, auction) if key == "auction" else ""
            settings.append(
                Setting(key, name, value, format_value(value), info.description or "", ids, note)
            )
        yield Section(key, field.description or "", ids, tuple(settings))


def describe(rules: Ruleset) -> RulesSpec:
    """The readable rules of ``rules``, from its profile, schema and rule objects."""
    profile = rules.profile
    # With the decks its plugins declare, as load() validated it (a family's deck's size).
    model = ProfileModel.model_validate(
        dict(profile.data), context={"decks": rules.components.decks}
    )
    duties = tuple(
        DutySpec(i, type(d).name, d.rule, type(d).summary) for i, d in enumerate(rules.duties, 1)
    )
    throw_ins = tuple(ThrowInDoc(t.name, t.rule, t.description) for t in rules.throw_ins)
    low, high = rules.bounds
    offered = call_range(rules)
    auction = AuctionSpec(
        profile.auction_kind,
        low,
        high,
        profile.auction_rule,
        _doc(rules.auction),
        tuple(profile.rule_ids.get("auction", ())),
        _summary(rules.auction),
        None if offered is None else offered[:2],
        offered is not None and offered[2],
        redeal_words(rules),
    )
    scoring = ScoringSpec(
        profile.scoring_kind,
        profile.scoring_rule,
        _summary(rules.scorer),
        _doc(rules.scorer),
        dict(profile.scoring_params),
        tuple(profile.rule_ids.get("scoring", ())),
    )
    # The end condition may play to a target score instead of the deals.
    target, target_rule, capped = end_target(rules)
    end_rule = target_rule or profile.game_rule
    end = EndSpec(
        rules.deals,
        profile.deal_choices,
        end_rule,
        _summary(rules.end),
        _doc(rules.end),
        tuple(profile.rule_ids.get("game", ())),
        target,
        capped,
        deal_range=profile.deal_range,
    )
    options = tuple(
        OptionDoc(
            spec.name,
            profile.option(spec.name),
            spec.default,
            spec.description,
            spec.rule,
            spec.choices,
            spec.minimum,
            spec.maximum,
        )
        for spec in sorted(rules.components.options.values(), key=lambda s: s.name)
    )
    return RulesSpec(
        name=profile.name,
        title=profile.title,
        version=profile.version,
        summary=profile.summary,
        source=profile.source,
        extends=profile.extends,
        path=profile.path,
        sections=tuple(_sections(rules, model, auction)),
        duties=duties,
        throw_ins=throw_ins,
        auction=auction,
        scoring=scoring,
        end=end,
        options=options,
        off_fast_path=rules.off_fast_path,
        deck=DeckDoc.of(rules.deck),
    )


# ---------------------------------------------------------------------------
# Plain text, for ``cardrules show``


def _wrap(text: str, indent: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent) or []


def _plain(text: str) -> str:
    """Docstring text without reST literal quotes."""
    return text.replace("``", "")


def _tag(rule: str) -> str:
    return f" [{rule}]" if rule else ""


def render_lines(spec: RulesSpec, *, width: int = 88) -> Iterator[str]:
    """The lines of :func:`render_text`."""
    yield f"{spec.title} ({spec.name}, version {spec.version})"
    yield "=" * min(width, len(f"{spec.title} ({spec.name}, version {spec.version})"))
    if spec.summary:
        yield from _wrap(spec.summary, "", width)
    if spec.source:
        yield f"Source: {spec.source}"
    if spec.extends:
        yield f"Extends: {spec.extends}"
    if spec.rule_ids:
        yield from _wrap("Rules cited: " + ", ".join(spec.rule_ids), "", width)

    for section in spec.sections:
        yield ""
        yield f"[{section.key}] {section.description}"
        if section.rules:
            yield from _wrap("serves: " + ", ".join(section.rules), "  ", width)
        for s in section.settings:
            if isinstance(s.value, list) and len(s.text) > width - 4 - len(s.key):
                yield f"  {s.key} = ["
                for item in s.value:
                    yield f"      {format_value(item)},"
                yield "  ]"
            else:
                yield f"  {s.key} = {s.text}"
            yield from _wrap(s.description, "      ", width)
            if s.note:
                yield from _wrap(f"({s.note})", "      ", width)

    deck = spec.deck
    if deck is not None and not deck.default:  # the French pack goes without saying
        yield ""
        yield f"Deck: {deck.name}, {deck.size} cards"
        for line in deck.lines():
            yield from _wrap(line, "  ", width)

    yield ""
    yield "Duties of play, in the order they apply:"
    if not spec.duties:
        yield "  (none: any card may be played)"
    for d in spec.duties:
        yield f"  {d.position}. {d.name}{_tag(d.rule)}"
        yield from _wrap(d.summary, "     ", width)

    if spec.off_fast_path:
        yield from _wrap(f"Off the fast path: {spec.off_fast_path}.", "  ", width)

    a = spec.auction
    yield ""
    yield "Throw-ins and redeals (the same dealer deals again):"
    if not spec.throw_ins and not a.redeals:
        yield "  (none)"
    for t in spec.throw_ins:
        yield f"  - {t.name}{_tag(t.rule)}"
        yield from _wrap(t.description, "    ", width)
    if a.redeals:
        yield f"  - the auction ({a.kind}){_tag(a.rule)}"
        yield from _wrap(a.redeals, "    ", width)

    yield ""
    yield f"Auction: {a.kind}{a.bounds_text}{_tag(a.rule)}"
    yield from _wrap(_plain(a.summary or a.description), "  ", width)

    sc = spec.scoring
    yield ""
    yield f"Scoring: {sc.kind}{_tag(sc.rule)}"
    yield from _wrap(_plain(sc.summary or sc.description), "  ", width)
    for key, value in sc.params.items():
        yield f"  {key} = {format_value(value)}"

    e = spec.end
    yield ""
    yield f"End of the game: {e.deals_text}{_tag(e.rule)}"
    yield from _wrap(_plain(e.summary or e.description), "  ", width)

    yield ""
    yield "Options (house-rule switches):"
    if not spec.options:
        yield "  (none)"
    for o in spec.options:
        changed = "" if o.value == o.default else f" (default {format_value(o.default)})"
        yield f"  {o.name} = {format_value(o.value)}{changed}{_tag(o.rule)}"
        yield from _wrap(o.description, "      ", width)
        if o.choices:
            yield f"      choices: {', '.join(format_value(c) for c in o.choices)}"
        if o.range_text:
            yield f"      range: {o.range_text}"


def render_text(spec: RulesSpec, *, width: int = 88) -> str:
    """The rules as plain text, with rule ids, for the terminal."""
    return "\n".join(render_lines(spec, width=width)) + "\n"
