"""The Spades bidding: one call each from the dealer's left, a side's contract the sum.

Every player calls once, from the player on the dealer's left round to the
dealer (SP-2.1): a number of tricks from 0 ("nil") to 13 (SP-2.2).  A side's
contract is the sum of its partners' calls (SP-2.3).  With the partner cap
(``spades-openspiel``, SPO-1.2) a player whose partner has called b may call
only 0 to 13 − b.  Blind nil is not offered (SP-2.4, D-8): ``blind nil`` is
read, and refused citing SP-2.4.  Spades are trumps; the dealer's left leads
(SP-3.1).

>>> from cardrules.cards import mask_of, parse_cards
>>> from cardrules.rules.components import DealInfo, Direction
>>> from cardrules.rules.actions import Bid
>>> hands = tuple(mask_of(parse_cards(h)) for h in ("AS", "KS", "QS", "JS"))
>>> state = SpadesBids(partner_cap=True).start(DealInfo(3, hands, Direction.named("clockwise")))
>>> state.apply(0, Bid(1))
>>> [str(a) for a in state.legal_actions()]
['bid 0', 'bid 1']
>>> state.apply(1, Bid(0)); state.apply(2, Bid(0))
>>> state
<spades bids, dealer 3, calls [1, 0, 0, None]>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from cardrules.cards import Suit
from cardrules.errors import ActionError, IllegalAction, shown
from cardrules.rules.actions import Action, ActionVerb, Bid, register_verb
from cardrules.rules.components import (
    PAIRS,
    CallsContract,
    DealInfo,
    Direction,
    pair_of,
    seat_name,
    seat_words,
    trump_words,
)

__all__ = [
    "BID_RULE",
    "BLIND_NIL_RULE",
    "CAP_RULE",
    "ORDER_RULE",
    "BlindNil",
    "SpadesBids",
    "SpadesBidsState",
    "SpadesContract",
    "side_seats",
]

#: The rule ids of ``profiles/spades.rules.md`` the bidding cites.
ORDER_RULE = "SP-2.1"
BID_RULE = "SP-2.2"
BLIND_NIL_RULE = "SP-2.4"
#: The partner cap of ``profiles/spades-openspiel.rules.md``.
CAP_RULE = "SPO-1.2"


def side_seats(side: str) -> tuple[int, int]:
    """The seats of a side: ``(0, 2)`` for ``"NS"``, ``(1, 3)`` for ``"EW"``."""
    first = PAIRS.index(side)
    return (first, first + 2)


@dataclass(frozen=True, slots=True)
class BlindNil(Action):
    """A declaration of blind nil, which these rules do not offer (SP-2.4, D-8).

    Its text is ``blind nil``; it is read so that it can be refused citing the rule
    that says why (pagat's blind nil is declared before the player looks at the
    cards, which a seat's view cannot yet express).
    """

    prompt: ClassVar[str] = "Your call"
    typing_hint: ClassVar[str] = "a call ('3' or 'bid 3')"

    def __str__(self) -> str:
        return "blind nil"

    def __repr__(self) -> str:
        return "BlindNil()"


def _read_blind(text: str, words: list[str]) -> Action:
    if [w.lower() for w in words] != ["nil"]:
        raise ActionError(f"invalid action: {shown(text)} (expected 'blind nil')")
    return BlindNil()


register_verb(ActionVerb(("blind",), "blind nil", _read_blind, BlindNil))


@dataclass(frozen=True, slots=True)
class SpadesContract(CallsContract):
    """The calls of a Spades deal; a side's contract is the sum of its two calls (SP-2.3).

    ``calls`` holds one call per seat (a nil counts 0).  ``made`` is by side: the side took at
    least its contract, a nil bidder's tricks not counted (SP-4.4) unless
    ``nil_tricks_for_partner`` (SP-4.7).
    """

    nil_tricks_for_partner: bool = field(default=False, compare=False, kw_only=True)

    made_label: ClassVar[str] = "side contracts made"

    def contract_of(self, side: str) -> int:
        """A side's contract: the sum of its partners' calls (SP-2.3)."""
        return sum(self.calls[s] for s in side_seats(side))

    def toward(self, side: str, tricks: Sequence[int]) -> int:
        """The side's tricks that count toward its contract (SP-4.4, SP-4.7)."""
        seats = side_seats(side)
        if self.nil_tricks_for_partner:
            return sum(tricks[s] for s in seats)
        return sum(tricks[s] for s in seats if self.calls[s] != 0)

    def needs_tricks(self, seat: int, won: Sequence[int]) -> bool:
        """A nil bidder wants no trick; the others want tricks until the side's contract."""
        if self.calls[seat] == 0:
            return False
        side = pair_of(seat)
        return self.toward(side, won) < self.contract_of(side)

    def made(self, tricks: Sequence[int]) -> dict[str, bool]:
        """Each side's contract, made when the side took at least that many tricks."""
        return {side: self.toward(side, tricks) >= self.contract_of(side) for side in PAIRS}

    def _call_words(self, seat: int) -> str:
        return "nil" if self.calls[seat] == 0 else str(self.calls[seat])

    def words(self) -> str:
        """``"Calls: N 3, E nil, S 4, W 5; trumps spades"``."""
        calls = ", ".join(f"{seat_name(s)} {self._call_words(s)}" for s in range(len(self.calls)))
        return f"Calls: {calls}; {trump_words(self.trump)}"

    def result_words(self, tricks: Sequence[int]) -> str | None:
        """``"Contracts: NS 7 made (8 tricks), EW 5 failed (5... )"``."""
        parts = []
        for side in PAIRS:
            took = sum(tricks[s] for s in side_seats(side))
            fate = "made" if self.toward(side, tricks) >= self.contract_of(side) else "failed"
            parts.append(f"{side} {self.contract_of(side)} {fate} ({took} tricks)")
        return "Contracts: " + ", ".join(parts)


#: Every call a seat may make, made once: 0 (nil) to the largest hand.
_CALLS: tuple[Bid, ...] = tuple(Bid(n) for n in range(53))


class SpadesBids:
    """One call each, 0 to 13 (nil), from the dealer's left round to the dealer; spades trumps.

    ``partner_cap``: a player whose partner has called b may call only 0 to
    13 − b.  ``nil_tricks_for_partner``: a nil bidder's tricks count toward the
    partner's contract (SP-4.7).  Blind nil is refused, citing ``blind_rule``.
    ``order_rule``,
    ``bid_rule``, ``cap_rule`` and ``blind_rule`` are the rule ids refusals
    cite, ``play_turn_rule`` the one a card out of turn cites.
    """

    def __init__(
        self,
        *,
        trump: Suit | None = Suit.S,
        partner_cap: bool = False,
        nil_tricks_for_partner: bool = False,
        order_rule: str = ORDER_RULE,
        bid_rule: str = BID_RULE,
        cap_rule: str = CAP_RULE,
        blind_rule: str = BLIND_NIL_RULE,
        play_turn_rule: str = "",
    ) -> None:
        self.trump = trump
        self.partner_cap = partner_cap
        self.nil_tricks_for_partner = nil_tricks_for_partner
        self.order_rule = order_rule
        self.bid_rule = bid_rule
        self.cap_rule = cap_rule
        self.blind_rule = blind_rule
        self.play_turn_rule = play_turn_rule

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and ``cardrules diff`` print it."""
        text = "one call each, 0 (nil) to 13 tricks, from the dealer's left round to the dealer"
        text += "; a side's contract is the sum of its two calls"
        if self.partner_cap:
            text += "; a player may not make the partners' calls total more than 13"
        return text

    def __repr__(self) -> str:
        return (
            f"SpadesBids(trump={self.trump!r}, partner_cap={self.partner_cap!r}, "
            f"nil_tricks_for_partner={self.nil_tricks_for_partner!r}, "
            f"order_rule={self.order_rule!r}, bid_rule={self.bid_rule!r}, "
            f"cap_rule={self.cap_rule!r}, blind_rule={self.blind_rule!r}, "
            f"play_turn_rule={self.play_turn_rule!r})"
        )

    def every_action(self) -> tuple[Action, ...]:
        """The calls 0 to 13."""
        return _CALLS[:14]

    def start(self, deal: DealInfo) -> SpadesBidsState:
        """The bidding of a fresh deal."""
        hand_size = deal.hands[0].bit_count() if deal.hands else 13
        return SpadesBidsState(self, deal.dealer, deal.direction, hand_size)


class SpadesBidsState:
    """One deal's bidding in progress: the calls so far, in the order of calling."""

    __slots__ = ("calls", "dealer", "direction", "hand_size", "order", "owner")

    def __init__(
        self,
        owner: SpadesBids,
        dealer: int,
        direction: Direction,
        hand_size: int,
    ) -> None:
        self.owner = owner
        self.dealer = dealer
        self.direction = direction
        self.hand_size = hand_size
        #: The seats in order of calling: the dealer's left first, the dealer last (SP-2.1).
        self.order = direction.order(direction.next(dealer))
        self.calls: list[int | None] = [None] * direction.players

    def __repr__(self) -> str:
        return f"<spades bids, dealer {self.dealer}, calls {self.calls}>"

    @property
    def turn_rule(self) -> str:
        """The rule a call out of turn breaks (the order of calling)."""
        return self.owner.order_rule

    def to_act(self) -> int | None:
        """The next seat in the order of calling; None once the dealer has called."""
        n = len(self.calls) - self.calls.count(None)
        return self.order[n] if n < len(self.order) else None

    def highest(self, seat: int) -> int:
        """The highest call ``seat`` may make (13, or less under the partner cap)."""
        partner = self.calls[(seat + 2) % len(self.calls)]
        if self.owner.partner_cap and partner is not None:
            return self.hand_size - partner
        return self.hand_size

    def legal_actions(self) -> list[Action]:
        """The calls 0..13 (less under the partner cap)."""
        seat = self.to_act()
        if seat is None:
            return []
        return list(_CALLS[: self.highest(seat) + 1])

    def apply(self, seat: int, action: Action) -> None:
        """A call by ``seat``; anything else is refused with the rule it breaks, nothing changed."""
        owner = self.owner

        def refusal(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(rule, reason, action=str(action), seat=seat)

        to_act = self.to_act()
        if to_act is None:
            raise refusal(owner.order_rule, "every player has called: play a card")
        if seat != to_act:
            raise refusal(owner.order_rule, f"it is the turn of {seat_words(to_act)} to call")
        if isinstance(action, BlindNil):
            raise refusal(
                owner.blind_rule,
                "blind nil is not offered in these rules (it is declared before looking at "
                "the cards)",
            )
        if not isinstance(action, Bid):
            raise refusal(owner.bid_rule, "the bidding is on: call 0 to 13 tricks (e.g. 'bid 3')")
        if not 0 <= action.tricks <= self.hand_size:
            raise refusal(
                owner.bid_rule,
                f"a call must be 0 (nil) to {self.hand_size} tricks (got {action.tricks})",
            )
        most = self.highest(seat)
        if action.tricks > most:
            raise refusal(
                owner.cap_rule,
                f"the partners' calls may not total more than {self.hand_size}: "
                f"call 0 to {most} (got {action.tricks})",
            )
        self.calls[seat] = action.tricks

    def result(self) -> SpadesContract:
        """The calls, spades trumps and the first leader (the dealer's left, SP-3.1)."""
        return SpadesContract(
            self.owner.trump,
            self.order[0],
            calls=tuple(c or 0 for c in self.calls),
            turn_rule=self.owner.play_turn_rule,
            nil_tricks_for_partner=self.owner.nil_tricks_for_partner,
        )

    def public(self) -> dict[str, Any]:
        """The dealer, the order of calling and the calls so far."""
        return {
            "dealer": self.dealer,
            "order": list(self.order),
            "calls": list(self.calls),
        }

    def exposed(self) -> frozenset[int]:
        """No hand is ever shown."""
        return frozenset()
