"""Skat's game values as the International Skat Order counts them (SK-6.x).

A suit game or a grand is worth its base value (diamonds 9, hearts 10, spades 11,
clubs 12, grand 24: SK-6.1) times its multiplier: the matadors "with" or "without"
counted in the declarer's hand and the skat (SK-6.2), one for the game, and one each
for hand, schneider, schneider announced, schwarz, schwarz announced and ouvert
(SK-6.3).  A null game has a fixed value: 23, hand 35, ouvert 46, ouvert hand 59
(SK-6.4).  The bids are the values a game can have (SK-2.2).

>>> matadors(DECK.mask_of(DECK.parse_cards("JC JS 7H AH 10H 8C 9C KS QS 7D 8D 9D")), "H")
2
>>> matadors(DECK.mask_of(DECK.parse_cards("JH JD AH 10H KH 8C 9C KS QS 7D 8D 9D")), "H")
2
>>> BIDS[:12]
(18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44)
>>> settle(Announcement("C", hand=True), bid=48, matadors=3, points=95, tricks=8)
Settlement(won=True, value=72, multiplier=6, overbid=False)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.deck import Suit
from cardrules_skat.actions import DECK, game_words
from cardrules_skat.ranking import JACK

__all__ = [
    "BASE_VALUES",
    "BIDS",
    "NULL_VALUES",
    "Announcement",
    "Settlement",
    "matadors",
    "null_value",
    "settle",
]

#: The base value of each suit game and of the grand (SK-6.1).
BASE_VALUES: dict[str, int] = {"D": 9, "H": 10, "S": 11, "C": 12, "grand": 24}
#: A null game's value by (hand, ouvert) (SK-6.4).
NULL_VALUES: dict[tuple[bool, bool], int] = {
    (False, False): 23,
    (True, False): 35,
    (False, True): 46,
    (True, True): 59,
}
#: The ranks of a suit game's trump suit below the jacks, from the top (SK-3.2).
_TRUMP_RANKS = (14, 10, 13, 12, 9, 8, 7)
#: The jacks from the top: clubs, spades, hearts, diamonds (SK-3.2).
_JACK_SUITS = (Suit.C, Suit.S, Suit.H, Suit.D)
#: The most levels a game can add above its matadors: game, hand, schneider, announced,
#: schwarz, announced, ouvert (SK-6.3).
_MOST_LEVELS = 7


def _top_trumps(game: str) -> tuple[int, ...]:
    """The trumps of ``game`` from the highest, as card indices (SK-3.2, SK-3.3)."""
    jacks = tuple(DECK.card(suit, JACK).index for suit in _JACK_SUITS)
    if game == "grand":
        return jacks
    suit = Suit[game]
    return jacks + tuple(DECK.card(suit, rank).index for rank in _TRUMP_RANKS)


def matadors(cards: int, game: str) -> int:
    """The matadors "with" or "without" of a suit game or grand held in ``cards`` (a mask:
    the declarer's hand and the skat): the run of the highest trumps held from the jack of
    clubs on, or when it is missing the run of the highest trumps missing (SK-6.2)."""
    tops = _top_trumps(game)
    held = bool(cards >> tops[0] & 1)
    run = 0
    for index in tops:
        if bool(cards >> index & 1) != held:
            break
        run += 1
    return run


def _all_values() -> tuple[int, ...]:
    values = set(NULL_VALUES.values())
    for game, base in BASE_VALUES.items():
        most = len(_top_trumps(game)) + _MOST_LEVELS
        values.update(base * m for m in range(2, most + 1))
    return tuple(sorted(values))


#: Every value a game can have, lowest first: the bids (SK-2.2).
BIDS: tuple[int, ...] = _all_values()


def null_value(hand: bool, ouvert: bool) -> int:
    """A null game's fixed value (SK-6.4)."""
    return NULL_VALUES[hand, ouvert]


@dataclass(frozen=True, slots=True)
class Announcement:
    """A declarer's game and what it announces with it (SK-5.1 .. SK-5.4): the game (a
    suit's letter, ``"grand"``, ``"null"``), hand (the skat left where it lies), schneider
    and schwarz announced (hand games only; schwarz includes schneider), ouvert (the hand
    laid open; in a suit game or a grand it includes hand and schwarz announced)."""

    game: str
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False

    def __repr__(self) -> str:
        extra = "".join(
            f", {name}=True"
            for name in ("hand", "schneider", "schwarz", "ouvert")
            if getattr(self, name)
        )
        return f"Announcement({self.game!r}{extra})"

    def words(self) -> str:
        """``"hearts hand schneider"``, ``"null ouvert"``, ``"grand hand ouvert"``."""
        parts = [game_words(self.game)]
        if self.hand:
            parts.append("hand")
        if self.schwarz and not self.ouvert:
            parts.append("schwarz")
        elif self.schneider and not self.schwarz:
            parts.append("schneider")
        if self.ouvert:
            parts.append("ouvert")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Settlement:
    """A deal's outcome for the declarer: whether it won, the game's value (for a game
    overbid, the lowest multiple of its base value that reaches the bid: SK-6.5), its
    multiplier (0 for a null game) and whether the bid was higher than the game's value."""

    won: bool
    value: int
    multiplier: int
    overbid: bool


def settle(
    announced: Announcement, *, bid: int, matadors: int, points: int, tricks: int
) -> Settlement:
    """The outcome of a game: ``points`` the declarer's card points (its tricks and the skat,
    SK-4.2), ``tricks`` the tricks it took, ``matadors`` counted from its hand and the
    skat (SK-6.2), ``bid`` the value it bid or held (SK-2.2).

    A suit game or grand is won with 61 points or more (SK-4.2), 90 with schneider
    announced, every trick with schwarz announced (SK-4.3); a null game with no trick
    (SK-4.4).  A game whose value is below the bid is lost (SK-6.5).

    >>> settle(Announcement("D"), bid=18, matadors=1, points=61, tricks=4)
    Settlement(won=True, value=18, multiplier=2, overbid=False)
    >>> settle(Announcement("D"), bid=27, matadors=1, points=70, tricks=5)
    Settlement(won=False, value=27, multiplier=2, overbid=True)
    >>> settle(Announcement("null", ouvert=True), bid=23, matadors=0, points=0, tricks=1)
    Settlement(won=False, value=46, multiplier=0, overbid=False)
    """
    if announced.game == "null":
        value = null_value(announced.hand, announced.ouvert)
        return Settlement(tricks == 0, value, 0, value < bid)
    ouvert = announced.ouvert
    hand = announced.hand or ouvert
    schwarz_announced = announced.schwarz or ouvert
    schneider_announced = announced.schneider or schwarz_announced
    schneider = points >= 90 or points <= 30  # either party schneider (SK-4.3)
    schwarz = tricks in (0, 10)  # either party schwarz (SK-4.3)
    multiplier = matadors + 1  # "with/without n, game n + 1" (SK-6.3)
    multiplier += hand
    multiplier += schneider or schneider_announced
    multiplier += schneider_announced
    multiplier += schwarz or schwarz_announced
    multiplier += schwarz_announced
    multiplier += ouvert
    base = BASE_VALUES[announced.game]
    if schwarz_announced:
        won = tricks == 10
    elif schneider_announced:
        won = points >= 90
    else:
        won = points >= 61
    value = base * multiplier
    if value < bid:  # overbid: lost, at the lowest multiple of the base reaching the bid
        return Settlement(False, -(-bid // base) * base, multiplier, True)
    return Settlement(won, value, multiplier, False)
