"""Making trumps in Euchre: two rounds of calls, the dealer's pickup and discard, going alone.

First round (EU-3.1): from the dealer's left, each player passes or accepts the
upcard's suit as trumps, ``order up`` (``take up`` for the dealer, last to
speak).  Accepted, the dealer takes the upcard in and discards one card, which
only the dealer sees (EU-3.2).  If all four pass, the upcard is turned down and
in the second round each player passes or names another suit (EU-3.3); with
``stick_the_dealer`` the dealer may not pass last (EU-3.6), without it eight
passes throw the deal in (EU-3.7).  The maker goes alone with the call
(``order up alone``, EU-4.1), or, as OpenSpiel asks it, after the discard
(``alone`` or ``partner``, EUO-3.1); with ``allow_lone_defender`` each defender
in turn may then defend alone (EUO-3.2).  A lone player's partner sits the deal
out (EU-4.2), and the dealer's left leads, or the next seat that plays (EU-5.1).

>>> from cardrules.rules.components import DealInfo, Direction
>>> from cardrules_euchre.actions import DECK, PASS, OrderUp
>>> hands = tuple(DECK.mask_of(DECK.parse_cards(h)) for h in (
...     "9C 10C JC QC KC", "AC 9D 10D JD QD", "KD AD 9H 10H JH", "QH KH AH 9S 10S"))
>>> stock = tuple(DECK.parse(c).index for c in ("JS", "QS", "KS", "AS"))
>>> state = EuchreMaking().start(DealInfo(3, hands, Direction.named("clockwise"), stock, deck=DECK))
>>> [str(a) for a in state.legal_actions()]
['pass', 'order up', 'order up alone']
>>> state.apply(0, PASS); state.apply(1, OrderUp(alone=True))
>>> state
<euchre making, dealer 3, upcard JS: E makes spades alone, the dealer to discard>
>>> [str(a) for a in state.legal_actions()]
['discard QH', 'discard KH', 'discard AH', 'discard 9S', 'discard 10S', 'discard JS']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardrules.deck import Card, Deck, Suit
from cardrules.errors import CardrulesError, IllegalAction
from cardrules.rules.actions import Action
from cardrules.rules.components import (
    Auction,
    AuctionState,
    Contract,
    DealInfo,
    Direction,
    seat_name,
    seat_words,
)
from cardrules_euchre.actions import (
    DISCARDS,
    PASS,
    Discard,
    EuchreCall,
    GoAlone,
    NameTrump,
    OrderUp,
    PassCall,
    TakeUp,
)

__all__ = ["EuchreContract", "EuchreMaking", "EuchreMakingState", "makers_of"]

#: The rule ids of ``euchre.rules.md`` and ``euchre-openspiel.rules.md`` the auction cites.
FIRST_ROUND_RULE = "EU-3.1"
DISCARD_RULE = "EU-3.2"
SECOND_ROUND_RULE = "EU-3.3"
CALLS_RULE = "EU-3.5"
STICK_RULE = "EU-3.6"
ALONE_RULE = "EU-4.1"
NO_LONE_DEFENDER_RULE = "EU-4.4"
OS_STICK_RULE = "EUO-2.2"
OS_DISCARD_RULE = "EUO-2.4"
OS_ALONE_RULE = "EUO-3.1"
OS_DEFENDER_RULE = "EUO-3.2"

#: Makes the refusal of the action being applied: (rule, reason) -> the error to raise.
Refusal = Callable[[str, str], IllegalAction]

#: Tricks in a deal, and the makers' tricks that win it (EU-5.5, EU-6.1).
TRICKS = 5
TO_WIN = 3


def makers_of(maker: int) -> tuple[int, int]:
    """The maker and the maker's partner, who sits opposite (EU-1.1, EU-3.4)."""
    return maker, (maker + 2) % 4


