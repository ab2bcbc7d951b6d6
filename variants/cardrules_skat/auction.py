"""Skat's bidding as OpenSpiel plays it: the first to declare a game plays it.

From forehand (the dealer's left), each player in turn passes or declares one of
the six games (SKO-2.1): the four suit games, grand and null.  The first to
declare is the declarer: the declarer takes the skat into hand and lays away any
two of the twelve cards, which only the declarer sees (SKO-2.2).  If all three
pass the deal is not played and scores nothing (SKO-2.3).  Forehand leads
(SKO-3.1).

>>> from cardrules.rules.components import DealInfo, Direction
>>> from cardrules_skat.actions import DECK, PASS, Declare
>>> hands = tuple(DECK.mask_of(DECK.parse_cards(h)) for h in (
...     "7C 8C 9C 10C JC QC KC AC 7D 8D", "9D 10D JD QD KD AD 7H 8H 9H 10H",
...     "JH QH KH AH 7S 8S 9S 10S JS QS"))
>>> stock = tuple(DECK.parse(c).index for c in ("KS", "AS"))
>>> deal = DealInfo(2, hands, Direction(1, 3), stock, deck=DECK)
>>> state = SkatOpenSpielBidding().start(deal)
>>> state.apply(0, PASS); state.apply(1, Declare("D"))
>>> state
<skat bidding, dealer 2: E declares diamonds, 0 of 2 laid away>
>>> [str(a) for a in state.legal_actions()][-3:]
['discard 10H', 'discard KS', 'discard AS']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardrules.deck import Deck, Suit
from cardrules.errors import CardError, CardrulesError, IllegalAction
from cardrules.rules.actions import Action
from cardrules.rules.components import (
    Auction,
    AuctionState,
    Contract,
    DealInfo,
    Direction,
    Whereabouts,
    seat_name,
    seat_words,
)
from cardrules_skat.actions import (
    DECLARATIONS,
    DISCARDS,
    PASS,
    Declare,
    Discard,
    PassCall,
    game_words,
)
from cardrules_skat.ranking import GRAND, NULL, SUIT_GAME

__all__ = ["NullContract", "SkatContract", "SkatOpenSpielBidding", "SkatOpenSpielBiddingState"]

#: The rule ids of ``skat-openspiel.rules.md`` the bidding cites.
BID_RULE = "SKO-2.1"
DISCARD_RULE = "SKO-2.2"
#: Cards in the skat, laid away by the declarer (SK-1.3, SKO-2.2).
SKAT_SIZE = 2


@dataclass(frozen=True, slots=True)
class SkatContract(Contract):
    """What a Skat deal is played in: the declarer and the game (a suit's letter,
    ``"grand"``, ``"null"``); ``declarer`` None when all passed (SKO-2.3)."""

    declarer: int | None = None
    game: str = ""

    made_label: ClassVar[str] = "games won"

    def needs_play(self) -> bool:
        """A deal all passed is not played (SKO-2.3)."""
        return self.declarer is not None

    def needs_tricks(self, seat: int, won: Sequence[int]) -> bool:
        """In a null game the declarer wants no trick; otherwise every trick is worth having."""
        return not (self.game == "null" and seat == self.declarer)

    def words(self) -> str:
        """``"Contract: hearts, declared by E"``."""
        if self.declarer is None:
            return "All passed: the deal is not played"
        return f"Contract: {game_words(self.game)}, declared by {seat_name(self.declarer)}"

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        out["declarer"] = self.declarer
        out["game"] = self.game
        return out


@dataclass(frozen=True, slots=True)
class NullContract(SkatContract):
    """A null game: the declarer undertakes to take no trick, and the play stops at the
    declarer's first (SKO-3.5)."""

    decides_early: ClassVar[bool] = True

    def play_decided(self, tricks: Sequence[int]) -> bool:
        """The declarer has taken a trick: the null game is lost, the play stops (SKO-3.5)."""
        return self.declarer is not None and tricks[self.declarer] > 0

    def made(self, tricks: Sequence[int]) -> dict[str, bool]:
        """Won when the declarer took no trick (SKO-4.2)."""
        if self.declarer is None:
            return {}
        return {"": tricks[self.declarer] == 0}


def contract_for(game: str, declarer: int, leader: int, turn_rule: str = "") -> SkatContract:
    """The contract of ``declarer`` playing ``game``, ``leader`` leading (SKO-3.1)."""
    if game == "null":
        return NullContract(
            None, leader, declarer=declarer, game=game, ranking=NULL, turn_rule=turn_rule
        )
    if game == "grand":
        return SkatContract(
            None, leader, declarer=declarer, game=game, ranking=GRAND, turn_rule=turn_rule
        )
    return SkatContract(
        Suit[game], leader, declarer=declarer, game=game, ranking=SUIT_GAME, turn_rule=turn_rule
    )


