"""The rules page of a profile, as reST: its rule text, settings, duties, scoring and switches.

:func:`profile_lines` writes the whole page (it has no hand-written part) from a
loaded :class:`~cardrules.Ruleset`, its :func:`~cardrules.tools.spec.describe`
spec and its rule text; the worked examples of the rule text are computed by
the engine of the profile while the page is written.

>>> from cardrules.tools.ruletext import Rule
>>> print("\\n".join(rule_lines(Rule("TY-1.1", "Follow the `led` suit."), {})))
.. cardrules-rule:: TY-1.1
<BLANKLINE>
   Follow the ``led`` suit.
<BLANKLINE>
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from cardrules.deck import Card, Deck, Order, Suit
from cardrules.engine.picture import Scene
from cardrules.engine.ruleset import Ruleset
from cardrules.errors import CardrulesError
from cardrules.rules.components import SEAT_NAMES, Contract, FinishedDeal, seat_name
from cardrules.svg import deal
from cardrules.tools.comparison import diff_lines
from cardrules.tools.rst import escape, heading, inline, list_table, literal, rule_ref
from cardrules.tools.ruletext import Example, Rule, RuleText
from cardrules.tools.spec import RulesSpec, Setting, describe, format_value

__all__ = [
    "SCORE_KINDS",
    "duties_lines",
    "example_lines",
    "generic_score_lines",
    "implemented_by",
    "options_lines",
    "picture_lines",
    "profile_lines",
    "rule_lines",
    "section_id",
    "settings_lines",
    "tables_lines",
    "tables_serving",
]


#: The kinds of worked example that score a deal: shown with the scoring, not in the text.
SCORE_KINDS = ("calls", "contract", "taken", "scored")


def profile_lines(
    rules: Ruleset, text: RuleText | None, *, parent: Ruleset | None = None
) -> Iterator[str]:
    """The whole rules page of a profile, as reST (the page has no hand-written part)."""
    spec = describe(rules)
    local = text.ids if text is not None else ()
    yield from heading(spec.title, "=")
    if spec.summary:
        yield escape(spec.summary)
        yield ""
    yield f":Profile: {literal(spec.name)}, version {escape(spec.version)}"
    yield f":Load it: ``cardrules.load({spec.name!r})``"
    if spec.source:
        yield f":Source: {escape(spec.source)}"
    plugins = ", ".join(literal(p) for p in rules.profile.plugins) or "(none)"
    yield f":Plugins: {plugins}"
    if spec.extends and parent is not None:
        yield (
            f":Extends: :doc:`{parent.name}`; see the "
            f"`differences from {parent.name} <#differences-from-the-parent>`__"
        )
    elif spec.extends:
        yield f":Extends: {literal(spec.extends)}"
    yield ""

    yield from heading("Rules", "-")
    if text is None:
        yield "This profile has no rule text of its own (no ``.rules.md`` beside it)."
        yield ""
    else:
        implemented, tables = implemented_by(spec), tables_serving(spec)
        for para in text.intro:
            yield inline(para, local)
            yield ""
        for section in text.sections:
            if section.title:
                yield from heading(section.title, "~")
            for para in section.paragraphs:
                yield inline(para, local)
                yield ""
            for rule in section.rules:
                yield from rule_lines(rule, implemented, local)
            yield from tables_lines(section.rules, tables)
            for example in section.examples:
                if example.kind in SCORE_KINDS:
                    continue  # shown with the scoring formula
                yield from example_lines(rules, example, local)

    yield from heading("Settings", "-")
    yield (
        "Every setting of the profile file, with its value after ``extends`` and defaults, "
        "the description from the profile schema, and the rule ids each table serves."
    )
    yield ""
    yield from settings_lines(spec, local)

    yield from heading("Auction", "-")
    a = spec.auction
    yield (
        f"Auction {literal(a.kind)}{a.bounds_text}{_rule_tag(a.rule, local)}, "
        f"``{_qualname(rules.auction)}``: "
        f"{_words(a.summary, a.description)}"
    )
    yield ""

    yield from heading("Duties of play", "-")
    yield "The duties narrow the cards a player may play, in this order:"
    yield ""
    yield from duties_lines(spec, local)
    if spec.throw_ins or a.redeals:
        yield "Throw-ins and redeals, checked right after each deal (the same dealer deals again):"
        yield ""
        for t in spec.throw_ins:
            yield f"- {literal(t.name)}{_rule_tag(t.rule, local)}: {escape(t.description)}"
        if a.redeals:
            yield f"- the auction {literal(a.kind)}{_rule_tag(a.rule, local)}: {escape(a.redeals)}"
        yield ""

    yield from heading("Scoring", "-")
    sc = spec.scoring
    yield (
        f"Scorer {literal(sc.kind)}{_rule_tag(sc.rule, local)}, ``{_qualname(rules.scorer)}``: "
        f"{_words(sc.summary, sc.description)}"
    )
    yield ""
    for key, value in sc.params.items():
        yield f"- ``scoring.params.{key}`` = {literal(format_value(value))}"
    if sc.params:
        yield ""
    worked: list[str] = []
    if text is not None:
        for example in text.examples:
            if example.kind in SCORE_KINDS:
                worked.extend(example_lines(rules, example, local))
    worked.extend(generic_score_lines(rules))
    if worked:
        yield from heading("Worked examples", "~")
        yield "Computed by the engine of this profile when these pages were built."
        yield ""
        yield from worked

    yield from heading("End of the game", "-")
    e = spec.end
    words = _words(e.summary, e.description)
    yield f"{e.deals_text}{_rule_tag(e.rule, local)}. {words[:1].upper()}{words[1:]}"
    yield ""

    yield from heading("House-rule switches", "-")
    yield from options_lines(spec, local)

    if parent is not None:
        yield from heading("Differences from the parent", "-")
        yield from diff_lines(parent, rules, local)


def implemented_by(spec: RulesSpec) -> dict[str, list[str]]:
    """Rule id -> links to the settings that implement it: duties, throw-ins, the auction,
    the scorer, the length of the game, switches.  The tables whose ``rules`` cite a rule
    are named once per section of the rule text instead (:func:`tables_serving`)."""
    out: dict[str, list[str]] = {}

    def add(rule: str, where: str) -> None:
        if rule and where not in out.setdefault(rule, []):
            out[rule].append(where)

    for d in spec.duties:
        add(
            d.rule,
            f"{_link(f'play.duties[{d.position - 1}]', 'duties-of-play')} ({literal(d.name)})",
        )
    for i, t in enumerate(spec.throw_ins):
        add(t.rule, f"{_link(f'deal.throw_in[{i}]', 'duties-of-play')} ({literal(t.name)})")
    titles = {s.key: section_id(_settings_title(s.key, s.description)) for s in spec.sections}
    auction = titles.get("auction", "settings")
    add(spec.auction.rule, f"{_link('auction.kind', auction)} ({literal(spec.auction.kind)})")
    add(spec.scoring.rule, f"{_link('scoring.kind', 'scoring')} ({literal(spec.scoring.kind)})")
    add(spec.end.rule, f"{_link('game.deals', 'end-of-the-game')} ({spec.end.deals})")
    for o in spec.options:
        add(o.rule, _link(f"options.{o.name}", "house-rule-switches"))
    return out


def tables_serving(spec: RulesSpec) -> dict[str, list[str]]:
    """Rule id -> links to the tables of the profile whose ``rules`` list cites it."""
    out: dict[str, list[str]] = {}
    for section in spec.sections:
        link = _link(
            f"[{section.key}]", section_id(_settings_title(section.key, section.description))
        )
        for rule in section.rules:
            out.setdefault(rule, []).append(link)
    return out


def tables_lines(rules: Iterable[Rule], tables: Mapping[str, Sequence[str]]) -> Iterator[str]:
    """Once after a section's rules: the tables whose settings serve them."""
    found = list(dict.fromkeys(link for rule in rules for link in tables.get(rule.id, ())))
    if not found:
        return
    links = found[0] if len(found) == 1 else ", ".join(found[:-1]) + " and " + found[-1]
    plural = "s" if len(found) > 1 else ""
    yield f"*Settings:* the rules of this section are served by the {links} table{plural}."
    yield ""


