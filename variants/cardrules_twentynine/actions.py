"""The actions of Twenty-Nine's auction, their texts, and the rule bot's choices.

``bid 16`` .. ``bid 28`` and ``pass`` (TN-2.x); ``conceal hearts``, the bidder's trump
laid face down (TN-3.1), which only the bidder sees; ``single hand`` and ``pass`` once
every hand is whole, where the profile allows the single hand (TN-5.1); ``pair``, in the
play, the king and queen of trumps shown once the trump is revealed (TN-7.4).

>>> from cardrules.rules.reading import parse_action
>>> [str(parse_action(t, prefer=(TwentyNineCall,))) for t in ("pass", "bid 17", "conceal H")]
['pass', 'bid 17', 'conceal hearts']
>>> parse_action("single hand", prefer=(TwentyNineCall,))
SingleHand()
>>> parse_action("pair", prefer=(ShowPair,))
ShowPair()
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cardrules.deck import Card, Deck, Suit, named_deck
from cardrules.errors import ActionError, CardError, shown
from cardrules.rules.actions import Action, ActionVerb

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "CARD_POINTS",
    "DECK",
    "Conceal",
    "PassCall",
    "PointBid",
    "ShowPair",
    "SingleHand",
    "TwentyNineCall",
    "card_points",
]

#: The 32-card pack of Twenty-Nine (TN-1.1).
DECK: Deck = named_deck("piquet-32")
#: The card points by rank number (TN-1.3): J 3, 9 2, A 1, 10 1, the rest nothing.
CARD_POINTS: dict[int, int] = {11: 3, 9: 2, 14: 1, 10: 1}
#: The highest bid (TN-2.2): every card point of the pack, and the last trick's where it
#: counts one (TN-1.4).
MAX_BID, LAST_TRICK_BID = 28, 29
_NUMBER = re.compile(r"[0-9]{1,3}")


def card_points(mask: int) -> int:
    """The card points of the cards of a mask of the piquet-32 deck (TN-1.3).

    >>> card_points(DECK.mask_of(DECK.parse_cards("JS 9S AS 10S KS QS 8S 7S")))
    7
    >>> card_points(DECK.all_mask)
    28
    """
    return sum(CARD_POINTS.get(c.rank, 0) for c in DECK.cards_of(mask))


class TwentyNineCall(Action):
    """Base of Twenty-Nine's auction actions; its :meth:`advise` is the rule bot's choice."""

    __slots__ = ()

    prompt: ClassVar[str] = "Your call"
    typing_hint: ClassVar[str] = "'bid 16', 'pass', 'conceal hearts' or 'single hand'"

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """A simple sound player's choice (see :func:`advise`)."""
        return advise(view, legal)


