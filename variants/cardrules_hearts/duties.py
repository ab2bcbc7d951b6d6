"""The Hearts play duties: the opening lead, the first-trick point ban, breaking hearts.

``hearts_opening_lead`` (HE-3.1): the first trick is led with the two of
clubs (any club with the house rule ``can_lead_any_club``, HE-6.3).
``no_points_first_trick`` (HE-3.4): a player who cannot follow suit to the
first trick may not play a heart or the queen of spades unless the hand holds
nothing else (off with ``no_pts_on_first_trick = false``, HE-6.4).
``hearts_broken_before_led`` (HE-3.5): no heart may be led until a heart, or the
queen of spades, has been played to an earlier trick, unless the leader holds
only hearts (``qs_breaks_hearts``, ``must_break_hearts`` and
``can_lead_hearts_instead_of_qs`` change it: HE-6.5 .. HE-6.7).

>>> from cardrules.cards import mask_of, parse_cards, cards_of
>>> hand = mask_of(parse_cards("QS 3H 2H"))
>>> fresh = TrickState.of([], trump=None)
>>> [str(c) for c in cards_of(HeartsBrokenBeforeLed("HE-3.5").narrow(hand, hand, fresh))]
['QS']
>>> free = HeartsBrokenBeforeLed("HE-6.7", lead_hearts_instead_of_qs=True)
>>> [str(c) for c in cards_of(free.narrow(hand, hand, fresh))]
['2H', '3H', 'QS']
"""

from __future__ import annotations

from cardrules.cards import CARDS, SUIT_MASKS, Card, Suit
from cardrules.rules.duties import Duty, FastStep, TrickState
from cardrules.rules.profile import Profile

__all__ = [
    "HEARTS",
    "POINT_CARDS",
    "QUEEN_OF_SPADES",
    "HeartsBrokenBeforeLed",
    "NoPointsFirstTrick",
    "OpeningLead",
]

#: The hearts (a mask).
HEARTS = SUIT_MASKS[Suit.H]
#: The queen of spades (a mask of one card).
QUEEN_OF_SPADES = 1 << Card.parse("QS").index
#: The cards that carry points in every Hearts deal: the hearts and the queen of spades.
POINT_CARDS = HEARTS | QUEEN_OF_SPADES
_TWO_OF_CLUBS = 1 << Card.parse("2C").index
_CLUBS = SUIT_MASKS[Suit.C]


def _lowest(mask: int) -> Card:
    return CARDS[(mask & -mask).bit_length() - 1]


class OpeningLead(Duty):
    """The first trick is led with the two of clubs (or any club, ``any_club``)."""

    name = "hearts_opening_lead"
    summary = "The first trick is led with the two of clubs."
    __slots__ = ("any_club",)

    def __init__(self, rule: str = "", *, any_club: bool = False) -> None:
        super().__init__(rule)
        self.any_club = any_club

    @classmethod
    def configured(cls, rule: str, profile: Profile) -> OpeningLead:
        """With ``can_lead_any_club`` the lead may be any club (HE-6.3)."""
        return cls(rule, any_club=profile.flag("can_lead_any_club"))

    def __repr__(self) -> str:
        return f"OpeningLead({self.rule!r}, any_club={self.any_club!r})"

    @property
    def fast_steps(self) -> tuple[FastStep, ...]:  # type: ignore[override]
        """Leading the first trick, keep the two of clubs (or the clubs)."""
        lead = _CLUBS if self.any_club else _TWO_OF_CLUBS
        return (FastStep("lead", "first_trick", "cards", keep_cards=lead),)

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led >= 0 or not t.first_trick:
            return legal
        lead = legal & (_CLUBS if self.any_club else _TWO_OF_CLUBS)
        return lead if lead else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        if self.any_club:
            return f"the first trick is led with a club ({_lowest(allowed).symbol()})"
        return "the first trick is led with the 2♣"


