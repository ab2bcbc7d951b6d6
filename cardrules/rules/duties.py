"""Duties: named filters that narrow the cards a player may play.

A duty sees the player's hand and the cards still allowed by the duties before
it (both bit masks) and the state of the trick; it returns the cards it still
allows.  The game applies a profile's duties in order.  Each duty carries the
rule id it implements (from the profile) and explains a refusal in words.

Duties are plain objects called directly on the hot path: pluggy is only
consulted once, when a profile is loaded, to find the duty classes.

>>> from cardrules.cards import mask_of, parse_cards, cards_of, Suit
>>> hand = mask_of(parse_cards("AH 3H 2S"))
>>> t = TrickState.of(parse_cards("7H"), trump=Suit.S)
>>> duties = [FollowSuit("CBS-3.3"), HeadWhenFollowing("CBS-3.4")]
>>> [str(c) for c in cards_of(narrow(duties, hand, t))]
['AH']
"""

from __future__ import annotations

import linecache
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple, Protocol, runtime_checkable

from cardrules.deck import FRENCH_52, Card, Deck, Order, Ranking, Suit
from cardrules.errors import CardrulesError

if TYPE_CHECKING:
    from cardrules.rules.profile import Profile

__all__ = [
    "BEATS",
    "BUILTIN_DUTIES",
    "Duty",
    "FastStep",
    "FollowSuit",
    "HeadWhenFollowing",
    "MustWin",
    "NoTrumpLeadFirstTrick",
    "OvertrumpWhenVoid",
    "TrickState",
    "TrumpToWinWhenVoid",
    "TrumpWhenVoid",
    "compile_narrow",
    "duty_steps",
    "narrow",
    "natural",
    "step_codes",
    "steps_of",
    "trick_winner_index",
]


def natural(trump: Suit | int | None) -> Order:
    """The French pack's natural order with ``trump`` (a suit, its number, or None / -1 for
    no-trump): the tables :class:`TrickState` and the stateless helpers read by default."""
    t = None if trump is None or int(trump) < 0 else Suit(int(trump))
    return FRENCH_52.order(Ranking("natural", t))


#: BEATS[trump or 4][winning card index] -> mask of cards that beat it, in the French pack's
#: natural orders (trump a suit number, 4 for no-trump).
BEATS: tuple[tuple[int, ...], ...] = tuple(natural(t).beats for t in (0, 1, 2, 3, None))


@dataclass(slots=True)
class TrickState:
    """What a duty may know about the trick in progress.

    ``led`` is the suit led, as the deal's order places it (a French suit's number; -1
    when the player leads), ``trump`` the trumps' place (-1 in no-trump), ``winner`` the
    index of the card winning so far (-1 when leading), ``beats`` the mask of cards that
    would beat it, ``cards`` the indices already played to this trick, ``first_trick``
    whether this is the deal's first trick, ``played_before`` the mask of cards played to
    earlier tricks of the deal, and ``order`` the deal's tables of play
    (:class:`~cardrules.deck.Order`; by default the French pack's natural order).
    ``led_mask`` and ``trump_mask`` are the cards of the suit led and the trumps.
    """

    led: int
    trump: int
    winner: int
    beats: int
    cards: tuple[int, ...]
    first_trick: bool
    played_before: int = 0
    order: Order | None = None
    led_mask: int = field(default=0, init=False)
    trump_mask: int = field(default=0, init=False)

    def __init__(
        self,
        led: int,
        trump: int,
        winner: int,
        beats: int,
        cards: tuple[int, ...],
        first_trick: bool,
        played_before: int = 0,
        order: Order | None = None,
    ) -> None:
        # (written out rather than a __post_init__: one call per card on the duties' path)
        self.led = led
        self.trump = trump
        self.winner = winner
        self.beats = beats
        self.cards = cards
        self.first_trick = first_trick
        self.played_before = played_before
        if order is None:
            order = natural(trump)
        self.order = order
        self.trump_mask = order.trumps
        self.led_mask = order.suit_masks[led] if led >= 0 else 0

    @property
    def leading(self) -> bool:
        """True when the player is leading to the trick."""
        return self.led < 0

    @property
    def trumped(self) -> bool:
        """True when a trump has been played to a trick of another suit."""
        return (
            self.winner >= 0
            and self.trump >= 0
            and self.trump_mask >> self.winner & 1 == 1
            and (self.led != self.trump)
        )

    def word(self, place: int) -> str:
        """The name of a suit place of the order: ``"hearts"``, ``"trumps"``."""
        assert self.order is not None
        return self.order.words[place]

    @classmethod
    def of(
        cls,
        trick: Sequence[Card],
        *,
        trump: Suit | int | None,
        first_trick: bool = False,
        played_before: int = 0,
        order: Order | None = None,
    ) -> TrickState:
        """The state of a trick from the cards played to it, led card first."""
        if order is None:
            order = natural(trump)
        t = order.trump
        indices = tuple(c.index for c in trick)
        if not indices:
            return cls(-1, t, -1, 0, (), first_trick, played_before, order)
        win = indices[order.winner(indices)]
        return cls(
            order.led_place(indices),
            t,
            win,
            order.beats[win],
            indices,
            first_trick,
            played_before,
            order,
        )


