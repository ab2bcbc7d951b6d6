"""Boards as PBN text in the export layout, which :mod:`cardrules_pbn.reader` reads back equal.

A game is written as: the 15 tags of the Mandatory Tag Set in their order
(``Event`` .. ``Result``, empty when unknown); the ``Auction`` section from the
dealer, four calls a line, ``*`` after an auction that stops early, then the
notes its calls refer to; the ``Play`` section from the opening leader, one
trick a line in seat order from the leader (``-`` for a card not played),
``*`` after a play that stops early, then the notes of the play; then the
other tags with their sections, in the board's order.  The file starts with
``% PBN 2.1`` and ``% EXPORT``; games are separated by a blank line.

:func:`dump_board` reads what it wrote back and refuses (:class:`PbnError`) a
board that would not read back equal: a contract the auction contradicts,
a card its player does not hold, a value PBN cannot carry (``#``, a line break).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from cardrules.cards import Card
from cardrules.errors import shown
from cardrules.rules.components import SEAT_NAMES
from cardrules_pbn.model import (
    MANDATORY_TAGS,
    PBN_RANKS,
    PBN_SUITS,
    VULNERABLE_NAMES,
    PbnBoard,
    PbnError,
    auction_outcome,
    pbn_card_text,
    seat_letter,
)
from cardrules_pbn.reader import note_refs, parse_board
from cardrules_pbn.syntax import _TAG_NAME, read_games

__all__ = [
    "HEADER",
    "auction_rows",
    "deal_text",
    "dump_board",
    "dumps",
    "hand_text",
    "pbn_file",
    "play_rows",
    "quote",
    "tag_line",
]

#: The first lines of a PBN file in the export format.
HEADER = "% PBN 2.1\n% EXPORT\n"
_CALL_TEXTS = {"pass": "Pass", "double": "X", "redouble": "XX"}
_BREAK = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


def quote(value: str) -> str:
    """A tag value between the quotes: ``"`` as ``\\"``, a backslash doubled where it
    would otherwise read as an escape (others stay, as ``\\2R`` in table headers)."""
    if _BREAK.search(value):
        raise PbnError(
            None, f"a tag value cannot hold a line break or control character: {shown(value)}"
        )
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return "".join(out)


def tag_line(name: str, value: str) -> str:
    """A tag pair on its line: ``[Name "value"]``."""
    if not _TAG_NAME.fullmatch(name):
        raise PbnError(None, f"{shown(name)} is not a tag name (a letter A-Z, then A-Z a-z 0-9 _)")
    return f'[{name} "{quote(value)}"]'


def hand_text(mask: int) -> str:
    """A hand as PBN writes it, spades first: ``AKQ.JT9.876.5432``; ``-`` for no cards."""
    if not mask:
        return "-"
    parts = []
    for suit in PBN_SUITS:
        bits = mask >> (13 * suit) & 0x1FFF
        parts.append("".join(PBN_RANKS[r] for r in range(12, -1, -1) if bits >> r & 1))
    return ".".join(parts)


def deal_text(dealer: int, hands: Sequence[int]) -> str:
    """The PBN ``Deal`` value: the dealer's letter, then the hands clockwise from the dealer."""
    return SEAT_NAMES[dealer] + ":" + " ".join(hand_text(hands[(dealer + i) % 4]) for i in range(4))


def auction_rows(calls: Sequence[str], marks: Sequence[str] = ()) -> list[str]:
    """The lines of an ``Auction`` section from the dealer: four calls a line (each with
    its annotation), and ``*`` when the auction is not over."""
    texts = []
    for i, call in enumerate(calls):
        text = _CALL_TEXTS.get(call, call)
        mark = marks[i] if marks else ""
        texts.append(f"{text} {mark}" if mark else text)
    rows = [" ".join(texts[i : i + 4]) for i in range(0, len(texts), 4)]
    try:
        over = auction_outcome(calls).over
    except ValueError:
        over = False  # the read-back check names the call
    if not over:
        rows.append("*")
    return rows


