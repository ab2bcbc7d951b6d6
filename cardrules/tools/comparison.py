"""Profiles compared setting by setting, as reST: a child against its parent, or all at once.

The data is that of ``cardrules diff`` (:mod:`cardrules.tools.diff`): each
setting in words, with the rule ids behind it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from cardrules.engine.ruleset import Ruleset
from cardrules.tools.diff import diff_rules, in_words
from cardrules.tools.rst import escape, heading, list_table, literal, rule_ref

__all__ = ["comparison_lines", "diff_lines"]


def diff_lines(parent: Ruleset, child: Ruleset, local: Iterable[str] = ()) -> Iterator[str]:
    """The settings that differ between a parent and ``child``: ``cardrules diff`` as a table."""
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
    tables = [{s.name: s for s in in_words(r)} for r in rulesets]
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


def _worded(value: str, rules: Sequence[str], local: Iterable[str] = ()) -> str:
    ids = ", ".join(rule_ref(r, local) for r in rules)
    return escape(value) + (f" ({ids})" if ids else "")
