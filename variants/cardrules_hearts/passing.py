"""The Hearts passing: three cards to another player before the play, in rotation.

After the deal each player passes three cards face down (HE-2.1): to the left
on the first deal, to the right on the second, across on the third, and no
passing on the fourth, then round again (HE-2.2).  In cardrules a player
passes one card at a time (``pass QS``), three each, starting from the
dealer's left; no player receives a card before every player has passed
(HE-2.3).  The holder of the two of clubs then leads (HE-3.1).  There are no
trumps.

>>> from cardrules.cards import Card, mask_of, parse_cards
>>> from cardrules.rules.components import DealInfo, Direction
>>> suits = ("C", "D", "H", "S")
>>> hands = tuple(mask_of(parse_cards(" ".join(r + s for r in "23456789TJQKA"))) for s in suits)
>>> state = HeartsPassing().start(DealInfo(3, hands, Direction.named("clockwise")))
>>> state
<hearts passing left, 0 of 12 cards passed>
>>> for seat, card in ((0, "AC"), (0, "KC"), (0, "QC")):
...     state.apply(seat, PassCard(Card.parse(card)))
>>> state.to_act()
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardrules.cards import CARDS, Card, Suit, cards_of
from cardrules.engine.dealing import seeded_randrange
from cardrules.engine.tricks import actions_in
from cardrules.errors import ActionError, CardError, IllegalAction, shown
from cardrules.rules.actions import Action, ActionVerb
from cardrules.rules.components import (
    Auction,
    AuctionState,
    Contract,
    DealInfo,
    Direction,
    seat_words,
)
from cardrules.rules.reading import expected_actions

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "DIRECTIONS",
    "PASS_RULE",
    "ROTATION",
    "HeartsContract",
    "HeartsPassing",
    "HeartsPassingState",
    "PassCard",
]

#: The rule ids of ``profiles/hearts.rules.md`` the passing cites.
PASS_RULE = "HE-2.1"
ROTATION_RULE = "HE-2.2"
ORDER_RULE = "HE-2.3"

#: How far round the table (clockwise) a passed card travels, by the passing's name.
DIRECTIONS: dict[str, int] = {"none": 0, "left": 1, "across": 2, "right": 3}
#: The passing of deal 1, 2, 3, 4, then round again (HE-2.2).
ROTATION: tuple[str, ...] = ("left", "right", "across", "none")
#: The passings a chance draw picks from, equally likely (OpenSpiel's order: HEO-1.2).
CHANCE: tuple[str, ...] = ("none", "left", "across", "right")

#: The two of clubs: its holder leads to the first trick (HE-3.1).
TWO_OF_CLUBS = Card.parse("2C")
#: Cards a player passes in a passing deal (HE-2.1).
PASSED_EACH = 3

# The rule bot passes the most dangerous cards first: the queen, king and ace of
# spades, then the highest hearts, then the highest of the rest.
_DANGER = [Card.parse(c).index for c in ("QS", "AS", "KS")]


@dataclass(frozen=True, slots=True)
class PassCard(Action):
    """Passing one card to the player the deal's passing names (HE-2.1); text ``pass QS``."""

    card: Card

    prompt: ClassVar[str] = "Card to pass"
    typing_hint: ClassVar[str] = "a card to pass ('QS' or 'pass QS')"
    #: Only the passer sees which card it passes (HE-2.1).
    private: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise ActionError(
                f"invalid action: PassCard({shown(self.card)}) "
                "(expected a Card, e.g. Card.parse('QS'))"
            )

    def __str__(self) -> str:
        return f"pass {self.card}"

    def __repr__(self) -> str:
        return f"PassCard({self.card!r})"

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """The most dangerous card left: Q♠, A♠, K♠, then the highest heart, then the
        highest card."""
        cards = {a.card.index: a for a in legal if isinstance(a, PassCard)}
        for index in _DANGER:
            if index in cards:
                return cards[index]
        hearts = [i for i in cards if i // 13 == Suit.H]
        pool = hearts or list(cards)
        if not pool:
            return None
        return cards[max(pool, key=lambda i: (i % 13, i))]


def _read_pass(text: str, words: list[str]) -> Action:
    if not words:  # a bare "pass" is no action of any shipped game: read as an unknown verb
        raise ActionError(f"invalid action: {shown(text)} ({expected_actions()})")
    if len(words) != 1:
        raise ActionError(f"invalid action: {shown(text)} (expected 'pass CARD', e.g. 'pass QS')")
    try:
        return PassCard(Card.parse(words[0]))
    except CardError as exc:
        raise ActionError(f"invalid action: {shown(text)}: {exc}") from None


#: Interned pass actions by card index (the passing lists a dozen each decision).
PASSES: tuple[PassCard, ...] = tuple(PassCard(Card.from_index(i)) for i in range(52))


@dataclass(frozen=True, slots=True)
class HeartsContract(Contract):
    """A Hearts deal's play: no trumps, the holder of 2♣ leads, and the deal's passing.

    Nothing is undertaken and every trick is one a player would rather not
    take, so ``needs_tricks`` is False for every seat (the rule bot ducks).
    """

    passing: str = "none"

    made_label: ClassVar[str] = "deals played"

    def needs_tricks(self, seat: int, won: Sequence[int]) -> bool:
        """No seat wants a trick (tricks carry penalty points)."""
        return False

    def words(self) -> str:
        """``"No trumps; cards passed left"`` (the holder of the 2♣ leads it)."""
        passed = "no passing" if self.passing == "none" else f"cards passed {self.passing}"
        return f"No trumps; {passed}"

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        out["passing"] = self.passing
        return out


class HeartsPassing(Auction):
    """Each player passes three cards, one at a time from the dealer's left, to the player
    the deal's passing names; the 2♣ then leads, no trumps.

    ``passing`` is ``"rotation"`` (left, right, across, none by deal number),
    ``"chance"`` (one of none, left, across, right drawn for each deal from the
    game's seed, as OpenSpiel draws it) or one passing for every deal (``"left"``,
    ``"none"``...).  ``rule`` is cited by a wrong pass, ``order_rule`` by one out
    of turn, ``play_turn_rule`` by a card out of turn.
    """

    def __init__(
        self,
        *,
        passing: str = "rotation",
        rule: str = PASS_RULE,
        order_rule: str = ORDER_RULE,
        play_turn_rule: str = "",
    ) -> None:
        if passing not in ("rotation", "chance", *DIRECTIONS):
            raise ValueError(f"unknown passing {passing!r}")
        self.passing = passing
        self.rule = rule
        self.order_rule = order_rule
        self.play_turn_rule = play_turn_rule

    def __repr__(self) -> str:
        return (
            f"HeartsPassing(passing={self.passing!r}, rule={self.rule!r}, "
            f"order_rule={self.order_rule!r}, play_turn_rule={self.play_turn_rule!r})"
        )

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` and ``cardrules diff`` print it."""
        if self.passing == "none":
            return "no passing; the holder of the two of clubs leads it; no trumps"
        if self.passing == "rotation":
            when = "to the left, right, across, then no passing, in rotation deal by deal"
        elif self.passing == "chance":
            when = "in a direction drawn by chance for each deal: none, left, across or right"
        else:
            when = f"to the {self.passing}" if self.passing != "across" else "across"
        return (
            f"each player passes three cards {when}, one at a time from the dealer's left, "
            "received once all have passed; the holder of the two of clubs leads it; no trumps"
        )

    def passing_of(self, deal: DealInfo) -> str:
        """The passing of a deal: its place in the rotation, a chance draw, or the fixed one."""
        if self.passing == "rotation":
            return ROTATION[(deal.number - 1) % len(ROTATION)]
        if self.passing == "chance":
            return CHANCE[seeded_randrange(deal.chance_key("passing"), len(CHANCE))]
        return self.passing

    def every_action(self) -> tuple[Action, ...]:
        """A card to pass, for each card of the pack."""
        return tuple(PassCard(card) for card in CARDS)

    def start(self, deal: DealInfo) -> HeartsPassingState:
        """The passing of a fresh deal."""
        return HeartsPassingState(
            self, deal.dealer, deal.direction, deal.hands, self.passing_of(deal)
        )


class HeartsPassingState(AuctionState):
    """One deal's passing in progress: the cards each seat has chosen so far."""

    __slots__ = (
        "chosen",
        "count",
        "dealer",
        "direction",
        "hands",
        "order",
        "owner",
        "passing",
        "shift",
    )

    def __init__(
        self,
        owner: HeartsPassing,
        dealer: int,
        direction: Direction,
        hands: tuple[int, ...],
        passing: str,
    ) -> None:
        self.owner = owner
        self.dealer = dealer
        self.direction = direction
        self.hands = hands
        self.passing = passing
        #: How many seats round the table (clockwise) a card passed goes.
        self.shift = DIRECTIONS[passing]
        #: The passers in order: the dealer's left first (HE-2.3), none without passing.
        self.order = direction.order(direction.next(dealer)) if self.shift else ()
        #: The cards each seat has chosen to pass (a mask per seat), and how many in all.
        self.chosen = [0] * len(hands)
        self.count = 0

    def __repr__(self) -> str:
        total = PASSED_EACH * len(self.order)
        return f"<hearts passing {self.passing}, {self.count} of {total} cards passed>"

    @property
    def turn_rule(self) -> str:
        """The rule a pass out of turn breaks (the order of passing)."""
        return self.owner.order_rule

    def to_act(self) -> int | None:
        """The seat to pass next; None once every player has passed (or in a deal without)."""
        n = self.count // PASSED_EACH
        return self.order[n] if n < len(self.order) else None

    def legal_actions(self) -> list[Action]:
        """The cards the passer holds and has not chosen yet, one action each."""
        seat = self.to_act()
        if seat is None:
            return []
        return actions_in(self.hands[seat] & ~self.chosen[seat], PASSES)

    def apply(self, seat: int, action: Action) -> None:
        """One card passed by ``seat``; anything else is refused, nothing changed."""
        owner = self.owner

        def refusal(rule: str, reason: str) -> IllegalAction:
            return IllegalAction(rule, reason, action=str(action), seat=seat)

        to_act = self.to_act()
        if to_act is None:
            raise refusal(owner.order_rule, "every player has passed: play a card")
        if seat != to_act:
            raise refusal(owner.order_rule, f"it is the turn of {seat_words(to_act)} to pass")
        if not isinstance(action, PassCard):
            raise refusal(
                owner.rule,
                f"the passing is on: pass three cards {self.passing}, one at a time "
                "(e.g. 'pass QS')",
            )
        bit = 1 << action.card.index
        if not self.hands[seat] & bit:
            letter = seat_words(seat)[len(f"seat {seat}") :]
            held = f"{action.card.symbol()} is not in seat {seat}'s hand{letter}"
            raise refusal(owner.rule, held)
        if self.chosen[seat] & bit:
            raise refusal(owner.rule, f"{action.card.symbol()} is already being passed")
        self.chosen[seat] |= bit
        self.count += 1

    def receiver(self, seat: int) -> int:
        """The seat ``seat``'s cards go to."""
        return (seat + self.shift) % len(self.hands)

    def hands_after(self) -> tuple[int, ...]:
        """The hands once every passed card has reached its receiver (HE-2.1)."""
        n = len(self.hands)
        after = [hand & ~chosen for hand, chosen in zip(self.hands, self.chosen, strict=True)]
        for seat in range(n):
            after[self.receiver(seat)] |= self.chosen[seat]
        return tuple(after)

    def result(self) -> HeartsContract:
        """No trumps; the holder of 2♣ after the passing leads (HE-3.1)."""
        bit = 1 << TWO_OF_CLUBS.index
        hands = self.hands_after()
        leader = next((s for s, h in enumerate(hands) if h & bit), self.direction.next(self.dealer))
        return HeartsContract(
            None, leader, passing=self.passing, turn_rule=self.owner.play_turn_rule
        )

    def public(self) -> dict[str, Any]:
        """The deal's passing, the order of passing and how many cards each seat has passed."""
        return {
            "passing": self.passing,
            "order": list(self.order),
            "passed": [m.bit_count() for m in self.chosen],
        }

    def private(self, seat: int) -> dict[str, Any]:
        """The cards ``seat`` has chosen to pass, to whom, and (once every player has
        passed) the cards it received."""
        if not self.shift:
            return {}
        out: dict[str, Any] = {
            "passing_to": self.receiver(seat),
            "chosen": [str(c) for c in cards_of(self.chosen[seat])],
        }
        if self.to_act() is None:
            giver = (seat - self.shift) % len(self.hands)
            out["received"] = [str(c) for c in cards_of(self.chosen[giver])]
        return out

    def known_to(self, seat: int) -> dict[int, int]:
        """Once every player has passed, ``seat`` knows its receiver holds the cards it
        passed (the kernel's :meth:`~cardrules.rules.components.AuctionState.known_to`)."""
        if not self.shift or self.to_act() is not None:
            return {}
        return {self.receiver(seat): self.chosen[seat]}

    def exposed(self) -> frozenset[int]:
        """No hand is ever shown."""
        return frozenset()


#: The verbs of this family's actions (its :class:`~cardrules.rules.family.Family` declares them).
VERBS: tuple[ActionVerb, ...] = (ActionVerb(("pass",), "pass CARD", _read_pass, PassCard),)
