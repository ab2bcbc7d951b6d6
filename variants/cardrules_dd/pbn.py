"""The boards of a PBN file, with the double-dummy results the file publishes.

A board is read from its ``Deal``, ``Dealer``, ``Vulnerable`` and ``Board``
tags (a game without ``Deal`` is another table's result of a board already
read, and is skipped).  What the file publishes is read where present and
compared with our solution by :func:`disagreements`:

- ``OptimumResultTable``: rows ``N NT 7``, one per declarer and strain (some
  files list only some declarers);
- ``DoubleDummyTricks``: 20 hexadecimal digits, declarers N S E W, strains
  NT S H D C within each;
- ``OptimumScore``: the par score, ``"NS 420"``, ``"EW -420"``;
- ``ParContract``: the par contract(s), ``"NS 4S"``, ``"EW 5HX"``, several
  separated by ``;`` or ``,``.  Ours agree when they include every one named.

A published value that cannot be read is not compared; :attr:`Board.notes`
says so.  Everything else in the file (auctions, contracts, play) is left
alone.  The syntax (comments, ``#`` values, sections) and the deal are read
by the shared PBN library, :mod:`cardrules_pbn`.

>>> boards = read_boards('''
... [Board "1"]
... [Dealer "N"]
... [Vulnerable "EW"]
... [Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
... [OptimumScore "NS 2220"]
... ''')
>>> [(b.board, b.dealer, b.vulnerable, b.score) for b in boards]
[('1', 0, (False, True), 2220)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardrules.cards import ALL_CARDS_MASK
from cardrules.errors import shown
from cardrules.rules.components import SEAT_NAMES, pair_of, seat_of_letter
from cardrules_pbn import (
    MAX_PBN_CHARS,
    VULNERABILITY,
    PbnError,
    PbnTag,
    parse_seat,
    read_games,
)
from cardrules_pbn import parse_deal as parse_deal_tag

if TYPE_CHECKING:
    from cardrules_dd.analysis import DDTable

__all__ = [
    "MAX_PBN_CHARS",
    "Board",
    "PbnError",
    "disagreements",
    "parse_deal",
    "read_boards",
    "solve",
]

_STRAIN_OF = {"NT": "NT", "N": "NT", "S": "S", "H": "H", "D": "D", "C": "C"}
#: ``DoubleDummyTricks``: declarers, then strains, in the order of its 20 digits.
_DDT_SEATS = (0, 2, 1, 3)
_DDT_STRAINS = ("NT", "S", "H", "D", "C")
_SCORE = re.compile(r"\b(NS|EW)\s*([+-]?\d+)\b")
_SIDE_FIRST = re.compile(r"(NS|EW|N|E|S|W)\s*([1-7])(NT|N|C|D|H|S)(XX|X)?(?:\s*(?:[+-]\d+|=))?")
_LEVEL_FIRST = re.compile(r"([1-7])(NT|N|C|D|H|S)(XX|X)?\s*(NS|EW|N|E|S|W)(?:\s*(?:[+-]\d+|=))?")
_PASS = "pass"

#: A par contract as compared: (pair, level, strain, doubling), or "pass".
ContractKey = tuple[str, int, str, str] | str


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a PBN file: its deal, and the double-dummy results it publishes.

    ``tricks`` lists ``(tag, seat, strain, tricks)`` as published (seat 0 = N,
    strain ``"C"`` .. ``"NT"``); ``score`` is the published par score for
    North-South; ``par_contract`` the published par contract(s) as written;
    each None (or empty) when the file gives none.
    """

    board: str
    dealer: int
    vulnerable: tuple[bool, bool]
    hands: tuple[int, ...]
    #: The line of the ``Deal`` tag.
    line: int
    tricks: tuple[tuple[str, int, str, int], ...] = ()
    score: int | None = None
    par_contract: str | None = None
    #: Published values that could not be read, and so are not compared.
    notes: tuple[str, ...] = ()

    @property
    def publishes(self) -> bool:
        """Whether the file publishes a double-dummy result for this board."""
        return bool(self.tricks) or self.score is not None or self.par_contract is not None


