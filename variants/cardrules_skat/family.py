"""The Skat family, declared once: ``FAMILY``, entry point ``skat``.

It declares the rankings ``skat_suit``, ``skat_grand`` and ``skat_null`` (each
contract names its own: SK-3.x); the auctions ``skat_openspiel_bidding`` (the first
to declare a game plays it, taking the skat up: SKO-2.x) and ``skat_bidding`` (the
International Skat Order's bidding by game values, the skat taken up or a hand game,
the announcements: SK-2.x, SK-5.x) and ``skat_bidding_ramsch`` (the same, a deal all
passed played as Ramsch: SK-9.x); the scorers ``skat_openspiel`` (OpenSpiel's
returns times 120: SKO-4.x), ``skat`` (the game values won or lost: SK-6.x, SK-7.x) and
``skat_seeger_fabian`` (the same with the ISkO tournament's extra points, SK-7.3), each
with the end of its games (its deals); and the profiles ``skat-openspiel`` and ``skat``
with their rule texts.
"""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.catalog import AuctionFactory, ScorerFactory
from cardrules.rules.components import DealsEnd
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_skat.actions import VERBS
from cardrules_skat.auction import SkatOpenSpielBidding
from cardrules_skat.bidding import SkatBidding
from cardrules_skat.calls import ISKO_VERBS
from cardrules_skat.ranking import GRAND, NULL, SUIT_GAME, grand_game, null_game, suit_game
from cardrules_skat.scoring import SkatOpenSpielScorer, SkatScorer


def _openspiel_bidding(profile: Profile, bounds: tuple[int, int]) -> SkatOpenSpielBidding:
    """OpenSpiel's bidding; call bounds are refused (there are none)."""
    profile.refuse_call_bounds("the 'skat_openspiel_bidding' auction takes no call bounds")
    return SkatOpenSpielBidding(play_turn_rule=profile.play_turn_rule)


def _bidding(ramsch: bool) -> AuctionFactory:
    """The ISkO's bidding by game values; ``ramsch``: a deal all passed is played as Ramsch
    (SK-9.1).  Call bounds are refused (the bids are the game values, SK-2.2)."""
    name = "skat_bidding_ramsch" if ramsch else "skat_bidding"

    def make(profile: Profile, bounds: tuple[int, int]) -> SkatBidding:
        profile.refuse_call_bounds(f"the {name!r} auction bids game values, not call bounds")
        return SkatBidding(play_turn_rule=profile.play_turn_rule, ramsch=ramsch)

    return make


def _openspiel_scorer(profile: Profile) -> SkatOpenSpielScorer:
    """OpenSpiel's returns times 120; the scorer takes no settings."""
    profile.int_params({})
    return SkatOpenSpielScorer()


def _scorer(seeger_fabian: bool) -> ScorerFactory:
    """The ISkO's game values; ``seeger_fabian``: with the tournament's extra points."""

    def make(profile: Profile) -> SkatScorer:
        profile.int_params({})
        return SkatScorer(seeger_fabian=seeger_fabian)

    return make


def _end(profile: Profile, deals: int) -> DealsEnd:
    """A game of Skat is its deals (``skat-openspiel``: one, SKO-1.1; ``skat``: a round of
    three by default, SK-1.1)."""
    return DealsEnd(deals, profile.game_rule)


FAMILY = Family(
    "skat",
    "Skat",
    profiles=Path(__file__).resolve().parent / "profiles",
    # The bidding chooses each deal's game; every seat is a side of its own (the scores
    # are per seat: the declarer against the two others).
    rankings={SUIT_GAME: suit_game, GRAND: grand_game, NULL: null_game},
    auctions=(
        AuctionKind(
            "skat_openspiel_bidding",
            _openspiel_bidding,
            provides="skat",
            chooses_trump=True,
            sides="individual",
            phase_name="bidding",
        ),
        *(
            AuctionKind(
                name,
                _bidding(ramsch),
                provides="skat",
                chooses_trump=True,
                sides="individual",
                phase_name="bidding",
            )
            for name, ramsch in (("skat_bidding", False), ("skat_bidding_ramsch", True))
        ),
    ),
    scorers=(
        ScorerKind("skat_openspiel", _openspiel_scorer, needs="skat", sides="individual", end=_end),
        *(
            ScorerKind(name, _scorer(extra), needs="skat", sides="individual", end=_end)
            for name, extra in (("skat", False), ("skat_seeger_fabian", True))
        ),
    ),
    verbs=(*VERBS, *ISKO_VERBS),
)
