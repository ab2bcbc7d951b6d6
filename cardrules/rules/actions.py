"""Actions a seat can take: the kernel's card and call, and the words they are read in.

``str(action)`` is the action's text (``"bid 3"``, ``"play AH"``) and a
:class:`Vocabulary` reads it back.  The vocabulary is open: a family adds its
own actions (a subclass of :class:`Action`) and declares the verbs that read
their text (:class:`ActionVerb`), and the forms that start with no verb (a
notation its players write, :class:`ActionForm`), in its
:class:`~cardrules.rules.family.Family`; a ruleset reads with the kernel's
words and its families' (``rules.vocabulary``), and
:func:`cardrules.parse_action` with every installed family's.

>>> Vocabulary.kernel().read("play 10♥")
Play(Card.parse('10H'))
>>> str(Vocabulary.kernel().read("BID 4"))
'bid 4'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from cardrules.cards import Card
from cardrules.deck import FRENCH_52, Deck
from cardrules.errors import ActionError, CardError, shown

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "KERNEL_VOCABULARY",
    "Action",
    "ActionForm",
    "ActionVerb",
    "Bid",
    "Claim",
    "ClaimAnswer",
    "Play",
    "RevealTrump",
    "Vocabulary",
    "plays_of",
]


class Action:
    """Base of every action a seat can take; ``str()`` is its text.

    A family's action subclasses it (a frozen dataclass with slots, like
    :class:`Play`) and declares the verb of its text (:class:`ActionVerb`) in its family.
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
        tricks = self.tricks
        if 0 <= tricks < len(_BID_TEXTS):  # (made once: a game's record keeps no copy)
            return _BID_TEXTS[tricks]
        return f"bid {tricks}"


#: The texts of the calls of 0 to 63 tricks, made once.
_BID_TEXTS: Final[tuple[str, ...]] = tuple(f"bid {n}" for n in range(64))


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