def section_id(title: str) -> str:
    """The HTML id docutils gives a section: ``[deal] Dealing`` -> ``deal-dealing``."""
    return re.sub(r"^[-0-9]+|-+$", "", re.sub(r"[^a-z0-9]+", "-", title.lower()))


def _settings_title(key: str, description: str) -> str:
    return f"[{key}] {description.rstrip('.')}"


def _link(text: str, target: str) -> str:
    return f"`{text} <#{target}>`__"


def rule_lines(
    rule: Rule, implemented: Mapping[str, Sequence[str]], local: Iterable[str] = ()
) -> Iterator[str]:
    """One rule as a ``cardrules-rule`` directive (its id is the anchor), with its settings."""
    local = tuple(local)
    yield f".. cardrules-rule:: {rule.id}"
    yield ""
    yield "   " + inline(rule.text, local)
    yield ""
    for item in rule.items:
        yield "   - " + inline(item, local)
    if rule.items:
        yield ""
    where = implemented.get(rule.id, ())
    if where:  # the tables are named once per section (tables_lines)
        yield "   *Implemented by* " + ", ".join(where) + "."
        yield ""


def example_lines(rules: Ruleset, example: Example, local: Iterable[str] = ()) -> Iterator[str]:
    """A worked example, its outcome computed now by the engine of ``rules``."""
    d = example.data
    ref = rule_ref(example.rule, local)
    try:
        if example.kind == "legal":
            yield from _legal_example(rules, d, ref)
        elif example.kind == "trick":
            yield from _trick_example(rules, d, ref)
        elif example.kind == "calls":
            yield from _calls_example(rules, d, ref)
        elif example.kind == "taken":
            yield from _taken_example(rules, d, ref)
        elif example.kind == "scored":
            yield from _scored_example(rules, d, ref)
        else:
            yield from _contract_example(rules, d, ref)
    except (CardrulesError, KeyError, TypeError, ValueError) as exc:
        raise CardrulesError(
            f"invalid worked example {example.rule} ({example.kind}) for profile "
            f"{rules.name!r}: {exc}"
        ) from None