def trick_winner_index(cards: Sequence[int], trump: int, order: Order | None = None) -> int:
    """Index in play order of the card that wins: highest trump, else highest of the led suit
    (in ``order``; by default the French pack's natural order with suit number ``trump``)."""
    return (order or natural(trump)).winner(cards)


def _deck(t: TrickState | None) -> Deck:
    return FRENCH_52 if t is None or t.order is None else t.order.deck


def _lowest(mask: int, t: TrickState | None = None) -> Card:
    return _deck(t).cards[(mask & -mask).bit_length() - 1]


def _beating(allowed: int, t: TrickState) -> str:
    """The lowest allowed card and the winning card it beats, for a message."""
    return f"{_lowest(allowed, t).symbol()}, which beats {_deck(t).cards[t.winner].symbol()}"


def _some(mask: int, t: TrickState | None = None) -> str:
    """Name one or two cards of a mask, for a message: ``3♥`` or ``3♥, 9♥``."""
    names = [c.symbol() for c in _deck(t).cards_of(mask)]
    return ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")


@dataclass(frozen=True, slots=True)
class StepTerm:
    """One guard or keep of the fast steps, in every form an executor needs.

    ``code`` is what the step executors switch on (the native core's, and
    ``cardrules.engine.steps.run_steps``, written from this table, its reference);
    ``source`` the Python expression the interpreted engine's function is
    written with (over ``hand``, ``legal``, ``lm`` the led suit's mask, ``tm``
    the trumps', ``beats`` the cards beating the winner so far, ``first``,
    ``played`` the cards of the deal's completed tricks, and for a term that reads
    its step's own cards (``cards``) ``gc`` or ``kc``, the step's ``guard_cards`` or
    ``keep_cards``);
    ``batch`` the same over the NumPy arrays of the batch path, called with
    ``(hand, legal, t)`` where ``t`` is its trick batch (and ``cards``, the step's
    card set, for a term that reads one).
    """

    name: str
    code: int
    source: str
    batch: Callable[..., Any]
    #: True: the term reads its step's card set (``guard_cards`` or ``keep_cards``).
    cards: bool = False

    def __repr__(self) -> str:
        return f"StepTerm({self.name!r}, {self.code}, {self.source!r})"


