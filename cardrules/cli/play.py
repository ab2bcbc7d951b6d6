"""``cardrules play``: play a game against bots in the terminal, or watch four bots."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Sequence
from pathlib import Path

from cardrules.cards import Card
from cardrules.cli.console import Console, UsageError
from cardrules.cli.narrate import (
    Narrator,
    auction_lines,
    contract_line,
    n_deals,
    per_seat,
    side_name,
)
from cardrules.engine.bots import BOTS, bots_by_name
from cardrules.engine.game import Game
from cardrules.engine.ruleset import load
from cardrules.engine.views import View
from cardrules.errors import ActionError, CardError, CardrulesError, IllegalAction
from cardrules.rules.actions import Action, Bid, Play, parse_action
from cardrules.rules.components import seat_name, seat_of_letter

__all__ = ["arguments", "read_action", "run"]

DEFAULT_BOT = "rule"
HELP_WORDS = frozenset({"?", "help", "h"})
QUIT_WORDS = frozenset({"quit", "q", "exit"})


def _actions_text(con: Console, actions: Sequence[Action]) -> str:
    if actions and all(isinstance(a, Play) for a in actions):
        return " ".join(con.card(a.card) for a in actions if isinstance(a, Play))
    bids = [a.tricks for a in actions if isinstance(a, Bid)]
    if bids and len(bids) == len(actions) and bids == list(range(bids[0], bids[-1] + 1)):
        return f"bid {bids[0]} .. bid {bids[-1]}" if len(bids) > 1 else f"bid {bids[0]}"
    cards = [getattr(a, "card", None) for a in actions]
    verbs = {str(a).split()[0] for a in actions}
    if actions and len(verbs) == 1 and all(isinstance(c, Card) for c in cards):
        # A family's action on one card each ("pass QS"): the verb once, then the cards.
        return f"{verbs.pop()} " + " ".join(con.card(c) for c in cards if isinstance(c, Card))
    return ", ".join(str(a) for a in actions)


def read_action(text: str, legal: Sequence[Action] = ()) -> Action:
    """A typed action: ``3``, ``bid 3``, ``AH``, ``play AH``, ``10♥``, ``contract S game``.

    A family's action may be typed without its verb when its actions are the legal
    ones: ``S game`` is read as ``contract S game``, and a bare card ``QS`` as
    ``pass QS`` while cards are being passed.
    """
    words = text.split()
    if len(words) == 1 and words[0].isdigit():
        return Bid(int(words[0]))
    try:
        return parse_action(text)
    except ActionError:
        family = bool(legal) and not isinstance(legal[0], Play | Bid)
        verb = str(legal[0]).split()[0] if family else ""
        if len(words) == 1:
            if family:
                with contextlib.suppress(ActionError):
                    return parse_action(f"{verb} {text}")
            try:
                return Play(Card.parse(words[0]))
            except CardError:
                pass
        if family:
            # A family's action typed without its verb ("S game" for "contract S game").
            return parse_action(f"{verb} {text}")
        raise


def _show_turn(con: Console, game: Game, view: View) -> None:
    con.say("")
    what = "auction" if view.phase == "auction" else f"trick {len(view.tricks) + 1}"
    con.say(f"-- Deal {view.deal_number}, {what} --")
    if view.deal_contract is not None:
        con.say(f"  {contract_line(view.deal_contract, lead=view.first_trick)}")
    else:
        for line in auction_lines(view.auction, con):
            con.say(f"  {line}")
    if view.phase == "play":
        con.say(f"  Tricks: {per_seat(view.tricks_won)}")
    if view.deal_scores:
        totals = ", ".join(f"{side_name(k)} {v}" for k, v in view.totals.items())
        con.say(f"  Scores: {totals}")
    for s, cards in view.hands.items():
        if s != view.seat:
            con.say(f"  Exposed hand of {seat_name(s)}: {con.hand(cards)}")
    if view.phase == "play":
        trick = "  ".join(f"{seat_name(s)} {con.card(c)}" for s, c in view.trick)
        lead = view.to_act
        leader = "(you lead)" if lead in (None, view.seat) else f"({seat_name(lead)} leads)"
        con.say(f"  Trick so far: {trick or leader}")
    con.say(f"  Your hand ({seat_name(view.seat)}): {con.hand(view.hand)}")
    if view.to_act is not None and view.to_act != view.seat:
        con.say(f"  You play for {seat_name(view.to_act)}: {con.hand(view.acting_hand)}")


def _prompt(view: View) -> str:
    first = view.legal_actions[0]
    if isinstance(first, Bid):
        bids = [a.tricks for a in view.legal_actions if isinstance(a, Bid)]
        return f"Your call ({min(bids)}-{max(bids)}, ? for help): "
    if not isinstance(first, Play):
        return f"{type(first).prompt} (? for help): "
    if view.to_act is not None and view.to_act != view.seat:
        return f"Card for {seat_name(view.to_act)} (? for help): "
    return "Your card (? for help): "


def _help(con: Console, view: View) -> None:
    con.say(f"  Legal now: {_actions_text(con, view.legal_actions)}")
    first = view.legal_actions[0]
    if not isinstance(first, Play):
        how = type(first).typing_hint
    else:
        how = f"a card ('AH', '10H', '{con.card(Card.parse('10H'))}' or 'play AH')"
    con.say(f"  Type {how}; '?' shows this help, 'quit' stops the game.")


def _save(con: Console, game: Game, record: str | None) -> None:
    if record is None:
        return
    try:
        Path(record).write_text(game.to_json(), encoding="utf-8")
    except OSError as exc:
        raise CardrulesError(f"cannot write the record {record!r}: {exc.strerror}") from None
    con.say(f"Record saved to {record}")


def _human_turn(con: Console, game: Game, narrator: Narrator, seat: int) -> bool:
    """Ask the human for one action until it is taken; False when they quit (or input ends)."""
    view = game.view(seat)
    _show_turn(con, game, view)
    while True:
        line = con.ask(_prompt(view))
        if line is None:
            con.say("End of input: the game stops here.")
            return False
        word = line.lower()
        if not line:
            continue
        if word in HELP_WORDS:
            _help(con, view)
            continue
        if word in QUIT_WORDS:
            con.say("You left the game.")
            return False
        try:
            action = read_action(line, view.legal_actions)
        except CardrulesError as exc:
            con.say(f"  Not understood: {exc}; type ? for help")
            continue
        try:
            narrator.apply(game, action, seat)
        except IllegalAction as exc:
            con.say(f"  Refused: {exc}")
            continue
        return True


def _seat_arg(text: str) -> int:
    key = text.strip()
    seat = seat_of_letter(key)
    if seat is not None:
        return seat
    if key.isdigit() and 0 <= int(key) <= 3:
        return int(key)
    raise argparse.ArgumentTypeError(f"invalid seat {text!r} (expected 0..3 or N, E, S, W)")


def _bots_arg(text: str) -> list[str]:
    try:
        bots_by_name(text)
    except CardrulesError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return [n.strip().lower() for n in text.split(",")]


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("profile", metavar="NAME", help="profile name or path to a .toml file")
    p.add_argument(
        "--seed",
        type=int,
        help="seed of the deals (if not given, a random one, told when the game ends)",
    )
    p.add_argument(
        "--seat", type=_seat_arg, default=2, help="your seat: 0..3 or N, E, S, W (default S)"
    )
    p.add_argument("--auto", action="store_true", help="four bots play; print the game")
    p.add_argument("--deals", type=int, help="number of deals (one the profile allows)")
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON) here")
    p.add_argument(
        "--bots",
        type=_bots_arg,
        default=[DEFAULT_BOT],
        help=f"bots, comma-separated: one name for every bot, three for the other seats "
        f"in seat order, or four, one per seat (known: {', '.join(sorted(BOTS))}; "
        f"default {DEFAULT_BOT})",
    )


def _bot_names(names: list[str], seat: int, auto: bool, players: int = 4) -> dict[int, str]:
    """Bot names by seat: one name for all, one for each seat other than ``seat``
    (with ``--auto``, ``seat`` then gets the default bot) or one per seat."""
    others = [s for s in range(players) if s != seat]
    if len(names) == 1:
        by_seat = dict.fromkeys(range(players), names[0])
    elif len(names) == players - 1:
        by_seat = {seat: DEFAULT_BOT, **dict(zip(others, names, strict=True))}
    elif len(names) == players:
        by_seat = dict(enumerate(names))
    else:
        raise UsageError(
            f"--bots: give one name (every bot), {players - 1} (the seats other than yours) "
            f"or {players} (one per seat), got {len(names)}"
        )
    if not auto:
        del by_seat[seat]
    return dict(sorted(by_seat.items()))


def run(args: argparse.Namespace, con: Console) -> int:
    """Play a game against bots in the terminal, or watch four bots (``--auto``).

    A seed drawn at random is told only when the game ends (finished, left or
    interrupted): the deals follow from it, so knowing it during the game, and
    one's own hand, would reveal the bots' hands.  It is drawn from the whole
    range the engine takes, so it cannot be found by trying seeds either.  A
    seed given with ``--seed`` is no secret and heads the game.
    """
    import random

    rules = load(args.profile, deals=args.deals)
    secret = args.seed is None
    seed = random.SystemRandom().randrange(2**63) if secret else args.seed
    human: int | None = None if args.auto else args.seat
    names = _bot_names(args.bots, args.seat, args.auto, rules.players)
    bots = dict(zip(names, bots_by_name(list(names.values()), seed=seed), strict=True))
    game = rules.new_game(seed)
    who = ", ".join(f"{seat_name(s)} {n}" for s, n in names.items())
    you = "" if human is None else f"; you are {seat_name(human)}"
    told = "random seed, told at the end" if secret else f"seed {seed}"
    narrator = Narrator(con, seat=human, verbose_cards=human is not None)
    narrator.start(game, f"{rules.title}: {told}, {n_deals(rules.deals)}; bots: {who}{you}")
    status = 0
    try:
        while game.to_act is not None:
            seat = game.controller(game.to_act)
            bot = bots.get(seat)
            if bot is None:
                if not _human_turn(con, game, narrator, seat):
                    break
                continue
            narrator.apply(game, bot.choose(game.view(seat)), seat)
    except KeyboardInterrupt:
        con.say("\nInterrupted.")
        status = 130
    finally:
        if secret:
            con.say(f"The seed was {seed}: play these deals again with --seed {seed}")
    _save(con, game, args.record)
    return status
