"""Reading an action's text without a game: with every installed family's words.

A game reads actions with its own families' words (``rules.vocabulary``);
:func:`parse_action` reads them with the kernel's and every installed family's,
loaded through their entry points (:func:`~cardrules.rules.plugins.installed_families`)
the first time it is asked, so that a text reads the same whatever was imported
before.

>>> parse_action("play 10♥")
Play(Card.parse('10H'))
>>> str(parse_action("BID 4"))
'bid 4'
"""

from __future__ import annotations

import functools
from collections.abc import Collection

from cardrules.deck import Deck
from cardrules.rules.actions import Action, Vocabulary
from cardrules.rules.family import vocabulary_of
from cardrules.rules.plugins import installed_families

__all__ = ["expected_actions", "installed_vocabulary", "parse_action", "read_form"]


@functools.cache
def installed_vocabulary() -> Vocabulary:
    """The kernel's words and those of every installed family, by entry-point name."""
    return vocabulary_of(installed_families())


def parse_action(
    action: object, *, prefer: Collection[type[Action]] = (), deck: Deck | None = None
) -> Action:
    """An action from an action object or its text, in any installed family's words;
    :class:`~cardrules.ActionError` if unreadable (:meth:`Vocabulary.read
    <cardrules.rules.actions.Vocabulary.read>`: ``prefer`` the kinds read first, ``deck``
    the deck of the cards)."""
    return installed_vocabulary().read(action, prefer=prefer, deck=deck)


def read_form(text: str, kinds: Collection[type[Action]] | None = None) -> Action | None:
    """The action ``text`` writes in an installed family's form without a verb (``3NT``),
    or None (:meth:`Vocabulary.read_form <cardrules.rules.actions.Vocabulary.read_form>`)."""
    return installed_vocabulary().read_form(text, kinds)


def expected_actions() -> str:
    """What action texts look like, every installed family's words included."""
    return installed_vocabulary().expected()
