"""The rule objects a loaded profile is compiled into.

Hooks *provide* these objects once, when a profile is loaded; the game then
calls them directly.  Each is small: a seat order, an auction, a throw-in
test, a scorer, an end condition.  Plugins may provide their own as long as
they subclass the bases here (:class:`Auction`, :class:`AuctionState`,
:class:`Scorer`, :class:`EndCondition`), whose optional members have defaults.
"""

from __future__ import annotations

import abc
import dataclasses
import decimal
import functools
import inspect
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple, overload

from cardrules.cards import Card, Suit
from cardrules.deck import FRENCH_52, Deck
from cardrules.errors import CardrulesError, IllegalAction
from cardrules.rules.actions import Action, Bid

if TYPE_CHECKING:
    from cardrules.engine.ruleset import Ruleset
    from cardrules.engine.tricks import Trick

__all__ = [
    "PAIRS",
    "SCORE_CONTEXT",
    "SEAT_NAMES",
    "Auction",
    "AuctionState",
    "CallAuction",
    "CallsContract",
    "ConcealedTrump",
    "Contract",
    "DealInfo",
    "DealResult",
    "DealsEnd",
    "Direction",
    "EndCondition",
    "FinishedDeal",
    "FreeCalls",
    "GameOver",
    "NoAuction",
    "PlayState",
    "ScoreHelpers",
    "Scorer",
    "Side",
    "ThrowIn",
    "Whereabouts",
    "pair_of",
    "seat_name",
    "seat_of_letter",
    "seat_words",
    "trump_words",
]

#: Seat letters by seat number: seats are 0..3 clockwise, bridge names N, E, S, W.
SEAT_NAMES = "NESW"

#: A side: a seat number in individual games, a pair name ("NS", "EW") in partnerships.
Side = int | str


#: The sides of a partnership game: N and S against E and W.
PAIRS: tuple[str, str] = ("NS", "EW")


def seat_name(seat: int) -> str:
    """A seat's letter as people read it: ``N``, ``E``, ``S`` or ``W`` (from the fifth
    seat of a larger table on, its number)."""
    return SEAT_NAMES[seat] if seat < len(SEAT_NAMES) else str(seat)


def seat_words(seat: int) -> str:
    """A seat as messages name it: its number and, at the first four seats, its letter:
    ``"seat 2 (S)"``; ``"seat 4"``."""
    return f"seat {seat} ({SEAT_NAMES[seat]})" if 0 <= seat < len(SEAT_NAMES) else f"seat {seat}"


def seat_of_letter(letter: str) -> int | None:
    """The seat a letter names (``N``, ``E``, ``S`` or ``W``, any case); None for anything else."""
    key = letter.upper()
    return SEAT_NAMES.index(key) if len(key) == 1 and key in SEAT_NAMES else None


def pair_of(seat: int) -> str:
    """The pair a seat plays in: ``"NS"`` for seats 0 and 2, ``"EW"`` for 1 and 3."""
    return PAIRS[seat % 2]


@dataclass(frozen=True, slots=True)
class Direction:
    """The order of play round a table of ``players`` seats (4 unless a profile says).

    Seats are numbered 0..n-1 clockwise (N, E, S, W at four).  ``step`` is +1
    for clockwise and n-1 (one to the right) for counter-clockwise.
    """

    step: int
    players: int = 4

    @classmethod
    def named(cls, name: str, players: int = 4) -> Direction:
        """``"clockwise"`` or ``"counterclockwise"``, round ``players`` seats."""
        return cls(1 if name == "clockwise" else players - 1, players)

    @property
    def name(self) -> str:
        """``"clockwise"`` or ``"counterclockwise"``."""
        return "clockwise" if self.step == 1 else "counterclockwise"

    def next(self, seat: int, n: int = 1) -> int:
        """The seat ``n`` turns after ``seat``."""
        return (seat + n * self.step) % self.players

    def order(self, first: int) -> tuple[int, ...]:
        """Every seat in order of play from ``first``."""
        return _orders(self.step, self.players)[first]

    def __repr__(self) -> str:
        players = "" if self.players == 4 else f", players={self.players}"
        return f"Direction(step={self.step}{players})"


@cache
def _orders(step: int, players: int) -> tuple[tuple[int, ...], ...]:
    """:meth:`Direction.order` from every seat (a deal asks twice: kept)."""
    return tuple(
        tuple((first + i * step) % players for i in range(players)) for first in range(players)
    )


def trump_words(trump: Suit | None) -> str:
    """``"trumps spades"`` or ``"no trumps"``."""
    return "no trumps" if trump is None else f"trumps {trump.word}"


