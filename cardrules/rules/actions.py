"""Actions a seat can take: the kernel's card and call, and the verbs families add.

``str(action)`` is the action's text (``"bid 3"``, ``"play AH"``) and
:func:`parse_action` reads it back.  The vocabulary is open: a family adds its
own actions (a subclass of :class:`Action`) and registers the verb that reads
their text with :func:`register_verb` when its module is imported; an unknown
verb makes :func:`parse_action` import the installed plugins once, so that
their verbs read too.  A family may also read a shorter form that starts with
no verb (a notation its players write) with :func:`register_form`; the forms
are tried when the first word is no verb.

>>> parse_action("play 10♥")
Play(Card.parse('10H'))
>>> str(parse_action("BID 4"))
'bid 4'
"""

from __future__ import annotations

import importlib.metadata
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cardrules.cards import Card
from cardrules.deck import FRENCH_52, Deck
from cardrules.errors import ActionError, CardError, shown

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "Action",
    "ActionForm",
    "ActionVerb",
    "Bid",
    "Claim",
    "ClaimAnswer",
    "Play",
    "RevealTrump",
    "expected_actions",
    "parse_action",
    "plays_of",
    "read_form",
    "register_form",
    "register_verb",
]


class Action:
    """Base of every action a seat can take; ``str()`` is its text.

    A family's action subclasses it (a frozen dataclass with slots, like
    :class:`Play`) and registers the verb of its text (:func:`register_verb`).
    """

    __slots__ = ()

    #: The question a player is asked when an action of this kind is theirs to take.
    prompt: ClassVar[str] = "Your action"
    #: How a player types one, for the help line: ``"a call ('3' or 'bid 3')"``.
    typing_hint: ClassVar[str] = "an action"
    #: True for an action only the seat taking it sees (a card passed in Hearts): the
    #: other seats' views list it without its text (:attr:`View.auction_actions
    #: <cardrules.View.auction_actions>`).
    private: ClassVar[bool] = False

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """What a simple rule-following player chooses among ``legal`` actions of this kind.

        The kernel's rule bot asks the class of the first legal action; None
        (the default) lets the bot take the first legal action.  A family
        overrides it for its own actions (a contract choice, say).
        """
        return None


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A call of a number of tricks (the calls auction)."""

    tricks: int

    prompt: ClassVar[str] = "Your call"
    typing_hint: ClassVar[str] = "a call ('3' or 'bid 3')"

    def __post_init__(self) -> None:
        if type(self.tricks) is not int:
            raise ActionError(
                f"invalid action: Bid({shown(self.tricks)}) (expected a whole number of tricks)"
            )

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Playing one card."""

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise ActionError(
                f"invalid action: Play({shown(self.card)}) (expected a Card, e.g. Card.parse('AH'))"
            )

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """A claim of ``tricks`` of the tricks still to play, for the claimer's side (the
    rest conceded to the other side), where the profile allows claims (``[play] claims``).

    Not listed among the legal actions (an app offers it); the other side then answers
    with :class:`ClaimAnswer`.
    """

    tricks: int

    prompt: ClassVar[str] = "Your claim"
    typing_hint: ClassVar[str] = "a claim of tricks ('claim 3')"

    def __post_init__(self) -> None:
        if type(self.tricks) is not int:
            raise ActionError(
                f"invalid action: Claim({shown(self.tricks)}) (expected a whole number of tricks)"
            )

    def __str__(self) -> str:
        return f"claim {self.tricks}"


@dataclass(frozen=True, slots=True)
class ClaimAnswer(Action):
    """The answer of a player of the other side to a claim: ``accept claim`` or
    ``refuse claim``."""

    accept: bool

    prompt: ClassVar[str] = "A claim is made"
    typing_hint: ClassVar[str] = "'accept claim' or 'refuse claim'"

    def __str__(self) -> str:
        return "accept claim" if self.accept else "refuse claim"


@dataclass(frozen=True, slots=True)
class RevealTrump(Action):
    """Asking for the concealed trump to be revealed to all (``reveal trump``), before
    playing a card, by the seat to act that holds no card of the suit led, where the
    contract conceals its trump (:class:`~cardrules.rules.components.ConcealedTrump`).

    Listed among the legal actions, after the cards, while it is legal.
    """

    prompt: ClassVar[str] = "Your card, or ask for the trump"
    typing_hint: ClassVar[str] = "'reveal trump' (or 'ask trump')"

    def __str__(self) -> str:
        return "reveal trump"


#: The one reveal action (interned).
REVEAL_TRUMP: RevealTrump = RevealTrump()


_DECK_PLAYS: dict[Deck, tuple[Play, ...]] = {}


def plays_of(deck: Deck) -> tuple[Play, ...]:
    """The play actions of a deck's cards by index, interned (made once per deck), so the
    hot path allocates nothing."""
    found = _DECK_PLAYS.get(deck)
    if found is None:
        found = _DECK_PLAYS[deck] = tuple(Play(c) for c in deck.cards)
    return found


