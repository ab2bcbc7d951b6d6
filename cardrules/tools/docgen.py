"""reST for the documentation site, generated from the same sources as the engine.

Small generator functions yield reST lines from profiles, their rule texts,
rulesets, duties, hooks and the profile schema; the Sphinx extension in
``docs/_ext`` is a thin layer of directives that call them.  Nothing here
imports Sphinx, so the generators are tested as plain strings.

A profile's rule text lives beside it: ``profiles/<name>.rules.md``, a small
strict Markdown dialect (see :func:`parse_rule_text`) with one rule per list
item, its id first, and worked examples as TOML in fenced ``example`` blocks.

>>> text = parse_rule_text('''# Tiny
...
... ## 1. Play
...
... - TY-1.1 Follow the `led` suit.
... ''')
>>> [r.id for r in text.rules]
['TY-1.1']
>>> print("\\n".join(rule_lines(text.rules[0], {})))
.. cardrules-rule:: TY-1.1
<BLANKLINE>
   Follow the ``led`` suit.
<BLANKLINE>
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import json
import os
import re
import tomllib
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel

from cardrules.cards import Card, parse_cards
from cardrules.engine.ruleset import Ruleset
from cardrules.errors import CardrulesError, ProfileError
from cardrules.profile.schema import ProfileModel
from cardrules.rules.components import SEAT_NAMES
from cardrules.tools.spec import RulesSpec, Setting, describe, format_value

__all__ = [
    "RULE_ID",
    "Example",
    "Rule",
    "RuleSection",
    "RuleText",
    "anchor",
    "cli_lines",
    "comparison_lines",
    "diff_lines",
    "duties_lines",
    "escape",
    "example_lines",
    "generic_score_lines",
    "heading",
    "hook_lines",
    "hook_phase",
    "hooks_of",
    "implemented_by",
    "inline",
    "list_table",
    "literal",
    "options_lines",
    "parse_rule_text",
    "profile_json_schema",
    "profile_lines",
    "read_rule_text",
    "rule_lines",
    "rule_ref",
    "rule_text_of",
    "schema_cli_arguments",
    "schema_cli_run",
    "schema_lines",
    "section_id",
    "settings_lines",
]

#: A rule id: ``CBS-3.6``, ``MB-1.1``, a project decision ``D-4``, a variant's ``CW-3``.
RULE_ID = re.compile(r"(?:D-\d+|[A-Z]{2,}-\d+(?:\.\d+)?)(?!\w|\.\w)")
_ITEM = re.compile(rf"^- ({RULE_ID.pattern})(?:\s+(.*))?$")


# ---------------------------------------------------------------------------
# Rule texts


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of a rule text: its id, its sentence(s) and any sub-items."""

    id: str
    text: str
    items: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example: the inputs only; the engine computes the outcome when rendered."""

    kind: str
    rule: str
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class RuleSection:
    """A numbered section of a rule text."""

    title: str
    paragraphs: tuple[str, ...]
    rules: tuple[Rule, ...]
    examples: tuple[Example, ...]


@dataclass(frozen=True, slots=True)
class RuleText:
    """The rule text of one profile, in the project's words, with rule ids."""

    title: str
    intro: tuple[str, ...]
    sections: tuple[RuleSection, ...]
    path: str = ""

    @property
    def rules(self) -> tuple[Rule, ...]:
        """Every rule, in text order."""
        return tuple(r for s in self.sections for r in s.rules)

    @property
    def ids(self) -> tuple[str, ...]:
        """Every rule id, in text order."""
        return tuple(r.id for r in self.rules)

    @property
    def examples(self) -> tuple[Example, ...]:
        """Every worked example, in text order."""
        return tuple(e for s in self.sections for e in s.examples)


def anchor(rule_id: str) -> str:
    """The HTML anchor of a rule id on its profile page: ``CBS-3.6`` -> ``cbs-3-6``."""
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


