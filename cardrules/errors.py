"""Every error a user of cardrules can cause, split by cause.

All of them derive from :class:`CardrulesError` (itself a ``ValueError``), so an
app can catch one class.  Messages are lower case, name the input and where it
was found, and say what was expected.
"""

from __future__ import annotations

__all__ = [
    "ActionError",
    "CardError",
    "CardrulesError",
    "IllegalAction",
    "ProfileError",
    "RecordError",
]


class CardrulesError(ValueError):
    """Base class of every error a user of cardrules can cause."""


class CardError(CardrulesError):
    """A card or a list of cards could not be read."""


class ActionError(CardrulesError):
    """An action could not be read (unknown verb, malformed argument)."""


class IllegalAction(CardrulesError):
    """An action that parses but breaks a rule; the game is left unchanged.

    ``rule`` is the rule id that forbids it (``"CBS-3.6"``), or empty when no
    rule of the profile is involved (a card not in the hand, the game over, out
    of turn unless the profile names a rule for turns, as Minibridge does for
    dummy); ``reason`` is the sentence, ``seat`` the seat that tried.
    """

    def __init__(self, rule: str, reason: str, *, action: str = "", seat: int | None = None):
        self.rule = rule
        self.reason = reason
        self.action = action
        self.seat = seat
        head = f"illegal action {action!r}" if action else "illegal action"
        if seat is not None:
            head += f" by seat {seat}"
        super().__init__(f"{head}: {rule}: {reason}" if rule else f"{head}: {reason}")


class ProfileError(CardrulesError):
    """A profile could not be found, read or validated.

    ``problems`` lists ``(key path, expectation)`` pairs, all found at once.
    """

    def __init__(self, source: str, problems: list[tuple[str, str]] | str):
        self.source = source
        if isinstance(problems, str):
            problems = [("", problems)]
        self.problems = problems
        lines = [f"invalid profile {source}:"]
        for path, what in problems:
            lines.append(f"  {path} -> {what}" if path else f"  {what}")
        super().__init__("\n".join(lines))


class RecordError(CardrulesError):
    """A saved game or record is corrupt or does not match its rules."""
