"""The Tarok family for cardrules: Slovenian Tarok on 54 cards as OpenSpiel plays it.

Registered in the ``cardrules`` entry-point group as ``tarok``; the profiles
``tarok-openspiel`` (three players) and ``tarok-openspiel-4`` name it in
``[profile] plugins``.
"""

from cardrules_tarok.actions import (
    CONTRACTS,
    DECK,
    KINGS,
    CallKing,
    Discard,
    DiscardTarok,
    PassCall,
    TakePart,
    TarokBid,
    TarokCall,
    card_points,
)
from cardrules_tarok.auction import (
    EarlyContract,
    TarokBidding,
    TarokBiddingState,
    TarokContract,
    contract_for,
)
from cardrules_tarok.duties import TarokFollow
from cardrules_tarok.ranking import colour_order, tarok_order
from cardrules_tarok.scoring import TarokOpenSpielScorer

__all__ = [
    "CONTRACTS",
    "DECK",
    "KINGS",
    "CallKing",
    "Discard",
    "DiscardTarok",
    "EarlyContract",
    "PassCall",
    "TakePart",
    "TarokBid",
    "TarokBidding",
    "TarokBiddingState",
    "TarokCall",
    "TarokContract",
    "TarokFollow",
    "TarokOpenSpielScorer",
    "card_points",
    "colour_order",
    "contract_for",
    "tarok_order",
]
