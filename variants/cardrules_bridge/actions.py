"""The calls of the bridge auction (BR-2.2) and the rule bot's bidding system (D-7).

Four kinds of call: a bid of a level 1..7 and a strain (``1C`` .. ``7NT``), a
pass, a double and a redouble.  Importing this module registers their texts
with the kernel's action reader: ``1H``, ``1N``, ``1♥`` and ``bid 1H`` read as
a bid, ``pass`` and ``p`` as a pass, ``double``, ``x`` and ``dbl`` as a double,
``redouble``, ``xx`` and ``rdbl`` as a redouble.  Minibridge reads ``3NT`` as a
contract choice too: a game reads a text as its own legal actions say.

>>> from cardrules.rules.reading import read_form
>>> read_form("3nt", {BridgeBid}), read_form("1♥", {BridgeBid})
(BridgeBid(3, 'NT'), BridgeBid(1, 'H'))
>>> [str(call) for call in (BridgeBid(4, "S"), PASS, DOUBLE, REDOUBLE)]
['4S', 'pass', 'double', 'redouble']
>>> BridgeBid(1, "NT") > BridgeBid(1, "S"), BridgeBid(2, "C").rank
(True, 5)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from cardrules.cards import SUIT_MASKS, Suit, high_card_points, mask_of
from cardrules.errors import ActionError, shown
from cardrules.rules.actions import (
    Action,
    ActionForm,
    ActionVerb,
)
from cardrules_bridge.scoring import STRAINS

if TYPE_CHECKING:
    from cardrules.engine.views import View

__all__ = [
    "BIDS",
    "DOUBLE",
    "LEVELS",
    "PASS",
    "REDOUBLE",
    "BridgeBid",
    "BridgePass",
    "Call",
    "Double",
    "Redouble",
    "choose_call",
    "parse_call",
    "strain_symbol",
]

#: The levels of a bid: the odd tricks (tricks over six) it undertakes.
LEVELS: Final = range(1, 8)
#: How a strain is written after a level, any case: letters, ``N`` for no-trump, suit signs.
_STRAIN_WORDS: Final = {
    "C": "C",
    "D": "D",
    "H": "H",
    "S": "S",
    "N": "NT",
    "NT": "NT",
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "♤": "S",
}
#: A level (one digit) and a strain, perhaps with a space: ``3NT``, ``4 S``, ``1♥``.
_LEVEL_STRAIN: Final = re.compile(r"([0-9])\s*([^\s0-9]+)")
_HOW: Final = "a bid is a level 1 to 7 and a strain C, D, H, S or NT: 1C .. 7NT"


def strain_symbol(strain: str) -> str:
    """A strain as players write it in a contract: ``♣ ♦ ♥ ♠`` or ``NT``."""
    return "NT" if strain == "NT" else Suit[strain].symbol


# ---------------------------------------------------------------------------
# The calls


class Call(Action):
    """A call of the bridge auction: a bid, a pass, a double or a redouble (BR-2.2).

    Every call shares the prompt, the help line and the rule bot's bidding system
    (:func:`choose_call`): the bot asks the class of the first legal call, a pass.
    """

    __slots__ = ()

    prompt: ClassVar[str] = "Your call"
    typing_hint: ClassVar[str] = "a call: 1H, 3NT, p, x, xx"

    @classmethod
    def advise(cls, view: View, legal: Sequence[Action]) -> Action | None:
        """The call of the bidding system of D-7 for the seat to call, among ``legal``."""
        seat = view.seat if view.to_act is None else view.to_act
        calls = view.auction.get("calls", [])
        made = [(int(s), parse_call(str(text))) for s, text in calls]
        return choose_call(mask_of(view.hand), seat, made, legal)


@dataclass(frozen=True, slots=True)
class BridgeBid(Call):
    """A bid: ``level`` odd tricks (1..7) in ``strain`` ("C", "D", "H", "S" or "NT").

    Bids rank by level, then by strain, clubs lowest (BR-2.2): ``<`` and ``>``
    compare them so.
    """

    level: int
    strain: str

    def __post_init__(self) -> None:
        level_ok = type(self.level) is int and self.level in LEVELS
        if not level_ok or not isinstance(self.strain, str) or self.strain not in STRAINS:
            raise ActionError(
                f"invalid action: BridgeBid({shown(self.level)}, {shown(self.strain)}) ({_HOW})"
            )

    @property
    def rank(self) -> int:
        """The bid's place in the order of bids: 0 for 1♣ .. 34 for 7NT."""
        return 5 * (self.level - 1) + STRAINS.index(self.strain)

    @property
    def trump(self) -> Suit | None:
        """The trump suit a contract in this strain has; None in no-trump."""
        return None if self.strain == "NT" else Suit[self.strain]

    def symbol(self) -> str:
        """The bid as players write it: ``4♠``, ``3NT``."""
        return f"{self.level}{strain_symbol(self.strain)}"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, BridgeBid):
            return NotImplemented
        return self.rank < other.rank

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, BridgeBid):
            return NotImplemented
        return self.rank > other.rank

    def __str__(self) -> str:
        return f"{self.level}{self.strain}"

    def __repr__(self) -> str:
        return f"BridgeBid({self.level}, {self.strain!r})"