@dataclass(frozen=True, slots=True)
class PassCall(TwentyNineCall):
    """Declining to bid (TN-2.3), or to play a single hand (TN-5.1); text ``pass``."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PassCall()"


@dataclass(frozen=True, slots=True)
class PointBid(TwentyNineCall):
    """A bid: the bidder's side undertakes to take at least ``points`` card points in
    tricks (TN-2.1); text ``bid 18``."""

    points: int

    def __post_init__(self) -> None:
        if type(self.points) is not int or not 0 <= self.points <= LAST_TRICK_BID:
            raise ActionError(
                f"invalid action: PointBid({shown(self.points)}) "
                f"(expected a whole number of card points, at most {LAST_TRICK_BID})"
            )

    def __str__(self) -> str:
        return f"bid {self.points}"

    def __repr__(self) -> str:
        return f"PointBid({self.points})"


@dataclass(frozen=True, slots=True)
class Conceal(TwentyNineCall):
    """The bidder's trump suit, laid face down (TN-3.1); text ``conceal hearts``.  Only
    the bidder sees which suit it is."""

    suit: Suit

    prompt: ClassVar[str] = "Your trump, laid face down"
    private: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit) or self.suit not in DECK.suits:
            raise ActionError(
                f"invalid action: Conceal({shown(self.suit)}) (expected a suit, e.g. Suit.H)"
            )

    def __str__(self) -> str:
        return f"conceal {self.suit.word}"

    def __repr__(self) -> str:
        return f"Conceal(Suit.{self.suit.name})"


@dataclass(frozen=True, slots=True)
class SingleHand(TwentyNineCall):
    """Undertaking to win every trick alone, the partner's hand laid down (TN-5.1); text
    ``single hand``."""

    def __str__(self) -> str:
        return "single hand"

    def __repr__(self) -> str:
        return "SingleHand()"


@dataclass(frozen=True, slots=True)
class ShowPair(Action):
    """Showing the pair, the king and queen of trumps held in one hand, during the play
    (TN-7.4); text ``pair``.  The contract offers it (``Contract.play_calls``) only where
    the rule allows it; the rule bot shows it whenever it may."""

    prompt: ClassVar[str] = "Your card, or the pair"
    typing_hint: ClassVar[str] = "a card ('play KH'), 'reveal trump' or 'pair'"

    def __str__(self) -> str:
        return "pair"

    def __repr__(self) -> str:
        return "ShowPair()"

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """The rule bot shows the pair whenever it may (TN-7.4): it moves its side's target
        in its favour whichever side holds it."""
        return PAIR if PAIR in legal else None


PASS = PassCall()
SINGLE = SingleHand()
PAIR = ShowPair()
#: Every bid, by its points, and the choices of trump in the deck's suit order, interned.
BIDS: tuple[PointBid, ...] = tuple(PointBid(n) for n in range(LAST_TRICK_BID + 1))
CONCEALS: tuple[Conceal, ...] = tuple(Conceal(suit) for suit in DECK.suits)

#: A verb's reader: (the whole text, its words after the verb) -> the action.
Reader = Callable[[str, list[str]], Action]


def _read_pass(text: str, words: list[str]) -> Action:
    if words:
        raise ActionError(f"invalid action: {shown(text)} (expected 'pass')")
    return PASS


def _read_bid(text: str, words: list[str]) -> Action:
    if len(words) != 1 or not _NUMBER.fullmatch(words[0]) or int(words[0]) > LAST_TRICK_BID:
        raise ActionError(
            f"invalid action: {shown(text)} "
            f"(expected 'bid N', N card points up to {LAST_TRICK_BID}, e.g. 'bid 16')"
        )
    return BIDS[int(words[0])]


def _read_conceal(text: str, words: list[str]) -> Action:
    expected = "expected 'conceal SUIT', e.g. 'conceal hearts' or 'conceal H'"
    if len(words) != 1:
        raise ActionError(f"invalid action: {shown(text)} ({expected})")
    word = words[0].lower()
    try:
        suit = Suit.parse(word)
    except CardError:
        for candidate in Suit:
            if candidate.word == word:
                suit = candidate
                break
        else:
            raise ActionError(f"invalid action: {shown(text)} ({expected})") from None
    return CONCEALS[DECK.suits.index(suit)]


def _read_pair(text: str, words: list[str]) -> Action:
    if words:
        raise ActionError(f"invalid action: {shown(text)} (expected 'pair')")
    return PAIR


def _read_single(text: str, words: list[str]) -> Action:
    if [w.lower() for w in words] != ["hand"]:
        raise ActionError(f"invalid action: {shown(text)} (expected 'single hand')")
    return SINGLE


# ---------------------------------------------------------------------------
# The rule bot


def bid_limit(hand: Sequence[Card]) -> int:
    """The highest bid a simple player makes on its first four cards: 14, and a point for
    each card point held and for each jack (a jack wins its suit's first trick).

    >>> bid_limit(DECK.parse_cards("JH 9H AC 7S")), bid_limit(DECK.parse_cards("KH QH 8C 7S"))
    (21, 14)
    """
    return 14 + card_points(DECK.mask_of(hand)) + sum(c.rank == 11 for c in hand)


def best_suit(hand: Sequence[Card]) -> Suit:
    """The suit a simple bidder conceals: the one it holds most cards of, then most points.

    >>> best_suit(DECK.parse_cards("JH 7H AC 7S")).name
    'H'
    """

    def weight(suit: Suit) -> tuple[int, int, int]:
        held = [c for c in hand if c.suit is suit]
        points = card_points(DECK.mask_of(held))
        return (len(held), points, -DECK.suits.index(suit))

    return max(DECK.suits, key=weight)


def advise(view: View, legal: Sequence[Action]) -> Action | None:
    """The rule bot's Twenty-Nine call: bid the lowest bid it may while that stays within
    :func:`bid_limit` of its cards and its partner does not hold the highest bid, else
    pass (a dealer forced to bid bids the lowest); conceal :func:`best_suit`; never play
    a single hand."""
    if any(isinstance(a, Conceal) for a in legal):
        return CONCEALS[DECK.suits.index(best_suit(list(view.hand)))]
    if SINGLE in legal:
        return PASS
    bids = sorted((a for a in legal if isinstance(a, PointBid)), key=lambda a: a.points)
    if not bids:
        return None
    if PASS not in legal:  # the dealer, forced to bid (TN-2.4)
        return bids[0]
    bidder = view.auction.get("bidder")
    partner = (view.seat + 2) % 4
    if bidder == partner or bids[0].points > bid_limit(list(view.hand)):
        return PASS
    return bids[0]


#: The verbs of this family's actions (its :class:`~cardrules.rules.family.Family` declares them).
VERBS: tuple[ActionVerb, ...] = (
    ActionVerb(("pass",), "pass", _read_pass, PassCall),
    ActionVerb(("bid",), "bid N", _read_bid, PointBid),
    ActionVerb(("conceal",), "conceal SUIT", _read_conceal, Conceal),
    ActionVerb(("single",), "single hand", _read_single, SingleHand),
    ActionVerb(("pair",), "pair", _read_pair, ShowPair),
)
