"""The Minibridge family, declared once: ``FAMILY``, entry point ``minibridge``."""

from __future__ import annotations

from pathlib import Path

from cardrules.errors import ProfileError
from cardrules.rules.family import AuctionKind, Family, ScorerKind
from cardrules.rules.profile import Profile
from cardrules_minibridge.actions import FORMS, VERBS
from cardrules_minibridge.auction import PointsAuction
from cardrules_minibridge.contracts import MinibridgeScorer


def _points_auction(profile: Profile, bounds: tuple[int, int]) -> PointsAuction:
    return PointsAuction()


def _scorer(profile: Profile) -> MinibridgeScorer:
    if profile.scoring_params:
        raise ProfileError(
            profile.path,
            [
                (f"scoring.params.{key}", "unknown setting; the minibridge scorer takes none")
                for key in sorted(profile.scoring_params)
            ],
        )
    return MinibridgeScorer()


FAMILY = Family(
    "minibridge",
    "Minibridge",
    profiles=Path(__file__).resolve().parent / "profiles",
    # The pair over 20 points plays: its stronger hand declares and picks the
    # strain, the partner is dummy (MB-2.2 .. MB-3.1); pairs score (MB-5.5).
    auctions=(
        AuctionKind(
            "points", _points_auction, provides="declarer", chooses_trump=True, sides="partnership"
        ),
    ),
    scorers=(ScorerKind("minibridge", _scorer, needs="declarer", sides="partnership"),),
    verbs=VERBS,
    forms=FORMS,
)
