"""Skat's bidding by the International Skat Order: game values, listener and speaker.

Middlehand speaks first, naming game values (``bid 18``, ``bid 20``... any value above
the last: SK-2.2) to forehand, who listens and holds each (``yes``) or passes; whoever
passes is out (SK-2.3).  Then rearhand speaks to the survivor the same way.  The last
one left is the declarer at the last value bid or held.  When middlehand and rearhand
both pass without a bid, forehand may still play (``bid 18``) or pass too (SK-2.4); if
all three pass the deal is thrown in: it scores nothing and the next dealer deals
(SK-2.5).  The declarer then takes the skat up and lays two cards away, or plays from
hand, and announces its game (SK-5.1 .. SK-5.5).  Forehand leads (SK-3.5).

>>> from cardrules.rules.components import DealInfo, Direction
>>> from cardrules_skat.actions import DECK, PASS
>>> from cardrules_skat.calls import BIDS_ACTIONS, HOLD, TAKE_SKAT
>>> hands = tuple(DECK.mask_of(DECK.parse_cards(h)) for h in (
...     "7C 8C 9C 10C JC QC KC AC 7D 8D", "9D 10D JD QD KD AD 7H 8H 9H 10H",
...     "JH QH KH AH 7S 8S 9S 10S JS QS"))
>>> stock = tuple(DECK.parse(c).index for c in ("KS", "AS"))
>>> state = SkatBidding().start(DealInfo(2, hands, Direction(1, 3), stock, deck=DECK))
>>> state.apply(1, BIDS_ACTIONS[18]); state.apply(0, HOLD); state.apply(1, BIDS_ACTIONS[20])
>>> state.apply(0, PASS); state.apply(2, PASS); state.apply(1, TAKE_SKAT)
>>> state
<skat bidding, dealer 2: E declarer at 20, 0 of 2 laid away>
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardrules.deck import Deck, Suit
from cardrules.errors import CardrulesError, IllegalAction
from cardrules.rules.actions import Action, Bid
from cardrules.rules.components import (
    Auction,
    AuctionState,
    DealInfo,
    Direction,
    Whereabouts,
    seat_name,
    seat_words,
)
from cardrules_skat.actions import DISCARDS, PASS, Discard, PassCall, SkatAdviser
from cardrules_skat.auction import (
    SKAT_SIZE,
    NullContract,
    SkatContract,
    skat_as_dealt,
    skat_whereabouts,
)
from cardrules_skat.calls import (
    BIDS_ACTIONS,
    HAND_ANNOUNCEMENTS,
    HOLD,
    SKAT_ANNOUNCEMENTS,
    TAKE_SKAT,
    Announce,
    Hold,
    SkatBid,
    TakeSkat,
    advise,
)
from cardrules_skat.ranking import GRAND, NULL, SUIT_GAME
from cardrules_skat.values import BIDS, Announcement, null_value

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "IskoContract",
    "IskoNullContract",
    "RamschContract",
    "SkatBidding",
    "SkatBiddingState",
    "isko_contract",
    "ramsch_contract",
]

#: The rule ids of ``skat.rules.md`` the bidding cites.
BID_RULE, ORDER_RULE, FOREHAND_RULE = "SK-2.2", "SK-2.3", "SK-2.4"
SKAT_RULE, HAND_RULE, AFTER_SKAT_RULE, BELOW_BID_RULE = "SK-5.1", "SK-5.2", "SK-5.4", "SK-5.5"
#: The lowest bid (SK-2.2).
LOWEST = BIDS[0]
#: The game of a deal all passed where the profile plays Ramsch (SK-9.1).
RAMSCH = "ramsch"


@dataclass(frozen=True, slots=True)
class IskoContract(SkatContract):
    """A Skat deal by the International Skat Order: the declarer, its game and what it
    announced (:class:`~cardrules_skat.values.Announcement`) and the value it bid or held
    (SK-2.3); ``declarer`` None when the deal was thrown in (SK-2.5).  The matadors are
    not the contract's: the scorer counts them in the hands dealt (SK-6.2, D-9)."""

    announced: Announcement | None = None
    bid: int = 0

    def exposed(self, played: int) -> frozenset[int]:
        """An ouvert declarer's hand lies open from before the first lead (SK-5.3)."""
        if self.announced is not None and self.announced.ouvert and self.declarer is not None:
            return frozenset((self.declarer,))
        return frozenset()

    def words(self) -> str:
        """``"Contract: hearts hand, declared by E at 20"``."""
        if self.declarer is None or self.announced is None:
            return "All passed: the deal is thrown in"
        return (
            f"Contract: {self.announced.words()}, declared by {seat_name(self.declarer)} "
            f"at {self.bid}"
        )

    def to_dict(self) -> dict[str, Any]:
        """The game, its announcements and the bid."""
        out = SkatContract.to_dict(self)
        if self.announced is not None:
            a = self.announced
            out.update(hand=a.hand, schneider=a.schneider, schwarz=a.schwarz, ouvert=a.ouvert)
            out["bid"] = self.bid
        return out