#: Interned play actions of the French pack by card index.
PLAYS: tuple[Play, ...] = plays_of(FRENCH_52)


#: The characters an action's text may hold: printable ASCII and the suit symbols.
_ACTION_CHARS = frozenset(chr(c) for c in range(32, 127)) | frozenset("♣♦♥♠♧♢♡♤")
#: The longest action text read (``"contract NO-TRUMP part-score"`` is 28).
MAX_ACTION_CHARS = 40
#: A number of tricks as the docs write it: ASCII digits, perhaps a minus sign.
_NUMBER = re.compile(r"-?[0-9]{1,3}")


@dataclass(frozen=True, slots=True)
class ActionVerb:
    """A verb of the action texts: the words it starts with, its form, and its reader.

    ``read(text, words)`` gets the whole text (for messages) and its words
    after the verb, and returns the action or raises :class:`ActionError`.
    ``kind`` is the class of the actions it reads, when one: two families may
    read the same word (Hearts' ``pass QS``, bridge's ``pass``), and a game
    tries the readers of its own actions first.
    """

    words: tuple[str, ...]
    form: str
    read: Callable[[str, list[str]], Action]
    kind: type[Action] | None = None

    def __repr__(self) -> str:
        return f"ActionVerb({self.words!r}, {self.form!r})"


@dataclass(frozen=True, slots=True)
class ActionForm:
    """A way to write actions of class ``kind`` without a verb, and its reader.

    ``read(text)`` gets the whole text and returns the action, None when the
    text is not written in this form (another form may read it), or raises
    :class:`ActionError`, naming the text, when it is written in this form but
    names no action there can be.
    """

    form: str
    kind: type[Action]
    read: Callable[[str], Action | None]

    def __repr__(self) -> str:
        return f"ActionForm({self.form!r}, {self.kind.__name__})"


#: The verbs read, by word (lower case): every reader of the word, in the order registered.
_VERBS: dict[str, list[ActionVerb]] = {}
#: The forms without a verb, by their ``form``, in the order they were registered.
_FORMS: dict[str, ActionForm] = {}
_PLUGINS_IMPORTED: list[bool] = []


def register_verb(verb: ActionVerb) -> None:
    """Read the texts that start with ``verb.words`` with ``verb.read`` (a family's verb).

    A word several families read keeps every reader: the first that reads a text
    wins, those of the game's own actions first (:func:`parse_action`'s ``prefer``).
    Registering the same verb again (a module imported twice) replaces it.
    """
    for word in verb.words:
        readers = _VERBS.setdefault(word.lower(), [])
        readers[:] = [v for v in readers if (v.form, v.kind) != (verb.form, verb.kind)]
        readers.append(verb)


def register_form(form: ActionForm) -> None:
    """Read texts that start with no verb with ``form.read`` (a family's notation)."""
    _FORMS[form.form] = form


def expected_actions() -> str:
    """What action texts look like, every installed family's verbs and forms included."""
    _import_plugins()
    forms = list(dict.fromkeys(f"'{verb.form}'" for verbs in _VERBS.values() for verb in verbs))
    forms += [f"'{form.form}'" for form in _FORMS.values()]
    listed = ", ".join(forms[:-1]) + f" or {forms[-1]}" if len(forms) > 1 else forms[0]
    return f"expected {listed}"


def _import_plugins() -> None:
    """Import the installed plugins once, so that every family's verbs are registered."""
    if _PLUGINS_IMPORTED:
        return
    _PLUGINS_IMPORTED.append(True)
    for entry in importlib.metadata.entry_points(group="cardrules"):
        try:
            entry.load()
        except Exception:  # a broken plugin is reported when a profile names it
            continue