class SkatOpenSpielBidding(Auction):
    """The bidding of OpenSpiel's ``skat`` (see the module's docstring); ``play_turn_rule``
    is what a card out of turn cites."""

    def __init__(self, *, play_turn_rule: str = "") -> None:
        self.play_turn_rule = play_turn_rule

    def __repr__(self) -> str:
        return f"SkatOpenSpielBidding(play_turn_rule={self.play_turn_rule!r})"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and the rule pages print it."""
        return (
            "from forehand, each player passes or declares a game (a suit, grand or null); "
            "the first to declare takes the skat up and lays away two cards; if all pass "
            "the deal is not played; forehand leads"
        )

    def every_action(self) -> tuple[Action, ...]:
        """Every action of the bidding, each once."""
        return (PASS, *DECLARATIONS, *DISCARDS)

    def whereabouts(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        actions: Sequence[tuple[int, str | None]],
        deck: Deck,
        play: bool,
    ) -> Whereabouts:
        """What the declarer alone knows of the skat (SKO-2.2): see
        :func:`skat_whereabouts`."""
        return skat_whereabouts(auction, deck, play=play)

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
        """The skat taken up by the declarer of a game (SKO-2.2) given back: see
        :func:`skat_as_dealt`."""
        taken = auction.get("declarer") is not None
        return skat_as_dealt(auction, hands, stock, deck, play=play, taken=taken, rng=rng)

    def start(self, deal: DealInfo) -> SkatOpenSpielBiddingState:
        """The bidding of a fresh deal: the stock is the skat (SK-1.3)."""
        if len(deal.stock) != SKAT_SIZE:
            raise CardrulesError(
                f"a Skat deal leaves {SKAT_SIZE} cards in the skat (SK-1.3); this one leaves "
                f"{len(deal.stock)}"
            )
        return SkatOpenSpielBiddingState(
            self, deal.deck, deal.dealer, deal.direction, deal.hands, deal.stock
        )


def skat_whereabouts(auction: Mapping[str, Any], deck: Deck, *, play: bool) -> Whereabouts:
    """Where the cards the declarer's view shows of the skat lie (a view's auction,
    ``auction``, holds them once the declarer took the skat up: SK-5.1, SKO-2.2): during
    the auction the skat is the stock; once the play has begun the cards laid away are
    in no hand.  Another seat's view knows neither."""
    shown = auction.get("discarded" if play else "skat") or ()
    away = 0
    for text in shown:
        away |= 1 << deck.parse(text).index
    return Whereabouts(away=away)