#: The guards: a step narrows only when its guard holds (``always`` has no source).
STEP_GUARD_TERMS: tuple[StepTerm, ...] = (
    StepTerm("always", 0, "", lambda hand, legal, t: True),
    # The deal's first trick, in a trump contract.
    StepTerm("first_trick_with_trumps", 1, "first and tm", lambda hand, legal, t: t.first_trick),
    StepTerm("holds_led_suit", 2, "hand & lm", lambda hand, legal, t: (hand & t.led_mask) != 0),
    StepTerm(
        "void_in_led_suit", 3, "not hand & lm", lambda hand, legal, t: (hand & t.led_mask) == 0
    ),
    # No trump played to an earlier trick of the deal (trumps not yet "broken"); it reads
    # ``played``, the cards of the completed tricks, which the batch path does not keep.
    StepTerm("trumps_unbroken", 4, "not played & tm", lambda hand, legal, t: _no_batch()),
    # The deal's first trick, trumps or not.
    StepTerm("first_trick", 5, "first", lambda hand, legal, t: t.first_trick),
    # The deal's first trick, the player holding none of the led suit.
    StepTerm(
        "void_on_first_trick",
        6,
        "first and not hand & lm",
        lambda hand, legal, t: t.first_trick & ((hand & t.led_mask) == 0),
    ),
    # None of the step's ``guard_cards`` played to an earlier trick of the deal (hearts
    # not yet broken); like trumps_unbroken, it reads ``played``.
    StepTerm(
        "none_played",
        7,
        "not played & gc",
        lambda hand, legal, t, cards: _no_batch(),
        cards=True,
    ),
)
#: The cards a step keeps (when any of them is still allowed).
STEP_KEEP_TERMS: tuple[StepTerm, ...] = (
    StepTerm("non_trumps", 0, "~tm", lambda hand, legal, t: legal & ~t.trump_mask),
    StepTerm("led_suit", 1, "lm", lambda hand, legal, t: legal & t.led_mask),
    StepTerm("beaters", 2, "beats", lambda hand, legal, t: legal & t.beats),
    StepTerm("trumps", 3, "tm", lambda hand, legal, t: legal & t.trump_mask),
    # The step's own ``keep_cards`` (the two of clubs), or every card but those (the
    # cards without points).
    StepTerm(
        "cards", 4, "kc", lambda hand, legal, t, cards: legal & legal.dtype.type(cards), cards=True
    ),
    StepTerm(
        "other_cards",
        5,
        "~kc",
        lambda hand, legal, t, cards: legal & ~legal.dtype.type(cards),
        cards=True,
    ),
)


def _no_batch() -> Any:  # pragma: no cover - not_batched() keeps such steps out
    raise NotImplementedError("this step reads the cards of earlier tricks")


def steps_need_played(steps: Sequence[FastStep]) -> bool:
    """Whether a step reads ``played`` (the cards of the deal's completed tricks): the
    engines then work it out for every decision, and the batch path cannot run them."""
    sources = {term.name: term.source for term in (*STEP_GUARD_TERMS, *STEP_KEEP_TERMS)}
    return any("played" in sources[s.guard] + sources[s.keep] for s in steps)


#: When a :class:`FastStep` applies, and its code.
STEP_PHASES: dict[str, int] = {"lead": 0, "follow": 1}
#: The guards and keeps by name: their codes.
STEP_GUARDS: dict[str, int] = {term.name: term.code for term in STEP_GUARD_TERMS}
STEP_KEEPS: dict[str, int] = {term.name: term.code for term in STEP_KEEP_TERMS}