class Vocabulary:
    """The words action texts are written in: verbs, each with its reader, and forms
    that start with no verb (a notation such as ``3NT``).

    A ruleset reads with the kernel's words and those of its families
    (``rules.vocabulary``, made when it is loaded: :class:`cardrules.rules.family.Family`);
    a word two families read (``pass``) keeps every reader, and the first that reads a
    text wins, those of the game's own actions first (``prefer``).  A vocabulary never
    changes: :meth:`with_words` makes a larger one.

    >>> Vocabulary.kernel().read("play 10♥")
    Play(Card.parse('10H'))
    >>> str(Vocabulary.kernel().read("BID 4"))
    'bid 4'
    """

    __slots__ = ("_forms", "_related", "_table", "verbs")

    def __init__(self, verbs: Iterable[ActionVerb] = (), forms: Iterable[ActionForm] = ()) -> None:
        #: The verbs, in the order given (a verb given twice: its last reading).
        self.verbs: tuple[ActionVerb, ...] = tuple(verbs)
        table: dict[str, list[ActionVerb]] = {}
        for verb in self.verbs:
            for word in verb.words:
                readers = table.setdefault(word.lower(), [])
                readers[:] = [v for v in readers if (v.form, v.kind) != (verb.form, verb.kind)]
                readers.append(verb)
        self._table: dict[str, tuple[ActionVerb, ...]] = {w: tuple(r) for w, r in table.items()}
        self._forms: dict[str, ActionForm] = {form.form: form for form in forms}
        self._related: dict[frozenset[type[Action]], frozenset[type[Action]]] = {}

    @staticmethod
    def kernel() -> Vocabulary:
        """The kernel's own words: ``bid N``, ``play CARD``, claims and their answers."""
        return KERNEL_VOCABULARY

    @property
    def forms(self) -> tuple[ActionForm, ...]:
        """The forms without a verb, in the order given."""
        return tuple(self._forms.values())

    def with_words(
        self, verbs: Iterable[ActionVerb] = (), forms: Iterable[ActionForm] = ()
    ) -> Vocabulary:
        """This vocabulary and ``verbs`` and ``forms`` (a family's), in that order."""
        verbs, forms = tuple(verbs), tuple(forms)
        if not verbs and not forms:
            return self
        return Vocabulary((*self.verbs, *verbs), (*self._forms.values(), *forms))

    def __repr__(self) -> str:
        shown_forms = [v.form for v in self.verbs] + list(self._forms)
        return f"Vocabulary({list(dict.fromkeys(shown_forms))!r})"

    def expected(self) -> str:
        """What action texts look like in this vocabulary: ``"expected 'bid N', ..."``."""
        forms = list(dict.fromkeys(f"'{verb.form}'" for verb in self.verbs))
        forms += [f"'{form}'" for form in self._forms]
        listed = ", ".join(forms[:-1]) + f" or {forms[-1]}" if len(forms) > 1 else forms[0]
        return f"expected {listed}"

    def read(
        self, action: object, *, prefer: Collection[type[Action]] = (), deck: Deck | None = None
    ) -> Action:
        """An action from an action object or its text; :class:`ActionError` if unreadable.

        Only the text forms the docs describe are read: ASCII words (suits may
        also be written ``♣ ♦ ♥ ♠``) and ASCII digits, so ``"bid ３"`` or
        ``"bid 0_5"`` are refused rather than read as numbers.  A text whose first
        word is no verb is read by the forms (:meth:`read_form`).  Where readers
        read the same text differently (``3NT``: Minibridge's contract, bridge's
        bid), the readers of the classes in ``prefer`` (a game's legal actions) and
        of their families' other actions are tried first.  A card is one of
        ``deck`` (default: the French pack).
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
            raise ActionError(f"invalid action: {shown(action)} ({self.expected()}, in ASCII)")
        words = action.split()
        if not words:
            raise ActionError(f"invalid action: '' ({self.expected()})")
        verbs = self._table.get(words[0].lower())
        related = self.related(prefer)
        if verbs is None:
            read = None
            if related:
                read = self.read_form(action, related)
            if read is None:
                read = self.read_form(action)
            if read is None:
                raise ActionError(f"invalid action: {shown(action)} ({self.expected()})")
            return read
        if len(verbs) == 1:
            return verbs[0].read(action, words[1:])
        ordered = sorted(verbs, key=lambda v: v.kind not in related) if related else verbs
        first: ActionError | None = None
        for verb in ordered:
            try:
                return verb.read(action, words[1:])
            except ActionError as exc:  # another family may read it
                first = first or exc
        assert first is not None
        raise first

    def related(self, kinds: Collection[type[Action]]) -> frozenset[type[Action]]:
        """``kinds`` and every action class of their families here: the classes sharing a
        base with one of them (bridge's ``Call``), so that a bid is read as bridge's once
        no bid is legal."""
        if not kinds:
            return frozenset()
        key = frozenset(kinds)
        found = self._related.get(key)
        if found is None:
            bases = {b for k in key for b in k.__mro__ if b not in (Action, object)}
            readable = [v.kind for v in self.verbs if v.kind is not None]
            readable += [form.kind for form in self._forms.values()]
            found = self._related[key] = key | frozenset(
                kind for kind in readable if bases.intersection(kind.__mro__)
            )
        return found

    def read_form(self, text: str, kinds: Collection[type[Action]] | None = None) -> Action | None:
        """The action ``text`` writes in a form without a verb (``3NT``), or None.

        Only the forms of actions of ``kinds`` are tried when it is given (the
        actions of one game); :class:`ActionError` when a form claims the text but
        it names no action there can be.
        """
        text = text.strip(" \t\r\n")
        if len(text) > MAX_ACTION_CHARS or not _ACTION_CHARS.issuperset(text):
            return None  # what no form reads (read says why)
        for form in self._forms.values():
            if kinds is not None and form.kind not in kinds:
                continue
            action = form.read(text)
            if action is not None:
                return action
        return None


def _read_play(text: str, words: list[str]) -> Action:
    if len(words) != 1:
        raise ActionError(f"invalid action: {shown(text)} (expected 'play CARD', e.g. 'play AH')")
    try:
        return PLAYS[Card.parse(words[0]).index]
    except CardError as exc:
        raise ActionError(f"invalid action: {shown(text)}: {exc}") from None


def _read_bid(text: str, words: list[str]) -> Action:
    if len(words) != 1:
        raise ActionError(f"invalid action: {shown(text)} (expected 'bid N', e.g. 'bid 3')")
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


def _read_reveal(text: str, words: list[str]) -> Action:
    if [w.lower() for w in words] != ["trump"]:
        raise ActionError(f"invalid action: {shown(text)} (expected 'reveal trump')")
    return REVEAL_TRUMP


#: The kernel's own words (every ruleset reads them).
KERNEL_VOCABULARY: Final = Vocabulary(
    (
        ActionVerb(("bid", "call"), "bid N", _read_bid, Bid),
        ActionVerb(("play",), "play CARD", _read_play, Play),
        ActionVerb(("claim",), "claim N", _read_claim, Claim),
        ActionVerb(("accept",), "accept claim", _answer(True), ClaimAnswer),
        ActionVerb(("refuse",), "refuse claim", _answer(False), ClaimAnswer),
        ActionVerb(("reveal", "ask"), "reveal trump", _read_reveal, RevealTrump),
    )
)