def skat_as_dealt(
    auction: Mapping[str, Any],
    hands: Sequence[int],
    stock: Sequence[int],
    deck: Deck,
    *,
    play: bool,
    taken: bool,
    rng: random.Random,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands and the skat of a world as they were dealt (see
    :meth:`Auction.as_dealt <cardrules.rules.components.Auction.as_dealt>`): during the
    auction, and where the skat was not ``taken`` up (a hand game), as they are; once the
    play of a game whose declarer took the skat up has begun, the declarer's twelve cards
    are its hand (with the cards it played) and the two laid away, no hand holding
    another, two of which were the skat: the skat the view shows (the declarer's own), or
    two of the twelve drawn from ``rng`` (SK-5.1, SKO-2.2)."""
    if not play or not taken:
        return tuple(hands), tuple(stock)
    declarer: int = auction["declarer"]
    twelve = hands[declarer]
    for index in stock:
        twelve |= 1 << index
    shown = [deck.parse(text).index for text in auction.get("skat") or ()]
    skat = shown or rng.sample([i for i in range(deck.size) if twelve >> i & 1], SKAT_SIZE)
    if len(skat) != SKAT_SIZE or any(not twelve >> i & 1 for i in skat):
        raise CardError(
            "invalid hands: the skat the declarer took up is not among its cards and those "
            f"laid away ({' '.join(str(deck.cards[i]) for i in skat)})"
        )
    dealt = list(hands)
    for index in skat:
        twelve &= ~(1 << index)
    dealt[declarer] = twelve
    return tuple(dealt), tuple(sorted(skat))


#: The phases of the bidding.
BIDDING, DISCARDING, OVER = "bidding", "discarding", "over"


class SkatOpenSpielBiddingState(AuctionState):
    """One deal's bidding in progress."""

    __slots__ = (
        "dealer",
        "deck",
        "declarer",
        "discarded",
        "game",
        "hands",
        "order",
        "owner",
        "passes",
        "phase",
        "skat",
    )

    def __init__(
        self,
        owner: SkatOpenSpielBidding,
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
        #: The seats in the order of bidding: forehand (the dealer's left), middlehand, rearhand.
        self.order = direction.order(direction.next(dealer))
        self.passes = 0
        self.phase = BIDDING
        self.declarer: int | None = None
        self.game = ""
        #: The cards laid away, in order.
        self.discarded: list[int] = []

    def __repr__(self) -> str:
        head = f"<skat bidding, dealer {self.dealer}"
        if self.declarer is None:
            if self.phase == OVER:
                return f"{head}: all passed>"
            return f"{head}: {self.passes} passes>"
        return (
            f"{head}: {seat_name(self.declarer)} declares {game_words(self.game)}, "
            f"{len(self.discarded)} of {SKAT_SIZE} laid away>"
        )

    @property
    def turn_rule(self) -> str:
        """The rule an action out of turn breaks."""
        return DISCARD_RULE if self.phase == DISCARDING else BID_RULE

    def to_act(self) -> int | None:
        """The seat to act; None once the skat is laid away or all passed."""
        if self.phase == BIDDING:
            return self.order[self.passes]
        if self.phase == DISCARDING:
            return self.declarer
        return None

    def _holding(self) -> int:
        """The declarer's twelve cards less those laid away (the discarding phase)."""
        assert self.declarer is not None
        mask = self.hands[self.declarer] | self.skat
        for index in self.discarded:
            mask &= ~(1 << index)
        return mask

    def legal_actions(self) -> list[Action]:
        """Pass or a game while bidding; a card to lay away while discarding."""
        if self.phase == BIDDING:
            return [PASS, *DECLARATIONS]
        if self.phase == DISCARDING:
            return [DISCARDS[c.index] for c in self.deck.cards_of(self._holding())]
        return []

    def apply(self, seat: int, action: Action) -> None:
        """``seat``'s call or card laid away; anything else is refused with the rule it
        breaks, nothing changed."""

        def refusal(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(rule, reason, action=str(action), seat=seat)

        to_act = self.to_act()
        if to_act is None:
            raise refusal(BID_RULE, "the bidding is over: play a card")
        if seat != to_act:
            what = "lay a card away" if self.phase == DISCARDING else "bid"
            raise refusal(self.turn_rule, f"it is the turn of {seat_words(to_act)} to {what}")
        if self.phase == BIDDING:
            if isinstance(action, PassCall):
                self.passes += 1
                if self.passes == len(self.order):
                    self.phase = OVER
                return
            if not isinstance(action, Declare):
                raise refusal(BID_RULE, "pass or declare a game (e.g. 'declare hearts')")
            self.declarer = seat
            self.game = action.game
            self.phase = DISCARDING
            return
        if not isinstance(action, Discard):
            raise refusal(DISCARD_RULE, "the declarer lays two cards away (e.g. 'discard 7C')")
        card = action.card
        if not self._holding() >> card.index & 1:
            raise refusal(
                DISCARD_RULE, f"{card.symbol()} is not among the declarer's cards and the skat"
            )
        self.discarded.append(card.index)
        if len(self.discarded) == SKAT_SIZE:
            self.phase = OVER

    def result(self) -> SkatContract | None:
        """The contract once the bidding is over (None before): forehand leads (SKO-3.1)."""
        if self.phase != OVER:
            return None
        turn_rule = self.owner.play_turn_rule
        if self.declarer is None:
            return SkatContract(None, self.order[0], turn_rule=turn_rule)
        return contract_for(self.game, self.declarer, self.order[0], turn_rule)

    def hands_after(self) -> tuple[int, ...] | None:
        """The hands the play starts from: the declarer's with the skat taken up and the two
        cards laid away out (SKO-2.2)."""
        if self.declarer is None:
            return None
        hands = list(self.hands)
        hands[self.declarer] = self._holding()
        return tuple(hands)

    def public(self) -> dict[str, Any]:
        """The dealer, the passes, the declarer and the game; never the skat's cards."""
        return {
            "dealer": self.dealer,
            "passes": self.passes,
            "declarer": self.declarer,
            "game": self.game or None,
            "laid_away": len(self.discarded),
        }

    def private(self, seat: int) -> dict[str, Any]:
        """What the declarer alone knows: the skat taken up, the cards laid away (SKO-2.2)."""
        if seat != self.declarer:
            return {}
        return {
            "skat": [str(c) for c in self.deck.cards_of(self.skat)],
            "discarded": [str(self.deck.cards[i]) for i in self.discarded],
        }

    def exposed(self) -> frozenset[int]:
        """No hand is ever shown."""
        return frozenset()
