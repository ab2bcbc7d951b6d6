"""A deal as an SVG diagram, like a bridge column in a newspaper.

:func:`deal` draws a game (every hand) or one seat's view (the other hands as
counts and card backs, never their cards): the four hands round the table,
each suit by suit with its symbol in colour (red hearts and diamonds), the
trick in the middle, and a caption with the contract or the auction, the
tricks won, the totals and whose turn it is.  A table of another size than
four lists a seat a line.  The text is the picture of
:mod:`cardrules.engine.picture`, escaped; the result is a standalone SVG
document (no XML declaration, so that it may also sit inline in HTML), as a
:class:`SvgDocument`: a ``str`` that a notebook draws (``_repr_svg_``), as
python-chess's ``chess.svg.board`` returns.

Not imported by ``import cardrules``: ``import cardrules.svg`` when needed.

>>> import cardrules, cardrules.svg
>>> game = cardrules.load("callbreak-strict").new_game(seed=7)
>>> svg = cardrules.svg.deal(game)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), isinstance(svg, str)
(True, True)
>>> svg._repr_svg_() == str(svg)
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Final

from cardrules.cards import Card
from cardrules.engine.picture import (
    SUIT_COLOURS,
    SUIT_ORDER,
    Scene,
    row_text,
    scene,
    trick_line,
)
from cardrules.rules.components import seat_name

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.views import View

__all__ = ["SvgDocument", "deal"]

#: Font size and line height, in pixels; the width of a character of the monospace font.
FONT: Final = 14
SMALL: Final = 11
LINE: Final = 19
CHAR: Final = 8.6
PAD: Final = 12
GAP: Final = 18
#: A card of the trick on the table, and a card back of a hidden hand.
CARD_W: Final = 38
CARD_H: Final = 26
BACK_W: Final = 9
BACK_STEP: Final = 5
#: Colours: the table's felt, the text of what is not a card, card backs.
FELT: Final = "#e6efe6"
MUTED: Final = "#666666"
BACK: Final = "#3a5fa0"
FONTS: Final = "DejaVu Sans Mono, Menlo, Consolas, monospace"


class SvgDocument(str):
    """An SVG document: a ``str`` (write it, send it, embed it) that Jupyter and IPython
    draw as the picture (``_repr_svg_``); ``str()`` gives the plain text."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def deal(source: Game | View | Scene) -> SvgDocument:
    """The deal as a standalone SVG document (a game, a seat's view, or a scene)."""
    sc = scene(source)
    canvas = _Canvas()
    y: float = PAD
    if sc.title:
        y += LINE
        canvas.text(PAD, y, sc.title, bold=True)
    y = _compass(canvas, sc, y) if sc.compass else _rows(canvas, sc, y)
    for line in sc.lines:
        y += LINE
        canvas.text(PAD, y, line)
    return SvgDocument(canvas.svg(sc.title, y + PAD))


class _Canvas:
    """The SVG elements drawn so far, and how far right they reach."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.right = 0.0

    def text(
        self, x: float, y: float, words: str, *, bold: bool = False, muted: bool = False
    ) -> None:
        """A line of text, each suit symbol in its colour."""
        style = (' font-weight="bold"' if bold else "") + (f' fill="{MUTED}"' if muted else "")
        self.parts.append(f'<text x="{x:g}" y="{y:g}"{style}>{_coloured(words)}</text>')
        self.right = max(self.right, x + len(words) * CHAR)

    def letter(self, x: float, y: float, letter: str) -> None:
        """A seat's letter on the table, small and centred on ``x``."""
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}" font-size="{SMALL}" fill="{MUTED}" '
            f'text-anchor="middle">{escape(letter)}</text>'
        )

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = "") -> None:
        line = f' stroke="{stroke}"' if stroke else ""
        self.parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="3" fill="{fill}"{line}/>'
        )
        self.right = max(self.right, x + w)

    def svg(self, title: str, height: float) -> str:
        width = round(self.right + PAD)
        height = round(height)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONTS}" font-size="{FONT}" '
            'xml:space="preserve" role="img">'
        )
        body = [
            head,
            f"<title>{escape(title)}</title>" if title else "",
            f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
            *self.parts,
            "</svg>",
        ]
        return "\n".join(part for part in body if part)


def _coloured(words: str) -> str:
    """Escaped text with each suit symbol in a ``tspan`` of its colour."""
    out = escape(words)
    for suit in SUIT_ORDER:
        out = out.replace(suit.symbol, f'<tspan fill="{SUIT_COLOURS[suit]}">{suit.symbol}</tspan>')
    return out


def _hand_width(sc: Scene, seat: int) -> float:
    """The width a seat's hand takes, in pixels (0: not shown)."""
    chars: float
    if seat in sc.hands:
        chars = max(len(row_text(sign, words)) for sign, words in sc.rows(seat))
    elif sc.hand_sizes is not None:
        chars = len(sc.count(seat)) + 1 + (BACK_W + BACK_STEP * (_backs(sc) - 1)) / CHAR
    else:
        return 0
    return max(chars, len(sc.label(seat))) * CHAR


