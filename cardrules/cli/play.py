"""``cardrules play``: play a game against bots in the terminal, or watch four bots."""

from __future__ import annotations

import argparse
import contextlib
import enum
import os
import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path

from cardrules.cli.console import Console, UsageError, in_hand_order
from cardrules.cli.narrate import (
    Narrator,
    auction_lines,
    contract_line,
    end_words,
    side_name,
    tricks_line,
)
from cardrules.cli.options import add_option_argument, options_given
from cardrules.deck import FRENCH_52, Card, Deck, Order
from cardrules.engine.bots import BOTS, RuleBot, bots_by_name, parse_bots, play_game
from cardrules.engine.game import Game
from cardrules.engine.picture import deal_order
from cardrules.engine.ruleset import load
from cardrules.engine.views import View
from cardrules.errors import ActionError, CardrulesError, IllegalAction, shown
from cardrules.rules.actions import Action, Bid, Play, Vocabulary
from cardrules.rules.components import seat_name, seat_of_letter
from cardrules.rules.reading import installed_vocabulary

__all__ = ["arguments", "read_action", "run", "typing_hint"]

DEFAULT_BOT = "rule"
HELP_WORDS = frozenset({"?", "help", "h"})
HINT_WORDS = frozenset({"hint"})
UNDO_WORDS = frozenset({"undo", "u"})
QUIT_WORDS = frozenset({"quit", "q", "exit"})
#: How a card is typed, for the help line and the refusal of what is not one.
CARD_HINT = "a card ('AH', '10H', '10♥' or 'play AH')"
#: A call typed as its number alone: ASCII digits, as the action texts take them.
_CALL = re.compile(r"[0-9]{1,3}")


def _card_of(action: Action) -> Card | None:
    card = getattr(action, "card", None)
    return card if isinstance(card, Card) else None


def _actions_text(con: Console, actions: Sequence[Action], order: Order | None = None) -> str:
    """The legal actions, short: cards in the order the hand shows them (by the deal's
    ``order``), a run of calls."""
    if actions and all(isinstance(a, Play) for a in actions):
        cards = [c for a in actions if (c := _card_of(a)) is not None]
        return " ".join(con.card(c) for c in in_hand_order(cards, order))
    bids = [a.tricks for a in actions if isinstance(a, Bid)]
    if bids and len(bids) == len(actions) and bids == list(range(bids[0], bids[-1] + 1)):
        return f"bid {bids[0]} .. bid {bids[-1]}" if len(bids) > 1 else f"bid {bids[0]}"
    cards = [c for a in actions if (c := _card_of(a)) is not None]
    verbs = {str(a).split()[0] for a in actions}
    if actions and len(verbs) == 1 and len(cards) == len(actions):
        # A family's action on one card each ("pass QS"): the verb once, then the cards.
        return f"{verbs.pop()} " + " ".join(con.card(c) for c in in_hand_order(cards, order))
    return ", ".join(str(a) for a in actions)


def typing_hint(legal: Sequence[Action]) -> str:
    """How to type the ``legal`` actions, each kind once: ``a call ('3' or 'bid 3')``."""
    hints: list[str] = []
    for action in legal:
        hint = CARD_HINT if isinstance(action, Play) else type(action).typing_hint
        if hint not in hints:
            hints.append(hint)
    # A kind whose hint another's includes ("a call ... or 'blind nil'") is said once.
    hints = [h for h in hints if not any(h != other and h in other for other in hints)]
    return " or ".join(hints) or "an action"