def play_rows(
    first: int, plays: Sequence[tuple[int, Card]], marks: Sequence[str] = ()
) -> list[str]:
    """The lines of a ``Play`` section whose first column is seat ``first`` (the opening
    leader): one trick a line, cards in seat order, ``-`` for a card not played, and
    ``*`` when fewer than 52 cards were played."""
    rows = []
    for start in range(0, len(plays), 4):
        cells = ["-"] * 4
        for k, (seat, card) in enumerate(plays[start : start + 4]):
            mark = marks[start + k] if marks else ""
            text = pbn_card_text(card)
            cells[(seat - first) % 4] = f"{text} {mark}" if mark else text
        rows.append(" ".join(cells))
    if len(plays) < 52:
        rows.append("*")
    return rows


def _board_text(board: PbnBoard) -> str:
    if board.dealer not in range(4) or board.declarer not in (None, 0, 1, 2, 3):
        raise PbnError(None, f"dealer and declarer are seats 0..3, not {shown(board)}")
    if len(board.hands) != 4:
        raise PbnError(None, f"a board has 4 hands, not {shown(board.hands)}")
    vulnerable = VULNERABLE_NAMES.get(board.vulnerable)
    if vulnerable is None:
        raise PbnError(None, f"vulnerable must be 2 booleans, got {shown(board.vulnerable)}")
    others = {name: (value, section) for name, value, section in board.tags}
    own = {
        "Board": "" if board.board is None else str(board.board),
        "Dealer": SEAT_NAMES[board.dealer],
        "Vulnerable": vulnerable,
        "Deal": deal_text(board.dealer, board.hands),
        "Declarer": "" if board.contract == "Pass" else seat_letter(board.declarer),
        "Contract": board.contract or "",
        "Result": "" if board.result is None else str(board.result),
    }
    lines = []
    for name in MANDATORY_TAGS:
        value, section = others.pop(name, ("", ()))
        lines.append(tag_line(name, own.get(name, value)))
        lines.extend(section)
    play_notes = {i for mark in board.card_marks for i in note_refs(mark)}
    if board.auction:
        lines.append(tag_line("Auction", SEAT_NAMES[board.dealer]))
        lines.extend(auction_rows(board.auction, board.call_marks))
    lines.extend(tag_line("Note", f"{i}:{text}") for i, text in board.notes if i not in play_notes)
    if board.leader is not None and board.strain is not None:
        lines.append(tag_line("Play", SEAT_NAMES[board.leader]))
        lines.extend(play_rows(board.leader, board.plays(), board.card_marks))
        lines.extend(tag_line("Note", f"{i}:{text}") for i, text in board.notes if i in play_notes)
    for name, (value, section) in others.items():
        lines.append(tag_line(name, value))
        lines.extend(section)
    return "\n".join(lines)


def dump_board(board: PbnBoard) -> str:
    """The PBN text of one board (no trailing blank line); it reads back as ``board``."""
    text = _board_text(board)
    name = "board" if board.board is None else f"board {board.board}"
    try:
        again = parse_board(read_games(text)[0])
    except PbnError as exc:
        raise PbnError(None, f"cannot write {name}: {exc.what}") from None
    differ = board.differences(again)
    if differ:
        read = ", ".join(f"{f} {shown(getattr(again, f))}" for f in differ)
        raise PbnError(None, f"cannot write {name}: it would read back with {read}")
    return text


def pbn_file(games: Iterable[str]) -> str:
    """A PBN file of some games' texts: the header, then the games, a blank line between."""
    return HEADER + "\n" + "\n\n".join(games) + "\n"


def dumps(boards: Iterable[PbnBoard]) -> str:
    """The PBN text of some boards (:func:`dump_board` each, in a file)."""
    return pbn_file(dump_board(board) for board in boards)
