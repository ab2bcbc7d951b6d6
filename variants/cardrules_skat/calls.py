"""The actions of Skat's bidding by the International Skat Order, their texts, and the rule
bot's choice.

The speaker names a game value (``bid 18``: SK-2.2), the listener holds it (``yes``) or
either passes (``pass``, the OpenSpiel bidding's own action); the declarer takes the skat
up (``take skat``: SK-5.1), lays two cards away (``discard 7C``, seen by the declarer
alone), and announces its game (``announce hearts``, ``announce grand hand schneider``,
``announce null ouvert``: SK-5.2 .. SK-5.4).

>>> from cardrules.rules.reading import parse_action
>>> [str(parse_action(t, prefer=(IskoCall,))) for t in ("bid 18", "YES", "take skat")]
['bid 18', 'yes', 'take skat']
>>> parse_action("announce C hand schwarz", prefer=(IskoCall,))
Announce(Announcement('C', hand=True, schneider=True, schwarz=True))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardrules.deck import Card, Ranking, Suit
from cardrules.errors import ActionError, CardError, shown
from cardrules.rules.actions import Action, ActionVerb
from cardrules_skat.actions import DECK, DISCARDS, PASS, Discard, SkatCall
from cardrules_skat.ranking import JACK, SUIT_GAME, suit_game
from cardrules_skat.values import BASE_VALUES, BIDS, Announcement, matadors

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "ANNOUNCEMENTS",
    "BIDS_ACTIONS",
    "HAND_ANNOUNCEMENTS",
    "HOLD",
    "ISKO_VERBS",
    "SKAT_ANNOUNCEMENTS",
    "TAKE_SKAT",
    "Announce",
    "Hold",
    "IskoCall",
    "SkatBid",
    "TakeSkat",
    "advise",
    "announcement_of",
    "best_game",
]


class IskoCall(SkatCall):
    """Base of the International Skat Order's bidding actions; its :meth:`advise` is the
    rule bot's choice."""

    __slots__ = ()

    typing_hint: ClassVar[str] = (
        "'bid 18', 'yes', 'pass', 'take skat', 'discard 7C' or 'announce hearts hand'"
    )

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """A simple player's choice: bid up to the value of its best game (a suit with
        five trumps or more, a grand with three jacks), take the skat up unless the hand
        holds eight trumps, lay away the weakest cards outside the trumps, and announce
        the best game that reaches the bid."""
        return advise(view, legal)


@dataclass(frozen=True, slots=True)
class SkatBid(IskoCall):
    """A game value bid by the speaker (SK-2.2); text ``bid 18``."""

    value: int

    def __post_init__(self) -> None:
        if type(self.value) is not int or self.value not in BIDS:
            raise ActionError(
                f"invalid action: SkatBid({shown(self.value)}) (expected a game value: "
                "18, 20, 22, 23, 24, 27, 30, ... up to 264)"
            )

    def __str__(self) -> str:
        return f"bid {self.value}"

    def __repr__(self) -> str:
        return f"SkatBid({self.value})"


@dataclass(frozen=True, slots=True)
class Hold(IskoCall):
    """The listener holds the value bid (SK-2.3); text ``yes``."""

    def __str__(self) -> str:
        return "yes"

    def __repr__(self) -> str:
        return "Hold()"


@dataclass(frozen=True, slots=True)
class TakeSkat(IskoCall):
    """The declarer takes the skat up (SK-5.1); text ``take skat``."""

    def __str__(self) -> str:
        return "take skat"

    def __repr__(self) -> str:
        return "TakeSkat()"


@dataclass(frozen=True, slots=True)
class Announce(IskoCall):
    """The declarer's game and announcements (SK-5.2 .. SK-5.4); text ``announce hearts``,
    ``announce grand hand schneider``, ``announce null hand ouvert``."""

    announced: Announcement

    prompt: ClassVar[str] = "Your game"

    def __post_init__(self) -> None:
        if not isinstance(self.announced, Announcement) or self.announced not in _ALL:
            raise ActionError(
                f"invalid action: Announce({shown(self.announced)}) (expected a game Skat "
                "allows, e.g. Announce(Announcement('H', hand=True)))"
            )

    def __str__(self) -> str:
        return f"announce {self.announced.words()}"

    def __repr__(self) -> str:
        return f"Announce({self.announced!r})"