@dataclass(frozen=True, slots=True)
class BridgePass(Call):
    """A pass: the player makes no bid, double or redouble this turn."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "BridgePass()"


@dataclass(frozen=True, slots=True)
class Double(Call):
    """A double of the opponents' last bid (BR-2.4)."""

    def __str__(self) -> str:
        return "double"

    def __repr__(self) -> str:
        return "Double()"


@dataclass(frozen=True, slots=True)
class Redouble(Call):
    """A redouble of the opponents' double of one's own side's bid (BR-2.5)."""

    def __str__(self) -> str:
        return "redouble"

    def __repr__(self) -> str:
        return "Redouble()"


#: Every call, made once: the auction hands these out (legal lists allocate no calls).
PASS: Final = BridgePass()
DOUBLE: Final = Double()
REDOUBLE: Final = Redouble()
#: The 35 bids in rank order, 1♣ first: ``BIDS[bid.rank] == bid``.
BIDS: Final[tuple[BridgeBid, ...]] = tuple(
    BridgeBid(level, strain) for level in LEVELS for strain in STRAINS
)


# ---------------------------------------------------------------------------
# Reading the texts


def _bid_of(text: str, whole: str = "") -> BridgeBid | None:
    """The bid ``text`` writes as a level and a strain; None for a text of another form;
    :class:`ActionError` naming ``whole`` (or ``text``) for a level that is no bid's
    (``8S``, ``0NT``)."""
    match = _LEVEL_STRAIN.fullmatch(text.strip())
    if match is None:
        return None
    strain = _STRAIN_WORDS.get(match[2].upper(), _STRAIN_WORDS.get(match[2]))
    if strain is None:
        return None  # "4X": no strain, so not this form
    level = int(match[1])
    if level not in LEVELS:
        raise ActionError(f"invalid action: {shown(whole or text)} ({_HOW})")
    return BIDS[5 * (level - 1) + STRAINS.index(strain)]


def _read_bid(text: str, words: list[str]) -> Action:
    """``bid 1H``, ``bid 3 NT``."""
    bid = _bid_of(" ".join(words), text) if words else None
    if bid is None:
        raise ActionError(f"invalid action: {shown(text)} ({_HOW}, e.g. 'bid 1H' or '1H')")
    return bid


#: The words of each call without a level (any case).
_CALL_WORDS: Final = {
    "pass": ("pass", "p"),
    "double": ("double", "x", "dbl"),
    "redouble": ("redouble", "xx", "rdbl"),
}
_CALLS: Final[dict[str, Call]] = {"pass": PASS, "double": DOUBLE, "redouble": REDOUBLE}
#: The form the three verbs share, so that the list of every family's forms names them once
#: (it is in every message about a text no family reads).
_CALLS_FORM: Final = "pass/x/xx"


def _reader(name: str) -> ActionVerb:
    call = _CALLS[name]

    def read(text: str, words: list[str]) -> Action:
        if words:
            raise ActionError(f"invalid action: {shown(text)} (expected {name!r} alone)")
        return call

    return ActionVerb(_CALL_WORDS[name], _CALLS_FORM, read, type(call))