EXAMPLE_KINDS = ("legal", "trick", "calls", "contract")


def parse_rule_text(text: str, source: str = "<rule text>") -> RuleText:
    """A :class:`RuleText` from its Markdown; :class:`~cardrules.ProfileError` names the line.

    The dialect: ``# title``; ``## section`` (optional); paragraphs; ``- ID text`` list
    items (continuation lines indented by two spaces, sub-items ``  - ``);
    and fenced `````example````` blocks holding TOML with ``kind`` and ``rule``.
    """
    title = ""
    intro: list[str] = []
    sections: list[RuleSection] = []
    problems: list[tuple[str, str]] = []
    seen: set[str] = set()

    sec_title: str | None = None
    paras: list[str] = []
    rules: list[Rule] = []
    examples: list[Example] = []
    para: list[str] = []
    rule: list[Any] | None = None  # [id, text lines, items]
    fence: list[str] | None = None
    fence_line = 0

    def end_para() -> None:
        if para:
            (paras if sec_title is not None else intro).append(" ".join(para))
            para.clear()

    def end_rule() -> None:
        nonlocal rule
        if rule is not None:
            rules.append(Rule(rule[0], " ".join(rule[1]), tuple(" ".join(i) for i in rule[2])))
            rule = None

    def end_section() -> None:
        end_para()
        end_rule()
        if sec_title is not None:
            sections.append(RuleSection(sec_title, tuple(paras), tuple(rules), tuple(examples)))
        paras.clear()
        rules.clear()
        examples.clear()

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if fence is not None:
            if line == "```":
                examples.extend(_example(fence, f"line {fence_line}", problems))
                fence = None
            else:
                fence.append(line)
            continue
        if line.startswith("```"):
            end_para()
            end_rule()
            if line != "```example":
                problems.append((f"line {n}", f"unknown fenced block {line!r}; use ```example"))
            fence, fence_line = [], n
            continue
        if not line:
            end_para()
            continue
        if line.startswith("# "):
            if title:
                problems.append((f"line {n}", "a second '# ' title"))
            title = line[2:].strip()
            continue
        if line.startswith("## "):
            end_section()
            sec_title = line[3:].strip()
            continue
        if line.startswith("- "):
            end_para()
            end_rule()
            m = _ITEM.match(line)
            if m is None:
                problems.append(
                    (f"line {n}", "a list item must start with a rule id (CBS-3.6, D-4)")
                )
                continue
            if sec_title is None:
                end_para()
                sec_title = ""  # rules without a '## ' heading: one untitled section
            if m[1] in seen:
                problems.append((f"line {n}", f"rule id {m[1]} appears twice"))
            seen.add(m[1])
            rule = [m[1], [m[2] or ""], []]
            continue
        if line.startswith("  ") and rule is not None:
            body = line.strip()
            if body.startswith("- "):
                rule[2].append([body[2:]])
            elif rule[2]:
                rule[2][-1].append(body)
            else:
                rule[1].append(body)
            continue
        end_rule()
        para.append(line.strip())
    if fence is not None:
        problems.append((f"line {fence_line}", "unclosed ```example block"))
    end_section()
    if not title:
        problems.append(("line 1", "the text must start with a '# ' title"))
    if problems:
        raise ProfileError(source, problems)
    return RuleText(title, tuple(intro), tuple(sections), source)


def _example(lines: list[str], where: str, problems: list[tuple[str, str]]) -> Iterator[Example]:
    try:
        data = tomllib.loads("\n".join(lines))
    except tomllib.TOMLDecodeError as exc:
        problems.append((where, f"example is not valid TOML: {exc}"))
        return
    kind, rule = data.pop("kind", None), data.pop("rule", None)
    if kind not in EXAMPLE_KINDS:
        problems.append((where, f"example kind must be one of {', '.join(EXAMPLE_KINDS)}"))
    elif not isinstance(rule, str) or not RULE_ID.fullmatch(rule):
        problems.append((where, "example needs the rule id it illustrates (rule = 'CBS-7.2')"))
    else:
        yield Example(kind, rule, data)


