"""The ``cardrules`` command line: list, show and check profiles; play and replay games.

Each subcommand is two functions, ``_args_<name>(parser)`` adding its
arguments and ``cmd_<name>(args, io) -> int`` running it, registered with one
line in :data:`COMMANDS`.  :func:`main` runs in-process, so tests drive it
with their own streams::

    main(["play", "callbreak-strict", "--seed", "3"], stdin=io.StringIO("3\\n"))

Errors a user can cause (:class:`~cardrules.CardrulesError`) print their
message on stderr and exit 1; usage errors exit 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO

from cardrules.batch.simulate import cli_arguments as sim_args
from cardrules.batch.simulate import cli_run as sim_run
from cardrules.cards import Card, Suit, cards_of
from cardrules.engine.bots import BOTS, bots_by_name
from cardrules.engine.game import Game
from cardrules.engine.records import read_record
from cardrules.engine.ruleset import load
from cardrules.engine.views import View
from cardrules.errors import ActionError, CardError, CardrulesError, IllegalAction, RecordError
from cardrules.rules.actions import Action, Bid, ChooseContract, Play, parse_action
from cardrules.rules.components import Side, seat_name, seat_of_letter
from cardrules.tools.diff import cli_arguments as diff_args
from cardrules.tools.diff import cli_run as diff_run
from cardrules.tools.docgen import schema_cli_arguments as schema_args
from cardrules.tools.docgen import schema_cli_run as schema_run
from cardrules.tools.scaffold import cli_arguments as new_args
from cardrules.tools.scaffold import cli_run as new_run

__all__ = ["COMMANDS", "Command", "Console", "build_parser", "main"]

#: Display order of the suits in a hand: spades, hearts, diamonds, clubs.
SUIT_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)
#: Auction facts holding a seat number, printed as a seat letter.
_SEAT_KEYS = frozenset({"declarer", "dummy", "leader", "first", "caller"})
#: Auction facts shown elsewhere (the deal header, the contract line).
_SKIP_KEYS = frozenset({"dealer", "contract"})
DEFAULT_BOT = "rule"
HELP_WORDS = frozenset({"?", "help", "h"})
QUIT_WORDS = frozenset({"quit", "q", "exit"})


def _can_encode(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Console:
    """The streams a command reads and writes; cards print with suit symbols if they can."""

    def __init__(self, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.symbols = _can_encode(stdout, "♠♥♦♣")

    def write(self, text: str, stream: TextIO | None = None) -> None:
        """Write text as is; characters the terminal cannot show become ``?``."""
        out = self.stdout if stream is None else stream
        if not _can_encode(out, text):
            encoding = getattr(out, "encoding", None) or "ascii"
            text = text.encode(encoding, "replace").decode(encoding)
        out.write(text)

    def say(self, text: str = "") -> None:
        """Write a line to stdout."""
        self.write(text + "\n")

    def error(self, text: str) -> None:
        """Write an error message to stderr."""
        self.write(f"error: {text}\n", self.stderr)

    def ask(self, prompt: str) -> str | None:
        """A line of input after ``prompt``; None at the end of input."""
        self.write(prompt)
        self.stdout.flush()
        try:
            line = self.stdin.readline()
        except UnicodeDecodeError:
            self.say(f"  Could not read that line as {self.stdin.encoding} text.")
            return ""
        if not line:
            self.write("\n")
            return None
        return line.strip()

    def card(self, card: Card) -> str:
        """A card as people read it: ``A♥`` (``AH`` on a terminal without symbols)."""
        return card.symbol() if self.symbols else str(card)

    def suit(self, suit: Suit) -> str:
        """A suit sign: ``♥`` (``H`` without symbols)."""
        return suit.symbol if self.symbols else suit.name

    def hand(self, cards: Iterable[Card]) -> str:
        """A hand sorted by suit, high cards first: ``♠ A K 7  ♥ Q 10  ♦ -  ♣ 9 2``."""
        by_suit: dict[Suit, list[Card]] = {s: [] for s in SUIT_ORDER}
        for card in cards:
            by_suit[card.suit].append(card)
        parts = []
        for suit in SUIT_ORDER:
            ranks = " ".join(c.symbol()[:-1] for c in sorted(by_suit[suit], reverse=True))
            parts.append(f"{self.suit(suit)} {ranks or '-'}")
        return "  ".join(parts)


# ---------------------------------------------------------------------------
# Helpers shared by the subcommands


def side_name(side: Side) -> str:
    """A side as printed: a seat letter, or a pair name (``NS``)."""
    return seat_name(side) if isinstance(side, int) else side


def _per_seat(values: Sequence[Any]) -> str:
    return ", ".join(f"{seat_name(s)} {'-' if v is None else v}" for s, v in enumerate(values))


def _auction_lines(public: dict[str, Any]) -> list[str]:
    """What every seat knows of the auction, generically: per-seat lists and plain facts."""
    out = []
    for key, value in public.items():
        label = key.replace("_", " ")
        if key in _SKIP_KEYS or value is None or value is False:
            continue
        if key == "order" and isinstance(value, list):
            out.append(f"{label}: {' '.join(seat_name(s) for s in value)}")
        elif key in _SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            out.append(f"{label}: {seat_name(value)}")
        elif isinstance(value, list) and len(value) == 4:
            if all(v is None or isinstance(v, int | str) for v in value) and any(
                v is not None for v in value
            ):
                out.append(f"{label}: {_per_seat(value)}")
        elif isinstance(value, dict):
            out.append(f"{label}: {', '.join(f'{k} {v}' for k, v in value.items())}")
        elif not isinstance(value, list):
            out.append(f"{label}: {value}")
    return out


def _contract_line(contract: dict[str, Any], *, lead: bool = True) -> str:
    leads = f"; {seat_name(contract['leader'])} leads" if lead else ""
    if contract.get("declarer") is not None:
        strain = contract.get("strain", "")
        strain_text = "no-trump" if strain == "NT" else Suit[strain].word if strain else "?"
        return (
            f"Contract: {strain} {contract.get('goal', '')} ({strain_text}) by "
            f"{seat_name(contract['declarer'])}, dummy {seat_name(contract['dummy'])}, "
            f"{contract.get('target')} tricks needed{leads}"
        )
    calls = contract.get("calls")
    trump = contract.get("trump")
    trump_text = "no trumps" if trump is None else f"trumps {Suit[str(trump)].word}"
    if calls:
        return f"Calls: {_per_seat(calls)}; {trump_text}{leads}"
    return f"Contract: {trump_text}{leads}"


def _actions_text(con: Console, actions: Sequence[Action]) -> str:
    if actions and all(isinstance(a, Play) for a in actions):
        return " ".join(con.card(a.card) for a in actions if isinstance(a, Play))
    bids = [a.tricks for a in actions if isinstance(a, Bid)]
    if bids and len(bids) == len(actions) and bids == list(range(bids[0], bids[-1] + 1)):
        return f"bid {bids[0]} .. bid {bids[-1]}" if len(bids) > 1 else f"bid {bids[0]}"
    return ", ".join(str(a) for a in actions)


def read_action(text: str, legal: Sequence[Action] = ()) -> Action:
    """A typed action: ``3``, ``bid 3``, ``AH``, ``play AH``, ``10♥``, ``contract S game``.

    ``S game`` is read as a contract when contracts are among ``legal``.
    """
    words = text.split()
    if len(words) == 1 and words[0].isdigit():
        return Bid(int(words[0]))
    try:
        return parse_action(text)
    except ActionError:
        if len(words) == 1:
            try:
                return Play(Card.parse(words[0]))
            except CardError:
                pass
        if len(words) == 2 and any(isinstance(a, ChooseContract) for a in legal):
            return parse_action("contract " + text)
        raise


# ---------------------------------------------------------------------------
# Telling the story of a game


@dataclass(frozen=True, slots=True)
class _Before:
    phase: str
    deal_number: int
    deals: int
    to_act: int
    trick: tuple[tuple[int, Card], ...]
    tricks: int
    trump: Suit | None


class Narrator:
    """Applies actions to a game and prints what happened, as ``seat`` may know it.

    With ``seat=None`` (``--auto``, ``replay``) everything is shown, hands
    included; otherwise only what that seat's view holds.
    """

    def __init__(self, con: Console, *, seat: int | None, verbose_cards: bool) -> None:
        self.con = con
        self.seat = seat
        self.verbose_cards = verbose_cards
        self._throw_ins = 0

    def start(self, game: Game, header: str) -> None:
        """Print the header of the game and the start of its first deal."""
        self.con.say(header)
        self.deal_start(game)

    def deal_start(self, game: Game) -> None:
        """Print the start of the current deal: throw-ins, dealer, hands, auction facts."""
        con = self.con
        for event in game.throw_ins[self._throw_ins :]:
            who = "" if event.seat is None else f" (seat {seat_name(event.seat)})"
            tag = f"{event.rule}: " if event.rule else ""
            con.say(f"Cards thrown in{who}: {tag}{event.reason}; the same dealer deals again")
        self._throw_ins = len(game.throw_ins)
        con.say("")
        deals = f" of {game.rules.deals}" if game.rules.deals else ""
        con.say(f"== Deal {game.deal_number}{deals}, dealer {seat_name(game.dealer)} ==")
        if self.seat is None:
            for s in range(4):
                con.say(f"  {seat_name(s)}: {con.hand(game.hand(s))}")
            view = game.view(0)
        else:
            view = game.view(self.seat)
            con.say(f"  Your hand ({seat_name(self.seat)}): {con.hand(view.hand)}")
        for line in _auction_lines(view.auction):
            con.say(f"  {line}")
        if game.phase == "play":
            self.play_start(game)

    def play_start(self, game: Game) -> None:
        """Print the contract (or the calls) and any hand exposed to everyone."""
        con = self.con
        view = game.view(0 if self.seat is None else self.seat)
        if view.contract is not None:
            con.say(f"  {_contract_line(view.contract)}")
        if self.seat is not None:
            for s, cards in view.hands.items():
                if s != self.seat:
                    con.say(f"  Exposed hand of {seat_name(s)}: {con.hand(cards)}")

    def apply(self, game: Game, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` (an :class:`IllegalAction` leaves everything unchanged) and tell."""
        to_act = game.to_act
        if to_act is None:
            game.apply(action, seat=seat)  # raises: the game is over
            return
        before = _Before(
            game.phase,
            game.deal_number,
            len(game.deals),
            to_act,
            tuple(game.trick),
            len(game.tricks),
            None if game.contract is None else game.contract.trump,
        )
        game.apply(action, seat=seat)
        self._tell(before, game, action)

    def _who(self, game: Game, seat: int) -> str:
        name = seat_name(seat)
        return f"{name} (you)" if seat == self.seat else name

    def _tell(self, before: _Before, game: Game, action: Action) -> None:
        con = self.con
        new_deal = len(game.deals) > before.deals or game.deal_number != before.deal_number
        if before.phase == "auction":
            con.say(f"  {self._who(game, before.to_act)}: {action}")
            if game.phase == "play" and not new_deal:
                self.play_start(game)
            return
        if not isinstance(action, Play):
            return
        if self.verbose_cards:
            con.say(f"  {self._who(game, before.to_act)} plays {con.card(action.card)}")
        if len(before.trick) == 3:
            cards = (*before.trick, (before.to_act, action.card))
            winner = cards[game.rules.trick_winner([c for _, c in cards], trump=before.trump)][0]
            played = "  ".join(f"{seat_name(s)} {con.card(c)}" for s, c in cards)
            number = before.tricks + 1
            con.say(f"  Trick {number}: {played}  -> {self._who(game, winner)}")
        if new_deal:
            self.deal_end(game)
            if game.phase == "finished":
                self.game_end(game)
            else:
                self.deal_start(game)

    def deal_end(self, game: Game) -> None:
        """Print the result of the deal just finished and the standings."""
        con = self.con
        deal = game.deals[-1]
        con.say(f"Deal {len(game.deals)} over:")
        contract = deal.contract
        if contract.declarer is not None:
            side = game.rules.side_of(contract.declarer)
            took = sum(deal.tricks[s] for s in range(4) if game.rules.side_of(s) == side)
            verdict = "made" if took >= contract.target else f"down {contract.target - took}"
            con.say(
                f"  Contract {contract.strain} {contract.goal} by {seat_name(contract.declarer)}: "
                f"{took} tricks of {contract.target} needed, {verdict}"
            )
        calls = contract.calls
        for side in game.rules.sides:
            seats = [s for s in range(4) if game.rules.side_of(s) == side]
            took = sum(deal.tricks[s] for s in seats)
            call = f"called {sum(calls[s] for s in seats)}, " if calls else ""
            score = deal.scores.get(side, Decimal(0))
            con.say(
                f"  {side_name(side)}: {call}took {took}, scores {score}, total {game.totals[side]}"
            )
        if game.phase != "finished":
            self.standings(game, "Standings")

    def standings(self, game: Game, title: str) -> None:
        """Print the standings (competition ranking: equal totals share a place)."""
        con = self.con
        con.say(f"{title}:")
        for st in game.standings():
            mark = "  winner" if st.winner else ""
            you = (
                " (you)"
                if self.seat is not None and game.rules.side_of(self.seat) == st.side
                else ""
            )
            con.say(f"  {st.place}. {side_name(st.side)}{you}  {st.total}{mark}")

    def game_end(self, game: Game) -> None:
        """Print why the game ended and the final standings."""
        over = game.over
        con = self.con
        con.say("")
        if over is not None:
            tag = f" [{over.rule}]" if over.rule else ""
            con.say(f"Game over: {over.reason}{tag}")
        self.standings(game, "Final standings")