@dataclass(frozen=True, slots=True)
class EuchreContract(Contract):
    """What a Euchre deal is played in: the maker, trumps, who plays alone.

    ``maker`` is None when all eight calls were passes: the deal is thrown in and
    not played (EU-3.7, EUO-2.3).  ``alone``: the maker plays alone, the partner
    sitting out; ``lone_defender``: a defender who defends alone (EUO-3.2).
    """

    maker: int | None = None
    alone: bool = False
    lone_defender: int | None = None

    made_label: ClassVar[str] = "contracts made"

    def makers_tricks(self, tricks: Sequence[int]) -> int:
        """The tricks the maker and the partner took (0 in a deal thrown in)."""
        if self.maker is None:
            return 0
        return sum(tricks[s] for s in makers_of(self.maker))

    def made(self, tricks: Sequence[int]) -> dict[str, bool]:
        """The makers' undertaking: three tricks or more (EU-6.1)."""
        if self.maker is None:
            return {}
        return {"": self.makers_tricks(tricks) >= TO_WIN}

    def needs_play(self) -> bool:
        """A deal thrown in (all passed) is not played."""
        return self.maker is not None

    def words(self) -> str:
        """``"Contract: trumps hearts, made by E alone"``."""
        if self.maker is None or self.trump is None:
            return "All passed: the deal is thrown in"
        alone = " alone" if self.alone else ""
        against = ""
        if self.lone_defender is not None:
            against = f", {seat_name(self.lone_defender)} defending alone"
        return (
            f"Contract: trumps {self.trump.word}, made by {seat_name(self.maker)}{alone}{against}"
        )

    def result_words(self, tricks: Sequence[int]) -> str | None:
        """``"Makers took 5 tricks: a march"``, ``"Makers took 2 tricks: euchred"``."""
        if self.maker is None:
            return None
        took = self.makers_tricks(tricks)
        fate = "euchred" if took < TO_WIN else "a march" if took == TRICKS else "made"
        return f"Makers took {took} trick{'s' if took != 1 else ''}: {fate}"

    def undertaken(self, seat: int) -> int | None:
        """The maker undertook three tricks with the partner."""
        return TO_WIN if self.maker is not None and seat in makers_of(self.maker) else None

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        out["maker"] = self.maker
        out["alone"] = self.alone
        if self.lone_defender is not None:
            out["lone_defender"] = self.lone_defender
        return out


class EuchreMaking(Auction):
    """The making of trumps of each deal (see the module's docstring).

    ``stick_the_dealer``: the dealer may not pass last in the second round;
    ``allow_lone_defender``: the defenders may defend alone; ``alone_after_discard``:
    the maker chooses to go alone after the discard (OpenSpiel), not with the call;
    ``discard_upcard``: the dealer may discard the upcard itself (euchre's D-4, not
    OpenSpiel's EUO-2.4).  ``play_turn_rule`` is what a card out of turn cites.
    """

    def __init__(
        self,
        *,
        stick_the_dealer: bool = False,
        allow_lone_defender: bool = False,
        alone_after_discard: bool = False,
        discard_upcard: bool = True,
        play_turn_rule: str = "",
    ) -> None:
        self.stick_the_dealer = stick_the_dealer
        self.allow_lone_defender = allow_lone_defender
        self.alone_after_discard = alone_after_discard
        self.discard_upcard = discard_upcard
        self.play_turn_rule = play_turn_rule
        #: The rule a stuck dealer's pass breaks, and a forbidden discard of the upcard.
        self.stick_rule = OS_STICK_RULE if alone_after_discard else STICK_RULE
        self.alone_rule = OS_ALONE_RULE if alone_after_discard else ALONE_RULE

    def __repr__(self) -> str:
        return (
            f"EuchreMaking(stick_the_dealer={self.stick_the_dealer!r}, "
            f"allow_lone_defender={self.allow_lone_defender!r}, "
            f"alone_after_discard={self.alone_after_discard!r}, "
            f"discard_upcard={self.discard_upcard!r}, play_turn_rule={self.play_turn_rule!r})"
        )

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and the rule pages print it."""
        alone = (
            "the maker then chooses to play alone or with the partner"
            if self.alone_after_discard
            else "the maker may announce going alone with the call"
        )
        discard = "any of the six cards" if self.discard_upcard else "one of the five cards dealt"
        end = (
            "the dealer may not pass last"
            if self.stick_the_dealer
            else "if all pass again the deal is thrown in"
        )
        defender = "; each defender in turn may defend alone" if self.allow_lone_defender else ""
        return (
            "from the dealer's left, each player passes or accepts the upcard's suit as trumps; "
            f"accepted, the dealer takes the upcard in and discards {discard}; else each names "
            f"another suit or passes, and {end}; {alone}{defender}; a lone player's partner "
            "sits out; the dealer's left leads"
        )

    def every_action(self) -> tuple[Action, ...]:
        """Every action of the making, each once."""
        out: list[Action] = [PASS]
        for alone in (False, True):
            out += [OrderUp(alone), TakeUp(alone)]
            out += [NameTrump(suit, alone) for suit in Suit]
        out += [GoAlone(True), GoAlone(False)]
        out += DISCARDS
        return tuple(out)

    def start(self, deal: DealInfo) -> EuchreMakingState:
        """The making of a fresh deal: the upcard is the kitty's top card (EU-2.3)."""
        if not deal.stock:
            raise CardrulesError("a Euchre deal needs a card left over to turn up (EU-2.3)")
        return EuchreMakingState(
            self, deal.deck, deal.dealer, deal.direction, deal.hands, deal.stock[0]
        )