def read_rule_text(path: Path) -> RuleText:
    """The rule text in ``path``."""
    try:
        return parse_rule_text(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(str(path), f"cannot read the rule text: {exc}") from None


def rule_text_of(name_or_path: str | Path) -> RuleText | None:
    """The rule text kept beside a profile (``<name>.rules.md``), or None if it has none."""
    from cardrules.profile.registry import rule_text_path

    path = rule_text_path(name_or_path)
    return None if path is None else read_rule_text(path)


# ---------------------------------------------------------------------------
# reST helpers

_INLINE = re.compile(r"`([^`]+)`|\*([^*\s][^*]*)\*|" + RULE_ID.pattern)


def escape(text: str) -> str:
    """Plain text made safe for reST inline markup."""
    return re.sub(r"([\\*`|_<>\[\]])", r"\\\1", text)


def literal(value: object) -> str:
    """An inline literal: ````value````."""
    text = str(value)
    return f"``{text}``" if text.strip() else "(empty)"


def rule_ref(rule_id: str, local: Iterable[str] = ()) -> str:
    """A link to a rule: an anchor on this page if the id is in ``local``, else a role."""
    if rule_id in set(local):
        return f"`{rule_id} <#{anchor(rule_id)}>`__"
    if rule_id.startswith("D-"):
        return rule_id  # a decision id is only meaningful on its own profile's page
    return f":cardrules-rule:`{rule_id}`"


def _rule_tag(rule: str, local: Iterable[str] = ()) -> str:
    """`` (CBS-3.6)``, the rule linked, after a component named in a sentence; empty without one."""
    return f" ({rule_ref(rule, local)})" if rule else ""


def inline(text: str, local: Iterable[str] = ()) -> str:
    """reST for a rule text's inline Markdown: ```code```, ``*emphasis*``, linked rule ids."""
    local = tuple(local)
    out = []
    pos = 0
    for m in _INLINE.finditer(text):
        out.append(escape(text[pos : m.start()]))
        if m[1] is not None:
            out.append(f"``{m[1]}``")
        elif m[2] is not None:
            out.append(f"*{escape(m[2])}*")
        elif m[0] in local and not m[0].startswith("D-"):
            out.append(rule_ref(m[0], local))
        else:
            out.append(m[0])
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out)


def heading(text: str, char: str) -> Iterator[str]:
    """A section title underlined with ``char``."""
    yield text
    yield char * max(4, len(text))
    yield ""


def _indent(lines: Iterable[str], n: int = 3) -> Iterator[str]:
    pad = " " * n
    for line in lines:
        yield pad + line if line else ""


def list_table(
    header: Sequence[str], rows: Iterable[Sequence[str | list[str]]], widths: str = ""
) -> Iterator[str]:
    """A ``list-table``; a cell given as a list of strings becomes a bullet list."""
    yield ".. list-table::"
    yield "   :header-rows: 1"
    if widths:
        yield f"   :widths: {widths}"
    yield ""
    for row in (header, *rows):
        for i, cell in enumerate(row):
            lead = "   * - " if i == 0 else "     - "
            if isinstance(cell, list):
                if not cell:
                    yield lead + "(none)"
                    continue
                yield lead + "- " + cell[0]
                for item in cell[1:]:
                    yield "       - " + item
            else:
                yield lead + (cell or "\\")
    yield ""


# ---------------------------------------------------------------------------
# Rules pages


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
    if where:
        yield "   *Implemented by* " + ", ".join(where) + "."
        yield ""


def section_id(title: str) -> str:
    """The HTML id docutils gives a section: ``[deal] Dealing`` -> ``deal-dealing``."""
    return re.sub(r"^[-0-9]+|-+$", "", re.sub(r"[^a-z0-9]+", "-", title.lower()))


