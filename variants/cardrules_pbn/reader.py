"""PBN games as bridge boards: the deal, the auction, the play, the contract and the result.

:func:`loads` reads a PBN text (PBN 2.1, the import format: what tournament
software writes) into :class:`~cardrules_pbn.model.PbnBoard` values, checking
what the tags say against each other: the hands, the calls (the Laws of the
auction), the contract and declarer the auction ends in, the cards each seat
still holds, the tricks declarer took.

The play section is not in playing order.  ``[Play "W"]`` names the opening
leader, and each line is one trick, its four cards **in seat order from that
seat** (W, N, E, S here), whoever led the trick::

    [Play "W"]
    DQ D3 D4 D2   ; W leads the DQ, then N D3, E D4, S D2: W wins
    SK S2 S4 SJ   ; W leads again, and wins
    DJ DT DK D7   ; E wins with the DK...
    - - S3 S6     ; ...and leads (the third column): E S3, S S6, W and N not given
    *             ; no more cards will be given

so the reader follows the trick winners (with the contract's trump) to put
the cards in the order they were played.  A ``-`` is a card not given: the
record stops there, and later tricks may only hold ``-``.

Following suit is not checked (a record may hold a revoke): a family replays
a board's play through its rules (Minibridge's ``game_from_pbn`` does).  Not
read, and refused by name: the irregularities of PBN 2.1, 3.9 (``^I`` ``^S``
``^R`` ``^L``, ``^`` in ``Declarer`` or ``Result``), end positions (hands of
fewer than 13 cards, 3.10).

The building blocks (:func:`parse_seat`, :func:`parse_deal`,
:func:`parse_number`, :func:`parse_play`, :func:`declarer_tricks`) are
public: a family's own reader (Minibridge's) uses them with its own rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from cardrules.cards import CARDS, Card, Suit
from cardrules.errors import shown
from cardrules.rules.components import SEAT_NAMES, seat_of_letter
from cardrules.rules.duties import trick_winner_index
from cardrules_pbn.model import (
    MODELLED_TAGS,
    PBN_RANKS,
    PBN_SUITS,
    VULNERABILITY,
    AuctionOutcome,
    AuctionState,
    PbnBoard,
    PbnError,
    contract_strain,
    trump_of,
)
from cardrules_pbn.syntax import PbnTag, read_games

__all__ = [
    "MAX_MARKS",
    "MAX_NAG",
    "MAX_NOTE",
    "AuctionRecord",
    "PlayRecord",
    "Token",
    "declarer_tricks",
    "loads",
    "note_refs",
    "parse_auction",
    "parse_board",
    "parse_card",
    "parse_contract",
    "parse_deal",
    "parse_number",
    "parse_play",
    "parse_result",
    "parse_seat",
    "section_tokens",
]

#: The highest note index (``=32=``, PBN 2.1, 3.5.4).
MAX_NOTE = 32
#: The highest Numeric Annotation Glyph (``$255``, PBN 2.1, 3.7).
MAX_NAG = 255
#: The most annotations after one call or card (a suffix, a note, NAGs).
MAX_MARKS = 8
#: Tags whose value says it all: a section after one is a mistake.
_NO_SECTION = MODELLED_TAGS - {"Auction", "Play"}
_TOKEN = re.compile(r"(=\d{1,9}=)|(\$\d{1,9})|([!?]{1,2})|([*+])|(\^\S?)|([A-Za-z0-9-]+)|(\S)")
_KINDS = ("note", "nag", "suffix", "end", "irregular", "word", "other")
_MARKS = frozenset({"note", "nag", "suffix"})
_BID = re.compile(r"([1-7])(NT|N|[CDHS])")
_CONTRACT = re.compile(r"([1-7])(NT|N|[CDHS])(X{0,2})")
_NUMBER = re.compile(r"[0-9]{1,10}")
_RESULT_SIDES = re.compile(r"(NS|EW)\s+([0-9]{1,2})(?:\s+(NS|EW)\s+([0-9]{1,2}))?", re.I)
_NOTE = re.compile(r"\s*([0-9]{1,9})\s*:(.*)", re.S)
_NOTE_REF = re.compile(r"=([0-9]+)=")
_UNKNOWN = ("", "?")


class Token(NamedTuple):
    """A token of an auction or play section: its line, its kind (``word``, ``note``
    ``=1=``, ``nag`` ``$3``, ``suffix`` ``!?``, ``end`` ``*`` ``+``, ``irregular``
    ``^S``, ``other``) and its text."""

    line: int
    kind: str
    text: str


def section_tokens(tag: PbnTag) -> Iterator[Token]:
    """The tokens of a tag's section (PBN 2.1, 3.2): calls or cards and their annotations.

    Made one by one, so that a reader stops at the first wrong one.
    """
    for line, text in tag.section:
        for found in _TOKEN.finditer(text):
            assert found.lastindex is not None
            yield Token(line, _KINDS[found.lastindex - 1], found.group())


# ---------------------------------------------------------------------------
# tag values


def parse_seat(tag: PbnTag, value: str | None = None) -> int:
    """The seat a tag names (``N`` ``E`` ``S`` ``W``, any case): 0..3."""
    text = tag.value if value is None else value
    seat = seat_of_letter(text.strip())
    if seat is None:
        raise PbnError(
            tag.line, f"[{tag.name}] {shown(text)} is not a seat (expected N, E, S or W)"
        )
    return seat


def parse_number(tag: PbnTag, low: int, high: int) -> int | None:
    """A whole number ``low..high`` of a tag such as ``Board``; None when empty or ``?``."""
    value = tag.value.strip()
    if value in _UNKNOWN:
        return None
    if not _NUMBER.fullmatch(value) or not low <= int(value) <= high:
        raise PbnError(
            tag.line, f"[{tag.name}] {shown(value)} must be a whole number {low}..{high} or empty"
        )
    return int(value)


def parse_deal(tag: PbnTag) -> tuple[int, int, int, int]:
    """The four hands of a ``Deal`` tag, masks by seat; 0 for a hand given as ``-``.

    The value is the first seat, ``:``, then the hands clockwise, each its
    spades, hearts, diamonds and clubs separated by dots: ``N:AKQ.JT9.876.5432 ...``.
    """
    value = tag.value.strip()
    if len(value) < 2 or value[1] != ":":
        raise PbnError(
            tag.line, f"[Deal] {shown(value)} must start with a seat and ':' (e.g. 'N:')"
        )
    first = parse_seat(tag, value[0])
    texts = value[2:].split()
    if len(texts) != 4:
        raise PbnError(tag.line, f"[Deal] needs 4 hands, got {len(texts)}")
    hands = [0, 0, 0, 0]
    seen = 0
    for i, text in enumerate(texts):
        seat = (first + i) % 4
        if text == "-":
            continue
        suits = text.split(".")
        if len(suits) != 4:
            raise PbnError(
                tag.line,
                f"[Deal] hand of {SEAT_NAMES[seat]} {shown(text)} must list 4 suits, S.H.D.C "
                f"(or be '-' when not given)",
            )
        mask = 0
        for suit, ranks in zip(PBN_SUITS, suits, strict=True):
            for ch in ranks:
                rank = PBN_RANKS.find(ch.upper())
                if rank < 0:
                    raise PbnError(
                        tag.line,
                        f"[Deal] hand of {SEAT_NAMES[seat]}: {shown(ch)} is not a rank "
                        f"(expected AKQJT98765432)",
                    )
                bit = 1 << (13 * suit + rank)
                if (mask | seen) & bit:
                    raise PbnError(
                        tag.line, f"[Deal] {CARDS[13 * suit + rank].symbol()} is dealt twice"
                    )
                mask |= bit
        if mask.bit_count() != 13:
            raise PbnError(
                tag.line,
                f"[Deal] hand of {SEAT_NAMES[seat]} has {mask.bit_count()} cards (expected 13)",
            )
        seen |= mask
        hands[seat] = mask
    return hands[0], hands[1], hands[2], hands[3]


def parse_vulnerable(tag: PbnTag) -> tuple[bool, bool]:
    """(north-south, east-west) vulnerable, from ``None`` ``NS`` ``EW`` ``All`` (or
    ``Love`` ``-`` ``Both``, any case); not vulnerable when empty or ``?``."""
    value = tag.value.strip()
    if value in _UNKNOWN:
        return (False, False)
    found = VULNERABILITY.get(value.lower())
    if found is None:
        raise PbnError(
            tag.line,
            f"[Vulnerable] {shown(value)} is not a vulnerability (expected None, NS, EW or All)",
        )
    return found


def parse_contract(tag: PbnTag) -> str | None:
    """A ``Contract`` tag as the model writes it (``4S``, ``3NTX``, ``Pass``; ``1N`` is
    ``1NT``); None when empty or ``?``."""
    value = tag.value.strip()
    if value in _UNKNOWN:
        return None
    if value.upper() == "PASS":
        return "Pass"
    found = _CONTRACT.fullmatch(value.upper())
    if found is None:
        raise PbnError(
            tag.line,
            f"[Contract] {shown(value)} is not a contract (expected e.g. '4S', '3NTX' or 'Pass')",
        )
    level, strain, risk = found.groups()
    return level + ("NT" if strain == "N" else strain) + risk


def _parse_declarer(tag: PbnTag) -> int | None:
    value = tag.value.strip()
    if value in _UNKNOWN:
        return None
    if value.startswith("^"):
        raise PbnError(
            tag.line,
            f"[Declarer] {shown(value)}: declarer and dummy swapped ('^') is not supported",
        )
    return parse_seat(tag)


def parse_result(tag: PbnTag, declarer: int | None) -> int | None:
    """The tricks of declarer's side from a ``Result`` tag: ``9``, or by side ``NS 9``,
    ``EW 4``, ``NS 9 EW 4``; None when empty or ``?``."""
    value = tag.value.strip()
    if value in _UNKNOWN:
        return None
    if value.startswith("^"):
        raise PbnError(
            tag.line,
            f"[Result] {shown(value)}: a result the players agreed against the tricks ('^') "
            f"is not supported",
        )
    if _NUMBER.fullmatch(value):
        tricks = int(value)
    else:
        found = _RESULT_SIDES.fullmatch(value)
        if found is None:
            raise PbnError(
                tag.line,
                f"[Result] {shown(value)} is not a result (expected declarer's tricks, "
                f"e.g. '9', or a side's, e.g. 'NS 9')",
            )
        said = {found.group(1).upper(): int(found.group(2))}
        if found.group(3):
            said[found.group(3).upper()] = int(found.group(4))
        if declarer is None:
            raise PbnError(tag.line, f"[Result] {shown(value)} names a side: it needs a [Declarer]")
        side, other = ("NS", "EW") if declarer % 2 == 0 else ("EW", "NS")
        tricks = said[side] if side in said else 13 - said[other]
    if not 0 <= tricks <= 13:
        raise PbnError(tag.line, f"[Result] {shown(value)} must be a whole number 0..13 or empty")
    return tricks


def _parse_notes(tags: Sequence[PbnTag]) -> dict[int, str]:
    notes: dict[int, str] = {}
    for tag in tags:
        found = _NOTE.fullmatch(tag.value)
        if found is None or not 1 <= int(found.group(1)) <= MAX_NOTE:
            raise PbnError(
                tag.line,
                f"[Note] {shown(tag.value)} must be 'n:text', n a note number 1..{MAX_NOTE}",
            )
        index = int(found.group(1))
        if index in notes:
            raise PbnError(tag.line, f"[Note] {index} is explained twice")
        notes[index] = found.group(2).strip()
    return notes


def note_refs(mark: str) -> list[int]:
    """The note numbers an annotation refers to (``"=1= $3"`` -> ``[1]``)."""
    return [int(i) for i in _NOTE_REF.findall(mark)]


# ---------------------------------------------------------------------------
# annotations


def _annotate(marks: list[str], token: Token, section: str) -> None:
    """Add an annotation to a call's or card's: at most one suffix and one note each."""
    if token.kind == "note" and not 1 <= int(token.text[1:-1]) <= MAX_NOTE:
        raise PbnError(
            token.line, f"[{section}] note {token.text} is not a note number 1..{MAX_NOTE}"
        )
    if token.kind == "nag" and int(token.text[1:]) > MAX_NAG:
        raise PbnError(token.line, f"[{section}] {token.text} is not an annotation $0..${MAX_NAG}")
    if len(marks) == MAX_MARKS:
        what = "call" if section == "Auction" else "card"
        raise PbnError(
            token.line, f"[{section}] more than {MAX_MARKS} annotations after one {what}"
        )
    same = [m for m in marks if _kind(m) == token.kind]
    if same and token.kind != "nag":
        raise PbnError(
            token.line, f"[{section}] {token.text} after {same[0]}: one {token.kind} at most"
        )
    marks.append(token.text)


def _kind(text: str) -> str:
    found = _TOKEN.fullmatch(text)
    assert found is not None and found.lastindex is not None
    return _KINDS[found.lastindex - 1]


def _refuse(token: Token, section: str) -> None:
    if token.kind == "irregular":
        raise PbnError(
            token.line, f"[{section}] the irregularity {shown(token.text)} is not supported"
        )
    raise PbnError(token.line, f"[{section}] unexpected {shown(token.text)}")


# ---------------------------------------------------------------------------
# the auction


@dataclass(frozen=True, slots=True)
class AuctionRecord:
    """The calls of an ``Auction`` section (from the dealer), their annotations and lines,
    and how the auction ends."""

    calls: tuple[str, ...]
    marks: tuple[str, ...]
    lines: tuple[int, ...]
    outcome: AuctionOutcome


def _call_of(token: Token) -> str:
    text = token.text.upper()
    if text in ("PASS", "P"):
        return "pass"
    if text == "X":
        return "double"
    if text == "XX":
        return "redouble"
    found = _BID.fullmatch(text)
    if found is None:
        raise PbnError(
            token.line,
            f"[Auction] {shown(token.text)} is not a call "
            f"(expected Pass, X, XX, AP, 1C..7NT or '-')",
        )
    return found.group(1) + ("NT" if found.group(2) == "N" else found.group(2))


def parse_auction(tag: PbnTag, dealer: int) -> AuctionRecord:
    """The calls of an ``Auction`` section, checked against the Laws of the auction.

    The tag names the seat of the first column; a ``-`` stands for each seat
    before the dealer (so ``[Auction "W"]`` then ``- Pass ...`` has North deal).
    ``AP`` is all the passes that end the auction, ``*`` ends the section early.
    """
    first = parse_seat(tag)
    state = AuctionState()
    marks: list[list[str]] = []
    lines: list[int] = []
    skipped = 0
    ended = False
    for token in section_tokens(tag):
        if ended:
            raise PbnError(
                token.line, f"[Auction] {shown(token.text)} after the end of the auction ('*')"
            )
        if token.kind == "word":
            if token.text == "-":
                if state.calls:
                    raise PbnError(
                        token.line, "[Auction] '-' (a seat before the dealer) only starts a line"
                    )
                skipped += 1
                continue
            if not state.calls and (first + skipped) % 4 != dealer:
                raise PbnError(
                    token.line,
                    f"[Auction] the first call is {SEAT_NAMES[(first + skipped) % 4]}'s, but "
                    f"the dealer is {SEAT_NAMES[dealer]} (a '-' stands for each seat before "
                    f"the dealer)",
                )
            if token.text.upper() == "AP":
                calls = ["pass"] * max(1, state.passes_to_end())
            else:
                calls = [_call_of(token)]
            for call in calls:
                try:
                    state.call(call)
                except ValueError as exc:
                    raise PbnError(token.line, f"[Auction] {exc}") from None
                marks.append([])
                lines.append(token.line)
        elif token.kind in _MARKS:
            if not marks:
                raise PbnError(
                    token.line, f"[Auction] the annotation {shown(token.text)} follows no call"
                )
            _annotate(marks[-1], token, "Auction")
        elif token.kind == "end":
            ended = True
        else:
            _refuse(token, "Auction")
    return AuctionRecord(
        tuple(state.calls),
        tuple(" ".join(m) for m in marks),
        tuple(lines),
        state.outcome(dealer),
    )


# ---------------------------------------------------------------------------
# the play


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """The cards of a ``Play`` section in playing order, ``(seat, card)``, with the line of
    each and its annotations."""

    plays: tuple[tuple[int, Card], ...]
    lines: tuple[int, ...]
    marks: tuple[str, ...]


def parse_card(line: int, text: str) -> Card:
    """A card of a play section: suit then rank, ``HA``, ``S6``, ``DT`` (any case)."""
    up = text.upper()
    if len(up) != 2 or up[0] not in "CDHS" or up[1] not in PBN_RANKS:
        raise PbnError(line, f"[Play] {shown(text)} is not a card (expected e.g. 'HA', 'S6', 'DT')")
    return CARDS[13 * Suit[up[0]] + PBN_RANKS.index(up[1])]


class _Play:
    """The state of a play record being read, trick by trick."""

    def __init__(self, hands: Sequence[int], trump: int, first: int, leader: int) -> None:
        self.hands = tuple(hands)
        self.held = list(hands)
        self.given = 0  # the cards of the known hands, and those played
        for hand in hands:
            self.given |= hand
        self.trump, self.first, self.leader = trump, first, leader
        self.plays: list[tuple[int, Card]] = []
        self.lines: list[int] = []
        self.marks: list[str] = []
        self.tricks = 0
        self.ended = False  # a card was not given: only '-' from here

    def trick(self, cells: list[Token], marks: list[list[str]]) -> None:
        row = " ".join(c.text for c in cells)
        self.tricks += 1
        if self.tricks > 13:
            raise PbnError(cells[0].line, "[Play] more than 13 tricks")
        if self.ended:
            if any(c.text not in ("-", "+") for c in cells):
                raise PbnError(
                    cells[0].line, f"[Play] {shown(row)} after the end of the play record"
                )
            return
        order = [(self.leader + i) % 4 for i in range(4)]
        trick: list[int] = []
        missing = False
        for seat in order:
            column = (seat - self.first) % 4
            cell = cells[column]
            if cell.text in ("-", "+"):
                if marks[column]:
                    raise PbnError(cell.line, f"[Play] {' '.join(marks[column])} annotates no card")
                missing = True
                continue
            if missing:
                raise PbnError(
                    cell.line,
                    f"[Play] {SEAT_NAMES[seat]} plays {cell.text} after a missing card ('-')",
                )
            card = parse_card(cell.line, cell.text)
            holds = self.held[seat] if self.hands[seat] else ~self.given
            if not holds & card.mask:
                raise PbnError(
                    cell.line,
                    f"[Play] {SEAT_NAMES[seat]} does not hold {card.symbol()} at this point",
                )
            self.held[seat] &= ~card.mask
            self.given |= card.mask
            trick.append(card.index)
            self.plays.append((seat, card))
            self.lines.append(cell.line)
            self.marks.append(" ".join(marks[column]))
        if missing:
            self.ended = True
        else:
            self.leader = order[trick_winner_index(trick, self.trump)]


def parse_play(tag: PbnTag, hands: Sequence[int], trump: int, leader: int) -> PlayRecord:
    """The cards of a ``Play`` section in playing order, from the opening ``leader``.

    Each trick is four cards (or ``-``) in seat order from the seat the tag
    names, not in playing order: the trick winners (``trump`` a suit number, -1
    in no-trump) say who led each trick.  A card must be in its player's hand
    (any card not dealt to a known hand, for a hand the deal does not give).
    """
    state = _Play(hands, trump, parse_seat(tag), leader)
    texts = dict(tag.section)
    cells: list[Token] = []
    marks: list[list[str]] = []
    ended = False
    for token in section_tokens(tag):
        if ended:
            raise PbnError(
                token.line,
                f"[Play] {shown(texts[token.line])} after the end of the play record",
            )
        if token.kind == "word" or token.text == "+":
            if len(cells) == 4:
                state.trick(cells, marks)
                cells, marks = [], []
            cells.append(token)
            marks.append([])
        elif token.kind in _MARKS:
            if not marks:
                raise PbnError(
                    token.line, f"[Play] the annotation {shown(token.text)} follows no card"
                )
            _annotate(marks[-1], token, "Play")
        elif token.text == "*":
            ended = True
            if len(cells) == 4:
                state.trick(cells, marks)
                cells, marks = [], []
        else:
            _refuse(token, "Play")
    if len(cells) == 4:
        state.trick(cells, marks)
    elif cells:
        raise PbnError(
            cells[0].line,
            f"[Play] a trick lists 4 cards or '-', got {shown(' '.join(c.text for c in cells))}",
        )
    return PlayRecord(tuple(state.plays), tuple(state.lines), tuple(state.marks))


def declarer_tricks(plays: Sequence[tuple[int, Card]], declarer: int, trump: int) -> int:
    """The complete tricks of some plays (in playing order) that declarer's side won."""
    taken = 0
    for start in range(0, len(plays) - len(plays) % 4, 4):
        trick = plays[start : start + 4]
        winner = trick[trick_winner_index([c.index for _, c in trick], trump)][0]
        taken += winner % 2 == declarer % 2
    return taken


