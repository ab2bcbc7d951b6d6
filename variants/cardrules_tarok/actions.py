"""The actions of Tarok's bidding, king calling and talon exchange, their texts, and the
rule bot's choice.

``pass``; ``go CONTRACT``, a bid (``go klop``, ``go three``, ``go solo without``: TKO-2.x;
the verb is not ``bid``, which other families read as a number of tricks);
``call KH``, the king a declarer of three, two or one calls at four players (TKO-3.1);
``take part 2``, the part of the talon the declarer takes (TKO-4.1); ``discard 7C``, a
card the declarer lays away (TKO-4.2), which only the declarer sees unless it is a
tarok.

>>> from cardrules.rules.reading import parse_action
>>> [str(parse_action(t, prefer=(TarokCall,))) for t in ("pass", "go Solo Without", "call kh")]
['pass', 'go solo without', 'call KH']
>>> parse_action("take part 2", prefer=(TarokCall,))
TakePart(2)
>>> parse_action("discard T5", prefer=(TarokCall,))
DiscardTarok(named_deck('tarok-54').parse('T5'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cardrules.deck import Card, Deck, Suit, named_deck
from cardrules.errors import ActionError, CardError, shown
from cardrules.rules.actions import Action, ActionVerb

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "CONTRACTS",
    "DECK",
    "KINGS",
    "Announce",
    "CallKing",
    "Discard",
    "DiscardTarok",
    "Double",
    "PassCall",
    "TakePart",
    "TarokBid",
    "TarokCall",
    "card_points",
]

#: The 54-card pack of Slovenian Tarok (TKO-1.2): 22 taroks T1 (the Pagat) .. T22 (the
#: Škis), T21 the Mond, and four suits of eight.
DECK: Deck = named_deck("tarok-54")
#: The contracts in OpenSpiel's order, lowest first (TKO-2.1): a bid's number is its
#: place here plus one (0 is a pass).
CONTRACTS: tuple[str, ...] = (
    "klop",
    "three",
    "two",
    "one",
    "solo three",
    "solo two",
    "solo one",
    "beggar",
    "solo without",
    "open beggar",
    "colour valat without",
    "valat without",
)
#: The taroks, and the trula: the Pagat, the Mond and the Škis (TKO-1.2).
TAROKS: int = DECK.extras_mask
PAGAT, MOND, SKIS = (DECK.parse(t).index for t in ("T1", "T21", "T22"))
TRULA: int = 1 << PAGAT | 1 << MOND | 1 << SKIS
#: The kings, in the order OpenSpiel offers them: hearts, diamonds, spades, clubs (TKO-3.1).
KINGS: tuple[Card, ...] = tuple(DECK.card(s, 13) for s in (Suit.H, Suit.D, Suit.S, Suit.C))
KINGS_MASK: int = sum(1 << k.index for k in KINGS)
#: Card points by rank in the suits (TKO-5.1): king 5, queen 4, knight 3, jack 2, pips 1.
_SUIT_POINTS = {13: 5, 12: 4, 15: 3, 11: 2}


def card_value(card: Card) -> int:
    """A card's own points (TKO-5.1): the trula and the kings 5, queens 4, knights 3,
    jacks 2, every other card 1.

    >>> [card_value(DECK.parse(t)) for t in ("T22", "T7", "KH", "CD", "1H", "7C")]
    [5, 1, 5, 3, 1, 1]
    """
    if card.suit is None:
        return 5 if TRULA >> card.index & 1 else 1
    return _SUIT_POINTS.get(card.rank, 1)


#: Each card's points, by card index.
VALUES: tuple[int, ...] = tuple(card_value(c) for c in DECK.cards)


def card_points(cards: int | Sequence[int]) -> int:
    """The points of a pile of cards (a mask, or card indices) counted as OpenSpiel counts
    them (TKO-5.1): their own points less two thirds of a point a card, rounded to the
    nearest (counted in threes: each three less 2, a last one or two less 1).

    >>> card_points(DECK.mask_of(DECK.parse_cards("KH QH JH")))
    9
    >>> card_points(DECK.all_mask)
    70
    """
    if isinstance(cards, int):
        cards = [c.index for c in DECK.cards_of(cards)]
    return sum(VALUES[i] for i in cards) - (2 * len(cards) + 1) // 3


class TarokCall(Action):
    """Base of Tarok's actions before the play; its :meth:`advise` is the rule bot's choice."""

    __slots__ = ()

    prompt: ClassVar[str] = "Your call"
    typing_hint: ClassVar[str] = (
        "'pass', 'go three', 'call KH', 'take part 1', 'discard 7C', 'announce trula' or 'kontra'"
    )

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """A simple player's choice: bid the lowest of three, two and one offered with nine
        taroks or more at three players (seven at four), else pass (forehand, alone, plays klop with
        fewer than six taroks, else three); call the king of its longest suit it lacks;
        take the talon's part of most points; lay away its cheapest suit cards; announce
        the trula or the kings only when holding them all, and never double."""
        return advise(view, legal)


@dataclass(frozen=True, slots=True)
class PassCall(TarokCall):
    """Passing in the bidding (TKO-2.2); text ``pass``."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PassCall()"