def parse_call(text: str) -> Call:
    """A call from its text: ``1H``, ``bid 1H``, ``3nt``, ``pass``, ``p``, ``x``, ``xx``...

    >>> parse_call("1n"), parse_call("XX")
    (BridgeBid(1, 'NT'), Redouble())
    """
    if not isinstance(text, str):
        raise ActionError(f"invalid call: {shown(text)} (expected text such as '1H' or 'pass')")
    words = text.split()
    key = words[0].lower() if words else ""
    for name, call in _CALLS.items():
        if key in _CALL_WORDS[name] and len(words) == 1:
            return call
    bid = _bid_of(" ".join(words[1:])) if key == "bid" else _bid_of(text)
    if bid is None:
        raise ActionError(
            f"invalid call: {shown(text)} (expected a bid 1C .. 7NT, 'pass', 'double' or "
            "'redouble')"
        )
    return bid


# ---------------------------------------------------------------------------
# The rule bot's bidding system (D-7)


@dataclass(frozen=True, slots=True)
class _Hand:
    """What the bidding system reads of a hand: high-card points, suit lengths, shape."""

    points: int
    lengths: tuple[int, ...]  # by suit C D H S
    mask: int

    @classmethod
    def of(cls, mask: int) -> _Hand:
        lengths = tuple((mask & SUIT_MASKS[s]).bit_count() for s in range(4))
        return cls(high_card_points(mask), lengths, mask)

    @property
    def balanced(self) -> bool:
        """No void, no singleton and at most one doubleton (4-3-3-3, 4-4-3-2, 5-3-3-2)."""
        return min(self.lengths) >= 2 and sorted(self.lengths)[:2] != [2, 2]

    def length(self, strain: str) -> int:
        return 0 if strain == "NT" else self.lengths[Suit[strain]]

    def longest(self) -> str:
        """The longest suit, the higher-ranking of suits of equal length."""
        return Suit(max(range(4), key=lambda s: (self.lengths[s], s))).name

    def top_honours(self, strain: str) -> int:
        """How many of the ace, king and queen of ``strain`` the hand holds."""
        suit = Suit[strain]
        return sum(self.mask >> (13 * suit + rank - 2) & 1 for rank in (12, 13, 14))


def _bid(level: int, strain: str) -> BridgeBid | None:
    return BIDS[5 * (level - 1) + STRAINS.index(strain)] if level in LEVELS else None


def _cheapest(strain: str, above: BridgeBid | None) -> BridgeBid | None:
    """The lowest bid in ``strain`` higher than ``above`` (None above 7NT)."""
    if above is None:
        return _bid(1, strain)
    level = above.level if STRAINS.index(strain) > STRAINS.index(above.strain) else above.level + 1
    return _bid(level, strain)


def _opening(h: _Hand) -> Call | None:
    if h.balanced and 15 <= h.points <= 17:
        return _bid(1, "NT")
    if h.balanced and 20 <= h.points <= 21:
        return _bid(2, "NT")
    if h.points >= 12:
        return _bid(1, h.longest())
    return None


def _response(h: _Hand, opening: BridgeBid) -> Call | None:
    p = h.points
    if opening.strain == "NT" and opening.level == 1:
        majors = [m for m in ("S", "H") if h.length(m) >= 6]
        if p >= 18:
            return _bid(6, "NT")
        if majors and p >= 8:
            return _bid(4, majors[0])
        return _bid(3, "NT") if p >= 10 else _bid(2, "NT") if p >= 8 else None
    if opening.strain == "NT" and opening.level == 2:
        return _bid(6, "NT") if p >= 12 else _bid(3, "NT") if p >= 5 else None
    if opening.level != 1 or p < 6:
        return None
    if opening.strain in ("H", "S") and h.length(opening.strain) >= 3:
        level = 4 if p >= 13 else 3 if p >= 10 else 2
        return _bid(level, opening.strain)
    if opening.strain in ("C", "D"):
        majors = [m for m in ("H", "S") if h.length(m) >= 4]
        if majors:
            return _bid(1, max(majors, key=lambda m: (h.length(m), m == "H")))
    return _bid(3, "NT") if p >= 13 else _bid(2, "NT") if p >= 11 else _bid(1, "NT")


