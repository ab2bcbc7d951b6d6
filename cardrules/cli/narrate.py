"""Telling the story of a game: :class:`Narrator` and the printing helpers of
``cardrules play`` and ``cardrules replay``."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from cardrules.cli.console import Console
from cardrules.deck import FRENCH_52, Card, Deck, Order, Suit
from cardrules.engine.game import Game, lowest_wins
from cardrules.engine.picture import deal_order
from cardrules.engine.ruleset import Ruleset
from cardrules.errors import CardError
from cardrules.rules.actions import Action, Play
from cardrules.rules.components import SEAT_NAMES, AuctionState, Contract, Side, seat_name

__all__ = [
    "Narrator",
    "auction_lines",
    "contract_line",
    "direction_line",
    "end_words",
    "house_rules",
    "n_deals",
    "per_seat",
    "player_words",
    "side_name",
    "tricks_line",
]

#: Auction facts holding a seat number, printed as a seat letter (and any ``*_to`` or
#: ``*_from``: the seat something goes to or comes from).
_SEAT_KEYS = frozenset({"declarer", "dummy", "leader", "first", "caller"})
_SEAT_SUFFIXES = ("_to", "_from")
#: Auction facts shown elsewhere (the deal header, the contract line).
_SKIP_KEYS = frozenset({"dealer", "contract"})


#: A seat as messages of the engine and the families write it: ``seat 2``, ``seat 2 (S)``,
#: ``(seat 2 (S))``, ``seat 2's hand (S)``, ``the hand of seat 2 (S)``.
_SEAT_TEXT = re.compile(
    r"(?P<open>\()?(?P<of>the hand of )?\bseat (?P<seat>\d+)(?: \([A-Z]\))?(?P<close>\))?"
    r"(?P<own>'s)?(?: (?P<noun>\w+) \([A-Z]\))?"
)


def side_name(side: Side) -> str:
    """A side as printed: a seat letter, or a pair name (``NS``)."""
    return seat_name(side) if isinstance(side, int) else side


def player_words(text: str, you: int | None = None) -> str:
    """A message as a player reads it: ``seat 2 (S)`` becomes ``S``, or ``you`` at ``you``.

    >>> player_words("A♣ is not in seat 0's hand (N); it is the turn of seat 3 (W)", you=0)
    'A♣ is not in your hand; it is the turn of W'
    >>> player_words("illegal action 'play KH' by seat 2 (S)")
    "illegal action 'play KH' by S"
    """

    def name(m: re.Match[str]) -> str:
        seat = int(m["seat"])
        if seat >= len(SEAT_NAMES):
            return m[0]  # no letter: its number it is
        noun = f" {m['noun']}" if m["noun"] else ""
        if seat == you:
            word = "your hand" if m["of"] else f"your{noun}" if m["own"] else "you"
        elif m["of"]:
            word = f"the hand of {seat_name(seat)}"
        else:
            word = f"{seat_name(seat)}{m['own'] or ''}{noun}"
        return f"{m['open'] or ''}{word}{m['close'] or ''}"

    return _SEAT_TEXT.sub(name, text)


def per_seat(values: Sequence[Any], order: Sequence[int] | None = None) -> str:
    """One value per seat (``-`` for None), in seat order or the ``order`` given."""
    seats = range(len(values)) if order is None else order
    return ", ".join(f"{seat_name(s)} {'-' if values[s] is None else values[s]}" for s in seats)


def tricks_line(rules: Ruleset, tricks: Sequence[int], contract: Contract | None) -> str:
    """The tricks taken so far: by seat, or by side where sides hold several seats (with
    each seat's count too when seats undertook tricks of their own)."""
    if len(rules.sides) == rules.players:
        return per_seat(tricks)
    own = contract is not None and any(
        contract.undertaken(s) is not None for s in range(rules.players)
    )
    parts = []
    for side in rules.sides:
        seats = [s for s in range(rules.players) if rules.side_of(s) == side]
        part = f"{side_name(side)} {sum(tricks[s] for s in seats)}"
        if own:
            part += f" ({', '.join(f'{seat_name(s)} {tricks[s]}' for s in seats)})"
        parts.append(part)
    return ", ".join(parts)


def _cards(value: list[Any], deck: Deck) -> list[Card] | None:
    """The cards of ``deck`` a list of card texts names (``["QS", "AH"]``), or None if it is
    not one."""
    if not all(isinstance(v, str) for v in value):
        return None
    try:
        return [deck.parse(v) for v in value]
    except CardError:
        return None


def auction_lines(
    public: dict[str, Any],
    con: Console | None = None,
    *,
    words: dict[str, str] | None = None,
    recaps: bool = True,
    deck: Deck = FRENCH_52,
) -> list[str]:
    """What a seat knows of the auction, generically: per-seat lists, seats, cards of
    ``deck`` (with ``con``'s suit signs) and plain facts.

    ``words`` are facts in the family's words, by key, in place of their values (an
    empty text: left unsaid; :meth:`~cardrules.rules.components.AuctionState.public_words`).  With
    ``recaps=False`` (a seat's turn in the auction, after the deal's start has said
    them) the lists by seat and the order of turns are left out: since the deal began
    only actions, each told as it was taken, have changed them (the calls so far, the
    cards passed).
    """
    out = []
    words = words or {}
    order = public.get("order")
    turns = order if _is_order(order, len(order) if isinstance(order, list) else 0) else None
    seats = 4 if turns is None else len(turns)
    by_seat = [key for key, value in public.items() if _is_per_seat(value, seats)]
    if not recaps:
        public = {k: v for k, v in public.items() if k not in by_seat and k != "order"}
    for key, value in public.items():
        label = key.replace("_", " ")
        if key in words:
            if words[key]:
                out.append(f"{label}: {words[key]}")
            continue
        if key in _SKIP_KEYS or value is None or value is False or value == []:
            continue
        seat_key = key in _SEAT_KEYS or key.endswith(_SEAT_SUFFIXES)
        cards = _cards(value, deck) if isinstance(value, list) and value else None
        if key == "order" and isinstance(value, list):
            if not by_seat:  # else the lists by seat below are printed in this order
                out.append(f"{label}: {' '.join(seat_name(s) for s in value)}")
        elif seat_key and isinstance(value, int) and not isinstance(value, bool):
            out.append(f"{label}: {seat_name(value)}")
        elif cards is not None:
            shown = " ".join(c.symbol() if con is None else con.card(c) for c in cards)
            out.append(f"{label}: {shown}")
        elif isinstance(value, list) and len(value) == seats:
            if _is_per_seat(value, seats):
                out.append(f"{label}: {per_seat(value, turns)}")
        elif isinstance(value, dict):
            out.append(f"{label}: {', '.join(f'{k} {v}' for k, v in value.items())}")
        elif not isinstance(value, list):
            out.append(f"{label}: {value}")
    return out


def _wrapped(text: str) -> str:
    """A paragraph of the header, indented by two spaces, in lines of at most 100 characters."""
    return textwrap.fill(text, 100, initial_indent="  ", subsequent_indent="    ")


def _is_per_seat(value: object, seats: int) -> bool:
    """A list of one fact per seat (a call, a count) that holds at least one."""
    return (
        isinstance(value, list)
        and len(value) == seats
        and all(v is None or isinstance(v, int | str) for v in value)
        and any(v is not None for v in value)
    )


def _is_order(value: object, players: int) -> bool:
    """A turn order: every seat of the table once."""
    return isinstance(value, list) and sorted(value) == list(range(players)) and players > 0


def contract_line(contract: Contract, *, lead: bool = True) -> str:
    """The contract in its family's words, and who leads to the first trick."""
    leads = f"; {seat_name(contract.leader)} leads" if lead else ""
    return f"{contract.words()}{leads}"


def _direction_rule(rules: Ruleset) -> str:
    """The rule that says which way play goes: of the rules ``[deal]`` (where the profile
    sets the direction) serves, the first whose text beside the profile names it
    (``clockwise``), else the first of them; "" when it serves none."""
    cited = rules.profile.rule_ids.get("deal", ())
    if not cited:
        return ""
    path = Path(rules.profile.path)
    try:
        text = path.with_name(path.name.removesuffix(".toml") + ".rules.md").read_text("utf-8")
    except (OSError, UnicodeDecodeError, ValueError):  # ValueError: a path with no name
        return cited[0]
    # One rule a list item, "- ID text", its continuation lines indented.
    items = dict(re.findall(r"(?m)^- (\S+) (.*(?:\n  .*)*)", text))
    return next((r for r in cited if "clockwise" in items.get(r, "")), cited[0])


def direction_line(rules: Ruleset, seat: int | None = None) -> str:
    """The direction of play, said once at the start: ``Play goes counter-clockwise (to
    the right): S, E, N, W [CBS-2.1]``, round the table from ``seat`` (N when watching),
    citing the rule that says so (:func:`_direction_rule`)."""
    direction = rules.direction
    turn = "clockwise (to the left)" if direction.step == 1 else "counter-clockwise (to the right)"
    order = ", ".join(seat_name(s) for s in direction.order(0 if seat is None else seat))
    rule = _direction_rule(rules)
    tag = f" [{rule}]" if rule else ""
    return f"Play goes {turn}: {order}{tag}"


def n_deals(n: int) -> str:
    return f"{n} deal" if n == 1 else f"{n} deals"


def _target(rules: Ruleset) -> Decimal | int | None:
    """The total that ends the game, where its end condition plays to one."""
    target = getattr(rules.end, "target", None)
    if isinstance(target, bool) or not isinstance(target, int | Decimal) or not target:
        return None
    return target


def end_words(rules: Ruleset) -> str:
    """What ends the game, in a few words: ``5 deals``, ``first to 40``, ``game to 100``."""
    target = _target(rules)
    if target is None:
        return n_deals(rules.deals)
    return f"game to {target}" if lowest_wins(rules.end) else f"first to {target}"


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def house_rules(rules: Ruleset) -> list[str]:
    """The ``[options]`` settings in force that differ from their defaults, as
    ``name = value [rule]``, by name."""
    out = []
    for name, spec in sorted(rules.components.options.items()):
        value = rules.profile.option(name)
        if value != spec.default:
            tag = f" [{spec.rule}]" if spec.rule else ""
            out.append(f"{name} = {_toml(value)}{tag}")
    return out


def _tells_seats(auction: AuctionState) -> bool:
    """Whether the auction tells each seat something the others may not see (it defines
    its own ``private``): the other seats' actions in it are told hidden."""
    return type(auction).private is not AuctionState.private


@dataclass(frozen=True, slots=True)
class _Before:
    phase: str
    deal_number: int
    deals: int
    to_act: int
    trick: tuple[tuple[int, Card], ...]
    tricks: int
    trump: Suit | None
    #: The auction tells each seat something the others may not see (its actions too).
    private: bool


@dataclass(slots=True)
class _Group:
    """One seat's actions of one verb in a row in the auction (the three cards it passes),
    told in one line once the seat is done."""

    seat: int
    verb: str
    hidden: bool
    actions: list[Action]


def _card_of(action: Action) -> Card | None:
    card = getattr(action, "card", None)
    return card if isinstance(card, Card) else None


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
        #: What the seat was last shown this deal (its hand; auction facts, exposed hands),
        #: so that its turn in the auction repeats none of it.
        self.shown_hand: tuple[Card, ...] | None = None
        self.shown_lines: set[str] = set()
        #: The heading of each deal as its family names it (``Board 7``), by deal number.
        self.titles: dict[int, str] = {}
        self._group: _Group | None = None

    def start(self, game: Game, header: str) -> None:
        """Print the header of the game (then what ends it, the house rules in force and
        the direction of play) and the start of its first deal."""
        con = self.con
        con.say(header)
        summary = game.rules.end.summary
        if isinstance(summary, str) and summary:
            con.say(_wrapped(f"{summary[:1].upper()}{summary[1:]}."))
        rules = house_rules(game.rules)
        if rules:
            con.say(_wrapped(f"House rules: {', '.join(rules)}"))
        con.say(f"  {direction_line(game.rules, self.seat)}")
        self.deal_start(game)

    def words(self, text: str) -> str:
        """A message with its seats named as this narrator's reader knows them."""
        return player_words(text, self.seat)

    def title(self, game: Game) -> str:
        """The current deal as its family heads it: ``Board 7``, else ``Deal 2``."""
        return self.titles.get(game.deal_number, f"Deal {game.deal_number}")

    def say_new(self, line: str) -> None:
        """Print a line of what the seat knows unless it was shown this deal."""
        if line not in self.shown_lines:
            self.shown_lines.add(line)
            self.con.say(line)

    def say_hand(
        self,
        label: str,
        seat: int,
        cards: Sequence[Card],
        *,
        again: bool = True,
        order: Order | None = None,
    ) -> None:
        """Print the seat's hand, sorted by the deal's ``order``; with ``again=False`` only
        if it changed since shown."""
        hand = tuple(cards)
        if again or hand != self.shown_hand:
            self.shown_hand = hand
            self.con.say(f"  {label} ({seat_name(seat)}): {self.con.hand(hand, order)}")

    def auction_words(self, game: Game) -> dict[str, str]:
        """The auction's facts in its family's words (``public_words``), by key."""
        return game.auction.public_words()

    def deal_start(self, game: Game) -> None:
        """Print the start of the current deal: throw-ins, its heading and dealer, hands,
        auction facts, and (at a seat) the heading of the auction its bots' calls follow."""
        con = self.con
        for event in game.throw_ins[self._throw_ins :]:
            if event.seat is None:
                who = ""
            elif event.seat == self.seat:
                who = " (your hand)"
            else:
                who = f" ({seat_name(event.seat)}'s hand)"
            tag = f"{event.rule}: " if event.rule else ""
            reason = self.words(event.reason)
            again = "" if "same dealer" in reason else "; the same dealer deals again"
            con.say(f"Cards thrown in{who}: {tag}{reason}{again}")
        self._throw_ins = len(game.throw_ins)
        self.shown_lines = set()
        self.shown_hand = None
        con.say("")
        rules = game.rules
        heading = game.auction.deal_heading()
        if heading:
            self.titles[game.deal_number] = heading
        else:
            which = f" of {rules.deals}" if _target(rules) is None else f" ({end_words(rules)})"
            heading = f"Deal {game.deal_number}{which}"
            self.titles.pop(game.deal_number, None)
        con.say(f"== {heading}, dealer {seat_name(game.dealer)} ==")
        order = deal_order(game)
        if self.seat is None:
            for s in range(game.rules.players):
                con.say(f"  {seat_name(s)}: {con.hand(game.hand(s), order)}")
            view = game.view(0)
        else:
            view = game.view(self.seat)
            self.say_hand("Your hand", self.seat, view.hand, order=order)
        if view.turned_up is not None:
            con.say(f"  Turned up for trumps: {con.card(view.turned_up)}")
        # Watching (no seat): what every seat knows, not what seat 0's view adds.
        auction = game.auction.public() if self.seat is None else view.auction
        words = self.auction_words(game)
        for line in auction_lines(auction, con, words=words, deck=game.rules.deck):
            self.say_new(f"  {line}")
        if game.phase == "play":
            self.play_start(game)
        elif self.seat is not None:
            # Headed before anyone acts, so that the calls of the seats before this one
            # follow the heading of their phase.
            con.say(f"-- {self.title(game)}, {game.phase_name} --")

    def play_start(self, game: Game) -> None:
        """Print the contract (or the calls), any hand exposed to everyone and, where the
        auction moved cards between hands, the hands play starts from (the seat's own, with
        what the auction told it alone)."""
        con = self.con
        seat = self.seat
        view = game.view(0 if seat is None else seat)
        if view.deal_contract is not None:
            self.say_new(f"  {contract_line(view.deal_contract)}")
        changed = [s for s in range(game.rules.players) if game.hands[s] != game.initial_hands[s]]
        if game.rules.deal_stages:  # the later stages were dealt: every hand grew
            changed = list(range(game.rules.players))
        order = deal_order(game)
        if seat is None:
            if changed:
                con.say("  Hands after the auction:")
                for s in range(game.rules.players):
                    con.say(f"    {seat_name(s)}: {con.hand(game.hand(s), order)}")
            return
        for line in auction_lines(game.auction.private(seat), con, deck=game.rules.deck):
            if f"  {line}" not in self.shown_lines:  # shown at the deal's start
                con.say(f"  You: {line}")
        if seat in changed:
            self.say_hand("Your hand now", seat, view.hand, order=order)
        for s, cards in view.hands.items():
            if s != seat:
                self.say_new(f"  Exposed hand of {seat_name(s)}: {con.hand(cards, order)}")

    def apply(
        self, game: Game, action: Action, seat: int | None = None, *, more: bool = False
    ) -> None:
        """Apply ``action`` (an :class:`IllegalAction` leaves everything unchanged) and tell.

        ``more``: more actions of the same seat follow at once (``pass KH 10H 7D``): they
        are told together, as another seat's cards passed in a row are.
        """
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
            _tells_seats(game.auction),
        )
        game.apply(action, seat=seat)
        self._tell(before, game, action, more)

    def discard(self) -> None:
        """Forget the actions waiting to be told together (they were taken back)."""
        self._group = None

    def _who(self, game: Game, seat: int) -> str:
        name = seat_name(seat)
        return f"{name} (you)" if seat == self.seat else name

    def _auction_action(self, before: _Before, game: Game, action: Action, more: bool) -> None:
        """Tell an action of the auction, or keep it to tell with the same seat's next ones
        (a seat's actions of one verb with a card each, in a row: its cards passed)."""
        seat = before.to_act
        hidden = before.private and self.seat is not None and seat != self.seat
        verb = str(action).split()[0]
        group = self._group
        if group is not None and (group.seat, group.verb, group.hidden) != (seat, verb, hidden):
            self._flush(game)
            group = None
        if _card_of(action) is None or isinstance(action, Play):
            self._flush(game)
            self._say_actions(game, _Group(seat, verb, hidden, [action]))
            return
        if group is None:
            group = self._group = _Group(seat, verb, hidden, [])
        group.actions.append(action)
        again = (
            game.phase == "auction"
            and game.deal_number == before.deal_number
            and game.to_act == seat
            and (more or seat != self.seat)
        )
        if not again:
            self._flush(game)

    def _flush(self, game: Game) -> None:
        group, self._group = self._group, None
        if group is not None and group.actions:
            self._say_actions(game, group)

    def _say_actions(self, game: Game, group: _Group) -> None:
        who = self._who(game, group.seat)
        actions = group.actions
        if group.hidden:
            # Another seat's action in an auction with secrets: only its verb is public,
            # and how many cards it moved.
            n = len(actions)
            cards = f" {n} card{'s' if n != 1 else ''}" if _card_of(actions[0]) else ""
            self.con.say(f"  {who}: {group.verb}{cards} (hidden)")
        elif len(actions) == 1:
            self.con.say(f"  {who}: {actions[0]}")
        else:
            cards = " ".join(str(c) for a in actions if (c := _card_of(a)) is not None)
            self.con.say(f"  {who}: {group.verb} {cards}")

    def _tell(self, before: _Before, game: Game, action: Action, more: bool = False) -> None:
        con = self.con
        new_deal = len(game.deals) > before.deals or game.deal_number != before.deal_number
        if before.phase == "auction":
            self._auction_action(before, game, action, more)
            if game.phase == "play" and not new_deal:
                self.play_start(game)
        elif isinstance(action, Play):
            if self.verbose_cards:
                con.say(f"  {self._who(game, before.to_act)} plays {con.card(action.card)}")
            if len(before.trick) == 3:
                cards = (*before.trick, (before.to_act, action.card))
                trick = [c for _, c in cards]
                winner = cards[game.rules.trick_winner(trick, trump=before.trump)][0]
                played = "  ".join(f"{seat_name(s)} {con.card(c)}" for s, c in cards)
                number = before.tricks + 1
                con.say(f"  Trick {number}: {played}  -> {self._who(game, winner)}")
        else:  # a claim, or an answer to one
            con.say(f"  {self._who(game, before.to_act)}: {action}")
        # A deal may end on a card, in the auction (a board passed out) or on a claim.
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
        number = len(game.deals)
        con.say(f"{self.titles.get(number, f'Deal {number}')} over:")
        contract = deal.contract
        result = contract.result_words(deal.tricks)
        if result is not None:
            con.say(f"  {result}")
        for side in game.rules.sides:
            seats = [s for s in range(game.rules.players) if game.rules.side_of(s) == side]
            took = sum(deal.tricks[s] for s in seats)
            calls = [contract.undertaken(s) for s in seats]
            called = sum(c for c in calls if c is not None)
            call = f"called {called}, " if any(c is not None for c in calls) else ""
            score = deal.scores.get(side, Decimal(0))
            you = self.yours(game, side)
            con.say(
                f"  {side_name(side)}{you}: {call}took {took}, scores {score}, "
                f"total {game.totals[side]}"
            )
        if game.phase != "finished":
            self.standings(game, "Standings")

    def standings(self, game: Game, title: str) -> None:
        """Print the standings (competition ranking: equal totals share a place)."""
        con = self.con
        lowest = " (the lowest total wins)" if lowest_wins(game.rules.end) else ""
        con.say(f"{title}{lowest}:")
        for st in game.standings():
            mark = "  winner" if st.winner else ""
            you = self.yours(game, st.side)
            con.say(f"  {st.place}. {side_name(st.side)}{you}  {st.total}{mark}")

    def yours(self, game: Game, side: Side) -> str:
        """`` (you)`` after the side of this narrator's seat."""
        return " (you)" if self.seat is not None and game.rules.side_of(self.seat) == side else ""

    def game_end(self, game: Game) -> None:
        """Print why the game ended and the final standings."""
        over = game.over
        con = self.con
        con.say("")
        if over is not None:
            tag = f" [{over.rule}]" if over.rule else ""
            con.say(f"Game over: {self.words(over.reason)}{tag}")
        self.standings(game, "Final standings")