def read_action(
    text: str,
    legal: Sequence[Action] = (),
    *,
    deck: Deck | None = None,
    vocabulary: Vocabulary | None = None,
) -> Action:
    """A typed action: ``3``, ``bid 3``, ``AH``, ``play AH``, ``10♥``, ``contract S game``,
    and any form a family declared without a verb (``4S``); a card is one of ``deck``
    (default: the deck of the ``legal`` cards, else the French pack), a word one of
    ``vocabulary``'s (a game's: ``rules.vocabulary``; default: every installed family's).

    Given the ``legal`` actions, a text that reads several ways is read as one of
    their kind (``4H`` is a card while cards are played, a contract while one is
    chosen), a family's action may be typed without its verb (``S game`` is read as
    ``contract S game``, a bare card ``QS`` as ``pass QS`` while cards are passed),
    and what is no action of theirs is refused naming only the actions of this
    game.  An action of another kind typed with its verb (``bid 3`` while cards
    are played) is returned, for the game to refuse with its rule.
    """
    words = text.split()
    if not words:
        raise ActionError(f"invalid action: '' (expected {typing_hint(legal)})")
    cards = deck or next((c.deck for a in legal if (c := _card_of(a)) is not None), FRENCH_52)
    words_of = vocabulary or installed_vocabulary()
    # What a reader says of a text that is no action at all (not about this game).
    generic = {words_of.expected(), installed_vocabulary().expected()}
    first = words[0].lower()
    kinds = {type(a) for a in legal}
    verbs = {str(a).split()[0] for a in legal}
    # A family's own actions, when they are all there is to do now (typed without a verb).
    family = legal[0] if legal and not any(isinstance(a, Play | Bid) for a in legal) else None
    # Each way to read the text, and whether what it says when it fails is about this game.
    readings: list[tuple[Callable[[], Action | None], bool]] = []
    if len(words) == 1 and _CALL.fullmatch(words[0]):
        readings.append((lambda: Bid(int(words[0])), Bid in kinds))
    readings.append((lambda: words_of.read(text, prefer=kinds, deck=cards), first in verbs))
    if legal:
        readings.append((lambda: words_of.read_form(text, kinds), True))
    if len(words) == 1:
        readings.append((lambda: Play(cards.parse(words[0])), Play in kinds))
    if family is not None and first not in verbs:
        verb = str(family).split()[0]
        readings.append((lambda: words_of.read(f"{verb} {text}", prefer=kinds, deck=cards), True))
    errors: list[CardrulesError] = []
    other: Action | None = None
    for read, about_this_game in readings:
        try:
            action = read()
        except CardrulesError as exc:
            if not legal or (about_this_game and not any(g in str(exc) for g in generic)):
                errors.append(exc)
            continue
        if action is None:
            continue
        if not legal or type(action) in kinds:
            return action
        if other is None and str(action).split()[0] == first:
            other = action
    if other is not None:
        return other
    if errors:
        raise errors[0]
    raise ActionError(f"invalid action: {shown(text)} (expected {typing_hint(legal)})")


def _show_turn(con: Console, game: Game, view: View, narrator: Narrator) -> None:
    """What the seat sees before it acts; nothing it was shown this deal (the contract,
    auction facts, the actions of the auction told as they were taken), no hand twice."""
    order = deal_order(game)
    deck = game.rules.deck
    if view.phase == "auction":
        words = narrator.auction_words(game)
        for line in auction_lines(view.auction, con, words=words, recaps=False, deck=deck):
            narrator.say_new(f"  {line}")
        narrator.say_hand("Your hand", view.seat, view.hand, again=False, order=order)
        return
    con.say("")
    con.say(f"-- {narrator.title(game)}, trick {len(view.tricks) + 1} --")
    if view.deal_contract is None:  # else said once, when the play began ('?' again)
        for line in auction_lines(view.auction, con, deck=deck):
            narrator.say_new(f"  {line}")
    if view.phase == "play":
        tricks = tricks_line(game.rules, view.tricks_won, view.deal_contract)
        con.say(f"  Tricks: {tricks}")
    if view.deal_scores:
        totals = ", ".join(f"{side_name(k)} {v}" for k, v in view.totals.items())
        con.say(f"  Scores: {totals}")
    plays_for = view.to_act if view.to_act is not None and view.to_act != view.seat else None
    for s, cards in view.hands.items():
        if s not in (view.seat, plays_for):  # the hand played for is shown below, once
            con.say(f"  Exposed hand of {seat_name(s)}: {con.hand(cards, order)}")
    if view.phase == "play":
        trick = "  ".join(f"{seat_name(s)} {con.card(c)}" for s, c in view.trick)
        lead = view.to_act
        leader = "(you lead)" if lead in (None, view.seat) else f"({seat_name(lead)} leads)"
        con.say(f"  Trick so far: {trick or leader}")
    narrator.say_hand("Your hand", view.seat, view.hand, order=order)
    if plays_for is not None:
        con.say(f"  You play for {seat_name(plays_for)}: {con.hand(view.acting_hand, order)}")


