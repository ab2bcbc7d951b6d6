"""The rule text of a profile: rules with ids, in the project's words, and worked examples.

A profile's rule text lives beside it: ``profiles/<name>.rules.md``, a small
strict Markdown dialect (see :func:`parse_rule_text`) with one rule per list
item, its id first, and worked examples as TOML in fenced ``example`` blocks.
This module reads it into a :class:`RuleText`; it writes no reST.

>>> text = parse_rule_text('''# Tiny
...
... ## 1. Play
...
... - TY-1.1 Follow the `led` suit.
... ''')
>>> [r.id for r in text.rules]
['TY-1.1']
>>> anchor("TY-1.1")
'ty-1-1'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardrules.errors import ProfileError
from cardrules.profile.registry import rule_text_path

__all__ = [
    "EXAMPLE_KINDS",
    "RULE_ID",
    "Example",
    "Rule",
    "RuleSection",
    "RuleText",
    "anchor",
    "parse_rule_text",
    "read_rule_text",
    "rule_text_of",
]

#: A rule id: ``CBS-3.6``, ``MB-1.1``, a project decision ``D-4``, a variant's ``CW-3``.
RULE_ID = re.compile(r"(?:D-\d+|[A-Z]{2,}-\d+(?:\.\d+)?)(?!\w|\.\w)")
_ITEM = re.compile(rf"^- ({RULE_ID.pattern})(?:\s+(.*))?$")

#: The kinds of worked example a rule text may hold (``kind = ...`` in an ``example`` block):
#: the cards a hand may play (``legal``: ``hand``, optional ``trick``, ``first_trick``,
#: ``trump`` and ``played_before``, the cards of the deal's earlier tricks), who wins a
#: trick (``trick``), and a deal scored from its calls and tricks (``calls``), from a
#: contract (``contract``) or from the cards each seat took (``taken``).
EXAMPLE_KINDS = ("legal", "trick", "calls", "contract", "taken", "scored")


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


def rule_text_of(name_or_path: str | Path) -> RuleText | None:
    """The rule text kept beside a profile (``<name>.rules.md``), or None if it has none."""
    path = rule_text_path(name_or_path)
    return None if path is None else read_rule_text(path)


def read_rule_text(path: Path) -> RuleText:
    """The rule text in ``path``."""
    try:
        return parse_rule_text(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(str(path), f"cannot read the rule text: {exc}") from None


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


def anchor(rule_id: str) -> str:
    """The HTML anchor of a rule id on its profile page: ``CBS-3.6`` -> ``cbs-3-6``."""
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")
