"""``cardrules replay``: re-check a game record and print the game."""

from __future__ import annotations

import argparse
from pathlib import Path

from cardrules.cli.console import Console
from cardrules.cli.narrate import Narrator, end_words
from cardrules.engine.game import Game
from cardrules.engine.records import read_record
from cardrules.engine.ruleset import load
from cardrules.errors import RecordError

__all__ = ["arguments", "run"]


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", metavar="FILE", help="a game record written by 'play --record'")
    p.add_argument(
        "--allow-preset-hands",
        action="store_true",
        help="replay a record whose first deal was dealt by hand (trust its author)",
    )
    p.add_argument(
        "--profile",
        metavar="PROFILE",
        help="the rules the game was played under, by name or .toml file (a record names "
        "only an installed profile, never a file)",
    )


def run(args: argparse.Namespace, con: Console) -> int:
    """Re-check a game record, replaying every action, and print the game."""
    try:
        text = Path(args.record).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else str(exc)
        raise RecordError(f"cannot read the record {args.record!r}: {reason}") from None
    try:
        rules = None
        if args.profile is not None:  # the record's number of deals, to load the rules with
            rules = load(args.profile, deals=read_record(text, max_bytes=None).deals)
        recorded = Game.from_json(text, rules=rules, allow_preset_hands=args.allow_preset_hands)
    except RecordError as exc:
        raise RecordError(f"{args.record}: {exc}") from None
    hands = None
    if recorded.preset is not None:
        hands = [list(recorded.rules.deck.cards_of(mask)) for mask in recorded.preset]
    game = Game(
        recorded.rules,
        seed=recorded.seed,
        dealer=recorded.first_dealer,
        hands=hands,
        stock=recorded.preset_stock,
    )
    narrator = Narrator(con, seat=None, verbose_cards=False)
    narrator.start(game, f"{game.rules.title}: seed {game.seed}, {end_words(game.rules)} (replay)")
    for action in recorded.actions:
        narrator.apply(game, game.parse(action))
    if game.phase != "finished":
        con.say("")
        title = narrator.title(game)
        during = f"{title[:1].lower()}{title[1:]} ({game.phase_name})"
        con.say(f"The record ends here, during {during}.")
    return 0