def _trump_word(rules: Ruleset, trump: object) -> str:
    if trump is None and rules.trump is not None:
        return f"{rules.trump.word} are trumps"
    if trump in (None, "NT", "none"):
        return "no-trump"
    return f"{Suit.parse(str(trump)).word} are trumps"


def _order(rules: Ruleset, trump: object) -> Order:
    """The order of play of a worked example's deal: its ``trump``, else the profile's."""
    if trump is None:
        return rules.order(rules.trump)
    return rules.order(None if trump in ("NT", "none") else Suit.parse(str(trump)))


def _legal_example(rules: Ruleset, d: Mapping[str, Any], ref: str) -> Iterator[str]:
    deck = rules.deck
    trick = deck.parse_cards(d.get("trick", []))
    hand = deck.parse_cards(d["hand"])
    before = deck.parse_cards(d.get("played_before", []))
    first = bool(d.get("first_trick", False))
    kwargs: dict[str, Any] = {"first_trick": first} if first else {}
    if "trump" in d:
        kwargs["trump"] = d["trump"]
    if before:
        kwargs["played_before"] = [str(c) for c in before]
    legal = rules.legal_cards(hand, trick, **kwargs)
    texts = [str(c) for c in trick], [str(c) for c in hand]
    if trick:
        situation = f"trick so far {_cards(trick)}; the next player holds {_cards(hand)}"
    elif first:
        situation = f"led to the first trick by a player holding {_cards(hand)}"
    else:
        situation = f"a player leads, holding {_cards(hand)}"
    if before:
        situation += f"; the earlier tricks of the deal hold {_cards(before)}"
    yield f"{ref} ({_trump_word(rules, d.get('trump'))}): {situation}."
    yield ""
    yield f"- {_call('rules.legal_cards', texts[1], texts[0], **kwargs)} → **{_cards(legal)}**"
    for card in hand:
        if card not in legal:
            why = rules.explain(hand, trick, card, **kwargs)
            yield f"- {card.symbol()} is refused: {escape(str(why))}"
    if len(trick) == rules.players - 1:
        for card in legal:
            full = [*trick, card]
            won = full[rules.trick_winner(full, **({"trump": d["trump"]} if "trump" in d else {}))]
            yield f"- with {card.symbol()} played, {won.symbol()} wins the trick"
    yield ""
    # The player to act sits S at a table of four (seat 0 at another), the trick led
    # by the seats before it in the order of play.
    you = 2 if rules.players == 4 else 0
    leader = rules.direction.next(you, -len(trick))
    seats = rules.direction.order(leader)
    led = f"{seat_name(leader)} led; " if trick else ""
    yield from picture_lines(
        Scene(
            rules.players,
            "",
            {you: tuple(hand)},
            trick=tuple(zip(seats, trick, strict=False)),
            labels={you: "to play"},
            lines=(f"{led}{seat_name(you)} may play {_cards(legal)}",),
            deck=deck,
            order=_order(rules, d.get("trump")),
        )
    )