# ---------------------------------------------------------------------------
# the board


def _given(tag: PbnTag | None) -> bool:
    """Whether a section tag says anything (``[Play ""]`` with no data says nothing)."""
    return tag is not None and (bool(tag.section) or tag.value.strip() not in _UNKNOWN)


def parse_board(tags: Sequence[PbnTag]) -> PbnBoard:
    """The board one game's tags describe (a game of :func:`~cardrules_pbn.syntax.read_games`)."""
    if not tags:
        raise PbnError(None, "a game without tags")
    by_name: dict[str, PbnTag] = {}
    note_tags = []
    for tag in tags:
        if tag.name == "Note":
            note_tags.append(tag)
        elif tag.name in by_name:
            raise PbnError(tag.line, f"[{tag.name}] appears twice in one deal")
        else:
            by_name[tag.name] = tag
        if tag.section and tag.name in _NO_SECTION:
            raise PbnError(tag.section[0][0], f"[{tag.name}] takes no section")
    for name in ("Dealer", "Deal"):
        if name not in by_name:
            raise PbnError(tags[0].line, f"[{name}] is required and missing")
    dealer = parse_seat(by_name["Dealer"])
    hands = parse_deal(by_name["Deal"])
    number = parse_number(by_name["Board"], 1, 10**9) if "Board" in by_name else None
    vulnerable = parse_vulnerable(by_name["Vulnerable"]) if "Vulnerable" in by_name else None
    auction = parse_auction(by_name["Auction"], dealer) if _given(by_name.get("Auction")) else None
    contract, declarer = _settle_contract(by_name, auction)
    play = PlayRecord((), (), ())
    play_tag = by_name.get("Play")
    if play_tag is not None and _given(play_tag):
        play = _play_of(play_tag, hands, contract, declarer)
    result = None
    if "Result" in by_name:
        result = parse_result(by_name["Result"], declarer)
        if result is not None and contract == "Pass":
            raise PbnError(by_name["Result"].line, "[Result] a passed-out board has no result")
    strain = contract_strain(contract)
    if result is not None and len(play.plays) == 52 and declarer is not None and strain:
        taken = declarer_tricks(play.plays, declarer, trump_of(strain))
        if result != taken:
            raise PbnError(
                by_name["Result"].line,
                f"[Result] {result} does not match the play record ({taken} tricks to declarer)",
            )
    notes = _parse_notes(note_tags)
    for section, marks, lines in (
        ("Auction", auction.marks if auction else (), auction.lines if auction else ()),
        ("Play", play.marks, play.lines),
    ):
        for mark, line in zip(marks, lines, strict=True):
            for index in note_refs(mark):
                if index not in notes:
                    raise PbnError(
                        line, f'[{section}] note ={index}= has no [Note "{index}:..."] tag'
                    )
    return PbnBoard(
        dealer=dealer,
        hands=hands,
        board=number,
        vulnerable=vulnerable or (False, False),
        auction=auction.calls if auction else (),
        declarer=declarer,
        contract=contract,
        play=tuple(str(card) for _, card in play.plays),
        result=result,
        notes=tuple(notes.items()),
        call_marks=auction.marks if auction else (),
        card_marks=play.marks,
        tags=tuple(
            (t.name, t.value, tuple(text for _, text in t.section))
            for t in tags
            if t.name not in MODELLED_TAGS
        ),
    )


