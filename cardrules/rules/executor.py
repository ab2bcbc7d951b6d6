"""The step executor over the duties' step codes, written from the one table of fast steps.

A profile's duties run as step codes (:func:`~cardrules.rules.duties.step_codes`)
in the native core's loop (``cardrules/_native.c``); this loop in Python is
their reference, which the tests hold the C one to code by code.  It is not written
by hand: :func:`executor_source` writes it from
:data:`~cardrules.rules.duties.STEP_GUARD_TERMS` and
:data:`~cardrules.rules.duties.STEP_KEEP_TERMS` (the same ``source`` each term
gives the Python engine), and ``python -m cardrules.rules.executor`` saves it as
``cardrules/engine/steps.py``.  A test fails when the saved module and the table
disagree.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cardrules.rules.duties import STEP_GUARD_TERMS, STEP_KEEP_TERMS, STEP_WIDTH

__all__ = ["executor_source"]

#: Where the written module lives in the package.
EXECUTOR_MODULE = Path(__file__).resolve().parent.parent / "engine" / "steps.py"


def executor_source() -> str:
    """The text of ``cardrules/engine/steps.py``: ``run_steps`` over the step codes."""
    lines = [
        '"""The executor of the duties\' fast steps over their codes: the reference of the',
        "native core's (cardrules/_native.c), which the tests hold to it.",
        "",
        "Written by ``python -m cardrules.rules.executor`` from the step table",
        "(``STEP_GUARD_TERMS`` and ``STEP_KEEP_TERMS`` in ``cardrules.rules.duties``);",
        "do not edit: change the table and write it again.",
        '"""',
        "",
        "",
        "def run_steps(",
        "    codes: tuple[int, ...], hand: int, lm: int, tm: int, beats: int, first: bool, "
        "played: int = 0",
        ") -> int:",
        '    """The cards allowed after the steps given as (guard, keep, guard_cards,',
        '    keep_cards) codes."""',
        "    legal = hand",
        f"    for i in range(0, len(codes), {STEP_WIDTH}):",
        "        guard = codes[i]",
        "        gc = codes[i + 2]",
    ]
    for term in STEP_GUARD_TERMS:
        if not term.source:  # "always": nothing to test
            continue
        lines += [
            f"        if guard == {term.code} and {_negated(term.source)}:  # {term.name}",
            "            continue",
        ]
    lines += ["        keep = codes[i + 1]", "        kc = codes[i + 3]"]
    last = len(STEP_KEEP_TERMS) - 1
    for n, term in enumerate(STEP_KEEP_TERMS):
        test = "else:" if n == last else f"{'if' if n == 0 else 'elif'} keep == {term.code}:"
        lines += [f"        {test}  # {term.name}", f"            x = legal & {term.source}"]
    lines += ["        if x:", "            legal = x", "    return legal", ""]
    return "\n".join(lines)


def _negated(source: str) -> str:
    """The Python expression that is true when ``source`` is false."""
    return source[4:] if source.startswith("not ") else f"not ({source})"


def main() -> int:
    """Write the executor module; exit status 1 if it was out of date."""
    text = executor_source()
    old = EXECUTOR_MODULE.read_text(encoding="utf-8") if EXECUTOR_MODULE.exists() else ""
    if old == text:
        print(f"{EXECUTOR_MODULE.name} is up to date")
        return 0
    EXECUTOR_MODULE.write_text(text, encoding="utf-8")
    print(f"wrote {EXECUTOR_MODULE.name}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