def _forced(con: Console, view: View) -> str:
    """What Enter does when one action is legal: ``Enter plays 8♥, ``; else nothing."""
    if len(view.legal_actions) != 1:
        return ""
    only = view.legal_actions[0]
    if isinstance(only, Play):
        return f"Enter plays {con.card(only.card)}, "
    return f"Enter: {only}, "


def _prompt(con: Console, view: View) -> str:
    first = view.legal_actions[0]
    forced = _forced(con, view)
    if isinstance(first, Bid):
        bids = [a.tricks for a in view.legal_actions if isinstance(a, Bid)]
        return f"Your call ({min(bids)}-{max(bids)}, {forced}? for help): "
    if not isinstance(first, Play):
        return f"{type(first).prompt} ({forced}? for help): "
    if view.to_act is not None and view.to_act != view.seat:
        return f"Card for {seat_name(view.to_act)} ({forced}? for help): "
    return f"Your card ({forced}? for help): "


def _several_verb(legal: Sequence[Action]) -> str | None:
    """The verb of a family's action on one card each (``pass``), when that is all there is
    to do now: several of them may be typed at once (``pass KH 10H 7D``)."""
    if not legal or any(isinstance(a, Play | Bid) or _card_of(a) is None for a in legal):
        return None
    verbs = {str(a).split()[0] for a in legal}
    return verbs.pop() if len(verbs) == 1 else None


def _help(con: Console, view: View, order: Order | None = None) -> None:
    con.say(f"  Legal now: {_actions_text(con, view.legal_actions, order)}")
    if view.deal_contract is not None:
        con.say(f"  {contract_line(view.deal_contract, lead=view.first_trick)}")
    how = typing_hint(view.legal_actions)
    how = how.replace("'10♥'", f"'{con.card(Card.parse('10H'))}'")
    enter = " Enter takes the only legal action;" if len(view.legal_actions) == 1 else ""
    con.say(f"  Type {how};{enter} '?' shows this help, 'quit' stops the game.")
    verb = _several_verb(view.legal_actions)
    if verb is not None and len(view.legal_actions) > 1:
        cards = [c for a in view.legal_actions if (c := _card_of(a)) is not None]
        example = " ".join(str(c) for c in in_hand_order(cards, order)[:3])
        con.say(f"  Several at once: '{verb} {example}' (or '{example}').")
    con.say(
        "  'hint' shows what the rule bot would do; 'undo' takes back your last decision "
        "and all after it."
    )


def _action_words(con: Console, action: Action) -> str:
    """An action as the prompt reads it: ``play 8♥``, ``bid 3``, ``pass QS``."""
    card = _card_of(action)
    return f"play {con.card(card)}" if isinstance(action, Play) and card else str(action)


def _hint(con: Console, view: View) -> None:
    """What the rule bot would do from this seat's view (it sees no more than the seat)."""
    con.say(f"  Hint: the rule bot would {_action_words(con, RuleBot().choose(view))}")


def _cannot_write(record: str, exc: OSError | ValueError) -> CardrulesError:
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return CardrulesError(f"cannot write the record {record!r}: {reason}")


def _check_record(record: str | None) -> None:
    """Refuse a record path that cannot be written before the game starts, not after it."""
    if record is None:
        return
    path = Path(record)
    existed = os.path.lexists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise _cannot_write(record, exc) from None
    if not existed:
        with contextlib.suppress(OSError):
            path.unlink()


