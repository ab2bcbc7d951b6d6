"""The Oh Hell family for cardrules: exact bidding with the dealer's hook.

Registered in the ``cardrules`` entry-point group as ``ohhell``; the profiles
``oh-hell`` (four players, 19 deals of 10 down to 1 and back up), ``oh-hell-3``,
``oh-hell-5`` and ``oh-hell-openspiel-4x5`` (one deal of five cards, scored
as OpenSpiel's ``oh_hell``) name it in ``[profile] plugins``.
"""

from cardrules_ohhell.auction import ExactCallsContract, OhHellBids, OhHellBidsState, forbidden_bid
from cardrules_ohhell.scoring import BidScoring, ExactBidScorer

__all__ = [
    "BidScoring",
    "ExactBidScorer",
    "ExactCallsContract",
    "OhHellBids",
    "OhHellBidsState",
    "forbidden_bid",
]