@dataclass(frozen=True, slots=True)
class TarokBid(TarokCall):
    """A bid of a contract (TKO-2.1), by its name; text ``go solo without``."""

    contract: str

    def __post_init__(self) -> None:
        if self.contract not in CONTRACTS:
            raise ActionError(
                f"invalid action: TarokBid({shown(self.contract)}) "
                f"(expected one of {', '.join(repr(c) for c in CONTRACTS)})"
            )

    @property
    def number(self) -> int:
        """The bid's number in OpenSpiel's order: klop 1 .. valat without 12."""
        return CONTRACTS.index(self.contract) + 1

    def __str__(self) -> str:
        return f"go {self.contract}"

    def __repr__(self) -> str:
        return f"TarokBid({self.contract!r})"


@dataclass(frozen=True, slots=True)
class CallKing(TarokCall):
    """The king a declarer calls (TKO-3.1): its holder is the declarer's partner, unknown to
    the others; text ``call KH``."""

    card: Card

    prompt: ClassVar[str] = "King to call"

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card) or self.card not in KINGS:
            raise ActionError(
                f"invalid action: CallKing({shown(self.card)}) (expected a king of the "
                "tarok-54 deck, e.g. DECK.parse('KH'))"
            )

    def __str__(self) -> str:
        return f"call {self.card}"

    def __repr__(self) -> str:
        return f"CallKing({self.card!r})"


@dataclass(frozen=True, slots=True)
class TakePart(TarokCall):
    """The part of the talon the declarer takes, counted from 1 in the order the talon lies
    (TKO-4.1); text ``take part 2``."""

    part: int

    prompt: ClassVar[str] = "Part of the talon to take"

    def __post_init__(self) -> None:
        if type(self.part) is not int or not 1 <= self.part <= 6:
            raise ActionError(
                f"invalid action: TakePart({shown(self.part)}) (expected a part 1..6)"
            )

    def __str__(self) -> str:
        return f"take part {self.part}"

    def __repr__(self) -> str:
        return f"TakePart({self.part})"


@dataclass(frozen=True, slots=True)
class Discard(TarokCall):
    """A card of the suits the declarer lays away (TKO-4.2), which only the declarer sees;
    text ``discard 7C``."""

    card: Card

    prompt: ClassVar[str] = "Card to lay away"
    private: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card) or self.card.deck is not DECK:
            raise ActionError(
                f"invalid action: Discard({shown(self.card)}) "
                "(expected a card of the tarok-54 deck, e.g. DECK.parse('7C'))"
            )

    def __str__(self) -> str:
        return f"discard {self.card}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.card!r})"


@dataclass(frozen=True, slots=True, repr=False)
class DiscardTarok(Discard):
    """A tarok the declarer lays away (TKO-4.2), shown to every player."""

    private: ClassVar[bool] = False


