"""The actions of a Doppelkopf deal, their texts, and the rule bot's choice.

Before the play each player in turn says ``healthy`` or ``reservation`` (DK-2.1); a
player who reserved then names its game: ``marriage`` (DK-2.3) or, where the profile
allows solos, ``solo queens``, ``solo jacks``, ``solo clubs`` (``spades``, ``hearts``,
``diamonds``) or ``solo fleshless`` (DK-2.4).  During the play a player may announce
its party's ``re`` or ``kontra`` and then, one after the other, ``re no 90``, ``re no 60``,
``re no 30`` and ``re black`` (or Kontra's: ``kontra no 90``...), as DK-5 times them.

>>> from cardrules.rules.reading import parse_action
>>> [str(parse_action(t, prefer=(DoppelkopfCall,))) for t in ("healthy", "solo Q", "marriage")]
['healthy', 'solo queens', 'marriage']
>>> texts = ("re", "contra", "re no 90", "kontra schwarz")
>>> [str(parse_action(t, prefer=(Announce,))) for t in texts]
['re', 'kontra', 're no 90', 'kontra black']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Final

from cardrules.errors import ActionError, shown
from cardrules.rules.actions import Action, ActionVerb

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "GAMES",
    "HEALTHY",
    "LEVELS",
    "MARRIAGE",
    "PARTIES",
    "RESERVATION",
    "SOLOS",
    "VERBS",
    "Announce",
    "Declare",
    "DoppelkopfCall",
    "Health",
]

#: The solos by their word (DK-2.4): a suit's letter for a suit solo.
SOLOS: Final = ("queens", "jacks", "C", "S", "H", "D", "fleshless")
#: The games a player who reserved may name: the marriage, then the solos.
GAMES: Final = ("marriage", *(f"solo {s}" for s in SOLOS))
_SUIT_WORDS: Final = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
_SOLO_WORDS: Final = {
    **{w: k for k, w in _SUIT_WORDS.items()},
    **{k.lower(): k for k in _SUIT_WORDS},
    "queens": "queens",
    "queen": "queens",
    "q": "queens",
    "jacks": "jacks",
    "jack": "jacks",
    "j": "jacks",
    "fleshless": "fleshless",
}
#: The parties (DK-1.4): the queens of clubs' (or the soloist's) and the others'.
PARTIES: Final = ("re", "kontra")
#: The levels of an announcement after the first (DK-5.2), as its text writes them.
LEVELS: Final = ("", "no 90", "no 60", "no 30", "black")


def solo_words(solo: str) -> str:
    """A solo's name: ``"queen solo"``, ``"clubs solo"``, ``"fleshless solo"``.

    >>> solo_words("C"), solo_words("queens")
    ('clubs solo', 'queen solo')
    """
    word = _SUIT_WORDS.get(solo) or {"queens": "queen", "jacks": "jack"}.get(solo, solo)
    return f"{word} solo"


class DoppelkopfCall(Action):
    """Base of the actions before the play; its :meth:`advise` is the rule bot's choice."""

    __slots__ = ()

    prompt: ClassVar[str] = "Healthy, or a reservation?"
    typing_hint: ClassVar[str] = "'healthy', 'reservation', 'marriage' or 'solo queens'"

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """A simple player's choice: a marriage announced when it holds both queens of
        clubs (never a solo); healthy otherwise."""
        if MARRIAGE in legal:
            return MARRIAGE
        if RESERVATION in legal and sum(c.text == "QC" for c in view.hand) == 2:
            return RESERVATION
        return HEALTHY if HEALTHY in legal else None


@dataclass(frozen=True, slots=True)
class Health(DoppelkopfCall):
    """A player's answer to the reservation query (DK-2.1): ``healthy`` or ``reservation``."""

    reserved: bool

    def __str__(self) -> str:
        return "reservation" if self.reserved else "healthy"

    def __repr__(self) -> str:
        return f"Health({self.reserved!r})"