class FastStep(NamedTuple):
    """One step of a duty's fast form: when ``phase`` and ``guard`` hold, keep
    the allowed cards that are ``keep``, unless none of them is allowed.

    ``phase`` is ``"lead"`` or ``"follow"``; ``guard`` a key of
    :data:`STEP_GUARDS`; ``keep`` a key of :data:`STEP_KEEPS` (``beaters``:
    the cards that beat the one winning so far).  Every kernel duty is one
    step, so a profile's duties are one short program, run three ways from
    this one description: as a Python function written by
    :func:`compile_narrow` (the Python engine), by the native core's
    loop over their codes (:func:`step_codes`), and over NumPy arrays by the
    batch path (:func:`cardrules.simulate`).

    ``guard_cards`` and ``keep_cards`` are the step's own cards (a mask of the
    profile's deck) for the terms that read them: ``none_played`` (none of
    ``guard_cards`` played to an earlier trick), ``cards`` (keep those of
    ``keep_cards``) and ``other_cards`` (keep the others), so that a family's duty
    about particular cards (Hearts' two of clubs, its point cards) is data too.
    """

    phase: str
    guard: str
    keep: str
    guard_cards: int = 0
    keep_cards: int = 0

    def __repr__(self) -> str:
        cards = "".join(
            f", {name}={value:#x}"
            for name, value in (("guard_cards", self.guard_cards), ("keep_cards", self.keep_cards))
            if value
        )
        return f"FastStep(phase={self.phase!r}, guard={self.guard!r}, keep={self.keep!r}{cards})"


@runtime_checkable
class NarrowsBatches(Protocol):
    """Optional member of a duty: its own vectorised ``narrow`` over the NumPy arrays of
    the batch path (``cardrules.simulate``); without it the batch path runs the duty's
    fast steps, or its ``narrow`` deal by deal."""

    def narrow_batch(self, hand: Any, legal: Any, t: Any) -> Any:
        """The cards still allowed, for every deal of the batch at once."""


class Duty:
    """A named filter on the playable cards; subclass and set ``name`` and ``summary``.

    ``rule`` is the rule id the profile attaches (``"CBS-3.6"``); it is shown
    in refusals and in the rendered rules.
    """

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    #: Optional fast form of ``narrow`` for the game's hot path, as data: the
    #: steps (:class:`FastStep`) this duty takes (none: ``()``; no fast form: None).
    #: Used only when defined by the same class as ``narrow``; tests check
    #: each against ``narrow``.
    fast_steps: ClassVar[tuple[FastStep, ...] | None] = None

    __slots__ = ("rule",)

    def __init__(self, rule: str = "") -> None:
        self.rule = rule

    @classmethod
    def configured(cls, rule: str, profile: Profile) -> Duty | None:
        """The duty as a profile sets it: ``cls(rule)`` unless a subclass reads the
        profile's ``[options]`` (a house-rule switch that changes the duty), or
        returns None (an option that turns the duty off)."""
        return cls(rule)

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:  # pragma: no cover
        """The cards of ``legal`` (a subset of ``hand``) this duty still allows."""
        raise NotImplementedError

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        """Why ``card`` is refused; ``allowed`` is what this duty left."""
        return f"{self.summary.rstrip('.').lower()}; allowed: {_some(allowed, t)}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r})"


class NoTrumpLeadFirstTrick(Duty):
    """The first trick may not be led with a trump by a player holding another suit."""

    name = "no_trump_lead_first_trick"
    summary = "The leader of the first trick may not lead a trump while holding another suit."
    fast_steps = (FastStep("lead", "first_trick_with_trumps", "non_trumps"),)
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led >= 0 or not t.first_trick or t.trump < 0:
            return legal
        other = legal & ~t.trump_mask
        return other if other else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        word = t.word(t.trump)
        return (
            f"no {word[:-1]} lead in the first trick while holding another suit "
            f"({_lowest(allowed, t).symbol()})"
        )


class FollowSuit(Duty):
    """Follow the suit led if able."""

    name = "follow_suit"
    summary = "A player who holds the suit led must play a card of that suit."
    fast_steps = (FastStep("follow", "always", "led_suit"),)
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led < 0:
            return legal
        same = legal & t.led_mask
        return same if same else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        return f"{t.word(t.led)} were led and you hold {_some(allowed, t)}: must follow suit"