# ---------------------------------------------------------------------------
# The human seat


def _n_deals(n: int) -> str:
    return f"{n} deal" if n == 1 else f"{n} deals"


def _show_turn(con: Console, game: Game, view: View) -> None:
    con.say("")
    what = "auction" if view.phase == "auction" else f"trick {len(view.tricks) + 1}"
    con.say(f"-- Deal {view.deal_number}, {what} --")
    if view.contract is not None:
        con.say(f"  {_contract_line(view.contract, lead=view.first_trick)}")
    else:
        for line in _auction_lines(view.auction):
            con.say(f"  {line}")
    if view.phase == "play":
        con.say(f"  Tricks: {_per_seat(view.tricks_won)}")
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
    if isinstance(first, ChooseContract):
        return "Your contract, e.g. 'S game' or 'NT partscore' (? for help): "
    if view.to_act is not None and view.to_act != view.seat:
        return f"Card for {seat_name(view.to_act)} (? for help): "
    return "Your card (? for help): "


def _help(con: Console, view: View) -> None:
    con.say(f"  Legal now: {_actions_text(con, view.legal_actions)}")
    first = view.legal_actions[0]
    if isinstance(first, Bid):
        how = "a call ('3' or 'bid 3')"
    elif isinstance(first, ChooseContract):
        how = "a contract ('contract S game', 'S game', 'NT partscore')"
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


