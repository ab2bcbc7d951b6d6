"""Minibridge (EBU stage) for cardrules: points, dummy, ten contracts, pair scoring, PBN.

Registered in the ``cardrules`` entry-point group as ``minibridge``; the
``minibridge-ebu`` profile names it in ``[profile] plugins``.
"""

from cardrules_minibridge.auction import PointsAuction, PointsAuctionState, choose_declarer
from cardrules_minibridge.contracts import (
    CONTRACTS,
    MinibridgeScorer,
    parse_contract,
    score_deal,
    target_of,
)

__all__ = [
    "CONTRACTS",
    "MinibridgeScorer",
    "PointsAuction",
    "PointsAuctionState",
    "choose_declarer",
    "parse_contract",
    "score_deal",
    "target_of",
]