@dataclass(frozen=True, slots=True)
class IskoNullContract(IskoContract, NullContract):
    """A null game: the declarer undertakes to take no trick (SK-4.4), and the play stops
    at the declarer's first (SK-3.7), as in OpenSpiel's null game (:class:`NullContract`,
    whose end of the play and result it takes)."""


@dataclass(frozen=True, slots=True)
class RamschContract(IskoContract):
    """Ramsch, played when all pass where the profile says so (SK-9.1): no declarer, each
    for itself, the jacks alone trumps as in a grand; the most card points lose (SK-9.2)."""

    made_label: ClassVar[str] = "deals"

    def needs_play(self) -> bool:
        """A Ramsch is played (SK-9.1)."""
        return True

    def needs_tricks(self, seat: int, won: Sequence[int]) -> bool:
        """Every seat avoids tricks and their card points (SK-9.2)."""
        return False

    def words(self) -> str:
        """``"Ramsch: each for itself, the most card points lose"``."""
        return "Ramsch: each for itself, the most card points lose"


def ramsch_contract(leader: int, turn_rule: str = "") -> RamschContract:
    """The Ramsch of a deal all passed, ``leader`` (forehand) leading (SK-9.1)."""
    return RamschContract(None, leader, game=RAMSCH, ranking=GRAND, turn_rule=turn_rule)


def isko_contract(
    announced: Announcement,
    declarer: int,
    leader: int,
    *,
    bid: int,
    turn_rule: str = "",
) -> IskoContract:
    """The contract of ``declarer`` playing ``announced`` at ``bid``, ``leader`` leading."""
    game = announced.game
    if game == "null":
        return IskoNullContract(
            None, leader, declarer=declarer, game=game, ranking=NULL, turn_rule=turn_rule,
            announced=announced, bid=bid,
        )  # fmt: skip
    trump, ranking = (None, GRAND) if game == "grand" else (Suit[game], SUIT_GAME)
    return IskoContract(
        trump, leader, declarer=declarer, game=game, ranking=ranking, turn_rule=turn_rule,
        announced=announced, bid=bid,
    )  # fmt: skip