class HeadWhenFollowing(Duty):
    """When following suit, play a card that beats the winning card if able."""

    name = "head_when_following"
    summary = (
        "A player following suit must play a card that beats the card winning "
        "so far, if they hold one (after a trump, any card of the suit led)."
    )
    fast_steps = (FastStep("follow", "holds_led_suit", "beaters"),)
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led < 0 or not hand & t.led_mask:
            return legal
        win = legal & t.beats
        return win if win else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        return f"holding {_beating(allowed, t)}: must win the trick"


class TrumpWhenVoid(Duty):
    """A player void in the suit led must play a trump if they hold one."""

    name = "trump_when_void"
    summary = "A player void in the suit led must play a trump if they hold one."
    fast_steps = (FastStep("follow", "void_in_led_suit", "trumps"),)
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led < 0 or t.trump < 0 or hand & t.led_mask:
            return legal
        trumps = legal & t.trump_mask
        return trumps if trumps else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        # Name a trump that beats the trick when one is held: naming a lower one
        # would send the player into a second refusal where overtrumping is a duty.
        shown = _lowest(allowed & t.beats or allowed, t)
        return f"void in {t.word(t.led)} and holding {shown.symbol()}: must trump"


class _BeatWhenVoid(Duty):
    """Void in the suit led: beat the winning card if able (shared by two named duties)."""

    fast_steps = (FastStep("follow", "void_in_led_suit", "beaters"),)
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led < 0 or hand & t.led_mask:
            return legal
        win = legal & t.beats
        return win if win else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        verb = "must overtrump" if t.trumped else "must trump"
        return f"void in {t.word(t.led)} and holding {_beating(allowed, t)}: {verb}"


class OvertrumpWhenVoid(_BeatWhenVoid):
    """A player void in the suit led must beat the winning card if able (overtrump)."""

    name = "overtrump_when_void"
    summary = (
        "A player void in the suit led who can beat the card winning so far "
        "(a trump higher than every trump in the trick) must do so."
    )
    __slots__ = ()


class TrumpToWinWhenVoid(_BeatWhenVoid):
    """Void in the suit led: play a card that wins the trick if you hold one, else any card."""

    name = "trump_to_win_when_void"
    summary = (
        "A player void in the suit led must play a trump that wins the trick if "
        "they hold one (any trump when none is in the trick, else a higher one); "
        "otherwise any card."
    )
    __slots__ = ()


class MustWin(Duty):
    """Among the cards still allowed, play one that beats the winning card if able."""

    name = "must_win"
    summary = (
        "Among the cards otherwise allowed, a player must play one that beats "
        "the card winning so far, if they hold one."
    )
    fast_steps = (FastStep("follow", "always", "beaters"),)
    __slots__ = ()

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led < 0:
            return legal
        win = legal & t.beats
        return win if win else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        return f"holding {_beating(allowed, t)}: must win the trick"


#: The duties the kernel ships, by name.
BUILTIN_DUTIES: tuple[type[Duty], ...] = (
    NoTrumpLeadFirstTrick,
    FollowSuit,
    HeadWhenFollowing,
    TrumpWhenVoid,
    OvertrumpWhenVoid,
    TrumpToWinWhenVoid,
    MustWin,
)


#: fast(hand, lm, tm, beats, first, leading, played) -> legal mask; see :func:`compile_narrow`
#: (``played``, the cards of the completed tricks, may be left out: 0).
FastNarrow = Callable[[int, int, int, int, bool, bool, int], int]


def steps_of(duties: Sequence[Duty]) -> tuple[FastStep, ...] | None:
    """The steps of these duties in order, or None when one has no fast form.

    A duty's steps count only when they come from the class whose ``narrow``
    runs (a subclass that overrides ``narrow`` has no fast form unless it
    declares its own), and every step must use the known phases, guards and
    keeps.
    """
    steps: list[FastStep] = []
    for duty in duties:
        mine = duty_steps(duty)
        if mine is None:
            return None
        steps.extend(mine)
    return tuple(steps)


