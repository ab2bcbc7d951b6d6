"""PBN text as games of tags: lines, comments, escapes, tag pairs, sections, ``#`` values.

This is the syntax of PBN 2.1 (sections 2 and 3.1 to 3.3, 3.8, 4.8), shared by
every reader: a game is a run of tag pairs, each with the lines of its section
(the data lines after it, comments removed), and games are separated by a
blank line.  What the tags mean is the business of :mod:`cardrules_pbn.reader`
(bridge boards) or of a family's own reader (Minibridge).

- ``%`` in the first column makes the line an escape (``% PBN 2.1``,
  ``% EXPORT``): it is skipped, and does not end a game.
- ``;`` starts a comment to the end of the line, ``{`` one to the next ``}``,
  on any later line; a line holding only comments does not end a game.
- A tag pair is ``[Name "value"]``, on one line, with blanks allowed around its
  tokens, several on a line if need be.  In the value, ``\\"`` is a quote and
  ``\\\\`` a backslash; any other backslash is itself (``\\2R`` in an
  ``OptimumResultTable`` header stays as written).
- ``[Name "#"]`` takes the value of ``Name`` in the nearest previous game,
  ``[Name "##text"]`` gives ``text`` to this game and to every later game that
  lacks the tag; ``#`` is refused where PBN forbids it (``Deal``, ``Auction``...).
  A game whose tags all carry ``##`` values is a header, not a game.

Inputs are bounded (:data:`MAX_PBN_CHARS` and the limits beside it), never
opened as paths, and every problem is a :class:`~cardrules_pbn.model.PbnError`
naming the line.

>>> (game,) = read_games('[Event "x"] ; a comment\\n[Auction "N"]\\n1NT {strong} AP\\n')
>>> [(tag.name, tag.value, tag.section) for tag in game]
[('Event', 'x', ()), ('Auction', 'N', ((3, '1NT AP'),))]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from cardrules.errors import shown
from cardrules_pbn.model import PbnError

__all__ = [
    "MAX_GAMES",
    "MAX_LINE_CHARS",
    "MAX_PBN_CHARS",
    "MAX_SECTION_LINES",
    "MAX_TAGS_PER_GAME",
    "NOT_INHERITED",
    "PbnTag",
    "read_games",
]

#: The most characters a PBN text may have (8 Mi: a few thousand boards with analysis).
MAX_PBN_CHARS = 8 * 1024 * 1024
#: The longest line (PBN 2.1 asks for 255 characters; commentary runs longer).
MAX_LINE_CHARS = 10_000
#: The most games in one text.
MAX_GAMES = 10_000
#: The most tag pairs in one game.
MAX_TAGS_PER_GAME = 1_000
#: The most data lines after one tag.
MAX_SECTION_LINES = 5_000
#: The tags whose value may not be ``#`` nor ``##...`` (PBN 2.1, 4.8).
NOT_INHERITED = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_TAG = re.compile(r'\[[ \t\x0b]*([A-Za-z0-9_]+)[ \t\x0b]*"((?:[^"\\]|\\.)*)"[ \t\x0b]*\]')
_TAG_LINE = re.compile(r'[ \t]*\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\][ \t]*')
_TAG_NAME = re.compile(r"[A-Z][A-Za-z0-9_]{0,254}")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_DATA = re.compile(r'[^\s\[\]{};"]+')
_UNESCAPE = re.compile(r'\\(["\\])')
_CONTROL = re.compile(r"[\x00-\x08\x0c\x0e-\x1f\x7f]")
_SPECIAL = re.compile(r'[;{}\[\]"]')


def _unescaped(found: re.Match[str]) -> str:
    return found.group(1)


class PbnTag(NamedTuple):
    """One tag pair of a game: its name, its value (``#`` resolved), the line it is on,
    and its section: ``(line, text)`` of each data line after it, comments removed."""

    name: str
    value: str
    line: int
    section: tuple[tuple[int, str], ...] = ()


@dataclass(slots=True)
class _Open:
    """A tag being read: its section grows line by line."""

    name: str
    value: str
    line: int
    section: list[tuple[int, str]] = field(default_factory=list)


class _Scanner:
    """Reads the lines of a text into games of tags."""

    def __init__(self) -> None:
        self.games: list[list[_Open]] = []
        self.tags: list[_Open] = []
        self.in_brace = 0  # the line where an open '{' comment began, 0 when none

    def end_game(self) -> None:
        if self.tags:
            self.games.append(self.tags)
            self.tags = []

    def add_tag(self, number: int, name: str, value: str) -> None:
        if not _TAG_NAME.fullmatch(name):
            raise PbnError(
                number, f"tag name {shown(name)} must begin with an upper-case letter A-Z"
            )
        if len(self.tags) == MAX_TAGS_PER_GAME:
            raise PbnError(number, f"more than {MAX_TAGS_PER_GAME} tags in one game")
        if not self.tags and len(self.games) == MAX_GAMES:
            raise PbnError(number, f"more than {MAX_GAMES} games")
        if "\\" in value:
            value = _UNESCAPE.sub(_unescaped, value)
        self.tags.append(_Open(name, value, number))

    def add_data(self, number: int, text: str) -> None:
        section = self.tags[-1].section
        if len(section) == MAX_SECTION_LINES:
            raise PbnError(
                number, f"[{self.tags[-1].name}] has more than {MAX_SECTION_LINES} lines of data"
            )
        section.append((number, text))

    def line(self, number: int, raw: str) -> None:
        if len(raw) > MAX_LINE_CHARS:
            raise PbnError(number, f"the line is longer than {MAX_LINE_CHARS} characters")
        bad = _CONTROL.search(raw)
        if bad is not None:
            raise PbnError(
                number, f"control character U+{ord(bad.group()):04X} (only tabs are allowed)"
            )
        pos = 0
        comment = False
        if self.in_brace:
            end = raw.find("}")
            if end < 0:
                return
            self.in_brace, pos, comment = 0, end + 1, True
        elif raw.startswith("%"):
            return
        elif (whole := _TAG_LINE.fullmatch(raw)) is not None:  # the common tag line
            self.add_tag(number, whole.group(1), whole.group(2))
            return
        elif not _SPECIAL.search(raw):  # the common data line: no comment, tag or string
            data = raw.strip()
            if not data:
                self.end_game()
            elif not self.tags:
                raise PbnError(number, f"{shown(data)} is outside any tag's section")
            else:
                self.add_data(number, data)
            return
        pieces: list[str] = []  # runs of data on this line, between comments and tags
        start = -1  # where the current run of data began
        end = 0
        size = len(raw)
        while pos < size:
            ch = raw[pos]
            if ch.isspace():
                pos += 1
                continue
            if ch in ";{[":
                if start >= 0:
                    pieces.append(raw[start:end])
                    start = -1
                if ch == ";":
                    comment = True
                    break
                if ch == "{":
                    comment = True
                    close = raw.find("}", pos + 1)
                    if close < 0:
                        self.in_brace = number
                        break
                    pos = close + 1
                    continue
                found = _TAG.match(raw, pos)
                if found is None:
                    raise PbnError(
                        number,
                        f'malformed tag {shown(raw[pos:].strip())} (expected [Name "value"])',
                    )
                self.flush(number, pieces)
                self.add_tag(number, found.group(1), found.group(2))
                pos = found.end()
                continue
            if ch in "]}":
                raise PbnError(number, f"a {ch!r} that closes nothing, in {shown(raw.strip())}")
            token = (_STRING if ch == '"' else _DATA).match(raw, pos)
            if token is None:
                raise PbnError(number, f"a string that is never closed: {shown(raw[pos:])}")
            if not self.tags:
                rest = re.split(r"[;{]", raw[pos:], maxsplit=1)[0].strip()
                raise PbnError(number, f"{shown(rest)} is outside any tag's section")
            if start < 0:
                start = pos
            pos = end = token.end()
        if start >= 0:
            pieces.append(raw[start:end])
        if pieces:
            self.flush(number, pieces)
        elif not comment and not self.tags_on_line(number):
            self.end_game()

    def flush(self, number: int, pieces: list[str]) -> None:
        """Give the data read so far on this line to the tag it follows."""
        if pieces:
            self.add_data(number, " ".join(pieces))
            pieces.clear()

    def tags_on_line(self, number: int) -> bool:
        return bool(self.tags) and self.tags[-1].line == number


def read_games(text: str, *, inherit: bool = True) -> list[tuple[PbnTag, ...]]:
    """The games of a PBN text, as their tags in the order written.

    With ``inherit`` (the default) ``#`` and ``##`` values are resolved and
    header games left out; without it, the values are as written.  Raises
    :class:`~cardrules_pbn.model.PbnError` naming the line for anything that is
    not PBN; what the tags say is not checked here.
    """
    if not isinstance(text, str):
        raise PbnError(None, f"expected PBN text, got {type(text).__name__}")
    if len(text) > MAX_PBN_CHARS:
        raise PbnError(None, f"the text is too long for PBN (more than {MAX_PBN_CHARS} characters)")
    scanner = _Scanner()
    for number, raw in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):
        scanner.line(number, raw)
    if scanner.in_brace:
        raise PbnError(scanner.in_brace, "a '{' comment is never closed with '}'")
    scanner.end_game()
    if not inherit:
        return [
            tuple(PbnTag(t.name, t.value, t.line, tuple(t.section)) for t in game)
            for game in scanner.games
        ]
    return _inherit(scanner.games)


def _inherit(games: list[list[_Open]]) -> list[tuple[PbnTag, ...]]:
    """Resolve ``#`` and ``##`` values (PBN 2.1, 4.8) and leave header games out."""
    last: dict[str, str] = {}
    lasting: dict[str, PbnTag] = {}  # "##" values, given to later games that lack the tag
    out: list[tuple[PbnTag, ...]] = []
    for game in games:
        tags: list[PbnTag] = []
        header = True
        for tag in game:
            value = tag.value
            if value == "#" or value.startswith("##"):
                if tag.name in NOT_INHERITED:
                    raise PbnError(
                        tag.line,
                        f"[{tag.name}] {shown(value)}: a value from another game ('#') is not "
                        f"allowed in {tag.name}",
                    )
                if value == "#":
                    value = last.get(tag.name, "")
                    header = False
                else:
                    value = value[2:]
                    lasting[tag.name] = PbnTag(tag.name, value, tag.line)
            else:
                header = False
            last[tag.name] = value
            tags.append(PbnTag(tag.name, value, tag.line, tuple(tag.section)))
        if header:
            continue
        present = {tag.name for tag in tags}
        tags.extend(tag for name, tag in lasting.items() if name not in present)
        out.append(tuple(tags))
    return out
