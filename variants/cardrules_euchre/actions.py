"""The actions of making trumps in Euchre, their texts, and the rule bot's choice.

``pass``; ``order up`` (a player other than the dealer accepts the upcard's suit,
EU-3.1) and ``take up`` (the dealer does); ``name H`` (the second round, EU-3.3);
each of the three with ``alone`` after it where the maker announces going alone
with the call (EU-4.1: ``order up alone``, ``name H alone``); ``alone`` and
``partner`` where the choice comes after the discard (EUO-3.1) or a defender is
asked (EUO-3.2); and ``discard 9C``, the dealer's discard, which only the dealer
sees (EU-3.2).

>>> from cardrules.rules.reading import parse_action
>>> [str(parse_action(t, prefer=(EuchreCall,))) for t in ("pass", "order up alone", "name h")]
['pass', 'order up alone', 'name H']
>>> parse_action("discard 9c", prefer=(EuchreCall,))
Discard(named_deck('euchre-24').parse('9C'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cardrules.deck import Card, Deck, Ranking, Suit, named_deck
from cardrules.errors import ActionError, CardError, shown
from cardrules.rules.actions import Action, ActionVerb
from cardrules_euchre.ranking import bowers

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "DECK",
    "Discard",
    "EuchreCall",
    "GoAlone",
    "NameTrump",
    "OrderUp",
    "PassCall",
    "TakeUp",
    "trumps_held",
]

#: The 24-card pack of Euchre (EU-1.2).
DECK: Deck = named_deck("euchre-24")


class EuchreCall(Action):
    """Base of the Euchre auction's actions; its :meth:`advise` is the rule bot's choice."""

    __slots__ = ()

    prompt: ClassVar[str] = "Your call"
    typing_hint: ClassVar[str] = (
        "'pass', 'order up', 'take up', 'name H', 'alone', 'partner' or 'discard 9C'"
    )

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """A simple player's choice: make trumps holding three trumps or more (the bowers
        counted), alone with five; a stuck dealer names the suit it is longest in; discard
        the weakest card, a trump last; defend with the partner."""
        return advise(view, legal)


@dataclass(frozen=True, slots=True)
class PassCall(EuchreCall):
    """Passing in either round of making trumps (EU-3.1, EU-3.3); text ``pass``."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PassCall()"


def _alone_text(alone: bool) -> str:
    return " alone" if alone else ""


@dataclass(frozen=True, slots=True)
class OrderUp(EuchreCall):
    """A player other than the dealer accepts the upcard's suit as trumps (EU-3.1); with
    ``alone``, announcing at once that the maker plays alone (EU-4.1)."""

    alone: bool = False

    def __str__(self) -> str:
        return "order up" + _alone_text(self.alone)


@dataclass(frozen=True, slots=True)
class TakeUp(EuchreCall):
    """The dealer accepts the upcard's suit as trumps, taking the upcard in (EU-3.1)."""

    alone: bool = False

    def __str__(self) -> str:
        return "take up" + _alone_text(self.alone)


@dataclass(frozen=True, slots=True)
class NameTrump(EuchreCall):
    """Naming a suit as trumps in the second round (EU-3.3); text ``name H``."""

    suit: Suit
    alone: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit):
            raise ActionError(
                f"invalid action: NameTrump({shown(self.suit)}) (expected a Suit, e.g. Suit.H)"
            )

    def __str__(self) -> str:
        return f"name {self.suit.name}" + _alone_text(self.alone)

    def __repr__(self) -> str:
        return f"NameTrump({self.suit!r}, alone={self.alone!r})"


@dataclass(frozen=True, slots=True)
class GoAlone(EuchreCall):
    """The choice to play alone (``alone``) or with the partner (``partner``), where it is
    asked as a decision of its own (EUO-3.1, EUO-3.2)."""

    alone: bool

    def __str__(self) -> str:
        return "alone" if self.alone else "partner"


@dataclass(frozen=True, slots=True)
class Discard(EuchreCall):
    """The dealer's discard after taking the upcard in (EU-3.2); text ``discard 9C``.
    Only the dealer sees which card it is."""

    card: Card

    prompt: ClassVar[str] = "Card to discard"
    private: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card) or self.card.deck is not DECK:
            raise ActionError(
                f"invalid action: Discard({shown(self.card)}) "
                "(expected a card of the euchre-24 deck, e.g. DECK.parse('9C'))"
            )

    def __str__(self) -> str:
        return f"discard {self.card}"

    def __repr__(self) -> str:
        return f"Discard({self.card!r})"


PASS = PassCall()
#: The discards, by card index, interned.
DISCARDS: tuple[Discard, ...] = tuple(Discard(card) for card in DECK.cards)


#: A verb's reader: (the whole text, its words after the verb) -> the action.
Reader = Callable[[str, list[str]], Action]


def _no_words(make: Action) -> Reader:
    def read(text: str, words: list[str]) -> Action:
        if words:
            raise ActionError(f"invalid action: {shown(text)} (expected {str(make)!r})")
        return make

    return read