def _settle_contract(
    by_name: dict[str, PbnTag], auction: AuctionRecord | None
) -> tuple[str | None, int | None]:
    """The contract and declarer, from the tags and the auction (which must agree)."""
    contract_tag, declarer_tag = by_name.get("Contract"), by_name.get("Declarer")
    contract = parse_contract(contract_tag) if contract_tag else None
    declarer = _parse_declarer(declarer_tag) if declarer_tag else None
    if auction is not None and auction.outcome.over:
        said, by = auction.outcome.contract, auction.outcome.declarer
        if contract is not None and contract_tag is not None and contract != said:
            ends = said if by is None else f"{said} by {SEAT_NAMES[by]}"
            raise PbnError(
                contract_tag.line,
                f"[Contract] {contract} does not match the auction, which ends in {ends}",
            )
        if by is not None and declarer is not None and declarer_tag is not None and declarer != by:
            raise PbnError(
                declarer_tag.line,
                f"[Declarer] {SEAT_NAMES[declarer]} does not match the auction: {said} is "
                f"declared by {SEAT_NAMES[by]}",
            )
        contract, declarer = said, by
    if contract == "Pass":
        declarer = None  # RealBridge names a declarer of a passed-out board
    elif contract is not None and declarer is None:
        assert contract_tag is not None
        raise PbnError(contract_tag.line, "[Contract] needs a [Declarer]")
    return contract, declarer


def _play_of(
    tag: PbnTag, hands: Sequence[int], contract: str | None, declarer: int | None
) -> PlayRecord:
    if contract == "Pass":
        raise PbnError(tag.line, "[Play] a passed-out board has no play record")
    strain = contract_strain(contract)
    if declarer is None or strain is None:
        raise PbnError(tag.line, "[Play] a play record needs a Declarer and a Contract")
    first, leader = parse_seat(tag), (declarer + 1) % 4
    if first != leader:
        raise PbnError(
            tag.line,
            f"[Play] the opening lead is by {SEAT_NAMES[leader]}, on declarer's left, "
            f"not {SEAT_NAMES[first]}",
        )
    return parse_play(tag, hands, trump_of(strain), leader)


def loads(text: str) -> list[PbnBoard]:
    """The boards of a PBN text, strictly read; :class:`PbnError` names the line and tag."""
    games = read_games(text)
    if not games:
        raise PbnError(None, 'no deal found (expected tags such as [Deal "N:..."])')
    return [parse_board(game) for game in games]
