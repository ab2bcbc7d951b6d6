"""Twenty-Nine's auction: bids on four cards, the trump laid face down, four more cards.

Four cards each are dealt first (``[deal] stages = [4, 4]``, TN-2.1).  From the
dealer's right, anticlockwise, each player bids a number of card points higher than the
last bid, from the minimum (16) to 28, or passes (TN-2.2, TN-2.3); a pass does not stop
a player bidding at a later turn, and the auction ends when a bid is followed by three
passes in succession, or at once on the highest bid.  If the first three pass, the
dealer must bid (TN-2.4, an option; without it a deal all four pass is thrown in,
scores nothing, and the next dealer deals).  The highest bidder lays a trump suit face
down (``conceal hearts``: TN-3.1), which only the bidder knows; then every hand is
completed to eight cards (TN-3.2).  Where the profile allows it, each player in turn
from the dealer's right may then undertake a single hand (TN-5.1).  The dealer's right
leads (TN-4.1).

>>> from cardrules.rules.components import DealInfo, Direction
>>> from cardrules_twentynine.actions import DECK, PASS, PointBid
>>> stages = tuple(
...     tuple(DECK.mask_of(DECK.parse_cards(h)) for h in part)
...     for part in (("JH 9H AH 10H", "JC 9C AC 10C", "JD 9D AD 10D", "JS 9S AS 10S"),
...                  ("KH QH 8H 7H", "KC QC 8C 7C", "KD QD 8D 7D", "KS QS 8S 7S")))
>>> deal = DealInfo(0, stages[0], Direction(3, 4), deck=DECK, stages=stages)
>>> state = TwentyNineAuction().start(deal)
>>> state.to_act(), [str(a) for a in state.legal_actions()][:3]
(3, ['pass', 'bid 16', 'bid 17'])
>>> state.apply(3, PointBid(18)); state.apply(2, PASS); state.apply(1, PASS)
>>> state.apply(0, PASS)
>>> state
<twenty-nine auction, dealer 0: W bid 18, to conceal a trump>
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardrules.deck import Suit
from cardrules.errors import IllegalAction
from cardrules.rules.actions import Action
from cardrules.rules.components import (
    Auction,
    AuctionState,
    ConcealedTrump,
    Contract,
    DealInfo,
    PlayState,
    seat_name,
    seat_words,
)
from cardrules_twentynine.actions import (
    BIDS,
    CONCEALS,
    DECK,
    LAST_TRICK_BID,
    MAX_BID,
    PAIR,
    PASS,
    SINGLE,
    Conceal,
    PassCall,
    PointBid,
    ShowPair,
    SingleHand,
)

__all__ = ["TwentyNineAuction", "TwentyNineAuctionState", "TwentyNineContract"]

#: The rule ids of ``twenty-nine.rules.md`` the auction cites.
BID_RULE = "TN-2.2"
FORCED_RULE = "TN-2.4"
CONCEAL_RULE = "TN-3.1"
REVEAL_RULE = "TN-4.3"
SINGLE_RULE = "TN-5.1"
PAIR_RULE = "TN-7.4"
#: The default lowest bid (TN-2.2).
MIN_BID = 16


@dataclass(frozen=True, slots=True)
class TwentyNineContract(Contract):
    """What a Twenty-Nine deal is played in: the bidder and the bid, the trump laid face
    down (``concealed``); or, ``single``, the bidder playing a single hand without trumps,
    the partner sitting out (TN-5.2); ``bidder`` None when all four passed (TN-2.4)."""

    bidder: int | None = None
    bid: int = 0
    single: bool = False

    #: The pair may be shown during the play, once the trump is revealed (TN-7.4).
    has_play_calls: ClassVar[bool] = True

    def needs_play(self) -> bool:
        """A deal all four passed is thrown in, not played (TN-2.4)."""
        return self.bidder is not None

    def words(self) -> str:
        """``"Contract: W bid 18, trump concealed"`` (the trump named once it may be)."""
        if self.bidder is None:
            return "All passed: the deal is thrown in"
        if self.single:
            return f"Contract: single hand by {seat_name(self.bidder)}, no trumps"
        if self.trump is None:
            trump = "trump concealed" if self.concealed is not None else "no trumps"
        else:
            trump = f"trumps {self.trump.word}"
        return f"Contract: {seat_name(self.bidder)} bid {self.bid}, {trump}"

    def needs_tricks(self, seat: int, won: Sequence[int]) -> bool:
        """Every trick is worth having (its card points), but a single hand's defenders
        need only one (TN-5.3)."""
        if self.single and self.bidder is not None and seat % 2 != self.bidder % 2:
            return won[seat] + won[(seat + 2) % 4] == 0
        return True

    def _pair_refusal(self, state: PlayState) -> str:
        """Why ``state.seat`` may not show the pair now (TN-7.4); "" when it may."""
        if self.single or self.bidder is None or self.trump is None:
            return "there is no pair in a deal without trumps"
        if any(isinstance(call, ShowPair) for _, call in state.calls):
            return "the pair has been shown already"
        if state.revealed is None:
            return "the pair is shown only once the trump has been revealed"
        if state.held & PAIR_MASKS[self.trump] != PAIR_MASKS[self.trump]:
            return (
                f"{seat_words(state.seat)} does not hold both the king and the queen of "
                f"{self.trump.word}"
            )
        side = state.seat % 2
        if not any(t.winner % 2 == side for t in state.tricks[state.revealed[1] :]):
            who = seat_words(state.seat)
            return f"the side of {who} has won no trick since the trump was revealed"
        return ""

    def play_calls(self, state: PlayState) -> list[Action]:
        """``pair``, to the seat to act that holds the king and queen of trumps once the
        trump is revealed and its side has won a trick completed since, once a deal (TN-7.4)."""
        return [] if self._pair_refusal(state) else [PAIR]

    def play_call_refusal(self, state: PlayState, action: Action) -> tuple[str, str]:
        """Why ``pair`` (or any action but a card, the ask for the trump or the pair) is
        refused now (TN-7.4)."""
        if not isinstance(action, ShowPair):
            return PAIR_RULE, "only a card, 'reveal trump' or 'pair' may be taken in the play"
        return PAIR_RULE, self._pair_refusal(state) or "the pair may not be shown now"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description: the base contract's, the bidder and the bid."""
        out = Contract.to_dict(self)
        out["bidder"] = self.bidder
        out["bid"] = self.bid
        if self.single:
            out["single"] = True
        return out