def _announcements() -> tuple[tuple[Announcement, ...], tuple[Announcement, ...]]:
    """Every announcement from hand (SK-5.2, SK-5.3) and after taking the skat (SK-5.4)."""
    hand: list[Announcement] = []
    for game in ("D", "H", "S", "C", "grand"):
        hand += [
            Announcement(game, hand=True),
            Announcement(game, hand=True, schneider=True),
            Announcement(game, hand=True, schneider=True, schwarz=True),
            Announcement(game, hand=True, schneider=True, schwarz=True, ouvert=True),
        ]
    hand += [Announcement("null", hand=True), Announcement("null", hand=True, ouvert=True)]
    skat = [Announcement(g) for g in ("D", "H", "S", "C", "grand", "null")]
    skat.append(Announcement("null", ouvert=True))
    return tuple(hand), tuple(skat)


_HAND, _SKAT = _announcements()
_ALL = frozenset((*_HAND, *_SKAT))
HOLD = Hold()
TAKE_SKAT = TakeSkat()
#: The bids by value, interned.
BIDS_ACTIONS: dict[int, SkatBid] = {value: SkatBid(value) for value in BIDS}
#: The games a declarer may announce from hand, and after taking the skat up.
HAND_ANNOUNCEMENTS: tuple[Announce, ...] = tuple(Announce(a) for a in _HAND)
SKAT_ANNOUNCEMENTS: tuple[Announce, ...] = tuple(Announce(a) for a in _SKAT)
ANNOUNCEMENTS: dict[Announcement, Announce] = {
    a.announced: a for a in (*HAND_ANNOUNCEMENTS, *SKAT_ANNOUNCEMENTS)
}


def _read_bid(text: str, words: list[str]) -> Action:
    expected = "expected 'bid N', N a game value: 18, 20, 22, 23, 24, 27, ..."
    if len(words) != 1 or not words[0].isdigit() or len(words[0]) > 3:
        raise ActionError(f"invalid action: {shown(text)} ({expected})")
    value = int(words[0])
    if value not in BIDS_ACTIONS:
        raise ActionError(f"invalid action: {shown(text)} ({value} is no game value; {expected})")
    return BIDS_ACTIONS[value]


def _read_yes(text: str, words: list[str]) -> Action:
    if words:
        raise ActionError(f"invalid action: {shown(text)} (expected 'yes')")
    return HOLD


def _read_take(text: str, words: list[str]) -> Action:
    if [w.lower() for w in words] != ["skat"]:
        raise ActionError(f"invalid action: {shown(text)} (expected 'take skat')")
    return TAKE_SKAT


def _game_of(word: str) -> str | None:
    word = word.lower()
    if word in ("grand", "null"):
        return word
    try:
        return Suit.parse(word).name
    except CardError:
        for suit in Suit:
            if suit.word == word:
                return suit.name
    return None


def _read_announce(text: str, words: list[str]) -> Action:
    expected = (
        "expected 'announce GAME [hand] [schneider|schwarz] [ouvert]', "
        "e.g. 'announce hearts', 'announce grand hand schneider', 'announce null ouvert'"
    )
    game = _game_of(words[0]) if words else None
    extra = [w.lower() for w in words[1:]]
    if game is None or len(set(extra)) != len(extra) or not set(extra) <= {
        "hand", "schneider", "schwarz", "ouvert"
    }:  # fmt: skip
        raise ActionError(f"invalid action: {shown(text)} ({expected})")
    ouvert = "ouvert" in extra
    suit_ouvert = ouvert and game != "null"  # ouvert includes hand and schwarz (SK-5.3)
    schwarz = "schwarz" in extra or suit_ouvert
    announced = Announcement(
        game,
        hand="hand" in extra or suit_ouvert,
        schneider="schneider" in extra or schwarz,
        schwarz=schwarz,
        ouvert=ouvert,
    )
    if announced not in _ALL:
        raise ActionError(
            f"invalid action: {shown(text)} (no such game: schneider and schwarz are "
            "announced in a hand game only, and not in null)"
        )
    return ANNOUNCEMENTS[announced]


def announcement_of(text: str) -> Announcement:
    """The game an announcement's words name (``"clubs hand schneider"``, ``"null ouvert"``),
    as ``announce`` reads them; :class:`~cardrules.ActionError` if they name none."""
    action = _read_announce(f"announce {text}", text.split())
    assert isinstance(action, Announce)
    return action.announced


# ---------------------------------------------------------------------------
# The rule bot