def _trick_example(rules: Ruleset, d: Mapping[str, Any], ref: str) -> Iterator[str]:
    trick = rules.deck.parse_cards(d["trick"])
    leader = int(d["leader"])
    trump = d.get("trump")
    kwargs: dict[str, Any] = {"trump": trump} if "trump" in d else {}
    order = rules.direction.order(leader)
    played = ", ".join(f"{SEAT_NAMES[s]} {c.symbol()}" for s, c in zip(order, trick, strict=False))
    won = rules.trick_winner(trick, **kwargs)
    yield f"{ref} ({_trump_word(rules, trump)}): {played}."
    yield ""
    yield (
        f"- {_call('rules.trick_winner', [str(c) for c in trick], **kwargs)} → {won}: "
        f"**{trick[won].symbol()}** wins, played by {_seat(order[won])}, who leads next"
    )
    yield ""
    words = f"{seat_name(leader)} leads; {seat_name(order[won])} wins with {trick[won].symbol()}"
    played_by = tuple(zip(order, trick, strict=False))
    yield from picture_lines(
        Scene(rules.players, "", {}, trick=played_by, lines=(words,), deck=rules.deck)
    )


def picture_lines(scene: Scene) -> Iterator[str]:
    """A worked example's table as a diagram: its SVG inline, in a raw HTML block."""
    yield ".. raw:: html"
    yield ""
    yield '   <div class="cardrules-picture">'
    for line in deal(scene).splitlines():
        yield f"   {line}"
    yield "   </div>"
    yield ""


def _calls_example(rules: Ruleset, d: Mapping[str, Any], ref: str) -> Iterator[str]:
    calls, tricks = list(d["calls"]), list(d["tricks"])
    scores = rules.score_deal(calls=calls, tricks=tricks)
    yield f"{ref}: {_call('rules.score_calls', calls, tricks)} gives"
    yield ""
    rows = [
        [_seat(seat), str(calls[seat]), str(tricks[seat]), f"**{scores[seat]}**"]
        for seat in range(len(calls))
    ]
    yield from list_table(["Seat", "Call", "Tricks", "Score"], rows)


def _scored_example(rules: Ruleset, d: Mapping[str, Any], ref: str) -> Iterator[str]:
    """A table of deals, each described by the keywords of the family's
    ``rules.score_deal(...)``, scored now by the engine: one row per deal, a column per
    keyword and one per side."""
    deals = d["deals"]
    if not isinstance(deals, list) or not deals or not all(isinstance(x, dict) for x in deals):
        raise TypeError(f"deals must be a list of tables of score_deal keywords, got {deals!r}")
    keys = list(dict.fromkeys(k for deal in deals for k in deal))
    yield f"{ref}: each row is ``rules.score_deal(...)`` with the row's keywords; it gives"
    yield ""
    rows = []
    for given in deals:
        scores = rules.score_deal(**given)
        cells = [str(given.get(k, "")).replace("True", "yes").replace("False", "no") for k in keys]
        rows.append(cells + [f"**{scores[side]}**" for side in rules.sides])
    yield from list_table([*keys, *(str(side) for side in rules.sides)], rows)