#: The king and queen of each suit, the pair where it is the trump (TN-7.4), as masks.
PAIR_MASKS: dict[Suit, int] = {
    suit: DECK.mask_of(DECK.parse_cards(f"K{suit.name} Q{suit.name}")) for suit in DECK.suits
}


class TwentyNineAuction(Auction):
    """The auction of Twenty-Nine (see the module's docstring): ``min_bid`` the lowest
    bid, ``dealer_forced`` whether the dealer must bid after three passes, ``single_hand``
    whether a single hand may be played, ``last_trick`` whether the last trick counts a
    point (bids then go to 29); ``play_turn_rule`` what a card out of turn cites."""

    def __init__(
        self,
        *,
        min_bid: int = MIN_BID,
        dealer_forced: bool = True,
        single_hand: bool = True,
        last_trick: bool = False,
        play_turn_rule: str = "",
    ) -> None:
        self.min_bid = min_bid
        self.last_trick = last_trick
        #: The highest bid: 28, or 29 where the last trick counts a point (TN-1.4, TN-2.2).
        self.max_bid = LAST_TRICK_BID if last_trick else MAX_BID
        self.dealer_forced = dealer_forced
        self.single_hand = single_hand
        self.play_turn_rule = play_turn_rule

    def __repr__(self) -> str:
        return (
            f"TwentyNineAuction(min_bid={self.min_bid!r}, dealer_forced={self.dealer_forced!r}, "
            f"single_hand={self.single_hand!r}, last_trick={self.last_trick!r}, "
            f"play_turn_rule={self.play_turn_rule!r})"
        )

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and the rule pages print it."""
        forced = (
            "if the first three pass the dealer must bid"
            if self.dealer_forced
            else "a deal all four pass is thrown in"
        )
        single = "; then any player may undertake a single hand" if self.single_hand else ""
        return (
            f"on four cards each, from the dealer's right, bids of {self.min_bid} to "
            f"{self.max_bid} card points or passes until three pass in succession; {forced}; "
            f"the highest bidder lays a trump face down and four more cards are dealt{single}"
        )

    def every_action(self) -> tuple[Action, ...]:
        """Every action of the auction, each once."""
        return (PASS, *BIDS[self.min_bid : self.max_bid + 1], *CONCEALS, SINGLE)

    def conceals_trump(self) -> bool:
        """The bidder's trump is laid face down (TN-3.1)."""
        return True

    def every_play_call(self) -> tuple[Action, ...]:
        """The one action of the play besides the cards: ``pair`` (TN-7.4)."""
        return (PAIR,)

    def start(self, deal: DealInfo) -> TwentyNineAuctionState:
        """The auction of a fresh deal, on its first four cards."""
        return TwentyNineAuctionState(self, deal)