def _backs(sc: Scene) -> int:
    """The most card backs a hidden hand shows: a hand of the whole deck shared out."""
    return max(1, sc.deck.size // sc.players)


def _hand_lines(sc: Scene, seat: int) -> int:
    if seat in sc.hands:
        return 1 + len(sc.rows(seat))
    return 2 if sc.hand_sizes is not None else 0


def _hand(canvas: _Canvas, sc: Scene, seat: int, x: float, y: float) -> None:
    """A seat's hand with its top at ``y``: its label, then a suit a line (or its backs)."""
    if not sc.shows(seat):
        return
    canvas.text(x, y + LINE, sc.label(seat), bold=True)
    if seat in sc.hands:
        for i, (sign, words) in enumerate(sc.rows(seat)):
            canvas.text(x, y + LINE * (i + 2), row_text(sign, words))
        return
    count = sc.count(seat)
    canvas.text(x, y + 2 * LINE, count, muted=True)
    left = x + (len(count) + 1) * CHAR
    n = 0 if sc.hand_sizes is None else min(sc.hand_sizes[seat], _backs(sc))
    for i in range(n):
        canvas.rect(left + i * BACK_STEP, y + LINE + 6, BACK_W, LINE - 4, BACK, "#ffffff")


def _compass(canvas: _Canvas, sc: Scene, y: float) -> float:
    """N on top, W and E on the sides of the table, S at the bottom; the new ``y``."""
    left = _hand_width(sc, 3)
    table_w = max(4 * CARD_W + 24, _hand_width(sc, 0), _hand_width(sc, 2))
    table_h = max(3 * CARD_H + 30, _hand_lines(sc, 3) * LINE, _hand_lines(sc, 1) * LINE)
    x0 = PAD
    x1 = x0 + (left + GAP if left else 0)
    x2 = x1 + table_w + GAP
    _hand(canvas, sc, 0, x1, y)
    y += _hand_lines(sc, 0) * LINE + (GAP / 2 if sc.shows(0) else 0)
    _hand(canvas, sc, 3, x0, y + (table_h - _hand_lines(sc, 3) * LINE) / 2)
    _hand(canvas, sc, 1, x2, y + (table_h - _hand_lines(sc, 1) * LINE) / 2)
    _table(canvas, sc, x1, y, table_w, table_h)
    y += table_h + GAP / 2
    _hand(canvas, sc, 2, x1, y)
    return y + _hand_lines(sc, 2) * LINE + GAP / 2


def _table(canvas: _Canvas, sc: Scene, x: float, y: float, w: float, h: float) -> None:
    """The table: a compass of the seat letters in the middle, each card of the trick
    between its seat's letter and the edge before that seat."""
    canvas.rect(x, y, w, h, FELT, "#b8cbb8")
    played = dict(sc.trick)
    mx, my = x + w / 2, y + h / 2
    inset = 6
    cards = {
        0: (mx - CARD_W / 2, y + inset),
        1: (x + w - CARD_W - inset, my - CARD_H / 2),
        2: (mx - CARD_W / 2, y + h - CARD_H - inset),
        3: (x + inset, my - CARD_H / 2),
    }
    base = SMALL / 3  # from a letter's middle to its baseline
    letters = {
        0: (mx, y + inset + CARD_H + SMALL),
        1: (x + w - CARD_W - 2 * inset - SMALL / 2, my + base),
        2: (mx, y + h - CARD_H - inset - SMALL / 2),
        3: (x + CARD_W + 2 * inset + SMALL / 2, my + base),
    }
    for seat in range(4):
        lx, ly = letters[seat]
        canvas.letter(lx, ly, seat_name(seat))
        card = played.get(seat)
        if card is not None:
            _card(canvas, card, *cards[seat])


def _card(canvas: _Canvas, card: Card, x: float, y: float) -> None:
    canvas.rect(x, y, CARD_W, CARD_H, "#ffffff", "#888888")
    words = card.symbol()
    canvas.text(x + (CARD_W - len(words) * CHAR) / 2, y + CARD_H / 2 + FONT / 3, words)


def _rows(canvas: _Canvas, sc: Scene, y: float) -> float:
    """A seat a line (a table of another size than four)."""
    seats = [s for s in range(sc.players) if sc.shows(s)]
    width = max((len(sc.label(s)) for s in seats), default=0) + 2
    for seat in seats:
        y += LINE
        canvas.text(PAD, y, sc.label(seat), bold=True)
        x = PAD + width * CHAR
        if seat in sc.hands:
            canvas.text(x, y, sc.line(seat))
        else:
            canvas.text(x, y, sc.count(seat), muted=True)
    if sc.trick:
        y += LINE
        canvas.text(PAD, y, trick_line(sc.trick))
    return y