def _taken_example(rules: Ruleset, d: Mapping[str, Any], ref: str) -> Iterator[str]:
    raw = d["taken"]
    if not isinstance(raw, list):
        raise TypeError(f"taken must be a list of cards per seat, got {raw!r}")
    taken = [rules.deck.parse_cards(cards) for cards in raw]
    scores = rules.score_deal(taken=[" ".join(str(c) for c in cards) for cards in taken])
    scoring = _scoring_cards(rules)
    yield (
        f"{ref}: ``rules.score_deal(taken=[...])``, given the cards each seat took in its "
        "tricks (one list of cards per seat), gives"
    )
    yield ""
    rows = [
        [_seat(seat), _taken_cell(cards, scoring, rules.deck), f"**{scores[seat]}**"]
        for seat, cards in enumerate(taken)
    ]
    yield from list_table(["Seat", "Cards taken", "Points"], rows)


def _scoring_cards(rules: Ruleset) -> int:
    """The cards that score on their own (a mask), as the profile's scorer counts them: each
    card alone in one seat's tricks, every seat having taken a trick; 0 when the scorer
    does not count cards."""
    scorer = rules.scorer
    if not scorer.reads_taken:
        return 0
    players = rules.players
    tricks = (1,) * players
    contract = Contract(None, 0)
    deck = rules.deck
    try:
        base = scorer.score_finished(FinishedDeal(contract, tricks, (0,) * players, deck=deck))[0]
        out = 0
        for card in deck.cards:
            alone = (1 << card.index,) + (0,) * (players - 1)
            if scorer.score_finished(FinishedDeal(contract, tricks, alone, deck=deck))[0] != base:
                out |= 1 << card.index
    except (CardrulesError, ArithmeticError, KeyError, TypeError, ValueError):
        return 0
    return out


#: Suits in the order a hand is shown: spades, hearts, diamonds, clubs.
_SUIT_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)


def _taken_cell(cards: Sequence[Card], scoring: int, deck: Deck) -> str:
    """``20 cards: 13 hearts, Q♠``: how many cards, and those that score: a count for a
    suit with several cards that score, then each card that alone scores in its suit (the
    cards outside the suits each by its text)."""
    if not cards:
        return "none"
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    if not scoring:
        return count
    mask = deck.mask_of(cards)
    counts, singles = [], []
    for suit in _SUIT_ORDER:
        suit_mask = deck.suit_masks.get(suit, 0)
        mine = mask & scoring & suit_mask
        if not mine:
            continue
        if (scoring & suit_mask).bit_count() == 1:
            singles.append(deck.cards[mine.bit_length() - 1].symbol())
        else:
            n = mine.bit_count()
            counts.append(f"{n} {suit.word if n != 1 else suit.word[:-1]}")
    singles.extend(c.symbol() for c in deck.cards_of(mask & scoring & deck.extras_mask))
    parts = counts + singles
    return f"{count}: {', '.join(parts)}" if parts else f"{count}, none that scores"


def _contract_example(rules: Ruleset, d: Mapping[str, Any], ref: str) -> Iterator[str]:
    contract = f"{d['strain']} {d['goal']}"
    seat, taken = int(d["declarer"]), int(d["declarer_tricks"])
    scores = rules.score_deal(**{"contract": contract, "declarer": seat, "tricks": taken})
    yield (
        f"{ref}: contract {literal(contract)} declared by {_seat(seat)}, "
        f"the declaring pair takes {taken} tricks: "
        f"{_call('rules.score_contract', contract, seat, taken)} gives "
        + ", ".join(f"{side} **{v}**" for side, v in scores.items())
        + "."
    )
    yield ""


def _seat(seat: int) -> str:
    return f"{SEAT_NAMES[seat]} (seat {seat})"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol() for c in cards) or "(none)"


def _call(func: str, *args: object, **kwargs: object) -> str:
    parts = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"``{func}({', '.join(parts)})``"