#: The bonuses a declarer may announce (TK-5.1), in the order they are offered.
BONUSES: tuple[str, ...] = ("trula", "kings", "king ultimo", "pagat ultimo", "valat")
#: The doublings in order (TK-5.2): kontra doubles, each next one doubles again.
DOUBLINGS: tuple[str, ...] = ("kontra", "rekontra", "subkontra", "mordkontra")


@dataclass(frozen=True, slots=True)
class Announce(TarokCall):
    """A bonus the declarer announces before the play (TK-5.1), which then counts double
    when made and costs its value when not; text ``announce pagat ultimo``."""

    bonus: str

    prompt: ClassVar[str] = "Announce"

    def __post_init__(self) -> None:
        if self.bonus not in BONUSES:
            raise ActionError(
                f"invalid action: Announce({shown(self.bonus)}) "
                f"(expected one of {', '.join(repr(b) for b in BONUSES)})"
            )

    def __str__(self) -> str:
        return f"announce {self.bonus}"

    def __repr__(self) -> str:
        return f"Announce({self.bonus!r})"


@dataclass(frozen=True, slots=True)
class Double(TarokCall):
    """A doubling of the deal's stake (TK-5.2), by its level: 1 ``kontra`` (an opponent),
    2 ``rekontra`` (the declarer), 3 ``subkontra``, 4 ``mordkontra``."""

    level: int

    prompt: ClassVar[str] = "Double"

    def __post_init__(self) -> None:
        if type(self.level) is not int or not 1 <= self.level <= len(DOUBLINGS):
            raise ActionError(
                f"invalid action: Double({shown(self.level)}) (expected a level 1..4: "
                f"{', '.join(DOUBLINGS)})"
            )

    def __str__(self) -> str:
        return DOUBLINGS[self.level - 1]

    def __repr__(self) -> str:
        return f"Double({self.level})"


PASS = PassCall()
#: The bids, the king calls, the parts and the cards laid away, interned.
BIDS: tuple[TarokBid, ...] = tuple(TarokBid(c) for c in CONTRACTS)
CALLS: dict[int, CallKing] = {k.index: CallKing(k) for k in KINGS}
PARTS: tuple[TakePart, ...] = tuple(TakePart(p) for p in range(1, 7))
DISCARDS: tuple[Discard, ...] = tuple(
    DiscardTarok(c) if c.suit is None else Discard(c) for c in DECK.cards
)
ANNOUNCES: dict[str, Announce] = {b: Announce(b) for b in BONUSES}
DOUBLES: tuple[Double, ...] = tuple(Double(level) for level in range(1, 5))

#: A verb's reader: (the whole text, its words after the verb) -> the action.
Reader = Callable[[str, list[str]], Action]


def _read_pass(text: str, words: list[str]) -> Action:
    if words:
        raise ActionError(f"invalid action: {shown(text)} (expected 'pass')")
    return PASS


def _read_bid(text: str, words: list[str]) -> Action:
    name = " ".join(w.lower() for w in words)
    if name not in CONTRACTS:
        raise ActionError(
            f"invalid action: {shown(text)} (expected 'go CONTRACT', one of {', '.join(CONTRACTS)})"
        )
    return BIDS[CONTRACTS.index(name)]


def _card(text: str, words: list[str], form: str) -> Card:
    if len(words) != 1:
        raise ActionError(f"invalid action: {shown(text)} (expected {form})")
    try:
        return DECK.parse(words[0])
    except CardError as exc:
        raise ActionError(f"invalid action: {shown(text)}: {exc}") from None


def _read_call(text: str, words: list[str]) -> Action:
    card = _card(text, words, "'call KING', e.g. 'call KH'")
    if card.index not in CALLS:
        raise ActionError(f"invalid action: {shown(text)} (a king is called: KH, KD, KS, KC)")
    return CALLS[card.index]