def _save(con: Console, game: Game, record: str | None) -> None:
    if record is None:
        return
    try:
        Path(record).write_text(game.to_json(), encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise _cannot_write(record, exc) from None
    con.say(f"Record saved to {record}")


class _Turn(enum.Enum):
    """How a turn of the person at the table ended."""

    TAKEN = "taken"  # an action (or several typed at once) was taken
    UNDONE = "undone"  # back to an earlier decision: show that turn again
    QUIT = "quit"
    END_OF_INPUT = "end of input"


def _read_several(
    text: str, legal: Sequence[Action], vocabulary: Vocabulary
) -> list[Action] | None:
    """Several actions typed at once (``pass KH 10H 7D``, or ``KH 10H 7D`` while cards are
    passed), read one card each as the protocol reads ``pass KH``; None for any other
    text."""
    verb = _several_verb(legal)
    words = text.split()
    if verb is None:
        return None
    if words and words[0].lower() == verb:
        words = words[1:]
    if len(words) < 2:
        return None
    return [read_action(f"{verb} {word}", legal, vocabulary=vocabulary) for word in words]


def _take_several(game: Game, actions: list[Action], seat: int) -> None:
    """Check that the seat may take ``actions`` one after the other, all of them its own
    turns, and leave the game as it was; raises the refusal of the first that may not be."""
    done = 0
    try:
        for action in actions:
            if done and (game.to_act is None or game.controller(game.to_act) != seat):
                why = f"only {done} of these {len(actions)} actions are yours to take now"
                raise IllegalAction("", why, action=str(action), seat=seat)
            game.apply(action, seat=seat)
            done += 1
    finally:
        for _ in range(done):
            game.undo()


def _undo(con: Console, game: Game, narrator: Narrator, marks: list[int]) -> bool:
    """Take back the seat's last decision and every action after it (the bots'); False
    when it has made none."""
    if not marks:
        con.say("  Nothing to undo: you have not decided anything yet.")
        return False
    done = marks.pop()
    taken = len(game.actions) - done
    while len(game.actions) > done:
        game.undo()
    narrator.discard()
    con.say(f"  Undone: {taken} action{'s' if taken != 1 else ''}, back to your last decision.")
    narrator.deal_start(game)
    return True


def _human_turn(con: Console, game: Game, narrator: Narrator, seat: int, marks: list[int]) -> _Turn:
    """Ask the person at ``seat`` for one decision until it is taken, or they ask to go
    back, quit, or input ends; ``marks`` holds the number of actions before each of their
    decisions (what ``undo`` goes back to)."""
    view = game.view(seat)
    _show_turn(con, game, view, narrator)
    while True:
        line = con.ask(_prompt(con, view))
        if line is None:
            return _Turn.END_OF_INPUT
        word = line.lower()
        several: list[Action] | None = None
        if not line:
            if len(view.legal_actions) != 1:
                continue
            action = view.legal_actions[0]  # Enter takes the only legal action
        elif word in HELP_WORDS:
            _help(con, view, deal_order(game))
            continue
        elif word in HINT_WORDS:
            _hint(con, view)
            continue
        elif word in UNDO_WORDS:
            if _undo(con, game, narrator, marks):
                return _Turn.UNDONE
            continue
        elif word in QUIT_WORDS:
            con.say("You left the game.")
            return _Turn.QUIT
        else:
            try:
                words = game.rules.vocabulary
                several = _read_several(line, view.legal_actions, words)
                if several is None:
                    action = read_action(line, view.legal_actions, vocabulary=words)
                else:
                    action = several[0]
            except CardrulesError as exc:
                con.say(f"  Not understood: {narrator.words(str(exc))}; type ? for help")
                continue
        done = len(game.actions)
        try:
            if several is None:
                narrator.apply(game, action, seat)
            else:
                _take_several(game, several, seat)
                for i, one in enumerate(several):
                    narrator.apply(game, one, seat, more=i < len(several) - 1)
        except IllegalAction as exc:
            con.say(f"  Refused: {narrator.words(str(exc))}")
            continue
        marks.append(done)
        return _Turn.TAKEN


def _seat_arg(text: str) -> int:
    key = text.strip()
    seat = seat_of_letter(key)
    if seat is not None:
        return seat
    if key.isdigit() and 0 <= int(key) <= 3:
        return int(key)
    raise argparse.ArgumentTypeError(f"invalid seat {text!r} (expected 0..3 or N, E, S, W)")


def _bots_arg(text: str) -> list[str]:
    """The canonical names of ``--bots`` (:func:`~cardrules.engine.bots.parse_bots`)."""
    try:
        return [spec.name for spec in parse_bots(text)]
    except CardrulesError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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
    add_option_argument(p)
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


def _compare_tables(
    con: Console, game: Game, narrator: Narrator, seed: int, names: dict[int, str]
) -> None:
    """Where the family compares the same deals played at two tables (duplicate bridge's
    IMPs, BR-5.8), the session is compared with its deals played by rule bots at every
    seat: deal by deal, and in all.  Not when rule bots played every seat here."""
    rules = game.rules
    scorer = rules.scorer
    if not scorer.comparison_unit:
        return
    if len(names) == rules.players and set(names.values()) == {DEFAULT_BOT}:
        return  # the other table would play as this one did
    other = play_game(rules.new_game(seed, dealer=game.first_dealer), [RuleBot()] * rules.players)
    unit, rule = scorer.comparison_unit, scorer.comparison_rule
    tag = f", {rule}" if rule else ""
    con.say("")
    con.say(f"Compared with the same deals played by rule bots at every seat ({unit}{tag}):")
    side = rules.sides[0]
    totals = dict.fromkeys(rules.sides, Decimal(0))
    for number, (here, there) in enumerate(zip(game.deals, other.deals, strict=False), 1):
        won = scorer.compare_deal(here, there)
        for s, value in won.items():
            totals[s] = totals.get(s, Decimal(0)) + value
        title = narrator.titles.get(number, f"Deal {number}")
        mine, theirs = here.scores.get(side, Decimal(0)), there.scores.get(side, Decimal(0))
        con.say(
            f"  {title}: {side_name(side)} {mine} here, {theirs} there: "
            f"{side_name(side)} {_signed(won.get(side, Decimal(0)))} {unit}"
        )
    said = ", ".join(
        f"{side_name(s)}{narrator.yours(game, s)} {_signed(v)}" for s, v in totals.items()
    )
    con.say(f"  In all: {said} {unit}")


def _signed(value: Decimal) -> str:
    return f"+{value}" if value > 0 else str(value)


def run(args: argparse.Namespace, con: Console) -> int:
    """Play a game against bots in the terminal, or watch four bots (``--auto``).

    A seed drawn at random is told only when the game ends (finished, left or
    interrupted): the deals follow from it, so knowing it during the game, and
    one's own hand, would reveal the bots' hands.  It is drawn from the whole
    range the engine takes, so it cannot be found by trying seeds either.  A
    seed given with ``--seed`` is no secret and heads the game.
    """
    import random

    _check_record(args.record)
    rules = load(args.profile, deals=args.deals, options=options_given(args.option))
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
    narrator.start(game, f"{rules.title}: {told}, {end_words(rules)}; bots: {who}{you}")
    status = 0
    marks: list[int] = []
    try:
        while game.to_act is not None:
            seat = game.controller(game.to_act)
            bot = bots.get(seat)
            if bot is None:
                turn = _human_turn(con, game, narrator, seat, marks)
                if turn is _Turn.QUIT:
                    break
                if turn is _Turn.END_OF_INPUT:
                    con.error("end of input: the game is left unfinished")
                    status = 1
                    break
                continue
            narrator.apply(game, bot.choose(game.view(seat)), seat)
        if game.phase == "finished":
            _compare_tables(con, game, narrator, seed, names)
    except KeyboardInterrupt:
        con.say("\nInterrupted.")
        status = 130
    finally:
        if secret:
            con.say(f"The seed was {seed}: play these deals again with --seed {seed}")
    _save(con, game, args.record)
    return status