# ---------------------------------------------------------------------------
# Subcommands


def _args_profiles(p: argparse.ArgumentParser) -> None:
    pass


def cmd_profiles(args: argparse.Namespace, con: Console) -> int:
    """List the installed profiles with their titles."""
    from cardrules import profiles
    from cardrules.profile.validated import load_profile

    names = profiles()
    width = max((len(n) for n in names), default=0)
    for name in names:
        try:
            title = load_profile(name).title
        except CardrulesError as exc:
            title = f"(invalid: {str(exc).splitlines()[0]})"
        con.say(f"{name.ljust(width)}  {title}")
    return 0


def _args_show(p: argparse.ArgumentParser) -> None:
    p.add_argument("profile", metavar="NAME", help="profile name or path to a .toml file")
    p.add_argument(
        "--toml", action="store_true", help="print the resolved profile as TOML (extends applied)"
    )


def cmd_show(args: argparse.Namespace, con: Console) -> int:
    """Print the rules of a profile, with rule ids (or, with --toml, the resolved profile)."""
    from cardrules.tools.spec import describe, render_text

    rules = load(args.profile)
    if args.toml:
        from cardrules.profile.validated import dump_resolved

        con.write(dump_resolved(rules.profile))
        return 0
    con.write(render_text(describe(rules)))
    return 0