def _settings_title(key: str, description: str) -> str:
    return f"[{key}] {description.rstrip('.')}"


def _link(text: str, target: str) -> str:
    return f"`{text} <#{target}>`__"


def implemented_by(spec: RulesSpec) -> dict[str, list[str]]:
    """Rule id -> links to the settings that implement it (duties, tables, switches...)."""
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
    for section in spec.sections:
        for rule in section.rules:
            add(rule, f"the {_link(f'[{section.key}]', titles[section.key])} table")
    return out


def _seat(seat: int) -> str:
    return f"{SEAT_NAMES[seat]} (seat {seat})"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol() for c in cards) or "(none)"


def _call(func: str, *args: object, **kwargs: object) -> str:
    parts = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"``{func}({', '.join(parts)})``"


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
        else:
            yield from _contract_example(rules, d, ref)
    except (CardrulesError, KeyError, TypeError) as exc:
        raise CardrulesError(
            f"invalid worked example {example.rule} ({example.kind}) for profile "
            f"{rules.name!r}: {exc}"
        ) from None


def _trump_word(rules: Ruleset, trump: object) -> str:
    if trump is None and rules.trump is not None:
        return f"{rules.trump.word} are trumps"
    if trump in (None, "NT", "none"):
        return "no-trump"
    return f"{Card.parse('2' + str(trump)).suit.word} are trumps"


def _legal_example(rules: Ruleset, d: Mapping[str, Any], ref: str) -> Iterator[str]:
    trick = parse_cards(d.get("trick", []))
    hand = parse_cards(d["hand"])
    first = bool(d.get("first_trick", False))
    kwargs: dict[str, Any] = {"first_trick": first} if first else {}
    if "trump" in d:
        kwargs["trump"] = d["trump"]
    legal = rules.legal_cards(hand, trick, **kwargs)
    texts = [str(c) for c in trick], [str(c) for c in hand]
    situation = (
        f"led to the first trick by a player holding {_cards(hand)}"
        if not trick
        else f"trick so far {_cards(trick)}; the next player holds {_cards(hand)}"
    )
    yield f"{ref} ({_trump_word(rules, d.get('trump'))}): {situation}."
    yield ""
    yield f"- {_call('rules.legal_cards', texts[1], texts[0], **kwargs)} → **{_cards(legal)}**"
    for card in hand:
        if card not in legal:
            why = rules.explain(hand, trick, card, **kwargs)
            yield f"- {card.symbol()} is refused: {escape(str(why))}"
    if len(trick) == 3:
        for card in legal:
            full = [*trick, card]
            won = full[rules.trick_winner(full, **({"trump": d["trump"]} if "trump" in d else {}))]
            yield f"- with {card.symbol()} played, {won.symbol()} wins the trick"
    yield ""


def _trick_example(rules: Ruleset, d: Mapping[str, Any], ref: str) -> Iterator[str]:
    trick = parse_cards(d["trick"])
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


def _calls_example(rules: Ruleset, d: Mapping[str, Any], ref: str) -> Iterator[str]:
    calls, tricks = list(d["calls"]), list(d["tricks"])
    scores = rules.score_deal(calls=calls, tricks=tricks)
    yield f"{ref}: {_call('rules.score_calls', calls, tricks)} gives"
    yield ""
    rows = [
        [_seat(seat), str(calls[seat]), str(tricks[seat]), f"**{scores[seat]}**"]
        for seat in range(4)
    ]
    yield from list_table(["Seat", "Call", "Tricks", "Score"], rows)


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