def parse_deal(text: str) -> tuple[int, ...]:
    """The four hands (masks by seat N E S W) of a PBN deal text ``"N:AKQ.J4.T98.7654 ..."``.

    One hand may be ``-`` (not given): it holds the cards the other three do not.
    """
    if not isinstance(text, str):
        raise PbnError(None, f"[Deal] {shown(text)} is not a PBN deal text (expected 'N:...')")
    return _completed(parse_deal_tag(PbnTag("Deal", text, 0)))


def read_boards(text: str) -> list[Board]:
    """The boards of a PBN text that have a ``Deal``, in file order.

    Raises :class:`PbnError` (naming the line) for a file that is no PBN, a
    malformed deal, dealer or vulnerability.
    """
    boards: list[Board] = []
    for tags in read_games(text):
        by_name: dict[str, PbnTag] = {}
        for tag in tags:
            by_name.setdefault(tag.name, tag)
        deal = by_name.get("Deal")
        if deal is None:
            continue
        tricks, score, par_contract, notes = _published(by_name)
        board = by_name.get("Board")
        boards.append(
            Board(
                board="" if board is None else board.value.strip(),
                dealer=_dealer(by_name.get("Dealer"), deal),
                vulnerable=_vulnerable(by_name.get("Vulnerable")),
                hands=_completed(parse_deal_tag(deal)),
                line=deal.line,
                tricks=tricks,
                score=score,
                par_contract=par_contract,
                notes=notes,
            )
        )
    return boards


def solve(board: Board) -> DDTable:
    """The double-dummy table and par of a board (with its dealer and vulnerability)."""
    from cardrules_dd.analysis import double_dummy

    return double_dummy(board.hands, dealer=board.dealer, vulnerable=board.vulnerable)


def disagreements(board: Board, table: DDTable) -> list[str]:
    """Where the results ``board`` publishes differ from ``table``; empty when they agree."""
    out = []
    for tag, seat, strain, published in board.tricks:
        ours = table.tricks[seat][strain]
        if ours != published:
            out.append(
                f"[{tag}] {SEAT_NAMES[seat]} in {strain}: {published} tricks published, {ours} here"
            )
    if board.score is not None and board.score != table.par.score:
        out.append(
            f"[OptimumScore] NS {board.score:+d} published, NS {table.par.score:+d} here "
            f"(vulnerable: {_vulnerability_words(board.vulnerable)})"
        )
    if board.par_contract is not None:
        named = _contract_keys(board.par_contract)
        found = _contract_keys("; ".join(table.par.contracts)) if table.par.contracts else {_PASS}
        if named is not None and found is not None and not named <= found:
            out.append(
                f"[ParContract] {board.par_contract!r} published, "
                f"{', '.join(table.par.contracts) or 'passed out'} here"
            )
    return out


# ---------------------------------------------------------------------------
# the tags


def _completed(hands: tuple[int, ...]) -> tuple[int, ...]:
    """The hands with one not given (``-``, mask 0) completed from the other three."""
    given = [h for h in hands if h]
    if len(given) == 3 and sum(h.bit_count() for h in given) == 39:
        rest = ALL_CARDS_MASK & ~(given[0] | given[1] | given[2])
        return tuple(h or rest for h in hands)
    return hands


def _dealer(tag: PbnTag | None, deal: PbnTag) -> int:
    """The dealer: the ``Dealer`` tag, else the seat the ``Deal`` text names first."""
    if tag is not None and tag.value.strip() not in ("", "?"):
        return parse_seat(tag)
    return parse_seat(deal, deal.value.strip()[:1])


def _vulnerable(tag: PbnTag | None) -> tuple[bool, bool]:
    value = "" if tag is None else tag.value.strip()
    if value in ("", "?"):
        return (False, False)
    found = VULNERABILITY.get(value.lower())
    if found is None:
        assert tag is not None
        raise PbnError(
            tag.line,
            f"[Vulnerable] {shown(value)} is not a vulnerability (expected None, NS, EW or All)",
        )
    return found


def _vulnerability_words(vulnerable: tuple[bool, bool]) -> str:
    return {(False, False): "none", (True, False): "NS", (False, True): "EW"}.get(
        vulnerable, "both"
    )


