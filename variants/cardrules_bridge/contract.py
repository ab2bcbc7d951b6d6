"""The final contract of a bridge board (BR-2.9), what play needs of it (BR-3), its result
(BR-4.1), and the board passed out (BR-2.8).

>>> from cardrules.cards import Suit
>>> c = BridgeContract(Suit.S, 3, level=4, strain="S", doubled=1, declarer=2, dummy=0,
...                    vulnerable=True, board=7)
>>> c.words()
'Contract: 4♠X by S, vulnerable'
>>> c.controller(0), c.exposed(0), c.exposed(1)
(2, frozenset(), frozenset({0}))
>>> c.result_words((4, 1, 6, 2))
'4♠X by S: 10 tricks of 10 needed, made'
>>> c.contract_text, parse_contract("3ntxx")
('4SX', (3, 'NT', 2))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardrules.cards import Suit
from cardrules.errors import CardrulesError, shown
from cardrules.rules.components import Contract, Direction, seat_name
from cardrules_bridge.actions import strain_symbol
from cardrules_bridge.scoring import STRAINS

__all__ = [
    "BOOK",
    "BridgeContract",
    "PassedOut",
    "contract_for",
    "contract_text",
    "parse_contract",
]

#: BR-4.1: the first six tricks of the declaring side, the "book"; a bid's level counts
#: the tricks it undertakes beyond them.
BOOK: Final = 6
#: The marks of a doubled and a redoubled contract, by ``doubled``.
_DOUBLED_MARKS: Final = ("", "X", "XX")
#: A contract as written: a level, a strain, and ``X`` or ``XX`` (``4S``, ``3NTX``, ``4♠XX``).
_CONTRACT: Final = re.compile(r"([1-7])\s*(NT|N|C|D|H|S|♣|♦|♥|♠)\s*(X{0,2})", re.IGNORECASE)
_SIGNS: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "N": "NT"}


def contract_text(level: int, strain: str, doubled: int) -> str:
    """A contract as PBN and scorers write it: ``4S``, ``3NTX``, ``1CXX``."""
    return f"{level}{strain}{_DOUBLED_MARKS[doubled]}"


def parse_contract(text: object) -> tuple[int, str, int]:
    """``(level, strain, doubled)`` of a contract written ``4S``, ``3NTX``, ``4♠XX``, ``1n``;
    a :class:`~cardrules.errors.CardrulesError` for anything else."""
    match = _CONTRACT.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise CardrulesError(
            f"invalid contract: {shown(text)} (expected a level 1 to 7, a strain C, D, H, S "
            "or NT, and X if doubled or XX if redoubled: '4S', '3NTX', '6CXX')"
        )
    strain = match[2].upper()
    return int(match[1]), _SIGNS.get(strain, strain), len(match[3])


@dataclass(frozen=True, slots=True)
class BridgeContract(Contract):
    """The final contract: ``level`` odd tricks in ``strain``, undoubled, doubled or
    redoubled (``doubled`` 0, 1, 2), played by ``declarer`` with ``dummy`` (declarer's
    partner), ``vulnerable`` the declaring side's vulnerability on ``board``.

    Declarer plays dummy's cards (BR-3.3), dummy's hand is seen by every seat from the
    opening lead on (BR-3.2), and the declaring side needs ``level + 6`` tricks (BR-4.1).
    """

    level: int = 1
    strain: str = "NT"
    doubled: int = 0
    declarer: int = 0
    dummy: int = 2
    vulnerable: bool = False
    board: int = 1

    @property
    def needed(self) -> int:
        """The tricks the declaring side needs: six and the level (BR-4.1)."""
        return BOOK + self.level

    @property
    def contract_text(self) -> str:
        """``4SX``: the contract as PBN writes it."""
        return contract_text(self.level, self.strain, self.doubled)

    def symbol(self) -> str:
        """``4♠X``: the contract as players write it."""
        return f"{self.level}{strain_symbol(self.strain)}{_DOUBLED_MARKS[self.doubled]}"

    def taken(self, tricks: Sequence[int]) -> int:
        """The declaring side's tricks: declarer's and dummy's (BR-4.1)."""
        return tricks[self.declarer] + tricks[self.dummy]

    def controller(self, seat: int) -> int:
        """Declarer decides for dummy (BR-3.3); every other seat for itself."""
        return self.declarer if seat == self.dummy else seat

    def exposed(self, played: int) -> frozenset[int]:
        """Dummy, once the opening lead has been made (BR-3.2)."""
        return frozenset((self.dummy,)) if played >= 1 else frozenset()

    def needs_tricks(self, seat: int, won: Sequence[int]) -> bool:
        """The declaring side wants tricks until it has made the contract, the defenders
        until they have defeated it."""
        taken = self.taken(won)
        if seat in (self.declarer, self.dummy):
            return taken < self.needed
        return sum(won) - taken < 14 - self.needed

    def made(self, tricks: Sequence[int]) -> dict[str, bool]:
        """The contract is made when the declaring side took six and the level (BR-4.1)."""
        return {"": self.taken(tricks) >= self.needed}

    def words(self) -> str:
        """``"Contract: 4♠X by S, vulnerable"``."""
        vulnerable = "vulnerable" if self.vulnerable else "not vulnerable"
        return f"Contract: {self.symbol()} by {seat_name(self.declarer)}, {vulnerable}"

    def result_words(self, tricks: Sequence[int]) -> str | None:
        """``"4♠X by S: 9 tricks of 10 needed, down 1"``."""
        took = self.taken(tricks)
        if took >= self.needed:
            over = took - self.needed
            fate = "made" if not over else f"made with {over} overtrick{'s' if over > 1 else ''}"
        else:
            fate = f"down {self.needed - took}"
        return (
            f"{self.symbol()} by {seat_name(self.declarer)}: {took} tricks of {self.needed} "
            f"needed, {fate}"
        )

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        out.update(
            contract=self.contract_text,
            level=self.level,
            strain=self.strain,
            doubled=self.doubled,
            declarer=self.declarer,
            dummy=self.dummy,
            vulnerable=self.vulnerable,
            board=self.board,
        )
        return out


@dataclass(frozen=True, slots=True)
class PassedOut(Contract):
    """A board all four players passed (BR-2.8): no contract, no play, a score of 0
    (BR-5.7); the game deals the next board."""

    board: int = 1

    def needs_play(self) -> bool:
        """No card is played: the board is over when the auction is."""
        return False

    def words(self) -> str:
        return "Passed out: no contract, no play"

    def result_words(self, tricks: Sequence[int]) -> str | None:
        return f"Board {self.board} passed out: no contract, no play"

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        out.update(contract="Pass", passed_out=True, board=self.board)
        return out


def contract_for(
    level: int,
    strain: str,
    doubled: int,
    declarer: int,
    *,
    direction: Direction,
    vulnerable: bool,
    board: int,
    turn_rule: str = "",
    control_rule: str = "",
) -> BridgeContract:
    """The :class:`BridgeContract` of a final bid: declarer's left-hand opponent makes the
    opening lead (BR-3.1), dummy is declarer's partner."""
    if strain not in STRAINS:  # pragma: no cover - the auction hands out its own bids only
        raise CardrulesError(f"invalid strain: {shown(strain)} (expected C, D, H, S or NT)")
    return BridgeContract(
        None if strain == "NT" else Suit[strain],
        direction.next(declarer),
        level=level,
        strain=strain,
        doubled=doubled,
        declarer=declarer,
        dummy=direction.next(declarer, 2),
        vulnerable=vulnerable,
        board=board,
        turn_rule=turn_rule,
        control_rule=control_rule,
    )