def _read_up(kind: type[OrderUp] | type[TakeUp], verb: str) -> Reader:
    def read(text: str, words: list[str]) -> Action:
        rest = [w.lower() for w in words]
        if rest not in (["up"], ["up", "alone"]):
            raise ActionError(
                f"invalid action: {shown(text)} (expected '{verb} up' or '{verb} up alone')"
            )
        return kind(alone=len(rest) == 2)

    return read


def _read_name(text: str, words: list[str]) -> Action:
    rest = [w.lower() for w in words]
    if len(rest) not in (1, 2) or (len(rest) == 2 and rest[1] != "alone"):
        raise ActionError(
            f"invalid action: {shown(text)} (expected 'name SUIT' or 'name SUIT alone', "
            "e.g. 'name H')"
        )
    try:
        suit = Suit.parse(words[0])
    except CardError as exc:
        raise ActionError(f"invalid action: {shown(text)}: {exc}") from None
    return NameTrump(suit, alone=len(rest) == 2)


def _read_discard(text: str, words: list[str]) -> Action:
    if len(words) != 1:
        raise ActionError(
            f"invalid action: {shown(text)} (expected 'discard CARD', e.g. 'discard 9C')"
        )
    try:
        return DISCARDS[DECK.parse(words[0]).index]
    except CardError as exc:
        raise ActionError(f"invalid action: {shown(text)}: {exc}") from None


# ---------------------------------------------------------------------------
# The rule bot


def trumps_held(hand: Sequence[Card], trump: Suit) -> list[Card]:
    """The cards of ``hand`` that are trumps with ``trump`` trumps, the left bower
    included (EU-1.5), weakest first.

    >>> [str(c) for c in trumps_held(DECK.parse_cards("JD AH 9S QH"), Suit.H)]
    ['QH', 'AH', 'JD']
    """
    order = DECK.order(Ranking("bowers", trump), bowers)
    held = [c for c in hand if order.trumps >> c.index & 1]
    return sorted(held, key=lambda c: order.strength[c.index])


def _upcard(view: View) -> Card | None:
    text = view.auction.get("upcard")
    return DECK.parse(text) if isinstance(text, str) else None


def advise(view: View, legal: Sequence[Action]) -> Action | None:
    """The rule bot's Euchre call (see :meth:`EuchreCall.advise`)."""
    hand = list(view.hand)
    upcard = _upcard(view)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        trump = Suit[view.auction["trump"]]
        order = DECK.order(Ranking("bowers", trump), bowers)

        def weakness(a: Discard) -> tuple[int, int]:
            index = a.card.index
            return (order.trumps >> index & 1, order.strength[index])

        return min(discards, key=weakness)
    if any(isinstance(a, GoAlone) for a in legal):
        trump_text = view.auction.get("trump")
        maker = view.auction.get("maker")
        if isinstance(trump_text, str) and maker == view.seat:
            held = trumps_held(hand, Suit[trump_text])
            if len(held) >= 5:
                return GoAlone(True)
        return GoAlone(False)
    makes: list[tuple[int, Action]] = []
    for action in legal:
        if isinstance(action, OrderUp | TakeUp) and upcard is not None and upcard.suit is not None:
            cards = [*hand, upcard] if isinstance(action, TakeUp) else hand
            count = len(trumps_held(cards, upcard.suit))
        elif isinstance(action, NameTrump):
            count = len(trumps_held(hand, action.suit))
        else:
            continue
        alone = getattr(action, "alone", False)
        if count >= 5 or (count >= 3 and not alone):
            makes.append((count, action))
    strong = [m for m in makes if m[0] >= 5 and getattr(m[1], "alone", False)]
    if strong:
        return strong[0][1]
    plain = [m for m in makes if not getattr(m[1], "alone", False)]
    if plain:
        return max(plain, key=lambda m: m[0])[1]
    if PASS in legal:
        return PASS
    # a stuck dealer: the suit with the most trumps
    names = [a for a in legal if isinstance(a, NameTrump) and not a.alone]
    if names:
        return max(names, key=lambda a: len(trumps_held(hand, a.suit)))
    return None


#: The verbs of this family's actions (its :class:`~cardrules.rules.family.Family` declares them).
VERBS: tuple[ActionVerb, ...] = (
    ActionVerb(("pass",), "pass", _no_words(PASS), PassCall),
    ActionVerb(("order",), "order up", _read_up(OrderUp, "order"), OrderUp),
    ActionVerb(("take",), "take up", _read_up(TakeUp, "take"), TakeUp),
    ActionVerb(("name",), "name SUIT", _read_name, NameTrump),
    ActionVerb(("alone",), "alone", _no_words(GoAlone(True)), GoAlone),
    ActionVerb(("partner",), "partner", _no_words(GoAlone(False)), GoAlone),
    ActionVerb(("discard",), "discard CARD", _read_discard, Discard),
)
