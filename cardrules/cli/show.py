"""``cardrules show``: print the rules of a profile, with rule ids (``--rules``: and their text)."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Iterator
from pathlib import Path

from cardrules.cli.console import Console
from cardrules.engine.ruleset import Ruleset, load

__all__ = ["arguments", "engine_lines", "rule_text_lines", "run"]

#: The width of the rule text as ``show --rules`` prints it.
WIDTH = 88


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("profile", metavar="NAME", help="profile name or path to a .toml file")
    p.add_argument(
        "--toml", action="store_true", help="print the resolved profile as TOML (extends applied)"
    )
    p.add_argument(
        "--rules",
        action="store_true",
        help="print the rule text too: every rule in words, by rule id (a profile without "
        "a text of its own shows the text of the profile it extends)",
    )


def _rule_text_file(ref: str) -> Path | None:
    """The rule text of the profile ``ref`` (``<name>.rules.md`` beside it), else that of
    the nearest profile up its ``extends`` chain; None if none has one."""
    from cardrules.profile.registry import find_profile, resolve_chain

    for path in resolve_chain(find_profile(ref)).chain:
        text = path.with_name(path.name.removesuffix(".toml") + ".rules.md")
        if text.is_file():
            return text
    return None


def rule_text_lines(path: Path, *, width: int = WIDTH) -> Iterator[str]:
    """The rule text in ``path`` as plain lines: sections, paragraphs, every rule by id.

    The worked examples are left to the rule pages, which compute their outcomes.
    """
    from cardrules.tools.ruletext import read_rule_text

    text = read_rule_text(path)
    yield text.title
    yield "=" * len(text.title)
    for paragraph in text.intro:
        yield from textwrap.wrap(paragraph, width)
        yield ""
    for section in text.sections:
        if section.title:
            yield section.title
        for paragraph in section.paragraphs:
            yield from textwrap.wrap(paragraph, width, initial_indent="  ", subsequent_indent="  ")
        for rule in section.rules:
            head = f"  {rule.id}  "
            yield from textwrap.wrap(
                rule.text or "-", width, initial_indent=head, subsequent_indent=" " * len(head)
            )
            for item in rule.items:
                yield from textwrap.wrap(
                    item,
                    width,
                    initial_indent=" " * len(head) + "- ",
                    subsequent_indent=" " * (len(head) + 2),
                )
        yield ""


def engine_lines(rules: Ruleset) -> list[str]:
    """Which engines play the profile, and why one cannot: the game engine (the native
    core or pure Python), which parts of a deal run in the native core and why the others
    do not, and the NumPy batch engine of ``simulate``."""
    from cardrules.batch.engines import not_batched
    from cardrules.engine import build
    from cardrules.engine.core import native

    duties = "each duty's narrow()" if rules.off_fast_path else "the duties' fast steps"
    why = not_batched(rules)
    batch = "plays it" if not why else f"cannot: it {why}"
    lines = ["", "Engines:", f"  game engine: {build()}, {duties}"]
    if native is not None:
        lines.append(f"    cards played: {native_play(rules)}")
        lines.append(f"    auction calls: {native_calls(rules)}")
        lines.append(
            "    the deal, the rest of the auction, the end of a deal and its score: the "
            "shuffle in the native core, the rest in Python (the family's objects)"
        )
    lines.append(f"  NumPy batch engine (simulate, engine='numpy'): {batch}")
    return lines


def native_play(rules: Ruleset) -> str:
    """Where the native core plays a profile's cards and works out which are legal, or
    why it does not."""
    if rules.deck.size > 64:
        return (
            f"in Python: a deck of {rules.deck.size} cards is wider than the native core's "
            "64-bit masks"
        )
    slow = rules.duty_without_steps
    if slow is not None:
        return (
            f"in the native core; which are legal, in Python: the duty {slow!r} declares "
            "no fast steps"
        )
    return "in the native core, and which are legal (a card refused, a claim, a call: in Python)"


def native_calls(rules: Ruleset) -> str:
    """Which calls of a profile's auction the native core takes (those its state declares
    free, :meth:`~cardrules.rules.components.AuctionState.free_calls`), as a deal from
    seed 1 starts."""
    game = rules.new_game(seed=1)
    if game.phase != "auction":
        return "none: the play begins as soon as the cards are dealt"
    free = game.auction.free_calls()
    if free is None:
        return "in Python: the family's auction declares no free calls (AuctionState.free_calls)"
    callers = len(free.callers)
    return (
        f"the calls the auction declares free, in the native core ({callers} at the start "
        f"of a deal), the others in Python"
    )


def run(args: argparse.Namespace, con: Console) -> int:
    """Print the rules of a profile, with rule ids (or, with --toml, the resolved profile)."""
    from cardrules.tools.spec import describe, render_text

    rules = load(args.profile)
    if args.toml:
        from cardrules.profile.validated import dump_resolved

        con.write(dump_resolved(rules.profile, rules.components.decks))
        return 0
    con.write(render_text(describe(rules)))
    for line in engine_lines(rules):
        con.say(line)
    if args.rules:
        con.say("")
        path = _rule_text_file(args.profile)
        if path is None:
            con.say("Rule text: none (neither this profile nor a parent has a .rules.md file)")
            return 0
        con.say(f"Rule text ({path}):")
        con.say("")
        lines = list(rule_text_lines(path))
        while lines and not lines[-1]:
            lines.pop()
        for line in lines:
            con.say(line)
    return 0