def duty_steps(duty: Duty) -> tuple[FastStep, ...] | None:
    """One duty's fast steps (see :func:`steps_of`), or None when it has no fast form.

    The class whose ``narrow`` runs declares them: a tuple, or a property where the
    steps depend on the duty's settings (Hearts' opening lead: the two of clubs, or
    any club)."""
    own = next(c for c in type(duty).__mro__ if "narrow" in c.__dict__).__dict__
    if own.get("fast_steps") is None:
        return None
    mine: tuple[FastStep, ...] | None = duty.fast_steps
    if mine is None:
        return None
    for step in mine:
        if (
            not isinstance(step, FastStep)
            or step.phase not in STEP_PHASES
            or step.guard not in STEP_GUARDS
            or step.keep not in STEP_KEEPS
            or any(type(c) is not int or c < 0 for c in (step.guard_cards, step.keep_cards))
        ):
            raise CardrulesError(f"invalid fast step of duty {type(duty).__name__}: {step}")
    return tuple(mine)


#: The numbers :func:`step_codes` gives each step: its guard, its keep and their cards.
STEP_WIDTH: Final = 4


def step_codes(steps: Sequence[FastStep]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The steps as (guard, keep, guard_cards, keep_cards) codes, flattened: (leading,
    following)."""
    lead: list[int] = []
    follow: list[int] = []
    for step in steps:
        (lead if step.phase == "lead" else follow).extend(
            (STEP_GUARDS[step.guard], STEP_KEEPS[step.keep], step.guard_cards, step.keep_cards)
        )
    return tuple(lead), tuple(follow)


def compile_narrow(duties: Sequence[Duty], name: str = "") -> FastNarrow | None:
    """One function doing what :func:`narrow` does with these duties, or None.

    Written from the duties' steps (:class:`FastStep`) and the sources of
    :data:`STEP_GUARD_TERMS` and :data:`STEP_KEEP_TERMS`, so the game's hot
    path makes one call instead of one per duty and needs no
    :class:`TrickState` (a ruleset builds it once: ``Ruleset.fast_narrow``).
    The function is named after the profile (``name``) and its source is
    registered with :mod:`linecache`, so a traceback shows it.  None when a
    duty has no fast form (a plugin duty, or a subclass that overrides ``narrow``).
    """
    steps = steps_of(duties)
    if steps is None:
        return None
    function = "fast_" + ("".join(c if c.isalnum() else "_" for c in name) or "duties")
    body = [f"def {function}(hand, lm, tm, beats, first, leading, played=0):", "    legal = hand"]
    for phase, codes in zip(("if leading:", "else:"), step_codes(steps), strict=True):
        body.append("    " + phase)
        for at in range(0, len(codes), STEP_WIDTH):
            guard, keep, gc, kc = codes[at : at + STEP_WIDTH]
            pad = "        "
            if guard:
                body.append(f"{pad}if {_with_cards(STEP_GUARD_TERMS[guard].source, gc, kc)}:")
                pad += "    "
            keeps = _with_cards(STEP_KEEP_TERMS[keep].source, gc, kc)
            body += [f"{pad}x = legal & {keeps}", f"{pad}if x:", f"{pad}    legal = x"]
        if not codes:
            body.append("        pass")
    body += ["    return legal", ""]
    source = "\n".join(body)
    filename = f"<cardrules duties of {name or 'a ruleset'}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, Any] = {}
    exec(compile(source, filename, "exec"), namespace)
    fast: FastNarrow = namespace[function]
    return fast


def _with_cards(source: str, gc: int, kc: int) -> str:
    """A term's source with its step's card sets written in (``gc``, ``kc``)."""
    return re.sub(r"\bgc\b", str(gc), re.sub(r"\bkc\b", str(kc), source))


def narrow(duties: Iterable[Duty], hand: int, t: TrickState) -> int:
    """Apply duties in order to a hand; the mask of the cards that may be played."""
    legal = hand
    for duty in duties:
        legal = duty.narrow(hand, legal, t)
    return legal