@dataclass(frozen=True, slots=True)
class ConcealedTrump:
    """A trump its chooser conceals until a player asks for it (Twenty-Nine's trump card laid
    face down): the mechanism's settings, on the contract (:attr:`Contract.concealed`).

    Until it is revealed no card counts as a trump: a trick is won by the highest card of
    the suit led.  A player to act who holds no card of the suit led may ask for it
    (``"reveal trump"``, :class:`~cardrules.rules.actions.RevealTrump`) before playing;
    from then on every seat knows it, and play counts trumps.  Only the chooser's view
    names the trump before that; every other view says that a trump is concealed.

    ``chooser`` is the seat that chose it.  ``rule`` is the rule id a refused
    ``"reveal trump"`` cites.  ``must_trump``: the player who asked must then play a
    trump to that trick if able.  ``whole_trick``: the trick in progress counts the trumps
    played to it before the reveal (a card of the suit discarded earlier becomes a trump);
    False: only the cards played after it count as trumps (those before keep the value
    they had, which wins only in the suit led).  ``chooser_asks``: the chooser too may
    reveal it when it holds no card of the suit led (False: only the other seats may ask).
    Twenty-Nine as pagat.com describes it: all three True.  Once the deal is over, its
    contract, trump and all, is public (the game's finished deals, ``View.results``).
    """

    chooser: int
    rule: str = ""
    must_trump: bool = True
    whole_trick: bool = True
    chooser_asks: bool = True

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (in the contract's)."""
        return {
            "chooser": self.chooser,
            "must_trump": self.must_trump,
            "whole_trick": self.whole_trick,
            "chooser_asks": self.chooser_asks,
        }


class PlayState(NamedTuple):
    """What a contract reads to list the actions besides the cards that the seat to act may
    take during the play (:meth:`Contract.play_calls`): the seat, the hand it was dealt and
    the cards it holds now (masks), the deal's completed tricks, the cards on the table
    (seat, card), the calls made so far in the play (seat, action), in order, and, where
    the contract conceals its trump, when it was revealed: (the seat that asked, the number
    of tricks completed then, the cards on the table then), None before (Twenty-Nine's pair
    is shown only once the trump is)."""

    seat: int
    dealt: int
    held: int
    tricks: Sequence[Trick]
    trick: Sequence[tuple[int, Card]]
    calls: Sequence[tuple[int, Action]]
    revealed: tuple[int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class Contract:
    """What play and scoring need from the auction: the base of every family's contract.

    ``trump`` is the trump suit or None for no-trump; ``leader`` leads to the
    first trick.  ``turn_rule`` and ``control_rule`` are the rule ids a
    refusal cites when a seat acts out of turn, or for a hand another seat
    decides (empty: no rule of the profile).  A family's contract adds what
    was undertaken (:class:`CallsContract`: a call per seat) and overrides the
    methods below; the kernel, the bots and the tools only call these.
    """

    trump: Suit | None
    leader: int
    turn_rule: str = field(default="", compare=False, kw_only=True)
    control_rule: str = field(default="", compare=False, kw_only=True)
    #: The ranking of the cards in play that this deal uses, where the family's contract
    #: picks one (Skat's grand, null); "": the profile's ``[play] order``.
    ranking: str = field(default="", kw_only=True)
    #: Seats that sit this deal out (a partner of a player going alone): they hold their
    #: cards, play to no trick and are skipped in turn.
    sitting_out: frozenset[int] = field(default=frozenset(), kw_only=True)
    #: The trump's chooser conceals it until a player asks for it (:class:`ConcealedTrump`);
    #: None: the trump is known to all from the first lead.
    concealed: ConcealedTrump | None = field(default=None, kw_only=True)

    #: How a summary of many deals names what :meth:`made` counts.
    made_label: ClassVar[str] = "contracts made"
    #: True where the play may stop before the hands are played out (Skat's null game, lost
    #: at the declarer's first trick): the game then asks :meth:`play_decided` after each
    #: trick.  False (the default) costs the play nothing.
    decides_early: ClassVar[bool] = False
    #: True where a seat to act in the play may take actions besides its cards (Doppelkopf's
    #: announcements): the game then lists :meth:`play_calls` after the cards, records each
    #: call taken (``game.play_calls``, in every view) and hands them to the scorer
    #: (``FinishedDeal.calls``).  False (the default) costs the play nothing.
    has_play_calls: ClassVar[bool] = False

    def controller(self, seat: int) -> int:
        """The seat that decides for ``seat`` (the seat itself unless the family says otherwise)."""
        return seat

    def play_decided(self, tricks: Sequence[int]) -> bool:
        """Whether the play stops now, the tricks taken by each seat so far: the deal is then
        scored with the cards left in the hands (asked only where :attr:`decides_early`)."""
        return False

    def needs_tricks(self, seat: int, won: Sequence[int]) -> bool:
        """Whether ``seat``'s side still wants tricks, given the tricks won by each seat.

        What a bot needs to know of the contract; every trick is worth having
        unless the family says otherwise.
        """
        return True

    def made(self, tricks: Sequence[int]) -> dict[str, bool]:
        """What was undertaken and whether it was made, from the tricks each seat took.

        One entry per undertaking, by a short label (``"seat 0"``); one entry
        with the label ``""`` for a single contract; empty: nothing was undertaken.
        """
        return {}

    def words(self) -> str:
        """The contract as a player reads it at the first lead: ``"Contract: trumps spades"``."""
        return f"Contract: {trump_words(self.trump)}"

    def result_words(self, tricks: Sequence[int]) -> str | None:
        """The contract's fate in words once the deal is over (None: nothing to say)."""
        return None

    def undertaken(self, seat: int) -> int | None:
        """The tricks ``seat`` undertook to take, if it made a call of its own."""
        return None

    def needs_play(self) -> bool:
        """False when the auction ended the deal without play (a bridge board passed out):
        the game then scores it with no trick taken and goes on to the next deal."""
        return True

    def exposed(self, played: int) -> frozenset[int]:
        """Seats whose hands every seat may see once ``played`` cards of the deal have been
        played (bridge's dummy, from the opening lead on); none unless the family says."""
        return frozenset()

    def stock_shown(self, tricks: int) -> tuple[int, ...]:
        """The places in the deal's stock (0: its first card, as :attr:`DealInfo.stock` lists
        it) of the stock cards every seat may see once ``tricks`` tricks of the play are
        complete, in the order they were shown (a stock left face down whose next card is
        turned up for each of the first tricks' winners): what every view shows in
        ``View.stock_shown``.  The cards shown are in no hand (a stock no auction took up):
        the worlds a bot draws give them to none.  Empty (the default): none is shown."""
        return ()

    def play_calls(self, state: PlayState) -> list[Action]:
        """The actions besides its cards that ``state.seat``, to act in the play, may take now
        (asked only where :attr:`has_play_calls`); the seat is still to act after one."""
        return []

    def play_call_refusal(self, state: PlayState, action: Action) -> tuple[str, str]:
        """Why ``state.seat`` may not take ``action`` now, as (rule id, reason): what the game's
        refusal cites (asked only for an action :meth:`play_calls` does not list)."""
        return "", "only a card may be played now"

    def sides_known(
        self,
        seat: int,
        dealt: int,
        tricks: Sequence[Trick],
        trick: Sequence[tuple[int, Card]],
        calls: Sequence[tuple[int, Action]] = (),
    ) -> dict[int, str]:
        """The side of each seat as ``seat`` knows it now, by seat (a seat left out: not
        known to it), where the family's sides are not public (Doppelkopf's Re and Kontra,
        told by the queens of clubs each holds): what ``seat``'s view shows in
        ``View.sides``.  ``dealt`` is the hand ``seat`` was dealt (0 for the public view,
        ``seat`` -1), ``tricks`` the deal's completed tricks, ``trick`` the cards on the
        table (seat, card), ``calls`` the actions taken during the play besides the cards
        (announcements), each with its seat, in order.  Empty (the default): nothing to
        tell beyond the contract."""
        return {}

    def trump_hidden(self) -> Contract:
        """The contract as the seats that may not see a concealed trump know it (every view
        but its chooser's, until it is revealed): the same with no trump.  A family whose
        contract writes the trump elsewhere too (in its words, in a call) overrides this."""
        return dataclasses.replace(self, trump=None)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (records and views hold it)."""
        out: dict[str, Any] = {
            "trump": None if self.trump is None else self.trump.name,
            "leader": self.leader,
        }
        if self.ranking:
            out["ranking"] = self.ranking
        if self.sitting_out:
            out["sitting_out"] = sorted(self.sitting_out)
        if self.concealed is not None:
            out["concealed"] = self.concealed.to_dict()
        return out


@dataclass(frozen=True, slots=True)
class CallsContract(Contract):
    """Each seat's call of a number of tricks (the calls auction)."""

    calls: tuple[int, ...] = ()

    made_label: ClassVar[str] = "calls made"

    def needs_tricks(self, seat: int, won: Sequence[int]) -> bool:
        """A seat wants tricks until it has taken its call."""
        return won[seat] < self.calls[seat]

    def made(self, tricks: Sequence[int]) -> dict[str, bool]:
        """Each seat's call, made when it took at least that many tricks."""
        return {
            f"seat {seat}": took >= call
            for seat, (call, took) in enumerate(zip(self.calls, tricks, strict=True))
        }

    def words(self) -> str:
        """``"Calls: N 3, E 4, S 2, W 3; trumps spades"``."""
        if not self.calls:
            return Contract.words(self)
        calls = ", ".join(f"{seat_name(s)} {c}" for s, c in enumerate(self.calls))
        return f"Calls: {calls}; {trump_words(self.trump)}"

    def undertaken(self, seat: int) -> int | None:
        """The seat's call."""
        return self.calls[seat] if self.calls else None

    def to_dict(self) -> dict[str, Any]:
        out = Contract.to_dict(self)
        if self.calls:
            out["calls"] = list(self.calls)
        return out


#: The totals of a deal handed to an auction on its own (every side at 0).
_NO_TOTALS: Final[Mapping[Side, Decimal]] = MappingProxyType({})


class DealInfo(NamedTuple):
    """A fresh deal handed to the auction: dealer, hands (masks by seat), seat order,
    the stock (the cards not dealt, top first, card indices), and the game's totals
    by side before this deal (public: an auction may let a side that trails call
    what a leading side may not; empty: every side at 0), the game's seed and the
    deal's number.

    An auction that draws by chance (Hearts as OpenSpiel plays it draws the
    direction of the passing) draws from :meth:`chance`, never from a global
    random source, so that a game replays from its seed.

    Immutable, and made once a deal (a named tuple: the batch path makes thousands).
    """

    dealer: int
    hands: tuple[int, ...]
    direction: Direction
    stock: tuple[int, ...] = ()
    totals: Mapping[Side, Decimal] = _NO_TOTALS
    seed: int = 0
    number: int = 1
    #: The cards played with (the stock's indices are this deck's).
    deck: Deck = FRENCH_52
    #: Under ``[deal] stages``: the cards of every stage, a mask per seat, stage by stage
    #: (``hands`` is the first, the cards dealt when the auction starts; the stock holds
    #: none of the others).  An auction reads a
    #: later stage's cards only once it is dealt (:meth:`AuctionState.stages_dealt`); empty without
    #: stages.
    stages: tuple[tuple[int, ...], ...] = ()

    def chance(self, label: str) -> random.Random:
        """A random source for this deal, reproducible from the game's seed and the deal's
        number; ``label`` names the draw (a family's own word), so that no two draws repeat."""
        return random.Random(self.chance_key(label))

    def chance_key(self, label: str) -> str:
        """What :meth:`chance` seeds its source with: for a single draw made faster,
        ``cardrules.engine.dealing.seeded_randrange(deal.chance_key(label), n)`` is
        ``deal.chance(label).randrange(n)`` (in the native core where it is built)."""
        return f"{self.seed}/{self.number}/{label}"

    @property
    def turned_up(self) -> Card | None:
        """The stock's top card, turned up for trumps where the profile says so."""
        return self.deck.cards[self.stock[0]] if self.stock else None


@dataclass(frozen=True, slots=True)
class Whereabouts:
    """What an auction a seat's view shows tells of where cards lie now, for the worlds
    a bot imagines (:meth:`Auction.whereabouts`; masks of card indices).

    ``held``: the cards each seat is known to hold (a talon's part taken up, in every
    seat's sight); ``lacking``: the cards each seat is known not to hold; ``away``: the
    cards known to lie in no hand (a stock turned up, cards laid away); ``tests``: tests
    by seat of the cards it holds now with those it played in the deal (as
    :meth:`Auction.hand_tests`' are), for what a mask cannot say (how many cards of a
    kind a hand held).  Nothing by default.
    """

    held: Mapping[int, int] = field(default_factory=dict)
    lacking: Mapping[int, int] = field(default_factory=dict)
    away: int = 0
    tests: Mapping[int, Callable[[int], bool]] = field(default_factory=dict)


class FreeCalls(NamedTuple):
    """The next calls of an auction that the game may take without asking its state
    (:meth:`AuctionState.free_calls`): each seat of ``callers`` in turn calls once, any
    of ``actions``, and no call among them changes what the others may call; then
    ``then`` is to act.

    The native core takes such calls itself (checked against ``actions``, recorded,
    the turn passed on) and hands them to the state, through its own
    :meth:`~AuctionState.apply`, before anything reads it; a call not among
    ``actions``, or by another seat, goes to the state at once, as every call did
    before.  What the state says of those calls, it must then say of them: a state
    that refuses one of them, or whose :meth:`~AuctionState.to_act` is not ``then``
    after them, is the plugin's bug (:class:`~cardrules.PluginError`).
    """

    #: The seats that call next, in order, each once.
    callers: tuple[int, ...]
    #: The seat to act once they have called (its call goes to the state).
    then: int
    #: The calls each of them may make, in the order of ``legal_actions()``.
    actions: tuple[Action, ...]


class AuctionState(abc.ABC):
    """One deal's auction in progress; the game holds it and calls it directly.

    A family's state subclasses it and defines the five abstract methods; every other
    member has a default that means "this auction does not do that" (no seat exposed,
    no cards moved, nothing told one seat alone...), which a family overrides where its
    rules say otherwise.  The game reads every member directly.
    """

    __slots__ = ()

    @abc.abstractmethod
    def to_act(self) -> int | None:
        """The seat to act, or None when the auction is over."""

    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take."""

    @abc.abstractmethod
    def apply(self, seat: int, action: Action) -> None:
        """Take ``action``, or raise :class:`IllegalAction` leaving the state unchanged."""

    @abc.abstractmethod
    def result(self) -> Contract | None:
        """The contract once the auction is over; None means: redeal by the same dealer
        (why: :attr:`redeal_reason`)."""

    @abc.abstractmethod
    def public(self) -> dict[str, Any]:
        """What every seat may know of the auction (JSON-ready)."""

    def exposed(self) -> frozenset[int]:
        """Seats whose hands every seat may see now (dummy, once exposed); none by default."""
        return frozenset()

    def free_calls(self) -> FreeCalls | None:
        """The next calls the game may take without asking this state, as data
        (:class:`FreeCalls`): the native core then runs them.  Asked when the auction
        starts and after each call the state takes itself.  None (the default): every
        call goes to the state."""
        return None

    @property
    def turn_rule(self) -> str:
        """The rule id a refusal cites when another seat tries to act during the auction
        (the calls auction's own rule); "": no rule of the profile."""
        return ""

    def controller(self, seat: int) -> int:
        """The seat that decides for ``seat`` where the auction knows it before the
        contract (Minibridge: declarer for dummy); the seat itself by default."""
        return seat

    @property
    def redeal_reason(self) -> str:
        """Why the same dealer deals again when :meth:`result` is None (shown in
        ``game.throw_ins``); "": the game says "the auction calls for a redeal"."""
        return ""

    def hands_after(self) -> tuple[int, ...] | None:
        """The hands (masks by seat) play starts from, for an auction that moves cards
        between hands (the Hearts passing, a stock picked up); None (the default): the
        cards did not move.

        Read once the auction is over.  The game checks that the hands hold the same
        cards as before, as many each; a plugin that breaks this is refused with a
        :class:`~cardrules.PluginError`.
        """
        return None

    def hands_moved(self) -> bool:
        """Whether the cards this auction moves (:meth:`hands_after`) have moved for good
        before its end (a declarer that took the stock up and laid cards away, then
        announces): asked after each call; once True, the game takes :meth:`hands_after`
        at once and the rest of the auction is played with those hands (every view shows
        them).  False (the default): the hands move when the auction ends."""
        return False

    def private(self, seat: int) -> dict[str, Any]:
        """What only ``seat`` may know of the auction (JSON-ready: the cards it chose to
        pass, the cards passed to it): merged into that seat's view of the auction, never
        into another's; nothing by default."""
        return {}

    def stages_dealt(self) -> int:
        """Under a profile that deals in stages (``[deal] stages``: Twenty-Nine's four
        cards, an auction, four more), how many stages the auction wants dealt by now.  The
        game reads it after each action of the auction and deals the stages up to it (the
        cards of each in :attr:`DealInfo.stages`), so a second round of calls may follow a
        second stage; every stage left is dealt when the auction ends, before the first
        lead.  1 by default: the first stage during the whole auction."""
        return 1

    def unseen(self) -> frozenset[int]:
        """The seats that have not looked at their own cards yet (a call made before
        looking is still open to them: blind nil in Spades).  Such a seat's view holds no
        card of its hand until it has looked (what :meth:`private` tells it must say
        nothing of that hand either); the Monte Carlo bot's worlds draw that hand like any
        other it cannot see.  None by default."""
        return frozenset()

    def known_to(self, seat: int) -> dict[int, int]:
        """The cards (a mask by seat) that ``seat`` knows each other seat held when the
        play began (the cards it passed in Hearts).  A seat's view lists those still held
        (:attr:`View.known <cardrules.View.known>`), and the Monte Carlo bot's worlds put
        them where they are.  None by default."""
        return {}

    def deal_heading(self) -> str:
        """The deal as its family heads it, for the terminal and other readers
        (bridge: ``"Board 7"``); "" (the default): ``"Deal 1 of 5"``."""
        return ""

    def public_words(self) -> dict[str, str]:
        """Facts of :meth:`public` in the family's words, by key, in place of their values
        (``{"vulnerable": "none"}``); an empty text leaves the fact unsaid (the heading
        says it).  :meth:`public` keeps its JSON as it is.  None by default."""
        return {}


class Auction(abc.ABC):
    """Starts the auction of each deal (the factory a profile's auction is compiled into).

    A family's auction subclasses it and defines :meth:`start`; the other members have
    defaults that mean "this auction does not do that".
    """

    #: When the auction's states call for a redeal (``result()`` None: the same dealer
    #: deals again, recorded in ``game.throw_ins`` with the profile's auction rule), in
    #: words; ``cardrules show``, ``cardrules diff`` and the rule pages list it with the
    #: throw-ins.  "": never.
    redeals: str = ""

    @abc.abstractmethod
    def start(self, deal: DealInfo) -> AuctionState:
        """The auction state for a fresh deal."""

    def every_action(self) -> tuple[Action, ...]:
        """Every action the auction may ever offer, each once, in a fixed order (the action
        spaces of the research adapters, :mod:`cardrules.envs`); () (the default): the
        auction lists none, and the adapters refuse it."""
        return ()

    def every_play_call(self) -> tuple[Action, ...]:
        """Every action besides the cards that this auction's contracts may offer during the
        play (:attr:`Contract.has_play_calls`: Doppelkopf's announcements), each once, in a
        fixed order: the research adapters' action space holds them, and engines that take
        no such action (the NumPy batch engine) say so before the first deal.  () (the
        default): none."""
        return ()

    def conceals_trump(self) -> bool:
        """True when this auction's contracts may conceal their trump
        (:attr:`Contract.concealed`): engines that cannot play a concealed trump (the NumPy
        batch engine) say so before the first deal, and the research adapters' action
        space holds ``"reveal trump"``.  False by default."""
        return False

    def hand_tests(self, public: Mapping[str, Any]) -> dict[int, Callable[[int], bool]]:
        """What a public auction tells of the hands (the points each player announces in
        Minibridge), as a test by seat, from the auction's :meth:`AuctionState.public`:
        each gets the seat's hand (a mask) as it was when the play began.  A sampler of
        the hidden hands (:func:`cardrules.engine.worlds.sample_hands`) keeps only hands
        that pass; none by default."""
        return {}

    def whereabouts(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        actions: Sequence[tuple[int, str | None]],
        deck: Deck,
        play: bool,
    ) -> Whereabouts:
        """What the auction a view shows tells of where cards lie now (a
        :class:`Whereabouts`), read from the view alone: ``auction`` is its public facts
        and those told ``seat`` alone (:attr:`View.auction <cardrules.View.auction>`),
        ``actions`` its actions with their seats, each as its text (None: not shown to
        ``seat``), ``deck`` the cards played with, and ``play`` whether the play has begun
        (the cards the auction moves, :meth:`AuctionState.hands_after`, have moved; during
        the auction every hand is as dealt, a stock taken up still the stock, unless the
        auction moved them before its end, :meth:`AuctionState.hands_moved`: its family
        reads that from the facts it shows and takes such a view as it takes one of the
        play).

        The worlds a bot draws (:mod:`cardrules.engine.worlds`) give no card ``away`` to a
        hand, give every card ``held`` to its holder (with the cards
        :meth:`AuctionState.known_to` tells the view, :attr:`View.known
        <cardrules.View.known>`), none ``lacking`` to its seat, and keep only hands that
        pass the ``tests``.  Nothing known by default."""
        return Whereabouts()

    def as_dealt(
        self,
        auction: Mapping[str, Any],
        *,
        seat: int,
        hands: Sequence[int],
        stock: Sequence[int],
        deck: Deck,
        play: bool,
        rng: random.Random,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The deal of a world made from a view, as it was dealt: the hands (masks by seat)
        and the stock (card indices, top first), from ``hands``, each seat's cards now with
        those it played, and ``stock``, the world's cards in no hand (not played) in the
        order the kernel gives them (the card turned up on top, the cards the view shows
        of the stock at their places); ``auction``, ``seat``, ``deck`` and ``play`` as in
        :meth:`whereabouts`.  A game made from the view
        (:meth:`Game.from_view <cardrules.Game.from_view>`) deals these hands and this
        stock again and replays the auction, which must then show the view's auction
        again, or starts its play with them as the hands dealt (the cards dealt to a seat
        and now in no hand are the cards it laid away).  An auction that turns the stock
        up orders it as the view shows it; once the play has begun, one that moved cards
        moves them back (the stock taken up, the cards laid away), drawing from ``rng``
        what the view does not tell.  Raises :class:`~cardrules.CardError` when the world
        cannot have been dealt so.  By default the cards did not move: ``hands`` and
        ``stock`` as they are."""
        return tuple(hands), tuple(stock)

    @property
    def first_dealer(self) -> int | None:
        """The seat that deals a game's first deal where the auction's rules fix it
        (bridge: the first board's number, Law 2); None (the default): they do not.

        Every game then starts there: ``new_game()`` deals from that seat, and
        ``new_game(dealer=...)`` with another seat is refused, quoting
        :attr:`first_dealer_reason` (a record or a view is rebuilt with the dealer it
        carries)."""
        return None

    @property
    def first_dealer_reason(self) -> str:
        """Why :attr:`first_dealer` deals first, in words with the rule id (``"board 1 is
        dealt by seat 0 (N) (BR-1.2)"``)."""
        return ""

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show``, ``cardrules diff`` and the rule pages
        print it; "": the docstring of the class says it."""
        return ""


class CallAuction(Auction):
    """Each player in turn from the first caller calls a number of tricks once.

    Used by the Call Break family: calls within ``[low, high]``, public and
    final; no pass.  The first caller leads to the first trick.  ``rule`` is
    cited by refusals in the auction (a bad call, a call out of turn),
    ``play_turn_rule`` by a card played out of turn.
    """

    def __init__(
        self,
        low: int,
        high: int,
        trump: Suit | None,
        rule: str = "",
        first: str = "next",
        play_turn_rule: str = "",
        turn_up: bool = False,
    ) -> None:
        self.low = low
        self.high = high
        self.trump = trump
        self.rule = rule
        self.first = first
        self.play_turn_rule = play_turn_rule
        #: The trump is the suit of the card turned up from the stock (``trump`` unused).
        self.turn_up = turn_up
        self.bids = tuple(Bid(n) for n in range(low, high + 1))

    def __repr__(self) -> str:
        return (
            f"CallAuction({self.low}, {self.high}, {self.trump!r}, {self.rule!r}, "
            f"first={self.first!r}, play_turn_rule={self.play_turn_rule!r})"
        )

    def every_action(self) -> tuple[Action, ...]:
        """The calls ``low`` to ``high``."""
        return self.bids

    def start(self, deal: DealInfo) -> _CallAuctionState:
        first = deal.direction.next(deal.dealer) if self.first == "next" else deal.dealer
        trump = self.trump
        if self.turn_up:
            card = deal.turned_up
            trump = None if card is None else card.suit
        return _CallAuctionState(self, deal.direction.order(first), trump)


class _CallAuctionState(AuctionState):
    __slots__ = ("calls", "made", "order", "owner", "trump")

    def __init__(self, owner: CallAuction, order: tuple[int, ...], trump: Suit | None) -> None:
        self.owner = owner
        self.order = order
        self.trump = trump
        self.calls: list[int | None] = [None] * len(order)
        self.made = 0  # calls made so far

    def __repr__(self) -> str:
        return f"<calls auction, order {list(self.order)}, calls {self.calls}>"

    @property
    def turn_rule(self) -> str:
        """The rule a call out of turn breaks (the auction's rule)."""
        return self.owner.rule

    def to_act(self) -> int | None:
        n = self.made
        return self.order[n] if n < len(self.order) else None

    def legal_actions(self) -> list[Action]:
        return list(self.owner.bids) if self.made < len(self.order) else []

    def free_calls(self) -> FreeCalls | None:
        """Every call but the last: any call of the range, whatever the others called."""
        order = self.order
        if self.made >= len(order) - 1:
            return None
        return FreeCalls(order[self.made : -1], order[-1], self.owner.bids)

    def apply(self, seat: int, action: Action) -> None:
        o = self.owner
        if not isinstance(action, Bid):
            raise IllegalAction(
                o.rule,
                f"the auction is on: make a call of {o.low} to {o.high} "
                f"tricks (e.g. 'bid {o.low}')",
                action=str(action),
                seat=seat,
            )
        if not o.low <= action.tricks <= o.high:
            raise IllegalAction(
                o.rule,
                f"a call must be {o.low} to {o.high} tricks (got {action.tricks})",
                action=str(action),
                seat=seat,
            )
        self.calls[seat] = action.tricks
        self.made += 1

    def result(self) -> Contract | None:
        first = self.order[0]
        return CallsContract(
            self.trump,
            first,
            calls=tuple([c or 0 for c in self.calls]),
            turn_rule=self.owner.play_turn_rule,
        )

    def public(self) -> dict[str, Any]:
        return {"calls": list(self.calls), "order": list(self.order)}


class NoAuction(Auction):
    """No auction: play begins as soon as the cards are dealt (Hearts has none).

    The seat after the dealer leads; the trump is the profile's (or the
    turned-up card's, with ``turn_up``).  Every deal's contract is the plain
    :class:`Contract`: nothing is undertaken, so a scorer of such a family
    scores the tricks (or the cards in them) alone.
    """

    def __init__(self, trump: Suit | None, turn_up: bool = False, play_turn_rule: str = "") -> None:
        self.trump = trump
        self.turn_up = turn_up
        self.play_turn_rule = play_turn_rule

    def __repr__(self) -> str:
        return f"NoAuction({self.trump!r}, turn_up={self.turn_up})"

    def every_action(self) -> tuple[Action, ...]:
        """None: the play begins at once."""
        return ()

    def start(self, deal: DealInfo) -> _NoAuctionState:
        trump = self.trump
        if self.turn_up:
            card = deal.turned_up
            trump = None if card is None else card.suit
        leader = deal.direction.next(deal.dealer)
        return _NoAuctionState(Contract(trump, leader, turn_rule=self.play_turn_rule))


class _NoAuctionState(AuctionState):
    __slots__ = ("contract",)

    def __init__(self, contract: Contract) -> None:
        self.contract = contract

    def __repr__(self) -> str:
        return "<no auction>"

    def to_act(self) -> int | None:
        return None

    def legal_actions(self) -> list[Action]:
        return []

    def apply(self, seat: int, action: Action) -> None:
        raise IllegalAction("", "there is no auction: play a card", action=str(action), seat=seat)

    def result(self) -> Contract:
        return self.contract

    def public(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True)
class ThrowIn:
    """A reason to throw the cards in and redeal before any call.

    ``test(hand)`` is true when a hand (a mask) forces the redeal.
    """

    name: str
    rule: str
    description: str
    test: Any  # Callable[[int], bool]; Any keeps the frozen dataclass simple

    def __repr__(self) -> str:
        test = getattr(self.test, "__qualname__", type(self.test).__name__)
        return f"ThrowIn({self.name!r}, {self.rule!r}, {self.description!r}, {test})"

    def applies(self, hands: Sequence[int]) -> int | None:
        """The first seat whose hand forces a throw-in, or None."""
        for seat, hand in enumerate(hands):
            if self.test(hand):
                return seat
        return None


@dataclass(frozen=True, slots=True)
class DealResult:
    """One finished deal: who dealt, the contract, and the tricks taken by each seat."""

    dealer: int
    contract: Contract
    tricks: tuple[int, ...]
    scores: Mapping[Side, Decimal] = field(default_factory=dict)


#: The decimal context every score is computed in, whatever context the
#: caller has set (``decimal.localcontext(prec=2)`` would otherwise round a
#: total of 10.7 to 11, and a trapped ``Rounded`` would raise mid-game): wide
#: enough that no score of any game rounds, and no trap but real errors.
SCORE_CONTEXT: Final = decimal.Context(
    prec=60,
    rounding=decimal.ROUND_HALF_EVEN,
    Emin=-999_999,
    Emax=999_999,
    traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow],
)


class ScoreHelpers:
    """A family's stateless scoring helpers, bound to one ruleset: ``rules.scoring``.

    The base offers none.  A family subclasses it with real methods (Call
    Break's ``score_calls(calls, tricks)``, bridge's ``score_contract(contract,
    declarer, tricks, vulnerable=...)``) and names the subclass in its scorer's
    :attr:`~Scorer.score_helpers`; ``dir()``, IDEs and type checkers
    see them (``rules.scoring_as(CallScoring)`` is typed as the subclass).  The
    ruleset offers each as its own too (``rules.score_calls(...)``).

    Every public method a subclass defines runs in :data:`SCORE_CONTEXT`
    (wrapped when the class is made): its scores are exact decimals whatever
    decimal context the caller has set.  A helper refuses what is not a
    possible deal with a :class:`~cardrules.CardrulesError`.
    """

    #: The names of the helpers, in the order the class defines them (its bases' first).
    names: ClassVar[tuple[str, ...]] = ()

    def __init__(self, rules: Ruleset) -> None:
        #: The rules the helpers score under (their bounds, seats, hand sizes, scorer).
        self.rules = rules

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = []
        for name, value in list(vars(cls).items()):
            if not name.startswith("_") and inspect.isfunction(value):
                setattr(cls, name, _in_score_context(value))
                own.append(name)
        cls.names = tuple(dict.fromkeys([*cls.names, *own]))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.rules.name!r}>"


def _in_score_context(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` computed in :data:`SCORE_CONTEXT` (same name, signature and docstring)."""

    @functools.wraps(method)
    def exact(*args: Any, **kwargs: Any) -> Any:
        with decimal.localcontext(SCORE_CONTEXT):
            return method(*args, **kwargs)

    return exact


class _TakenInTricks(Sequence[int]):
    """The cards each seat took in a deal's tricks (a mask by seat), worked out from the
    tricks when first read: the game hands it to every scorer, and only a scorer that
    counts cards reads it."""

    __slots__ = ("_masks", "_players", "_tricks")

    def __init__(self, tricks: Sequence[Trick], players: int) -> None:
        self._tricks = tricks
        self._players = players
        self._masks: tuple[int, ...] | None = None

    def _taken(self) -> tuple[int, ...]:
        masks = self._masks
        if masks is None:
            taken = [0] * self._players
            for trick in self._tricks:
                for _, card in trick.cards:
                    taken[trick.winner] |= 1 << card.index
            masks = self._masks = tuple(taken)
        return masks

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...
    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        return self._taken()[index]

    def __len__(self) -> int:
        return self._players

    def __iter__(self) -> Iterator[int]:
        return iter(self._taken())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return self._taken() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._taken())

    def __repr__(self) -> str:
        return repr(self._taken())


class FinishedDeal(NamedTuple):
    """What a scorer may read of a deal once its play is over (a named tuple: made once a
    deal, cheaply): the game hands one to
    :meth:`Scorer.score_finished` at the end of every deal.

    ``contract`` and ``tricks`` (tricks taken by seat) are what :meth:`Scorer.score`
    reads; ``taken`` the cards each seat took in its tricks (a mask by seat: Hearts'
    points); ``before`` the results of the game's earlier deals, first deal first
    (overtricks carried from deal to deal); ``deck`` the cards played with (for card
    points: a mask's bit ``i`` is ``deck.cards[i]``); ``dealt`` the hand each seat was
    dealt (masks by seat: sides told by the cards held, as Doppelkopf's queens of clubs);
    ``played`` the deal's tricks in order (a scorer of single tricks: the last trick's
    winner, a trick's points); ``calls`` the actions taken in the play besides the cards
    (:attr:`Contract.has_play_calls`: announcements), each with its seat, in order.  Empty
    where the caller has none (a deal described by hand).
    """

    contract: Contract
    tricks: tuple[int, ...]
    taken: Sequence[int] = ()
    before: Sequence[DealResult] = ()
    deck: Deck = FRENCH_52
    dealt: Sequence[int] = ()
    played: Sequence[Trick] = ()
    calls: Sequence[tuple[int, Action]] = ()


class Scorer(abc.ABC):
    """Turns a finished deal into exact scores per side.

    A family's scorer subclasses it and defines :meth:`score`; the game calls
    :meth:`score_finished` at the end of every deal, which scores with :meth:`score`
    unless the scorer reads more of the deal (the cards taken, the earlier deals) and
    overrides it.  The other members have defaults that mean "this scorer does not do
    that".
    """

    #: The family's :class:`ScoreHelpers` subclass, which ``rules.scoring`` makes (the
    #: base, the default, offers none).
    score_helpers: type[ScoreHelpers] = ScoreHelpers
    #: Whether :meth:`score_finished` reads :attr:`FinishedDeal.taken`, the cards each seat
    #: took (Hearts' points): the batch engine, which does not keep them, refuses such a
    #: scorer; the bots and the rule pages know each card may score.
    reads_taken: bool = False
    #: The unit of the comparison of the same deal played at two tables (``"IMPs"``) and
    #: the rule it follows (``"BR-5.8"``): see :meth:`compare_deal`.  "": the family
    #: compares no tables.
    comparison_unit: str = ""
    comparison_rule: str = ""

    @abc.abstractmethod
    def score(self, contract: Contract, tricks: Sequence[int]) -> dict[Side, Decimal]:
        """Scores of one deal by side (seat or pair), exact decimals, from its contract and
        the tricks each seat took (what ``rules.score`` calls: a deal scored as the first
        of a game)."""

    def score_finished(self, deal: FinishedDeal) -> dict[Side, Decimal]:
        """The scores of a deal of a game once its play is over: what the game, the batch
        engine and the tools call, in :data:`SCORE_CONTEXT`.  By default
        :meth:`score` of its contract and tricks; a scorer that counts the cards taken
        (:attr:`reads_taken`) or carries something from deal to deal overrides it."""
        return self.score(deal.contract, deal.tricks)

    def score_deal(self, rules: Ruleset, **given: object) -> dict[Side, Decimal]:
        """Scores of the deal that ``given`` describes by hand, for apps that keep their own
        state (``rules.score_deal(**given)``; its keywords are the scorer's to choose).

        Refuses what is not a possible deal with a :class:`~cardrules.CardrulesError`; by
        default refuses every deal (the scorer scores none described by hand).
        """
        raise CardrulesError(
            f"profile {rules.name!r} does not score a deal described by hand (use score())"
        )

    def compare_deal(self, here: DealResult, there: DealResult) -> dict[Side, Decimal]:
        """What each side earns at ``here`` against ``there``, the same deal at another
        table (signed: one side's gain is the other's loss; duplicate bridge's IMPs), where
        :attr:`comparison_unit` is set.  A game at one table never uses it; a table of
        people in the terminal is compared with the same deals played by bots.  By
        default refused with a :class:`~cardrules.CardrulesError`."""
        raise CardrulesError(f"scorer {type(self).__name__} compares no tables")

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show``, ``cardrules diff`` and the rule pages
        print it; "": the docstring of the class says it."""
        return ""


@dataclass(frozen=True, slots=True)
class GameOver:
    """Why the game ended.  An end condition sets ``winners`` to override the top of the
    standings (Call Break's house rule, Spades' mercy rule); left empty, the standings'
    first sides win.  ``game.over`` always names the winners: the end condition's, else
    the sides first in ``game.standings()``, so the two agree."""

    reason: str
    rule: str = ""
    winners: tuple[Side, ...] = ()


class EndCondition(abc.ABC):
    """Decides after each scored deal whether the game is over."""

    #: Whether the lowest total wins (Hearts' penalty points): the standings rank sides
    #: from the lowest total up.  False (the default): the highest.
    lowest_wins: bool = False

    @abc.abstractmethod
    def check(self, deals: Sequence[DealResult], totals: Mapping[Side, Decimal]) -> GameOver | None:
        """A :class:`GameOver` when the game has ended, else None."""

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show``, ``cardrules diff`` and the rule pages
        print it; "": the docstring of the class says it."""
        return ""


class DealsEnd(EndCondition):
    """The game ends after a fixed number of deals, or when a total reaches a target."""

    def __init__(
        self, deals: int, rule: str = "", target: Decimal | None = None, target_rule: str = ""
    ) -> None:
        self.deals = deals
        self.rule = rule
        self.target = target
        self.target_rule = target_rule

    def __repr__(self) -> str:
        target = "" if self.target is None else f", target={self.target!r}"
        target_rule = "" if not self.target_rule else f", target_rule={self.target_rule!r}"
        return f"DealsEnd({self.deals}, {self.rule!r}{target}{target_rule})"

    @property
    def summary(self) -> str:
        """The rule in words, as ``cardrules show`` prints it (no target unless one is set)."""
        if self.target is not None:
            when = f"after the deal in which a total reaches {self.target}"
        else:
            when = f"after {self.deals} deal{'s' if self.deals != 1 else ''}"
        return f"the game ends {when}; the highest total wins, equal totals share a place"

    def check(self, deals: Sequence[DealResult], totals: Mapping[Side, Decimal]) -> GameOver | None:
        if self.target is not None:
            if any(v >= self.target for v in totals.values()):
                return GameOver(f"a total reached the target of {self.target}", self.target_rule)
            return None
        if len(deals) >= self.deals:
            # (records keep this text: "1 deals played" stays, so that they replay)
            return GameOver(f"{self.deals} deals played", self.rule)
        return None
