"""Actions a seat can take: a call, a card, a contract choice.

``str(action)`` is the action's text (``"bid 3"``, ``"play AH"``,
``"contract S game"``) and :func:`parse_action` reads it back.

>>> parse_action("play 10♥")
Play(Card.parse('10H'))
>>> str(parse_action("BID 4")), str(parse_action("contract nt partscore"))
('bid 4', 'contract NT partscore')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from cardrules.cards import CARDS, Card, Suit
from cardrules.errors import ActionError, CardError, shown

__all__ = ["Action", "Bid", "ChooseContract", "Play", "parse_action"]

#: Strains in bridge order; "NT" is no-trump.
STRAINS = ("C", "D", "H", "S", "NT")
Goal = Literal["partscore", "game"]
#: Contract goals: a part-score or a game.
GOALS: tuple[Goal, ...] = ("partscore", "game")


@dataclass(frozen=True, slots=True)
class Bid:
    """A call of a number of tricks (Call Break family)."""

    tricks: int

    def __post_init__(self) -> None:
        if type(self.tricks) is not int:
            raise ActionError(
                f"invalid action: Bid({shown(self.tricks)}) (expected a whole number of tricks)"
            )

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class Play:
    """Playing one card."""

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise ActionError(
                f"invalid action: Play({shown(self.card)}) (expected a Card, e.g. Card.parse('AH'))"
            )

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


@dataclass(frozen=True, slots=True)
class ChooseContract:
    """Declarer's choice of strain and goal (Minibridge)."""

    strain: str  # "C" "D" "H" "S" or "NT"
    goal: Goal

    def __post_init__(self) -> None:
        # Text only here; which strains and goals a profile accepts is its rule (D-6).
        if not isinstance(self.strain, str) or not isinstance(self.goal, str):
            raise ActionError(
                f"invalid action: ChooseContract({shown(self.strain)}, {shown(self.goal)}) "
                f"(expected text such as ChooseContract('S', 'game'))"
            )

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None in no-trump."""
        return None if self.strain == "NT" else Suit[self.strain]

    def __str__(self) -> str:
        return f"contract {self.strain} {self.goal}"


Action = Bid | Play | ChooseContract

#: Interned play actions by card index, so the hot path allocates nothing.
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)


#: The characters an action's text may hold: printable ASCII and the suit symbols.
_ACTION_CHARS = frozenset(chr(c) for c in range(32, 127)) | frozenset("♣♦♥♠♧♢♡♤")
#: The longest action text read (``"contract NO-TRUMP part-score"`` is 28).
MAX_ACTION_CHARS = 40
#: A number of tricks as the docs write it: ASCII digits, perhaps a minus sign.
_NUMBER = re.compile(r"-?[0-9]{1,3}")
_EXPECTED = "expected 'bid N', 'play CARD' or 'contract STRAIN GOAL'"


def parse_action(action: object) -> Action:
    """An action from an action object or its text; :class:`ActionError` if unreadable.

    Only the text forms the docs describe are read: ASCII words (suits may
    also be written ``♣ ♦ ♥ ♠``) and ASCII digits, so ``"bid ３"`` or
    ``"bid 0_5"`` are refused rather than read as numbers.
    """
    if isinstance(action, Bid | Play | ChooseContract):
        return action
    if not isinstance(action, str):
        raise ActionError(f"invalid action: {shown(action)} (expected text such as 'play AH')")
    if len(action) > MAX_ACTION_CHARS or not _ACTION_CHARS.issuperset(action.strip(" \t\r\n")):
        raise ActionError(f"invalid action: {shown(action)} ({_EXPECTED}, in ASCII)")
    words = action.split()
    if not words:
        raise ActionError(f"invalid action: '' ({_EXPECTED})")
    verb = words[0].lower()
    if verb == "play" and len(words) == 2:
        try:
            return PLAYS[Card.parse(words[1]).index]
        except CardError as exc:
            raise ActionError(f"invalid action: {shown(action)}: {exc}") from None
    if verb in ("bid", "call") and len(words) == 2:
        number = words[1]
        if not _NUMBER.fullmatch(number):
            raise ActionError(
                f"invalid action: {shown(action)} (expected a whole number of tricks, e.g. 'bid 3')"
            )
        return Bid(int(number))
    if verb == "contract" and len(words) == 3:
        strain = words[1].upper()
        if strain in ("N", "NOTRUMP", "NO-TRUMP"):
            strain = "NT"
        if strain not in STRAINS:
            try:
                strain = Suit.parse(words[1]).name
            except CardError:
                raise ActionError(
                    f"invalid action: {shown(action)} (strain must be one of C D H S NT)"
                ) from None
        goal = words[2].lower().replace("-", "")
        if goal == "part":
            goal = "partscore"
        if goal not in GOALS:
            raise ActionError(
                f"invalid action: {shown(action)} (goal must be 'partscore' or 'game')"
            )
        return ChooseContract(strain, "game" if goal == "game" else "partscore")
    raise ActionError(f"invalid action: {shown(action)} ({_EXPECTED})")
