"""Every error a user of cardrules can cause, split by cause.

All of them derive from :class:`CardrulesError` (itself a ``ValueError``), so an
app can catch one class.  Messages are lower case, name the input and where it
was found, and say what was expected.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = [
    "ActionError",
    "CardError",
    "CardrulesError",
    "IllegalAction",
    "PluginError",
    "ProfileError",
    "RecordError",
    "did_you_mean",
    "shown",
]

#: How many characters of an input an error message shows (the rest is elided).
SHOWN_CHARS = 60
#: The letters of the first four seats in messages (``seat 2 (S)``); seats beyond have none.
_SEAT_LETTERS = "NESW"


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages.

    Messages repeat what was given so a person can find it, but an input from
    outside can be megabytes long: the message stays small whatever it is.

    >>> shown("bid 3")
    "'bid 3'"
    >>> shown("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (1002 characters)"
    """
    try:
        text = repr(value)
    except Exception:  # a hostile object's __repr__ must not escape
        return f"<{type(value).__name__} object>"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``"did you mean 'x'? "`` naming the known word closest to ``word``, or ``""`` when
    none is close: the hint of every unknown name (profiles, options).

    >>> did_you_mean("callbreak-strikt", ["callbreak-strict", "hearts"])
    "did you mean 'callbreak-strict'? "
    >>> did_you_mean("chess", ["callbreak-strict", "hearts"])
    ''
    """
    close = difflib.get_close_matches(str(word)[:200], list(known), n=1)
    return f"did you mean {close[0]!r}? " if close else ""


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
    dummy); ``reason`` is the sentence, ``seat`` the seat that tried, named in
    the message by its number and, at the first four seats, its letter:
    ``illegal action 'play KH' by seat 2 (S): ...``.
    """

    def __init__(self, rule: str, reason: str, *, action: str = "", seat: int | None = None):
        self.rule = rule
        self.reason = reason
        self.action = action
        self.seat = seat
        head = f"illegal action {action!r}" if action else "illegal action"
        if seat is not None:
            letter = f" ({_SEAT_LETTERS[seat]})" if 0 <= seat < len(_SEAT_LETTERS) else ""
            head += f" by seat {seat}{letter}"
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


class PluginError(CardrulesError):
    """A plugin's rule object raised while the game used it; the game is left unchanged.

    ``plugin`` names the plugin (its registered name, else its module), ``hook``
    the hook that provided the failing object, ``component`` what the game
    was doing with it (``"scorer.score"``).  The original exception is the
    ``__cause__``.
    """

    def __init__(self, plugin: str, hook: str, component: str, error: BaseException):
        self.plugin = plugin
        self.hook = hook
        self.component = component
        self.error = error
        said = str(error)
        if len(said) > 200:
            said = said[:200] + "..."
        super().__init__(
            f"plugin {plugin!r} failed in {component} (provided by hook {hook}): "
            f"{type(error).__name__}: {said}; the game is unchanged"
        )