def generic_score_lines(rules: Ruleset) -> Iterator[str]:
    """A table of one call's scores for a range of tricks (call-based scorers only)."""
    if rules.profile.auction_kind != "calls":
        return
    low, high = rules.bounds
    call = min(max(4, low), high)
    rows = []
    for took in range(max(0, call - 2), min(13, call + 4) + 1):
        rest = 13 - took  # the other seats share the rest, so the deal adds up to 13
        others = [rest // 3 + (rest % 3 > 0), rest // 3 + (rest % 3 > 1), rest // 3]
        scores = rules.score_deal(calls=[call] * 4, tricks=[took, *others])
        rows.append([str(took), f"**{scores[0]}**"])
    yield (
        f"A call of {call}, for each number of tricks the first seat takes "
        f"(``rules.score_calls([{call}] * 4, tricks)``, the other seats sharing the rest):"
    )
    yield ""
    yield from list_table([f"Tricks (call {call})", "Score"], rows)


def _setting_cell(s: Setting) -> str | list[str]:
    if isinstance(s.value, list | tuple) and s.value:
        return [literal(format_value(v)) for v in s.value]
    return literal(s.text)


def settings_lines(spec: RulesSpec, local: Iterable[str] = ()) -> Iterator[str]:
    """Each table of the profile: the rule ids it serves, then each setting and its meaning."""
    local = tuple(local)
    for section in spec.sections:
        yield from heading(_settings_title(section.key, section.description), "~")
        if section.rules:
            yield "Serves " + ", ".join(rule_ref(r, local) for r in section.rules) + "."
            yield ""
        rows = [[literal(s.key), _setting_cell(s), escape(s.description)] for s in section.settings]
        yield from list_table(["Setting", "Value", "Description"], rows, "20 30 50")


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


def duties_lines(spec: RulesSpec, local: Iterable[str] = ()) -> Iterator[str]:
    """The duties of play in the order they apply, each with its rule id and summary."""
    if not spec.duties:
        yield "No duties: any card may be played."
        yield ""
        return
    for d in spec.duties:
        yield f"#. {literal(d.name)}{_rule_tag(d.rule, local)}: {escape(d.summary)}"
    yield ""


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
        implemented = implemented_by(spec)
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
            for example in section.examples:
                if example.kind in ("calls", "contract"):
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
        f"{escape(a.description)}"
    )
    yield ""

    yield from heading("Duties of play", "-")
    yield "The duties narrow the cards a player may play, in this order:"
    yield ""
    yield from duties_lines(spec, local)
    if spec.throw_ins:
        yield "Throw-ins, checked right after each deal (the same dealer deals again):"
        yield ""
        for t in spec.throw_ins:
            yield f"- {literal(t.name)}{_rule_tag(t.rule, local)}: {escape(t.description)}"
        yield ""

    yield from heading("Scoring", "-")
    sc = spec.scoring
    yield (
        f"Scorer {literal(sc.kind)}{_rule_tag(sc.rule, local)}, ``{_qualname(rules.scorer)}``: "
        f"{escape(sc.description)}"
    )
    yield ""
    for key, value in sc.params.items():
        yield f"- ``scoring.params.{key}`` = {literal(format_value(value))}"
    if sc.params:
        yield ""
    yield from heading("Worked examples", "~")
    yield "Computed by the engine of this profile when these pages were built."
    yield ""
    if text is not None:
        for example in text.examples:
            if example.kind in ("calls", "contract"):
                yield from example_lines(rules, example, local)
    yield from generic_score_lines(rules)

    yield from heading("End of the game", "-")
    e = spec.end
    yield f"{e.deals_text}{_rule_tag(e.rule, local)}. {escape(e.description)}"
    yield ""

    yield from heading("House-rule switches", "-")
    yield from options_lines(spec, local)

    if parent is not None:
        yield from heading("Differences from the parent", "-")
        yield from diff_lines(parent, rules, local)


def _qualname(obj: object) -> str:
    cls = type(obj)
    return f"{cls.__module__}.{cls.__qualname__}"


# ---------------------------------------------------------------------------
# Comparison and diff


