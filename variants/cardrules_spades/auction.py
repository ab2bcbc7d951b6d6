"""The Spades bidding: one call each from the dealer's left, a side's contract the sum.

Every player calls once, from the player on the dealer's left round to the
dealer (SP-2.1): a number of tricks from 0 ("nil") to 13 (SP-2.2).  A side's
contract is the sum of its partners' calls (SP-2.3).  With the partner cap
(``spades-openspiel``, SPO-1.2) a player whose partner has called b may call
only 0 to 13 − b.  With the ``blind_nil`` option (SP-2.4, D-8) a player whose
side trails the other by at least 100 points may declare ``blind nil`` instead
of a call, before looking at the cards: until that player has declared it or
looked (``look``), its view holds no card of its hand.  After the calls the
blind nil bidder and its partner each give the other two cards face down
(SP-2.5), the bidder first, one card an action (``give QS``); the cards change
hands once all four are given.  Without the option ``blind nil`` is read, and
refused citing SP-2.4.  Spades are trumps; the dealer's left leads (SP-3.1).

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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar

from cardrules.cards import CARDS, Card, Suit, cards_of
from cardrules.engine.tricks import actions_in
from cardrules.errors import ActionError, CardError, IllegalAction, shown
from cardrules.rules.actions import Action, ActionVerb, Bid
from cardrules.rules.components import (
    PAIRS,
    Auction,
    AuctionState,
    CallsContract,
    DealInfo,
    Direction,
    FreeCalls,
    Side,
    pair_of,
    seat_name,
    seat_words,
    trump_words,
)
from cardrules.rules.reading import expected_actions

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "BID_RULE",
    "BLIND_MARGIN",
    "BLIND_NIL_RULE",
    "CAP_RULE",
    "EXCHANGED",
    "EXCHANGE_RULE",
    "ORDER_RULE",
    "BlindNil",
    "GiveCard",
    "Look",
    "SpadesBids",
    "SpadesBidsState",
    "SpadesContract",
    "side_seats",
]

#: The rule ids of ``profiles/spades.rules.md`` the bidding cites.
ORDER_RULE = "SP-2.1"
BID_RULE = "SP-2.2"
BLIND_NIL_RULE = "SP-2.4"
EXCHANGE_RULE = "SP-2.5"
#: How far a side must trail for its players to declare blind nil (SP-2.4).
BLIND_MARGIN = 100
#: The cards a blind nil bidder and its partner give each other (SP-2.5).
EXCHANGED = 2
#: The partner cap of ``profiles/spades-openspiel.rules.md``.
CAP_RULE = "SPO-1.2"


def side_seats(side: str) -> tuple[int, int]:
    """The seats of a side: ``(0, 2)`` for ``"NS"``, ``(1, 3)`` for ``"EW"``."""
    first = PAIRS.index(side)
    return (first, first + 2)


@dataclass(frozen=True, slots=True)
class BlindNil(Action):
    """A declaration of blind nil (SP-2.4): a call of no trick, made before looking at the
    cards, where the ``blind_nil`` option is on (refused citing SP-2.4 elsewhere).

    Its text is ``blind nil``; it counts as a call of 0.
    """

    prompt: ClassVar[str] = "Your call"
    typing_hint: ClassVar[str] = "a call ('3' or 'bid 3')"

    def __str__(self) -> str:
        return "blind nil"

    def __repr__(self) -> str:
        return "BlindNil()"


@dataclass(frozen=True, slots=True)
class Look(Action):
    """Looking at one's cards, which declines blind nil (SP-2.4); the player then calls.

    Its text is ``look``.  Only a player who may declare blind nil, and has not yet
    looked, takes it.
    """

    prompt: ClassVar[str] = "Blind nil, or look at your cards"
    typing_hint: ClassVar[str] = "'blind nil' (without looking) or 'look'"

    def __str__(self) -> str:
        return "look"

    def __repr__(self) -> str:
        return "Look()"


def _danger(card: Card) -> tuple[bool, int]:
    """How much a card threatens a nil: spades first, then the rank."""
    return (card.suit == Suit.S, card.rank)


@dataclass(frozen=True, slots=True)
class GiveCard(Action):
    """One card given face down to partner after a blind nil (SP-2.5); text ``give QS``."""

    card: Card

    prompt: ClassVar[str] = "Card to give your partner"
    typing_hint: ClassVar[str] = "a card to give ('give QS')"
    #: Only the giver sees which card it gives (SP-2.5).
    private: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise ActionError(
                f"invalid action: GiveCard({shown(self.card)}) "
                "(expected a Card, e.g. Card.parse('QS'))"
            )

    def __str__(self) -> str:
        return f"give {self.card}"

    def __repr__(self) -> str:
        return f"GiveCard({self.card!r})"

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """The blind nil bidder gives its most dangerous card (the highest spade, else the
        highest card); its partner its safest (the lowest card, spades last)."""
        gives = [a for a in legal if isinstance(a, GiveCard)]
        if not gives:
            return None
        if view.seat in view.auction.get("blind_nil", ()):
            return max(gives, key=lambda a: _danger(a.card))
        return min(gives, key=lambda a: _danger(a.card))


def _read_blind(text: str, words: list[str]) -> Action:
    if [w.lower() for w in words] != ["nil"]:
        raise ActionError(f"invalid action: {shown(text)} (expected 'blind nil')")
    return BlindNil()


def _read_look(text: str, words: list[str]) -> Action:
    if words:
        raise ActionError(f"invalid action: {shown(text)} (expected 'look')")
    return Look()


def _read_give(text: str, words: list[str]) -> Action:
    if not words:
        raise ActionError(f"invalid action: {shown(text)} ({expected_actions()})")
    if len(words) != 1:
        raise ActionError(f"invalid action: {shown(text)} (expected 'give CARD', e.g. 'give QS')")
    try:
        return GIVES[Card.parse(words[0]).index]
    except CardError as exc:
        raise ActionError(f"invalid action: {shown(text)}: {exc}") from None


#: Interned give actions by card index.
GIVES: tuple[GiveCard, ...] = tuple(GiveCard(card) for card in CARDS)


@dataclass(frozen=True, slots=True)
class SpadesContract(CallsContract):
    """The calls of a Spades deal; a side's contract is the sum of its two calls (SP-2.3).

    ``calls`` holds one call per seat (a nil and a blind nil count 0), ``blind`` the seats
    that declared blind nil (SP-2.4).  ``made`` is by side: the side took at least its
    contract, a nil bidder's tricks not counted (SP-4.4) unless ``nil_tricks_for_partner``
    (SP-4.7).
    """

    nil_tricks_for_partner: bool = field(default=False, compare=False, kw_only=True)
    blind: tuple[int, ...] = field(default=(), kw_only=True)

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
        if seat in self.blind:
            return "blind nil"
        return "nil" if self.calls[seat] == 0 else str(self.calls[seat])

    def words(self) -> str:
        """``"Calls: N 3, E nil, S 4, W blind nil; trumps spades"``."""
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

    def to_dict(self) -> dict[str, Any]:
        out = CallsContract.to_dict(self)
        if self.blind:  # (only then: the records of games without one replay as written)
            out["blind_nil"] = list(self.blind)
        return out


#: Every call a seat may make, made once: 0 (nil) to the largest hand.
_CALLS: tuple[Bid, ...] = tuple(Bid(n) for n in range(53))
#: The calls 0..n, by n, made once (the calls the core may take: FreeCalls).
_RANGES: tuple[tuple[Action, ...], ...] = tuple(_CALLS[: n + 1] for n in range(53))


class SpadesBids(Auction):
    """One call each, 0 to 13 (nil), from the dealer's left round to the dealer; spades trumps.

    ``partner_cap``: a player whose partner has called b may call only 0 to
    13 − b.  ``nil_tricks_for_partner``: a nil bidder's tricks count toward the
    partner's contract (SP-4.7).  ``blind_nil``: a player whose side trails by at
    least ``blind_margin`` may declare blind nil instead, before looking at its
    cards (its view holds none until it has declared or looked), and then gives
    its partner :data:`EXCHANGED` cards and gets as many back (SP-2.4, SP-2.5);
    without it blind nil is refused, citing ``blind_rule``.  ``order_rule``,
    ``bid_rule``, ``cap_rule``, ``blind_rule`` and ``exchange_rule`` are the rule
    ids refusals cite, ``play_turn_rule`` the one a card out of turn cites.
    """

    def __init__(
        self,
        *,
        trump: Suit | None = Suit.S,
        partner_cap: bool = False,
        nil_tricks_for_partner: bool = False,
        blind_nil: bool = False,
        blind_margin: int = BLIND_MARGIN,
        order_rule: str = ORDER_RULE,
        bid_rule: str = BID_RULE,
        cap_rule: str = CAP_RULE,
        blind_rule: str = BLIND_NIL_RULE,
        exchange_rule: str = EXCHANGE_RULE,
        play_turn_rule: str = "",
    ) -> None:
        self.trump = trump
        self.partner_cap = partner_cap
        self.nil_tricks_for_partner = nil_tricks_for_partner
        self.blind_nil = blind_nil
        self.blind_margin = blind_margin
        self.order_rule = order_rule
        self.bid_rule = bid_rule
        self.cap_rule = cap_rule
        self.blind_rule = blind_rule
        self.exchange_rule = exchange_rule
        self.play_turn_rule = play_turn_rule

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and ``cardrules diff`` print it."""
        text = "one call each, 0 (nil) to 13 tricks, from the dealer's left round to the dealer"
        text += "; a side's contract is the sum of its two calls"
        if self.partner_cap:
            text += "; a player may not make the partners' calls total more than 13"
        if self.blind_nil:
            text += (
                f"; a player whose side trails by {self.blind_margin} or more may declare "
                "blind nil instead, before looking at the cards, and then gives partner "
                f"{EXCHANGED} cards face down and gets {EXCHANGED} back"
            )
        return text

    def __repr__(self) -> str:
        return (
            f"SpadesBids(trump={self.trump!r}, partner_cap={self.partner_cap!r}, "
            f"nil_tricks_for_partner={self.nil_tricks_for_partner!r}, "
            f"blind_nil={self.blind_nil!r}, blind_margin={self.blind_margin!r}, "
            f"order_rule={self.order_rule!r}, bid_rule={self.bid_rule!r}, "
            f"cap_rule={self.cap_rule!r}, blind_rule={self.blind_rule!r}, "
            f"exchange_rule={self.exchange_rule!r}, play_turn_rule={self.play_turn_rule!r})"
        )

    def every_action(self) -> tuple[Action, ...]:
        """The calls 0 to 13; where blind nil is played, blind nil, looking at the cards and
        a card to give."""
        if not self.blind_nil:
            return _CALLS[:14]
        return (*_CALLS[:14], BlindNil(), Look(), *GIVES)

    def start(self, deal: DealInfo) -> SpadesBidsState:
        """The bidding of a fresh deal (the game's totals before it decide blind nil)."""
        return SpadesBidsState(self, deal.dealer, deal.direction, tuple(deal.hands), deal.totals)