def _read_take(text: str, words: list[str]) -> Action:
    if len(words) != 2 or words[0].lower() != "part" or not words[1].isdigit():
        raise ActionError(
            f"invalid action: {shown(text)} (expected 'take part N', e.g. 'take part 1')"
        )
    number = int(words[1])
    if not 1 <= number <= 6:
        raise ActionError(f"invalid action: {shown(text)} (the talon has parts 1..6 at most)")
    return PARTS[number - 1]


def _read_discard(text: str, words: list[str]) -> Action:
    return DISCARDS[_card(text, words, "'discard CARD', e.g. 'discard 7C'").index]


def _read_announce(text: str, words: list[str]) -> Action:
    bonus = " ".join(w.lower() for w in words)
    if bonus not in ANNOUNCES:
        raise ActionError(
            f"invalid action: {shown(text)} (expected 'announce BONUS', one of "
            f"{', '.join(BONUSES)})"
        )
    return ANNOUNCES[bonus]


def _read_double(level: int) -> Reader:
    def read(text: str, words: list[str]) -> Action:
        if words:
            raise ActionError(f"invalid action: {shown(text)} (expected {DOUBLINGS[level - 1]!r})")
        return DOUBLES[level - 1]

    return read


# ---------------------------------------------------------------------------
# The rule bot


def advise(view: View, legal: Sequence[Action]) -> Action | None:
    """The rule bot's Tarok call (see :meth:`TarokCall.advise`)."""
    if not legal:
        return None
    hand = list(view.hand)
    taroks = sum(c.suit is None for c in hand)
    first = legal[0]
    if isinstance(first, Discard):
        return min(
            (a for a in legal if isinstance(a, Discard)),
            key=lambda a: (a.card.suit is None, VALUES[a.card.index], a.card.index),
        )
    if isinstance(first, TakePart):
        talon = [DECK.parse(t) for t in view.auction.get("talon", ())]
        size = len(talon) // len(legal) if legal else 0

        def worth(a: Action) -> int:
            assert isinstance(a, TakePart)
            part = talon[(a.part - 1) * size : a.part * size]
            return sum(VALUES[c.index] for c in part)

        return max(legal, key=worth)
    if isinstance(first, CallKing):
        held = {c.index for c in hand}

        def length(a: Action) -> tuple[bool, int]:
            assert isinstance(a, CallKing)
            suit = a.card.suit
            return (a.card.index not in held, sum(c.suit is suit for c in hand))

        return max(legal, key=length)
    if any(isinstance(a, Double) for a in legal):
        return PASS
    announces = [a for a in legal if isinstance(a, Announce)]
    if announces:
        have = sum(1 << c.index for c in hand)
        sure = {"trula": have & TRULA == TRULA, "kings": have & KINGS_MASK == KINGS_MASK}
        return next((a for a in announces if sure.get(a.bonus)), PASS)
    bids = [a for a in legal if isinstance(a, TarokBid)]
    strong = taroks >= (9 if len(view.hand_sizes) == 3 else 7)
    if PASS in legal and not strong:
        return PASS
    if not bids:
        return legal[0]
    if PASS not in legal and BIDS[0] in bids:  # forehand, all others passed
        return BIDS[0] if taroks < 6 else BIDS[1]
    normal = [b for b in bids if b.contract in ("three", "two", "one")]
    if not normal and PASS in legal:  # (no bidding war past one: TKO-2.2)
        return PASS
    return min(normal or bids, key=lambda b: b.number)


#: The verbs of this family's actions (its :class:`~cardrules.rules.family.Family` declares them).
VERBS: tuple[ActionVerb, ...] = (
    ActionVerb(("pass",), "pass", _read_pass, PassCall),
    ActionVerb(("go",), "go CONTRACT", _read_bid, TarokBid),
    ActionVerb(("call",), "call KING", _read_call, CallKing),
    ActionVerb(("take",), "take part N", _read_take, TakePart),
    ActionVerb(("discard",), "discard CARD", _read_discard, Discard),
    ActionVerb(("announce",), "announce BONUS", _read_announce, Announce),
    *(
        ActionVerb((word,), word, _read_double(level), Double)
        for level, word in enumerate(DOUBLINGS, start=1)
    ),
)
