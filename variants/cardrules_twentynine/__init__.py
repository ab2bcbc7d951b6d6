"""The Twenty-Nine family for cardrules: 32 cards ranked J 9 A 10 K Q 8 7, card points, an
auction on four cards, the bidder's trump laid face down until someone asks for it, and
the pair (the king and queen of trumps) shown once it is revealed.

Registered in the ``cardrules`` entry-point group as ``twentynine``; the profile
``twenty-nine`` (pagat.com's description) names it in ``[profile] plugins``.
"""

from cardrules_twentynine.actions import (
    CARD_POINTS,
    DECK,
    Conceal,
    PassCall,
    PointBid,
    ShowPair,
    SingleHand,
    TwentyNineCall,
    card_points,
)
from cardrules_twentynine.auction import (
    TwentyNineAuction,
    TwentyNineAuctionState,
    TwentyNineContract,
)
from cardrules_twentynine.ranking import TWENTYNINE, jack_nine
from cardrules_twentynine.scoring import TwentyNineEnd, TwentyNineScorer, side_points

__all__ = [
    "CARD_POINTS",
    "DECK",
    "TWENTYNINE",
    "Conceal",
    "PassCall",
    "PointBid",
    "ShowPair",
    "SingleHand",
    "TwentyNineAuction",
    "TwentyNineAuctionState",
    "TwentyNineCall",
    "TwentyNineContract",
    "TwentyNineEnd",
    "TwentyNineScorer",
    "card_points",
    "jack_nine",
    "side_points",
]
