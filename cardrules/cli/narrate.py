"""Telling the story of a game: :class:`Narrator` and the printing helpers of
``cardrules play`` and ``cardrules replay``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from cardrules.cards import Card, Suit
from cardrules.cli.console import Console
from cardrules.engine.game import Game, lowest_wins
from cardrules.errors import CardError
from cardrules.rules.actions import Action, Play
from cardrules.rules.components import Contract, Side, TellsSeat, seat_name

__all__ = ["Narrator", "auction_lines", "contract_line", "n_deals", "per_seat", "side_name"]

#: Auction facts holding a seat number, printed as a seat letter (and any ``*_to`` or
#: ``*_from``: the seat something goes to or comes from).
_SEAT_KEYS = frozenset({"declarer", "dummy", "leader", "first", "caller"})
_SEAT_SUFFIXES = ("_to", "_from")
#: Auction facts shown elsewhere (the deal header, the contract line).
_SKIP_KEYS = frozenset({"dealer", "contract"})


def side_name(side: Side) -> str:
    """A side as printed: a seat letter, or a pair name (``NS``)."""
    return seat_name(side) if isinstance(side, int) else side


def per_seat(values: Sequence[Any]) -> str:
    return ", ".join(f"{seat_name(s)} {'-' if v is None else v}" for s, v in enumerate(values))


def _cards(value: list[Any]) -> list[Card] | None:
    """The cards a list of card texts names (``["QS", "AH"]``), or None if it is not one."""
    if not all(isinstance(v, str) for v in value):
        return None
    try:
        return [Card.parse(v) for v in value]
    except CardError:
        return None


def auction_lines(public: dict[str, Any], con: Console | None = None) -> list[str]:
    """What a seat knows of the auction, generically: per-seat lists, seats, cards (with
    ``con``'s suit signs) and plain facts."""
    out = []
    for key, value in public.items():
        label = key.replace("_", " ")
        if key in _SKIP_KEYS or value is None or value is False or value == []:
            continue
        seat_key = key in _SEAT_KEYS or key.endswith(_SEAT_SUFFIXES)
        cards = _cards(value) if isinstance(value, list) and value else None
        if key == "order" and isinstance(value, list):
            out.append(f"{label}: {' '.join(seat_name(s) for s in value)}")
        elif seat_key and isinstance(value, int) and not isinstance(value, bool):
            out.append(f"{label}: {seat_name(value)}")
        elif cards is not None:
            shown = " ".join(c.symbol() if con is None else con.card(c) for c in cards)
            out.append(f"{label}: {shown}")
        elif isinstance(value, list) and len(value) == 4:
            if all(v is None or isinstance(v, int | str) for v in value) and any(
                v is not None for v in value
            ):
                out.append(f"{label}: {per_seat(value)}")
        elif isinstance(value, dict):
            out.append(f"{label}: {', '.join(f'{k} {v}' for k, v in value.items())}")
        elif not isinstance(value, list):
            out.append(f"{label}: {value}")
    return out


def contract_line(contract: Contract, *, lead: bool = True) -> str:
    """The contract in its family's words, and who leads to the first trick."""
    leads = f"; {seat_name(contract.leader)} leads" if lead else ""
    return f"{contract.words()}{leads}"


def n_deals(n: int) -> str:
    return f"{n} deal" if n == 1 else f"{n} deals"


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
            for s in range(game.rules.players):
                con.say(f"  {seat_name(s)}: {con.hand(game.hand(s))}")
            view = game.view(0)
        else:
            view = game.view(self.seat)
            con.say(f"  Your hand ({seat_name(self.seat)}): {con.hand(view.hand)}")
        if view.turned_up is not None:
            con.say(f"  Turned up for trumps: {con.card(view.turned_up)}")
        # Watching (no seat): what every seat knows, not what seat 0's view adds.
        auction = game.auction.public() if self.seat is None else view.auction
        for line in auction_lines(auction, con):
            con.say(f"  {line}")
        if game.phase == "play":
            self.play_start(game)

    def play_start(self, game: Game) -> None:
        """Print the contract (or the calls), any hand exposed to everyone and, where the
        auction moved cards between hands, the hands play starts from (the seat's own, with
        what the auction told it alone)."""
        con = self.con
        seat = self.seat
        view = game.view(0 if seat is None else seat)
        if view.deal_contract is not None:
            con.say(f"  {contract_line(view.deal_contract)}")
        changed = [s for s in range(game.rules.players) if game.hands[s] != game.initial_hands[s]]
        if seat is None:
            if changed:
                con.say("  Hands after the auction:")
                for s in range(game.rules.players):
                    con.say(f"    {seat_name(s)}: {con.hand(game.hand(s))}")
            return
        if isinstance(game.auction, TellsSeat):
            for line in auction_lines(game.auction.private(seat), con):
                con.say(f"  You: {line}")
        if seat in changed:
            con.say(f"  Your hand now ({seat_name(seat)}): {con.hand(view.hand)}")
        for s, cards in view.hands.items():
            if s != seat:
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
            isinstance(game.auction, TellsSeat),
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
            if before.private and self.seat is not None and before.to_act != self.seat:
                # Another seat's action in an auction with secrets: only its verb is public.
                con.say(f"  {self._who(game, before.to_act)}: {str(action).split()[0]} (hidden)")
            else:
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
            con.say(
                f"  {side_name(side)}: {call}took {took}, scores {score}, total {game.totals[side]}"
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