def _args_check(p: argparse.ArgumentParser) -> None:
    p.add_argument("profile", metavar="FILE", help="profile file (or name) to validate")


def cmd_check(args: argparse.Namespace, con: Console) -> int:
    """Validate a profile: ``ok: NAME (TITLE)``, or every problem and exit 1."""
    rules = load(args.profile)
    con.say(f"ok: {rules.name} ({rules.title})")
    return 0


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


def _args_play(p: argparse.ArgumentParser) -> None:
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


def _bot_names(names: list[str], seat: int, auto: bool) -> dict[int, str]:
    """Bot names by seat: one name for all, three for the seats other than ``seat``
    (with ``--auto``, ``seat`` then gets the default bot) or four, one per seat."""
    others = [s for s in range(4) if s != seat]
    if len(names) == 1:
        by_seat = dict.fromkeys(range(4), names[0])
    elif len(names) == 3:
        by_seat = {seat: DEFAULT_BOT, **dict(zip(others, names, strict=True))}
    elif len(names) == 4:
        by_seat = dict(enumerate(names))
    else:
        raise _UsageError(
            f"--bots: give one name (every bot), three (the seats other than yours) "
            f"or four (one per seat), got {len(names)}"
        )
    if not auto:
        del by_seat[seat]
    return dict(sorted(by_seat.items()))


