"""The small reST writers the generated pages share: escaping, literals, rule links, tables.

They yield or return reST text and know nothing of profiles; a rule id becomes
a link to its anchor (:func:`~cardrules.tools.ruletext.anchor`) on this page or
a ``:cardrules-rule:`` role resolved by the Sphinx extension.

>>> inline("Follow the `led` suit (TY-1.1).", ["TY-1.1"])
'Follow the ``led`` suit (`TY-1.1 <#ty-1-1>`__).'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from cardrules.tools.ruletext import RULE_ID, anchor

__all__ = ["escape", "heading", "inline", "list_table", "literal", "rule_ref"]

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