#: The phases of the auction.
BIDDING, CONCEALING, SINGLE_HAND, OVER = "bidding", "concealing", "single hand", "over"


class TwentyNineAuctionState(AuctionState):
    """One deal's auction in progress."""

    __slots__ = ("bidder", "calls", "deal", "high", "owner", "phase", "run", "single", "trump")

    def __init__(self, owner: TwentyNineAuction, deal: DealInfo) -> None:
        self.owner = owner
        self.deal = deal
        #: The calls made, in order: (seat, points bid, or None for a pass).
        self.calls: list[tuple[int, int | None]] = []
        self.high = 0
        self.bidder: int | None = None
        #: The passes since the last bid (or since the start).
        self.run = 0
        self.phase = BIDDING
        self.trump: Suit | None = None
        #: The answers to the single hand so far, in turn from the dealer's right (True: taken).
        self.single: list[bool] = []

    def __repr__(self) -> str:
        head = f"<twenty-nine auction, dealer {self.deal.dealer}"
        if self.bidder is None:
            if self.phase == OVER:
                return f"{head}: all passed>"
            return f"{head}: {len(self.calls)} calls, no bid>"
        done = {
            BIDDING: "bidding",
            CONCEALING: "to conceal a trump",
            SINGLE_HAND: "single hand asked",
            OVER: "over",
        }[self.phase]
        return f"{head}: {seat_name(self.bidder)} bid {self.high}, {done}>"

    @property
    def order(self) -> tuple[int, ...]:
        """The seats from the dealer's right, anticlockwise, the dealer last (TN-2.2)."""
        direction = self.deal.direction
        return direction.order(direction.next(self.deal.dealer))

    @property
    def turn_rule(self) -> str:
        """The rule an action out of turn breaks."""
        return {CONCEALING: CONCEAL_RULE, SINGLE_HAND: SINGLE_RULE}.get(self.phase, BID_RULE)

    def _forced(self) -> bool:
        """Whether the dealer is to act and must bid: the first three passed (TN-2.4)."""
        return self.owner.dealer_forced and self.bidder is None and self.run == 3

    def to_act(self) -> int | None:
        """The seat to act; None once the auction is over."""
        if self.phase == BIDDING:
            return self.order[len(self.calls) % 4]
        if self.phase == CONCEALING:
            return self.bidder
        if self.phase == SINGLE_HAND:
            return self.order[len(self.single)]
        return None

    def legal_actions(self) -> list[Action]:
        """Pass or a higher bid; the trump suit; a single hand or pass."""
        if self.phase == BIDDING:
            low = max(self.owner.min_bid, self.high + 1)
            bids: list[Action] = list(BIDS[low : self.owner.max_bid + 1])
            return bids if self._forced() else [PASS, *bids]
        if self.phase == CONCEALING:
            return list(CONCEALS)
        if self.phase == SINGLE_HAND:
            return [PASS, SINGLE]
        return []

    def apply(self, seat: int, action: Action) -> None:
        """``seat``'s call; anything else is refused with the rule it breaks, nothing changed."""

        def refusal(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(rule, reason, action=str(action), seat=seat)

        to_act = self.to_act()
        if to_act is None:
            raise refusal(BID_RULE, "the auction is over: play a card")
        if seat != to_act:
            raise refusal(self.turn_rule, f"it is the turn of {seat_words(to_act)}")
        if self.phase == BIDDING:
            self._bid(seat, action, refusal)
        elif self.phase == CONCEALING:
            if not isinstance(action, Conceal):
                raise refusal(
                    CONCEAL_RULE, "the bidder lays a trump face down (e.g. 'conceal hearts')"
                )
            self.trump = action.suit
            self.phase = SINGLE_HAND if self.owner.single_hand else OVER
        else:
            if not isinstance(action, (PassCall, SingleHand)):
                raise refusal(SINGLE_RULE, "say 'single hand' or 'pass'")
            self.single.append(isinstance(action, SingleHand))
            if self.single[-1] or len(self.single) == 4:
                self.phase = OVER

    def _bid(self, seat: int, action: Action, refusal: Callable[[str, str], IllegalAction]) -> None:
        """A call of the bidding (TN-2.2 .. TN-2.4), or its refusal."""
        if isinstance(action, PassCall):
            if self._forced():
                raise refusal(FORCED_RULE, "the first three passed: the dealer must bid")
            self.calls.append((seat, None))
            self.run += 1
            if self.bidder is not None and self.run == 3:
                self.phase = CONCEALING
            elif self.bidder is None and self.run == 4:
                self.phase = OVER  # all four passed: dealt again
            return
        if not isinstance(action, PointBid):
            raise refusal(BID_RULE, "bid a number of card points or pass (e.g. 'bid 16')")
        low = max(self.owner.min_bid, self.high + 1)
        if action.points > self.owner.max_bid:
            raise refusal(BID_RULE, f"the highest bid is {self.owner.max_bid}")
        if action.points < low:
            words = "the lowest bid is" if self.bidder is None else "a bid must be higher than"
            shown_low = low if self.bidder is None else self.high
            raise refusal(BID_RULE, f"{words} {shown_low}")
        forced = self._forced()
        self.calls.append((seat, action.points))
        self.high, self.bidder, self.run = action.points, seat, 0
        if forced or action.points == self.owner.max_bid:
            self.phase = CONCEALING

    def stages_dealt(self) -> int:
        """The second four cards are dealt once the trump is laid down (TN-3.2)."""
        return 2 if self.phase in (SINGLE_HAND, OVER) else 1

    def result(self) -> TwentyNineContract | None:
        """The contract once the auction is over (None before); a deal all four passed is
        thrown in (TN-2.4)."""
        if self.phase != OVER:
            return None
        turn_rule = self.owner.play_turn_rule
        if self.bidder is None or self.trump is None:
            return TwentyNineContract(None, self.order[0], turn_rule=turn_rule)
        if any(self.single):
            player = self.order[self.single.index(True)]
            return TwentyNineContract(
                None,
                player,  # the single hand leads (TN-5.2)
                bidder=player,
                bid=self.high,
                single=True,
                sitting_out=frozenset({(player + 2) % 4}),
                turn_rule=turn_rule,
            )
        concealed = ConcealedTrump(self.bidder, REVEAL_RULE)
        return TwentyNineContract(
            self.trump,
            self.order[0],
            bidder=self.bidder,
            bid=self.high,
            concealed=concealed,
            turn_rule=turn_rule,
        )

    def public(self) -> dict[str, Any]:
        """The calls, the highest bid and its bidder, whether the trump is laid down, the
        single hand; never the trump."""
        single = self.order[self.single.index(True)] if any(self.single) else None
        return {
            "dealer": self.deal.dealer,
            "calls": [[seat, points] for seat, points in self.calls],
            "bid": self.high or None,
            "bidder": self.bidder,
            "trump_laid": self.trump is not None,
            "single_hand": single,
        }

    def public_words(self) -> dict[str, str]:
        """The calls and the bidder as players say them: ``"W 16, S pass, E 17"``."""
        calls = ", ".join(
            f"{seat_name(seat)} {'pass' if points is None else points}"
            for seat, points in self.calls
        )
        single = self.public()["single_hand"]
        return {
            "dealer": "",  # (the heading says it)
            "calls": calls,
            "bidder": "" if self.bidder is None else seat_name(self.bidder),
            "trump_laid": "face down" if self.trump is not None else "",
            "single_hand": "" if single is None else seat_name(single),
        }

    def private(self, seat: int) -> dict[str, Any]:
        """What the bidder alone knows: the trump laid face down (TN-3.1)."""
        if seat != self.bidder or self.trump is None:
            return {}
        return {"trump": self.trump.name}

    def exposed(self) -> frozenset[int]:
        """No hand is shown."""
        return frozenset()
