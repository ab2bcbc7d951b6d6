"""The streams a command reads and writes (:class:`Console`), and the usage error.

Light on purpose: :mod:`cardrules.cli` imports it before it knows which
command runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from cardrules.deck import RANK_NAMES, Card, Order, Suit
from cardrules.engine.picture import SUIT_ORDER, hand_groups

__all__ = ["SUIT_ORDER", "Console", "UsageError", "in_hand_order"]


def in_hand_order(cards: Iterable[Card], order: Order | None = None) -> list[Card]:
    """Cards in the order a hand shows them: by suit (♠ ♥ ♦ ♣) as ``order`` counts the
    suits (default: the natural order of their deck), strongest first, then the cards of
    no suit."""
    return [card for _, group in hand_groups(list(cards), order) for card in group]


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

    def hand(self, cards: Iterable[Card], order: Order | None = None) -> str:
        """A hand by suit as ``order`` counts the suits (default: the natural order of the
        cards' deck), strongest first: ``♠ A K 7  ♥ Q 10  ♦ -  ♣ 9 2``; a card counted in
        another suit than its own (Euchre's left bower) and the cards of no suit in full."""
        parts = []
        for suit, group in hand_groups(list(cards), order):
            words = " ".join(
                RANK_NAMES[c.rank] if suit is not None and c.suit is suit else self.card(c)
                for c in group
            )
            parts.append(words if suit is None else f"{self.suit(suit)} {words or '-'}")
        return "  ".join(parts)
