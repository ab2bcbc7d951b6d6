"""Declarer's contract choice: the action ``contract STRAIN GOAL`` (MB-3.1, D-6).

The family declares the verb ``contract`` (:data:`VERBS`), so a Minibridge
game reads ``contract S game``, and the form bridge players write, the level and
the strain (``3NT``, ``4S``: the form the PBN export writes, :data:`FORMS`): a
part-score is at level 1, a game at level 3 in no-trump, 4 in a major and 5 in a
minor (MB-3.2: the tricks needed, less six).  In a bridge game the same text is a
bid: each game reads its own family's words.

>>> import cardrules
>>> words = cardrules.load("minibridge-ebu").vocabulary
>>> words.read("contract nt part-score")
ChooseContract('NT', 'partscore')
>>> words.read("4S"), words.read("1nt")
(ChooseContract('S', 'game'), ChooseContract('NT', 'partscore'))
>>> cardrules.load("bridge-duplicate").vocabulary.read("4S")
BridgeBid(4, 'S')
>>> str(ChooseContract("S", "game"))
'contract S game'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from cardrules.cards import SUIT_MASKS, Suit, high_card_points, mask_of
from cardrules.errors import ActionError, CardError, shown
from cardrules.rules.actions import (
    Action,
    ActionForm,
    ActionVerb,
)
from cardrules.rules.reading import expected_actions

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = ["GAME_LEVELS", "GOALS", "PARTSCORE_LEVEL", "STRAINS", "ChooseContract", "Goal"]

#: Strains in bridge order; "NT" is no-trump.
STRAINS = ("C", "D", "H", "S", "NT")
Goal = Literal["partscore", "game"]
#: Contract goals: a part-score or a game.
GOALS: tuple[Goal, ...] = ("partscore", "game")
#: The bridge level of a part-score in any strain (MB-3.2: 7 tricks, one over six).
PARTSCORE_LEVEL = 1
#: The bridge level of a game by strain (MB-3.2: 9, 10 or 11 tricks, less six).
GAME_LEVELS = {"NT": 3, "S": 4, "H": 4, "D": 5, "C": 5}


@dataclass(frozen=True, slots=True)
class ChooseContract(Action):
    """Declarer's choice of strain and goal (MB-3.1)."""

    strain: str  # "C" "D" "H" "S" or "NT"
    goal: Goal

    prompt: ClassVar[str] = "Your contract, e.g. '4S', '1NT' or 'S game'"
    typing_hint: ClassVar[str] = (
        "a contract: a game 3NT, 4H, 4S, 5C or 5D, a part-score 1C, 1D, 1H, 1S or 1NT "
        "(or 'S game', 'NT partscore', 'contract S game')"
    )

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

    def __repr__(self) -> str:
        return f"ChooseContract({self.strain!r}, {self.goal!r})"

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """The rule bot's choice: the longest 8+ card fit (majors first), else NT; game
        from 25 combined points, else a part-score (from the hands declarer sees)."""
        combined = 0
        for cards in view.hands.values():
            combined |= mask_of(cards)
        strain = "NT"
        best: tuple[bool, int, int] | None = None
        for suit in Suit:
            length = (combined & SUIT_MASKS[suit]).bit_count()
            if length >= 8:
                key = (suit in (Suit.H, Suit.S), length, int(suit))
                if best is None or key > best:
                    best = key
                    strain = suit.name
        goal = "game" if high_card_points(combined) >= 25 else "partscore"
        for action in legal:
            if isinstance(action, ChooseContract) and (action.strain, action.goal) == (
                strain,
                goal,
            ):
                return action
        return None


def _read_contract(text: str, words: list[str]) -> Action:
    """``contract STRAIN GOAL``: strain C D H S NT (or a suit's symbol or name), goal
    partscore or game (``part``, ``part-score`` too)."""
    if len(words) != 2:
        raise ActionError(f"invalid action: {shown(text)} ({expected_actions()})")
    strain = words[0].upper()
    if strain in ("N", "NOTRUMP", "NO-TRUMP"):
        strain = "NT"
    if strain not in STRAINS:
        try:
            strain = Suit.parse(words[0]).name
        except CardError:
            raise ActionError(
                f"invalid action: {shown(text)} (strain must be one of C D H S NT)"
            ) from None
    goal = words[1].lower().replace("-", "")
    if goal == "part":
        goal = "partscore"
    if goal not in GOALS:
        raise ActionError(f"invalid action: {shown(text)} (goal must be 'partscore' or 'game')")
    return ChooseContract(strain, "game" if goal == "game" else "partscore")


#: A contract at its bridge level: ``3NT``, ``4 S``, ``1♥`` (a level of one digit, a strain).
_LEVEL_FORM = re.compile(r"([0-9])\s*([^\s0-9]+)")
#: The strains as a contract at its level writes them (``N`` and suit signs too).
_LEVEL_STRAINS = {"N": "NT", "NT": "NT", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def _read_level(text: str) -> Action | None:
    """``LEVEL STRAIN``: ``1C`` .. ``1NT`` a part-score, ``3NT``, ``4H``, ``4S``, ``5C``, ``5D``
    a game; None for a text of another form, :class:`ActionError` for a level and strain
    that are no Minibridge contract (``2S``, ``7NT``)."""
    match = _LEVEL_FORM.fullmatch(text.strip())
    if match is None:
        return None
    level, written = int(match[1]), match[2].upper()
    strain = _LEVEL_STRAINS.get(written, written)
    if strain not in STRAINS:
        return None  # "4X": not a strain, so not this form (the message lists the forms)
    if level == PARTSCORE_LEVEL:
        return ChooseContract(strain, "partscore")
    if level == GAME_LEVELS[strain]:
        return ChooseContract(strain, "game")
    raise ActionError(
        f"invalid action: {shown(text)} (no Minibridge contract: a game is 3NT, 4H, 4S, "
        "5C or 5D, a part-score 1C, 1D, 1H, 1S or 1NT)"
    )


#: The verbs of this family's actions (its :class:`~cardrules.rules.family.Family` declares them).
VERBS: tuple[ActionVerb, ...] = (
    ActionVerb(("contract",), "contract STRAIN GOAL", _read_contract, ChooseContract),
)
#: The forms its actions are written in without a verb.
FORMS: tuple[ActionForm, ...] = (ActionForm("LEVEL STRAIN", ChooseContract, _read_level),)