class NoPointsFirstTrick(Duty):
    """On the first trick a player who cannot follow suit may not play a heart or the
    queen of spades, unless the hand holds nothing else."""

    name = "no_points_first_trick"
    summary = (
        "A player who cannot follow suit to the first trick may not play a heart or the "
        "queen of spades unless the hand holds nothing else."
    )
    __slots__ = ()

    @classmethod
    def configured(cls, rule: str, profile: Profile) -> NoPointsFirstTrick | None:
        """Off with ``no_pts_on_first_trick = false`` (HE-6.4)."""
        return cls(rule) if profile.flag("no_pts_on_first_trick") else None

    #: Following to the first trick without the led suit, keep the cards without points.
    fast_steps = (FastStep("follow", "void_on_first_trick", "other_cards", keep_cards=POINT_CARDS),)

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led < 0 or not t.first_trick or hand & SUIT_MASKS[t.led]:
            return legal  # leading, a later trick, or following suit
        other = legal & ~POINT_CARDS
        return other if other else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        return (
            f"no points on the first trick: {card.symbol()} carries points and you hold "
            f"another card ({_lowest(allowed).symbol()})"
        )


class HeartsBrokenBeforeLed(Duty):
    """No heart may be led until hearts are broken (a heart, or with ``qs_breaks`` the
    queen of spades, played to an earlier trick), unless the leader holds only hearts.

    ``lead_hearts_instead_of_qs``: a leader left with only the queen of spades to
    lead (the rest hearts) may lead any card.
    """

    name = "hearts_broken_before_led"
    summary = (
        "A heart may not be led until hearts are broken (a heart or the queen of spades "
        "has been played to an earlier trick), unless the leader holds nothing but hearts."
    )
    __slots__ = ("lead_hearts_instead_of_qs", "qs_breaks")

    def __init__(
        self, rule: str = "", *, qs_breaks: bool = True, lead_hearts_instead_of_qs: bool = False
    ) -> None:
        super().__init__(rule)
        self.qs_breaks = qs_breaks
        self.lead_hearts_instead_of_qs = lead_hearts_instead_of_qs

    @classmethod
    def configured(cls, rule: str, profile: Profile) -> HeartsBrokenBeforeLed | None:
        """Off with ``must_break_hearts = false`` (HE-6.6); ``qs_breaks_hearts`` (HE-6.5)
        and ``can_lead_hearts_instead_of_qs`` (HE-6.7) set it."""
        if not profile.flag("must_break_hearts"):
            return None
        return cls(
            rule,
            qs_breaks=profile.flag("qs_breaks_hearts"),
            lead_hearts_instead_of_qs=profile.flag("can_lead_hearts_instead_of_qs"),
        )

    def __repr__(self) -> str:
        return (
            f"HeartsBrokenBeforeLed({self.rule!r}, qs_breaks={self.qs_breaks!r}, "
            f"lead_hearts_instead_of_qs={self.lead_hearts_instead_of_qs!r})"
        )

    @property
    def fast_steps(self) -> tuple[FastStep, ...] | None:  # type: ignore[override]
        """Leading while none of the cards that break hearts is played, keep the cards
        that are not hearts; none with ``lead_hearts_instead_of_qs`` (its exception, the
        queen of spades alone left besides hearts, is no step: ``narrow`` runs)."""
        if self.lead_hearts_instead_of_qs:
            return None
        breakers = POINT_CARDS if self.qs_breaks else HEARTS
        return (
            FastStep("lead", "none_played", "other_cards", guard_cards=breakers, keep_cards=HEARTS),
        )

    def broken(self, played_before: int) -> bool:
        """Whether the cards of the earlier tricks have broken hearts."""
        breakers = POINT_CARDS if self.qs_breaks else HEARTS
        return bool(played_before & breakers)

    def narrow(self, hand: int, legal: int, t: TrickState) -> int:
        if t.led >= 0 or self.broken(t.played_before):
            return legal
        other = legal & ~HEARTS
        if self.lead_hearts_instead_of_qs and other == QUEEN_OF_SPADES:
            return legal
        return other if other else legal

    def reason(self, hand: int, allowed: int, t: TrickState, card: Card) -> str:
        what = "a heart or the Q♠" if self.qs_breaks else "a heart"
        return (
            f"hearts are not broken ({what} has not been played to an earlier trick) and you "
            f"hold another suit ({_lowest(allowed).symbol()}): no heart lead"
        )