def _published(
    by_name: dict[str, PbnTag],
) -> tuple[tuple[tuple[str, int, str, int], ...], int | None, str | None, tuple[str, ...]]:
    """What the file publishes: :attr:`Board.tricks`, ``score``, ``par_contract``, ``notes``."""
    tricks: list[tuple[str, int, str, int]] = []
    notes: list[str] = []
    if "OptimumResultTable" in by_name:
        tricks += _result_table(by_name["OptimumResultTable"], notes)
    if "DoubleDummyTricks" in by_name:
        tricks += _dd_tricks(by_name["DoubleDummyTricks"], notes)
    score = None
    if "OptimumScore" in by_name:
        score = _score(by_name["OptimumScore"], notes)
    par_contract = None
    if "ParContract" in by_name:
        value = by_name["ParContract"].value.strip()
        if value and value != "?":
            if _contract_keys(value) is None:
                notes.append(
                    f"[ParContract] {value!r} not read (expected e.g. 'NS 4S' or 'EW 5HX')"
                )
            else:
                par_contract = value
    return tuple(tricks), score, par_contract, tuple(notes)


def _result_table(tag: PbnTag, notes: list[str]) -> list[tuple[str, int, str, int]]:
    """The rows of an ``OptimumResultTable``: its columns are named by the tag's value."""
    columns = [re.sub(r"\\.*$", "", c).lower() for c in re.split(r"[;\s]+", tag.value) if c]
    wanted = ("declarer", "denomination", "result")
    at = [columns.index(c) for c in wanted] if all(c in columns for c in wanted) else [0, 1, 2]
    rows = []
    for line, row in tag.section:
        cells = row.split()
        try:
            seat = seat_of_letter(cells[at[0]])
            strain = _STRAIN_OF.get(cells[at[1]].upper())
            tricks = int(cells[at[2]]) if cells[at[2]].isdigit() else -1
        except IndexError:
            seat = strain = None
            tricks = -1
        if seat is None or strain is None or not 0 <= tricks <= 13:
            notes.append(f"[OptimumResultTable] line {line}: {row!r} not read")
            continue
        rows.append(("OptimumResultTable", seat, strain, tricks))
    return rows


def _dd_tricks(tag: PbnTag, notes: list[str]) -> list[tuple[str, int, str, int]]:
    value = tag.value.strip()
    if not re.fullmatch(r"[0-9a-dA-D]{20}", value):
        if value not in ("", "?"):
            notes.append(
                f"[DoubleDummyTricks] {value!r} not read (expected 20 hexadecimal digits 0-d)"
            )
        return []
    return [
        ("DoubleDummyTricks", seat, strain, int(value[5 * i + j], 16))
        for i, seat in enumerate(_DDT_SEATS)
        for j, strain in enumerate(_DDT_STRAINS)
    ]


def _score(tag: PbnTag, notes: list[str]) -> int | None:
    value = tag.value.strip()
    found = {side: int(n) for side, n in _SCORE.findall(value.upper())}
    ns = [found["NS"]] if "NS" in found else []
    ns += [-found["EW"]] if "EW" in found else []
    if not ns or len(set(ns)) > 1:
        if value not in ("", "?"):
            notes.append(f"[OptimumScore] {value!r} not read (expected e.g. 'NS 420' or 'EW -420')")
        return None
    return ns[0]


def _contract_keys(text: str) -> set[ContractKey] | None:
    """The par contracts a text names (``"NS 4S; NS 5D"``, ``"4S N"``); None if unreadable."""
    keys: set[ContractKey] = set()
    for item in re.split(r"[;,]", text.upper()):
        item = item.strip()
        if not item:
            continue
        if item in ("PASS", "PASSED OUT", "AP"):
            keys.add(_PASS)
            continue
        m = _SIDE_FIRST.fullmatch(item)
        if m is not None:
            side, level, strain, doubling = m.group(1), m.group(2), m.group(3), m.group(4)
        else:
            m = _LEVEL_FIRST.fullmatch(item)
            if m is None:
                return None
            level, strain, doubling, side = m.group(1), m.group(2), m.group(3), m.group(4)
        pair = side if len(side) == 2 else pair_of(SEAT_NAMES.index(side))
        keys.add((pair, int(level), _STRAIN_OF[strain], doubling or ""))
    return keys or None