def _worded(value: str, rules: Sequence[str], local: Iterable[str] = ()) -> str:
    ids = ", ".join(rule_ref(r, local) for r in rules)
    return escape(value) + (f" ({ids})" if ids else "")


def diff_lines(parent: Ruleset, child: Ruleset, local: Iterable[str] = ()) -> Iterator[str]:
    """The settings that differ between a parent and ``child``: ``cardrules diff`` as a table."""
    from cardrules.tools.diff import diff_rules

    local = tuple(local)
    found = diff_rules(parent, child)
    yield (
        f"What ``cardrules diff {parent.name} {child.name}`` reports: the settings of "
        f"{literal(child.name)} that differ from :doc:`{parent.name}`, in words, with the "
        "rule ids behind them."
    )
    yield ""
    if not found:
        yield "None: the same rules."
        yield ""
        return
    rows = [
        [escape(d.setting), _worded(d.left, d.left_rules), _worded(d.right, d.right_rules, local)]
        for d in found
    ]
    yield from list_table(["Setting", parent.name, child.name], rows, "20 40 40")


def comparison_lines(rulesets: Sequence[Ruleset], docs: str = "rules/") -> Iterator[str]:
    """All profiles side by side, setting by setting (the data of ``cardrules diff``).

    The settings that differ come first, then those every profile shares.
    """
    from cardrules.tools.diff import in_words as words

    tables = [{s.name: s for s in words(r)} for r in rulesets]
    names = list(dict.fromkeys(n for t in tables for n in t))

    def cell(table: Mapping[str, Any], name: str) -> str:
        s = table.get(name)
        return "—" if s is None else _worded(s.value, s.rules)

    differ = [n for n in names if len({cell(t, n) for t in tables}) > 1]
    same = [n for n in names if n not in differ]
    header = ["Setting", *(f":doc:`{r.name} <{docs}{r.name}>`" for r in rulesets)]
    yield from heading("Settings that differ", "-")
    if differ:
        yield from list_table(header, [[escape(n), *(cell(t, n) for t in tables)] for n in differ])
    else:
        yield "None."
        yield ""
    yield from heading("Settings in common", "-")
    if same:
        rows = [[escape(n), cell(tables[0], n)] for n in same]
        yield from list_table(["Setting", "In every profile"], rows)
    else:
        yield "None."
        yield ""


# ---------------------------------------------------------------------------
# Hooks


def hooks_of(module: types.ModuleType) -> list[Callable[..., Any]]:
    """The hook specifications of ``module``, in source order."""
    marker = f"{getattr(module, 'PROJECT', 'cardrules')}_spec"
    return [
        obj
        for name, obj in vars(module).items()
        if callable(obj) and hasattr(obj, marker) and name.startswith("cardrules_")
    ]


def hook_phase(name: str) -> str:
    """The phase of a hook from its name: ``cardrules_deal_direction`` -> ``deal``."""
    return name.split("_")[1]


def hook_lines(module: types.ModuleType) -> Iterator[str]:
    """The hook reference: hooks grouped by phase, each autodocumented, with its rule ids."""
    modname = module.__name__
    phases: dict[str, list[Callable[..., Any]]] = {}
    for hook in hooks_of(module):
        phases.setdefault(hook_phase(hook.__name__), []).append(hook)
    marker = f"{getattr(module, 'PROJECT', 'cardrules')}_spec"
    for phase, hooks in phases.items():
        yield from heading(f"{phase.capitalize()} phase", "-")
        for hook in hooks:
            yield f".. autofunction:: {modname}.{hook.__name__}"
            yield ""
            opts = getattr(hook, marker, {}) or {}
            facts = [
                "``firstresult``: the first non-None answer wins"
                if opts.get("firstresult")
                else "every implementation's answer is collected"
            ]
            ids = list(dict.fromkeys(RULE_ID.findall(inspect.getdoc(hook) or "")))
            if ids:
                facts.append("serves " + ", ".join(rule_ref(i) for i in ids))
            yield "   " + "; ".join(facts) + "."
            yield ""