class SpadesBidsState(AuctionState):
    """One deal's bidding in progress: the calls so far, in the order of calling, then the
    cards given after a blind nil.

    While a seat may still declare blind nil it has not looked at its cards
    (:meth:`unseen`, the kernel's :meth:`~cardrules.rules.components.AuctionState.unseen`);
    the state moves the cards given (:meth:`hands_after`), tells each giver what it
    gave and got (:meth:`private`) and which cards its partner holds from it
    (:meth:`known_to`).
    """

    __slots__ = (
        "blind",
        "calls",
        "dealer",
        "direction",
        "exchanges",
        "given",
        "hand_size",
        "hands",
        "looked",
        "order",
        "owner",
        "totals",
    )

    def __init__(
        self,
        owner: SpadesBids,
        dealer: int,
        direction: Direction,
        hands: tuple[int, ...],
        totals: Mapping[Side, Decimal],
    ) -> None:
        self.owner = owner
        self.dealer = dealer
        self.direction = direction
        self.hands = hands
        self.hand_size = hands[0].bit_count() if hands else 13
        self.totals = dict(totals)
        #: The seats in order of calling: the dealer's left first, the dealer last (SP-2.1).
        self.order = direction.order(direction.next(dealer))
        self.calls: list[int | None] = [None] * direction.players
        #: The seats that declared blind nil, in the order they declared it.
        self.blind: list[int] = []
        #: The seats that looked at their cards rather than declare blind nil.
        self.looked: set[int] = set()
        #: The exchanges after the calls, in turn: (giver, receiver) (SP-2.5).
        self.exchanges: list[tuple[int, int]] = []
        #: The cards each seat has chosen to give (a mask per seat).
        self.given = [0] * direction.players

    def __repr__(self) -> str:
        return f"<spades bids, dealer {self.dealer}, calls {self.calls}>"

    @property
    def turn_rule(self) -> str:
        """The rule an action out of turn breaks (the order of calling, or of giving)."""
        return self.owner.exchange_rule if self._giving() else self.owner.order_rule

    def _giving(self) -> bool:
        """Whether every player has called and cards are being given."""
        return None not in self.calls and self._giver() is not None

    def _giver(self) -> int | None:
        """The seat to give a card next; None when every card is given (or none is)."""
        for giver, _ in self.exchanges:
            if self.given[giver].bit_count() < EXCHANGED:
                return giver
        return None

    def to_act(self) -> int | None:
        """The next seat in the order of calling, then the next to give a card; None once
        both are done."""
        n = len(self.calls) - self.calls.count(None)
        if n < len(self.order):
            return self.order[n]
        return self._giver()

    def highest(self, seat: int) -> int:
        """The highest call ``seat`` may make (13, or less under the partner cap)."""
        partner = self.calls[(seat + 2) % len(self.calls)]
        if self.owner.partner_cap and partner is not None:
            return self.hand_size - partner
        return self.hand_size

    def trails(self, seat: int) -> bool:
        """Whether ``seat``'s side trails the other by at least the blind-nil margin."""
        mine = self.totals.get(pair_of(seat), Decimal(0))
        other = self.totals.get(pair_of(seat + 1), Decimal(0))
        return other - mine >= self.owner.blind_margin

    def unseen(self) -> frozenset[int]:
        """The seats that have not looked at their cards: those that may still declare
        blind nil (blind nil is played, the side trails by the margin, the seat has not
        called nor looked; SP-2.4)."""
        if not self.owner.blind_nil:
            return frozenset()
        return frozenset(
            seat
            for seat in range(len(self.calls))
            if self.calls[seat] is None and seat not in self.looked and self.trails(seat)
        )

    def legal_actions(self) -> list[Action]:
        """The calls 0..13 (less under the partner cap); to a seat that has not looked at
        its cards, blind nil or looking; then the cards to give."""
        seat = self.to_act()
        if seat is None:
            return []
        if None not in self.calls:
            return actions_in(self.hands[seat] & ~self.given[seat], GIVES)
        if seat in self.unseen():
            return [Look(), BlindNil()]
        return list(_CALLS[: self.highest(seat) + 1])

    def free_calls(self) -> FreeCalls | None:
        """The calls to come that nothing bounds but the hand size: while no seat may
        declare blind nil, the next seats whose partner has not called (SP-2.2's cap
        binds the others), or every seat but the last without the cap."""
        if self.unseen() or self.hand_size >= len(_RANGES):
            return None
        made = len(self.calls) - self.calls.count(None)
        called = {seat for seat, call in enumerate(self.calls) if call is not None}
        callers: list[int] = []
        for seat in self.order[made:-1]:
            if self.owner.partner_cap and (seat + 2) % len(self.calls) in called:
                break
            callers.append(seat)
            called.add(seat)
        if not callers:
            return None
        return FreeCalls(tuple(callers), self.order[made + len(callers)], _RANGES[self.hand_size])

    def apply(self, seat: int, action: Action) -> None:
        """A call by ``seat``, or a card it gives; anything else is refused with the rule it
        breaks, nothing changed."""
        owner = self.owner

        def refusal(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(rule, reason, action=str(action), seat=seat)

        to_act = self.to_act()
        if to_act is None:
            raise refusal(owner.order_rule, "every player has called: play a card")
        if None not in self.calls:
            if seat != to_act:
                raise refusal(
                    owner.exchange_rule, f"it is the turn of {seat_words(to_act)} to give a card"
                )
            self._give(seat, action, refusal)
            return
        if seat != to_act:
            raise refusal(owner.order_rule, f"it is the turn of {seat_words(to_act)} to call")
        unseen = seat in self.unseen()
        if isinstance(action, BlindNil):
            self._blind(seat, refusal)
            return
        if isinstance(action, Look):
            if not unseen:
                raise refusal(
                    owner.blind_rule,
                    "there is no blind nil to decline: you have your cards, call 0 to 13 tricks",
                )
            self.looked.add(seat)
            return
        if unseen:
            raise refusal(
                owner.blind_rule,
                "declare blind nil before looking at your cards, or look at them ('look') "
                "and then call",
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
        self._plan_exchanges()

    def _blind(self, seat: int, refusal: Callable[[str, str], IllegalAction]) -> None:
        """A declaration of blind nil by ``seat`` (SP-2.4), or its refusal."""
        owner = self.owner
        if not owner.blind_nil:
            raise refusal(
                owner.blind_rule,
                "blind nil is not offered in these rules (it is declared before looking at "
                "the cards)",
            )
        if not self.trails(seat):
            raise refusal(
                owner.blind_rule,
                f"blind nil only for a side that trails by {owner.blind_margin} or more",
            )
        if seat in self.looked:
            raise refusal(
                owner.blind_rule,
                "blind nil is declared before looking at the cards, and you have looked",
            )
        self.calls[seat] = 0
        self.blind.append(seat)
        self._plan_exchanges()

    def _plan_exchanges(self) -> None:
        """Once everyone has called, each side with a blind nil exchanges cards (SP-2.5):
        its first blind nil bidder gives first, then the partner, in the order of the
        blind nils."""
        if None in self.calls:
            return
        sides: set[str] = set()
        for seat in self.blind:
            if pair_of(seat) not in sides:
                sides.add(pair_of(seat))
                partner = (seat + 2) % len(self.calls)
                self.exchanges += [(seat, partner), (partner, seat)]

    def _give(
        self, seat: int, action: Action, refusal: Callable[[str, str], IllegalAction]
    ) -> None:
        """A card ``seat`` gives its partner (SP-2.5), or the refusal of anything else."""
        owner = self.owner
        if not isinstance(action, GiveCard):
            raise refusal(
                owner.exchange_rule,
                f"after a blind nil, give your partner {EXCHANGED} cards face down, one at a "
                "time (e.g. 'give QS')",
            )
        bit = 1 << action.card.index
        if not self.hands[seat] & bit:
            raise refusal(
                owner.exchange_rule, f"{action.card.symbol()} is not in {seat_words(seat)}'s hand"
            )
        if self.given[seat] & bit:
            raise refusal(owner.exchange_rule, f"{action.card.symbol()} is already being given")
        self.given[seat] |= bit

    def receiver(self, seat: int) -> int | None:
        """The seat ``seat`` gives its cards to (its partner); None when it gives none."""
        return next((r for g, r in self.exchanges if g == seat), None)

    def hands_after(self) -> tuple[int, ...] | None:
        """The hands once the cards given have reached the partners (SP-2.5); None when
        no side exchanges (no blind nil), the hands as dealt."""
        if not self.exchanges:
            return None
        after = [hand & ~given for hand, given in zip(self.hands, self.given, strict=True)]
        for giver, receiver in self.exchanges:
            after[receiver] |= self.given[giver]
        return tuple(after)

    def result(self) -> SpadesContract:
        """The calls, spades trumps and the first leader (the dealer's left, SP-3.1)."""
        return SpadesContract(
            self.owner.trump,
            self.order[0],
            calls=tuple([c or 0 for c in self.calls]),
            turn_rule=self.owner.play_turn_rule,
            nil_tricks_for_partner=self.owner.nil_tricks_for_partner,
            blind=tuple(sorted(self.blind)),
        )

    def public(self) -> dict[str, Any]:
        """The dealer, the order of calling and the calls so far; where blind nil is played,
        the blind nils and the seats that have not looked at their cards; once cards are
        exchanged, who gives to whom and how many each has given."""
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "order": list(self.order),
            "calls": list(self.calls),
        }
        if self.owner.blind_nil:  # (only then: records of games without it replay as written)
            out["blind_nil"] = sorted(self.blind)
            out["unseen"] = sorted(self.unseen())
        if self.exchanges:
            out["exchange"] = [[giver, receiver] for giver, receiver in self.exchanges]
            out["given"] = [mask.bit_count() for mask in self.given]
        return out

    def private(self, seat: int) -> dict[str, Any]:
        """The cards ``seat`` has chosen to give, to whom, and (once every card is given)
        the cards it received; nothing for a seat that gives none."""
        receiver = self.receiver(seat)
        if receiver is None:
            return {}
        out: dict[str, Any] = {
            "giving_to": receiver,
            "given_cards": [str(c) for c in cards_of(self.given[seat])],
        }
        if self._giver() is None:
            out["received"] = [str(c) for c in cards_of(self.given[receiver])]
        return out

    def known_to(self, seat: int) -> dict[int, int]:
        """Once every card is given, ``seat`` knows its partner holds the cards it gave."""
        receiver = self.receiver(seat)
        if receiver is None or self._giver() is not None:
            return {}
        return {receiver: self.given[seat]}

    def exposed(self) -> frozenset[int]:
        """No hand is ever shown."""
        return frozenset()


#: The verbs of this family's actions (its :class:`~cardrules.rules.family.Family` declares them).
VERBS: tuple[ActionVerb, ...] = (
    ActionVerb(("blind",), "blind nil", _read_blind, BlindNil),
    ActionVerb(("look",), "look", _read_look, Look),
    ActionVerb(("give",), "give CARD", _read_give, GiveCard),
)
