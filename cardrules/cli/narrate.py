"""Telling the story of a game: :class:`Narrator` and the printing helpers of
``cardrules play`` and ``cardrules replay``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from cardrules.cards import Card, Suit
from cardrules.cli.console import Console
from cardrules.engine.game import Game
from cardrules.rules.actions import Action, Play
from cardrules.rules.components import Contract, Side, seat_name

__all__ = ["Narrator", "auction_lines", "contract_line", "n_deals", "per_seat", "side_name"]

#: Auction facts holding a seat number, printed as a seat letter.
_SEAT_KEYS = frozenset({"declarer", "dummy", "leader", "first", "caller"})
#: Auction facts shown elsewhere (the deal header, the contract line).
_SKIP_KEYS = frozenset({"dealer", "contract"})


def side_name(side: Side) -> str:
    """A side as printed: a seat letter, or a pair name (``NS``)."""
    return seat_name(side) if isinstance(side, int) else side


def per_seat(values: Sequence[Any]) -> str:
    return ", ".join(f"{seat_name(s)} {'-' if v is None else v}" for s, v in enumerate(values))


def auction_lines(public: dict[str, Any]) -> list[str]:
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
        for line in auction_lines(view.auction):
            con.say(f"  {line}")
        if game.phase == "play":
            self.play_start(game)

    def play_start(self, game: Game) -> None:
        """Print the contract (or the calls) and any hand exposed to everyone."""
        con = self.con
        view = game.view(0 if self.seat is None else self.seat)
        if view.deal_contract is not None:
            con.say(f"  {contract_line(view.deal_contract)}")
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