def _rebid(h: _Hand, opening: BridgeBid, answer: BridgeBid) -> Call | None:
    p = h.points
    if answer.strain == "NT" and answer.level == 2:
        return _bid(3, "NT") if p >= (16 if opening.strain == "NT" else 14) else None
    if opening.strain == "NT" or answer.level >= 4 or answer == _bid(3, "NT"):
        return None
    if answer.strain == opening.strain and opening.strain in ("H", "S"):
        needed = 17 if answer.level == 2 else 14
        return _bid(4, opening.strain) if p >= needed else None
    if answer.strain in ("H", "S") and answer.level == 1:
        if h.length(answer.strain) >= 4:
            level = 4 if p >= 19 else 3 if p >= 16 else 2
            return _bid(level, answer.strain)
        if h.length(opening.strain) >= 6:
            return _bid(2, opening.strain)
        return _bid(2, "NT") if h.balanced and p >= 18 else _bid(1, "NT")
    if answer == _bid(1, "NT") and h.length(opening.strain) >= 6:
        return _bid(2, opening.strain)
    return None


def _overcall(h: _Hand, last: BridgeBid) -> Call | None:
    if h.balanced and 15 <= h.points <= 18 and last.level == 1:
        return _bid(1, "NT")
    suit = h.longest()
    bid = _cheapest(suit, last)
    if bid is None or h.points < 10 or h.length(suit) < 5:
        return None
    if bid.level == 1 or (bid.level == 2 and h.length(suit) >= 6 and h.points >= 12):
        return bid
    return None


def _advance(h: _Hand, partner: BridgeBid, last: BridgeBid) -> Call | None:
    if partner.strain == "NT":
        return _bid(3, "NT") if h.points >= 9 else None
    if h.length(partner.strain) < 3 or h.points < 8:
        return None
    if h.points >= 12 and partner.strain in ("H", "S"):
        return _bid(4, partner.strain)
    return _cheapest(partner.strain, last)


def _penalty_double(h: _Hand, last: BridgeBid) -> bool:
    if last.level < 4 and last != _bid(3, "NT"):
        return False
    if last.strain == "NT":
        return h.points >= 16
    return h.length(last.strain) >= 4 and h.top_honours(last.strain) >= 2


def choose_call(
    hand: int, seat: int, calls: Sequence[tuple[int, Call]], legal: Sequence[Action]
) -> Action:
    """The call of the bidding system of D-7 for ``seat`` holding ``hand`` (a mask), after
    ``calls`` (seat, call) in order; always one of ``legal`` (a pass when the system's
    call is not legal now).

    >>> from cardrules.cards import mask_of, parse_cards
    >>> hand = mask_of(parse_cards("AS KS 5S 4S AH 3H 2H KD 4D 3D QC 4C 3C"))
    >>> choose_call(hand, 0, [], [PASS, *BIDS])
    BridgeBid(1, 'NT')
    >>> choose_call(hand, 2, [(0, BIDS[2]), (1, PASS)], [PASS, *BIDS[3:]])
    BridgeBid(4, 'H')
    """
    h = _Hand.of(hand)
    partner = (seat + 2) % 4
    bids = [(s, c) for s, c in calls if isinstance(c, BridgeBid)]
    mine = [c for s, c in bids if s == seat]
    partners = [c for s, c in bids if s == partner]
    last = bids[-1] if bids else None
    want: Call | None = None
    if last is None:
        want = _opening(h)
    elif bids[0][0] == seat:
        answers = [c for s, c in bids if s == partner]
        if len(mine) == 1 and len(answers) == 1:
            want = _rebid(h, mine[0], answers[0])
    elif bids[0][0] == partner:
        if not mine:
            want = _response(h, partners[0])
    elif not mine and not partners:
        want = _overcall(h, last[1])
    elif partners and not mine:
        want = _advance(h, partners[-1], last[1])
    if want is not None and want in legal:
        return want
    theirs = last is not None and last[0] % 2 != seat % 2
    if last is not None and theirs and DOUBLE in legal and _penalty_double(h, last[1]):
        return DOUBLE
    return PASS if PASS in legal else legal[0]


#: The verbs of this family's actions (its :class:`~cardrules.rules.family.Family` declares them).
VERBS: tuple[ActionVerb, ...] = (
    ActionVerb(("bid",), "bid 3NT", _read_bid, BridgeBid),
    *(_reader(_name) for _name in _CALLS),
)
#: The forms its actions are written in without a verb.
FORMS: tuple[ActionForm, ...] = (ActionForm("1C..7NT", BridgeBid, _bid_of),)