def cmd_play(args: argparse.Namespace, con: Console) -> int:
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
    names = _bot_names(args.bots, args.seat, args.auto)
    bots = dict(zip(names, bots_by_name(list(names.values()), seed=seed), strict=True))
    game = rules.new_game(seed)
    who = ", ".join(f"{seat_name(s)} {n}" for s, n in names.items())
    you = "" if human is None else f"; you are {seat_name(human)}"
    told = "random seed, told at the end" if secret else f"seed {seed}"
    narrator = Narrator(con, seat=human, verbose_cards=human is not None)
    narrator.start(game, f"{rules.title}: {told}, {_n_deals(rules.deals)}; bots: {who}{you}")
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


def _args_replay(p: argparse.ArgumentParser) -> None:
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


def cmd_replay(args: argparse.Namespace, con: Console) -> int:
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
        hands = [list(cards_of(mask)) for mask in recorded.preset]
    game = Game(recorded.rules, seed=recorded.seed, dealer=recorded.first_dealer, hands=hands)
    narrator = Narrator(con, seat=None, verbose_cards=False)
    narrator.start(
        game, f"{game.rules.title}: seed {game.seed}, {_n_deals(game.rules.deals)} (replay)"
    )
    for action in recorded.actions:
        narrator.apply(game, parse_action(action))
    if game.phase != "finished":
        con.say("")
        con.say(f"The record ends here, during deal {game.deal_number} ({game.phase}).")
    return 0


@dataclass(frozen=True, slots=True)
class Command:
    """A subcommand: its help line, its arguments and the function that runs it."""

    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Console], int]


#: The subcommands, in the order ``--help`` lists them.  Add one with one line.
COMMANDS: dict[str, Command] = {
    "profiles": Command("list the installed profiles", _args_profiles, cmd_profiles),
    "show": Command("print the rules of a profile, with rule ids", _args_show, cmd_show),
    "check": Command("validate a profile file", _args_check, cmd_check),
    "play": Command("play against bots in the terminal (or watch, --auto)", _args_play, cmd_play),
    "replay": Command("re-check a game record and print the game", _args_replay, cmd_replay),
    "simulate": Command("simulate many deals with bots: summary, JSON lines", sim_args, sim_run),
    "diff": Command("the rule differences between two profiles", diff_args, diff_run),
    "new": Command("scaffold a variant: a profile, or --plugin a package", new_args, new_run),
    "schema": Command("the JSON Schema of profile files, for editors", schema_args, schema_run),
}


class _UsageError(Exception):
    """A command-line mistake found after parsing (exit 2)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, one subparser per entry of :data:`COMMANDS`."""
    from cardrules import __version__

    parser = argparse.ArgumentParser(
        prog="cardrules",
        description="Rules of the Call Break family and of Minibridge: profiles, play, records.",
    )
    parser.add_argument("--version", action="version", version=f"cardrules {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, command in COMMANDS.items():
        p = sub.add_parser(name, help=command.help, description=command.help)
        command.arguments(p)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the command line; returns the exit status (0 ok, 1 error, 2 usage)."""
    con = Console(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    parser = build_parser()
    try:
        with redirect_stdout(con.stdout), redirect_stderr(con.stderr):
            args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    if args.command is None:
        con.stderr.write(parser.format_usage())
        con.stderr.write("cardrules: error: a command is required\n")
        return 2
    try:
        return COMMANDS[args.command].run(args, con)
    except _UsageError as exc:
        con.stderr.write(f"cardrules {args.command}: error: {exc}\n")
        return 2
    except CardrulesError as exc:
        con.error(str(exc))
        return 1
    except BrokenPipeError:  # pragma: no cover - output piped into `head`
        return 1