class SkatBidding(Auction, SkatAdviser):
    """The International Skat Order's bidding (see the module's docstring);
    ``play_turn_rule`` is what a card out of turn cites."""

    def __init__(self, *, play_turn_rule: str = "", ramsch: bool = False) -> None:
        self.play_turn_rule = play_turn_rule
        #: A deal all passed is played as Ramsch (SK-9.1), not thrown in (SK-2.5).
        self.ramsch = ramsch

    def __repr__(self) -> str:
        return f"SkatBidding(play_turn_rule={self.play_turn_rule!r}, ramsch={self.ramsch})"

    def advise(self, view: View, legal: Sequence[Action]) -> Action | None:
        """The rule bot's choice in this bidding, the cards laid away included
        (:meth:`IskoCall.advise <cardrules_skat.calls.IskoCall.advise>`)."""
        return advise(view, legal)

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and the rule pages print it."""
        return (
            "middlehand bids game values to forehand, who says yes or passes, then rearhand "
            "to the survivor; the last one left declares at the last value (forehand may "
            "play at 18 when the others pass without a bid; all passing, the deal is thrown "
            "in); the declarer takes the skat up and lays two cards away or plays from hand, "
            "and announces its game; forehand leads"
            + ("; a deal all passed is played as Ramsch" if self.ramsch else "")
        )

    def every_action(self) -> tuple[Action, ...]:
        """Every action of the bidding, each once."""
        return (
            PASS,
            HOLD,
            *BIDS_ACTIONS.values(),
            TAKE_SKAT,
            *HAND_ANNOUNCEMENTS,
            *SKAT_ANNOUNCEMENTS,
            *DISCARDS,
        )

    def whereabouts(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        actions: Sequence[tuple[int, str | None]],
        deck: Deck,
        play: bool,
    ) -> Whereabouts:
        """What the declarer alone knows of the skat it took up (SK-5.1): see
        :func:`~cardrules_skat.auction.skat_whereabouts`; the skat laid away, the hands
        have moved (:meth:`SkatBiddingState.hands_moved`)."""
        return skat_whereabouts(auction, deck, play=play or _laid_away(auction))

    def as_dealt(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        hands: Sequence[int],
        stock: Sequence[int],
        deck: Deck,
        play: bool,
        rng: random.Random,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The skat taken up (SK-5.1; a hand game leaves it where it lies) given back: see
        :func:`~cardrules_skat.auction.skat_as_dealt`."""
        taken = bool(auction.get("skat_taken"))
        moved = play or _laid_away(auction)
        return skat_as_dealt(auction, hands, stock, deck, play=moved, taken=taken, rng=rng)

    def start(self, deal: DealInfo) -> SkatBiddingState:
        """The bidding of a fresh deal: the stock is the skat (SK-1.3)."""
        if len(deal.stock) != SKAT_SIZE:
            raise CardrulesError(
                f"a Skat deal leaves {SKAT_SIZE} cards in the skat (SK-1.3); this one leaves "
                f"{len(deal.stock)}"
            )
        return SkatBiddingState(
            self, deal.deck, deal.dealer, deal.direction, deal.hands, deal.stock
        )


#: The phases of a deal's bidding and what follows it.
BIDDING, CHOOSING, DISCARDING, ANNOUNCING, OVER = (
    "bidding", "choosing", "discarding", "announcing", "over",
)  # fmt: skip


