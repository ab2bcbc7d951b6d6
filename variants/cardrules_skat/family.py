"""The Skat family, declared once: ``FAMILY``, entry point ``skat``.

It declares the rankings ``skat_suit``, ``skat_grand`` and ``skat_null`` (each
contract names its own: SK-3.x), the auction ``skat_openspiel_bidding`` (the first
to declare a game plays it, taking the skat up: SKO-2.x), the scorer
``skat_openspiel`` (OpenSpiel's returns times 120: SKO-4.x) with the end of its
games (one deal), and the profile ``skat-openspiel`` with its rule text.
"""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.components import DealsEnd
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_skat.actions import VERBS
from cardrules_skat.auction import SkatOpenSpielBidding
from cardrules_skat.ranking import GRAND, NULL, SUIT_GAME, grand_game, null_game, suit_game
from cardrules_skat.scoring import SkatOpenSpielScorer


def _bidding(profile: Profile, bounds: tuple[int, int]) -> SkatOpenSpielBidding:
    """OpenSpiel's bidding; call bounds are refused (there are none)."""
    profile.refuse_call_bounds("the 'skat_openspiel_bidding' auction takes no call bounds")
    return SkatOpenSpielBidding(play_turn_rule=profile.play_turn_rule)


def _scorer(profile: Profile) -> SkatOpenSpielScorer:
    profile.int_params({})
    return SkatOpenSpielScorer()


def _end(profile: Profile, deals: int) -> DealsEnd:
    """A game of ``skat-openspiel`` is its deals (one: SKO-1.1)."""
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
            _bidding,
            provides="skat",
            chooses_trump=True,
            sides="individual",
            phase_name="bidding",
        ),
    ),
    scorers=(ScorerKind("skat_openspiel", _scorer, needs="skat", sides="individual", end=_end),),
    verbs=VERBS,
)
