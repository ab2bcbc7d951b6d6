"""The cards of a trick, and the play actions by card index: values the state machine,
views and positions share, made once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from cardrules.cards import CARDS, Card
from cardrules.deck import Deck
from cardrules.engine.core import native
from cardrules.rules.actions import PLAYS, Action, Play, plays_of

__all__ = ["MAX_PLAYERS", "PlayedCard", "Trick", "actions_in"]

#: The most seats at a table (a profile's ``[table] players`` is 3 to 7).
MAX_PLAYERS: Final = 7


class PlayedCard(NamedTuple):
    """A card played to a trick and the seat it came from; ``str()`` is the card."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return str(self.card)


class Trick(NamedTuple):
    """A completed trick: who led, the cards in play order (seat, card), who won."""

    leader: int
    cards: tuple[PlayedCard, ...]
    winner: int


#: The text of each play action, by card index (``"play AH"``), for the record.
_PLAY_TEXTS: Final[tuple[str, ...]] = tuple(str(p) for p in PLAYS)
#: PlayedCard(seat, card) by seat and card index: the trick entries, made once.
_PLAYED_CARDS: Final[tuple[tuple[PlayedCard, ...], ...]] = tuple(
    tuple(PlayedCard(seat, card) for card in CARDS) for seat in range(MAX_PLAYERS)
)


def _byte_plays(k: int) -> tuple[tuple[Play, ...], ...]:
    """The 256 entries of ``_BYTE_PLAYS[k]``, doubled a bit at a time (fast at import): the
    second half of the table for bit ``i`` is the first half with that bit's play added."""
    table: list[tuple[Play, ...]] = [()]
    for index in range(8 * k, 8 * k + 8):
        if index < len(PLAYS):
            play = PLAYS[index]
            table += [(*plays, play) for plays in table]
        else:  # (no card: the bit adds nothing)
            table += table
    return tuple(table)


#: _BYTE_PLAYS[k][b]: the play actions of the cards whose bits are set in
#: byte ``b`` of a mask's byte ``k`` (cards 8k..8k+7), lowest index first.
_BYTE_PLAYS: Final[tuple[tuple[tuple[Play, ...], ...], ...]] = tuple(
    _byte_plays(k) for k in range(7)
)
_B0: Final = _BYTE_PLAYS[0]
_B1: Final = _BYTE_PLAYS[1]
_B2: Final = _BYTE_PLAYS[2]
_B3: Final = _BYTE_PLAYS[3]
_B4: Final = _BYTE_PLAYS[4]
_B5: Final = _BYTE_PLAYS[5]
_B6: Final = _BYTE_PLAYS[6]
#: The bytes of a French-pack mask that the seven tables above cover.
_FRENCH_BYTES: Final = len(_BYTE_PLAYS)


class DeckPlays(NamedTuple):
    """One deck's play actions by card index, their texts (``"play 9H"``) and the trick
    entries ``PlayedCard(seat, card)`` by seat and index: made once per deck."""

    plays: tuple[Play, ...]
    texts: tuple[str, ...]
    played: tuple[tuple[PlayedCard, ...], ...]


_DECK_PLAYS: dict[Deck, DeckPlays] = {}


def deck_plays(deck: Deck) -> DeckPlays:
    """The :class:`DeckPlays` of ``deck`` (the French pack's are the tables above)."""
    found = _DECK_PLAYS.get(deck)
    if found is None:
        plays = plays_of(deck)
        played = tuple(
            tuple(PlayedCard(seat, c) for c in deck.cards) for seat in range(MAX_PLAYERS)
        )
        found = _DECK_PLAYS[deck] = DeckPlays(plays, tuple(str(p) for p in plays), played)
    return found


def plays_in(mask: int, plays: tuple[Play, ...]) -> list[Action]:
    """The play actions of a mask of any deck, lowest card index first."""
    return actions_in(mask, plays)


def actions_in(mask: int, table: Sequence[Action]) -> list[Action]:
    """``table[i]`` for every card index ``i`` of ``mask``, lowest first: the actions of a
    family's table by card (Hearts' passes, Spades' cards given), one per card of a mask;
    in the native core where it is built."""
    if native is not None and type(table) is tuple:
        found: list[Action] | None = native.actions_in(mask, table)
        if found is not None:
            return found
    if mask < 0:
        raise ValueError(f"actions_in: a mask is not negative (got {mask})")
    out: list[Action] = []
    while mask:
        low = mask & -mask
        out.append(table[low.bit_length() - 1])
        mask ^= low
    return out


def _plays_of(mask: int) -> list[Action]:
    """The play actions of a mask, lowest card index first (as ``cards_of``).

    Seven table lookups, one per byte of the 52-bit mask, written out: the
    same code is fast interpreted and compiled.
    """
    out: list[Action] = []
    if mask & 0xFF:
        out += _B0[mask & 0xFF]
    if mask & 0xFF00:
        out += _B1[mask >> 8 & 0xFF]
    if mask & 0xFF0000:
        out += _B2[mask >> 16 & 0xFF]
    if mask & 0xFF000000:
        out += _B3[mask >> 24 & 0xFF]
    if mask & 0xFF00000000:
        out += _B4[mask >> 32 & 0xFF]
    if mask & 0xFF0000000000:
        out += _B5[mask >> 40 & 0xFF]
    if mask >> 48:
        out += _B6[mask >> 48]
    return out