class SkatBiddingState(AuctionState):
    """One deal's bidding in progress, and the declarer's choices after it."""

    __slots__ = (
        "announced",
        "bid",
        "dealer",
        "deck",
        "declarer",
        "discarded",
        "hands",
        "listener",
        "order",
        "owner",
        "passed",
        "phase",
        "skat",
        "speaker",
        "taken",
        "turn",
    )

    def __init__(
        self,
        owner: SkatBidding,
        deck: Deck,
        dealer: int,
        direction: Direction,
        hands: tuple[int, ...],
        stock: tuple[int, ...],
    ) -> None:
        self.owner = owner
        self.deck = deck
        self.dealer = dealer
        self.hands = hands
        self.skat = sum(1 << i for i in stock)
        #: Forehand (the dealer's left), middlehand, rearhand (SK-1.3).
        self.order = direction.order(direction.next(dealer))
        self.phase = BIDDING
        #: The highest value bid and held so far (0: none yet).
        self.bid = 0
        #: The seats of the pair bidding now, and the seat to act among them.
        self.listener: int | None = self.order[0]
        self.speaker: int | None = self.order[1]
        self.turn: int | None = self.order[1]
        self.passed: list[int] = []
        self.declarer: int | None = None
        self.taken = False
        self.discarded: list[int] = []
        self.announced: Announcement | None = None

    def __repr__(self) -> str:
        head = f"<skat bidding, dealer {self.dealer}"
        if self.phase == BIDDING:
            return f"{head}: {self.bid or 'no'} bid, {len(self.passed)} passed>"
        if self.declarer is None:
            return f"{head}: all passed>"
        if self.announced is not None:
            return f"{head}: {seat_name(self.declarer)} announces {self.announced.words()}>"
        return (
            f"{head}: {seat_name(self.declarer)} declarer at {self.bid}, "
            f"{len(self.discarded)} of {SKAT_SIZE} laid away>"
        )

    @property
    def turn_rule(self) -> str:
        """The rule an action out of turn breaks."""
        rules = {BIDDING: ORDER_RULE, CHOOSING: SKAT_RULE, DISCARDING: SKAT_RULE}
        return rules.get(self.phase, AFTER_SKAT_RULE)

    def to_act(self) -> int | None:
        """The seat to act; None once the game is announced or all passed."""
        if self.phase == BIDDING:
            return self.turn
        if self.phase in (CHOOSING, DISCARDING, ANNOUNCING):
            return self.declarer
        return None

    def _holding(self) -> int:
        """The declarer's twelve cards less those laid away (the discarding phase)."""
        assert self.declarer is not None
        mask = self.hands[self.declarer] | self.skat
        for index in self.discarded:
            mask &= ~(1 << index)
        return mask

    def _reaches(self, action: Announce) -> bool:
        """Whether a null game's fixed value reaches the bid (SK-5.5); any other game may."""
        a = action.announced
        return a.game != "null" or null_value(a.hand, a.ouvert) >= self.bid

    def legal_actions(self) -> list[Action]:
        """The bids, ``yes`` and ``pass`` while bidding; then the declarer's choices."""
        if self.phase == BIDDING:
            if self.turn == self.listener:
                return [HOLD, PASS]
            if self.listener is None:  # forehand alone, no bid made (SK-2.4)
                return [BIDS_ACTIONS[LOWEST], PASS]
            return [*(BIDS_ACTIONS[v] for v in BIDS if v > self.bid), PASS]
        if self.phase == CHOOSING:
            return [TAKE_SKAT, *(a for a in HAND_ANNOUNCEMENTS if self._reaches(a))]
        if self.phase == DISCARDING:
            return [DISCARDS[c.index] for c in self.deck.cards_of(self._holding())]
        if self.phase == ANNOUNCING:
            return [a for a in SKAT_ANNOUNCEMENTS if self._reaches(a)]
        return []

    def apply(self, seat: int, action: Action) -> None:
        """``seat``'s call, choice, card laid away or game; anything else is refused with the
        rule it breaks, nothing changed."""

        def refusal(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(rule, reason, action=str(action), seat=seat)

        to_act = self.to_act()
        if to_act is None:
            raise refusal(ORDER_RULE, "the bidding is over: play a card")
        if seat != to_act:
            raise refusal(self.turn_rule, f"it is the turn of {seat_words(to_act)}")
        if self.phase == BIDDING:
            self._bidding(seat, action, refusal)
        elif self.phase == CHOOSING:
            if isinstance(action, TakeSkat):
                self.taken = True
                self.phase = DISCARDING
            elif isinstance(action, Announce) and action.announced.hand:
                self._announce(action, refusal)
            else:
                raise refusal(
                    HAND_RULE,
                    "the declarer takes the skat up ('take skat') or announces a hand game "
                    "(e.g. 'announce hearts hand')",
                )
        elif self.phase == DISCARDING:
            if not isinstance(action, Discard):
                raise refusal(SKAT_RULE, "the declarer lays two cards away (e.g. 'discard 7C')")
            if not self._holding() >> action.card.index & 1:
                raise refusal(
                    SKAT_RULE,
                    f"{action.card.symbol()} is not among the declarer's cards and the skat",
                )
            self.discarded.append(action.card.index)
            if len(self.discarded) == SKAT_SIZE:
                self.phase = ANNOUNCING
        else:
            if not isinstance(action, Announce):
                raise refusal(AFTER_SKAT_RULE, "announce a game (e.g. 'announce hearts')")
            if action.announced.hand or action.announced.schneider:
                raise refusal(
                    AFTER_SKAT_RULE,
                    "after taking the skat up the declarer announces a suit, grand, null or "
                    "null ouvert: no hand game, no schneider or schwarz",
                )
            self._announce(action, refusal)

    def _bidding(self, seat: int, action: Action, refusal: Any) -> None:
        """A bid, a ``yes`` or a pass in the bidding (SK-2.2 .. SK-2.4)."""
        if self.listener is None:  # forehand alone (SK-2.4)
            if isinstance(action, PassCall):
                self.passed.append(seat)
                self.phase = OVER  # thrown in (SK-2.5)
                return
            if action != BIDS_ACTIONS[LOWEST]:
                raise refusal(
                    FOREHAND_RULE, f"forehand plays at {LOWEST} ('bid {LOWEST}') or passes"
                )
            self.bid = LOWEST
            self._declare(seat)
            return
        if seat == self.listener:
            if isinstance(action, Hold):
                self.turn = self.speaker
            elif isinstance(action, PassCall):
                self.passed.append(seat)
                self._pair_over(self.speaker)
            else:
                raise refusal(ORDER_RULE, f"the listener holds {self.bid} ('yes') or passes")
            return
        if isinstance(action, SkatBid):
            if action.value <= self.bid:
                raise refusal(BID_RULE, f"a bid must be higher than {self.bid}")
            self.bid = action.value
            self.turn = self.listener
        elif isinstance(action, PassCall):
            self.passed.append(seat)
            self._pair_over(self.listener)
        elif isinstance(action, Bid):  # a number read as another game's bid: no game value
            raise refusal(
                BID_RULE,
                f"{action.tricks} is no game value (the bids are 18, 20, 22, 23, 24, 27, ...)",
            )
        else:
            what = "a game value higher than the last" if self.bid else "a game value"
            raise refusal(
                ORDER_RULE, f"the speaker bids {what} (e.g. 'bid {self._next()}') or passes"
            )

    def _next(self) -> int:
        return next((v for v in BIDS if v > self.bid), BIDS[-1])

    def _pair_over(self, survivor: int | None) -> None:
        """One of the pair has passed: rearhand speaks to the survivor next, or the
        survivor of the second pair is the declarer (SK-2.3, SK-2.4)."""
        rearhand = self.order[2]
        if rearhand not in self.passed and self.speaker != rearhand:
            self.listener, self.speaker, self.turn = survivor, rearhand, rearhand
            return
        if self.bid:
            assert survivor is not None
            self._declare(survivor)
            return
        # No bid from middlehand or rearhand: forehand alone may still play (SK-2.4).
        self.listener = self.speaker = None
        self.turn = self.order[0]

    def _declare(self, seat: int) -> None:
        self.declarer = seat
        self.turn = None
        self.phase = CHOOSING

    def _announce(self, action: Announce, refusal: Any) -> None:
        if not self._reaches(action):
            a = action.announced
            raise refusal(
                BELOW_BID_RULE,
                f"{a.words()} is worth {null_value(a.hand, a.ouvert)}, less than the bid "
                f"of {self.bid}",
            )
        self.announced = action.announced
        self.phase = OVER

    def result(self) -> IskoContract | None:
        """The contract once the game is announced or all passed (None before): forehand
        leads (SK-3.5)."""
        if self.phase != OVER:
            return None
        turn_rule = self.owner.play_turn_rule
        if self.declarer is None or self.announced is None:
            if self.owner.ramsch:
                return ramsch_contract(self.order[0], turn_rule)
            return IskoContract(None, self.order[0], turn_rule=turn_rule)
        return isko_contract(
            self.announced, self.declarer, self.order[0], bid=self.bid, turn_rule=turn_rule
        )

    def hands_moved(self) -> bool:
        """The skat taken up and two cards laid away: the declarer announces its game with
        the hand it plays (SK-5.1)."""
        return self.taken and len(self.discarded) == SKAT_SIZE

    def hands_after(self) -> tuple[int, ...] | None:
        """The hands the play starts from: the declarer's with the skat taken up and the two
        cards laid away out (SK-5.1); None for a hand game (the skat stays where it lies)."""
        if self.declarer is None or not self.taken:
            return None
        hands = list(self.hands)
        hands[self.declarer] = self._holding()
        return tuple(hands)

    def public(self) -> dict[str, Any]:
        """The dealer, the value bid, who passed, the declarer and its game; never the skat's
        cards."""
        return {
            "dealer": self.dealer,
            "bid": self.bid,
            "passed": list(self.passed),
            "declarer": self.declarer,
            "skat_taken": self.taken,
            "laid_away": len(self.discarded),
            "game": None if self.announced is None else self.announced.words(),
        }

    def private(self, seat: int) -> dict[str, Any]:
        """What the declarer alone knows once it took the skat up: the skat, the cards laid
        away (SK-5.1, SK-8.1)."""
        if seat != self.declarer or not self.taken:
            return {}
        return {
            "skat": [str(c) for c in self.deck.cards_of(self.skat)],
            "discarded": [str(self.deck.cards[i]) for i in self.discarded],
        }


def _laid_away(auction: Mapping[str, Any]) -> bool:
    """Whether the auction a view shows has the skat taken up and two cards laid away: the
    hands have moved (:meth:`SkatBiddingState.hands_moved`)."""
    return bool(auction.get("skat_taken")) and auction.get("laid_away") == SKAT_SIZE