# ---------------------------------------------------------------------------
# Profile schema


def _type_text(annotation: Any) -> str:
    origin = get_origin(annotation)
    if origin is Literal:
        return " | ".join(repr(a) for a in get_args(annotation))
    if origin in (types.UnionType,) or str(origin) == "typing.Union":
        return " | ".join(_type_text(a) for a in get_args(annotation))
    if origin is not None:
        args = ", ".join(_type_text(a) for a in get_args(annotation))
        return f"{getattr(origin, '__name__', str(origin))}[{args}]"
    if annotation is type(None):
        return "none"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "table"
    return getattr(annotation, "__name__", str(annotation))


def _default_text(info: Any) -> str:
    if info.is_required():
        return "required"
    if info.default_factory is not None:
        return literal(format_value(info.default_factory()))
    return literal(format_value(info.default))


def _bounds_text(info: Any) -> str:
    parts = []
    for meta in info.metadata:
        for attr, sign in (("ge", ">="), ("le", "<="), ("gt", ">"), ("lt", "<"), ("pattern", "~")):
            value = getattr(meta, attr, None)
            if value is not None:
                parts.append(f"{sign} {value}")
    return "; ".join(parts)


def schema_lines(model: type[BaseModel] = ProfileModel) -> Iterator[str]:
    """The profile schema: each table, each key with its type, default and description."""
    for key, field in model.model_fields.items():
        sub = field.annotation
        yield from heading(f"[{key}]", "-")
        yield escape(field.description or "")
        yield ""
        if isinstance(sub, type) and issubclass(sub, BaseModel):
            doc = inspect.getdoc(sub) or ""
            if doc:
                yield escape(doc.split("\n\n")[0].replace("\n", " "))
                yield ""
            rows = []
            for name, info in sub.model_fields.items():
                kind = _type_text(info.annotation)
                bounds = _bounds_text(info)
                if bounds:
                    kind += f" ({bounds})"
                rows.append(
                    [
                        literal(name),
                        escape(kind),
                        _default_text(info),
                        escape(info.description or ""),
                    ]
                )
            yield from list_table(["Key", "Type", "Default", "Description"], rows, "15 25 15 45")
        else:
            yield f"Type: {escape(_type_text(sub))}; default {_default_text(field)}."
            yield ""


def profile_json_schema() -> str:
    """The JSON Schema of a profile file, for editors (``cardrules schema``)."""
    schema = ProfileModel.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "cardrules profile"
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def schema_cli_arguments(p: argparse.ArgumentParser) -> None:
    """Arguments of ``cardrules schema``."""
    p.add_argument(
        "-o", "--output", metavar="FILE", help="write the schema to FILE instead of printing it"
    )


def schema_cli_run(args: argparse.Namespace, con: Any) -> int:
    """``cardrules schema``: print (or write) the JSON Schema of a profile file."""
    text = profile_json_schema()
    if args.output is None:
        con.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CardrulesError(f"cannot write the schema to {args.output}: {exc.strerror}") from None
    con.say(f"wrote the profile schema to {args.output}")
    return 0


# ---------------------------------------------------------------------------
# Command line


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_lines(parser: argparse.ArgumentParser, width: int = 88) -> Iterator[str]:
    """The command-line reference: the ``--help`` of the program and of each subcommand."""

    def helptext(p: argparse.ArgumentParser) -> str:
        with _columns(width):
            return p.format_help().rstrip()

    yield ".. code-block:: text"
    yield ""
    yield from _indent(helptext(parser).splitlines())
    yield ""
    for name, sub in _subparsers(parser).items():
        yield from heading(f"{parser.prog} {name}", "-")
        yield ".. code-block:: text"
        yield ""
        yield from _indent(helptext(sub).splitlines())
        yield ""


@contextlib.contextmanager
def _columns(width: int) -> Iterator[None]:
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
