"""The streams a command reads and writes (:class:`Console`), and the usage error.

Light on purpose: :mod:`cardrules.cli` imports it before it knows which
command runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from cardrules.cards import Card, Suit

__all__ = ["SUIT_ORDER", "Console", "UsageError", "in_hand_order"]

#: Display order of the suits in a hand: spades, hearts, diamonds, clubs.
SUIT_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)


def in_hand_order(cards: Iterable[Card]) -> list[Card]:
    """Cards in the order a hand shows them: by suit (♠ ♥ ♦ ♣), high cards first."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c.suit), -c.rank))


class UsageError(Exception):
    """A command-line mistake found after parsing (exit 2)."""


def _can_encode(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Console:
    """The streams a command reads and writes; cards print with suit symbols if they can."""

    def __init__(self, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.symbols = _can_encode(stdout, "♠♥♦♣")

    def write(self, text: str, stream: TextIO | None = None) -> None:
        """Write text as is; characters the terminal cannot show become ``?``."""
        out = self.stdout if stream is None else stream
        if not _can_encode(out, text):
            encoding = getattr(out, "encoding", None) or "ascii"
            text = text.encode(encoding, "replace").decode(encoding)
        out.write(text)

    def say(self, text: str = "") -> None:
        """Write a line to stdout."""
        self.write(text + "\n")

    def error(self, text: str) -> None:
        """Write an error message to stderr."""
        self.write(f"error: {text}\n", self.stderr)

    def ask(self, prompt: str) -> str | None:
        """A line of input after ``prompt``; None at the end of input."""
        self.write(prompt)
        self.stdout.flush()
        try:
            line = self.stdin.readline()
        except UnicodeDecodeError:
            self.say(f"  Could not read that line as {self.stdin.encoding} text.")
            return ""
        if not line:
            self.write("\n")
            return None
        return line.strip()

    def card(self, card: Card) -> str:
        """A card as people read it: ``A♥`` (``AH`` on a terminal without symbols)."""
        return card.symbol() if self.symbols else str(card)

    def suit(self, suit: Suit) -> str:
        """A suit sign: ``♥`` (``H`` without symbols)."""
        return suit.symbol if self.symbols else suit.name

    def hand(self, cards: Iterable[Card]) -> str:
        """A hand sorted by suit, high cards first: ``♠ A K 7  ♥ Q 10  ♦ -  ♣ 9 2``."""
        by_suit: dict[Suit, list[Card]] = {s: [] for s in SUIT_ORDER}
        for card in in_hand_order(cards):
            if card.suit is not None:
                by_suit[card.suit].append(card)
        parts = []
        for suit in SUIT_ORDER:
            ranks = " ".join(c.symbol()[:-1] for c in by_suit[suit])
            parts.append(f"{self.suit(suit)} {ranks or '-'}")
        return "  ".join(parts)