#: The phases of the making.
FIRST, SECOND, DISCARD, ALONE, DEFEND, OVER = (
    "first round",
    "second round",
    "discard",
    "alone",
    "defend",
    "over",
)


class EuchreMakingState(AuctionState):
    """One deal's making of trumps in progress."""

    __slots__ = (
        "alone",
        "asked",
        "dealer",
        "deck",
        "direction",
        "discarded",
        "hands",
        "lone_defender",
        "maker",
        "order",
        "owner",
        "passes",
        "phase",
        "taken",
        "trump",
        "upcard",
        "upcard_suit",
    )

    def __init__(
        self,
        owner: EuchreMaking,
        deck: Deck,
        dealer: int,
        direction: Direction,
        hands: tuple[int, ...],
        upcard: int,
    ) -> None:
        self.owner = owner
        self.deck = deck
        self.dealer = dealer
        self.direction = direction
        self.hands = hands
        self.upcard: Card = deck.cards[upcard]
        suit = self.upcard.suit
        if suit is None:
            raise CardrulesError(f"the upcard {self.upcard} has no suit (EU-2.3)")
        self.upcard_suit: Suit = suit
        #: The seats in the order of calling: the dealer's left first, the dealer last.
        self.order = direction.order(direction.next(dealer))
        self.passes = 0
        self.phase = FIRST
        self.maker: int | None = None
        self.trump: Suit | None = None
        #: Whether the maker plays alone; None until the maker has chosen.
        self.alone: bool | None = None
        self.lone_defender: int | None = None
        #: The defenders who chose to defend with their partner.
        self.asked: list[int] = []
        self.discarded: Card | None = None
        #: Whether the upcard's suit was accepted: the dealer takes the upcard in.
        self.taken = False

    def __repr__(self) -> str:
        head = f"<euchre making, dealer {self.dealer}, upcard {self.upcard}"
        if self.maker is None or self.trump is None:
            if self.phase == OVER:
                return f"{head}: all passed>"
            return f"{head}: {self.phase}, {self.passes} passes>"
        alone = " alone" if self.alone else ""
        doing = {
            DISCARD: ", the dealer to discard",
            ALONE: ", the maker to choose alone or partner",
            DEFEND: ", the defenders to choose",
        }.get(self.phase, "")
        return f"{head}: {seat_name(self.maker)} makes {self.trump.word}{alone}{doing}>"

    # -- whose turn ------------------------------------------------------------------------

    @property
    def turn_rule(self) -> str:
        """The rule an action out of turn breaks."""
        if self.phase == DISCARD:
            return DISCARD_RULE
        if self.phase in (ALONE, DEFEND):
            return OS_ALONE_RULE if self.phase == ALONE else OS_DEFENDER_RULE
        return FIRST_ROUND_RULE if self.phase == FIRST else SECOND_ROUND_RULE

    def _defenders(self) -> list[int]:
        """The defenders in the order they are asked (the dealer's left first, EUO-3.2)."""
        assert self.maker is not None
        makers = makers_of(self.maker)
        return [s for s in self.order if s not in makers]

    def to_act(self) -> int | None:
        """The seat to act; None once trumps are made (and every choice made) or all passed."""
        phase = self.phase
        if phase in (FIRST, SECOND):
            return self.order[self.passes % 4]
        if phase == DISCARD:
            return self.dealer
        if phase == ALONE:
            return self.maker
        if phase == DEFEND:
            return self._defenders()[len(self.asked)]
        return None

    def legal_actions(self) -> list[Action]:
        """The calls, discards or choices open to the seat to act."""
        seat = self.to_act()
        if seat is None:
            return []
        owner = self.owner
        alone_too = (False,) if owner.alone_after_discard else (False, True)
        if self.phase == FIRST:
            make = TakeUp if seat == self.dealer else OrderUp
            return [PASS, *(make(alone) for alone in alone_too)]
        if self.phase == SECOND:
            out: list[Action] = []
            if not (owner.stick_the_dealer and seat == self.dealer):
                out.append(PASS)
            for alone in alone_too:
                out += [NameTrump(s, alone) for s in Suit if s is not self.upcard_suit]
            return out
        if self.phase == DISCARD:
            mask = self.hands[self.dealer]
            if owner.discard_upcard:
                mask |= self.upcard.mask
            return [DISCARDS[c.index] for c in self.deck.cards_of(mask)]
        return [GoAlone(True), GoAlone(False)]

    # -- acting ------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """``seat``'s call, discard or choice; anything else is refused with the rule it
        breaks, nothing changed."""

        def refusal(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(rule, reason, action=str(action), seat=seat)

        to_act = self.to_act()
        if to_act is None:
            raise refusal(CALLS_RULE, "trumps are made: play a card")
        if seat != to_act:
            what = {DISCARD: "discard", ALONE: "choose", DEFEND: "choose"}.get(self.phase, "call")
            raise refusal(self.turn_rule, f"it is the turn of {seat_words(to_act)} to {what}")
        if not isinstance(action, EuchreCall):
            raise refusal(self.turn_rule, f"the making of trumps is on ({self._expected()})")
        phase = self.phase
        if phase in (FIRST, SECOND):
            self._call(seat, action, refusal)
        elif phase == DISCARD:
            self._discard(action, refusal)
        else:
            if not isinstance(action, GoAlone):
                raise refusal(self.turn_rule, f"choose 'alone' or 'partner' ({self._expected()})")
            if phase == ALONE:
                self.alone = action.alone
                self._after_alone()
            elif action.alone:
                self.lone_defender = seat
                self.phase = OVER
            else:
                self.asked.append(seat)
                if len(self.asked) == 2:
                    self.phase = OVER

    def _expected(self) -> str:
        return "expected " + ", ".join(f"'{a}'" for a in self.legal_actions()[:4])

    def _call(self, seat: int, action: Action, refusal: Refusal) -> None:
        owner = self.owner
        first = self.phase == FIRST
        if isinstance(action, PassCall):
            if not first and owner.stick_the_dealer and seat == self.dealer:
                raise refusal(
                    owner.stick_rule,
                    "the dealer is stuck: after seven passes the dealer must name a suit",
                )
            self.passes += 1
            if self.passes == 4:
                self.phase = SECOND
            elif self.passes == 8:
                self.phase = OVER
            return
        if isinstance(action, GoAlone):
            when = "after the dealer's discard" if owner.alone_after_discard else "with the call"
            raise refusal(owner.alone_rule, f"the maker goes alone {when} ({self._expected()})")
        if isinstance(action, Discard):
            raise refusal(self.turn_rule, f"the making of trumps is on ({self._expected()})")
        alone = bool(getattr(action, "alone", False))
        if alone and owner.alone_after_discard:
            raise refusal(
                owner.alone_rule,
                "the maker chooses to go alone after the dealer's discard, not with the call",
            )
        if first:
            if isinstance(action, NameTrump):
                raise refusal(
                    FIRST_ROUND_RULE,
                    f"in the first round only the upcard's suit ({self.upcard_suit.word}) may be "
                    "made trumps: order it up (the dealer: take it up) or pass",
                )
            if isinstance(action, TakeUp) != (seat == self.dealer):
                right = "take up" if seat == self.dealer else "order up"
                raise refusal(
                    FIRST_ROUND_RULE,
                    f"the dealer takes the upcard up, the others order it up: say '{right}'",
                )
            self._make(seat, self.upcard_suit, alone)
            self.taken = True
            self.phase = DISCARD
            return
        if not isinstance(action, NameTrump):
            raise refusal(
                SECOND_ROUND_RULE,
                f"the upcard {self.upcard} is turned down: name another suit or pass",
            )
        if action.suit is self.upcard_suit:
            raise refusal(
                SECOND_ROUND_RULE,
                f"{action.suit.word} was turned down in the first round: name another suit",
            )
        self._make(seat, action.suit, alone)
        if owner.alone_after_discard:
            self.phase = ALONE
        else:
            self._after_alone()

    def _make(self, seat: int, suit: Suit, alone: bool) -> None:
        self.maker = seat
        self.trump = suit
        self.alone = None if self.owner.alone_after_discard else alone

    def _discard(self, action: Action, refusal: Refusal) -> None:
        owner = self.owner
        if not isinstance(action, Discard):
            raise refusal(DISCARD_RULE, "the dealer discards one card (e.g. 'discard 9C')")
        card = action.card
        if card == self.upcard and not owner.discard_upcard:
            raise refusal(OS_DISCARD_RULE, f"the upcard {card} may not be discarded")
        if card != self.upcard and not self.hands[self.dealer] >> card.index & 1:
            raise refusal(DISCARD_RULE, f"{card.symbol()} is not in the dealer's hand")
        self.discarded = card
        if owner.alone_after_discard:
            self.phase = ALONE
        else:
            self._after_alone()

    def _after_alone(self) -> None:
        self.phase = DEFEND if self.owner.allow_lone_defender else OVER

    # -- the outcome ---------------------------------------------------------------------------

    def sitting_out(self) -> frozenset[int]:
        """The partners of the players who play alone (EU-4.2, EUO-3.2)."""
        out = set()
        if self.maker is not None and self.alone:
            out.add((self.maker + 2) % 4)
        if self.lone_defender is not None:
            out.add((self.lone_defender + 2) % 4)
        return frozenset(out)

    def result(self) -> EuchreContract | None:
        """The contract once the making is over (None before): the dealer's left leads,
        or the next seat that does not sit out (EU-5.1, EUO-3.3)."""
        if self.phase != OVER:
            return None
        turn_rule = self.owner.play_turn_rule
        if self.maker is None:
            return EuchreContract(None, self.order[0], turn_rule=turn_rule)
        out = self.sitting_out()
        leader = next(s for s in self.order if s not in out)
        return EuchreContract(
            self.trump,
            leader,
            maker=self.maker,
            alone=bool(self.alone),
            lone_defender=self.lone_defender,
            sitting_out=out,
            turn_rule=turn_rule,
        )

    def hands_after(self) -> tuple[int, ...]:
        """The hands the play starts from: the dealer's with the upcard taken in and the
        discard out (EU-3.2)."""
        if self.discarded is None:
            return self.hands
        hands = list(self.hands)
        hands[self.dealer] = (hands[self.dealer] | self.upcard.mask) & ~self.discarded.mask
        return tuple(hands)

    def public(self) -> dict[str, Any]:
        """The dealer, the upcard (public through the whole deal, EUO-5.1), the round,
        the maker, trumps and who goes alone; never the discard."""
        return {
            "dealer": self.dealer,
            "upcard": str(self.upcard),
            "upcard_taken": self.taken,
            "round": 1 if self.passes < 4 else 2,
            "passes": self.passes,
            "maker": self.maker,
            "trump": None if self.trump is None else self.trump.name,
            "alone": self.alone,
            "lone_defender": self.lone_defender,
        }

    def private(self, seat: int) -> dict[str, Any]:
        """What the dealer alone knows: the upcard taken in, the card discarded (EU-3.2)."""
        if seat != self.dealer or not self.taken:
            return {}
        out: dict[str, Any] = {"picked_up": str(self.upcard)}
        if self.discarded is not None:
            out["discarded"] = str(self.discarded)
        return out

    def known_to(self, seat: int) -> dict[int, int]:
        """Where the upcard may not be discarded, every other seat knows the dealer holds it
        once taken up (EUO-2.4)."""
        if self.discarded is None or self.owner.discard_upcard or seat == self.dealer:
            return {}
        return {self.dealer: self.upcard.mask}

    def exposed(self) -> frozenset[int]:
        """No hand is ever shown."""
        return frozenset()