def parse_action(
    action: object, *, prefer: Collection[type[Action]] = (), deck: Deck | None = None
) -> Action:
    """An action from an action object or its text; :class:`ActionError` if unreadable.

    Only the text forms the docs describe are read: ASCII words (suits may
    also be written ``♣ ♦ ♥ ♠``) and ASCII digits, so ``"bid ３"`` or
    ``"bid 0_5"`` are refused rather than read as numbers.  A text whose first
    word is no verb is read by the forms families registered (:func:`read_form`).
    Where families read the same text differently (``3NT``: Minibridge's contract,
    bridge's bid), the readers of the classes in ``prefer`` (a game's legal
    actions) are tried first.
    """
    if isinstance(action, Action):
        return action
    if not isinstance(action, str):
        raise ActionError(f"invalid action: {shown(action)} (expected text such as 'play AH')")
    if deck is not None and deck is not FRENCH_52:
        words = action.split()
        if len(words) == 2 and words[0].lower() == "play" and len(action) <= MAX_ACTION_CHARS:
            try:
                return plays_of(deck)[deck.parse(words[1]).index]
            except CardError as exc:
                raise ActionError(f"invalid action: {shown(action)}: {exc}") from None
    if len(action) > MAX_ACTION_CHARS or not _ACTION_CHARS.issuperset(action.strip(" \t\r\n")):
        raise ActionError(f"invalid action: {shown(action)} ({expected_actions()}, in ASCII)")
    words = action.split()
    if not words:
        raise ActionError(f"invalid action: '' ({expected_actions()})")
    # Every installed family's readers, so that a word two families read is read the
    # same whichever plugin happened to be imported first.
    _import_plugins()
    verbs = _VERBS.get(words[0].lower())
    prefer = _related(prefer)
    if verbs is None:
        read = None
        if prefer:
            read = read_form(action, prefer)
        if read is None:
            read = read_form(action)
        if read is None:
            raise ActionError(f"invalid action: {shown(action)} ({expected_actions()})")
        return read
    if len(verbs) == 1:
        return verbs[0].read(action, words[1:])
    ordered = sorted(verbs, key=lambda v: v.kind not in prefer) if prefer else verbs
    first: ActionError | None = None
    for verb in ordered:
        try:
            return verb.read(action, words[1:])
        except ActionError as exc:  # another family may read it
            first = first or exc
    assert first is not None
    raise first


def _related(kinds: Collection[type[Action]]) -> frozenset[type[Action]]:
    """``kinds`` and every action class of their families: the subclasses of a family's
    base (bridge's ``Call``), so that a bid is read as bridge's once no bid is legal."""
    if not kinds:
        return frozenset()
    bases = {b for k in kinds for b in k.__mro__ if b not in (Action, object)}
    return (
        frozenset(
            verb.kind
            for verbs in _VERBS.values()
            for verb in verbs
            if verb.kind is not None and bases.intersection(verb.kind.__mro__)
        )
        | frozenset(form.kind for form in _FORMS.values() if bases.intersection(form.kind.__mro__))
        | frozenset(kinds)
    )


def read_form(text: str, kinds: Collection[type[Action]] | None = None) -> Action | None:
    """The action ``text`` writes in a registered form without a verb (``3NT``), or None.

    Only the forms of actions of ``kinds`` are tried when it is given (the
    actions of one game); :class:`ActionError` when a form claims the text but
    it names no action there can be.
    """
    text = text.strip(" \t\r\n")
    if len(text) > MAX_ACTION_CHARS or not _ACTION_CHARS.issuperset(text):
        return None  # what no form reads (parse_action says why)
    _import_plugins()
    for form in list(_FORMS.values()):
        if kinds is not None and form.kind not in kinds:
            continue
        action = form.read(text)
        if action is not None:
            return action
    return None


def _read_play(text: str, words: list[str]) -> Action:
    if len(words) != 1:
        raise ActionError(f"invalid action: {shown(text)} ({expected_actions()})")
    try:
        return PLAYS[Card.parse(words[0]).index]
    except CardError as exc:
        raise ActionError(f"invalid action: {shown(text)}: {exc}") from None


def _read_bid(text: str, words: list[str]) -> Action:
    if len(words) != 1:
        raise ActionError(f"invalid action: {shown(text)} ({expected_actions()})")
    if not _NUMBER.fullmatch(words[0]):
        raise ActionError(
            f"invalid action: {shown(text)} (expected a whole number of tricks, e.g. 'bid 3')"
        )
    return Bid(int(words[0]))


def _read_claim(text: str, words: list[str]) -> Action:
    if len(words) != 1 or not _NUMBER.fullmatch(words[0]):
        raise ActionError(f"invalid action: {shown(text)} (expected 'claim N', e.g. 'claim 3')")
    return Claim(int(words[0]))


def _answer(accept: bool) -> Callable[[str, list[str]], Action]:
    def read(text: str, words: list[str]) -> Action:
        if [w.lower() for w in words] not in ([], ["claim"]):
            verb = "accept" if accept else "refuse"
            raise ActionError(f"invalid action: {shown(text)} (expected '{verb} claim')")
        return ClaimAnswer(accept)

    return read


register_verb(ActionVerb(("bid", "call"), "bid N", _read_bid, Bid))
register_verb(ActionVerb(("play",), "play CARD", _read_play, Play))
register_verb(ActionVerb(("claim",), "claim N", _read_claim, Claim))
register_verb(ActionVerb(("accept",), "accept claim", _answer(True), ClaimAnswer))
register_verb(ActionVerb(("refuse",), "refuse claim", _answer(False), ClaimAnswer))


def _read_reveal(text: str, words: list[str]) -> Action:
    if [w.lower() for w in words] != ["trump"]:
        raise ActionError(f"invalid action: {shown(text)} (expected 'reveal trump')")
    return REVEAL_TRUMP


register_verb(ActionVerb(("reveal", "ask"), "reveal trump", _read_reveal, RevealTrump))