def settings_lines(spec: RulesSpec, local: Iterable[str] = ()) -> Iterator[str]:
    """Each table of the profile: the rule ids it serves, then each setting and its meaning."""
    local = tuple(local)
    for section in spec.sections:
        yield from heading(_settings_title(section.key, section.description), "~")
        if section.rules:
            yield "Serves " + ", ".join(rule_ref(r, local) for r in section.rules) + "."
            yield ""
        rows = [[literal(s.key), _setting_cell(s), _description_cell(s)] for s in section.settings]
        yield from list_table(["Setting", "Value", "Description"], rows, "20 30 50")


def _description_cell(s: Setting) -> str:
    return escape(s.description) + (f" ({escape(s.note)})" if s.note else "")


def _setting_cell(s: Setting) -> str | list[str]:
    if isinstance(s.value, list | tuple) and s.value:
        return [literal(format_value(v)) for v in s.value]
    return literal(s.text)


def duties_lines(spec: RulesSpec, local: Iterable[str] = ()) -> Iterator[str]:
    """The duties of play in the order they apply, each with its rule id and summary."""
    if not spec.duties:
        yield "No duties: any card may be played."
        yield ""
        return
    for d in spec.duties:
        yield f"#. {literal(d.name)}{_rule_tag(d.rule, local)}: {escape(d.summary)}"
    yield ""


def generic_score_lines(rules: Ruleset) -> Iterator[str]:
    """A table of one call's scores for a range of tricks (call-based scorers only)."""
    if rules.profile.auction_kind != "calls":
        return
    low, high = rules.bounds
    call = min(max(4, low), high)
    players = rules.players
    deal = rules.deck.size // players  # the tricks of a deal, the whole deck shared out
    others = players - 1
    rows = []
    for took in range(max(0, call - 2), min(deal, call + 4) + 1):
        rest = deal - took  # the other seats share the rest, so the deal adds up
        shares = [rest // others + (rest % others > i) for i in range(others)]
        scores = rules.score_deal(calls=[call] * players, tricks=[took, *shares])
        rows.append([str(took), f"**{scores[0]}**"])
    yield (
        f"A call of {call}, for each number of tricks the first seat takes "
        f"(``rules.score_calls([{call}] * {players}, tricks)``, the other seats sharing the "
        "rest):"
    )
    yield ""
    yield from list_table([f"Tricks (call {call})", "Score"], rows)


def options_lines(spec: RulesSpec, local: Iterable[str] = ()) -> Iterator[str]:
    """The house-rule switches and plugin settings under ``[options]``, with their defaults."""
    if not spec.options:
        yield "This profile's plugins declare no ``[options]``."
        yield ""
        return
    yield (
        "Declared by this profile's plugins. A profile turns one on under ``[options]`` "
        "(in its own file or in one that ``extends`` it); the value is this profile's."
    )
    yield ""
    rows = []
    for o in spec.options:
        desc = escape(o.description)
        if o.choices:
            desc += " Choices: " + ", ".join(literal(format_value(c)) for c in o.choices) + "."
        if o.range_text:
            desc += f" From {o.range_text}."
        rows.append(
            [
                literal(f"options.{o.name}"),
                literal(format_value(o.value)),
                literal(format_value(o.default)),
                rule_ref(o.rule, local) if o.rule else "",
                desc,
            ]
        )
    yield from list_table(
        ["Switch", "Value", "Default", "Rule", "Description"], rows, "20 10 10 10 50"
    )


def _rule_tag(rule: str, local: Iterable[str] = ()) -> str:
    """`` (CBS-3.6)``, the rule linked, after a component named in a sentence; empty without one."""
    return f" ({rule_ref(rule, local)})" if rule else ""


def _words(summary: str, description: str) -> str:
    """A rule object in words: its ``summary`` (the rule as the profile sets it, in plain
    text) when it has one, else the first paragraph of its docstring (reST: its
    ````literals```` kept), as one sentence."""
    if summary:
        text = escape(summary)
    else:
        parts = re.split(r"(``[^`]+``)", description)
        text = "".join(p if p.startswith("``") else escape(p) for p in parts)
    return text if text.endswith((".", "!", "?")) else text + "."


def _qualname(obj: object) -> str:
    cls = type(obj)
    return f"{cls.__module__}.{cls.__qualname__}"