@dataclass(frozen=True, slots=True)
class Declare(DoppelkopfCall):
    """The game a player who reserved names (DK-2.2): ``"marriage"`` or ``"solo X"``."""

    game: str

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ActionError(
                f"invalid action: Declare({shown(self.game)}) (expected one of {', '.join(GAMES)})"
            )

    @property
    def solo(self) -> str:
        """The solo's word (``"queens"``, ``"C"``...); "" for the marriage."""
        return self.game.removeprefix("solo ") if self.game != "marriage" else ""

    def __str__(self) -> str:
        if self.solo in _SUIT_WORDS:
            return f"solo {_SUIT_WORDS[self.solo]}"
        return self.game

    def __repr__(self) -> str:
        return f"Declare({self.game!r})"


@dataclass(frozen=True, slots=True)
class Announce(Action):
    """An announcement during the play (DK-5.1, DK-5.2): its party's (``"re"`` or
    ``"kontra"``), and its level: 0 the party's first (``re``, ``kontra``), 1 to 4 that the
    opponents stay under 90, 60, 30 card points or take no trick (``re no 90``,
    ``kontra black``).  The text names the party, as a player must (DK-5.3)."""

    party: str
    level: int = 0
    #: A party's first announcement made as a late reply (DK-5.5: with fewer cards than a
    #: first announcement needs), after which the party announces no more; kept by the
    #: announcement the contract lists, not written in the text (equal either way).
    late: bool = field(default=False, compare=False)

    prompt: ClassVar[str] = "Your card, or an announcement"
    typing_hint: ClassVar[str] = "'re', 'kontra', 're no 90', 'kontra no 60', 're black'..."

    def __post_init__(self) -> None:
        if self.party not in PARTIES or type(self.level) is not int or not 0 <= self.level <= 4:
            raise ActionError(
                f"invalid action: Announce({shown(self.party)}, {shown(self.level)}) "
                "(expected a party 're' or 'kontra' and a level 0..4)"
            )

    def __str__(self) -> str:
        return self.party if not self.level else f"{self.party} {LEVELS[self.level]}"

    def __repr__(self) -> str:
        late = ", late=True" if self.late else ""
        return f"Announce({self.party!r}, {self.level!r}{late})"


HEALTHY: Final = Health(False)
RESERVATION: Final = Health(True)
MARRIAGE: Final = Declare("marriage")


def _read_health(reserved: bool) -> ActionVerb:
    word = "reservation" if reserved else "healthy"

    def read(text: str, words: list[str]) -> Action:
        if words:
            raise ActionError(f"invalid action: {shown(text)} (expected '{word}')")
        return RESERVATION if reserved else HEALTHY

    return ActionVerb((word,), word, read, Health)


def _read_marriage(text: str, words: list[str]) -> Action:
    if words:
        raise ActionError(f"invalid action: {shown(text)} (expected 'marriage')")
    return MARRIAGE


def _read_solo(text: str, words: list[str]) -> Action:
    solo = _SOLO_WORDS.get(words[0].lower() if len(words) == 1 else "")
    if solo is None:
        raise ActionError(
            f"invalid action: {shown(text)} (expected 'solo queens', 'solo jacks', "
            "'solo clubs', 'solo spades', 'solo hearts', 'solo diamonds' or 'solo fleshless')"
        )
    return Declare(f"solo {solo.upper() if len(solo) == 1 else solo}")


def _read_announce(party: str) -> ActionVerb:
    def read(text: str, words: list[str]) -> Action:
        rest = " ".join(w.lower() for w in words).replace("schwarz", "black")
        if rest not in LEVELS:
            raise ActionError(
                f"invalid action: {shown(text)} (expected '{party}', '{party} no 90', "
                f"'{party} no 60', '{party} no 30' or '{party} black')"
            )
        return Announce(party, LEVELS.index(rest))

    words = (party, "contra") if party == "kontra" else (party,)
    return ActionVerb(words, f"{party} [no 90|no 60|no 30|black]", read, Announce)


#: The words of the actions, as the family declares them.
VERBS: Final = (
    _read_health(False),
    _read_health(True),
    ActionVerb(("marriage",), "marriage", _read_marriage, Declare),
    ActionVerb(("solo",), "solo GAME", _read_solo, Declare),
    _read_announce("re"),
    _read_announce("kontra"),
)