def _trumps(cards: Sequence[Card], game: str) -> int:
    if game == "grand":
        return sum(c.rank == JACK for c in cards)
    return sum(c.rank == JACK or (c.suit is not None and c.suit.name == game) for c in cards)


def _aces(cards: Sequence[Card]) -> int:
    return sum(c.rank == 14 for c in cards)


def best_game(cards: Sequence[Card]) -> tuple[str, int] | None:
    """The game a simple player would play with ``cards`` and its value with the matadors
    they hold, game and nothing more; None when no game looks playable."""
    mask = DECK.mask_of(cards)
    options: list[tuple[int, str]] = []
    jacks = _trumps(cards, "grand")
    if jacks >= 3 or (jacks == 2 and _aces(cards) >= 3):
        options.append((BASE_VALUES["grand"] * (matadors(mask, "grand") + 1), "grand"))
    for game in ("D", "H", "S", "C"):
        if _trumps(cards, game) >= len(cards) // 2:
            options.append((BASE_VALUES[game] * (matadors(mask, game) + 1), game))
    if not options:
        return None
    value, game = max(options)
    return game, value


def _weakest(cards: Sequence[Card], game: str) -> list[Card]:
    """``cards`` from the weakest to lay away: outside the trumps, the lowest first, aces
    and tens kept longest."""
    order = (
        DECK.order(Ranking(SUIT_GAME, Suit[game]), suit_game) if game in Suit.__members__ else None
    )

    def weakness(card: Card) -> tuple[int, int]:
        trump = _trumps([card], game) if game != "null" else 0
        strength = order.strength[card.index] if order is not None else card.rank
        return (trump, strength)

    return sorted(cards, key=weakness)


def advise(view: View, legal: Sequence[Action]) -> Action | None:
    """The rule bot's call in the International Skat Order's bidding (see
    :meth:`IskoCall.advise`)."""
    hand = list(view.hand)
    auction: dict[str, Any] = dict(view.auction)
    bid = int(auction.get("bid") or 0)
    skat: list[str] = list(auction.get("skat", ()))
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        held = [*hand, *(DECK.parse(t) for t in skat)]
        held = [c for c in held if DISCARDS[c.index] in discards]
        best = best_game(held)
        weakest = _weakest(held, best[0] if best else "C")
        return DISCARDS[weakest[0].index]
    announce = [a for a in legal if isinstance(a, Announce)]
    if TAKE_SKAT in legal:
        best = best_game(hand)
        if best is not None and _trumps(hand, best[0]) >= 8:
            wanted = Announce(Announcement(best[0], hand=True))
            if wanted in announce:
                return wanted
        return TAKE_SKAT
    if announce:
        best = best_game(hand)
        mask = 0  # its ten cards as dealt and the skat (SK-6.2): those held and laid away
        for card in (*hand, *(DECK.parse(t) for t in (*skat, *auction.get("discarded", ())))):
            mask |= 1 << card.index
        choices: list[tuple[int, Announce]] = []
        for action in announce:
            game = action.announced.game
            if game == "null":
                continue
            value = BASE_VALUES[game] * (matadors(mask, game) + 1 + action.announced.hand)
            if value >= bid and not action.announced.schneider:
                fit = _trumps(hand, game) * 10 + (best is not None and best[0] == game) * 100
                choices.append((fit, action))
        if choices:
            return max(choices, key=lambda c: c[0])[1]
        nulls = [a for a in announce if a.announced.game == "null"]
        if nulls and max(c.rank for c in hand) <= 11:
            return nulls[0]
        return max(announce, key=lambda a: _trumps(hand, a.announced.game))
    best = best_game(hand)
    limit = best[1] if best is not None else 0
    if HOLD in legal:
        return HOLD if bid <= limit else PASS
    bids = sorted((a for a in legal if isinstance(a, SkatBid)), key=lambda a: a.value)
    if bids and bids[0].value <= limit:
        return bids[0]
    return PASS if PASS in legal else None


#: The verbs of these actions (the family declares them with the OpenSpiel bidding's).
ISKO_VERBS: tuple[ActionVerb, ...] = (
    ActionVerb(("bid",), "bid N", _read_bid, SkatBid),
    ActionVerb(("yes",), "yes", _read_yes, Hold),
    ActionVerb(("take",), "take skat", _read_take, TakeSkat),
    ActionVerb(
        ("announce",), "announce GAME [hand] [schneider|schwarz] [ouvert]", _read_announce, Announce
    ),
)
