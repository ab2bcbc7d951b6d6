"""The actions of Skat's bidding as OpenSpiel has it, their texts, and the rule bot's choice.

``pass``; ``declare GAME`` (``declare hearts``, ``declare grand``, ``declare null``:
the first player to declare a game plays it, SKO-2.1); and ``discard 7C``, a card the
declarer lays away into the skat after taking it up (SKO-2.2), which only the declarer
sees.

>>> from cardrules.rules.reading import parse_action
>>> [str(parse_action(t, prefer=(SkatCall,))) for t in ("pass", "declare H", "DECLARE grand")]
['pass', 'declare hearts', 'declare grand']
>>> parse_action("discard 10c", prefer=(SkatCall,))
Discard(named_deck('piquet-32').parse('10C'))
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cardrules.deck import Card, Deck, Ranking, Suit, named_deck
from cardrules.errors import ActionError, CardError, shown
from cardrules.rules.actions import Action, ActionVerb
from cardrules_skat.ranking import JACK, SUIT_GAME, suit_game

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "DECK",
    "GAMES",
    "Declare",
    "Discard",
    "PassCall",
    "SkatAdviser",
    "SkatCall",
    "game_words",
]

#: The 32-card pack of Skat (SK-1.2).
DECK: Deck = named_deck("piquet-32")
#: The games a declarer may play (SK-2.1), in OpenSpiel's order: the four suit games by
#: their suit's letter, then ``grand`` and ``null``.
GAMES: tuple[str, ...] = ("D", "H", "S", "C", "grand", "null")


def game_words(game: str) -> str:
    """A game's name: ``"hearts"``, ``"grand"``, ``"null"``.

    >>> game_words("C"), game_words("null")
    ('clubs', 'null')
    """
    return Suit[game].word if game in Suit.__members__ else game


class SkatCall(Action):
    """Base of the Skat bidding's actions; its :meth:`advise` is the rule bot's choice."""

    __slots__ = ()

    prompt: ClassVar[str] = "Your call"
    typing_hint: ClassVar[str] = "'pass', 'declare hearts', 'declare grand' or 'discard 7C'"

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """A simple player's choice, as the profile's auction advises it where it does
        (:class:`SkatAdviser`: the cards laid away in the ISkO's bidding); else, in
        OpenSpiel's bidding, declare the suit it holds most trumps in (jacks counted) with
        five or more, a grand with three jacks, else pass, and lay away the weakest cards
        outside that game's trumps."""
        rules = view.ruleset
        if rules is not None and isinstance(rules.auction, SkatAdviser):
            return rules.auction.advise(view, legal)
        return advise(view, legal)


class SkatAdviser(abc.ABC):
    """An auction of this family that advises the rule bot on its actions itself, those it
    shares with another auction of the family among them (a card laid away)."""

    @abc.abstractmethod
    def advise(self, view: View, legal: Sequence[Action]) -> Action | None:
        """The rule bot's choice among ``legal`` (None: the first)."""


@dataclass(frozen=True, slots=True)
class PassCall(SkatCall):
    """Declining to play (SKO-2.1); text ``pass``."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PassCall()"


@dataclass(frozen=True, slots=True)
class Declare(SkatCall):
    """Declaring a game to play (SKO-2.1): a suit's letter, ``"grand"`` or ``"null"``;
    text ``declare hearts``."""

    game: str

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ActionError(
                f"invalid action: Declare({shown(self.game)}) "
                "(expected one of 'D', 'H', 'S', 'C', 'grand', 'null')"
            )

    def __str__(self) -> str:
        return f"declare {game_words(self.game)}"

    def __repr__(self) -> str:
        return f"Declare({self.game!r})"


@dataclass(frozen=True, slots=True)
class Discard(SkatCall):
    """A card the declarer lays away into the skat (SKO-2.2); text ``discard 7C``.  Only the
    declarer sees which card it is."""

    card: Card

    prompt: ClassVar[str] = "Card to lay away"
    private: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card) or self.card.deck is not DECK:
            raise ActionError(
                f"invalid action: Discard({shown(self.card)}) "
                "(expected a card of the piquet-32 deck, e.g. DECK.parse('7C'))"
            )

    def __str__(self) -> str:
        return f"discard {self.card}"

    def __repr__(self) -> str:
        return f"Discard({self.card!r})"


PASS = PassCall()
#: The declarations in OpenSpiel's order, and the discards by card index, interned.
DECLARATIONS: tuple[Declare, ...] = tuple(Declare(g) for g in GAMES)
DISCARDS: tuple[Discard, ...] = tuple(Discard(card) for card in DECK.cards)

#: A verb's reader: (the whole text, its words after the verb) -> the action.
Reader = Callable[[str, list[str]], Action]


def _read_pass(text: str, words: list[str]) -> Action:
    if words:
        raise ActionError(f"invalid action: {shown(text)} (expected 'pass')")
    return PASS


def _read_declare(text: str, words: list[str]) -> Action:
    expected = "expected 'declare GAME': a suit, 'grand' or 'null', e.g. 'declare hearts'"
    if len(words) != 1:
        raise ActionError(f"invalid action: {shown(text)} ({expected})")
    word = words[0].lower()
    if word in ("grand", "null"):
        return DECLARATIONS[GAMES.index(word)]
    try:
        suit = Suit.parse(word)
    except CardError:
        for candidate in Suit:
            if candidate.word == word:
                suit = candidate
                break
        else:
            raise ActionError(f"invalid action: {shown(text)} ({expected})") from None
    return DECLARATIONS[GAMES.index(suit.name)]


def _read_discard(text: str, words: list[str]) -> Action:
    if len(words) != 1:
        raise ActionError(
            f"invalid action: {shown(text)} (expected 'discard CARD', e.g. 'discard 7C')"
        )
    try:
        return DISCARDS[DECK.parse(words[0]).index]
    except CardError as exc:
        raise ActionError(f"invalid action: {shown(text)}: {exc}") from None


# ---------------------------------------------------------------------------
# The rule bot


def _trumps(hand: Sequence[Card], game: str) -> int:
    """How many of ``hand`` are trumps in ``game`` (jacks counted; none in null)."""
    if game == "null":
        return 0
    if game == "grand":
        return sum(c.rank == JACK for c in hand)
    return sum(c.rank == JACK or (c.suit is not None and c.suit.name == game) for c in hand)


def advise(view: View, legal: Sequence[Action]) -> Action | None:
    """The rule bot's Skat call (see :meth:`SkatCall.advise`)."""
    hand = list(view.hand)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        game = str(view.auction.get("game"))
        skat = [DECK.parse(t) for t in view.auction.get("skat", ())]
        held = {c.index: c for c in (*hand, *skat)}
        if game in Suit.__members__:
            order = DECK.order(Ranking(SUIT_GAME, Suit[game]), suit_game)
        else:
            order = None

        def weakness(a: Discard) -> tuple[int, int]:
            card = held.get(a.card.index, a.card)
            trump = _trumps([card], game) if game != "null" else 0
            strength = order.strength[card.index] if order is not None else card.rank
            return (trump, strength)

        return min(discards, key=weakness)
    if not any(isinstance(a, Declare) for a in legal):
        return None
    if _trumps(hand, "grand") >= 3:
        return DECLARATIONS[GAMES.index("grand")]
    best = max(GAMES[:4], key=lambda g: _trumps(hand, g))
    if _trumps(hand, best) >= 5:
        return DECLARATIONS[GAMES.index(best)]
    return PASS if PASS in legal else None


#: The verbs of this family's actions (its :class:`~cardrules.rules.family.Family` declares them).
VERBS: tuple[ActionVerb, ...] = (
    ActionVerb(("pass",), "pass", _read_pass, PassCall),
    ActionVerb(("declare",), "declare GAME", _read_declare, Declare),
    ActionVerb(("discard",), "discard CARD", _read_discard, Discard),
)
