"""The double-dummy table and par of a deal, solved by DDS through ``endplay``.

Double dummy: every seat sees every card and plays perfectly.  The table
gives, for each seat as declarer and each strain, the tricks declarer's side
takes; par is the contract both sides reach when each bids as far as it
profitably can (doubled sacrifices included), scored for North-South.

``endplay`` is imported only when a deal is solved: it is the ``analysis``
extra (``pip install 'cardrules[analysis]'``), and without it
:func:`double_dummy` raises :class:`~cardrules.CardrulesError` saying so.

>>> from cardrules_dd.analysis import DDTable, Par
>>> table = DDTable(
...     hands=(0, 0, 0, 0), dealer=0, vulnerable=(False, False),
...     tricks=tuple({s: 13 - 7 * (seat % 2) for s in STRAINS} for seat in range(4)),
...     par=Par(score=1520, contracts=("7NT N", "7NT S")),
... )
>>> print(table)
      ♣   ♦   ♥   ♠  NT
  N  13  13  13  13  13
  E   6   6   6   6   6
  S  13  13  13  13  13
  W   6   6   6   6   6
Par: NS +1520 (7NT N, 7NT S)
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardrules.cards import ALL_CARDS_MASK, Card, mask_of, parse_cards
from cardrules.errors import CardError, CardrulesError, shown
from cardrules.rules.components import SEAT_NAMES
from cardrules_pbn import deal_text

if TYPE_CHECKING:
    from cardrules.engine.game import Game

__all__ = ["NEEDS_EXTRA", "STRAINS", "DDTable", "Par", "double_dummy"]

#: The strains, in the order of the bidding box: clubs up to no-trump.
STRAINS = ("C", "D", "H", "S", "NT")
#: What :func:`double_dummy` says when ``endplay`` cannot be imported.
NEEDS_EXTRA = "double-dummy analysis needs the 'analysis' extra: pip install 'cardrules[analysis]'"

_STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
#: endplay's Denom numbers (spades 0, hearts 1, diamonds 2, clubs 3, no-trump 4) by strain.
_DENOM = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
#: endplay's Vul numbers (none 0, both 1, NS 2, EW 3) by (NS vulnerable, EW vulnerable).
_VUL = {(False, False): 0, (True, True): 1, (True, False): 2, (False, True): 3}


@dataclass(frozen=True, slots=True)
class Par:
    """The par result: its score for North-South and the par contract(s).

    A contract reads ``"4S N"`` (level, strain, declarer), ``"5HX E -2"``
    for a doubled sacrifice two down, ``"3NT S +1"`` with an overtrick; no
    contract at all means the deal is passed out at par.
    """

    score: int
    contracts: tuple[str, ...]

    def __str__(self) -> str:
        made = ", ".join(self.contracts) if self.contracts else "passed out"
        return f"NS {self.score:+d} ({made})" if self.score else f"NS 0 ({made})"


@dataclass(frozen=True, slots=True)
class DDTable:
    """The double-dummy results of a deal: ``tricks[declarer][strain]``, and :attr:`par`.

    ``tricks[seat]`` maps each strain (``"C"``, ``"D"``, ``"H"``, ``"S"``,
    ``"NT"``) to the tricks the side of ``seat`` takes with ``seat`` as
    declarer (the opening lead from its left).  ``str(table)`` is the table
    as people read it: rows N E S W, columns ♣ ♦ ♥ ♠ NT, then par.
    """

    #: The four hands solved, as masks by seat (0 = N, 1 = E, 2 = S, 3 = W).
    hands: tuple[int, ...]
    dealer: int
    #: Whether North-South, and East-West, are vulnerable (par depends on it).
    vulnerable: tuple[bool, bool]
    tricks: tuple[Mapping[str, int], ...]
    par: Par

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def lines(self, *, symbols: bool = True) -> list[str]:
        """The table as lines of text (``symbols=False``: strains as ``C D H S NT``)."""
        names = [_STRAIN_SYMBOLS[s] if symbols else s for s in STRAINS]
        out = ["   " + "".join(name.rjust(4) for name in names)]
        for seat, row in enumerate(self.tricks):
            out.append(f"  {SEAT_NAMES[seat]}" + "".join(str(row[s]).rjust(4) for s in STRAINS))
        out.append(f"Par: {self.par}")
        return out


def double_dummy(
    deal: Game | str | Sequence[int | str | Iterable[Card | str]],
    /,
    *,
    dealer: int | None = None,
    vulnerable: tuple[bool, bool] = (False, False),
) -> DDTable:
    """The double-dummy table and par of a deal of four hands of 13 cards.

    ``deal`` is four hands by seat (0 = N, 1 = E, 2 = S, 3 = W), each a mask
    or cards (``"AS KS 2H"``, a list of :class:`~cardrules.Card` or texts);
    or a PBN deal text (``"N:AKQ.J4.T98.7654 ..."``, the hands clockwise from
    the seat named first); or a game, whose current deal is solved as dealt
    (its ``initial_hands``; the cards played so far are not taken into
    account).  ``dealer`` (the game's dealer, else North) and ``vulnerable``
    (``(NS, EW)``) matter to par only.

    Raises :class:`~cardrules.CardrulesError` when ``endplay`` is not
    installed, or when the hands are not a whole deal (a deal in progress,
    fewer than 13 cards a hand, is refused).
    """
    hands, game_dealer = _hands_and_dealer(deal)
    seat = game_dealer if dealer is None else dealer
    if type(seat) is not int or not 0 <= seat < 4:
        raise CardrulesError(f"invalid dealer: {shown(seat)} (expected a seat 0..3: N E S W)")
    if (
        not isinstance(vulnerable, tuple)
        or len(vulnerable) != 2
        or not all(type(v) is bool for v in vulnerable)
    ):
        raise CardrulesError(
            f"invalid vulnerable: {shown(vulnerable)} (expected (NS, EW), two bools)"
        )
    dds, types = _endplay()
    solved = _solved(hands)
    tricks = tuple(
        {strain: int(solved[types.Denom(_DENOM[strain]), types.Player(s)]) for strain in STRAINS}
        for s in range(4)
    )
    found = dds.par(solved, types.Vul(_VUL[vulnerable]), types.Player(seat))
    # endplay's ParList may be iterated once only (it rewrites its contracts as it
    # yields them): read each contract as it comes.
    contracts = tuple(_contract_text(c) for c in found)
    par = Par(int(found.score), tuple(c for c in contracts if c))
    return DDTable(hands, seat, vulnerable, tricks, par)


# ---------------------------------------------------------------------------
# the deal


def _hands_and_dealer(deal: object) -> tuple[tuple[int, ...], int]:
    """The four masks of ``deal`` and its dealer (North unless a game says otherwise)."""
    from cardrules.engine.game import Game

    if isinstance(deal, Game):
        return _whole_deal(list(deal.initial_hands)), deal.dealer
    if isinstance(deal, str):
        from cardrules_dd.pbn import parse_deal

        return _whole_deal(list(parse_deal(deal))), 0
    if not isinstance(deal, Sequence) or len(deal) != 4:
        raise CardrulesError(
            f"invalid deal: {shown(deal)} (expected 4 hands by seat N E S W, "
            f"a PBN deal text 'N:...' or a game)"
        )
    return _whole_deal([_hand_mask(seat, hand) for seat, hand in enumerate(deal)]), 0


def _hand_mask(seat: int, hand: object) -> int:
    if type(hand) is int:
        if not 0 <= hand <= ALL_CARDS_MASK:
            raise CardrulesError(
                f"invalid hand of {SEAT_NAMES[seat]}: mask {shown(hand)} (expected 0 .. 2**52 - 1)"
            )
        return hand
    try:
        cards = parse_cards(hand)  # type: ignore[arg-type]
    except CardError as exc:
        raise CardrulesError(f"invalid hand of {SEAT_NAMES[seat]}: {exc}") from None
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        raise CardrulesError(f"invalid hand of {SEAT_NAMES[seat]}: a card is listed twice")
    return mask


def _whole_deal(hands: list[int]) -> tuple[int, ...]:
    """The four hands if they are a whole deal: 13 cards each, none dealt twice."""
    if len(hands) != 4:
        raise CardrulesError(
            f"double-dummy analysis needs 4 hands, got {len(hands)} (a four-seat game only)"
        )
    counts = [h.bit_count() for h in hands]
    if counts != [13] * 4:
        raise CardrulesError(
            "double-dummy analysis needs 4 hands of 13 cards, got "
            + ", ".join(f"{SEAT_NAMES[s]} {n}" for s, n in enumerate(counts))
            + " (DDS solves whole bridge deals only)"
        )
    seen = 0
    for seat, hand in enumerate(hands):
        if seen & hand:
            card = Card.from_index((seen & hand).bit_length() - 1)
            raise CardrulesError(
                f"invalid deal: {card.symbol()} is dealt twice (again to {SEAT_NAMES[seat]})"
            )
        seen |= hand
    return tuple(hands)


# ---------------------------------------------------------------------------
# endplay


def _endplay() -> tuple[Any, Any]:
    """endplay's solver and types modules (untyped here: endplay is optional)."""
    try:
        dds = importlib.import_module("endplay.dds")
        types = importlib.import_module("endplay.types")
    except ImportError:
        raise CardrulesError(NEEDS_EXTRA) from None
    return dds, types


@functools.lru_cache(maxsize=64)
def _solved(hands: tuple[int, ...]) -> Any:
    """endplay's table of a deal (a deal asked for again is not solved again: ~0.5 s each)."""
    dds, types = _endplay()
    return dds.calc_dd_table(types.Deal(deal_text(0, hands)))


def _contract_text(contract: Any) -> str:
    """An endplay par contract as ``"4S N"``, ``"5HX E -2"``; "" for a pass."""
    level = int(contract.level)
    if not level:
        return ""
    strain = STRAINS[[3, 2, 1, 0, 4][int(contract.denom)]]
    doubled = "X" * (int(contract.penalty) >> 1)
    text = f"{level}{strain}{doubled} {SEAT_NAMES[int(contract.declarer)]}"
    result = int(contract.result)
    return f"{text} {result:+d}" if result else text
